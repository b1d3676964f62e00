//! The starter corpus: plain-language summaries of the Code of Virginia sections and Constitution
//! provisions that self-represented people meet most, in LIS CSV format, embedded in the binary.
//!
//! Every node built from it has `textKind: summary`: these are our words, not the statute's. The
//! manifest lists each file with its section count and SHA-256, checked before an ingest. Its
//! vectors ship beside it (`vectors.bin`) so the first run need not embed 400 sections.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

use crate::Error;
use crate::currency::Currency;
use crate::ingest::{CorpusFile, IngestOptions, IngestReport, TextKind};
use crate::vector_cache::VectorCache;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/starter_files.rs"));
}

#[derive(Debug, Clone, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub name: String,
    pub version: String,
    pub text_kind: String,
    pub notice: String,
    pub files: Vec<ManifestFile>,
}

#[derive(Debug, Clone, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ManifestFile {
    pub file: String,
    pub sections: usize,
    pub sha256: String,
    /// Each section's summary as checked against the official text, keyed as the file's
    /// `Section` column writes it (`55.1-1245`; the Constitution's `12`).
    #[serde(default)]
    pub checks: BTreeMap<String, SummaryCheck>,
    /// What the sessions since the checked text changed, for the sections looked at
    /// ([`crate::currency`]), keyed like `checks`.
    #[serde(default)]
    pub currency: BTreeMap<String, Currency>,
}

/// When and where a summary was checked against the official text, and the figures it states,
/// each with the official words that state it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryCheck {
    /// The official text read (a law.lis.virginia.gov page, or a dated copy of the Code).
    pub source: String,
    /// The date of that text (`YYYY-MM-DD`): the date the page shows, or the copy's.
    pub text_of: String,
    /// The day the summary was checked against it.
    pub checked_on: String,
    /// Whether the check changed the summary.
    #[serde(default)]
    pub changed: bool,
    /// What the checker noted: which copy was read, amendments it could not confirm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The figures the summary states, each with the official words that state it.
    #[serde(default)]
    pub facts: Vec<Fact>,
}

/// A figure a summary states (`5 days`, `$4,500`, `100 %`) and the official words stating it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Fact {
    pub figure: String,
    /// Copied word for word from the official text.
    pub quote: String,
    /// Another section the figure comes from, when it is not this one's (`16.1-106`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// That section's official text, when `from` is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// The graph's id of a section the manifest keys as `key` in `file`: the key itself for the
/// Code, `const-I-12` for the Constitution's `12`.
pub fn source_id(file: &str, key: &str) -> String {
    if file.starts_with("Constitution") { format!("const-I-{key}") } else { key.to_string() }
}

/// One of the manifest's per-section records (`pick` takes it out of a file's entry), keyed by the
/// graph's id of each section.
fn by_section<T>(pick: fn(ManifestFile) -> BTreeMap<String, T>) -> HashMap<String, T> {
    let Ok(manifest) = manifest() else { return HashMap::new() };
    manifest
        .files
        .into_iter()
        .flat_map(|f| {
            let file = f.file.clone();
            pick(f).into_iter().map(move |(key, record)| (self::source_id(&file, &key), record))
        })
        .collect()
}

/// The check of the summary of the section the graph calls `source_id`, if it was checked.
pub fn summary_check(source_id: &str) -> Option<&'static SummaryCheck> {
    static CHECKS: OnceLock<HashMap<String, SummaryCheck>> = OnceLock::new();
    CHECKS.get_or_init(|| by_section(|f| f.checks)).get(source_id)
}

/// What the 2023–2026 sessions changed in the section the graph calls `source_id`, if that was
/// looked for.
pub fn currency(source_id: &str) -> Option<&'static Currency> {
    static CURRENCY: OnceLock<HashMap<String, Currency>> = OnceLock::new();
    CURRENCY.get_or_init(|| by_section(|f| f.currency)).get(source_id)
}

