//! The model on any OpenAI-compatible server — OpenAI itself, Ollama, llama.cpp, vLLM, LM Studio —
//! over `POST {base_url}/chat/completions`.
//!
//! ```no_run
//! use proseva_agent::openai::{Endpoint, OpenAiModel};
//! let model = OpenAiModel::new(Endpoint::new("http://127.0.0.1:11434/v1", None, "qwen2.5:7b", "qwen2.5:32b"));
//! ```
//!
//! Requests are plain JSON in the wire format, sent with async-openai's "bring your own types"
//! calls (`create_byot`, `create_stream_byot`): phase 1 offers the tools (`tool_choice: "auto"`)
//! and reads `tool_calls` with their arguments as the raw text the model wrote; phase 2 streams
//! the answer and has no `tools` key at all, falling back to one plain call when a server will
//! not stream.
//!
//! Retries are ours, not async-openai's: its errors do not carry response headers, so the whole
//! HTTP exchange goes through `Transport`, installed with `Client::with_http_service` (the
//! crate's documented hook). It retries 429, 5xx and failed connections with exponential backoff
//! and jitter, waits as long as `Retry-After` (or `retry-after-ms`) asks when that is reasonable,
//! gives up at once when it is not, and never retries a 429 that means the account is out of
//! quota. It also reads every error body itself, so a server whose error JSON is not OpenAI's
//! shape still yields its status and its own message.
//!
//! TLS: async-openai speaks reqwest 0.13, built here with `rustls-no-provider` so that aws-lc-rs
//! is never compiled in beside the ring provider the workspace's reqwest 0.12 uses (with two
//! providers rustls can no longer pick a default from its features, and clients that rely on that
//! panic when built). With no provider of its own, reqwest 0.13 needs a process default;
//! [`OpenAiModel::new`] installs ring when none is installed yet.
//!
//! Not for: the Responses API, embeddings, or choosing between online and offline (that is
//! [`crate::config::AgentConfig`]).

use std::hash::{BuildHasher, RandomState};
use std::time::{Duration, SystemTime};

use async_openai::Client;
use async_openai::config::OpenAIConfig;
use async_openai::error::{ApiError, ApiErrorResponse, OpenAIError};
use async_openai::middleware::HttpRequestFactory;
use async_trait::async_trait;
use futures::StreamExt;
// async-openai's reqwest line (0.13); the rest of the crate speaks 0.12.
use reqwest_013 as http;
use serde_json::{Value, json};

use crate::model::{AnswerRequest, ChatMessage, ChatModel, ModelError, ModelMode, ModelTurn, Role, ToolCall};
use crate::tool::ToolSpec;
use crate::tools::research::http::{describe, wait_hint};

/// OpenAI's own address, used when only a key is given.
pub const OPENAI_BASE_URL: &str = "https://api.openai.com/v1";
/// The longest wait for a model to start answering, and the longest silence within an answer.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);

/// When and how long to wait before asking again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The backoff before the first retry; it doubles with each retry, up to `max_delay`.
    pub first_delay: Duration,
    pub max_delay: Duration,
    /// The longest `Retry-After` waited out; a service asking for longer gets an error that says so.
    pub longest_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            first_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            longest_retry_after: Duration::from_secs(20),
        }
    }
}

impl RetryPolicy {
    /// How long to wait before retry number `retry` (0 for the first), or `None` to give up.
    /// `asked` is the service's `Retry-After`; `jitter` is a number in [0, 1).
    pub fn delay(&self, retry: u32, asked: Option<Duration>, jitter: f64) -> Option<Duration> {
        if retry >= self.max_retries {
            return None;
        }
        if let Some(asked) = asked {
            // Honour the wait, plus up to a tenth more so clients told the same do not return together.
            return (asked <= self.longest_retry_after).then(|| asked + asked.mul_f64(jitter / 10.0));
        }
        // "Equal jitter": half the exponential step for certain, the other half at random.
        let step = self.first_delay.saturating_mul(1u32 << retry.min(16)).min(self.max_delay);
        Some(step / 2 + (step / 2).mul_f64(jitter))
    }
}

