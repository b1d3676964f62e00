//! The Word export, opened back with `zip` and `quick-xml` as Word would read it.

use proseva_drafts::{Draft, DraftKind, NOTICE, Source, to_docx};
use quick_xml::Reader;
use quick_xml::events::Event;
use std::io::Read;

fn draft(kind: DraftKind, content: &str) -> Draft {
    Draft {
        title: "Motion to Continue — Smith v. Jones".into(),
        kind,
        content: content.into(),
        sources: vec![
            Source { label: "Va. Code § 20-124.3".into(), url: Some("https://law.lis.virginia.gov/vacode/20-124.3/".into()) },
            Source { label: "Clerk's handout".into(), url: None },
        ],
        version: 2,
        created: "2026-03-01T14:05:00Z".into(),
    }
}

fn part(docx: &[u8], name: &str) -> String {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(docx)).unwrap();
    let mut xml = String::new();
    zip.by_name(name).unwrap().read_to_string(&mut xml).unwrap();
    xml
}

/// Each paragraph's text (tables' cell paragraphs included), with its style.
fn paragraphs(xml: &str) -> Vec<(String, String)> {
    let mut reader = Reader::from_str(xml);
    let mut found = Vec::new();
    let (mut text, mut style, mut in_text) = (String::new(), String::new(), false);
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) if e.name().as_ref() == "w:t" => in_text = true,
            Event::End(e) if e.name().as_ref() == "w:t" => in_text = false,
            Event::Empty(e) if e.name().as_ref() == "w:pStyle" => {
                style = e
                    .try_get_attribute("w:val")
                    .unwrap()
                    .map(|a| a.normalized_value(quick_xml::XmlVersion::Explicit1_0).unwrap().into_owned())
                    .unwrap_or_default();
            }
            Event::Empty(e) if e.name().as_ref() == "w:tab" => text.push('\t'),
            Event::Empty(e) if e.name().as_ref() == "w:br" => text.push('\n'),
            Event::Text(t) if in_text => text.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if in_text => text.push_str(match r.xml10_content().as_ref() {
                "amp" => "&",
                "lt" => "<",
                "gt" => ">",
                "quot" => "\"",
                other => panic!("unexpected entity {other}"),
            }),
            Event::End(e) if e.name().as_ref() == "w:p" => found.push((std::mem::take(&mut style), std::mem::take(&mut text))),
            Event::Empty(e) if e.name().as_ref() == "w:p" => found.push((String::new(), String::new())),
            Event::Eof => break,
            _ => {}
        }
    }
    found
}

