//! The assistant's two tools over the case's Proof view ([`crate::proof`]): `GetProof` reads it —
//! what the court must find in the case, which of the person's records shows each thing, and what
//! is still missing — and `link_evidence` links one of the case's records to one element (or takes
//! the link away), made by `agent`. The link is a write: a model's call waits for the person's
//! Allow like every write.

use rusqlite::Connection;
use serde_json::{Value, json};

use super::check_case_argument;
use crate::fields::Fields;
use crate::lang::Lang;
use crate::proof::{self, view::LinkChange};
use crate::store::cases::{Case, Cases};
use crate::store::{ListFilter, Table};
use crate::{ApiError, AppState};

/// `GetProof`: the case's Proof view, as `GET /api/cases/{id}/proof` answers it.
/// Its words (elements, what is missing, the caveat) in `lang`.
pub(super) fn get_proof(state: &AppState, mut a: Fields<'_>, lang: Lang) -> Result<Value, ApiError> {
    let case_id = a.id("caseId");
    a.finish()?;
    let view = state.store.read(|c| proof::view::case_proof_in(c, the_case(c, case_id)?, lang))?;
    Ok(json!(view))
}

/// `link_evidence`: `{proof, linked, changed}` — the Proof view after the change, whether the
/// record is linked to the element now, and whether the call changed anything (linking what is
/// linked already with no note, or taking away what is not linked, changes nothing).
pub(super) fn link_evidence(state: &AppState, args: &Value, mut a: Fields<'_>, lang: Lang) -> Result<Value, ApiError> {
    let case_id = a.required_id("caseId");
    // Every argument at fault named at once: the case here, the link's own fields by the reader
    // `PUT /api/cases/{id}/proof/links` uses.
    let change = match (a.finish(), LinkChange::parse(args, &["caseId"], true)) {
        (Ok(()), Ok(change)) => change,
        (Err(ApiError::Validation { mut fields, .. }), Err(ApiError::Validation { fields: more, .. })) => {
            fields.extend(more);
            return Err(ApiError::invalid(fields, "argument"));
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    let (view, changed) = state.store.write(|c| {
        check_case_argument(c, Some(case_id))?;
        proof::view::set_link_in(c, case_id, &change, "agent", lang)
    })?;
    Ok(json!({ "proof": view, "linked": change.linked, "changed": changed }))
}

/// The case a `GetProof` call is about: the one named, else the person's only open case (or
/// their only case); with none or several, a 400 naming `caseId` that says which to give.
fn the_case(c: &Connection, case_id: Option<i64>) -> Result<i64, ApiError> {
    if let Some(id) = case_id {
        check_case_argument(c, Some(id))?;
        return Ok(id);
    }
    let cases = Cases::list(c, &ListFilter::default())?.items;
    let open: Vec<&Case> = cases.iter().filter(|k| k.status != "closed").collect();
    // The only open case; else, with none open, the only case there is.
    if let [only] = open.as_slice() {
        return Ok(only.id);
    }
    if let [only] = cases.as_slice() {
        return Ok(only.id);
    }
    if cases.is_empty() {
        return Err(ApiError::field(
            "caseId",
            "the person has no case yet: they add it on the Case tab and choose what kind of case it is, and then its \
             Proof for the hearing shows what the court must find",
        ));
    }
    let among = if open.is_empty() { cases.iter().collect() } else { open };
    let listed: Vec<String> = among.iter().take(10).map(|k| format!("{} “{}”", k.id, k.name)).collect();
    Err(ApiError::field(
        "caseId",
        format!("the person has more than one case; give the caseId of the one they mean (from GetCases): {}", listed.join(", ")),
    ))
}
