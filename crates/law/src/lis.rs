//! Reads the Virginia LIS "Code of Virginia" CSV exports (`CoVTitle_<n>.csv`, `Constitution.csv`,
//! `PopularNames.csv`, `Authorities.csv`) into rows, and cleans their HTML bodies to text.
//!
//! Columns are found by header name, so a file with extra or reordered columns still reads. A row that
//! cannot be used is reported with its file and line and skipped; it never stops the ingest.

use std::io::Read;

/// Which export a file is, from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Code,
    Constitution,
    PopularNames,
    Authorities,
    /// City and town charters, interstate compacts and uncodified acts: named documents, read
    /// like authorities (a name and a text).
    Charters,
    Compacts,
    UncodifiedActs,
}

impl FileKind {
    pub fn of(file_name: &str) -> Option<FileKind> {
        let lower = file_name.to_ascii_lowercase();
        if lower.starts_with("covtitle_") && lower.ends_with(".csv") {
            Some(FileKind::Code)
        } else {
            match lower.as_str() {
                "constitution.csv" => Some(FileKind::Constitution),
                "popularnames.csv" => Some(FileKind::PopularNames),
                "authorities.csv" => Some(FileKind::Authorities),
                "charters.csv" => Some(FileKind::Charters),
                "compacts.csv" => Some(FileKind::Compacts),
                "uncodifiedacts.csv" => Some(FileKind::UncodifiedActs),
                _ => None,
            }
        }
    }
}

/// One row of an export. Empty cells are empty strings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LisRow {
    pub file: String,
    pub line: u64,
    pub title_num: String,
    pub title_name: String,
    pub subtitle_num: String,
    pub subtitle_name: String,
    pub part_num: String,
    pub part_name: String,
    pub chapter_num: String,
    pub chapter_name: String,
    pub article_num: String,
    pub article_name: String,
    pub subpart_num: String,
    pub subpart_name: String,
    /// Section number (`20-124.3`; `12` in the Constitution); for popular names, the cited sections.
    pub section: String,
    /// The catchline (heading); for popular names and authorities, the name.
    pub title: String,
    /// HTML body.
    pub body: String,
}

/// A row that was skipped, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RowProblem {
    pub file: String,
    pub line: u64,
    pub reason: String,
}

impl std::fmt::Display for RowProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.reason)
    }
}

/// The header row of a Code or Constitution export, columns in the official order.
pub const HEADER: &str = "TitleNum,TitleName,SubTitleNum,SubTitleName,PartNum,PartName,ChapterNum,ChapterName,ArticleNum,ArticleName,SubPartNum,SubPartName,Section,Title,Body";

/// Column names as the LIS exports spell them, with the aliases we accept.
const COLUMNS: [(&str, &[&str]); 15] = [
    ("TitleNum", &["titlenum", "titlenumber"]),
    ("TitleName", &["titlename"]),
    ("SubTitleNum", &["subtitlenum"]),
    ("SubTitleName", &["subtitlename"]),
    ("PartNum", &["partnum"]),
    ("PartName", &["partname"]),
    ("ChapterNum", &["chapternum"]),
    ("ChapterName", &["chaptername"]),
    ("ArticleNum", &["articlenum"]),
    ("ArticleName", &["articlename"]),
    ("SubPartNum", &["subpartnum"]),
    ("SubPartName", &["subpartname"]),
    ("Section", &["section", "sectionnum", "sectionnumber", "sections", "citation", "reference"]),
    ("Title", &["title", "sectiontitle", "catchline", "popularname", "name", "heading"]),
    ("Body", &["body", "text", "sectiontext", "description"]),
];

/// Reads one export. Returns the usable rows and the problems found; an unreadable header is an error.
pub fn read_rows<R: Read>(file: &str, input: R) -> Result<(Vec<LisRow>, Vec<RowProblem>), RowProblem> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(input);
    let headers =
        reader.headers().map_err(|e| RowProblem { file: file.into(), line: 1, reason: format!("unreadable header: {e}") })?.clone();
    let normalised: Vec<String> = headers.iter().map(|h| h.trim().trim_start_matches('\u{feff}').to_ascii_lowercase()).collect();
    let index: Vec<Option<usize>> =
        COLUMNS.iter().map(|(_, aliases)| aliases.iter().find_map(|a| normalised.iter().position(|h| h == a))).collect();
    let (section_col, title_col) = (index[12], index[13]);
    if section_col.is_none() && title_col.is_none() {
        return Err(RowProblem {
            file: file.into(),
            line: 1,
            reason: format!("no Section or Title column in header {:?}", headers.iter().collect::<Vec<_>>()),
        });
    }

    let (mut rows, mut problems) = (Vec::new(), Vec::new());
    let mut record = csv::StringRecord::new();
    loop {
        let line = reader.position().line();
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map_or(line, |p| p.line());
                problems.push(RowProblem { file: file.into(), line, reason: format!("malformed CSV: {e}") });
                continue;
            }
        }
        let line = record.position().map_or(line, |p| p.line());
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if record.len() != headers.len() {
            problems.push(RowProblem {
                file: file.into(),
                line,
                reason: format!("expected {} columns, found {}", headers.len(), record.len()),
            });
            continue;
        }
        let cell = |i: usize| index[i].and_then(|c| record.get(c)).map(|s| s.trim().to_string()).unwrap_or_default();
        rows.push(LisRow {
            file: file.into(),
            line,
            title_num: cell(0),
            title_name: cell(1),
            subtitle_num: cell(2),
            subtitle_name: cell(3),
            part_num: cell(4),
            part_name: cell(5),
            chapter_num: cell(6),
            chapter_name: cell(7),
            article_num: cell(8),
            article_name: cell(9),
            subpart_num: cell(10),
            subpart_name: cell(11),
            section: cell(12),
            title: cell(13),
            body: cell(14),
        });
    }
    Ok((rows, problems))
}

