//! The PDF export: Letter pages with the PDF's built-in Helvetica and Courier (no fonts embedded),
//! text wrapped by measured width, larger bold headings, tables as aligned monospace rows, and
//! "Page N of M" at the foot of every page.

use super::afm::{Face, encode};
use super::layout::{Layout, NOTICE, layout};
use super::pdf_table::table;
use super::typeset::{MARGIN, PAGE_HEIGHT, PAGE_WIDTH, Pages, Run, TEXT_WIDTH, wrap};
use crate::error::DraftError;
use crate::markdown::{Block, Marker, Span};
use crate::model::Draft;
use lopdf::content::Content;
use lopdf::{Document, Object, Stream, StringFormat, dictionary};

const BODY: f32 = 11.0;
const BODY_LEADING: f32 = 14.5;

/// The draft as a PDF file.
pub fn to_pdf(draft: &Draft) -> Result<Vec<u8>, DraftError> {
    let layout = layout(draft);
    let pages = typeset(&layout);
    assemble(pages, &layout.title)
}

fn typeset(layout: &Layout) -> Vec<Vec<lopdf::content::Operation>> {
    let mut pages = Pages::new();
    pages.gray(0.3);
    pages.paragraph(MARGIN, TEXT_WIDTH, 9.0, 12.0, &[(Face::Italic, encode(NOTICE))]);
    pages.rule();
    pages.gray(0.0);
    pages.space(8.0);
    pages.paragraph(MARGIN, TEXT_WIDTH, 20.0, 25.0, &[(Face::Bold, encode(&layout.title))]);
    pages.gray(0.35);
    pages.paragraph(MARGIN, TEXT_WIDTH, 10.0, 14.0, &[(Face::Regular, encode(&layout.byline))]);
    pages.gray(0.0);
    pages.space(10.0);
    for block in &layout.blocks {
        match block {
            Block::Heading { level, spans } => {
                let (size, leading) = match level {
                    1 => (16.0, 20.0),
                    2 => (13.5, 17.0),
                    _ => (12.0, 15.0),
                };
                pages.space(8.0);
                // Keep a heading with the first lines under it.
                pages.need(leading + 2.0 * BODY_LEADING);
                pages.paragraph(MARGIN, TEXT_WIDTH, size, leading, &runs(spans, true, false));
                pages.space(3.0);
            }
            Block::Paragraph(spans) => {
                pages.paragraph(MARGIN, TEXT_WIDTH, BODY, BODY_LEADING, &runs(spans, false, false));
                pages.space(6.0);
            }
            Block::Quote(spans) => {
                pages.gray(0.25);
                pages.paragraph(MARGIN + 18.0, TEXT_WIDTH - 18.0, BODY, BODY_LEADING, &runs(spans, false, true));
                pages.gray(0.0);
                pages.space(6.0);
            }
            Block::Item { depth, marker, spans } => item(&mut pages, *depth, marker, spans),
            Block::Code(lines) => code(&mut pages, lines),
            Block::Table { header, rows } => table(&mut pages, header, rows),
            Block::Rule => pages.rule(),
        }
    }
    if !layout.sources.is_empty() {
        pages.space(8.0);
        pages.need(20.0 + 2.0 * BODY_LEADING);
        pages.paragraph(MARGIN, TEXT_WIDTH, 16.0, 20.0, &[(Face::Bold, encode("Sources"))]);
        pages.space(3.0);
        for (number, (label, url)) in layout.sources.iter().enumerate() {
            let mut text = vec![(Face::Regular, encode(label))];
            if let Some(url) = url {
                text.push((Face::Regular, encode(&format!(" ({url})"))));
            }
            list_entry(&mut pages, 0, encode(&format!("{}.", number + 1)), &text);
        }
    }
    pages.finish()
}

/// Runs for the spans, in the block's base style.
fn runs(spans: &[Span], bold: bool, italic: bool) -> Vec<Run> {
    spans.iter().map(|s| (Face::of(s.bold || bold, s.italic || italic, s.code), encode(&s.text))).collect()
}

