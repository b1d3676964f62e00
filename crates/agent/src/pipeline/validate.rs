//! The first layer: a call's arguments checked against its tool's JSON Schema before anything
//! runs. The subset our tools use: `type` (one or several), `properties`, `required`, `enum`,
//! `minimum`/`maximum`, `minLength`/`maxLength`, `items`, `minItems`/`maxItems`. Beyond the
//! schema: properties it does not name are refused (a model that invents `delete: true` is told
//! so) unless the schema says `additionalProperties: true`, a string is at most [`MAX_STRING_CHARS`] unless the schema says less, keys such as
//! `__proto__` are refused at any depth, and `null` for an optional property means "not given".
//! Every error names the field: "`limit`: must be at most 20, not 500". One leniency, as models
//! write ids both ways: a whole number in a string (`"fromId": "3"`) is read as the number its
//! schema asks for ([`coerce`]).

use serde_json::{Map, Value};

use crate::tool::ToolError;

/// The longest string any argument may be when its schema sets no `maxLength`.
pub const MAX_STRING_CHARS: usize = 100_000;
/// How deep arguments may nest.
pub const MAX_DEPTH: usize = 16;
/// Keys that mean something to prototype-based code: refused wherever they appear.
const FORBIDDEN_KEYS: [&str; 3] = ["__proto__", "constructor", "prototype"];

/// `args` with each top-level integer or number argument given as a numeric string (`"3"`, and
/// the items of a list of them) made the number; nothing else is changed.
pub fn coerce(schema: &Value, mut args: Value) -> Value {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return args };
    if let Some(map) = args.as_object_mut() {
        for (key, v) in map.iter_mut() {
            if let Some(property) = properties.get(key) {
                coerce_number(property, v);
                if let (Some(items), Value::Array(list)) = (property.get("items"), &mut *v) {
                    list.iter_mut().for_each(|item| coerce_number(items, item));
                }
            }
        }
    }
    args
}

fn coerce_number(schema: &Value, v: &mut Value) {
    let Value::String(text) = &*v else { return };
    let text = text.trim();
    let wants = |t: &str| types_of(schema).is_some_and(|types| types.contains(&t));
    if wants("integer")
        && let Ok(n) = text.parse::<i64>()
    {
        *v = Value::from(n);
    } else if wants("number")
        && let Some(n) = text.parse::<f64>().ok().filter(|n| n.is_finite())
    {
        *v = Value::from(n);
    }
}

/// One argument at fault: its path (`limit`, `when.from`, `ids[1]`) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub message: String,
}

/// Checks `args` against `schema`; the arguments are not changed. Every argument at fault is
/// named, in one message.
pub fn check(schema: &Value, args: &Value) -> Result<(), ToolError> {
    let found = problems(schema, args);
    if found.is_empty() {
        return Ok(());
    }
    let said: Vec<String> =
        found.iter().map(|p| if p.field.is_empty() { p.message.clone() } else { format!("`{}`: {}", p.field, p.message) }).collect();
    Err(ToolError::BadArguments(said.join("; ")))
}

/// What is wrong with `args`, one problem per top-level argument at fault (empty: nothing).
pub fn problems(schema: &Value, args: &Value) -> Vec<Problem> {
    let args = if args.is_null() { &Value::Object(Map::new()) } else { args };
    let Some(map) = args.as_object() else {
        return vec![Problem { field: String::new(), message: format!("the arguments must be a JSON object, not {}", kind_of(args)) }];
    };
    let mut found = Vec::new();
    for (key, v) in map {
        let one = Map::from_iter([(key.clone(), v.clone())]);
        if let Err(message) = object(&with_required(schema, &[]), &one, "", 0, true) {
            found.push(split(message));
        }
    }
    let given: Vec<&str> = map.iter().filter(|(_, v)| !v.is_null()).map(|(k, _)| k.as_str()).collect();
    for key in schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
        if !given.contains(&key) {
            found.push(Problem { field: key.to_string(), message: "is required".into() });
        }
    }
    found
}

/// `schema` with its `required` list replaced (the top level checks one argument at a time).
fn with_required(schema: &Value, required: &[&str]) -> Value {
    let mut schema = schema.clone();
    if let Some(map) = schema.as_object_mut() {
        map.insert("required".into(), Value::from(required.to_vec()));
    }
    schema
}

/// "`when.from`: must be …" as its field and message.
fn split(message: String) -> Problem {
    if let Some(rest) = message.strip_prefix('`')
        && let Some((field, why)) = rest.split_once("`: ")
    {
        return Problem { field: field.to_string(), message: why.to_string() };
    }
    Problem { field: String::new(), message }
}

