//! What the standard fonts' characters are and how wide they are: WinAnsiEncoding (the encoding
//! forms' `/Helv` and most text fonts use) and the widths of Helvetica and Times, regular and bold,
//! for codes 32–255 in thousandths of an em. The widths are Adobe's Core 14 font metrics (AFM), as
//! packaged in the pdf-extract crate's `core_fonts.rs`; a font in the form with its own `/Widths`
//! uses those instead.

/// WinAnsiEncoding 0x80–0x9F, where it differs from Latin-1; `'\0'` is undefined.
const WIN_ANSI_HIGH: [char; 32] = [
    '\u{20ac}', '\0', '\u{201a}', '\u{0192}', '\u{201e}', '\u{2026}', '\u{2020}', '\u{2021}', '\u{02c6}', '\u{2030}', '\u{0160}',
    '\u{2039}', '\u{0152}', '\0', '\u{017d}', '\0', '\0', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}',
    '\u{2014}', '\u{02dc}', '\u{2122}', '\u{0161}', '\u{203a}', '\u{0153}', '\0', '\u{017e}', '\u{0178}',
];

/// The WinAnsiEncoding code of `c`, if it has one (a no-break space is written as a space).
pub(crate) fn win_ansi(c: char) -> Option<u8> {
    match c {
        ' '..='~' | '\u{a1}'..='\u{ff}' => u8::try_from(u32::from(c)).ok(),
        '\u{a0}' => Some(b' '),
        _ => WIN_ANSI_HIGH.iter().position(|&d| d == c && d != '\0').and_then(|i| u8::try_from(0x80 + i).ok()),
    }
}

/// The standard glyph name of a WinAnsiEncoding code ("" where the code is undefined).
pub(crate) fn glyph_name(code: u8) -> &'static str {
    code.checked_sub(32).map_or("", |i| GLYPH_NAMES[usize::from(i)])
}

/// The WinAnsiEncoding code whose standard glyph is `name`.
pub(crate) fn code_of_glyph(name: &[u8]) -> Option<u8> {
    GLYPH_NAMES.iter().position(|&n| !n.is_empty() && n.as_bytes() == name).and_then(|i| u8::try_from(i + 32).ok())
}

/// The standard font a form's font is measured as, when it gives no widths of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Standard {
    Helvetica,
    HelveticaBold,
    Times,
    TimesBold,
    Courier,
}

impl Standard {
    /// The standard font closest to a `/BaseFont` name (Arial is measured as Helvetica).
    pub(crate) fn like(base_font: &[u8]) -> Standard {
        let name = String::from_utf8_lossy(base_font).to_ascii_lowercase();
        let bold = ["bold", ",bd", "-bd", "black", "heavy"].iter().any(|w| name.contains(w));
        if name.contains("courier") || name.contains("mono") {
            Standard::Courier
        } else if name.contains("times") || name.contains("roman") || name.contains("serif") && !name.contains("sans") {
            if bold { Standard::TimesBold } else { Standard::Times }
        } else if bold {
            Standard::HelveticaBold
        } else {
            Standard::Helvetica
        }
    }

    /// The width of WinAnsiEncoding code `code`, in thousandths of an em.
    pub(crate) fn width(self, code: u8) -> f32 {
        let table = match self {
            Standard::Courier => return 600.0,
            Standard::Helvetica => 0,
            Standard::HelveticaBold => 1,
            Standard::Times => 2,
            Standard::TimesBold => 3,
        };
        let width = code.checked_sub(32).map_or(0, |i| WIDTHS[table][usize::from(i)]);
        if width == 0 { 500.0 } else { f32::from(width) }
    }

    /// Ascent and descent, in thousandths of an em.
    pub(crate) fn vertical(self) -> (f32, f32) {
        match self {
            Standard::Courier => (629.0, -157.0),
            Standard::Times | Standard::TimesBold => (683.0, -217.0),
            Standard::Helvetica | Standard::HelveticaBold => (718.0, -207.0),
        }
    }
}

