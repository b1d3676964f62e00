//! Tables in the PDF: columns as wide as their measured text (up to a limit), each cell wrapped
//! inside its column and set at the column's left edge, a bold header row with a rule under it. A
//! table too wide for the page at its narrowest is set as one record per row (`Header: value`
//! lines) instead.

use super::fonts::Face;
use super::shape::width;
use super::typeset::{MARGIN, Pages, Run, TEXT_WIDTH, run, wrap};

const SIZE: f32 = 9.0;
const LEADING: f32 = 11.5;
/// Points between columns.
const GAP: f32 = 10.0;
/// Columns are not made narrower than this; below it the table becomes records.
const NARROWEST: f32 = 40.0;
/// A column wider than this wraps even when the table would fit.
const WIDEST: f32 = 230.0;

pub(crate) fn table(pages: &mut Pages, header: &[String], rows: &[Vec<String>]) {
    let fonts = pages.fonts();
    let columns = header.len();
    let all = || std::iter::once((Face::Bold, header)).chain(rows.iter().map(|r| (Face::Regular, r.as_slice())));
    let natural: Vec<f32> = (0..columns)
        .map(|c| {
            let widest = all()
                .filter_map(|(face, row)| row.get(c).map(|cell| cell.split('\n').map(|l| width(fonts, face, l, SIZE)).fold(0.0, f32::max)))
                .fold(1.0, f32::max);
            widest.min(WIDEST)
        })
        .collect();
    let Some(widths) = column_widths(&natural, TEXT_WIDTH) else {
        records(pages, header, rows);
        return;
    };
    let lefts: Vec<f32> = widths.iter().scan(MARGIN, |x, w| Some(std::mem::replace(x, *x + w + GAP))).collect();
    for (index, (face, row)) in all().enumerate() {
        let wrapped: Vec<Vec<Vec<Run>>> =
            widths.iter().enumerate().map(|(c, &w)| wrap(fonts, &[run(face, row.get(c).map_or("", String::as_str))], SIZE, w)).collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1);
        // Keep the header with the first rows.
        let keep = if index == 0 { 3.0 } else { 0.0 };
        pages.need(LEADING * (height as f32 + keep));
        for line in 0..height {
            let pieces: Vec<(f32, &[Run])> =
                lefts.iter().zip(&wrapped).map(|(&x, cell)| (x, cell.get(line).map_or(&[][..], Vec::as_slice))).collect();
            pages.placed_line(SIZE, LEADING, &pieces);
        }
        if index == 0 {
            let across = widths.iter().sum::<f32>() + GAP * columns.saturating_sub(1) as f32;
            pages.rule_across(MARGIN, across);
        }
    }
    pages.space(8.0);
}

/// Each column's width in points, or `None` when the columns cannot fit at their narrowest.
fn column_widths(natural: &[f32], room: f32) -> Option<Vec<f32>> {
    let columns = natural.len();
    let gaps = GAP * columns.saturating_sub(1) as f32;
    if natural.iter().sum::<f32>() + gaps <= room {
        return Some(natural.to_vec());
    }
    if columns as f32 * NARROWEST + gaps > room {
        return None;
    }
    // Share the room: narrow columns keep their width, the rest split what is left evenly (each
    // share is at least NARROWEST, as the check above leaves room for that).
    let mut order: Vec<usize> = (0..columns).collect();
    order.sort_by(|&a, &b| natural[a].total_cmp(&natural[b]));
    let mut widths = vec![0.0; columns];
    let mut left = room - gaps;
    for (done, &c) in order.iter().enumerate() {
        let share = left / (columns - done) as f32;
        widths[c] = natural[c].min(share);
        left -= widths[c];
    }
    Some(widths)
}

/// One record per row: each cell as `Header: value`, a space between rows.
fn records(pages: &mut Pages, header: &[String], rows: &[Vec<String>]) {
    for (index, row) in rows.iter().enumerate() {
        pages.need(14.0 * 2.0);
        pages.paragraph(MARGIN, TEXT_WIDTH, 10.0, 13.0, &[run(Face::Bold, &format!("Row {}", index + 1))]);
        for (name, value) in header.iter().zip(row) {
            let runs = [run(Face::Bold, &format!("{name}: ")), run(Face::Regular, value)];
            pages.paragraph(MARGIN + 12.0, TEXT_WIDTH - 12.0, 10.0, 13.0, &runs);
        }
        pages.space(6.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_fit_or_share_the_room() {
        assert_eq!(column_widths(&[50.0, 40.0], 468.0), Some(vec![50.0, 40.0]));
        assert_eq!(column_widths(&[230.0, 230.0, 5.0], 468.0), Some(vec![221.5, 221.5, 5.0]));
        assert_eq!(column_widths(&[5.0; 20], 468.0), Some(vec![5.0; 20]));
        assert_eq!(column_widths(&[60.0; 20], 468.0), None);
    }
}
