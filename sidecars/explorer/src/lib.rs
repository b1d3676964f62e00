//! proseva-explorer: the Virginia-law graph of [`proseva_law`], served over GraphQL.
//!
//! [`gql::schema`] puts the contract's GraphQL schema over a [`proseva_law::graph::Graph`], and
//! [`http::app`] serves it on loopback (`POST /graphql`, GraphiQL at `GET /`, `GET /health`) behind
//! the bearer token. [`layers`] reads the graph and the person's user layer of court opinions
//! ([`proseva_law::user_layer`]) as one. The `proseva-explorer` binary adds the command line:
//! `serve`, `ingest`, `synth`.
//!
//! ```no_run
//! use std::{path::Path, sync::Arc};
//! use proseva_explorer::gql;
//! use proseva_law::graph::Graph;
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! let graph = Arc::new(Graph::open(Path::new("graph.db"))?);
//! let schema = gql::schema(graph);
//! let res = schema.execute(r#"{ nodes(search: "security deposit") { nodes { sourceId heading } } }"#).await;
//! println!("{}", res.data);
//! # Ok(()) }
//! ```
//!
//! Not for: building, reading or searching the graph in-process (use proseva-law directly), or the
//! person's own case data (that is proseva-server's).

pub mod gql;
pub mod http;
pub mod layers;
