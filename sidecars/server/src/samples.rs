//! Small, valid PDF and Word (.docx) files made in memory, so tests and the benchmark upload real
//! documents without shipping binary fixtures.
//!
//! ```
//! let pdf = proseva_server::samples::pdf(&[&["ORDER", "The parties shall exchange the child."]]);
//! assert!(pdf.starts_with(b"%PDF-1.4"));
//! let docx = proseva_server::samples::docx(&["First paragraph", "Second\tparagraph"]);
//! assert!(docx.starts_with(b"PK"));
//! ```
//!
//! Only what a court paper needs for its text: one standard font, ASCII text, one line per entry.

use std::io::Write;

/// A PDF with one page per entry of `pages`, each line of a page set in 11-point Helvetica.
/// Characters outside printable ASCII become `?`. A page without lines has no text at all, as a
/// page that is only a picture.
pub fn pdf(pages: &[&[&str]]) -> Vec<u8> {
    assemble(text_objects(pages), "")
}

/// A one-page PDF whose trailer names an encryption dictionary (RC4, 40-bit), as a
/// password-protected PDF's does.
pub fn encrypted_pdf() -> Vec<u8> {
    let mut objects = text_objects(&[&["Confidential settlement terms."]]);
    objects.push(
        b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 \
          /O <0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef> \
          /U <fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210> >>"
            .to_vec(),
    );
    let encrypt = objects.len();
    assemble(objects, &format!(" /Encrypt {encrypt} 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]"))
}

/// A scanned document: a PDF whose pages hold only pictures, the 8-bit grey images of binary
/// PGMs (`P5`, as `pdftoppm -gray` writes them) scanned at `dpi`, deflated. `None` if one of
/// `pgms` is not such a file.
pub fn scan_pdf(pgms: &[&[u8]], dpi: u32) -> Option<Vec<u8>> {
    let mut objects = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {} >>",
            (0..pgms.len()).map(|i| format!("{} 0 R", 3 + 3 * i)).collect::<Vec<_>>().join(" "),
            pgms.len()
        )
        .into_bytes(),
    ];
    for (i, pgm) in pgms.iter().enumerate() {
        let (width, height, pixels) = parse_pgm(pgm)?;
        let (w_pt, h_pt) = (width as f64 * 72.0 / dpi as f64, height as f64 * 72.0 / dpi as f64);
        let content = format!("q {w_pt:.2} 0 0 {h_pt:.2} 0 0 cm /Im1 Do Q");
        let mut deflate = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        deflate.write_all(pixels).ok()?;
        let packed = deflate.finish().ok()?;
        let mut image = format!(
            "<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace /DeviceGray /BitsPerComponent 8 \
             /Filter /FlateDecode /Length {} >>\nstream\n",
            packed.len()
        )
        .into_bytes();
        image.extend_from_slice(&packed);
        image.extend_from_slice(b"\nendstream");
        let (page, contents, picture) = (3 + 3 * i, 4 + 3 * i, 5 + 3 * i);
        debug_assert_eq!(objects.len() + 1, page);
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w_pt:.2} {h_pt:.2}] /Resources << /XObject << /Im1 {picture} 0 R >> >> /Contents {contents} 0 R >>"
            )
            .into_bytes(),
        );
        objects.push(format!("<< /Length {} >>\nstream\n{content}\nendstream", content.len()).into_bytes());
        objects.push(image);
    }
    Some(assemble(objects, ""))
}

/// `(width, height, pixels)` of a binary 8-bit PGM.
fn parse_pgm(pgm: &[u8]) -> Option<(usize, usize, &[u8])> {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while pgm.get(at)?.is_ascii_whitespace() {
            at += 1;
        }
        if pgm[at] == b'#' {
            while *pgm.get(at)? != b'\n' {
                at += 1;
            }
            continue;
        }
        let start = at;
        while !pgm.get(at)?.is_ascii_whitespace() {
            at += 1;
        }
        fields.push(std::str::from_utf8(&pgm[start..at]).ok()?);
    }
    let (width, height, max): (usize, usize, u32) = (fields[1].parse().ok()?, fields[2].parse().ok()?, fields[3].parse().ok()?);
    let pixels = pgm.get(at + 1..at + 1 + width * height)?;
    (fields[0] == "P5" && max < 256).then_some((width, height, pixels))
}

/// Catalog, page tree, font, then a page and its content stream per entry of `pages`.
fn text_objects(pages: &[&[&str]]) -> Vec<Vec<u8>> {
    let page_count = pages.len();
    let mut objects: Vec<Vec<u8>> = Vec::new();
    let kids: Vec<String> = (0..page_count).map(|i| format!("{} 0 R", 4 + 2 * i)).collect();
    objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
    objects.push(format!("<< /Type /Pages /Kids [{}] /Count {page_count} >>", kids.join(" ")).into_bytes());
    objects.push(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec());
    for (i, lines) in pages.iter().enumerate() {
        let mut content = String::new();
        if !lines.is_empty() {
            content.push_str("BT /F1 11 Tf 14 TL 72 740 Td\n");
            for line in lines.iter() {
                content.push_str(&format!("({}) Tj T*\n", pdf_string(line)));
            }
            content.push_str("ET");
        }
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
                5 + 2 * i
            )
            .into_bytes(),
        );
        objects.push(format!("<< /Length {} >>\nstream\n{content}\nendstream", content.len()).into_bytes());
    }
    objects
}

/// Numbers the objects from 1 (the first is the catalog), writes the cross-reference table and
/// the trailer, with `trailer_extra` added to the trailer's dictionary.
fn assemble(objects: Vec<Vec<u8>>, trailer_extra: &str) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref_at = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R{trailer_extra} >>\nstartxref\n{xref_at}\n%%EOF\n", objects.len() + 1).as_bytes(),
    );
    out
}

fn pdf_string(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            '(' | ')' | '\\' => format!("\\{c}"),
            ' '..='~' => c.to_string(),
            _ => "?".into(),
        })
        .collect()
}

/// A Word document with one paragraph per entry; `\t` becomes a tab.
pub fn docx(paragraphs: &[&str]) -> Vec<u8> {
    let body: String = paragraphs
        .iter()
        .map(|p| {
            let runs: Vec<String> = p.split('\t').map(|piece| format!("<w:t xml:space=\"preserve\">{}</w:t>", xml_escape(piece))).collect();
            format!("<w:p><w:r>{}</w:r></w:p>", runs.join("<w:tab/>"))
        })
        .collect();
    let document = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
         <w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body>{body}</w:body></w:document>"
    );
    let content_types = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
        <Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
        <Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>\
        <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
        <Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/>\
        </Types>";
    let rels = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
        <Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
        <Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"word/document.xml\"/>\
        </Relationships>";

    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, contents) in [("[Content_Types].xml", content_types), ("_rels/.rels", rels), ("word/document.xml", document.as_str())] {
        zip.start_file(name, options).expect("writing to memory");
        zip.write_all(contents.as_bytes()).expect("writing to memory");
    }
    zip.finish().expect("writing to memory").into_inner()
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
