//! The HTTP face of the server: every route, the guards in front of them, and the one way errors
//! are shown. [`app`] is used by `main` and by the tests (`tower::ServiceExt::oneshot`).
//!
//! Routes: the record resources (`resources`: cases, deadlines, contacts, finances, timeline,
//! notes, conversations), documents (`documents`), links (`links`), drafts with their versions,
//! offline builds and exports (`drafts`: `/api/drafts`, `/api/drafts/build`,
//! `/api/drafts/{id}/versions`, `/api/drafts/{id}/export`), backup and restore, the local tools,
//! the deadline rules, reminders and the calendar file (`calendar`: `/api/reminders`,
//! `/api/calendar.ics`), the ticked steps of a case's path (`steps`), the paths themselves and
//! each case's (`paths`: `/api/paths`, `/api/which-court`, `/api/cases/{id}/path`), help from people
//! (`help`: `/api/help/localities`, `/api/help`, `/api/help/eligibility`), the case file's lock
//! (`privacy`: `/api/privacy…`), OpenAI's `/v1/embeddings` and `/v1/models`, and the agent's
//! routes (`agent`).
//!
//! Guards, outermost first: the `Host` must be loopback and a browser `Origin`, if any, must be
//! a page on this machine (403); every route but `GET /api/health` needs the bearer token when
//! one is configured (401); while the case file is locked, every route that holds the person's
//! data answers 423 (`privacy::gate`); bodies are capped at `PROSEVA_MAX_BODY_BYTES` (413).

pub mod agent;
mod backup;
mod body;
mod calendar;
mod documents;
mod drafts;
mod forms;
mod help;
mod limits;
mod links;
mod papers;
mod paths;
mod privacy;
mod proof;
mod resources;
mod steps;

use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{Method, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

pub use body::JsonBody;

use crate::lang::Lang;
use crate::store::conversations::{self, Conversations};
use crate::store::{
    cases::Cases, contacts::Contacts, deadlines::Deadlines, finances, finances::Finances, notes, notes::Note, notes::Notes,
    timeline::Timeline,
};
use crate::{ApiError, AppState, deadline_rules, fields::Fields, knowledge, tools};

/// The only route that answers without a token.
pub const HEALTH_PATH: &str = "/api/health";

/// Every route of the server, guarded, with `/api/chat` and `/api/research` configured from the
/// environment.
pub fn app(state: AppState) -> Router {
    let agent = agent::routes(&state);
    app_with(state, agent)
}

/// [`app`] plus `extra` routes (e.g. `/api/chat` from the agent), behind the same guards.
pub fn app_with(state: AppState, extra: Router<AppState>) -> Router {
    let max_body = state.config.max_body_bytes;
    Router::new()
        .route(HEALTH_PATH, get(health))
        .nest("/api/cases", resources::routes::<Cases>())
        .nest("/api/deadlines", resources::routes::<Deadlines>())
        .nest("/api/contacts", resources::routes::<Contacts>())
        .nest("/api/finances", resources::routes::<Finances>())
        .nest("/api/timeline", resources::routes::<Timeline>())
        .nest("/api/notes", resources::routes::<Notes>())
        .nest("/api/conversations", resources::routes::<Conversations>())
        .route("/api/conversations/{id}/messages", get(conversation_messages).post(append_message))
        .route("/api/notes/{id}/append", post(append_to_note))
        .route("/api/finances/totals", get(finance_totals))
        .route("/api/backup", post(backup::create))
        .route("/api/restore", post(backup::restore))
        .nest("/api/documents", documents::routes())
        .nest("/api/links", links::routes())
        .nest("/api/drafts", drafts::routes())
        .route("/api/tools", get(list_tools))
        .route("/api/metrics", get(metrics))
        .route("/api/tools/{name}", post(call_tool))
        .route("/api/deadline-rules", get(deadline_rules_list))
        .route("/api/deadline-rules/compute", post(deadline_rules_compute))
        .merge(calendar::routes())
        .merge(steps::routes())
        .merge(paths::routes())
        .merge(help::routes())
        .merge(papers::routes())
        .merge(proof::routes())
        .merge(forms::routes())
        .merge(privacy::routes())
        .route("/v1/embeddings", post(embeddings))
        .route("/v1/models", get(models))
        .route("/v1/models/{*id}", get(model))
        .merge(extra)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(max_body))
        .layer(middleware::from_fn_with_state(state.clone(), privacy::gate))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// Loopback host and origin for everything; the bearer token for everything but health.
async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    // Every value counts: a second Host or Origin header must not slip past the first.
    let all_pass = |name, ok: fn(&str) -> bool| headers.get_all(name).iter().all(|v| v.to_str().is_ok_and(ok));
    if !all_pass(header::HOST, proseva_http_guard::is_loopback_host) || !all_pass(header::ORIGIN, proseva_http_guard::is_loopback_origin) {
        return ApiError::ForbiddenHost.into_response();
    }
    let authorization = headers.get(header::AUTHORIZATION).map(|v| v.to_str().unwrap_or_default());
    if let Some(token) = &state.config.token
        && request.uri().path() != HEALTH_PATH
        && !proseva_http_guard::bearer_token_matches(authorization, token)
    {
        return ApiError::Unauthorized.into_response();
    }
    next.run(request).await
}

