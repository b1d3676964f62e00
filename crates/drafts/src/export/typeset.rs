//! Setting text on PDF pages: word-wrapping styled runs by their shaped widths, placing lines
//! down the page and starting a new page when one is full. Each line is put in display order by
//! the Unicode bidirectional algorithm (an Arabic name reads right to left inside an English
//! sentence), shaped, and written as glyph numbers of the embedded fonts; the glyphs used are
//! noted for the font subsets and the text each stands for.

use std::collections::BTreeMap;
use std::ops::Range;

use lopdf::content::Operation;
use lopdf::{Object, StringFormat};
use subsetter::GlyphRemapper;
use unicode_bidi::{BidiInfo, Level};

use super::fonts::{Face, Font, FontId, Fonts};
use super::shape::{char_width, pieces, shape, width};

pub(crate) const PAGE_WIDTH: f32 = 612.0;
pub(crate) const PAGE_HEIGHT: f32 = 792.0;
pub(crate) const MARGIN: f32 = 72.0;
pub(crate) const TEXT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;

/// How far italic text leans: the tangent of its slant (about 11°, as DejaVu Sans Oblique).
const SLANT: f32 = 0.2;
/// The outline drawn around fallback glyphs in bold text, as a share of the size.
const EMBOLDEN: f32 = 0.035;

/// Text in one face.
pub(crate) type Run = (Face, String);

/// The glyphs of one font a document uses: their numbers in the subset, widths and text.
#[derive(Default)]
pub(crate) struct FontUse {
    /// Original glyph numbers to the subset's (which are the PDF's character codes).
    pub remapper: GlyphRemapper,
    /// Each used code's advance width, in thousandths of an em.
    pub widths: BTreeMap<u16, f32>,
    /// The text each code stands for, for copying and searching.
    pub text: BTreeMap<u16, String>,
}

/// The pages set so far and the one being filled.
pub(crate) struct Pages {
    fonts: &'static Fonts,
    done: Vec<Vec<Operation>>,
    ops: Vec<Operation>,
    /// The top of the next line, in points from the bottom of the page.
    y: f32,
    used: BTreeMap<FontId, FontUse>,
}

impl Pages {
    pub(crate) fn new(fonts: &'static Fonts) -> Pages {
        Pages { fonts, done: Vec::new(), ops: Vec::new(), y: PAGE_HEIGHT - MARGIN, used: BTreeMap::new() }
    }

