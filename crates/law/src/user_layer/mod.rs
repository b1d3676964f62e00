//! The user layer: court opinions the person's workflows added, and their links to the law.
//!
//! It lives in its own SQLite file beside the graph (`user-layer.db`), because the graph file is
//! replaced whole by every rebuild ([`crate::store::GraphWriter`]) and a rebuild renumbers its
//! nodes. So a link names its target by *source id* (`20-124.3`, `const-I-12`, another opinion's
//! `cl-123`), never by node id, and is resolved to the current graph's node when read; a target the
//! current graph lacks is simply not shown until it is back.
//!
//! Opinions get node ids of their own, [`USER_ID_BASE`] + their row id, far above the graph's
//! rowids and still within GraphQL's 32-bit `Int`, so one id space serves both layers.

mod validate;

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use rusqlite::{Connection, OptionalExtension, Row, params};

use self::validate::validate;
use crate::Error;
use crate::store::NodeRecord;

/// Opinion `n` of the layer has node id `USER_ID_BASE + n`.
pub const USER_ID_BASE: i64 = 1_000_000_000;
/// Bumped when the layer's schema changes; kept in `PRAGMA user_version`.
pub const LAYER_VERSION: i64 = 1;

/// Limits on what one opinion may carry: an agent's mistake must not fill the disk or the screen.
pub const MAX_CASE_NAME_CHARS: usize = 500;
pub const MAX_HOLDING_CHARS: usize = 4000;
pub const MAX_CONTEXT_CHARS: usize = 1000;
pub const MAX_SHORT_FIELD_CHARS: usize = 200;
pub const MAX_URL_CHARS: usize = 2000;
pub const MAX_SOURCE_ID_CHARS: usize = 64;
pub const MAX_LINKS: usize = 200;
pub const MAX_MENTIONS: i64 = 100_000;

const SCHEMA: &str = "
CREATE TABLE opinions (
    id           INTEGER PRIMARY KEY,
    source_id    TEXT NOT NULL UNIQUE,
    case_name    TEXT NOT NULL,
    court        TEXT,
    date_filed   TEXT,
    citation     TEXT,
    url          TEXT,
    holding      TEXT,
    holding_kind TEXT NOT NULL,
    added_at     TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
-- One link per opinion and target: recording it again merges (more mentions, `cites` upgraded to
-- `interprets`). `target_layer` says where the target is resolved: `official` (the graph) or
-- `user` (another opinion here).
CREATE TABLE opinion_links (
    opinion_id   INTEGER NOT NULL REFERENCES opinions(id),
    target       TEXT NOT NULL,
    target_layer TEXT NOT NULL,
    rel_type     TEXT NOT NULL,
    mentions     INTEGER NOT NULL,
    context      TEXT,
    PRIMARY KEY (opinion_id, target)
) WITHOUT ROWID;
CREATE INDEX opinion_links_by_target ON opinion_links(target);
";

/// Which layer a node or a link's target belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// The graph built from the official Code (replaced by rebuilds).
    Official,
    /// The person's own additions, kept across rebuilds.
    User,
}

impl Layer {
    pub fn as_str(self) -> &'static str {
        match self {
            Layer::Official => "official",
            Layer::User => "user",
        }
    }

    /// The layer a node id belongs to.
    pub fn of_id(id: i64) -> Self {
        if is_user_id(id) { Layer::User } else { Layer::Official }
    }

    fn parse(s: &str) -> Self {
        if s == "user" { Layer::User } else { Layer::Official }
    }
}

/// Whether `id` names an opinion of the user layer rather than a node of the graph.
pub fn is_user_id(id: i64) -> bool {
    id > USER_ID_BASE
}

/// A section an opinion interprets or cites, as a workflow reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionLink {
    /// `20-124.3`, `§ 20-124.3`, `const-I-12`, `Article I, Section 12`: stored normalised.
    pub section: String,
    /// `interprets` or `cites`.
    pub rel_type: String,
    pub mentions: i64,
    /// The passage of the opinion that mentions it.
    pub context: Option<String>,
}

