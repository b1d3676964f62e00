//! The two-phase runner.
//!
//! Phase 1 (`tools`): the small model is offered the tools and called in a loop, at most 10 turns
//! for chat and 5 for research; every call of a turn runs at once, each under its own timeout, and a
//! cap on calls per request stops runaway fan-out. Malformed arguments and unknown tools become
//! error results the model reads. Phase 2 (`answer`): the large model gets a fresh context — the
//! system prompt, the person's messages and one assistant message summarising what the tools
//! found — and no tools. Before `done`, every Virginia citation in the reply is looked up, all in
//! one query ([`crate::citations`]). A conversation that breaks the rules of
//! [`crate::conversation`] is refused before anything runs.

use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::stream::FuturesUnordered;
use serde_json::{Value, json};
use tokio::sync::OnceCell;
use tokio_util::sync::CancellationToken;

use crate::cards;
use crate::citations::{CitationCheck, check_citations};
use crate::conversation::{ConversationError, check};
use crate::event::{AgentEvent, ToolResult};
use crate::model::{AnswerRequest, ChatMessage, ChatModel, ModelError, Role, ToolCall};
use crate::tool::{Tool, ToolError, ToolSet};
use crate::tools::explorer::{ExplorerClient, explorer_tools};
use crate::tools::local::{ServerClient, local_tools};

/// Chat (the person's case + the law) or research (the law + outside sources).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestKind {
    Chat,
    Research,
}

impl RequestKind {
    pub fn max_turns(self) -> usize {
        match self {
            RequestKind::Chat => 10,
            RequestKind::Research => 5,
        }
    }
}

#[derive(Debug, Clone)]
pub struct RunnerConfig {
    pub small_model: String,
    pub large_model: String,
    /// Total tool calls one request may make.
    pub max_tool_calls: usize,
    pub tool_timeout: Duration,
    /// Characters of tool results given to the answer phase.
    pub answer_context_chars: usize,
}

impl Default for RunnerConfig {
    fn default() -> Self {
        RunnerConfig {
            small_model: crate::model::DEFAULT_SMALL_MODEL.into(),
            large_model: crate::model::DEFAULT_LARGE_MODEL.into(),
            max_tool_calls: 40,
            tool_timeout: Duration::from_secs(30),
            answer_context_chars: 24_000,
        }
    }
}

/// The final reply of a request.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub reply: String,
    pub tool_results: Vec<ToolResult>,
    pub citations: CitationCheck,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AgentError {
    #[error("{0}")]
    Model(#[from] ModelError),
    /// The conversation broke a rule of [`crate::conversation`].
    #[error("{0}")]
    Conversation(#[from] ConversationError),
    #[error("{0}")]
    Tools(String),
}

impl AgentError {
    /// The `code` of the `error` event: `cancelled`, `invalid_input`, `model` or `unavailable`.
    pub fn code(&self) -> &'static str {
        match self {
            AgentError::Model(ModelError::Cancelled) => "cancelled",
            AgentError::Model(_) => "model",
            AgentError::Conversation(_) => "invalid_input",
            AgentError::Tools(_) => "unavailable",
        }
    }
}

/// The case the person chose in the window, for one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseContext {
    pub case_id: i64,
    /// A few sentences about the case for the system prompt (`proseva_workspace::case_summary`).
    pub summary: String,
}

pub struct Agent {
    model: Arc<dyn ChatModel>,
    config: RunnerConfig,
    explorer: ExplorerClient,
    /// Where the local tools are listed, unless they were given ([`Agent::in_process`]).
    server: Option<ServerClient>,
    research: Vec<Arc<dyn Tool>>,
    local: OnceCell<Vec<Arc<dyn Tool>>>,
}

const CHAT_PROMPT: &str = "You help a person who is handling a court matter in Virginia without a lawyer. \
Use the tools to look up their own case data (cases, deadlines, contacts, documents, finances, timeline) and the \
Virginia law graph (Code of Virginia and Constitution of Virginia). Look things up before answering; call several \
tools at once when they are independent. Cite Code sections as § number (for example § 20-124.3). Some law-graph \
entries are plain-language summaries (textKind \"summary\"), not the statute's words: never quote them as statutory \
text, and point to the official URL. You give legal information, not legal advice.";

