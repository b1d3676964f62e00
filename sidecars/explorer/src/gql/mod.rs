//! The GraphQL schema over a [`Graph`]: the field names are the contract in DESIGN.md.
//!
//! Resolvers are thin: they check arguments, run the graph query on the blocking pool and map
//! errors to GraphQL errors. Depth, complexity and page size are limited here. A query that only
//! asks about the schema (GraphiQL's, graphql-core's and code generators' introspection query, 13
//! levels deep) is answered by [`introspection_schema`], with limits of its own
//! ([`is_introspection`] tells the two apart); every data query keeps [`MAX_DEPTH`] and
//! [`MAX_COMPLEXITY`].
//!
//! Beside the official graph the schema serves the person's [`UserLayer`] of court opinions
//! ([`crate::layers`] reads the two as one graph): `Node.layer` and `Edge.layer` say which a node
//! or edge is from, `recordOpinion` is the one mutation.

mod introspection;
mod query;

use std::sync::Arc;

use async_graphql::{ComplexObject, Context, EmptySubscription, InputObject, Object, Result, Schema, SimpleObject};
use proseva_law::background::{EmbeddingJob, EmbeddingProgress};
use proseva_law::graph::SectionVersion as LawVersion;
use proseva_law::graph::{Graph, GraphStats};
use proseva_law::live::LiveGraph;
use proseva_law::store::{EdgeRecord, NodeRecord, SourceFileRecord};
use proseva_law::user_layer::{self, Layer, LayerSummary, UserLayer, is_user_id};

pub use self::introspection::{introspection_schema, is_introspection};
pub use self::query::{Mutation, Query};
use crate::layers;

pub type ExplorerSchema = Schema<Query, Mutation, EmptySubscription>;

/// Largest page `nodes` and `similar` return.
pub const MAX_PAGE: i32 = 100;
/// Deepest query accepted (`{ node { edges { toNode { edges { toNode { heading } } } } } }` is 6).
pub const MAX_DEPTH: usize = 10;
/// Largest estimated cost; list fields count as their page size times their children.
pub const MAX_COMPLEXITY: usize = 20_000;
/// Deepest introspection query accepted: graphql-js's `getIntrospectionQuery` (the one GraphiQL
/// and graphql-core send, seven `ofType` levels) is 13 deep; this leaves room for the deeper
/// `ofType` chains some tools ask for.
pub const MAX_INTROSPECTION_DEPTH: usize = 24;
/// Largest estimated cost of an introspection query: the standard query costs 181 (190 with every
/// option of `getIntrospectionQuery` on); one that repeats it under many aliases is refused.
pub const MAX_INTROSPECTION_COMPLEXITY: usize = 1_500;
/// Text in list results (`nodes`, `similar`, edge endpoints) is cut to this many characters.
pub const LIST_TEXT_CHARS: usize = 500;

/// The schema over a graph that is never swapped.
pub fn schema(graph: Arc<Graph>) -> ExplorerSchema {
    schema_live(Arc::new(LiveGraph::fixed(graph)))
}

/// The background embedding job, once the explorer has started one.
pub type JobSlot = Arc<std::sync::OnceLock<Arc<EmbeddingJob>>>;

/// The schema over the served graph; each query runs on the graph current when it starts.
pub fn schema_live(graph: Arc<LiveGraph>) -> ExplorerSchema {
    schema_with_job(graph, JobSlot::default())
}

/// [`schema_live`], reporting the background embedding job put in `job` (`stats { embeddingProgress }`).
/// Opinions recorded through it are kept in memory only.
pub fn schema_with_job(graph: Arc<LiveGraph>, job: JobSlot) -> ExplorerSchema {
    schema_with_layer(graph, job, Arc::new(UserLayer::in_memory()))
}

/// [`schema_with_job`], with the person's user layer of opinions (`user-layer.db`, kept across rebuilds).
pub fn schema_with_layer(graph: Arc<LiveGraph>, job: JobSlot, layer: Arc<UserLayer>) -> ExplorerSchema {
    Schema::build(Query, Mutation, EmptySubscription)
        .data(graph)
        .data(job)
        .data(layer)
        .limit_depth(MAX_DEPTH)
        .limit_complexity(MAX_COMPLEXITY)
        .limit_recursive_depth(32)
        .finish()
}

/// The graph served now.
fn served(ctx: &Context<'_>) -> Result<Arc<Graph>> {
    Ok(ctx.data::<Arc<LiveGraph>>()?.get())
}

