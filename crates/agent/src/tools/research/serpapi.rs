//! SerpAPI's Google search engine: `GET /search.json?engine=google&q=…&api_key=…`, answering with
//! `local_results` (the map pack: `{"places": [...]}`, or a bare list) and `organic_results`.
//! Errors come as `{"error": "..."}`; a search with nothing found says so in `error` with a 200.

use async_trait::async_trait;
use serde_json::{Value, json};

use super::http::ServiceHttp;
use super::{Found, Hit, ResearchConfig, limit_arg, limit_schema, not_configured, opt_text_arg, text, text_arg, text_at};
use crate::cards::CardKind;
use crate::tool::{Effect, Tool, ToolDisplay, ToolError};

const SERVICE: &str = "SerpAPI";
const KEY_VAR: &str = "SERPAPI_API_KEY";
const DEFAULT_LOCATION: &str = "Virginia";
const NOTE: &str = "These are web search listings, not recommendations. Before hiring, check that the lawyer is licensed \
     and in good standing with the Virginia State Bar (vsb.org), which also runs a Lawyer Referral Service.";

#[derive(Debug)]
pub(super) struct SerpApi {
    http: ServiceHttp,
    base_url: String,
    key: Option<String>,
}

impl SerpApi {
    pub(super) fn new(http: reqwest::Client, config: &ResearchConfig) -> Self {
        SerpApi {
            http: ServiceHttp::new(SERVICE, &config.serpapi_base_url, http, config.request_timeout, Some(KEY_VAR), error_message),
            base_url: config.serpapi_base_url.trim_end_matches('/').to_string(),
            key: config.serpapi_key.clone(),
        }
    }

    async fn google(&self, tool: &str, q: &str) -> Result<Value, ToolError> {
        let key = self.key.as_deref().ok_or_else(|| not_configured(tool, SERVICE, KEY_VAR, "https://serpapi.com/manage-api-key"))?;
        let params = [("engine", "google"), ("q", q), ("gl", "us"), ("hl", "en"), ("api_key", key)];
        self.http.json(self.http.client().get(format!("{}/search.json", self.base_url)).query(&params)).await
    }
}

fn error_message(body: &Value) -> Option<String> {
    text_at(body, "error")
}

/// `"family law lawyer Richmond, Virginia"`; no second "lawyer" when the words already say it.
fn google_query(practice: &str, location: &str) -> String {
    let lower = practice.to_lowercase();
    let says_lawyer = ["lawyer", "attorney", "law firm", "legal aid"].iter().any(|w| lower.contains(w));
    if says_lawyer { format!("{practice} {location}") } else { format!("{practice} lawyer {location}") }
}

fn place_hit(place: &Value) -> Hit {
    let about = ["type", "description", "hours"].iter().filter_map(|k| text_at(place, k)).collect::<Vec<_>>().join(" · ");
    let links = place.get("links");
    Hit {
        title: text_at(place, "title"),
        snippet: text::snippet(&about),
        url: links.and_then(|l| text_at(l, "website")).or_else(|| text_at(place, "website")),
        ..Hit::default()
    }
    .with("address", text_at(place, "address"))
    .with("phone", text_at(place, "phone").or_else(|| links.and_then(|l| text_at(l, "phone"))))
    .with("rating", place.get("rating").cloned().unwrap_or(Value::Null))
    .with("reviews", place.get("reviews").cloned().unwrap_or(Value::Null))
}

fn organic_hit(result: &Value) -> Hit {
    Hit {
        title: text_at(result, "title"),
        snippet: text_at(result, "snippet").as_deref().and_then(text::snippet),
        url: text_at(result, "link"),
        ..Hit::default()
    }
}

/// Places on the map first (they carry address and phone), then web results.
fn listings(body: &Value) -> Vec<Hit> {
    let places = match body.get("local_results") {
        Some(Value::Array(places)) => places.as_slice(),
        Some(local) => local.get("places").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default(),
        None => &[],
    };
    let organic = body.get("organic_results").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    places.iter().map(place_hit).chain(organic.iter().map(organic_hit)).collect()
}

pub(super) struct SearchLawyers(pub(super) SerpApi);

#[async_trait]
impl Tool for SearchLawyers {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "search_lawyers"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Lawyers", "Web search (SerpAPI)", "Looking for lawyers", CardKind::Lawyer)
    }
    fn describe_call(&self, args: &Value) -> String {
        let near = args.get("location").and_then(Value::as_str).map(str::trim).filter(|l| !l.is_empty());
        let asked = self.display().describe(args);
        near.map_or_else(|| asked.clone(), |place| format!("{asked} near {place}"))
    }
    fn description(&self) -> &str {
        "Find lawyers or legal aid near the user with a Google search (via SerpAPI). Use it when the user wants a lawyer \
         or legal help for a kind of case. Returns law offices with name, address, phone, rating and website where \
         known, then web results."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "The kind of legal help needed, e.g. \"family law\", \"eviction defense\", \"DUI\", \"free legal aid\"." },
                "location": { "type": "string", "description": "City, county or region, e.g. \"Richmond, Virginia\" or \"Fairfax County, VA\" (default \"Virginia\")." },
                "limit": limit_schema()
            },
            "required": ["query"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let practice = text_arg(&args, "query")?;
        let location = opt_text_arg(&args, "location")?.unwrap_or_else(|| DEFAULT_LOCATION.into());
        let limit = limit_arg(&args)?;
        let q = google_query(&practice, &location);
        let body = self.0.google(self.name(), &q).await?;
        let hits: Vec<Hit> = listings(&body).into_iter().take(limit).collect();
        // With nothing found SerpAPI answers 200 and says so in `error`.
        let note = match error_message(&body) {
            Some(said) if hits.is_empty() => format!("{SERVICE}: {said}"),
            _ => NOTE.to_string(),
        };
        Ok(Found::new(SERVICE, &q, None, hits).note(note).into_value())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_says_where_it_looks_for_lawyers() {
        let tool = SearchLawyers(SerpApi::new(reqwest::Client::new(), &ResearchConfig::default()));
        let said = tool.describe_call(&json!({"query": "family law", "location": "Richmond"}));
        assert_eq!(said, "Looking for lawyers: “family law” near Richmond");
    }

    #[test]
    fn the_query_names_a_lawyer_once() {
        assert_eq!(google_query("family law", "Virginia"), "family law lawyer Virginia");
        assert_eq!(google_query("DUI attorney", "Norfolk, VA"), "DUI attorney Norfolk, VA");
    }
}
