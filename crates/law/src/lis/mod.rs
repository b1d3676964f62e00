//! Reads the Virginia LIS "Code of Virginia" exports into rows, and cleans their HTML bodies to text.
//!
//! Each export has its own columns (see `docs/lis-formats.md`):
//! - `CoVTitle_<n>.csv`: `TitleNum, TitleName, SubTitleNum, SubTitleName, PartNum, PartName,
//!   ChapterNum, ChapterName, ArticleNum, ArticleName, SubPartNum, SubPartName, Section, Title, Body`
//!   (`Title` is the section's catchline);
//! - `Constitution.csv`: `ArticleId, Article, ArticleName, SectionName, SectionTitle, SectionText,
//!   SectionCount, LastUpdate` (`Article` is `I`, `SectionName` is `Section 12`);
//! - `PopularNames.csv`: `Name, TitleNum, Section, Body`;
//! - `Authorities.csv`, `Charters.csv`, `Compacts.csv`: `Name, ShortName, Codified, Title, Section,
//!   Body` (`Name` is the body's name, `Title` the Code title it sits in);
//! - `UnCodifiedActs.csv`: not confirmed; read by whichever of a name, subject, year and chapter
//!   columns it has.
//!
//! Columns are found by header name, so extra or reordered columns still read. The title files of
//! 2023 and earlier were pipe-delimited with no header line (the same fields in the same order,
//! `§ 1-1` in the section column); they are read too. Another headerless file is refused with a
//! message naming its format. A row that cannot be used is reported with its file and line and
//! skipped; it never stops the ingest.

mod html;

pub use self::html::{html_to_text, windows_1252};

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

    /// What a person calls the export.
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Code => "a title of the Code",
            FileKind::Constitution => "the Constitution",
            FileKind::PopularNames => "the popular names",
            FileKind::Authorities => "the authorities",
            FileKind::Charters => "the charters",
            FileKind::Compacts => "the compacts",
            FileKind::UncodifiedActs => "the uncodified acts",
        }
    }
}

/// The format a file came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FileFormat {
    /// Comma-separated with a header line (the site's format since 2024).
    CsvWithHeader,
    /// Pipe-delimited with no header line (title files of 2023 and earlier).
    PipeNoHeader,
}

/// One row of an export. Empty cells are empty strings; which cells a row has depends on its file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LisRow {
    pub file: String,
    pub line: u64,
    /// The Code title: of a section (`TitleNum`), or the title an authority or popular name sits in.
    pub title_num: String,
    pub title_name: String,
    pub subtitle_num: String,
    pub subtitle_name: String,
    pub part_num: String,
    pub part_name: String,
    pub chapter_num: String,
    pub chapter_name: String,
    /// The article: of a Code chapter (`1`), or of the Constitution (`I`).
    pub article_num: String,
    pub article_name: String,
    pub subpart_num: String,
    pub subpart_name: String,
    /// Section number (`20-124.3`, `§ 20-124.3` in the old format; `Section 12` or `12` in the
    /// Constitution); for popular names and authorities, the sections they name.
    pub section: String,
    /// The catchline (heading) of a section.
    pub title: String,
    /// The name of a popular name, authority, charter, compact or act.
    pub name: String,
    /// An authority's (charter's, compact's) short name, a slug the site keys it by.
    pub short_name: String,
    /// When the site says the row last changed (`LastUpdate` of the Constitution).
    pub last_update: String,
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

/// The header row of a Code title export, columns in the official order.
pub const HEADER: &str = "TitleNum,TitleName,SubTitleNum,SubTitleName,PartNum,PartName,ChapterNum,ChapterName,ArticleNum,ArticleName,SubPartNum,SubPartName,Section,Title,Body";

/// The cells a row can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    TitleNum,
    TitleName,
    SubtitleNum,
    SubtitleName,
    PartNum,
    PartName,
    ChapterNum,
    ChapterName,
    ArticleNum,
    ArticleName,
    SubpartNum,
    SubpartName,
    Section,
    Title,
    Name,
    ShortName,
    LastUpdate,
    Body,
    /// Uncodified acts: year, session and chapter, which name an act that has no name column.
    Year,
    Session,
}

/// A field, the header names it goes by (lower case), and whether a file without it is refused.
type Column = (Field, &'static [&'static str], bool);

