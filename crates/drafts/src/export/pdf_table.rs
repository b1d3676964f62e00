//! Tables in the PDF: aligned columns of monospace text with a bold header row; a table too wide
//! for the page is set as one record per row (`Header: value` lines) instead.

use super::afm::{Face, encode};
use super::typeset::{MARGIN, Pages, TEXT_WIDTH};

const SIZE: f32 = 8.5;
const LEADING: f32 = 11.0;
/// Spaces between columns.
const GAP: usize = 2;
/// Columns are not made narrower than this many characters; below it the table becomes records.
const NARROWEST: usize = 6;
/// A column wider than this many characters wraps even when the table would fit.
const WIDEST: usize = 60;

pub(crate) fn table(pages: &mut Pages, header: &[String], rows: &[Vec<String>]) {
    let encoded: Vec<Vec<Vec<u8>>> =
        std::iter::once(header).chain(rows.iter().map(Vec::as_slice)).map(|r| r.iter().map(|c| encode(c)).collect()).collect();
    let columns = header.len();
    let room = (TEXT_WIDTH / (0.6 * SIZE)).floor() as usize;
    let Some(widths) = column_widths(&encoded, columns, room) else {
        records(pages, header, rows);
        return;
    };
    for (index, row) in encoded.iter().enumerate() {
        let wrapped: Vec<Vec<Vec<u8>>> =
            widths.iter().enumerate().map(|(c, &w)| wrap_cell(row.get(c).map_or(&[][..], Vec::as_slice), w)).collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let face = if index == 0 { Face::MonoBold } else { Face::Mono };
        if index == 0 {
            // Keep the header with the first rows.
            pages.need(LEADING * (height as f32 + 3.0));
        } else {
            pages.need(LEADING * height as f32);
        }
        for line in 0..height {
            let mut text = Vec::new();
            for (c, &w) in widths.iter().enumerate() {
                let part = wrapped[c].get(line).map_or(&[][..], Vec::as_slice);
                text.extend_from_slice(part);
                text.resize(text.len() + w - part.len().min(w) + GAP, b' ');
            }
            while text.last() == Some(&b' ') {
                text.pop();
            }
            pages.line(MARGIN, SIZE, LEADING, &[(face, text)]);
        }
        if index == 0 {
            let rule: Vec<u8> = widths.iter().map(|&w| "-".repeat(w)).collect::<Vec<_>>().join(&" ".repeat(GAP)).into_bytes();
            pages.line(MARGIN, SIZE, LEADING, &[(Face::Mono, rule)]);
        }
    }
    pages.space(8.0);
}

/// Each column's width in characters, or `None` when the columns cannot fit at their narrowest.
fn column_widths(rows: &[Vec<Vec<u8>>], columns: usize, room: usize) -> Option<Vec<usize>> {
    let natural: Vec<usize> =
        (0..columns).map(|c| rows.iter().filter_map(|r| r.get(c)).map(Vec::len).max().unwrap_or(1).clamp(1, WIDEST)).collect();
    let gaps = GAP * columns.saturating_sub(1);
    if natural.iter().sum::<usize>() + gaps <= room {
        return Some(natural);
    }
    if columns * NARROWEST + gaps > room {
        return None;
    }
    // Share the room: narrow columns keep their width, the rest split what is left evenly (each
    // share is at least NARROWEST, as the check above leaves room for that).
    let mut order: Vec<usize> = (0..columns).collect();
    order.sort_by_key(|&c| natural[c]);
    let mut widths = vec![0; columns];
    let mut left = room - gaps;
    for (done, &c) in order.iter().enumerate() {
        let share = left / (columns - done);
        widths[c] = natural[c].min(share);
        left -= widths[c];
    }
    Some(widths)
}

/// A cell's text in lines of at most `width` characters, broken at spaces where it can be.
fn wrap_cell(text: &[u8], width: usize) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    let mut rest = text;
    while rest.len() > width {
        let cut = rest[..=width].iter().rposition(|&b| b == b' ').filter(|&at| at > 0).unwrap_or(width);
        lines.push(rest[..cut].to_vec());
        rest = &rest[cut..];
        while rest.first() == Some(&b' ') {
            rest = &rest[1..];
        }
    }
    if !rest.is_empty() || lines.is_empty() {
        lines.push(rest.to_vec());
    }
    lines
}

/// One record per row: each cell as `Header: value`, a space between rows.
fn records(pages: &mut Pages, header: &[String], rows: &[Vec<String>]) {
    for (index, row) in rows.iter().enumerate() {
        pages.need(14.0 * 2.0);
        pages.paragraph(MARGIN, TEXT_WIDTH, 10.0, 13.0, &[(Face::Bold, encode(&format!("Row {}", index + 1)))]);
        for (name, value) in header.iter().zip(row) {
            let runs = [(Face::Bold, encode(&format!("{name}: "))), (Face::Regular, encode(value))];
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
        let rows = vec![vec![b"Date".to_vec(), b"Event".to_vec()], vec![b"2026-03-01".to_vec(), b"Hearing".to_vec()]];
        assert_eq!(column_widths(&rows, 2, 91), Some(vec![10, 7]));
        let long = vec![vec![vec![b'x'; 80], vec![b'y'; 80], b"n".to_vec()]];
        assert_eq!(column_widths(&long, 3, 91), Some(vec![43, 43, 1]));
        assert_eq!(column_widths(&vec![vec![b"x".to_vec(); 20]; 1], 20, 91), Some(vec![1; 20]));
        assert_eq!(column_widths(&vec![vec![vec![b'x'; 10]; 20]; 1], 20, 91), None);
    }

    #[test]
    fn cells_wrap_at_spaces() {
        assert_eq!(wrap_cell(b"Hearing at the JDR court", 10), [b"Hearing at".to_vec(), b"the JDR".to_vec(), b"court".to_vec()]);
        assert_eq!(wrap_cell(b"abcdefghijkl", 5), [b"abcde".to_vec(), b"fghij".to_vec(), b"kl".to_vec()]);
    }
}
