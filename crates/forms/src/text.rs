//! PDF text strings (field names, tooltips, values): PDFDocEncoding or UTF-16BE with a byte-order
//! mark, as the PDF specification (§7.9.2.2) defines them, and labels made from field names.

use lopdf::{Object, StringFormat};

/// PDFDocEncoding 0x18–0x1F (accents) and 0x80–0xA0, where it differs from Latin-1; `'\0'` is
/// undefined.
const PDF_DOC_LOW: [char; 8] = ['\u{02d8}', '\u{02c7}', '\u{02c6}', '\u{02d9}', '\u{02dd}', '\u{02db}', '\u{02da}', '\u{02dc}'];
const PDF_DOC_HIGH: [char; 33] = [
    '\u{2022}', '\u{2020}', '\u{2021}', '\u{2026}', '\u{2014}', '\u{2013}', '\u{0192}', '\u{2044}', '\u{2039}', '\u{203a}', '\u{2212}',
    '\u{2030}', '\u{201e}', '\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}', '\u{201a}', '\u{2122}', '\u{fb01}', '\u{fb02}', '\u{0141}',
    '\u{0152}', '\u{0160}', '\u{0178}', '\u{017d}', '\u{0131}', '\u{0142}', '\u{0153}', '\u{0161}', '\u{017e}', '\0', '\u{20ac}',
];

/// The character of a PDFDocEncoding byte, if it has one.
fn pdf_doc_char(byte: u8) -> Option<char> {
    match byte {
        b'\t' | b'\n' | b'\r' | 0x20..=0x7e => Some(char::from(byte)),
        0x18..=0x1f => Some(PDF_DOC_LOW[usize::from(byte - 0x18)]),
        0x80..=0xa0 => Some(PDF_DOC_HIGH[usize::from(byte - 0x80)]).filter(|&c| c != '\0'),
        0xa1..=0xff => Some(char::from(byte)),
        _ => None,
    }
}

/// The PDFDocEncoding byte of `c`, if it has one.
fn pdf_doc_byte(c: char) -> Option<u8> {
    match c {
        '\t' | '\n' | '\r' | ' '..='~' | '\u{a1}'..='\u{ff}' => u8::try_from(u32::from(c)).ok(),
        _ => {
            let high = PDF_DOC_HIGH.iter().position(|&d| d == c && d != '\0').map(|i| 0x80 + i);
            let low = PDF_DOC_LOW.iter().position(|&d| d == c).map(|i| 0x18 + i);
            high.or(low).and_then(|b| u8::try_from(b).ok())
        }
    }
}

/// A PDF text string as Rust text: UTF-16BE or UTF-8 after their byte-order marks, else
/// PDFDocEncoding. Invalid sequences become U+FFFD; undefined bytes are dropped.
pub(crate) fn decode(bytes: &[u8]) -> String {
    if let Some(utf16) = bytes.strip_prefix(b"\xfe\xff") {
        let units: Vec<u16> = utf16.chunks(2).map(|pair| u16::from_be_bytes([pair[0], pair.get(1).copied().unwrap_or(0)])).collect();
        return String::from_utf16_lossy(&units);
    }
    if let Some(utf8) = bytes.strip_prefix(b"\xef\xbb\xbf") {
        return String::from_utf8_lossy(utf8).into_owned();
    }
    bytes.iter().filter_map(|&b| pdf_doc_char(b)).collect()
}

/// Text as a PDF text string: PDFDocEncoding when every character has a byte there, else
/// UTF-16BE with its byte-order mark.
pub(crate) fn encode(text: &str) -> Object {
    if let Some(bytes) = text.chars().map(pdf_doc_byte).collect::<Option<Vec<u8>>>() {
        return Object::String(bytes, StringFormat::Literal);
    }
    let mut bytes = vec![0xfe, 0xff];
    bytes.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    Object::String(bytes, StringFormat::Hexadecimal)
}

/// A text string object's text (a name is read as UTF-8, as some forms write choice values).
pub(crate) fn of(object: &Object) -> Option<String> {
    match object {
        Object::String(bytes, _) => Some(decode(bytes)),
        Object::Name(bytes) => Some(String::from_utf8_lossy(bytes).into_owned()),
        _ => None,
    }
}

/// A name as text (an on-state such as `/Yes` or `/Choice#201`, already unescaped by the parser).
pub(crate) fn name(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A label from the last part of a field's name: `p1-t4[0]` → "P1 t4", `partyName` → "Party
/// name", `DATE_OF_BIRTH` → "Date of birth".
pub(crate) fn label(name: &str) -> String {
    let last = name.rsplit('.').next().unwrap_or(name);
    let last = strip_index(last);
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut previous: Option<char> = None;
    for c in last.chars() {
        if c == '_' || c == '-' || c == ' ' || c == '#' {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        } else {
            // A capital after a small letter starts a word (camelCase).
            if c.is_uppercase() && previous.is_some_and(char::is_lowercase) && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            word.push(c);
        }
        previous = Some(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    let shouting = words.iter().all(|w| !w.chars().any(char::is_lowercase));
    let mut label = String::new();
    for (index, word) in words.iter().enumerate() {
        if index > 0 {
            label.push(' ');
        }
        // Acronyms stay (SSN) unless the whole name is in capitals (DATE_OF_BIRTH).
        let keep = word.chars().count() > 1 && !word.chars().any(char::is_lowercase) && !shouting;
        let lowered = if keep { word.clone() } else { word.to_lowercase() };
        if index == 0 {
            let mut chars = lowered.chars();
            if let Some(first) = chars.next() {
                label.extend(first.to_uppercase());
                label.push_str(chars.as_str());
            }
        } else {
            label.push_str(&lowered);
        }
    }
    if label.is_empty() { name.to_string() } else { label }
}

/// `name[0]` → `name` (the index LiveCycle Designer adds to every part).
fn strip_index(part: &str) -> &str {
    match part.strip_suffix(']').and_then(|p| p.rfind('[').map(|at| (p, at))) {
        Some((p, at)) if p[at + 1..].chars().all(|c| c.is_ascii_digit()) => &part[..at],
        _ => part,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_strings_round_trip_in_the_smallest_encoding() {
        for text in ["Jane Doe", "Café – “quoted” €5 • Łódź", "Nguyễn Thị Lan", "فاطمة الزهراء", "line 1\nline 2"]
        {
            let Object::String(bytes, _) = encode(text) else { panic!() };
            assert_eq!(decode(&bytes), text);
        }
        let Object::String(bytes, _) = encode("Café €") else { panic!() };
        assert_eq!(bytes, b"Caf\xe9 \xa0");
        let Object::String(bytes, _) = encode("Lan ễ") else { panic!() };
        assert!(bytes.starts_with(b"\xfe\xff"));
        assert_eq!(decode(b"\xef\xbb\xbfJos\xc3\xa9"), "José");
    }

    #[test]
    fn labels_read_like_words() {
        assert_eq!(label("form1.party.partyName"), "Party name");
        assert_eq!(label("topmostSubform[0].Page1[0].p1-t4[0]"), "P1 t4");
        assert_eq!(label("DATE_OF_BIRTH"), "Date of birth");
        assert_eq!(label("Plaintiff SSN"), "Plaintiff SSN");
        assert_eq!(label("x.[0]"), "x.[0]");
    }
}
