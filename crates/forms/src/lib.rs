//! proseva-forms: official court forms as fillable PDFs (AcroForm). A person downloads a form
//! from the court's site; [`read_form`] lists its fields — names, labels, kinds, options, limits
//! and current values — so the app can propose values from the case, and [`fill_form`] saves a
//! filled copy that still is a fillable form.
//!
//! - Files that cannot be filled are refused with a message the person can act on
//!   ([`FormError`]): not a PDF (naming what it is — a PNG, a Word document, a saved web page),
//!   encrypted, XFA only, signed or locked, or a PDF with no fields.
//! - Every value is checked before anything is written: an option the field does not have, text
//!   longer than its `/MaxLen`, a line break in a one-line field, a read-only or signature field.
//! - Each filled text and choice field gets an appearance stream, so the copy prints filled in any
//!   reader; values the form's font cannot show (Vietnamese, Arabic) are drawn in DejaVu Sans,
//!   embedded as a subset.
//!
//! ```
//! use std::collections::BTreeMap;
//! use proseva_forms::{FieldKind, fill_form, read_form};
//! use serde_json::json;
//!
//! // IRS Form W-9 (public domain; see tests/fixtures/README.md).
//! let blank = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/irs-fw9-2018.pdf")).unwrap();
//! let form = read_form(&blank).unwrap();
//! let name = &form.fields[0];
//! assert_eq!((name.name.as_str(), name.kind), ("topmostSubform[0].Page1[0].f1_1[0]", FieldKind::Text));
//!
//! let values = BTreeMap::from([(name.name.clone(), json!("Nguyễn Thị Lan"))]);
//! let filled = read_form(&fill_form(&blank, &values).unwrap()).unwrap();
//! assert_eq!(filled.fields[0].value, Some(json!("Nguyễn Thị Lan")));
//!
//! let error = read_form(b"PK\x03\x04 [Content_Types].xml word/document.xml").unwrap_err();
//! assert_eq!(error.code(), "not_pdf");
//! assert!(error.to_string().starts_with("This file is a Word document (.docx), not a PDF."));
//! ```
//!
//! Not for: downloading forms or knowing which form a case needs (the server and the person do),
//! proposing values from case data (the server does), XFA-only forms, signing, or flattening — the
//! filled copy stays fillable so the person can correct it in any reader.

mod appearance;
mod error;
mod fill;
mod font;
mod metrics;
mod open;
mod sniff;
mod text;
mod tree;

use std::collections::BTreeMap;

use lopdf::Object;
use serde::{Deserialize, Serialize};

pub use error::FormError;
pub use tree::MAX_FIELDS;

/// The largest file read (court forms are well under 5 MB).
pub const MAX_BYTES: usize = 50 * 1024 * 1024;

/// A fillable form: its page count and its fields, in the file's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Form {
    pub pages: usize,
    pub fields: Vec<Field>,
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    /// The fully qualified name, dotted, as PDF readers name it (`form1.party.name`): the key
    /// [`fill_form`] takes.
    pub name: String,
    /// The field's tooltip (`/TU`), else the last part of its name made readable.
    pub label: String,
    pub kind: FieldKind,
    /// A radio group's or choice field's options (the values [`fill_form`] accepts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// The most characters a text field takes (`/MaxLen`).
    pub max_length: Option<usize>,
    pub multiline: bool,
    pub read_only: bool,
    pub required: bool,
    /// The 1-based page of its first box.
    pub page: Option<usize>,
    /// The current value: text, `true`/`false` for a check box, an option for a radio group or
    /// choice (a list of options for a multiple-choice list).
    pub value: Option<serde_json::Value>,
}

/// What a field takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FieldKind {
    /// Text, one line or several.
    Text,
    /// `true` (checked) or `false`.
    Checkbox,
    /// One of its options.
    Radio,
    /// One of its options, from a drop-down or a list (some drop-downs take any text too).
    Choice,
    /// A signature line: signed by hand after printing, never filled.
    Signature,
}

/// The fields of a fillable PDF form.
pub fn read_form(pdf: &[u8]) -> Result<Form, FormError> {
    let opened = open::open(pdf)?;
    let fields = opened.fields.iter().map(|node| field(&opened.doc, node)).collect();
    Ok(Form { pages: opened.pages, fields })
}

/// A filled copy of `pdf`: each named field set to its value (text or a number for a text field,
/// `true`/`false` for a check box, an option for a radio group or choice; `null` clears a field).
/// Nothing is written unless every value is valid. The copy stays fillable, with appearance
/// streams so it prints filled in any reader.
pub fn fill_form(pdf: &[u8], values: &BTreeMap<String, serde_json::Value>) -> Result<Vec<u8>, FormError> {
    let opened = open::open(pdf)?;
    fill::fill(opened, values)
}

fn field(doc: &lopdf::Document, node: &tree::FieldNode) -> Field {
    use tree::flag;
    let options = match node.kind {
        FieldKind::Radio => node.radio_options(),
        FieldKind::Choice => node.choices.iter().map(|(export, _)| export.clone()).collect(),
        _ => Vec::new(),
    };
    Field {
        name: node.name.clone(),
        label: node.tooltip.clone().unwrap_or_else(|| text::label(&node.name)),
        kind: node.kind,
        options,
        max_length: node.max_len.filter(|_| node.kind == FieldKind::Text),
        multiline: node.kind == FieldKind::Text && node.has(flag::MULTILINE),
        read_only: node.has(flag::READ_ONLY),
        required: node.has(flag::REQUIRED),
        page: node.widgets.iter().find_map(|w| w.page),
        value: value(doc, node),
    }
}

/// A field's current value as JSON.
fn value(doc: &lopdf::Document, node: &tree::FieldNode) -> Option<serde_json::Value> {
    use serde_json::Value;
    let v = node.value.as_ref().and_then(|v| font::deref(doc, v));
    match node.kind {
        FieldKind::Text => v.and_then(text::of).map(Value::String),
        FieldKind::Checkbox => {
            let on = match v {
                Some(Object::Name(state)) => state != b"Off",
                _ => node.widgets.iter().any(|w| widget_state(doc, w.id).is_some_and(|s| s != b"Off")),
            };
            Some(Value::Bool(on))
        }
        FieldKind::Radio => {
            let Some(Object::Name(state)) = v else { return None };
            if state == b"Off" {
                return None;
            }
            let export = node.widgets.iter().find(|w| w.on_state.as_deref() == Some(state)).and_then(|w| w.export.clone());
            Some(Value::String(export.unwrap_or_else(|| text::name(state))))
        }
        FieldKind::Choice => match v? {
            Object::Array(items) => {
                Some(Value::Array(items.iter().filter_map(|i| font::deref(doc, i)).filter_map(text::of).map(Value::String).collect()))
            }
            other => text::of(other).map(Value::String),
        },
        FieldKind::Signature => None,
    }
}

/// A widget's appearance state (`/AS`).
fn widget_state(doc: &lopdf::Document, widget: lopdf::ObjectId) -> Option<&[u8]> {
    doc.get_dictionary(widget).ok()?.get(b"AS").ok()?.as_name().ok()
}
