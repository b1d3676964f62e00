//! `/api/documents`: upload (multipart `file`, or JSON with `text` or `contentBase64`), list,
//! read, rename or move to a case, delete, and the extracted text and original file.

use std::collections::HashMap;

use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequest, Multipart, Path, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use serde_json::Value;

use super::JsonBody;
use super::body::is_json;
use super::resources::{list_filter, listed, parse_id};
use crate::fields::Fields;
use crate::ingest::{self, Upload};
use crate::store::chunks::Owner;
use crate::store::documents::{self, DEFAULT_TEXT_PAGE, Document, DocumentMeta, MAX_TEXT_PAGE, TextPage};
use crate::store::merge_fields;
use crate::{ApiError, AppState};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(list).post(upload))
        .route("/{id}", get(read).put(update).patch(update).delete(delete))
        .route("/{id}/text", get(text))
        .route("/{id}/file", get(file))
        .route("/{id}/reread", axum::routing::post(reread))
}

async fn list(
    State(state): State<AppState>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let filter = list_filter(query, &[])?;
    Ok(listed(state.blocking(move |s| s.store.read(|c| documents::list(c, &filter))).await?))
}

async fn read(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Document>, ApiError> {
    let id = parse_id("document", &id)?;
    state.blocking(move |s| s.store.read(|c| documents::get(c, id))).await?.map(Json).ok_or_else(|| ApiError::not_found("document", id))
}

/// Multipart (`file`, and optional `title`, `kind`, `caseId` fields) or JSON
/// (`{title?, kind?, caseId?, text, fileName?}` or `{..., fileName, contentBase64}`).
async fn upload(State(state): State<AppState>, request: Request) -> Result<(StatusCode, Json<Document>), ApiError> {
    let content_type = request.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
    let upload = if content_type.starts_with("multipart/form-data") {
        let multipart = Multipart::from_request(request, &state).await.map_err(|e| ApiError::BadRequest(e.body_text()))?;
        from_multipart(multipart, &state).await?
    } else if is_json(&content_type) {
        let JsonBody(body) = JsonBody::from_request(request, &state).await?;
        from_json(&body)?
    } else {
        return Err(ApiError::UnsupportedMediaType(
            "upload a document as multipart/form-data (a `file` field) or as application/json ({\"title\", \"text\"})".into(),
        ));
    };
    let document = state.blocking(move |s| ingest::ingest(s, upload)).await?;
    Ok((StatusCode::CREATED, Json(document)))
}

async fn from_multipart(mut multipart: Multipart, state: &AppState) -> Result<Upload, ApiError> {
    let limit = state.config.max_body_bytes;
    let broken = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge { limit }
        } else {
            ApiError::BadRequest(format!("could not read the upload: {}", e.body_text()))
        }
    };
    let mut fields = serde_json::Map::new();
    let mut file: Option<(String, Vec<u8>)> = None;
    while let Some(field) = multipart.next_field().await.map_err(broken)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "file" {
            let file_name = field.file_name().unwrap_or("upload").to_string();
            file = Some((file_name, field.bytes().await.map_err(broken)?.to_vec()));
        } else {
            fields.insert(name, Value::String(field.text().await.map_err(broken)?));
        }
    }
    let meta = documents::parse_meta(&Value::Object(fields))?;
    let (file_name, bytes) = file.ok_or_else(|| ApiError::field("file", "is required: attach the document as a `file` field"))?;
    Ok(Upload { file_name, bytes, meta })
}

fn from_json(body: &Value) -> Result<Upload, ApiError> {
    let mut f = Fields::new(body, &["caseId", "title", "kind", "text", "fileName", "contentBase64"], "field")?;
    let meta = DocumentMeta {
        case_id: f.id("caseId"),
        title: f.text("title", 300).unwrap_or_default(),
        kind: f.text("kind", 50).unwrap_or_else(|| "other".into()),
    };
    let file_name = f.text("fileName", 300);
    let text = f.raw("text").and_then(Value::as_str).map(str::to_string);
    let base64 = f.raw("contentBase64").and_then(Value::as_str).map(str::to_string);
    if f.raw("text").is_some_and(|t| !t.is_string()) {
        f.error("text", "must be text");
    }
    let bytes = match (text, base64) {
        (Some(text), None) => Some(text.into_bytes()),
        (None, Some(encoded)) => {
            if file_name.is_none() {
                f.error("fileName", "is required with contentBase64 (its extension says what the file is)");
            }
            match base64::engine::general_purpose::STANDARD.decode(encoded.trim()) {
                Ok(bytes) => Some(bytes),
                Err(e) => {
                    f.error("contentBase64", format!("is not valid base64: {e}"));
                    None
                }
            }
        }
        (Some(_), Some(_)) => {
            f.error("contentBase64", "send either text or contentBase64, not both");
            None
        }
        (None, None) => {
            f.error("text", "is required (or send a file as fileName + contentBase64, or as multipart)");
            None
        }
    };
    f.finish()?;
    let file_name = file_name.unwrap_or_else(|| format!("{}.txt", if meta.title.is_empty() { "document" } else { &meta.title }));
    Ok(Upload { file_name, bytes: bytes.unwrap_or_default(), meta })
}