/// Runs a graph query off the async threads.
async fn run<T: Send + 'static>(ctx: &Context<'_>, f: impl FnOnce(&Graph) -> Result<T, proseva_law::Error> + Send + 'static) -> Result<T> {
    let graph = served(ctx)?;
    tokio::task::spawn_blocking(move || f(&graph))
        .await
        .map_err(|e| async_graphql::Error::new(format!("internal error: {e}")))?
        .map_err(|e| async_graphql::Error::new(e.to_string()))
}

/// [`run`] with the user layer too.
async fn run_layers<T: Send + 'static>(
    ctx: &Context<'_>,
    f: impl FnOnce(&Graph, &UserLayer) -> Result<T, proseva_law::Error> + Send + 'static,
) -> Result<T> {
    let layer = ctx.data::<Arc<UserLayer>>()?.clone();
    run(ctx, move |g| f(g, &layer)).await
}

fn page_size(name: &str, value: i32) -> Result<usize> {
    if !(0..=MAX_PAGE).contains(&value) {
        return Err(format!("{name} must be between 0 and {MAX_PAGE}, got {value}").into());
    }
    Ok(value as usize)
}

fn node_id(value: i32) -> Result<i64> {
    if value < 1 {
        return Err(format!("id must be a positive node id, got {value}").into());
    }
    Ok(i64::from(value))
}

/// A court opinion to record. `holdingKind`: `summary` (your words) or `excerpt` (the court's).
#[derive(InputObject)]
pub struct OpinionInput {
    /// `cl-2741532` (CourtListener opinion 2741532): lowercase letters, `-`, then letters, digits or `-`.
    source_id: String,
    case_name: String,
    court: Option<String>,
    date_filed: Option<String>,
    citation: Option<String>,
    url: Option<String>,
    holding: Option<String>,
    holding_kind: String,
    sections: Vec<OpinionSectionInput>,
    /// Source ids of other opinions this one cites (recorded or not).
    cites_opinions: Option<Vec<String>>,
}

/// A section an opinion `interprets` or `cites`, and how often it mentions it.
#[derive(InputObject)]
pub struct OpinionSectionInput {
    section: String,
    rel_type: String,
    mentions: i32,
    context: Option<String>,
}

impl OpinionInput {
    fn into_layer_input(self) -> user_layer::OpinionInput {
        user_layer::OpinionInput {
            source_id: self.source_id,
            case_name: self.case_name,
            court: self.court,
            date_filed: self.date_filed,
            citation: self.citation,
            url: self.url,
            holding: self.holding,
            holding_kind: self.holding_kind,
            sections: self
                .sections
                .into_iter()
                .map(|s| user_layer::SectionLink {
                    section: s.section,
                    rel_type: s.rel_type,
                    mentions: i64::from(s.mentions),
                    context: s.context,
                })
                .collect(),
            cites_opinions: self.cites_opinions.unwrap_or_default(),
        }
    }
}

/// What `recordOpinion` did: `new` and `merged` count this record's section links.
#[derive(SimpleObject)]
pub struct RecordedOpinion {
    /// The opinion's node id.
    id: i32,
    source_id: String,
    /// Sections the opinion is linked to now (from this and earlier records).
    sections_linked: i32,
    new: i32,
    merged: i32,
    /// Sections the graph does not hold: not linked.
    unresolved: Vec<String>,
    /// Whether the opinion was not recorded before.
    created: bool,
}

/// An opinion linking to a section.
#[derive(SimpleObject)]
pub struct CitingOpinion {
    node: Node,
    /// `interprets` or `cites`.
    rel_type: String,
    mentions: i32,
    context: Option<String>,
}

/// A target of the user layer's links and how many opinions link to it.
#[derive(SimpleObject)]
pub struct LinkedCount {
    /// The section or opinion; null when the graph served now does not hold it.
    node: Option<Node>,
    source_id: String,
    opinions: i32,
}

pub struct UserLayerSummary(LayerSummary);

