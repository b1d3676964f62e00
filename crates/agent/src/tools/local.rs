//! The local tools, over the server's HTTP API: the person's cases, deadlines, contacts,
//! finances, documents and timeline, and the writes to them.
//!
//! The server owns their names, descriptions, schemas, whether each writes (`effect`: `reads` or
//! `writes`; a tool listed without one is taken to write) and how the page shows them (`GET
//! /api/tools`, each with a `display`) and runs them (`POST /api/tools/{name}`); this side only
//! carries calls across.

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::{Value, json};

use crate::tool::{Effect, Tool, ToolDisplay, ToolError};

pub use crate::language::{ANSWER_LANGUAGE, answer_language, answering_in, answering_in_language, is_spanish_code};

/// Talks to the server's `/api/*`.
#[derive(Debug, Clone)]
pub struct ServerClient {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
}

impl ServerClient {
    /// `base_url` like `http://127.0.0.1:3001`.
    pub fn new(http: reqwest::Client, base_url: &str, token: Option<String>) -> Self {
        ServerClient { http, base: base_url.trim_end_matches('/').to_string(), token: token.filter(|t| !t.is_empty()) }
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(lang) = answer_language() {
            request = request.header(reqwest::header::ACCEPT_LANGUAGE, lang);
        }
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    /// GET or POST `path`, JSON in and out; errors carry the server's own message.
    pub async fn call(&self, method: reqwest::Method, path: &str, body: Option<&Value>) -> Result<Value, ToolError> {
        let mut request = self.request(method, path);
        if let Some(body) = body {
            request = request.json(body);
        }
        let unavailable = |e: String| ToolError::Unavailable(format!("the case data server is unavailable: {e}"));
        let response = request.send().await.map_err(|e| unavailable(e.without_url().to_string()))?;
        let status = response.status();
        let text = response.text().await.map_err(|e| unavailable(e.to_string()))?;
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        if status.is_success() {
            return Ok(value);
        }
        let message = value["error"]["message"].as_str().map(str::to_string).unwrap_or_else(|| format!("HTTP {status}"));
        Err(match status.as_u16() {
            400 | 404 | 422 => ToolError::BadArguments(message),
            _ => unavailable(message),
        })
    }
}

struct LocalTool {
    name: String,
    description: String,
    parameters: Value,
    display: ToolDisplay,
    effect: Effect,
    server: ServerClient,
}

#[async_trait]
impl Tool for LocalTool {
    fn name(&self) -> &str {
        &self.name
    }
    fn description(&self) -> &str {
        &self.description
    }
    fn parameters(&self) -> Value {
        self.parameters.clone()
    }
    fn display(&self) -> ToolDisplay {
        self.display.clone()
    }
    fn effect(&self) -> Effect {
        self.effect
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let args = if args.is_null() { json!({}) } else { args };
        self.server.call(reqwest::Method::POST, &format!("/api/tools/{}", self.name), Some(&args)).await
    }
}

/// The local tools as the server lists them (`GET /api/tools`).
pub async fn local_tools(server: &ServerClient) -> Result<Vec<Arc<dyn Tool>>, ToolError> {
    let listed = server.call(reqwest::Method::GET, "/api/tools", None).await?;
    let items = listed.as_array().ok_or_else(|| ToolError::Failed(format!("GET /api/tools did not list tools: {listed}")))?;
    items
        .iter()
        .map(|t| {
            // Either the flat `{name, description, parameters}` or `{function: {...}}`.
            let f = t.get("function").unwrap_or(t);
            let name = f["name"].as_str().ok_or_else(|| ToolError::Failed(format!("a listed tool has no name: {t}")))?;
            let display = t.get("display").and_then(|d| serde_json::from_value(d.clone()).ok()).unwrap_or_else(|| ToolDisplay::named(name));
            // A listed tool that does not say it only reads is taken to write: held by the gate.
            let effect = t.get("effect").and_then(|e| serde_json::from_value(e.clone()).ok()).unwrap_or(Effect::Writes);
            Ok(Arc::new(LocalTool {
                display,
                effect,
                name: name.to_string(),
                description: f["description"].as_str().unwrap_or_default().to_string(),
                parameters: f.get("parameters").cloned().unwrap_or_else(|| json!({"type": "object", "properties": {}})),
                server: server.clone(),
            }) as Arc<dyn Tool>)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use axum::Router;
    use axum::http::HeaderMap;
    use axum::routing::post;

    use super::*;

    /// A loopback server that answers every `POST /api/tools/{name}` with `{}` and keeps the
    /// `Accept-Language` each came with.
    async fn server() -> (ServerClient, Arc<Mutex<Vec<Option<String>>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        let app = Router::new().route(
            "/api/tools/{name}",
            post(move |headers: HeaderMap| {
                let log = log.clone();
                async move {
                    let lang = headers.get(reqwest::header::ACCEPT_LANGUAGE).map(|v| v.to_str().unwrap_or_default().to_string());
                    log.lock().unwrap().push(lang);
                    axum::Json(json!({}))
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        let http = proseva_http::loopback_client_builder("proseva-tests").build().unwrap();
        (ServerClient::new(http, &url, None), seen)
    }

    #[tokio::test]
    async fn the_server_is_asked_in_spanish_only_inside_a_spanish_answer() {
        let (client, seen) = server().await;
        let args = json!({});
        let call = || client.call(reqwest::Method::POST, "/api/tools/GetCases", Some(&args));
        call().await.unwrap();
        ANSWER_LANGUAGE.scope("es", async { call().await.unwrap() }).await;
        answering_in("¿Qué sigue en mi caso?", async { call().await.unwrap() }).await;
        answering_in("What happens next in my case?", async { call().await.unwrap() }).await;
        assert_eq!(answer_language(), None);
        assert_eq!(*seen.lock().unwrap(), [None, Some("es".to_string()), Some("es".to_string()), None]);
    }

    #[tokio::test]
    async fn a_spanish_window_answers_in_spanish_whatever_was_typed() {
        assert!(is_spanish_code(Some("es")) && is_spanish_code(Some("es-US")) && is_spanish_code(Some(" ES ")));
        assert!(!is_spanish_code(Some("en")) && !is_spanish_code(Some("")) && !is_spanish_code(None) && !is_spanish_code(Some("estonian")));
        let lang = || async { answer_language() };
        assert_eq!(answering_in_language(Some("es"), "", lang()).await, Some("es"));
        assert_eq!(answering_in_language(Some("es-US"), "What next?", lang()).await, Some("es"));
        assert_eq!(answering_in_language(None, "¿Qué sigue en mi caso?", lang()).await, Some("es"));
        assert_eq!(answering_in_language(Some("en"), "What next?", lang()).await, None);
        assert_eq!(answering_in_language(None, "", lang()).await, None);
    }
}