async fn health(State(state): State<AppState>) -> Json<Value> {
    let privacy = state.privacy.status();
    Json(json!({
        "status": "ok",
        "service": "proseva-server",
        "version": env!("CARGO_PKG_VERSION"),
        "embeddings": state.knowledge.status(),
        "encrypted": privacy.encrypted,
        "locked": privacy.locked,
    }))
}

async fn list_tools() -> Json<Value> {
    Json(tools::openai_tools())
}

/// The tool pipeline's figures in this process: per tool, calls, failures, the commonest failure
/// and p50/p95 latency; and the outside services' guards (`ok`, `failing`, `trying`, `paused`).
async fn metrics() -> Json<Value> {
    use proseva_agent::pipeline;
    Json(json!({ "tools": pipeline::metrics::snapshot(), "services": pipeline::service_states() }))
}

/// One tool, called by the person's app (the window's "Confirm" of a held write, a script):
/// through the same pipeline as the agent's calls ([`tools::call_through_pipeline`]).
/// The words the app writes itself in its answer (steps, help, proof) are in the request's
/// language (`Accept-Language`, `?lang=`).
async fn call_tool(
    lang: Lang,
    State(state): State<AppState>,
    Path(name): Path<String>,
    JsonBody(args): JsonBody,
) -> Result<impl IntoResponse, ApiError> {
    Ok((lang.headers(), Json(tools::call_through_pipeline_in(&state, &name, args, lang).await?)))
}

/// A conversation's messages, oldest first, in the shape `GET /api/conversations/{id}` gives them
/// (`[{id, role, content, events, createdAt}]`, the count in `X-Total-Count`); 404 for a
/// conversation that does not exist.
async fn conversation_messages(State(state): State<AppState>, Path(id): Path<String>) -> Result<impl IntoResponse, ApiError> {
    let id = resources::parse_id("conversation", &id)?;
    let messages = state.blocking(move |s| s.store.read(|c| conversations::messages_of(c, id))).await?;
    Ok(([(header::HeaderName::from_static(resources::TOTAL_COUNT), messages.len().to_string())], Json(messages)))
}

