//! CourtListener (Free Law Project), REST API v4: the search API for case law (`type=o`) and
//! federal dockets from RECAP (`type=r`), and the citation lookup API. Token auth:
//! `Authorization: Token <COURTLISTENER_API_TOKEN>`.

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::{Value, json};

use super::http::ServiceHttp;
use super::{Found, Hit, ResearchConfig, limit_arg, limit_schema, not_configured, opt_text_arg, text, text_arg, text_at};
use crate::cards::CardKind;
use crate::tool::{Tool, ToolDisplay, ToolError};

const SERVICE: &str = "CourtListener";
const KEY_VAR: &str = "COURTLISTENER_API_TOKEN";
/// Result links point at the website, where a person reads the case, whatever API host is used.
const SITE: &str = "https://www.courtlistener.com";
/// The citation lookup API refuses longer text.
const MAX_LOOKUP_CHARS: usize = 64_000;

#[derive(Debug)]
pub(super) struct CourtListener {
    http: ServiceHttp,
    base_url: String,
    token: Option<String>,
}

impl CourtListener {
    pub(super) fn new(http: reqwest::Client, config: &ResearchConfig) -> Self {
        CourtListener {
            http: ServiceHttp::new(SERVICE, http, config.request_timeout, Some(KEY_VAR), error_message),
            base_url: config.courtlistener_base_url.trim_end_matches('/').to_string(),
            token: config.courtlistener_token.clone(),
        }
    }

    fn token(&self, tool: &str) -> Result<&str, ToolError> {
        self.token
            .as_deref()
            .ok_or_else(|| not_configured(tool, SERVICE, KEY_VAR, "https://www.courtlistener.com/help/api/rest/ (free account)"))
    }

    /// `GET /api/rest/v4/search/?q=…&type=o|r&highlight=on[&court=…]`.
    async fn search(&self, tool: &str, kind: &str, query: &str, court: Option<&str>) -> Result<Value, ToolError> {
        let token = self.token(tool)?;
        let mut params = vec![("q", query), ("type", kind), ("highlight", "on")];
        if let Some(court) = court {
            params.push(("court", court));
        }
        let request = self
            .http
            .client()
            .get(format!("{}/api/rest/v4/search/", self.base_url))
            .query(&params)
            .header("Authorization", format!("Token {token}"));
        self.http.json(request).await
    }

    /// A search tool's whole call: its `query`, `court` and `limit` arguments, one search of `kind`,
    /// each result normalised by `hit`.
    async fn search_tool(&self, tool: &str, kind: &str, args: &Value, hit: fn(&Value) -> Hit) -> Result<Value, ToolError> {
        let query = text_arg(args, "query")?;
        let court = opt_text_arg(args, "court")?;
        let limit = limit_arg(args)?;
        let body = self.search(tool, kind, &query, court.as_deref()).await?;
        let (total, results) = search_results(&body)?;
        let hits = results.iter().take(limit).map(hit).collect();
        Ok(Found::new(SERVICE, &query, total, hits).into_value())
    }

    /// `POST /api/rest/v4/citation-lookup/` with the form field `text`.
    async fn lookup(&self, tool: &str, text: &str) -> Result<Value, ToolError> {
        let token = self.token(tool)?;
        let request = self
            .http
            .client()
            .post(format!("{}/api/rest/v4/citation-lookup/", self.base_url))
            .form(&[("text", text)])
            .header("Authorization", format!("Token {token}"));
        self.http.json(request).await
    }
}

/// Django REST Framework errors: `{"detail": "..."}`, or `{"field": ["message", ...]}` for bad input.
fn error_message(body: &Value) -> Option<String> {
    if let Some(detail) = text_at(body, "detail") {
        return Some(detail);
    }
    let fields = body.as_object()?;
    let messages: Vec<String> = fields
        .iter()
        .filter_map(|(field, value)| {
            let first = value.as_array().and_then(|m| m.first()).and_then(Value::as_str).or(value.as_str())?;
            Some(format!("{field}: {first}"))
        })
        .collect();
    (!messages.is_empty()).then(|| messages.join("; "))
}

fn site_url(path: Option<String>) -> Option<String> {
    path.map(|p| if p.starts_with("http") { p } else { format!("{SITE}{p}") })
}

/// `2003-01-10` from `2003-01-10` or `1962-03-19T00:00:00-08:00`.
fn day(date: Option<String>) -> Option<String> {
    date.map(|d| d.split('T').next().unwrap_or_default().to_string())
}

