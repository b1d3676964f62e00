//! A fake service: plays back scripted replies in order and records every request.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use proseva_agent::tool::{Tool, ToolError};
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use serde_json::Value;

/// The client the tools are given, as the app makes it.
pub fn http() -> reqwest::Client {
    proseva_http::client_builder("proseva-tests").build().unwrap()
}

#[derive(Debug, Clone)]
pub struct Seen {
    pub method: Method,
    pub path: String,
    pub query: HashMap<String, String>,
    pub headers: HeaderMap,
    pub body: String,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query.get(name).map(String::as_str)
    }
    pub fn form(&self) -> HashMap<String, String> {
        let uri: Uri = format!("/?{}", self.body).parse().unwrap();
        Query::<HashMap<String, String>>::try_from_uri(&uri).unwrap().0
    }
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap()
    }
}

#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: String,
}

impl Reply {
    pub fn json(status: u16, body: Value) -> Reply {
        Reply { status, headers: vec![("content-type", "application/json".into())], body: body.to_string() }
    }
    pub fn ok(body: Value) -> Reply {
        Reply::json(200, body)
    }
    pub fn raw(status: u16, body: &str) -> Reply {
        Reply { status, headers: vec![("content-type", "application/json".into())], body: body.into() }
    }
    pub fn header(mut self, name: &'static str, value: &str) -> Reply {
        self.headers.push((name, value.into()));
        self
    }
}

#[derive(Clone, Default)]
struct Script {
    replies: Arc<Mutex<VecDeque<Reply>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

async fn play(State(script): State<Script>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let query = Query::<HashMap<String, String>>::try_from_uri(&uri).map(|q| q.0).unwrap_or_default();
    let body = String::from_utf8_lossy(&body).into_owned();
    script.seen.lock().unwrap().push(Seen { method, path: uri.path().to_string(), query, headers, body });
    let Some(reply) = script.replies.lock().unwrap().pop_front() else {
        return (StatusCode::IM_A_TEAPOT, "the test scripted no reply for this request").into_response();
    };
    let mut response = (StatusCode::from_u16(reply.status).unwrap(), reply.body).into_response();
    for (name, value) in reply.headers {
        response.headers_mut().insert(name, value.parse().unwrap());
    }
    response
}

pub struct Fake {
    pub url: String,
    script: Script,
}

impl Fake {
    pub async fn start(replies: Vec<Reply>) -> Fake {
        let script = Script { replies: Arc::new(Mutex::new(replies.into())), ..Script::default() };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let app = Router::new().fallback(play).with_state(script.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Fake { url, script }
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.script.seen.lock().unwrap().clone()
    }

    pub fn only_request(&self) -> Seen {
        let seen = self.seen();
        assert_eq!(seen.len(), 1, "expected exactly one request, got {seen:#?}");
        seen.into_iter().next().unwrap()
    }
}

/// Every key set and every service pointed at `fake`.
pub fn config_for(fake: &Fake) -> ResearchConfig {
    ResearchConfig {
        courtlistener_token: Some("cl-token".into()),
        legiscan_key: Some("ls-key".into()),
        govinfo_key: Some("gi-key".into()),
        serpapi_key: Some("serp-key".into()),
        openalex_email: None,
        courtlistener_base_url: fake.url.clone(),
        legiscan_base_url: fake.url.clone(),
        govinfo_base_url: fake.url.clone(),
        openalex_base_url: fake.url.clone(),
        serpapi_base_url: format!("{}/", fake.url),
        ..ResearchConfig::default()
    }
}

pub fn tool(config: &ResearchConfig, name: &str) -> Arc<dyn Tool> {
    research_tools(config, http()).into_iter().find(|t| t.name() == name).unwrap_or_else(|| panic!("no tool {name}"))
}

pub async fn call(config: &ResearchConfig, name: &str, args: Value) -> Result<Value, ToolError> {
    tool(config, name).call(args).await
}

/// The message and the wait of a call the service refused for its rate limit (`rate_limited`).
pub fn limited(result: Result<Value, ToolError>) -> (String, std::time::Duration) {
    match result {
        Err(e @ ToolError::RateLimited { .. }) => {
            assert_eq!(e.code(), "rate_limited");
            (e.to_string(), e.retry_after().unwrap_or_default())
        }
        other => panic!("expected RateLimited, got {other:?}"),
    }
}

pub fn unavailable(result: Result<Value, ToolError>) -> String {
    match result {
        Err(ToolError::Unavailable(message)) => message,
        other => panic!("expected Unavailable, got {other:?}"),
    }
}
