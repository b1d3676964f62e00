//! Shared by the server's integration tests: a state in a temp dir, requests through
//! `app(state)` without a socket, the real binary on a free port, and embedders for tests.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, header};
use proseva_embed::{EmbedError, Embedder, EmbedderConfig};
use proseva_server::{AppState, Config, http};
use serde_json::Value;
use tower::ServiceExt;

pub const TOKEN: &str = "test-token-7f3a";

/// A fresh data dir and a state over it, with the token set.
pub fn state() -> (AppState, tempfile::TempDir) {
    state_with(|_| {})
}

pub fn state_with(adjust: impl FnOnce(&mut Config)) -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::for_data_dir(dir.path().to_path_buf());
    config.token = Some(TOKEN.into());
    adjust(&mut config);
    (AppState::open(&config).unwrap(), dir)
}

/// A request as a test builds it.
pub struct Call {
    request: axum::http::request::Builder,
    body: Body,
}

pub fn call(method: &str, path: &str) -> Call {
    Call { request: Request::builder().method(method).uri(path).header(header::HOST, "127.0.0.1:3001"), body: Body::empty() }.auth(TOKEN)
}

impl Call {
    pub fn auth(mut self, token: &str) -> Self {
        self.request = self.request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        self
    }

    /// Without an Authorization header.
    pub fn anonymous(method: &str, path: &str) -> Self {
        Call { request: Request::builder().method(method).uri(path).header(header::HOST, "127.0.0.1:3001"), body: Body::empty() }
    }

    /// Sets a header, replacing any value it had.
    pub fn header(mut self, name: &str, value: &str) -> Self {
        let headers = self.request.headers_mut().unwrap();
        headers.insert(axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(), value.parse().unwrap());
        self
    }

    pub fn json(mut self, body: &Value) -> Self {
        self.request = self.request.header(header::CONTENT_TYPE, "application/json");
        self.body = Body::from(body.to_string());
        self
    }

    pub fn raw(mut self, content_type: &str, body: impl Into<Vec<u8>>) -> Self {
        self.request = self.request.header(header::CONTENT_TYPE, content_type);
        self.body = Body::from(body.into());
        self
    }

    /// A multipart form with one file and some text fields.
    pub fn multipart(self, file_name: &str, bytes: &[u8], fields: &[(&str, &str)]) -> Self {
        let boundary = "----proseva-test-boundary";
        let mut body = Vec::new();
        for (name, value) in fields {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        self.raw(&format!("multipart/form-data; boundary={boundary}"), body)
    }

    /// Sends it through `app(state)`; the status and the body as JSON (`Null` if empty).
    pub async fn send(self, state: &AppState) -> (u16, Value) {
        let (status, bytes) = self.send_raw(state).await;
        (
            status,
            if bytes.is_empty() {
                Value::Null
            } else {
                serde_json::from_slice(&bytes).unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into()))
            },
        )
    }

    /// Like [`Call::send`], with the value of one response header.
    pub async fn send_with_header(self, state: &AppState, name: &str) -> (u16, Value, Option<String>) {
        let response = http::app(state.clone()).oneshot(self.request.body(self.body).unwrap()).await.unwrap();
        let status = response.status().as_u16();
        let header = response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null), header)
    }

    pub async fn send_raw(self, state: &AppState) -> (u16, Vec<u8>) {
        let response = http::app(state.clone()).oneshot(self.request.body(self.body).unwrap()).await.unwrap();
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, bytes.to_vec())
    }
}

/// Asserts the error shape and returns the error object.
/// `POST /api/tools/{name}` with `args`: the status and the body.
pub async fn tool(state: &AppState, name: &str, args: Value) -> (u16, Value) {
    call("POST", &format!("/api/tools/{name}")).json(&args).send(state).await
}

/// `POST path` with `body`, which must be created (201); the created record.
pub async fn create(state: &AppState, path: &str, body: Value) -> Value {
    let (status, created) = call("POST", path).json(&body).send(state).await;
    assert_eq!(status, 201, "{path}: {created}");
    created
}

pub fn error_of(body: &Value, code: &str) -> Value {
    let error = &body["error"];
    assert_eq!(error["code"], code, "{body}");
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    error.clone()
}

/// Polls `check` until it returns `Some`, failing the test after `limit`.
pub async fn eventually<T>(what: &str, limit: Duration, mut check: impl AsyncFnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(Instant::now() < deadline, "gave up waiting for {what} after {limit:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The real embedding model, loaded once per test binary. Fails clearly if it is not installed.
pub fn real_model() -> Arc<dyn Embedder> {
    static MODEL: OnceLock<Arc<dyn Embedder>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let config = EmbedderConfig::from_env();
            match config.build() {
                Ok(Some(model)) => Arc::from(model),
                Ok(None) => panic!("these tests need the embedding model, but PROSEVA_EMBEDDINGS turns it off"),
                Err(e) => panic!("these tests need the embedding model ({config:?}): {e}"),
            }
        })
        .clone()
}

