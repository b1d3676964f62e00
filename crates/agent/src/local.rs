//! A model on this computer (`proseva-llm`): the written answer comes from the local model, over
//! the same OpenAI-compatible path as any model service, so the two phases, the pipeline's guards
//! and the citation check stay one path.
//!
//! What differs from a model service:
//! - **Phase 1** (which tools to call) is the model's own where its chat template takes tools
//!   ([`LocalEndpoint::chooses_tools`]): its first turn must call at least one (`tool_choice:
//!   "required"`, which the local server enforces with a grammar, so the call is well-formed), later
//!   turns may answer instead. Where the template takes no tools — or the model's first turn fails
//!   or calls nothing — the built-in planner chooses ([`crate::offline::plan`]), as offline.
//! - **The context is small** (4,096 tokens by default). The sources are cut to fit — never the
//!   question or the conversation — and the answer says when they were.
//! - **Honest about what wrote it**: the answer ends with the model's name and, for a small model,
//!   a line saying small models make mistakes.

use std::time::Duration;

use async_openai::types::chat::ToolChoiceOptions;
use async_trait::async_trait;

use crate::model::{AnswerRequest, ChatMessage, ChatModel, ModelError, ModelMode, ModelTurn, Role};
use crate::offline::OfflineModel;
use crate::openai::{Endpoint, OpenAiModel, RetryPolicy};
use crate::tool::ToolSpec;

/// The longest answer asked of a local model, in tokens: long enough for a careful answer, short
/// enough that a slow computer finishes it.
pub const MAX_ANSWER_TOKENS: u32 = 700;
/// How long a local answer may take (waiting for the model to load and for questions ahead
/// included): a CPU writes slowly.
pub const LOCAL_TIMEOUT: Duration = Duration::from_secs(600);
/// Characters per token assumed when fitting sources to the context. English text runs about
/// four; three leaves room for citations and numbers, which tokenise worse.
const CHARS_PER_TOKEN: usize = 3;
/// The start of the message that hands the answer phase its sources ([`crate::runner::summarise`]).
const SOURCES_LEAD: &str = "Here is what I found with the tools";

/// Where the local model answers and what it is.
#[derive(Clone, PartialEq, Eq)]
pub struct LocalEndpoint {
    /// `http://127.0.0.1:<port>/v1`.
    pub base_url: String,
    /// The sidecar's launch token.
    pub token: String,
    /// The model file's name (what `/v1/models` lists).
    pub model: String,
    /// The context window the sidecar was started with, in tokens.
    pub context_tokens: u32,
    /// A small model (under about 8 billion parameters): the answer says such models make mistakes.
    pub small: bool,
    /// The model's chat template takes tools, so the model chooses them (phase 1).
    pub chooses_tools: bool,
}

impl std::fmt::Debug for LocalEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalEndpoint")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("context_tokens", &self.context_tokens)
            .field("small", &self.small)
            .field("chooses_tools", &self.chooses_tools)
            .finish_non_exhaustive()
    }
}

pub struct LocalModel {
    local: LocalEndpoint,
    writer: OpenAiModel,
}

impl LocalModel {
    pub fn new(local: LocalEndpoint) -> Self {
        let mut endpoint = Endpoint::new(&local.base_url, Some(local.token.clone()), &local.model, &local.model);
        endpoint.request_timeout = LOCAL_TIMEOUT;
        endpoint.max_answer_tokens = Some(MAX_ANSWER_TOKENS);
        // A local server that is down will not come back in a second; one try, said plainly.
        endpoint.retry = RetryPolicy { max_retries: 0, ..RetryPolicy::default() };
        LocalModel { writer: OpenAiModel::new(endpoint), local }
    }

    /// Characters of sources that fit beside `others` characters of everything else.
    fn source_budget(&self, others: usize) -> usize {
        let room_tokens = (self.local.context_tokens as usize).saturating_sub(MAX_ANSWER_TOKENS as usize);
        (room_tokens * CHARS_PER_TOKEN).saturating_sub(others)
    }

