//! A tool is a name, a description, a JSON Schema for its arguments and an async call — and, for
//! the page, how it is shown ([`ToolDisplay`]): a title, the source group of its results, what a
//! call is doing, and its results as [`Card`]s.
//!
//! A tool never fails a request: whatever goes wrong becomes a [`ToolError`], which the runner turns
//! into `{"error": {"code", "message"}}` for the model to read and work around.

use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::cards::{self, Card, CardKind};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ToolError {
    /// The arguments do not fit the schema; names the argument.
    #[error("bad arguments: {0}")]
    BadArguments(String),
    /// A key the service needs is not configured.
    #[error("{0}")]
    NotConfigured(String),
    /// The service could not be reached or answered with an error.
    #[error("{0}")]
    Unavailable(String),
    #[error("{0}")]
    Failed(String),
    /// No tool has this name.
    #[error("{0}")]
    UnknownTool(String),
    /// The tool exists, but the role running does not have it; the call was not made.
    #[error("{0}")]
    NotAllowed(String),
    /// The tool did not answer in time.
    #[error("{0}")]
    Timeout(String),
    /// The request (or the workflow) has used up its calls of this kind.
    #[error("{0}")]
    BudgetExhausted(String),
    /// The service's limit would be passed: not sent; try again after `retry_after`.
    #[error("{message}")]
    RateLimited { message: String, retry_after: std::time::Duration },
    /// The service failed several times in a row and is left alone for a while: not sent.
    #[error("{message}")]
    CircuitOpen { message: String, retry_after: std::time::Duration },
    /// A write the person did not ask for in this request (or one made after reading
    /// instruction-like text): not made; the person can confirm it in the window.
    #[error("{0}")]
    NeedsConfirmation(String),
}

impl ToolError {
    /// The stable code beside the message: `invalid_arguments`, `not_configured`, `unavailable`,
    /// `failed`, `unknown_tool`, `not_allowed_for_role`, `timeout`, `budget_exhausted`,
    /// `rate_limited`, `circuit_open`, `needs_confirmation`.
    pub fn code(&self) -> &'static str {
        match self {
            ToolError::BadArguments(_) => "invalid_arguments",
            ToolError::NotConfigured(_) => "not_configured",
            ToolError::Unavailable(_) => "unavailable",
            ToolError::Failed(_) => "failed",
            ToolError::UnknownTool(_) => "unknown_tool",
            ToolError::NotAllowed(_) => "not_allowed_for_role",
            ToolError::Timeout(_) => "timeout",
            ToolError::BudgetExhausted(_) => "budget_exhausted",
            ToolError::RateLimited { .. } => "rate_limited",
            ToolError::CircuitOpen { .. } => "circuit_open",
            ToolError::NeedsConfirmation(_) => "needs_confirmation",
        }
    }

    /// When a refused call may be tried again.
    pub fn retry_after(&self) -> Option<std::time::Duration> {
        match self {
            ToolError::RateLimited { retry_after, .. } | ToolError::CircuitOpen { retry_after, .. } => Some(*retry_after),
            _ => None,
        }
    }

    /// The result a model reads for a failed call, and the page shows: `{"error": {"code",
    /// "message", "retryAfter"?}}` (whole seconds), the message sanitised ([`crate::sanitize`]): no
    /// key, token, home path, e-mail address or phone number a service put in its error leaves.
    pub fn to_result(&self) -> Value {
        let mut error = serde_json::json!({ "code": self.code(), "message": crate::sanitize::clean(&self.to_string()) });
        if let Some(wait) = self.retry_after() {
            error["retryAfter"] = serde_json::json!(wait.as_secs_f64().ceil().max(1.0) as u64);
        }
        serde_json::json!({ "error": error })
    }
}

/// The message of a failed call's result, in either the current `{"error": {"message"}}` shape or
/// the older `{"error": "..."}`.
pub fn error_message(result: &Value) -> Option<&str> {
    let error = result.get("error")?;
    error.as_str().or_else(|| error.get("message").and_then(Value::as_str))
}

