//! What a file is, when it is not a PDF: people pick the wrong download (the page the form was on,
//! a photo of the form, a Word version), and the message should name what they picked.

/// A PDF has `%PDF-` in its first 1024 bytes (readers allow junk before it).
const PDF_WINDOW: usize = 1024;

/// `None` when `bytes` is a PDF; otherwise what it is, in plain words ("a PNG image").
pub(crate) fn not_a_pdf(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(PDF_WINDOW)];
    if find(head, b"%PDF-").is_some() {
        return None;
    }
    Some(what_it_is(bytes).to_string())
}

fn what_it_is(bytes: &[u8]) -> &'static str {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return "an empty file (there is nothing in it)";
    }
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    if starts(b"\x89PNG\r\n\x1a\n") {
        return "a PNG image (a picture of the form, not the form itself)";
    }
    if starts(b"\xff\xd8\xff") {
        return "a JPEG image (a photo or scan of the form, not the form itself)";
    }
    if starts(b"GIF87a") || starts(b"GIF89a") {
        return "a GIF image";
    }
    if starts(b"II*\0") || starts(b"MM\0*") {
        return "a TIFF image (a scan of the form, not the form itself)";
    }
    if starts(b"PK\x03\x04") {
        return zip_kind(bytes);
    }
    if starts(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1") {
        return if find(bytes, &utf16le("WordDocument")).is_some() {
            "an old Word document (.doc)"
        } else if find(bytes, &utf16le("Workbook")).is_some() {
            "an old Excel spreadsheet (.xls)"
        } else {
            "an old Microsoft Office file (.doc or .xls)"
        };
    }
    let head = &bytes[..bytes.len().min(PDF_WINDOW)];
    let text = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let lower: Vec<u8> = text.iter().map(u8::to_ascii_lowercase).collect();
    let trimmed = lower.trim_ascii_start();
    if trimmed.starts_with(b"<!doctype html")
        || ["<html", "<head", "<body", "<meta", "<title"].iter().any(|tag| find(&lower, tag.as_bytes()).is_some())
    {
        return "a web page (HTML) saved from the browser";
    }
    if trimmed.starts_with(b"{\\rtf") {
        return "a Rich Text document (.rtf)";
    }
    if trimmed.starts_with(b"<?xml") {
        return "an XML file";
    }
    if looks_like_text(head) {
        return "a plain text file";
    }
    "a kind of file this app does not recognize"
}

/// A zip archive: Word, Excel and OpenDocument files are zips named by the parts inside.
fn zip_kind(bytes: &[u8]) -> &'static str {
    if find(bytes, b"word/").is_some() {
        "a Word document (.docx)"
    } else if find(bytes, b"xl/").is_some() {
        "an Excel spreadsheet (.xlsx)"
    } else if find(bytes, b"application/vnd.oasis.opendocument.text").is_some() {
        "an OpenDocument text file (.odt)"
    } else {
        "a zip archive"
    }
}

/// UTF-8 with no control characters but tabs and line ends (a cut-off character at the end of the
/// window is allowed).
fn looks_like_text(head: &[u8]) -> bool {
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) if error.error_len().is_none() => std::str::from_utf8(&head[..error.valid_up_to()]).unwrap_or_default(),
        Err(_) => return false,
    };
    valid.chars().all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r' | '\x0c'))
}

fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

pub(crate) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    haystack.windows(needle.len()).position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_wrong_download_is_named() {
        assert_eq!(not_a_pdf(b"junk\n%PDF-1.7\n"), None);
        let named = |bytes: &[u8]| not_a_pdf(bytes).unwrap();
        assert!(named(b"").starts_with("an empty file"));
        assert!(named(b"\x89PNG\r\n\x1a\n\0\0").starts_with("a PNG image"));
        assert!(named(b"\xff\xd8\xff\xe0").starts_with("a JPEG image"));
        assert_eq!(named(b"PK\x03\x04....[Content_Types].xml...word/document.xml"), "a Word document (.docx)");
        assert_eq!(named(b"\xef\xbb\xbf  <!DOCTYPE html><html>"), "a web page (HTML) saved from the browser");
        assert_eq!(named("Petition for custody — Nguyễn\n".as_bytes()), "a plain text file");
        assert_eq!(named(b"\x00\x01\x02\x03"), "a kind of file this app does not recognize");
    }
}
