//! The text of an uploaded file: plain text, Markdown, PDF or Word (.docx).
//!
//! The format is decided by the bytes first (`%PDF-`, a zip holding `word/document.xml`) and the
//! file name second, so a PDF named `order.txt` is still read as a PDF. Text is normalised the
//! same way for every format (no BOM, `\n` line ends, at most one blank line in a row), and the
//! passages' byte offsets refer to that normalised text.

use std::io::Read;

use crate::ApiError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
    Pdf,
    Docx,
}

impl Format {
    /// As stored and shown: `txt`, `md`, `pdf`, `docx`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Markdown => "md",
            Format::Pdf => "pdf",
            Format::Docx => "docx",
        }
    }

    pub fn media_type(self) -> &'static str {
        match self {
            Format::Text => "text/plain; charset=utf-8",
            Format::Markdown => "text/markdown; charset=utf-8",
            Format::Pdf => "application/pdf",
            Format::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }
    }
}

/// What was read out of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extracted {
    pub format: Format,
    pub text: String,
    /// Pages, for formats that have them (PDF).
    pub page_count: Option<usize>,
}

/// Largest `word/document.xml` read from a .docx (a defence against zip bombs).
const MAX_DOCX_XML_BYTES: u64 = 200 * 1024 * 1024;

/// Reads the text out of `bytes`. Unknown formats are a 415; files that are the right format but
/// unreadable, or hold no text, are a 400 on the `file` field that says what to do instead.
pub fn extract(file_name: &str, bytes: &[u8]) -> Result<Extracted, ApiError> {
    let format = detect(file_name, bytes)?;
    let (raw, page_count) = match format {
        Format::Pdf => {
            let pages = pdf_pages(bytes)?;
            let count = pages.len();
            (pages.join("\n\n"), Some(count))
        }
        Format::Docx => (docx_text(bytes)?, None),
        Format::Text | Format::Markdown => match std::str::from_utf8(bytes) {
            Ok(text) => (text.to_string(), None),
            Err(_) => return Err(ApiError::field("file", "is not UTF-8 text; save it as UTF-8, or upload it as PDF or .docx")),
        },
    };
    let text = normalise(&raw);
    if text.is_empty() {
        let hint = match format {
            Format::Pdf => "has no text layer (a scanned image?); run it through OCR or upload the text instead",
            _ => "holds no text",
        };
        return Err(ApiError::field("file", hint));
    }
    Ok(Extracted { format, text, page_count })
}

fn detect(file_name: &str, bytes: &[u8]) -> Result<Format, ApiError> {
    let extension = file_name.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase()).unwrap_or_default();
    if bytes.starts_with(b"%PDF-") {
        return Ok(Format::Pdf);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return if is_docx(bytes) {
            Ok(Format::Docx)
        } else {
            Err(ApiError::UnsupportedMediaType(format!(
                "{file_name} is a zip archive but not a Word .docx document; upload plain text, Markdown, PDF or .docx"
            )))
        };
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        return Err(ApiError::UnsupportedMediaType(format!(
            "{file_name} is an old Word (.doc) file; save it as .docx or PDF and upload that"
        )));
    }
    let looks_like_text = !bytes.contains(&0);
    match extension.as_str() {
        "md" | "markdown" if looks_like_text => Ok(Format::Markdown),
        "txt" | "text" | "" if looks_like_text => Ok(Format::Text),
        "pdf" => Err(ApiError::field("file", "is named .pdf but is not a PDF file")),
        "docx" => Err(ApiError::field("file", "is named .docx but is not a Word document")),
        _ if looks_like_text && std::str::from_utf8(bytes).is_ok() => Ok(Format::Text),
        _ => Err(ApiError::UnsupportedMediaType(format!(
            "cannot read {file_name}: upload plain text (.txt), Markdown (.md), PDF (.pdf) or Word (.docx)"
        ))),
    }
}

fn is_docx(bytes: &[u8]) -> bool {
    zip::ZipArchive::new(std::io::Cursor::new(bytes)).is_ok_and(|mut zip| zip.by_name("word/document.xml").is_ok())
}

fn pdf_pages(bytes: &[u8]) -> Result<Vec<String>, ApiError> {
    // pdf-extract panics on some malformed files; a bad upload must not take a worker thread down.
    let outcome = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(bytes));
    match outcome {
        Ok(Ok(pages)) => Ok(pages),
        Ok(Err(e)) => {
            Err(ApiError::field("file", format!("could not read this PDF ({e}); if it is password-protected, remove the password")))
        }
        Err(_) => Err(ApiError::field("file", "could not read this PDF (it may be damaged); try printing it to a new PDF")),
    }
}

