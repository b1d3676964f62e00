//! CourtListener (Free Law Project), REST API v4: the search API for case law (`type=o`, and
//! `q=cites:(id)` for the opinions citing one) and federal dockets from RECAP (`type=r`), the
//! citation lookup API, and the case-law API for one opinion's text (opinions, clusters, dockets).
//! Token auth: `Authorization: Token <COURTLISTENER_API_TOKEN>`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use serde_json::{Value, json};

use super::http::ServiceHttp;
use super::{Found, Hit, ResearchConfig, limit_arg, limit_schema, not_configured, opt_text_arg, text, text_arg, text_at};
use crate::cards::CardKind;
use crate::tool::{Effect, Tool, ToolDisplay, ToolError, opt_arg};

const SERVICE: &str = "CourtListener";
const KEY_VAR: &str = "COURTLISTENER_API_TOKEN";
/// Result links point at the website, where a person reads the case, whatever API host is used.
const SITE: &str = "https://www.courtlistener.com";
/// The citation lookup API refuses longer text.
const MAX_LOOKUP_CHARS: usize = 64_000;

/// Opinions kept after fetching, so `fetch_opinion` then `process_opinion` ask once.
const OPINION_CACHE: usize = 16;
/// The most text of one opinion kept (the longest opinions run to a few hundred thousand characters).
pub const MAX_OPINION_CHARS: usize = 400_000;

#[derive(Debug)]
pub(super) struct CourtListener {
    http: ServiceHttp,
    base_url: String,
    token: Option<String>,
    opinions: Mutex<VecDeque<Arc<Opinion>>>,
}

/// One opinion as the case-law API has it: its text and its case (from the opinion's cluster and
/// the cluster's docket).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Opinion {
    pub opinion_id: u64,
    pub cluster_id: Option<u64>,
    pub case_name: String,
    pub court: Option<String>,
    pub court_id: Option<String>,
    pub date_filed: Option<String>,
    /// `301 Va. 100; 880 S.E.2d 1`.
    pub citation: Option<String>,
    pub url: Option<String>,
    pub author: Option<String>,
    /// The opinions this one cites, by id (the API's `opinions_cited`).
    pub opinions_cited: Vec<u64>,
    /// Plain text (HTML versions are turned into text), cut to [`MAX_OPINION_CHARS`].
    pub text: String,
}

impl CourtListener {
    pub(super) fn new(http: reqwest::Client, config: &ResearchConfig) -> Self {
        CourtListener {
            http: ServiceHttp::new(SERVICE, &config.courtlistener_base_url, http, config.request_timeout, Some(KEY_VAR), error_message),
            base_url: config.courtlistener_base_url.trim_end_matches('/').to_string(),
            token: config.courtlistener_token.clone(),
            opinions: Mutex::new(VecDeque::new()),
        }
    }

    /// `GET {base}{path}` with the token, read as JSON.
    async fn get(&self, tool: &str, path: &str) -> Result<Value, ToolError> {
        let token = self.token(tool)?;
        let request = self.http.client().get(format!("{}{path}", self.base_url)).header("Authorization", format!("Token {token}"));
        self.http.json(request).await
    }

