//! The model behind the agent, in one small trait: a tool-calling turn (phase 1) and a streamed
//! answer with no tools (phase 2). [`crate::openai::OpenAiModel`] speaks to any OpenAI-compatible
//! server; [`crate::offline::OfflineModel`] plans and writes from the sources alone.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use crate::event::ToolResult;
use crate::tool::ToolSpec;

/// `TEXT_MODEL_SMALL` when none is set: the tool-loop model.
pub const DEFAULT_SMALL_MODEL: &str = "gpt-4o-mini";
/// `TEXT_MODEL_LARGE` when none is set: the answer model.
pub const DEFAULT_LARGE_MODEL: &str = "gpt-4o";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
    Tool,
}

/// A tool call as a model made it; `arguments` is the raw JSON text, which may be malformed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub arguments: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: Role,
    #[serde(default)]
    pub content: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
}

impl ChatMessage {
    pub fn system(content: impl Into<String>) -> Self {
        ChatMessage { role: Role::System, content: content.into(), tool_calls: Vec::new(), tool_call_id: None }
    }
    pub fn user(content: impl Into<String>) -> Self {
        ChatMessage { role: Role::User, content: content.into(), tool_calls: Vec::new(), tool_call_id: None }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        ChatMessage { role: Role::Assistant, content: content.into(), tool_calls: Vec::new(), tool_call_id: None }
    }
    pub fn assistant_calls(content: impl Into<String>, tool_calls: Vec<ToolCall>) -> Self {
        ChatMessage { role: Role::Assistant, content: content.into(), tool_calls, tool_call_id: None }
    }
    pub fn tool(call_id: impl Into<String>, content: impl Into<String>) -> Self {
        ChatMessage { role: Role::Tool, content: content.into(), tool_calls: Vec::new(), tool_call_id: Some(call_id.into()) }
    }
}

/// What the model did in one tool-phase turn: calls to make, or none (it has enough).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModelTurn {
    pub content: String,
    pub tool_calls: Vec<ToolCall>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModelError {
    #[error("the model service could not be reached: {0}")]
    Unreachable(String),
    #[error("the model service refused the request ({status}): {message}")]
    Refused { status: u16, message: String },
    #[error("the model service answered in a form this app cannot read: {0}")]
    BadResponse(String),
    #[error("cancelled")]
    Cancelled,
}

/// Which model writes answers, for the status line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum ModelMode {
    /// The built-in offline mode: retrieval and quotation, no language model.
    Offline,
    /// An OpenAI-compatible endpoint.
    Online { base_url: String, small: String, large: String },
    /// A model on this computer (`proseva-llm`), by its file name.
    Local { model: String },
}

/// Everything phase 2 gets: a fresh context (system prompt, the user's history, one assistant
/// message summarising the tool results) and, for writers that compose from sources directly,
/// the results themselves. There is never a tools parameter.
#[derive(Debug, Clone)]
pub struct AnswerRequest<'a> {
    pub model: &'a str,
    pub messages: &'a [ChatMessage],
    pub question: &'a str,
    pub results: &'a [ToolResult],
}

#[async_trait]
pub trait ChatModel: Send + Sync {
    fn mode(&self) -> ModelMode;

    /// Phase 1: one turn of `model` over `messages`, offered `tools`.
    async fn tool_turn(&self, model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Result<ModelTurn, ModelError>;

    /// Phase 2: the answer, each piece passed to `on_delta` as it is written; returns the whole.
    async fn answer(&self, request: AnswerRequest<'_>, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError>;

    /// A reply that should be one JSON object fitting `schema` (named `name`): asked with the
    /// endpoint's structured output where it has one. The caller reads and checks the text.
    async fn structured(
        &self,
        model: &str,
        messages: &[ChatMessage],
        name: &str,
        schema: &serde_json::Value,
    ) -> Result<String, ModelError> {
        let _ = (model, messages, name, schema);
        Err(ModelError::BadResponse("this model cannot answer in a structured form".into()))
    }
}