const RESEARCH_PROMPT: &str = "You research Virginia law for a person handling a court matter without a lawyer. \
Use the Virginia law graph (Code of Virginia and Constitution of Virginia) and the research services (court opinions \
and dockets, citation lookup, bills, federal documents, academic works, lawyer directories). Call several tools at \
once when they are independent. Cite Code sections as § number. Law-graph entries with textKind \"summary\" are \
plain-language summaries, not statutory text. You give legal information, not legal advice.";

const ANSWER_PROMPT: &str = "Write the answer for the person now, in plain language, from the tool results in the \
conversation. Cite the Code sections and sources you rely on (§ number, with the official URL when given). Say \
which sources are plain-language summaries rather than the statute's words. If the results do not answer the \
question, say so and suggest where to look. End with a one-line reminder that this is legal information, not \
legal advice.";

impl Agent {
    pub fn new(
        model: Arc<dyn ChatModel>,
        config: RunnerConfig,
        explorer: ExplorerClient,
        server: ServerClient,
        research: Vec<Arc<dyn Tool>>,
    ) -> Self {
        Agent { model, config, explorer, server: Some(server), research, local: OnceCell::new() }
    }

    /// An agent whose local tools run in this process (the server's own `/api/chat`).
    pub fn in_process(
        model: Arc<dyn ChatModel>,
        config: RunnerConfig,
        explorer: ExplorerClient,
        local: Vec<Arc<dyn Tool>>,
        research: Vec<Arc<dyn Tool>>,
    ) -> Self {
        Agent { model, config, explorer, server: None, research, local: OnceCell::from(local) }
    }

    /// An agent whose local tools are given rather than listed by the server (the server itself
    /// can pass its in-process tools; tests pass their own).
    pub fn with_local_tools(mut self, tools: Vec<Arc<dyn Tool>>) -> Self {
        self.local = OnceCell::from(tools);
        self
    }

    /// The tools of a kind of request: chat = 8 local + 5 explorer, research = 7 research + 5 explorer.
    pub async fn tools(&self, kind: RequestKind) -> Result<ToolSet, AgentError> {
        let graph = explorer_tools(self.explorer.clone());
        Ok(match kind {
            RequestKind::Chat => {
                let local = self
                    .local
                    .get_or_try_init(|| async {
                        match &self.server {
                            Some(server) => local_tools(server).await,
                            None => Err(ToolError::Unavailable("no case data server is configured".into())),
                        }
                    })
                    .await
                    .map_err(|e| AgentError::Tools(format!("the person's case data could not be listed: {e}")))?;
                ToolSet::new(local.clone()).extend(graph)
            }
            RequestKind::Research => ToolSet::new(self.research.clone()).extend(graph),
        })
    }

    /// Runs one request; every step goes to `emit`. Cancelling `cancel` stops it between steps.
    pub async fn run(
        &self,
        kind: RequestKind,
        history: &[ChatMessage],
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
    ) -> Result<Reply, AgentError> {
        self.run_for_case(kind, history, None, emit, cancel).await
    }

    /// [`Agent::run`] about one case: the model is told about it, and the local tools that take a
    /// `caseId` get this one unless the model names another.
    pub async fn run_for_case(
        &self,
        kind: RequestKind,
        history: &[ChatMessage],
        case: Option<&CaseContext>,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
    ) -> Result<Reply, AgentError> {
        let result = self.run_inner(kind, history, case, emit, cancel).await;
        match &result {
            Ok(reply) => emit(AgentEvent::Done {
                reply: reply.reply.clone(),
                tool_results: reply.tool_results.clone(),
                citations: reply.citations.clone(),
            }),
            Err(e) => {
                let message = match e {
                    AgentError::Model(ModelError::Cancelled) => "stopped: the request was cancelled before it was answered".to_string(),
                    other => other.to_string(),
                };
                emit(AgentEvent::Error { message, code: e.code().into() })
            }
        }
        result
    }

