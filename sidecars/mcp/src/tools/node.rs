//! What the law tools share: reading a `section` argument, finding its node, and showing a node
//! with its kind of text said plainly.

use proseva_agent::tool::{ToolError, arg};
use serde_json::{Map, Value, json};

use crate::graph::LawGraph;

/// The longest `section` argument: a citation as people write it, or a `sourceId`.
pub const SECTION_MAX_CHARS: usize = 100;
/// Characters of text shown per result in lists (search, similar).
pub const SNIPPET_CHARS: usize = 300;

/// What `textKind: "official"` means, said beside every official text.
pub const OFFICIAL: &str =
    "official: the words of the Code (or Constitution) of Virginia as the Virginia Legislative Information System publishes them";
/// What `textKind: "summary"` means, said beside every summary.
pub const SUMMARY: &str = "summary: a plain-language summary written for ProSeVA, NOT the statute's words. Never quote it or present it \
                           as the law; read and quote the official text at `url`.";

/// The node fields the tools read.
pub const FIELDS: &str = "id nodeType sourceId heading sourceText textKind url summary";

/// The JSON Schema of a `section` argument.
pub fn section_schema() -> Value {
    json!({
        "type": "string",
        "minLength": 1,
        "maxLength": SECTION_MAX_CHARS,
        "description": "A Code of Virginia section (\"20-124.3\" or \"§ 20-124.3\"), a Constitution provision (\"Article I, Section 12\" or \
                        \"const-I-12\"), or any sourceId from an earlier result (a title \"20\", a chapter \"20:6.1\")."
    })
}

/// The `sourceId` a `section` argument names: `20-124.3` for `§ 20-124.3` or `Va. Code § 20-124.3`,
/// `const-I-12` for `Article I, Section 12`, else the argument itself (`20:6.1`, `const-I-12`).
pub fn section_id(args: &Value) -> Result<String, ToolError> {
    let given: String = arg(args, "section")?;
    let given = given.trim();
    let id = proseva_citation::citation_in_query(given).unwrap_or_else(|| given.trim_start_matches('§').trim().to_string());
    if id.is_empty() {
        return Err(ToolError::BadArguments("`section`: give a section number such as 20-124.3".into()));
    }
    Ok(id)
}

/// The node with this `sourceId` (with [`FIELDS`] and `extra`), or a clear error when the graph
/// does not hold it.
pub async fn find(graph: &LawGraph, source_id: &str, extra: &str) -> Result<Value, ToolError> {
    let query = format!("query($s: String) {{ node(sourceId: $s) {{ {FIELDS} {extra} }} }}");
    let data = graph.query(&query, json!({ "s": source_id })).await?;
    match data.get("node") {
        Some(node) if node.is_object() => Ok(node.clone()),
        _ => Err(ToolError::Failed(format!(
            "{} is not in the law graph: check the number, or look for it with search_law (the graph may hold only part of the Code)",
            proseva_citation::label(source_id)
        ))),
    }
}

/// A node's numeric id, for the queries that take one.
pub fn id_of(node: &Value) -> Result<i64, ToolError> {
    node["id"].as_i64().ok_or_else(|| ToolError::Failed(format!("the law graph answered a node without an id: {node}")))
}

/// What a `textKind` means.
pub fn text_label(kind: &str) -> &'static str {
    if kind == "official" { OFFICIAL } else { SUMMARY }
}

/// A node in a list: its ids and heading, its kind of text, its URL and the start of its text.
pub fn listed(node: &Value) -> Value {
    let source_id = node["sourceId"].as_str().unwrap_or_default();
    let mut out = Map::new();
    out.insert("sourceId".into(), json!(source_id));
    out.insert("citation".into(), json!(proseva_citation::label(source_id)));
    for key in ["nodeType", "heading", "textKind", "url"] {
        out.insert(key.into(), node.get(key).cloned().unwrap_or(Value::Null));
    }
    if let Some(text) = node["sourceText"].as_str() {
        out.insert("snippet".into(), json!(snippet(text, SNIPPET_CHARS)));
    }
    Value::Object(out)
}

/// The first `chars` characters of `text`, cut at a word, with `…` when cut.
pub fn snippet(text: &str, chars: usize) -> String {
    let Some((cut, _)) = text.char_indices().nth(chars) else { return text.to_string() };
    let head = &text[..cut];
    let head = head.rsplit_once(char::is_whitespace).map_or(head, |(words, _)| words);
    format!("{}…", head.trim_end())
}

/// The note a list carries when any of its texts is a summary.
pub fn summary_note(items: &[Value]) -> Option<Value> {
    items.iter().any(|n| n["textKind"] == "summary").then(|| {
        json!("Results with textKind \"summary\" are plain-language summaries written for ProSeVA, not the statute's words: never quote them as the law; read the official text at their url.")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_is_read_in_the_forms_people_write_it() {
        for (given, id) in [
            ("20-124.3", "20-124.3"),
            ("§ 20-124.3", "20-124.3"),
            ("  §20-124.3 ", "20-124.3"),
            ("Va. Code § 8.01-243", "8.01-243"),
            ("Article I, Section 12", "const-I-12"),
            ("const-I-12", "const-I-12"),
            ("20:6.1", "20:6.1"),
            ("20", "20"),
        ] {
            assert_eq!(section_id(&json!({ "section": given })).unwrap(), id, "{given}");
        }
        assert_eq!(section_id(&json!({ "section": " § " })).unwrap_err().code(), "invalid_arguments");
    }

    #[test]
    fn a_snippet_ends_at_a_word() {
        assert_eq!(snippet("short text", 300), "short text");
        assert_eq!(snippet("the court shall consider", 12), "the court…");
    }
}
