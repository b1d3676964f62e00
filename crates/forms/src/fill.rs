//! Filling a form: every value is checked against its field before anything is written, then each
//! field gets its value (`/V`), its widgets their states (`/AS`) or new appearance streams. A
//! hybrid form's XFA is removed so readers show the fields that were filled, and Adobe Reader usage
//! rights, which any change ends, are removed so Reader does not warn about them.
//!
//! `/NeedAppearances` asks readers to redraw every field from its value. It is set — unless a
//! value had to be drawn in DejaVu Sans because the form's font lacks its characters: readers
//! that redraw (poppler, and so `pdftotext` and most Linux viewers) would redraw it in the form's
//! font and drop those characters ("Nguyễn" printed as "Nguyn"), so the appearances written here
//! are kept instead.

use std::collections::{BTreeMap, HashMap};

use lopdf::{Dictionary, Document, Object, dictionary};
use serde_json::Value;

use crate::FieldKind;
use crate::appearance::{self, Pending, Shown};
use crate::error::FormError;
use crate::font::deref;
use crate::open::{Opened, acroform_mut};
use crate::text;
use crate::tree::{FieldNode, flag};

/// The most options named in an error message.
const OPTIONS_NAMED: usize = 12;

/// A checked value, ready to write.
enum Setting {
    /// Text for a text field ("" clears it).
    Text(String),
    Check(bool),
    /// A radio group's on-state name, or `None` for none chosen.
    Radio(Option<Vec<u8>>),
    /// A choice field's export values (none: cleared).
    Choice(Vec<String>),
}

pub(crate) fn fill(opened: Opened, values: &BTreeMap<String, Value>) -> Result<Vec<u8>, FormError> {
    let Opened { mut doc, fields, usage_rights, .. } = opened;
    let index: HashMap<&str, usize> = fields.iter().enumerate().map(|(i, f)| (f.name.as_str(), i)).collect();
    let mut plan = Vec::with_capacity(values.len());
    for (name, value) in values {
        let &at = index.get(name.as_str()).ok_or_else(|| FormError::UnknownField(name.clone()))?;
        plan.push((at, setting(&fields[at], value)?));
    }

    let first_new = doc.max_id + 1;
    let dr = dr(&doc);
    let mut pending = Vec::new();
    for (at, setting) in &plan {
        write(&mut doc, dr.as_ref(), &fields[*at], setting, &mut pending)?;
    }
    let mut unicode = false;
    for drawn in appearance::draw(&mut doc, pending)? {
        unicode |= drawn.unicode;
        set_appearances(&mut doc, drawn.widget, drawn.stream.into());
    }
    finish(&mut doc, usage_rights, !unicode);
    // New appearance streams and fonts, compressed (the form's own streams are left as they were).
    for (_, object) in doc.objects.range_mut((first_new, 0)..) {
        if let Object::Stream(stream) = object {
            let _ = stream.compress();
        }
    }
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).map_err(|e| FormError::Damaged(format!("saving the filled copy failed ({e})")))?;
    Ok(bytes)
}

