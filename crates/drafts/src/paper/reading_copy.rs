//! A reader's copy of a court paper in another language (issue 44): what each part of the filed
//! English paper says, in the person's language, each part under a small label ("Párrafo 2"),
//! with a banner on every page that says it is not for filing. Virginia courts take papers in
//! English; this copy is for understanding the paper, so it never looks like the paper to file:
//! no court layout, no line to sign on, the banner boxed at the top of every PDF page and in the
//! header of every page of the Word file (and first in its body, for a reader that skips
//! headers). The words come from the caller (the server's catalogue): this module only lays them
//! out, in the same fonts as every other export.
//!
//! ```
//! use proseva_drafts::Paper;
//!
//! let parts = [("Título", "MOCIÓN DE APLAZAMIENTO"), ("Párrafo 1", "Este caso tiene una audiencia fijada para el 3 de diciembre de 2026.")];
//! let banner = "COPIA EN ESPAÑOL — NO ES PARA PRESENTAR EN EL TRIBUNAL.";
//! let pdf = Paper::reading_copy_pdf(banner, "Moción de aplazamiento", &parts, "Página {page} de {pages}").unwrap();
//! assert!(pdf.starts_with(b"%PDF"));
//! let docx = Paper::reading_copy_docx(banner, "Moción de aplazamiento", &parts, "Página {page} de {pages}").unwrap();
//! assert!(docx.starts_with(b"PK"));
//! ```

use std::fmt::Write as _;
use std::io::Write as _;

use lopdf::Document;
use lopdf::content::Operation;

use super::Paper;
use crate::error::DraftError;
use crate::export::unicode_text::{self, Line};
use crate::export::{PAGE_HEIGHT, PAGE_WIDTH, write_pages};

const MARGIN: f32 = 72.0;
const WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
/// The banner's box: from half an inch below the top of the page, the text inset this much.
const BANNER_TOP: f32 = PAGE_HEIGHT - 36.0;
const BANNER_INSET: f32 = 8.0;
const BANNER: (f32, f32) = (10.0, 13.0);
const TITLE: (f32, f32) = (15.0, 19.0);
const LABEL: (f32, f32) = (9.0, 12.0);
const BODY: (f32, f32) = (11.0, 15.0);
const FOOTER_BASELINE: f32 = 40.0;
const FOOTER_SIZE: f32 = 9.0;

/// A line of text placed on a page, in a shade of grey (0 black).
struct Placed {
    page: usize,
    gray: f32,
    x: f32,
    baseline: f32,
    size: f32,
    text: String,
}

/// The body's lines, set down the pages under the banner.
struct Flow {
    top: f32,
    y: f32,
    page: usize,
    lines: Vec<Placed>,
}

impl Flow {
    fn new(top: f32) -> Flow {
        Flow { top, y: top, page: 0, lines: Vec::new() }
    }

    /// Starts a new page unless `height` more fits on this one.
    fn keep(&mut self, height: f32) {
        if self.y - height < MARGIN && self.y < self.top {
            self.page += 1;
            self.y = self.top;
        }
    }

    fn space(&mut self, points: f32) {
        if self.y < self.top {
            self.y -= points;
        }
    }

    fn line(&mut self, (size, leading): (f32, f32), gray: f32, text: String) {
        self.keep(leading);
        self.y -= leading;
        let baseline = self.y + (leading - size) / 2.0 + size * 0.22;
        self.lines.push(Placed { page: self.page, gray, x: MARGIN, baseline, size, text });
    }

    /// `text` wrapped to the text width, each of its line breaks starting a new line.
    fn wrapped(&mut self, style: (f32, f32), gray: f32, text: &str) -> Result<(), DraftError> {
        for piece in text.split('\n') {
            if piece.trim().is_empty() {
                self.space(style.1 * 0.5);
                continue;
            }
            for line in unicode_text::wrap(piece.trim_end(), style.0, WIDTH)? {
                self.line(style, gray, line);
            }
        }
        Ok(())
    }
}

