//! A court paper as a PDF: Letter pages, 12-point text, one-inch margins, the body double-spaced, the court lines and
//! heading centred in bold, the caption with the case number on the line of the "v.", numbered
//! paragraphs with a hanging number, the signature block on the right half with a line to sign
//! on, and the certificate of service after a rule. "Page N of M" is at the foot of each page.

use super::fonts::{Face, Fonts};
use super::pdf::assemble;
use super::typeset::{MARGIN, Pages, Run, TEXT_WIDTH, measure, run, wrap};
use crate::error::DraftError;
use crate::paper::{BLANK, Paper, PaperLayout, or_blank, party_lines, signature_lines};

const SIZE: f32 = 12.0;
const LEADING: f32 = 16.0;
/// The body is double-spaced (Rules 7A:7 and 1:16); the heading, caption and signature block are not.
const DOUBLE: f32 = 24.0;
/// Where the signature block and the case number start.
const RIGHT: f32 = MARGIN + TEXT_WIDTH * 0.5;
const RIGHT_WIDTH: f32 = TEXT_WIDTH * 0.5;

pub(crate) fn paper_pdf(paper: &Paper) -> Result<Vec<u8>, DraftError> {
    let mut pages = Pages::new(Fonts::load()?);
    match paper.layout {
        PaperLayout::Pleading => pleading_top(&mut pages, paper),
        PaperLayout::Letter => letter_top(&mut pages, paper),
    }
    if !paper.opening.is_empty() {
        indented(&mut pages, &paper.opening);
    }
    for (i, p) in paper.paragraphs.iter().enumerate() {
        match paper.layout {
            PaperLayout::Pleading => numbered(&mut pages, i + 1, p),
            PaperLayout::Letter => indented(&mut pages, p),
        }
    }
    if !paper.closing.is_empty() {
        indented(&mut pages, &paper.closing);
    }
    signature(&mut pages, paper);
    if let Some(c) = &paper.certificate {
        pages.space(18.0);
        pages.need(LEADING * 6.0);
        pages.rule();
        centred(&mut pages, &[run(Face::Bold, "CERTIFICATE OF SERVICE")]);
        pages.space(6.0);
        indented(&mut pages, &c.statement);
        for line in &c.served {
            pages.paragraph(MARGIN + 36.0, TEXT_WIDTH - 36.0, SIZE, LEADING, &[run(Face::Regular, line)]);
        }
        pages.space(LEADING * 1.5);
        pages.need(LEADING * 2.0);
        pages.line(RIGHT, SIZE, LEADING, &[run(Face::Regular, &"_".repeat(30))]);
        pages.paragraph(RIGHT, RIGHT_WIDTH, SIZE, LEADING, &[run(Face::Regular, &paper.signature.name)]);
    }
    assemble(pages, &paper.heading)
}

fn pleading_top(pages: &mut Pages, paper: &Paper) {
    for line in &paper.court {
        centred(pages, &[run(Face::Bold, line)]);
    }
    pages.space(LEADING);
    if let Some(caption) = &paper.caption {
        let left = TEXT_WIDTH * 0.5 - 12.0;
        for (name, role) in party_lines(&caption.first, false) {
            pages.paragraph(MARGIN, left, SIZE, LEADING, &[run(Face::Regular, &name)]);
            if let Some(role) = role {
                pages.paragraph(MARGIN + 72.0, left - 72.0, SIZE, LEADING, &[run(Face::Regular, &role)]);
            }
        }
        pages.space(LEADING * 0.5);
        let number = format!("{} {}", caption.number_label, or_blank(&caption.number));
        let v = [run(Face::Regular, "v.")];
        let number_runs = [run(Face::Regular, &number)];
        pages.placed_line(SIZE, LEADING, &[(MARGIN, &v[..]), (RIGHT, &number_runs[..])]);
        pages.space(LEADING * 0.5);
        for (name, role) in party_lines(&caption.second, true) {
            pages.paragraph(MARGIN, left, SIZE, LEADING, &[run(Face::Regular, &name)]);
            if let Some(role) = role {
                pages.paragraph(MARGIN + 72.0, left - 72.0, SIZE, LEADING, &[run(Face::Regular, &role)]);
            }
        }
        pages.space(LEADING);
    }
    centred(pages, &[run(Face::Bold, &paper.heading)]);
    pages.space(LEADING * 0.5);
}

