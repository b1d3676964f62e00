//! Making a link (see [`crate::store::links`]), through `POST /api/links` or the `link` tool: its
//! ends in the case file are checked, a section is looked up in the law graph, then it is stored.
//!
//! The law graph is the explorer's (`EXPLORER_URL`, asked with the server's own token):
//! `node(sourceId:)` over its GraphQL API, through the agent's [`ExplorerClient`]. A section the
//! graph does not have is a 400 naming `to` (a model must not link a section it made up); an
//! explorer that cannot be asked is a 503, and nothing is stored — a link is never kept unchecked.

use std::sync::OnceLock;
use std::time::Duration;

use proseva_agent::tools::explorer::ExplorerClient;
use serde_json::json;

use crate::store::links::{self, Link, LinkInput};
use crate::{ApiError, AppState, Config};

/// Longest wait for the explorer's answer about one section.
pub const LOOKUP_TIMEOUT: Duration = Duration::from_secs(10);

/// The law graph as this server asks it whether a section exists. Its HTTP client is built on the
/// first lookup and kept (most servers never see a link to a section).
pub struct LawGraph {
    base_url: String,
    token: Option<String>,
    client: OnceLock<ExplorerClient>,
}

impl std::fmt::Debug for LawGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LawGraph").field("base_url", &self.base_url).finish_non_exhaustive()
    }
}

/// A section as the law graph has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub source_id: String,
    pub heading: String,
}

impl LawGraph {
    pub fn new(config: &Config) -> Self {
        LawGraph { base_url: config.explorer_url.clone(), token: config.token.clone(), client: OnceLock::new() }
    }

    fn client(&self) -> Result<&ExplorerClient, ApiError> {
        if let Some(client) = self.client.get() {
            return Ok(client);
        }
        const USER_AGENT: &str = concat!("proseva-server/", env!("CARGO_PKG_VERSION"));
        let http = proseva_http::loopback_client_builder(USER_AGENT)
            .timeout(LOOKUP_TIMEOUT)
            .build()
            .map_err(|e| ApiError::Internal(format!("no HTTP client for the explorer: {}", proseva_http::describe(&e))))?;
        // Two first lookups at once may both build one; either serves.
        Ok(self.client.get_or_init(|| ExplorerClient::new(http, &self.base_url, self.token.clone())))
    }

    /// The section with this `sourceId`, if the graph has it; 503 if the graph cannot be asked.
    pub async fn section(&self, source_id: &str) -> Result<Option<Section>, ApiError> {
        let data =
            self.client()?.query("query($s:String){node(sourceId:$s){id sourceId heading}}", json!({ "s": source_id })).await.map_err(
                |e| {
                    ApiError::Unavailable(format!(
                        "{} could not be checked against the Virginia law graph, so no link was made: {e}",
                        proseva_citation::label(source_id)
                    ))
                },
            )?;
        let node = &data["node"];
        Ok(node["sourceId"]
            .as_str()
            .map(|found| Section { source_id: found.to_string(), heading: node["heading"].as_str().unwrap_or_default().to_string() }))
    }
}

impl LawGraph {
    /// Whether the graph has `source_id` (`None` when not) and, when it has, the notice of its
    /// other version (`Some(Some("A new version takes effect July 1, …"))`), if any.
    pub async fn version(&self, source_id: &str) -> Result<Option<Option<String>>, ApiError> {
        let data = self
            .client()?
            .query("query($s:String){node(sourceId:$s){sourceId versionNotice}}", json!({ "s": source_id }))
            .await
            .map_err(|e| ApiError::Unavailable(format!("the Virginia law graph could not be asked: {e}")))?;
        let node = &data["node"];
        Ok(node["sourceId"].as_str().map(|_| node["versionNotice"].as_str().map(str::to_string)))
    }
}

/// Checks `input`'s ends and stores it (or finds the link the pair has); see [`links::upsert`].
pub async fn link(state: &AppState, input: LinkInput) -> Result<(Link, bool), ApiError> {
    // What the case file can say first: a missing note is the answer, whatever the graph holds.
    let checked = input.clone();
    state.blocking(move |s| s.store.read(|c| links::check_ends(c, &checked))).await?;
    if input.to_kind == "section" && state.law_graph.section(&input.to).await?.is_none() {
        return Err(ApiError::field("to", format!("no section {} in the law graph", input.to)));
    }
    state.blocking(move |s| s.store.write(|c| links::upsert(c, &input))).await
}
