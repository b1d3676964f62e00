//! The seven research tools: outside services a person without a lawyer could not easily search
//! together — case law and federal dockets (CourtListener), state bills (LegiScan), federal
//! publications (GovInfo), scholarship (OpenAlex) and lawyers nearby (SerpAPI's Google search).
//!
//! ```no_run
//! # async fn demo() -> Result<(), proseva_agent::tool::ToolError> {
//! use proseva_agent::tools::research::{ResearchConfig, research_tools};
//! let http = proseva_http::client_builder("proseva-agent").build().expect("an HTTP client");
//! let tools = research_tools(&ResearchConfig::from_env(), http);
//! let opinions = &tools[0]; // search_opinions
//! let found = opinions.call(serde_json::json!({ "query": "security deposit", "court": "va vactapp" })).await?;
//! println!("{}", found["results"][0]["title"]);
//! # Ok(()) }
//! ```
//!
//! Every tool answers in one compact shape, `{"service", "query", "total"?, "results": [{"title",
//! "citation", "court", "date", "snippet", "url", ...}], "note"?}`, with empty fields left out,
//! snippets cut to about 300 characters and highlight tags removed. A missing key, an unreachable
//! service, an error status or an unreadable answer is a [`ToolError`] naming the service, never a
//! failed request. One HTTP client per service, each in its own module; `http` holds what they
//! share (timeout, one retry on a short 429). Which documented request and response each client
//! follows is in `README.md` next to this file.
//!
//! Not for: the Code of Virginia itself (that is the law graph's `search_nodes`), caching, or
//! paging past the first page of a service's results.

pub mod courtlistener;
mod govinfo;
pub(crate) mod http;
mod legiscan;
mod openalex;
mod serpapi;
mod text;

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::tool::{Tool, ToolError, arg, opt_arg};

/// Results returned when the model does not say how many.
pub const DEFAULT_LIMIT: usize = 10;
/// The most results one call returns, whatever the model asks for.
pub const MAX_LIMIT: usize = 20;
/// How long one request to a service may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

pub const COURTLISTENER_BASE_URL: &str = "https://www.courtlistener.com";
pub const LEGISCAN_BASE_URL: &str = "https://api.legiscan.com";
pub const GOVINFO_BASE_URL: &str = "https://api.govinfo.gov";
pub const OPENALEX_BASE_URL: &str = "https://api.openalex.org";
pub const SERPAPI_BASE_URL: &str = "https://serpapi.com";

/// Keys and addresses of the research services. Keys are secrets: `Debug` says only whether
/// each is set.
#[derive(Clone, PartialEq, Eq)]
pub struct ResearchConfig {
    /// `COURTLISTENER_API_TOKEN`: search_opinions, search_dockets, lookup_citation.
    pub courtlistener_token: Option<String>,
    /// `LEGISCAN_API_KEY`: search_statutes.
    pub legiscan_key: Option<String>,
    /// `GOVINFO_API_KEY` (an api.data.gov key): search_govinfo.
    pub govinfo_key: Option<String>,
    /// `SERPAPI_API_KEY`: search_lawyers.
    pub serpapi_key: Option<String>,
    /// `OPENALEX_EMAIL`, optional: sent as `mailto` so OpenAlex can reach us (its "polite pool").
    pub openalex_email: Option<String>,
    pub courtlistener_base_url: String,
    pub legiscan_base_url: String,
    pub govinfo_base_url: String,
    pub openalex_base_url: String,
    pub serpapi_base_url: String,
    /// Per request, 429 waits excluded.
    pub request_timeout: Duration,
}

impl Default for ResearchConfig {
    /// No keys, the real services.
    fn default() -> Self {
        ResearchConfig {
            courtlistener_token: None,
            legiscan_key: None,
            govinfo_key: None,
            serpapi_key: None,
            openalex_email: None,
            courtlistener_base_url: COURTLISTENER_BASE_URL.into(),
            legiscan_base_url: LEGISCAN_BASE_URL.into(),
            govinfo_base_url: GOVINFO_BASE_URL.into(),
            openalex_base_url: OPENALEX_BASE_URL.into(),
            serpapi_base_url: SERPAPI_BASE_URL.into(),
            request_timeout: REQUEST_TIMEOUT,
        }
    }
}