    /// One opinion with its case: `GET /api/rest/v4/opinions/{id}/`, then its cluster (name,
    /// date, citations) and the cluster's docket (the court). A cluster or docket that cannot be
    /// read leaves those fields empty rather than failing the opinion.
    pub(super) async fn opinion(&self, tool: &str, id: u64) -> Result<Arc<Opinion>, ToolError> {
        if let Some(found) = self.opinions.lock().ok().and_then(|c| c.iter().find(|o| o.opinion_id == id).cloned()) {
            return Ok(found);
        }
        let body = self.get(tool, &format!("/api/rest/v4/opinions/{id}/")).await?;
        if body.get("id").is_none() {
            return Err(ToolError::Unavailable(format!("{SERVICE} answered without the opinion its case-law API documents")));
        }
        let text = opinion_text(&body);
        let cluster_id = body.get("cluster_id").and_then(Value::as_u64).or_else(|| id_in_url(body.get("cluster")?.as_str()?));
        let cluster = match cluster_id {
            Some(cluster_id) => self.get(tool, &format!("/api/rest/v4/clusters/{cluster_id}/")).await.ok(),
            None => None,
        };
        let cluster = cluster.unwrap_or(Value::Null);
        let docket_id = cluster.get("docket_id").and_then(Value::as_u64).or_else(|| id_in_url(cluster.get("docket")?.as_str()?));
        let docket = match docket_id {
            Some(docket_id) => self.get(tool, &format!("/api/rest/v4/dockets/{docket_id}/")).await.ok(),
            None => None,
        };
        let docket = docket.unwrap_or(Value::Null);
        let court_id = text_at(&docket, "court_id").or_else(|| docket.get("court").and_then(Value::as_str).and_then(court_in_url));
        let opinion = Arc::new(Opinion {
            opinion_id: id,
            cluster_id,
            case_name: text_at(&cluster, "case_name")
                .or_else(|| text_at(&cluster, "case_name_full"))
                .or_else(|| text_at(&docket, "case_name"))
                .unwrap_or_else(|| format!("Opinion {id}")),
            court: court_id.as_deref().map(court_name),
            court_id,
            date_filed: day(text_at(&cluster, "date_filed")),
            citation: cluster_citations(&cluster),
            url: site_url(text_at(&cluster, "absolute_url").or_else(|| text_at(&body, "absolute_url"))),
            author: text_at(&body, "author_str"),
            opinions_cited: body
                .get("opinions_cited")
                .and_then(Value::as_array)
                .map(|cited| cited.iter().filter_map(|u| u.as_str().and_then(id_in_url).or_else(|| u.as_u64())).collect())
                .unwrap_or_default(),
            text: text::cut(&text, MAX_OPINION_CHARS),
        });
        if let Ok(mut cache) = self.opinions.lock() {
            if cache.len() >= OPINION_CACHE {
                cache.pop_front();
            }
            cache.push_back(opinion.clone());
        }
        Ok(opinion)
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

/// The opinion's words: `plain_text` when it has them, else the first HTML or XML version, as text.
fn opinion_text(body: &Value) -> String {
    if let Some(plain) = body.get("plain_text").and_then(Value::as_str).filter(|t| !t.trim().is_empty()) {
        return plain.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    ["html_with_citations", "html", "html_lawbox", "html_columbia", "html_anon_2020", "xml_harvard"]
        .iter()
        .find_map(|k| body.get(*k).and_then(Value::as_str).filter(|t| !t.trim().is_empty()))
        .map(text::plain)
        .unwrap_or_default()
}

/// The id at the end of an API URL such as `https://www.courtlistener.com/api/rest/v4/clusters/123/`.
fn id_in_url(url: &str) -> Option<u64> {
    url.trim_end_matches('/').rsplit('/').next()?.parse().ok()
}

/// The court id at the end of a courts URL (`…/api/rest/v4/courts/vactapp/`).
fn court_in_url(url: &str) -> Option<String> {
    let id = url.trim_end_matches('/').rsplit('/').next()?;
    (!id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric())).then(|| id.to_string())
}

/// A court's name for the ids a Virginia case most often has; others by their id.
fn court_name(id: &str) -> String {
    match id {
        "va" => "Supreme Court of Virginia",
        "vactapp" => "Court of Appeals of Virginia",
        "vacc" => "Virginia Circuit Court",
        "ca4" => "Court of Appeals for the Fourth Circuit",
        "vaed" => "U.S. District Court for the Eastern District of Virginia",
        "vawd" => "U.S. District Court for the Western District of Virginia",
        "scotus" => "Supreme Court of the United States",
        other => other,
    }
    .to_string()
}

/// Every citation of a cluster, `301 Va. 100; 880 S.E.2d 1`.
fn cluster_citations(cluster: &Value) -> Option<String> {
    let all: Vec<String> = cluster
        .get("citations")?
        .as_array()?
        .iter()
        .filter_map(|c| Some(format!("{} {} {}", text_at(c, "volume")?, text_at(c, "reporter")?, text_at(c, "page")?)))
        .collect();
    (!all.is_empty()).then(|| all.join("; "))
}

/// An opinion id argument: a number, or digits in a string (`"6613688"`).
fn opinion_id_arg(args: &Value) -> Result<u64, ToolError> {
    match args.get("opinion_id") {
        Some(Value::Number(n)) if n.as_u64().is_some_and(|n| n > 0) => Ok(n.as_u64().unwrap_or_default()),
        Some(Value::String(s)) if s.trim().parse::<u64>().is_ok_and(|n| n > 0) => Ok(s.trim().parse().unwrap_or_default()),
        Some(other) => Err(ToolError::BadArguments(format!(
            "`opinion_id` must be a CourtListener opinion id (a positive number, the `opinion_id` of a search result), got {other}"
        ))),
        None => Err(ToolError::BadArguments("`opinion_id` is required".into())),
    }
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
    // The ids to follow the case with: its text (`fetch_opinion`), who cites it (`get_citing_opinions`).
    .with("opinion_id", lead_opinion_id(result).map(Value::from).unwrap_or(Value::Null))
    .with("cluster_id", result.get("cluster_id").cloned().unwrap_or(Value::Null))
}

/// The id of a search result's first opinion (the lead opinion comes first).
fn lead_opinion_id(result: &Value) -> Option<u64> {
    result.get("opinions")?.as_array()?.iter().find_map(|o| o.get("id")?.as_u64())
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
pub(super) struct GetCitingOpinions(pub(super) Arc<CourtListener>);
pub(super) struct FetchOpinion(pub(super) Arc<CourtListener>);

/// What `fetch_opinion` gives the model unless it asks for more.
pub const FETCH_DEFAULT_CHARS: usize = 6_000;
/// The most a model may ask `fetch_opinion` for (the schema's maximum). `process_opinion` calls it
/// directly for up to [`MAX_OPINION_CHARS`] to find every citation.
pub const FETCH_MODEL_MAX_CHARS: usize = 20_000;

const COURT_DESCRIPTION: &str = "Optional CourtListener court ids, separated by spaces, to search only those courts. Virginia: \
     \"va\" (Supreme Court of Virginia), \"vactapp\" (Court of Appeals of Virginia). Federal courts in Virginia: \"vaed\", \"vawd\" \
     (district courts), \"ca4\" (Fourth Circuit). Leave out to search all courts.";

#[async_trait]
impl Tool for SearchOpinions {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn unconfigured(&self) -> Option<ToolError> {
        self.0.token(self.name()).err()
    }
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
    fn effect(&self) -> Effect {
        Effect::Reads
    }
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
    fn effect(&self) -> Effect {
        Effect::Reads
    }
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

const OPINION_ID_DESCRIPTION: &str = "A CourtListener opinion id: the `opinion_id` of a search_opinions or get_citing_opinions result.";

#[async_trait]
impl Tool for GetCitingOpinions {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn unconfigured(&self) -> Option<ToolError> {
        self.0.token(self.name()).err()
    }
    fn name(&self) -> &str {
        "get_citing_opinions"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Citing opinions", "CourtListener", "Finding the opinions that cite a case", CardKind::Opinion)
    }
    fn description(&self) -> &str {
        "List the court opinions that cite one opinion (citation crawling): later cases that relied on it, in the \
         same shape as search_opinions, each with its own opinion_id to follow further."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "opinion_id": { "type": "integer", "description": OPINION_ID_DESCRIPTION },
                "court": { "type": "string", "description": COURT_DESCRIPTION },
                "limit": limit_schema()
            },
            "required": ["opinion_id"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let id = opinion_id_arg(&args)?;
        let court = opt_text_arg(&args, "court")?;
        let limit = limit_arg(&args)?;
        let query = format!("cites:({id})");
        let body = self.0.search(self.name(), "o", &query, court.as_deref()).await?;
        let (total, results) = search_results(&body)?;
        let hits = results.iter().take(limit).map(opinion_hit).collect();
        let found = Found::new(SERVICE, &query, total, hits);
        Ok(if results.is_empty() { found.note(format!("No opinion on CourtListener cites opinion {id}.")) } else { found }.into_value())
    }
}

#[async_trait]
impl Tool for FetchOpinion {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn unconfigured(&self) -> Option<ToolError> {
        self.0.token(self.name()).err()
    }
    fn name(&self) -> &str {
        "fetch_opinion"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Court opinion", "CourtListener", "Reading a court opinion", CardKind::Opinion)
    }
    fn description(&self) -> &str {
        "Read one court opinion from CourtListener: its case name, court, date, citation, link and text (the first \
         6,000 characters unless max_chars asks for more)."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "opinion_id": { "type": "integer", "description": OPINION_ID_DESCRIPTION },
                "max_chars": { "type": "integer", "minimum": 500, "maximum": FETCH_MODEL_MAX_CHARS, "description": "How much of the text to return (default 6000, at most 20000)." }
            },
            "required": ["opinion_id"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let id = opinion_id_arg(&args)?;
        let max =
            opt_arg::<f64>(&args, "max_chars")?.map_or(FETCH_DEFAULT_CHARS, |n| n.round().clamp(500.0, MAX_OPINION_CHARS as f64) as usize);
        let opinion = self.0.opinion(self.name(), id).await?;
        let chars = opinion.text.chars().count();
        let mut value = serde_json::to_value(opinion.as_ref()).map_err(|e| ToolError::Failed(e.to_string()))?;
        value["service"] = json!(SERVICE);
        value["text"] = json!(text::cut(&opinion.text, max));
        value["text_chars"] = json!(chars);
        value["truncated"] = json!(chars > max);
        if opinion.text.is_empty() {
            value["note"] = json!("CourtListener has no text for this opinion (only a scan, or not yet processed); read it at the link.");
        }
        Ok(value)
    }
}
