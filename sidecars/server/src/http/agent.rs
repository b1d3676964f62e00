//! `POST /api/chat` and `POST /api/research`: the agent (crates/agent) for headless clients.
//!
//! Body `{"messages": [{"role": "user", "content": "..."}], "allowWrites": ["create_note", ...]?}`,
//! checked by the agent's one conversation validator (400 naming the field at fault). A write the
//! model proposes (`create_note`, `append_to_note`, `link`, `add_deadline`, `create_draft`,
//! `create_paper`, `link_evidence`) is
//! made only when the caller named its tool in `allowWrites`; otherwise its result is
//! `needs_confirmation`, with the `proposal`, and nothing is written (the caller can make it
//! itself with `POST /api/tools/{name}`, or ask again allowing it). Nothing in the messages
//! allows a write. The answer comes back as
//! `{"reply", "toolResults", "citations"}`, or, with `Accept: text/event-stream`, as the agent's
//! events, one SSE event each (`event: <type>`, `data: <json>`). A client that disconnects from
//! the stream cancels the request. The local tools run in this process; the law graph is reached
//! at `EXPLORER_URL`.

use std::convert::Infallible;
use std::sync::{Arc, OnceLock};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use proseva_agent::config::AgentConfig;
use proseva_agent::conversation::conversation_from_json;
use proseva_agent::event::AgentEvent;
use proseva_agent::model::ChatMessage;
use proseva_agent::pipeline::gate::WriteGrants;
use proseva_agent::runner::{Agent, AgentError, CaseContext, Reply, RequestKind};
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use proseva_agent::workflows::{self, FOCUS_TEXT_CHARS, Focus, FocusKind, WorkflowRequest};
use serde_json::{Value, json};
use tokio::sync::OwnedSemaphorePermit;
use tokio_util::sync::CancellationToken;

use super::JsonBody;
use super::limits::AgentLimits;
use crate::{ApiError, AppState, tools};

/// The routes, with an agent built from the environment (model settings, research keys).
pub fn routes(state: &AppState) -> Router<AppState> {
    routes_with(state, &AgentConfig::from_env(), &ResearchConfig::from_env())
}

/// The routes, with an agent built from the given settings on the first request.
pub fn routes_with(state: &AppState, config: &AgentConfig, research: &ResearchConfig) -> Router<AppState> {
    let limits = AgentLimits::new(state.config.max_agent_requests, state.config.agent_requests_per_minute);
    let agent = LazyAgent { state: state.clone(), config: config.clone(), research: research.clone(), agent: OnceLock::new(), limits };
    Router::new()
        .route("/api/chat", post(chat))
        .route("/api/research", post(research_route))
        .route("/api/workflows", get(list_workflows))
        .route("/api/workflows/{key}", post(run_workflow))
        .layer(Extension(Arc::new(agent)))
}

/// The headless agent, built by the first request that needs it: its client for the research
/// services reads the system's TLS roots (about 6 ms), which the server's start-up need not wait
/// for, and most servers never see a headless question.
struct LazyAgent {
    state: AppState,
    config: AgentConfig,
    research: ResearchConfig,
    agent: OnceLock<Arc<Agent>>,
    /// Requests at once, and per client ([`AgentLimits`]).
    limits: AgentLimits,
}

impl LazyAgent {
    /// The agent, and this request's place among those it answers at once.
    fn admit(&self, headers: &HeaderMap) -> Result<(Arc<Agent>, OwnedSemaphorePermit), ApiError> {
        let permit = self.limits.admit(headers)?;
        Ok((self.get()?, permit))
    }

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
        let local = tools::in_process_tools(&self.state);
        let model = self.config.build_model();
        Ok(Agent::in_process(model, self.config.runner_config(), explorer, local, research_tools(&self.research, web)))
    }
}

