//! The read side of a graph: search, lookups, neighbours, similar nodes and statistics.
//!
//! The graph is read-only while served, so statistics are counted once at open and vectors are held
//! in memory. SQLite connections are pooled; each query borrows one.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, RwLock};

use proseva_citation::{citation_in_query, find_citations, parse_section_number};
use proseva_embed::Embedder;
use rusqlite::{Connection, OptionalExtension, params};

use crate::Error;
use crate::rank::{self, Evidence, Question, Ranking, Weights};
use crate::store::{self, EdgeRecord, NODE_COLUMNS, NodeRecord, SourceFileRecord, VersionRecord, edge_from_row, node_from_row};
use crate::vectors::VectorIndex;
use crate::versions::{self, Validity};
use crate::words::{Found, Match, WordIndex};

/// Counts of one node or edge type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeCount {
    pub kind: String,
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GraphStats {
    pub node_count: i64,
    pub edge_count: i64,
    pub embedding_count: i64,
    pub unresolved_citation_count: i64,
    pub node_types: Vec<TypeCount>,
    pub edge_types: Vec<TypeCount>,
    pub embedding_model: Option<String>,
    pub embedding_dimension: Option<usize>,
    pub corpus: Option<String>,
    pub built_at: Option<String>,
    /// Sections (of the Code and the Constitution) by the kind of their text: `official`, `summary`.
    pub section_text_kinds: Vec<TypeCount>,
}

/// Everything a search found, ordered or not, and how many nodes matched in all.
#[derive(Debug, Clone)]
pub struct SearchRanking {
    pub ranking: Ranking,
    pub total: i64,
}

/// A page of nodes and how many matched in all.
#[derive(Debug, Clone)]
pub struct NodePage {
    pub nodes: Vec<NodeRecord>,
    pub total: i64,
}

pub struct Graph {
    pool: Pool,
    /// Node vectors; the background embedder adds to them while the graph is served.
    vectors: RwLock<VectorIndex>,
    /// When a question was last embedded (ms since the graph opened, 0: never), so background
    /// embedding gives way to people's questions.
    last_question_ms: std::sync::atomic::AtomicU64,
    opened: std::time::Instant,
    stats: GraphStats,
    /// Which nodes hold which words (loaded from the graph file at open).
    words: WordIndex,
    /// Embeds search queries for meaning-based matches; set once the model has loaded.
    query_embedder: RwLock<Option<Arc<dyn Embedder>>>,
    /// Headings embedded by searches so far, by node id (cleared when the model changes or it is full).
    heading_vectors: Mutex<HashMap<i64, Vec<f32>>>,
    /// The file this graph was opened from, as [`file_identity`] names it.
    file: Option<FileIdentity>,
    /// Sections with versions: every version, by node id (crate::versions).
    versions: HashMap<i64, Vec<VersionRecord>>,
    /// The files the graph was built from, with their dates.
    source_files: Vec<SourceFileRecord>,
    /// The day the law is read as of, when set; else `PROSEVA_LAW_DATE` or today, asked each time.
    law_date: RwLock<Option<chrono::NaiveDate>>,
}

/// One version of a section as read on the graph's law date.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionVersion {
    pub ordinal: i64,
    pub heading: Option<String>,
    pub source_text: Option<String>,
    /// The catchline's note: `Effective until July 1, 2025`.
    pub label: String,
    pub valid_from: Option<chrono::NaiveDate>,
    pub valid_until: Option<chrono::NaiveDate>,
    /// `expiration` or `effective` for a contingent pair.
    pub contingency: Option<String>,
    /// Whether it is in effect on the law date.
    pub in_effect: bool,
    /// Whether the node's own text is this version's (the one in effect, or when none is, the
    /// last to have started).
    pub shown: bool,
}

/// A section's versions and the choice among them on `day`: the one `current`ly in effect (if
/// any) and the one `shown` as the node's text.
struct VersionChoice<'a> {
    stored: &'a [VersionRecord],
    validities: Vec<Validity>,
    current: Option<usize>,
    shown: usize,
    day: chrono::NaiveDate,
}