fn value(schema: &Value, v: &Value, path: &str, depth: usize, strict: bool) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("{}: nested more than {MAX_DEPTH} levels deep", name(path)));
    }
    if let Some(types) = types_of(schema)
        && !types.iter().any(|t| is_type(v, t))
    {
        return Err(format!("{}: must be {}, not {}", name(path), types.join(" or "), kind_of(v)));
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(v)
    {
        let shown: Vec<String> = allowed.iter().map(Value::to_string).collect();
        return Err(format!("{}: must be one of {}, not {}", name(path), shown.join(", "), short(v)));
    }
    match v {
        Value::String(s) => string(schema, s, path),
        Value::Number(_) => number(schema, v, path),
        Value::Array(items) => array(schema, items, path, depth),
        Value::Object(map) => object(schema, map, path, depth, strict),
        Value::Bool(_) | Value::Null => Ok(()),
    }
}

fn string(schema: &Value, s: &str, path: &str) -> Result<(), String> {
    let chars = s.chars().count();
    let max = schema.get("maxLength").and_then(Value::as_u64).map_or(MAX_STRING_CHARS, |m| (m as usize).min(MAX_STRING_CHARS));
    if chars > max {
        return Err(format!("{}: at most {max} characters, not {chars}", name(path)));
    }
    if let Some(min) = schema.get("minLength").and_then(Value::as_u64)
        && (chars as u64) < min
    {
        return Err(format!("{}: at least {min} characters, not {chars}", name(path)));
    }
    Ok(())
}

fn number(schema: &Value, v: &Value, path: &str) -> Result<(), String> {
    let Some(n) = v.as_f64() else { return Ok(()) };
    if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
        && n < min
    {
        return Err(format!("{}: must be at least {}, not {}", name(path), trim(min), v));
    }
    if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
        && n > max
    {
        return Err(format!("{}: must be at most {}, not {}", name(path), trim(max), v));
    }
    Ok(())
}

fn array(schema: &Value, items: &[Value], path: &str, depth: usize) -> Result<(), String> {
    if let Some(max) = schema.get("maxItems").and_then(Value::as_u64)
        && items.len() as u64 > max
    {
        return Err(format!("{}: at most {max} items, not {}", name(path), items.len()));
    }
    if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
        && (items.len() as u64) < min
    {
        return Err(format!("{}: at least {min} items, not {}", name(path), items.len()));
    }
    let item_schema = schema.get("items").unwrap_or(&Value::Null);
    for (i, item) in items.iter().enumerate() {
        value(item_schema, item, &format!("{path}[{i}]"), depth + 1, false)?;
    }
    Ok(())
}

fn object(schema: &Value, map: &Map<String, Value>, path: &str, depth: usize, strict: bool) -> Result<(), String> {
    let properties = schema.get("properties").and_then(Value::as_object);
    let required: Vec<&str> = schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    // The top level is closed unless its schema opens it (`additionalProperties: true`); a
    // nested object is closed when its schema says so.
    let extra = schema.get("additionalProperties");
    let closed = if strict { extra != Some(&Value::Bool(true)) } else { extra == Some(&Value::Bool(false)) };
    for (key, v) in map {
        let at = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
        if FORBIDDEN_KEYS.contains(&key.as_str()) {
            return Err(format!("{}: this key is not allowed", name(&at)));
        }
        match properties.and_then(|p| p.get(key)) {
            // `null` is "not given"; a required one is then missing (said below).
            Some(_) if v.is_null() => {}
            Some(property) => value(property, v, &at, depth + 1, false)?,
            None if closed => {
                let known: Vec<&str> = properties.map(|p| p.keys().map(String::as_str).collect()).unwrap_or_default();
                let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
                return Err(format!("{}: there is no such argument; the arguments are: {known}", name(&at)));
            }
            None => value(&Value::Null, v, &at, depth + 1, false)?,
        }
    }
    for key in required {
        if map.get(key).is_none_or(Value::is_null) {
            let at = if path.is_empty() { key.to_string() } else { format!("{path}.{key}") };
            return Err(format!("{}: is required", name(&at)));
        }
    }
    Ok(())
}

