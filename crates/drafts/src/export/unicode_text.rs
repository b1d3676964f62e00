//! The PDF export's Unicode text for another crate's PDF: proseva-forms draws filled form fields'
//! values with it when the form's own font cannot show the characters (a Vietnamese or Arabic
//! name). The same fonts, shaping, bidirectional order and subsetting as [`to_pdf`](super::to_pdf);
//! all the blocks drawn in one call share one subset of each font.
//!
//! ```
//! use proseva_drafts::unicode_text::{self, Line};
//!
//! let mut doc = lopdf::Document::with_version("1.7");
//! assert!(unicode_text::width("Nguyễn Thị Lan", 10.0).unwrap() > 50.0);
//! assert_eq!(unicode_text::wrap("Nguyễn Thị Lan", 10.0, 40.0).unwrap(), ["Nguyễn", "Thị Lan"]);
//! let name = [Line { x: 2.0, baseline: 4.0, size: 10.0, text: "Nguyễn Thị Lan" }];
//! let other = [Line { x: 2.0, baseline: 4.0, size: 9.0, text: "فاطمة الزهراء" }];
//! let (blocks, fonts) = unicode_text::draw(&mut doc, &[&name, &other]).unwrap();
//! assert!(blocks.iter().all(|ops| ops.iter().any(|op| op.operator == "TJ")));
//! assert_eq!(fonts.len(), 1, "both blocks are set in one subset of DejaVu Sans");
//! ```

use lopdf::content::Operation;
use lopdf::{Dictionary, Document};

use super::fonts::{Face, FontId, Fonts};
use super::pdf_font::embed;
use super::typeset::{Pages, measure, run, wrap as wrap_runs};
use crate::error::DraftError;

/// One line of text, placed by the caller: from `x` at `baseline`, `size` points.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    pub x: f32,
    pub baseline: f32,
    pub size: f32,
    pub text: &'a str,
}

/// The width of `text` at `size` points, in DejaVu Sans (or the fallback font for characters it
/// lacks).
pub fn width(text: &str, size: f32) -> Result<f32, DraftError> {
    Ok(measure(Fonts::load()?, &[run(Face::Regular, text)], size))
}

/// `text` broken into lines no wider than `width` at `size` points: at each `\n`, and at spaces
/// where a line is full (a word wider than a line is cut).
pub fn wrap(text: &str, size: f32, width: f32) -> Result<Vec<String>, DraftError> {
    let lines = wrap_runs(Fonts::load()?, &[run(Face::Regular, text)], size, width);
    Ok(lines.into_iter().map(|line| line.into_iter().map(|(_, text)| text).collect()).collect())
}

/// Content operations drawing each block of lines (one content stream each), and the font
/// resources they name (`/F1`…), whose fonts — cut down to the glyphs all the blocks use — are
/// added to `doc`.
pub fn draw(doc: &mut Document, blocks: &[&[Line]]) -> Result<(Vec<Vec<Operation>>, Dictionary), DraftError> {
    let fonts = Fonts::load()?;
    let mut pages = Pages::new(fonts);
    let mut drawn = Vec::with_capacity(blocks.len());
    for block in blocks {
        for line in *block {
            pages.text_at(line.x, line.baseline, line.size, line.text);
        }
        drawn.push(pages.take_operations());
    }
    let used = pages.into_used();
    let mut resources = Dictionary::new();
    for id in FontId::ALL {
        if let Some(use_) = used.get(&id) {
            resources.set(id.resource(), embed(doc, fonts.get(id), use_)?);
        }
    }
    Ok((drawn, resources))
}