fn item(pages: &mut Pages, depth: usize, marker: &Marker, spans: &[Span]) {
    let marker = match marker {
        Marker::Bullet => vec![0x95],
        Marker::Number(number) => encode(number),
        Marker::Task(false) => b"[ ]".to_vec(),
        Marker::Task(true) => b"[x]".to_vec(),
    };
    list_entry(pages, depth, marker, &runs(spans, false, false));
}

/// A list entry: the marker in the hanging indent, the text wrapped beside it.
fn list_entry(pages: &mut Pages, depth: usize, marker: Vec<u8>, text: &[Run]) {
    let indent = 22.0 + 18.0 * depth.min(6) as f32;
    let x = MARGIN + indent;
    let lines = wrap(text, BODY, TEXT_WIDTH - indent);
    let marker_x = x - Face::Regular.measure(&marker, BODY) - 5.0;
    let marker = [(Face::Regular, marker)];
    if lines.is_empty() {
        pages.line(marker_x, BODY, BODY_LEADING, &marker);
    }
    for (index, line) in lines.iter().enumerate() {
        let beside = (index == 0).then_some((marker_x, &marker[..]));
        pages.marked_line(beside, x, BODY, BODY_LEADING, line);
    }
    pages.space(3.0);
}

/// Monospace lines, tabs as four spaces, cut where they reach the margin.
fn code(pages: &mut Pages, lines: &[String]) {
    const SIZE: f32 = 9.0;
    let room = ((TEXT_WIDTH - 12.0) / (0.6 * SIZE)).floor() as usize;
    for line in lines {
        let bytes = encode(&line.replace('\t', "    "));
        if bytes.is_empty() {
            pages.line(MARGIN + 12.0, SIZE, 11.5, &[]);
        }
        for chunk in bytes.chunks(room.max(1)) {
            pages.line(MARGIN + 12.0, SIZE, 11.5, &[(Face::Mono, chunk.to_vec())]);
        }
    }
    pages.space(8.0);
}

/// The PDF file: one content stream per page, the six built-in fonts, the title in the file's
/// properties.
fn assemble(pages: Vec<Vec<lopdf::content::Operation>>, title: &str) -> Result<Vec<u8>, DraftError> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut fonts = lopdf::Dictionary::new();
    for face in Face::ALL {
        let font = doc.add_object(dictionary! {
            "Type" => "Font",
            "Subtype" => "Type1",
            "BaseFont" => face.base_font(),
            "Encoding" => "WinAnsiEncoding",
        });
        fonts.set(face.resource(), font);
    }
    let resources = doc.add_object(dictionary! { "Font" => fonts });
    let mut kids: Vec<Object> = Vec::with_capacity(pages.len());
    for operations in pages {
        let content = Content { operations }.encode().map_err(fail)?;
        let stream = doc.add_object(Stream::new(dictionary! {}, content));
        kids.push(doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages_id, "Contents" => stream }).into());
    }
    let count = i64::try_from(kids.len()).unwrap_or(i64::MAX);
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count,
            "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), PAGE_WIDTH.into(), PAGE_HEIGHT.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    let info = doc.add_object(dictionary! {
        "Title" => Object::String(utf16(title), StringFormat::Hexadecimal),
        "Producer" => Object::string_literal("ProSeVA"),
        "Subject" => Object::String(utf16(NOTICE), StringFormat::Hexadecimal),
    });
    doc.trailer.set("Root", catalog);
    doc.trailer.set("Info", info);
    doc.compress();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).map_err(fail)?;
    Ok(bytes)
}

fn fail(error: impl std::fmt::Display) -> DraftError {
    DraftError::Export { format: "PDF", reason: error.to_string() }
}

/// A PDF text string in UTF-16BE with its byte-order mark (for the document's properties).
fn utf16(text: &str) -> Vec<u8> {
    let mut bytes = vec![0xfe, 0xff];
    bytes.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    bytes
}
