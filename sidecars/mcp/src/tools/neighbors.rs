//! `get_neighbors{section, relation?}`: a section's edges in the law graph — what contains it and
//! what it contains, what it cites and what cites it — optionally of one relation.

use std::cmp::Ordering;

use async_trait::async_trait;
use proseva_agent::tool::{Effect, Tool, ToolError, opt_arg};
use serde_json::{Value, json};

use super::node;
use crate::graph::LawGraph;

pub const NAME: &str = "get_neighbors";
/// The edge types of the graph: the hierarchy, references in the text, and (from opinions the
/// person's workflows recorded, when a running explorer is asked) `interprets`.
pub const RELATIONS: [&str; 3] = ["contains", "cites", "interprets"];
/// The most edges one answer lists (a title contains many chapters, a chapter many sections).
pub const MAX_EDGES: usize = 100;

pub struct GetNeighbors(pub LawGraph);

#[async_trait]
impl Tool for GetNeighbors {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        NAME
    }
    fn description(&self) -> &str {
        "List a section's connections in ProSeVA's Virginia law graph: `contains` (incoming: the chapter or article it is in; \
         outgoing: the parts it holds) and `cites` (outgoing: sections its text refers to; incoming: sections that refer to it), \
         optionally only one relation. Each neighbour comes with its sourceId, citation, heading and URL."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "section": node::section_schema(),
                "relation": {
                    "type": "string",
                    "enum": RELATIONS,
                    "maxLength": 16,
                    "description": "Only edges of this type (default: all)."
                }
            },
            "required": ["section"],
            "additionalProperties": false
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let source_id = node::section_id(&args)?;
        let relation: Option<String> = opt_arg(&args, "relation")?;
        let found = node::find(&self.0, &source_id, "").await?;
        let id = node::id_of(&found)?;
        let shown = "id nodeType sourceId heading url";
        let query = format!(
            "query($id: Int!, $rel: String) {{ neighbors(id: $id, relType: $rel) {{ fromId toId relType weight \
             fromNode {{ {shown} }} toNode {{ {shown} }} }} }}"
        );
        let data = self.0.query(&query, json!({ "id": id, "rel": relation })).await?;
        let mut edges: Vec<Value> = data["neighbors"].as_array().into_iter().flatten().filter_map(|e| edge(e, id)).collect();
        edges.sort_by(order);
        let total = edges.len();
        edges.truncate(MAX_EDGES);
        let source_id = found["sourceId"].as_str().unwrap_or(&source_id);
        let mut out = json!({
            "sourceId": source_id,
            "citation": proseva_citation::label(source_id),
            "heading": found["heading"],
            "relation": relation,
            "total": total,
            "edges": edges,
            "directions": "contains/incoming: what this is part of; contains/outgoing: what it holds; cites/outgoing: what its text \
                           refers to; cites/incoming: what refers to it (mentions = how often)",
        });
        if total > MAX_EDGES {
            out["note"] = json!(format!("{total} edges; the first {MAX_EDGES} are listed (ask for one relation to narrow them)"));
        }
        Ok(out)
    }
}

/// One edge as seen from node `id`: its relation, direction and the node at the other end.
fn edge(e: &Value, id: i64) -> Option<Value> {
    let outgoing = e["fromId"] == id;
    let other = if outgoing { &e["toNode"] } else { &e["fromNode"] };
    let source_id = other["sourceId"].as_str()?;
    let mut out = json!({
        "relation": e["relType"],
        "direction": if outgoing { "outgoing" } else { "incoming" },
        "sourceId": source_id,
        "citation": proseva_citation::label(source_id),
        "nodeType": other["nodeType"],
        "heading": other["heading"],
        "url": other["url"],
    });
    if let Some(weight) = e["weight"].as_f64() {
        out["mentions"] = json!(weight);
    }
    Some(out)
}

/// What holds the section first, then by relation, direction and section number.
fn order(a: &Value, b: &Value) -> Ordering {
    let key = |e: &Value| (RELATIONS.iter().position(|r| e["relation"] == *r).unwrap_or(RELATIONS.len()), e["direction"] != "incoming");
    key(a).cmp(&key(b)).then_with(|| {
        let id = |e: &Value| e["sourceId"].as_str().unwrap_or_default().to_string();
        proseva_citation::natural_cmp(&id(a), &id(b))
    })
}