/// An opinion to record, as a workflow reports it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OpinionInput {
    /// `cl-123` (CourtListener opinion 123): lowercase letters, `-`, then letters, digits and `-`.
    pub source_id: String,
    pub case_name: String,
    pub court: Option<String>,
    pub date_filed: Option<String>,
    pub citation: Option<String>,
    pub url: Option<String>,
    pub holding: Option<String>,
    /// `summary` (the workflow's words) or `excerpt` (the court's).
    pub holding_kind: String,
    pub sections: Vec<SectionLink>,
    /// Source ids of other opinions this one cites, in the layer or not (yet).
    pub cites_opinions: Vec<String>,
}

/// What [`UserLayer::record`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    /// The opinion's node id.
    pub id: i64,
    /// Links from this opinion to the graph now stored (from this and earlier records).
    pub sections_linked: usize,
    /// Section links this record added, and those it merged into existing ones.
    pub new: usize,
    pub merged: usize,
    /// Sections the current graph does not hold (normalised): not stored.
    pub unresolved: Vec<String>,
    /// Whether the opinion was not in the layer before.
    pub opinion_created: bool,
}

/// An opinion as stored; `id` is its node id.
#[derive(Debug, Clone, PartialEq)]
pub struct OpinionRecord {
    pub id: i64,
    pub source_id: String,
    pub case_name: String,
    pub court: Option<String>,
    pub date_filed: Option<String>,
    pub citation: Option<String>,
    pub url: Option<String>,
    pub holding: Option<String>,
    pub holding_kind: String,
    pub added_at: String,
    pub updated_at: String,
}

impl OpinionRecord {
    /// The opinion as a graph node: type `opinion`, source `courtlistener`, heading
    /// `Case (court, year)`, the holding as its text.
    pub fn into_node(self) -> NodeRecord {
        let year = self.date_filed.as_deref().and_then(|d| d.get(..4)).filter(|y| y.bytes().all(|b| b.is_ascii_digit()));
        let parts: Vec<&str> = [self.court.as_deref(), year].into_iter().flatten().collect();
        let heading = if parts.is_empty() { self.case_name } else { format!("{} ({})", self.case_name, parts.join(", ")) };
        NodeRecord {
            id: self.id,
            node_type: "opinion".into(),
            source: "courtlistener".into(),
            source_id: self.source_id,
            heading: Some(heading),
            source_text: self.holding,
            text_kind: self.holding_kind,
            url: self.url,
            summary: None,
        }
    }
}

/// A link from an opinion, by its target's source id.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkRecord {
    pub target: String,
    /// Where the target is resolved: the graph ([`Layer::Official`]) or this layer.
    pub target_layer: Layer,
    pub rel_type: String,
    pub mentions: i64,
    pub context: Option<String>,
}

/// How many opinions link to one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetCount {
    pub target: String,
    pub target_layer: Layer,
    pub opinions: i64,
}

/// What the layer holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayerSummary {
    pub opinions: i64,
    pub links: i64,
    /// Links by relation (`interprets`, `cites`).
    pub by_rel: Vec<(String, i64)>,
    /// The targets most opinions link to, most first.
    pub most_linked: Vec<TargetCount>,
}

/// The user layer's file (or memory), shared by the explorer's queries. One connection: writes
/// are rare and small, and reads of it are indexed lookups.
pub struct UserLayer {
    conn: Mutex<Connection>,
}

impl std::fmt::Debug for UserLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserLayer").finish_non_exhaustive()
    }
}