    pub(crate) fn fonts(&self) -> &'static Fonts {
        self.fonts
    }

    /// Vertical space; at the top of a page it is dropped.
    pub(crate) fn space(&mut self, points: f32) {
        if self.y < PAGE_HEIGHT - MARGIN {
            self.y -= points;
        }
    }

    /// Starts a new page unless `height` more fits on this one.
    pub(crate) fn need(&mut self, height: f32) {
        if self.y - height < MARGIN && self.y < PAGE_HEIGHT - MARGIN {
            self.done.push(std::mem::take(&mut self.ops));
            self.y = PAGE_HEIGHT - MARGIN;
        }
    }

    /// The colour for text that follows: 0 is black, 1 white.
    pub(crate) fn gray(&mut self, level: f32) {
        self.ops.push(Operation::new("g", vec![level.into()]));
        self.ops.push(Operation::new("G", vec![level.into()]));
    }

    /// One line of text `leading` points high, starting at `x`.
    pub(crate) fn line(&mut self, x: f32, size: f32, leading: f32, runs: &[Run]) {
        self.placed_line(size, leading, &[(x, runs)]);
    }

    /// One line `leading` points high holding several pieces, each at its own `x` (a list marker
    /// and its text, a table's cells). They are written in the order given, so text extraction
    /// reads them in that order too.
    pub(crate) fn placed_line(&mut self, size: f32, leading: f32, pieces: &[(f32, &[Run])]) {
        self.need(leading);
        self.y -= leading;
        let baseline = self.y + (leading - size) / 2.0 + size * 0.22;
        for (x, runs) in pieces {
            self.draw(*x, baseline, size, runs);
        }
    }

    /// A thin horizontal rule from `x` across `width`.
    pub(crate) fn rule_across(&mut self, x: f32, width: f32) {
        self.need(8.0);
        self.y -= 4.0;
        let y = self.y;
        self.ops.extend([
            Operation::new("q", vec![]),
            Operation::new("w", vec![0.5.into()]),
            Operation::new("G", vec![0.6.into()]),
            Operation::new("m", vec![x.into(), y.into()]),
            Operation::new("l", vec![(x + width).into(), y.into()]),
            Operation::new("S", vec![]),
            Operation::new("Q", vec![]),
        ]);
        self.y -= 4.0;
    }

    /// A thin horizontal rule across the text width.
    pub(crate) fn rule(&mut self) {
        self.rule_across(MARGIN, TEXT_WIDTH);
    }

    /// Wraps `runs` into lines `width` wide and sets them at `x`. Returns the number of lines.
    pub(crate) fn paragraph(&mut self, x: f32, width: f32, size: f32, leading: f32, runs: &[Run]) -> usize {
        let lines = wrap(self.fonts, runs, size, width);
        for line in &lines {
            self.line(x, size, leading, line);
        }
        lines.len()
    }

    /// Every page's operations, with "Page N of M" at the foot of each, and the glyphs used.
    pub(crate) fn finish(mut self) -> (Vec<Vec<Operation>>, BTreeMap<FontId, FontUse>) {
        if !self.ops.is_empty() || self.done.is_empty() {
            self.done.push(std::mem::take(&mut self.ops));
        }
        let total = self.done.len();
        let pages = std::mem::take(&mut self.done);
        let mut finished = Vec::with_capacity(total);
        for (index, ops) in pages.into_iter().enumerate() {
            self.ops = ops;
            let footer = [(Face::Regular, format!("Page {} of {total}", index + 1))];
            let x = (PAGE_WIDTH - measure(self.fonts, &footer, 9.0)) / 2.0;
            self.gray(0.4);
            self.draw(x, 40.0, 9.0, &footer);
            finished.push(std::mem::take(&mut self.ops));
        }
        (finished, self.used)
    }

    /// One line of text in the regular face from `x` at `baseline`, placed by the caller (a
    /// filled form field's box; see [`unicode_text`](super::unicode_text)).
    pub(crate) fn text_at(&mut self, x: f32, baseline: f32, size: f32, text: &str) {
        self.draw(x, baseline, size, &[run(Face::Regular, text)]);
    }

    /// The operations set since the last call (no page breaks or footers), leaving the glyphs
    /// used noted for [`finish`](Pages::finish) or [`into_used`](Pages::into_used).
    pub(crate) fn take_operations(&mut self) -> Vec<Operation> {
        std::mem::take(&mut self.done).into_iter().flatten().chain(std::mem::take(&mut self.ops)).collect()
    }

    /// The glyphs used, for the font subsets.
    pub(crate) fn into_used(self) -> BTreeMap<FontId, FontUse> {
        self.used
    }

    /// Sets `runs` on one line from `x` at `baseline`: in display order, each stretch of one
    /// face, font and direction shaped and placed after the one before.
    fn draw(&mut self, x: f32, baseline: f32, size: f32, runs: &[Run]) {
        let text: String = runs.iter().map(|(_, t)| t.as_str()).collect();
        if text.trim().is_empty() {
            return;
        }
        // Where each run starts in `text`, with its face.
        let mut starts = Vec::with_capacity(runs.len());
        let mut at = 0;
        for (face, run) in runs {
            starts.push((at, *face));
            at += run.len();
        }
        let bidi = BidiInfo::new(&text, Some(Level::ltr()));
        let mut pen = x;
        for paragraph in &bidi.paragraphs {
            let (levels, visual) = bidi.visual_runs(paragraph, paragraph.range.clone());
            for range in visual {
                let rtl = levels[range.start].is_rtl();
                // Right-to-left text is written in the order it is drawn, as PDF readers expect
                // (they put it back in reading order when they extract it).
                let mut stretches = stretches(self.fonts, &text, range.clone(), &starts);
                if rtl {
                    stretches.reverse();
                }
                for (face, font, stretch) in stretches {
                    pen += self.set(face, font, &text[stretch], rtl, (pen, baseline), size);
                }
            }
        }
    }

    /// Shapes `text` in one font and writes it at `at`; returns its width in points.
    fn set(&mut self, face: Face, id: FontId, text: &str, rtl: bool, at: (f32, f32), size: f32) -> f32 {
        let font = self.fonts.get(id);
        let glyphs = shape(font, text, Some(rtl));
        let use_ = self.used.entry(id).or_default();
        // The text of each glyph: from its cluster to the next, given to the first glyph of each.
        let mut clusters: Vec<usize> = glyphs.iter().map(|g| g.cluster).collect();
        clusters.sort_unstable();
        clusters.dedup();
        let mut named = vec![false; clusters.len()];
        let mut ops = vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec![id.resource().into(), size.into()]),
            Operation::new(
                "Tm",
                vec![1.into(), 0.into(), (if face.slanted() { SLANT } else { 0.0 }).into(), 1.into(), at.0.into(), at.1.into()],
            ),
        ];
        if face.emboldens(id) {
            ops.push(Operation::new("Tr", vec![2.into()]));
            ops.push(Operation::new("w", vec![(size * EMBOLDEN).into()]));
        }
        let mut shown = Shown::default();
        let (mut pen, mut drawn, mut rise) = (0i32, 0i32, 0i32);
        for glyph in &glyphs {
            if glyph.y_offset != rise {
                shown.flush(&mut ops);
                rise = glyph.y_offset;
                ops.push(Operation::new("Ts", vec![(rise as f32 * size / font.units).into()]));
            }
            let target = pen + glyph.x_offset;
            if target != drawn {
                shown.adjust(-font.per_mille((target - drawn) as f32));
            }
            let index = clusters.partition_point(|&c| c < glyph.cluster);
            let meaning = (!named[index]).then(|| {
                named[index] = true;
                &text[glyph.cluster..clusters.get(index + 1).copied().unwrap_or(text.len())]
            });
            shown.glyph(note(use_, font, glyph.id, meaning));
            drawn = target + i32::from(font.advance(glyph.id));
            pen += glyph.advance;
        }
        shown.flush(&mut ops);
        if rise != 0 {
            ops.push(Operation::new("Ts", vec![0.into()]));
        }
        if face.emboldens(id) {
            ops.push(Operation::new("Tr", vec![0.into()]));
        }
        ops.push(Operation::new("ET", vec![]));
        self.ops.extend(ops);
        pen as f32 * size / font.units
    }
}

