//! The graph file: the one module that knows the SQLite schema.
//!
//! A graph is built once into a temporary file beside its destination ([`GraphWriter`]) and renamed
//! over it when complete, so a reader never sees a half-written graph. While served it is read-only
//! ([`open_read_only`]).

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

use crate::Error;

/// Bumped when the schema changes; a graph of another version is rebuilt, not misread.
pub const SCHEMA_VERSION: i64 = 4;

const SCHEMA: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE nodes (
    id          INTEGER PRIMARY KEY,
    node_type   TEXT NOT NULL,
    source      TEXT NOT NULL,
    source_id   TEXT NOT NULL UNIQUE,
    heading     TEXT,
    source_text TEXT,
    text_kind   TEXT NOT NULL,
    url         TEXT,
    -- A plain-language summary kept beside official text (the starter corpus's, once the official
    -- text is downloaded); never the statute's words.
    summary     TEXT
);
CREATE INDEX nodes_by_type ON nodes(node_type, id);
CREATE TABLE edges (
    from_id  INTEGER NOT NULL REFERENCES nodes(id),
    to_id    INTEGER NOT NULL REFERENCES nodes(id),
    rel_type TEXT NOT NULL,
    weight   REAL,
    PRIMARY KEY (from_id, rel_type, to_id)
) WITHOUT ROWID;
CREATE INDEX edges_by_target ON edges(to_id, rel_type);
-- References to sections the corpus does not hold: kept, so nothing is dropped silently.
CREATE TABLE unresolved_citations (
    from_id INTEGER NOT NULL REFERENCES nodes(id),
    target  TEXT NOT NULL,
    PRIMARY KEY (from_id, target)
) WITHOUT ROWID;
-- One L2-normalised little-endian f32 vector per node; the dimension is in meta. `stand_in`: the
-- vector of the node's summary, standing in until its official text is embedded.
CREATE TABLE embeddings (
    node_id  INTEGER PRIMARY KEY REFERENCES nodes(id),
    vector   BLOB NOT NULL,
    stand_in INTEGER NOT NULL DEFAULT 0
);
-- Every version of a section that has more than one (or whose catchline says when it applies):
-- the text of each, and when it applies (crate::versions). `stored` marks the version whose text
-- the node's own row holds (the one in effect when the graph was built).
CREATE TABLE section_versions (
    node_id     INTEGER NOT NULL REFERENCES nodes(id),
    ordinal     INTEGER NOT NULL,
    heading     TEXT,
    source_text TEXT,
    label       TEXT NOT NULL,
    valid_from  TEXT,
    valid_until TEXT,
    contingency TEXT,
    stored      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (node_id, ordinal)
) WITHOUT ROWID;
-- The files the graph was built from: when the site says each last changed, when it was
-- downloaded or imported, and how.
CREATE TABLE source_files (
    name          TEXT PRIMARY KEY,
    last_modified TEXT,
    retrieved_at  TEXT,
    origin        TEXT,
    format        TEXT NOT NULL,
    rows          INTEGER NOT NULL
);
-- The word index of the nodes (crate::words): its files, built by the writer on finish.
CREATE TABLE word_index (
    path  TEXT PRIMARY KEY,
    bytes BLOB NOT NULL
);
";

/// A node as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeRecord {
    pub id: i64,
    pub node_type: String,
    pub source: String,
    pub source_id: String,
    pub heading: Option<String>,
    pub source_text: Option<String>,
    pub text_kind: String,
    pub url: Option<String>,
    /// A plain-language summary beside the official text (`None` when there is none, and for
    /// summary-only nodes, whose `source_text` is the summary).
    pub summary: Option<String>,
}

/// One version of a section, as stored (dates as `YYYY-MM-DD`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionRecord {
    pub node_id: i64,
    pub ordinal: i64,
    pub heading: Option<String>,
    pub source_text: Option<String>,
    /// The catchline's note as written: `Effective until July 1, 2025`.
    pub label: String,
    pub valid_from: Option<String>,
    pub valid_until: Option<String>,
    /// `expiration` or `effective` for a contingent pair.
    pub contingency: Option<String>,
    /// Whether the node's own row holds this version's text.
    pub stored: bool,
}

