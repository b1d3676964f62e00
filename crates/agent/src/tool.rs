//! A tool is a name, a description, a JSON Schema for its arguments and an async call.
//!
//! A tool never fails a request: whatever goes wrong becomes a [`ToolError`], which the runner turns
//! into `{"error": "..."}` for the model to read and work around.

use std::sync::Arc;

use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;

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
}

#[async_trait]
pub trait Tool: Send + Sync {
    fn name(&self) -> &str;
    fn description(&self) -> &str;
    /// JSON Schema (an object schema) of the arguments.
    fn parameters(&self) -> Value;
    async fn call(&self, args: Value) -> Result<Value, ToolError>;
}

/// What a model is told about a tool: the OpenAI function-tool shape's `function` part.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub parameters: Value,
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

    pub fn get(&self, name: &str) -> Option<&Arc<dyn Tool>> {
        self.tools.iter().find(|t| t.name() == name)
    }

    pub fn specs(&self) -> Vec<ToolSpec> {
        self.tools
            .iter()
            .map(|t| ToolSpec { name: t.name().into(), description: t.description().into(), parameters: t.parameters() })
            .collect()
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