impl Paper {
    /// A reader's copy as a PDF: Letter pages, `banner` boxed at the top of every page, `title`,
    /// then each part's label (small, grey; none when empty) and its text; `page_label` at the foot
    /// of every page with `{page}` and `{pages}` put in ("Página 1 de 2").
    pub fn reading_copy_pdf(banner: &str, title: &str, parts: &[(&str, &str)], page_label: &str) -> Result<Vec<u8>, DraftError> {
        let banner_lines = unicode_text::wrap(banner, BANNER.0, WIDTH - 2.0 * BANNER_INSET)?;
        let banner_height = banner_lines.len() as f32 * BANNER.1 + 2.0 * BANNER_INSET;
        let mut flow = Flow::new(BANNER_TOP - banner_height - 18.0);
        flow.wrapped(TITLE, 0.0, title)?;
        flow.space(10.0);
        for (label, text) in parts {
            flow.keep(LABEL.1 + 2.0 * BODY.1);
            if !label.trim().is_empty() {
                flow.wrapped(LABEL, 0.4, label)?;
                flow.space(2.0);
            }
            flow.wrapped(BODY, 0.0, text)?;
            flow.space(10.0);
        }
        let pages = flow.page + 1;
        // Every page: the banner's lines and the page number, then the body's lines on it.
        let mut placed: Vec<Placed> = Vec::new();
        for page in 0..pages {
            let mut baseline = BANNER_TOP - BANNER_INSET - BANNER.0;
            for line in &banner_lines {
                placed.push(Placed { page, gray: 0.0, x: MARGIN + BANNER_INSET, baseline, size: BANNER.0, text: line.clone() });
                baseline -= BANNER.1;
            }
            let footer = page_label.replace("{page}", &(page + 1).to_string()).replace("{pages}", &pages.to_string());
            let x = (PAGE_WIDTH - unicode_text::width(&footer, FOOTER_SIZE)?) / 2.0;
            placed.push(Placed { page, gray: 0.4, x, baseline: FOOTER_BASELINE, size: FOOTER_SIZE, text: footer });
        }
        placed.extend(flow.lines);
        let mut doc = Document::with_version("1.5");
        let singles: Vec<[Line; 1]> =
            placed.iter().map(|p| [Line { x: p.x, baseline: p.baseline, size: p.size, text: p.text.as_str() }]).collect();
        let blocks: Vec<&[Line]> = singles.iter().map(|s| &s[..]).collect();
        let (drawn, fonts) = unicode_text::draw(&mut doc, &blocks)?;
        let mut contents: Vec<Vec<Operation>> = (0..pages).map(|_| banner_box(banner_height)).collect();
        for (p, ops) in placed.iter().zip(drawn) {
            let page = &mut contents[p.page];
            page.push(Operation::new("g", vec![p.gray.into()]));
            page.extend(ops);
        }
        let pages_id = doc.new_object_id();
        write_pages(doc, pages_id, contents, fonts, title, None)
    }

