//! The schema's entry points: the `Query` fields that read the graph and the user layer, and the
//! one `Mutation`, `recordOpinion`.

use async_graphql::{Context, Object, Result};
use proseva_law::user_layer::{self, is_user_id};

use super::{
    CitingOpinion, Edge, JobSlot, LawStats, MAX_PAGE, Node, NodeConnection, OpinionInput, RecordedOpinion, SimilarNode, SourceFile, Stats,
    UserLayerSummary, node_id, page_size, run, run_layers, served,
};
use crate::layers;

pub struct Query;

#[Object]
impl Query {
    /// Counts of nodes, edges and vectors, by type.
    async fn stats(&self, ctx: &Context<'_>) -> Result<Stats> {
        let graph = served(ctx)?;
        let progress = ctx.data::<JobSlot>().ok().and_then(|slot| slot.get()).map(|job| job.progress());
        // Vectors added by the background job since the graph was opened count too.
        let mut stats = graph.stats().clone();
        stats.embedding_count = stats.embedding_count.max(graph.vectors().len() as i64);
        let law = LawStats {
            law_date: graph.law_date().to_string(),
            sections_with_versions: graph.sections_with_versions() as i32,
            source_files: graph.source_files().iter().cloned().map(SourceFile::from).collect(),
        };
        Ok(Stats(stats, graph.semantic_search(), progress, law))
    }

    /// Nodes, optionally of one `type`; with `search`, ranked full-text matches over heading and
    /// text blended with matches by meaning, an exact citation such as `§ 20-124.3` first. Text is
    /// cut to 500 characters.
    #[graphql(complexity = "limit.clamp(0, MAX_PAGE) as usize * child_complexity + 1")]
    async fn nodes(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "type")] node_type: Option<String>,
        search: Option<String>,
        #[graphql(default = 20)] limit: i32,
        #[graphql(default = 0)] offset: i32,
        #[graphql(
            desc = "Blend in matches by meaning when the explorer has its embedding model (see stats.semanticSearch).",
            default = true
        )]
        semantic: bool,
    ) -> Result<NodeConnection> {
        let limit = page_size("limit", limit)?;
        if offset < 0 {
            return Err(format!("offset must not be negative, got {offset}").into());
        }
        if node_type.as_deref() == Some("opinion") {
            let (opinions, total) = run_layers(ctx, move |_, layer| layer.search(search.as_deref(), limit, offset as usize)).await?;
            let nodes = opinions.into_iter().map(|o| Node::listed(o.into_node())).collect();
            return Ok(NodeConnection { nodes, total: total as i32, clear_lead: false, beyond: None });
        }
        let page = run(ctx, move |g| g.search(node_type.as_deref(), search.as_deref(), limit, offset as usize, semantic)).await?;
        let nodes = page.nodes.into_iter().enumerate().map(|(i, n)| Node::found(n, page.fit.get(i))).collect();
        Ok(NodeConnection { nodes, total: page.total as i32, clear_lead: page.clear_lead, beyond: page.beyond.map(|b| b.reason()) })
    }

    /// One node by `id` or by `sourceId` (`20-124.3`, `const-I-12`, `20:6.1`, an opinion's `cl-123`):
    /// the graph's, else an opinion of the user layer.
    async fn node(&self, ctx: &Context<'_>, id: Option<i32>, source_id: Option<String>) -> Result<Option<Node>> {
        let found = match (id, source_id) {
            (Some(id), None) => {
                let id = node_id(id)?;
                run_layers(ctx, move |g, l| layers::node(g, l, id)).await?
            }
            (None, Some(source_id)) => run_layers(ctx, move |g, l| layers::node_by_source_id(g, l, source_id.trim())).await?,
            (Some(id), Some(source_id)) => {
                let id = node_id(id)?;
                run_layers(ctx, move |g, l| layers::node(g, l, id)).await?.filter(|n| n.source_id == source_id.trim())
            }
            (None, None) => return Err("give `id` or `sourceId`".into()),
        };
        Ok(found.map(Node::whole))
    }

    /// Edges touching node `id` in either direction (`contains`, `cites`; from opinions of the
    /// user layer `interprets` and `cites`), optionally of one type.
    #[graphql(complexity = "20 * child_complexity + 1")]
    async fn neighbors(&self, ctx: &Context<'_>, id: i32, rel_type: Option<String>) -> Result<Vec<Edge>> {
        let id = node_id(id)?;
        let edges = run_layers(ctx, move |g, l| layers::edges(g, l, id, None, rel_type.as_deref())).await?;
        Ok(edges.into_iter().map(|(e, layer)| Edge(e, layer)).collect())
    }

    /// The nodes most like node `id` by meaning (cosine of their vectors), best first.
    #[graphql(complexity = "limit.clamp(0, MAX_PAGE) as usize * child_complexity + 1")]
    async fn similar(&self, ctx: &Context<'_>, id: i32, #[graphql(default = 10)] limit: i32) -> Result<Vec<SimilarNode>> {
        let id = node_id(id)?;
        let limit = page_size("limit", limit)?;
        if is_user_id(id) {
            return Err("opinions of the user layer have no vector: `similar` takes a node of the official graph".into());
        }
        let hits = run(ctx, move |g| g.similar(id, limit)).await?;
        Ok(hits.into_iter().map(|(n, score)| SimilarNode { node: Node::listed(n), score: f64::from(score) }).collect())
    }

    /// The person's own additions: court opinions their workflows recorded, kept across rebuilds
    /// of the official graph (which `stats` alone counts).
    async fn user_layer(&self, ctx: &Context<'_>) -> Result<UserLayerSummary> {
        Ok(UserLayerSummary(run_layers(ctx, |_, layer| layer.summary(0)).await?))
    }

    /// Opinions of the user layer that interpret or cite `section` (`20-124.3`, `§ 20-124.3`,
    /// `const-I-12`), most mentions first.
    #[graphql(complexity = "limit.clamp(0, MAX_PAGE) as usize * child_complexity + 1")]
    async fn citing_opinions(&self, ctx: &Context<'_>, section: String, #[graphql(default = 20)] limit: i32) -> Result<Vec<CitingOpinion>> {
        let limit = page_size("limit", limit)?;
        let target = user_layer::normalise_section(&section);
        let found = run_layers(ctx, move |_, layer| layer.citing(&target, limit)).await?;
        Ok(found
            .into_iter()
            .map(|(opinion, link)| CitingOpinion {
                node: Node::listed(opinion.into_node()),
                rel_type: link.rel_type,
                mentions: link.mentions as i32,
                context: link.context,
            })
            .collect())
    }
}

pub struct Mutation;

#[Object]
impl Mutation {
    /// Records a court opinion in the user layer with the sections it `interprets` or `cites`
    /// (only those the graph holds now are linked; the rest come back in `unresolved`). Recording
    /// the same `sourceId` again updates it and merges its links.
    async fn record_opinion(&self, ctx: &Context<'_>, opinion: OpinionInput) -> Result<RecordedOpinion> {
        let input = opinion.into_layer_input();
        let source_id = input.source_id.trim().to_string();
        let done = run_layers(ctx, move |g, l| layers::record(g, l, &input)).await?;
        Ok(RecordedOpinion {
            id: done.id as i32,
            source_id,
            sections_linked: done.sections_linked as i32,
            new: done.new as i32,
            merged: done.merged as i32,
            unresolved: done.unresolved,
            created: done.opinion_created,
        })
    }
}