#[Object]
impl UserLayerSummary {
    async fn opinion_count(&self) -> i32 {
        self.0.opinions as i32
    }
    async fn link_count(&self) -> i32 {
        self.0.links as i32
    }
    /// Links by relation: `interprets`, `cites`.
    async fn rel_types(&self) -> Vec<TypeCount> {
        self.0.by_rel.iter().map(|(kind, count)| TypeCount { kind: kind.clone(), count: *count as i32 }).collect()
    }
    /// The sections (and opinions) most opinions link to, most first.
    #[graphql(complexity = "limit.clamp(0, MAX_PAGE) as usize * child_complexity + 1")]
    async fn most_linked(&self, ctx: &Context<'_>, #[graphql(default = 10)] limit: i32) -> Result<Vec<LinkedCount>> {
        let limit = page_size("limit", limit)?;
        let found = run_layers(ctx, move |g, layer| {
            layer
                .most_linked(limit)?
                .into_iter()
                .map(|t| Ok((layers::resolve(g, layer, &t.target, t.target_layer)?, t)))
                .collect::<Result<Vec<_>, proseva_law::Error>>()
        })
        .await?;
        Ok(found
            .into_iter()
            .map(|(node, t)| LinkedCount { node: node.map(Node::listed), source_id: t.target, opinions: t.opinions as i32 })
            .collect())
    }
}

#[derive(SimpleObject)]
pub struct NodeConnection {
    nodes: Vec<Node>,
    total: i32,
    /// For a search: the first node scores clearly above the rest (or the query names it); when
    /// false, the first few may apply about equally. False for a plain listing.
    clear_lead: bool,
    /// For a search the law graph may hold no answer to — about another state's law or federal
    /// law, or near nothing it holds — why, in a clause ("it seems to be about Maryland law, and
    /// this app holds Virginia's"); null when it may hold one, when a section is named, or for a
    /// plain listing.
    beyond: Option<String>,
}

#[derive(SimpleObject)]
pub struct SimilarNode {
    node: Node,
    score: f64,
}

/// How far the background embedding has come.
#[derive(SimpleObject)]
#[graphql(name = "EmbeddingProgress")]
pub struct EmbeddingProgressObject {
    /// `embedding`, `paused`, `waiting` (questions come first), `done` or `failed` (retried).
    state: String,
    /// Nodes with text, and how many have their own vector.
    total: i32,
    done: i32,
    /// Nodes embedded per second lately, and the time the rest would take at that pace.
    per_second: f64,
    seconds_left: Option<f64>,
    message: Option<String>,
}

#[derive(SimpleObject)]
pub struct TypeCount {
    #[graphql(name = "type")]
    kind: String,
    count: i32,
}

pub struct Stats(GraphStats, bool, Option<EmbeddingProgress>, LawStats);

/// What the graph says of the law it holds: the day it is read as of, and its files.
pub struct LawStats {
    law_date: String,
    sections_with_versions: i32,
    source_files: Vec<SourceFile>,
}

/// A file the graph was built from: when the site says it last changed, and when it was
/// downloaded or imported (RFC 3339).
#[derive(SimpleObject, Clone)]
pub struct SourceFile {
    name: String,
    last_modified: Option<String>,
    retrieved_at: Option<String>,
    /// `download`, `import`, `starter` or `folder`.
    origin: Option<String>,
    /// `csvWithHeader`, or `pipeNoHeader` (the title files' format of 2023 and earlier).
    format: String,
    rows: i32,
}

impl From<SourceFileRecord> for SourceFile {
    fn from(f: SourceFileRecord) -> Self {
        SourceFile {
            name: f.name,
            last_modified: f.last_modified,
            retrieved_at: f.retrieved_at,
            origin: f.origin,
            format: f.format,
            rows: f.rows as i32,
        }
    }
}

/// One version of a section with two (or one whose catchline says when it applies).
#[derive(SimpleObject)]
pub struct SectionVersion {
    ordinal: i32,
    heading: Option<String>,
    source_text: Option<String>,
    /// The catchline's note as the site writes it: `Effective until July 1, 2025`.
    label: String,
    /// `YYYY-MM-DD`, when the note gives one.
    effective_from: Option<String>,
    effective_until: Option<String>,
    /// `expiration` or `effective` for a contingent pair (`Contingent expiration date`, …).
    contingency: Option<String>,
    /// In effect on the explorer's law date (`Stats.lawDate`).
    in_effect: bool,
    /// The node's `sourceText` is this version's.
    shown: bool,
}

impl From<LawVersion> for SectionVersion {
    fn from(v: LawVersion) -> Self {
        SectionVersion {
            ordinal: v.ordinal as i32,
            heading: v.heading,
            source_text: v.source_text,
            label: v.label,
            effective_from: v.valid_from.map(|d| d.to_string()),
            effective_until: v.valid_until.map(|d| d.to_string()),
            contingency: v.contingency,
            in_effect: v.in_effect,
            shown: v.shown,
        }
    }
}