    /// A reader's copy as a Word file: `banner` in the header of every page and first in the
    /// body, `title`, each part's label (small, grey) and its text; `page_label` in the footer
    /// with `{page}` and `{pages}` as Word's page fields.
    pub fn reading_copy_docx(banner: &str, title: &str, parts: &[(&str, &str)], page_label: &str) -> Result<Vec<u8>, DraftError> {
        let mut body = String::new();
        paragraph(&mut body, BANNER_PARAGRAPH, BANNER_RUN, banner);
        paragraph(&mut body, r#"<w:spacing w:before="120" w:after="200"/>"#, r#"<w:b/><w:sz w:val="30"/><w:szCs w:val="30"/>"#, title);
        for (label, text) in parts {
            if !label.trim().is_empty() {
                paragraph(
                    &mut body,
                    r#"<w:keepNext/><w:spacing w:before="160" w:after="40"/>"#,
                    r#"<w:color w:val="666666"/><w:sz w:val="18"/><w:szCs w:val="18"/>"#,
                    label,
                );
            }
            for piece in text.split('\n') {
                paragraph(&mut body, r#"<w:spacing w:after="60"/>"#, "", piece.trim_end());
            }
        }
        let document = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>{body}<w:sectPr><w:headerReference w:type="default" r:id="rId2"/><w:footerReference w:type="default" r:id="rId3"/><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="560" w:footer="560" w:gutter="0"/></w:sectPr></w:body></w:document>"#
        );
        let mut header = String::new();
        paragraph(&mut header, BANNER_PARAGRAPH, BANNER_RUN, banner);
        let header = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">{header}</w:hdr>"#
        );
        let footer = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:ftr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:pPr><w:jc w:val="center"/></w:pPr>{}</w:p></w:ftr>"#,
            footer_runs(page_label)
        );
        let core = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{}</dc:title><dc:creator>ProSeVA</dc:creator><dc:description>{}</dc:description></cp:coreProperties>"#,
            escape(title),
            escape(banner)
        );
        let parts = [
            ("[Content_Types].xml", CONTENT_TYPES.to_string()),
            ("_rels/.rels", PACKAGE_RELS.to_string()),
            ("word/_rels/document.xml.rels", DOCUMENT_RELS.to_string()),
            ("word/document.xml", document),
            ("word/styles.xml", STYLES.to_string()),
            ("word/header1.xml", header),
            ("word/footer1.xml", footer),
            ("docProps/core.xml", core),
        ];
        let fail = |e: &dyn std::fmt::Display| DraftError::Export { format: "Word", reason: e.to_string() };
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, text) in parts {
            zip.start_file(name, options).map_err(|e| fail(&e))?;
            zip.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
        }
        Ok(zip.finish().map_err(|e| fail(&e))?.into_inner())
    }
}

/// The banner's box: a light grey fill with a dark border, behind the banner's lines.
fn banner_box(height: f32) -> Vec<Operation> {
    let rect = || vec![MARGIN.into(), (BANNER_TOP - height).into(), WIDTH.into(), height.into()];
    vec![
        Operation::new("q", vec![]),
        Operation::new("g", vec![0.92.into()]),
        Operation::new("re", rect()),
        Operation::new("f", vec![]),
        Operation::new("G", vec![0.2.into()]),
        Operation::new("w", vec![1.5.into()]),
        Operation::new("re", rect()),
        Operation::new("S", vec![]),
        Operation::new("Q", vec![]),
    ]
}

const BANNER_PARAGRAPH: &str = r#"<w:pBdr><w:top w:val="single" w:sz="12" w:space="4" w:color="333333"/><w:left w:val="single" w:sz="12" w:space="4" w:color="333333"/><w:bottom w:val="single" w:sz="12" w:space="4" w:color="333333"/><w:right w:val="single" w:sz="12" w:space="4" w:color="333333"/></w:pBdr><w:shd w:val="clear" w:color="auto" w:fill="EDEDED"/><w:spacing w:after="200"/>"#;
const BANNER_RUN: &str = r#"<w:b/><w:sz w:val="20"/><w:szCs w:val="20"/>"#;

