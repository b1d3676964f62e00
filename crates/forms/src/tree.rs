//! The form's fields: the tree under `/Root /AcroForm /Fields`, walked through `/Kids` with full
//! names built from each `/T` (`form1.party.name`) and the attributes a field inherits from its
//! parents (§12.7.4 of the PDF specification: `/FT`, `/Ff`, `/V`, `/DA`, `/Q`, `/Opt`,
//! `/MaxLen`). A kid without `/T` is one of its field's widgets (where it shows on a page). Push
//! buttons, password and file-select fields are left out: nothing here fills them.
//!
//! Hostile files are bounded: the walk stops at [`MAX_DEPTH`] levels and never visits an object
//! twice (a `/Kids` cycle), and a form with more than [`MAX_FIELDS`] fields is refused.

use std::collections::{HashMap, HashSet};

use lopdf::{Dictionary, Document, Object, ObjectId};

use crate::FieldKind;
use crate::error::FormError;
use crate::font::deref;
use crate::text;

/// The most fields a form may have (court forms have a few hundred at most).
pub const MAX_FIELDS: usize = 5000;
/// The deepest `/Kids` nesting walked.
pub(crate) const MAX_DEPTH: usize = 32;
/// The most field-tree objects visited (fields and widgets together).
const MAX_NODES: usize = 100_000;

/// Field flags (`/Ff`), PDF 32000-1 tables 221, 226, 228 and 230 (bit n is `1 << (n - 1)`).
pub(crate) mod flag {
    pub const READ_ONLY: i64 = 1 << 0;
    pub const REQUIRED: i64 = 1 << 1;
    pub const MULTILINE: i64 = 1 << 12;
    pub const PASSWORD: i64 = 1 << 13;
    pub const RADIO: i64 = 1 << 15;
    pub const PUSH_BUTTON: i64 = 1 << 16;
    pub const COMBO: i64 = 1 << 17;
    pub const EDIT: i64 = 1 << 18;
    pub const FILE_SELECT: i64 = 1 << 20;
    pub const MULTI_SELECT: i64 = 1 << 21;
    pub const COMB: i64 = 1 << 24;
}

/// One field as found in the file.
#[derive(Debug, Clone)]
pub(crate) struct FieldNode {
    pub name: String,
    pub kind: FieldKind,
    pub flags: i64,
    /// The field dictionaries with this name (one, unless the file repeats a name); `/V` goes here.
    pub dicts: Vec<ObjectId>,
    pub widgets: Vec<WidgetNode>,
    pub tooltip: Option<String>,
    /// Choice options as (export value, text shown).
    pub choices: Vec<(String, String)>,
    pub max_len: Option<usize>,
    pub da: Option<Vec<u8>>,
    pub quadding: i64,
    pub value: Option<Object>,
}

impl FieldNode {
    pub(crate) fn has(&self, flag: i64) -> bool {
        self.flags & flag != 0
    }

    /// Radio options, in the order their buttons come.
    pub(crate) fn radio_options(&self) -> Vec<String> {
        let mut options: Vec<String> = Vec::new();
        for export in self.widgets.iter().filter_map(|w| w.export.clone()) {
            if !options.contains(&export) {
                options.push(export);
            }
        }
        options
    }
}

/// One widget: a field's box on a page.
#[derive(Debug, Clone)]
pub(crate) struct WidgetNode {
    pub id: ObjectId,
    /// A button's appearance name when on (`/Yes`, `/1`, `/Choice1`).
    pub on_state: Option<Vec<u8>>,
    /// A button's value as people see it: its `/Opt` entry, else its on-state name.
    pub export: Option<String>,
    pub page: Option<usize>,
}

/// What a field takes from the fields above it.
#[derive(Debug, Clone, Default)]
struct Inherited {
    ft: Option<Vec<u8>>,
    ff: Option<i64>,
    v: Option<Object>,
    da: Option<Vec<u8>>,
    q: Option<i64>,
    opt: Option<Vec<Object>>,
    max_len: Option<i64>,
}

