//! `/api/forms`: "Fill a form I downloaded" (see [`crate::forms`]).
//!
//! - `POST /api/forms/fields?caseId=N&fileName=F` with the PDF as the body (`content-type:
//!   application/pdf`; the name may come as `x-file-name` instead) → `{formId, fileName, pages, fields: [{name,
//!   label, type: text|checkbox|radio|choice|signature, options?, maxLength?, multiline,
//!   readOnly, required, page?, value?, proposed?, proposedFrom?}]}`. A file that is not a
//!   fillable PDF (another kind of file, an XFA-only, encrypted, signed or locked PDF, a PDF with
//!   no fields) is a 400 under `file` saying what it is. `proposedFrom` is said in the request's
//!   language ([`Lang`]: `?lang=es|en`, else `Accept-Language`), with `Content-Language`.
//! - `POST /api/forms/{formId}/fill {values: {<field name>: text | true/false | option}}` →
//!   `{path, fileName}` of the filled copy in the exports folder; a value that does not fit its
//!   field is a 400 naming `values.<field>`.

use std::collections::{BTreeMap, HashMap};

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::post;
use serde_json::Value;

use super::JsonBody;
use crate::fields::Fields;
use crate::forms::{self, Written};
use crate::lang::Lang;
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/forms/fields", post(fields)).route("/api/forms/{form_id}/fill", post(fill))
}

async fn fields(
    State(state): State<AppState>,
    lang: Lang,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("the query string could not be read: {e}")))?;
    // `lang` was read (and checked) by the extractor.
    if let Some(other) = query.keys().find(|k| !["caseId", "fileName", "lang"].contains(&k.as_str())) {
        return Err(ApiError::field(other, "unknown query parameter; the known ones are caseId, fileName and lang"));
    }
    let case_id = match query.get("caseId") {
        Some(raw) => {
            Some(raw.trim().parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::field("caseId", "must be a case id"))?)
        }
        None => None,
    };
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
    if !(content_type.starts_with("application/pdf") || content_type.starts_with("application/octet-stream")) {
        return Err(ApiError::UnsupportedMediaType("send the form's PDF as the body, with content-type: application/pdf".into()));
    }
    let body = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge { limit: state.config.max_body_bytes }
        } else {
            ApiError::BadRequest(format!("could not read the file: {}", e.body_text()))
        }
    })?;
    let file_name = query
        .get("fileName")
        .cloned()
        .or_else(|| headers.get("x-file-name").and_then(|v| v.to_str().ok()).map(str::to_string))
        .unwrap_or_else(|| "form.pdf".into());
    let bytes = body.to_vec();
    let opened = state.blocking(move |s| forms::open_in(s, case_id, &file_name, bytes, lang)).await?;
    Ok((lang.headers(), Json(opened)))
}

async fn fill(State(state): State<AppState>, Path(form_id): Path<String>, JsonBody(body): JsonBody) -> Result<Json<Written>, ApiError> {
    let mut f = Fields::new(&body, &["values"], "field")?;
    let values: Option<BTreeMap<String, Value>> = match f.raw("values") {
        Some(Value::Object(map)) if map.len() <= proseva_forms::MAX_FIELDS => Some(map.clone().into_iter().collect()),
        _ => {
            f.error("values", "is required: an object of the form's field names and their values");
            None
        }
    };
    f.finish()?;
    let values = values.unwrap_or_default();
    if form_id.len() > 64 || !form_id.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(ApiError::NotFound(format!("no open form {}", form_id.chars().take(64).collect::<String>())));
    }
    Ok(Json(state.blocking(move |s| forms::fill(s, &form_id, &values)).await?))
}
