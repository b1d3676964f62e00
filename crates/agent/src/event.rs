//! What a running request reports, in order: the same JSON over a Tauri channel and over SSE.
//!
//! `phase{name}`, `tool_call{id,name,args}`, `tool_result{id,name,ok,result}`, `delta{text}`,
//! `done{reply,toolResults,citations}`, `error{message}` — a `type` field names each.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AgentEvent {
    /// `tools` (the small model gathers sources) or `answer` (the large model writes).
    Phase {
        name: String,
    },
    ToolCall {
        id: String,
        name: String,
        args: Value,
    },
    ToolResult {
        id: String,
        name: String,
        ok: bool,
        result: Value,
    },
    /// A piece of the answer as it is written.
    Delta {
        text: String,
    },
    Done {
        reply: String,
        #[serde(rename = "toolResults")]
        tool_results: Vec<ToolResult>,
        /// Which Virginia citations in the reply the law graph knows.
        citations: CitationCheck,
    },
    Error {
        message: String,
    },
}

/// One tool call and what it returned, as the sidebar lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolResult {
    pub tool: String,
    pub args: Value,
    pub ok: bool,
    pub result: Value,
}

/// The citations found in a reply: those the graph holds and those it does not (or could not be asked).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CitationCheck {
    pub verified: Vec<VerifiedCitation>,
    pub unverified: Vec<String>,
    /// Set when the graph could not be asked, so nothing could be verified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedCitation {
    /// As the graph names it: `20-124.3`, `const-I-12`.
    pub source_id: String,
    pub node_id: i64,
    pub heading: Option<String>,
    pub url: Option<String>,
    /// `official` or `summary`.
    pub text_kind: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_serialise_with_a_type_field_in_the_contract_shape() {
        let e = AgentEvent::ToolResult { id: "c1".into(), name: "get_node".into(), ok: true, result: json!({"id": 1}) };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"type": "tool_result", "id": "c1", "name": "get_node", "ok": true, "result": {"id": 1}})
        );
        let done = AgentEvent::Done {
            reply: "r".into(),
            tool_results: vec![ToolResult { tool: "get_stats".into(), args: json!({}), ok: true, result: json!({}) }],
            citations: CitationCheck::default(),
        };
        let v = serde_json::to_value(&done).unwrap();
        assert_eq!(v["type"], "done");
        assert_eq!(v["toolResults"][0], json!({"tool": "get_stats", "args": {}, "ok": true, "result": {}}));
        assert_eq!(serde_json::from_value::<AgentEvent>(v).unwrap(), done);
        assert_eq!(serde_json::to_value(AgentEvent::Phase { name: "tools".into() }).unwrap(), json!({"type": "phase", "name": "tools"}));
    }
}
