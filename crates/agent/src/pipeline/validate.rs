//! The first layer: a call's arguments checked against its tool's JSON Schema before anything
//! runs. The subset our tools use: `type` (one or several), `properties`, `required`, `enum`,
//! `minimum`/`maximum`, `minLength`/`maxLength`, `items`, `minItems`/`maxItems`,
//! `additionalProperties` (true or false) and `format` (`date`: a real day written `2026-03-15`;
//! `date-time`: RFC 3339), beside the words that only describe (`description`, `title`,
//! `default`, `examples`). A schema that uses any other keyword is refused whole, before its
//! arguments are looked at ([`schema_problem`]): a rule the check would skip is not a rule. Beyond the
//! schema: properties it does not name are refused (a model that invents `delete: true` is told
//! so) unless the schema says `additionalProperties: true`, a string is at most [`MAX_STRING_CHARS`] unless the schema says less, keys such as
//! `__proto__` are refused at any depth, and `null` for an optional property means "not given".
//! Every error names the field: "`limit`: must be at most 20, not 500". One leniency, as models
//! write ids both ways: a whole number in a string (`"fromId": "3"`) is read as the number its
//! schema asks for ([`coerce`]).

use chrono::{DateTime, NaiveDate};
use serde_json::{Map, Value};

use crate::tool::ToolError;

/// The longest string any argument may be when its schema sets no `maxLength`.
pub const MAX_STRING_CHARS: usize = 100_000;
/// How deep arguments may nest.
pub const MAX_DEPTH: usize = 16;
/// Keys that mean something to prototype-based code: refused wherever they appear.
const FORBIDDEN_KEYS: [&str; 3] = ["__proto__", "constructor", "prototype"];
/// The keywords that only describe a value: allowed in a schema, nothing to check.
const ANNOTATIONS: [&str; 4] = ["description", "title", "default", "examples"];
/// The `format`s the check enforces.
const FORMATS: [&str; 2] = ["date", "date-time"];
/// The types a schema may name.
const TYPES: [&str; 7] = ["string", "integer", "number", "boolean", "object", "array", "null"];

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
/// named, in one message. A schema the check does not support ([`schema_problem`]) fails every
/// call (`failed`: it is the tool's fault, not the arguments').
pub fn check(schema: &Value, args: &Value) -> Result<(), ToolError> {
    if let Some(why) = schema_problem(schema) {
        return Err(ToolError::Failed(unsupported(&why)));
    }
    let found = problems(schema, args);
    if found.is_empty() {
        return Ok(());
    }
    let said: Vec<String> =
        found.iter().map(|p| if p.field.is_empty() { p.message.clone() } else { format!("`{}`: {}", p.field, p.message) }).collect();
    Err(ToolError::BadArguments(said.join("; ")))
}