/// A file a graph was built from.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceFileRecord {
    pub name: String,
    /// When the site says the file last changed (its `Last-Modified`), RFC 3339.
    pub last_modified: Option<String>,
    /// When it was downloaded or imported, RFC 3339.
    pub retrieved_at: Option<String>,
    /// `download`, `import`, `starter` or `folder` (a directory given on the command line).
    pub origin: Option<String>,
    /// `csvWithHeader` or `pipeNoHeader`.
    pub format: String,
    pub rows: i64,
}

/// An edge as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct EdgeRecord {
    pub from_id: i64,
    pub to_id: i64,
    pub rel_type: String,
    pub weight: Option<f64>,
}

pub(crate) const NODE_COLUMNS: &str = "id, node_type, source, source_id, heading, source_text, text_kind, url, summary";

pub(crate) fn node_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<NodeRecord> {
    Ok(NodeRecord {
        id: row.get(0)?,
        node_type: row.get(1)?,
        source: row.get(2)?,
        source_id: row.get(3)?,
        heading: row.get(4)?,
        source_text: row.get(5)?,
        text_kind: row.get(6)?,
        url: row.get(7)?,
        summary: row.get(8)?,
    })
}

pub(crate) fn edge_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<EdgeRecord> {
    Ok(EdgeRecord { from_id: row.get(0)?, to_id: row.get(1)?, rel_type: row.get(2)?, weight: row.get(3)? })
}

/// Opens a finished graph for reading. A missing file, a file that is not a graph, or a graph of
/// another schema version is a clear error.
pub fn open_read_only(path: &Path) -> Result<Connection, Error> {
    if !path.exists() {
        return Err(Error::NoGraph(path.to_path_buf()));
    }
    let conn = open_query_only(path)?;
    // 4 MB of page cache per pooled connection; no mmap, whose touched pages would all count as
    // the explorer's memory.
    conn.pragma_update(None, "cache_size", -4_000)?;
    let version = read_meta(&conn, "schema_version").map_err(|_| Error::NotAGraph(path.to_path_buf()))?.and_then(|v| v.parse::<i64>().ok());
    if version != Some(SCHEMA_VERSION) {
        return Err(Error::SchemaVersion { path: path.to_path_buf(), found: version, expected: SCHEMA_VERSION });
    }
    Ok(conn)
}

/// Opens an existing file read-write without create, then `query_only`: a read-only handle cannot
/// set up a WAL file's shared memory when it is the first to open the graph.
fn open_query_only(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    conn.pragma_update(None, "query_only", true)?;
    Ok(conn)
}

pub fn read_meta(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0)).optional()
}

/// One `meta` value of the graph file at `path`, read without loading the graph; `None` when the
/// file is missing, unreadable or lacks the key.
pub fn read_meta_of(path: &Path, key: &str) -> Option<String> {
    if !path.exists() {
        return None;
    }
    let conn = open_query_only(path).ok()?;
    read_meta(&conn, key).ok().flatten()
}

/// Whether the file at `path` is a graph of an older or newer schema than this version reads (a
/// file that is not a graph at all is not: rebuilding it would hide the damage).
pub fn is_graph_of_another_schema(path: &Path) -> bool {
    read_meta_of(path, "schema_version").and_then(|v| v.parse::<i64>().ok()).is_some_and(|v| v != SCHEMA_VERSION)
}

/// The nodes whose vector is a stand-in (their summary's), to embed properly and never to reuse
/// as their text's.
pub fn stand_in_vector_ids(path: &Path) -> Result<std::collections::HashSet<i64>, Error> {
    let conn = open_read_only(path)?;
    let mut stmt = conn.prepare("SELECT node_id FROM embeddings WHERE stand_in = 1")?;
    let ids = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    Ok(ids)
}

/// Rewrites the schema version recorded in a graph file: for tests of what happens to a graph made
/// by another version.
#[doc(hidden)]
pub fn set_schema_version_for_tests(path: &Path, version: i64) -> Result<(), Error> {
    let conn = Connection::open(path)?;
    conn.execute("UPDATE meta SET value = ?1 WHERE key = 'schema_version'", [version.to_string()])?;
    Ok(())
}

/// The `source_id → id` map of an existing graph, so a rebuild of the same corpus keeps every id.
pub fn existing_ids(path: &Path) -> Vec<(String, i64)> {
    let Ok(conn) = open_read_only(path) else { return Vec::new() };
    let Ok(mut stmt) = conn.prepare("SELECT source_id, id FROM nodes") else { return Vec::new() };
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).map(|rows| rows.flatten().collect()).unwrap_or_default()
}

