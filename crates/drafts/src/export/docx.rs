//! The Word export: a `.docx` (Office Open XML) written directly as XML parts in a zip.

use super::docx_parts::{CONTENT_TYPES, DOCUMENT_RELS, PACKAGE_RELS, STYLES};
use super::layout::{Layout, NOTICE, layout};
use crate::error::DraftError;
use crate::markdown::{Block, Marker, Span};
use crate::model::Draft;
use std::fmt::Write as _;
use std::io::Write as _;

/// The width between the page margins of a Letter page with 1-inch margins, in twentieths of a point.
const TEXT_WIDTH: usize = 9_360;

/// The draft as a Word file: the notice, the title (also in the file's properties), headings as
/// Heading 1–3, paragraphs, list items, bold/italic/code runs, links as text with the address in
/// parentheses, tables as Word tables with a header row, a Mermaid diagram's source in a
/// monospace block, and the sources.
pub(super) fn draft_docx(draft: &Draft) -> Result<Vec<u8>, DraftError> {
    let layout = layout(draft);
    package(&document_xml(&layout), &core_xml(&layout.title, &draft.created), STYLES)
}

/// The `.docx` zip around a `word/document.xml` body and the file's properties.
pub(super) fn package(document: &str, core: &str, styles: &str) -> Result<Vec<u8>, DraftError> {
    let fail = |e: &dyn std::fmt::Display| DraftError::Export { format: "Word", reason: e.to_string() };
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let parts = [
        ("[Content_Types].xml", CONTENT_TYPES),
        ("_rels/.rels", PACKAGE_RELS),
        ("word/_rels/document.xml.rels", DOCUMENT_RELS),
        ("word/document.xml", document),
        ("word/styles.xml", styles),
        ("docProps/core.xml", core),
    ];
    for (name, body) in parts {
        zip.start_file(name, options).map_err(|e| fail(&e))?;
        zip.write_all(body.as_bytes()).map_err(|e| fail(&e))?;
    }
    Ok(zip.finish().map_err(|e| fail(&e))?.into_inner())
}