/// The text of a .docx: the paragraphs of `word/document.xml`, tabs and line breaks kept,
/// paragraphs separated by a blank line.
fn docx_text(bytes: &[u8]) -> Result<String, ApiError> {
    let unreadable = |why: String| ApiError::field("file", format!("could not read this Word document: {why}"));
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| unreadable(e.to_string()))?;
    let mut xml = String::new();
    zip.by_name("word/document.xml")
        .map_err(|e| unreadable(e.to_string()))?
        .take(MAX_DOCX_XML_BYTES)
        .read_to_string(&mut xml)
        .map_err(|e| unreadable(e.to_string()))?;

    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut text = String::new();
    let mut in_text = false;
    loop {
        match reader.read_event().map_err(|e| unreadable(e.to_string()))? {
            Event::Start(e) if e.name().as_ref() == "w:t" => in_text = true,
            Event::End(e) if e.name().as_ref() == "w:t" => in_text = false,
            Event::End(e) if e.name().as_ref() == "w:p" => text.push_str("\n\n"),
            Event::Empty(e) if matches!(e.name().as_ref(), "w:tab") => text.push('\t'),
            Event::Empty(e) if matches!(e.name().as_ref(), "w:br" | "w:cr") => text.push('\n'),
            Event::Text(t) if in_text => text.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if in_text => {
                let resolved = match r.xml10_content().as_ref() {
                    "amp" => Some("&".to_string()),
                    "lt" => Some("<".to_string()),
                    "gt" => Some(">".to_string()),
                    "quot" => Some("\"".to_string()),
                    "apos" => Some("'".to_string()),
                    _ => r.resolve_char_ref().ok().flatten().map(String::from),
                };
                text.push_str(&resolved.unwrap_or_default());
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(text)
}

/// No BOM, `\n` line ends, no trailing spaces, at most one blank line in a row, trimmed.
pub fn normalise(raw: &str) -> String {
    let raw = raw.strip_prefix('\u{feff}').unwrap_or(raw).replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(raw.len());
    let mut blank_run = 0;
    for line in raw.split('\n') {
        let line = line.trim_end();
        if line.is_empty() {
            blank_run += 1;
            if blank_run > 1 {
                continue;
            }
        } else {
            blank_run = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples;

    #[test]
    fn plain_text_and_markdown() {
        let got = extract("notes.txt", "\u{feff}Line one  \r\n\r\n\r\n\r\nLine two\r\n".as_bytes()).unwrap();
        assert_eq!((got.format, got.text.as_str(), got.page_count), (Format::Text, "Line one\n\nLine two", None));
        let md = extract("plan.md", b"# Parenting plan\n\n- Exchanges at 6 pm\n").unwrap();
        assert_eq!(md.format, Format::Markdown);
        assert!(md.text.starts_with("# Parenting plan"));
    }

    #[test]
    fn pdf_text_by_page() {
        let pdf = samples::pdf(&[&["FINAL ORDER OF CUSTODY", "The parties shall exchange the child."], &["Entered this day."]]);
        let got = extract("order.pdf", &pdf).unwrap();
        assert_eq!((got.format, got.page_count), (Format::Pdf, Some(2)));
        assert!(got.text.contains("FINAL ORDER OF CUSTODY"), "{:?}", got.text);
        assert!(got.text.contains("exchange the child"), "{:?}", got.text);
        assert!(got.text.contains("Entered this day"), "{:?}", got.text);
    }

    #[test]
    fn docx_paragraphs_tabs_and_entities() {
        let docx = samples::docx(&["Motion to Amend", "Plaintiff & Defendant agree:\tyes"]);
        let got = extract("motion.docx", &docx).unwrap();
        assert_eq!(got.format, Format::Docx);
        assert_eq!(got.text, "Motion to Amend\n\nPlaintiff & Defendant agree:\tyes");
    }

    #[test]
    fn the_bytes_decide_not_the_name() {
        let pdf = samples::pdf(&[&["Hello from a PDF"]]);
        assert_eq!(extract("misnamed.txt", &pdf).unwrap().format, Format::Pdf);
    }

    #[test]
    fn unreadable_and_unsupported_files_say_what_to_do() {
        let err = extract("photo.png", b"\x89PNG\r\n\x1a\n\0\0\0binary").unwrap_err();
        assert!(matches!(err, ApiError::UnsupportedMediaType(_)), "{err:?}");
        let err = extract("old.doc", &[0xD0, 0xCF, 0x11, 0xE0, 0, 0]).unwrap_err();
        assert!(err.to_string().contains(".docx"), "{err}");
        let err = extract("broken.pdf", b"%PDF-1.4 garbage").unwrap_err();
        assert!(matches!(err, ApiError::Validation { .. }), "{err:?}");
        let err = extract("empty.txt", b"  \n\n ").unwrap_err();
        assert!(err.to_string().contains("no text"), "{err}");
        let err = extract("fake.pdf", b"just text").unwrap_err();
        assert!(err.to_string().contains("not a PDF"), "{err}");
    }
}