fn validity_of(v: &VersionRecord) -> Option<Validity> {
    let date = |d: &Option<String>| d.as_deref().and_then(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
    Validity::from_parts(date(&v.valid_from), date(&v.valid_until), v.contingency.as_deref())
}

/// A file's device and inode: which file a path named at some moment (a swap renames another file
/// onto the same path).
pub type FileIdentity = (u64, u64);

/// The identity of the file at `path` now (`None` where the platform has no inodes, or it is gone).
pub fn file_identity(path: &Path) -> Option<FileIdentity> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// A question's vector (when it could be embedded) and the nodes nearest it with their cosines.
type QueryHits = (Option<Vec<f32>>, Vec<(i64, f32)>);
/// Each node's parent, and the `cites` edges between nodes.
type Links = (HashMap<i64, i64>, HashSet<(i64, i64)>);

/// How many candidates each ranking (by words, by meaning) contributes to a search.
const FUSION_CANDIDATES: usize = 100;
/// How many of the strongest candidates' headings are compared with the question by meaning.
const HEADING_CANDIDATES: usize = 12;
/// Heading vectors kept between searches (384 floats each: 5,000 take 7.7 MB).
const MAX_HEADING_VECTORS: usize = 5_000;
/// How many sections a section-number prefix (`20-124`) names at most.
const MAX_NAMED: usize = 100;
/// Below this cosine a node is not a meaning-based match (all-MiniLM-L6-v2 scores unrelated
/// sentences around 0.05–0.15 and paraphrases above 0.35).
const MIN_SIMILARITY: f32 = 0.25;

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Graph").field("stats", &self.stats).finish_non_exhaustive()
    }
}

struct Pool {
    idle: Mutex<Vec<Connection>>,
    returned: Condvar,
}

impl Pool {
    fn with<T>(&self, f: impl FnOnce(&Connection) -> Result<T, Error>) -> Result<T, Error> {
        let conn = {
            let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(c) = idle.pop() {
                    break c;
                }
                idle = self.returned.wait(idle).unwrap_or_else(|e| e.into_inner());
            }
        };
        let result = f(&conn);
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(conn);
        self.returned.notify_one();
        result
    }
}

/// Words that say nothing about which law applies; dropped from full-text queries.
const STOPWORDS: &[&str] = &[
    "a", "about", "after", "all", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before", "being", "but", "by", "can",
    "could", "did", "do", "does", "doing", "for", "from", "get", "got", "had", "has", "have", "he", "her", "him", "his", "how", "i", "if",
    "in", "into", "is", "it", "its", "just", "me", "my", "no", "not", "of", "on", "or", "our", "say", "says", "she", "should", "so",
    "some", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to", "too", "up", "us", "va",
    "virginia", "code", "law", "laws", "was", "we", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you",
    "your",
];

/// The meaningful words of a plain-language search, lower-cased and de-duplicated, then the Code's
/// words for its everyday phrases ([`crate::lay_terms`]); citations are left out (they are looked
/// up exactly, and their digits would only add noise).
pub fn query_terms(search: &str) -> Vec<String> {
    let mut text = search.to_string();
    for c in find_citations(search).into_iter().rev() {
        text.replace_range(c.start..c.end, " ");
    }
    let mut terms: Vec<String> = Vec::new();
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let word = word.to_lowercase();
        if word.is_empty() || STOPWORDS.contains(&word.as_str()) || (word.len() < 2 && !word.chars().all(|c| c.is_ascii_digit())) {
            continue;
        }
        if !terms.contains(&word) {
            terms.push(word);
        }
    }
    // The Code's own words for everyday phrases ("without a will" → intestate, descent).
    for term in crate::lay_terms::legal_terms(&text) {
        if !terms.iter().any(|t| t == term) {
            terms.push(term.to_string());
        }
    }
    terms
}

/// The section number, or start of one, that a query is and nothing else (`20-124`, `§ 2.2-37`,
/// `8.9A-1`, `63.2-1509:`): a title as the Code writes it (`20`, `8.01`, `8.9A`), a hyphen, then
/// digits, dots and colons. Such a query is looked up by prefix, not searched by its words.
fn section_prefix(search: &str) -> Option<&str> {
    let s = search.trim().trim_start_matches('§').trim();
    let (title, section) = s.split_once('-')?;
    let number = |n: &str| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit());
    let title = title.strip_suffix(|c: char| c.is_ascii_uppercase()).unwrap_or(title);
    let title_ok = title.split_once('.').map_or(number(title), |(whole, part)| number(whole) && number(part));
    let section_ok = section.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'.' | b':'));
    // A whole number must end where the query does, or in the colon of a longer one (`63.2-1509:`);
    // `20-124.3.` ends a sentence and is a word search, with § 20-124.3 first.
    let whole = parse_section_number(s).is_none_or(|(_, len)| matches!(&s[len..], "" | ":"));
    (title_ok && section_ok && whole).then_some(s)
}

