//! Tool calls: reading them out of what a model wrote, in the format its chat template taught it
//! ([`ToolFormat`]), and — when a request says a call is required — a grammar that lets the model
//! write nothing else, so even a small model's call is well-formed JSON naming a tool it was
//! offered, with that tool's required arguments.
//!
//! The grammar is llama.cpp's GBNF, made by llama.cpp's JSON Schema converter ([`grammar`]). It
//! fixes the shape (`{"name": "…", "arguments": {…}}`, as the templates show it), the tool names,
//! and the arguments as each tool's schema describes them. The app still checks the arguments
//! against the tool's schema before it runs anything.

pub use proseva_models::gguf::ToolFormat;
use serde_json::{Map, Value as Json, json};

use crate::grammar::{self, literal};

/// A call the model made: a tool it was offered and its arguments (a JSON object).
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    pub arguments: Map<String, Json>,
}

/// What the model wrote, split into its text and its calls.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Reply {
    pub content: String,
    pub calls: Vec<Call>,
}

/// Reads `text` as a model taught `format` writes it. Only calls to one of `offered` count; a
/// block that is not a valid call stays in the text, so nothing the model wrote is lost.
pub fn parse(format: ToolFormat, text: &str, offered: &[String]) -> Reply {
    let text = without_thinking(text);
    let mut reply = match format {
        ToolFormat::Hermes => hermes(text, offered),
        ToolFormat::Llama3 => llama3(text, offered),
        ToolFormat::Mistral => mistral(text, offered),
    };
    reply.content = reply.content.trim().to_string();
    reply
}

/// The text after a `<think>…</think>` block a reasoning model wrote first.
fn without_thinking(text: &str) -> &str {
    let trimmed = text.trim_start();
    match (trimmed.starts_with("<think>"), trimmed.find("</think>")) {
        (true, Some(end)) => &trimmed[end + "</think>".len()..],
        _ => text,
    }
}

/// One call from its JSON: `{"name": …, "arguments" | "parameters": {…} or its JSON text}`.
fn call_of(value: &Json, offered: &[String]) -> Option<Call> {
    let name = value.get("name")?.as_str()?;
    if !offered.iter().any(|o| o == name) {
        return None;
    }
    let arguments = match value.get("arguments").or_else(|| value.get("parameters")) {
        None | Some(Json::Null) => Map::new(),
        Some(Json::Object(map)) => map.clone(),
        Some(Json::String(s)) if s.trim().is_empty() => Map::new(),
        Some(Json::String(s)) => match serde_json::from_str(s) {
            Ok(Json::Object(map)) => map,
            _ => return None,
        },
        Some(_) => return None,
    };
    Some(Call { name: name.to_string(), arguments })
}

fn hermes(text: &str, offered: &[String]) -> Reply {
    const OPEN: &str = "<tool_call>";
    const CLOSE: &str = "</tool_call>";
    let mut reply = Reply::default();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        reply.content.push_str(&rest[..start]);
        let inside = &rest[start + OPEN.len()..];
        // The last block may be cut off by the token limit: read it to the end.
        let (body, after) = match inside.find(CLOSE) {
            Some(end) => (&inside[..end], &inside[end + CLOSE.len()..]),
            None => (inside, ""),
        };
        match serde_json::from_str::<Json>(body.trim()).ok().and_then(|v| call_of(&v, offered)) {
            Some(call) => reply.calls.push(call),
            None => reply.content.push_str(&rest[start..rest.len() - after.len()]),
        }
        rest = after;
    }
    reply.content.push_str(rest);
    reply
}

fn llama3(text: &str, offered: &[String]) -> Reply {
    let body = text.trim().trim_start_matches("<|python_tag|>").trim();
    let calls: Vec<Call> = if body.starts_with('{') {
        // One call, or several separated by semicolons (Llama 3.2 sometimes writes them so).
        let values: Vec<Json> =
            serde_json::Deserializer::from_str(&body.replace("};", "} ")).into_iter::<Json>().map_while(Result::ok).collect();
        values.iter().map(|v| call_of(v, offered)).collect::<Option<Vec<_>>>().unwrap_or_default()
    } else {
        Vec::new()
    };
    if calls.is_empty() { Reply { content: text.to_string(), calls } } else { Reply { content: String::new(), calls } }
}

fn mistral(text: &str, offered: &[String]) -> Reply {
    const MARK: &str = "[TOOL_CALLS]";
    let Some(at) = text.find(MARK) else {
        return Reply { content: text.to_string(), calls: Vec::new() };
    };
    let after = text[at + MARK.len()..].trim_start();
    let mut stream = serde_json::Deserializer::from_str(after).into_iter::<Json>();
    let calls: Vec<Call> = match stream.next() {
        Some(Ok(Json::Array(items))) => items.iter().filter_map(|v| call_of(v, offered)).collect(),
        Some(Ok(one @ Json::Object(_))) => call_of(&one, offered).into_iter().collect(),
        _ => Vec::new(),
    };
    if calls.is_empty() {
        return Reply { content: text.to_string(), calls };
    }
    let rest = &after[stream.byte_offset()..];
    Reply { content: format!("{}{}", &text[..at], rest), calls }
}

