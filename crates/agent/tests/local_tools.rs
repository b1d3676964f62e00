//! Phase 1 with a model on this computer: the model chooses the tools when its chat template takes
//! them (first turn `tool_choice: "required"`, later turns `"auto"`), and the built-in planner
//! chooses when it does not, or when the model's first turn fails or calls nothing.
//!
//! The local server here is a loopback stand-in answering in OpenAI's documented chat-completions
//! shape (what `proseva-llm` serves; its own tests run the real model).

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use proseva_agent::local::{LocalEndpoint, LocalModel};
use proseva_agent::model::{ChatMessage, ChatModel, ModelTurn, ToolCall};
use proseva_agent::offline::OfflineModel;
use proseva_agent::tool::{Effect, ToolSpec};
use serde_json::{Value, json};

/// A stand-in that answers each request with the next scripted reply and keeps what it was sent.
async fn local_server(replies: Vec<(u16, Value)>) -> (String, Arc<Mutex<Vec<Value>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let script = Arc::new(Mutex::new(replies.into_iter()));
    let log = seen.clone();
    let app = Router::new().route(
        "/v1/chat/completions",
        post(move |Json(body): Json<Value>| {
            let (log, script) = (log.clone(), script.clone());
            async move {
                log.lock().unwrap().push(body);
                let (status, reply) = script.lock().unwrap().next().unwrap_or((500, json!({ "error": { "message": "no more replies" } })));
                (StatusCode::from_u16(status).unwrap(), Json(reply))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

fn model(url: &str, chooses_tools: bool) -> LocalModel {
    LocalModel::new(LocalEndpoint {
        base_url: url.into(),
        token: "launch-token".into(),
        model: "qwen3-1.7b-q4_k_m.gguf".into(),
        context_tokens: 4096,
        small: true,
        chooses_tools,
    })
}

fn specs() -> Vec<ToolSpec> {
    let spec = |name: &str, parameters: Value| ToolSpec {
        name: name.into(),
        description: format!("{name} tool"),
        parameters,
        effect: Effect::Reads,
    };
    vec![
        spec(
            "SearchKnowledge",
            json!({ "type": "object", "properties": { "query": { "type": "string" }, "topK": { "type": "integer" } }, "required": ["query"] }),
        ),
        spec(
            "search_nodes",
            json!({ "type": "object", "properties": { "search": { "type": "string" }, "limit": { "type": "integer" } }, "required": ["search"] }),
        ),
        spec("GetDeadlines", json!({ "type": "object", "properties": { "caseId": { "type": "integer" } } })),
    ]
}

fn calls_reply(calls: &[(&str, &str)]) -> Value {
    let calls: Vec<Value> = calls
        .iter()
        .enumerate()
        .map(|(i, (name, args))| json!({ "id": format!("call_{i}"), "type": "function", "function": { "name": name, "arguments": args } }))
        .collect();
    json!({ "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "qwen3-1.7b-q4_k_m.gguf",
            "choices": [{ "index": 0, "message": { "role": "assistant", "content": null, "tool_calls": calls }, "finish_reason": "tool_calls" }] })
}

fn text_reply(text: &str) -> Value {
    json!({ "id": "chatcmpl-2", "object": "chat.completion", "created": 0, "model": "qwen3-1.7b-q4_k_m.gguf",
            "choices": [{ "index": 0, "message": { "role": "assistant", "content": text }, "finish_reason": "stop" }] })
}

const QUESTION: &str = "How many days do I have to appeal an eviction judgment?";

async fn planner_turn(messages: &[ChatMessage]) -> ModelTurn {
    OfflineModel.tool_turn("small", messages, &specs()).await.unwrap()
}

#[tokio::test]
async fn a_model_whose_template_takes_tools_chooses_them_first_required_then_free() {
    let (url, seen) = local_server(vec![
        (200, calls_reply(&[("SearchKnowledge", r#"{"query": "eviction appeal days"}"#)])),
        (200, text_reply("I have what I need.")),
    ])
    .await;
    let local = model(&url, true);
    let mut messages = vec![ChatMessage::system("You help."), ChatMessage::user(QUESTION)];
    let turn = local.tool_turn("small", &messages, &specs()).await.unwrap();
    assert_eq!(turn.tool_calls.len(), 1);
    assert_eq!(turn.tool_calls[0].name, "SearchKnowledge");
    assert_eq!(serde_json::from_str::<Value>(&turn.tool_calls[0].arguments).unwrap(), json!({ "query": "eviction appeal days" }));
    {
        let sent = seen.lock().unwrap();
        assert_eq!(sent[0]["tool_choice"], "required", "{}", sent[0]);
        let names: Vec<&str> = sent[0]["tools"].as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["SearchKnowledge", "search_nodes", "GetDeadlines"]);
    }

    // After a tool's result the model may answer instead of calling more.
    let call = ToolCall { id: "call_0".into(), name: "SearchKnowledge".into(), arguments: r#"{"query": "eviction appeal days"}"#.into() };
    messages.push(ChatMessage::assistant_calls("", vec![call]));
    messages.push(ChatMessage::tool("call_0", "§ 8.01-129: ten days"));
    let turn = local.tool_turn("small", &messages, &specs()).await.unwrap();
    assert!(turn.tool_calls.is_empty());
    assert_eq!(turn.content, "I have what I need.");
    assert_eq!(seen.lock().unwrap()[1]["tool_choice"], "auto");
}

#[tokio::test]
async fn the_planner_chooses_when_the_model_calls_nothing_fails_or_cannot_choose() {
    let messages = [ChatMessage::user(QUESTION)];
    let planned = planner_turn(&messages).await;
    assert!(!planned.tool_calls.is_empty(), "the planner picks tools for a legal question");

    // The model's first turn called nothing.
    let (url, seen) = local_server(vec![(200, text_reply("Ten days."))]).await;
    assert_eq!(model(&url, true).tool_turn("small", &messages, &specs()).await.unwrap(), planned);
    assert_eq!(seen.lock().unwrap().len(), 1);

    // The local server refused (its template failed, say).
    let refusal =
        json!({ "error": { "message": "the model's chat template failed", "type": "invalid_request_error", "code": "template_error" } });
    let (url, _) = local_server(vec![(400, refusal)]).await;
    assert_eq!(model(&url, true).tool_turn("small", &messages, &specs()).await.unwrap(), planned);

    // A template that takes no tools: the model is not asked at all.
    let (url, seen) = local_server(vec![(200, calls_reply(&[("GetDeadlines", "{}")]))]).await;
    assert_eq!(model(&url, false).tool_turn("small", &messages, &specs()).await.unwrap(), planned);
    assert!(seen.lock().unwrap().is_empty());
}