    /// The closing lines: who wrote the answer, and (small models) to read the sources.
    fn footer(&self, cut: Option<(usize, usize)>) -> String {
        let mut out = format!("\n\n---\nWritten by {} on this computer.", self.local.model);
        if self.local.small {
            out.push_str(" Small models make mistakes: read the quoted sections before you rely on this answer.");
        }
        if let Some((kept, all)) = cut {
            out.push_str(&format!(
                " The sources were shortened to fit this model's context ({} of {} characters); your question was kept whole.",
                kept, all
            ));
        }
        out
    }
}

/// `messages` with the sources message cut to `budget` characters (rebuilt from the results, so
/// each result keeps its share), and whether anything was cut: (kept, all) characters.
fn fit_sources(messages: &[ChatMessage], request: &AnswerRequest<'_>, budget: usize) -> (Vec<ChatMessage>, Option<(usize, usize)>) {
    let mut out = messages.to_vec();
    let Some(at) = out.iter().position(|m| m.role == Role::Assistant && m.content.starts_with(SOURCES_LEAD)) else {
        return (out, None);
    };
    let all = out[at].content.chars().count();
    if all <= budget {
        return (out, None);
    }
    let shorter = crate::runner::summarise(request.results, budget.max(400));
    let kept = shorter.chars().count().min(all);
    out[at].content = shorter;
    (out, Some((kept, all)))
}

fn too_long(e: &ModelError) -> bool {
    matches!(e, ModelError::Refused { status: 400, message } if message.contains("context"))
}

#[async_trait]
impl ChatModel for LocalModel {
    fn mode(&self) -> ModelMode {
        ModelMode::Local { model: self.local.model.clone() }
    }

    /// The model chooses the tools where its template takes them; the built-in planner otherwise,
    /// and when the model's first turn fails or calls nothing.
    async fn tool_turn(&self, model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Result<ModelTurn, ModelError> {
        if self.local.chooses_tools && !tools.is_empty() {
            let first = !messages.iter().any(|m| m.role == Role::Tool);
            let choice = if first { ToolChoiceOptions::Required } else { ToolChoiceOptions::Auto };
            match self.writer.tool_turn_with(model, messages, tools, choice).await {
                Ok(turn) if !first || !turn.tool_calls.is_empty() => return Ok(turn),
                Ok(_) => tracing::info!("the local model called no tool; the built-in planner chooses"),
                Err(e) => tracing::info!("the local model could not choose tools ({e}); the built-in planner chooses"),
            }
        }
        OfflineModel.tool_turn(model, messages, tools).await
    }

    async fn answer(&self, request: AnswerRequest<'_>, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError> {
        let others: usize =
            request.messages.iter().filter(|m| !m.content.starts_with(SOURCES_LEAD)).map(|m| m.content.chars().count()).sum::<usize>()
                + request.question.chars().count();
        let mut budget = self.source_budget(others);
        let mut tries = 0;
        loop {
            let (messages, cut) = fit_sources(request.messages, &request, budget);
            let attempt = AnswerRequest { messages: &messages, ..request.clone() };
            match self.writer.answer(attempt, on_delta).await {
                Ok(mut text) => {
                    let footer = self.footer(cut);
                    on_delta(&footer);
                    text.push_str(&footer);
                    return Ok(text);
                }
                // The estimate was short: the server counted more tokens than it allowed for.
                Err(e) if too_long(&e) && tries < 3 && budget > 400 => {
                    tries += 1;
                    budget /= 2;
                    tracing::info!(budget, "the sources did not fit the local model's context; cutting them further");
                }
                Err(e) => return Err(e),
            }
        }
    }

    async fn structured(
        &self,
        model: &str,
        messages: &[ChatMessage],
        name: &str,
        schema: &serde_json::Value,
    ) -> Result<String, ModelError> {
        self.writer.structured(model, messages, name, schema).await
    }
}