impl std::fmt::Debug for ResearchConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let set = |key: &Option<String>| if key.is_some() { "set" } else { "missing" };
        f.debug_struct("ResearchConfig")
            .field("courtlistener_token", &set(&self.courtlistener_token))
            .field("legiscan_key", &set(&self.legiscan_key))
            .field("govinfo_key", &set(&self.govinfo_key))
            .field("serpapi_key", &set(&self.serpapi_key))
            .field("openalex_email", &set(&self.openalex_email))
            .field("courtlistener_base_url", &self.courtlistener_base_url)
            .field("legiscan_base_url", &self.legiscan_base_url)
            .field("govinfo_base_url", &self.govinfo_base_url)
            .field("openalex_base_url", &self.openalex_base_url)
            .field("serpapi_base_url", &self.serpapi_base_url)
            .field("request_timeout", &self.request_timeout)
            .finish()
    }
}

impl ResearchConfig {
    /// From the process environment (see [`ResearchConfig::from_lookup`] for the names).
    pub fn from_env() -> Self {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// From any source of variables, by their environment names: `COURTLISTENER_API_TOKEN`,
    /// `LEGISCAN_API_KEY`, `GOVINFO_API_KEY`, `SERPAPI_API_KEY`, `OPENALEX_EMAIL` and the base URL
    /// overrides `<SERVICE>_BASE_URL`. Blank values count as missing.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Self {
        let value = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let url = |name: &str, default: &str| value(name).unwrap_or_else(|| default.to_string());
        ResearchConfig {
            courtlistener_token: value("COURTLISTENER_API_TOKEN"),
            legiscan_key: value("LEGISCAN_API_KEY"),
            govinfo_key: value("GOVINFO_API_KEY"),
            serpapi_key: value("SERPAPI_API_KEY"),
            openalex_email: value("OPENALEX_EMAIL"),
            courtlistener_base_url: url("COURTLISTENER_BASE_URL", COURTLISTENER_BASE_URL),
            legiscan_base_url: url("LEGISCAN_BASE_URL", LEGISCAN_BASE_URL),
            govinfo_base_url: url("GOVINFO_BASE_URL", GOVINFO_BASE_URL),
            openalex_base_url: url("OPENALEX_BASE_URL", OPENALEX_BASE_URL),
            serpapi_base_url: url("SERPAPI_BASE_URL", SERPAPI_BASE_URL),
            request_timeout: REQUEST_TIMEOUT,
        }
    }
}

/// The seven research tools, in the contract's order: `search_opinions`, `search_dockets`,
/// `lookup_citation`, `search_statutes`, `search_govinfo`, `search_academic`, `search_lawyers`;
/// then CourtListener's two for following case law, `get_citing_opinions` and `fetch_opinion`
/// (the case-law workflow's; [`crate::roles`] says who is offered them). Tools whose key is
/// missing are still listed; calling them says which variable to set.
pub fn research_tools(config: &ResearchConfig, http: reqwest::Client) -> Vec<Arc<dyn Tool>> {
    // The keys never leave the process in an error's text, whoever echoes them.
    crate::sanitize::global().add_secrets(
        [&config.courtlistener_token, &config.legiscan_key, &config.govinfo_key, &config.serpapi_key].into_iter().flatten().cloned(),
    );
    let courtlistener = Arc::new(courtlistener::CourtListener::new(http.clone(), config));
    vec![
        Arc::new(courtlistener::SearchOpinions(courtlistener.clone())),
        Arc::new(courtlistener::SearchDockets(courtlistener.clone())),
        Arc::new(courtlistener::LookupCitation(courtlistener.clone())),
        Arc::new(legiscan::SearchStatutes(legiscan::LegiScan::new(http.clone(), config))),
        Arc::new(govinfo::SearchGovInfo(govinfo::GovInfo::new(http.clone(), config))),
        Arc::new(openalex::SearchAcademic(openalex::OpenAlex::new(http.clone(), config))),
        Arc::new(serpapi::SearchLawyers(serpapi::SerpApi::new(http, config))),
        Arc::new(courtlistener::GetCitingOpinions(courtlistener.clone())),
        Arc::new(courtlistener::FetchOpinion(courtlistener)),
    ]
}

/// A tool's answer: what was asked of which service and what came back.
#[derive(Debug, Serialize)]
struct Found {
    service: &'static str,
    query: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<u64>,
    results: Vec<Hit>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

impl Found {
    fn new(service: &'static str, query: &str, total: Option<u64>, results: Vec<Hit>) -> Self {
        Found { service, query: text::cut(query, text::SNIPPET_CHARS), total, results, note: None }
    }

