//! The model on any OpenAI-compatible server — OpenAI itself, Ollama, llama.cpp, vLLM, LM Studio —
//! over `POST {base_url}/chat/completions`.
//!
//! ```no_run
//! use proseva_agent::openai::{Endpoint, OpenAiModel};
//! let model = OpenAiModel::new(Endpoint::new("http://127.0.0.1:11434/v1", None, "qwen2.5:7b", "qwen2.5:32b"));
//! ```
//!
//! Requests are async-openai's chat types (`CreateChatCompletionRequest`), sent with its "bring
//! your own types" calls so that answers come back as plain JSON (`wire.rs` says why): phase 1
//! offers the tools (`tool_choice: "auto"`) and reads `tool_calls` with their arguments as the raw
//! text the model wrote; phase 2 streams the answer and has no `tools` key at all, falling back to
//! one plain call when a server will not stream.
//!
//! The HTTP under it is async-openai's own path, configured (`transport.rs`): its client on a
//! reqwest client from `proseva_http` (rustls with ring), a tower retry layer that
//! follows `proseva_http`'s retry policy — 429, 5xx and failed connections retried with exponential
//! backoff and jitter, `Retry-After` (or `retry-after-ms`) waited out when that is reasonable and
//! the request given up at once when it is not, a 429 that means the account is out of quota
//! never retried — and a `Config` that sends no `Authorization` header when there is no key. Every
//! error body is read by the layer, so a server whose error JSON is not OpenAI's shape still yields
//! its status and its own message.
//!
//! Not for: the Responses API, embeddings, or choosing between online and offline (that is
//! [`crate::config::AgentConfig`]).

mod transport;
mod wire;

use std::time::Duration;

use async_openai::error::OpenAIError;
use async_openai::types::chat::{CreateChatCompletionRequest, ToolChoiceOptions};
use async_trait::async_trait;
use futures::StreamExt;
pub use proseva_http::RetryPolicy;
use serde_json::Value;

use crate::model::{AnswerRequest, ChatMessage, ChatModel, ModelError, ModelMode, ModelTurn};
use crate::tool::ToolSpec;
use transport::{ModelClient, build_client, model_error};
use wire::{bad_response, first_choice, message_in, plain_request};
pub use wire::{error_message, parse_turn, tool_turn_request, tool_turn_request_with, wire_message};

/// Whether a refusal is about `response_format` (the server has no structured output).
fn refuses_response_format(message: &str) -> bool {
    let m = message.to_lowercase();
    m.contains("response_format") || m.contains("json_schema") || m.contains("response format")
}

/// OpenAI's own address, used when only a key is given.
pub const OPENAI_BASE_URL: &str = "https://api.openai.com/v1";
/// The longest wait for a model to start answering, and the longest silence within an answer.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);

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
    /// The longest written answer asked for (`max_completion_tokens`); the service's own limit
    /// when `None`.
    pub max_answer_tokens: Option<u32>,
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
            .field("max_answer_tokens", &self.max_answer_tokens)
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
            max_answer_tokens: None,
        }
    }
}

/// A [`ChatModel`] on an OpenAI-compatible server.
pub struct OpenAiModel {
    endpoint: Endpoint,
    /// Why no client could be made (a base URL that is not one, no TLS roots on this system);
    /// every call then fails with this, clearly, instead of the app failing to start.
    client: Result<ModelClient, String>,
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

    fn client(&self) -> Result<&ModelClient, ModelError> {
        self.client.as_ref().map_err(|e| ModelError::Unreachable(e.clone()))
    }

    /// A phase-1 turn with the model told how to choose (`Required`: call at least one tool).
    pub async fn tool_turn_with(
        &self,
        model: &str,
        messages: &[ChatMessage],
        tools: &[ToolSpec],
        choice: ToolChoiceOptions,
    ) -> Result<ModelTurn, ModelError> {
        let request = tool_turn_request_with(model, messages, tools, choice);
        let response: Value = self.client()?.chat().create_byot(request).await.map_err(model_error)?;
        parse_turn(&response)
    }

    /// One plain (not streamed) call of the answer phase.
    async fn answer_whole(
        &self,
        request: CreateChatCompletionRequest,
        on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync),
    ) -> Result<String, ModelError> {
        let response: Value = self.client()?.chat().create_byot(request).await.map_err(model_error)?;
        let message = first_choice(&response)?.get("message").ok_or_else(|| bad_response("a choice has no message", &response))?;
        let text = message["content"].as_str().unwrap_or_default().to_string();
        if !text.is_empty() {
            on_delta(&text);
        }
        Ok(text)
    }
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
        self.tool_turn_with(model, messages, tools, ToolChoiceOptions::Auto).await
    }

    async fn answer(&self, request: AnswerRequest<'_>, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError> {
        let mut whole = plain_request(request.model, request.messages);
        whole.max_completion_tokens = self.endpoint.max_answer_tokens;
        let streamed = CreateChatCompletionRequest { stream: Some(true), ..whole.clone() };
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

    async fn structured(&self, model: &str, messages: &[ChatMessage], name: &str, schema: &Value) -> Result<String, ModelError> {
        use async_openai::types::chat::{ResponseFormat, ResponseFormatJsonSchema};
        let mut request = plain_request(model, messages);
        request.response_format = Some(ResponseFormat::JsonSchema {
            json_schema: ResponseFormatJsonSchema { description: None, name: name.to_string(), schema: schema.clone(), strict: Some(true) },
        });
        let response: Result<Value, ModelError> = self.client()?.chat().create_byot(request).await.map_err(model_error);
        let response = match response {
            // A server without structured output (older llama.cpp, some proxies) refuses the
            // `response_format`; the prompt asks for the JSON, so the same request without it follows.
            Err(ModelError::Refused { status: 400 | 422, message }) if refuses_response_format(&message) => {
                tracing::info!("the model endpoint has no structured output ({message}); asking for the JSON in words");
                self.client()?.chat().create_byot(plain_request(model, messages)).await.map_err(model_error)?
            }
            other => other?,
        };
        let message = first_choice(&response)?.get("message").ok_or_else(|| bad_response("a choice has no message", &response))?;
        Ok(message["content"].as_str().unwrap_or_default().to_string())
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
        assert_eq!(
            model.mode(),
            ModelMode::Online { base_url: "https://api.openai.com/v1".into(), small: "small".into(), large: "large".into() }
        );
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
}
