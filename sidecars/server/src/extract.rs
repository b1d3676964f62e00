//! The text of an uploaded file: plain text, Markdown, PDF or Word (.docx), page by page, and
//! which pages are scans that OCR must read ([`crate::reader`]): images (PNG, JPEG, TIFF) and PDF
//! pages without a text layer.
//!
//! The format is decided by the bytes first (`%PDF-`, a zip holding `word/document.xml`, an
//! image's signature) and the file name second, so a PDF named `order.txt` is still read as a
//! PDF. Text is normalised the same way for every format (no BOM, `\n` line ends, at most one
//! blank line in a row), and the passages' byte offsets refer to that normalised text.

use std::io::Read;

use crate::ApiError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
    Pdf,
    Docx,
    Png,
    Jpeg,
    Tiff,
}

impl Format {
    /// As stored and shown: `txt`, `md`, `pdf`, `docx`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Markdown => "md",
            Format::Pdf => "pdf",
            Format::Docx => "docx",
            Format::Png => "png",
            Format::Jpeg => "jpg",
            Format::Tiff => "tiff",
        }
    }

    /// A picture: every page of it is read by OCR.
    pub fn is_image(self) -> bool {
        matches!(self, Format::Png | Format::Jpeg | Format::Tiff)
    }

    /// As stored in the `format` column.
    pub fn from_name(name: &str) -> Option<Format> {
        [Format::Text, Format::Markdown, Format::Pdf, Format::Docx, Format::Png, Format::Jpeg, Format::Tiff]
            .into_iter()
            .find(|f| f.name() == name)
    }

    pub fn media_type(self) -> &'static str {
        match self {
            Format::Text => "text/plain; charset=utf-8",
            Format::Markdown => "text/markdown; charset=utf-8",
            Format::Pdf => "application/pdf",
            Format::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Tiff => "image/tiff",
        }
    }
}

/// What was read out of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extracted {
    pub format: Format,
    /// The text of each page, normalised; `None` for a page that OCR must read (a scan). Formats
    /// without pages (text, Markdown, Word) have one.
    pub pages: Vec<Option<String>>,
    /// Whether the format has pages (PDF, images) worth showing as such.
    pub paged: bool,
}

impl Extracted {
    pub fn needs_ocr(&self) -> bool {
        self.pages.iter().any(Option::is_none)
    }
}

/// A PDF page whose text layer has fewer letters and digits than this is treated as a scan
/// (a scanner's stamp such as "Page 2" is not the page's text).
const MIN_TEXT_LAYER_CHARS: usize = 16;

/// Largest `word/document.xml` read from a .docx (a defence against zip bombs).
const MAX_DOCX_XML_BYTES: u64 = 200 * 1024 * 1024;

/// Reads the text out of `bytes`, leaving scanned pages to OCR. Unknown formats are a 415; files
/// that are the right format but unreadable (damaged, encrypted), or hold no text, are a 400 on
/// the `file` field that names the file and says what to do instead.
pub fn extract(file_name: &str, bytes: &[u8]) -> Result<Extracted, ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::field("file", format!("{file_name} is empty (0 bytes); choose the file again")));
    }
    let format = detect(file_name, bytes)?;
    let single = |text: String| -> Result<Extracted, ApiError> {
        let text = normalise(&text);
        if text.is_empty() {
            return Err(ApiError::field("file", format!("{file_name} holds no text")));
        }
        Ok(Extracted { format, pages: vec![Some(text)], paged: false })
    };
    match format {
        Format::Pdf => {
            let pages = pdf_pages(file_name, bytes)?
                .iter()
                .map(|raw| {
                    let text = normalise(raw);
                    (text.chars().filter(|c| c.is_alphanumeric()).count() >= MIN_TEXT_LAYER_CHARS).then_some(text)
                })
                .collect::<Vec<_>>();
            if pages.is_empty() {
                return Err(ApiError::field("file", format!("{file_name} has no pages")));
            }
            Ok(Extracted { format, pages, paged: true })
        }
        Format::Png | Format::Jpeg | Format::Tiff => Ok(Extracted { format, pages: vec![None], paged: true }),
        Format::Docx => single(docx_text(bytes)?),
        Format::Text | Format::Markdown => match std::str::from_utf8(bytes) {
            Ok(text) => single(text.to_string()),
            Err(_) => {
                Err(ApiError::field("file", format!("{file_name} is not UTF-8 text; save it as UTF-8, or upload it as PDF or .docx")))
            }
        },
    }
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
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Ok(Format::Png);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Ok(Format::Jpeg);
    }
    if bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*") {
        return Ok(Format::Tiff);
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
        "png" | "jpg" | "jpeg" | "tif" | "tiff" => {
            Err(ApiError::field("file", format!("is named .{extension} but is not a {} image", extension.to_ascii_uppercase())))
        }
        _ if looks_like_text && std::str::from_utf8(bytes).is_ok() => Ok(Format::Text),
        _ => Err(ApiError::UnsupportedMediaType(format!(
            "cannot read {file_name}: upload plain text (.txt), Markdown (.md), PDF (.pdf), Word (.docx) or a scan (.png, .jpg, .tiff)"
        ))),
    }
}

