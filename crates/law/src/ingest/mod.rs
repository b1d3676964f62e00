//! Builds a graph from LIS-format CSV files: the hierarchy (`contains`), the references between
//! sections (`cites`), full text and, when an embedder is given, one vector per node with text.
//!
//! The same corpus always gives the same ids: nodes are numbered in Code order, and a rebuild over an
//! existing graph keeps the ids its nodes already had.

mod nodes;
mod vectors;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::time::Instant;

use proseva_citation::{Reference, find_citations, natural_cmp, title_of};
use proseva_embed::Embedder;

use self::nodes::{code_nodes, node_for_row};
pub(crate) use self::vectors::EMBED_BATCH;
use self::vectors::embed_nodes;
pub use self::vectors::{embed_node_texts, embedding_text, export_vector_cache};
use crate::Error;
use crate::lis::{FileFormat, FileKind, LisRow, RowProblem, html_to_text, read_rows, sniff_format};
use crate::store::{EdgeRecord, GraphWriter, NodeRecord, SourceFileRecord, VersionRecord, existing_ids};
use crate::vector_cache::VectorCache;
use crate::versions::{self, VersionNote, parse_catchline};

pub const LIS_BASE_URL: &str = "https://law.lis.virginia.gov";

/// Whether a corpus carries the statute's own words or our summaries of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    Official,
    Summary,
}

impl TextKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TextKind::Official => "official",
            TextKind::Summary => "summary",
        }
    }
}

/// One input file, already read.
#[derive(Debug, Clone)]
pub struct CorpusFile {
    pub name: String,
    pub contents: String,
    /// Where it came from and how old it is, as far as is known.
    pub dates: FileDates,
}

/// When a file last changed and when it was fetched, recorded with the graph.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileDates {
    /// When the site says it last changed (RFC 3339).
    pub last_modified: Option<String>,
    /// When it was downloaded or imported (RFC 3339).
    pub retrieved_at: Option<String>,
    /// `download`, `import`, `starter` or `folder`.
    pub origin: Option<String>,
}

impl CorpusFile {
    pub fn new(name: impl Into<String>, contents: impl Into<String>) -> Self {
        CorpusFile { name: name.into(), contents: contents.into(), dates: FileDates::default() }
    }
}

/// A stage of a long ingest, for progress bars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub stage: &'static str,
    pub done: u64,
    pub total: u64,
}

pub struct IngestOptions<'a> {
    /// Name recorded with the graph, e.g. `starter` or `lis-csv`.
    pub corpus: String,
    pub text_kind: TextKind,
    pub embedder: Option<&'a dyn Embedder>,
    /// Vectors computed before; used for nodes whose text and model match.
    pub vector_cache: Option<&'a VectorCache>,
    pub progress: &'a (dyn Fn(Progress) + Sync),
}

/// What an ingest did.
#[derive(Debug, Clone, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IngestReport {
    pub files: usize,
    pub rows: usize,
    pub sections: usize,
    pub nodes: usize,
    pub edges: usize,
    pub cites: usize,
    pub unresolved_citations: usize,
    /// Sections with more than one version (kept all, the one in effect shown).
    pub sections_with_versions: usize,
    /// Nodes given a vector, from the cache or the model.
    pub embedded: usize,
    /// Of those, the ones the model embedded during this ingest.
    pub embedded_now: usize,
    pub skipped: Vec<RowProblem>,
    pub seconds: f64,
}

struct PendingNode {
    record: NodeRecord,
    /// Raw HTML, kept to find `/vacode/` links the cleaned text no longer has.
    html: String,
    parent: Option<String>,
    /// A section's versions, when its catchline says when it applies (ids filled in on writing).
    versions: Vec<VersionRecord>,
}

/// Builds a graph at `dest` from `files`. Rows that cannot be used are reported and skipped; the
/// graph at `dest` is replaced only when the new one is complete.
pub fn ingest(files: &[CorpusFile], dest: &Path, options: &IngestOptions<'_>) -> Result<IngestReport, Error> {
    ingest_with_summaries(files, &[], dest, options)
}

