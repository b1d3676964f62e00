//! `proseva.db`: the user's case data in one SQLite file. One module per table; this one opens
//! the file, migrates it and hands out connections.
//!
//! Durability: WAL with `synchronous = FULL`, so a write the server has answered 2xx to is on
//! disk, not only in the OS cache — it survives a crash of the server *and* of the machine.
//! Writes are a human's typing and a few uploads, so the fsync per commit costs nothing anyone
//! notices. Writes go through one connection, one `BEGIN IMMEDIATE` transaction at a time;
//! reads use their own connections and never wait for a write (WAL).

pub mod cases;
pub mod chunks;
pub mod contacts;
pub mod conversations;
pub mod deadlines;
pub mod dismissals;
pub mod documents;
pub mod drafts;
pub mod due_reminders;
pub mod finances;
pub mod links;
pub mod notes;
pub mod path_deadlines;
pub mod path_steps;
pub mod proof_links;
pub mod timeline;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

use rusqlite::{Connection, OpenFlags, Row, ToSql, TransactionBehavior};
use rusqlite_migration::{M, Migrations};
use serde::Serialize;
use serde_json::Value;
use zeroize::Zeroizing;

use crate::ApiError;

/// Versioned schema changes, oldest first. Append; never edit one that has shipped.
fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(include_str!("migrations/0001_case_data.sql")),
        M::up(include_str!("migrations/0002_notes_conversations.sql")),
        // Notes written before notes were searchable are cut into passages once, here.
        M::up_with_hook(include_str!("migrations/0003_reading_and_note_passages.sql"), |tx: &rusqlite::Transaction| {
            notes::cut_missing_passages(tx).map(|_| ()).map_err(|e| rusqlite_migration::HookError::Hook(e.to_string()))
        }),
        M::up(include_str!("migrations/0004_links.sql")),
        M::up(include_str!("migrations/0005_drafts.sql")),
        M::up(include_str!("migrations/0006_reminders_calendar_paths.sql")),
        M::up(include_str!("migrations/0007_case_path_dates.sql")),
        M::up(include_str!("migrations/0008_paper_drafts.sql")).foreign_key_check(),
        M::up(include_str!("migrations/0009_proof_links.sql")),
    ])
}

/// Handle to `proseva.db`; cheap to clone. A store may be *closed* (the case file is locked): then
/// every read and write answers [`ApiError::Locked`] until [`Store::reopen`] gives it the file and
/// its key again.
#[derive(Clone)]
pub struct Store {
    inner: Arc<RwLock<Option<Open>>>,
}

/// An open database: where it is, its SQLCipher key (none for a plain file) and its connections.
struct Open {
    path: PathBuf,
    key: Option<Zeroizing<String>>,
    writer: Mutex<Connection>,
    idle_readers: Mutex<Vec<Connection>>,
}