/// What a call may change. Every tool declares it ([`Tool::effect`] has no default), and the write
/// gate ([`crate::pipeline::gate`]) holds every call of a tool that [`Effect::Writes`] — whatever
/// its name, wherever it runs (a question, or a workflow a model started).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Effect {
    /// Reads, searches or asks; changes nothing the person keeps.
    Reads,
    /// Changes the person's records: case data, notes, links, deadlines, drafts, or the law notes
    /// (opinions and their links in the law graph's user layer).
    Writes,
}

impl Effect {
    pub fn writes(self) -> bool {
        self == Effect::Writes
    }
}

#[async_trait]
pub trait Tool: Send + Sync {
    fn name(&self) -> &str;
    fn description(&self) -> &str;
    /// JSON Schema (an object schema) of the arguments.
    fn parameters(&self) -> Value;
    /// Whether a call changes the person's records. No default: a new tool does not build until
    /// it says.
    fn effect(&self) -> Effect;
    async fn call(&self, args: Value) -> Result<Value, ToolError>;

    /// The arguments as they will be sent, with any defaults filled in; the runner calls this
    /// before it shows and makes the call.
    fn complete_args(&self, args: Value) -> Value {
        args
    }

    /// How the page shows this tool; by default, its name made readable.
    fn display(&self) -> ToolDisplay {
        ToolDisplay::named(self.name())
    }

    /// What one call is doing, for the trail of steps: `Searching court opinions: “custody”`.
    fn describe_call(&self, args: &Value) -> String {
        self.display().describe(args)
    }

    /// A successful result as cards, read as the kind of thing this tool finds; the cards' own
    /// words in the language the request is answered in
    /// ([`crate::language::answer_language`]).
    fn cards(&self, result: &Value) -> Vec<Card> {
        cards::build_in(self.display().results, result, crate::language::answer_language())
    }

    /// Why every call would fail before anything is sent (a missing key), if so: a workflow that
    /// needs this tool stops at once with this message rather than starting.
    fn unconfigured(&self) -> Option<ToolError> {
        None
    }
}

/// How the page presents a tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolDisplay {
    /// The heading of its results: `Court opinions`, `Your deadlines`.
    pub title: String,
    /// The source group its results belong to: `CourtListener`, `Law graph`, `Your case file`.
    pub source: String,
    /// What a call does, as a phrase: `Searching court opinions`.
    pub action: String,
    /// What its results are, which decides how they become cards.
    pub results: CardKind,
}

impl ToolDisplay {
    pub fn new(title: &str, source: &str, action: &str, results: CardKind) -> Self {
        ToolDisplay { title: title.into(), source: source.into(), action: action.into(), results }
    }

    /// For a tool that says nothing of itself: `search_things` → `Search things`.
    pub fn named(name: &str) -> Self {
        let title = cards::humanize(name);
        ToolDisplay { action: format!("Using {title}"), title, source: String::new(), results: CardKind::Other }
    }

    /// The action, with what is searched for when the call says (`query`, `search` or `text`) in
    /// one line (a text of several lines is something written, not looked for).
    pub fn describe(&self, args: &Value) -> String {
        let asked = ["query", "search", "text"]
            .iter()
            .find_map(|k| args.get(*k).and_then(Value::as_str))
            .map(str::trim)
            .filter(|q| !q.contains('\n'));
        match asked.filter(|q| !q.is_empty()) {
            Some(q) => format!("{}: “{}”", self.action, cards::truncate(q, 60)),
            None => self.action.clone(),
        }
    }
}

/// What a model is told about a tool: the OpenAI function-tool shape's `function` part, and
/// whether it writes (not sent to the model: it is the app's to know).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub parameters: Value,
    #[serde(skip)]
    pub effect: Effect,
}

/// The tools one kind of request may use, in a stable order.
#[derive(Clone, Default)]
pub struct ToolSet {
    tools: Vec<Arc<dyn Tool>>,
}

impl std::fmt::Debug for ToolSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl ToolSet {
    pub fn new(tools: Vec<Arc<dyn Tool>>) -> Self {
        ToolSet { tools }
    }