/// The line the section viewer shows for a starter section on `day`: what changed it since the
/// text its summary was checked against ([`Currency::notice`]), or how old that text is. `None`
/// for a section whose summary was not checked.
pub fn currency_notice(source_id: &str, day: chrono::NaiveDate) -> Option<String> {
    let check = summary_check(source_id)?;
    Some(match currency(source_id) {
        Some(found) => found.notice(&check.text_of, day),
        None => crate::currency::unswept_notice(&check.text_of),
    })
}

/// [`currency_notice`] only for a section an amendment was found for.
pub fn change_notice(source_id: &str, day: chrono::NaiveDate) -> Option<String> {
    let check = summary_check(source_id)?;
    currency(source_id)?.change_notice(&check.text_of, day)
}

pub fn manifest() -> Result<Manifest, Error> {
    serde_json::from_str(embedded::MANIFEST).map_err(|e| Error::Starter(format!("manifest.json: {e}")))
}

/// The starter files, checked against the manifest.
pub fn files() -> Result<Vec<CorpusFile>, Error> {
    let manifest = manifest()?;
    let mut out = Vec::new();
    for entry in &manifest.files {
        let Some((name, contents)) = embedded::FILES.iter().find(|(name, _)| *name == entry.file) else {
            return Err(Error::Starter(format!("manifest lists {} but the binary does not hold it", entry.file)));
        };
        let digest = hex(&Sha256::digest(contents.as_bytes()));
        if digest != entry.sha256 {
            return Err(Error::Starter(format!("{name}: sha256 {digest} does not match the manifest's {}", entry.sha256)));
        }
        out.push(CorpusFile::new(name.to_string(), contents.to_string()));
    }
    if let Some((extra, _)) = embedded::FILES.iter().find(|(name, _)| !manifest.files.iter().any(|f| f.file == *name)) {
        return Err(Error::Starter(format!("{extra} is not listed in the manifest")));
    }
    Ok(out)
}

/// The vectors shipped with the starter corpus, if any. Damage is an error, not a silent re-embed.
pub fn vector_cache() -> Result<Option<VectorCache>, Error> {
    if embedded::VECTORS.is_empty() {
        return Ok(None);
    }
    VectorCache::from_bytes(embedded::VECTORS).map(Some)
}

/// Builds the starter corpus's graph at `dest` with the vectors it ships and no model, as the tests
/// and benchmarks that need a real graph make one.
pub fn ingest_with_shipped_vectors(dest: &std::path::Path) -> Result<IngestReport, Error> {
    let progress = |_| {};
    let cache = vector_cache()?;
    let options = IngestOptions {
        corpus: "starter".into(),
        text_kind: TextKind::Summary,
        embedder: None,
        vector_cache: cache.as_ref(),
        progress: &progress,
    };
    crate::ingest::ingest(&files()?, dest, &options)
}

/// The asks shipped with the starter corpus: for each section (by the graph's id), the questions a
/// person might type whose answer it is (`starter/asks/<file>.json`, written from the summaries by
/// people who had not read the evaluation sets). A damaged file is an error.
pub fn asks() -> Result<&'static [crate::asks::Ask], Error> {
    static ASKS: OnceLock<Vec<crate::asks::Ask>> = OnceLock::new();
    read_asks(&ASKS, embedded::ASKS, "asks")
}

/// The Spanish asks shipped with the starter corpus (`starter/asks-es/<file>.json`): the same
/// sections asked the way Spanish speakers type, written from the summaries by people who had not
/// read the Spanish evaluation sets ([`crate::spanish`]).
pub fn asks_es() -> Result<&'static [crate::asks::Ask], Error> {
    static ASKS: OnceLock<Vec<crate::asks::Ask>> = OnceLock::new();
    read_asks(&ASKS, embedded::ASKS_ES, "asks-es")
}

