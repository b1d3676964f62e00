//! A scripted OpenAI-compatible model server: it answers `/v1/chat/completions` in the real wire
//! format (completions, tool calls, SSE chunks) from a script of replies, and records every request
//! so tests can check what the agent sent.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use proseva_agent::openai::{Endpoint, OpenAiModel, RetryPolicy};
use proseva_e2e::serve;
use serde_json::{Value, json};

pub const SMALL: &str = "small-model";
pub const LARGE: &str = "large-model";

/// What the fake model server answers to one request.
pub enum Reply {
    /// A chat completion (or any JSON), 200.
    Json(Value),
    /// `text/event-stream`: one `data: {chunk}` event per chunk, then `data: [DONE]`.
    Sse(Vec<Value>),
    Error {
        status: u16,
        headers: Vec<(&'static str, &'static str)>,
        body: Value,
    },
    After(Duration, Box<Reply>),
}

type Script = dyn Fn(usize, &Value) -> Reply + Send + Sync;

#[derive(Debug, Clone)]
pub struct Received {
    pub body: Value,
    pub authorization: Option<String>,
    pub at: Instant,
}

#[derive(Clone)]
struct FakeState {
    script: Arc<Script>,
    received: Arc<Mutex<Vec<Received>>>,
}

pub struct FakeModel {
    /// Like `http://127.0.0.1:PORT/v1`.
    pub base_url: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl FakeModel {
    pub async fn start(script: impl Fn(usize, &Value) -> Reply + Send + Sync + 'static) -> FakeModel {
        let state = FakeState { script: Arc::new(script), received: Arc::default() };
        let received = state.received.clone();
        let url = serve(Router::new().route("/v1/chat/completions", post(completions)).with_state(state)).await;
        FakeModel { base_url: format!("{url}/v1"), received }
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    pub fn bodies(&self) -> Vec<Value> {
        self.received().into_iter().map(|r| r.body).collect()
    }

    /// A model client on this server with quick retries.
    pub fn model(&self, api_key: Option<&str>) -> OpenAiModel {
        OpenAiModel::new(quick(Endpoint::new(&self.base_url, api_key.map(str::to_string), SMALL, LARGE)))
    }
}

pub fn quick(mut endpoint: Endpoint) -> Endpoint {
    endpoint.retry = RetryPolicy {
        max_retries: 3,
        first_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(40),
        longest_retry_after: Duration::from_secs(5),
    };
    endpoint.request_timeout = Duration::from_secs(10);
    endpoint
}

async fn completions(State(state): State<FakeState>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    let n = {
        let mut received = state.received.lock().unwrap();
        let authorization = headers.get(header::AUTHORIZATION).map(|v| v.to_str().unwrap().to_string());
        received.push(Received { body: body.clone(), authorization, at: Instant::now() });
        received.len() - 1
    };
    let mut reply = (state.script)(n, &body);
    loop {
        match reply {
            Reply::After(wait, then) => {
                tokio::time::sleep(wait).await;
                reply = *then;
            }
            Reply::Json(mut value) => {
                value["model"] = body["model"].clone();
                return Json(value).into_response();
            }
            Reply::Sse(chunks) => {
                let mut events: Vec<Result<Bytes, std::io::Error>> = chunks
                    .into_iter()
                    .map(|mut chunk| {
                        chunk["model"] = body["model"].clone();
                        Ok(Bytes::from(format!("data: {chunk}\n\n")))
                    })
                    .collect();
                events.push(Ok(Bytes::from("data: [DONE]\n\n")));
                let stream = Body::from_stream(futures::stream::iter(events));
                return ([(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")], stream).into_response();
            }
            Reply::Error { status, headers, body } => {
                let mut response = (StatusCode::from_u16(status).unwrap(), Json(body)).into_response();
                for (name, value) in headers {
                    response.headers_mut().insert(name, value.parse().unwrap());
                }
                return response;
            }
        }
    }
}

/// A completion whose message calls tools, as OpenAI sends it.
pub fn calls(list: &[(&str, &str, Value)]) -> Reply {
    let tool_calls: Vec<Value> = list
        .iter()
        .map(|(id, name, args)| json!({ "id": id, "type": "function", "function": { "name": name, "arguments": args.to_string() } }))
        .collect();
    Reply::Json(json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_735_689_600,
        "choices": [{
            "index": 0,
            "message": { "role": "assistant", "content": null, "tool_calls": tool_calls, "refusal": null },
            "logprobs": null,
            "finish_reason": "tool_calls"
        }],
        "usage": { "prompt_tokens": 812, "completion_tokens": 41, "total_tokens": 853 }
    }))
}

/// A completion with text and no tool calls.
pub fn text(content: &str) -> Reply {
    Reply::Json(json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_735_689_600,
        "choices": [{ "index": 0, "message": { "role": "assistant", "content": content, "refusal": null }, "logprobs": null, "finish_reason": "stop" }],
        "usage": { "prompt_tokens": 812, "completion_tokens": 9, "total_tokens": 821 }
    }))
}

/// A streamed answer: a role chunk, one chunk per piece, a finish chunk.
pub fn streamed(pieces: &[&str]) -> Reply {
    let chunk = |delta: Value, finish: Value| {
        json!({
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": 1_735_689_600,
            "system_fingerprint": "fp_fake",
            "choices": [{ "index": 0, "delta": delta, "logprobs": null, "finish_reason": finish }]
        })
    };
    let mut chunks = vec![chunk(json!({ "role": "assistant", "content": "", "refusal": null }), Value::Null)];
    chunks.extend(pieces.iter().map(|p| chunk(json!({ "content": p }), Value::Null)));
    chunks.push(chunk(json!({}), json!("stop")));
    Reply::Sse(chunks)
}

pub fn error(status: u16, message: &str) -> Reply {
    Reply::Error {
        status,
        headers: vec![],
        body: json!({ "error": { "message": message, "type": "invalid_request_error", "param": null, "code": null } }),
    }
}

/// The JSON a tool message answering `call_id` carried in a request.
pub fn tool_answer(body: &Value, call_id: &str) -> Option<Value> {
    body["messages"]
        .as_array()?
        .iter()
        .find(|m| m["role"] == "tool" && m["tool_call_id"] == call_id)
        .map(|m| proseva_agent::pipeline::data::parse(m["content"].as_str().unwrap_or_default()).unwrap_or(Value::Null))
}

/// The id of the first node a `search_nodes` call found, as the model read it.
pub fn first_hit(body: &Value, call_id: &str) -> Result<i64, Reply> {
    tool_answer(body, call_id)
        .and_then(|found| found["nodes"][0]["id"].as_i64())
        .ok_or_else(|| error(400, &format!("fake model: no search_nodes hits for {call_id} in this request")))
}

// ---------------------------------------------------------------------------------------------
// What the fake received.

pub fn is_stream(body: &Value) -> bool {
    body["stream"] == true
}

/// A phase-1 request: the small model, the tools in the function shape, `tool_choice: auto`,
/// not streamed; returns the tool names in order.
pub fn assert_tool_request(body: &Value) -> Vec<String> {
    assert_eq!(body["model"], SMALL);
    assert_eq!(body["tool_choice"], "auto");
    assert!(!is_stream(body), "phase 1 is not streamed");
    let tools = body["tools"].as_array().expect("phase 1 offers tools");
    tools
        .iter()
        .map(|t| {
            assert_eq!(t["type"], "function", "{t}");
            let f = &t["function"];
            assert!(f["description"].as_str().is_some_and(|d| !d.is_empty()), "{t}");
            assert_eq!(f["parameters"]["type"], "object", "{t}");
            f["name"].as_str().unwrap().to_string()
        })
        .collect()
}

/// Every assistant message with tool calls is followed by one tool message per call id, in order.
pub fn assert_every_call_answered(body: &Value) {
    let messages = body["messages"].as_array().unwrap();
    for (i, m) in messages.iter().enumerate() {
        let Some(calls) = m["tool_calls"].as_array() else { continue };
        assert_eq!(m["role"], "assistant");
        let ids: Vec<&str> = calls.iter().map(|c| c["id"].as_str().unwrap()).collect();
        let answered: Vec<&str> =
            messages[i + 1..].iter().take_while(|m| m["role"] == "tool").map(|m| m["tool_call_id"].as_str().unwrap()).collect();
        assert_eq!(answered, ids, "tool messages after message {i}");
        for call in calls {
            assert_eq!(call["type"], "function");
            assert!(call["function"]["arguments"].is_string(), "arguments go back as the text the model wrote");
        }
    }
}

/// The phase-2 request: the large model, streamed, no tools at all, and a fresh context of the
/// system prompt, the person's question and one assistant summary. Returns the summary.
pub fn assert_answer_request(body: &Value, question: &str) -> String {
    assert_eq!(body["model"], LARGE);
    assert!(is_stream(body), "the answer is streamed");
    assert!(body.get("tools").is_none(), "no tools key in phase 2: {body}");
    assert!(body.get("tool_choice").is_none(), "no tool_choice key in phase 2");
    let messages = body["messages"].as_array().unwrap();
    let roles: Vec<&str> = messages.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["system", "user", "assistant"]);
    assert_eq!(messages[1]["content"], question);
    assert!(messages.iter().all(|m| m.get("tool_calls").is_none() && m.get("tool_call_id").is_none()));
    messages[2]["content"].as_str().unwrap().to_string()
}

pub fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}
