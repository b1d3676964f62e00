//! The PDF export, read back with `pdf-extract` (which reads glyphs in the order they are
//! written), poppler's `pdftotext` (which puts right-to-left text in reading order, as PDF
//! readers do) and `lopdf`.

use std::process::Command;

use lopdf::{Document, Object};
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
fn a_short_draft_reads_back_with_notice_title_and_typographic_punctuation() {
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
fn tables_diagrams_and_symbols_come_out_as_written() {
    let pdf =
        to_pdf(&draft(DraftKind::Table, "Date,Event,Place\n2026-03-20,Hearing → JDR,“Room 2”\n2026-04-01,Nguyễn files,☐ clerk\n")).unwrap();
    let text = text_of(&pdf);
    assert!(text.contains("Date Event Place"), "{text}");
    assert!(text.contains("2026-03-20 Hearing → JDR “Room 2”"), "{text}");
    assert!(text.contains("2026-04-01 Nguyễn files ☐ clerk"), "{text}");

    let pdf = to_pdf(&draft(DraftKind::Mermaid, "flowchart TD\n  A[Filed] --> B[Hearing]")).unwrap();
    let text = text_of(&pdf);
    assert!(text.contains("This is the source of a Mermaid diagram."), "{text}");
    assert!(text.contains("A[Filed] --> B[Hearing]"), "{text}");
}

const VIETNAMESE: &str = "Nguyễn Thị Minh Khai";
const CHINESE: &str = "王小明";
const KOREAN: &str = "김민준";
const ARABIC: &str = "محمد عبد الله";
const CYRILLIC: &str = "Иван Петров";

/// The parties' names in a heading, a table and the body.
fn parties() -> Draft {
    let names = [VIETNAMESE, CHINESE, KOREAN, ARABIC, CYRILLIC];
    let mut content = format!("## Parties: {}\n\n| Name | Role |\n| --- | --- |\n", names.join(", "));
    for (name, role) in names.iter().zip(["petitioner", "respondent", "witness", "witness", "witness"]) {
        content.push_str(&format!("| {name} | {role} |\n"));
    }
    content.push_str(&format!(
        "\nThe petitioner **{VIETNAMESE}** asks for custody; the respondent *{CHINESE}* objects. {KOREAN}, {ARABIC} (the landlord's agent) and {CYRILLIC} saw the exchange.\n"
    ));
    Draft { title: "Custody hearing".into(), ..draft(DraftKind::Markdown, &content) }
}

/// The text poppler reads from the PDF, as a PDF reader would copy it.
fn poppler_text(pdf: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("proseva-drafts-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("parties.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("this test needs pdftotext (poppler-utils) to read the PDF as a reader would; `make setup` installs it");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_name_survives_in_a_heading_a_table_and_the_body() {
    let pdf = to_pdf(&parties()).unwrap();
    let doc = Document::load_mem(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 1);

    // Read glyph by glyph in the order written: each left-to-right name three times.
    let text = text_of(&pdf);
    for name in [VIETNAMESE, CHINESE, KOREAN, CYRILLIC] {
        assert_eq!(text.matches(name).count(), 3, "{name} in {text}");
    }
    // Arabic is written in the order it is drawn, right to left, with its joined forms mapped
    // back to the letters: read naively, each word comes out reversed.
    assert_eq!(text.matches("دمحم").count(), 3, "{text}");
    assert_eq!(text.matches("دبع").count(), 3, "{text}");
    assert!(!text.contains('?') && !text.contains('\u{fffd}'), "{text}");

    // A reader puts it back in reading order.
    let read = poppler_text(&pdf);
    for name in [VIETNAMESE, CHINESE, KOREAN, ARABIC, CYRILLIC] {
        assert_eq!(read.matches(name).count(), 3, "{name} in {read}");
    }
}

#[test]
fn fonts_are_embedded_as_unicode_subsets_much_smaller_than_the_fonts() {
    let pdf = to_pdf(&parties()).unwrap();
    let doc = Document::load_mem(&pdf).unwrap();
    let mut embedded = Vec::new();
    for object in doc.objects.values() {
        let Ok(font) = object.as_dict() else { continue };
        if font.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Type0") {
            continue;
        }
        assert_eq!(font.get(b"Encoding").and_then(Object::as_name).unwrap(), b"Identity-H");
        let to_unicode = doc.get_object(font.get(b"ToUnicode").unwrap().as_reference().unwrap()).unwrap().as_stream().unwrap();
        assert!(String::from_utf8_lossy(&to_unicode.decompressed_content().unwrap()).contains("beginbfchar"));
        let descendants = font.get(b"DescendantFonts").unwrap().as_array().unwrap();
        let cid_font = doc.get_object(descendants[0].as_reference().unwrap()).unwrap().as_dict().unwrap();
        assert_eq!(cid_font.get(b"Subtype").and_then(Object::as_name).unwrap(), b"CIDFontType2");
        assert!(!cid_font.get(b"W").unwrap().as_array().unwrap().is_empty());
        let descriptor = doc.get_object(cid_font.get(b"FontDescriptor").unwrap().as_reference().unwrap()).unwrap().as_dict().unwrap();
        let name = String::from_utf8(descriptor.get(b"FontName").unwrap().as_name().unwrap().to_vec()).unwrap();
        let (tag, family) = name.split_once('+').unwrap();
        assert!(tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()), "{name}");
        let file = doc.get_object(descriptor.get(b"FontFile2").unwrap().as_reference().unwrap()).unwrap().as_stream().unwrap();
        let subset = file.decompressed_content().unwrap();
        // The folder cargo runs the test from (a binary built in another clone keeps that clone's path).
        let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_string());
        let full = std::fs::read(format!("{dir}/fonts/{family}.ttf")).unwrap();
        assert!(subset.len() * 10 < full.len(), "{name}: {} of {} bytes", subset.len(), full.len());
        embedded.push((family.to_string(), subset.len(), full.len()));
    }
    embedded.sort();
    let families: Vec<&str> = embedded.iter().map(|(f, _, _)| f.as_str()).collect();
    // Regular and bold text, and the Chinese and Korean names from the fallback font.
    assert_eq!(families, ["DejaVuSans", "DejaVuSans-Bold", "DroidSansFallback"], "{embedded:?}");
    assert!(pdf.len() < 100_000, "{} bytes", pdf.len());
}

#[test]
fn a_one_page_letter_stays_small() {
    let letter = "Dear Clerk,\n\nI am the plaintiff in *Smith v. Jones*, case number GV26-1234. I ask the court to continue the hearing set for March 20, 2026, because my only witness is out of state until April. The defendant's counsel has been told and does not object.\n\nI can attend any date after April 15. Please tell me the new date by mail at the address below.\n\nThank you for your help.\n\nJane Smith  \n12 Main Street  \nRichmond, VA 23220\n";
    let pdf = to_pdf(&Draft { title: "Letter to the clerk".into(), sources: vec![], ..draft(DraftKind::Markdown, letter) }).unwrap();
    // The address keeps its line breaks.
    let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
    assert!(text.contains("\nJane Smith\n12 Main Street\nRichmond, VA 23220\n"), "{text}");
    assert!(pdf.len() < 30_000, "{} bytes", pdf.len());
}