fn is_docx(bytes: &[u8]) -> bool {
    zip::ZipArchive::new(std::io::Cursor::new(bytes)).is_ok_and(|mut zip| zip.by_name("word/document.xml").is_ok())
}

fn pdf_pages(file_name: &str, bytes: &[u8]) -> Result<Vec<String>, ApiError> {
    if is_encrypted(bytes) {
        return Err(ApiError::field(
            "file",
            format!(
                "{file_name} is an encrypted (password-protected) PDF; open it, print or save it as a new PDF without a password, and upload that"
            ),
        ));
    }
    // pdf-extract panics on some malformed files; a bad upload must not take a worker thread down.
    let outcome = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(bytes));
    match outcome {
        Ok(Ok(pages)) => Ok(pages),
        Ok(Err(e)) => {
            Err(ApiError::field("file", format!("could not read {file_name}: the PDF is damaged ({e}); try printing it to a new PDF")))
        }
        Err(_) => Err(ApiError::field("file", format!("could not read {file_name}: the PDF is damaged; try printing it to a new PDF"))),
    }
}

/// An encryption dictionary in the trailer: the PDF's text cannot be read without its key.
fn is_encrypted(bytes: &[u8]) -> bool {
    // The trailer (or the cross-reference stream naming /Encrypt) is near the end; scan the last
    // 64 KiB, and the whole file for small ones.
    let tail = &bytes[bytes.len().saturating_sub(64 * 1024)..];
    tail.windows(8).any(|w| w == b"/Encrypt")
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
        assert_eq!((got.format, got.pages.clone(), got.paged), (Format::Text, vec![Some("Line one\n\nLine two".to_string())], false));
        let md = extract("plan.md", b"# Parenting plan\n\n- Exchanges at 6 pm\n").unwrap();
        assert_eq!(md.format, Format::Markdown);
        assert!(md.pages[0].as_deref().unwrap().starts_with("# Parenting plan"));
    }

    #[test]
    fn pdf_text_by_page() {
        let pdf = samples::pdf(&[
            &["FINAL ORDER OF CUSTODY", "The parties shall exchange the child."],
            &["Entered this day by the court of Fairfax County."],
        ]);
        let got = extract("order.pdf", &pdf).unwrap();
        assert_eq!((got.format, got.pages.len(), got.paged, got.needs_ocr()), (Format::Pdf, 2, true, false));
        let first = got.pages[0].as_deref().unwrap();
        assert!(first.contains("FINAL ORDER OF CUSTODY") && first.contains("exchange the child"), "{first:?}");
        assert!(got.pages[1].as_deref().unwrap().contains("Entered this day"), "{:?}", got.pages);
    }

    #[test]
    fn docx_paragraphs_tabs_and_entities() {
        let docx = samples::docx(&["Motion to Amend", "Plaintiff & Defendant agree:\tyes"]);
        let got = extract("motion.docx", &docx).unwrap();
        assert_eq!(got.format, Format::Docx);
        assert_eq!(got.pages, [Some("Motion to Amend\n\nPlaintiff & Defendant agree:\tyes".to_string())]);
    }

    #[test]
    fn the_bytes_decide_not_the_name() {
        let pdf = samples::pdf(&[&["Hello from a PDF"]]);
        assert_eq!(extract("misnamed.txt", &pdf).unwrap().format, Format::Pdf);
    }

    #[test]
    fn scans_are_left_to_ocr() {
        let png = extract("letter.png", b"\x89PNG\r\n\x1a\n\0\0\0binary").unwrap();
        assert_eq!((png.format, png.pages.clone(), png.needs_ocr()), (Format::Png, vec![None], true));
        assert_eq!(extract("scan.JPG", &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]).unwrap().format, Format::Jpeg);
        assert_eq!(extract("fax.tif", b"II*\0\x08\0\0\0").unwrap().format, Format::Tiff);
        // A page with text and a page that is only a picture (no text operators at all).
        let pdf = samples::pdf(&[&["A page with a real text layer on it."], &[]]);
        let got = extract("mixed.pdf", &pdf).unwrap();
        assert!(got.pages[0].is_some() && got.pages[1].is_none(), "{:?}", got.pages);
        let err = extract("photo.png", b"GIF89a not a png").unwrap_err();
        assert!(err.to_string().contains("is not a PNG image"), "{err}");
    }

    #[test]
    fn unreadable_and_unsupported_files_say_what_to_do() {
        let err = extract("song.mp3", b"ID3\x03\0\0\0\0binary\0").unwrap_err();
        assert!(matches!(err, ApiError::UnsupportedMediaType(_)), "{err:?}");
        let err = extract("empty.pdf", b"").unwrap_err();
        assert!(err.to_string().contains("empty.pdf is empty (0 bytes)"), "{err}");
        let err = extract("locked.pdf", &samples::encrypted_pdf()).unwrap_err();
        assert!(err.to_string().contains("encrypted (password-protected)"), "{err}");
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