impl Inherited {
    fn under(&self, doc: &Document, dict: &Dictionary) -> Inherited {
        let mut next = self.clone();
        let get = |key: &[u8]| dict.get(key).ok().and_then(|o| deref(doc, o));
        if let Some(ft) = get(b"FT").and_then(|o| o.as_name().ok()) {
            next.ft = Some(ft.to_vec());
        }
        if let Some(ff) = get(b"Ff").and_then(|o| o.as_i64().ok()) {
            next.ff = Some(ff);
        }
        if let Some(v) = get(b"V") {
            next.v = Some(v.clone());
        }
        if let Some(Object::String(da, _)) = get(b"DA") {
            next.da = Some(da.clone());
        }
        if let Some(q) = get(b"Q").and_then(|o| o.as_i64().ok()) {
            next.q = Some(q);
        }
        if let Some(opt) = get(b"Opt").and_then(|o| o.as_array().ok()) {
            next.opt = Some(opt.clone());
        }
        if let Some(max_len) = get(b"MaxLen").and_then(|o| o.as_i64().ok()) {
            next.max_len = Some(max_len);
        }
        next
    }
}

/// The fields of the form whose `/AcroForm` dictionary is `acroform`, in the file's order; pages
/// are numbered by `pages` (widget id → 1-based page).
pub(crate) fn fields(doc: &Document, acroform: &Dictionary, pages: &HashMap<ObjectId, usize>) -> Result<Vec<FieldNode>, FormError> {
    let mut walk = Walk { doc, pages, visited: HashSet::new(), fields: Vec::new(), by_name: HashMap::new() };
    let root = Inherited {
        da: acroform.get(b"DA").ok().and_then(|o| deref(doc, o)).and_then(|o| o.as_str().ok()).map(<[u8]>::to_vec),
        q: acroform.get(b"Q").ok().and_then(|o| deref(doc, o)).and_then(|o| o.as_i64().ok()),
        ..Inherited::default()
    };
    let top = acroform.get(b"Fields").ok().and_then(|f| deref(doc, f)).and_then(|f| f.as_array().ok());
    for field in top.into_iter().flatten() {
        if let Ok(id) = field.as_reference() {
            walk.node(id, "", &root, 0)?;
        }
    }
    Ok(walk.fields)
}

struct Walk<'a> {
    doc: &'a Document,
    pages: &'a HashMap<ObjectId, usize>,
    visited: HashSet<ObjectId>,
    fields: Vec<FieldNode>,
    by_name: HashMap<String, usize>,
}