fn types_of(schema: &Value) -> Option<Vec<&str>> {
    match schema.get("type")? {
        Value::String(t) => Some(vec![t.as_str()]),
        Value::Array(ts) => Some(ts.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

fn is_type(v: &Value, t: &str) -> bool {
    match t {
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "object" => v.is_object(),
        "array" => v.is_array(),
        "null" => v.is_null(),
        _ => true,
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_f64() => "a fractional number",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn name(path: &str) -> String {
    format!("`{path}`")
}

fn short(v: &Value) -> String {
    crate::cards::truncate(&v.to_string(), 60)
}

fn trim(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "maxLength": 200 },
                "limit": { "type": "integer", "minimum": 1, "maximum": 20 },
                "court": { "type": "string", "enum": ["va", "vactapp"] },
                "ids": { "type": "array", "items": { "type": "integer" }, "maxItems": 3 },
                "when": { "type": "object", "properties": { "from": { "type": "string" } }, "additionalProperties": false }
            },
            "required": ["query"]
        })
    }

    fn refused(args: Value) -> String {
        match check(&schema(), &args) {
            Err(ToolError::BadArguments(m)) => m,
            other => panic!("expected a refusal for {args}, got {other:?}"),
        }
    }

    #[test]
    fn arguments_that_fit_pass_and_null_means_not_given() {
        check(&schema(), &json!({"query": "custody", "limit": 5, "court": "va", "ids": [1, 2], "when": {"from": "2020"}})).unwrap();
        check(&schema(), &json!({"query": "custody", "limit": null})).unwrap();
    }

    #[test]
    fn each_refusal_names_the_field() {
        assert_eq!(
            refused(json!({"query": "x", "delete": true})),
            "`delete`: there is no such argument; the arguments are: court, ids, limit, query, when"
        );
        assert_eq!(refused(json!({"query": "x", "limit": 500})), "`limit`: must be at most 20, not 500");
        assert_eq!(refused(json!({"query": "x", "limit": 0})), "`limit`: must be at least 1, not 0");
        assert_eq!(refused(json!({"query": "x", "limit": "five"})), "`limit`: must be integer, not a string");
        assert_eq!(refused(json!({"query": "x", "limit": 2.5})), "`limit`: must be integer, not a fractional number");
        assert_eq!(refused(json!({"limit": 2})), "`query`: is required");
        assert_eq!(refused(json!({"query": null})), "`query`: is required");
        assert_eq!(refused(json!({"query": "x", "court": "scotus"})), "`court`: must be one of \"va\", \"vactapp\", not \"scotus\"");
        assert_eq!(refused(json!({"query": "x", "ids": [1, "two"]})), "`ids[1]`: must be integer, not a string");
        assert_eq!(refused(json!({"query": "x", "ids": [1, 2, 3, 4]})), "`ids`: at most 3 items, not 4");
        assert_eq!(refused(json!({"query": "x", "when": {"to": "2021"}})), "`when.to`: there is no such argument; the arguments are: from");
        assert!(refused(json!({"query": "a".repeat(201)})).starts_with("`query`: at most 200 characters"));
        // Every argument at fault at once.
        assert_eq!(refused(json!({"query": 5, "limit": 0})), "`limit`: must be at least 1, not 0; `query`: must be string, not a number");
        let found = problems(&schema(), &json!({"court": "x", "when": {"to": 1}}));
        let fields: Vec<&str> = found.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["court", "when.to", "query"]);
    }

    #[test]
    fn a_number_written_as_a_string_is_read_as_the_number() {
        let given = json!({"query": "7", "limit": " 5 ", "ids": ["1", 2], "court": "va"});
        let coerced = coerce(&schema(), given);
        assert_eq!(coerced, json!({"query": "7", "limit": 5, "ids": [1, 2], "court": "va"}), "strings stay strings");
        check(&schema(), &coerced).unwrap();
        assert_eq!(coerce(&schema(), json!({"limit": "1e999"}))["limit"], "1e999");
    }

    #[test]
    fn prototype_keys_huge_strings_and_deep_nesting_are_refused() {
        let open = json!({"type": "object", "properties": {"data": {"type": "object"}}});
        let err = check(&open, &json!({"data": {"__proto__": {"admin": true}}})).unwrap_err();
        assert_eq!(err.to_string(), "bad arguments: `data.__proto__`: this key is not allowed");
        let err = check(&json!({"type": "object", "properties": {"text": {"type": "string"}}}), &json!({"text": "x".repeat(1 << 20)}))
            .unwrap_err();
        assert!(err.to_string().contains("at most 100000 characters, not 1048576"), "{err}");
        let mut deep = json!("bottom");
        for _ in 0..40 {
            deep = json!({ "a": deep });
        }
        assert!(check(&open, &json!({"data": deep})).unwrap_err().to_string().contains("nested more than"));
    }

    #[test]
    fn arguments_that_are_not_an_object_are_refused_and_none_is_empty() {
        assert_eq!(check(&schema(), &json!([1])).unwrap_err().code(), "invalid_arguments");
        let no_args = json!({"type": "object", "properties": {}});
        check(&no_args, &Value::Null).unwrap();
        assert!(check(&no_args, &json!({"x": 1})).unwrap_err().to_string().contains("the arguments are: none"));
    }
}
