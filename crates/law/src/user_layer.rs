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

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use rusqlite::{Connection, OptionalExtension, Row, params};

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

/// An [`OpinionInput`] checked and normalised: empty optional text is `None`, sections are
/// normalised and each given once.
struct Checked {
    source_id: String,
    case_name: String,
    court: Option<String>,
    date_filed: Option<String>,
    citation: Option<String>,
    url: Option<String>,
    holding: Option<String>,
    holding_kind: String,
    sections: Vec<SectionLink>,
    cites_opinions: Vec<String>,
}

fn invalid(message: impl Into<String>) -> Error {
    Error::Invalid(message.into())
}

/// `text` trimmed, `None` when empty; an error when longer than `max` characters.
fn optional(name: &str, text: Option<&str>, max: usize) -> Result<Option<String>, Error> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    let chars = text.chars().count();
    if chars > max {
        return Err(invalid(format!("{name} is {chars} characters long; at most {max} are kept")));
    }
    Ok(Some(text.to_string()))
}

/// An opinion's source id: a lowercase source prefix, `-`, then letters, digits and `-`
/// (`cl-123`). It can never be a graph node's: those start with a digit, hold a `:`, or are
/// `const-…` (the Constitution).
fn check_source_id(what: &str, id: &str) -> Result<String, Error> {
    let id = id.trim();
    let valid = id.len() <= MAX_SOURCE_ID_CHARS
        && id.split_once('-').is_some_and(|(prefix, rest)| {
            !prefix.is_empty()
                && prefix != "const"
                && prefix.bytes().all(|b| b.is_ascii_lowercase())
                && !rest.is_empty()
                && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    if !valid {
        return Err(invalid(format!(
            "{what} `{id}` is not an opinion id: lowercase letters, `-`, then letters, digits or `-` (like `cl-2741532`), at most {MAX_SOURCE_ID_CHARS} characters"
        )));
    }
    Ok(id.to_string())
}

fn validate(input: &OpinionInput) -> Result<Checked, Error> {
    let source_id = check_source_id("the source id", &input.source_id)?;
    let case_name = optional("the case name", Some(&input.case_name), MAX_CASE_NAME_CHARS)?
        .ok_or_else(|| invalid("the case name is empty: give the opinion's case name"))?;
    let holding_kind = input.holding_kind.trim();
    if !matches!(holding_kind, "summary" | "excerpt") {
        return Err(invalid(format!("the holding kind `{holding_kind}` is neither `summary` (your words) nor `excerpt` (the court's)")));
    }
    let url = optional("the url", input.url.as_deref(), MAX_URL_CHARS)?;
    // Shown as a link: only web addresses, never `javascript:` or a local file.
    if let Some(url) = &url
        && !(url.starts_with("https://") || url.starts_with("http://"))
    {
        return Err(invalid(format!("the url `{url}` is not an http(s) address")));
    }
    if input.sections.len() > MAX_LINKS || input.cites_opinions.len() > MAX_LINKS {
        return Err(invalid(format!("an opinion may link to at most {MAX_LINKS} sections and {MAX_LINKS} opinions at once")));
    }

    // The same section twice in one record is one link.
    let mut sections: BTreeMap<String, SectionLink> = BTreeMap::new();
    for link in &input.sections {
        let section = normalise_section(&link.section);
        if section.is_empty() || section.chars().count() > MAX_SHORT_FIELD_CHARS {
            return Err(invalid(format!("`{}` is not a section id", link.section.trim())));
        }
        let rel_type = link.rel_type.trim();
        if !matches!(rel_type, "interprets" | "cites") {
            return Err(invalid(format!("the relation `{rel_type}` for {section} is neither `interprets` nor `cites`")));
        }
        if !(0..=MAX_MENTIONS).contains(&link.mentions) {
            return Err(invalid(format!("mentions of {section} must be between 0 and {MAX_MENTIONS}, got {}", link.mentions)));
        }
        let context = optional(&format!("the context of {section}"), link.context.as_deref(), MAX_CONTEXT_CHARS)?;
        let link = SectionLink { section: section.clone(), rel_type: rel_type.to_string(), mentions: link.mentions, context };
        sections
            .entry(section)
            .and_modify(|seen| {
                seen.mentions = seen.mentions.max(link.mentions);
                if link.rel_type == "interprets" {
                    seen.rel_type = link.rel_type.clone();
                }
                if seen.context.is_none() {
                    seen.context = link.context.clone();
                }
            })
            .or_insert(link);
    }
    let mut cites_opinions = Vec::new();
    for cited in &input.cites_opinions {
        let cited = check_source_id("the cited opinion", cited)?;
        // An opinion citing itself says nothing.
        if cited != source_id && !cites_opinions.contains(&cited) {
            cites_opinions.push(cited);
        }
    }
    Ok(Checked {
        source_id,
        case_name,
        court: optional("the court", input.court.as_deref(), MAX_SHORT_FIELD_CHARS)?,
        date_filed: optional("the date filed", input.date_filed.as_deref(), MAX_SHORT_FIELD_CHARS)?,
        citation: optional("the citation", input.citation.as_deref(), MAX_SHORT_FIELD_CHARS)?,
        url,
        holding: optional("the holding", input.holding.as_deref(), MAX_HOLDING_CHARS)?,
        holding_kind: holding_kind.to_string(),
        sections: sections.into_values().collect(),
        cites_opinions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(section: &str, rel_type: &str, mentions: i64) -> SectionLink {
        SectionLink { section: section.into(), rel_type: rel_type.into(), mentions, context: None }
    }

    fn opinion(sections: Vec<SectionLink>) -> OpinionInput {
        OpinionInput {
            source_id: "cl-123".into(),
            case_name: "Keel v. Keel".into(),
            court: Some("Va. Ct. App.".into()),
            date_filed: Some("1990-05-01".into()),
            citation: Some("10 Va. App. 1".into()),
            url: Some("https://www.courtlistener.com/opinion/123/keel/".into()),
            holding: Some("Best interests govern custody.".into()),
            holding_kind: "summary".into(),
            sections,
            cites_opinions: vec![],
        }
    }

    const KNOWN: [&str; 3] = ["20-124.2", "20-124.3", "const-I-12"];

    fn known(s: &str) -> bool {
        KNOWN.contains(&s)
    }

    fn count(layer: &UserLayer, sql: &str) -> i64 {
        layer.lock().query_row(sql, [], |r| r.get(0)).unwrap()
    }

    #[test]
    fn records_an_opinion_and_reads_it_back() {
        let layer = UserLayer::in_memory();
        let input = opinion(vec![link("§ 20-124.3", "interprets", 3), link("Va. Code § 20-124.2", "cites", 1)]);
        let done = layer.record(&input, known).unwrap();
        assert!(is_user_id(done.id));
        assert_eq!((done.new, done.merged, done.sections_linked, done.opinion_created), (2, 0, 2, true));
        assert!(done.unresolved.is_empty());

        let stored = layer.opinion(done.id).unwrap().unwrap();
        assert_eq!(stored.case_name, "Keel v. Keel");
        assert_eq!(layer.opinion_by_source_id("cl-123").unwrap().unwrap().id, done.id);
        let links = layer.links_of(done.id).unwrap();
        assert_eq!(links[0].target, "20-124.3");
        assert_eq!((links[0].rel_type.as_str(), links[0].mentions, links[0].target_layer), ("interprets", 3, Layer::Official));
        let citing = layer.citing("20-124.3", 10).unwrap();
        assert_eq!(citing.len(), 1);
        assert_eq!(citing[0].0.id, done.id);

        let node = stored.into_node();
        assert_eq!(node.node_type, "opinion");
        assert_eq!(node.heading.as_deref(), Some("Keel v. Keel (Va. Ct. App., 1990)"));
        assert_eq!(node.text_kind, "summary");
        assert_eq!(layer.opinion(5).unwrap(), None, "graph ids are not the layer's");

        let summary = layer.summary(5).unwrap();
        assert_eq!((summary.opinions, summary.links), (1, 2));
        assert_eq!(summary.by_rel, vec![("cites".to_string(), 1), ("interprets".to_string(), 1)]);
        assert_eq!(summary.most_linked[0].opinions, 1);
    }

    #[test]
    fn recording_again_merges_instead_of_duplicating() {
        let layer = UserLayer::in_memory();
        let input = opinion(vec![link("20-124.3", "interprets", 3), link("20-124.2", "cites", 1)]);
        let first = layer.record(&input, known).unwrap();
        let mut again = input.clone();
        again.holding = None;
        again.sections[0].mentions = 1;
        let second = layer.record(&again, known).unwrap();
        assert_eq!(second.id, first.id);
        assert_eq!((second.new, second.merged, second.sections_linked, second.opinion_created), (0, 2, 2, false));
        assert_eq!(count(&layer, "SELECT count(*) FROM opinions"), 1);
        assert_eq!(count(&layer, "SELECT count(*) FROM opinion_links"), 2);
        assert_eq!(layer.links_of(first.id).unwrap()[0].mentions, 3, "the larger count is kept");
        assert_eq!(layer.opinion(first.id).unwrap().unwrap().holding.as_deref(), Some("Best interests govern custody."));
    }

    #[test]
    fn a_cited_section_found_interpreted_later_is_upgraded() {
        let layer = UserLayer::in_memory();
        let id = layer.record(&opinion(vec![link("20-124.3", "cites", 1)]), known).unwrap().id;
        let done = layer.record(&opinion(vec![link("20-124.3", "interprets", 2)]), known).unwrap();
        assert_eq!((done.new, done.merged), (0, 1));
        let links = layer.links_of(id).unwrap();
        assert_eq!((links.len(), links[0].rel_type.as_str(), links[0].mentions), (1, "interprets", 2));
        // …and never downgraded.
        layer.record(&opinion(vec![link("20-124.3", "cites", 1)]), known).unwrap();
        assert_eq!(layer.links_of(id).unwrap()[0].rel_type, "interprets");
    }

    #[test]
    fn sections_the_graph_lacks_are_reported_not_stored() {
        let layer = UserLayer::in_memory();
        let done = layer.record(&opinion(vec![link("20-124.3", "interprets", 1), link("§ 99-999", "cites", 1)]), known).unwrap();
        assert_eq!(done.unresolved, vec!["99-999"]);
        assert_eq!((done.new, done.sections_linked), (1, 1));
        assert!(layer.citing("99-999", 10).unwrap().is_empty());
    }

    #[test]
    fn opinions_cite_opinions_by_source_id() {
        let layer = UserLayer::in_memory();
        let mut input = opinion(vec![link("20-124.3", "interprets", 1)]);
        input.cites_opinions = vec!["cl-7".into(), "cl-123".into()];
        let done = layer.record(&input, known).unwrap();
        assert_eq!(done.sections_linked, 1, "opinion citations are not sections");
        let links = layer.links_of(done.id).unwrap();
        assert!(links.iter().any(|l| l.target == "cl-7" && l.target_layer == Layer::User && l.rel_type == "cites"));
        assert!(!links.iter().any(|l| l.target == "cl-123"), "no self-citation");
        assert_eq!(layer.citing("cl-7", 10).unwrap()[0].0.id, done.id);
    }

    #[test]
    fn the_layer_survives_reopening_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("user-layer.db");
        let id = UserLayer::open(&path).unwrap().record(&opinion(vec![link("20-124.3", "interprets", 1)]), known).unwrap().id;
        let reopened = UserLayer::open(&path).unwrap();
        assert_eq!(reopened.opinion(id).unwrap().unwrap().source_id, "cl-123");
        assert_eq!(reopened.citing("20-124.3", 10).unwrap().len(), 1);

        // A layer from a newer version is refused, not misread.
        reopened.lock().pragma_update(None, "user_version", LAYER_VERSION + 1).unwrap();
        drop(reopened);
        let err = UserLayer::open(&path).unwrap_err().to_string();
        assert!(err.contains("newer"), "{err}");
    }

    #[test]
    fn invalid_input_is_a_clear_error_and_stores_nothing() {
        let layer = UserLayer::in_memory();
        let cases: Vec<(OpinionInput, &str)> = vec![
            (OpinionInput { case_name: "  ".into(), ..opinion(vec![]) }, "case name is empty"),
            (OpinionInput { case_name: "x".repeat(501), ..opinion(vec![]) }, "at most 500"),
            (OpinionInput { source_id: "123".into(), ..opinion(vec![]) }, "not an opinion id"),
            (OpinionInput { source_id: "const-I-12".into(), ..opinion(vec![]) }, "not an opinion id"),
            (OpinionInput { holding: Some("x".repeat(4001)), ..opinion(vec![]) }, "at most 4000"),
            (OpinionInput { holding_kind: "official".into(), ..opinion(vec![]) }, "holding kind"),
            (OpinionInput { url: Some("javascript:alert(1)".into()), ..opinion(vec![]) }, "http"),
            (opinion(vec![link("20-124.3", "overrules", 1)]), "neither `interprets` nor `cites`"),
            (opinion(vec![link("20-124.3", "cites", -1)]), "mentions"),
            (opinion(vec![link("20-124.3", "cites", 1); 201]), "at most 200"),
            (OpinionInput { cites_opinions: vec!["Keel".into()], ..opinion(vec![]) }, "not an opinion id"),
        ];
        for (input, wanted) in cases {
            let err = layer.record(&input, known).unwrap_err();
            assert!(matches!(err, Error::Invalid(_)), "{err}");
            assert!(err.to_string().contains(wanted), "{err} lacks {wanted}");
        }
        assert_eq!(count(&layer, "SELECT count(*) FROM opinions"), 0);
    }

    #[test]
    fn search_finds_by_words_and_by_linked_section() {
        let layer = UserLayer::in_memory();
        layer.record(&opinion(vec![link("20-124.3", "interprets", 1)]), known).unwrap();
        let other = OpinionInput {
            source_id: "cl-9".into(),
            case_name: "Smith v. Jones".into(),
            holding: Some("Free speech 100% protected".into()),
            ..opinion(vec![link("Article I, Section 12", "cites", 1)])
        };
        layer.record(&other, known).unwrap();
        let names = |term: Option<&str>| -> Vec<String> {
            layer.search(term, 10, 0).unwrap().0.into_iter().map(|o| o.case_name).collect::<Vec<_>>()
        };
        assert_eq!(names(Some("20-124.3")), vec!["Keel v. Keel"]);
        assert_eq!(names(Some("§ 20-124.3")), vec!["Keel v. Keel"]);
        assert_eq!(names(Some("const-I-12")), vec!["Smith v. Jones"]);
        assert_eq!(names(Some("keel")), vec!["Keel v. Keel"], "any case");
        assert_eq!(names(Some("100%")), vec!["Smith v. Jones"], "% is a character, not a wildcard");
        assert_eq!(names(Some("nothing like it")), Vec::<String>::new());
        let (page, total) = layer.search(None, 1, 1).unwrap();
        assert_eq!((page.len(), total), (1, 2));
    }

    #[test]
    fn section_ids_are_normalised() {
        assert_eq!(normalise_section(" § 20-124.3 "), "20-124.3");
        assert_eq!(normalise_section("Va. Code § 20-124.3"), "20-124.3");
        assert_eq!(normalise_section("Article I, Section 12"), "const-I-12");
        assert_eq!(normalise_section("const-I-12"), "const-I-12");
        assert_eq!(normalise_section("20:6.1"), "20:6.1");
        assert_eq!(normalise_section("§20-124.3(B)"), "20-124.3");
        assert_eq!(normalise_section("popular_name:custody-and-visitation-act"), "popular_name:custody-and-visitation-act");
    }
}
