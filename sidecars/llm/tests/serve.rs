//! `proseva-llm serve` as the app runs it: the real binary, the real llama.cpp, a small real GGUF
//! model (Gemma 3 270M, installed by `make test`; `scripts/install-llm-test-model.sh`). Its
//! answers are poor (it is a 270M base model); these tests check the mechanics: load, answer,
//! stream, stop, queue, unload, the context limit, bad files and bad requests.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TOKEN: &str = "test-token";

fn test_model() -> PathBuf {
    let path = std::env::var_os("PROSEVA_LLM_TEST_MODEL")
        .map(PathBuf::from)
        .unwrap_or_else(|| dirs::home_dir().expect("a home directory").join(".cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf"));
    assert!(path.is_file(), "the test model is missing at {}: run scripts/install-llm-test-model.sh (make test does)", path.display());
    path
}

struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn command(model: &Path, extra: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proseva-llm"));
    cmd.args(["serve", "--port", "0", "--model"]).arg(model).args(extra).env("PROSEVA_TOKEN", TOKEN);
    cmd
}

fn serve(extra: &[&str]) -> Server {
    let mut child = command(&test_model(), extra).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("proseva-llm starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    Server { child, url }
}

fn client() -> reqwest::Client {
    proseva_http::loopback_client_builder("proseva-llm-test").build().unwrap()
}

impl Server {
    async fn health(&self) -> Value {
        client().get(format!("{}/health", self.url)).send().await.unwrap().json().await.unwrap()
    }

    fn chat(&self, body: &Value) -> reqwest::RequestBuilder {
        client().post(format!("{}/v1/chat/completions", self.url)).bearer_auth(TOKEN).json(body)
    }

    /// Waits (up to `limit`) until `/health` satisfies `test`; the last reading either way.
    async fn health_until(&self, limit: Duration, test: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let h = self.health().await;
            if test(&h) || start.elapsed() > limit {
                return h;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

fn question(text: &str, max_tokens: u32) -> Value {
    json!({ "model": "local", "messages": [
        { "role": "system", "content": "You answer questions about Virginia law." },
        { "role": "user", "content": text },
    ], "max_tokens": max_tokens, "temperature": 0 })
}

/// The `data:` payloads of a server-sent-event stream, read as it arrives; stops after `take`.
async fn sse(mut response: reqwest::Response, take: usize) -> Vec<String> {
    let mut buffer = String::new();
    let mut events = Vec::new();
    while events.len() < take {
        let Some(chunk) = response.chunk().await.unwrap() else { break };
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                events.push(data.to_string());
            }
        }
    }
    events
}

fn streamed_text(events: &[String]) -> String {
    events
        .iter()
        .filter(|e| *e != "[DONE]")
        .filter_map(|e| serde_json::from_str::<Value>(e).ok())
        .filter_map(|v| v["choices"][0]["delta"]["content"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test]
async fn the_model_loads_answers_and_streams_the_same_words() {
    let server = serve(&[]);
    let health = server.health().await;
    assert_eq!((health["status"].as_str(), health["loaded"].as_bool()), (Some("ok"), Some(true)), "{health}");
    let models: Value = client().get(format!("{}/v1/models", server.url)).bearer_auth(TOKEN).send().await.unwrap().json().await.unwrap();
    assert_eq!(models["data"][0]["id"], "gemma-3-270m-q4_k_m.gguf", "{models}");
    assert_eq!(models["data"][0]["architecture"], "gemma3");
    assert_eq!(models["data"][0]["context_length"], 4096);

    let body = question("How many days does a tenant have to pay rent after a pay-or-quit notice?", 24);
    let whole: Value = server.chat(&body).send().await.unwrap().json().await.unwrap();
    let text = whole["choices"][0]["message"]["content"].as_str().unwrap_or_else(|| panic!("{whole}")).to_string();
    assert!(!text.trim().is_empty(), "{whole}");
    assert_eq!(whole["object"], "chat.completion");
    assert_eq!(whole["choices"][0]["message"]["role"], "assistant");
    let usage = &whole["usage"];
    assert!(usage["prompt_tokens"].as_u64().unwrap() > 10, "{whole}");
    assert!(usage["completion_tokens"].as_u64().unwrap() <= 24, "max_tokens is kept: {whole}");
    assert!(whole["timings"]["predicted_per_second"].as_f64().unwrap() > 0.0);

    // Streamed, the same words (greedy), chunk by chunk, in OpenAI's chunk shape.
    let mut streaming = body.clone();
    streaming["stream"] = json!(true);
    streaming["stream_options"] = json!({ "include_usage": true });
    let response = server.chat(&streaming).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let events = sse(response, usize::MAX).await;
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"), "{events:?}");
    let first: Value = serde_json::from_str(&events[0]).unwrap();
    assert_eq!(first["object"], "chat.completion.chunk");
    assert_eq!(first["choices"][0]["delta"]["role"], "assistant");
    assert!(events.len() > 3, "the answer comes in pieces: {events:?}");
    assert_eq!(streamed_text(&events), text, "streamed and whole answers agree");
    let last: Value = serde_json::from_str(&events[events.len() - 2]).unwrap();
    assert!(last["choices"][0]["finish_reason"].is_string(), "{last}");
    assert_eq!(last["usage"]["completion_tokens"], whole["usage"]["completion_tokens"]);
    assert_eq!(server.health().await["completed"], 2);
}

#[tokio::test]
async fn stop_ends_the_answer_at_once_and_the_next_question_is_answered() {
    let server = serve(&[]);
    // Long enough to run for a minute or more if nothing stopped it.
    let mut body = question("Tell me everything about Virginia courts.", 3800);
    body["stream"] = json!(true);
    body["temperature"] = json!(0.9);
    let response = server.chat(&body).send().await.unwrap();
    let events = sse(response, 4).await;
    assert_eq!(events.len(), 4, "{events:?}");
    assert!(server.health().await["busy"].as_bool().unwrap(), "still writing while the client listens");
    // The client hangs up (the window's Stop); the response was dropped above.
    let health = server.health_until(Duration::from_secs(30), |h| h["stopped"] == 1 && h["busy"] == false).await;
    assert_eq!((health["stopped"].as_u64(), health["busy"].as_bool()), (Some(1), Some(false)), "{health}");
    let next: Value = server.chat(&question("And the general district court?", 4)).send().await.unwrap().json().await.unwrap();
    assert!(next["choices"][0]["message"]["content"].is_string(), "{next}");
}

#[tokio::test]
async fn questions_wait_their_turn_one_at_a_time() {
    let server = serve(&[]);
    let mut first = question("What is an unlawful detainer?", 160);
    first["stream"] = json!(true);
    let first_response = server.chat(&first).send().await.unwrap();
    let second = tokio::spawn({
        let request = server.chat(&question("What is a warrant in debt?", 8));
        async move {
            let v: Value = request.send().await.unwrap().json().await.unwrap();
            (Instant::now(), v)
        }
    });
    let waiting = server.health_until(Duration::from_secs(20), |h| h["queued"] == 1).await;
    assert_eq!((waiting["queued"].as_u64(), waiting["busy"].as_bool()), (Some(1), Some(true)), "{waiting}");
    let events = sse(first_response, usize::MAX).await;
    let first_done = Instant::now();
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let (second_done, answer) = second.await.unwrap();
    assert!(answer["choices"][0]["message"]["content"].is_string(), "{answer}");
    assert!(second_done >= first_done, "the second question is answered after the first");
    // Nine at once: one runs, eight wait, the ninth hears that the model is busy.
    let mut body = question("x", 200);
    body["stream"] = json!(true);
    let mut held = Vec::new();
    held.push(server.chat(&body).send().await.unwrap());
    server.health_until(Duration::from_secs(20), |h| h["busy"] == true).await;
    let mut waiting = Vec::new();
    for _ in 0..8 {
        waiting.push(tokio::spawn(server.chat(&question("x", 200)).send()));
    }
    server.health_until(Duration::from_secs(20), |h| h["queued"] == 8).await;
    let refused = server.chat(&question("x", 2)).send().await.unwrap();
    assert_eq!(refused.status(), 503);
    assert!(refused.headers().contains_key("retry-after"));
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["code"], "busy", "{body}");
    for w in waiting {
        w.abort();
    }
    drop(held);
}

#[tokio::test]
async fn the_model_is_unloaded_when_idle_and_loaded_again_for_the_next_question() {
    let server = serve(&["--idle-unload", "1"]);
    let health = server.health_until(Duration::from_secs(20), |h| h["loaded"] == false).await;
    assert_eq!(health["loaded"], false, "{health}");
    assert_eq!(health["status"], "ok", "the server stays up while the model is unloaded");
    let answer: Value = server.chat(&question("What is bail?", 4)).send().await.unwrap().json().await.unwrap();
    assert!(answer["choices"][0]["message"]["content"].is_string(), "{answer}");
    assert_eq!(server.health().await["loads"], 2, "loaded again on demand");
}

#[tokio::test]
async fn a_conversation_longer_than_the_context_is_refused_with_the_numbers() {
    let server = serve(&["--ctx", "128"]);
    let long = "The tenant paid the rent late again. ".repeat(40);
    for stream in [false, true] {
        let mut body = question(&long, 16);
        body["stream"] = json!(stream);
        let response = server.chat(&body).send().await.unwrap();
        assert_eq!(response.status(), 400, "stream: {stream}");
        let err: Value = response.json().await.unwrap();
        assert_eq!(err["error"]["code"], "context_length_exceeded", "{err}");
        assert!(err["error"]["message"].as_str().unwrap().contains("context holds 128"), "{err}");
    }
    // A short one still fits, and its answer stops at the context's end.
    let ok: Value = server.chat(&question("Hello", 400)).send().await.unwrap().json().await.unwrap();
    assert!(ok["usage"]["total_tokens"].as_u64().unwrap() <= 128, "{ok}");
}

/// Runs `serve` on a file that should not load; its exit status and what it said.
fn fails_to_serve(model: &Path) -> String {
    let out = command(model, &[]).stdout(Stdio::null()).output().expect("proseva-llm runs");
    assert!(!out.status.success(), "{} should not load", model.display());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_bad_file_is_refused_with_a_message_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let real = std::fs::read(test_model()).unwrap();

    let cut = dir.path().join("cut-short.gguf");
    std::fs::write(&cut, &real[..real.len() / 3]).unwrap();
    let said = fails_to_serve(&cut);
    assert!(said.contains("cut-short.gguf is truncated"), "{said}");

    let page = dir.path().join("not-a-model.gguf");
    std::fs::write(&page, b"<!doctype html><title>Sign in</title>").unwrap();
    let said = fails_to_serve(&page);
    assert!(said.contains("not-a-model.gguf is not a GGUF model file"), "{said}");

    // The same model, its architecture renamed to one llama.cpp does not have.
    let strange = dir.path().join("strange.gguf");
    let mut bytes = real.clone();
    let at = bytes.windows(6).position(|w| w == b"gemma3").expect("the architecture name is in the header");
    bytes[at..at + 6].copy_from_slice(b"zzzzz3");
    std::fs::write(&strange, &bytes).unwrap();
    let said = fails_to_serve(&strange);
    assert!(said.contains("strange.gguf") && said.contains("zzzzz3"), "{said}");

    let said = fails_to_serve(&dir.path().join("missing.gguf"));
    assert!(said.contains("missing.gguf could not be read"), "{said}");
}

#[test]
fn the_header_check_agrees_with_the_real_file_to_the_byte() {
    let info = proseva_models::gguf::inspect(&test_model()).unwrap();
    assert_eq!(info.file_size, 253_113_024);
    assert_eq!(info.expected_size, Some(info.file_size), "every tensor's size is known and the last one ends the file");
    assert_eq!((info.architecture.as_str(), info.context_length), ("gemma3", Some(32768)));
}

#[tokio::test]
async fn bad_requests_get_clear_errors_and_the_server_keeps_answering() {
    let server = serve(&[]);
    let url = format!("{}/v1/chat/completions", server.url);
    let post = |body: &'static str| client().post(&url).bearer_auth(TOKEN).header("content-type", "application/json").body(body).send();

    let no_token = client().post(&url).json(&question("x", 2)).send().await.unwrap();
    assert_eq!(no_token.status(), 401);
    let wrong = client().post(&url).bearer_auth("nope").json(&question("x", 2)).send().await.unwrap();
    assert_eq!(wrong.status(), 401);
    let models = client().get(format!("{}/v1/models", server.url)).send().await.unwrap();
    assert_eq!(models.status(), 401, "the model list needs the token too");
    let rebinding = client().get(format!("{}/health", server.url)).header("host", "attacker.example").send().await.unwrap();
    assert_eq!(rebinding.status(), 403);

    for (body, says) in [
        ("{not json", "not a chat request"),
        ("[]", "not a chat request"),
        (r#"{"messages": []}"#, "at least one message"),
        (r#"{"messages": [{"role": "wizard", "content": "x"}]}"#, "unknown role"),
        (r#"{"messages": [{"role": "user", "content": [{"type": "image_url"}]}]}"#, "text only"),
        (r#"{"messages": [{"role": "user", "content": "x"}], "max_tokens": -1}"#, "not a chat request"),
    ] {
        let response = post(body).await.unwrap();
        assert_eq!(response.status(), 400, "{body}");
        let err: Value = response.json().await.unwrap();
        assert!(err["error"]["message"].as_str().unwrap().contains(says), "{body}: {err}");
    }
    let tools = json!({ "messages": [{ "role": "user", "content": "x" }], "tools": [{ "type": "function", "function": { "name": "f" } }] });
    let err: Value = server.chat(&tools).send().await.unwrap().json().await.unwrap();
    assert_eq!(err["error"]["code"], "tools_unsupported", "{err}");

    let huge = format!(r#"{{"messages": [{{"role": "user", "content": "{}"}}]}}"#, "a".repeat(5 << 20));
    let response = client().post(&url).bearer_auth(TOKEN).body(huge).send().await.unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(client().get(format!("{}/v2/nothing", server.url)).send().await.unwrap().status(), 404);

    // Still answering.
    let ok: Value = server.chat(&question("Hello", 2)).send().await.unwrap().json().await.unwrap();
    assert!(ok["choices"][0]["message"]["content"].is_string(), "{ok}");
}

/// A chat template in the manner of Qwen's (tools in the system turn, calls in `<tool_call>`
/// tags), given on the command line: Gemma 3's own template takes no tools.
const TOOL_TEMPLATE: &str = r#"{%- if tools %}<start_of_turn>user
You may call these functions. Write each call as <tool_call>{"name": <function-name>, "arguments": <args-json-object>}</tool_call>.
<tools>
{% for tool in tools %}{{ tool | tojson }}
{% endfor %}</tools><end_of_turn>
{% endif %}
{%- if messages|length > 6 %}{{ raise_exception("This template takes at most six messages.") }}{% endif %}
{%- for message in messages %}
{%- if message.role == 'assistant' %}<start_of_turn>model
{{ message.content or '' }}{% for call in message.tool_calls or [] %}<tool_call>{"name": "{{ call.function.name }}", "arguments": {{ call.function.arguments | tojson }}}</tool_call>{% endfor %}<end_of_turn>
{% elif message.role == 'tool' %}<start_of_turn>user
<tool_response>{{ message.content }}</tool_response><end_of_turn>
{% else %}<start_of_turn>user
{{ message.content }}<end_of_turn>
{% endif %}
{%- endfor %}<start_of_turn>model
"#;

fn offered_tools() -> Value {
    json!([
        { "type": "function", "function": { "name": "SearchLaw", "description": "Search the Code of Virginia", "parameters": {
            "type": "object", "properties": { "query": { "type": "string" }, "limit": { "type": "integer" } }, "required": ["query"] } } },
        { "type": "function", "function": { "name": "GetDeadlines", "description": "The person's deadlines", "parameters": {
            "type": "object", "properties": { "caseId": { "type": "integer" } } } } },
    ])
}

fn tool_question(choice: Value) -> Value {
    json!({ "model": "local", "messages": [
        { "role": "system", "content": "You answer questions about Virginia law." },
        { "role": "user", "content": "How many days do I have to appeal an eviction judgment?" },
    ], "tools": offered_tools(), "tool_choice": choice, "max_tokens": 120, "temperature": 0 })
}

/// The calls of a whole reply: (name, arguments as a JSON object).
fn calls_of(reply: &Value) -> Vec<(String, serde_json::Map<String, Value>)> {
    reply["choices"][0]["message"]["tool_calls"]
        .as_array()
        .unwrap_or_else(|| panic!("no tool calls: {reply}"))
        .iter()
        .map(|c| {
            assert_eq!(c["type"], "function", "{c}");
            let arguments: Value = serde_json::from_str(c["function"]["arguments"].as_str().expect("arguments as JSON text")).unwrap();
            (c["function"]["name"].as_str().unwrap().to_string(), arguments.as_object().expect("an object").clone())
        })
        .collect()
}

#[tokio::test]
async fn a_template_that_takes_tools_lets_the_model_call_them_and_a_required_call_is_well_formed() {
    let dir = tempfile::tempdir().unwrap();
    let template = dir.path().join("tools.jinja");
    std::fs::write(&template, TOOL_TEMPLATE).unwrap();
    let server = serve(&["--chat-template", template.to_str().unwrap()]);
    let models: Value = client().get(format!("{}/v1/models", server.url)).bearer_auth(TOKEN).send().await.unwrap().json().await.unwrap();
    assert!(models["data"][0]["capabilities"].as_array().unwrap().contains(&json!("tools")), "{models}");

    // Required: even this small base model writes a call the app can run — an offered tool, its
    // required argument, valid JSON.
    let reply: Value = server.chat(&tool_question(json!("required"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(reply["choices"][0]["finish_reason"], "tool_calls", "{reply}");
    let calls = calls_of(&reply);
    assert!(!calls.is_empty() && calls.len() <= 3, "{reply}");
    for (name, arguments) in &calls {
        match name.as_str() {
            "SearchLaw" => assert!(arguments["query"].is_string(), "{reply}"),
            "GetDeadlines" => assert!(arguments.get("caseId").is_none_or(Value::is_i64), "{reply}"),
            other => panic!("a tool that was not offered: {other}"),
        }
    }

    // The same, streamed: the calls arrive as chunks with their index, then the finish reason.
    let mut streamed = tool_question(json!("required"));
    streamed["stream"] = json!(true);
    let events = sse(server.chat(&streamed).send().await.unwrap(), 100).await;
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let chunks: Vec<Value> = events.iter().filter_map(|e| serde_json::from_str(e).ok()).collect();
    let streamed_calls: Vec<&Value> = chunks.iter().filter_map(|c| c["choices"][0]["delta"]["tool_calls"].get(0)).collect();
    assert_eq!(streamed_calls.len(), calls.len(), "{events:?}");
    assert_eq!(streamed_calls[0]["index"], 0);
    assert_eq!(streamed_calls[0]["function"]["name"].as_str(), Some(calls[0].0.as_str()));
    assert_eq!(chunks.last().unwrap()["choices"][0]["finish_reason"], "tool_calls");

    // A named tool: only that one.
    let named = tool_question(json!({ "type": "function", "function": { "name": "GetDeadlines" } }));
    let reply: Value = server.chat(&named).send().await.unwrap().json().await.unwrap();
    assert!(calls_of(&reply).iter().all(|(name, _)| name == "GetDeadlines"), "{reply}");

    // Auto: the model decides; the tools are in what it read either way.
    let mut auto = tool_question(json!("auto"));
    auto["max_tokens"] = json!(8);
    let with_tools: Value = server.chat(&auto).send().await.unwrap().json().await.unwrap();
    assert_eq!(with_tools["object"], "chat.completion", "{with_tools}");
    let mut none = auto.clone();
    none["tool_choice"] = json!("none");
    let without: Value = server.chat(&none).send().await.unwrap().json().await.unwrap();
    assert!(without["choices"][0]["message"].get("tool_calls").is_none(), "{without}");
    assert!(
        with_tools["usage"]["prompt_tokens"].as_u64().unwrap() > without["usage"]["prompt_tokens"].as_u64().unwrap() + 50,
        "the tool list is part of the prompt: {with_tools} vs {without}"
    );

    // A conversation that already has a call and its result is written back in the model's format.
    let mut later = tool_question(json!("auto"));
    later["max_tokens"] = json!(8);
    later["messages"].as_array_mut().unwrap().extend([
        json!({ "role": "assistant", "content": null, "tool_calls": [{ "id": "call_0", "type": "function",
            "function": { "name": "SearchLaw", "arguments": "{\"query\": \"eviction appeal\"}" } }] }),
        json!({ "role": "tool", "tool_call_id": "call_0", "content": "§ 8.01-129: ten days" }),
    ]);
    let response = server.chat(&later).send().await.unwrap();
    assert_eq!(response.status(), 200);

    // What the template or the request refuses is a clear 400, and the server goes on.
    let mut too_long = later.clone();
    too_long["messages"].as_array_mut().unwrap().extend(["and?", "so?", "well?"].map(|q| json!({ "role": "user", "content": q })));
    let err: Value = server.chat(&too_long).send().await.unwrap().json().await.unwrap();
    assert_eq!(err["error"]["code"], "template_error", "{err}");
    assert!(err["error"]["message"].as_str().unwrap().contains("at most six messages"), "{err}");
    for (choice, says) in
        [(json!("sometimes"), "tool_choice"), (json!({ "type": "function", "function": { "name": "Nope" } }), "not among the tools")]
    {
        let response = server.chat(&tool_question(choice)).send().await.unwrap();
        assert_eq!(response.status(), 400);
        let err: Value = response.json().await.unwrap();
        assert!(err["error"]["message"].as_str().unwrap().contains(says), "{err}");
    }
    let mut bad_tools = tool_question(json!("auto"));
    bad_tools["tools"] = json!([{ "type": "function" }]);
    let err: Value = server.chat(&bad_tools).send().await.unwrap().json().await.unwrap();
    assert!(err["error"]["message"].as_str().unwrap().contains("tools[0]"), "{err}");
    let ok: Value = server.chat(&question("Hello", 2)).send().await.unwrap().json().await.unwrap();
    assert!(ok["choices"][0]["message"]["content"].is_string(), "{ok}");
}

#[tokio::test]
async fn an_answer_format_makes_even_a_small_model_write_json_that_fits_the_schema() {
    let server = serve(&[]);
    let schema = json!({ "type": "object", "properties": {
        "verdict": { "type": "string", "enum": ["supported", "not_supported", "unclear"] },
        "confidence": { "type": "number" },
        "citations": { "type": "array", "maxItems": 2, "items": { "type": "object",
            "properties": { "section": { "type": "string", "maxLength": 16 }, "quote": { "type": "string", "maxLength": 60 } },
            "required": ["section", "quote"] } },
        "by_when": { "type": ["string", "null"], "maxLength": 24 },
    }, "required": ["verdict", "confidence", "citations", "by_when"], "additionalProperties": false });
    // The lengths are the schema's (llama.cpp's converter honours them): a 270M model left to
    // itself writes a quote of zeros to the token limit. Within them, 400 tokens always suffice.
    let mut ask = question("Is a tenant owed their deposit back within 45 days? Answer as JSON.", 400);
    ask["response_format"] = json!({ "type": "json_schema", "json_schema": { "name": "decision", "schema": schema, "strict": true } });
    let reply: Value = server.chat(&ask).send().await.unwrap().json().await.unwrap();
    let text = reply["choices"][0]["message"]["content"].as_str().unwrap();
    let decision: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    assert!(["supported", "not_supported", "unclear"].contains(&decision["verdict"].as_str().unwrap()), "{decision}");
    assert!(decision["confidence"].is_number(), "{decision}");
    for citation in decision["citations"].as_array().unwrap() {
        assert!(citation["section"].is_string() && citation["quote"].is_string(), "{decision}");
    }
    assert!(decision["by_when"].is_string() || decision["by_when"].is_null(), "{decision}");
    assert_eq!(decision.as_object().unwrap().len(), 4, "no other keys: {decision}");
    assert!(decision["citations"].as_array().unwrap().len() <= 2, "{decision}");
    // Written in the `required` list's order.
    let at = |key: &str| text.find(&format!("\"{key}\"")).unwrap();
    assert!(at("verdict") < at("confidence") && at("confidence") < at("citations") && at("citations") < at("by_when"), "{text}");

    let mut any_object = question("Reply in JSON.", 40);
    any_object["response_format"] = json!({ "type": "json_object" });
    let reply: Value = server.chat(&any_object).send().await.unwrap().json().await.unwrap();
    let text = reply["choices"][0]["message"]["content"].as_str().unwrap();
    assert!(
        serde_json::from_str::<Value>(text).is_ok_and(|v| v.is_object()) || reply["choices"][0]["finish_reason"] == "length",
        "{reply}"
    );

    let mut odd = question("x", 2);
    odd["response_format"] = json!({ "type": "yaml" });
    let response = server.chat(&odd).send().await.unwrap();
    assert_eq!(response.status(), 400);
}
