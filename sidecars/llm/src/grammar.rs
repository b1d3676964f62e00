//! JSON Schema to llama.cpp's GBNF grammar: the model can write only JSON that fits the schema —
//! an answer in a `response_format`'s shape, or a tool call's arguments.
//!
//! What a schema constrains here: `type` (one or a list), `properties` with `required` (required
//! ones first, in the `required` list's order; then any of the others, each at most once in
//! practice), `items`, `minItems` ≥ 1, `enum`, `const`, `anyOf` / `oneOf`. What it leaves to the
//! reader of the JSON (the app checks it again): numeric ranges, string lengths and patterns,
//! `additionalProperties` beyond the listed properties (none are allowed). JSON is written with
//! Python's spacing (`", "`, `": "`), widths are bounded (at
//! most 8 items in an array) so a small model cannot run on for ever, and nesting deeper than
//! [`MAX_DEPTH`] is any JSON value.

use serde_json::Value as Json;

/// Deepest schema nesting written out; below it, any JSON value.
const MAX_DEPTH: usize = 8;

/// Builds a grammar rule by rule.
#[derive(Default)]
pub struct Grammar {
    rules: Vec<String>,
}

impl Grammar {
    pub fn new() -> Self {
        Grammar::default()
    }

    /// Adds `name ::= body` with a fresh name made from `hint`, and returns the name.
    pub fn rule(&mut self, hint: &str, body: &str) -> String {
        let name = format!("{hint}-{}", self.rules.len());
        self.rules.push(format!("{name} ::= {body}"));
        name
    }

    /// The rule for a value that fits `schema`.
    pub fn schema(&mut self, schema: &Json) -> String {
        self.at_depth(schema, 0)
    }

    fn at_depth(&mut self, schema: &Json, depth: usize) -> String {
        if depth > MAX_DEPTH {
            return "value".into();
        }
        if let Some(value) = schema.get("const") {
            return literal(&value.to_string());
        }
        if let Some(choices) = schema.get("enum").and_then(Json::as_array).filter(|c| !c.is_empty()) {
            let options: Vec<String> = choices.iter().map(|c| literal(&crate::template::python_json(c, None))).collect();
            return format!("( {} )", options.join(" | "));
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(options) = schema.get(key).and_then(Json::as_array).filter(|o| !o.is_empty()) {
                let rules: Vec<String> = options.iter().map(|o| self.at_depth(o, depth + 1)).collect();
                return format!("( {} )", rules.join(" | "));
            }
        }
        match schema.get("type") {
            Some(Json::Array(types)) if !types.is_empty() => {
                let rules: Vec<String> = types.iter().filter_map(Json::as_str).map(|t| self.typed(t, schema, depth)).collect();
                if rules.is_empty() { "value".into() } else { format!("( {} )", rules.join(" | ")) }
            }
            Some(Json::String(t)) => self.typed(t, schema, depth),
            _ if schema.get("properties").is_some() => self.typed("object", schema, depth),
            _ => "value".into(),
        }
    }

    fn typed(&mut self, kind: &str, schema: &Json, depth: usize) -> String {
        match kind {
            "object" => self.object(schema, depth),
            "array" => {
                let Some(items) = schema.get("items") else { return "array".into() };
                let item = self.at_depth(items, depth + 1);
                let at_least_one = schema.get("minItems").and_then(Json::as_u64).is_some_and(|n| n >= 1);
                let body = if at_least_one {
                    format!("\"[\" {item} ( \", \" {item} ){{0,7}} \"]\"")
                } else {
                    format!("\"[\" ( {item} ( \", \" {item} ){{0,7}} )? \"]\"")
                };
                self.rule("array", &body)
            }
            "string" => "string".into(),
            "integer" => "integer".into(),
            "number" => "number".into(),
            "boolean" => "boolean".into(),
            "null" => "\"null\"".into(),
            _ => "value".into(),
        }
    }