/// [`ingest`], with a second corpus of plain-language summaries (the starter corpus) layered under
/// `files`: a summarised section that `files` also holds keeps its text from `files` and the
/// summary in [`NodeRecord::summary`]; one that `files` lacks (its title failed to download, or
/// is not published) is kept as a summary node, so nothing the person could read before is lost.
pub fn ingest_with_summaries(
    files: &[CorpusFile],
    summaries: &[CorpusFile],
    dest: &Path,
    options: &IngestOptions<'_>,
) -> Result<IngestReport, Error> {
    let started = Instant::now();
    let mut report = IngestReport { files: files.len() + summaries.len(), ..Default::default() };
    let total_files = (files.len() + summaries.len()) as u64;
    let mut seen: HashMap<String, (String, u64)> = HashMap::new();
    let law_date = versions::law_date_from_env();
    let mut rows_of: HashMap<String, usize> = HashMap::new();
    let mut nodes = read_corpus(files, options.text_kind, 0, total_files, law_date, &mut seen, &mut rows_of, &mut report, options.progress);
    if !summaries.is_empty() {
        let index: HashMap<String, usize> = nodes.iter().enumerate().map(|(i, n)| (n.record.source_id.clone(), i)).collect();
        let mut layer = HashMap::new();
        let mut summary_rows = HashMap::new();
        let summarised = read_corpus(
            summaries,
            TextKind::Summary,
            files.len() as u64,
            total_files,
            law_date,
            &mut layer,
            &mut summary_rows,
            &mut report,
            options.progress,
        );
        for node in summarised {
            match index.get(&node.record.source_id) {
                Some(&i) => {
                    if node.record.source_text.is_some() && nodes[i].record.source_text.is_some() {
                        nodes[i].record.summary = node.record.source_text;
                    }
                }
                None => nodes.push(node),
            }
        }
    }
    (options.progress)(Progress { stage: "reading", done: total_files, total: total_files });

    // Stable ids: reuse what the previous graph at `dest` gave each source id; number the rest in order.
    let previous: HashMap<String, i64> = existing_ids(dest).into_iter().collect();
    let mut next_id = previous.values().copied().max().unwrap_or(0) + 1;
    let mut id_of: HashMap<String, i64> = HashMap::with_capacity(nodes.len());
    for node in &mut nodes {
        let id = match previous.get(&node.record.source_id) {
            Some(&id) => id,
            None => {
                next_id += 1;
                next_id - 1
            }
        };
        node.record.id = id;
        id_of.insert(node.record.source_id.clone(), id);
    }

    // Sections of each title in Code order, to expand `§§ a through b`.
    let mut by_title: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for node in nodes.iter().filter(|n| n.record.node_type == "section") {
        if let Some(title) = title_of(&node.record.source_id) {
            by_title.entry(title.to_string()).or_default().push(node.record.source_id.clone());
        }
    }
    for sections in by_title.values_mut() {
        sections.sort_by(|a, b| natural_cmp(a, b));
    }

    let writer = GraphWriter::create(dest)?;
    writer.set_meta("corpus", &options.corpus)?;
    writer.set_meta("text_kind", options.text_kind.as_str())?;
    writer.set_meta("built_at", &now_rfc3339())?;
    writer.set_meta("law_date", &law_date.to_string())?;
    for file in files.iter().filter(|f| FileKind::of(&f.name).is_some()) {
        writer.insert_source_file(&SourceFileRecord {
            name: file.name.clone(),
            last_modified: file.dates.last_modified.clone(),
            retrieved_at: file.dates.retrieved_at.clone(),
            origin: file.dates.origin.clone(),
            format: match sniff_format(file.contents.as_bytes()) {
                FileFormat::CsvWithHeader => "csvWithHeader".into(),
                FileFormat::PipeNoHeader => "pipeNoHeader".into(),
            },
            rows: rows_of.get(&file.name).copied().unwrap_or_default() as i64,
        })?;
    }
    let total_nodes = nodes.len() as u64;
    for (n, node) in nodes.iter().enumerate() {
        writer.insert_node(&node.record)?;
        for version in &node.versions {
            writer.insert_version(&VersionRecord { node_id: node.record.id, ..version.clone() })?;
        }
        report.sections_with_versions += usize::from(node.versions.len() > 1);
        if n % 1000 == 0 {
            (options.progress)(Progress { stage: "writing", done: n as u64, total: total_nodes });
        }
    }
    for node in &nodes {
        if let Some(parent) = node.parent.as_ref().and_then(|p| id_of.get(p)) {
            writer.insert_edge(&EdgeRecord { from_id: *parent, to_id: node.record.id, rel_type: "contains".into(), weight: None })?;
            report.edges += 1;
        }
        if node.record.source_text.is_none() {
            continue;
        }
        let (cited, unresolved) = citations_of(node, &id_of, &by_title);
        for (to_id, mentions) in cited {
            writer.insert_edge(&EdgeRecord { from_id: node.record.id, to_id, rel_type: "cites".into(), weight: Some(mentions as f64) })?;
            report.cites += 1;
            report.edges += 1;
        }
        for target in unresolved {
            writer.insert_unresolved(node.record.id, &target)?;
            report.unresolved_citations += 1;
        }
    }
    (options.progress)(Progress { stage: "writing", done: total_nodes, total: total_nodes });

    let cache = options.vector_cache.filter(|c| options.embedder.is_none_or(|e| e.model_id() == c.model && e.dimension() == c.dimension));
    let model = options.embedder.map(|e| (e.model_id().to_string(), e.dimension())).or(cache.map(|c| (c.model.clone(), c.dimension)));
    if let Some((model, dimension)) = model {
        (report.embedded, report.embedded_now) = embed_nodes(&writer, &nodes, options.embedder, cache, options.progress)?;
        // Recorded even when no node has its vector yet (official text before it is embedded in
        // the background), so the explorer knows which model reads its questions.
        writer.set_meta("embedding_model", &model)?;
        writer.set_meta("embedding_dimension", &dimension.to_string())?;
    }
    report.nodes = nodes.len();
    report.sections = nodes.iter().filter(|n| n.record.node_type == "section" || n.record.node_type == "constitution_section").count();
    (options.progress)(Progress { stage: "indexing", done: 0, total: 1 });
    writer.finish()?;
    (options.progress)(Progress { stage: "indexing", done: 1, total: 1 });
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// Reads one corpus's files into nodes in Code order, skipping (and reporting) rows that cannot be
/// used and nodes already `seen`. A section listed twice with version notes in its catchlines
/// becomes one node with its versions; the one in effect on `law_date` gives the node its text.
#[allow(clippy::too_many_arguments)]
fn read_corpus(
    files: &[CorpusFile],
    text_kind: TextKind,
    files_before: u64,
    total_files: u64,
    law_date: chrono::NaiveDate,
    seen: &mut HashMap<String, (String, u64)>,
    rows_of: &mut HashMap<String, usize>,
    report: &mut IngestReport,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<PendingNode> {
    let mut ordered: Vec<(&CorpusFile, FileKind)> = Vec::new();
    for file in files {
        match FileKind::of(&file.name) {
            Some(kind) => ordered.push((file, kind)),
            None => {
                report.skipped.push(RowProblem { file: file.name.clone(), line: 0, reason: "not an LIS export file name; ignored".into() })
            }
        }
    }
    ordered.sort_by(|(a, ka), (b, kb)| (*ka as u8).cmp(&(*kb as u8)).then_with(|| natural_cmp(&a.name, &b.name)));

    let mut nodes: Vec<PendingNode> = Vec::new();
    for (n, (file, kind)) in ordered.iter().enumerate() {
        progress(Progress { stage: "reading", done: files_before + n as u64, total: total_files });
        let (mut rows, problems) = match read_rows(&file.name, file.contents.as_bytes()) {
            Ok(read) => read,
            Err(problem) => {
                report.skipped.push(problem);
                continue;
            }
        };
        report.skipped.extend(problems);
        report.rows += rows.len();
        rows_of.insert(file.name.clone(), rows.len());
        if rows.is_empty() {
            report.skipped.push(RowProblem { file: file.name.clone(), line: 0, reason: "the file has no rows that could be read".into() });
            continue;
        }
        if *kind == FileKind::Code || *kind == FileKind::Constitution {
            // Stable: the versions of a section keep the order the file gives them.
            rows.sort_by(|a, b| natural_cmp(section_key(&a.section), section_key(&b.section)));
        }
        let mut names: HashMap<String, usize> = HashMap::new();
        let mut start = 0;
        while start < rows.len() {
            let mut end = start + 1;
            if *kind == FileKind::Code {
                while end < rows.len() && section_key(&rows[end].section) == section_key(&rows[start].section) {
                    end += 1;
                }
            }
            let group = &rows[start..end];
            start = end;
            let built = match kind {
                FileKind::Code => code_group(group, text_kind, law_date, report),
                _ => node_for_row(&group[0], *kind, text_kind),
            };
            let row = &group[0];
            match built {
                Ok(built) => {
                    for mut node in built {
                        if is_named(*kind) {
                            // Two rows with one name are two documents: the second gets a number.
                            let count = names.entry(node.record.source_id.clone()).or_default();
                            *count += 1;
                            if *count > 1 {
                                node.record.source_id = format!("{}~{count}", node.record.source_id);
                            }
                        }
                        if let Some((file, line)) = seen.get(&node.record.source_id) {
                            if node.record.node_type == "section" || node.record.node_type == "constitution_section" {
                                report.skipped.push(RowProblem {
                                    file: row.file.clone(),
                                    line: row.line,
                                    reason: format!("duplicate section {} (first at {file}:{line})", node.record.source_id),
                                });
                            }
                            continue;
                        }
                        seen.insert(node.record.source_id.clone(), (row.file.clone(), row.line));
                        nodes.push(node);
                    }
                }
                Err(reason) => report.skipped.push(RowProblem { file: row.file.clone(), line: row.line, reason }),
            }
        }
    }
    nodes
}

/// A section number as rows are grouped by: without `§` and spaces.
fn section_key(section: &str) -> &str {
    section.trim().trim_start_matches('§').trim()
}

fn is_named(kind: FileKind) -> bool {
    matches!(kind, FileKind::PopularNames | FileKind::Authorities | FileKind::Charters | FileKind::Compacts | FileKind::UncodifiedActs)
}

/// The nodes of the rows of one Code section: one row, or several versions of it. Versions are
/// rows whose catchlines say when each applies; the node takes the text of the one in effect on
/// `law_date`, and keeps every version. Rows of one section without such notes are duplicates:
/// the first is kept and the others reported.
fn code_group(
    group: &[LisRow],
    text_kind: TextKind,
    law_date: chrono::NaiveDate,
    report: &mut IngestReport,
) -> Result<Vec<PendingNode>, String> {
    let parsed: Vec<(String, Option<VersionNote>)> = group.iter().map(|r| parse_catchline(&r.title)).collect();
    let notes: Option<Vec<&VersionNote>> = parsed.iter().map(|(_, note)| note.as_ref()).collect();
    let Some(notes) = notes else {
        for row in &group[1..] {
            report.skipped.push(RowProblem {
                file: row.file.clone(),
                line: row.line,
                reason: format!(
                    "duplicate section {} without a version note in its catchline (first at {}:{})",
                    section_key(&row.section),
                    group[0].file,
                    group[0].line
                ),
            });
        }
        return code_nodes(&group[0], text_kind);
    };
    let validities: Vec<versions::Validity> = notes.iter().map(|n| n.validity).collect();
    let (_, chosen) = versions::choose(&validities, law_date);
    let mut built = code_nodes(&group[chosen], text_kind)?;
    let Some(section) = built.last_mut() else { return Ok(built) };
    for (i, ((row, note), (heading, _))) in group.iter().zip(&notes).zip(&parsed).enumerate() {
        let text = html_to_text(&row.body);
        section.versions.push(VersionRecord {
            node_id: 0,
            ordinal: i as i64,
            heading: (!heading.is_empty()).then(|| heading.clone()),
            source_text: (!text.is_empty()).then_some(text),
            label: note.label.clone(),
            valid_from: note.validity.starts().map(|d| d.to_string()),
            valid_until: note.validity.ends().map(|d| d.to_string()),
            contingency: note.validity.contingency().map(str::to_string),
            stored: i == chosen,
        });
        if i != chosen {
            // Links in the other version's text count too.
            section.html.push_str(&row.body);
        }
    }
    Ok(built)
}

/// Resolved targets with their mention counts, and references the corpus cannot resolve.
fn citations_of(
    node: &PendingNode,
    id_of: &HashMap<String, i64>,
    by_title: &BTreeMap<String, Vec<String>>,
) -> (Vec<(i64, usize)>, Vec<String>) {
    let text = node.record.source_text.as_deref().unwrap_or_default();
    let mut refs: Vec<Reference> = find_citations(text).into_iter().map(|c| c.reference).collect();
    for other in node.versions.iter().filter(|v| !v.stored) {
        refs.extend(find_citations(other.source_text.as_deref().unwrap_or_default()).into_iter().map(|c| c.reference));
    }
    // Links survive only in the HTML.
    refs.extend(find_citations(&node.html).into_iter().filter(|c| node.html[c.start..].starts_with("/vacode/")).map(|c| c.reference));

    let mut mentions: BTreeMap<i64, usize> = BTreeMap::new();
    let mut unresolved: Vec<String> = Vec::new();
    let mut resolve = |source_id: &str, mentions: &mut BTreeMap<i64, usize>| match id_of.get(source_id) {
        Some(&id) if id != node.record.id => *mentions.entry(id).or_default() += 1,
        Some(_) => {}
        None => {
            if !unresolved.iter().any(|u| u == source_id) {
                unresolved.push(source_id.to_string());
            }
        }
    };
    for reference in refs {
        match &reference {
            Reference::Range { first, last } => {
                let in_range: Vec<&String> = title_of(first)
                    .and_then(|t| by_title.get(t))
                    .map(|sections| sections.iter().filter(|s| natural_cmp(s, first).is_ge() && natural_cmp(s, last).is_le()).collect())
                    .unwrap_or_default();
                for s in &in_range {
                    resolve(s, &mut mentions);
                }
                for end in [first, last] {
                    if !in_range.contains(&end) {
                        resolve(end, &mut mentions);
                    }
                }
            }
            other => resolve(&other.source_id(), &mut mentions),
        }
    }
    (mentions.into_iter().collect(), unresolved)
}
/// Reads every LIS export in `dir`.
pub fn read_dir(dir: &Path) -> Result<Vec<CorpusFile>, Error> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::Io(dir.to_path_buf(), e))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| Error::Io(dir.to_path_buf(), e))?.path();
        let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else { continue };
        if FileKind::of(&name).is_none() {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| Error::Io(path.clone(), e))?;
        let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        let mut file = CorpusFile::new(name, decode_export(bytes));
        file.dates = FileDates {
            last_modified: None,
            retrieved_at: modified.and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map(|d| rfc3339(d.as_secs() as i64)),
            origin: Some("folder".into()),
        };
        files.push(file);
    }
    if files.is_empty() {
        return Err(Error::NoCorpus(dir.to_path_buf()));
    }
    Ok(files)
}

