//! The PDF export, read back with `pdf-extract`.

use proseva_drafts::{Draft, DraftKind, NOTICE, Source, to_pdf};

fn draft(kind: DraftKind, content: &str) -> Draft {
    Draft {
        title: "Answer to the Complaint".into(),
        kind,
        content: content.into(),
        sources: vec![Source { label: "Va. Code § 8.01-273".into(), url: Some("https://law.lis.virginia.gov/vacode/8.01-273/".into()) }],
        version: 1,
        created: "2026-03-01T09:00:00-05:00".into(),
    }
}

/// The PDF's text with runs of whitespace made one space.
fn text_of(pdf: &[u8]) -> String {
    let text = pdf_extract::extract_text_from_mem(pdf).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_short_draft_reads_back_with_notice_title_and_winansi_punctuation() {
    let pdf = to_pdf(&draft(
        DraftKind::Markdown,
        "## Defenses\n\nUnder § 8.01-273 the “demurrer” is filed — on time – by the ‘defendant’ • always.",
    ))
    .unwrap();
    assert!(pdf.starts_with(b"%PDF-1.5"));
    let text = text_of(&pdf);
    assert!(text.contains(NOTICE), "{text}");
    assert!(text.contains("Answer to the Complaint"), "{text}");
    assert!(text.contains("Version 1 · March 1, 2026"), "{text}");
    assert!(text.contains("Defenses"), "{text}");
    assert!(text.contains("Under § 8.01-273 the “demurrer” is filed — on time – by the ‘defendant’ • always."), "{text}");
    assert!(text.contains("Sources"), "{text}");
    assert!(text.contains("https://law.lis.virginia.gov/vacode/8.01-273/"), "{text}");
    assert!(text.ends_with("Page 1 of 1"), "{text}");
}

#[test]
fn a_long_draft_spans_pages_numbered_page_n_of_m() {
    let paragraph = "The petitioner asks the court to continue the hearing because the witness is out of state until April. ";
    let content: String = (1..=40).map(|n| format!("### Point {n}\n\n{}\n\n", paragraph.repeat(3))).collect();
    let pdf = to_pdf(&draft(DraftKind::Markdown, &content)).unwrap();
    let text = text_of(&pdf);
    let pages = text.matches("Page ").count();
    assert!(pages >= 5, "{pages} pages:\n{text}");
    let total = format!(" of {pages}");
    assert!(text.contains(&format!("Page 1{total}")), "{text}");
    assert!(text.contains(&format!("Page {pages}{total}")), "{text}");
    assert!(text.contains("Point 40"), "{text}");
    // Every word is there, in order: nothing was lost at page breaks.
    assert_eq!(text.matches("out of state until April.").count(), 120);
}

#[test]
fn tables_diagrams_and_characters_outside_winansi_come_out_readable() {
    let pdf =
        to_pdf(&draft(DraftKind::Table, "Date,Event,Place\n2026-03-20,Hearing → JDR,“Room 2”\n2026-04-01,Nguyễn files,☐ clerk\n")).unwrap();
    let text = text_of(&pdf);
    assert!(text.contains("Date Event Place"), "{text}");
    assert!(text.contains("2026-03-20 Hearing -> JDR “Room 2”"), "{text}");
    assert!(text.contains("Nguyen files [ ] clerk"), "{text}");

    let pdf = to_pdf(&draft(DraftKind::Mermaid, "flowchart TD\n  A[Filed] --> B[Hearing]")).unwrap();
    let text = text_of(&pdf);
    assert!(text.contains("This is the source of a Mermaid diagram."), "{text}");
    assert!(text.contains("A[Filed] --> B[Hearing]"), "{text}");
}
