//! Text to glyphs: each stretch of one face and one font is shaped with rustybuzz (HarfBuzz's
//! rules: Arabic joining forms and ligatures, accents placed on their letters, kerning), and
//! measured by the advances it gives.

use std::ops::Range;

use rustybuzz::{BufferClusterLevel, Direction, UnicodeBuffer};

use super::fonts::{Face, Font, FontId, Fonts};

/// One glyph as shaped, in font units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Glyph {
    pub id: u16,
    pub advance: i32,
    pub x_offset: i32,
    pub y_offset: i32,
    /// The byte in the shaped text where the glyph's characters start.
    pub cluster: usize,
}

/// The glyphs of `text` in `font`, in the order they are drawn (left to right; an RTL stretch
/// comes out reversed). `rtl` sets the direction; `None` takes it from the script.
pub(crate) fn shape(font: &Font, text: &str, rtl: Option<bool>) -> Vec<Glyph> {
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    match rtl {
        Some(true) => buffer.set_direction(Direction::RightToLeft),
        Some(false) => buffer.set_direction(Direction::LeftToRight),
        None => {}
    }
    // Each character keeps its own cluster, so copied text can name every one.
    buffer.set_cluster_level(BufferClusterLevel::Characters);
    let shaped = rustybuzz::shape(&font.face, &[], buffer);
    shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, position)| Glyph {
            id: u16::try_from(info.glyph_id).unwrap_or(0),
            advance: position.x_advance,
            x_offset: position.x_offset,
            y_offset: position.y_offset,
            cluster: info.cluster as usize,
        })
        .collect()
}

/// The stretches of `text` (within `range`) that one font sets, in the text's order, each with
/// its font.
pub(crate) fn pieces(fonts: &Fonts, face: Face, text: &str, range: Range<usize>) -> Vec<(FontId, Range<usize>)> {
    let mut pieces: Vec<(FontId, Range<usize>)> = Vec::new();
    for (at, c) in text[range.clone()].char_indices() {
        let at = range.start + at;
        let previous = pieces.last().map(|(font, _)| *font);
        let font = face.font_for(c, previous, fonts);
        match pieces.last_mut() {
            Some((last, stretch)) if *last == font => stretch.end = at + c.len_utf8(),
            _ => pieces.push((font, at..at + c.len_utf8())),
        }
    }
    pieces
}

/// The width of `text` in `face` at `size` points.
pub(crate) fn width(fonts: &Fonts, face: Face, text: &str, size: f32) -> f32 {
    pieces(fonts, face, text, 0..text.len())
        .into_iter()
        .map(|(id, range)| {
            let font = fonts.get(id);
            let units: i32 = shape(font, &text[range], None).iter().map(|g| g.advance).sum();
            units as f32 * size / font.units
        })
        .sum()
}

/// The width of one character on its own (for cutting words too long for a line).
pub(crate) fn char_width(fonts: &Fonts, face: Face, c: char, size: f32) -> f32 {
    let font = fonts.get(face.font_for(c, None, fonts));
    let glyph = font.face.glyph_index(c).map_or(0, |g| g.0);
    f32::from(font.advance(glyph)) * size / font.units
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_is_shaped_into_joining_forms_right_to_left() {
        let fonts = Fonts::load().unwrap();
        let font = fonts.get(FontId::Sans);
        let glyphs = shape(font, "محمد", None);
        // Four letters, drawn last first, each in its joined form rather than the isolated one.
        assert_eq!(glyphs.iter().map(|g| g.cluster).collect::<Vec<_>>(), [6, 4, 2, 0]);
        let isolated: Vec<u16> = "محمد".chars().map(|c| font.face.glyph_index(c).unwrap().0).collect();
        assert!(glyphs.iter().rev().zip(&isolated).all(|(g, i)| g.id != *i), "{glyphs:?} {isolated:?}");
    }

    #[test]
    fn widths_come_from_the_fonts_advances() {
        let fonts = Fonts::load().unwrap();
        // DejaVu Sans: `i` is 569 units of 2048, the space 651.
        let narrow = width(fonts, Face::Regular, "ii ii", 10.0);
        assert!((narrow - (4.0 * 569.0 + 651.0) * 10.0 / 2048.0).abs() < 0.01, "{narrow}");
        assert!(width(fonts, Face::Regular, "WW WW", 10.0) > 2.0 * narrow);
        // A Chinese character is an em wide.
        assert!((width(fonts, Face::Regular, "王", 10.0) - 10.0).abs() < 0.01);
        assert!((char_width(fonts, Face::Mono, 'x', 10.0) - 1233.0 * 10.0 / 2048.0).abs() < 0.01);
    }
}