/// Where the model is and how to talk to it. `Debug` says only whether a key is set.
#[derive(Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// Up to and including the API version, e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`.
    pub base_url: String,
    /// Local servers usually need none; with none, no `Authorization` header is sent.
    pub api_key: Option<String>,
    /// `TEXT_MODEL_SMALL` and `TEXT_MODEL_LARGE`, for [`ChatModel::mode`] (the runner names the
    /// model of each call).
    pub small_model: String,
    pub large_model: String,
    pub request_timeout: Duration,
    pub retry: RetryPolicy,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("base_url", &self.base_url)
            .field("api_key", &if self.api_key.is_some() { "set" } else { "missing" })
            .field("small_model", &self.small_model)
            .field("large_model", &self.large_model)
            .field("request_timeout", &self.request_timeout)
            .field("retry", &self.retry)
            .finish()
    }
}

impl Endpoint {
    /// An endpoint with the default timeout and retries.
    pub fn new(base_url: &str, api_key: Option<String>, small_model: &str, large_model: &str) -> Self {
        Endpoint {
            base_url: base_url.trim().trim_end_matches('/').to_string(),
            api_key: api_key.map(|k| k.trim().to_string()).filter(|k| !k.is_empty()),
            small_model: small_model.into(),
            large_model: large_model.into(),
            request_timeout: REQUEST_TIMEOUT,
            retry: RetryPolicy::default(),
        }
    }
}

/// A [`ChatModel`] on an OpenAI-compatible server.
pub struct OpenAiModel {
    endpoint: Endpoint,
    /// Why no client could be made (a base URL that is not one, no TLS roots on this system);
    /// every call then fails with this, clearly, instead of the app failing to start.
    client: Result<Client<OpenAIConfig>, String>,
}

impl std::fmt::Debug for OpenAiModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenAiModel").field("endpoint", &self.endpoint).field("ready", &self.client.is_ok()).finish()
    }
}

impl OpenAiModel {
    /// Never fails: a client that cannot be made is reported by each call (see [`OpenAiModel::setup_error`]).
    pub fn new(endpoint: Endpoint) -> Self {
        let client = build_client(&endpoint);
        if let Err(e) = &client {
            tracing::warn!(base_url = %endpoint.base_url, "the model client could not be set up: {e}");
        }
        OpenAiModel { endpoint, client }
    }

    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// Why calls will fail before they are sent, if they will.
    pub fn setup_error(&self) -> Option<&str> {
        self.client.as_ref().err().map(String::as_str)
    }

    fn client(&self) -> Result<&Client<OpenAIConfig>, ModelError> {
        self.client.as_ref().map_err(|e| ModelError::Unreachable(e.clone()))
    }