/// The glyphs of a `TJ` being built: codes, and moves between them where shaping placed a
/// glyph elsewhere than the last one's advance would.
#[derive(Default)]
struct Shown {
    items: Vec<Object>,
    codes: Vec<u8>,
}

impl Shown {
    fn glyph(&mut self, code: u16) {
        self.codes.extend(code.to_be_bytes());
    }

    /// Moves left by `per_mille` thousandths of an em (right when negative).
    fn adjust(&mut self, per_mille: f32) {
        self.push_codes();
        self.items.push(per_mille.into());
    }

    fn push_codes(&mut self) {
        if !self.codes.is_empty() {
            self.items.push(Object::String(std::mem::take(&mut self.codes), StringFormat::Hexadecimal));
        }
    }

    fn flush(&mut self, ops: &mut Vec<Operation>) {
        self.push_codes();
        if !self.items.is_empty() {
            ops.push(Operation::new("TJ", vec![Object::Array(std::mem::take(&mut self.items))]));
        }
    }
}

/// Notes a glyph as used and returns its code in the subset.
fn note(use_: &mut FontUse, font: &Font, glyph: u16, meaning: Option<&str>) -> u16 {
    let code = use_.remapper.remap(glyph);
    use_.widths.entry(code).or_insert_with(|| font.per_mille(f32::from(font.advance(glyph))));
    if let Some(meaning) = meaning.filter(|m| !m.is_empty()) {
        use_.text.entry(code).or_insert_with(|| meaning.to_string());
    }
    code
}

