//! A field's font, from its default appearance (`/DA`, e.g. `/Helv 0 Tf 0 g`) and the form's
//! default resources (`/DR`): the name and size to draw with, the colour, and — for the simple
//! fonts forms use — which byte each character is and how wide it is. A font that cannot show a
//! value (a character outside its encoding, a composite or symbol font, an embedded subset that
//! may lack the glyphs) is not used for it: the value is drawn in DejaVu Sans instead.

use std::collections::BTreeMap;

use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, dictionary};

use crate::metrics::{Standard, code_of_glyph, glyph_name, win_ansi};

/// The appearance a field asks for: font resource name, size (0: fit the box), colour operators.
#[derive(Debug, Clone)]
pub(crate) struct Appearance {
    pub font: Vec<u8>,
    pub size: f32,
    pub colour: Vec<Operation>,
}

impl Appearance {
    /// Reads a `/DA` string; anything unreadable falls back to Helvetica, auto size, black.
    pub(crate) fn parse(da: Option<&[u8]>) -> Appearance {
        let mut appearance = Appearance { font: b"Helv".to_vec(), size: 0.0, colour: Vec::new() };
        let Some(operations) = da.and_then(|da| Content::decode(da).ok()).map(|c| c.operations) else {
            appearance.colour.push(Operation::new("g", vec![0.into()]));
            return appearance;
        };
        for operation in operations {
            match operation.operator.as_str() {
                "Tf" => {
                    if let [Object::Name(font), size] = operation.operands.as_slice() {
                        appearance.font = font.clone();
                        appearance.size = number(size).filter(|s| s.is_finite() && *s >= 0.0 && *s < 1000.0).unwrap_or(0.0);
                    }
                }
                "g" | "rg" | "k" if operation.operands.iter().all(|o| number(o).is_some()) => appearance.colour = vec![operation],
                _ => {}
            }
        }
        if appearance.colour.is_empty() {
            appearance.colour.push(Operation::new("g", vec![0.into()]));
        }
        appearance
    }
}

pub(crate) fn number(object: &Object) -> Option<f32> {
    match object {
        Object::Integer(i) => Some(*i as f32),
        Object::Real(r) => Some(*r),
        _ => None,
    }
}

/// A simple font of the form's, able to show some text.
#[derive(Debug, Clone)]
pub(crate) struct FormFont {
    /// The font as the appearance's resources name it (a reference into the form, or a new
    /// Helvetica when the form names a font it does not define).
    pub object: Object,
    /// Codes the font's `/Differences` give other glyphs, with those glyphs' names.
    differences: BTreeMap<u8, Vec<u8>>,
    /// Whether codes 128–255 are WinAnsiEncoding (not just ASCII).
    win_ansi: bool,
    widths: Option<(i64, Vec<f32>)>,
    standard: Standard,
    pub ascent: f32,
    pub descent: f32,
}

impl FormFont {
    /// The font named `name` in the form's resources `dr`; `None` when it cannot be used for
    /// text (composite, Type 3, symbolic, an embedded subset).
    pub(crate) fn find(doc: &Document, dr: Option<&Dictionary>, name: &[u8]) -> Option<FormFont> {
        let fonts = dr.and_then(|dr| dr.get(b"Font").ok()).and_then(|f| deref(doc, f)).and_then(|f| f.as_dict().ok());
        let Some(entry) = fonts.and_then(|fonts| fonts.get(name).ok()) else {
            // The form names a font it does not define (often `/Helv`): Helvetica, as readers do.
            return Some(FormFont::helvetica());
        };
        let font = deref(doc, entry)?.as_dict().ok()?;
        let subtype = font.get(b"Subtype").and_then(Object::as_name).ok()?;
        if !matches!(subtype, b"Type1" | b"TrueType" | b"MMType1") {
            return None;
        }
        let base_font = font.get(b"BaseFont").and_then(Object::as_name).unwrap_or(b"Helvetica");
        let lower = String::from_utf8_lossy(base_font).to_ascii_lowercase();
        if lower.contains("dingbats") || lower.contains("symbol") || lower.contains("wingding") {
            return None;
        }
        let descriptor = font.get(b"FontDescriptor").ok().and_then(|d| deref(doc, d)).and_then(|d| d.as_dict().ok());
        let embedded = descriptor.is_some_and(|d| [&b"FontFile"[..], b"FontFile2", b"FontFile3"].iter().any(|k| d.has(k)));
        let subset = base_font.len() > 7 && base_font[6] == b'+' && base_font[..6].iter().all(u8::is_ascii_uppercase);
        if embedded && subset {
            return None;
        }
        let (win_ansi, differences) = encoding(doc, font.get(b"Encoding").ok());
        let widths = font.get(b"Widths").ok().and_then(|w| deref(doc, w)).and_then(|w| w.as_array().ok()).map(|array| {
            let first = font.get(b"FirstChar").ok().and_then(|f| f.as_i64().ok()).unwrap_or(0);
            (first, array.iter().map(|w| deref(doc, w).and_then(number).unwrap_or(0.0)).collect())
        });
        let standard = Standard::like(base_font);
        let (mut ascent, mut descent) = standard.vertical();
        if let Some(d) = descriptor {
            let metric = |key: &[u8]| d.get(key).ok().and_then(|v| deref(doc, v)).and_then(number);
            if let (Some(a), Some(b)) = (metric(b"Ascent"), metric(b"Descent"))
                && a > 0.0
                && a < 2000.0
                && b <= 0.0
                && b > -1000.0
            {
                (ascent, descent) = (a, b);
            }
        }
        Some(FormFont { object: entry.clone(), differences, win_ansi, widths, standard, ascent, descent })
    }