#[Object]
impl Stats {
    async fn node_count(&self) -> i32 {
        self.0.node_count as i32
    }
    async fn edge_count(&self) -> i32 {
        self.0.edge_count as i32
    }
    async fn embedding_count(&self) -> i32 {
        self.0.embedding_count as i32
    }
    async fn node_types(&self) -> Vec<TypeCount> {
        self.0.node_types.iter().map(|t| TypeCount { kind: t.kind.clone(), count: t.count as i32 }).collect()
    }
    async fn edge_types(&self) -> Vec<TypeCount> {
        self.0.edge_types.iter().map(|t| TypeCount { kind: t.kind.clone(), count: t.count as i32 }).collect()
    }
    /// References to sections the corpus does not hold.
    async fn unresolved_citation_count(&self) -> i32 {
        self.0.unresolved_citation_count as i32
    }
    /// The model the vectors came from, e.g. `all-MiniLM-L6-v2`.
    async fn embedding_model(&self) -> Option<&str> {
        self.0.embedding_model.as_deref()
    }
    async fn embedding_dimension(&self) -> Option<i32> {
        self.0.embedding_dimension.map(|d| d as i32)
    }
    /// `starter`, `official` (the LIS exports over the starter's summaries), `lis-csv` or `synthetic`.
    async fn corpus(&self) -> Option<&str> {
        self.0.corpus.as_deref()
    }
    async fn built_at(&self) -> Option<&str> {
        self.0.built_at.as_deref()
    }
    /// Sections of the Code and the Constitution by the kind of their text (`official`, `summary`).
    async fn section_text_kinds(&self) -> Vec<TypeCount> {
        self.0.section_text_kinds.iter().map(|t| TypeCount { kind: t.kind.clone(), count: t.count as i32 }).collect()
    }
    /// The background embedding of text that has no vector yet (official text after a download):
    /// null when no job runs (no model, or turned off).
    async fn embedding_progress(&self) -> Option<EmbeddingProgressObject> {
        self.2.clone().map(|p| EmbeddingProgressObject {
            state: p.state,
            total: p.total as i32,
            done: p.done as i32,
            per_second: p.per_second,
            seconds_left: p.seconds_left,
            message: p.message,
        })
    }
    /// Whether `nodes(search:)` blends in matches by meaning (the embedding model is loaded and is the graph's).
    async fn semantic_search(&self) -> bool {
        self.1
    }
    /// The day the law is read as of (`YYYY-MM-DD`): which version of a two-version section is
    /// in effect is decided for this day.
    async fn law_date(&self) -> &str {
        &self.3.law_date
    }
    /// Sections the graph holds in more than one version.
    async fn sections_with_versions(&self) -> i32 {
        self.3.sections_with_versions
    }
    /// The files the graph was built from, with their dates (empty for the starter corpus alone).
    async fn source_files(&self) -> &[SourceFile] {
        &self.3.source_files
    }
}

/// A node; `sourceText` is cut to 500 characters where it came from a list (`nodes`, `similar`).
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct Node {
    id: i32,
    node_type: String,
    source: String,
    source_id: String,
    heading: Option<String>,
    source_text: Option<String>,
    /// `official` (LIS text) or `summary` (the starter corpus's plain-language summary, never the
    /// statute's words); an opinion's holding is `summary` (the workflow's words) or `excerpt` (the court's).
    text_kind: String,
    url: Option<String>,
    /// The plain-language summary kept beside official text (null when there is none; a node whose
    /// `textKind` is `summary` has its summary in `sourceText`). Never the statute's words.
    summary: Option<String>,
    /// Whether `sourceText` was cut to 500 characters.
    truncated: bool,
    /// `official` (the graph built from the Code) or `user` (the person's own additions: opinions).
    layer: String,
    /// In a search result: its score over the first result's, 0–1 (null outside a search).
    relevance: Option<f64>,
    /// In a search result: it shares the first result's chapter or article, or one cites the
    /// other (null outside a search).
    same_topic: Option<bool>,
    /// In a search result: the situation the section applies only to, when the question does not
    /// speak of it ("a lease of business premises"; null otherwise and outside a search).
    only_for: Option<String>,
}

impl Node {
    fn whole(n: NodeRecord) -> Self {
        Node {
            id: n.id as i32,
            node_type: n.node_type,
            source: n.source,
            source_id: n.source_id,
            heading: n.heading,
            source_text: n.source_text,
            text_kind: n.text_kind,
            url: n.url,
            summary: n.summary,
            truncated: false,
            layer: Layer::of_id(n.id).as_str().into(),
            relevance: None,
            same_topic: None,
            only_for: None,
        }
    }