impl Open {
    fn at(path: &Path, key: Option<Zeroizing<String>>) -> Result<Open, ApiError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| ApiError::Internal(format!("creating {}: {e}", dir.display())))?;
        }
        let mut writer = Connection::open(path)?;
        apply_key(&writer, key.as_deref().map(String::as_str))?;
        writer.pragma_update(None, "journal_mode", "WAL")?;
        configure(&writer)?;
        // Foreign keys off while the schema changes (a table made again must not cascade its
        // drop), then on; a migration that remakes a table checks the keys before it commits.
        writer.pragma_update(None, "foreign_keys", false)?;
        migrations().to_latest(&mut writer)?;
        writer.pragma_update(None, "foreign_keys", true)?;
        Ok(Open { path: path.to_path_buf(), key, writer: Mutex::new(writer), idle_readers: Mutex::new(Vec::new()) })
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let open = self.inner.read().unwrap_or_else(|e| e.into_inner());
        f.debug_struct("Store")
            .field("path", &open.as_ref().map(|o| o.path.clone()))
            .field("encrypted", &open.as_ref().map(|o| o.key.is_some()))
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (creating if needed) the plain database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Self, ApiError> {
        Self::open_with_key(path, None)
    }

    /// Opens (creating if needed) the database at `path` with SQLCipher `key` (a raw key as
    /// `x'…'`, see `privacy::keys::DataKey::sqlcipher_key`), or plain with none, and brings its
    /// schema up to date.
    pub fn open_with_key(path: &Path, key: Option<Zeroizing<String>>) -> Result<Self, ApiError> {
        let store = Store::closed();
        store.reopen(path, key)?;
        Ok(store)
    }

    /// A store with no database: every read and write is [`ApiError::Locked`].
    pub fn closed() -> Self {
        Store { inner: Arc::new(RwLock::new(None)) }
    }

    /// Opens the database at `path` (with `key`) in place of the one open now, once no read or
    /// write runs. A key that does not open the file is an error and leaves the store closed.
    pub fn reopen(&self, path: &Path, key: Option<Zeroizing<String>>) -> Result<(), ApiError> {
        let mut slot = self.inner.write().unwrap_or_else(|e| e.into_inner());
        *slot = None;
        *slot = Some(Open::at(path, key)?);
        Ok(())
    }

    /// Runs `f` on the write connection while no other read or write runs, then opens the
    /// database `f` names (with its key) in place of this one: the privacy lock changes the
    /// file's form this way. If `f` fails, the store stays as it was.
    pub fn convert<T>(
        &self,
        f: impl FnOnce(&Connection) -> Result<(T, PathBuf, Option<Zeroizing<String>>), ApiError>,
    ) -> Result<T, ApiError> {
        let mut slot = self.inner.write().unwrap_or_else(|e| e.into_inner());
        let open = slot.as_mut().ok_or(ApiError::Locked)?;
        let (value, path, key) = f(open.writer.get_mut().unwrap_or_else(|e| e.into_inner()))?;
        *slot = None;
        *slot = Some(Open::at(&path, key)?);
        Ok(value)
    }

    /// Closes the database once no read or write runs (the connections, and the key with them,
    /// are dropped); from then on every read and write is [`ApiError::Locked`].
    pub fn close(&self) {
        *self.inner.write().unwrap_or_else(|e| e.into_inner()) = None;
    }

    pub fn is_open(&self) -> bool {
        self.inner.read().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    /// The database's file, while open.
    pub fn path(&self) -> Option<PathBuf> {
        self.inner.read().unwrap_or_else(|e| e.into_inner()).as_ref().map(|o| o.path.clone())
    }

    /// Runs `f` on a read-only connection. Blocking: call from `spawn_blocking` in async code.
    pub fn read<T>(&self, f: impl FnOnce(&Connection) -> Result<T, ApiError>) -> Result<T, ApiError> {
        let guard = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let open = guard.as_ref().ok_or(ApiError::Locked)?;
        let idle = open.idle_readers.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match idle {
            Some(conn) => conn,
            None => {
                let conn = Connection::open_with_flags(&open.path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
                apply_key(&conn, open.key.as_deref().map(String::as_str))?;
                configure(&conn)?;
                conn.pragma_update(None, "query_only", true)?;
                conn
            }
        };
        let result = f(&conn);
        open.idle_readers.lock().unwrap_or_else(|e| e.into_inner()).push(conn);
        result
    }

    /// Runs `f` on the write connection outside a transaction, holding it so that no write can
    /// happen meanwhile (backup and restore). Blocking.
    pub fn with_writer<T>(&self, f: impl FnOnce(&mut Connection) -> Result<T, ApiError>) -> Result<T, ApiError> {
        let guard = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let open = guard.as_ref().ok_or(ApiError::Locked)?;
        let mut conn = open.writer.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut conn)
    }

    /// Runs `f` in one write transaction, committed (durably) if `f` succeeds and rolled back if
    /// it fails. Blocking: call from `spawn_blocking` in async code.
    pub fn write<T>(&self, f: impl FnOnce(&Connection) -> Result<T, ApiError>) -> Result<T, ApiError> {
        let guard = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let open = guard.as_ref().ok_or(ApiError::Locked)?;
        let mut conn = open.writer.lock().unwrap_or_else(|e| e.into_inner());
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = f(&tx)?;
        tx.commit()?;
        Ok(value)
    }
}

