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

use crate::engine::{Engine, EngineError, Event, Finish, Message, Prompt, Sampling};
use crate::tool_calls::{self, ToolFormat};

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
    if tool_format(e).is_some() {
        capabilities.push("tools");
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
    #[serde(default)]
    tool_choice: Option<Value>,
    #[serde(default)]
    response_format: Option<Value>,
}

/// The grammar a `response_format` asks for: JSON fitting a schema (`json_schema`), any JSON
/// object (`json_object`), or none (`text`, or no format).
fn format_grammar(format: Option<&Value>) -> Result<Option<String>, String> {
    let Some(format) = format.filter(|f| !f.is_null()) else { return Ok(None) };
    let any_object = serde_json::json!({ "type": "object" });
    let schema = match format.get("type").and_then(Value::as_str) {
        Some("text") => return Ok(None),
        Some("json_object") => &any_object,
        Some("json_schema") => format.pointer("/json_schema/schema").ok_or("response_format: json_schema needs json_schema.schema")?,
        _ => return Err("response_format: type must be text, json_object or json_schema".into()),
    };
    crate::grammar::for_schema(schema).map(Some).map_err(|e| format!("response_format: {e}"))
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
    #[serde(default)]
    tool_calls: Option<Vec<Value>>,
    #[serde(default)]
    tool_call_id: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

/// How the model writes tool calls, from the chat template in use; `None` when it takes no tools.
fn tool_format(engine: &Engine) -> Option<ToolFormat> {
    engine.chat_template.as_deref().and_then(ToolFormat::of_template)
}

/// Most tools one request may offer.
const MAX_TOOLS: usize = 128;

/// What `tool_choice` asks for.
#[derive(Debug, PartialEq)]
enum Choice {
    Auto,
    Never,
    Required,
    Named(String),
}

fn choice_of(value: Option<&Value>) -> Result<Choice, String> {
    match value {
        None | Some(Value::Null) => Ok(Choice::Auto),
        Some(Value::String(s)) => match s.as_str() {
            "auto" => Ok(Choice::Auto),
            "none" => Ok(Choice::Never),
            "required" => Ok(Choice::Required),
            other => Err(format!("tool_choice: \"{other}\" is not one of auto, none, required")),
        },
        Some(v) => {
            match v.pointer("/function/name").and_then(Value::as_str) {
                Some(name) if v.get("type").and_then(Value::as_str) == Some("function") => Ok(Choice::Named(name.to_string())),
                _ => Err("tool_choice: expected \"auto\", \"none\", \"required\" or {\"type\": \"function\", \"function\": {\"name\": …}}"
                    .into()),
            }
        }
    }
}

/// The names of the tools offered, each checked to be a function with a name.
fn tool_names(tools: &[Value]) -> Result<Vec<String>, String> {
    if tools.len() > MAX_TOOLS {
        return Err(format!("tools: at most {MAX_TOOLS} tools, not {}", tools.len()));
    }
    tools
        .iter()
        .enumerate()
        .map(|(i, t)| match (t.get("type").and_then(Value::as_str), t.pointer("/function/name").and_then(Value::as_str)) {
            (Some("function"), Some(name)) if !name.trim().is_empty() => Ok(name.to_string()),
            _ => Err(format!("tools[{i}]: expected {{\"type\": \"function\", \"function\": {{\"name\": …, \"parameters\": …}}}}")),
        })
        .collect()
}

/// The conversation as a chat template reads it: OpenAI's shape, text content, and the
/// arguments of earlier calls as JSON objects (templates write them with `tojson`).
fn template_messages(messages: Vec<WireMessage>) -> Result<Vec<Value>, String> {
    if messages.is_empty() {
        return Err("messages: at least one message is needed".into());
    }
    messages
        .into_iter()
        .map(|m| {
            let role = match m.role.as_str() {
                "developer" => "system",
                r @ ("system" | "user" | "assistant" | "tool") => r,
                "function" => "tool",
                other => return Err(format!("messages: unknown role \"{other}\"")),
            };
            let mut out = serde_json::Map::new();
            out.insert("role".into(), json!(role));
            out.insert("content".into(), json!(text_of(m.content)?));
            if let Some(calls) = m.tool_calls.filter(|c| !c.is_empty()) {
                let calls = calls
                    .into_iter()
                    .map(|mut call| {
                        if let Some(Value::String(text)) = call.pointer("/function/arguments")
                            && let Ok(parsed @ Value::Object(_)) = serde_json::from_str::<Value>(text)
                        {
                            call["function"]["arguments"] = parsed;
                        }
                        call
                    })
                    .collect::<Vec<_>>();
                out.insert("tool_calls".into(), Value::Array(calls));
            }
            if let Some(id) = m.tool_call_id {
                out.insert("tool_call_id".into(), json!(id));
            }
            if let Some(name) = m.name {
                out.insert("name".into(), json!(name));
            }
            Ok(Value::Object(out))
        })
        .collect()
}

/// When the model may call tools: how it writes them, and which it was offered.
struct ToolsOffered {
    format: ToolFormat,
    names: Vec<String>,
}

/// Why a request was refused before the model saw it: the message, and OpenAI's error code if any.
struct Refused(String, Option<&'static str>);

/// What the model is given to read, the tools it may call, and a required call's grammar.
fn prompt_for(engine: &Engine, request: &mut ChatRequest) -> Result<(Prompt, Option<ToolsOffered>, Option<String>), Refused> {
    let bad = |message: String| Refused(message, None);
    let tools = request.tools.take().filter(|t| !t.is_empty());
    let choice = choice_of(request.tool_choice.as_ref()).map_err(bad)?;
    let messages = std::mem::take(&mut request.messages);
    let Some(tools) = tools.filter(|_| choice != Choice::Never) else {
        // A template given on the command line is used for every request; otherwise llama.cpp
        // renders plain chats in the model's own format.
        return match (&engine.chat_template, engine.template_given) {
            (Some(template), true) => Ok((
                Prompt::Template { template: template.clone(), messages: template_messages(messages).map_err(bad)?, tools: None },
                None,
                None,
            )),
            _ => Ok((Prompt::Chat(conversation(messages).map_err(bad)?), None, None)),
        };
    };
    let (Some(template), Some(format)) = (engine.chat_template.clone(), tool_format(engine)) else {
        return Err(Refused(
            format!("{}'s chat template does not take tools; the app's built-in planner chooses them for this model", engine.file_name),
            Some("tools_unsupported"),
        ));
    };
    let names = tool_names(&tools).map_err(bad)?;
    let grammar = match &choice {
        Choice::Auto | Choice::Never => None,
        Choice::Required => tool_calls::grammar(format, &tools),
        Choice::Named(name) => {
            let Some(tool) = tools.iter().find(|t| t.pointer("/function/name").and_then(Value::as_str) == Some(name.as_str())) else {
                return Err(bad(format!("tool_choice names \"{name}\", which is not among the tools")));
            };
            tool_calls::grammar(format, std::slice::from_ref(tool))
        }
    };
    let prompt = Prompt::Template { template, messages: template_messages(messages).map_err(bad)?, tools: Some(tools) };
    Ok((prompt, Some(ToolsOffered { format, names }), grammar))
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
    let mut request: ChatRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, &format!("the request is not a chat request: {e}"), "invalid_request_error", None),
    };
    let (prompt, offered, tool_grammar) = match prompt_for(&state.engine, &mut request) {
        Ok(p) => p,
        Err(Refused(message, code)) => return error(StatusCode::BAD_REQUEST, &message, "invalid_request_error", code),
    };
    // A required tool call's grammar, else the answer format's.
    let grammar = match tool_grammar.map(Some).map_or_else(|| format_grammar(request.response_format.as_ref()), Ok) {
        Ok(g) => g,
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
        grammar,
    };
    let (tx, rx) = mpsc::unbounded_channel();
    if let Err(e) = state.engine.submit(prompt, sampling, tx) {
        let mut response = error(StatusCode::SERVICE_UNAVAILABLE, &e.to_string(), "server_error", Some("busy"));
        response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static("5"));
        return response;
    }
    let model = state.engine.file_name.clone();
    if let Some(offered) = offered {
        // A tool call is known only once it is whole: the reply is written first, then sent (as
        // one body, or as a short stream of chunks).
        let (text, finish) = match collect(rx).await {
            Ok(done) => done,
            Err(response) => return response,
        };
        let reply = tool_calls::parse(offered.format, &text, &offered.names);
        return tool_reply(&reply, &finish, &model, request.stream, request.stream_options.is_some_and(|o| o.include_usage));
    }
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
        EngineError::Template(_) => error(StatusCode::BAD_REQUEST, &e.to_string(), "invalid_request_error", Some("template_error")),
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

