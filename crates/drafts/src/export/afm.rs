//! The PDF's built-in fonts: Helvetica (regular, bold, oblique) and Courier, in WinAnsi encoding.
//! Text is encoded to WinAnsi bytes here, with characters outside it replaced by the nearest
//! WinAnsi text (`→` as `->`, `☐` as `[ ]`, `ễ` as `e`), and measured with the fonts' AFM widths
//! so that lines wrap where they really end.

use unicode_normalization::UnicodeNormalization;

/// A font face the PDF uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    Regular,
    Bold,
    Italic,
    BoldItalic,
    Mono,
    MonoBold,
}

impl Face {
    /// Every face, in the order of their resource names F1 … F6.
    pub(crate) const ALL: [Face; 6] = [Face::Regular, Face::Bold, Face::Italic, Face::BoldItalic, Face::Mono, Face::MonoBold];

    pub(crate) fn base_font(self) -> &'static str {
        match self {
            Face::Regular => "Helvetica",
            Face::Bold => "Helvetica-Bold",
            Face::Italic => "Helvetica-Oblique",
            Face::BoldItalic => "Helvetica-BoldOblique",
            Face::Mono => "Courier",
            Face::MonoBold => "Courier-Bold",
        }
    }

    pub(crate) fn resource(self) -> &'static str {
        match self {
            Face::Regular => "F1",
            Face::Bold => "F2",
            Face::Italic => "F3",
            Face::BoldItalic => "F4",
            Face::Mono => "F5",
            Face::MonoBold => "F6",
        }
    }

    /// The face for a run's style.
    pub(crate) fn of(bold: bool, italic: bool, code: bool) -> Face {
        match (code, bold, italic) {
            (true, true, _) => Face::MonoBold,
            (true, false, _) => Face::Mono,
            (false, true, true) => Face::BoldItalic,
            (false, true, false) => Face::Bold,
            (false, false, true) => Face::Italic,
            (false, false, false) => Face::Regular,
        }
    }

    /// The advance width of one WinAnsi byte, in 1/1000 em.
    pub(crate) fn width(self, byte: u8) -> u16 {
        let index = usize::from(byte.saturating_sub(32));
        match self {
            Face::Mono | Face::MonoBold => 600,
            Face::Regular | Face::Italic => HELVETICA.get(index).copied().unwrap_or(0),
            Face::Bold | Face::BoldItalic => HELVETICA_BOLD.get(index).copied().unwrap_or(0),
        }
    }

    /// The width of `bytes` at `size` points.
    pub(crate) fn measure(self, bytes: &[u8], size: f32) -> f32 {
        bytes.iter().map(|&b| f32::from(self.width(b))).sum::<f32>() * size / 1000.0
    }
}

/// `text` as WinAnsi bytes. Line breaks and tabs become spaces; invisible characters are dropped;
/// anything else WinAnsi lacks becomes its replacement, its base letter, or `?`.
pub(crate) fn encode(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if let Some(replacement) = replacement(c) {
            out.extend(replacement.chars().filter_map(win_ansi));
        } else if let Some(byte) = win_ansi(c) {
            out.push(byte);
        } else if c.is_whitespace() {
            out.push(b' ');
        } else if c.is_control() {
            // Nothing to show.
        } else if let Some(base) = c.nfd().next().filter(|&b| b != c).and_then(win_ansi) {
            out.push(base);
        } else {
            out.push(b'?');
        }
    }
    out
}

/// The WinAnsi (Windows-1252) byte of `c`, if it has one.
fn win_ansi(c: char) -> Option<u8> {
    let byte = match c {
        ' '..='~' | '\u{a0}'..='\u{ff}' => return u8::try_from(u32::from(c)).ok(),
        '€' => 0x80,
        '‚' => 0x82,
        'ƒ' => 0x83,
        '„' => 0x84,
        '…' => 0x85,
        '†' => 0x86,
        '‡' => 0x87,
        'ˆ' => 0x88,
        '‰' => 0x89,
        'Š' => 0x8a,
        '‹' => 0x8b,
        'Œ' => 0x8c,
        'Ž' => 0x8e,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        '˜' => 0x98,
        '™' => 0x99,
        'š' => 0x9a,
        '›' => 0x9b,
        'œ' => 0x9c,
        'ž' => 0x9e,
        'Ÿ' => 0x9f,
        _ => return None,
    };
    Some(byte)
}