/// A section id as stored: trimmed, without a leading `§`. A citation in words is read by the
/// citation parser (`Va. Code § 20-124.3` → `20-124.3`, `Article I, Section 12` → `const-I-12`),
/// and a section number followed by a subsection loses it (`20-124.3(B)` → `20-124.3`); any other
/// single word is taken as a graph source id as it is (`const-I-12`, `20:6.1`).
pub fn normalise_section(section: &str) -> String {
    let bare = section.trim().trim_start_matches('§').trim();
    if bare.contains(char::is_whitespace) {
        return proseva_citation::citation_in_query(bare).unwrap_or_else(|| bare.to_string());
    }
    match proseva_citation::parse_section_number(bare) {
        Some((number, _)) => number.to_string(),
        None => bare.to_string(),
    }
}

const OPINION_COLUMNS: &str =
    "o.id, o.source_id, o.case_name, o.court, o.date_filed, o.citation, o.url, o.holding, o.holding_kind, o.added_at, o.updated_at";

fn opinion_from_row(row: &Row<'_>) -> rusqlite::Result<OpinionRecord> {
    Ok(OpinionRecord {
        id: USER_ID_BASE + row.get::<_, i64>(0)?,
        source_id: row.get(1)?,
        case_name: row.get(2)?,
        court: row.get(3)?,
        date_filed: row.get(4)?,
        citation: row.get(5)?,
        url: row.get(6)?,
        holding: row.get(7)?,
        holding_kind: row.get(8)?,
        added_at: row.get(9)?,
        updated_at: row.get(10)?,
    })
}

/// `l.target, l.target_layer, l.rel_type, l.mentions, l.context` starting at column `at`.
fn link_from_row(row: &Row<'_>, at: usize) -> rusqlite::Result<LinkRecord> {
    Ok(LinkRecord {
        target: row.get(at)?,
        target_layer: Layer::parse(&row.get::<_, String>(at + 1)?),
        rel_type: row.get(at + 2)?,
        mentions: row.get(at + 3)?,
        context: row.get(at + 4)?,
    })
}