    /// A search result, with how it stands beside the first.
    fn found(n: NodeRecord, fit: Option<&proseva_law::rank::Fit>) -> Self {
        let mut node = Node::listed(n);
        node.relevance = fit.map(|f| (f.relevance * 1000.0).round() / 1000.0);
        node.same_topic = fit.map(|f| f.same_topic);
        node.only_for = fit.and_then(|f| f.only_for).map(str::to_string);
        node
    }

    fn listed(n: NodeRecord) -> Self {
        let mut node = Node::whole(n);
        if let Some(text) = &node.source_text
            && let Some((cut, _)) = text.char_indices().nth(LIST_TEXT_CHARS)
        {
            node.source_text = Some(format!("{}…", &text[..cut]));
            node.truncated = true;
        }
        if let Some(summary) = &node.summary
            && let Some((cut, _)) = summary.char_indices().nth(LIST_TEXT_CHARS)
        {
            node.summary = Some(format!("{}…", &summary[..cut]));
        }
        node
    }
}

/// When a starter summary was checked against the official text, and where.
#[derive(SimpleObject)]
pub struct SummaryCheck {
    /// The official text read: a law.lis.virginia.gov page, or a dated copy of the Code.
    source: String,
    /// The date of that text (`YYYY-MM-DD`).
    text_of: String,
    /// The day the summary was checked against it.
    checked_on: String,
}

/// An amendment of a section by a session of the General Assembly.
#[derive(SimpleObject)]
pub struct LawChange {
    /// The session's year (null when the act could not be identified).
    session: Option<i32>,
    /// `HB 15`, or what is known of the act.
    bill: String,
    /// `Acts 2026, c. 123`, when it was found.
    chapter: Option<String>,
    /// The day it takes effect (`YYYY-MM-DD`), when known.
    effective: Option<String>,
    /// What it changed, in plain words.
    what: String,
    /// Where it was read.
    source: Option<String>,
}

impl From<&proseva_law::currency::Change> for LawChange {
    fn from(c: &proseva_law::currency::Change) -> Self {
        LawChange {
            session: c.session,
            bill: c.bill.clone(),
            chapter: c.chapter.clone(),
            effective: c.effective.clone(),
            what: c.what.clone(),
            source: c.source.clone(),
        }
    }
}

impl Node {
    /// Whether the node shows a starter summary (its `sourceText` when `textKind` is `summary`,
    /// else `summary`) of the official layer: what the manifest's checks and currency are about.
    fn has_starter_summary(&self) -> bool {
        (self.text_kind == "summary" || self.summary.is_some()) && self.layer == "official"
    }
}

#[ComplexObject]
impl Node {
    /// When this node's plain-language summary (its `sourceText` when `textKind` is `summary`, else
    /// `summary`) was checked against the official text; null for a node with no starter summary
    /// or one not yet checked.
    async fn summary_check(&self) -> Option<SummaryCheck> {
        if !self.has_starter_summary() {
            return None;
        }
        proseva_law::starter::summary_check(&self.source_id).map(|c| SummaryCheck {
            source: c.source.clone(),
            text_of: c.text_of.clone(),
            checked_on: c.checked_on.clone(),
        })
    }

    /// How current this section's plain-language summary is, on the law date: the changes the
    /// 2023–2026 sessions made to it since the official text it was checked against ("Changed by
    /// 2026 HB 15 (Acts 2026, c. …), in force July 1, 2026; the text checked is of April 9,
    /// 2023."), those that take effect later, or how old that text is when none was found. Null for
    /// a node with no checked starter summary.
    async fn currency_notice(&self, ctx: &Context<'_>) -> Result<Option<String>> {
        if !self.has_starter_summary() {
            return Ok(None);
        }
        Ok(proseva_law::starter::currency_notice(&self.source_id, served(ctx)?.law_date()))
    }

    /// [`Node::currency_notice`] only when an amendment was found for the section (in force or to
    /// come): what an answer quoting the summary says beside it. Null otherwise.
    async fn change_notice(&self, ctx: &Context<'_>) -> Result<Option<String>> {
        if !self.has_starter_summary() {
            return Ok(None);
        }
        Ok(proseva_law::starter::change_notice(&self.source_id, served(ctx)?.law_date()))
    }