/// Words hashed into 64 dimensions: texts sharing words are near, nothing more. For tests about
/// the pipeline, not about meaning.
pub struct WordHashEmbedder;

impl Embedder for WordHashEmbedder {
    fn model_id(&self) -> &str {
        "test-word-hash"
    }
    fn dimension(&self) -> usize {
        64
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(texts
            .iter()
            .map(|text| {
                let mut v = vec![0.0f32; 64];
                for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
                    let h = word.to_lowercase().bytes().fold(2166136261u32, |h, b| (h ^ u32::from(b)).wrapping_mul(16777619));
                    v[(h % 64) as usize] += 1.0;
                }
                let n = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-9);
                v.iter().map(|x| x / n).collect()
            })
            .collect())
    }
}

/// An embedder that holds every call until [`Gate::open`], so a test can see `pending`.
#[derive(Clone, Default)]
pub struct Gate(Arc<(Mutex<bool>, Condvar)>);

impl Gate {
    pub fn open(&self) {
        *self.0.0.lock().unwrap() = true;
        self.0.1.notify_all();
    }
}

pub struct GatedEmbedder(pub Gate);

impl Embedder for GatedEmbedder {
    fn model_id(&self) -> &str {
        "test-word-hash"
    }
    fn dimension(&self) -> usize {
        64
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let (open, changed) = &*self.0.0;
        let mut is_open = open.lock().unwrap();
        while !*is_open {
            is_open = changed.wait(is_open).unwrap();
        }
        WordHashEmbedder.embed(texts)
    }
}

pub struct FailingEmbedder;

impl Embedder for FailingEmbedder {
    fn model_id(&self) -> &str {
        "test-failing"
    }
    fn dimension(&self) -> usize {
        64
    }
    fn embed(&self, _: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Err(EmbedError::Model("the test model always fails".into()))
    }
}

/// The real `proseva-server` binary on a free port; killed when dropped.
pub struct Server {
    pub child: Child,
    pub url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the binary on `data_dir` with the token, extra environment, and its stderr discarded.
pub fn start_server(data_dir: &std::path::Path, env: &[(&str, &str)]) -> Server {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proseva-server"));
    cmd.env("PROSEVA_DATA_DIR", data_dir).env("PORT", "0").env("PROSEVA_TOKEN", TOKEN).stdout(Stdio::piped()).stderr(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    Server { child, url }
}

pub fn client() -> reqwest::Client {
    proseva_http::loopback_client_builder("proseva-tests").build().unwrap()
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.url)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let res = client().get(self.url(path)).bearer_auth(TOKEN).send().await.unwrap();
        (res.status().as_u16(), res.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let res = client().post(self.url(path)).bearer_auth(TOKEN).json(body).send().await.unwrap();
        (res.status().as_u16(), res.json().await.unwrap_or(Value::Null))
    }
}

/// A stand-in for the explorer's `POST /graphql` on a free loopback port, over real HTTP. It
/// answers `node(sourceId: $s)` with the node when `$s` is one of its sections and `null`
/// otherwise, and a 401 without the test token. Stops when dropped.
pub struct FakeExplorer {
    pub url: String,
    /// The `sourceId` of every question it was asked, in order.
    pub asked: Arc<Mutex<Vec<String>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeExplorer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeExplorer {
    pub async fn start(sections: &[&str]) -> FakeExplorer {
        use axum::Json;
        use axum::extract::State;
        use axum::http::{HeaderMap, StatusCode};

        type Known = (Arc<Vec<String>>, Arc<Mutex<Vec<String>>>);
        async fn graphql(State((known, asked)): State<Known>, headers: HeaderMap, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
            let expected = format!("Bearer {TOKEN}");
            if headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) != Some(expected.as_str()) {
                return (StatusCode::UNAUTHORIZED, Json(serde_json::json!({"errors": [{"message": "missing or wrong bearer token"}]})));
            }
            let source_id = body["variables"]["s"].as_str().unwrap_or_default().to_string();
            asked.lock().unwrap().push(source_id.clone());
            let node = if known.contains(&source_id) {
                serde_json::json!({"id": 7, "sourceId": source_id, "heading": format!("Heading of {source_id}")})
            } else {
                Value::Null
            };
            (StatusCode::OK, Json(serde_json::json!({"data": {"node": node}})))
        }

        let asked = Arc::new(Mutex::new(Vec::new()));
        let known: Known = (Arc::new(sections.iter().map(|s| s.to_string()).collect()), asked.clone());
        let app = axum::Router::new().route("/graphql", axum::routing::post(graphql)).with_state(known);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        FakeExplorer { url, asked, task }
    }

    /// How many questions it has answered.
    pub fn questions(&self) -> usize {
        self.asked.lock().unwrap().len()
    }
}

/// A loopback address nothing listens on (a port just bound and let go): an explorer that is down.
pub fn closed_port_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    url
}

/// A state whose explorer is at `explorer_url`.
pub fn state_with_explorer(explorer_url: &str) -> (AppState, tempfile::TempDir) {
    state_with(|config| config.explorer_url = explorer_url.to_string())
}
