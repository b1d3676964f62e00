//! JSON Schema to llama.cpp's GBNF grammar, so the model can write only JSON that fits the
//! schema — an answer in a `response_format`'s shape, or a tool call's arguments.
//!
//! The conversion is llama.cpp's own (`common/json-schema-to-grammar`, through llama-cpp-2's
//! `json_schema_to_grammar`): it knows `type`, `properties` / `required` /
//! `additionalProperties` (an object with listed properties takes no others unless it says so),
//! `items` / `prefixItems` / `minItems` / `maxItems`, `enum`, `const`, `anyOf` / `oneOf` /
//! `allOf`, local `$ref`s, string lengths, `pattern`s, formats and integer ranges. What this
//! module adds is the bounds a small model needs so it cannot run on for ever, applied to the
//! schema before it is converted (and JSON on one line, after): an array takes at most [`MAX_ITEMS`] items unless the schema
//! says how many, nesting deeper than [`MAX_DEPTH`] is any JSON value, and a schema longer than
//! [`MAX_SCHEMA_BYTES`] is refused. A schema llama.cpp cannot convert is refused with its reason.

use serde_json::{Map, Value as Json, json};

/// Deepest schema nesting written out; below it, any JSON value.
const MAX_DEPTH: usize = 8;
/// Items an array may hold when its schema does not say.
pub const MAX_ITEMS: u64 = 8;
/// The longest schema text converted.
const MAX_SCHEMA_BYTES: usize = 64 * 1024;

/// Keywords whose value is one schema.
const ONE: [&str; 4] = ["items", "additionalProperties", "not", "contains"];
/// Keywords whose value is a list of schemas.
const LIST: [&str; 4] = ["anyOf", "oneOf", "allOf", "prefixItems"];
/// Keywords whose value maps names to schemas.
const MAP: [&str; 3] = ["properties", "$defs", "definitions"];

/// `schema` with the bounds above: a copy, the caller's is not changed.
pub fn bounded(schema: &Json) -> Json {
    bound(schema, 0)
}

