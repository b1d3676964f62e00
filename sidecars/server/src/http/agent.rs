//! `POST /api/chat` and `POST /api/research`: the agent (crates/agent) for headless clients.
//!
//! Body `{"messages": [{"role": "user", "content": "..."}]}`, checked by the agent's one
//! conversation validator (400 naming the field at fault). The answer comes back as
//! `{"reply", "toolResults", "citations"}`, or, with `Accept: text/event-stream`, as the agent's
//! events, one SSE event each (`event: <type>`, `data: <json>`). A client that disconnects from
//! the stream cancels the request. The local tools run in this process; the law graph is reached
//! at `EXPLORER_URL`.

use std::convert::Infallible;
use std::sync::Arc;

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

/// The routes, with an agent built from the given settings.
pub fn routes_with(state: &AppState, config: &AgentConfig, research: &ResearchConfig) -> Router<AppState> {
    const USER_AGENT: &str = concat!("proseva-server/", env!("CARGO_PKG_VERSION"));
    // The explorer is on loopback (no proxy); the research services are on the internet.
    let loopback = proseva_http::loopback_client_builder(USER_AGENT).build().expect("a loopback HTTP client builds");
    let web = proseva_http::client_builder(USER_AGENT).build().expect("an HTTP client on rustls with ring builds");
    let explorer = ExplorerClient::new(loopback, &state.config.explorer_url, state.config.token.clone());
    let local: Vec<Arc<dyn Tool>> =
        tools::tool_specs().into_iter().map(|spec| Arc::new(InProcess { spec, state: state.clone() }) as Arc<dyn Tool>).collect();
    let agent = Agent::in_process(config.build_model(), config.runner_config(), explorer, local, research_tools(research, web));
    Router::new().route("/api/chat", post(chat)).route("/api/research", post(research_route)).layer(Extension(Arc::new(agent)))
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
    Extension(agent): Extension<Arc<Agent>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Response {
    answer(agent, RequestKind::Chat, &headers, body).await
}

async fn research_route(
    State(_): State<AppState>,
    Extension(agent): Extension<Arc<Agent>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Response {
    answer(agent, RequestKind::Research, &headers, body).await
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