/// Checks `value` against `field`.
fn setting(field: &FieldNode, value: &Value) -> Result<Setting, FormError> {
    let name = field.name.as_str();
    if field.kind == FieldKind::Signature {
        return Err(FormError::value(name, "it is a signature line; sign it by hand after printing"));
    }
    if field.has(flag::READ_ONLY) {
        return Err(FormError::value(name, "it is read-only (the form fills it in itself)"));
    }
    match field.kind {
        FieldKind::Text => {
            let text = match value {
                Value::String(s) => s.replace("\r\n", "\n").replace('\r', "\n"),
                Value::Number(n) => n.to_string(),
                Value::Null => String::new(),
                _ => return Err(FormError::value(name, "it takes text")),
            };
            checked_text(field, text).map(Setting::Text)
        }
        FieldKind::Checkbox => match value {
            Value::Bool(on) => Ok(Setting::Check(*on)),
            Value::Null => Ok(Setting::Check(false)),
            _ => Err(FormError::value(name, "it is a check box: the value is true (checked) or false (not checked)")),
        },
        FieldKind::Radio => {
            let options = field.radio_options();
            match value {
                Value::Null => Ok(Setting::Radio(None)),
                Value::String(s) => field
                    .widgets
                    .iter()
                    .find(|w| w.export.as_deref() == Some(s.as_str()))
                    .and_then(|w| w.on_state.clone())
                    .map(|state| Setting::Radio(Some(state)))
                    .ok_or_else(|| FormError::value(name, one_of(&options))),
                _ => Err(FormError::value(name, one_of(&options))),
            }
        }
        FieldKind::Choice => {
            let multiple = field.has(flag::MULTI_SELECT) && !field.has(flag::COMBO);
            let chosen: Vec<&str> = match value {
                Value::Null => Vec::new(),
                Value::String(s) => vec![s.as_str()],
                Value::Array(items) if multiple => items
                    .iter()
                    .map(Value::as_str)
                    .collect::<Option<Vec<&str>>>()
                    .ok_or_else(|| FormError::value(name, "it takes a list of its options"))?,
                _ => return Err(FormError::value(name, one_of(&exports(field)))),
            };
            let mut values = Vec::with_capacity(chosen.len());
            for choice in chosen {
                let option =
                    field.choices.iter().find(|(export, shown)| export == choice || shown == choice).map(|(export, _)| export.clone());
                match option {
                    Some(export) => values.push(export),
                    // A drop-down that lets people type takes any one line of text.
                    None if field.has(flag::COMBO) && field.has(flag::EDIT) => values.push(checked_text(field, choice.to_string())?),
                    None => return Err(FormError::value(name, one_of(&exports(field)))),
                }
            }
            values.retain(|v| !v.is_empty());
            Ok(Setting::Choice(values))
        }
        FieldKind::Signature => unreachable!("refused above"),
    }
}

/// Text a field can hold: one line unless multiline, within `/MaxLen`.
fn checked_text(field: &FieldNode, text: String) -> Result<String, FormError> {
    let multiline = field.kind == FieldKind::Text && field.has(flag::MULTILINE);
    if !multiline && text.contains('\n') {
        return Err(FormError::value(&field.name, "it takes one line of text; remove the line breaks"));
    }
    if let Some(limit) = field.max_len.filter(|_| field.kind == FieldKind::Text) {
        let count = text.chars().count();
        if count > limit {
            return Err(FormError::value(&field.name, format!("it takes at most {limit} characters, and this has {count}")));
        }
    }
    Ok(text)
}

fn exports(field: &FieldNode) -> Vec<String> {
    field.choices.iter().map(|(export, _)| export.clone()).collect()
}

/// "it takes one of: \"Yes\", \"No\"".
fn one_of(options: &[String]) -> String {
    if options.is_empty() {
        return "it has no options to choose from".into();
    }
    let mut named: Vec<String> = options.iter().take(OPTIONS_NAMED).map(|o| format!("\"{o}\"")).collect();
    if options.len() > OPTIONS_NAMED {
        named.push(format!("… ({} in all)", options.len()));
    }
    format!("it takes one of: {}", named.join(", "))
}

/// The form's default resources (`/DR`), copied so appearances can be added while reading it.
fn dr(doc: &Document) -> Option<Dictionary> {
    let catalog = doc.catalog().ok()?;
    let acroform = deref(doc, catalog.get(b"AcroForm").ok()?)?.as_dict().ok()?;
    deref(doc, acroform.get(b"DR").ok()?)?.as_dict().ok().cloned()
}

