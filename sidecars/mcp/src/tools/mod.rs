//! The MCP server's tools, each a [`proseva_agent::tool::Tool`] so that every call goes through
//! the app's one tool pipeline ([`proseva_agent::pipeline::execute`]).
//!
//! The six law tools (the contract in DESIGN.md) ask the law graph ([`crate::graph::LawGraph`]);
//! the case tools ([`case`]) ask the running app's case-data server and are offered only when the
//! person turned them on.

pub mod case;
pub mod citations;
pub mod neighbors;
pub mod node;
pub mod search;
pub mod section;
pub mod similar;
pub mod stats;

use std::sync::Arc;

use proseva_agent::tool::Tool;

use crate::graph::LawGraph;

/// The law tools' names, in the order they are listed.
pub const LAW_TOOLS: [&str; 6] = [search::NAME, section::NAME, neighbors::NAME, similar::NAME, citations::NAME, stats::NAME];

/// The six law tools over `graph`, in the order of [`LAW_TOOLS`].
pub fn law_tools(graph: &LawGraph) -> Vec<Arc<dyn Tool>> {
    vec![
        Arc::new(search::SearchLaw(graph.clone())),
        Arc::new(section::GetSection(graph.clone())),
        Arc::new(neighbors::GetNeighbors(graph.clone())),
        Arc::new(similar::FindSimilar(graph.clone())),
        Arc::new(citations::CheckCitations(graph.clone())),
        Arc::new(stats::GraphStats(graph.clone())),
    ]
}