fn bound(schema: &Json, depth: usize) -> Json {
    let Some(object) = schema.as_object() else { return schema.clone() };
    if depth > MAX_DEPTH {
        return json!({});
    }
    let mut out = Map::new();
    for (key, value) in object {
        let value = match value {
            Json::Object(_) if ONE.contains(&key.as_str()) => bound(value, depth + 1),
            Json::Array(list) if LIST.contains(&key.as_str()) => list.iter().map(|s| bound(s, depth + 1)).collect(),
            Json::Object(map) if MAP.contains(&key.as_str()) => {
                Json::Object(map.iter().map(|(name, s)| (name.clone(), bound(s, depth + 1))).collect())
            }
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    let is_array = out.get("type").is_some_and(|t| t == "array" || t.as_array().is_some_and(|ts| ts.iter().any(|t| t == "array")))
        || out.contains_key("items");
    if is_array && !out.contains_key("maxItems") {
        let at_least = out.get("minItems").and_then(Json::as_u64).unwrap_or(0);
        out.insert("maxItems".into(), json!(at_least.max(MAX_ITEMS)));
    }
    Json::Object(out)
}

/// Why a schema has no grammar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The grammar (its start rule is `root`) for JSON that fits `schema`, bounded as above.
pub fn for_schema(schema: &Json) -> Result<String, Refused> {
    convert(&text(&bounded(schema)))
}

/// `schema` as JSON text, each object's properties in the order the model is to write them — the
/// required ones in the `required` list's order, then the others — since llama.cpp's grammar
/// follows the order of the text and a parsed schema has lost the order it was sent in.
pub fn text(schema: &Json) -> String {
    let mut out = String::new();
    write(schema, &mut out);
    out
}

fn write(value: &Json, out: &mut String) {
    match value {
        Json::Object(map) => {
            let required: Vec<&str> =
                map.get("required").and_then(Json::as_array).map(|r| r.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
            out.push('{');
            for (i, (key, value)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Json::from(key.as_str()).to_string());
                out.push(':');
                match (key.as_str(), value) {
                    ("properties", Json::Object(properties)) => {
                        let mut names: Vec<&String> = properties.keys().collect();
                        names.sort_by_key(|name| required.iter().position(|r| r == name).unwrap_or(usize::MAX));
                        out.push('{');
                        for (j, name) in names.into_iter().enumerate() {
                            if j > 0 {
                                out.push(',');
                            }
                            out.push_str(&Json::from(name.as_str()).to_string());
                            out.push(':');
                            write(&properties[name], out);
                        }
                        out.push('}');
                    }
                    _ => write(value, out),
                }
            }
            out.push('}');
        }
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        leaf => out.push_str(&leaf.to_string()),
    }
}

/// llama.cpp's grammar for the schema written as `text` (already bounded; the caller chose the
/// order of its properties, which is the order the model writes them in).
pub fn convert(text: &str) -> Result<String, Refused> {
    if text.len() > MAX_SCHEMA_BYTES {
        return Err(Refused(format!("the JSON schema is longer than {} KiB", MAX_SCHEMA_BYTES / 1024)));
    }
    let grammar = llama_cpp_2::json_schema_to_grammar(text)
        .map_err(|e| Refused(format!("llama.cpp could not turn the JSON schema into a grammar ({e})")))?;
    Ok(one_line(&grammar))
}

/// llama.cpp lets the model put up to two new lines and twenty spaces between any two tokens of
/// the JSON; a small model spends its tokens on them and loses its way (measured with the test
/// model: a quote of zeros to the token limit). Here JSON is written on one line, a space at most
/// between tokens, as the templates show calls.
fn one_line(grammar: &str) -> String {
    grammar.lines().map(|line| if line.starts_with("space ::= ") { "space ::= \" \"?" } else { line }).collect::<Vec<_>>().join("\n") + "\n"
}

/// `grammar` with its start rule renamed from `root` to `name`, so another rule can start it.
/// llama.cpp names the rules it makes after the schema's paths (`root`, `alternative-0-…`) and
/// its primitives (`space`, `string`, `value`…); `name` must be none of those.
pub fn rename_root(grammar: &str, name: &str) -> String {
    let mut out = String::with_capacity(grammar.len());
    for line in grammar.lines() {
        match line.strip_prefix("root ::= ") {
            Some(body) => out.push_str(&format!("{name} ::= {body}")),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// `text` as a GBNF literal.
pub fn literal(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;

    #[test]
    fn an_object_schema_becomes_llama_cpps_grammar_for_its_properties() {
        let g = for_schema(&json!({ "type": "object", "properties": {
            "verdict": { "type": "string", "enum": ["supported", "unclear"] },
            "confidence": { "type": "number" },
            "note": { "type": ["string", "null"] },
            "steps": { "type": "array", "items": { "type": "object", "properties": { "step": { "type": "string" } }, "required": ["step"] } },
        }, "required": ["verdict", "confidence", "steps"] }))
        .unwrap();
        assert!(g.lines().any(|l| l.starts_with("root ::= \"{\" space ")), "{g}");
        // Every property is a key–value rule; the enum is its two strings.
        for key in ["verdict", "confidence", "note", "steps"] {
            assert!(g.contains(&format!("{} space \":\" space", literal(&format!("\"{key}\"")))), "{key}: {g}");
        }
        assert!(g.contains(r#""\"supported\"""#) && g.contains(r#""\"unclear\"""#), "{g}");
        // The array of steps is bounded: one separator-and-item repeated at most 7 times.
        assert!(g.contains("){0,7}"), "{g}");
        // No other key may be written: there is no rule for additional properties.
        assert!(!g.contains("additional"), "{g}");
        // The required keys in the `required` list's order, then the optional one.
        let root = g.lines().find(|l| l.starts_with("root ::= ")).unwrap();
        let at = |key: &str| root.find(&format!("{key}-kv")).unwrap_or_else(|| panic!("{key}: {root}"));
        assert!(at("verdict") < at("confidence") && at("confidence") < at("steps") && at("steps") < at("note"), "{root}");
    }

    #[test]
    fn bounds_are_added_and_the_schema_is_left_alone_otherwise() {
        let schema = json!({ "type": "object", "properties": {
            "tags": { "type": "array", "items": { "type": "string" } },
            "many": { "type": "array", "items": { "type": "integer" }, "minItems": 12 },
            "told": { "type": "array", "maxItems": 3 },
            "either": { "anyOf": [{ "type": "array" }, { "type": "string" }] },
        } });
        let b = bounded(&schema);
        assert_eq!(b["properties"]["tags"]["maxItems"], json!(MAX_ITEMS));
        assert_eq!(b["properties"]["many"]["maxItems"], json!(12));
        assert_eq!(b["properties"]["told"]["maxItems"], json!(3));
        assert_eq!(b["properties"]["either"]["anyOf"][0]["maxItems"], json!(MAX_ITEMS));
        assert_eq!(b["properties"]["tags"]["items"], json!({ "type": "string" }));
        let mut deep = json!({ "type": "string" });
        for _ in 0..50 {
            deep = json!({ "type": "array", "items": deep });
        }
        let g = for_schema(&deep).unwrap();
        assert!(g.lines().count() < 40, "{g}");
    }

    #[test]
    fn a_schema_llama_cpp_cannot_convert_is_refused_with_its_reason() {
        let Err(Refused(why)) = for_schema(&json!({ "$ref": "https://example.com/schema.json" })) else { panic!("a remote $ref") };
        assert!(why.contains("could not turn"), "{why}");
        assert!(for_schema(&json!({ "type": "frobnicate" })).is_err());
        assert!(for_schema(&json!({ "type": "string", "description": "x".repeat(70 * 1024) })).is_err());
        // What anything fits becomes any value.
        assert!(for_schema(&json!({})).unwrap().contains("root ::= "));
        let renamed = rename_root(&for_schema(&json!({ "const": "x" })).unwrap(), "answer");
        assert!(renamed.starts_with("answer ::= ") || renamed.contains("\nanswer ::= "), "{renamed}");
        assert!(!renamed.contains("root ::="), "{renamed}");
    }

    /// Schemas built from the keywords the converter reads, nested, some of them nonsense.
    fn schemas() -> impl Strategy<Value = Json> {
        let word = "[a-z(|*+\\[\\]^$.{}0-9\\\\]{0,6}";
        let leaf = prop_oneof![
            Just(json!({})),
            prop::sample::select(vec!["string", "integer", "number", "boolean", "null", "array", "object", "frob"])
                .prop_map(|t| json!({ "type": t })),
            word.prop_map(|p| json!({ "type": "string", "pattern": p })),
            (any::<i32>(), any::<i32>()).prop_map(|(a, b)| json!({ "type": "integer", "minimum": a, "maximum": b })),
            word.prop_map(|r| json!({ "$ref": format!("#/{r}") })),
            prop::collection::vec(any::<i8>(), 0..3).prop_map(|v| json!({ "enum": v })),
        ];
        leaf.prop_recursive(4, 24, 4, |inner| {
            prop_oneof![
                inner.clone().prop_map(|s| json!({ "type": "array", "items": s })),
                (inner.clone(), 0u64..20, 0u64..20).prop_map(|(s, a, b)| json!({ "items": s, "minItems": a, "maxItems": b })),
                prop::collection::btree_map("[a-c]{1,2}", inner.clone(), 0..4)
                    .prop_map(|m| json!({ "type": "object", "required": m.keys().collect::<Vec<_>>(), "properties": m })),
                prop::collection::vec(inner.clone(), 0..3).prop_map(|v| json!({ "anyOf": v })),
                prop::collection::vec(inner, 0..3).prop_map(|v| json!({ "allOf": v })),
            ]
        })
    }

    proptest! {
        #[test]
        fn no_schema_panics_the_converter(schema in schemas()) {
            if let Ok(g) = for_schema(&schema) {
                prop_assert!(g.contains("root ::= "));
            }
        }
    }
}