/// A `w:p` with its paragraph and run properties; the text XML-escaped (an empty text makes an
/// empty paragraph).
fn paragraph(out: &mut String, properties: &str, run: &str, text: &str) {
    let _ = write!(out, "<w:p><w:pPr>{properties}</w:pPr>");
    if !text.is_empty() {
        let _ = write!(out, r#"<w:r><w:rPr>{run}</w:rPr><w:t xml:space="preserve">{}</w:t></w:r>"#, escape(text));
    }
    out.push_str("</w:p>");
}

/// The footer's runs: the label's text, with `{page}` and `{pages}` as Word's PAGE and NUMPAGES
/// fields.
fn footer_runs(label: &str) -> String {
    let mut out = String::new();
    let text = |out: &mut String, t: &str| {
        if !t.is_empty() {
            let _ = write!(
                out,
                r#"<w:r><w:rPr><w:color w:val="666666"/><w:sz w:val="18"/></w:rPr><w:t xml:space="preserve">{}</w:t></w:r>"#,
                escape(t)
            );
        }
    };
    let mut rest = label;
    while let Some(at) = rest.find('{') {
        let (field, len) = if rest[at..].starts_with("{pages}") {
            ("NUMPAGES", "{pages}".len())
        } else if rest[at..].starts_with("{page}") {
            ("PAGE", "{page}".len())
        } else {
            text(&mut out, &rest[..=at]);
            rest = &rest[at + 1..];
            continue;
        };
        text(&mut out, &rest[..at]);
        let _ = write!(
            out,
            r#"<w:fldSimple w:instr=" {field} "><w:r><w:rPr><w:color w:val="666666"/><w:sz w:val="18"/></w:rPr><w:t>1</w:t></w:r></w:fldSimple>"#
        );
        rest = &rest[at + len..];
    }
    text(&mut out, rest);
    out
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
            '\t' => out.push(' '),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/><Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>"#;

const PACKAGE_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>"#;

const DOCUMENT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>"#;

/// Calibri 11, in Spanish (so a speller reads it as Spanish).
const STYLES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="es-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style></w:styles>"#;

#[cfg(test)]
mod tests {
    use super::*;

    const BANNER_TEXT: &str = "COPIA EN ESPAÑOL — NO ES PARA PRESENTAR EN EL TRIBUNAL. Presente solo el original en inglés.";

    fn squeezed(text: &str) -> String {
        text.split_whitespace().collect()
    }

    #[test]
    fn the_banner_is_on_every_page_of_the_pdf_and_the_page_numbers_are_the_caller_s() {
        let long = "Ese día voy a estar en el hospital; adjunto los papeles de mi salida. ".repeat(40);
        let labels: Vec<String> = (1..=12).map(|n| format!("Párrafo {n}")).collect();
        let parts: Vec<(&str, &str)> = labels.iter().map(|l| (l.as_str(), long.as_str())).collect();
        let pdf =
            Paper::reading_copy_pdf(BANNER_TEXT, "Moción de aplazamiento — copia en español", &parts, "Página {page} de {pages}").unwrap();
        let pages = pdf_extract::extract_text_from_mem_by_pages(&pdf).unwrap();
        assert!(pages.len() >= 3, "{} pages", pages.len());
        let total = pages.len();
        for (i, page) in pages.iter().enumerate() {
            let page = squeezed(page);
            assert!(page.contains(&squeezed(BANNER_TEXT)), "page {} lacks the banner: {page}", i + 1);
            assert!(page.contains(&squeezed(&format!("Página {} de {total}", i + 1))), "page {}", i + 1);
        }
        assert!(squeezed(&pages[0]).contains("Párrafo1"));
        assert!(squeezed(&pages.concat()).contains("Párrafo12"));
    }

    #[test]
    fn the_word_copy_has_the_banner_in_its_header_and_body_and_page_fields_in_its_footer() {
        let docx = Paper::reading_copy_docx(BANNER_TEXT, "Título <&>", &[("", "Línea 1\nLínea 2")], "Página {page} de {pages}").unwrap();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(docx)).unwrap();
        let mut read = |name: &str| {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut zip.by_name(name).unwrap(), &mut text).unwrap();
            text
        };
        let document = read("word/document.xml");
        let header = read("word/header1.xml");
        let footer = read("word/footer1.xml");
        assert!(header.contains("COPIA EN ESPAÑOL — NO ES PARA PRESENTAR EN EL TRIBUNAL."));
        assert!(document.contains("COPIA EN ESPAÑOL") && document.contains(r#"<w:headerReference w:type="default" r:id="rId2"/>"#));
        assert!(document.contains("Título &lt;&amp;&gt;") && document.contains("Línea 2"));
        assert!(footer.contains(r#"w:instr=" PAGE ""#) && footer.contains(r#"w:instr=" NUMPAGES ""#) && footer.contains("Página "));
        for xml in [&document, &header, &footer, &read("[Content_Types].xml"), &read("word/_rels/document.xml.rels")] {
            let mut reader = quick_xml::Reader::from_str(xml);
            while reader.read_event().unwrap() != quick_xml::events::Event::Eof {}
        }
        assert_eq!(footer_runs("{pag} x").matches("<w:r>").count(), 2, "a brace that is no field is text");
    }
}