fn letter_top(pages: &mut Pages, paper: &Paper) {
    for line in signature_lines(&paper.signature) {
        pages.paragraph(MARGIN, TEXT_WIDTH, SIZE, LEADING, &[run(Face::Regular, &line)]);
    }
    pages.space(LEADING);
    if let Some(letter) = &paper.letter {
        pages.paragraph(MARGIN, TEXT_WIDTH, SIZE, LEADING, &[run(Face::Regular, or_blank(&letter.date))]);
        pages.space(LEADING);
        for line in &letter.to {
            pages.paragraph(MARGIN, TEXT_WIDTH, SIZE, LEADING, &[run(Face::Regular, line)]);
        }
        pages.space(LEADING);
        pages.paragraph(MARGIN, TEXT_WIDTH, SIZE, LEADING, &[run(Face::Bold, &format!("Re: {}", paper.heading))]);
        pages.space(LEADING * 0.5);
        pages.paragraph(MARGIN, TEXT_WIDTH, SIZE, LEADING, &[run(Face::Regular, &letter.salutation)]);
        pages.space(LEADING * 0.5);
    }
}

/// Each line of `runs` wrapped to the text width and centred.
fn centred(pages: &mut Pages, runs: &[Run]) {
    for line in wrap(pages.fonts(), runs, SIZE, TEXT_WIDTH) {
        let width = measure(pages.fonts(), &line, SIZE);
        pages.line(MARGIN + ((TEXT_WIDTH - width) / 2.0).max(0.0), SIZE, LEADING, &line);
    }
}

/// A paragraph (each of the person's line breaks starts a new one) with its first line indented.
fn indented(pages: &mut Pages, text: &str) {
    for piece in text.split('\n').filter(|p| !p.trim().is_empty()) {
        let mut lines = wrap(pages.fonts(), &[run(Face::Regular, piece.trim())], SIZE, TEXT_WIDTH - 36.0);
        if lines.is_empty() {
            continue;
        }
        let first = lines.remove(0);
        pages.line(MARGIN + 36.0, SIZE, DOUBLE, &first);
        // The lines after the first use the full width: the rest is wrapped again.
        let rest: Vec<&str> = lines.iter().flatten().flat_map(|(_, t)| t.split_whitespace()).collect();
        if !rest.is_empty() {
            pages.paragraph(MARGIN, TEXT_WIDTH, SIZE, DOUBLE, &[run(Face::Regular, &rest.join(" "))]);
        }
    }
    pages.space(DOUBLE * 0.25);
}

/// `n.` in the margin's first half inch, the text wrapped beside it.
fn numbered(pages: &mut Pages, n: usize, text: &str) {
    let number = [run(Face::Regular, &format!("{n}."))];
    let x = MARGIN + 36.0;
    let lines = wrap(pages.fonts(), &[run(Face::Regular, &text.replace('\n', " "))], SIZE, TEXT_WIDTH - 36.0);
    for (i, line) in lines.iter().enumerate() {
        if i == 0 {
            pages.placed_line(SIZE, DOUBLE, &[(MARGIN, &number[..]), (x, line)]);
        } else {
            pages.line(x, SIZE, DOUBLE, line);
        }
    }
    pages.space(DOUBLE * 0.25);
}

fn signature(pages: &mut Pages, paper: &Paper) {
    let s = &paper.signature;
    let lines = signature_lines(s);
    pages.space(LEADING);
    pages.need(LEADING * (lines.len() as f32 + 4.0));
    match paper.layout {
        PaperLayout::Pleading => {
            pages.line(RIGHT, SIZE, LEADING, &[run(Face::Regular, "Respectfully submitted,")]);
            pages.space(LEADING * 1.5);
            pages.line(RIGHT, SIZE, LEADING, &[run(Face::Regular, &"_".repeat(30))]);
            for line in &lines {
                pages.paragraph(RIGHT, RIGHT_WIDTH, SIZE, LEADING, &[run(Face::Regular, line)]);
            }
            pages.space(LEADING * 0.5);
            let date = if s.date.is_empty() { BLANK } else { s.date.as_str() };
            pages.line(MARGIN, SIZE, LEADING, &[run(Face::Regular, &format!("Date: {date}"))]);
        }
        PaperLayout::Letter => {
            let sign_off = paper.letter.as_ref().map_or("Sincerely,", |l| l.sign_off.as_str());
            pages.line(MARGIN, SIZE, LEADING, &[run(Face::Regular, sign_off)]);
            pages.space(LEADING * 1.5);
            pages.line(MARGIN, SIZE, LEADING, &[run(Face::Regular, &"_".repeat(30))]);
            pages.paragraph(MARGIN, TEXT_WIDTH, SIZE, LEADING, &[run(Face::Regular, &s.name)]);
        }
    }
}
