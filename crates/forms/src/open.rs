//! Opening a form: the checks, in the order a person should hear about them — not a PDF,
//! encrypted, XFA only, signed or locked, no fields — then the field tree. A file lopdf cannot
//! read at all is damaged.

use lopdf::{Dictionary, Document, Object};

use crate::error::FormError;
use crate::font::deref;
use crate::sniff::{find, not_a_pdf};
use crate::tree::{self, FieldNode};
use crate::{FieldKind, MAX_BYTES};

/// `/SigFlags` bit 2: the file must only be appended to, or signatures break.
const APPEND_ONLY: i64 = 2;

/// A form that passed the checks.
pub(crate) struct Opened {
    pub doc: Document,
    pub pages: usize,
    pub fields: Vec<FieldNode>,
    /// Whether the form carries usage rights (`/Perms /UR3`: Adobe Reader may save it), which
    /// filling ends.
    pub usage_rights: bool,
}

pub(crate) fn open(pdf: &[u8]) -> Result<Opened, FormError> {
    if let Some(what) = not_a_pdf(pdf) {
        return Err(FormError::NotPdf(what));
    }
    if pdf.len() > MAX_BYTES {
        return Err(FormError::Damaged("it is larger than 50 MB, the most this app reads (court forms are far smaller)".into()));
    }
    let doc = match Document::load_mem(pdf) {
        Ok(doc) => doc,
        Err(_) if find(pdf, b"/Encrypt").is_some() => return Err(FormError::Encrypted),
        Err(error) => return Err(FormError::Damaged(damage(&error))),
    };
    if doc.encryption_state.is_some() || doc.trailer.has(b"Encrypt") {
        return Err(FormError::Encrypted);
    }
    let catalog = doc.catalog().map_err(|_| FormError::Damaged("it has no document catalog (the part that lists its pages)".into()))?;
    let acroform = catalog.get(b"AcroForm").ok().and_then(|a| deref(&doc, a)).and_then(|a| a.as_dict().ok());
    let needs_rendering = catalog.get(b"NeedsRendering").ok().and_then(|n| deref(&doc, n)).and_then(|n| n.as_bool().ok());
    if needs_rendering == Some(true) {
        return Err(FormError::XfaOnly);
    }
    let (page_list, by_annotation) = tree::pages(&doc);
    let fields = match acroform {
        Some(acroform) => tree::fields(&doc, acroform, &by_annotation)?,
        None => Vec::new(),
    };
    if acroform.is_some_and(|a| a.has(b"XFA")) && fields.is_empty() {
        return Err(FormError::XfaOnly);
    }
    let perms = catalog.get(b"Perms").ok().and_then(|p| deref(&doc, p)).and_then(|p| p.as_dict().ok());
    let usage_rights = perms.is_some_and(|p| p.has(b"UR3") || p.has(b"UR"));
    if locked(&doc, acroform, perms, &fields) {
        return Err(FormError::Signed);
    }
    if fields.is_empty() {
        return Err(FormError::NoFields);
    }
    let pages = page_list.len();
    Ok(Opened { doc, pages, fields, usage_rights })
}

/// Signed (a signature field with a value), certified (`/Perms /DocMDP`), or marked append-only
/// for a reason other than Adobe Reader usage rights — which every IRS form and many court forms
/// carry, and which filling simply ends.
fn locked(doc: &Document, acroform: Option<&Dictionary>, perms: Option<&Dictionary>, fields: &[FieldNode]) -> bool {
    let signed =
        fields.iter().filter(|f| f.kind == FieldKind::Signature).any(|f| f.value.as_ref().is_some_and(|v| !matches!(v, Object::Null)));
    let certified = perms.is_some_and(|p| p.has(b"DocMDP"));
    let sig_flags = acroform.and_then(|a| a.get(b"SigFlags").ok()).and_then(|s| deref(doc, s)).and_then(|s| s.as_i64().ok()).unwrap_or(0);
    let usage_rights = perms.is_some_and(|p| p.has(b"UR3") || p.has(b"UR"));
    signed || certified || (sig_flags & APPEND_ONLY != 0 && !usage_rights)
}

/// What lopdf's error means for a person.
fn damage(error: &lopdf::Error) -> String {
    match error {
        lopdf::Error::Xref(_) | lopdf::Error::MissingXrefEntry | lopdf::Error::InvalidOffset(_) => {
            "its table of contents (the cross-reference table) is broken, often because the download was cut short".into()
        }
        _ => format!("the PDF reader stopped at a part it could not understand ({error})"),
    }
}

/// The `/AcroForm` dictionary, for changing it (it may sit in the catalog or in its own object).
pub(crate) fn acroform_mut(doc: &mut Document) -> Option<&mut Dictionary> {
    let reference = doc.catalog().ok()?.get(b"AcroForm").ok()?.as_reference().ok();
    match reference {
        Some(id) => doc.get_object_mut(id).ok()?.as_dict_mut().ok(),
        None => doc.catalog_mut().ok()?.get_mut(b"AcroForm").ok()?.as_dict_mut().ok(),
    }
}
