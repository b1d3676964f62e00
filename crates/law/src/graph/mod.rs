//! The read side of a graph: search, lookups, neighbours, similar nodes and statistics.
//!
//! The graph is read-only while served, so statistics are counted once at open and vectors are held
//! in memory. SQLite connections are pooled; each query borrows one.

mod search;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, RwLock};

use proseva_embed::Embedder;
use rusqlite::{Connection, OptionalExtension, params};

pub use self::search::query_terms;
use crate::Error;
use crate::rank::Ranking;
use crate::store::{self, EdgeRecord, NODE_COLUMNS, NodeRecord, SourceFileRecord, VersionRecord, edge_from_row, node_from_row};
use crate::vectors::VectorIndex;
use crate::versions::{self, Validity};
use crate::words::WordIndex;

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
    /// For a search: how each node stands beside the first result (empty for a plain listing).
    pub fit: Vec<crate::rank::Fit>,
    /// For a search: whether the first result scores clearly above the rest.
    pub clear_lead: bool,
    /// For a search the graph may hold no answer to (another state's law, federal law, nothing
    /// near it): why ([`crate::scope`]). `None` when a section was named, or for a listing.
    pub beyond: Option<crate::scope::Beyond>,
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
    /// The words the graph's nodes use, for putting a question's misspellings right; read from the
    /// nodes on the first search that needs it ([`Graph::vocabulary`]).
    vocabulary: std::sync::OnceLock<crate::spelling::Vocabulary>,
    /// Passage (paragraph) vectors of nodes searches have ranked, by node id.
    passage_vectors: Mutex<HashMap<i64, Vec<Vec<f32>>>>,
    /// The asks of the graph's sections ([`crate::asks`]), made on the first search, and whether
    /// they have their vectors (from the starter corpus's shipped vectors, else by the query
    /// embedder) or only their words (no model loaded then).
    asks: Mutex<Option<(Arc<crate::asks::AskIndex>, bool)>>,
    /// The Spanish asks ([`crate::spanish`]), made on the first Spanish search, likewise.
    asks_es: Mutex<Option<(Arc<crate::asks::AskIndex>, bool)>>,
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
            vocabulary: std::sync::OnceLock::new(),
            passage_vectors: Mutex::new(HashMap::new()),
            asks: Mutex::new(None),
            asks_es: Mutex::new(None),
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
        self.passage_vectors.lock().unwrap_or_else(|e| e.into_inner()).clear();
        *self.asks.lock().unwrap_or_else(|e| e.into_inner()) = None;
        *self.asks_es.lock().unwrap_or_else(|e| e.into_inner()) = None;
        Ok(())
    }

    /// Whether searches can blend in meaning-based matches.
    pub fn semantic_search(&self) -> bool {
        self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).is_some()
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
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        self.pool.with(|c| {
            // One read transaction for all the lookups: without it each statement takes and
            // releases the file's read lock on its own (two system calls a node).
            let tx = c.unchecked_transaction()?;
            let mut stmt = tx.prepare_cached(&format!("SELECT {NODE_COLUMNS} FROM nodes WHERE id = ?1"))?;
            let mut nodes = Vec::with_capacity(ids.len());
            for &id in ids {
                if let Some(n) = stmt.query_row([id], node_from_row).optional()? {
                    nodes.push(self.current(n));
                }
            }
            drop(stmt);
            tx.finish()?;
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