    /// One plain (not streamed) call of the answer phase.
    async fn answer_whole(&self, body: Value, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError> {
        let response: Value = self.client()?.chat().create_byot(body).await.map_err(model_error)?;
        let message = first_choice(&response)?.get("message").ok_or_else(|| bad_response("a choice has no message", &response))?;
        let text = message["content"].as_str().unwrap_or_default().to_string();
        if !text.is_empty() {
            on_delta(&text);
        }
        Ok(text)
    }
}

fn build_client(endpoint: &Endpoint) -> Result<Client<OpenAIConfig>, String> {
    let url = http::Url::parse(&endpoint.base_url).map_err(|e| {
        format!("the model service address {:?} is not a URL ({e}); it looks like http://127.0.0.1:11434/v1", endpoint.base_url)
    })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(format!("the model service address {:?} must start with http:// or https://", endpoint.base_url));
    }
    ensure_crypto_provider();
    let http = http::Client::builder()
        .connect_timeout(Duration::from_secs(10).min(endpoint.request_timeout))
        .read_timeout(endpoint.request_timeout)
        .user_agent(concat!("proseva-agent/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| format!("the HTTP client for the model service could not be made: {}", describe(&e)))?;
    let config = OpenAIConfig::new()
        .with_api_base(&endpoint.base_url)
        .with_api_key(endpoint.api_key.clone().unwrap_or_default())
        .with_org_id("")
        .with_project_id("");
    let transport = Transport {
        http: http.clone(),
        retry: endpoint.retry,
        timeout: endpoint.request_timeout,
        send_authorization: endpoint.api_key.is_some(),
    };
    let service = tower::service_fn(move |request: HttpRequestFactory| transport.clone().send(request));
    Ok(Client::build(http, config).with_http_service(service))
}

/// Makes ring the process's rustls provider unless one is already chosen (see the module doc).
fn ensure_crypto_provider() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // An error means another thread installed one first, which serves as well.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}

/// The HTTP exchange under async-openai: sends, retries, and turns error statuses into errors
/// carrying the service's own message.
#[derive(Clone)]
struct Transport {
    http: http::Client,
    retry: RetryPolicy,
    timeout: Duration,
    send_authorization: bool,
}

/// The service took longer than the request timeout to start answering.
#[derive(Debug, thiserror::Error)]
#[error("the model service did not start answering within {} seconds", seconds(.0))]
struct TimedOut(Duration);

/// "120", or "0.3" for less than a second.
fn seconds(d: &Duration) -> String {
    if d.subsec_millis() == 0 { d.as_secs().to_string() } else { format!("{:.1}", d.as_secs_f64()) }
}

impl Transport {
    async fn send(self, factory: HttpRequestFactory) -> Result<http::Response, OpenAIError> {
        let mut retry = 0;
        loop {
            let mut request = factory.build().await?;
            if !self.send_authorization {
                // async-openai always writes `Bearer <key>`; with no key, send no header at all.
                request.headers_mut().remove(http::header::AUTHORIZATION);
            }
            let (failure, asked) = match tokio::time::timeout(self.timeout, self.http.execute(request)).await {
                Err(_) => return Err(OpenAIError::Boxed(Box::new(TimedOut(self.timeout)))),
                Ok(Ok(response)) if response.status().is_success() => return Ok(response),
                Ok(Ok(response)) => {
                    let status = response.status();
                    let headers = response.headers().clone();
                    let body = response.bytes().await.map_err(OpenAIError::Reqwest)?;
                    let error = api_error(status, &body);
                    let retryable = status.is_server_error() || (status == http::StatusCode::TOO_MANY_REQUESTS && !out_of_quota(&body));
                    if !retryable {
                        return Err(error);
                    }
                    (error, retry_after(&headers, &body))
                }
                // The read timeout fires first when the service accepts the request and stays silent.
                Ok(Err(e)) if e.is_timeout() && !e.is_connect() => return Err(OpenAIError::Boxed(Box::new(TimedOut(self.timeout)))),
                Ok(Err(e)) if e.is_connect() => (OpenAIError::Reqwest(e), None),
                Ok(Err(e)) => return Err(OpenAIError::Reqwest(e)),
            };
            match self.retry.delay(retry, asked, jitter()) {
                Some(wait) => {
                    tracing::warn!(retry = retry + 1, wait_ms = wait.as_millis() as u64, "model service: {failure}; retrying");
                    tokio::time::sleep(wait).await;
                    retry += 1;
                }
                None => return Err(with_wait(failure, asked)),
            }
        }
    }
}

/// `retry-after-ms` (OpenAI's, exact), else `Retry-After` in seconds or as an HTTP date.
fn retry_after(headers: &http::header::HeaderMap, body: &[u8]) -> Option<Duration> {
    let millis = headers.get("retry-after-ms").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<f64>().ok());
    match millis {
        Some(ms) if ms.is_finite() && ms >= 0.0 => Some(Duration::from_secs_f64(ms / 1000.0)),
        _ => wait_hint(headers, body, SystemTime::now()),
    }
}

/// A number in [0, 1), different on each call; randomness enough to spread retries out.
fn jitter() -> f64 {
    let bits = RandomState::new().hash_one(SystemTime::now());
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

/// OpenAI answers 429 also when the account has no credit left; waiting does not help that.
fn out_of_quota(body: &[u8]) -> bool {
    let Ok(json) = serde_json::from_slice::<Value>(body) else { return false };
    [&json["error"]["type"], &json["error"]["code"]].iter().any(|v| v.as_str() == Some("insufficient_quota"))
}

/// The service's own words from an error body: OpenAI's documented `{"error": {"message"}}`, or
/// the shapes other servers use (`{"error": "..."}`, `{"message"}`, `{"detail"}`), or plain text.
pub fn error_message(body: &[u8]) -> Option<String> {
    match serde_json::from_slice::<Value>(body) {
        Ok(json) => message_in(&json),
        Err(_) => {
            let text = String::from_utf8_lossy(body);
            let text = text.trim();
            // Plain-text errors are worth showing; HTML error pages are not.
            (!text.is_empty() && !text.starts_with('<')).then(|| cut(text, 400))
        }
    }
}

/// The message of an error object in any of the shapes [`error_message`] reads.
fn message_in(json: &Value) -> Option<String> {
    let candidates = [&json["error"]["message"], &json["error"], &json["message"], &json["detail"]];
    candidates.iter().find_map(|v| v.as_str()).map(str::trim).filter(|s| !s.is_empty()).map(|s| cut(s, 400))
}

fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

fn api_error(status: http::StatusCode, body: &[u8]) -> OpenAIError {
    let message = error_message(body).unwrap_or_else(|| status.canonical_reason().unwrap_or("no reason given").to_string());
    OpenAIError::ApiError(ApiErrorResponse { status_code: status, api_error: ApiError { message, ..ApiError::default() } })
}

/// Adds "it asks to wait …" to a 429 given up on because the wait was too long.
fn with_wait(error: OpenAIError, asked: Option<Duration>) -> OpenAIError {
    match (error, asked) {
        (OpenAIError::ApiError(mut e), Some(wait)) => {
            e.api_error.message.push_str(&format!(" (it asks to wait {} seconds before trying again)", wait.as_secs().max(1)));
            OpenAIError::ApiError(e)
        }
        (error, _) => error,
    }
}

fn model_error(error: OpenAIError) -> ModelError {
    match error {
        OpenAIError::ApiError(e) => ModelError::Refused { status: e.status_code.as_u16(), message: e.api_error.message },
        OpenAIError::Reqwest(e) if e.is_decode() => ModelError::BadResponse(describe(&e.without_url())),
        OpenAIError::Reqwest(e) if e.is_timeout() => ModelError::Unreachable("the model service stopped answering partway".into()),
        OpenAIError::Reqwest(e) => ModelError::Unreachable(describe(&e.without_url())),
        OpenAIError::JSONDeserialize(e, content) => ModelError::BadResponse(format!("{e}; it sent: {}", cut(&content, 300))),
        OpenAIError::StreamError(e) => ModelError::Unreachable(format!("the answer stream broke off: {e}")),
        OpenAIError::Boxed(e) => ModelError::Unreachable(e.to_string()),
        other => ModelError::Unreachable(other.to_string()),
    }
}

fn bad_response(what: &str, response: &Value) -> ModelError {
    ModelError::BadResponse(format!("{what}: {}", cut(&response.to_string(), 300)))
}

/// `choices[0]`, or the error a server put in a 200 body.
fn first_choice(response: &Value) -> Result<&Value, ModelError> {
    if let Some(choice) = response["choices"].get(0) {
        return Ok(choice);
    }
    match message_in(response) {
        Some(message) if response.get("error").is_some() => {
            Err(ModelError::BadResponse(format!("the service answered with an error: {message}")))
        }
        _ => Err(bad_response("the answer has no choices", response)),
    }
}

/// A message in the wire format.
pub fn wire_message(message: &ChatMessage) -> Value {
    match message.role {
        Role::System => json!({ "role": "system", "content": message.content }),
        Role::User => json!({ "role": "user", "content": message.content }),
        Role::Assistant if message.tool_calls.is_empty() => json!({ "role": "assistant", "content": message.content }),
        Role::Assistant => json!({
            "role": "assistant",
            "content": if message.content.is_empty() { Value::Null } else { Value::String(message.content.clone()) },
            "tool_calls": message.tool_calls.iter().map(|c| json!({
                "id": c.id,
                "type": "function",
                "function": { "name": c.name, "arguments": c.arguments },
            })).collect::<Vec<_>>(),
        }),
        Role::Tool => {
            json!({ "role": "tool", "tool_call_id": message.tool_call_id.as_deref().unwrap_or_default(), "content": message.content })
        }
    }
}

/// The phase-1 request: the tools offered, the model free to use them or not, not streamed.
pub fn tool_turn_request(model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Value {
    let mut body = json!({ "model": model, "messages": messages.iter().map(wire_message).collect::<Vec<_>>() });
    if !tools.is_empty() {
        body["tools"] = tools
            .iter()
            .map(
                |t| json!({ "type": "function", "function": { "name": t.name, "description": t.description, "parameters": t.parameters } }),
            )
            .collect();
        body["tool_choice"] = json!("auto");
    }
    body
}

/// Reads a phase-1 answer: its text and tool calls, arguments kept as the text the model wrote.
pub fn parse_turn(response: &Value) -> Result<ModelTurn, ModelError> {
    let message = first_choice(response)?.get("message").ok_or_else(|| bad_response("a choice has no message", response))?;
    let tool_calls = message["tool_calls"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, call)| {
            let function = &call["function"];
            let name = function["name"].as_str().ok_or_else(|| bad_response("a tool call has no function name", response))?;
            let arguments = match &function["arguments"] {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                // Some servers send the arguments as an object rather than its JSON text.
                other => other.to_string(),
            };
            let id = call["id"].as_str().filter(|id| !id.is_empty()).map(str::to_string).unwrap_or_else(|| format!("call_{i}"));
            Ok(ToolCall { id, name: name.to_string(), arguments })
        })
        .collect::<Result<Vec<_>, ModelError>>()?;
    Ok(ModelTurn { content: message["content"].as_str().unwrap_or_default().to_string(), tool_calls })
}

/// Statuses with which a server may be saying "not streamed" rather than "not this request".
fn refuses_streaming(error: &OpenAIError) -> bool {
    matches!(error, OpenAIError::ApiError(e) if matches!(e.status_code.as_u16(), 400 | 404 | 405 | 406 | 415 | 422 | 501))
}

#[async_trait]
impl ChatModel for OpenAiModel {
    fn mode(&self) -> ModelMode {
        ModelMode::Online {
            base_url: self.endpoint.base_url.clone(),
            small: self.endpoint.small_model.clone(),
            large: self.endpoint.large_model.clone(),
        }
    }

    async fn tool_turn(&self, model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Result<ModelTurn, ModelError> {
        let response: Value = self.client()?.chat().create_byot(tool_turn_request(model, messages, tools)).await.map_err(model_error)?;
        parse_turn(&response)
    }

    async fn answer(&self, request: AnswerRequest<'_>, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError> {
        let messages: Vec<Value> = request.messages.iter().map(wire_message).collect();
        let whole = json!({ "model": request.model, "messages": messages });
        let mut streamed = whole.clone();
        streamed["stream"] = json!(true);
        let mut stream = match self.client()?.chat().create_stream_byot::<_, Value>(streamed).await {
            Ok(stream) => stream,
            Err(e) if refuses_streaming(&e) => {
                tracing::info!("the model service would not stream ({e}); asking for the whole answer");
                return self.answer_whole(whole, on_delta).await;
            }
            Err(e) => return Err(model_error(e)),
        };
        let mut text = String::new();
        let mut chunks = 0usize;
        while let Some(chunk) = stream.next().await {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                // Nothing shown yet: a stream this client cannot read, so ask for the whole answer.
                Err(OpenAIError::JSONDeserialize(..)) if chunks == 0 => return self.answer_whole(whole, on_delta).await,
                Err(e) => return Err(model_error(e)),
            };
            chunks += 1;
            if let Some(error) = chunk.get("error") {
                let status = error["code"].as_u64().and_then(|c| u16::try_from(c).ok()).filter(|c| (400..600).contains(c)).unwrap_or(500);
                let message = message_in(&chunk).unwrap_or_else(|| error.to_string());
                return Err(ModelError::Refused { status, message });
            }
            if let Some(piece) = chunk["choices"][0]["delta"]["content"].as_str().filter(|p| !p.is_empty()) {
                on_delta(piece);
                text.push_str(piece);
            }
        }
        if chunks == 0 {
            // A server that ignored `stream` and sent one JSON body reads as an empty stream.
            return self.answer_whole(whole, on_delta).await;
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_for_an_https_address_is_built_without_panicking() {
        // With two rustls providers compiled in, or none installed, building the client panics here.
        let model = OpenAiModel::new(Endpoint::new("https://api.openai.com/v1/", Some("sk-test".into()), "small", "large"));
        assert_eq!(model.setup_error(), None);
        assert!(rustls::crypto::CryptoProvider::get_default().is_some());
        assert_eq!(
            model.mode(),
            ModelMode::Online { base_url: "https://api.openai.com/v1".into(), small: "small".into(), large: "large".into() }
        );
    }

    #[test]
    fn aws_lc_rs_stays_out_of_the_build() {
        // One rustls provider in the process: the `rustls` feature of async-openai or reqwest 0.13 would add a second.
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock")).unwrap();
        assert!(!lock.contains("name = \"aws-lc-rs\""), "aws-lc-rs is in Cargo.lock; use async-openai's `rustls-no-provider`");
    }

    #[tokio::test]
    async fn an_address_that_is_not_a_url_fails_each_call_clearly() {
        let model = OpenAiModel::new(Endpoint::new("localhost:11434/v1", None, "s", "l"));
        assert!(model.setup_error().unwrap().contains("http://"), "{:?}", model.setup_error());
        let err = model.tool_turn("s", &[ChatMessage::user("q")], &[]).await.unwrap_err();
        assert!(matches!(err, ModelError::Unreachable(ref m) if m.contains("localhost:11434")), "{err:?}");
    }

    #[test]
    fn the_key_is_never_in_debug_output() {
        let endpoint = Endpoint::new("http://127.0.0.1:1/v1", Some("sk-secret".into()), "s", "l");
        assert!(!format!("{endpoint:?}").contains("sk-secret"));
        assert!(!format!("{:?}", OpenAiModel::new(endpoint)).contains("sk-secret"));
        assert_eq!(Endpoint::new("http://x/v1", Some("  ".into()), "s", "l").api_key, None);
    }

    #[test]
    fn backoff_doubles_with_jitter_up_to_the_cap_then_gives_up() {
        let policy = RetryPolicy {
            max_retries: 6,
            first_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(1000),
            longest_retry_after: Duration::from_secs(20),
        };
        let ms = |retry, jitter| policy.delay(retry, None, jitter).map(|d| d.as_millis());
        assert_eq!((ms(0, 0.0), ms(0, 0.999)), (Some(50), Some(99)));
        assert_eq!((ms(1, 0.0), ms(2, 0.0), ms(3, 0.0)), (Some(100), Some(200), Some(400)));
        assert_eq!((ms(4, 0.0), ms(5, 0.999)), (Some(500), Some(999)), "capped at max_delay");
        assert_eq!(ms(6, 0.0), None, "after max_retries");
    }

    #[test]
    fn retry_after_is_honoured_when_reasonable_and_ends_the_retries_when_not() {
        let policy = RetryPolicy::default();
        let wait = policy.delay(0, Some(Duration::from_secs(1)), 0.5).unwrap();
        assert!(wait >= Duration::from_secs(1) && wait <= Duration::from_millis(1100), "{wait:?}");
        assert_eq!(policy.delay(0, Some(Duration::from_secs(3600)), 0.0), None);
        assert_eq!(policy.delay(3, Some(Duration::from_secs(1)), 0.0), None);
    }

    #[test]
    fn retry_after_reads_milliseconds_seconds_and_dates() {
        let mut headers = http::header::HeaderMap::new();
        headers.insert("retry-after", "2".parse().unwrap());
        assert_eq!(retry_after(&headers, b""), Some(Duration::from_secs(2)));
        headers.insert("retry-after-ms", "250".parse().unwrap());
        assert_eq!(retry_after(&headers, b""), Some(Duration::from_millis(250)), "the exact one wins");
        assert_eq!(retry_after(&http::header::HeaderMap::new(), b""), None);
    }

    #[test]
    fn error_messages_come_from_each_servers_shape() {
        let openai = br#"{"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","code":"invalid_api_key"}}"#;
        assert_eq!(error_message(openai).as_deref(), Some("Incorrect API key provided."));
        assert_eq!(error_message(br#"{"error":"model 'x' not found"}"#).as_deref(), Some("model 'x' not found"));
        assert_eq!(error_message(br#"{"object":"error","message":"too long","code":400}"#).as_deref(), Some("too long"));
        assert_eq!(error_message(br#"{"detail":"Not Found"}"#).as_deref(), Some("Not Found"));
        assert_eq!(error_message(b"upstream connect error").as_deref(), Some("upstream connect error"));
        assert_eq!(error_message(b"<html><body>502 Bad Gateway</body></html>"), None);
        assert!(out_of_quota(br#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota"}}"#));
        assert!(!out_of_quota(br#"{"error":{"message":"Rate limit reached","type":"requests"}}"#));
    }

    #[test]
    fn messages_are_written_in_the_wire_format() {
        let calls = vec![ToolCall { id: "call_1".into(), name: "get_node".into(), arguments: r#"{"id":7}"#.into() }];
        assert_eq!(
            wire_message(&ChatMessage::assistant_calls("", calls)),
            json!({"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_node", "arguments": "{\"id\":7}"}}]})
        );
        assert_eq!(
            wire_message(&ChatMessage::tool("call_1", "{\"ok\":1}")),
            json!({"role": "tool", "tool_call_id": "call_1", "content": "{\"ok\":1}"})
        );
        assert_eq!(wire_message(&ChatMessage::assistant("hi")), json!({"role": "assistant", "content": "hi"}));
        let spec = ToolSpec { name: "get_stats".into(), description: "d".into(), parameters: json!({"type": "object"}) };
        let body = tool_turn_request("m", &[ChatMessage::user("q")], &[spec]);
        assert_eq!(
            body["tools"],
            json!([{"type": "function", "function": {"name": "get_stats", "description": "d", "parameters": {"type": "object"}}}])
        );
        assert_eq!(body["tool_choice"], "auto");
        assert!(body.get("stream").is_none());
        let bare = tool_turn_request("m", &[ChatMessage::user("q")], &[]);
        assert!(bare.get("tools").is_none() && bare.get("tool_choice").is_none());
    }

    #[test]
    fn tool_calls_keep_the_arguments_the_model_wrote() {
        let response = json!({"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_a", "type": "function", "function": {"name": "search_nodes", "arguments": "{\"search\": \"FOIA\""}},
            {"type": "function", "function": {"name": "get_node", "arguments": {"id": 3}}}
        ]}}]});
        let turn = parse_turn(&response).unwrap();
        assert_eq!(turn.content, "");
        assert_eq!(
            turn.tool_calls[0],
            ToolCall { id: "call_a".into(), name: "search_nodes".into(), arguments: "{\"search\": \"FOIA\"".into() }
        );
        assert_eq!(turn.tool_calls[1], ToolCall { id: "call_1".into(), name: "get_node".into(), arguments: "{\"id\":3}".into() });
        let stop = parse_turn(&json!({"choices": [{"message": {"role": "assistant", "content": "done"}}]})).unwrap();
        assert_eq!((stop.content.as_str(), stop.tool_calls.len()), ("done", 0));
        assert!(matches!(parse_turn(&json!({"choices": []})), Err(ModelError::BadResponse(_))));
        let error = parse_turn(&json!({"error": {"message": "overloaded"}})).unwrap_err();
        assert!(error.to_string().contains("overloaded"), "{error}");
    }
}