/// HTML to readable text: tags dropped, block ends become line breaks, entities decoded, runs of
/// spaces collapsed, `<script>`/`<style>` contents removed.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find(['<', '&']) {
        push_text(&mut out, &rest[..lt]);
        rest = &rest[lt..];
        if rest.starts_with('&') {
            let (decoded, used) = decode_entity(rest);
            push_text(&mut out, &decoded);
            rest = &rest[used..];
            continue;
        }
        let Some(gt) = rest.find('>') else {
            // A stray '<' that opens no tag is text.
            push_text(&mut out, rest);
            rest = "";
            break;
        };
        let tag = rest[1..gt].trim().to_ascii_lowercase();
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        rest = &rest[gt + 1..];
        if !tag.starts_with('/') && (name == "script" || name == "style") {
            let close = format!("</{name}");
            match rest.to_ascii_lowercase().find(&close) {
                Some(end) => rest = &rest[end..],
                None => rest = "",
            }
            continue;
        }
        match name.as_str() {
            "p" | "div" | "br" | "li" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "ul" | "ol" | "table" | "blockquote"
                if (tag.starts_with('/') || name == "br" || name == "li") =>
            {
                newline(&mut out);
            }
            "td" | "th" => push_text(&mut out, " "),
            _ => {}
        }
    }
    push_text(&mut out, rest);
    out.trim().to_string()
}

fn push_text(out: &mut String, text: &str) {
    for c in text.chars() {
        let c = if c == '\u{a0}' || c == '\t' || c == '\r' || c == '\n' { ' ' } else { c };
        if c == ' ' && (out.is_empty() || out.ends_with(' ') || out.ends_with('\n')) {
            continue;
        }
        out.push(c);
    }
}

fn newline(out: &mut String) {
    while out.ends_with(' ') {
        out.pop();
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
}

/// Decodes the entity at the start of `s`; returns the text and the bytes consumed.
fn decode_entity(s: &str) -> (String, usize) {
    let end = s[1..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '#')).map(|i| i + 1);
    let Some(end) = end.filter(|&e| s[e..].starts_with(';') && e > 1) else {
        return ("&".into(), 1);
    };
    let name = &s[1..end];
    let decoded = if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => num.parse().ok(),
        };
        code.and_then(char::from_u32).map(String::from)
    } else {
        let c = match name {
            "amp" => "&",
            "lt" => "<",
            "gt" => ">",
            "quot" => "\"",
            "apos" => "'",
            "nbsp" => "\u{a0}",
            "sect" => "§",
            "para" => "¶",
            "mdash" => "—",
            "ndash" => "–",
            "lsquo" => "‘",
            "rsquo" => "’",
            "ldquo" => "“",
            "rdquo" => "”",
            "hellip" => "…",
            "copy" => "©",
            "reg" => "®",
            "deg" => "°",
            "frac12" => "½",
            "bull" => "•",
            _ => "",
        };
        (!c.is_empty()).then(|| c.to_string())
    };
    match decoded {
        Some(d) => (d, end + 1),
        None => ("&".into(), 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_lis_html_bodies() {
        let html = "<p>A. The court shall&nbsp;consider §&#160;20-124.3 &amp; &sect; 20-124.2.</p>\n<p>B. Second&nbsp;&nbsp;paragraph &#x2014; done.</p><script>x()</script>";
        assert_eq!(html_to_text(html), "A. The court shall consider § 20-124.3 & § 20-124.2.\nB. Second paragraph — done.");
    }

    #[test]
    fn keeps_text_that_only_looks_like_markup() {
        assert_eq!(html_to_text("a < b & c &unknown; d"), "a < b & c &unknown; d");
        assert_eq!(html_to_text("<ul><li>one</li><li>two</li></ul>"), "one\ntwo");
    }

    #[test]
    fn reads_rows_by_header_and_reports_bad_ones() {
        let csv = "TitleNum,TitleName,ChapterNum,ChapterName,Section,Title,Body\n\
                   20,Domestic Relations,6.1,Custody,20-124.3,Best interests,<p>x</p>\n\
                   20,Domestic Relations,6.1,Custody,20-124.2\n\
                   ,,,,,,\n\
                   20,Domestic Relations,6.1,Custody,20-124.4,Mediation,\"<p>multi\nline</p>\"\n";
        let (rows, problems) = read_rows("CoVTitle_20.csv", csv.as_bytes()).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].section, "20-124.3");
        assert_eq!(rows[0].chapter_name, "Custody");
        assert_eq!(rows[0].line, 2);
        assert_eq!(rows[1].body, "<p>multi\nline</p>");
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, 3);
        assert!(problems[0].reason.contains("expected 7 columns"), "{}", problems[0].reason);
    }

    #[test]
    fn a_file_without_section_or_title_is_refused() {
        let err = read_rows("x.csv", "a,b\n1,2\n".as_bytes()).unwrap_err();
        assert!(err.reason.contains("no Section or Title column"));
    }

    #[test]
    fn file_kinds_come_from_names() {
        assert_eq!(FileKind::of("CoVTitle_8.01.csv"), Some(FileKind::Code));
        assert_eq!(FileKind::of("Constitution.csv"), Some(FileKind::Constitution));
        assert_eq!(FileKind::of("PopularNames.csv"), Some(FileKind::PopularNames));
        assert_eq!(FileKind::of("notes.txt"), None);
    }
}