/// Appends `{role, content, events?}` to a conversation; 201 with the stored message's id.
async fn append_message(
    State(state): State<AppState>,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<(axum::http::StatusCode, Json<Value>), ApiError> {
    let id = resources::parse_id("conversation", &id)?;
    let message = conversations::parse_message(&body)?;
    let message_id = state.blocking(move |s| s.store.write(|c| conversations::append(c, id, &message))).await?;
    Ok((axum::http::StatusCode::CREATED, Json(json!({ "id": message_id, "conversationId": id }))))
}

/// Adds `{text}` to the end of a note (after a blank line); what the note holds is never replaced
/// this way. Answers the note.
async fn append_to_note(State(state): State<AppState>, Path(id): Path<String>, JsonBody(body): JsonBody) -> Result<Json<Note>, ApiError> {
    let id = resources::parse_id("note", &id)?;
    let mut f = Fields::new(&body, &["text"], "field")?;
    let text = f.required_text("text", notes::MAX_BODY_CHARS);
    f.finish()?;
    let note = state.blocking(move |s| s.append_to_note(id, &text)).await?;
    Ok(Json(note))
}

/// `?caseId=`: the sum and count of each category, largest first, and the grand total.
async fn finance_totals(
    State(state): State<AppState>,
    query: Result<axum::extract::Query<std::collections::HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let filter = resources::list_filter(query, &[])?;
    let (categories, total) = state.blocking(move |s| s.store.read(|c| finances::totals(c, filter.case_id))).await?;
    Ok(Json(json!({ "categories": categories, "total": total })))
}

/// The rule table in the request's language (`?lang=`, `Accept-Language`).
async fn deadline_rules_list(lang: Lang) -> impl IntoResponse {
    (lang.headers(), Json(json!(deadline_rules::rule_book_in(lang))))
}

/// `{ruleId, triggerDate}` → the date that rule gives, without storing anything; the explanation
/// and what is due in the request's language.
async fn deadline_rules_compute(lang: Lang, JsonBody(body): JsonBody) -> Result<impl IntoResponse, ApiError> {
    let mut f = Fields::new(&body, &["ruleId", "triggerDate"], "field")?;
    let rule_id = f.required_text("ruleId", 100);
    let trigger = f.required_date("triggerDate");
    let rule = deadline_rules::rule_in(&rule_id, lang);
    if rule.is_none() && !rule_id.is_empty() {
        f.error("ruleId", format!("no such rule; known rules: {}", deadline_rules::rule_ids().join(", ")));
    }
    f.finish()?;
    match (rule, trigger) {
        (Some(rule), Some(trigger)) => match deadline_rules::compute_in(rule, trigger, lang) {
            Ok(computed) => Ok((lang.headers(), Json(json!(computed)))),
            Err(e) => Err(ApiError::invalid([("triggerDate".to_string(), e.message_in(lang))].into(), "field")),
        },
        _ => Err(ApiError::Internal("validated rule and date missing".into())),
    }
}

/// Most texts one `/v1/embeddings` call may embed, and the longest text.
const MAX_EMBED_INPUTS: usize = 32;
const MAX_EMBED_CHARS: usize = 8_000;

/// OpenAI's `POST /v1/embeddings`, answered with this server's embedding model, so the explorer
/// can embed search questions without loading a second copy of the model. Questions go ahead of
/// documents waiting to be embedded. 503 while the model is loading or when there is none.
async fn embeddings(State(state): State<AppState>, JsonBody(body): JsonBody) -> Result<Json<Value>, ApiError> {
    let texts: Vec<String> = match &body["input"] {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_string) => {
            items.iter().filter_map(Value::as_str).map(str::to_string).collect()
        }
        _ => return Err(ApiError::field("input", "a string or a non-empty array of strings")),
    };
    if texts.len() > MAX_EMBED_INPUTS {
        return Err(ApiError::field("input", format!("at most {MAX_EMBED_INPUTS} texts per request")));
    }
    if texts.iter().any(|t| t.chars().count() > MAX_EMBED_CHARS) {
        return Err(ApiError::field("input", format!("each text may have at most {MAX_EMBED_CHARS} characters")));
    }
    let model = state
        .knowledge
        .embedder()
        .ok_or_else(|| ApiError::Unavailable(format!("the embedding model is not ready ({})", state.knowledge.status())))?;
    if let Some(asked) = body["model"].as_str().filter(|m| *m != model.model_id()) {
        return Err(ApiError::field("model", format!("this server embeds with {}, not {asked}", model.model_id())));
    }
    let id = model.model_id().to_string();
    let vectors = tokio::task::spawn_blocking(move || model.embed_questions(texts))
        .await
        .map_err(|e| ApiError::Internal(format!("embedding task: {e}")))?
        .map_err(|e| ApiError::Internal(format!("embedding: {e}")))?;
    let data: Vec<Value> = vectors
        .into_iter()
        .enumerate()
        .map(|(index, embedding)| json!({"object": "embedding", "index": index, "embedding": embedding}))
        .collect();
    Ok(Json(json!({ "object": "list", "data": data, "model": id, "usage": {"prompt_tokens": 0, "total_tokens": 0} })))
}

/// Who OpenAI's model list says owns the model: this server, which serves it.
const MODEL_OWNER: &str = "proseva-server";

/// A model in OpenAI's shape: `{id, object: "model", created, owned_by}`; `created` is when this
/// server made it ready (Unix seconds).
fn model_object(model: &knowledge::ModelThread) -> Value {
    json!({ "id": model.model_id(), "object": "model", "created": model.ready_since(), "owned_by": MODEL_OWNER })
}

/// OpenAI's `GET /v1/models`, which clients ask first: the embedding model `/v1/embeddings`
/// answers with, or none while it loads or when there is none (`/api/health` says which).
async fn models(State(state): State<AppState>) -> Json<Value> {
    let data: Vec<Value> = state.knowledge.embedder().iter().map(|m| model_object(m)).collect();
    Json(json!({ "object": "list", "data": data }))
}

/// OpenAI's `GET /v1/models/{id}`: the model when it is the one served; otherwise a 404 in
/// OpenAI's error shape (`{"error": {"message", "type", "param", "code": "model_not_found"}}`).
async fn model(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let served = state.knowledge.embedder();
    if let Some(model) = served.as_ref().filter(|m| m.model_id() == id) {
        return Json(model_object(model)).into_response();
    }
    let serves = match &served {
        Some(m) => format!("this server serves {}", m.model_id()),
        None => format!("this server serves no model now (embeddings: {})", state.knowledge.status()),
    };
    let message = proseva_agent::sanitize::clean(&format!("The model `{id}` does not exist: {serves}."));
    let error = json!({ "message": message, "type": "invalid_request_error", "param": "model", "code": "model_not_found" });
    (axum::http::StatusCode::NOT_FOUND, Json(json!({ "error": error }))).into_response()
}

async fn not_found(method: Method, uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(format!("no route {method} {}", uri.path()))
}

async fn method_not_allowed(method: Method) -> ApiError {
    ApiError::MethodNotAllowed { method: method.to_string() }
}