/// The title files' columns, in the order of the header (and of the old headerless format).
const CODE_COLUMNS: &[Column] = &[
    (Field::TitleNum, &["titlenum", "titlenumber"], false),
    (Field::TitleName, &["titlename"], false),
    (Field::SubtitleNum, &["subtitlenum"], false),
    (Field::SubtitleName, &["subtitlename"], false),
    (Field::PartNum, &["partnum"], false),
    (Field::PartName, &["partname"], false),
    (Field::ChapterNum, &["chapternum"], false),
    (Field::ChapterName, &["chaptername"], false),
    (Field::ArticleNum, &["articlenum"], false),
    (Field::ArticleName, &["articlename"], false),
    (Field::SubpartNum, &["subpartnum"], false),
    (Field::SubpartName, &["subpartname"], false),
    (Field::Section, &["section", "sectionnum", "sectionnumber"], true),
    (Field::Title, &["title", "sectiontitle", "catchline", "heading"], false),
    (Field::Body, &["body", "text", "sectiontext"], false),
];

/// The Constitution: the site's own header, or the title files' (the starter corpus writes it so).
const CONSTITUTION_COLUMNS: &[Column] = &[
    (Field::ArticleNum, &["article", "articlenum"], true),
    (Field::ArticleName, &["articlename"], false),
    (Field::Section, &["sectionname", "section", "sectionnum"], true),
    (Field::Title, &["sectiontitle", "title"], false),
    (Field::Body, &["sectiontext", "body", "text"], false),
    (Field::LastUpdate, &["lastupdate"], false),
];

const POPULAR_NAME_COLUMNS: &[Column] = &[
    (Field::Name, &["name", "popularname"], true),
    (Field::TitleNum, &["titlenum", "title"], false),
    (Field::Section, &["section", "sections"], false),
    (Field::Body, &["body", "description", "text"], false),
];

/// Authorities, charters and compacts: `Title` is the Code title, never the name.
const NAMED_COLUMNS: &[Column] = &[
    (Field::Name, &["name"], true),
    (Field::ShortName, &["shortname"], false),
    (Field::TitleNum, &["title", "titlenum"], false),
    (Field::Section, &["section", "sections"], false),
    (Field::Body, &["body", "description", "text"], false),
];

/// Uncodified acts: the site keys them by year, session, chapter and subject; the header is not
/// confirmed, so any of these names will do, and a row needs a name or a year and chapter.
const UNCODIFIED_COLUMNS: &[Column] = &[
    (Field::Name, &["name", "subject", "actname", "caption", "title", "description"], false),
    (Field::Year, &["year", "sessionyear"], false),
    (Field::Session, &["session", "sessiontype"], false),
    (Field::ChapterNum, &["chapter", "chapternum", "chapternumber"], false),
    (Field::Section, &["section", "sections"], false),
    (Field::Body, &["body", "text", "acttext"], false),
];

fn columns_of(kind: FileKind) -> &'static [Column] {
    match kind {
        FileKind::Code => CODE_COLUMNS,
        FileKind::Constitution => CONSTITUTION_COLUMNS,
        FileKind::PopularNames => POPULAR_NAME_COLUMNS,
        FileKind::Authorities | FileKind::Charters | FileKind::Compacts => NAMED_COLUMNS,
        FileKind::UncodifiedActs => UNCODIFIED_COLUMNS,
    }
}

fn set(row: &mut LisRow, field: Field, value: String) {
    let slot = match field {
        Field::TitleNum => &mut row.title_num,
        Field::TitleName => &mut row.title_name,
        Field::SubtitleNum => &mut row.subtitle_num,
        Field::SubtitleName => &mut row.subtitle_name,
        Field::PartNum => &mut row.part_num,
        Field::PartName => &mut row.part_name,
        Field::ChapterNum => &mut row.chapter_num,
        Field::ChapterName => &mut row.chapter_name,
        Field::ArticleNum => &mut row.article_num,
        Field::ArticleName => &mut row.article_name,
        Field::SubpartNum => &mut row.subpart_num,
        Field::SubpartName => &mut row.subpart_name,
        Field::Section => &mut row.section,
        Field::Title => &mut row.title,
        Field::Name => &mut row.name,
        Field::ShortName => &mut row.short_name,
        Field::LastUpdate => &mut row.last_update,
        Field::Body => &mut row.body,
        Field::Year | Field::Session => return,
    };
    *slot = value;
}

/// Which format `input` is in: a header line names columns; a first line of pipes that names none
/// is the old headerless format.
pub fn sniff_format(input: &[u8]) -> FileFormat {
    let text = input.strip_prefix("\u{feff}".as_bytes()).unwrap_or(input);
    let first = text.split(|&b| b == b'\n').find(|l| !l.iter().all(u8::is_ascii_whitespace)).unwrap_or_default();
    let first = String::from_utf8_lossy(first);
    if !first.contains('|') {
        return FileFormat::CsvWithHeader;
    }
    let known = |cell: &str| {
        let cell = normalise_header(cell);
        [CODE_COLUMNS, CONSTITUTION_COLUMNS, POPULAR_NAME_COLUMNS, NAMED_COLUMNS, UNCODIFIED_COLUMNS]
            .iter()
            .any(|cols| cols.iter().any(|(_, aliases, _)| aliases.contains(&cell.as_str())))
    };
    let comma_cells = first.split(',').filter(|c| known(c)).count();
    let pipe_cells = first.split('|').filter(|c| known(c)).count();
    if comma_cells >= 2 || pipe_cells >= 2 { FileFormat::CsvWithHeader } else { FileFormat::PipeNoHeader }
}

