//! Builds a graph from LIS-format CSV files: the hierarchy (`contains`), the references between
//! sections (`cites`), full text and, when an embedder is given, one vector per node with text.
//!
//! The same corpus always gives the same ids: nodes are numbered in Code order, and a rebuild over an
//! existing graph keeps the ids its nodes already had.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::time::Instant;

use proseva_citation::{Reference, constitution_source_id, find_citations, natural_cmp, parse_section_number, title_of};
use proseva_embed::Embedder;
use proseva_embed::chunk::chunk_text;

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

/// Max characters per embedded chunk (about 250 tokens) and the overlap between chunks.
const CHUNK_CHARS: usize = 1000;
const CHUNK_OVERLAP: usize = 150;
const EMBED_BATCH: usize = 32;

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

/// The text a node's vector is made from: its heading, then its text.
pub fn embedding_text(heading: Option<&str>, text: &str) -> String {
    match heading {
        Some(h) => format!("{h}. {text}"),
        None => text.to_string(),
    }
}

/// Gives every node with text a vector: from the cache when it has the same text, else by
/// chunking its text, embedding the chunks in batches and taking their normalised mean. Without an
/// embedder, official text with a summary whose vector is cached gets that vector as a stand-in
/// (marked so, and never exported as the official text's own).
/// Returns how many nodes got a vector and how many of those the model embedded now.
fn embed_nodes(
    writer: &GraphWriter,
    nodes: &[PendingNode],
    embedder: Option<&dyn Embedder>,
    cache: Option<&VectorCache>,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(usize, usize), Error> {
    let mut vectors: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
    let mut stand_ins: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
    let mut chunks: Vec<(usize, String)> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let Some(text) = node.record.source_text.as_deref() else { continue };
        let full = embedding_text(node.record.heading.as_deref(), text);
        if let Some(v) = cache.and_then(|c| c.get(&full)) {
            vectors.insert(i, v.to_vec());
        } else if embedder.is_some() {
            chunks.extend(chunk_text(&full, CHUNK_CHARS, CHUNK_OVERLAP).into_iter().map(|c| (i, c.text)));
        } else if let Some(v) = node
            .record
            .summary
            .as_deref()
            .and_then(|summary| cache.and_then(|c| c.get(&embedding_text(node.record.heading.as_deref(), summary))))
        {
            // Official text not embedded yet: its summary's vector finds it by meaning meanwhile.
            stand_ins.insert(i, v.to_vec());
        }
    }
    let from_cache = vectors.len();
    if let Some(embedder) = embedder {
        let dimension = embedder.dimension();
        let mut sums: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
        let total = chunks.len() as u64;
        for (b, batch) in chunks.chunks(EMBED_BATCH).enumerate() {
            progress(Progress { stage: "embedding", done: (b * EMBED_BATCH) as u64, total });
            let texts: Vec<&str> = batch.iter().map(|(_, t)| t.as_str()).collect();
            for ((node, _), vector) in batch.iter().zip(embedder.embed(&texts)?) {
                if vector.len() != dimension {
                    return Err(Error::Dimension(format!(
                        "{} returned a vector of {} dimensions, expected {dimension}",
                        embedder.model_id(),
                        vector.len()
                    )));
                }
                let sum = sums.entry(*node).or_insert_with(|| vec![0.0; dimension]);
                sum.iter_mut().zip(&vector).for_each(|(s, v)| *s += v);
            }
        }
        progress(Progress { stage: "embedding", done: total, total });
        for (i, mut v) in sums {
            proseva_embed::normalize(&mut v);
            vectors.insert(i, v);
        }
    }
    for (i, v) in &vectors {
        writer.insert_vector(nodes[*i].record.id, v, false)?;
    }
    for (i, v) in &stand_ins {
        writer.insert_vector(nodes[*i].record.id, v, true)?;
    }
    Ok((vectors.len() + stand_ins.len(), vectors.len() - from_cache))
}

/// The vectors of whole node texts (as [`embedding_text`] makes them), computed as an ingest
/// computes them: each text cut into chunks of about 250 tokens, the chunks embedded together,
/// and each text's vector the normalised mean of its chunks'. What the background embedder
/// stores is therefore the same vector a later ingest would reuse from the cache.
pub fn embed_node_texts(embedder: &dyn Embedder, texts: &[String]) -> Result<Vec<Vec<f32>>, Error> {
    let chunks: Vec<(usize, String)> = texts
        .iter()
        .enumerate()
        .flat_map(|(i, t)| chunk_text(t, CHUNK_CHARS, CHUNK_OVERLAP).into_iter().map(move |c| (i, c.text)))
        .collect();
    let dimension = embedder.dimension();
    let mut sums = vec![vec![0.0_f32; dimension]; texts.len()];
    for batch in chunks.chunks(EMBED_BATCH) {
        let batch_texts: Vec<&str> = batch.iter().map(|(_, t)| t.as_str()).collect();
        for ((i, _), vector) in batch.iter().zip(embedder.embed(&batch_texts)?) {
            if vector.len() != dimension {
                return Err(Error::Dimension(format!(
                    "{} returned a vector of {} dimensions, expected {dimension}",
                    embedder.model_id(),
                    vector.len()
                )));
            }
            sums[*i].iter_mut().zip(&vector).for_each(|(s, v)| *s += v);
        }
    }
    for v in &mut sums {
        proseva_embed::normalize(v);
    }
    Ok(sums)
}

