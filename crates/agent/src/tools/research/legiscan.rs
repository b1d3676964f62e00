//! LegiScan's pull API, operation `getSearch`: full-text search of bills in a state legislature
//! (`GET /?key=…&op=getSearch&state=VA&query=…`). LegiScan reports errors inside a 200 answer as
//! `{"status": "ERROR", "alert": {"message": "..."}}`.

use async_trait::async_trait;
use serde_json::{Value, json};

use super::http::ServiceHttp;
use super::{Found, Hit, ResearchConfig, limit_arg, limit_schema, not_configured, opt_text_arg, text, text_arg, text_at};
use crate::cards::CardKind;
use crate::tool::{Effect, Tool, ToolDisplay, ToolError, opt_arg};

const SERVICE: &str = "LegiScan";
const KEY_VAR: &str = "LEGISCAN_API_KEY";

#[derive(Debug)]
pub(super) struct LegiScan {
    http: ServiceHttp,
    base_url: String,
    key: Option<String>,
}

impl LegiScan {
    pub(super) fn new(http: reqwest::Client, config: &ResearchConfig) -> Self {
        LegiScan {
            http: ServiceHttp::new(SERVICE, &config.legiscan_base_url, http, config.request_timeout, Some(KEY_VAR), error_message),
            base_url: config.legiscan_base_url.trim_end_matches('/').to_string(),
            key: config.legiscan_key.clone(),
        }
    }

    async fn search(&self, tool: &str, state: &str, query: &str, year: Option<u32>) -> Result<Value, ToolError> {
        let key =
            self.key.as_deref().ok_or_else(|| not_configured(tool, SERVICE, KEY_VAR, "https://legiscan.com/legiscan (free account)"))?;
        let mut params = vec![("key", key.to_string()), ("op", "getSearch".into()), ("state", state.into()), ("query", query.into())];
        if let Some(year) = year {
            params.push(("year", year.to_string()));
        }
        let body = self.http.json(self.http.client().get(format!("{}/", self.base_url)).query(&params)).await?;
        if body.get("status").and_then(Value::as_str) != Some("OK") {
            let message = error_message(&body).unwrap_or_else(|| "the answer's status was not OK".into());
            return Err(ToolError::Unavailable(format!("{SERVICE} refused the search: {}", text::plain(&message))));
        }
        Ok(body)
    }
}

fn error_message(body: &Value) -> Option<String> {
    body.get("alert").and_then(|a| text_at(a, "message"))
}

/// `searchresult` holds `summary` and the bills under keys "0", "1", …, in relevance order.
fn bills(body: &Value) -> Result<(Option<u64>, Vec<&Value>), ToolError> {
    let result = body
        .get("searchresult")
        .and_then(Value::as_object)
        .ok_or_else(|| ToolError::Unavailable(format!("{SERVICE} answered without the `searchresult` its getSearch documents")))?;
    let total = result.get("summary").and_then(|s| s.get("count")).and_then(|c| c.as_u64().or_else(|| c.as_str()?.parse().ok()));
    // Keys sort as text ("10" before "2"); put them back in number order.
    let mut numbered: Vec<(usize, &Value)> = result.iter().filter_map(|(key, bill)| Some((key.parse().ok()?, bill))).collect();
    numbered.sort_by_key(|(n, _)| *n);
    Ok((total, numbered.into_iter().map(|(_, bill)| bill).collect()))
}

fn bill_hit(bill: &Value) -> Hit {
    let number = match (text_at(bill, "state"), text_at(bill, "bill_number")) {
        (Some(state), Some(number)) => Some(format!("{state} {number}")),
        (_, number) => number,
    };
    Hit {
        title: text_at(bill, "title"),
        citation: number,
        date: text_at(bill, "last_action_date"),
        snippet: text_at(bill, "last_action").and_then(|a| text::snippet(&format!("Last action: {a}"))),
        url: text_at(bill, "url"),
        ..Hit::default()
    }
    .with("text_url", text_at(bill, "text_url"))
    .with("relevance", bill.get("relevance").cloned().unwrap_or(Value::Null))
}

pub(super) struct SearchStatutes(pub(super) LegiScan);

#[async_trait]
impl Tool for SearchStatutes {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "search_statutes"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Virginia bills", "LegiScan", "Searching Virginia bills", CardKind::Bill)
    }
    fn description(&self) -> &str {
        "Search bills in a state legislature (LegiScan), Virginia's General Assembly by default: proposed and passed bills \
         that change the law, with bill number, title, last action and its date, and a link. For the current text of the \
         Code of Virginia use search_nodes instead."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "Words to search for in bill text, e.g. \"tenant security deposit\", or a bill number such as \"HB 1234\"." },
                "state": { "type": "string", "description": "Two-letter state code (default \"VA\"), \"US\" for Congress, or \"ALL\" for every state." },
                "year": { "type": "integer", "description": "Which sessions: 1 = all years, 2 = current session (default), 3 = recent, 4 = prior, or a year such as 2024." },
                "limit": limit_schema()
            },
            "required": ["query"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let query = text_arg(&args, "query")?;
        let state = opt_text_arg(&args, "state")?.unwrap_or_else(|| "VA".into()).to_ascii_uppercase();
        if !(state.len() == 2 && state.chars().all(|c| c.is_ascii_alphabetic()) || state == "ALL") {
            return Err(ToolError::BadArguments(format!("`state` must be a two-letter state code or \"ALL\", got \"{state}\"")));
        }
        let year = opt_arg::<u32>(&args, "year")?;
        let limit = limit_arg(&args)?;
        let body = self.0.search(self.name(), &state, &query, year).await?;
        let (total, bills) = bills(&body)?;
        let hits = bills.into_iter().take(limit).map(bill_hit).collect();
        let found = Found::new(SERVICE, &query, total, hits);
        Ok(if state == "VA" { found } else { found.note(format!("Bills of {state}, not Virginia.")) }.into_value())
    }
}
