//! Embedding a font in the PDF: the glyphs a document used, cut out of the font with `subsetter`,
//! as a Type 0 font over a CIDFontType2 (TrueType outlines) with Identity-H encoding, so every
//! code in the content is a two-byte glyph number. The W array gives each glyph's width from the
//! font's metrics, and a ToUnicode CMap the text each glyph stands for, so that the text can be
//! searched, copied and read back.

use std::fmt::Write as _;

use lopdf::{Dictionary, Document, Object, ObjectId, Stream, dictionary};

use super::fonts::Font;
use super::typeset::FontUse;
use crate::error::DraftError;

/// Entries in one `beginbfchar` block (the CMap format allows at most 100).
const BFCHAR_BLOCK: usize = 100;
/// The most UTF-16 units one glyph's text may hold in the ToUnicode CMap.
const LONGEST_TEXT: usize = 64;

/// Adds `font`, cut down to the glyphs in `used`, to `doc`; returns the Type 0 font's object.
pub(crate) fn embed(doc: &mut Document, font: &Font, used: &FontUse) -> Result<ObjectId, DraftError> {
    let subset = subsetter::subset(font.data, 0, &used.remapper)
        .map_err(|e| DraftError::Export { format: "PDF", reason: format!("cutting the font {} down: {e}", font.id.name()) })?;
    let name = format!("{}+{}", subset_tag(font, used), font.id.name());
    let units = |value: i16| font.per_mille(f32::from(value)).round() as i64;
    let face = &font.face;
    let bbox = face.global_bounding_box();
    let length = i64::try_from(subset.len()).unwrap_or(i64::MAX);
    let file = doc.add_object(Stream::new(dictionary! { "Length1" => length }, subset));
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => Object::Name(name.clone().into_bytes()),
        // Symbolic: the font has glyphs outside the standard Latin character set.
        "Flags" => 4,
        "FontBBox" => vec![units(bbox.x_min).into(), units(bbox.y_min).into(), units(bbox.x_max).into(), units(bbox.y_max).into()],
        "ItalicAngle" => 0,
        "Ascent" => units(face.ascender()),
        "Descent" => units(face.descender()),
        "CapHeight" => units(face.capital_height().unwrap_or(face.ascender())),
        "StemV" => 80,
        "FontFile2" => file,
    });
    let system = dictionary! {
        "Registry" => Object::string_literal("Adobe"),
        "Ordering" => Object::string_literal("Identity"),
        "Supplement" => 0,
    };
    let cid_font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => Object::Name(name.clone().into_bytes()),
        "CIDSystemInfo" => system,
        "FontDescriptor" => descriptor,
        "W" => widths(used),
        "CIDToGIDMap" => "Identity",
    });
    let to_unicode = doc.add_object(Stream::new(Dictionary::new(), to_unicode(used).into_bytes()));
    Ok(doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => Object::Name(name.into_bytes()),
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![cid_font.into()],
        "ToUnicode" => to_unicode,
    }))
}

/// The W array: each run of consecutive codes as `first [w1 w2 …]`.
fn widths(used: &FontUse) -> Vec<Object> {
    let mut array: Vec<Object> = Vec::new();
    let mut run: Vec<Object> = Vec::new();
    let mut next: Option<u16> = None;
    for (&code, &width) in &used.widths {
        if next != Some(code) {
            if !run.is_empty() {
                array.push(Object::Array(std::mem::take(&mut run)));
            }
            array.push(i64::from(code).into());
        }
        run.push(((width * 10.0).round() / 10.0).into());
        next = code.checked_add(1);
    }
    if !run.is_empty() {
        array.push(Object::Array(run));
    }
    array
}

/// The ToUnicode CMap: each code with the text it stands for, as UTF-16BE.
fn to_unicode(used: &FontUse) -> String {
    let mut cmap = String::from(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
         /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
         /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
    );
    let entries: Vec<(&u16, &String)> = used.text.iter().collect();
    for block in entries.chunks(BFCHAR_BLOCK) {
        let _ = writeln!(cmap, "{} beginbfchar", block.len());
        for (code, text) in block {
            let units: String = text.encode_utf16().take(LONGEST_TEXT).map(|unit| format!("{unit:04X}")).collect();
            let _ = writeln!(cmap, "<{code:04X}> <{units}>");
        }
        cmap.push_str("endbfchar\n");
    }
    cmap.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    cmap
}

/// Six capital letters naming this subset (the PDF convention for a font cut down), the same for
/// the same glyphs.
fn subset_tag(font: &Font, used: &FontUse) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in font.id.name().bytes().chain(used.widths.keys().flat_map(|code| code.to_be_bytes())) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    (0..6).map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_run_over_consecutive_codes_and_the_cmap_names_each_glyph() {
        let mut used = FontUse::default();
        used.widths.extend([(1, 500.0), (2, 278.34), (5, 1000.0)]);
        used.text.extend([(1, "A".to_string()), (5, "王".to_string()), (2, "ffi".to_string())]);
        let w = widths(&used);
        assert_eq!(format!("{w:?}"), "[1, [500 278.3], 5, [1000]]");
        let cmap = to_unicode(&used);
        assert!(cmap.contains("3 beginbfchar\n<0001> <0041>\n<0002> <006600660069>\n<0005> <738B>\nendbfchar\n"), "{cmap}");
    }
}