/// What is wrong with `args`, one problem per top-level argument at fault (empty: nothing). A
/// schema the check does not support is the one problem, with no field.
pub fn problems(schema: &Value, args: &Value) -> Vec<Problem> {
    if let Some(why) = schema_problem(schema) {
        return vec![Problem { field: String::new(), message: unsupported(&why) }];
    }
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

fn unsupported(why: &str) -> String {
    format!("this tool's argument schema cannot be checked: {why}")
}

/// Why the check cannot enforce `schema`, if it cannot: a keyword it does not support (`pattern`,
/// `oneOf`, a `format` other than `date` and `date-time`, …) or one whose value it cannot read.
/// None: every rule the schema states is checked. Tools' schemas are fixed in code, so a test
/// over every registered tool proves them all supported.
pub fn schema_problem(schema: &Value) -> Option<String> {
    schema_node(schema, "", 0).err()
}

fn schema_node(schema: &Value, at: &str, depth: usize) -> Result<(), String> {
    let place = |key: &str| if at.is_empty() { format!("`{key}`") } else { format!("`{at}.{key}`") };
    let whole = if at.is_empty() { "the schema".to_string() } else { format!("`{at}`") };
    if depth > MAX_DEPTH {
        return Err(format!("{whole} is nested more than {MAX_DEPTH} levels deep"));
    }
    let Some(map) = schema.as_object() else { return Err(format!("{whole} must be a JSON object")) };
    for (key, v) in map {
        match key.as_str() {
            "type" => {
                let names: Vec<&Value> = match v {
                    Value::Array(list) if !list.is_empty() => list.iter().collect(),
                    one => vec![one],
                };
                for name in names {
                    match name.as_str() {
                        Some(t) if TYPES.contains(&t) => {}
                        Some(t) => return Err(format!("{}: no such type `{t}` (the types are {})", place(key), TYPES.join(", "))),
                        None => return Err(format!("{} must name a type or a list of them", place(key))),
                    }
                }
            }
            "properties" => {
                let Some(properties) = v.as_object() else { return Err(format!("{} must be an object", place(key))) };
                for (name, property) in properties {
                    let inner = if at.is_empty() { format!("properties.{name}") } else { format!("{at}.properties.{name}") };
                    schema_node(property, &inner, depth + 1)?;
                }
            }
            "items" => schema_node(v, &if at.is_empty() { "items".to_string() } else { format!("{at}.items") }, depth + 1)?,
            "required" if v.as_array().is_some_and(|list| list.iter().all(Value::is_string)) => {}
            "required" => return Err(format!("{} must be a list of property names", place(key))),
            "enum" if v.as_array().is_some_and(|list| !list.is_empty()) => {}
            "enum" => return Err(format!("{} must be a non-empty list of values", place(key))),
            "minimum" | "maximum" if v.is_number() => {}
            "minimum" | "maximum" => return Err(format!("{} must be a number", place(key))),
            "minLength" | "maxLength" | "minItems" | "maxItems" if v.is_u64() => {}
            "minLength" | "maxLength" | "minItems" | "maxItems" => return Err(format!("{} must be a whole number", place(key))),
            "additionalProperties" if v.is_boolean() => {}
            "additionalProperties" => return Err(format!("{} must be true or false", place(key))),
            "format" => match v.as_str() {
                Some(f) if FORMATS.contains(&f) => {}
                _ => {
                    return Err(format!(
                        "{whole} uses `format: {v}`, which the argument check does not enforce (it knows {})",
                        FORMATS.join(", ")
                    ));
                }
            },
            annotation if ANNOTATIONS.contains(&annotation) => {}
            other => return Err(format!("{whole} uses `{other}`, which the argument check does not enforce")),
        }
    }
    Ok(())
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

/// What is wrong with a string its schema gives a `format`, if anything.
fn format_problem(format: &str, s: &str) -> Option<String> {
    match format {
        "date" => {
            // Exactly `YYYY-MM-DD` (RFC 3339's full-date): no five-digit years, signs or spaces.
            let b = s.as_bytes();
            let shaped = b.len() == 10 && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() });
            if !shaped {
                return Some(format!("must be a date like 2026-03-15, not {}", short(&Value::from(s))));
            }
            let part = |range: std::ops::Range<usize>| s[range].parse::<u32>().unwrap_or(0);
            let year = i32::try_from(part(0..4)).unwrap_or(0);
            NaiveDate::from_ymd_opt(year, part(5..7), part(8..10))
                .is_none()
                .then(|| format!("must be a real date; {s} is not a day of the calendar"))
        }
        "date-time" => DateTime::parse_from_rfc3339(s)
            .is_err()
            .then(|| format!("must be a date and time like 2026-03-15T09:30:00-05:00, not {}", short(&Value::from(s)))),
        _ => None,
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
    if let Some(problem) = schema.get("format").and_then(Value::as_str).and_then(|f| format_problem(f, s)) {
        return Err(format!("{}: {problem}", name(path)));
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
    use std::sync::Arc;

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

    fn dated() -> Value {
        json!({
            "type": "object",
            "properties": {
                "date": { "type": "string", "format": "date" },
                "at": { "type": ["string", "null"], "format": "date-time" }
            }
        })
    }

    #[test]
    fn a_date_must_be_a_real_day_of_the_calendar() {
        check(&dated(), &json!({"date": "2026-03-15", "at": "2026-03-15T09:30:00-05:00"})).unwrap();
        check(&dated(), &json!({"date": "2028-02-29", "at": null})).unwrap();
        let said = |args: Value| check(&dated(), &args).unwrap_err().to_string();
        assert_eq!(
            said(json!({"date": "2026-02-30"})),
            "bad arguments: `date`: must be a real date; 2026-02-30 is not a day of the calendar"
        );
        assert_eq!(
            said(json!({"date": "2027-02-29"})),
            "bad arguments: `date`: must be a real date; 2027-02-29 is not a day of the calendar"
        );
        for written in ["next Friday", "2026-3-15", "03/15/2026", "2026-03-15T00:00:00Z", " 2026-03-15", "2026-03-1５", ""] {
            assert_eq!(
                said(json!({ "date": written })),
                format!("bad arguments: `date`: must be a date like 2026-03-15, not {}", Value::from(written)),
                "{written}"
            );
        }
        // A year past what a calendar library holds is refused in words, not a panic.
        assert!(said(json!({"date": "262142-01-01"})).contains("must be a date like 2026-03-15"));
        assert!(said(json!({"date": "+262142-01-01"})).contains("must be a date like 2026-03-15"));
        assert_eq!(
            said(json!({"at": "2026-03-15"})),
            "bad arguments: `at`: must be a date and time like 2026-03-15T09:30:00-05:00, not \"2026-03-15\""
        );
        assert!(said(json!({"at": "2026-02-30T09:30:00Z"})).contains("must be a date and time like"));
    }

    #[test]
    fn a_schema_with_a_keyword_the_check_does_not_enforce_is_refused() {
        for (schema, says) in [
            (
                json!({"type": "object", "properties": {"email": {"type": "string", "pattern": "^[^@]+@"}}}),
                "`properties.email` uses `pattern`, which the argument check does not enforce",
            ),
            (
                json!({"type": "object", "properties": {"email": {"type": "string", "format": "email"}}}),
                "`properties.email` uses `format: \"email\"`, which the argument check does not enforce",
            ),
            (
                json!({"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "integer", "exclusiveMinimum": 0}}}}),
                "`properties.ids.items` uses `exclusiveMinimum`, which the argument check does not enforce",
            ),
            (json!({"type": "object", "oneOf": [{"required": ["a"]}, {"required": ["b"]}]}), "the schema uses `oneOf`"),
            (json!({"type": "object", "additionalProperties": {"type": "string"}}), "`additionalProperties` must be true or false"),
            (json!({"type": "object", "properties": {"n": {"type": "int"}}}), "`properties.n.type`: no such type `int`"),
            (
                json!({"type": "object", "properties": {"n": {"type": "integer", "maximum": "20"}}}),
                "`properties.n.maximum` must be a number",
            ),
            (
                json!({"type": "object", "properties": {"n": {"type": "string", "maxLength": -1}}}),
                "`properties.n.maxLength` must be a whole number",
            ),
        ] {
            let why = schema_problem(&schema).expect("refused");
            assert!(why.contains(says), "{schema}: {why}");
            // No call is made against such a schema, however good its arguments.
            let err = check(&schema, &json!({})).unwrap_err();
            assert_eq!(err.code(), "failed", "{err}");
            assert!(err.to_string().starts_with("this tool's argument schema cannot be checked: "), "{err}");
            assert!(problems(&schema, &json!({}))[0].message.contains(says));
        }
        // What every schema here uses is supported, descriptions and defaults included.
        assert_eq!(schema_problem(&schema()), None);
        assert_eq!(schema_problem(&dated()), None);
        assert_eq!(
            schema_problem(
                &json!({"type": "object", "properties": {"q": {"type": "string", "title": "Q", "description": "d", "default": "x"}}})
            ),
            None
        );
    }

    /// Every tool the agent registers (the server's eighteen are checked in the server's tests).
    #[tokio::test]
    async fn every_registered_tool_schema_is_one_the_check_supports() {
        use crate::roles::{self, Role};
        use crate::runner::{Agent, RunnerConfig};
        use crate::tools::{explorer::ExplorerClient, research};

        let http = proseva_http::client_builder("proseva-agent-test").build().unwrap();
        let explorer = ExplorerClient::new(http.clone(), "http://127.0.0.1:9", None);
        let research = research::research_tools(&research::ResearchConfig::from_lookup(|_| None), http);
        let agent = Agent::in_process(Arc::new(crate::offline::OfflineModel), RunnerConfig::default(), explorer, Vec::new(), research);
        let tools = agent.role_tools(Role::Orchestrator).await.unwrap();
        let mut names: Vec<&str> = tools.names();
        let server_side: Vec<&str> = roles::RECORDS.iter().chain(&roles::EXECUTION).copied().collect();
        let mut expected: Vec<&str> = roles::all_tools().into_iter().filter(|t| !server_side.contains(t)).collect();
        names.sort_unstable();
        expected.sort_unstable();
        assert_eq!(names, expected, "the test sees every tool the agent has");
        for tool in tools.iter() {
            assert_eq!(schema_problem(&tool.parameters()), None, "{}", tool.name());
        }
    }

    #[test]
    fn arguments_that_are_not_an_object_are_refused_and_none_is_empty() {
        assert_eq!(check(&schema(), &json!([1])).unwrap_err().code(), "invalid_arguments");
        let no_args = json!({"type": "object", "properties": {}});
        check(&no_args, &Value::Null).unwrap();
        assert!(check(&no_args, &json!({"x": 1})).unwrap_err().to_string().contains("the arguments are: none"));
    }
}