    async fn run_inner(
        &self,
        kind: RequestKind,
        history: &[ChatMessage],
        case: Option<&CaseContext>,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
    ) -> Result<Reply, AgentError> {
        check(history)?;
        let question = history.iter().rev().find(|m| m.role == Role::User).map(|m| m.content.clone()).unwrap_or_default();
        let mut tools = self.tools(kind).await?;
        let mut system = match kind {
            RequestKind::Chat => CHAT_PROMPT.to_string(),
            RequestKind::Research => RESEARCH_PROMPT.to_string(),
        };
        if let Some(case) = case {
            tools = tools.scoped_to_case(case.case_id);
            system.push_str("\n\n");
            system.push_str(&case.summary);
        } else if kind == RequestKind::Chat
            && let Some(snapshot) = self.case_snapshot(&tools).await
        {
            system.push_str("\n\n");
            system.push_str(&snapshot);
        }

        emit(AgentEvent::Phase { name: "tools".into() });
        let results = self.tool_phase(kind, &system, history, &tools, emit, cancel).await?;

        emit(AgentEvent::Phase { name: "answer".into() });
        let mut answer_messages = vec![ChatMessage::system(format!("{system}\n\n{ANSWER_PROMPT}"))];
        answer_messages.extend(history.iter().cloned());
        if !results.is_empty() {
            answer_messages.push(ChatMessage::assistant(summarise(&results, self.config.answer_context_chars)));
        }
        let request = AnswerRequest { model: &self.config.large_model, messages: &answer_messages, question: &question, results: &results };
        let on_delta = |text: &str| emit(AgentEvent::Delta { text: text.to_string() });
        let reply = tokio::select! {
            biased;
            () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
            r = self.model.answer(request, &on_delta) => r?,
        };
        let citations = check_citations(&self.explorer, &reply).await;
        Ok(Reply { reply, tool_results: results, citations })
    }

    /// Open cases and the next deadlines, so the model knows the person's situation from the start.
    async fn case_snapshot(&self, tools: &ToolSet) -> Option<String> {
        let (cases, deadlines) = match (tools.get("GetCases"), tools.get("GetDeadlines")) {
            (Some(c), Some(d)) => tokio::join!(c.call(json!({})), d.call(json!({}))),
            _ => return None,
        };
        let mut out = String::from("The person's case data right now:");
        let mut any = false;
        if let Ok(cases) = cases {
            let list = cases.get("cases").unwrap_or(&cases);
            for case in list.as_array().into_iter().flatten().filter(|c| c["status"].as_str().is_none_or(|s| s != "closed")).take(5) {
                any = true;
                out.push_str(&format!(
                    "\n- Case {}: {} ({}, {})",
                    case["caseNumber"].as_str().unwrap_or("?"),
                    case["name"].as_str().unwrap_or("unnamed"),
                    case["court"].as_str().unwrap_or("court unknown"),
                    case["status"].as_str().unwrap_or("open"),
                ));
            }
        }
        if let Ok(deadlines) = deadlines {
            let list = deadlines.get("deadlines").unwrap_or(&deadlines);
            for d in list.as_array().into_iter().flatten().filter(|d| d["done"] != true).take(5) {
                any = true;
                let overdue = if d["overdue"] == true { " (OVERDUE)" } else { "" };
                out.push_str(&format!(
                    "\n- Deadline {}: {}{overdue}",
                    d["date"].as_str().unwrap_or("?"),
                    d["title"].as_str().unwrap_or("untitled")
                ));
            }
        }
        any.then_some(out)
    }

    async fn tool_phase(
        &self,
        kind: RequestKind,
        system: &str,
        history: &[ChatMessage],
        tools: &ToolSet,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
        cancel: &CancellationToken,
    ) -> Result<Vec<ToolResult>, AgentError> {
        let specs = tools.specs();
        let mut messages = vec![ChatMessage::system(system)];
        messages.extend(history.iter().cloned());
        let mut results = Vec::new();
        let mut calls_made = 0;
        for _turn in 0..kind.max_turns() {
            let turn = tokio::select! {
                biased;
                () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
                t = self.model.tool_turn(&self.config.small_model, &messages, &specs) => t?,
            };
            if turn.tool_calls.is_empty() {
                break;
            }
            messages.push(ChatMessage::assistant_calls(turn.content.clone(), turn.tool_calls.clone()));
            let budget = self.config.max_tool_calls.saturating_sub(calls_made);
            calls_made += turn.tool_calls.len().min(budget);
            let answered = tokio::select! {
                biased;
                () = cancel.cancelled() => return Err(ModelError::Cancelled.into()),
                a = self.run_calls(&turn.tool_calls, budget, tools, emit) => a,
            };
            for (call, (record, content)) in turn.tool_calls.iter().zip(answered) {
                messages.push(ChatMessage::tool(&call.id, content));
                results.extend(record);
            }
            if calls_made >= self.config.max_tool_calls {
                break;
            }
        }
        Ok(results)
    }