impl Graph {
    /// Opens a graph file: checks its schema, counts its statistics and loads its vectors.
    pub fn open(path: &Path) -> Result<Self, Error> {
        let connections = std::thread::available_parallelism().map_or(4, |n| n.get() * 2).clamp(4, 8);
        let before = file_identity(path);
        let conns = (0..connections).map(|_| store::open_read_only(path)).collect::<Result<Vec<_>, _>>()?;
        // Known only if no rename onto the path came between the opens.
        let file = before.filter(|b| file_identity(path).as_ref() == Some(b));
        let stats = count_stats(&conns[0])?;
        let words = store::read_word_index(&conns[0])?;
        let versions = store::read_versions(&conns[0])?;
        let source_files = store::read_source_files(&conns[0])?;
        let vectors = match stats.embedding_dimension {
            Some(dimension) => VectorIndex::load(&conns[0], dimension)?,
            None if stats.embedding_count > 0 => {
                return Err(Error::Dimension("the graph has vectors but no recorded dimension".into()));
            }
            None => VectorIndex::default(),
        };
        Ok(Graph {
            pool: Pool { idle: Mutex::new(conns), returned: Condvar::new() },
            vectors: RwLock::new(vectors),
            last_question_ms: std::sync::atomic::AtomicU64::new(0),
            opened: std::time::Instant::now(),
            stats,
            words,
            query_embedder: RwLock::new(None),
            heading_vectors: Mutex::new(HashMap::new()),
            file,
            versions,
            source_files,
            law_date: RwLock::new(None),
        })
    }

    /// The day the law is read as of: the one set, else `PROSEVA_LAW_DATE`, else today.
    pub fn law_date(&self) -> chrono::NaiveDate {
        (*self.law_date.read().unwrap_or_else(|e| e.into_inner())).unwrap_or_else(versions::law_date_from_env)
    }

    /// Reads the law as of `day` (None: today again).
    pub fn set_law_date(&self, day: Option<chrono::NaiveDate>) {
        *self.law_date.write().unwrap_or_else(|e| e.into_inner()) = day;
    }

    /// The files the graph was built from.
    pub fn source_files(&self) -> &[SourceFileRecord] {
        &self.source_files
    }

    /// The file a node's official text came from (`CoVTitle_20.csv` for § 20-124.3,
    /// `Constitution.csv` for `const-I-12`, …), when the graph records it.
    pub fn source_file_of(&self, node_type: &str, source_id: &str) -> Option<&SourceFileRecord> {
        let name = match node_type {
            "constitution_article" | "constitution_section" => "Constitution.csv".to_string(),
            "popular_name" => "PopularNames.csv".into(),
            "authority" => "Authorities.csv".into(),
            "charter" => "Charters.csv".into(),
            "compact" => "Compacts.csv".into(),
            "uncodified_act" => "UnCodifiedActs.csv".into(),
            _ => format!("CoVTitle_{}.csv", proseva_citation::title_of(source_id).unwrap_or(source_id.split(':').next()?)),
        };
        self.source_files.iter().find(|f| f.name.eq_ignore_ascii_case(&name))
    }

    /// How many sections have more than one version.
    pub fn sections_with_versions(&self) -> usize {
        self.versions.values().filter(|v| v.len() > 1).count()
    }