fn document_xml(layout: &Layout) -> String {
    let mut body = String::new();
    paragraph(&mut body, "Notice", "", &[plain(NOTICE)]);
    paragraph(&mut body, "Title", "", &[plain(&layout.title)]);
    paragraph(&mut body, "Subtitle", "", &[plain(&layout.byline)]);
    for block in &layout.blocks {
        match block {
            Block::Heading { level, spans } => paragraph(&mut body, &format!("Heading{level}"), "", spans),
            Block::Paragraph(spans) => paragraph(&mut body, "", "", spans),
            Block::Quote(spans) => paragraph(&mut body, "Quote", "", spans),
            Block::Item { depth, marker: Marker::Continued, spans } => {
                let indent = format!(r#"<w:spacing w:after="60"/><w:ind w:left="{}"/>"#, 720 + 360 * depth);
                paragraph(&mut body, "", &indent, spans);
            }
            Block::Item { depth, marker, spans } => {
                let indent = format!(r#"<w:spacing w:after="60"/><w:ind w:left="{}" w:hanging="360"/>"#, 720 + 360 * depth);
                let mut runs = vec![plain(&format!("{}\t", marker_text(marker)))];
                runs.extend(spans.iter().cloned());
                paragraph(&mut body, "", &indent, &runs);
            }
            Block::Code(lines) => paragraph(&mut body, "Code", "", &[Span { text: lines.join("\n"), code: true, ..Span::default() }]),
            Block::Table { header, rows } => table(&mut body, header, rows),
            Block::Rule => body
                .push_str(r#"<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="999999"/></w:pBdr></w:pPr></w:p>"#),
        }
    }
    if !layout.sources.is_empty() {
        paragraph(&mut body, "Heading1", "", &[plain("Sources")]);
        for (number, (label, url)) in layout.sources.iter().enumerate() {
            let text = match url {
                Some(url) => format!("{}.\t{label} ({url})", number + 1),
                None => format!("{}.\t{label}", number + 1),
            };
            paragraph(&mut body, "", r#"<w:ind w:left="720" w:hanging="360"/>"#, &[plain(&text)]);
        }
    }
    document_of(&body)
}

/// `word/document.xml` around `body`: Letter pages with one-inch margins.
pub(super) fn document_of(body: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>"#
    )
}

fn marker_text(marker: &Marker) -> String {
    match marker {
        Marker::Bullet => "•".to_string(),
        Marker::Number(number) => number.clone(),
        Marker::Task(false) => "☐".to_string(),
        Marker::Task(true) => "☒".to_string(),
        Marker::Continued => String::new(),
    }
}

/// A `w:p` with an optional style and extra paragraph properties.
pub(super) fn paragraph(out: &mut String, style: &str, properties: &str, spans: &[Span]) {
    out.push_str("<w:p>");
    if !style.is_empty() || !properties.is_empty() {
        out.push_str("<w:pPr>");
        if !style.is_empty() {
            let _ = write!(out, r#"<w:pStyle w:val="{style}"/>"#);
        }
        out.push_str(properties);
        out.push_str("</w:pPr>");
    }
    for span in spans {
        run(out, span);
    }
    out.push_str("</w:p>");
}

/// A `w:r`: line breaks as `w:br`, tabs as `w:tab`, the text XML-escaped.
fn run(out: &mut String, span: &Span) {
    if span.text.is_empty() {
        return;
    }
    out.push_str("<w:r>");
    if span.bold || span.italic || span.code {
        out.push_str("<w:rPr>");
        if span.code {
            out.push_str(r#"<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:cs="Courier New"/>"#);
        }
        if span.bold {
            out.push_str("<w:b/>");
        }
        if span.italic {
            out.push_str("<w:i/>");
        }
        out.push_str("</w:rPr>");
    }
    for (index, line) in span.text.split('\n').enumerate() {
        if index > 0 {
            out.push_str("<w:br/>");
        }
        for (piece, text) in line.split('\t').enumerate() {
            if piece > 0 {
                out.push_str("<w:tab/>");
            }
            if !text.is_empty() {
                let _ = write!(out, r#"<w:t xml:space="preserve">{}</w:t>"#, escape(text));
            }
        }
    }
    out.push_str("</w:r>");
}

/// A Word table with the header row repeated on each page and set in bold.
fn table(out: &mut String, header: &[String], rows: &[Vec<String>]) {
    let columns = header.len().max(1);
    let width = TEXT_WIDTH / columns;
    out.push_str(r#"<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="5000" w:type="pct"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>"#);
    for _ in 0..columns {
        let _ = write!(out, r#"<w:gridCol w:w="{width}"/>"#);
    }
    out.push_str("</w:tblGrid>");
    let header_row = std::iter::once((true, header));
    for (is_header, cells) in header_row.chain(rows.iter().map(|r| (false, r.as_slice()))) {
        out.push_str("<w:tr>");
        if is_header {
            out.push_str("<w:trPr><w:tblHeader/></w:trPr>");
        }
        for cell in cells.iter().take(columns) {
            let _ = write!(out, r#"<w:tc><w:tcPr><w:tcW w:w="{width}" w:type="dxa"/></w:tcPr>"#);
            paragraph(out, "", "", &[Span { text: cell.clone(), bold: is_header, ..Span::default() }]);
            out.push_str("</w:tc>");
        }
        out.push_str("</w:tr>");
    }
    out.push_str("</w:tbl><w:p/>");
}

pub(super) fn core_xml(title: &str, created: &str) -> String {
    let created = chrono::DateTime::parse_from_rfc3339(created.trim())
        .map(|c| {
            let utc = c.with_timezone(&chrono::Utc).format("%Y-%m-%dT%H:%M:%SZ");
            format!(r#"<dcterms:created xsi:type="dcterms:W3CDTF">{utc}</dcterms:created>"#)
        })
        .unwrap_or_default();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>{}</dc:title><dc:creator>ProSeVA</dc:creator><dc:description>{}</dc:description>{created}</cp:coreProperties>"#,
        escape(title),
        escape(NOTICE)
    )
}

pub(super) fn plain(text: &str) -> Span {
    Span { text: text.to_string(), ..Span::default() }
}

/// Text for XML: `& < > "` escaped, and characters XML 1.0 cannot hold dropped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}
