//! proseva-explorer: the Code and Constitution of Virginia as a knowledge graph, served over GraphQL.
//!
//! The graph lives in one SQLite file (nodes, `contains`/`cites` edges, an FTS5 index and one vector
//! per node). It is built by [`ingest::ingest`] from LIS-format CSV files — the bundled
//! [`starter`] corpus or the official exports — and served read-only by [`http::app`].
//!
//! ```no_run
//! use std::{path::Path, sync::Arc};
//! use proseva_explorer::{graph::Graph, gql};
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! let graph = Arc::new(Graph::open(Path::new("graph.db"))?);
//! let schema = gql::schema(graph);
//! let res = schema.execute(r#"{ nodes(search: "security deposit") { nodes { sourceId heading } } }"#).await;
//! println!("{}", res.data);
//! # Ok(()) }
//! ```
//!
//! Not for: writing to a served graph (rebuild it instead), or the user's own case data (that is
//! proseva-server's).

use std::path::PathBuf;

/// The citation parser, re-exported so `proseva_explorer::citation` keeps working.
pub use proseva_citation as citation;

pub mod fetch;
pub mod gql;
pub mod graph;
pub mod http;
pub mod ingest;
pub mod lis;
pub mod starter;
pub mod store;
pub mod synth;
pub mod vector_cache;
pub mod vectors;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("no graph at {path}: build one with `proseva-explorer ingest --starter --db {path}`", path = .0.display())]
    NoGraph(PathBuf),
    #[error("{0} is not a ProSeVA graph file")]
    NotAGraph(PathBuf),
    #[error(
        "{path} has graph schema version {found:?} but this explorer reads version {expected}: rebuild it with `proseva-explorer ingest`"
    )]
    SchemaVersion { path: PathBuf, found: Option<i64>, expected: i64 },
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("{path}: {1}", path = .0.display())]
    Io(PathBuf, std::io::Error),
    #[error("embedding: {0}")]
    Embed(#[from] proseva_embed::EmbedError),
    #[error("vector dimension mismatch: {0}")]
    Dimension(String),
    #[error("this graph was built without embeddings, so `similar` is unavailable: rebuild it with the embedding model installed")]
    NoVectors,
    #[error("node {0} has no embedding (only nodes with text have one)")]
    NodeHasNoVector(i64),
    #[error("no LIS export files (CoVTitle_<n>.csv, Constitution.csv, PopularNames.csv, Authorities.csv) in {path}", path = .0.display())]
    NoCorpus(PathBuf),
    #[error("starter corpus: {0}")]
    Starter(String),
    #[error("download: {0}")]
    Fetch(String),
}