    pub fn extend(mut self, more: impl IntoIterator<Item = Arc<dyn Tool>>) -> Self {
        self.tools.extend(more);
        self
    }

    pub fn names(&self) -> Vec<&str> {
        self.tools.iter().map(|t| t.name()).collect()
    }

    pub fn len(&self) -> usize {
        self.tools.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Tool>> {
        self.tools.iter()
    }

    pub fn get(&self, name: &str) -> Option<&Arc<dyn Tool>> {
        self.tools.iter().find(|t| t.name() == name)
    }

    /// The same tools, with `caseId` filled in for every call of a tool that takes one and was
    /// not given one: the case the person chose in the window.
    pub fn scoped_to_case(self, case_id: i64) -> Self {
        let tools = self
            .tools
            .into_iter()
            .map(|tool| {
                if tool.parameters()["properties"].get("caseId").is_some() {
                    Arc::new(CaseScoped { inner: tool, case_id }) as Arc<dyn Tool>
                } else {
                    tool
                }
            })
            .collect();
        ToolSet { tools }
    }

    pub fn specs(&self) -> Vec<ToolSpec> {
        self.tools
            .iter()
            .map(|t| ToolSpec {
                name: t.name().into(),
                description: t.description().into(),
                parameters: t.parameters(),
                effect: t.effect(),
            })
            .collect()
    }

    /// The names of the tools that write ([`Effect::Writes`]), in order.
    pub fn writing(&self) -> Vec<String> {
        self.tools.iter().filter(|t| t.effect().writes()).map(|t| t.name().to_string()).collect()
    }
}

/// Reads an optional argument of a JSON object, with a clear error naming it when it has the wrong type.
pub fn opt_arg<T: serde::de::DeserializeOwned>(args: &Value, name: &str) -> Result<Option<T>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone()).map(Some).map_err(|e| ToolError::BadArguments(format!("`{name}`: {e}"))),
    }
}

/// Reads a required argument.
pub fn arg<T: serde::de::DeserializeOwned>(args: &Value, name: &str) -> Result<T, ToolError> {
    opt_arg(args, name)?.ok_or_else(|| ToolError::BadArguments(format!("`{name}` is required")))
}

/// A tool whose calls default to one case ([`ToolSet::scoped_to_case`]).
struct CaseScoped {
    inner: Arc<dyn Tool>,
    case_id: i64,
}

#[async_trait]
impl Tool for CaseScoped {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn description(&self) -> &str {
        self.inner.description()
    }
    fn parameters(&self) -> Value {
        self.inner.parameters()
    }
    fn effect(&self) -> Effect {
        self.inner.effect()
    }
    fn display(&self) -> ToolDisplay {
        self.inner.display()
    }
    fn complete_args(&self, args: Value) -> Value {
        let mut args = if args.is_null() { Value::Object(Default::default()) } else { args };
        if let Some(map) = args.as_object_mut()
            && map.get("caseId").is_none_or(Value::is_null)
        {
            map.insert("caseId".into(), Value::from(self.case_id));
        }
        self.inner.complete_args(args)
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        self.inner.call(args).await
    }
    fn unconfigured(&self) -> Option<ToolError> {
        self.inner.unconfigured()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_call_is_described_by_its_action_and_what_it_looks_for() {
        let display = ToolDisplay::new("Court opinions", "CourtListener", "Searching court opinions", CardKind::Opinion);
        assert_eq!(display.describe(&json!({"query": "custody"})), "Searching court opinions: “custody”");
        assert_eq!(display.describe(&json!({"query": "  "})), "Searching court opinions");
        assert_eq!(display.describe(&json!({"text": "## Connections\n- x"})), "Searching court opinions");
        assert_eq!(display.describe(&json!("not an object")), "Searching court opinions");
        let unnamed = ToolDisplay::named("SomethingNew");
        assert_eq!((unnamed.title.as_str(), unnamed.describe(&json!({}))), ("Something New", "Using Something New".to_string()));
    }
}