/// Text for characters WinAnsi lacks (and for the soft hyphen, which would print as a hyphen).
fn replacement(c: char) -> Option<&'static str> {
    Some(match c {
        '\n' | '\r' | '\t' => " ",
        '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2060}' | '\u{feff}' => "",
        '\u{2010}'..='\u{2012}' | '\u{2043}' | '\u{2212}' => "-",
        '\u{2015}' => "—",
        '\u{2032}' | '\u{02bc}' | '\u{201b}' => "'",
        '\u{2033}' | '\u{201f}' => "\"",
        '\u{2236}' | '\u{a789}' | '\u{ff1a}' => ":",
        '\u{ff1b}' => ";",
        '\u{ff03}' => "#",
        '\u{2116}' => "No.",
        '\u{2190}' => "<-",
        '\u{2192}' => "->",
        '\u{2194}' => "<->",
        '\u{21d2}' => "=>",
        '\u{2264}' => "<=",
        '\u{2265}' => ">=",
        '\u{2260}' => "!=",
        '\u{2248}' => "~",
        '\u{2610}' => "[ ]",
        '\u{2611}' | '\u{2612}' => "[x]",
        '\u{2713}' | '\u{2714}' | '\u{2705}' => "x",
        '\u{2023}' | '\u{25e6}' | '\u{25aa}' | '\u{25cf}' | '\u{2219}' => "•",
        '\u{fb01}' => "fi",
        '\u{fb02}' => "fl",
        _ => return None,
    })
}

/// Helvetica's advance widths (1/1000 em) for WinAnsi codes 32 to 255 (0 where WinAnsi has no
/// character), from Adobe's Core 14 AFM metrics. Helvetica-Oblique has the same widths.
const HELVETICA: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
    278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
    667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
    556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0, 556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333,
    1000, 0, 611, 0, 0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667, 278, 333, 556, 556, 556, 556, 260, 556,
    333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667,
    667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667,
    667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611,
    556, 556, 556, 556, 500, 556, 500,
];

/// Helvetica-Bold's advance widths for WinAnsi codes 32 to 255 (Helvetica-BoldOblique has the same).
const HELVETICA_BOLD: [u16; 224] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333,
    333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
    667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611,
    611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0, 556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333,
    1000, 0, 611, 0, 0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667, 278, 333, 556, 556, 556, 556, 280, 556,
    333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722,
    722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667,
    667, 611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611, 611, 611, 611, 584, 611,
    611, 611, 611, 611, 556, 611, 556,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winansi_punctuation_keeps_its_own_byte() {
        assert_eq!(encode("“§ 1” ‘a’ — – •"), [0x93, 0xa7, b' ', b'1', 0x94, b' ', 0x91, b'a', 0x92, b' ', 0x97, b' ', 0x96, b' ', 0x95]);
    }

    #[test]
    fn other_characters_are_replaced_sensibly() {
        assert_eq!(encode("Nguyễn ☐ → ∶ \u{200b}日"), b"Nguyen [ ] -> : ?");
    }

    #[test]
    fn widths_follow_the_afm_metrics() {
        // From Helvetica.afm: W 944, i 222, space 278, section 556, quotedblleft 333, emdash 1000.
        assert_eq!([b'W', b'i', b' ', 0xa7, 0x93, 0x97].map(|b| Face::Regular.width(b)), [944, 222, 278, 556, 333, 1000]);
        // Helvetica-Bold.afm: i 278, quotedblleft 500.
        assert_eq!([b'i', 0x93].map(|b| Face::Bold.width(b)), [278, 500]);
        assert_eq!(Face::Mono.measure(b"abc", 10.0), 18.0);
    }
}