    /// A section's stored versions with, as of the law date, which is in effect and which is shown;
    /// `None` for a node without versions.
    fn choice(&self, id: i64) -> Option<VersionChoice<'_>> {
        let stored = self.versions.get(&id)?;
        let day = self.law_date();
        let validities: Vec<Validity> = stored.iter().map(|v| validity_of(v).unwrap_or(Validity::ContingentExpiration)).collect();
        let (current, shown) = versions::choose(&validities, day);
        Some(VersionChoice { stored, validities, current, shown, day })
    }

    /// A section's versions as of the law date (empty when it has none).
    pub fn versions(&self, id: i64) -> Vec<SectionVersion> {
        let Some(choice) = self.choice(id) else { return Vec::new() };
        choice
            .stored
            .iter()
            .zip(&choice.validities)
            .enumerate()
            .map(|(i, (v, validity))| SectionVersion {
                ordinal: v.ordinal,
                heading: v.heading.clone(),
                source_text: v.source_text.clone(),
                label: v.label.clone(),
                valid_from: validity.starts(),
                valid_until: validity.ends(),
                contingency: v.contingency.clone(),
                in_effect: choice.current == Some(i),
                shown: choice.shown == i,
            })
            .collect()
    }

    /// One sentence on a section's other version (or, with one version, on when it applies), as of
    /// the law date; `None` for a section without versions.
    pub fn version_notice(&self, id: i64) -> Option<String> {
        let VersionChoice { validities, current, shown, day, .. } = self.choice(id)?;
        if current.is_none() {
            return Some(match validities[shown].ends() {
                Some(end) if end <= day => format!(
                    "This version expired on {}, and the downloaded files hold no version in effect on {}; check the official site.",
                    versions::long_date(end),
                    versions::long_date(day)
                ),
                _ => "No version of this section is in effect yet; check the official site.".into(),
            });
        }
        let other = validities.iter().enumerate().filter(|(i, _)| *i != shown).map(|(_, v)| *v).max_by_key(|v| v.starts());
        Some(versions::notice(validities[shown], other.unwrap_or(validities[shown]), day))
    }

    /// `node` with the heading and text of its version in effect on the law date, when that is not
    /// the version the graph was built with (the day passed since).
    fn current(&self, mut node: NodeRecord) -> NodeRecord {
        if let Some(choice) = self.choice(node.id)
            && let Some(v) = choice.stored.get(choice.shown).filter(|v| !v.stored)
        {
            node.heading = v.heading.clone();
            node.source_text = v.source_text.clone();
        }
        node
    }

    /// The file this graph was opened from (`None` if unknown).
    pub fn file(&self) -> Option<FileIdentity> {
        self.file
    }

    /// Lets searches blend in meaning-based matches. The embedder must be the model the graph's
    /// vectors came from; anything else is refused with an error that says which is which.
    pub fn set_query_embedder(&self, embedder: Arc<dyn Embedder>) -> Result<(), Error> {
        let (Some(model), Some(dimension)) = (self.stats.embedding_model.as_deref(), self.stats.embedding_dimension) else {
            return Err(Error::NoVectors);
        };
        proseva_embed::check_dimension(model, dimension, embedder.as_ref())?;
        if embedder.model_id() != model {
            return Err(Error::Dimension(format!(
                "the graph's vectors come from {model} but the configured embedder is {}; rebuild the graph with it to search by meaning",
                embedder.model_id()
            )));
        }
        *self.query_embedder.write().unwrap_or_else(|e| e.into_inner()) = Some(embedder);
        self.heading_vectors.lock().unwrap_or_else(|e| e.into_inner()).clear();
        Ok(())
    }

    /// Whether searches can blend in meaning-based matches.
    pub fn semantic_search(&self) -> bool {
        self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    /// The question's vector and the nodes whose vectors are nearest it, best first, above
    /// [`MIN_SIMILARITY`]; no vector when no model is loaded.
    fn semantic_candidates(&self, search: &str) -> Result<QueryHits, Error> {
        let Some(embedder) = self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).clone() else {
            return Ok((None, Vec::new()));
        };
        self.last_question_ms.store(self.opened.elapsed().as_millis().max(1) as u64, std::sync::atomic::Ordering::Relaxed);
        let Some(query) = embedder.embed(&[search])?.pop().filter(|q| q.len() == self.vectors().dimension()) else {
            return Ok((None, Vec::new()));
        };
        let mut hits = self.vectors().nearest(&query, FUSION_CANDIDATES, None);
        hits.retain(|(_, score)| *score >= MIN_SIMILARITY);
        Ok((Some(query), hits))
    }

    pub fn stats(&self) -> &GraphStats {
        &self.stats
    }

    /// The node vectors, read-locked while the guard lives.
    pub fn vectors(&self) -> std::sync::RwLockReadGuard<'_, VectorIndex> {
        self.vectors.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds (or replaces) node vectors computed while the graph is served; they must have the
    /// graph's dimension.
    pub fn add_vectors(&self, vectors: &[(i64, Vec<f32>)]) {
        let mut index = self.vectors.write().unwrap_or_else(|e| e.into_inner());
        let dimension = index.dimension();
        for (id, vector) in vectors.iter().filter(|(_, v)| v.len() == dimension) {
            index.upsert(*id, vector);
        }
    }

    /// Whether a question was embedded within `window`: background embedding waits until it was not.
    pub fn asked_within(&self, window: std::time::Duration) -> bool {
        let last = self.last_question_ms.load(std::sync::atomic::Ordering::Relaxed);
        last > 0 && self.opened.elapsed().as_millis() as u64 <= last + window.as_millis() as u64
    }

    pub fn node(&self, id: i64) -> Result<Option<NodeRecord>, Error> {
        self.pool
            .with(|c| {
                Ok(c.prepare_cached(&format!("SELECT {NODE_COLUMNS} FROM nodes WHERE id = ?1"))?
                    .query_row([id], node_from_row)
                    .optional()?)
            })
            .map(|n| n.map(|n| self.current(n)))
    }

    pub fn node_by_source_id(&self, source_id: &str) -> Result<Option<NodeRecord>, Error> {
        self.pool
            .with(|c| {
                Ok(c.prepare_cached(&format!("SELECT {NODE_COLUMNS} FROM nodes WHERE source_id = ?1"))?
                    .query_row([source_id], node_from_row)
                    .optional()?)
            })
            .map(|n| n.map(|n| self.current(n)))
    }

    /// The nodes of `ids` that exist, in that order: one connection and one prepared statement for
    /// all of them.
    pub fn nodes_by_ids(&self, ids: &[i64]) -> Result<Vec<NodeRecord>, Error> {
        self.pool.with(|c| {
            let mut stmt = c.prepare_cached(&format!("SELECT {NODE_COLUMNS} FROM nodes WHERE id = ?1"))?;
            let mut nodes = Vec::with_capacity(ids.len());
            for &id in ids {
                if let Some(n) = stmt.query_row([id], node_from_row).optional()? {
                    nodes.push(self.current(n));
                }
            }
            Ok(nodes)
        })
    }

    /// Edges touching node `id` in either direction, optionally of one type.
    pub fn neighbors(&self, id: i64, rel_type: Option<&str>) -> Result<Vec<EdgeRecord>, Error> {
        self.pool.with(|c| {
            let mut stmt = c.prepare_cached(
                "SELECT from_id, to_id, rel_type, weight FROM edges WHERE from_id = ?1 AND (?2 IS NULL OR rel_type = ?2)
                 UNION ALL
                 SELECT from_id, to_id, rel_type, weight FROM edges WHERE to_id = ?1 AND (?2 IS NULL OR rel_type = ?2)",
            )?;
            let rows = stmt.query_map(params![id, rel_type], edge_from_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    /// References from node `id` to sections the corpus does not hold.
    pub fn unresolved_citations(&self, id: i64) -> Result<Vec<String>, Error> {
        self.pool.with(|c| {
            let mut stmt = c.prepare_cached("SELECT target FROM unresolved_citations WHERE from_id = ?1 ORDER BY target")?;
            let rows = stmt.query_map([id], |r| r.get(0))?;
            Ok(rows.collect::<Result<Vec<String>, _>>()?)
        })
    }

    /// Lists nodes, optionally of one type, optionally matching `search`.
    ///
    /// A search that is only a section number or the start of one (`20-124`, `§ 2.2-37`) is a lookup:
    /// the sections whose number starts with it, the exact section first, and `total` is how many.
    /// Any other search: the node an exact citation in it names comes first (`custody 20-124.3`),
    /// then full-text matches over heading and text ranked by BM25 (headings weigh more), blended by
    /// reciprocal rank with the nodes nearest the query by meaning when a query embedder is set.
    pub fn nodes(&self, node_type: Option<&str>, search: Option<&str>, limit: usize, offset: usize) -> Result<NodePage, Error> {
        self.search(node_type, search, limit, offset, true)
    }

    /// [`Graph::nodes`], choosing whether a search may blend in meaning-based matches (when the model is loaded).
    pub fn search(
        &self,
        node_type: Option<&str>,
        search: Option<&str>,
        limit: usize,
        offset: usize,
        semantic: bool,
    ) -> Result<NodePage, Error> {
        let search = search.map(str::trim).filter(|s| !s.is_empty());
        let Some(search) = search else {
            return self.pool.with(|c| {
                let total: i64 = c
                    .prepare_cached("SELECT count(*) FROM nodes WHERE ?1 IS NULL OR node_type = ?1")?
                    .query_row([node_type], |r| r.get(0))?;
                let mut stmt = c.prepare_cached(&format!(
                    "SELECT {NODE_COLUMNS} FROM nodes WHERE ?1 IS NULL OR node_type = ?1 ORDER BY id LIMIT ?2 OFFSET ?3"
                ))?;
                let nodes = stmt
                    .query_map(params![node_type, limit as i64, offset as i64], node_from_row)?
                    .map(|n| n.map(|n| self.current(n)))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(NodePage { nodes, total })
            });
        };
        let ranking = self.ranking(node_type, search, semantic, offset + limit)?;
        let total = ranking.total;
        let nodes = ranking.ranking.into_nodes().into_iter().skip(offset).take(limit).collect();
        Ok(NodePage { nodes, total })
    }

    /// Everything a search finds for `search`, ordered: the nodes an exact citation or a
    /// section-number prefix names, then the best matches by words and by meaning (when `semantic`
    /// and the model is loaded) ordered by [`rank`](crate::rank)'s blend of their signals. At least
    /// `depth` text matches (or prefix matches) are listed (100 when fewer are asked for), so any
    /// page up to it is whole. A query that is only a section-number prefix names its sections and
    /// matches nothing by words or meaning.
    pub fn ranking(&self, node_type: Option<&str>, search: &str, semantic: bool, depth: usize) -> Result<SearchRanking, Error> {
        let mut found = self.candidates(node_type, search, semantic, depth)?;
        let weights = if found.ranking.best_cosine.is_some() { Weights::BLENDED } else { Weights::WORDS };
        found.ranking.order(&weights);
        Ok(found)
    }

    /// What [`Graph::ranking`] orders: every candidate with its signals, in the order found.
    pub fn candidates(&self, node_type: Option<&str>, search: &str, semantic: bool, depth: usize) -> Result<SearchRanking, Error> {
        let search = search.trim();
        if let Some(prefix) = section_prefix(search) {
            return self.section_lookup(node_type, search, prefix, depth);
        }
        let type_ok = |n: &NodeRecord| node_type.is_none_or(|t| t == n.node_type);

        let mut named: Vec<NodeRecord> = Vec::new();
        if let Some(source_id) = citation_in_query(search)
            && let Some(n) = self.node_by_source_id(&source_id)?.filter(type_ok)
        {
            named.push(n);
        }

        // A question that cannot be embedded (a remote model down, still loading) is searched by
        // its words alone rather than failing.
        let (query_vector, semantic) = if semantic {
            self.semantic_candidates(search).unwrap_or_else(|e| {
                tracing::warn!("searching by words only for this question: {e}");
                (None, Vec::new())
            })
        } else {
            (None, Vec::new())
        };
        let terms = query_terms(search);
        let words = self.word_query(&terms);
        let text = match &words {
            None => Found::default(),
            Some((stems, how)) => self.words.search(stems, *how, node_type, depth.max(FUSION_CANDIDATES))?,
        };
        let mut by_id: HashMap<i64, NodeRecord> =
            self.nodes_by_ids(&text.hits.iter().map(|(id, _)| *id).collect::<Vec<_>>())?.into_iter().map(|n| (n.id, n)).collect();
        let bm25: Vec<(NodeRecord, f64)> = text.hits.iter().filter_map(|(id, score)| by_id.remove(id).map(|n| (n, *score))).collect();
        let text_total = text.total as i64;

        let cosine = |id: i64| query_vector.as_deref().and_then(|q| self.vectors().cosine(q, id));
        let mut found: Vec<(NodeRecord, Option<f64>, Option<f32>)> = bm25
            .into_iter()
            .map(|(n, score)| {
                let c = cosine(n.id);
                (n, Some(score), c)
            })
            .collect();
        let meaning_only: Vec<i64> = semantic.iter().map(|(id, _)| *id).filter(|id| !found.iter().any(|(n, _, _)| n.id == *id)).collect();
        let extra: Vec<NodeRecord> = self.nodes_by_ids(&meaning_only)?.into_iter().filter(type_ok).collect();
        let mut total = text_total;
        // A meaning-based match that the text search also matched (beyond the page fetched) is already in its total.
        if let (Some((stems, how)), false) = (&words, extra.is_empty()) {
            let ids: Vec<i64> = extra.iter().map(|n| n.id).collect();
            total -= self.words.count_among(stems, *how, &ids)? as i64;
        }
        total += extra.len() as i64;
        found.extend(extra.into_iter().map(|n| {
            let c = cosine(n.id);
            (n, None, c)
        }));
        total += named.iter().filter(|f| !found.iter().any(|(n, _, _)| n.id == f.id)).count() as i64;

        let ids: Vec<i64> = found.iter().map(|(n, _, _)| n.id).collect();
        let (parent, cites) = self.links_among(&ids)?;
        let question = Question::read(search, &terms);
        let heading_cosine = match &query_vector {
            Some(query) => self.heading_cosines(query, &found)?,
            None => HashMap::new(),
        };
        let mut ranking =
            rank::signals(Evidence { question: &question, found, parent: &parent, cites: &cites, heading_cosine: &heading_cosine });
        ranking.named = named;
        Ok(SearchRanking { ranking, total })
    }

    /// A search that is only a section number or the start of one (`20-124`, `§ 2.2-37`): the sections
    /// whose number starts with it, shortest number first (so the exact section, when there is one,
    /// leads), at least `depth` of them (100 when fewer are asked for), and how many there are in all.
    /// No words and no meanings: the digits of a number match unrelated text.
    fn section_lookup(&self, node_type: Option<&str>, search: &str, prefix: &str, depth: usize) -> Result<SearchRanking, Error> {
        let mut named: Vec<NodeRecord> = Vec::new();
        if let Some(source_id) = citation_in_query(search)
            && let Some(n) = self.node_by_source_id(&source_id)?.filter(|n| node_type.is_none_or(|t| t == n.node_type))
        {
            named.push(n);
        }
        // `source_id` is UNIQUE, so both queries are a range scan of its index.
        let (by_prefix, mut total) = self.pool.with(|c| {
            let total: i64 = c
                .prepare_cached(
                    "SELECT count(*) FROM nodes WHERE source_id >= ?1 AND source_id < ?1 || x'7f' AND (?2 IS NULL OR node_type = ?2)",
                )?
                .query_row(params![prefix, node_type], |r| r.get(0))?;
            let mut stmt = c.prepare_cached(&format!(
                "SELECT {NODE_COLUMNS} FROM nodes WHERE source_id >= ?1 AND source_id < ?1 || x'7f' AND (?2 IS NULL OR node_type = ?2)
                 ORDER BY length(source_id), source_id LIMIT ?3"
            ))?;
            let rows = stmt.query_map(params![prefix, node_type, depth.max(MAX_NAMED) as i64], node_from_row)?;
            Ok((rows.map(|n| n.map(|n| self.current(n))).collect::<Result<Vec<_>, _>>()?, total))
        })?;
        // The cited section is one of the prefix matches unless its number was spelled otherwise.
        total += named.iter().filter(|n| !n.source_id.starts_with(prefix)).count() as i64;
        for n in by_prefix {
            if !named.iter().any(|f| f.id == n.id) {
                named.push(n);
            }
        }
        Ok(SearchRanking { ranking: Ranking { named, ..Ranking::default() }, total })
    }

    /// The cosine of `query` with the headings of the strongest candidates, embedded once and kept.
    fn heading_cosines(&self, query: &[f32], found: &[(NodeRecord, Option<f64>, Option<f32>)]) -> Result<HashMap<i64, f32>, Error> {
        let Some(embedder) = self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).clone() else {
            return Ok(HashMap::new());
        };
        let strongest: Vec<&NodeRecord> = rank::strongest(found, HEADING_CANDIDATES).into_iter().map(|i| &found[i].0).collect();
        let missing: Vec<&NodeRecord> = {
            let known = self.heading_vectors.lock().unwrap_or_else(|e| e.into_inner());
            strongest.iter().copied().filter(|n| !known.contains_key(&n.id) && n.heading.is_some()).collect()
        };
        if !missing.is_empty() {
            let texts: Vec<&str> = missing.iter().map(|n| n.heading.as_deref().unwrap_or_default()).collect();
            let vectors = embedder.embed(&texts)?;
            let mut known = self.heading_vectors.lock().unwrap_or_else(|e| e.into_inner());
            if known.len() + missing.len() > MAX_HEADING_VECTORS {
                known.clear();
            }
            for (n, v) in missing.iter().zip(vectors) {
                known.insert(n.id, v);
            }
        }
        let known = self.heading_vectors.lock().unwrap_or_else(|e| e.into_inner());
        Ok(strongest.iter().filter_map(|n| known.get(&n.id).map(|v| (n.id, proseva_embed::dot(query, v)))).collect())
    }

    /// Each node's parent (its `contains` edge) and the `cites` edges between the nodes.
    fn links_among(&self, ids: &[i64]) -> Result<Links, Error> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        // Node ids are integers from the graph itself, so the list is safe to write into the query.
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        self.pool.with(|c| {
            let mut parent = HashMap::new();
            let mut stmt = c.prepare(&format!("SELECT from_id, to_id FROM edges WHERE to_id IN ({list}) AND rel_type = 'contains'"))?;
            for row in stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))? {
                let (from, to) = row?;
                parent.insert(to, from);
            }
            let mut cites = HashSet::new();
            let mut stmt = c.prepare(&format!(
                "SELECT from_id, to_id FROM edges WHERE from_id IN ({list}) AND rel_type = 'cites' AND to_id IN ({list})"
            ))?;
            for row in stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))? {
                cites.insert(row?);
            }
            Ok((parent, cites))
        })
    }

    /// The word index's terms for a search's [`query_terms`], and how they must match. Words found
    /// in more than one node in fifty (at least 500) say little about which node is meant but make
    /// BM25 score a large part of the corpus, so they are dropped when the query has rarer words; a
    /// query of only such words must match all of them. On a corpus of a few hundred nodes every
    /// word is kept. `None` when no word of the search is in the index.
    fn word_query(&self, terms: &[String]) -> Option<(Vec<String>, Match)> {
        let common_above = (self.stats.node_count / 50).max(500) as u64;
        let (mut selective, mut common) = (Vec::new(), Vec::new());
        for term in terms.iter().flat_map(|t| self.words.terms(t)) {
            if selective.contains(&term) || common.contains(&term) {
                continue;
            }
            match self.words.nodes_with(&term) {
                0 => {}
                n if n <= common_above => selective.push(term),
                _ => common.push(term),
            }
        }
        match (selective.is_empty(), common.is_empty()) {
            (false, _) => Some((selective, Match::Any)),
            (true, false) => Some((common, Match::All)),
            (true, true) => None,
        }
    }

    /// The nodes most like node `id` by vector, best first. An error if the node has no vector.
    pub fn similar(&self, id: i64, limit: usize) -> Result<Vec<(NodeRecord, f32)>, Error> {
        let hits = {
            let vectors = self.vectors();
            if vectors.is_empty() {
                return Err(Error::NoVectors);
            }
            vectors.similar_to(id, limit).ok_or(Error::NodeHasNoVector(id))?
        };
        hits.into_iter().filter_map(|(id, score)| self.node(id).transpose().map(|n| n.map(|n| (n, score)))).collect()
    }
}