/// Gives a new connection its SQLCipher key (the first statement it runs) and checks that the
/// file opens with it: SQLCipher only finds out at the first read.
pub fn apply_key(conn: &Connection, key: Option<&str>) -> Result<(), ApiError> {
    let Some(key) = key else { return Ok(()) };
    let statement = Zeroizing::new(format!("PRAGMA key = \"{key}\";"));
    conn.execute_batch(&statement)?;
    // SQLCipher decrypts (and checks) a page each time it is read into the cache: a cache of 16
    // MiB rather than SQLite's 2 keeps a scan of the timeline from decrypting it anew at every
    // search (server-bench: 8.0 → 2.8 ms, against 2.75 plain). It fills only as pages are read.
    conn.execute_batch("PRAGMA cache_size = -16384;")?;
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))
        .map_err(|e| ApiError::Internal(format!("the case file does not open with its key: {e}")))?;
    Ok(())
}

fn configure(conn: &Connection) -> Result<(), ApiError> {
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "busy_timeout", 5000)?;
    Ok(())
}

/// Now, as stored: ISO 8601 UTC to the millisecond.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Which records a list returns. `case_id`, `limit` and `offset` apply to every table; the
/// rest only to the tables that name them in [`Table::FILTERS`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListFilter {
    pub case_id: Option<i64>,
    pub limit: Option<i64>,
    pub offset: Option<i64>,
    /// Dates from and to (inclusive), `YYYY-MM-DD`.
    pub from: Option<String>,
    pub to: Option<String>,
    pub done: Option<bool>,
    /// Words to look for.
    pub query: Option<String>,
    pub party: Option<String>,
    pub critical: Option<bool>,
}

impl ListFilter {
    pub fn for_case(case_id: Option<i64>) -> Self {
        ListFilter { case_id, ..Default::default() }
    }

    /// `LIMIT ?n OFFSET ?m` values: everything unless a limit was asked for.
    pub(crate) fn limit_offset(&self) -> (i64, i64) {
        (self.limit.unwrap_or(-1), self.offset.unwrap_or(0))
    }
}

/// One page of a list, and how many records match in all.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<R> {
    pub items: Vec<R>,
    pub total: i64,
}

/// Runs `select` (a whole `SELECT`, without `ORDER BY` or `LIMIT`, with named parameters) for the
/// page `filter` asks for, ordered by `order`, counting every row it matches in the same pass.
pub(crate) fn page<R>(
    c: &Connection,
    select: &str,
    order: &str,
    params: &[(&str, &dyn ToSql)],
    filter: &ListFilter,
    row: impl Fn(&Row<'_>) -> rusqlite::Result<R>,
) -> Result<Page<R>, ApiError> {
    let (limit, offset) = filter.limit_offset();
    let mut all: Vec<(&str, &dyn ToSql)> = params.to_vec();
    all.push((":limit", &limit));
    all.push((":offset", &offset));
    let mut stmt = c.prepare_cached(&format!("SELECT *, count(*) OVER () FROM ({select}) ORDER BY {order} LIMIT :limit OFFSET :offset"))?;
    let mut total = 0;
    let items = stmt
        .query_map(all.as_slice(), |r| {
            total = r.get(r.as_ref().column_count() - 1)?;
            row(r)
        })?
        .collect::<Result<Vec<R>, _>>()?;
    if items.is_empty() && offset > 0 {
        // Past the end: the window counted nothing, so count on its own.
        total = c.prepare_cached(&format!("SELECT count(*) FROM ({select})"))?.query_row(params, |r| r.get(0))?;
    }
    Ok(Page { items, total })
}

/// A table the REST API serves with list, create, read, update and delete.
///
/// `parse` validates a JSON body into an input (every field problem at once); the other
/// functions are the table's SQL. An update is the stored record with the body's fields laid
/// over it, parsed again, so one validator covers create and update.
pub trait Table: Send + Sync + 'static {
    /// What one record is called in messages, e.g. "case".
    const NOUN: &'static str;
    /// The JSON fields a client may set.
    const FIELDS: &'static [&'static str];
    /// Fields a record shows that the server computes; ignored when sent back.
    const COMPUTED: &'static [&'static str] = &[];
    /// The list filters beyond `caseId`, `limit` and `offset` it takes (names as in the query string).
    const FILTERS: &'static [&'static str] = &[];
    type Record: Serialize + Send + 'static;
    type Input: Send + 'static;

    fn parse(body: &Value) -> Result<Self::Input, ApiError>;
    fn list(c: &Connection, filter: &ListFilter) -> Result<Page<Self::Record>, ApiError>;
    fn get(c: &Connection, id: i64) -> Result<Option<Self::Record>, ApiError>;
    fn insert(c: &Connection, input: &Self::Input) -> Result<i64, ApiError>;
    fn update(c: &Connection, id: i64, input: &Self::Input) -> Result<(), ApiError>;
    /// False if there was no such record.
    fn delete(c: &Connection, id: i64) -> Result<bool, ApiError>;

    /// The owner of record `id`'s passages, for tables whose records `SearchKnowledge` finds
    /// (notes): their vectors are dropped when the record changes or goes.
    fn passages_of(_id: i64) -> Option<chunks::Owner> {
        None
    }

    /// The body an update is parsed from: `patch`'s fields over `stored`'s.
    fn merge(stored: Value, patch: &Value) -> Value {
        merge_fields(stored, patch)
    }
}