impl Walk<'_> {
    fn node(&mut self, id: ObjectId, parent: &str, inherited: &Inherited, depth: usize) -> Result<(), FormError> {
        if depth > MAX_DEPTH || self.visited.len() >= MAX_NODES || !self.visited.insert(id) {
            return Ok(());
        }
        let doc = self.doc;
        let Some(dict) = doc.get_dictionary(id).ok() else {
            return Ok(());
        };
        let partial = dict.get(b"T").ok().and_then(|t| deref(doc, t)).and_then(text::of);
        let name = match (&partial, parent.is_empty()) {
            (Some(t), true) => t.clone(),
            (Some(t), false) => format!("{parent}.{t}"),
            (None, _) => parent.to_string(),
        };
        let inherited = inherited.under(doc, dict);
        let kids: Vec<ObjectId> = dict
            .get(b"Kids")
            .ok()
            .and_then(|k| deref(doc, k))
            .and_then(|k| k.as_array().ok())
            .map(|kids| kids.iter().filter_map(|k| k.as_reference().ok()).collect())
            .unwrap_or_default();
        let mut widgets = Vec::new();
        for kid in kids {
            let Some(kid_dict) = doc.get_dictionary(kid).ok() else { continue };
            if kid_dict.has(b"T") || (kid_dict.has(b"Kids") && !is_widget(kid_dict)) {
                self.node(kid, &name, &inherited, depth + 1)?;
            } else if depth < MAX_DEPTH && self.visited.len() < MAX_NODES && self.visited.insert(kid) {
                widgets.push(kid);
            }
        }
        if partial.is_none() || name.is_empty() {
            return Ok(());
        }
        if widgets.is_empty() && is_widget(dict) {
            widgets.push(id);
        }
        let has_field_kids = dict.get(b"Kids").ok().and_then(|k| deref(doc, k)).and_then(|k| k.as_array().ok()).is_some_and(|kids| {
            kids.iter().filter_map(|k| k.as_reference().ok()).any(|k| doc.get_dictionary(k).is_ok_and(|d| d.has(b"T")))
        });
        if widgets.is_empty() && has_field_kids {
            return Ok(());
        }
        self.add(id, name, dict, &inherited, &widgets)
    }

    fn add(&mut self, id: ObjectId, name: String, dict: &Dictionary, inherited: &Inherited, widgets: &[ObjectId]) -> Result<(), FormError> {
        let flags = inherited.ff.unwrap_or(0);
        let kind = match inherited.ft.as_deref() {
            Some(b"Tx") if flags & (flag::PASSWORD | flag::FILE_SELECT) == 0 => FieldKind::Text,
            Some(b"Btn") if flags & flag::PUSH_BUTTON != 0 => return Ok(()),
            Some(b"Btn") if flags & flag::RADIO != 0 => FieldKind::Radio,
            Some(b"Btn") => FieldKind::Checkbox,
            Some(b"Ch") => FieldKind::Choice,
            Some(b"Sig") => FieldKind::Signature,
            _ => return Ok(()),
        };
        let doc = self.doc;
        let opt = inherited.opt.as_deref().unwrap_or_default();
        let widgets: Vec<WidgetNode> = widgets
            .iter()
            .enumerate()
            .map(|(index, &widget)| {
                let on_state = matches!(kind, FieldKind::Checkbox | FieldKind::Radio).then(|| on_state(doc, widget)).flatten();
                let export = on_state.as_ref().map(|state| {
                    // With `/Opt`, states are often indices ("0", "1") standing for its entries.
                    let by_index = opt.get(index).and_then(|o| deref(doc, o)).and_then(text::of);
                    by_index.unwrap_or_else(|| text::name(state))
                });
                let page = self.pages.get(&widget).copied().or_else(|| {
                    let p = doc.get_dictionary(widget).ok()?.get(b"P").ok()?.as_reference().ok()?;
                    self.pages.get(&p).copied()
                });
                WidgetNode { id: widget, on_state, export, page }
            })
            .collect();
        // Check boxes sharing a name with different "on" states work as one choice (the IRS 1040's
        // filing status: S, MJ, MS, HoH, QW): a person picks one, as from a radio group.
        let mut states: Vec<&[u8]> = widgets.iter().filter_map(|w| w.on_state.as_deref()).collect();
        states.sort_unstable();
        states.dedup();
        let kind = if kind == FieldKind::Checkbox && states.len() > 1 { FieldKind::Radio } else { kind };
        if let Some(&existing) = self.by_name.get(&name) {
            let field = &mut self.fields[existing];
            if field.kind == kind {
                field.dicts.push(id);
                field.widgets.extend(widgets);
            }
            return Ok(());
        }
        if self.fields.len() >= MAX_FIELDS {
            return Err(FormError::Damaged(format!("it has more than {MAX_FIELDS} fields, far more than a court form has")));
        }
        let choices = if kind == FieldKind::Choice { choices(doc, opt) } else { Vec::new() };
        let field = FieldNode {
            tooltip: dict.get(b"TU").ok().and_then(|t| deref(doc, t)).and_then(text::of).filter(|t| !t.trim().is_empty()),
            name: name.clone(),
            kind,
            flags,
            dicts: vec![id],
            widgets,
            choices,
            max_len: inherited.max_len.and_then(|m| usize::try_from(m).ok()).filter(|&m| m > 0),
            da: inherited.da.clone(),
            quadding: inherited.q.unwrap_or(0),
            value: inherited.v.clone(),
        };
        self.by_name.insert(name, self.fields.len());
        self.fields.push(field);
        Ok(())
    }
}