fn count_stats(c: &Connection) -> Result<GraphStats, Error> {
    let count = |sql: &str| -> Result<i64, Error> { Ok(c.query_row(sql, [], |r| r.get(0))?) };
    let types = |sql: &str| -> Result<Vec<TypeCount>, Error> {
        let mut stmt = c.prepare(sql)?;
        let rows = stmt.query_map([], |r| Ok(TypeCount { kind: r.get(0)?, count: r.get(1)? }))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    };
    let meta = |key: &str| store::read_meta(c, key);
    Ok(GraphStats {
        node_count: count("SELECT count(*) FROM nodes")?,
        edge_count: count("SELECT count(*) FROM edges")?,
        embedding_count: count("SELECT count(*) FROM embeddings")?,
        unresolved_citation_count: count("SELECT count(*) FROM unresolved_citations")?,
        node_types: types("SELECT node_type, count(*) FROM nodes GROUP BY node_type ORDER BY count(*) DESC, node_type")?,
        edge_types: types("SELECT rel_type, count(*) FROM edges GROUP BY rel_type ORDER BY count(*) DESC, rel_type")?,
        embedding_model: meta("embedding_model")?,
        embedding_dimension: meta("embedding_dimension")?.and_then(|d| d.parse().ok()),
        corpus: meta("corpus")?,
        built_at: meta("built_at")?,
        section_text_kinds: types(
            "SELECT text_kind, count(*) FROM nodes WHERE node_type IN ('section', 'constitution_section') GROUP BY text_kind ORDER BY text_kind",
        )?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_questions_become_their_meaningful_words() {
        assert_eq!(query_terms("landlord will not return my deposit"), ["landlord", "return", "deposit"]);
        assert_eq!(query_terms("What does Virginia Code say about FOIA?"), ["foia"]);
        assert!(query_terms("the of and").is_empty());
        assert_eq!(query_terms("§ 20-124.3 custody"), ["custody"]);
        // Query syntax in user input is only words.
        assert_eq!(query_terms("NEAR(ab cd) OR \"xy* ^zz"), ["near", "ab", "cd", "xy", "zz"]);
    }

    #[test]
    fn section_prefixes_are_recognised() {
        assert_eq!(section_prefix("20-124"), Some("20-124"));
        assert_eq!(section_prefix("§ 2.2-37"), Some("2.2-37"));
        assert_eq!(section_prefix("8.9A-1"), Some("8.9A-1"));
        assert_eq!(section_prefix("63.2-1509:"), Some("63.2-1509:"));
        assert_eq!(section_prefix("§20-"), Some("20-"));
        assert_eq!(section_prefix("custody 20-124"), None);
        assert_eq!(section_prefix("landlord"), None);
        // Words with a hyphen and numbers that end a sentence are searched by their words.
        assert_eq!(section_prefix("24-hour"), None);
        assert_eq!(section_prefix("401-k"), None);
        assert_eq!(section_prefix("COVID-19"), None);
        assert_eq!(section_prefix("20-124.3."), None);
        assert_eq!(section_prefix("8.9.1-2"), None);
    }
}
