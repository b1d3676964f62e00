//! Any OpenAI-compatible `POST {base}/embeddings` endpoint, over blocking HTTP.
//!
//! `embed` is called from plain threads and from inside tokio's `spawn_blocking` alike, so it uses
//! `proseva_http`'s blocking client and its retry policy. That client runs a small runtime of its
//! own and must not be made on an async worker thread, where `new` may run: it is made on first
//! use, by the thread that embeds.

use std::io::Read;
use std::sync::OnceLock;
use std::time::Duration;

use proseva_http::blocking;
use proseva_http::reqwest::blocking::Client;
use proseva_http::{Failure, RetryPolicy, RetryRules, describe, human_wait};
use serde::{Deserialize, Serialize};

use crate::{EmbedError, Embedder, normalize};

/// Texts per request; well under every server's input-count limit.
const BATCH_SIZE: usize = 64;
/// A whole request, including reading the answer; CPU-bound local servers
/// (Ollama, llama.cpp) can take a while for a full batch.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);
const MAX_RESPONSE_BYTES: u64 = 256 * 1024 * 1024;
/// Two retries per batch when the server is busy (429), failing (5xx) or not answering the door.
const RETRY: RetryPolicy = RetryPolicy {
    max_retries: 2,
    first_delay: Duration::from_millis(500),
    max_delay: Duration::from_secs(8),
    longest_retry_after: Duration::from_secs(20),
};
/// A search question is tried once, and not for long: the searcher falls back to words at once
/// rather than waiting on an endpoint that is loading its model, restarting or gone.
const QUESTION_RETRY: RetryPolicy = RetryPolicy { max_retries: 0, ..RETRY };
const QUESTION_TIMEOUT: Duration = Duration::from_secs(10);

/// A remote embedding model reached through the OpenAI embeddings API.
///
/// Sends `{"model", "input": [...]}` and reads `{"data": [{"index", "embedding"}]}`;
/// every vector is checked against the dimension (configured, or learned from
/// the first answer) and L2-normalised, since not every server normalises.
pub struct OpenAiEmbedder {
    /// Made by the first `embed` (see the module doc).
    client: OnceLock<Client>,
    url: String,
    api_key: Option<String>,
    model: String,
    model_id: String,
    dimension: OnceLock<usize>,
    retry: RetryPolicy,
    timeout: Duration,
}