    /// A plain-language summary of this section in Spanish, written from its English summary with
    /// the same figures (a summary of the English official text, not its words); null when the
    /// section has none.
    async fn summary_es(&self) -> Option<String> {
        if self.layer != "official" {
            return None;
        }
        proseva_law::starter::summary_es(&self.source_id, self.heading.as_deref().unwrap_or_default())
    }

    /// What the 2023–2026 sessions changed in this section, as recorded in the starter's manifest:
    /// each bill with its chapter, the day it takes effect, what it changed and where that was
    /// read. Empty when none was found or none was looked for.
    async fn changes(&self) -> Vec<LawChange> {
        if self.layer != "official" {
            return Vec::new();
        }
        proseva_law::starter::currency(&self.source_id).map(|c| c.changes.iter().map(LawChange::from).collect()).unwrap_or_default()
    }

    /// Every edge touching this node, in either direction, of both layers.
    #[graphql(complexity = "20 * child_complexity + 1")]
    async fn edges(&self, ctx: &Context<'_>) -> Result<Vec<Edge>> {
        let id = i64::from(self.id);
        let source_id = self.source_id.clone();
        let edges = run_layers(ctx, move |g, l| layers::edges(g, l, id, Some(&source_id), None)).await?;
        Ok(edges.into_iter().map(|(e, layer)| Edge(e, layer)).collect())
    }

    // The three below read what the graph holds in memory: no query, so no trip to the blocking
    // pool (versionNotice is asked of every node in a search's results).

    /// Every version of a section the LIS files list more than once (or whose catchline says when
    /// it applies), with which is in effect on the law date; empty for other nodes. `sourceText`
    /// is the text of the one in effect.
    async fn versions(&self, ctx: &Context<'_>) -> Result<Vec<SectionVersion>> {
        let id = i64::from(self.id);
        if is_user_id(id) {
            return Ok(Vec::new());
        }
        Ok(served(ctx)?.versions(id).into_iter().map(SectionVersion::from).collect())
    }

    /// One sentence on the section's other version as of the law date ("A new version takes
    /// effect July 1, 2027."); null for a section with one version.
    async fn version_notice(&self, ctx: &Context<'_>) -> Result<Option<String>> {
        let id = i64::from(self.id);
        if is_user_id(id) {
            return Ok(None);
        }
        Ok(served(ctx)?.version_notice(id))
    }

    /// The file this node's official text came from, with when the site says it last changed and
    /// when it was downloaded; null for the starter's summaries.
    async fn source_file(&self, ctx: &Context<'_>) -> Result<Option<SourceFile>> {
        if is_user_id(i64::from(self.id)) || self.text_kind != "official" {
            return Ok(None);
        }
        Ok(served(ctx)?.source_file_of(&self.node_type, &self.source_id).cloned().map(SourceFile::from))
    }

    /// References in this node's text to sections the corpus does not hold.
    async fn unresolved_citations(&self, ctx: &Context<'_>) -> Result<Vec<String>> {
        let id = i64::from(self.id);
        if is_user_id(id) {
            return Ok(Vec::new());
        }
        run(ctx, move |g| g.unresolved_citations(id)).await
    }
}

pub struct Edge(EdgeRecord, Layer);

#[Object]
impl Edge {
    async fn from_id(&self) -> i32 {
        self.0.from_id as i32
    }
    async fn to_id(&self) -> i32 {
        self.0.to_id as i32
    }
    /// `contains` (hierarchy) or `cites` (a reference in the text; weight = number of mentions);
    /// from an opinion of the user layer, `interprets` or `cites` (weight = mentions).
    async fn rel_type(&self) -> &str {
        &self.0.rel_type
    }
    async fn weight(&self) -> Option<f64> {
        self.0.weight
    }
    /// `official` (the graph built from the Code) or `user` (the person's own additions).
    async fn layer(&self) -> &str {
        self.1.as_str()
    }
    // `fromNode` is the contract's name, not a conversion.
    #[allow(clippy::wrong_self_convention)]
    async fn from_node(&self, ctx: &Context<'_>) -> Result<Option<Node>> {
        let id = self.0.from_id;
        Ok(run_layers(ctx, move |g, l| layers::node(g, l, id)).await?.map(Node::listed))
    }
    async fn to_node(&self, ctx: &Context<'_>) -> Result<Option<Node>> {
        let id = self.0.to_id;
        Ok(run_layers(ctx, move |g, l| layers::node(g, l, id)).await?.map(Node::listed))
    }
}
