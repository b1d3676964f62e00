//! The one error type of the law graph: opening, building, searching and downloading it.

use std::path::PathBuf;

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
    #[error("word index: {0}")]
    WordIndex(String),
    /// Input refused before anything was stored (the user layer's opinions).
    #[error("{0}")]
    Invalid(String),
    #[error("user layer: {0}")]
    UserLayer(String),
}