fn normalise_header(cell: &str) -> String {
    cell.trim().trim_start_matches('\u{feff}').trim_matches('"').trim().to_ascii_lowercase().replace([' ', '_'], "")
}

/// Reads one export (its kind from its name; an unknown name reads as a title file). Returns the
/// usable rows and the problems found; a file whose header lacks a column it needs, or whose
/// format is not one the site has used for it, is an error naming what was expected.
pub fn read_rows(file: &str, input: &[u8]) -> Result<(Vec<LisRow>, Vec<RowProblem>), RowProblem> {
    let kind = FileKind::of(file).unwrap_or(FileKind::Code);
    let columns = columns_of(kind);
    let refuse = |reason: String| RowProblem { file: file.into(), line: 1, reason };
    let format = sniff_format(input);
    let mut builder = csv::ReaderBuilder::new();
    builder.flexible(true);
    // Which column holds which field: by header name, or by position in the old format.
    let (mut reader, index): (csv::Reader<&[u8]>, Vec<(Field, usize)>) = match format {
        FileFormat::PipeNoHeader if kind == FileKind::Code => {
            // Bodies are HTML with quoted attributes: in this format quotes are text.
            let reader = builder.delimiter(b'|').has_headers(false).quoting(false).from_reader(input);
            (reader, CODE_COLUMNS.iter().enumerate().map(|(i, (field, _, _))| (*field, i)).collect())
        }
        FileFormat::PipeNoHeader => {
            return Err(refuse(format!(
                "{file} is pipe-delimited with no header line (the LIS format of 2023 and earlier), which is known only for the title files; \
                 download {} again from the site in its current format",
                kind.describe()
            )));
        }
        FileFormat::CsvWithHeader => {
            let mut reader = builder.from_reader(input);
            let headers = reader.headers().map_err(|e| refuse(format!("unreadable header: {e}")))?.clone();
            let normalised: Vec<String> = headers.iter().map(normalise_header).collect();
            let mut index = Vec::new();
            for (field, aliases, required) in columns {
                let taken = |i: usize| index.iter().any(|&(_, c)| c == i);
                match aliases.iter().find_map(|a| normalised.iter().enumerate().position(|(i, h)| h == a && !taken(i))) {
                    Some(col) => index.push((*field, col)),
                    None if *required => {
                        return Err(refuse(format!(
                            "the header has no {} column, which {} needs (found: {})",
                            aliases[0],
                            kind.describe(),
                            headers.iter().collect::<Vec<_>>().join(", ")
                        )));
                    }
                    None => {}
                }
            }
            if kind == FileKind::UncodifiedActs
                && !index.iter().any(|(f, _)| *f == Field::Name)
                && !(index.iter().any(|(f, _)| *f == Field::Year) && index.iter().any(|(f, _)| *f == Field::ChapterNum))
            {
                return Err(refuse(format!(
                    "the header has neither a name nor a year and chapter for each act (found: {})",
                    headers.iter().collect::<Vec<_>>().join(", ")
                )));
            }
            (reader, index)
        }
    };
    let width = match format {
        FileFormat::PipeNoHeader => CODE_COLUMNS.len(),
        FileFormat::CsvWithHeader => reader.headers().map(|h| h.len()).unwrap_or_default(),
    };

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
        let cells: Vec<std::borrow::Cow<'_, str>> = match format {
            // A '|' inside a body splits it: the extra cells belong to the body, the last column.
            FileFormat::PipeNoHeader if record.len() > width => {
                let mut cells: Vec<std::borrow::Cow<'_, str>> = record.iter().take(width - 1).map(Into::into).collect();
                cells.push(record.iter().skip(width - 1).collect::<Vec<_>>().join("|").into());
                cells
            }
            _ if record.len() != width => {
                problems.push(RowProblem { file: file.into(), line, reason: format!("expected {width} columns, found {}", record.len()) });
                continue;
            }
            _ => record.iter().map(Into::into).collect(),
        };
        let mut row = LisRow { file: file.into(), line, ..LisRow::default() };
        let mut year = (String::new(), String::new());
        for &(field, col) in &index {
            let value = cells.get(col).map(|s| s.trim().to_string()).unwrap_or_default();
            match field {
                Field::Year => year.0 = value,
                Field::Session => year.1 = value,
                _ => set(&mut row, field, value),
            }
        }
        if kind == FileKind::UncodifiedActs {
            row.name = act_name(&row.name, &year.0, &year.1, &row.chapter_num);
        }
        rows.push(row);
    }
    Ok((rows, problems))
}

