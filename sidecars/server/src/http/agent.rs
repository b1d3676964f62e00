//! `POST /api/chat` and `POST /api/research`: the agent (crates/agent) for headless clients.
//!
//! Body `{"messages": [{"role": "user", "content": "..."}]}`, checked by the agent's one
//! conversation validator (400 naming the field at fault). The answer comes back as
//! `{"reply", "toolResults", "citations"}`, or, with `Accept: text/event-stream`, as the agent's
//! events, one SSE event each (`event: <type>`, `data: <json>`). A client that disconnects from
//! the stream cancels the request. The local tools run in this process; the law graph is reached
//! at `EXPLORER_URL`.

use std::convert::Infallible;
use std::sync::{Arc, OnceLock};

use async_trait::async_trait;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Json, Router};
use proseva_agent::config::AgentConfig;
use proseva_agent::conversation::conversation_from_json;
use proseva_agent::event::AgentEvent;
use proseva_agent::runner::{Agent, RequestKind};
use proseva_agent::tool::{Tool, ToolDisplay, ToolError};
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use super::JsonBody;
use crate::{ApiError, AppState, tools};

/// The routes, with an agent built from the environment (model settings, research keys).
pub fn routes(state: &AppState) -> Router<AppState> {
    routes_with(state, &AgentConfig::from_env(), &ResearchConfig::from_env())
}

/// The routes, with an agent built from the given settings on the first request.
pub fn routes_with(state: &AppState, config: &AgentConfig, research: &ResearchConfig) -> Router<AppState> {
    let agent = LazyAgent { state: state.clone(), config: config.clone(), research: research.clone(), agent: OnceLock::new() };
    Router::new().route("/api/chat", post(chat)).route("/api/research", post(research_route)).layer(Extension(Arc::new(agent)))
}

/// The headless agent, built by the first request that needs it: its client for the research
/// services reads the system's TLS roots (about 6 ms), which the server's start-up need not wait
/// for, and most servers never see a headless question.
struct LazyAgent {
    state: AppState,
    config: AgentConfig,
    research: ResearchConfig,
    agent: OnceLock<Arc<Agent>>,
}

impl LazyAgent {
    fn get(&self) -> Result<Arc<Agent>, ApiError> {
        if let Some(agent) = self.agent.get() {
            return Ok(agent.clone());
        }
        let built = Arc::new(self.build()?);
        // Two first requests at once may both build one; either serves.
        Ok(self.agent.get_or_init(|| built).clone())
    }

    fn build(&self) -> Result<Agent, ApiError> {
        const USER_AGENT: &str = concat!("proseva-server/", env!("CARGO_PKG_VERSION"));
        let unavailable = |e: proseva_http::reqwest::Error| ApiError::Upstream(format!("no HTTP client: {}", proseva_http::describe(&e)));
        // The explorer is on loopback (no proxy); the research services are on the internet.
        let loopback = proseva_http::loopback_client_builder(USER_AGENT).build().map_err(unavailable)?;
        let web = proseva_http::client_builder(USER_AGENT).build().map_err(unavailable)?;
        let explorer = ExplorerClient::new(loopback, &self.state.config.explorer_url, self.state.config.token.clone());
        let local: Vec<Arc<dyn Tool>> =
            tools::tool_specs().into_iter().map(|spec| Arc::new(InProcess { spec, state: self.state.clone() }) as Arc<dyn Tool>).collect();
        let model = self.config.build_model();
        Ok(Agent::in_process(model, self.config.runner_config(), explorer, local, research_tools(&self.research, web)))
    }
}

/// A local tool, run on this server's own state.
struct InProcess {
    spec: tools::ToolSpec,
    state: AppState,
}

#[async_trait]
impl Tool for InProcess {
    fn name(&self) -> &str {
        self.spec.name
    }
    fn description(&self) -> &str {
        self.spec.description
    }
    fn parameters(&self) -> Value {
        self.spec.parameters.clone()
    }
    fn display(&self) -> ToolDisplay {
        self.spec.display.clone()
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        tools::run_tool(&self.state, self.spec.name, args).await.map_err(|e| match e {
            ApiError::Validation { .. } | ApiError::BadRequest(_) | ApiError::NotFound(_) => ToolError::BadArguments(e.to_string()),
            other => ToolError::Failed(other.to_string()),
        })
    }
}

async fn chat(
    State(_): State<AppState>,
    Extension(agent): Extension<Arc<LazyAgent>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Response {
    match agent.get() {
        Ok(agent) => answer(agent, RequestKind::Chat, &headers, body).await,
        Err(e) => e.into_response(),
    }
}

async fn research_route(
    State(_): State<AppState>,
    Extension(agent): Extension<Arc<LazyAgent>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Response {
    match agent.get() {
        Ok(agent) => answer(agent, RequestKind::Research, &headers, body).await,
        Err(e) => e.into_response(),
    }
}

async fn answer(agent: Arc<Agent>, kind: RequestKind, headers: &HeaderMap, body: Value) -> Response {
    // The rules are the agent's own (crates/agent conversation.rs), the same for every client.
    let history = match conversation_from_json(&body) {
        Ok(h) => h,
        Err(e) => return ApiError::field(&e.field, e.message).into_response(),
    };
    let wants_stream = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|a| a.contains("text/event-stream"));
    if !wants_stream {
        let emit = |_e: AgentEvent| {};
        return match agent.run(kind, &history, &emit, &CancellationToken::new()).await {
            Ok(reply) => {
                Json(json!({ "reply": reply.reply, "toolResults": reply.tool_results, "citations": reply.citations })).into_response()
            }
            Err(e) => ApiError::Upstream(e.to_string()).into_response(),
        };
    }
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<AgentEvent>();
    let cancel = CancellationToken::new();
    // Dropped with the response stream when the client goes away: that cancels the run.
    let guard = cancel.clone().drop_guard();
    tokio::spawn(async move {
        let emit = move |e: AgentEvent| {
            let _ = tx.send(e);
        };
        let _ = agent.run(kind, &history, &emit, &cancel).await;
    });
    let stream = futures::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let event = rx.recv().await?;
        let name = serde_json::to_value(&event).ok().and_then(|v| v["type"].as_str().map(str::to_string)).unwrap_or_default();
        let sse = Event::default().event(name).json_data(&event).unwrap_or_else(|_| Event::default());
        Some((Ok::<_, Infallible>(sse), (rx, guard)))
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}