async fn chat(
    State(_): State<AppState>,
    Extension(agent): Extension<Arc<LazyAgent>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Response {
    match agent.admit(&headers) {
        Ok((agent, permit)) => answer(agent, permit, RequestKind::Chat, &headers, body).await,
        Err(e) => e.into_response(),
    }
}

async fn research_route(
    State(_): State<AppState>,
    Extension(agent): Extension<Arc<LazyAgent>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Response {
    match agent.admit(&headers) {
        Ok((agent, permit)) => answer(agent, permit, RequestKind::Research, &headers, body).await,
        Err(e) => e.into_response(),
    }
}

/// What one request runs: a question (Ask or Research) or a workflow.
enum Job {
    /// A question, with the writes the caller allowed.
    Ask(RequestKind, Vec<ChatMessage>, WriteGrants),
    Workflow(WorkflowRequest, Option<CaseContext>),
}

impl Job {
    async fn run(&self, agent: &Agent, emit: &(dyn Fn(AgentEvent) + Send + Sync), cancel: &CancellationToken) -> Result<Reply, AgentError> {
        match self {
            Job::Ask(kind, history, grants) => agent.run_with_grants(*kind, history, None, grants, emit, cancel).await,
            Job::Workflow(request, case) => agent.run_workflow(request, case.as_ref(), emit, cancel).await,
        }
    }
}

async fn answer(agent: Arc<Agent>, permit: OwnedSemaphorePermit, kind: RequestKind, headers: &HeaderMap, body: Value) -> Response {
    // The rules are the agent's own (crates/agent conversation.rs), the same for every client.
    let history = match conversation_from_json(&body) {
        Ok(history) => history,
        Err(e) => return ApiError::field(&e.field, e.message).into_response(),
    };
    match allowed_writes(&body, &agent.writing_tools().await) {
        Ok(grants) => respond(agent, permit, Job::Ask(kind, history, grants), headers).await,
        Err(e) => e.into_response(),
    }
}

/// The request's `allowWrites`: the write tools the caller allows the model to use without
/// asking. Absent or null allows none; anything but a list of write tool names is refused (a
/// caller that misspells a tool must not believe it allowed it).
fn allowed_writes(body: &Value, writing: &[String]) -> Result<WriteGrants, ApiError> {
    const FIELD: &str = "allowWrites";
    match body.get(FIELD) {
        None | Some(Value::Null) => Ok(WriteGrants::none()),
        Some(Value::Array(names)) => {
            let names = names
                .iter()
                .map(|n| n.as_str().ok_or_else(|| ApiError::field(FIELD, "a list of write tool names (strings)")))
                .collect::<Result<Vec<_>, _>>()?;
            WriteGrants::parse(names, writing).map_err(|e| ApiError::field(FIELD, e))
        }
        Some(_) => Err(ApiError::field(FIELD, format!("a list of write tool names, any of {}", writing.join(", ")))),
    }
}

/// Runs `job` and answers with its reply as JSON, or, when the client accepts
/// `text/event-stream`, with its events as they happen; `permit` is held until it ends.
async fn respond(agent: Arc<Agent>, permit: OwnedSemaphorePermit, job: Job, headers: &HeaderMap) -> Response {
    let wants_stream = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|a| a.contains("text/event-stream"));
    if !wants_stream {
        let emit = |_e: AgentEvent| {};
        let ran = job.run(&agent, &emit, &CancellationToken::new()).await;
        drop(permit);
        return match ran {
            Ok(reply) => {
                let mut body = json!({ "reply": reply.reply, "toolResults": reply.tool_results, "citations": reply.citations });
                if let Some(decision) = reply.decision {
                    body["decision"] = json!(decision);
                }
                Json(body).into_response()
            }
            Err(e @ AgentError::Workflow(_)) => ApiError::BadRequest(e.to_string()).into_response(),
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
        let _ = job.run(&agent, &emit, &cancel).await;
        drop(permit);
    });
    let stream = futures::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let event = rx.recv().await?;
        let name = serde_json::to_value(&event).ok().and_then(|v| v["type"].as_str().map(str::to_string)).unwrap_or_default();
        let sse = Event::default().event(name).json_data(&event).unwrap_or_else(|_| Event::default());
        Some((Ok::<_, Infallible>(sse), (rx, guard)))
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// `GET /api/workflows`: the registry, in menu order.
async fn list_workflows() -> Json<Value> {
    Json(json!(workflows::WORKFLOWS))
}

/// `POST /api/workflows/{key}` `{"focus": {"kind", "id"}?, "input"?}`: runs one workflow on a record
/// of this server (its title and text read here), as `/api/chat` runs a question.
async fn run_workflow(
    State(state): State<AppState>,
    Extension(agent): Extension<Arc<LazyAgent>>,
    Path(key): Path<String>,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Response {
    let request = match workflow_request(&state, key, &body).await {
        Ok(request) => request,
        Err(e) => return e.into_response(),
    };
    match agent.admit(&headers) {
        Ok((agent, permit)) => respond(agent, permit, Job::Workflow(request, None), &headers).await,
        Err(e) => e.into_response(),
    }
}

/// The request's focus read from the store (its title, text and case), checked against the
/// registry before anything runs.
async fn workflow_request(state: &AppState, key: String, body: &Value) -> Result<WorkflowRequest, ApiError> {
    let Some(fields) = body.as_object() else { return Err(ApiError::BadRequest("the body must be a JSON object".into())) };
    if let Some(unknown) = fields.keys().find(|k| !["focus", "input"].contains(&k.as_str())) {
        return Err(ApiError::field(unknown, "unknown field; a workflow takes `focus` and `input`"));
    }
    let input = match body.get("input") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.chars().count() <= proseva_agent::claim::MAX_CLAIM_CHARS => Some(s.clone()),
        Some(Value::String(_)) => return Err(ApiError::field("input", "too long")),
        Some(_) => return Err(ApiError::field("input", "must be a string")),
    };
    let focus = match body.get("focus") {
        None | Some(Value::Null) => None,
        Some(f) => {
            let (kind, id) = workflows::focus_ref(f).map_err(|e| ApiError::field("focus", e))?;
            Some(read_focus(state, kind, id).await?)
        }
    };
    let request = WorkflowRequest { key, focus, input };
    workflows::check(&request).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    Ok(request)
}

/// A case, document or note of the store as a workflow's focus; a section is passed as named
/// (the workflow reads it from the law graph).
async fn read_focus(state: &AppState, kind: FocusKind, id: String) -> Result<Focus, ApiError> {
    let record_id = || id.parse::<i64>().map_err(|_| ApiError::field("focus", format!("a {} id is a number", kind.name())));
    let missing = |id: i64| ApiError::NotFound(format!("no {} {id}", kind.name()));
    let cut = |text: String| text.chars().take(FOCUS_TEXT_CHARS + 1).collect::<String>();
    let (title, text, case_id) = match kind {
        FocusKind::Section => (String::new(), String::new(), None),
        FocusKind::Document => {
            let n = record_id()?;
            let found = state
                .blocking(move |s| s.store.read(|c| Ok(crate::store::documents::get(c, n)?.zip(crate::store::documents::text(c, n)?))))
                .await?;
            let (doc, (_, text)) = found.ok_or_else(|| missing(n))?;
            (doc.title, cut(text), doc.case_id)
        }
        FocusKind::Note => {
            let n = record_id()?;
            let note = state.blocking(move |s| s.store.read(|c| <crate::store::notes::Notes as crate::store::Table>::get(c, n))).await?;
            let note = note.ok_or_else(|| missing(n))?;
            (note.title, cut(note.body), note.case_id)
        }
        FocusKind::Case => {
            let n = record_id()?;
            let case = state.blocking(move |s| s.store.read(|c| <crate::store::cases::Cases as crate::store::Table>::get(c, n))).await?;
            let case = case.ok_or_else(|| missing(n))?;
            let about =
                [case.case_number.clone(), case.court.clone(), case.case_type.clone()].into_iter().flatten().collect::<Vec<_>>().join(", ");
            (case.name, about, Some(n))
        }
    };
    Ok(Focus { kind, id, title, text, case_id })
}
