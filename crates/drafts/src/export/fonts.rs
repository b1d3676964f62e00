//! The PDF export's fonts, compiled in from `crates/drafts/fonts/` (their sources and licences
//! are listed there): DejaVu Sans, DejaVu Sans Bold and DejaVu Sans Mono for Latin (Vietnamese
//! included), Greek, Cyrillic and Arabic, and Droid Sans Fallback for Chinese, Japanese and Korean.
//! Each character is set in the first font of its face's chain that has it. Italic is the
//! regular face slanted, and text the bold chain sets in the fallback font is drawn a little
//! heavier, since neither has a face of its own here.

use std::sync::LazyLock;

use rustybuzz::ttf_parser::GlyphId;

use crate::error::DraftError;

/// One of the embedded fonts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum FontId {
    Sans,
    SansBold,
    Mono,
    Fallback,
}

impl FontId {
    pub(crate) const ALL: [FontId; 4] = [FontId::Sans, FontId::SansBold, FontId::Mono, FontId::Fallback];

    /// The font's PostScript name, as the PDF names it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            FontId::Sans => "DejaVuSans",
            FontId::SansBold => "DejaVuSans-Bold",
            FontId::Mono => "DejaVuSansMono",
            FontId::Fallback => "DroidSansFallback",
        }
    }

    /// The name of the font in a page's resources.
    pub(crate) fn resource(self) -> &'static str {
        match self {
            FontId::Sans => "F1",
            FontId::SansBold => "F2",
            FontId::Mono => "F3",
            FontId::Fallback => "F4",
        }
    }

    fn data(self) -> &'static [u8] {
        match self {
            FontId::Sans => include_bytes!("../../fonts/DejaVuSans.ttf"),
            FontId::SansBold => include_bytes!("../../fonts/DejaVuSans-Bold.ttf"),
            FontId::Mono => include_bytes!("../../fonts/DejaVuSansMono.ttf"),
            FontId::Fallback => include_bytes!("../../fonts/DroidSansFallback.ttf"),
        }
    }
}

/// The style text is set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    Regular,
    Bold,
    Italic,
    BoldItalic,
    Mono,
}

impl Face {
    /// The face for a run's style.
    pub(crate) fn of(bold: bool, italic: bool, code: bool) -> Face {
        match (code, bold, italic) {
            (true, _, _) => Face::Mono,
            (false, true, true) => Face::BoldItalic,
            (false, true, false) => Face::Bold,
            (false, false, true) => Face::Italic,
            (false, false, false) => Face::Regular,
        }
    }

    /// The fonts to look in for a character, in order.
    fn chain(self) -> &'static [FontId] {
        match self {
            Face::Regular | Face::Italic => &[FontId::Sans, FontId::Fallback],
            Face::Bold | Face::BoldItalic => &[FontId::SansBold, FontId::Sans, FontId::Fallback],
            Face::Mono => &[FontId::Mono, FontId::Sans, FontId::Fallback],
        }
    }

    /// Whether the face is drawn slanted.
    pub(crate) fn slanted(self) -> bool {
        matches!(self, Face::Italic | Face::BoldItalic)
    }

    /// Whether text of this face set in `font` is drawn heavier (the font has no bold of its own).
    pub(crate) fn emboldens(self, font: FontId) -> bool {
        matches!(self, Face::Bold | Face::BoldItalic) && font != FontId::SansBold
    }

    /// The font to set `c` in: the first of the chain that has it. A combining mark or joiner stays
    /// in the font of the character before it when that font has it, so a letter and its accents
    /// are shaped together; a character no font has is left to the first (it shows as a box).
    pub(crate) fn font_for(self, c: char, previous: Option<FontId>, fonts: &Fonts) -> FontId {
        let chain = self.chain();
        if let Some(previous) = previous
            && joins_previous(c)
            && (fonts.get(previous).has(c) || !chain.iter().any(|&f| fonts.get(f).has(c)))
        {
            return previous;
        }
        chain.iter().copied().find(|&f| fonts.get(f).has(c)).unwrap_or(chain[0])
    }
}

/// Marks, joiners, variation selectors and other characters that belong with the one before.
fn joins_previous(c: char) -> bool {
    unicode_normalization::char::is_combining_mark(c)
        || matches!(c, '\u{200c}' | '\u{200d}' | '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}')
}

/// One font, parsed.
pub(crate) struct Font {
    pub(crate) id: FontId,
    pub(crate) data: &'static [u8],
    pub(crate) face: rustybuzz::Face<'static>,
    /// Font units per em, as a float for scaling.
    pub(crate) units: f32,
}

impl Font {
    /// Whether the font has a glyph for `c`.
    pub(crate) fn has(&self, c: char) -> bool {
        self.face.glyph_index(c).is_some()
    }

    /// The advance width of glyph `glyph`, in font units.
    pub(crate) fn advance(&self, glyph: u16) -> u16 {
        self.face.glyph_hor_advance(GlyphId(glyph)).unwrap_or(0)
    }

    /// Font units as thousandths of an em (the unit of PDF glyph widths).
    pub(crate) fn per_mille(&self, units: f32) -> f32 {
        units * 1000.0 / self.units
    }
}

/// The embedded fonts, parsed once.
pub(crate) struct Fonts {
    fonts: Vec<Font>,
}

impl Fonts {
    /// The fonts, parsed the first time they are asked for.
    pub(crate) fn load() -> Result<&'static Fonts, DraftError> {
        static FONTS: LazyLock<Option<Fonts>> = LazyLock::new(|| {
            let fonts = FontId::ALL.iter().map(|&id| {
                let face = rustybuzz::Face::from_slice(id.data(), 0)?;
                let units = face.units_per_em() as f32;
                Some(Font { id, data: id.data(), face, units })
            });
            fonts.collect::<Option<Vec<Font>>>().map(|fonts| Fonts { fonts })
        });
        FONTS.as_ref().ok_or_else(|| DraftError::Export { format: "PDF", reason: "an embedded font could not be read".into() })
    }

    pub(crate) fn get(&self, id: FontId) -> &Font {
        &self.fonts[id as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_of_a_party_name_has_a_font() {
        let fonts = Fonts::load().unwrap();
        let pick = |face: Face, text: &str| -> Vec<FontId> {
            let mut previous = None;
            text.chars()
                .map(|c| {
                    let font = face.font_for(c, previous, fonts);
                    previous = Some(font);
                    font
                })
                .collect()
        };
        for name in ["Nguyễn Thị Minh Khai", "Иван Петров", "محمد عبد الله", "Ελένη"] {
            assert!(pick(Face::Regular, name).iter().all(|&f| f == FontId::Sans), "{name}");
            assert!(name.chars().all(|c| fonts.get(FontId::Sans).has(c)), "{name}");
        }
        for name in ["王小明", "김민준", "さくら"] {
            assert!(pick(Face::Bold, name).iter().all(|&f| f == FontId::Fallback), "{name}");
        }
        // DejaVu Sans Mono lacks ễ: it comes from DejaVu Sans, with the marks after a plain e.
        assert_eq!(pick(Face::Mono, "Nguyễn"), [FontId::Mono, FontId::Mono, FontId::Mono, FontId::Mono, FontId::Sans, FontId::Mono]);
        assert_eq!(pick(Face::Regular, "e\u{302}\u{303}"), [FontId::Sans; 3]);
    }
}
