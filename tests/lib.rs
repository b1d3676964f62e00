//! Real sidecars for end-to-end tests: the explorer serving the starter graph and the server on a
//! fresh data dir, each on its own loopback port, in this process.
//!
//! ```no_run
//! # async fn demo() {
//! use std::sync::Arc;
//! let sidecars = proseva_e2e::start().await;
//! let agent = sidecars.agent(Arc::new(proseva_agent::offline::OfflineModel));
//! # }
//! ```
//!
//! The tests beside it: `offline_agent` and `server_chat` on these sidecars; `scenarios` (the four
//! scenarios of the design against a scripted model server and a real explorer) and `model_client`
//! (the OpenAI-compatible client's retries, errors and streaming), both over the stand-ins in
//! `fakes/`. The benchmarks in `bench/` use [`start`] too.
//!
//! Not for: anything that ships; this package is never published or bundled.

use std::sync::Arc;

use proseva_agent::config::AgentConfig;
use proseva_agent::model::ChatModel;
use proseva_agent::runner::{Agent, RunnerConfig};
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::local::ServerClient;
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use proseva_law::graph::Graph;
use proseva_law::starter;

pub mod courtlistener;
pub mod eval;
pub mod lis_files;
pub mod lis_site;

pub const TOKEN: &str = "e2e-token";

/// Serves `router` on a free loopback port; returns its base URL.
pub async fn serve(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move { axum::serve(listener, router).await.expect("serve") });
    url
}

/// Running sidecars and the temporary files behind them.
pub struct Sidecars {
    /// The graph the explorer serves, for tests and benchmarks that look under its search.
    pub graph: Arc<Graph>,
    pub explorer_url: String,
    pub server_url: String,
    pub server: proseva_server::AppState,
    _dir: tempfile::TempDir,
}

/// How the explorer reads questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Questions {
    /// By their words alone: no embedding model for questions (the app's first seconds, or no model).
    ByWords,
    /// By words and meaning: all-MiniLM-L6-v2 loaded from `PROSEVA_MODEL_DIR` (else its default
    /// place) embeds each question, as the app's explorer does through the server's model.
    ByMeaning,
}

/// The explorer on the starter corpus (with its shipped vectors), reading questions by their words,
/// and an empty server.
pub async fn start() -> Sidecars {
    start_with(Questions::ByWords).await
}

/// [`start`], choosing how the explorer reads questions. Panics if `ByMeaning` cannot load the model.
pub async fn start_with(questions: Questions) -> Sidecars {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("graph.db");
    starter::ingest_with_shipped_vectors(&db).expect("starter ingest");
    let graph = Arc::new(Graph::open(&db).expect("graph"));
    if questions == Questions::ByMeaning {
        graph.set_query_embedder(Arc::new(local_model())).expect("the starter vectors come from this model");
    }
    start_on(graph, dir).await
}

/// all-MiniLM-L6-v2 from `PROSEVA_MODEL_DIR` (else its default place). Panics when it is not there.
pub fn local_model() -> proseva_embed::LocalEmbedder {
    let dir = std::env::var_os("PROSEVA_MODEL_DIR").filter(|d| !d.is_empty()).map_or_else(proseva_embed::default_model_dir, Into::into);
    proseva_embed::LocalEmbedder::load(&dir).expect("the embedding model (make model installs it)")
}

/// The explorer serving `graph` (whose files live in `dir`, kept while the sidecars run) and an
/// empty server with its data in `dir`.
pub async fn start_on(graph: Arc<Graph>, dir: tempfile::TempDir) -> Sidecars {
    start_on_with(graph, dir, ResearchConfig::default()).await
}

/// The explorer on the starter corpus and a server whose check before filing asks the research
/// services of `research` (CourtListener's citation look-up: a stand-in's address and a token).
pub async fn start_with_research(research: ResearchConfig) -> Sidecars {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("graph.db");
    starter::ingest_with_shipped_vectors(&db).expect("starter ingest");
    start_on_with(Arc::new(Graph::open(&db).expect("graph")), dir, research).await
}

async fn start_on_with(graph: Arc<Graph>, dir: tempfile::TempDir, research: ResearchConfig) -> Sidecars {
    let explorer_url = serve(proseva_explorer::http::app(proseva_explorer::gql::schema(graph.clone()), Some(TOKEN.into()))).await;

    let mut config = proseva_server::Config::for_data_dir(dir.path().join("data"));
    config.token = Some(TOKEN.into());
    config.explorer_url = explorer_url.clone();
    let mut state = proseva_server::AppState::open(&config).expect("server state");
    state.citation_lookup = Arc::new(proseva_server::papers::check::CitationLookup::new(research));
    // The server's own /api/chat, offline whatever this machine's environment says.
    let agent_routes = proseva_server::http::agent::routes_with(&state, &AgentConfig::from_lookup(|_| None), &ResearchConfig::default());
    let server_url = serve(proseva_server::http::app_with(state.clone(), agent_routes)).await;
    Sidecars { graph, explorer_url, server_url, server: state, _dir: dir }
}

impl Sidecars {
    /// An agent over these sidecars with `model`; research services unconfigured.
    pub fn agent(&self, model: Arc<dyn ChatModel>) -> Agent {
        self.agent_with_research(model, &ResearchConfig::default())
    }

    /// [`Sidecars::agent`] with these research services (a stand-in's address and a key).
    pub fn agent_with_research(&self, model: Arc<dyn ChatModel>, research: &ResearchConfig) -> Agent {
        let http = client();
        let server = ServerClient::new(http.clone(), &self.server_url, Some(TOKEN.into()));
        Agent::new(model, RunnerConfig::default(), self.explorer(), server, research_tools(research, http))
    }

    /// The agent's client of the explorer, with the token: `query` answers the `data` of a
    /// GraphQL query.
    pub fn explorer(&self) -> ExplorerClient {
        ExplorerClient::new(client(), &self.explorer_url, Some(TOKEN.into()))
    }
}

/// An HTTP client for the sidecars on loopback.
pub fn client() -> proseva_http::reqwest::Client {
    proseva_http::loopback_client_builder("proseva-tests").build().expect("a loopback HTTP client")
}