impl OpenAiEmbedder {
    /// `base_url` is the API root such as `https://api.openai.com/v1` or
    /// `http://127.0.0.1:11434/v1`; `/embeddings` is appended. `dimension`, when
    /// given, is checked against every vector (it is not sent to the server).
    /// No request is made here.
    pub fn new(base_url: &str, api_key: Option<String>, model: &str, dimension: Option<usize>) -> Result<Self, EmbedError> {
        let base = base_url.trim().trim_end_matches('/');
        let url = format!("{base}/embeddings");
        let config_error = |message: &str| EmbedError::Http { url: url.clone(), status: None, message: message.to_string() };
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(config_error(
                "the embeddings base URL must start with http:// or https:// (EMBEDDINGS_BASE_URL or OPENAI_BASE_URL)",
            ));
        }
        let api_key = api_key.filter(|key| !key.trim().is_empty());
        if api_key.is_none() && base.contains("://api.openai.com") {
            return Err(config_error("OpenAI needs an API key: set EMBEDDINGS_API_KEY or OPENAI_API_KEY"));
        }
        if model.trim().is_empty() {
            return Err(config_error("no embedding model named (EMBEDDINGS_MODEL)"));
        }
        if dimension == Some(0) {
            return Err(config_error("EMBEDDINGS_DIMENSION must be at least 1"));
        }
        let known = OnceLock::new();
        if let Some(d) = dimension {
            let _ = known.set(d);
        }
        Ok(Self {
            client: OnceLock::new(),
            url,
            api_key,
            model: model.to_string(),
            model_id: model_id(model),
            dimension: known,
            retry: RETRY,
            timeout: REQUEST_TIMEOUT,
        })
    }

    /// Names the vectors `id` instead of `openai:<model>` (see `EMBEDDINGS_MODEL_ID`).
    pub fn with_model_id(mut self, id: &str) -> Self {
        self.model_id = id.to_string();
        self
    }

    /// For embedding search questions as they come: one try (no retries) within 10 s, so a search
    /// whose question cannot be embedded goes ahead on its words instead of waiting.
    pub fn for_questions(mut self) -> Self {
        self.retry = QUESTION_RETRY;
        self.timeout = QUESTION_TIMEOUT;
        self
    }

    /// The vector size, asking the server once if it was not configured.
    pub(crate) fn probe_dimension(&self) -> Result<usize, EmbedError> {
        if let Some(&d) = self.dimension.get() {
            return Ok(d);
        }
        self.embed(&["dimension probe"])?;
        self.dimension.get().copied().ok_or_else(|| EmbedError::BadResponse("no vector in the probe answer".into()))
    }

    fn embed_batch(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let body = self.post_with_retries(&EmbeddingsRequest { model: &self.model, input: texts })?;
        let response: EmbeddingsResponse = serde_json::from_slice(&body).map_err(|e| {
            EmbedError::BadResponse(format!(
                "{} did not answer in the OpenAI embeddings shape: {e}; body starts: {}",
                self.url,
                snippet(&body)
            ))
        })?;
        if response.data.len() != texts.len() {
            return Err(EmbedError::BadResponse(format!("sent {} texts but got {} embeddings", texts.len(), response.data.len())));
        }

        let mut out: Vec<Option<Vec<f32>>> = vec![None; texts.len()];
        for (position, item) in response.data.into_iter().enumerate() {
            // Servers that omit `index` answer in input order.
            let index = item.index.unwrap_or(position);
            let slot = out
                .get_mut(index)
                .ok_or_else(|| EmbedError::BadResponse(format!("embedding index {index} is out of range for {} inputs", texts.len())))?;
            if slot.is_some() {
                return Err(EmbedError::BadResponse(format!("embedding index {index} appears twice")));
            }
            let mut vector = item.embedding;
            if vector.is_empty() {
                return Err(EmbedError::BadResponse(format!("embedding {index} is empty")));
            }
            let expected = *self.dimension.get_or_init(|| vector.len());
            if vector.len() != expected {
                return Err(EmbedError::DimensionMismatch {
                    expected,
                    found: vector.len(),
                    model: format!("`{}` at {}", self.model_id, self.url),
                });
            }
            normalize(&mut vector);
            *slot = Some(vector);
        }
        // Every slot is filled: as many distinct in-range indices as inputs.
        Ok(out.into_iter().flatten().collect())
    }

    /// The blocking client, made on first use by the calling thread.
    fn client(&self) -> Result<&Client, EmbedError> {
        if let Some(client) = self.client.get() {
            return Ok(client);
        }
        let made = blocking::client_builder(concat!("proseva-embed/", env!("CARGO_PKG_VERSION")))
            .timeout(self.timeout)
            .build()
            .map_err(|e| self.http_error(None, format!("the HTTP client could not be made: {}", describe(&e))))?;
        // Another thread may have made one meanwhile; either serves.
        Ok(self.client.get_or_init(|| made))
    }

    fn http_error(&self, status: Option<u16>, message: String) -> EmbedError {
        EmbedError::Http { url: self.url.clone(), status, message }
    }

    /// POSTs `request` and returns the 2xx body, retrying busy or failing servers.
    fn post_with_retries(&self, request: &EmbeddingsRequest<'_>) -> Result<Vec<u8>, EmbedError> {
        let client = self.client()?;
        let mut builder = client.post(&self.url).json(request);
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key);
        }
        let request = builder.build().map_err(|e| self.http_error(None, describe(&e)))?;
        match blocking::send(client, request, &self.retry, &RetryRules::default()) {
            Ok(response) => {
                let mut body = Vec::new();
                response.take(MAX_RESPONSE_BYTES + 1).read_to_end(&mut body).map_err(|e| self.http_error(None, describe(&e)))?;
                if body.len() as u64 > MAX_RESPONSE_BYTES {
                    return Err(EmbedError::BadResponse(format!("the answer is larger than {} MiB", MAX_RESPONSE_BYTES >> 20)));
                }
                Ok(body)
            }
            Err(Failure::Refused(refusal)) => {
                let mut message = error_message(&refusal.body);
                if let Some(wait) = refusal.asked {
                    message.push_str(&format!(" (it asks to wait {} before trying again)", human_wait(wait)));
                }
                Err(self.http_error(Some(refusal.status.as_u16()), message))
            }
            Err(Failure::Unanswered(error)) => Err(self.http_error(None, describe(&error))),
        }
    }
}