/// A GBNF grammar under which the model can only call one of `tools` (OpenAI's shape), in
/// `format`, with arguments that fit the tool's schema; `None` when the format's calls cannot be
/// written as plain text (Mistral's mark is a special token) or no tool has a name the grammar can
/// hold.
///
/// The call's JSON is llama.cpp's own grammar for one schema — any of the tools, each an object
/// with `name` (the tool's, as a constant) first and then its arguments (`arguments` for Hermes,
/// `parameters` for Llama 3) — bounded as [`crate::grammar`] bounds every schema. The format's
/// wrapping is added around it: Hermes's `<tool_call>` blocks (up to three), or Llama 3's bare
/// object. A tool whose schema llama.cpp cannot convert is still offered, with any object as its
/// arguments (the app checks them again before it runs anything).
pub fn grammar(format: ToolFormat, tools: &[Json]) -> Option<String> {
    let (open, close, arguments_key, repeat) = match format {
        ToolFormat::Hermes => ("<tool_call>\n", "\n</tool_call>", "arguments", true),
        ToolFormat::Llama3 => ("", "", "parameters", false),
        ToolFormat::Mistral => return None,
    };
    // (name, arguments schema) of each tool the grammar can name.
    let mut offered: Vec<(&str, Json)> = Vec::new();
    for tool in tools {
        let function = tool.get("function").unwrap_or(tool);
        let Some(name) = function.get("name").and_then(Json::as_str).filter(|n| plain_name(n)) else {
            continue;
        };
        // Arguments are always an object, whatever the schema says at its top.
        let mut schema = function.get("parameters").map(grammar::bounded).unwrap_or_else(|| json!({}));
        if let Some(map) = schema.as_object_mut() {
            map.insert("type".into(), json!("object"));
        }
        offered.push((name, schema));
    }
    if offered.is_empty() {
        return None;
    }
    // `name` first, as the templates show a call ([`grammar::text`] writes required keys in order).
    let any_of = |offered: &[(&str, Json)]| {
        let alternatives: Vec<Json> = offered
            .iter()
            .map(|(name, schema)| {
                json!({ "type": "object", "properties": { "name": { "const": name }, arguments_key: schema },
                    "required": ["name", arguments_key] })
            })
            .collect();
        grammar::convert(&grammar::text(&json!({ "anyOf": alternatives })))
    };
    let call = match any_of(&offered) {
        Ok(call) => call,
        Err(_) => {
            // A schema llama.cpp refuses: that tool takes any object; the others keep theirs.
            for (_, schema) in &mut offered {
                if grammar::convert(&grammar::text(schema)).is_err() {
                    *schema = json!({ "type": "object" });
                }
            }
            any_of(&offered).ok()?
        }
    };
    let block = match (open, close) {
        ("", "") => "tool-block ::= tool-call".to_string(),
        _ => format!("tool-block ::= {} tool-call {}", literal(open), literal(close)),
    };
    let root = if repeat { "tool-block ( \"\\n\" tool-block ){0,2}" } else { "tool-block" };
    Some(format!("root ::= {root}\n{block}\n{}", grammar::rename_root(&call, "tool-call")))
}

