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
/// Characters outside printable ASCII become `?`.
pub fn pdf(pages: &[&[&str]]) -> Vec<u8> {
    let page_count = pages.len();
    // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page.
    let mut objects: Vec<String> = Vec::new();
    let kids: Vec<String> = (0..page_count).map(|i| format!("{} 0 R", 4 + 2 * i)).collect();
    objects.push("<< /Type /Catalog /Pages 2 0 R >>".into());
    objects.push(format!("<< /Type /Pages /Kids [{}] /Count {page_count} >>", kids.join(" ")));
    objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".into());
    for (i, lines) in pages.iter().enumerate() {
        let mut content = String::from("BT /F1 11 Tf 14 TL 72 740 Td\n");
        for line in lines.iter() {
            content.push_str(&format!("({}) Tj T*\n", pdf_string(line)));
        }
        content.push_str("ET");
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {} 0 R >>",
            5 + 2 * i
        ));
        objects.push(format!("<< /Length {} >>\nstream\n{content}\nendstream", content.len()));
    }

    let mut out = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref_at = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref_at}\n%%EOF\n", objects.len() + 1).as_bytes());
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
