//! Reading a JSON object field by field, collecting every problem with its field's name, so a
//! client (or a model calling a tool) learns everything it got wrong in one answer.
//!
//! ```
//! use proseva_server::fields::Fields;
//! use serde_json::json;
//!
//! let body = json!({"title": "", "date": "next Tuesday", "colour": "red"});
//! let mut f = Fields::new(&body, &["title", "date"], "field").unwrap();
//! let title = f.required_text("title", 200);
//! let date = f.date("date");
//! let err = f.finish().unwrap_err();
//! assert_eq!(err.to_string(), "3 fields are invalid: colour, date, title");
//! # let _ = (title, date);
//! ```
//!
//! `null` and absent are the same: "not given". Strings are trimmed, and an empty string is "not
//! given" too, so a form's blank input clears an optional field.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use chrono::{Datelike, NaiveDate};
use serde_json::{Map, Value};

use crate::ApiError;

/// The years a date may have: wide enough for any court record, narrow enough that adding a
/// deadline's days can never leave the calendar (chrono's last year is 262142).
pub const DATE_YEARS: RangeInclusive<i32> = 1800..=2200;

/// Fields every record has that a client may send back unchanged but never sets.
pub const READ_ONLY: &[&str] = &["id", "createdAt", "updatedAt"];

pub struct Fields<'a> {
    object: &'a Map<String, Value>,
    errors: BTreeMap<String, String>,
    /// "field" for REST bodies, "argument" for tool calls; used in messages.
    what: &'static str,
}

impl<'a> Fields<'a> {
    /// Starts reading `value`, which must be an object whose keys are all in `allowed` (tool
    /// arguments, query strings, request bodies that are not records).
    pub fn new(value: &'a Value, allowed: &[&str], what: &'static str) -> Result<Self, ApiError> {
        Self::reading(value, allowed, &[], what)
    }

    /// Starts reading a record's body: the keys must be in `allowed`, but what the server sets
    /// itself ([`READ_ONLY`] and `computed`) is ignored, so a client can send back what it read.
    pub fn record(value: &'a Value, allowed: &[&str], computed: &[&str]) -> Result<Self, ApiError> {
        let ignored: Vec<&str> = READ_ONLY.iter().chain(computed).copied().collect();
        Self::reading(value, allowed, &ignored, "field")
    }

    fn reading(value: &'a Value, allowed: &[&str], ignored: &[&str], what: &'static str) -> Result<Self, ApiError> {
        let Some(object) = value.as_object() else {
            return Err(ApiError::BadRequest(format!("expected a JSON object of {what}s, got {}", kind_of(value))));
        };
        let mut fields = Fields { object, errors: BTreeMap::new(), what };
        for key in object.keys() {
            if !allowed.contains(&key.as_str()) && !ignored.contains(&key.as_str()) {
                fields.error(key, format!("unknown {what}; known {what}s are: {}", allowed.join(", ")));
            }
        }
        Ok(fields)
    }

