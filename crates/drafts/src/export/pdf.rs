//! The PDF export: Letter pages with DejaVu Sans and Droid Sans Fallback embedded (subsets of
//! the glyphs used; see [`fonts`](super::fonts)), so every name prints and copies as written.
//! Text is wrapped by its shaped width, headings are larger and bold, tables are aligned columns
//! with a bold header row, and "Page N of M" is at the foot of every page.

use super::fonts::{Face, FontId, Fonts};
use super::layout::{Layout, NOTICE, layout};
use super::pdf_font::embed;
use super::pdf_table::table;
use super::typeset::{MARGIN, PAGE_HEIGHT, PAGE_WIDTH, Pages, Run, TEXT_WIDTH, cut, measure, run, wrap};
use crate::error::DraftError;
use crate::markdown::{Block, Marker, Span};
use crate::model::Draft;
use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, ObjectId, Stream, StringFormat, dictionary};

const BODY: f32 = 11.0;
const BODY_LEADING: f32 = 14.5;

/// The draft as a PDF file.
pub(super) fn draft_pdf(draft: &Draft) -> Result<Vec<u8>, DraftError> {
    let layout = layout(draft);
    let pages = typeset(&layout, Fonts::load()?);
    assemble(pages, &layout.title)
}

fn typeset(layout: &Layout, fonts: &'static Fonts) -> Pages {
    let mut pages = Pages::new(fonts);
    pages.gray(0.3);
    pages.paragraph(MARGIN, TEXT_WIDTH, 9.0, 12.0, &[run(Face::Italic, NOTICE)]);
    pages.rule();
    pages.gray(0.0);
    pages.space(8.0);
    pages.paragraph(MARGIN, TEXT_WIDTH, 20.0, 25.0, &[run(Face::Bold, &layout.title)]);
    pages.gray(0.35);
    pages.paragraph(MARGIN, TEXT_WIDTH, 10.0, 14.0, &[run(Face::Regular, &layout.byline)]);
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
        pages.paragraph(MARGIN, TEXT_WIDTH, 16.0, 20.0, &[run(Face::Bold, "Sources")]);
        pages.space(3.0);
        for (number, (label, url)) in layout.sources.iter().enumerate() {
            let mut text = vec![run(Face::Regular, label)];
            if let Some(url) = url {
                text.push(run(Face::Regular, &format!(" ({url})")));
            }
            list_entry(&mut pages, 0, &format!("{}.", number + 1), &text);
        }
    }
    pages
}

/// Runs for the spans, in the block's base style.
fn runs(spans: &[Span], bold: bool, italic: bool) -> Vec<Run> {
    spans.iter().map(|s| run(Face::of(s.bold || bold, s.italic || italic, s.code), &s.text)).collect()
}

fn item(pages: &mut Pages, depth: usize, marker: &Marker, spans: &[Span]) {
    let marker = match marker {
        Marker::Bullet => "•",
        Marker::Number(number) => number,
        Marker::Task(false) => "☐",
        Marker::Task(true) => "☒",
        Marker::Continued => "",
    };
    list_entry(pages, depth, marker, &runs(spans, false, false));
}

/// A list entry: the marker in the hanging indent, the text wrapped beside it.
fn list_entry(pages: &mut Pages, depth: usize, marker: &str, text: &[Run]) {
    let indent = 22.0 + 18.0 * depth.min(6) as f32;
    let x = MARGIN + indent;
    let lines = wrap(pages.fonts(), text, BODY, TEXT_WIDTH - indent);
    let marker = [run(Face::Regular, marker)];
    let marker_x = x - measure(pages.fonts(), &marker, BODY) - 5.0;
    if lines.is_empty() {
        pages.line(marker_x, BODY, BODY_LEADING, &marker);
    }
    for (index, line) in lines.iter().enumerate() {
        if index == 0 {
            pages.placed_line(BODY, BODY_LEADING, &[(marker_x, &marker[..]), (x, line)]);
        } else {
            pages.line(x, BODY, BODY_LEADING, line);
        }
    }
    pages.space(3.0);
}

/// Monospace lines, tabs as four spaces, cut where they reach the margin.
fn code(pages: &mut Pages, lines: &[String]) {
    const SIZE: f32 = 9.0;
    for line in lines {
        let line = line.replace('\t', "    ").replace('\r', " ");
        for piece in cut(pages.fonts(), Face::Mono, &line, SIZE, TEXT_WIDTH - 12.0) {
            pages.line(MARGIN + 12.0, SIZE, 11.5, &[(Face::Mono, piece)]);
        }
    }
    pages.space(8.0);
}

/// The PDF file: one content stream per page, the fonts used (cut down to the glyphs used), the
/// title in the file's properties.
pub(super) fn assemble(pages: Pages, title: &str) -> Result<Vec<u8>, DraftError> {
    let fonts = pages.fonts();
    let (pages, used) = pages.finish();
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut font_resources = lopdf::Dictionary::new();
    for id in FontId::ALL {
        if let Some(use_) = used.get(&id) {
            let font = embed(&mut doc, fonts.get(id), use_)?;
            font_resources.set(id.resource(), font);
        }
    }
    write_pages(doc, pages_id, pages, font_resources, title, Some(NOTICE))
}

/// The PDF file from its pages' content (one stream each, on `pages_id`, made before the pages),
/// the `fonts` they use, and `title` (and `subject`) in its properties: a draft's export, and the
/// Spanish reading copy of a paper ([`crate::paper`]).
pub(crate) fn write_pages(
    mut doc: Document,
    pages_id: ObjectId,
    pages: Vec<Vec<Operation>>,
    fonts: lopdf::Dictionary,
    title: &str,
    subject: Option<&str>,
) -> Result<Vec<u8>, DraftError> {
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
    let mut info = dictionary! {
        "Title" => Object::String(utf16(title), StringFormat::Hexadecimal),
        "Producer" => Object::string_literal("ProSeVA"),
    };
    if let Some(subject) = subject {
        info.set("Subject", Object::String(utf16(subject), StringFormat::Hexadecimal));
    }
    let info = doc.add_object(info);
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