    /// Runs one turn's calls at once; returns, in call order, the record (None for calls over the
    /// budget) and the tool message content the model will read.
    async fn run_calls(
        &self,
        calls: &[ToolCall],
        budget: usize,
        tools: &ToolSet,
        emit: &(dyn Fn(AgentEvent) + Send + Sync),
    ) -> Vec<(Option<ToolResult>, String)> {
        let mut out: Vec<(Option<ToolResult>, String)> = vec![(None, String::new()); calls.len()];
        let mut running = FuturesUnordered::new();
        for (i, call) in calls.iter().enumerate() {
            if i >= budget {
                out[i].1 =
                    json!({ "error": format!("not run: this request reached its limit of {} tool calls", self.config.max_tool_calls) })
                        .to_string();
                continue;
            }
            let args: Result<Value, String> = if call.arguments.trim().is_empty() {
                Ok(json!({}))
            } else {
                serde_json::from_str(&call.arguments).map_err(|e| format!("the arguments are not valid JSON ({e}): {}", call.arguments))
            };
            let tool = tools.get(&call.name).cloned();
            // Defaults the tool fills in (the chosen case) are part of the call, shown as sent.
            let args = match (&tool, args) {
                (Some(tool), Ok(args)) => Ok(tool.complete_args(args)),
                (_, args) => args,
            };
            // What the call event and the sidebar record show: the parsed arguments, or the raw text.
            let shown = args.clone().unwrap_or_else(|_| Value::String(call.arguments.clone()));
            let display = tool.as_ref().map_or_else(|| crate::tool::ToolDisplay::named(&call.name), |t| t.display());
            emit(AgentEvent::ToolCall {
                id: call.id.clone(),
                name: call.name.clone(),
                args: shown.clone(),
                label: tool.as_ref().map_or_else(|| display.action.clone(), |t| t.describe_call(&shown)),
                title: display.title,
                source: display.source,
            });
            let timeout = self.config.tool_timeout;
            let known = tools.names().join(", ");
            running.push(async move {
                let outcome = match (tool, args) {
                    (_, Err(e)) => Err(ToolError::BadArguments(e)),
                    (None, _) => Err(ToolError::Failed(format!("there is no tool named {:?}; the tools are: {known}", call.name))),
                    (Some(tool), Ok(args)) => match tokio::time::timeout(timeout, tool.call(args)).await {
                        Ok(r) => r,
                        Err(_) => Err(ToolError::Unavailable(format!("{} did not answer within {} s", call.name, timeout.as_secs()))),
                    },
                };
                (i, shown, outcome)
            });
        }
        while let Some((i, args, outcome)) = running.next().await {
            let call = &calls[i];
            let tool = tools.get(&call.name);
            let display = tool.map_or_else(|| crate::tool::ToolDisplay::named(&call.name), |t| t.display());
            let (ok, result, cards) = match outcome {
                Ok(v) => {
                    let cards = tool.map(|t| t.cards(&v)).unwrap_or_default();
                    (true, v, cards)
                }
                Err(e) => (false, json!({ "error": e.to_string() }), Vec::new()),
            };
            emit(AgentEvent::ToolResult {
                id: call.id.clone(),
                name: call.name.clone(),
                ok,
                total: if ok { cards::total_of(&result) } else { None },
                note: if ok { cards::note_of(&result) } else { None },
                result: result.clone(),
                title: display.title,
                source: display.source,
                cards,
            });
            out[i] = (Some(ToolResult { tool: call.name.clone(), args, ok, result: result.clone() }), result.to_string());
        }
        out
    }
}

/// The assistant message that hands phase 2 what phase 1 found, within `budget` characters.
pub fn summarise(results: &[ToolResult], budget: usize) -> String {
    let mut out = String::from("Here is what I found with the tools (JSON results, in the order I looked them up):\n");
    let per_result = budget / results.len().max(1);
    for r in results {
        let mut body = r.result.to_string();
        if body.len() > per_result {
            let cut = (0..=per_result).rev().find(|&i| body.is_char_boundary(i)).unwrap_or(0);
            body.truncate(cut);
            body.push_str("…(cut)");
        }
        let status = if r.ok { "" } else { " [failed]" };
        out.push_str(&format!("\n### {}({}){status}\n{body}\n", r.tool, r.args));
    }
    out
}