/// The stretches of `range` in `text` that one face and one font set, in the text's order.
fn stretches(fonts: &Fonts, text: &str, range: Range<usize>, starts: &[(usize, Face)]) -> Vec<(Face, FontId, Range<usize>)> {
    let mut out = Vec::new();
    let mut at = range.start;
    while at < range.end {
        let run = starts.partition_point(|&(start, _)| start <= at).saturating_sub(1);
        let face = starts.get(run).map_or(Face::Regular, |&(_, face)| face);
        let end = starts.get(run + 1).map_or(range.end, |&(start, _)| start.min(range.end));
        if end <= at {
            break;
        }
        out.extend(pieces(fonts, face, text, at..end).into_iter().map(|(font, piece)| (face, font, piece)));
        at = end;
    }
    out
}

/// The width of runs at `size` points.
pub(crate) fn measure(fonts: &Fonts, runs: &[Run], size: f32) -> f32 {
    runs.iter().map(|(face, text)| width(fonts, *face, text, size)).sum()
}

/// Splits runs into lines no wider than `width` at `size` points: at each `\n`, and at spaces
/// where a line is full; a word wider than a line is broken where it fills one. Text with
/// nothing in it gives no lines.
pub(crate) fn wrap(fonts: &Fonts, runs: &[Run], size: f32, width: f32) -> Vec<Vec<Run>> {
    let mut lines = Vec::new();
    // The width of a space in each face met so far.
    let mut spaces: Vec<(Face, f32)> = Vec::new();
    for segment in broken_at_newlines(runs) {
        let mut line: Vec<Run> = Vec::new();
        let mut used = 0.0;
        for word in words(&segment) {
            let word_width = measure(fonts, &word, size);
            let face = word[0].0;
            let space = match spaces.iter().find(|(f, _)| *f == face) {
                Some(&(_, space)) => space,
                None => {
                    let space = super::shape::width(fonts, face, " ", size);
                    spaces.push((face, space));
                    space
                }
            };
            if !line.is_empty() && used + space + word_width > width {
                lines.push(std::mem::take(&mut line));
                used = 0.0;
            }
            if !line.is_empty() {
                push(&mut line, word[0].0, " ");
                used += space;
            }
            if word_width <= width {
                for (face, text) in &word {
                    push(&mut line, *face, text);
                }
                used += word_width;
                continue;
            }
            // Too long for any line (a long address): break it where each line fills.
            for (face, text) in &word {
                for c in text.chars() {
                    let w = char_width(fonts, *face, c, size);
                    if used + w > width && !line.is_empty() {
                        lines.push(std::mem::take(&mut line));
                        used = 0.0;
                    }
                    push(&mut line, *face, c.encode_utf8(&mut [0; 4]));
                    used += w;
                }
            }
        }
        lines.push(line);
    }
    if lines.iter().all(Vec::is_empty) {
        return Vec::new();
    }
    lines
}

/// A line of monospace text cut into pieces no wider than `width` (code is cut, not wrapped).
pub(crate) fn cut(fonts: &Fonts, face: Face, text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = vec![String::new()];
    let mut used = 0.0;
    for c in text.chars() {
        let w = char_width(fonts, face, c, size);
        if used + w > width && lines.last().is_some_and(|l| !l.is_empty()) {
            lines.push(String::new());
            used = 0.0;
        }
        if let Some(line) = lines.last_mut() {
            line.push(c);
        }
        used += w;
    }
    lines
}

