//! proseva-mcp: ProSeVA's Virginia-law graph for AI assistants (Claude Desktop, Jan, an editor),
//! over the Model Context Protocol with the official Rust SDK, `rmcp`.
//!
//! Six law tools — `search_law`, `get_section`, `get_neighbors`, `find_similar`,
//! `check_citations`, `graph_stats` ([`tools`]) — and every section as the resource
//! `proseva://section/{sourceId}` ([`server`]). They ask the law graph with the explorer's
//! GraphQL, in this process over `graph.db` opened read-only or from a running explorer
//! ([`graph`]). Every call runs through the app's tool pipeline
//! ([`proseva_agent::pipeline::execute`]). When the person turns on `mcpCaseData` in the app's
//! settings ([`settings`]), four read-only case tools ask the running app's case data server too.
//! Served over stdio (the default) or streamable HTTP on loopback behind a token ([`http`]).
//!
//! ```no_run
//! use proseva_mcp::{Options, serve_stdio};
//! # async fn demo() -> Result<(), proseva_mcp::Error> {
//! let server = Options::from_env().server()?;
//! serve_stdio(server).await
//! # }
//! ```
//!
//! Not for: writing anything (no tool here changes the graph or the person's records), or
//! serving beyond this machine.

pub mod error;
pub mod graph;
pub mod http;
pub mod options;
pub mod server;
pub mod settings;
pub mod tools;

pub use error::Error;
pub use options::{GraphSource, Options};
pub use server::LawServer;

use rmcp::ServiceExt;

/// Serves `server` over this process's stdin and stdout until the client closes them.
pub async fn serve_stdio(server: LawServer) -> Result<(), Error> {
    let running = server.serve(rmcp::transport::stdio()).await.map_err(|e| Error::Protocol(e.to_string()))?;
    running.waiting().await.map_err(|e| Error::Protocol(e.to_string()))?;
    Ok(())
}