/// Whether a dictionary is a widget annotation (by its subtype, or its rectangle when the subtype
/// is missing, as in some generated forms).
fn is_widget(dict: &Dictionary) -> bool {
    dict.get(b"Subtype").and_then(Object::as_name).map_or_else(|_| dict.has(b"Rect"), |s| s == b"Widget")
}

/// A button widget's on state: the name in its normal appearances that is not `Off`.
fn on_state(doc: &Document, widget: ObjectId) -> Option<Vec<u8>> {
    let dict = doc.get_dictionary(widget).ok()?;
    let normal = dict.get(b"AP").ok().and_then(|ap| deref(doc, ap)).and_then(|ap| ap.as_dict().ok());
    let normal = normal.and_then(|ap| ap.get(b"N").ok()).and_then(|n| deref(doc, n)).and_then(|n| n.as_dict().ok());
    if let Some(state) = normal.and_then(|n| n.iter().map(|(k, _)| k).find(|k| k.as_slice() != b"Off")) {
        return Some(state.clone());
    }
    // No appearances to name it: the current state, else the usual `Yes`.
    match dict.get(b"AS").ok().and_then(|s| s.as_name().ok()) {
        Some(state) if state != b"Off" => Some(state.to_vec()),
        _ => Some(b"Yes".to_vec()),
    }
}

/// Choice options: each entry a text string, or an [export value, text shown] pair.
fn choices(doc: &Document, opt: &[Object]) -> Vec<(String, String)> {
    opt.iter()
        .filter_map(|entry| match deref(doc, entry)? {
            Object::Array(pair) => {
                let export = text::of(deref(doc, pair.first()?)?)?;
                let shown = pair.get(1).and_then(|s| deref(doc, s)).and_then(text::of).unwrap_or_else(|| export.clone());
                Some((export, shown))
            }
            other => text::of(other).map(|t| (t.clone(), t)),
        })
        .collect()
}

/// The document's pages in order, walked with a visited set (a page tree with a cycle ends), and
/// a 1-based page number for each page and for each annotation a page's `/Annots` lists (a widget
/// is found by either: its page lists it, or it names its page in `/P`).
pub(crate) fn pages(doc: &Document) -> (Vec<ObjectId>, HashMap<ObjectId, usize>) {
    let mut pages = Vec::new();
    let mut annotations = HashMap::new();
    let root = doc.catalog().ok().and_then(|c| c.get(b"Pages").ok()).and_then(|p| p.as_reference().ok());
    let mut stack: Vec<(ObjectId, usize)> = root.map(|r| vec![(r, 0)]).unwrap_or_default();
    let mut seen = HashSet::new();
    while let Some((id, depth)) = stack.pop() {
        if depth > 64 || !seen.insert(id) || seen.len() > MAX_NODES {
            continue;
        }
        let Ok(node) = doc.get_dictionary(id) else { continue };
        match node.get(b"Kids").ok().and_then(|k| deref(doc, k)).and_then(|k| k.as_array().ok()) {
            Some(kids) => {
                stack.extend(kids.iter().rev().filter_map(|k| k.as_reference().ok()).map(|k| (k, depth + 1)));
            }
            None => {
                pages.push(id);
                let number = pages.len();
                annotations.insert(id, number);
                let annots = node.get(b"Annots").ok().and_then(|a| deref(doc, a)).and_then(|a| a.as_array().ok());
                for annot in annots.into_iter().flatten().filter_map(|a| a.as_reference().ok()) {
                    annotations.entry(annot).or_insert(number);
                }
            }
        }
    }
    (pages, annotations)
}
