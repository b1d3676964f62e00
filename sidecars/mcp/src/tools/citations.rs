//! `check_citations{text}`: which Virginia citations in a text (`§ 20-124.3`, `§§ 16.1-241
//! through 16.1-244`, `Article I, Section 12`) the law graph holds and which it does not — read
//! with the `proseva-citation` parser the agent uses, and looked up in one GraphQL query.

use async_trait::async_trait;
use proseva_agent::citations::MAX_CHECKED;
use proseva_agent::tool::{Effect, Tool, ToolError, arg};
use proseva_citation::{Reference, find_citations};
use serde_json::{Map, Value, json};

use crate::graph::LawGraph;

pub const NAME: &str = "check_citations";
/// The longest text checked (a long brief).
pub const TEXT_MAX_CHARS: usize = 50_000;

pub struct CheckCitations(pub LawGraph);

#[async_trait]
impl Tool for CheckCitations {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        NAME
    }
    fn description(&self) -> &str {
        "Check the Virginia citations in a text (a draft, an answer, a letter): finds every \"§ 20-124.3\", \"§§ 16.1-241 \
         through 16.1-244\" and \"Article I, Section 12\" and says which sections ProSeVA's law graph holds (with heading, URL \
         and textKind) and which it does not. Use it before relying on a citation."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "text": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": TEXT_MAX_CHARS,
                    "description": "The text whose citations to check."
                }
            },
            "required": ["text"],
            "additionalProperties": false
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let text: String = arg(&args, "text")?;
        let cited = cited_sections(&text);
        let (asked, unchecked) = cited.split_at(cited.len().min(MAX_CHECKED));
        let data = self.0.query(&lookup_query(asked.len()), variables(asked)).await?;
        let (mut found, mut not_found) = (Vec::new(), Vec::new());
        for (i, id) in asked.iter().enumerate() {
            match data.get(format!("c{i}")).filter(|n| n.is_object()) {
                Some(node) => found.push(json!({
                    "sourceId": id,
                    "citation": proseva_citation::label(id),
                    "heading": node["heading"],
                    "url": node["url"],
                    "textKind": node["textKind"],
                })),
                None => not_found.push(json!({ "sourceId": id, "citation": proseva_citation::label(id) })),
            }
        }
        let corpus = data["stats"]["corpus"].clone();
        let mut out = json!({ "citations": cited.len(), "found": found, "notFound": not_found, "corpus": corpus });
        if !unchecked.is_empty() {
            out["notChecked"] = json!(unchecked);
        }
        if !not_found.is_empty() {
            let mut note = "A citation not found is not in this law graph: the number may be wrong, or the section repealed or \
                            renumbered. Check it at law.lis.virginia.gov before relying on it."
                .to_string();
            if corpus == "starter" {
                note.push_str(
                    " This graph holds only ProSeVA's starter corpus (a few hundred sections), so many real sections are not in it.",
                );
            }
            out["note"] = json!(note);
        }
        Ok(out)
    }
}

/// The distinct `sourceId`s cited in `text`, in order; a range counts its two ends.
fn cited_sections(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for citation in find_citations(text) {
        let targets = match citation.reference {
            Reference::Range { first, last } => vec![first, last],
            other => vec![other.source_id()],
        };
        for id in targets {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// One query: `c0: node(sourceId: $s0) {…} c1: …`, one alias per section, and the corpus.
fn lookup_query(count: usize) -> String {
    let fields: Vec<String> = (0..count).map(|i| format!("c{i}: node(sourceId: $s{i}) {{ sourceId heading url textKind }}")).collect();
    if count == 0 {
        return "{ stats { corpus } }".into();
    }
    let params: Vec<String> = (0..count).map(|i| format!("$s{i}: String")).collect();
    format!("query({}) {{ stats {{ corpus }} {} }}", params.join(", "), fields.join(" "))
}

fn variables(ids: &[String]) -> Value {
    let map: Map<String, Value> = ids.iter().enumerate().map(|(i, id)| (format!("s{i}"), json!(id))).collect();
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cited_section_is_asked_once_and_a_range_by_its_ends() {
        let text = "See § 20-124.3 and §§ 16.1-241 through 16.1-244; § 20-124.3 again, and Article I, Section 12.";
        assert_eq!(cited_sections(text), ["20-124.3", "16.1-241", "16.1-244", "const-I-12"]);
        assert!(cited_sections("Call 555-1234 on 2024-01-02").is_empty());
    }

    #[test]
    fn the_lookup_is_one_query() {
        assert_eq!(
            lookup_query(2),
            "query($s0: String, $s1: String) { stats { corpus } c0: node(sourceId: $s0) { sourceId heading url textKind } \
             c1: node(sourceId: $s1) { sourceId heading url textKind } }"
        );
        assert_eq!(lookup_query(0), "{ stats { corpus } }");
    }
}