    /// An object with exactly the listed properties allowed: the required ones in order, then any
    /// of the optional ones.
    fn object(&mut self, schema: &Json, depth: usize) -> String {
        let Some(properties) = schema.get("properties").and_then(Json::as_object) else { return "object".into() };
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Json::as_array)
            .map(|r| r.iter().filter_map(Json::as_str).filter(|k| properties.contains_key(*k)).collect())
            .unwrap_or_default();
        let optional: Vec<&str> = properties.keys().map(String::as_str).filter(|k| !required.contains(k)).collect();
        let mut pair = |key: &str| {
            let value = self.at_depth(&properties[key], depth + 1);
            format!("{} {value}", literal(&format!("{}: ", Json::from(key))))
        };
        let mut parts: Vec<String> = required.iter().map(|k| pair(k)).collect();
        let mut body = parts.join(" \", \" ");
        if !optional.is_empty() {
            parts = optional.iter().map(|k| format!("( {} )", pair(k))).collect();
            let choice = self.rule("optional", &parts.join(" | "));
            let more = optional.len().saturating_sub(usize::from(required.is_empty()));
            if required.is_empty() {
                body = format!("( {choice} ( \", \" {choice} ){{0,{more}}} )?");
            } else {
                body.push_str(&format!(" ( \", \" {choice} ){{0,{more}}}"));
            }
        }
        self.rule("object", &format!("\"{{\" {body} \"}}\""))
    }

    /// The whole grammar, starting at `root`.
    pub fn finish(self, root: &str) -> String {
        let mut out = format!("root ::= {root}\n");
        for rule in self.rules {
            out.push_str(&rule);
            out.push('\n');
        }
        out.push_str(JSON_RULES);
        out
    }
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

/// Any JSON value, with Python's spacing and bounded widths.
const JSON_RULES: &str = concat!(
    "value ::= object | array | string | number | boolean | \"null\"\n",
    "object ::= \"{\" ( string \": \" value ( \", \" string \": \" value ){0,8} )? \"}\"\n",
    "array ::= \"[\" ( value ( \", \" value ){0,7} )? \"]\"\n",
    "string ::= \"\\\"\" char* \"\\\"\"\n",
    "char ::= [^\"\\\\\\x7F\\x00-\\x1F] | \"\\\\\" [\"\\\\/bfnrt]\n",
    "integer ::= \"-\"? [0-9]{1,12}\n",
    "number ::= integer ( \".\" [0-9]{1,6} )?\n",
    "boolean ::= \"true\" | \"false\"\n",
);

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn an_object_schema_becomes_its_required_keys_then_its_optional_ones() {
        let mut g = Grammar::new();
        let root = g.schema(&json!({ "type": "object", "properties": {
            "verdict": { "type": "string", "enum": ["supported", "unclear"] },
            "confidence": { "type": "number" },
            "note": { "type": ["string", "null"] },
            "steps": { "type": "array", "items": { "type": "object", "properties": { "step": { "type": "string" } }, "required": ["step"] } },
        }, "required": ["verdict", "confidence", "steps"] }));
        let text = g.finish(&root);
        assert!(text.starts_with("root ::= object-"), "{text}");
        assert!(
            text.contains(
                r#""\"verdict\": " ( "\"supported\"" | "\"unclear\"" ) ", " "\"confidence\": " number ", " "\"steps\": " array-"#
            ),
            "{text}"
        );
        assert!(text.contains(r#"optional-"#) && text.contains(r#"( "\"note\": " ( string | "null" ) )"#), "{text}");
        assert!(text.contains(r#""[" ( object-0 ( ", " object-0 ){0,7} )? "]""#), "{text}");
        assert!(text.contains(r#"object-0 ::= "{" "\"step\": " string "}""#), "{text}");
    }

    #[test]
    fn odd_schemas_fall_back_to_any_value_and_never_loop() {
        let mut g = Grammar::new();
        assert_eq!(g.schema(&json!({})), "value");
        assert_eq!(g.schema(&json!({ "type": "frobnicate" })), "value");
        assert_eq!(g.schema(&json!({ "const": "x" })), r#""\"x\"""#);
        let mut deep = json!({ "type": "string" });
        for _ in 0..50 {
            deep = json!({ "type": "array", "items": deep });
        }
        let root = g.schema(&deep);
        assert!(g.finish(&root).lines().count() < 30);
    }

    proptest::proptest! {
        #[test]
        fn no_schema_panics_the_builder(text in "[{}\\[\\]\":,a-z0-9 ]{0,80}") {
            if let Ok(schema) = serde_json::from_str::<Json>(&text) {
                let mut g = Grammar::new();
                let root = g.schema(&schema);
                let _ = g.finish(&root);
            }
        }
    }
}
