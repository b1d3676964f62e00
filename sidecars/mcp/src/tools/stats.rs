//! `graph_stats{}`: what the law graph holds — counts of nodes and edges by type, the corpus it
//! was built from and when, and how many sections have official text or only a summary.

use async_trait::async_trait;
use proseva_agent::tool::{Effect, Tool, ToolError};
use serde_json::{Map, Value, json};

use super::node;
use crate::graph::LawGraph;

pub const NAME: &str = "graph_stats";

pub struct GraphStats(pub LawGraph);

#[async_trait]
impl Tool for GraphStats {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        NAME
    }
    fn description(&self) -> &str {
        "Say what ProSeVA's Virginia law graph holds: node and edge counts by type, the corpus (\"starter\": a few hundred \
         plain-language summaries; \"official\" or \"lis-csv\": the Code from the Virginia LIS), when it was built, and how many \
         sections have official text or only a summary. Call it to know how far search results can be relied on."
    }
    fn parameters(&self) -> Value {
        json!({ "type": "object", "properties": {}, "additionalProperties": false })
    }
    async fn call(&self, _args: Value) -> Result<Value, ToolError> {
        let query = "{ stats { nodeCount edgeCount embeddingCount corpus builtAt semanticSearch unresolvedCitationCount \
                     nodeTypes { type count } edgeTypes { type count } sectionTextKinds { type count } } }";
        let data = self.0.query(query, json!({})).await?;
        let stats = &data["stats"];
        Ok(json!({
            "nodeCount": stats["nodeCount"],
            "edgeCount": stats["edgeCount"],
            "vectorCount": stats["embeddingCount"],
            "corpus": stats["corpus"],
            "builtAt": stats["builtAt"],
            "searchByMeaning": stats["semanticSearch"],
            "unresolvedCitations": stats["unresolvedCitationCount"],
            "nodeTypes": counts(&stats["nodeTypes"]),
            "edgeTypes": counts(&stats["edgeTypes"]),
            "sectionTextKinds": counts(&stats["sectionTextKinds"]),
            "textKinds": { "official": node::OFFICIAL, "summary": node::SUMMARY },
        }))
    }
}

/// `[{"type": "section", "count": 3}]` as `{"section": 3}`.
fn counts(list: &Value) -> Value {
    let map: Map<String, Value> =
        list.as_array().into_iter().flatten().filter_map(|t| Some((t["type"].as_str()?.to_string(), t["count"].clone()))).collect();
    Value::Object(map)
}
