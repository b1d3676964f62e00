//! What a running request reports, in order: the same JSON over a Tauri channel and over SSE.
//!
//! `phase{name}`, `tool_call{id,name,args,title,source,label}`,
//! `tool_result{id,name,ok,result,title,source,cards,total?,note?}`, `delta{text}`,
//! `done{reply,toolResults,citations}`, `error{message,code}` — a `type` field names each. The
//! fields after the contract's own (DESIGN.md) are for the page: how to title and group a tool's
//! results, the results as cards, and where each citation of the reply is.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::cards::Card;
pub use crate::citations::{CitationCheck, CitationSpan, CitationStatus, VerifiedCitation};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AgentEvent {
    /// `tools` (the small model gathers sources) or `answer` (the large model writes).
    Phase { name: String },
    ToolCall {
        id: String,
        name: String,
        args: Value,
        /// The tool's display title and source group ([`crate::tool::ToolDisplay`]).
        #[serde(default)]
        title: String,
        #[serde(default)]
        source: String,
        /// What this call is doing: `Searching court opinions: “custody”`.
        #[serde(default)]
        label: String,
    },
    ToolResult {
        id: String,
        name: String,
        ok: bool,
        result: Value,
        #[serde(default)]
        title: String,
        #[serde(default)]
        source: String,
        /// The result as the page shows it; empty when the call failed.
        #[serde(default)]
        cards: Vec<Card>,
        /// How many the service found in all, when more than the cards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        total: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// A piece of the answer as it is written.
    Delta { text: String },
    Done {
        reply: String,
        #[serde(rename = "toolResults")]
        tool_results: Vec<ToolResult>,
        /// Which Virginia citations in the reply the law graph knows.
        citations: CitationCheck,
        /// A claim check's structured decision (`crate::claim::Decision`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        decision: Option<Value>,
    },
    /// The request ended without an answer. `code`: `cancelled` (the person stopped it),
    /// `invalid_input` (the conversation broke a rule), `model` (the model service failed) or
    /// `unavailable` (a service the tools need failed).
    Error {
        message: String,
        #[serde(default)]
        code: String,
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_serialise_with_a_type_field_in_the_contract_shape() {
        let e = AgentEvent::ToolResult {
            id: "c1".into(),
            name: "get_node".into(),
            ok: true,
            result: json!({"id": 1}),
            title: "Sections read".into(),
            source: "Law graph".into(),
            cards: Vec::new(),
            total: None,
            note: None,
        };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"type": "tool_result", "id": "c1", "name": "get_node", "ok": true, "result": {"id": 1},
                   "title": "Sections read", "source": "Law graph", "cards": []})
        );
        // Events from before the page fields existed still read.
        let old = json!({"type": "tool_call", "id": "c1", "name": "get_stats", "args": {}});
        assert!(matches!(serde_json::from_value(old).unwrap(), AgentEvent::ToolCall { label, .. } if label.is_empty()));
        let done = AgentEvent::Done {
            reply: "r".into(),
            tool_results: vec![ToolResult { tool: "get_stats".into(), args: json!({}), ok: true, result: json!({}) }],
            citations: CitationCheck::default(),
            decision: None,
        };
        let v = serde_json::to_value(&done).unwrap();
        assert_eq!(v["type"], "done");
        assert_eq!(v["toolResults"][0], json!({"tool": "get_stats", "args": {}, "ok": true, "result": {}}));
        assert_eq!(serde_json::from_value::<AgentEvent>(v).unwrap(), done);
        assert_eq!(serde_json::to_value(AgentEvent::Phase { name: "tools".into() }).unwrap(), json!({"type": "phase", "name": "tools"}));
    }
}