    /// Helvetica in WinAnsiEncoding, for a form that names a font it does not define.
    pub(crate) fn helvetica() -> FormFont {
        let object = Object::Dictionary(dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
        });
        let (ascent, descent) = Standard::Helvetica.vertical();
        FormFont { object, differences: BTreeMap::new(), win_ansi: true, widths: None, standard: Standard::Helvetica, ascent, descent }
    }

    /// The bytes of `text` in this font, or `None` if a character is not in its encoding.
    pub(crate) fn encode(&self, text: &str) -> Option<Vec<u8>> {
        text.chars().map(|c| self.code(c)).collect()
    }

    fn code(&self, c: char) -> Option<u8> {
        let standard = win_ansi(c)?;
        let glyph = glyph_name(standard).as_bytes();
        if let Some((&code, _)) = self.differences.iter().find(|(_, name)| name.as_slice() == glyph) {
            return Some(code);
        }
        let ascii = (0x20..0x7f).contains(&standard) && standard != b'\'' && standard != b'`';
        (!self.differences.contains_key(&standard) && (self.win_ansi || ascii)).then_some(standard)
    }

    /// The width of encoded `bytes` at `size` points.
    pub(crate) fn width(&self, bytes: &[u8], size: f32) -> f32 {
        bytes.iter().map(|&b| self.code_width(b)).sum::<f32>() * size / 1000.0
    }

    fn code_width(&self, code: u8) -> f32 {
        if let Some((first, widths)) = &self.widths
            && let Some(&w) = usize::try_from(i64::from(code) - first).ok().and_then(|i| widths.get(i))
            && w > 0.0
        {
            return w;
        }
        let standard = match self.differences.get(&code) {
            Some(name) => code_of_glyph(name).unwrap_or(code),
            None => code,
        };
        self.standard.width(standard)
    }
}

/// Whether a font's encoding is WinAnsi for codes 128–255, and its `/Differences`.
fn encoding(doc: &Document, encoding: Option<&Object>) -> (bool, BTreeMap<u8, Vec<u8>>) {
    let mut differences = BTreeMap::new();
    let Some(encoding) = encoding.and_then(|e| deref(doc, e)) else {
        return (false, differences);
    };
    match encoding {
        Object::Name(name) => (name == b"WinAnsiEncoding", differences),
        Object::Dictionary(dict) => {
            let base = dict.get(b"BaseEncoding").and_then(Object::as_name).ok();
            if let Some(array) = dict.get(b"Differences").ok().and_then(|d| deref(doc, d)).and_then(|d| d.as_array().ok()) {
                let mut code: Option<i64> = None;
                for item in array.iter().take(1024) {
                    match item {
                        Object::Integer(start) => code = Some(*start),
                        Object::Name(name) => {
                            if let Some(c) = code.and_then(|c| u8::try_from(c).ok()) {
                                differences.insert(c, name.clone());
                            }
                            code = code.map(|c| c + 1);
                        }
                        _ => {}
                    }
                }
            }
            // Acrobat's `/PDFDocEncoding` differences sit on the standard encoding; treat the base
            // as WinAnsi only when it says so.
            (base == Some(b"WinAnsiEncoding"), differences)
        }
        _ => (false, differences),
    }
}

/// The object itself, or what a reference points to.
pub(crate) fn deref<'a>(doc: &'a Document, object: &'a Object) -> Option<&'a Object> {
    doc.dereference(object).ok().map(|(_, o)| o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_appearances_give_font_size_and_colour() {
        let da = Appearance::parse(Some(b"0 0 1 rg /TiRo 9 Tf"));
        assert_eq!((da.font.as_slice(), da.size), (&b"TiRo"[..], 9.0));
        assert_eq!(da.colour[0].operator, "rg");
        let broken = Appearance::parse(Some(b"/Helv Tf ((("));
        assert_eq!((broken.font.as_slice(), broken.size), (&b"Helv"[..], 0.0));
    }

    #[test]
    fn helvetica_encodes_win_ansi_and_refuses_the_rest() {
        let helv = FormFont::helvetica();
        assert_eq!(helv.encode("Café €").unwrap(), b"Caf\xe9 \x80");
        assert_eq!(helv.encode("Nguyễn"), None);
        // "Wi" in Helvetica: 944 + 222 thousandths of an em.
        assert!((helv.width(b"Wi", 10.0) - 11.66).abs() < 0.001);
    }
}