/// The runs split at each `\n`.
fn broken_at_newlines(runs: &[Run]) -> Vec<Vec<Run>> {
    let mut segments = vec![Vec::new()];
    for (face, text) in runs {
        for (index, piece) in text.split('\n').enumerate() {
            if index > 0 {
                segments.push(Vec::new());
            }
            if let (false, Some(segment)) = (piece.is_empty(), segments.last_mut()) {
                push(segment, *face, piece);
            }
        }
    }
    segments
}

/// The words of the runs: pieces between spaces, a word crossing runs kept whole (`**bold**,`).
fn words(runs: &[Run]) -> Vec<Vec<Run>> {
    let mut words: Vec<Vec<Run>> = Vec::new();
    let mut gap = true;
    for (face, text) in runs {
        for (index, piece) in text.split(' ').enumerate() {
            if index > 0 {
                gap = true;
            }
            if piece.is_empty() {
                continue;
            }
            match words.last_mut() {
                Some(word) if !gap => word.push((*face, piece.to_string())),
                _ => words.push(vec![(*face, piece.to_string())]),
            }
            gap = false;
        }
    }
    words
}

fn push(line: &mut Vec<Run>, face: Face, text: &str) {
    match line.last_mut() {
        Some((last, run)) if *last == face => run.push_str(text),
        _ => line.push((face, text.to_string())),
    }
}

/// A run of text in one face, with tabs and stray line ends as spaces (a `\n` is a line break).
pub(crate) fn run(face: Face, text: &str) -> Run {
    (face, text.replace(['\t', '\r'], " "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Vec<Run>]) -> Vec<String> {
        lines.iter().map(|l| l.iter().map(|(_, t)| t.as_str()).collect()).collect()
    }

    fn run(face: Face, text: &str) -> Run {
        (face, text.to_string())
    }

    #[test]
    fn lines_break_by_measured_width() {
        let fonts = Fonts::load().unwrap();
        // At 10 pt in DejaVu Sans, "iiii iiii" is 25.4 pt wide and "WWWW WWWW" 82.3 pt; an
        // average width would treat the two alike.
        let narrow = wrap(fonts, &[run(Face::Regular, "iiii iiii")], 10.0, 40.0);
        let wide = wrap(fonts, &[run(Face::Regular, "WWWW WWWW")], 10.0, 40.0);
        assert_eq!(texts(&narrow), ["iiii iiii"]);
        assert_eq!(texts(&wide), ["WWWW", "WWWW"]);
    }

    #[test]
    fn a_word_across_runs_stays_whole_long_words_are_cut_and_line_breaks_hold() {
        let fonts = Fonts::load().unwrap();
        let runs = [run(Face::Bold, "bold"), run(Face::Regular, ", then more")];
        assert_eq!(texts(&wrap(fonts, &runs, 10.0, 30.0)), ["bold,", "then", "more"]);
        // Mono is 6.02 pt a character at 10 pt: four fit in 30 pt.
        let long = wrap(fonts, &[run(Face::Mono, "abcdefghij")], 10.0, 30.0);
        assert_eq!(texts(&long), ["abcd", "efgh", "ij"]);
        assert_eq!(
            texts(&wrap(fonts, &[run(Face::Regular, "Jane Doe\n12 Main St\n\nRichmond")], 10.0, 300.0)),
            ["Jane Doe", "12 Main St", "", "Richmond"]
        );
        assert!(wrap(fonts, &[run(Face::Regular, " ")], 10.0, 300.0).is_empty());
        assert_eq!(cut(fonts, Face::Mono, "abcdefghij", 10.0, 30.0), ["abcd", "efgh", "ij"]);
    }
}