impl Embedder for OpenAiEmbedder {
    fn model_id(&self) -> &str {
        &self.model_id
    }

    /// The configured dimension, or the one learned from the first answer.
    /// If neither is known yet this asks the server once; 0 means it could not
    /// be reached (`EmbedderConfig::build` probes up front and reports why).
    fn dimension(&self) -> usize {
        self.probe_dimension().unwrap_or(0)
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut out = Vec::with_capacity(texts.len());
        for batch in texts.chunks(BATCH_SIZE) {
            out.extend(self.embed_batch(batch)?);
        }
        Ok(out)
    }
}

#[derive(Serialize)]
struct EmbeddingsRequest<'a> {
    model: &'a str,
    input: &'a [&'a str],
}

#[derive(Deserialize)]
struct EmbeddingsResponse {
    data: Vec<EmbeddingItem>,
}

#[derive(Deserialize)]
struct EmbeddingItem {
    #[serde(default)]
    index: Option<usize>,
    embedding: Vec<f32>,
}

/// The message of an error body: OpenAI's `{"error":{"message"}}`, the
/// `{"error":"..."}` some compatible servers send, or the start of the body.
fn error_message(body: &[u8]) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_slice(body).ok();
    let error = parsed.as_ref().and_then(|v| v.get("error"));
    let message = error.and_then(|e| e.get("message").and_then(|m| m.as_str()).or(e.as_str())).map(str::to_string);
    match message {
        Some(m) if !m.trim().is_empty() => m,
        _ if body.is_empty() => "empty response body".to_string(),
        _ => snippet(body),
    }
}

fn snippet(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let mut end = text.len().min(300);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].trim().to_string()
}

/// How a remote model is named beside its vectors.
pub(crate) fn model_id(model: &str) -> String {
    format!("openai:{model}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_message_prefers_the_documented_shape() {
        let body = br#"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}"#;
        assert_eq!(error_message(body), "Incorrect API key provided");
        assert_eq!(error_message(br#"{"error":"model not found"}"#), "model not found");
        assert_eq!(error_message(b"Bad Gateway"), "Bad Gateway");
        assert_eq!(error_message(b""), "empty response body");
    }

    #[test]
    fn openai_without_a_key_is_refused_before_any_request() {
        let err = OpenAiEmbedder::new("https://api.openai.com/v1", None, "text-embedding-3-small", None)
            .err()
            .expect("no key should be an error");
        assert!(err.to_string().contains("OPENAI_API_KEY"), "{err}");
    }

    #[test]
    fn a_base_url_without_a_scheme_is_refused() {
        let err = OpenAiEmbedder::new("localhost:11434/v1", None, "nomic-embed-text", None).err().expect("no scheme should be an error");
        assert!(err.to_string().contains("http://"), "{err}");
    }

    #[test]
    fn the_url_and_model_id_come_from_base_and_model() {
        let e = OpenAiEmbedder::new("http://127.0.0.1:9/v1/", None, "nomic-embed-text", Some(768)).unwrap();
        assert_eq!(e.url, "http://127.0.0.1:9/v1/embeddings");
        assert_eq!(e.model_id(), "openai:nomic-embed-text");
        assert_eq!(e.dimension(), 768, "a configured dimension needs no request");
    }

    #[test]
    fn making_an_embedder_makes_no_http_client() {
        // `new` may run on an async worker thread, where reqwest's blocking client must not be made.
        let e = OpenAiEmbedder::new("http://127.0.0.1:9/v1", None, "m", Some(3)).unwrap();
        assert!(e.client.get().is_none());
    }
}