/// Writes one field; text and choice appearances are laid out into `pending`, to be drawn together.
fn write(
    doc: &mut Document,
    dr: Option<&Dictionary>,
    field: &FieldNode,
    setting: &Setting,
    pending: &mut Vec<Pending>,
) -> Result<(), FormError> {
    match setting {
        Setting::Text(value) => {
            set_value(doc, field, Some(text::encode(value)));
            let drawn = value.replace('\t', " ");
            let shown = if field.has(flag::MULTILINE) { Shown::Lines(&drawn) } else { Shown::Line(&drawn) };
            for widget in &field.widgets {
                pending.push(appearance::layout(doc, dr, field, widget.id, &shown)?);
            }
        }
        Setting::Check(on) => {
            let state = field.widgets.iter().find_map(|w| w.on_state.clone()).unwrap_or_else(|| b"Yes".to_vec());
            set_value(doc, field, Some(Object::Name(if *on { state.clone() } else { b"Off".to_vec() })));
            for widget in &field.widgets {
                let checked = *on && widget.on_state.as_deref() == Some(state.as_slice());
                if !has_appearance(doc, widget.id, &state) && widget.on_state.as_deref() == Some(state.as_slice()) {
                    let states = appearance::check_box(doc, dr, widget.id, &state)?;
                    set_appearances(doc, widget.id, states);
                }
                set_state(doc, widget.id, if checked { &state } else { b"Off" });
            }
        }
        Setting::Radio(state) => {
            set_value(doc, field, Some(Object::Name(state.clone().unwrap_or_else(|| b"Off".to_vec()))));
            for widget in &field.widgets {
                let on = state.is_some() && widget.on_state == *state;
                set_state(doc, widget.id, if on { widget.on_state.as_deref().unwrap_or(b"Off") } else { b"Off" });
            }
        }
        Setting::Choice(values) => {
            let value = match values.as_slice() {
                [] => None,
                [one] => Some(text::encode(one)),
                many => Some(Object::Array(many.iter().map(|v| text::encode(v)).collect())),
            };
            set_value(doc, field, value);
            let selected: Vec<usize> =
                field.choices.iter().enumerate().filter(|(_, (export, _))| values.contains(export)).map(|(i, _)| i).collect();
            let list = !field.has(flag::COMBO);
            for &dict in &field.dicts {
                if let Ok(d) = doc.get_dictionary_mut(dict) {
                    if list && !selected.is_empty() {
                        d.set("I", selected.iter().map(|&i| Object::Integer(i as i64)).collect::<Vec<Object>>());
                    } else {
                        d.remove(b"I");
                    }
                }
            }
            let shown_text = values
                .first()
                .map(|v| field.choices.iter().find(|(export, _)| export == v).map_or(v.as_str(), |(_, shown)| shown.as_str()))
                .unwrap_or("");
            let shown = if list {
                Shown::List { options: field.choices.iter().map(|(_, shown)| shown.as_str()).collect(), selected }
            } else {
                Shown::Line(shown_text)
            };
            for widget in &field.widgets {
                pending.push(appearance::layout(doc, dr, field, widget.id, &shown)?);
            }
        }
    }
    Ok(())
}

/// Sets (or, with `None`, removes) `/V` on each of the field's dictionaries; a rich-text value
/// (`/RV`) would show instead of it in some readers, so it goes.
fn set_value(doc: &mut Document, field: &FieldNode, value: Option<Object>) {
    for &dict in &field.dicts {
        if let Ok(d) = doc.get_dictionary_mut(dict) {
            match &value {
                Some(v) => d.set("V", v.clone()),
                None => {
                    d.remove(b"V");
                }
            }
            d.remove(b"RV");
        }
    }
}

fn set_state(doc: &mut Document, widget: lopdf::ObjectId, state: &[u8]) {
    if let Ok(d) = doc.get_dictionary_mut(widget) {
        d.set("AS", Object::Name(state.to_vec()));
    }
}

/// Replaces a widget's appearances with `normal` (a stream, or a dictionary of states).
fn set_appearances(doc: &mut Document, widget: lopdf::ObjectId, normal: Object) {
    if let Ok(d) = doc.get_dictionary_mut(widget) {
        d.set("AP", dictionary! { "N" => normal });
    }
}

/// Whether a widget has a normal appearance for `state`.
fn has_appearance(doc: &Document, widget: lopdf::ObjectId, state: &[u8]) -> bool {
    let Ok(dict) = doc.get_dictionary(widget) else { return false };
    let normal = dict.get(b"AP").ok().and_then(|ap| deref(doc, ap)).and_then(|ap| ap.as_dict().ok()).and_then(|ap| ap.get(b"N").ok());
    normal.and_then(|n| deref(doc, n)).and_then(|n| n.as_dict().ok()).is_some_and(|n| n.has(state))
}

/// Form-wide changes: readers asked to refresh appearances (when that loses nothing); XFA and
/// usage rights go.
fn finish(doc: &mut Document, usage_rights: bool, need_appearances: bool) {
    if let Some(acroform) = acroform_mut(doc) {
        if need_appearances {
            acroform.set("NeedAppearances", true);
        } else {
            acroform.remove(b"NeedAppearances");
        }
        acroform.remove(b"XFA");
        // Only usage rights can have left the append-only flag (signed forms were refused).
        if let Ok(flags) = acroform.get(b"SigFlags").and_then(Object::as_i64) {
            match flags & !2 {
                0 => {
                    acroform.remove(b"SigFlags");
                }
                rest => acroform.set("SigFlags", rest),
            }
        }
    }
    if usage_rights && let Ok(catalog) = doc.catalog_mut() {
        catalog.remove(b"Perms");
    }
}
