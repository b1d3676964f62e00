//! The official graph and the person's user layer, read as one graph.
//!
//! Node ids tell the layers apart ([`is_user_id`]). A user link names its target by source id and
//! is resolved here, against the graph being served now, so links made before a rebuild point at
//! the rebuilt graph's nodes; a target the graph no longer holds is left out, not an error.

use std::collections::HashSet;

use proseva_law::Error;
use proseva_law::graph::Graph;
use proseva_law::store::{EdgeRecord, NodeRecord};
use proseva_law::user_layer::{self, Layer, LinkRecord, OpinionInput, Recorded, UserLayer, is_user_id};

/// Most user edges shown on one node (opinions interpreting a section, most mentions first).
pub const MAX_USER_EDGES: usize = 500;

/// The node with `id`, in whichever layer holds it.
pub fn node(graph: &Graph, layer: &UserLayer, id: i64) -> Result<Option<NodeRecord>, Error> {
    if is_user_id(id) { Ok(layer.opinion(id)?.map(|o| o.into_node())) } else { graph.node(id) }
}

/// The node with `source_id`: the graph's if it has one, else the layer's opinion.
pub fn node_by_source_id(graph: &Graph, layer: &UserLayer, source_id: &str) -> Result<Option<NodeRecord>, Error> {
    match graph.node_by_source_id(source_id)? {
        Some(n) => Ok(Some(n)),
        None => Ok(layer.opinion_by_source_id(source_id)?.map(|o| o.into_node())),
    }
}

/// The current node a link's target names, if it exists now.
pub fn resolve(graph: &Graph, layer: &UserLayer, target: &str, target_layer: Layer) -> Result<Option<NodeRecord>, Error> {
    match target_layer {
        Layer::Official => graph.node_by_source_id(target),
        Layer::User => Ok(layer.opinion_by_source_id(target)?.map(|o| o.into_node())),
    }
}

fn user_edge(from_id: i64, to_id: i64, link: &LinkRecord) -> (EdgeRecord, Layer) {
    (EdgeRecord { from_id, to_id, rel_type: link.rel_type.clone(), weight: Some(link.mentions as f64) }, Layer::User)
}

/// Edges touching node `id` in either direction, optionally of one type: the graph's, then the
/// layer's (weight = mentions). `source_id` spares a lookup when the caller has the node.
pub fn edges(
    graph: &Graph,
    layer: &UserLayer,
    id: i64,
    source_id: Option<&str>,
    rel_type: Option<&str>,
) -> Result<Vec<(EdgeRecord, Layer)>, Error> {
    let wanted = |rel: &str| rel_type.is_none_or(|r| r == rel);
    let mut edges = Vec::new();
    let source_id = if is_user_id(id) {
        let Some(opinion) = layer.opinion(id)? else { return Ok(edges) };
        for link in layer.links_of(id)?.iter().filter(|l| wanted(&l.rel_type)) {
            if let Some(target) = resolve(graph, layer, &link.target, link.target_layer)? {
                edges.push(user_edge(id, target.id, link));
            }
        }
        opinion.source_id
    } else {
        edges.extend(graph.neighbors(id, rel_type)?.into_iter().map(|e| (e, Layer::Official)));
        match source_id {
            Some(s) => s.to_string(),
            None => match graph.node(id)? {
                Some(n) => n.source_id,
                None => return Ok(edges),
            },
        }
    };
    for (opinion, link) in layer.citing(&source_id, MAX_USER_EDGES)? {
        if wanted(&link.rel_type) {
            edges.push(user_edge(opinion.id, id, &link));
        }
    }
    Ok(edges)
}

/// Records an opinion in the layer, linking it only to sections the graph served now holds (any
/// node of the graph may be interpreted: a section, a constitutional provision, a chapter).
pub fn record(graph: &Graph, layer: &UserLayer, input: &OpinionInput) -> Result<Recorded, Error> {
    let mut present = HashSet::new();
    // More than the layer accepts is refused by `record` without looking any up.
    if input.sections.len() <= user_layer::MAX_LINKS {
        for link in &input.sections {
            let section = user_layer::normalise_section(&link.section);
            if !section.is_empty() && !present.contains(&section) && graph.node_by_source_id(&section)?.is_some() {
                present.insert(section);
            }
        }
    }
    layer.record(input, |section| present.contains(section))
}