fn read_asks(
    slot: &'static OnceLock<Vec<crate::asks::Ask>>,
    files: &[(&str, &str)],
    folder: &str,
) -> Result<&'static [crate::asks::Ask], Error> {
    if let Some(asks) = slot.get() {
        return Ok(asks);
    }
    let mut out = Vec::new();
    for (name, json) in files {
        let by_section: BTreeMap<String, Vec<String>> =
            serde_json::from_str(json).map_err(|e| Error::Starter(format!("{folder}/{name}: {e}")))?;
        for (key, texts) in by_section {
            let section = source_id(name, &key);
            out.extend(texts.into_iter().map(|text| crate::asks::Ask { section: section.clone(), text }));
        }
    }
    Ok(slot.get_or_init(|| out))
}

/// A Spanish summary of a starter section (`starter/summaries-es/<file>.json`): written in Spanish
/// from the section's English summary (whose sha256 it records, so a summary changed since is
/// known), with the same figures; a summary of the English official text, never its words.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct SummaryEs {
    /// The English catchline of the section it was written for.
    pub catchline: String,
    /// The Spanish summary, HTML paragraphs as the English `Body` is.
    pub summary: String,
    /// The sha256 of the English summary (`Body`) it was written from.
    pub english: String,
    /// The day it was written.
    pub written: String,
}

/// The Spanish summaries, by the graph's id (`55.1-1245`, `const-I-12`). A damaged file is an error.
pub fn summaries_es() -> Result<&'static HashMap<String, SummaryEs>, Error> {
    static SUMMARIES: OnceLock<HashMap<String, SummaryEs>> = OnceLock::new();
    if let Some(s) = SUMMARIES.get() {
        return Ok(s);
    }
    let mut out = HashMap::new();
    for (name, json) in embedded::SUMMARIES_ES {
        let by_section: BTreeMap<String, SummaryEs> =
            serde_json::from_str(json).map_err(|e| Error::Starter(format!("summaries-es/{name}: {e}")))?;
        for (key, summary) in by_section {
            out.insert(source_id(name, &key), summary);
        }
    }
    Ok(SUMMARIES.get_or_init(|| out))
}

/// The Spanish summary of the section the graph calls `source_id` whose catchline is `heading`, as
/// plain text (paragraphs on lines of their own); `None` when it has none, or the section under
/// that number is another one than the summary was written for.
pub fn summary_es(source_id: &str, heading: &str) -> Option<String> {
    let found = summaries_es().ok()?.get(source_id)?;
    crate::asks::same_catchline(&found.catchline, heading).then(|| crate::lis::html_to_text(&found.summary))
}

/// Each starter section's catchline, by the graph's id (`55.1-1245`, `const-I-12`).
pub fn catchlines() -> Result<&'static HashMap<String, String>, Error> {
    static CATCHLINES: OnceLock<HashMap<String, String>> = OnceLock::new();
    if let Some(c) = CATCHLINES.get() {
        return Ok(c);
    }
    let mut out = HashMap::new();
    for (name, contents) in embedded::FILES {
        let (rows, _) = crate::lis::read_rows(name, contents.as_bytes()).map_err(|e| Error::Starter(format!("{name}: {e}")))?;
        for row in rows {
            out.insert(source_id(name, &row.section), row.title);
        }
    }
    Ok(CATCHLINES.get_or_init(|| out))
}

/// Adds the vectors of every starter ask, English and Spanish, to `cache` (embedding those it lacks), so that they ship
/// in `starter/vectors.bin` beside the summaries' and no search waits for them. Returns how many
/// asks there are.
pub fn add_starter_asks(embedder: &dyn proseva_embed::Embedder, cache: &mut VectorCache) -> Result<usize, Error> {
    let asks: Vec<&crate::asks::Ask> = asks()?.iter().chain(asks_es()?).collect();
    let texts: Vec<&str> = asks.iter().map(|a| a.text.as_str()).collect();
    for (text, vector) in texts.iter().zip(crate::asks::vectors(embedder, &texts, Some(cache))?) {
        if let Some(vector) = vector {
            cache.insert(text, vector);
        }
    }
    Ok(asks.len())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
