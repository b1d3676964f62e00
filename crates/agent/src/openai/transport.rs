//! async-openai's client, set up for any OpenAI-compatible server: a configured reqwest client
//! from `proseva_http`, a `Config` that sends no `Authorization` header when there is no key, and a
//! tower retry layer that follows `proseva_http`'s policy, behind the model service's guard of
//! the tool pipeline ([`crate::pipeline`]: its rate limit and circuit breaker, "Model service").

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use async_openai::Client;
use async_openai::config::{Config, OpenAIConfig};
use async_openai::error::{ApiError, ApiErrorResponse, OpenAIError};
use async_openai::middleware::{HttpRequestFactory, ReqwestService};
use proseva_http::{Failure, RetryPolicy, RetryRules, describe};
use reqwest::{StatusCode, header};
use tower::{Layer, Service, ServiceBuilder, ServiceExt};

use super::Endpoint;
use super::wire::error_message;
use crate::model::ModelError;
use crate::pipeline::{ServiceGuard, guard_for};

/// The model endpoint's name in the pipeline's guards and the status line.
pub const MODEL_SERVICE: &str = "Model service";

/// The model client: async-openai over `proseva_http`'s reqwest, with [`RetryLayer`].
pub(super) type ModelClient = Client<ServerConfig>;

/// Builds the client for `endpoint`, or says why none can be made.
pub(super) fn build_client(endpoint: &Endpoint) -> Result<ModelClient, String> {
    let url = reqwest::Url::parse(&endpoint.base_url).map_err(|e| {
        format!("the model service address {:?} is not a URL ({e}); it looks like http://127.0.0.1:11434/v1", endpoint.base_url)
    })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(format!("the model service address {:?} must start with http:// or https://", endpoint.base_url));
    }
    let http = proseva_http::client_builder(concat!("proseva-agent/", env!("CARGO_PKG_VERSION")))
        .connect_timeout(proseva_http::CONNECT_TIMEOUT.min(endpoint.request_timeout))
        .read_timeout(endpoint.request_timeout)
        .build()
        .map_err(|e| format!("the HTTP client for the model service could not be made: {}", describe(&e)))?;
    let config = ServerConfig {
        openai: OpenAIConfig::new()
            .with_api_base(&endpoint.base_url)
            .with_api_key(endpoint.api_key.clone().unwrap_or_default())
            .with_org_id("")
            .with_project_id(""),
        has_key: endpoint.api_key.is_some(),
    };
    let service = ServiceBuilder::new()
        .layer(RetryLayer {
            policy: endpoint.retry,
            timeout: endpoint.request_timeout,
            guard: guard_for(MODEL_SERVICE, &endpoint.base_url),
        })
        .service(ReqwestService::new(http.clone()));
    Ok(Client::build(http, config).with_http_service(service))
}

/// OpenAI's configuration, less the `Authorization` header when there is no key: local servers
/// need none, and some refuse a `Bearer` with nothing after it.
#[derive(Debug, Clone)]
pub(super) struct ServerConfig {
    openai: OpenAIConfig,
    has_key: bool,
}

impl Config for ServerConfig {
    fn headers(&self) -> header::HeaderMap {
        let mut headers = self.openai.headers();
        if !self.has_key {
            headers.remove(header::AUTHORIZATION);
        }
        headers
    }
    fn url(&self, path: &str) -> String {
        self.openai.url(path)
    }
    fn query(&self) -> Vec<(&str, &str)> {
        self.openai.query()
    }
    fn api_base(&self) -> &str {
        self.openai.api_base()
    }
    fn api_key(&self) -> &secrecy::SecretString {
        self.openai.api_key()
    }
}

/// The model service's rules for retrying: OpenAI answers 429 also when the account has no credit
/// left, and waiting does not help that.
const MODEL_RULES: RetryRules = RetryRules { only_when_asked: false, wait_in_body: None, hopeless: Some(out_of_quota) };

fn out_of_quota(status: StatusCode, body: &[u8]) -> bool {
    let Ok(json) = serde_json::from_slice::<serde_json::Value>(body) else { return false };
    status == StatusCode::TOO_MANY_REQUESTS
        && [&json["error"]["type"], &json["error"]["code"]].iter().any(|v| v.as_str() == Some("insufficient_quota"))
}

/// The tower layer that retries model requests as `proseva_http`'s policy says, gives each attempt
/// `timeout` to start answering, and turns every answer that is not a success into an
/// [`OpenAIError::ApiError`] carrying the service's own message, whatever shape its error body has.
#[derive(Debug, Clone)]
pub(super) struct RetryLayer {
    policy: RetryPolicy,
    timeout: Duration,
    guard: Arc<ServiceGuard>,
}

impl<S> Layer<S> for RetryLayer {
    type Service = Retrying<S>;

    fn layer(&self, inner: S) -> Retrying<S> {
        Retrying { inner, policy: self.policy, timeout: self.timeout, guard: self.guard.clone() }
    }
}

/// The service [`RetryLayer`] makes.
#[derive(Debug, Clone)]
pub(super) struct Retrying<S> {
    inner: S,
    policy: RetryPolicy,
    timeout: Duration,
    guard: Arc<ServiceGuard>,
}

type Answer = Pin<Box<dyn Future<Output = Result<reqwest::Response, OpenAIError>> + Send>>;

