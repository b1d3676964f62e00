//! What the command line decides — where the law graph is, where the app's case data server is,
//! the token — and the server made from it.

use std::path::PathBuf;
use std::sync::Arc;

use proseva_agent::tool::Tool;
use proseva_agent::tools::local::ServerClient;
use proseva_sidecars::DataDir;

use crate::error::Error;
use crate::graph::LawGraph;
use crate::server::LawServer;
use crate::tools::{self, case};

/// Where the law graph is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphSource {
    /// A graph file, read in this process (read-only).
    File(PathBuf),
    /// A running `proseva-explorer serve` at this base URL.
    Explorer(String),
}

#[derive(Debug, Clone)]
pub struct Options {
    pub graph: GraphSource,
    /// The app's case data server, for the case tools; None: the one the running app publishes
    /// in the data dir (`mcp-server.json`).
    pub server_url: Option<String>,
    /// `PROSEVA_TOKEN`: the bearer token for the explorer and the server (and required of HTTP clients).
    pub token: Option<String>,
    /// The data dir: `settings.json` (is case data on?) and `models/`.
    pub data: DataDir,
}

impl Options {
    /// The defaults: `graph.db` in the data dir (`$PROSEVA_DATA_DIR`, else the platform data dir +
    /// `proseva`, as the desktop finds it), the case data server the running app publishes, `PROSEVA_TOKEN`.
    pub fn from_env() -> Self {
        let data = DataDir::at(&proseva_sidecars::default_data_dir());
        Options {
            graph: GraphSource::File(data.graph_db.clone()),
            server_url: None,
            token: std::env::var("PROSEVA_TOKEN").ok().filter(|t| !t.trim().is_empty()),
            data,
        }
    }

    /// Opens the law graph and makes the server with its tools.
    pub fn server(&self) -> Result<LawServer, Error> {
        let graph = match &self.graph {
            GraphSource::File(db) => {
                let graph = LawGraph::open(db)?;
                tracing::info!("law graph: {}", db.display());
                graph.load_meaning(&self.data.models);
                graph
            }
            GraphSource::Explorer(url) => {
                tracing::info!("law graph: the explorer at {url}");
                LawGraph::explorer(url, self.token.clone())?
            }
        };
        let http = proseva_http::loopback_client_builder(concat!("proseva-mcp/", env!("CARGO_PKG_VERSION")))
            .timeout(std::time::Duration::from_secs(60))
            .build()
            .map_err(|e| Error::Client(format!("making the case data server's HTTP client: {e}")))?;
        let endpoint = match &self.server_url {
            Some(url) => case::Endpoint::Given {
                server: ServerClient::new(http, url, self.token.clone()),
                url: url.trim_end_matches('/').to_string(),
            },
            None => case::Endpoint::Published { file: self.data.mcp_server_json.clone(), http },
        };
        let cases = case::case_tools(&endpoint).into_iter().map(|t| Arc::new(t) as Arc<dyn Tool>).collect();
        Ok(LawServer::new(tools::law_tools(&graph), cases, self.data.settings_json.clone()))
    }
}
