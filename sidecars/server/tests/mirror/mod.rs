//! The check that a Spanish mirror of a JSON data file says what its English original says
//! (issue 44), shared by the tests of each mirror (`#[path = "mirror/mod.rs"] mod mirror;`):
//! the same shape (keys in the same order, arrays of the same length), the same data (ids, keys,
//! sections, rule ids, citations, days, dates), every text translated (unless it has no letters)
//! and stating the same figures ([`proseva_citation::same_figures::differ`]). It is
//! `lang/check_mirror.py` in Rust.
#![allow(dead_code)]

use std::fmt;

use proseva_citation::same_figures::differ;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// A JSON value with its objects' keys in the order the file writes them (`serde_json::Value`
/// sorts them), so the order can be compared.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Null,
    Bool(bool),
    Number(String),
    Text(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

impl Node {
    pub fn kind(&self) -> &'static str {
        match self {
            Node::Null => "null",
            Node::Bool(_) => "boolean",
            Node::Number(_) => "number",
            Node::Text(_) => "string",
            Node::Array(_) => "array",
            Node::Object(_) => "object",
        }
    }

    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Object(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        struct NodeVisitor;
        impl<'de> Visitor<'de> for NodeVisitor {
            type Value = Node;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Node, E> {
                Ok(Node::Null)
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Node, E> {
                Ok(Node::Bool(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Node, E> {
                Ok(Node::Number(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Node, E> {
                Ok(Node::Number(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Node, E> {
                Ok(Node::Number(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Node, E> {
                Ok(Node::Text(v.to_string()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Node, E> {
                Ok(Node::Text(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Node::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
                let mut pairs = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Node>()? {
                    pairs.push((k, v));
                }
                Ok(Node::Object(pairs))
            }
        }
        deserializer.deserialize_any(NodeVisitor)
    }
}

pub fn parse(text: &str) -> Node {
    serde_json::from_str(text).unwrap()
}

/// Keys whose values (strings, or arrays of strings) are ids, keys, references or citations that
/// code compares or looks up, never words a person reads, in the paths and deadline rules:
/// `check_mirror.py`'s `DATA_KEYS`. Another mirror passes its own list to [`walk_with`].
pub const DATA_KEYS: &[&str] = &[
    "id",
    "key",
    "kind",
    "on",
    "ruleId",
    "from",
    "sections",
    "upToCents",
    "also",
    "moneyKinds",
    "citation",
    "days",
    "url",
    "source",
    "date",
];

fn is_data(data_keys: &[&str], key: &str, value: &Node) -> bool {
    match value {
        Node::Text(text) => data_keys.contains(&key) || (key == "court" && !text.chars().any(char::is_whitespace)),
        _ => true,
    }
}

/// One text of the English and its Spanish, and where it is (`kinds[eviction-tenant].steps[notice].what`).
#[derive(Debug, Clone)]
pub struct TextPair {
    pub place: String,
    pub en: String,
    pub es: String,
}

/// What walking two trees found.
#[derive(Debug, Default)]
pub struct Walk {
    pub problems: Vec<String>,
    pub texts: Vec<TextPair>,
    pub data: usize,
    data_keys: &'static [&'static str],
}

impl Walk {
    fn fail(&mut self, place: &str, what: String) {
        self.problems.push(format!("{}: {what}", if place.is_empty() { "(root)" } else { place }));
    }

    fn walk(&mut self, en: &Node, es: &Node, key: &str, place: &str) {
        if en.kind() != es.kind() {
            return self.fail(place, format!("structure: {} in English, {} in Spanish", en.kind(), es.kind()));
        }
        match (en, es) {
            (Node::Object(a), Node::Object(b)) => {
                let (ka, kb): (Vec<&str>, Vec<&str>) =
                    (a.iter().map(|(k, _)| k.as_str()).collect(), b.iter().map(|(k, _)| k.as_str()).collect());
                if ka != kb {
                    return self.fail(place, format!("structure: keys {ka:?} in English, {kb:?} in Spanish"));
                }
                for ((k, va), (_, vb)) in a.iter().zip(b) {
                    let place = if place.is_empty() { k.clone() } else { format!("{place}.{k}") };
                    self.walk(va, vb, k, &place);
                }
            }
            (Node::Array(a), Node::Array(b)) => {
                if a.len() != b.len() {
                    return self.fail(place, format!("structure: {} items in English, {} in Spanish", a.len(), b.len()));
                }
                for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                    // An item with an id is named by it: `kinds[eviction-tenant]`.
                    let name = match va.get("id") {
                        Some(Node::Text(id)) => id.clone(),
                        _ => i.to_string(),
                    };
                    self.walk(va, vb, key, &format!("{place}[{name}]"));
                }
            }
            _ if is_data(self.data_keys, key, en) || is_data(self.data_keys, key, es) => {
                self.data += 1;
                if en != es {
                    self.fail(place, format!("data: {en:?} in English, {es:?} in Spanish"));
                }
            }
            (Node::Text(a), Node::Text(b)) => {
                if a.chars().any(char::is_alphabetic) && a.trim() == b.trim() {
                    self.fail(place, format!("untranslated: {a:?}"));
                } else if let Some(d) = differ(a, b) {
                    self.fail(place, format!("figures: {d}\n    EN: {a}\n    ES: {b}"));
                }
                self.texts.push(TextPair { place: place.to_string(), en: a.clone(), es: b.clone() });
            }
            _ => unreachable!("both texts"),
        }
    }
}

/// Walks the English `en` and its Spanish mirror `es` (JSON texts), naming places from `root`,
/// with the paths' and rules' data keys.
pub fn walk(en: &str, es: &str, root: &str) -> Walk {
    walk_with(en, es, root, DATA_KEYS)
}

/// [`walk`] with another mirror's data keys.
pub fn walk_with(en: &str, es: &str, root: &str, data_keys: &'static [&'static str]) -> Walk {
    let mut w = Walk { data_keys, ..Walk::default() };
    w.walk(&parse(en), &parse(es), "", root);
    w
}