    /// Records a problem with `name` (the first one per name wins).
    pub fn error(&mut self, name: &str, why: impl Into<String>) {
        self.errors.entry(name.to_string()).or_insert_with(|| why.into());
    }

    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The value, if given (not absent, not null).
    fn get(&self, name: &str) -> Option<&'a Value> {
        self.object.get(name).filter(|v| !v.is_null())
    }

    /// Optional text of at most `max_chars`; blank counts as not given.
    pub fn text(&mut self, name: &str, max_chars: usize) -> Option<String> {
        match self.get(name)? {
            Value::String(s) => {
                let s = s.trim();
                if s.chars().count() > max_chars {
                    self.error(name, format!("must be at most {max_chars} characters"));
                    None
                } else {
                    (!s.is_empty()).then(|| s.to_string())
                }
            }
            other => {
                self.error(name, format!("must be text, not {}", kind_of(other)));
                None
            }
        }
    }

    /// Text that must be given; an empty string is reported as missing.
    pub fn required_text(&mut self, name: &str, max_chars: usize) -> String {
        let value = self.text(name, max_chars);
        if value.is_none() && !self.errors.contains_key(name) {
            self.error(name, "is required");
        }
        value.unwrap_or_default()
    }

    /// Optional text that must be one of `choices`.
    pub fn one_of(&mut self, name: &str, choices: &[&str]) -> Option<String> {
        let value = self.text(name, 100)?;
        if choices.contains(&value.as_str()) {
            Some(value)
        } else {
            self.error(name, format!("must be one of: {}", choices.join(", ")));
            None
        }
    }

    /// Optional calendar date, `YYYY-MM-DD`, in the years [`DATE_YEARS`].
    pub fn date(&mut self, name: &str) -> Option<NaiveDate> {
        let raw = self.get(name)?;
        match raw.as_str().map(|s| NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")) {
            Some(Ok(date)) if DATE_YEARS.contains(&date.year()) => Some(date),
            Some(Ok(_)) => {
                let (first, last) = (DATE_YEARS.start(), DATE_YEARS.end());
                self.error(name, format!("must be a date between {first}-01-01 and {last}-12-31"));
                None
            }
            _ => {
                self.error(name, "must be a date written YYYY-MM-DD, e.g. 2025-03-14");
                None
            }
        }
    }

    pub fn required_date(&mut self, name: &str) -> Option<NaiveDate> {
        let value = self.date(name);
        if value.is_none() && !self.errors.contains_key(name) {
            self.error(name, "is required (YYYY-MM-DD)");
        }
        value
    }

    /// Optional true/false (also the strings `true` and `false`, as a query string sends them).
    pub fn bool(&mut self, name: &str) -> Option<bool> {
        match self.get(name)? {
            Value::Bool(b) => Some(*b),
            Value::String(s) if s.trim() == "true" => Some(true),
            Value::String(s) if s.trim() == "false" => Some(false),
            other => {
                self.error(name, format!("must be true or false, not {}", kind_of(other)));
                None
            }
        }
    }

    /// Optional record id: a positive whole number (a string of digits is accepted too, since
    /// models often quote numbers).
    pub fn id(&mut self, name: &str) -> Option<i64> {
        let raw = self.get(name)?;
        let id = match raw {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        match id.filter(|&id| id > 0) {
            Some(id) => Some(id),
            None => {
                self.error(name, "must be the id of a record (a positive whole number)");
                None
            }
        }
    }

    pub fn required_id(&mut self, name: &str) -> i64 {
        let value = self.id(name);
        if value.is_none() && !self.errors.contains_key(name) {
            self.error(name, "is required");
        }
        value.unwrap_or_default()
    }

    /// Optional whole number in `min..=max`.
    pub fn integer(&mut self, name: &str, min: i64, max: i64) -> Option<i64> {
        let raw = self.get(name)?;
        let n = match raw {
            Value::Number(n) => n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        match n.filter(|n| (min..=max).contains(n)) {
            Some(n) => Some(n),
            None => {
                self.error(name, format!("must be a whole number from {min} to {max}"));
                None
            }
        }
    }

    /// A sum of money in dollars, kept as whole cents so totals add up exactly.
    pub fn required_cents(&mut self, name: &str) -> i64 {
        let cents = match self.get(name) {
            None => {
                self.error(name, "is required (a number of dollars, e.g. 86.50)");
                return 0;
            }
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().trim_start_matches('$').replace(',', "").parse::<f64>().ok(),
            Some(_) => None,
        }
        .filter(|d| d.is_finite() && d.abs() < 1e12)
        .map(|dollars| (dollars * 100.0).round() as i64);
        cents.unwrap_or_else(|| {
            self.error(name, "must be a number of dollars, e.g. 86.50");
            0
        })
    }

    /// An optional sum of money in dollars, not negative, kept as whole cents.
    pub fn cents(&mut self, name: &str) -> Option<i64> {
        let raw = self.get(name)?;
        let cents = match raw {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.trim().trim_start_matches('$').replace(',', "").parse::<f64>().ok(),
            _ => None,
        }
        .filter(|d| d.is_finite() && (0.0..1e12).contains(d))
        .map(|dollars| (dollars * 100.0).round() as i64);
        if cents.is_none() {
            self.error(name, "must be a number of dollars, not negative, e.g. 4500 or 4,500.00");
        }
        cents
    }

    /// Any JSON value, unchecked (for fields the caller validates itself).
    pub fn raw(&self, name: &str) -> Option<&'a Value> {
        self.get(name)
    }

    /// Ok if nothing was wrong; otherwise a 400 naming every offending field.
    pub fn finish(self) -> Result<(), ApiError> {
        if self.errors.is_empty() { Ok(()) } else { Err(ApiError::invalid(self.errors, self.what)) }
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true/false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields_of(err: ApiError) -> BTreeMap<String, String> {
        match err {
            ApiError::Validation { fields, .. } => fields,
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn reads_valid_values() {
        let body =
            json!({"t": "  hi ", "d": "2025-03-14", "b": true, "id": "7", "n": 5, "m": "$1,234.5", "c": "a", "id2": 3, "null": null});
        let mut f = Fields::new(&body, &["t", "d", "b", "id", "n", "m", "c", "id2", "null"], "field").unwrap();
        assert_eq!(f.text("t", 10).as_deref(), Some("hi"));
        assert_eq!(f.date("d"), NaiveDate::from_ymd_opt(2025, 3, 14));
        assert_eq!(f.bool("b"), Some(true));
        assert_eq!((f.id("id"), f.id("id2")), (Some(7), Some(3)));
        assert_eq!(f.integer("n", 1, 10), Some(5));
        assert_eq!(f.required_cents("m"), 123_450);
        assert_eq!(f.one_of("c", &["a", "b"]).as_deref(), Some("a"));
        assert_eq!(f.text("null", 10), None);
        assert_eq!(f.text("missing", 10), None);
        f.finish().unwrap();
    }

    #[test]
    fn every_problem_is_reported_by_name() {
        let body = json!({"t": 5, "d": "14/03/2025", "b": "yes", "id": -1, "n": 11, "m": "lots", "c": "z", "extra": 1, "long": "abcdef"});
        let mut f = Fields::new(&body, &["t", "d", "b", "id", "n", "m", "c", "long", "req"], "argument").unwrap();
        f.text("t", 10);
        f.date("d");
        f.bool("b");
        f.id("id");
        f.integer("n", 1, 10);
        f.required_cents("m");
        f.one_of("c", &["a", "b"]);
        f.text("long", 3);
        f.required_text("req", 10);
        let fields = fields_of(f.finish().unwrap_err());
        let names: Vec<&str> = fields.keys().map(String::as_str).collect();
        assert_eq!(names, ["b", "c", "d", "extra", "id", "long", "m", "n", "req", "t"]);
        assert_eq!(fields["req"], "is required");
        assert!(fields["extra"].starts_with("unknown argument"), "{}", fields["extra"]);
        assert!(fields["d"].contains("YYYY-MM-DD"));
    }

    #[test]
    fn read_only_fields_are_ignored_in_records_only_and_non_objects_refused() {
        let body = json!({"id": 4, "createdAt": "x", "chunkCount": 2, "name": "n"});
        let mut f = Fields::record(&body, &["name"], &["chunkCount"]).unwrap();
        assert_eq!(f.required_text("name", 5), "n");
        f.finish().unwrap();
        let f = Fields::new(&body, &["name"], "argument").unwrap();
        assert_eq!(fields_of(f.finish().unwrap_err()).into_keys().collect::<Vec<_>>(), ["chunkCount", "createdAt", "id"]);
        assert!(matches!(Fields::new(&json!([1]), &[], "field"), Err(ApiError::BadRequest(_))));
    }
}