/// An export's bytes as text: UTF-8 (a byte-order mark dropped), else Windows-1252, which older
/// exports and files saved by some programs use.
pub fn decode_export(bytes: Vec<u8>) -> String {
    let text = String::from_utf8(bytes).unwrap_or_else(|e| {
        e.into_bytes()
            .iter()
            .map(|&b| match b {
                0x80..=0x9f => crate::lis::windows_1252(b),
                _ => b as char,
            })
            .collect()
    });
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// The time now, in RFC 3339 (UTC, seconds).
pub fn now_rfc3339() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    rfc3339(secs)
}

/// Seconds since 1970 in RFC 3339 (UTC).
pub fn rfc3339(secs: i64) -> String {
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::nodes::{readable, roman_to_arabic, slug};
    use super::*;

    #[test]
    fn roman_numerals() {
        assert_eq!(roman_to_arabic("I"), Some(1));
        assert_eq!(roman_to_arabic("IV"), Some(4));
        assert_eq!(roman_to_arabic("XII"), Some(12));
        assert_eq!(roman_to_arabic("A"), None);
    }

    #[test]
    fn capital_names_read_as_a_person_writes_them() {
        assert_eq!(readable("DOMESTIC RELATIONS"), "Domestic Relations");
        assert_eq!(readable("CIVIL REMEDIES AND PROCEDURE"), "Civil Remedies and Procedure");
        assert_eq!(readable("ARTICLE II. VOTING-RELATED MATTERS"), "Article II. Voting-Related Matters");
        assert_eq!(readable("Virginia Residential Landlord and Tenant Act"), "Virginia Residential Landlord and Tenant Act");
        assert_eq!(readable("I"), "I");
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("Virginia Freedom of Information Act"), "virginia-freedom-of-information-act");
        assert_eq!(slug("  Lemon Law!! "), "lemon-law");
    }

    #[test]
    fn timestamps_are_rfc3339() {
        let t = now_rfc3339();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.starts_with("20"));
    }
}