/// Names the grammar writes as they are: a tool name of letters, digits, `_`, `-`, `.`.
fn plain_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= 64 && name.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn offered() -> Vec<String> {
        vec!["SearchLaw".into(), "GetDeadlines".into()]
    }

    #[test]
    fn hermes_blocks_become_calls_and_the_rest_stays_text() {
        let text = "Let me look.\n<tool_call>\n{\"name\": \"SearchLaw\", \"arguments\": {\"query\": \"eviction appeal\"}}\n</tool_call>\n<tool_call>{\"name\": \"GetDeadlines\", \"arguments\": \"{\\\"caseId\\\": 3}\"}</tool_call>";
        let reply = parse(ToolFormat::Hermes, text, &offered());
        assert_eq!(reply.content, "Let me look.");
        assert_eq!(reply.calls.len(), 2);
        assert_eq!(
            reply.calls[0],
            Call { name: "SearchLaw".into(), arguments: json!({ "query": "eviction appeal" }).as_object().unwrap().clone() }
        );
        assert_eq!(reply.calls[1].arguments["caseId"], json!(3));
        // Not a call: an unknown tool, broken JSON; both stay in the text.
        let odd = "<tool_call>{\"name\": \"RmRf\", \"arguments\": {}}</tool_call> and <tool_call>{nope</tool_call>";
        let reply = parse(ToolFormat::Hermes, odd, &offered());
        assert!(reply.calls.is_empty());
        assert_eq!(reply.content, odd);
        // Cut off by the token limit after the JSON: still a call.
        let cut = parse(ToolFormat::Hermes, "<tool_call>\n{\"name\": \"SearchLaw\", \"arguments\": {\"query\": \"x\"}}", &offered());
        assert_eq!(cut.calls.len(), 1);
        // A reasoning model's thoughts are not the reply.
        let thought = parse(ToolFormat::Hermes, "<think>\nhmm\n</think>\n\nThe answer.", &offered());
        assert_eq!(thought.content, "The answer.");
    }

    #[test]
    fn llama_and_mistral_calls_are_read_too() {
        let one = parse(ToolFormat::Llama3, "<|python_tag|>{\"name\": \"SearchLaw\", \"parameters\": {\"query\": \"bail\"}}", &offered());
        assert_eq!(one.calls.len(), 1);
        assert_eq!(one.content, "");
        let two = parse(
            ToolFormat::Llama3,
            "{\"name\": \"SearchLaw\", \"parameters\": {\"query\": \"a\"}}; {\"name\": \"GetDeadlines\", \"parameters\": {}}",
            &offered(),
        );
        assert_eq!(two.calls.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["SearchLaw", "GetDeadlines"]);
        let prose = parse(ToolFormat::Llama3, "{Curly} prose is not a call.", &offered());
        assert!(prose.calls.is_empty());
        assert_eq!(prose.content, "{Curly} prose is not a call.");
        let m = parse(ToolFormat::Mistral, "[TOOL_CALLS][{\"name\": \"SearchLaw\", \"arguments\": {\"query\": \"q\"}}] done", &offered());
        assert_eq!(m.calls.len(), 1);
        assert_eq!(m.content, "done");
    }

    #[test]
    fn the_grammar_names_the_tools_and_their_required_arguments() {
        let tools = [
            json!({ "type": "function", "function": { "name": "SearchLaw", "parameters": { "type": "object",
                "properties": { "query": { "type": "string" }, "limit": { "type": "integer" } }, "required": ["query"] } } }),
            json!({ "type": "function", "function": { "name": "GetDeadlines", "parameters": { "type": "object",
                "properties": { "caseId": { "type": "integer" }, "order": { "enum": ["soonest", "latest"] } } } } }),
            json!({ "type": "function", "function": { "name": "bad name\"", "parameters": {} } }),
        ];
        let g = grammar(ToolFormat::Hermes, &tools).unwrap();
        let lines: Vec<&str> = g.lines().collect();
        assert_eq!(lines[0], r#"root ::= tool-block ( "\n" tool-block ){0,2}"#, "{g}");
        assert!(lines.contains(&r#"tool-block ::= "<tool_call>\n" tool-call "\n</tool_call>""#), "{g}");
        // llama.cpp's grammar for the call: one of the two tools, the name first.
        assert!(lines.contains(&"tool-call ::= alternative-0 | alternative-1"), "{g}");
        assert!(
            lines.contains(&r#"alternative-0 ::= "{" space alternative-0-name-kv "," space alternative-0-arguments-kv space "}""#),
            "{g}"
        );
        assert!(lines.contains(&r#"alternative-0-name ::= "\"SearchLaw\"""#), "{g}");
        assert!(lines.contains(&r#"alternative-0-arguments-kv ::= "\"arguments\"" space ":" space alternative-0-arguments"#), "{g}");
        // SearchLaw's query is required (no `?` after it), its limit is not; the enum is its strings.
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("alternative-0-arguments ::= ") && l.contains("\"{\" space alternative-0-arguments-query-kv")),
            "{g}"
        );
        assert!(lines.contains(&r#"alternative-1-arguments-order ::= ("\"soonest\"" | "\"latest\"")"#), "{g}");
        assert!(!g.contains("root ::= alternative") && g.matches("root ::=").count() == 1, "{g}");
        assert!(!g.contains("bad name"));
        let llama = grammar(ToolFormat::Llama3, &tools[..1]).unwrap();
        assert!(llama.starts_with("root ::= tool-block\ntool-block ::= tool-call\n"), "{llama}");
        assert!(llama.contains(r#"alternative-0-parameters-kv ::= "\"parameters\"" space ":" space"#), "{llama}");
        assert!(!llama.contains("tool_call"), "{llama}");
        // A tool whose schema llama.cpp cannot convert is still offered, with any object.
        let odd = json!({ "type": "function", "function": { "name": "Odd", "parameters": { "$ref": "https://example.com/s.json" } } });
        let g = grammar(ToolFormat::Hermes, &[odd]).unwrap();
        assert!(g.contains(r#""\"Odd\"""#), "{g}");
        assert_eq!(grammar(ToolFormat::Mistral, &tools), None);
        assert_eq!(grammar(ToolFormat::Hermes, &tools[2..]), None);
    }

    proptest::proptest! {
        #[test]
        fn no_reply_panics_the_reader(text in ".{0,200}", cut in 0usize..200) {
            let calls = "<tool_call>{\"name\": \"SearchLaw\", \"arguments\": {\"query\": \"x\"}}</tool_call>[TOOL_CALLS][{\"name\": \"SearchLaw\"}]";
            let mixed = format!("{}{}", &calls[..cut.min(calls.len())], text);
            for format in [ToolFormat::Hermes, ToolFormat::Llama3, ToolFormat::Mistral] {
                let _ = parse(format, &text, &offered());
                let _ = parse(format, &mixed, &offered());
            }
        }
    }
}