impl UserLayer {
    /// Opens (or creates) the layer at `path`. A layer written by a newer ProSeVA is refused, not
    /// misread.
    pub fn open(path: &Path) -> Result<Self, Error> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| Error::Io(dir.to_path_buf(), e))?;
        }
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        Self::init(conn, &path.display().to_string())
    }

    /// A layer that lives as long as the value (tests, and a layer whose file cannot be opened).
    pub fn in_memory() -> Self {
        let layer = Connection::open_in_memory().map_err(Error::from).and_then(|c| Self::init(c, "the in-memory layer"));
        // Creating two tables in a fresh in-memory database fails only when memory is exhausted.
        layer.expect("an in-memory SQLite database")
    }

    fn init(mut conn: Connection, name: &str) -> Result<Self, Error> {
        conn.pragma_update(None, "foreign_keys", true)?;
        let tx = conn.transaction()?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        match version {
            0 => {
                tx.execute_batch(SCHEMA)?;
                tx.pragma_update(None, "user_version", LAYER_VERSION)?;
            }
            LAYER_VERSION => {}
            other => {
                return Err(Error::UserLayer(format!(
                    "{name} has user-layer version {other} but this explorer reads version {LAYER_VERSION}: it was written by a newer ProSeVA"
                )));
            }
        }
        tx.commit()?;
        Ok(UserLayer { conn: Mutex::new(conn) })
    }

    fn lock(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records an opinion and its links in one transaction. The opinion is matched by source id:
    /// what is given replaces what was stored, except that an absent field (or holding) keeps the
    /// stored one. A section `section_exists` (called with the normalised id) denies is reported in
    /// `unresolved` and not stored; a link already stored is merged (the larger mention count,
    /// `interprets` over `cites`). Invalid input stores nothing.
    pub fn record(&self, opinion: &OpinionInput, section_exists: impl Fn(&str) -> bool) -> Result<Recorded, Error> {
        let checked = validate(opinion)?;
        let mut unresolved = Vec::new();
        let mut sections = Vec::new();
        for link in checked.sections {
            if section_exists(&link.section) {
                sections.push(link);
            } else {
                unresolved.push(link.section);
            }
        }

        let mut conn = self.lock();
        let tx = conn.transaction()?;
        let existed = tx.query_row("SELECT 1 FROM opinions WHERE source_id = ?1", [&checked.source_id], |_| Ok(())).optional()?.is_some();
        let row_id: i64 = tx.query_row(
            "INSERT INTO opinions (source_id, case_name, court, date_filed, citation, url, holding, holding_kind, added_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
             ON CONFLICT (source_id) DO UPDATE SET
                 case_name = excluded.case_name,
                 court = coalesce(excluded.court, court),
                 date_filed = coalesce(excluded.date_filed, date_filed),
                 citation = coalesce(excluded.citation, citation),
                 url = coalesce(excluded.url, url),
                 holding = coalesce(excluded.holding, holding),
                 holding_kind = CASE WHEN excluded.holding IS NULL AND holding IS NOT NULL THEN holding_kind ELSE excluded.holding_kind END,
                 updated_at = excluded.updated_at
             RETURNING id",
            params![
                checked.source_id,
                checked.case_name,
                checked.court,
                checked.date_filed,
                checked.citation,
                checked.url,
                checked.holding,
                checked.holding_kind
            ],
            |r| r.get(0),
        )?;
        if USER_ID_BASE + row_id > i64::from(i32::MAX) {
            return Err(Error::UserLayer("the user layer is full: no node id is left for another opinion".into()));
        }

        let (mut new, mut merged) = (0, 0);
        {
            let mut exists = tx.prepare("SELECT 1 FROM opinion_links WHERE opinion_id = ?1 AND target = ?2")?;
            let mut upsert = tx.prepare(
                "INSERT INTO opinion_links (opinion_id, target, target_layer, rel_type, mentions, context) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (opinion_id, target) DO UPDATE SET
                     rel_type = CASE WHEN rel_type = 'interprets' OR excluded.rel_type = 'interprets' THEN 'interprets' ELSE 'cites' END,
                     mentions = max(mentions, excluded.mentions),
                     context = coalesce(excluded.context, context)",
            )?;
            for link in &sections {
                if exists.query_row(params![row_id, link.section], |_| Ok(())).optional()?.is_some() {
                    merged += 1;
                } else {
                    new += 1;
                }
                upsert.execute(params![row_id, link.section, Layer::Official.as_str(), link.rel_type, link.mentions, link.context])?;
            }
            for cited in &checked.cites_opinions {
                upsert.execute(params![row_id, cited, Layer::User.as_str(), "cites", 1, Option::<String>::None])?;
            }
        }
        let sections_linked: i64 =
            tx.query_row("SELECT count(*) FROM opinion_links WHERE opinion_id = ?1 AND target_layer = 'official'", [row_id], |r| r.get(0))?;
        tx.commit()?;
        Ok(Recorded {
            id: USER_ID_BASE + row_id,
            sections_linked: sections_linked as usize,
            new,
            merged,
            unresolved,
            opinion_created: !existed,
        })
    }

    /// The opinion with node id `id`; `None` for ids of the graph.
    pub fn opinion(&self, id: i64) -> Result<Option<OpinionRecord>, Error> {
        if !is_user_id(id) {
            return Ok(None);
        }
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!("SELECT {OPINION_COLUMNS} FROM opinions o WHERE o.id = ?1"))?;
        Ok(stmt.query_row([id - USER_ID_BASE], opinion_from_row).optional()?)
    }

    pub fn opinion_by_source_id(&self, source_id: &str) -> Result<Option<OpinionRecord>, Error> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!("SELECT {OPINION_COLUMNS} FROM opinions o WHERE o.source_id = ?1"))?;
        Ok(stmt.query_row([source_id.trim()], opinion_from_row).optional()?)
    }

    /// The links of the opinion with node id `id`, most mentions first.
    pub fn links_of(&self, id: i64) -> Result<Vec<LinkRecord>, Error> {
        if !is_user_id(id) {
            return Ok(Vec::new());
        }
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT target, target_layer, rel_type, mentions, context FROM opinion_links WHERE opinion_id = ?1 ORDER BY mentions DESC, target",
        )?;
        let rows = stmt.query_map([id - USER_ID_BASE], |r| link_from_row(r, 0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The opinions linking to `target` (a graph node's source id, as [`normalise_section`] gives
    /// it, or an opinion's), most mentions first, at most `limit`.
    pub fn citing(&self, target: &str, limit: usize) -> Result<Vec<(OpinionRecord, LinkRecord)>, Error> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {OPINION_COLUMNS}, l.target, l.target_layer, l.rel_type, l.mentions, l.context
             FROM opinion_links l JOIN opinions o ON o.id = l.opinion_id
             WHERE l.target = ?1 ORDER BY l.mentions DESC, o.id LIMIT ?2"
        ))?;
        let rows = stmt.query_map(params![target, limit as i64], |r| Ok((opinion_from_row(r)?, link_from_row(r, 11)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Opinions whose case name, holding, citation or court contains `term` (any case), or that
    /// link to the section it names (`20-124.3`, `§ 20-124.3`); all of them without a term. Most
    /// recently recorded first; with the number that matched.
    pub fn search(&self, term: Option<&str>, limit: usize, offset: usize) -> Result<(Vec<OpinionRecord>, i64), Error> {
        let term = term.map(str::trim).filter(|t| !t.is_empty());
        let like = term.map(|t| format!("%{}%", t.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
        let target = term.map(normalise_section);
        let filter = "?1 IS NULL
            OR o.case_name LIKE ?1 ESCAPE '\\' OR o.holding LIKE ?1 ESCAPE '\\'
            OR o.citation LIKE ?1 ESCAPE '\\' OR o.court LIKE ?1 ESCAPE '\\'
            OR o.source_id = ?2
            OR EXISTS (SELECT 1 FROM opinion_links l WHERE l.opinion_id = o.id AND l.target = ?2)";
        let conn = self.lock();
        let total: i64 = conn
            .prepare_cached(&format!("SELECT count(*) FROM opinions o WHERE {filter}"))?
            .query_row(params![like, target], |r| r.get(0))?;
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {OPINION_COLUMNS} FROM opinions o WHERE {filter} ORDER BY o.updated_at DESC, o.id DESC LIMIT ?3 OFFSET ?4"
        ))?;
        let rows = stmt.query_map(params![like, target, limit as i64, offset as i64], opinion_from_row)?;
        Ok((rows.collect::<Result<_, _>>()?, total))
    }

    /// The targets most opinions link to, most first, at most `limit`.
    pub fn most_linked(&self, limit: usize) -> Result<Vec<TargetCount>, Error> {
        let conn = self.lock();
        let mut stmt = conn.prepare_cached(
            "SELECT target, target_layer, count(DISTINCT opinion_id) AS n FROM opinion_links
             GROUP BY target ORDER BY n DESC, target LIMIT ?1",
        )?;
        let rows = stmt.query_map([limit as i64], |r| {
            Ok(TargetCount { target: r.get(0)?, target_layer: Layer::parse(&r.get::<_, String>(1)?), opinions: r.get(2)? })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Counts of opinions and links, and the `limit` most linked targets.
    pub fn summary(&self, limit: usize) -> Result<LayerSummary, Error> {
        let most_linked = self.most_linked(limit)?;
        let conn = self.lock();
        let count = |sql: &str| -> Result<i64, Error> { Ok(conn.query_row(sql, [], |r| r.get(0))?) };
        let opinions = count("SELECT count(*) FROM opinions")?;
        let links = count("SELECT count(*) FROM opinion_links")?;
        let mut stmt = conn.prepare_cached("SELECT rel_type, count(*) FROM opinion_links GROUP BY rel_type ORDER BY rel_type")?;
        let by_rel = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
        Ok(LayerSummary { opinions, links, by_rel, most_linked })
    }
}

#[cfg(test)]
mod tests;