/// Every vector in a graph, keyed by the text it was made from, to ship beside a corpus: the
/// stored vectors themselves, not the served graph's 8-bit copies.
pub fn export_vector_cache(db: &Path) -> Result<VectorCache, Error> {
    let graph = crate::graph::Graph::open(db)?;
    let stats = graph.stats();
    let (Some(model), Some(dimension)) = (stats.embedding_model.clone(), stats.embedding_dimension) else {
        return Err(Error::NoVectors);
    };
    let mut cache = VectorCache::new(&model, dimension);
    let conn = crate::store::open_read_only(db)?;
    let mut stmt = conn.prepare(
        "SELECT n.heading, n.source_text, e.vector FROM embeddings e JOIN nodes n ON n.id = e.node_id
         WHERE e.stand_in = 0 AND n.source_text IS NOT NULL",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let (heading, text): (Option<String>, String) = (row.get(0)?, row.get(1)?);
        let vector = crate::store::decode_vector(row.get_ref(2)?.as_blob().map_err(rusqlite::Error::from)?);
        cache.insert(&embedding_text(heading.as_deref(), &text), vector);
    }
    Ok(cache)
}

fn node(
    node_type: &str,
    source: &str,
    source_id: String,
    heading: &str,
    kind: TextKind,
    url: Option<String>,
    parent: Option<String>,
) -> PendingNode {
    PendingNode {
        record: NodeRecord {
            id: 0,
            node_type: node_type.into(),
            source: source.into(),
            source_id,
            heading: (!heading.is_empty()).then(|| heading.to_string()),
            source_text: None,
            text_kind: kind.as_str().into(),
            url,
            summary: None,
        },
        html: String::new(),
        parent,
        versions: Vec::new(),
    }
}

fn with_text(mut n: PendingNode, html: &str) -> PendingNode {
    let text = html_to_text(html);
    n.record.source_text = (!text.is_empty()).then_some(text);
    n.html = html.to_string();
    n
}

/// The nodes one row contributes: its section and the hierarchy above it (deduplicated by the caller).
fn node_for_row(row: &LisRow, kind: FileKind, text_kind: TextKind) -> Result<Vec<PendingNode>, String> {
    match kind {
        FileKind::Code => code_nodes(row, text_kind),
        FileKind::Constitution => constitution_nodes(row, text_kind),
        FileKind::PopularNames | FileKind::Authorities | FileKind::Charters | FileKind::Compacts | FileKind::UncodifiedActs => {
            let name = readable(row.name.trim());
            let name = name.as_str();
            if name.is_empty() {
                return Err("row has no name".into());
            }
            let (node_type, prefix, source) = match kind {
                FileKind::PopularNames => ("popular_name", "popular", "popular_names"),
                FileKind::Charters => ("charter", "charter", "charters"),
                FileKind::Compacts => ("compact", "compact", "compacts"),
                FileKind::UncodifiedActs => ("uncodified_act", "uncodified", "uncodified_acts"),
                _ => ("authority", "authority", "authorities"),
            };
            // The sections it names lead its text, so they are read as references (and linked).
            let mut html = String::new();
            if !row.section.is_empty() && row.section != name {
                html.push_str(&format!("<p>{}</p>", cite_list(&row.section)));
            }
            if !row.title_num.is_empty() && kind != FileKind::PopularNames {
                html.push_str(&format!("<p>In Title {} of the Code of Virginia.</p>", row.title_num));
            }
            html.push_str(&row.body);
            let key = if row.short_name.trim().is_empty() { slug(name) } else { slug(&row.short_name) };
            let mut n = with_text(node(node_type, source, format!("{prefix}:{key}"), name, text_kind, None, None), &html);
            if n.record.source_text.is_none() {
                n.record.source_text = Some(name.to_string());
            }
            Ok(vec![n])
        }
    }
}

/// Popular-name rows list sections bare (`20-124.1 through 20-124.6`); give them a `§§` so the
/// citation parser reads them as references.
fn cite_list(sections: &str) -> String {
    if sections.contains('§') { sections.to_string() } else { format!("§§ {sections}") }
}