/// The whole reply and how it ended, or the error response.
async fn collect(mut rx: mpsc::UnboundedReceiver<Event>) -> Result<(String, Finish), Response> {
    let mut text = String::new();
    while let Some(event) = rx.recv().await {
        match event {
            Event::Started { .. } => {}
            Event::Delta(d) => text.push_str(&d),
            Event::Done(f) => return Ok((text, f)),
            Event::Failed(e) => return Err(engine_error(&e)),
        }
    }
    Err(error(StatusCode::INTERNAL_SERVER_ERROR, "the model stopped without an answer", "server_error", None))
}

async fn whole(rx: mpsc::UnboundedReceiver<Event>, model: &str) -> Response {
    match collect(rx).await {
        Ok((text, f)) => Json(json!({
            "id": id(),
            "object": "chat.completion",
            "created": created(),
            "model": model,
            "choices": [{ "index": 0, "message": { "role": "assistant", "content": text }, "finish_reason": f.reason }],
            "usage": usage(&f),
            "timings": timings(&f),
        }))
        .into_response(),
        Err(response) => response,
    }
}

/// A reply that may hold tool calls, in OpenAI's shape: `message.tool_calls` with the arguments as
/// JSON text and `finish_reason: "tool_calls"`; streamed, the same as chunks.
fn tool_reply(reply: &tool_calls::Reply, f: &Finish, model: &str, stream: bool, include_usage: bool) -> Response {
    let calls: Vec<Value> = reply
        .calls
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({ "id": format!("call_{i}"), "type": "function",
                    "function": { "name": c.name, "arguments": Value::Object(c.arguments.clone()).to_string() } })
        })
        .collect();
    let finish = if calls.is_empty() { f.reason } else { "tool_calls" };
    let content = if reply.content.is_empty() && !calls.is_empty() { Value::Null } else { json!(reply.content) };
    let (id, created) = (id(), created());
    if !stream {
        let mut message = json!({ "role": "assistant", "content": content });
        if !calls.is_empty() {
            message["tool_calls"] = Value::Array(calls);
        }
        return Json(json!({
            "id": id, "object": "chat.completion", "created": created, "model": model,
            "choices": [{ "index": 0, "message": message, "finish_reason": finish }],
            "usage": usage(f), "timings": timings(f),
        }))
        .into_response();
    }
    let chunk = |delta: Value, finish: Option<&str>| {
        json!({ "id": id, "object": "chat.completion.chunk", "created": created, "model": model,
                "choices": [{ "index": 0, "delta": delta, "finish_reason": finish }] })
    };
    let mut chunks = vec![chunk(json!({ "role": "assistant", "content": "" }), None)];
    if !reply.content.is_empty() {
        chunks.push(chunk(json!({ "content": reply.content }), None));
    }
    for (i, mut call) in calls.into_iter().enumerate() {
        call["index"] = json!(i);
        chunks.push(chunk(json!({ "tool_calls": [call] }), None));
    }
    let mut last = chunk(json!({}), Some(finish));
    last["timings"] = timings(f);
    if include_usage {
        last["usage"] = usage(f);
    }
    chunks.push(last);
    let events = chunks.into_iter().map(|c| SseEvent::default().data(c.to_string())).chain([SseEvent::default().data("[DONE]")]);
    Sse::new(futures::stream::iter(events.map(Ok::<_, Infallible>))).into_response()
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
        let wire = |role: &str, content: Value| WireMessage {
            role: role.into(),
            content: Some(content),
            tool_calls: None,
            tool_call_id: None,
            name: None,
        };
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
