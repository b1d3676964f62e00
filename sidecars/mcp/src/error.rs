//! The crate's one error type: what can stop the MCP server from starting.
//!
//! Once it runs, nothing here reaches a client: a tool call that fails answers with a tool result
//! (`isError: true`, `{"error": {"code", "message"}}`), never a crashed server.

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// There is no graph file where it was looked for.
    #[error(
        "no law graph at {0}: open the ProSeVA app once (it builds the graph on first run), point --db at a graph, or build one with `proseva-explorer ingest --starter --db {0}`"
    )]
    NoGraph(std::path::PathBuf),
    /// The graph file is not a graph, or of another schema version.
    #[error(transparent)]
    Graph(#[from] proseva_law::Error),
    /// `--http` named an address other programs on the network could reach.
    #[error(
        "--http {0}: the MCP server listens on loopback only (127.0.0.1:PORT or [::1]:PORT), so no other machine can read the law graph or case data through it"
    )]
    NotLoopback(String),
    /// `--http` without a token to require of clients.
    #[error(
        "--http needs PROSEVA_TOKEN: set it to a long random secret and give your MCP client the header `Authorization: Bearer <that secret>` (over stdio no token is needed)"
    )]
    NoToken,
    /// An HTTP client could not be made (a TLS provider problem, a bad URL).
    #[error("{0}")]
    Client(String),
    /// The MCP session could not start or ended with an error.
    #[error("MCP: {0}")]
    Protocol(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