    fn note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    fn into_value(self) -> Value {
        serde_json::to_value(self).unwrap_or_else(|e| json!({ "error": e.to_string() }))
    }
}

/// One result in the common shape; fields a service lacks stay out of the JSON.
#[derive(Debug, Default, Serialize)]
struct Hit {
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    citation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    court: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    snippet: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    /// What only some services have: authors, phone, docket number, ...
    #[serde(flatten)]
    extra: Map<String, Value>,
}

impl Hit {
    /// Adds a service-specific field unless it is null or an empty string.
    fn with(mut self, key: &str, value: impl Into<Value>) -> Self {
        match value.into() {
            Value::Null => {}
            Value::String(s) if s.trim().is_empty() => {}
            value => {
                self.extra.insert(key.to_string(), value);
            }
        }
        self
    }
}

/// A non-empty string field of a JSON object (numbers are written out), trimmed.
fn text_at(value: &Value, key: &str) -> Option<String> {
    match value.get(key)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A required text argument, trimmed and not empty.
fn text_arg(args: &Value, name: &str) -> Result<String, ToolError> {
    let value: String = arg(args, name)?;
    let value = value.trim();
    if value.is_empty() {
        return Err(ToolError::BadArguments(format!("`{name}` is empty")));
    }
    Ok(value.to_string())
}

/// An optional text argument, trimmed; blank counts as absent.
fn opt_text_arg(args: &Value, name: &str) -> Result<Option<String>, ToolError> {
    Ok(opt_arg::<String>(args, name)?.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()))
}

/// `limit`, clamped to 1..=[`MAX_LIMIT`]; whole numbers written as `5.0` are taken too.
fn limit_arg(args: &Value) -> Result<usize, ToolError> {
    Ok(match opt_arg::<f64>(args, "limit")? {
        None => DEFAULT_LIMIT,
        Some(n) => n.round().clamp(1.0, MAX_LIMIT as f64) as usize,
    })
}

fn limit_schema() -> Value {
    json!({ "type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "description": "How many results to return (default 10, at most 20)." })
}

/// The error for a tool whose service key is missing: which variable, and where to get a key.
fn not_configured(tool: &str, service: &str, var: &str, get_one: &str) -> ToolError {
    ToolError::NotConfigured(format!(
        "{tool} is not available: no {service} key is configured. Set the environment variable {var} \
         (or enter the key on the settings screen) and try again; a key can be had at {get_one}."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_variables_count_as_missing_and_base_urls_default_to_the_real_services() {
        let config = ResearchConfig::from_lookup(|name| match name {
            "LEGISCAN_API_KEY" => Some("  ".into()),
            "SERPAPI_API_KEY" => Some(" k ".into()),
            "OPENALEX_BASE_URL" => Some("http://127.0.0.1:9".into()),
            _ => None,
        });
        assert_eq!(config.legiscan_key, None);
        assert_eq!(config.serpapi_key.as_deref(), Some("k"));
        assert_eq!(config.openalex_base_url, "http://127.0.0.1:9");
        assert_eq!(config.courtlistener_base_url, COURTLISTENER_BASE_URL);
        assert_eq!(config.request_timeout, REQUEST_TIMEOUT);
    }

    #[test]
    fn debug_output_never_shows_a_key() {
        let config = ResearchConfig { courtlistener_token: Some("secret-token-123".into()), ..ResearchConfig::default() };
        let shown = format!("{config:?}");
        assert!(!shown.contains("secret-token-123"), "{shown}");
        assert!(shown.contains("courtlistener_token: \"set\""), "{shown}");
    }

    #[test]
    fn limit_defaults_to_ten_and_stays_within_one_to_twenty() {
        assert_eq!(limit_arg(&json!({})).unwrap(), 10);
        assert_eq!(limit_arg(&json!({ "limit": 50 })).unwrap(), 20);
        assert_eq!(limit_arg(&json!({ "limit": 0 })).unwrap(), 1);
        assert_eq!(limit_arg(&json!({ "limit": 5.0 })).unwrap(), 5);
        assert!(matches!(limit_arg(&json!({ "limit": "many" })), Err(ToolError::BadArguments(m)) if m.contains("limit")));
    }

    #[test]
    fn empty_fields_are_left_out_of_a_hit() {
        let hit = Hit { title: Some("T".into()), ..Hit::default() }.with("phone", "").with("rating", Value::Null).with("year", 2020);
        assert_eq!(serde_json::to_value(hit).unwrap(), json!({ "title": "T", "year": 2020 }));
    }
}