/// `patch`'s fields laid over `stored`'s (a shallow JSON merge; `null` clears a field).
pub fn merge_fields(mut stored: Value, patch: &Value) -> Value {
    if let (Some(stored), Some(patch)) = (stored.as_object_mut(), patch.as_object()) {
        for (key, value) in patch {
            stored.insert(key.clone(), value.clone());
        }
    }
    stored
}

/// Checks that `case_id`, if given, names a case; the error names the field.
pub(crate) fn check_case(c: &Connection, case_id: Option<i64>) -> Result<(), ApiError> {
    match case_id {
        Some(id) if !exists(c, "cases", id)? => Err(ApiError::field("caseId", format!("there is no case with id {id}"))),
        _ => Ok(()),
    }
}

pub(crate) fn exists(c: &Connection, table: &str, id: i64) -> Result<bool, ApiError> {
    Ok(c.prepare_cached(&format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1)"))?.query_row([id], |r| r.get(0))?)
}

/// An f32 vector as stored: little-endian bytes.
pub fn encode_vector(vector: &[f32]) -> Vec<u8> {
    vector.iter().flat_map(|f| f.to_le_bytes()).collect()
}

pub fn decode_vector(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

/// Words that say nothing about what a passage or event is about; dropped from full-text queries.
const STOPWORDS: &[&str] = &[
    "a", "about", "after", "all", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before", "being", "but", "by", "can",
    "could", "did", "do", "does", "doing", "for", "from", "get", "got", "had", "has", "have", "he", "her", "him", "his", "how", "i", "if",
    "in", "into", "is", "it", "its", "just", "me", "my", "no", "not", "of", "on", "or", "our", "say", "says", "she", "should", "so",
    "some", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to", "too", "up", "us", "was",
    "we", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
];

/// The FTS5 query for a plain-language search: every meaningful word, any of them (OR), each
/// quoted so FTS5 syntax in user input is never interpreted. `None` if no word is left.
/// (The explorer's `graph::fts_query` does the same for the law graph.)
pub fn fts_query(search: &str) -> Option<String> {
    let mut terms: Vec<String> = Vec::new();
    for word in search.split(|c: char| !c.is_alphanumeric()) {
        let word = word.to_lowercase();
        if word.is_empty() || STOPWORDS.contains(&word.as_str()) || (word.chars().count() < 2 && !word.chars().all(|c| c.is_ascii_digit()))
        {
            continue;
        }
        let term = format!("\"{word}\"");
        if !terms.contains(&term) {
            terms.push(term);
        }
    }
    (!terms.is_empty()).then(|| terms.join(" OR "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_twice_keeps_data_and_sets_durable_pragmas() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("proseva.db");
        let store = Store::open(&path).unwrap();
        store
            .write(|c| {
                c.execute("INSERT INTO cases (name, created_at, updated_at) VALUES ('Doe v. Doe', ?1, ?1)", [now()])?;
                Ok(())
            })
            .unwrap();
        drop(store);
        let store = Store::open(&path).unwrap();
        let (mode, sync, fk, count): (String, i64, i64, i64) = store
            .read(|c| {
                Ok((
                    c.query_row("PRAGMA journal_mode", [], |r| r.get(0))?,
                    c.query_row("PRAGMA synchronous", [], |r| r.get(0))?,
                    c.query_row("PRAGMA foreign_keys", [], |r| r.get(0))?,
                    c.query_row("SELECT count(*) FROM cases", [], |r| r.get(0))?,
                ))
            })
            .unwrap();
        assert_eq!((mode.as_str(), sync, fk, count), ("wal", 2, 1, 1));
    }

    #[test]
    fn the_migrations_are_valid() {
        migrations().validate().unwrap();
    }

    #[test]
    fn notes_written_before_migration_3_are_cut_into_passages_by_it() {
        let mut c = Connection::open_in_memory().unwrap();
        migrations().to_version(&mut c, 2).unwrap();
        c.execute(
            "INSERT INTO notes (title, body, created_at, updated_at) VALUES ('Clerk call', 'Bring two copies of every exhibit.', 'now', 'now')",
            [],
        )
        .unwrap();
        migrations().to_latest(&mut c).unwrap();
        let (passages, status): (i64, String) = c
            .query_row("SELECT (SELECT count(*) FROM chunks WHERE note_id = n.id), embedding_status FROM notes n", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((passages, status.as_str()), (1, "pending"));
        let found: i64 = c.query_row("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH 'exhibit'", [], |r| r.get(0)).unwrap();
        assert_eq!(found, 1, "searchable by words");
    }

    #[test]
    fn drafts_made_before_paper_drafts_keep_every_version_when_their_table_is_made_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.db");
        {
            let mut c = Connection::open(&path).unwrap();
            migrations().to_version(&mut c, 7).unwrap();
            c.execute_batch(
                "INSERT INTO drafts (id, title, kind, created_at, updated_at) VALUES (4, 'Letter', 'markdown', 'now', 'now');
                 INSERT INTO draft_versions (draft_id, version, content, created_by, created_at) VALUES (4, 1, 'a', 'person', 'now'), (4, 2, 'b', 'agent', 'now');",
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        let (versions, fk): (i64, i64) = store
            .read(|c| {
                Ok(c.query_row(
                    "SELECT (SELECT count(*) FROM draft_versions WHERE draft_id = 4), (SELECT foreign_keys FROM pragma_foreign_keys)",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )?)
            })
            .unwrap();
        assert_eq!((versions, fk), (2, 1), "both versions kept, foreign keys back on");
        store
            .write(|c| {
                Ok(c.execute("INSERT INTO drafts (title, kind, created_at, updated_at) VALUES ('Motion', 'paper', 'now', 'now')", [])?)
            })
            .unwrap();
        let deleted = store.write(|c| Ok(c.execute("DELETE FROM drafts WHERE id = 4", [])?)).unwrap();
        let left: i64 = store.read(|c| Ok(c.query_row("SELECT count(*) FROM draft_versions", [], |r| r.get(0))?)).unwrap();
        assert_eq!((deleted, left), (1, 0), "a deleted draft still takes its versions with it");
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("p.db")).unwrap();
        let result: Result<(), ApiError> = store.write(|c| {
            c.execute("INSERT INTO cases (name, created_at, updated_at) VALUES ('x', '', '')", [])?;
            Err(ApiError::Conflict("changed my mind".into()))
        });
        assert!(result.is_err());
        let count: i64 = store.read(|c| Ok(c.query_row("SELECT count(*) FROM cases", [], |r| r.get(0))?)).unwrap();
        assert_eq!(count, 0);
    }

    #[test]
    fn readers_cannot_write() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("p.db")).unwrap();
        let result = store.read(|c| Ok(c.execute("INSERT INTO cases (name, created_at, updated_at) VALUES ('x', '', '')", [])?));
        assert!(result.is_err());
    }

    #[test]
    fn plain_questions_become_quoted_or_queries() {
        assert_eq!(fts_query("where do we hand the kid over on weekends").unwrap(), "\"hand\" OR \"kid\" OR \"over\" OR \"weekends\"");
        assert_eq!(fts_query("the of and"), None);
        assert_eq!(fts_query("NEAR(ab cd) OR \"x* ^zz").unwrap(), "\"near\" OR \"ab\" OR \"cd\" OR \"zz\"");
    }

    #[test]
    fn vectors_round_trip_through_bytes() {
        let v = vec![0.25f32, -1.5, 3.0e-7];
        assert_eq!(decode_vector(&encode_vector(&v)), v);
    }
}