/// An uncodified act's name: its subject, with the year, session and chapter that identify it.
fn act_name(subject: &str, year: &str, session: &str, chapter: &str) -> String {
    let mut act = String::new();
    if !year.is_empty() {
        act.push_str(&format!("Acts of {year}"));
        if !session.is_empty() {
            act.push_str(&format!(" ({session})"));
        }
        if !chapter.is_empty() {
            act.push_str(&format!(", chapter {chapter}"));
        }
    }
    match (subject.is_empty(), act.is_empty()) {
        (false, false) => format!("{subject} — {act}"),
        (false, true) => subject.to_string(),
        (true, _) => act,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMED_HEADER: &str = "Name,ShortName,Codified,Title,Section,Body";

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
    fn a_title_file_without_a_section_column_is_refused_naming_what_it_found() {
        let err = read_rows("CoVTitle_1.csv", "a,b\n1,2\n".as_bytes()).unwrap_err();
        assert!(err.reason.contains("no section column") && err.reason.contains("found: a, b"), "{}", err.reason);
    }

    #[test]
    fn the_constitution_reads_in_its_own_header() {
        let csv = "ArticleId,Article,ArticleName,SectionName,SectionTitle,SectionText,SectionCount,LastUpdate\r\n\
                   1,I,Bill of Rights,Section 12,Freedom of speech,<p>That the freedoms...</p>,17,2023-01-01\r\n";
        let (rows, problems) = read_rows("Constitution.csv", csv.as_bytes()).unwrap();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            (rows[0].article_num.as_str(), rows[0].section.as_str(), rows[0].title.as_str(), rows[0].last_update.as_str()),
            ("I", "Section 12", "Freedom of speech", "2023-01-01")
        );
    }

    #[test]
    fn an_authority_is_named_by_its_name_not_its_code_title() {
        let csv = format!("{NAMED_HEADER}\r\nVirginia Port Authority,virginia-port-authority,Yes,62.1,62.1-128,<p>Ports.</p>\r\n");
        let (rows, _) = read_rows("Authorities.csv", csv.as_bytes()).unwrap();
        assert_eq!(
            (rows[0].name.as_str(), rows[0].short_name.as_str(), rows[0].title_num.as_str(), rows[0].section.as_str()),
            ("Virginia Port Authority", "virginia-port-authority", "62.1", "62.1-128")
        );
        assert_eq!(rows[0].title, "", "the Code title is not a catchline");
    }

    #[test]
    fn the_old_pipe_format_is_read_and_refused_where_it_was_never_used() {
        let old = "1|General Provisions||||||1|Code of Virginia||||§ 1-1|Contents and designation of Code.|<p>The \"Code\" | text.</p>\n";
        assert_eq!(sniff_format(old.as_bytes()), FileFormat::PipeNoHeader);
        let (rows, problems) = read_rows("CoVTitle_1.csv", old.as_bytes()).unwrap();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(rows[0].section, "§ 1-1");
        assert_eq!(rows[0].title, "Contents and designation of Code.");
        assert_eq!(rows[0].body, "<p>The \"Code\" | text.</p>", "quotes are text and a pipe in the body stays in the body");
        let err = read_rows("Constitution.csv", old.as_bytes()).unwrap_err();
        assert!(err.reason.contains("pipe-delimited with no header line"), "{}", err.reason);
        assert_eq!(sniff_format(HEADER.as_bytes()), FileFormat::CsvWithHeader);
        assert_eq!(sniff_format(format!("\u{feff}{HEADER}").as_bytes()), FileFormat::CsvWithHeader);
    }

    #[test]
    fn uncodified_acts_are_named_by_whatever_identifies_them() {
        let csv = "Year,Session,Chapter,Subject,Body\n2024,Regular,12,School boards; pilot program,<p>x</p>\n";
        let (rows, _) = read_rows("UnCodifiedActs.csv", csv.as_bytes()).unwrap();
        assert_eq!(rows[0].name, "School boards; pilot program — Acts of 2024 (Regular), chapter 12");
        let err = read_rows("UnCodifiedActs.csv", "Body\n<p>x</p>\n".as_bytes()).unwrap_err();
        assert!(err.reason.contains("neither a name nor a year and chapter"), "{}", err.reason);
    }

    #[test]
    fn file_kinds_come_from_names() {
        assert_eq!(FileKind::of("CoVTitle_8.01.csv"), Some(FileKind::Code));
        assert_eq!(FileKind::of("Constitution.csv"), Some(FileKind::Constitution));
        assert_eq!(FileKind::of("PopularNames.csv"), Some(FileKind::PopularNames));
        assert_eq!(FileKind::of("notes.txt"), None);
    }
}
