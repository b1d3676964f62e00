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
//! - `GET /api/help/screen?caseKind=K[&locality=ID]` → `{caseKind, questions: [{id, text, why,
//!   sections, law: [{cite, url?, passage, source, read, textOf, official, note?}], handOff:
//!   {title, call: [help entries], today, appCanStill}}], checkedOn, gaps}` ([`help::screen`]);
//!   with a locality, `call` names that place's legal aid program.
//! - `GET /api/help/locality?court=TEXT` → `{locality: {id, name, kind} | null, could: [...]}`:
//!   the place a court's name names (`could`: the places it may mean when it does not say).
//! - `POST /api/cases/{id}/packet {notes?: [id], documents?: [id], questions?: [text]}` →
//!   `{files: [{path, fileName}], warnings}`: the packet for a lawyer ([`crate::packet`]) written
//!   to the exports folder — PDF, Word, and a zip of the chosen documents.
//!
//! The help routes (all but the packet's) answer in the request's language ([`crate::lang::Lang`]:
//! `?lang=es|en`, else `Accept-Language`), with `Content-Language`: the Spanish help (`help/help.es.json`) and
//! screening questions (`help/screen.es.json`), and the eligibility caveat in Spanish. Ids,
//! telephone numbers, web addresses, localities (their names are proper names), figures, sources
//! and dates are the same in both; the law's passages stay in its own words.

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::JsonBody;
use super::resources::parse_id;
use crate::fields::Fields;
use crate::help;
use crate::help::view::{program_json, question_json_in, statewide_json};
use crate::lang::Lang;
use crate::{ApiError, AppState, packet, paths};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/help/localities", get(localities))
        .route("/api/help", get(for_locality))
        .route("/api/help/eligibility", post(eligibility))
        .route("/api/help/screen", get(screen))
        .route("/api/help/locality", get(locality_of_court))
        .route("/api/cases/{id}/packet", post(packet))
}

async fn localities(lang: Lang) -> impl IntoResponse {
    (lang.headers(), Json(json!(help::localities())))
}

async fn for_locality(lang: Lang, Query(mut query): Query<BTreeMap<String, String>>) -> Result<impl IntoResponse, ApiError> {
    // `lang` was read (and checked) by the extractor.
    query.remove("lang");
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
        help::programs_for_in(&locality.id, kind.as_deref(), lang).into_iter().map(|p| program_json(p, kind.as_deref())).collect();
    let statewide: Vec<Value> = help::statewide_for_in(&locality.id, lang).into_iter().map(statewide_json).collect();
    Ok((
        lang.headers(),
        Json(json!({
            "locality": locality,
            "programs": programs,
            "statewide": statewide,
            "listDate": help::book_in(lang).list_date,
        })),
    ))
}

async fn locality_of_court(lang: Lang, Query(mut query): Query<BTreeMap<String, String>>) -> Result<impl IntoResponse, ApiError> {
    query.remove("lang");
    let body = json!(query);
    let mut f = Fields::new(&body, &["court"], "parameter")?;
    let court = f.required_text("court", 300);
    f.finish()?;
    let answer = match help::locality_from_court(&court) {
        Ok(l) => json!({ "locality": l, "could": [] }),
        Err(could) => json!({ "locality": null, "could": could }),
    };
    Ok((lang.headers(), Json(answer)))
}

async fn screen(lang: Lang, Query(mut query): Query<BTreeMap<String, String>>) -> Result<impl IntoResponse, ApiError> {
    query.remove("lang");
    let body = json!(query);
    let mut f = Fields::new(&body, &["caseKind", "locality"], "parameter")?;
    let kind = f.required_text("caseKind", 60);
    let locality = f.text("locality", 80);
    if !kind.is_empty() && !paths::kinds().contains(&kind.as_str()) {
        f.error("caseKind", format!("must be one of {}", paths::kinds().join(", ")));
    }
    if let Some(l) = &locality
        && help::locality(l).is_none()
    {
        f.error("locality", "is not one of Virginia's 133 localities (GET /api/help/localities lists them)");
    }
    f.finish()?;
    let book = help::screen::book_in(lang);
    let questions: Vec<Value> =
        help::screen::for_kind_in(&kind, lang).into_iter().map(|q| question_json_in(q, locality.as_deref(), &kind, lang)).collect();
    Ok((lang.headers(), Json(json!({ "caseKind": kind, "questions": questions, "checkedOn": book.checked_on, "gaps": book.gaps }))))
}

async fn eligibility(lang: Lang, JsonBody(body): JsonBody) -> Result<impl IntoResponse, ApiError> {
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
    help::eligibility_in(size, income, chrono::Local::now().date_naive(), lang)
        .map(|e| (lang.headers(), Json(e)))
        .ok_or_else(|| ApiError::Unavailable("no poverty guidelines are recorded for today's date".into()))
}

/// A list of ids in `body[name]` (absent: none); a bad one is a field error.
fn id_list(f: &mut Fields, body: &Value, name: &str) -> Vec<i64> {
    match body.get(name) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) if items.len() <= 10_000 && items.iter().all(|v| v.as_i64().is_some_and(|n| n > 0)) => {
            items.iter().filter_map(Value::as_i64).collect()
        }
        Some(_) => {
            f.error(name, "must be a list of ids (whole numbers above 0)");
            Vec::new()
        }
    }
}

async fn packet(State(state): State<AppState>, Path(id): Path<String>, JsonBody(body): JsonBody) -> Result<Json<packet::Packet>, ApiError> {
    let id = parse_id("case", &id)?;
    let mut f = Fields::new(&body, &["notes", "documents", "questions"], "field")?;
    let notes = id_list(&mut f, &body, "notes");
    let documents = id_list(&mut f, &body, "documents");
    let questions = match body.get("questions") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(text)) => text.lines().map(str::to_string).collect(),
        Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
            items.iter().filter_map(|q| q.as_str().map(str::to_string)).collect()
        }
        Some(_) => {
            f.error("questions", "must be a list of questions (text), or one text with a question on each line");
            Vec::new()
        }
    };
    let questions: Vec<String> = questions.into_iter().filter(|q| !q.trim().is_empty()).collect();
    if questions.len() > packet::MAX_QUESTIONS {
        f.error("questions", format!("{} questions: a packet takes at most {}", questions.len(), packet::MAX_QUESTIONS));
    }
    if let Some(long) = questions.iter().find(|q| q.chars().count() > packet::MAX_QUESTION_CHARS) {
        f.error("questions", format!("a question has {} characters; at most {} each", long.chars().count(), packet::MAX_QUESTION_CHARS));
    }
    f.finish()?;
    let choice = packet::Choice { notes, documents, questions };
    let today = chrono::Local::now().date_naive();
    state
        .blocking(move |s| {
            let gathered = s.store.read(|c| packet::gather(c, id, &choice, today))?;
            packet::write(&gathered, &s.privacy, &s.config.exports_dir())
        })
        .await
        .map(Json)
}
