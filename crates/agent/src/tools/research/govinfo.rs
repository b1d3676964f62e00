//! GovInfo (U.S. Government Publishing Office), search service: `POST /search` with a JSON body
//! `{"query", "pageSize", "offsetMark": "*", "sorts"}`, answering `{"count", "offsetMark",
//! "results": [{"title", "packageId", "granuleId", "dateIssued", "collectionCode",
//! "governmentAuthor", ...}]}`. The key is an api.data.gov key, sent as the `X-Api-Key` header so it
//! stays out of URLs.

use async_trait::async_trait;
use serde_json::{Value, json};

use super::http::ServiceHttp;
use super::{Found, Hit, ResearchConfig, limit_arg, limit_schema, not_configured, opt_text_arg, text_arg, text_at};
use crate::cards::CardKind;
use crate::tool::{Effect, Tool, ToolDisplay, ToolError};

const SERVICE: &str = "GovInfo";
const KEY_VAR: &str = "GOVINFO_API_KEY";
/// Result links point at the public details page, not the API (whose links need the key).
const SITE: &str = "https://www.govinfo.gov/app/details";

#[derive(Debug)]
pub(super) struct GovInfo {
    http: ServiceHttp,
    base_url: String,
    key: Option<String>,
}

impl GovInfo {
    pub(super) fn new(http: reqwest::Client, config: &ResearchConfig) -> Self {
        GovInfo {
            http: ServiceHttp::new(SERVICE, &config.govinfo_base_url, http, config.request_timeout, Some(KEY_VAR), error_message),
            base_url: config.govinfo_base_url.trim_end_matches('/').to_string(),
            key: config.govinfo_key.clone(),
        }
    }

    async fn search(&self, tool: &str, query: &str, page_size: usize) -> Result<Value, ToolError> {
        let key = self.key.as_deref().ok_or_else(|| not_configured(tool, SERVICE, KEY_VAR, "https://www.govinfo.gov/api-signup (free)"))?;
        let body = json!({
            "query": query,
            "pageSize": page_size,
            "offsetMark": "*",
            "sorts": [{ "field": "score", "sortOrder": "DESC" }],
            "resultLevel": "default",
        });
        let request = self.http.client().post(format!("{}/search", self.base_url)).header("X-Api-Key", key).json(&body);
        self.http.json(request).await
    }
}

/// api.data.gov answers `{"error": {"code", "message"}}`; GovInfo itself `{"message": "..."}`.
fn error_message(body: &Value) -> Option<String> {
    body.get("error").and_then(|e| text_at(e, "message").or_else(|| e.as_str().map(str::to_string))).or_else(|| text_at(body, "message"))
}

fn document_hit(result: &Value) -> Hit {
    let authors: Vec<&str> =
        result.get("governmentAuthor").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let authors = (!authors.is_empty()).then(|| authors.join("; "));
    let collection = text_at(result, "collectionCode");
    let is_opinion = collection.as_deref() == Some("USCOURTS");
    let url = text_at(result, "packageId").map(|package| match text_at(result, "granuleId") {
        Some(granule) => format!("{SITE}/{package}/{granule}"),
        None => format!("{SITE}/{package}"),
    });
    Hit {
        title: text_at(result, "title"),
        citation: text_at(result, "granuleId").or_else(|| text_at(result, "packageId")),
        court: if is_opinion { authors.clone() } else { None },
        date: text_at(result, "dateIssued"),
        url,
        ..Hit::default()
    }
    .with("collection", collection)
    .with("author", if is_opinion { None } else { authors })
}

pub(super) struct SearchGovInfo(pub(super) GovInfo);

#[async_trait]
impl Tool for SearchGovInfo {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "search_govinfo"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Federal publications", "GovInfo", "Searching federal publications", CardKind::Publication)
    }
    fn description(&self) -> &str {
        "Search official U.S. federal government publications on GovInfo: the United States Code, the Code of Federal \
         Regulations, the Federal Register, public laws, congressional bills and federal court opinions. Use it for \
         federal law. Returns documents with title, identifier, date, collection and a link."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "Words to search for, e.g. \"fair debt collection\"." },
                "collection": {
                    "type": "string",
                    "description": "Optional: search only one collection. USCODE (United States Code), CFR (federal regulations), FR (Federal Register), PLAW (public laws), BILLS (congressional bills), USCOURTS (federal court opinions)."
                },
                "limit": limit_schema()
            },
            "required": ["query"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let query = text_arg(&args, "query")?;
        let limit = limit_arg(&args)?;
        let search = match opt_text_arg(&args, "collection")?.map(|c| c.to_ascii_uppercase()) {
            Some(collection) if collection.chars().all(|c| c.is_ascii_alphanumeric()) => format!("collection:({collection}) AND ({query})"),
            Some(other) => {
                return Err(ToolError::BadArguments(format!("`collection` must be a collection code such as USCODE, got \"{other}\"")));
            }
            None => query.clone(),
        };
        let body = self.0.search(self.name(), &search, limit).await?;
        let results = body
            .get("results")
            .and_then(Value::as_array)
            .ok_or_else(|| ToolError::Unavailable(format!("{SERVICE} answered without the `results` list its search service documents")))?;
        let hits = results.iter().take(limit).map(document_hit).collect();
        Ok(Found::new(SERVICE, &search, body.get("count").and_then(Value::as_u64), hits).into_value())
    }
}
