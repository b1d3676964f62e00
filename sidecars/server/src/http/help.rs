//! Help from people over HTTP ([`crate::help`]; issue 41):
//!
//! - `GET /api/help/localities` → `[{id, name, kind: county|city}]`, all 133.
//! - `GET /api/help?locality=ID[&caseKind=K]` → `{locality, programs: [{name, phone, url,
//!   howToApply, caseKinds, languages, takesThisKind, source, read, sources}], statewide: [{name,
//!   phone?, url?, who, cost?, source, read, sources}], listDate}`; the programs that take the case
//!   kind first. 404 for an unknown locality, 400 for an unknown case kind.
//! - `POST /api/help/eligibility {householdSize, yearlyIncome}` → `{guidelineYear, povertyLine,
//!   percentOfPoverty, programs: [{name, mayQualify, percent, limit, rule, source, read}],
//!   guidelineSource, caveat}`, with the poverty guidelines in force today.

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::extract::Query;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::JsonBody;
use crate::fields::Fields;
use crate::help::{self, Program, Source, Statewide};
use crate::{ApiError, AppState, paths};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/help/localities", get(localities))
        .route("/api/help", get(for_locality))
        .route("/api/help/eligibility", post(eligibility))
}

async fn localities() -> Json<Value> {
    Json(json!(help::localities()))
}

fn first(sources: &[Source]) -> (String, String) {
    sources.first().map(|s| (s.url.clone(), s.read.clone())).unwrap_or_default()
}

fn program_json(p: &Program, kind: Option<&str>) -> Value {
    let (source, read) = first(&p.sources);
    json!({
        "id": p.id,
        "name": p.name,
        "phone": p.phone,
        "url": p.url,
        "howToApply": p.how_to_apply,
        "caseKinds": p.case_kinds,
        "languages": p.languages,
        "takesThisKind": kind.map(|k| p.path_kinds.iter().any(|x| x == k)),
        "source": source,
        "read": read,
        "sources": p.sources,
    })
}

fn statewide_json(s: &Statewide) -> Value {
    let (source, read) = first(&s.sources);
    let mut v = json!({ "id": s.id, "name": s.name, "who": s.who, "source": source, "read": read, "sources": s.sources });
    for (key, value) in [("phone", &s.phone), ("url", &s.url), ("cost", &s.cost)] {
        if let Some(value) = value {
            v[key] = json!(value);
        }
    }
    v
}

async fn for_locality(Query(query): Query<BTreeMap<String, String>>) -> Result<Json<Value>, ApiError> {
    let body = json!(query);
    let mut f = Fields::new(&body, &["locality", "caseKind"], "parameter")?;
    let id = f.required_text("locality", 80);
    let kind = f.text("caseKind", 60);
    if let Some(k) = &kind
        && !paths::kinds().contains(&k.as_str())
    {
        f.error("caseKind", format!("must be one of {}", paths::kinds().join(", ")));
    }
    f.finish()?;
    let locality = help::locality(&id).ok_or_else(|| {
        let shown: String = id.chars().take(60).collect();
        ApiError::NotFound(format!("no Virginia locality \"{shown}\"; GET /api/help/localities lists the 133"))
    })?;
    let programs: Vec<Value> =
        help::programs_for(&locality.id, kind.as_deref()).into_iter().map(|p| program_json(p, kind.as_deref())).collect();
    let statewide: Vec<Value> = help::statewide_for(&locality.id).into_iter().map(statewide_json).collect();
    Ok(Json(json!({
        "locality": locality,
        "programs": programs,
        "statewide": statewide,
        "listDate": help::book().list_date,
    })))
}

async fn eligibility(JsonBody(body): JsonBody) -> Result<Json<help::Eligibility>, ApiError> {
    let mut f = Fields::new(&body, &["householdSize", "yearlyIncome"], "field")?;
    let size = f.integer("householdSize", 1, i64::from(help::MAX_HOUSEHOLD));
    if !f.has("householdSize") {
        f.error("householdSize", format!("is required (the number of people in the household, 1 to {})", help::MAX_HOUSEHOLD));
    }
    let income = f.required_cents("yearlyIncome");
    if !(0..=help::MAX_INCOME_CENTS).contains(&income) {
        f.error("yearlyIncome", "must be a yearly income in dollars, from 0 to 100,000,000");
    }
    f.finish()?;
    let size = size.and_then(|s| u32::try_from(s).ok()).unwrap_or(1);
    help::eligibility(size, income, chrono::Local::now().date_naive())
        .map(Json)
        .ok_or_else(|| ApiError::Unavailable("no poverty guidelines are recorded for today's date".into()))
}