/// Changes `title`, `kind` or `caseId`; everything else about a document is read from its file.
async fn update(State(state): State<AppState>, Path(id): Path<String>, JsonBody(patch): JsonBody) -> Result<Json<Document>, ApiError> {
    let id = parse_id("document", &id)?;
    if !patch.is_object() {
        return Err(ApiError::BadRequest("send the fields to change as a JSON object".into()));
    }
    let document = state
        .blocking(move |s| {
            s.store.write(|c| {
                let stored = documents::get(c, id)?.ok_or_else(|| ApiError::not_found("document", id))?;
                let stored = serde_json::to_value(&stored).map_err(|e| ApiError::Internal(e.to_string()))?;
                let mut meta = documents::parse_meta(&merge_fields(stored, &patch))?;
                if meta.title.is_empty() {
                    return Err(ApiError::field("title", "cannot be empty"));
                }
                meta.kind = if meta.kind.is_empty() { "other".into() } else { meta.kind };
                documents::update_meta(c, id, &meta)?;
                documents::get(c, id)?.ok_or_else(|| ApiError::not_found("document", id))
            })
        })
        .await?;
    Ok(Json(document))
}

async fn delete(State(state): State<AppState>, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    let id = parse_id("document", &id)?;
    let stored_file =
        state.blocking(move |s| s.knowledge.replace_passages(Owner::Document(id), || s.store.write(|c| documents::delete(c, id)))).await?;
    let Some(stored_file) = stored_file else { return Err(ApiError::not_found("document", id)) };
    ingest::remove_original(&state, &stored_file, &format!("document {id} deleted"));
    Ok(StatusCode::NO_CONTENT)
}

/// Reads the document again from its stored original (its pages, passages and vectors anew).
async fn reread(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Document>, ApiError> {
    let id = parse_id("document", &id)?;
    Ok(Json(state.blocking(move |s| ingest::reread(s, id)).await?))
}

/// `?offset=&limit=` in characters.
async fn text(
    State(state): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<TextPage>, ApiError> {
    let id = parse_id("document", &id)?;
    let Query(query) = query.map_err(|e| ApiError::BadRequest(format!("bad query string: {e}")))?;
    let object = Value::Object(query.into_iter().map(|(k, v)| (k, Value::String(v))).collect());
    let mut f = Fields::new(&object, &["offset", "limit"], "query parameter")?;
    let offset = f.integer("offset", 0, i64::MAX).unwrap_or(0) as usize;
    let limit = f.integer("limit", 1, MAX_TEXT_PAGE as i64).map_or(DEFAULT_TEXT_PAGE, |n| n as usize);
    f.finish()?;
    let page = state.blocking(move |s| s.store.read(|c| documents::text_page(c, id, offset, limit))).await?;
    page.map(Json).ok_or_else(|| ApiError::not_found("document", id))
}

/// The original file as uploaded.
async fn file(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = parse_id("document", &id)?;
    let stored = state
        .blocking(move |s| s.store.read(|c| documents::stored_file(c, id)))
        .await?
        .ok_or_else(|| ApiError::not_found("document", id))?;
    let name = stored.stored_file.clone();
    let bytes = state.blocking(move |s| s.privacy.read_file(&name)).await?;
    let download_name: String =
        stored.file_name.chars().map(|c| if c.is_ascii_graphic() && c != '"' || c == ' ' { c } else { '_' }).collect();
    Ok((
        [(header::CONTENT_TYPE, stored.media_type), (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{download_name}\""))],
        bytes,
    )
        .into_response())
}
