//! A paper as Markdown: the app's own copy (the draft's document, what search reads, the `.md`
//! export), with the notice on top — the Word and PDF files are the ones to file.

use super::layout::NOTICE;
use crate::paper::{Paper, PaperLayout, or_blank, party_lines, signature_lines};
use crate::text::escape_markdown as md;

pub(crate) fn paper_markdown(paper: &Paper) -> String {
    let mut out = format!("> {NOTICE}\n\n");
    let hard = |lines: &[String]| lines.iter().map(|l| md(l)).collect::<Vec<_>>().join("  \n");
    match paper.layout {
        PaperLayout::Pleading => {
            if !paper.court.is_empty() {
                out.push_str(&format!("**{}**\n\n", hard(&paper.court).replace("  \n", "**  \n**")));
            }
            if let Some(caption) = &paper.caption {
                let mut lines = Vec::new();
                for (name, role) in party_lines(&caption.first, false) {
                    lines.push(name);
                    lines.extend(role);
                }
                lines.push("v.".into());
                for (name, role) in party_lines(&caption.second, true) {
                    lines.push(name);
                    lines.extend(role);
                }
                lines.push(format!("{} {}", caption.number_label, or_blank(&caption.number)));
                out.push_str(&hard(&lines));
                out.push_str("\n\n");
            }
            out.push_str(&format!("## {}\n\n", md(&paper.heading)));
        }
        PaperLayout::Letter => {
            out.push_str(&hard(&signature_lines(&paper.signature)));
            out.push_str("\n\n");
            if let Some(letter) = &paper.letter {
                out.push_str(&format!("{}\n\n{}\n\n", md(or_blank(&letter.date)), hard(&letter.to)));
                out.push_str(&format!("**Re: {}**\n\n{}\n\n", md(&paper.heading), md(&letter.salutation)));
            }
        }
    }
    if !paper.opening.is_empty() {
        out.push_str(&format!("{}\n\n", md(&paper.opening)));
    }
    for (i, p) in paper.paragraphs.iter().enumerate() {
        match paper.layout {
            PaperLayout::Pleading => out.push_str(&format!("{}\\. {}\n\n", i + 1, md(p))),
            PaperLayout::Letter => out.push_str(&format!("{}\n\n", md(p))),
        }
    }
    if !paper.closing.is_empty() {
        out.push_str(&format!("{}\n\n", md(&paper.closing)));
    }
    let s = &paper.signature;
    match paper.layout {
        PaperLayout::Pleading => {
            out.push_str("Respectfully submitted,\n\n\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_  \n");
            out.push_str(&hard(&signature_lines(s)));
            out.push_str(&format!("\n\nDate: {}\n", md(or_blank(&s.date))));
        }
        PaperLayout::Letter => {
            let sign_off = paper.letter.as_ref().map_or("Sincerely,", |l| l.sign_off.as_str());
            out.push_str(&format!("{}\n\n\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_  \n{}\n", md(sign_off), md(&s.name)));
        }
    }
    if let Some(c) = &paper.certificate {
        out.push_str(&format!("\n### CERTIFICATE OF SERVICE\n\n{}\n\n", md(&c.statement)));
        if !c.served.is_empty() {
            out.push_str(&hard(&c.served));
            out.push_str("\n\n");
        }
        out.push_str(&format!("\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_  \n{}\n", md(&s.name)));
    }
    out
}