/// Every version of every section that has versions, by node.
pub fn read_versions(conn: &Connection) -> Result<std::collections::HashMap<i64, Vec<VersionRecord>>, Error> {
    let mut stmt = conn.prepare(
        "SELECT node_id, ordinal, heading, source_text, label, valid_from, valid_until, contingency, stored
         FROM section_versions ORDER BY node_id, ordinal",
    )?;
    let mut out: std::collections::HashMap<i64, Vec<VersionRecord>> = std::collections::HashMap::new();
    let rows = stmt.query_map([], |r| {
        Ok(VersionRecord {
            node_id: r.get(0)?,
            ordinal: r.get(1)?,
            heading: r.get(2)?,
            source_text: r.get(3)?,
            label: r.get(4)?,
            valid_from: r.get(5)?,
            valid_until: r.get(6)?,
            contingency: r.get(7)?,
            stored: r.get(8)?,
        })
    })?;
    for row in rows {
        let row = row?;
        out.entry(row.node_id).or_default().push(row);
    }
    Ok(out)
}

/// The files the graph was built from.
pub fn read_source_files(conn: &Connection) -> Result<Vec<SourceFileRecord>, Error> {
    let mut stmt = conn.prepare("SELECT name, last_modified, retrieved_at, origin, format, rows FROM source_files ORDER BY name")?;
    let rows = stmt.query_map([], |r| {
        Ok(SourceFileRecord {
            name: r.get(0)?,
            last_modified: r.get(1)?,
            retrieved_at: r.get(2)?,
            origin: r.get(3)?,
            format: r.get(4)?,
            rows: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Indexes the words of every node ([`crate::words`]) and keeps the index's files in the graph. A
/// section's other versions are indexed with it, so their words find it too.
fn write_word_index(conn: &Connection) -> Result<(), Error> {
    let mut others: std::collections::HashMap<i64, String> = std::collections::HashMap::new();
    let mut stmt = conn.prepare("SELECT node_id, source_text FROM section_versions WHERE stored = 0 AND source_text IS NOT NULL")?;
    for row in stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))? {
        let (id, text) = row?;
        let joined = others.entry(id).or_default();
        joined.push('\n');
        joined.push_str(&text);
    }
    let mut stmt = conn.prepare("SELECT id, node_type, heading, source_text, summary FROM nodes ORDER BY id")?;
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<String>>(4)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let texts: Vec<Option<String>> = rows
        .iter()
        .map(|(id, _, _, text, _)| match (others.get(id), text) {
            (Some(other), Some(text)) => Some(format!("{text}{other}")),
            (Some(other), None) => Some(other.clone()),
            (None, text) => text.clone(),
        })
        .collect();
    let files = crate::words::build(rows.iter().zip(&texts).map(|((id, node_type, heading, _, summary), text)| crate::words::Doc {
        id: *id,
        node_type,
        heading: heading.as_deref(),
        text: text.as_deref(),
        summary: summary.as_deref(),
    }))?;
    let mut insert = conn.prepare("INSERT INTO word_index (path, bytes) VALUES (?1, ?2)")?;
    for (path, bytes) in files {
        insert.execute(params![path, bytes])?;
    }
    Ok(())
}

/// The graph's word index ([`crate::words`]), read into memory.
pub fn read_word_index(conn: &Connection) -> Result<crate::words::WordIndex, Error> {
    let mut stmt = conn.prepare("SELECT path, bytes FROM word_index")?;
    let files = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<Vec<_>, _>>()?;
    crate::words::WordIndex::load(files)
}

/// Builds a graph in a temporary file and renames it over `dest` on [`GraphWriter::finish`].
/// Dropped without finishing, it deletes the temporary file and leaves `dest` untouched.
pub struct GraphWriter {
    conn: Option<Connection>,
    tmp: PathBuf,
    dest: PathBuf,
}

impl GraphWriter {
    pub fn create(dest: &Path) -> Result<Self, Error> {
        if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| Error::Io(dir.to_path_buf(), e))?;
        }
        let file_name = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "graph.db".into());
        let tmp = dest.with_file_name(format!(".{file_name}.building-{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let conn = Connection::open(&tmp)?;
        // Nothing reads the temporary file, and a crash discards it, so durability while building is moot.
        conn.execute_batch("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -64000;")?;
        conn.execute_batch(SCHEMA)?;
        conn.execute_batch("BEGIN")?;
        let writer = GraphWriter { conn: Some(conn), tmp, dest: dest.to_path_buf() };
        writer.set_meta("schema_version", &SCHEMA_VERSION.to_string())?;
        Ok(writer)
    }

    fn conn(&self) -> &Connection {
        self.conn.as_ref().expect("writer used after finish")
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<(), Error> {
        self.conn().prepare_cached("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")?.execute([key, value])?;
        Ok(())
    }

    pub fn insert_node(&self, node: &NodeRecord) -> Result<(), Error> {
        self.conn()
            .prepare_cached("INSERT INTO nodes (id, node_type, source, source_id, heading, source_text, text_kind, url, summary) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")?
            .execute(params![node.id, node.node_type, node.source, node.source_id, node.heading, node.source_text, node.text_kind, node.url, node.summary])?;
        Ok(())
    }

    /// Inserts an edge; the same edge twice adds to its weight.
    pub fn insert_edge(&self, edge: &EdgeRecord) -> Result<(), Error> {
        self.conn()
            .prepare_cached(
                "INSERT INTO edges (from_id, to_id, rel_type, weight) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (from_id, rel_type, to_id) DO UPDATE SET weight = coalesce(weight, 0) + coalesce(excluded.weight, 0)",
            )?
            .execute(params![edge.from_id, edge.to_id, edge.rel_type, edge.weight])?;
        Ok(())
    }

    pub fn insert_unresolved(&self, from_id: i64, target: &str) -> Result<(), Error> {
        self.conn()
            .prepare_cached("INSERT OR IGNORE INTO unresolved_citations (from_id, target) VALUES (?1, ?2)")?
            .execute(params![from_id, target])?;
        Ok(())
    }

    pub fn insert_version(&self, v: &VersionRecord) -> Result<(), Error> {
        self.conn()
            .prepare_cached(
                "INSERT INTO section_versions (node_id, ordinal, heading, source_text, label, valid_from, valid_until, contingency, stored)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?
            .execute(params![
                v.node_id,
                v.ordinal,
                v.heading,
                v.source_text,
                v.label,
                v.valid_from,
                v.valid_until,
                v.contingency,
                v.stored
            ])?;
        Ok(())
    }

    pub fn insert_source_file(&self, f: &SourceFileRecord) -> Result<(), Error> {
        self.conn()
            .prepare_cached(
                "INSERT OR REPLACE INTO source_files (name, last_modified, retrieved_at, origin, format, rows) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![f.name, f.last_modified, f.retrieved_at, f.origin, f.format, f.rows])?;
        Ok(())
    }

    /// Stores a node's vector; `stand_in` when it is its summary's, not its text's.
    pub fn insert_vector(&self, node_id: i64, vector: &[f32], stand_in: bool) -> Result<(), Error> {
        self.conn()
            .prepare_cached("INSERT OR REPLACE INTO embeddings (node_id, vector, stand_in) VALUES (?1, ?2, ?3)")?
            .execute(params![node_id, encode_vector(vector), stand_in])?;
        Ok(())
    }

    /// Indexes the text, commits, switches the file to WAL and renames it over the destination.
    pub fn finish(mut self) -> Result<(), Error> {
        let conn = self.conn.take().expect("finish called once");
        write_word_index(&conn)?;
        conn.execute_batch("COMMIT; ANALYZE;")?;
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA wal_checkpoint(TRUNCATE);")?;
        conn.close().map_err(|(_, e)| e)?;
        std::fs::File::open(&self.tmp).and_then(|f| f.sync_all()).map_err(|e| Error::Io(self.tmp.clone(), e))?;
        // A WAL left by an older graph at the destination must not be replayed into the new one.
        for suffix in ["-wal", "-shm"] {
            let mut side = self.dest.clone().into_os_string();
            side.push(suffix);
            let _ = std::fs::remove_file(PathBuf::from(side));
        }
        std::fs::rename(&self.tmp, &self.dest).map_err(|e| Error::Io(self.dest.clone(), e))?;
        if let Some(dir) = self.dest.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = std::fs::File::open(dir)
        {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

impl Drop for GraphWriter {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            drop(conn);
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Encodes a vector as stored: little-endian f32s.
pub fn encode_vector(vector: &[f32]) -> Vec<u8> {
    vector.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// Decodes a stored vector.
pub fn decode_vector(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}
