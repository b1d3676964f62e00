//! A court paper as a Word file: the same parts as the PDF — court lines and heading centred in
//! bold, the caption as a borderless two-column table (parties left, case number right),
//! numbered paragraphs with a hanging number, the body double-spaced, the signature block indented to the right half,
//! and the certificate of service after a rule. 12-point text on Letter pages, one-inch margins.

use super::docx::{core_xml, document_of, package, paragraph, plain};
use super::docx_parts::STYLES;
use crate::error::DraftError;
use crate::markdown::Span;
use crate::paper::{BLANK, Paper, PaperLayout, or_blank, party_lines, signature_lines};

const CENTRE: &str = r#"<w:jc w:val="center"/><w:spacing w:after="0"/>"#;
const TIGHT: &str = r#"<w:spacing w:after="0"/>"#;
/// Body paragraphs are double-spaced (Rules 7A:7 and 1:16).
const FIRST_LINE: &str = r#"<w:spacing w:after="0" w:line="480" w:lineRule="auto"/><w:ind w:firstLine="720"/>"#;
const RIGHT_HALF: &str = r#"<w:spacing w:after="0"/><w:ind w:left="4680"/>"#;

pub(crate) fn paper_docx(paper: &Paper, created: &str) -> Result<Vec<u8>, DraftError> {
    let mut body = String::new();
    match paper.layout {
        PaperLayout::Pleading => pleading_top(&mut body, paper),
        PaperLayout::Letter => letter_top(&mut body, paper),
    }
    if !paper.opening.is_empty() {
        text_paragraphs(&mut body, &paper.opening);
    }
    for (i, p) in paper.paragraphs.iter().enumerate() {
        match paper.layout {
            PaperLayout::Pleading => {
                let properties = r#"<w:spacing w:after="0" w:line="480" w:lineRule="auto"/><w:ind w:left="720" w:hanging="720"/>"#;
                paragraph(&mut body, "", properties, &[sized(&format!("{}.\t{}", i + 1, p.replace('\n', " ")), false)]);
            }
            PaperLayout::Letter => text_paragraphs(&mut body, p),
        }
    }
    if !paper.closing.is_empty() {
        text_paragraphs(&mut body, &paper.closing);
    }
    signature(&mut body, paper);
    if let Some(c) = &paper.certificate {
        body.push_str(r#"<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="999999"/></w:pBdr></w:pPr></w:p>"#);
        paragraph(
            &mut body,
            "",
            r#"<w:keepNext/><w:jc w:val="center"/><w:spacing w:before="240" w:after="120"/>"#,
            &[sized("CERTIFICATE OF SERVICE", true)],
        );
        text_paragraphs(&mut body, &c.statement);
        for line in &c.served {
            paragraph(&mut body, "", r#"<w:spacing w:after="0"/><w:ind w:left="720"/>"#, &[sized(line, false)]);
        }
        paragraph(&mut body, "", r#"<w:spacing w:before="480" w:after="0"/><w:ind w:left="4680"/>"#, &[sized(&"_".repeat(30), false)]);
        paragraph(&mut body, "", RIGHT_HALF, &[sized(&paper.signature.name, false)]);
    }
    let styles = STYLES.replace(r#"<w:sz w:val="22"/><w:szCs w:val="22"/>"#, r#"<w:sz w:val="24"/><w:szCs w:val="24"/>"#);
    package(&document_of(&body), &core_xml(&paper.heading, created), &styles)
}

fn pleading_top(body: &mut String, paper: &Paper) {
    for line in &paper.court {
        paragraph(body, "", CENTRE, &[sized(line, true)]);
    }
    paragraph(body, "", TIGHT, &[]);
    if let Some(caption) = &paper.caption {
        // A borderless table: the parties on the left, the case number on the right.
        let mut left = String::new();
        for (name, role) in party_lines(&caption.first, false) {
            paragraph(&mut left, "", TIGHT, &[sized(&name, false)]);
            if let Some(role) = role {
                paragraph(&mut left, "", r#"<w:spacing w:after="0"/><w:ind w:left="1440"/>"#, &[sized(&role, false)]);
            }
        }
        paragraph(&mut left, "", r#"<w:spacing w:before="120" w:after="120"/>"#, &[sized("v.", false)]);
        for (name, role) in party_lines(&caption.second, true) {
            paragraph(&mut left, "", TIGHT, &[sized(&name, false)]);
            if let Some(role) = role {
                paragraph(&mut left, "", r#"<w:spacing w:after="0"/><w:ind w:left="1440"/>"#, &[sized(&role, false)]);
            }
        }
        let mut right = String::new();
        paragraph(&mut right, "", TIGHT, &[sized(&format!("{} {}", caption.number_label, or_blank(&caption.number)), false)]);
        body.push_str(r#"<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders><w:top w:val="nil"/><w:left w:val="nil"/><w:bottom w:val="nil"/><w:right w:val="nil"/><w:insideH w:val="nil"/><w:insideV w:val="nil"/></w:tblBorders><w:tblLook w:val="0000"/></w:tblPr><w:tblGrid><w:gridCol w:w="4680"/><w:gridCol w:w="4680"/></w:tblGrid><w:tr>"#);
        body.push_str(r#"<w:tc><w:tcPr><w:tcW w:w="4680" w:type="dxa"/></w:tcPr>"#);
        body.push_str(&left);
        body.push_str(r#"</w:tc><w:tc><w:tcPr><w:tcW w:w="4680" w:type="dxa"/><w:vAlign w:val="center"/></w:tcPr>"#);
        body.push_str(&right);
        body.push_str("</w:tc></w:tr></w:tbl>");
        paragraph(body, "", TIGHT, &[]);
    }
    paragraph(body, "", r#"<w:jc w:val="center"/><w:spacing w:before="120" w:after="240"/>"#, &[sized(&paper.heading, true)]);
}

fn letter_top(body: &mut String, paper: &Paper) {
    for line in signature_lines(&paper.signature) {
        paragraph(body, "", TIGHT, &[sized(&line, false)]);
    }
    paragraph(body, "", TIGHT, &[]);
    if let Some(letter) = &paper.letter {
        paragraph(body, "", r#"<w:spacing w:after="240"/>"#, &[sized(or_blank(&letter.date), false)]);
        for line in &letter.to {
            paragraph(body, "", TIGHT, &[sized(line, false)]);
        }
        paragraph(body, "", TIGHT, &[]);
        paragraph(body, "", r#"<w:spacing w:after="240"/>"#, &[sized(&format!("Re: {}", paper.heading), true)]);
        paragraph(body, "", r#"<w:spacing w:after="160"/>"#, &[sized(&letter.salutation, false)]);
    }
}

fn signature(body: &mut String, paper: &Paper) {
    let s = &paper.signature;
    match paper.layout {
        PaperLayout::Pleading => {
            paragraph(
                body,
                "",
                r#"<w:keepNext/><w:spacing w:before="240" w:after="0"/><w:ind w:left="4680"/>"#,
                &[sized("Respectfully submitted,", false)],
            );
            paragraph(
                body,
                "",
                r#"<w:keepNext/><w:spacing w:before="480" w:after="0"/><w:ind w:left="4680"/>"#,
                &[sized(&"_".repeat(30), false)],
            );
            for line in signature_lines(s) {
                paragraph(body, "", RIGHT_HALF, &[sized(&line, false)]);
            }
            let date = if s.date.is_empty() { BLANK } else { s.date.as_str() };
            paragraph(body, "", r#"<w:spacing w:before="240" w:after="240"/>"#, &[sized(&format!("Date: {date}"), false)]);
        }
        PaperLayout::Letter => {
            let sign_off = paper.letter.as_ref().map_or("Sincerely,", |l| l.sign_off.as_str());
            paragraph(body, "", r#"<w:keepNext/><w:spacing w:before="240" w:after="0"/>"#, &[sized(sign_off, false)]);
            paragraph(body, "", r#"<w:keepNext/><w:spacing w:before="480" w:after="0"/>"#, &[sized(&"_".repeat(30), false)]);
            paragraph(body, "", TIGHT, &[sized(&s.name, false)]);
        }
    }
}

/// One Word paragraph per line of `text`, the first line of each indented half an inch.
fn text_paragraphs(body: &mut String, text: &str) {
    for piece in text.split('\n').filter(|p| !p.trim().is_empty()) {
        paragraph(body, "", FIRST_LINE, &[sized(piece.trim(), false)]);
    }
}

/// A run of text, bold or not (12-point: the paper's styles set the size).
fn sized(text: &str, bold: bool) -> Span {
    Span { bold, ..plain(text) }
}
