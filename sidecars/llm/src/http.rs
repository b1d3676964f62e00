//! The OpenAI-compatible face of the local model: `GET /health`, `GET /v1/models`,
//! `POST /v1/chat/completions` (whole or streamed as server-sent events), on loopback only and,
//! when the supervisor gave one, behind `Authorization: Bearer <PROSEVA_TOKEN>`.
//!
//! Errors answer in OpenAI's shape, `{"error": {"message", "type", "code"}}`, so any OpenAI client
//! (the app's agent among them) reads them as it reads OpenAI's own.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use proseva_http_guard::{bearer_token_matches, is_loopback_host};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::engine::{Engine, EngineError, Event, Finish, Message, Sampling};

/// Largest request body: a conversation with its sources fits easily; a runaway one does not.
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

#[derive(Clone)]
struct AppState {
    engine: Arc<Engine>,
    token: Option<Arc<str>>,
}

pub fn app(engine: Arc<Engine>, token: Option<String>) -> Router {
    let state = AppState { engine, token: token.filter(|t| !t.is_empty()).map(Arc::from) };
    let api = Router::new()
        .route("/v1/models", get(models))
        .route(
            "/v1/chat/completions",
            post(chat).get(|| async { error(StatusCode::METHOD_NOT_ALLOWED, "use POST", "invalid_request_error", None) }),
        )
        .route_layer(middleware::from_fn_with_state(state.clone(), require_token));
    Router::new()
        .route("/health", get(health))
        .merge(api)
        .fallback(|| async {
            error(
                StatusCode::NOT_FOUND,
                "no such endpoint: this server answers /health, /v1/models and /v1/chat/completions",
                "invalid_request_error",
                None,
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(loopback_host_only))
        .with_state(state)
}

fn error(status: StatusCode, message: &str, kind: &str, code: Option<&str>) -> Response {
    (status, Json(json!({ "error": { "message": message, "type": kind, "code": code } }))).into_response()
}

async fn loopback_host_only(request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !is_loopback_host(host) {
        return error(StatusCode::FORBIDDEN, "this server answers only requests addressed to this computer", "invalid_request_error", None);
    }
    next.run(request).await
}

async fn require_token(State(state): State<AppState>, headers: HeaderMap, request: Request, next: Next) -> Response {
    if let Some(token) = &state.token {
        let given = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        if !bearer_token_matches(given, token) {
            return error(StatusCode::UNAUTHORIZED, "missing or wrong bearer token", "authentication_error", Some("invalid_api_key"));
        }
    }
    next.run(request).await
}

async fn health(State(state): State<AppState>) -> Json<Value> {
    let s = &state.engine.status;
    Json(json!({
        "status": "ok",
        "model": state.engine.file_name,
        "loaded": s.loaded.load(Ordering::SeqCst),
        "busy": s.busy.load(Ordering::SeqCst),
        "queued": s.queued.load(Ordering::SeqCst),
        "loads": s.loads.load(Ordering::SeqCst),
        "completed": s.completed.load(Ordering::SeqCst),
        "stopped": s.stopped.load(Ordering::SeqCst),
        "contextLength": state.engine.ctx,
    }))
}

async fn models(State(state): State<AppState>) -> Json<Value> {
    let e = &state.engine;
    let mut capabilities = vec!["chat"];
    if e.info.template_supports_tools() {
        capabilities.push("tools-template");
    }
    Json(json!({
        "object": "list",
        "data": [{
            "id": e.file_name,
            "object": "model",
            "created": 0,
            "owned_by": "this computer",
            "context_length": e.ctx,
            "architecture": e.info.architecture,
            "name": e.info.name,
            "capabilities": capabilities,
        }],
    }))
}

#[derive(Deserialize)]
struct ChatRequest {
    #[serde(default)]
    messages: Vec<WireMessage>,
    #[serde(default)]
    stream: bool,
    #[serde(default)]
    stream_options: Option<StreamOptions>,
    temperature: Option<f32>,
    top_p: Option<f32>,
    seed: Option<i64>,
    max_tokens: Option<u32>,
    max_completion_tokens: Option<u32>,
    #[serde(default)]
    stop: Option<Stop>,
    #[serde(default)]
    tools: Option<Vec<Value>>,
}

#[derive(Deserialize)]
struct StreamOptions {
    #[serde(default)]
    include_usage: bool,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Stop {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
struct WireMessage {
    role: String,
    #[serde(default)]
    content: Option<Value>,
}

/// A message's text: a string, or the text parts of a list of parts.
fn text_of(content: Option<Value>) -> Result<String, String> {
    match content {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s),
        Some(Value::Array(parts)) => parts
            .iter()
            .map(|p| match (p.get("type").and_then(Value::as_str), p.get("text").and_then(Value::as_str)) {
                (Some("text"), Some(t)) => Ok(t.to_string()),
                (kind, _) => Err(format!("this model reads text only, not a \"{}\" part", kind.unwrap_or("untyped"))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|t| t.join("\n")),
        Some(_) => Err("a message's content must be text".into()),
    }
}

fn conversation(messages: Vec<WireMessage>) -> Result<Vec<Message>, String> {
    if messages.is_empty() {
        return Err("messages: at least one message is needed".into());
    }
    messages
        .into_iter()
        .map(|m| {
            let content = text_of(m.content)?;
            let role = match m.role.as_str() {
                "system" | "developer" => "system",
                "user" => "user",
                "assistant" => "assistant",
                // A tool's result is shown to the model as something it was told.
                "tool" | "function" => return Ok(Message { role: "user".into(), content: format!("Tool result:\n{content}") }),
                other => return Err(format!("messages: unknown role \"{other}\"")),
            };
            Ok(Message { role: role.into(), content })
        })
        .collect()
}

/// The body is read as JSON whatever its `Content-Type` says (as llama.cpp's own server does).
async fn chat(State(state): State<AppState>, body: Bytes) -> Response {
    let request: ChatRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, &format!("the request is not a chat request: {e}"), "invalid_request_error", None),
    };
    if request.tools.as_ref().is_some_and(|t| !t.is_empty()) {
        return error(
            StatusCode::BAD_REQUEST,
            "this local model server does not choose tools; the app's built-in planner does",
            "invalid_request_error",
            Some("tools_unsupported"),
        );
    }
    let messages = match conversation(request.messages) {
        Ok(m) => m,
        Err(message) => return error(StatusCode::BAD_REQUEST, &message, "invalid_request_error", None),
    };
    let defaults = Sampling::default();
    let sampling = Sampling {
        temperature: request.temperature.filter(|t| t.is_finite()).map_or(defaults.temperature, |t| t.clamp(0.0, 2.0)),
        top_p: request.top_p.filter(|p| p.is_finite()).map_or(defaults.top_p, |p| p.clamp(0.0, 1.0)),
        seed: request.seed.map_or(defaults.seed, |s| (s.unsigned_abs() & u64::from(u32::MAX)) as u32),
        max_tokens: request.max_completion_tokens.or(request.max_tokens).filter(|n| *n > 0),
        stop: match request.stop {
            None => Vec::new(),
            Some(Stop::One(s)) => vec![s],
            Some(Stop::Many(v)) => v.into_iter().take(4).collect(),
        },
    };
    let (tx, rx) = mpsc::unbounded_channel();
    if let Err(e) = state.engine.submit(messages, sampling, tx) {
        let mut response = error(StatusCode::SERVICE_UNAVAILABLE, &e.to_string(), "server_error", Some("busy"));
        response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static("5"));
        return response;
    }
    let model = state.engine.file_name.clone();
    if request.stream {
        // The first event decides the status: a conversation too long for the context (or a model
        // that would not load) is an HTTP error, not a stream that carries one.
        let mut rx = rx;
        let first = match rx.recv().await {
            Some(Event::Failed(e)) => return engine_error(&e),
            Some(event) => event,
            None => return error(StatusCode::INTERNAL_SERVER_ERROR, "the model stopped without an answer", "server_error", None),
        };
        stream(first, rx, model, request.stream_options.is_some_and(|o| o.include_usage)).into_response()
    } else {
        whole(rx, &model).await
    }
}

fn id() -> String {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("chatcmpl-local-{nanos:x}")
}

fn created() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn engine_error(e: &EngineError) -> Response {
    match e {
        EngineError::ContextExceeded { .. } => {
            error(StatusCode::BAD_REQUEST, &e.to_string(), "invalid_request_error", Some("context_length_exceeded"))
        }
        EngineError::Busy(_) => error(StatusCode::SERVICE_UNAVAILABLE, &e.to_string(), "server_error", Some("busy")),
        EngineError::Load(_) => error(StatusCode::SERVICE_UNAVAILABLE, &e.to_string(), "server_error", Some("model_not_loaded")),
        EngineError::Generation(_) => error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string(), "server_error", None),
    }
}

fn usage(f: &Finish) -> Value {
    json!({ "prompt_tokens": f.prompt_tokens, "completion_tokens": f.completion_tokens, "total_tokens": f.prompt_tokens + f.completion_tokens })
}

/// llama.cpp server's `timings`, which the benchmark reads.
fn timings(f: &Finish) -> Value {
    let per_second = |n: u32, ms: f64| if ms > 0.0 { f64::from(n) * 1000.0 / ms } else { 0.0 };
    json!({
        "prompt_n": f.prompt_tokens,
        "prompt_ms": f.prompt_ms,
        "prompt_per_second": per_second(f.prompt_tokens, f.prompt_ms),
        "predicted_n": f.completion_tokens,
        "predicted_ms": f.generation_ms,
        "predicted_per_second": per_second(f.completion_tokens, f.generation_ms),
        "first_token_ms": f.first_token_ms,
    })
}

async fn whole(mut rx: mpsc::UnboundedReceiver<Event>, model: &str) -> Response {
    let mut text = String::new();
    while let Some(event) = rx.recv().await {
        match event {
            Event::Started { .. } => {}
            Event::Delta(d) => text.push_str(&d),
            Event::Done(f) => {
                return Json(json!({
                    "id": id(),
                    "object": "chat.completion",
                    "created": created(),
                    "model": model,
                    "choices": [{ "index": 0, "message": { "role": "assistant", "content": text }, "finish_reason": f.reason }],
                    "usage": usage(&f),
                    "timings": timings(&f),
                }))
                .into_response();
            }
            Event::Failed(e) => return engine_error(&e),
        }
    }
    error(StatusCode::INTERNAL_SERVER_ERROR, "the model stopped without an answer", "server_error", None)
}

fn stream(
    first: Event,
    rx: mpsc::UnboundedReceiver<Event>,
    model: String,
    include_usage: bool,
) -> Sse<impl futures::Stream<Item = Result<SseEvent, Infallible>>> {
    let id = id();
    let created = created();
    let chunk = move |delta: Value, finish: Option<&str>| {
        json!({ "id": id, "object": "chat.completion.chunk", "created": created, "model": model,
                "choices": [{ "index": 0, "delta": delta, "finish_reason": finish }] })
    };
    let events = futures::stream::unfold((rx, chunk, Some(first), false), move |(mut rx, chunk, first, done)| async move {
        if done {
            return None;
        }
        let next = match first {
            Some(event) => Some(event),
            None => rx.recv().await,
        };
        let (out, done): (Vec<SseEvent>, bool) = match next {
            None => return None,
            Some(Event::Started { .. }) => {
                (vec![SseEvent::default().data(chunk(json!({ "role": "assistant", "content": "" }), None).to_string())], false)
            }
            Some(Event::Delta(d)) => (vec![SseEvent::default().data(chunk(json!({ "content": d }), None).to_string())], false),
            Some(Event::Done(f)) => {
                let mut last = chunk(json!({}), Some(f.reason));
                last["timings"] = timings(&f);
                if include_usage {
                    last["usage"] = usage(&f);
                }
                (vec![SseEvent::default().data(last.to_string()), SseEvent::default().data("[DONE]")], true)
            }
            Some(Event::Failed(e)) => {
                let code = match e {
                    EngineError::ContextExceeded { .. } => "context_length_exceeded",
                    _ => "server_error",
                };
                let body = json!({ "error": { "message": e.to_string(), "type": "server_error", "code": code } });
                (vec![SseEvent::default().data(body.to_string())], true)
            }
        };
        Some((futures::stream::iter(out.into_iter().map(Ok::<_, Infallible>)), (rx, chunk, None, done)))
    });
    Sse::new(futures::StreamExt::flatten(events)).keep_alive(KeepAlive::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_read_as_text_in_the_roles_a_chat_template_knows() {
        let wire = |role: &str, content: Value| WireMessage { role: role.into(), content: Some(content) };
        let got = conversation(vec![
            wire("developer", json!("Be brief.")),
            wire("user", json!([{ "type": "text", "text": "a" }, { "type": "text", "text": "b" }])),
            wire("tool", json!("{\"x\":1}")),
        ])
        .unwrap();
        assert_eq!(got[0], Message { role: "system".into(), content: "Be brief.".into() });
        assert_eq!(got[1].content, "a\nb");
        assert_eq!(got[2], Message { role: "user".into(), content: "Tool result:\n{\"x\":1}".into() });
        assert!(conversation(vec![]).unwrap_err().contains("at least one"));
        assert!(conversation(vec![wire("wizard", json!("x"))]).unwrap_err().contains("unknown role \"wizard\""));
        assert!(conversation(vec![wire("user", json!([{ "type": "image_url" }]))]).unwrap_err().contains("image_url"));
        assert!(conversation(vec![wire("user", json!(5))]).is_err());
    }
}