const GLYPH_NAMES: [&str; 224] = [
    "space",
    "exclam",
    "quotedbl",
    "numbersign",
    "dollar",
    "percent",
    "ampersand",
    "quotesingle",
    "parenleft",
    "parenright",
    "asterisk",
    "plus",
    "comma",
    "hyphen",
    "period",
    "slash",
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "colon",
    "semicolon",
    "less",
    "equal",
    "greater",
    "question",
    "at",
    "A",
    "B",
    "C",
    "D",
    "E",
    "F",
    "G",
    "H",
    "I",
    "J",
    "K",
    "L",
    "M",
    "N",
    "O",
    "P",
    "Q",
    "R",
    "S",
    "T",
    "U",
    "V",
    "W",
    "X",
    "Y",
    "Z",
    "bracketleft",
    "backslash",
    "bracketright",
    "asciicircum",
    "underscore",
    "grave",
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "g",
    "h",
    "i",
    "j",
    "k",
    "l",
    "m",
    "n",
    "o",
    "p",
    "q",
    "r",
    "s",
    "t",
    "u",
    "v",
    "w",
    "x",
    "y",
    "z",
    "braceleft",
    "bar",
    "braceright",
    "asciitilde",
    "",
    "Euro",
    "",
    "quotesinglbase",
    "florin",
    "quotedblbase",
    "ellipsis",
    "dagger",
    "daggerdbl",
    "circumflex",
    "perthousand",
    "Scaron",
    "guilsinglleft",
    "OE",
    "",
    "Zcaron",
    "",
    "",
    "quoteleft",
    "quoteright",
    "quotedblleft",
    "quotedblright",
    "bullet",
    "endash",
    "emdash",
    "tilde",
    "trademark",
    "scaron",
    "guilsinglright",
    "oe",
    "",
    "zcaron",
    "Ydieresis",
    "space",
    "exclamdown",
    "cent",
    "sterling",
    "currency",
    "yen",
    "brokenbar",
    "section",
    "dieresis",
    "copyright",
    "ordfeminine",
    "guillemotleft",
    "logicalnot",
    "hyphen",
    "registered",
    "macron",
    "degree",
    "plusminus",
    "twosuperior",
    "threesuperior",
    "acute",
    "mu",
    "paragraph",
    "periodcentered",
    "cedilla",
    "onesuperior",
    "ordmasculine",
    "guillemotright",
    "onequarter",
    "onehalf",
    "threequarters",
    "questiondown",
    "Agrave",
    "Aacute",
    "Acircumflex",
    "Atilde",
    "Adieresis",
    "Aring",
    "AE",
    "Ccedilla",
    "Egrave",
    "Eacute",
    "Ecircumflex",
    "Edieresis",
    "Igrave",
    "Iacute",
    "Icircumflex",
    "Idieresis",
    "Eth",
    "Ntilde",
    "Ograve",
    "Oacute",
    "Ocircumflex",
    "Otilde",
    "Odieresis",
    "multiply",
    "Oslash",
    "Ugrave",
    "Uacute",
    "Ucircumflex",
    "Udieresis",
    "Yacute",
    "Thorn",
    "germandbls",
    "agrave",
    "aacute",
    "acircumflex",
    "atilde",
    "adieresis",
    "aring",
    "ae",
    "ccedilla",
    "egrave",
    "eacute",
    "ecircumflex",
    "edieresis",
    "igrave",
    "iacute",
    "icircumflex",
    "idieresis",
    "eth",
    "ntilde",
    "ograve",
    "oacute",
    "ocircumflex",
    "otilde",
    "odieresis",
    "divide",
    "oslash",
    "ugrave",
    "uacute",
    "ucircumflex",
    "udieresis",
    "yacute",
    "thorn",
    "ydieresis",
];

/// Helvetica, Helvetica-Bold, Times-Roman and Times-Bold, codes 32–255 (0: no glyph).
const WIDTHS: [[u16; 224]; 4] = [
    // Helvetica
    [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
        278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667,
        611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
        556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0, 556, 0, 222, 556, 333, 1000, 556, 556, 333,
        1000, 667, 333, 1000, 0, 611, 0, 0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667, 278, 333, 556, 556,
        556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834,
        834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584,
        778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556,
        556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
    ],
    // Helvetica-Bold
    [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
        333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667,
        611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889,
        611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0, 556, 0, 278, 556, 500, 1000, 556, 556, 333,
        1000, 667, 333, 1000, 0, 611, 0, 0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667, 278, 333, 556, 556,
        556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834,
        834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584,
        778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611,
        611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
    ],
    // Times-Roman
    [
        250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500,
        278, 278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556,
        611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778,
        500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541, 0, 500, 0, 333, 500, 444, 1000, 500, 500, 333,
        1000, 556, 333, 889, 0, 611, 0, 0, 333, 333, 444, 444, 350, 500, 1000, 333, 980, 389, 333, 722, 0, 444, 722, 250, 333, 500, 500,
        500, 500, 200, 500, 333, 760, 276, 500, 564, 333, 760, 333, 400, 564, 300, 300, 333, 500, 453, 250, 333, 300, 310, 500, 750, 750,
        750, 444, 722, 722, 722, 722, 722, 722, 889, 667, 611, 611, 611, 611, 333, 333, 333, 333, 722, 722, 722, 722, 722, 722, 722, 564,
        722, 722, 722, 722, 722, 722, 556, 500, 444, 444, 444, 444, 444, 444, 667, 444, 444, 444, 444, 444, 278, 278, 278, 278, 500, 500,
        500, 500, 500, 500, 500, 564, 500, 500, 500, 500, 500, 500, 500, 500,
    ],
    // Times-Bold
    [
        250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500,
        333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944, 722, 778, 611, 778, 722, 556,
        667, 722, 722, 1000, 722, 722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556, 278, 833,
        556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520, 0, 500, 0, 333, 500, 500, 1000, 500, 500, 333,
        1000, 556, 333, 1000, 0, 667, 0, 0, 333, 333, 500, 500, 350, 500, 1000, 333, 1000, 389, 333, 722, 0, 444, 722, 250, 333, 500, 500,
        500, 500, 220, 500, 333, 747, 300, 500, 570, 333, 747, 333, 400, 570, 300, 300, 333, 556, 540, 250, 333, 300, 330, 500, 750, 750,
        750, 500, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 389, 389, 389, 389, 722, 722, 778, 778, 778, 778, 778, 570,
        778, 722, 722, 722, 722, 722, 611, 556, 500, 500, 500, 500, 500, 500, 722, 444, 444, 444, 444, 444, 278, 278, 278, 278, 500, 556,
        500, 500, 500, 500, 500, 570, 500, 556, 556, 556, 556, 500, 556, 500,
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_ansi_codes_name_their_glyphs() {
        assert_eq!(win_ansi('é'), Some(0xe9));
        assert_eq!(win_ansi('€'), Some(0x80));
        assert_eq!(win_ansi('ễ'), None);
        assert_eq!(glyph_name(0x80), "Euro");
        assert_eq!(code_of_glyph(b"quotesingle"), Some(39));
        assert_eq!(Standard::like(b"ArialMT").width(b'W'), 944.0);
        assert_eq!(Standard::like(b"Times-Bold"), Standard::TimesBold);
        assert_eq!(Standard::like(b"CourierNewPSMT").width(b'i'), 600.0);
    }
}