/// `{"count", "results": [...]}`, as the search API answers for every type.
fn search_results(body: &Value) -> Result<(Option<u64>, &Vec<Value>), ToolError> {
    let results = body
        .get("results")
        .and_then(Value::as_array)
        .ok_or_else(|| ToolError::Unavailable(format!("{SERVICE} answered without the `results` list its search API documents")))?;
    Ok((body.get("count").and_then(Value::as_u64), results))
}

fn opinion_hit(result: &Value) -> Hit {
    let citations: Vec<&str> =
        result.get("citation").and_then(Value::as_array).map(|c| c.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let snippet = result
        .get("opinions")
        .and_then(Value::as_array)
        .and_then(|opinions| opinions.iter().filter_map(|o| o.get("snippet").and_then(Value::as_str)).find_map(text::snippet))
        .or_else(|| text_at(result, "syllabus").as_deref().and_then(text::snippet));
    Hit {
        title: text_at(result, "caseName").or_else(|| text_at(result, "caseNameFull")),
        citation: (!citations.is_empty()).then(|| citations.join("; ")),
        court: text_at(result, "court"),
        date: day(text_at(result, "dateFiled")),
        snippet,
        url: site_url(text_at(result, "absolute_url")),
        ..Hit::default()
    }
    .with("docket_number", text_at(result, "docketNumber"))
    .with("cited_by", result.get("citeCount").cloned().unwrap_or(Value::Null))
}

fn docket_hit(result: &Value) -> Hit {
    let documents = result.get("recap_documents").and_then(Value::as_array);
    let from_documents = documents.and_then(|docs| {
        docs.iter().find_map(|d| {
            ["snippet", "description", "short_description"].iter().find_map(|k| text_at(d, k)).as_deref().and_then(text::snippet)
        })
    });
    let about = [("Cause", "cause"), ("Nature of suit", "suitNature")]
        .iter()
        .filter_map(|(label, key)| text_at(result, key).map(|v| format!("{label}: {v}.")))
        .collect::<Vec<_>>()
        .join(" ");
    Hit {
        title: text_at(result, "caseName").or_else(|| text_at(result, "case_name_full")),
        court: text_at(result, "court"),
        date: day(text_at(result, "dateFiled")),
        snippet: from_documents.or_else(|| text::snippet(&about)),
        url: site_url(text_at(result, "docket_absolute_url")),
        ..Hit::default()
    }
    .with("docket_number", text_at(result, "docketNumber"))
    .with("date_terminated", day(text_at(result, "dateTerminated")))
}

/// `576 U.S. 644` from a cluster's `{"volume", "reporter", "page"}` citation objects.
fn cluster_citation(cluster: &Value) -> Option<String> {
    cluster
        .get("citations")?
        .as_array()?
        .iter()
        .find_map(|c| Some(format!("{} {} {}", text_at(c, "volume")?, text_at(c, "reporter")?, text_at(c, "page")?)))
}

/// One entry per case found, and one per citation that did not resolve to exactly one case.
fn lookup_hits(citations: &[Value]) -> Vec<Hit> {
    let mut hits = Vec::new();
    for found in citations {
        let cited = found
            .get("normalized_citations")
            .and_then(Value::as_array)
            .and_then(|n| n.first())
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| text_at(found, "citation"));
        let status = found.get("status").and_then(Value::as_u64).unwrap_or(0);
        let outcome = match status {
            200 => "found",
            300 => "ambiguous",
            404 => "not_found",
            400 => "unknown_reporter",
            429 => "not_checked",
            _ => "unknown",
        };
        let clusters = found.get("clusters").and_then(Value::as_array).cloned().unwrap_or_default();
        if clusters.is_empty() {
            let explanation = match status {
                404 => "CourtListener has no case at this citation: it may be mistyped or not exist.",
                400 => "This looks like a citation, but its reporter is unknown.",
                429 => "Too many citations in one request; this one was not looked up.",
                _ => "",
            };
            let message = text_at(found, "error_message").map(|m| format!("{m}. {explanation}")).unwrap_or_else(|| explanation.to_string());
            hits.push(Hit { citation: cited, snippet: text::snippet(&message), ..Hit::default() }.with("status", outcome));
            continue;
        }
        for cluster in &clusters {
            let summary = ["syllabus", "summary", "headnotes"].iter().find_map(|k| text_at(cluster, k));
            hits.push(
                Hit {
                    title: text_at(cluster, "case_name").or_else(|| text_at(cluster, "case_name_full")),
                    citation: if status == 300 { cluster_citation(cluster).or(cited.clone()) } else { cited.clone() },
                    date: day(text_at(cluster, "date_filed")),
                    snippet: summary.as_deref().and_then(text::snippet),
                    url: site_url(text_at(cluster, "absolute_url")),
                    ..Hit::default()
                }
                .with("status", outcome)
                .with("cited_as", text_at(found, "citation")),
            );
        }
    }
    hits
}