#[test]
fn a_markdown_draft_opens_as_a_word_document_with_its_text() {
    let content = "# Motion to Continue — Smith v. Jones\n\n## Grounds\n\nUnder **§ 20-124.3** the court weighs “the best interests” of the child; 1 < 2 & *more*.\nSee [the Code](https://law.lis.virginia.gov/vacode/).\n\n- Bring `Exhibit A`\n1. File by Friday\n\n| Date | Event |\n| --- | --- |\n| 2026-03-20 | Hearing <b> & co |\n";
    let docx = to_docx(&draft(DraftKind::Markdown, content)).unwrap();
    for name in ["[Content_Types].xml", "_rels/.rels", "word/_rels/document.xml.rels", "word/styles.xml"] {
        assert!(!part(&docx, name).is_empty(), "{name}");
    }
    let document = part(&docx, "word/document.xml");
    let paragraphs = paragraphs(&document);
    let texts: Vec<&str> = paragraphs.iter().map(|(_, t)| t.as_str()).collect();

    assert_eq!(paragraphs[0], ("Notice".to_string(), NOTICE.to_string()));
    assert_eq!(paragraphs[1], ("Title".to_string(), "Motion to Continue — Smith v. Jones".to_string()));
    assert_eq!(paragraphs[2], ("Subtitle".to_string(), "Version 2 · March 1, 2026".to_string()));
    // The body's `# title` repeats the title, so it is not written twice.
    assert_eq!(texts.iter().filter(|t| t.contains("Motion to Continue")).count(), 1, "{texts:#?}");
    assert!(paragraphs.contains(&("Heading2".to_string(), "Grounds".to_string())), "{paragraphs:#?}");
    assert!(texts.contains(&"Under § 20-124.3 the court weighs “the best interests” of the child; 1 < 2 & more. See the Code (https://law.lis.virginia.gov/vacode/)."), "{texts:#?}");
    assert!(texts.contains(&"•\tBring Exhibit A"), "{texts:#?}");
    assert!(texts.contains(&"1.\tFile by Friday"), "{texts:#?}");
    assert!(texts.contains(&"2026-03-20") && texts.contains(&"Hearing <b> & co"), "{texts:#?}");
    assert!(paragraphs.contains(&("Heading1".to_string(), "Sources".to_string())), "{paragraphs:#?}");
    assert!(texts.contains(&"1.\tVa. Code § 20-124.3 (https://law.lis.virginia.gov/vacode/20-124.3/)"), "{texts:#?}");
    assert!(texts.contains(&"2.\tClerk's handout"), "{texts:#?}");

    // Real Word structures: a table with a header row, bold and code runs, escaped text.
    assert!(document.contains("<w:tbl>") && document.contains("<w:tblHeader/>"), "{document}");
    assert!(document.contains("<w:b/></w:rPr><w:t xml:space=\"preserve\">§ 20-124.3</w:t>"), "{document}");
    assert!(document.contains(r#"w:ascii="Courier New""#));
    assert!(document.contains("Hearing &lt;b&gt; &amp; co"), "{document}");
    let core = part(&docx, "docProps/core.xml");
    assert!(core.contains("<dc:title>Motion to Continue — Smith v. Jones</dc:title>"), "{core}");
    assert!(core.contains(r#"<dcterms:created xsi:type="dcterms:W3CDTF">2026-03-01T14:05:00Z</dcterms:created>"#), "{core}");
}

#[test]
fn a_table_draft_becomes_a_word_table_and_a_diagram_its_source() {
    let docx = to_docx(&draft(DraftKind::Table, "Date,Event\n2026-03-01,\"Hearing, JDR\"\n")).unwrap();
    let document = part(&docx, "word/document.xml");
    assert_eq!(document.matches("<w:tr>").count(), 2, "{document}");
    let texts: Vec<String> = paragraphs(&document).into_iter().map(|(_, t)| t).collect();
    assert!(texts.contains(&"Hearing, JDR".to_string()), "{texts:?}");

    let docx = to_docx(&draft(DraftKind::Mermaid, "timeline\n  2026-03-01 : Filed")).unwrap();
    let paragraphs = paragraphs(&part(&docx, "word/document.xml"));
    assert!(paragraphs.iter().any(|(_, t)| t.starts_with("This is the source of a Mermaid diagram.")), "{paragraphs:?}");
    assert!(paragraphs.contains(&("Code".to_string(), "timeline\n  2026-03-01 : Filed".to_string())), "{paragraphs:?}");
}

#[test]
fn text_xml_cannot_hold_is_dropped_and_the_file_still_opens() {
    let docx = to_docx(&Draft { title: "A\u{0}<B>\u{fffe}".into(), ..draft(DraftKind::Markdown, "x\u{1}y \u{ffff}") }).unwrap();
    let document = part(&docx, "word/document.xml");
    assert!(!document.contains(['\u{0}', '\u{1}', '\u{fffe}', '\u{ffff}']));
    let texts: Vec<String> = paragraphs(&document).into_iter().map(|(_, t)| t).collect();
    assert_eq!(texts[1], "A <B>");
    assert!(texts.contains(&"xy ".to_string()), "{texts:?}");
}

#[test]
fn every_name_keeps_its_letters_in_a_heading_a_table_and_the_body() {
    let names = ["Nguyễn Thị Minh Khai", "王小明", "김민준", "محمد عبد الله", "Иван Петров"];
    let mut content = format!("## Parties: {}\n\n| Name | Role |\n| --- | --- |\n", names.join(", "));
    for name in names {
        content.push_str(&format!("| {name} | party |\n"));
    }
    content.push_str(&format!("\nThe petitioner **{}** and {} were heard.\n", names[0], names[1..].join(", ")));
    let docx = to_docx(&Draft { title: format!("{} v. {}", names[0], names[1]), ..draft(DraftKind::Markdown, &content) }).unwrap();
    let paragraphs = paragraphs(&part(&docx, "word/document.xml"));
    assert!(paragraphs.contains(&("Heading2".to_string(), format!("Parties: {}", names.join(", ")))), "{paragraphs:#?}");
    let texts: Vec<&str> = paragraphs.iter().map(|(_, t)| t.as_str()).collect();
    for name in names {
        assert!(texts.contains(&name), "{name} as a table cell: {texts:#?}");
    }
    assert!(texts.contains(&format!("The petitioner {} and {} were heard.", names[0], names[1..].join(", ")).as_str()), "{texts:#?}");
    assert!(part(&docx, "docProps/core.xml").contains("<dc:title>Nguyễn Thị Minh Khai v. 王小明</dc:title>"));
}