fn code_nodes(row: &LisRow, text_kind: TextKind) -> Result<Vec<PendingNode>, String> {
    let section = section_key(&row.section);
    if section.is_empty() {
        return Err("row has no Section number".into());
    }
    match parse_section_number(section) {
        Some((_, len)) if len == section.len() => {}
        _ => return Err(format!("'{section}' is not a Code section number")),
    }
    let title = if row.title_num.is_empty() { title_of(section).unwrap_or_default().to_string() } else { row.title_num.clone() };
    if title_of(section) != Some(title.as_str()) {
        return Err(format!("section {section} is not in title {title}"));
    }
    let src = "code_of_virginia";
    let title_url = format!("{LIS_BASE_URL}/vacode/title{title}/");
    let mut out = vec![node("title", src, title.clone(), &readable(&row.title_name), text_kind, Some(title_url.clone()), None)];
    let mut parent = title.clone();
    if !row.subtitle_num.is_empty() {
        let id = format!("{title}:st{}", row.subtitle_num);
        out.push(node("subtitle", src, id.clone(), &readable(&row.subtitle_name), text_kind, None, Some(parent)));
        parent = id;
    }
    if !row.part_num.is_empty() {
        let id = format!("{parent}:pt{}", row.part_num);
        out.push(node("part", src, id.clone(), &readable(&row.part_name), text_kind, None, Some(parent)));
        parent = id;
    }
    let mut chapter = None;
    if !row.chapter_num.is_empty() {
        let id = format!("{title}:{}", row.chapter_num);
        let url = format!("{title_url}chapter{}/", row.chapter_num);
        out.push(node("chapter", src, id.clone(), &readable(&row.chapter_name), text_kind, Some(url), Some(parent)));
        parent = id.clone();
        chapter = Some(id);
    }
    if !row.article_num.is_empty() {
        let id = format!("{}:{}", chapter.as_deref().unwrap_or(&title), row.article_num);
        out.push(node("article", src, id.clone(), &readable(&row.article_name), text_kind, None, Some(parent)));
        parent = id;
    }
    if !row.subpart_num.is_empty() {
        let id = format!("{parent}:sp{}", row.subpart_num);
        out.push(node("subpart", src, id.clone(), &readable(&row.subpart_name), text_kind, None, Some(parent)));
        parent = id;
    }
    let url = format!("{LIS_BASE_URL}/vacode/{section}/");
    let (heading, _) = parse_catchline(&row.title);
    out.push(with_text(node("section", src, section.to_string(), &heading, text_kind, Some(url), Some(parent)), &row.body));
    Ok(out)
}

fn constitution_nodes(row: &LisRow, text_kind: TextKind) -> Result<Vec<PendingNode>, String> {
    let article = row.article_num.trim().trim_start_matches("Article").trim().trim_end_matches('.');
    let Some(article_number) = roman_to_arabic(article) else {
        return Err(format!("'{}' is not an article number (roman numerals)", row.article_num));
    };
    let section = row.section.trim();
    let section = section.strip_prefix("Section").or_else(|| section.strip_prefix("section")).unwrap_or(section).trim();
    let section = section.trim_start_matches('§').trim().trim_end_matches('.');
    if section.is_empty() {
        return Err("row has no Section number".into());
    }
    let src = "constitution_of_virginia";
    let article_id = format!("const-{article}");
    let article_url = format!("{LIS_BASE_URL}/constitution/article{article_number}/");
    let section_url = format!("{article_url}section{section}/");
    Ok(vec![
        node("constitution_article", src, article_id.clone(), &readable(&row.article_name), text_kind, Some(article_url), None),
        with_text(
            node(
                "constitution_section",
                src,
                constitution_source_id(article, section),
                &parse_catchline(&row.title).0,
                text_kind,
                Some(section_url),
                Some(article_id),
            ),
            &row.body,
        ),
    ])
}

/// A name the exports write in capitals (`DOMESTIC RELATIONS`) as a person writes it (`Domestic
/// Relations`); a name with any small letter is kept as it is.
fn readable(name: &str) -> String {
    let name = name.trim();
    if name.chars().any(char::is_lowercase) || name.chars().filter(|c| c.is_alphabetic()).count() < 2 {
        return name.to_string();
    }
    const SMALL: [&str; 12] = ["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the"];
    let mut out = String::with_capacity(name.len());
    for (i, word) in name.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let lower = word.to_lowercase();
        let roman = !word.is_empty() && word.trim_end_matches([',', '.', ';', ':']).chars().all(|c| "IVXL".contains(c));
        if roman && word.len() > 1 {
            out.push_str(word);
        } else if i > 0 && SMALL.contains(&lower.as_str()) {
            out.push_str(&lower);
        } else {
            let mut chars = lower.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                // After a hyphen or a slash the next word starts with a capital too.
                let mut capital = false;
                for c in chars {
                    if capital {
                        out.extend(c.to_uppercase())
                    } else {
                        out.push(c)
                    }
                    capital = c == '-' || c == '/' || c == '(';
                }
            }
        }
    }
    out
}

fn roman_to_arabic(roman: &str) -> Option<u32> {
    if roman.is_empty() {
        return None;
    }
    let value = |c| match c {
        'I' => Some(1),
        'V' => Some(5),
        'X' => Some(10),
        'L' => Some(50),
        _ => None,
    };
    let digits: Vec<u32> = roman.chars().map(value).collect::<Option<_>>()?;
    Some(digits.iter().enumerate().fold(
        0i64,
        |acc, (i, &d)| {
            if digits.get(i + 1).is_some_and(|&next| next > d) { acc - d as i64 } else { acc + d as i64 }
        },
    ) as u32)
}

fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            s.extend(c.to_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    s.trim_end_matches('-').to_string()
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
