//! Setting text on PDF pages: word-wrapping styled runs by their measured widths, placing lines
//! down the page and starting a new page when one is full.

use super::afm::Face;
use lopdf::Object;
use lopdf::content::Operation;

pub(crate) const PAGE_WIDTH: f32 = 612.0;
pub(crate) const PAGE_HEIGHT: f32 = 792.0;
pub(crate) const MARGIN: f32 = 72.0;
pub(crate) const TEXT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;

/// Text in one face, as WinAnsi bytes.
pub(crate) type Run = (Face, Vec<u8>);

/// The pages set so far and the one being filled.
pub(crate) struct Pages {
    done: Vec<Vec<Operation>>,
    ops: Vec<Operation>,
    /// The top of the next line, in points from the bottom of the page.
    y: f32,
}

impl Pages {
    pub(crate) fn new() -> Pages {
        Pages { done: Vec::new(), ops: Vec::new(), y: PAGE_HEIGHT - MARGIN }
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

    /// The fill colour for text that follows: 0 is black, 1 white.
    pub(crate) fn gray(&mut self, level: f32) {
        self.ops.push(Operation::new("g", vec![level.into()]));
    }

    /// One line of text `leading` points high, starting at `x`.
    pub(crate) fn line(&mut self, x: f32, size: f32, leading: f32, runs: &[Run]) {
        self.marked_line(None, x, size, leading, runs);
    }

    /// A line with a marker set before it at `marker.0` (a list bullet or number in the hanging
    /// indent); the marker comes first in the file, so text extraction reads it first too.
    pub(crate) fn marked_line(&mut self, marker: Option<(f32, &[Run])>, x: f32, size: f32, leading: f32, runs: &[Run]) {
        self.need(leading);
        self.y -= leading;
        let baseline = self.y + (leading - size) / 2.0 + size * 0.22;
        if let Some((marker_x, marker)) = marker {
            self.text_at(marker_x, baseline, size, marker);
        }
        self.text_at(x, baseline, size, runs);
    }

    /// Text at a point, outside the flow of lines.
    fn text_at(&mut self, x: f32, baseline: f32, size: f32, runs: &[Run]) {
        if runs.iter().all(|(_, bytes)| bytes.is_empty()) {
            return;
        }
        self.ops.push(Operation::new("BT", vec![]));
        self.ops.push(Operation::new("Td", vec![x.into(), baseline.into()]));
        for (face, bytes) in runs.iter().filter(|(_, bytes)| !bytes.is_empty()) {
            self.ops.push(Operation::new("Tf", vec![face.resource().into(), size.into()]));
            self.ops.push(Operation::new("Tj", vec![Object::String(bytes.clone(), lopdf::StringFormat::Literal)]));
        }
        self.ops.push(Operation::new("ET", vec![]));
    }

    /// A thin horizontal rule across the text width.
    pub(crate) fn rule(&mut self) {
        self.need(8.0);
        self.y -= 4.0;
        let y = self.y;
        self.ops.extend([
            Operation::new("w", vec![0.5.into()]),
            Operation::new("G", vec![0.6.into()]),
            Operation::new("m", vec![MARGIN.into(), y.into()]),
            Operation::new("l", vec![(PAGE_WIDTH - MARGIN).into(), y.into()]),
            Operation::new("S", vec![]),
        ]);
        self.y -= 4.0;
    }

    /// Wraps `runs` into lines `width` wide and sets them at `x`. Returns the number of lines.
    pub(crate) fn paragraph(&mut self, x: f32, width: f32, size: f32, leading: f32, runs: &[Run]) -> usize {
        let lines = wrap(runs, size, width);
        for line in &lines {
            self.line(x, size, leading, line);
        }
        lines.len()
    }

    /// Every page's operations, with "Page N of M" at the foot of each.
    pub(crate) fn finish(mut self) -> Vec<Vec<Operation>> {
        if !self.ops.is_empty() || self.done.is_empty() {
            self.done.push(std::mem::take(&mut self.ops));
        }
        let total = self.done.len();
        for (index, ops) in self.done.iter_mut().enumerate() {
            let footer = format!("Page {} of {total}", index + 1).into_bytes();
            let x = (PAGE_WIDTH - Face::Regular.measure(&footer, 9.0)) / 2.0;
            ops.push(Operation::new("g", vec![0.4.into()]));
            ops.push(Operation::new("BT", vec![]));
            ops.push(Operation::new("Tf", vec![Face::Regular.resource().into(), 9.into()]));
            ops.push(Operation::new("Td", vec![x.into(), 40.into()]));
            ops.push(Operation::new("Tj", vec![Object::String(footer, lopdf::StringFormat::Literal)]));
            ops.push(Operation::new("ET", vec![]));
        }
        self.done
    }
}

/// Splits runs into lines no wider than `width` at `size` points, breaking at spaces; a word
/// wider than a line is broken where it fills one.
pub(crate) fn wrap(runs: &[Run], size: f32, width: f32) -> Vec<Vec<Run>> {
    let mut lines = Vec::new();
    let mut line: Vec<Run> = Vec::new();
    let mut used = 0.0;
    for word in words(runs) {
        let word_width: f32 = word.iter().map(|(face, bytes)| face.measure(bytes, size)).sum();
        let space = word.first().map_or(0.0, |(face, _)| face.measure(b" ", size));
        if !line.is_empty() && used + space + word_width > width {
            lines.push(std::mem::take(&mut line));
            used = 0.0;
        }
        if !line.is_empty() {
            push(&mut line, word[0].0, b" ");
            used += space;
        }
        if word_width <= width {
            for (face, bytes) in &word {
                push(&mut line, *face, bytes);
            }
            used += word_width;
            continue;
        }
        // Too long for any line (a long address): break it where each line fills.
        for (face, bytes) in &word {
            for &byte in bytes {
                let w = face.measure(&[byte], size);
                if used + w > width && !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                    used = 0.0;
                }
                push(&mut line, *face, &[byte]);
                used += w;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The words of the runs: pieces between spaces, a word crossing runs kept whole (`**bold**,`).
fn words(runs: &[Run]) -> Vec<Vec<Run>> {
    let mut words: Vec<Vec<Run>> = Vec::new();
    let mut gap = true;
    for (face, bytes) in runs {
        for (index, piece) in bytes.split(|&b| b == b' ').enumerate() {
            if index > 0 {
                gap = true;
            }
            if piece.is_empty() {
                continue;
            }
            match words.last_mut() {
                Some(word) if !gap => word.push((*face, piece.to_vec())),
                _ => words.push(vec![(*face, piece.to_vec())]),
            }
            gap = false;
        }
    }
    words
}

fn push(line: &mut Vec<Run>, face: Face, bytes: &[u8]) {
    match line.last_mut() {
        Some((last, text)) if *last == face => text.extend_from_slice(bytes),
        _ => line.push((face, bytes.to_vec())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Vec<Run>]) -> Vec<String> {
        lines.iter().map(|l| l.iter().map(|(_, b)| String::from_utf8_lossy(b).into_owned()).collect()).collect()
    }

    #[test]
    fn lines_break_by_measured_width() {
        // At 10 pt, "iiii iiii" is 20.54 pt wide (i = 222, space = 278) and "WWWW WWWW" 78.3 pt
        // (W = 944); an average width would treat the two alike.
        let narrow = wrap(&[(Face::Regular, b"iiii iiii".to_vec())], 10.0, 40.0);
        let wide = wrap(&[(Face::Regular, b"WWWW WWWW".to_vec())], 10.0, 40.0);
        assert_eq!(texts(&narrow), ["iiii iiii"]);
        assert_eq!(texts(&wide), ["WWWW", "WWWW"]);
    }

    #[test]
    fn a_word_across_runs_stays_whole_and_long_words_are_cut() {
        let runs = [(Face::Bold, b"bold".to_vec()), (Face::Regular, b", then more".to_vec())];
        assert_eq!(texts(&wrap(&runs, 10.0, 30.0)), ["bold,", "then", "more"]);
        let long = wrap(&[(Face::Mono, b"abcdefghij".to_vec())], 10.0, 30.0);
        assert_eq!(texts(&long), ["abcde", "fghij"]);
    }
}
