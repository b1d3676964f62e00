//! proseva-law: the Code and Constitution of Virginia as a graph in one SQLite file.
//!
//! The file holds nodes (titles, chapters, sections, constitution provisions, …), `contains` and
//! `cites` edges, a word index ([`words`]) and one vector per node with text. [`ingest::ingest`] builds it
//! from LIS-format CSV — the bundled [`starter`] corpus, the official exports ([`lis`], downloaded
//! by [`fetch`]) or a [`synth`]etic Code for benchmarks — and [`graph::Graph`] reads and searches it.
//!
//! ```no_run
//! use std::path::Path;
//! use proseva_law::graph::Graph;
//! use proseva_law::ingest::{self, IngestOptions, TextKind};
//! use proseva_law::starter;
//! # fn demo() -> Result<(), proseva_law::Error> {
//! let progress = |_| {};
//! let options = IngestOptions {
//!     corpus: "starter".into(),
//!     text_kind: TextKind::Summary,
//!     embedder: None,
//!     vector_cache: None,
//!     progress: &progress,
//! };
//! ingest::ingest(&starter::files()?, Path::new("graph.db"), &options)?;
//! let graph = Graph::open(Path::new("graph.db"))?;
//! for node in graph.nodes(Some("section"), Some("security deposit"), 5, 0)?.nodes {
//!     println!("{} {}", node.source_id, node.heading.unwrap_or_default());
//! }
//! # Ok(()) }
//! ```
//!
//! Court opinions the person's workflows add live beside the graph in a [`user_layer`] of their
//! own, which rebuilds of the graph keep.
//!
//! Not for: serving the graph (proseva-explorer puts GraphQL over [`graph::Graph`]), writing to a
//! graph that is being read (build a new file; the build replaces the old one atomically), or the
//! person's own case data (proseva-server's).

pub mod asks;
pub mod background;
pub mod currency;
pub mod fetch;
pub mod figures;
pub mod graph;
pub mod ingest;
pub mod lay_terms;
pub mod lay_terms_es;
pub mod lis;
pub mod live;
pub mod rank;
pub mod scope;
pub mod spanish;
pub mod spelling;
pub mod starter;
pub mod stopwords;
pub mod stopwords_es;
pub mod store;
pub mod synth;
pub mod user_layer;
pub mod vector_cache;
pub mod vectors;
pub mod versions;
pub mod words;

mod error;

pub use error::Error;