pub(super) struct SearchOpinions(pub(super) Arc<CourtListener>);
pub(super) struct SearchDockets(pub(super) Arc<CourtListener>);
pub(super) struct LookupCitation(pub(super) Arc<CourtListener>);

const COURT_DESCRIPTION: &str = "Optional CourtListener court ids, separated by spaces, to search only those courts. Virginia: \
     \"va\" (Supreme Court of Virginia), \"vactapp\" (Court of Appeals of Virginia). Federal courts in Virginia: \"vaed\", \"vawd\" \
     (district courts), \"ca4\" (Fourth Circuit). Leave out to search all courts.";

#[async_trait]
impl Tool for SearchOpinions {
    fn name(&self) -> &str {
        "search_opinions"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Court opinions", "CourtListener", "Searching court opinions", CardKind::Opinion)
    }
    fn description(&self) -> &str {
        "Search published court opinions (case law) from state and federal courts on CourtListener. Use it to find how \
         courts, especially Virginia courts, decided questions like the user's. Returns cases with name, citation, court, \
         date, a snippet of the opinion and a link."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "Words to search for in opinions, e.g. \"security deposit wrongful withholding\". Quote a phrase for an exact match." },
                "court": { "type": "string", "description": COURT_DESCRIPTION },
                "limit": limit_schema()
            },
            "required": ["query"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        self.0.search_tool(self.name(), "o", &args, opinion_hit).await
    }
}

#[async_trait]
impl Tool for SearchDockets {
    fn name(&self) -> &str {
        "search_dockets"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Court dockets", "CourtListener (federal dockets)", "Searching court dockets", CardKind::Docket)
    }
    fn description(&self) -> &str {
        "Search federal court cases (dockets from PACER, via CourtListener's RECAP archive) by party name, case name or \
         words in the filings. Only federal courts: Virginia state court cases are not here. Returns case name, docket \
         number, court, filing date, a snippet of a matching filing and a link."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "A party or case name (\"Smith v. Jones\") or words in the filings (\"eviction\")." },
                "court": { "type": "string", "description": "Optional federal court ids separated by spaces, e.g. \"vaed vawd\" (the federal district courts in Virginia) or \"ca4\"." },
                "limit": limit_schema()
            },
            "required": ["query"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        self.0.search_tool(self.name(), "r", &args, docket_hit).await
    }
}

#[async_trait]
impl Tool for LookupCitation {
    fn name(&self) -> &str {
        "lookup_citation"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Citation check", "CourtListener", "Checking case citations", CardKind::Opinion)
    }
    fn description(&self) -> &str {
        "Check case citations against CourtListener: give one citation (\"576 U.S. 644\") or a passage containing \
         several, and learn for each whether a real case has that citation (status found, ambiguous, not_found), with \
         its name, date and link. Use it before relying on a case citation. It does not check statutes such as \
         Va. Code § 20-124.3 (use search_nodes for those)."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "text": { "type": "string", "description": "A single case citation such as \"576 U.S. 644\" or \"270 Va. 1\", or a passage of text containing case citations." }
            },
            "required": ["text"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let passage = text_arg(&args, "text")?;
        let passage = match passage.char_indices().nth(MAX_LOOKUP_CHARS) {
            Some((end, _)) => passage[..end].to_string(),
            None => passage,
        };
        let body = self.0.lookup(self.name(), &passage).await?;
        let citations = body.as_array().ok_or_else(|| {
            ToolError::Unavailable(format!("{SERVICE} answered without the list of citations its citation lookup documents"))
        })?;
        let found = Found::new(SERVICE, &passage, Some(citations.len() as u64), lookup_hits(citations));
        Ok(if citations.is_empty() {
            found.note("No case citations were found in the text. Statutes (such as Va. Code § 20-124.3) are not looked up here.")
        } else {
            found
        }
        .into_value())
    }
}
