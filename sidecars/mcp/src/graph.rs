//! Where the law graph is asked: in this process over the graph file, or a running explorer.
//!
//! Both run the same GraphQL — the explorer's schema ([`proseva_explorer::gql`]) — so every tool
//! is written once. In-process, the file is opened read-only (`query_only`, as the explorer opens
//! it), so the MCP server works whether or not the app is running, and a graph the app rebuilds
//! (a rename onto the same path) is swapped in before the next query.

use std::path::Path;
use std::sync::Arc;

use async_graphql::{Request, Variables};
use proseva_agent::tool::ToolError;
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_embed::EmbedderConfig;
use proseva_explorer::gql::{self, ExplorerSchema};
use proseva_law::live::LiveGraph;
use serde_json::Value;

use crate::error::Error;

/// The law graph, asked with GraphQL.
#[derive(Clone)]
pub enum LawGraph {
    /// The graph file, read in this process.
    File { schema: ExplorerSchema, live: Arc<LiveGraph> },
    /// A running explorer's `POST /graphql`.
    Explorer(ExplorerClient),
}

impl std::fmt::Debug for LawGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LawGraph::File { live, .. } => f.debug_tuple("File").field(&live.path()).finish(),
            LawGraph::Explorer(client) => f.debug_tuple("Explorer").field(client).finish(),
        }
    }
}

impl LawGraph {
    /// Opens the graph file at `db` read-only. Searches are by words until [`LawGraph::load_meaning`]
    /// has loaded the embedding model, if it is called.
    pub fn open(db: &Path) -> Result<Self, Error> {
        let live = Arc::new(LiveGraph::open(db).map_err(|e| match e {
            proseva_law::Error::NoGraph(path) => Error::NoGraph(path),
            other => Error::Graph(other),
        })?);
        Ok(LawGraph::File { schema: gql::schema_live(live.clone()), live })
    }

    /// A running explorer at `base_url` (`http://127.0.0.1:3002`), with its bearer token if it has one.
    pub fn explorer(base_url: &str, token: Option<String>) -> Result<Self, Error> {
        let http = proseva_http::loopback_client_builder(concat!("proseva-mcp/", env!("CARGO_PKG_VERSION")))
            .timeout(std::time::Duration::from_secs(30))
            .build()
            .map_err(|e| Error::Client(format!("making the explorer's HTTP client: {e}")))?;
        Ok(LawGraph::Explorer(ExplorerClient::new(http, base_url, token)))
    }

    /// Runs one GraphQL query; its errors and an unreachable explorer become tool errors.
    pub async fn query(&self, query: &str, variables: Value) -> Result<Value, ToolError> {
        match self {
            LawGraph::Explorer(client) => client.query(query, variables).await,
            LawGraph::File { schema, live } => {
                swap_if_rebuilt(live).await;
                let response = schema.execute(Request::new(query).variables(Variables::from_json(variables))).await;
                if !response.errors.is_empty() {
                    let messages: Vec<String> = response.errors.iter().map(|e| e.message.clone()).collect();
                    return Err(ToolError::Failed(messages.join("; ")));
                }
                response.data.into_json().map_err(|e| ToolError::Failed(format!("reading the law graph's answer: {e}")))
            }
        }
    }

    /// Loads the embedding model in the background so that searches blend in meaning, when the
    /// graph's vectors came from the configured model (`PROSEVA_EMBEDDINGS`, `PROSEVA_MODEL_DIR`,
    /// else the model installed in the data dir's `models/`). Until then, and if it cannot be
    /// loaded, searches are by words. A running explorer has its own model: nothing to do.
    pub fn load_meaning(&self, data_models: &Path) {
        let LawGraph::File { live, .. } = self else { return };
        let Some(graph_model) = live.get().stats().embedding_model.clone() else { return };
        let mut config = EmbedderConfig::from_env();
        let installed = data_models.join(proseva_sidecars::MODEL_NAME);
        if std::env::var_os("PROSEVA_MODEL_DIR").is_none_or(|d| d.is_empty())
            && matches!(config, EmbedderConfig::Local { .. })
            && installed.is_dir()
        {
            config = EmbedderConfig::Local { model_dir: installed };
        }
        match config.model_id() {
            None => return tracing::info!("searching by words: embeddings are off (PROSEVA_EMBEDDINGS)"),
            Some(configured) if configured != graph_model => {
                return tracing::info!(
                    "searching by words: the graph's vectors come from {graph_model}, the embedder configured is {configured}"
                );
            }
            Some(_) => {}
        }
        let live = live.clone();
        std::thread::spawn(move || match config.build_for_questions() {
            Ok(Some(embedder)) => match live.set_query_embedder(Arc::from(embedder)) {
                Ok(()) => tracing::info!("search by meaning ready"),
                Err(e) => tracing::warn!("searching by words: {e}"),
            },
            Ok(None) => {}
            Err(e) => tracing::info!("searching by words: {e}"),
        });
    }
}

/// Swaps in the graph the app rebuilt (a new file renamed onto the path), if it did; a new file
/// that cannot be read leaves the old graph in service.
async fn swap_if_rebuilt(live: &Arc<LiveGraph>) {
    let live = live.clone();
    match tokio::task::spawn_blocking(move || live.reload_if_replaced()).await {
        Ok(Ok(true)) => tracing::info!("swapped in the rebuilt graph"),
        Ok(Ok(false)) => {}
        Ok(Err(e)) => tracing::warn!("the graph file was replaced but cannot be read; still using the old graph: {e}"),
        Err(e) => tracing::warn!("checking the graph file: {e}"),
    }
}