impl<S> Service<HttpRequestFactory> for Retrying<S>
where
    S: Service<HttpRequestFactory, Response = reqwest::Response, Error = OpenAIError> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = reqwest::Response;
    type Error = OpenAIError;
    type Future = Answer;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), OpenAIError>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: HttpRequestFactory) -> Answer {
        let (inner, policy, timeout, guard) = (self.inner.clone(), self.policy, self.timeout, self.guard.clone());
        // Each attempt rebuilds the request from the factory (async-openai's design for replaying).
        let attempt = move || -> Answer {
            let (service, request) = (inner.clone(), request.clone());
            Box::pin(async move {
                match tokio::time::timeout(timeout, service.oneshot(request)).await {
                    // The read timeout fires first when the service accepts the request and stays silent.
                    Ok(Err(OpenAIError::Reqwest(e))) if e.is_timeout() && !e.is_connect() => Err(TimedOut(timeout).into()),
                    Ok(answer) => answer,
                    Err(_) => Err(TimedOut(timeout).into()),
                }
            })
        };
        Box::pin(async move {
            // Refused at once while the service is paused, or when its rate would be passed.
            let pass = guard.admit().map_err(|refused| OpenAIError::Boxed(Box::new(refused)))?;
            tokio::time::sleep(pass.wait).await;
            let first = attempt();
            let answer = match proseva_http::retrying(&policy, &MODEL_RULES, no_connection, first, move || Some(attempt())).await {
                Ok(response) => Ok(response),
                Err(Failure::Refused(refusal)) => Err(api_error(refusal.status, &refusal.body, refusal.asked)),
                Err(Failure::Unanswered(error)) => Err(error),
            };
            // A refusal of the request (4xx) is the service working; 5xx, silence and no
            // connection are failures.
            guard.record(match &answer {
                Ok(_) => true,
                Err(OpenAIError::ApiError(e)) => e.status_code.as_u16() < 500,
                Err(_) => false,
            });
            answer
        })
    }
}

fn no_connection(error: &OpenAIError) -> bool {
    matches!(error, OpenAIError::Reqwest(e) if e.is_connect())
}

/// The service took longer than the request timeout to start answering.
#[derive(Debug, thiserror::Error)]
#[error("the model service did not start answering within {} seconds", seconds(.0))]
struct TimedOut(Duration);

impl From<TimedOut> for OpenAIError {
    fn from(timed_out: TimedOut) -> Self {
        OpenAIError::Boxed(Box::new(timed_out))
    }
}

/// "120", or "0.3" for less than a second.
fn seconds(d: &Duration) -> String {
    if d.subsec_millis() == 0 { d.as_secs().to_string() } else { format!("{:.1}", d.as_secs_f64()) }
}

/// An answer that is not a success, with the service's own message, and the wait it asked for
/// when that was too long to wait out.
fn api_error(status: StatusCode, body: &[u8], asked: Option<Duration>) -> OpenAIError {
    let mut message = error_message(body).unwrap_or_else(|| status.canonical_reason().unwrap_or("no reason given").to_string());
    if let Some(wait) = asked {
        message.push_str(&format!(" (it asks to wait {} seconds before trying again)", wait.as_secs().max(1)));
    }
    OpenAIError::ApiError(ApiErrorResponse { status_code: status, api_error: ApiError { message, ..ApiError::default() } })
}

/// async-openai's error as the agent's.
pub(super) fn model_error(error: OpenAIError) -> ModelError {
    match error {
        OpenAIError::ApiError(e) => ModelError::Refused { status: e.status_code.as_u16(), message: e.api_error.message },
        OpenAIError::Reqwest(e) if e.is_decode() => ModelError::BadResponse(describe(&e)),
        // A read timeout once the answer has begun: timeouts before it are `TimedOut`.
        OpenAIError::Reqwest(e) if e.is_timeout() && !e.is_connect() => {
            ModelError::Unreachable("the model service stopped answering partway".into())
        }
        OpenAIError::Reqwest(e) => ModelError::Unreachable(describe(&e)),
        OpenAIError::JSONDeserialize(e, content) => ModelError::BadResponse(format!("{e}; it sent: {}", super::wire::cut(&content, 300))),
        OpenAIError::StreamError(e) => ModelError::Unreachable(format!("the answer stream broke off: {e}")),
        OpenAIError::Boxed(e) => ModelError::Unreachable(describe(e.as_ref())),
        other => ModelError::Unreachable(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_quota_is_hopeless_and_a_rate_limit_is_not() {
        let quota = br#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota"}}"#;
        assert!(out_of_quota(StatusCode::TOO_MANY_REQUESTS, quota));
        assert!(!out_of_quota(StatusCode::TOO_MANY_REQUESTS, br#"{"error":{"message":"Rate limit reached","type":"requests"}}"#));
        assert!(!out_of_quota(StatusCode::TOO_MANY_REQUESTS, b"not json"));
    }

    #[test]
    fn a_refusal_keeps_the_services_words_and_the_wait_it_asked_for() {
        let error = api_error(StatusCode::TOO_MANY_REQUESTS, br#"{"error":"slow down"}"#, Some(Duration::from_secs(3600)));
        let ModelError::Refused { status, message } = model_error(error) else { panic!("not a refusal") };
        assert_eq!((status, message.as_str()), (429, "slow down (it asks to wait 3600 seconds before trying again)"));
        let error = api_error(StatusCode::BAD_GATEWAY, b"<html>bad gateway</html>", None);
        assert_eq!(model_error(error), ModelError::Refused { status: 502, message: "Bad Gateway".into() });
    }

    #[test]
    fn no_key_means_no_authorization_header() {
        let endpoint = |key: Option<&str>| Endpoint::new("http://127.0.0.1:1/v1", key.map(str::to_string), "s", "l");
        let headers = |key| build_client(&endpoint(key)).unwrap().config().headers();
        assert!(headers(None).get(header::AUTHORIZATION).is_none());
        assert_eq!(headers(Some("sk-test")).get(header::AUTHORIZATION).unwrap(), "Bearer sk-test");
    }
}
