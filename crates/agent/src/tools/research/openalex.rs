//! OpenAlex, works search: `GET /works?search=…&per_page=…[&mailto=…]`, answering `{"meta":
//! {"count"}, "results": [work]}`. No key; `OPENALEX_EMAIL`, when set, is sent as `mailto`.
//! Abstracts come as an inverted index (word → positions) and are put back in order here.

use std::collections::HashMap;

use async_trait::async_trait;
use serde_json::{Value, json};

use super::http::ServiceHttp;
use super::{Found, Hit, ResearchConfig, limit_arg, limit_schema, text, text_arg, text_at};
use crate::cards::CardKind;
use crate::tool::{Effect, Tool, ToolDisplay, ToolError};

const SERVICE: &str = "OpenAlex";
/// Authors named before "et al.".
const AUTHORS_SHOWN: usize = 3;
/// Only the root fields this tool reads, to keep answers small.
const SELECT: &str =
    "id,doi,display_name,title,publication_year,publication_date,authorships,primary_location,abstract_inverted_index,cited_by_count";
/// An abstract's words beyond this position are never needed for a snippet.
const MAX_ABSTRACT_WORDS: usize = 2_000;

#[derive(Debug)]
pub(super) struct OpenAlex {
    http: ServiceHttp,
    base_url: String,
    email: Option<String>,
}

impl OpenAlex {
    pub(super) fn new(http: reqwest::Client, config: &ResearchConfig) -> Self {
        OpenAlex {
            http: ServiceHttp::new(SERVICE, &config.openalex_base_url, http, config.request_timeout, None, error_message),
            base_url: config.openalex_base_url.trim_end_matches('/').to_string(),
            email: config.openalex_email.clone(),
        }
    }

    async fn search(&self, query: &str, per_page: usize) -> Result<Value, ToolError> {
        let mut params = vec![("search", query.to_string()), ("per_page", per_page.to_string()), ("select", SELECT.into())];
        if let Some(email) = &self.email {
            params.push(("mailto", email.clone()));
        }
        self.http.json(self.http.client().get(format!("{}/works", self.base_url)).query(&params)).await
    }
}

/// `{"error": "...", "message": "..."}`.
fn error_message(body: &Value) -> Option<String> {
    match (text_at(body, "error"), text_at(body, "message")) {
        (Some(error), Some(message)) => Some(format!("{error} {message}")),
        (error, message) => message.or(error),
    }
}

/// The abstract's words in order, from `{"word": [positions]}`.
fn abstract_text(index: &Value) -> Option<String> {
    let index: HashMap<String, Vec<usize>> = serde_json::from_value(index.clone()).ok()?;
    let mut words: Vec<(usize, &str)> = index
        .iter()
        .flat_map(|(word, positions)| positions.iter().filter(|&&p| p < MAX_ABSTRACT_WORDS).map(move |&p| (p, word.as_str())))
        .collect();
    words.sort_unstable();
    let text = words.into_iter().map(|(_, word)| word).collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

fn work_hit(work: &Value) -> Hit {
    let names: Vec<&str> = work
        .get("authorships")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|a| a.get("author")?.get("display_name")?.as_str()).collect())
        .unwrap_or_default();
    let authors = match names.len() {
        0 => None,
        n if n > AUTHORS_SHOWN => Some(format!("{} et al.", names[..AUTHORS_SHOWN].join(", "))),
        _ => Some(names.join(", ")),
    };
    let location = work.get("primary_location").filter(|l| l.is_object());
    let venue = location.and_then(|l| l.get("source")).and_then(|s| text_at(s, "display_name"));
    let doi = text_at(work, "doi");
    let url = doi.clone().or_else(|| location.and_then(|l| text_at(l, "landing_page_url"))).or_else(|| text_at(work, "id"));
    Hit {
        title: text_at(work, "display_name").or_else(|| text_at(work, "title")).map(|t| text::plain(&t)),
        date: text_at(work, "publication_date"),
        snippet: work.get("abstract_inverted_index").and_then(abstract_text).as_deref().and_then(text::snippet),
        url,
        ..Hit::default()
    }
    .with("authors", authors)
    .with("year", work.get("publication_year").cloned().unwrap_or(Value::Null))
    .with("venue", venue)
    .with("doi", doi)
    .with("cited_by", work.get("cited_by_count").cloned().unwrap_or(Value::Null))
}

pub(super) struct SearchAcademic(pub(super) OpenAlex);

#[async_trait]
impl Tool for SearchAcademic {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "search_academic"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Scholarly articles", "OpenAlex", "Searching scholarly articles", CardKind::Article)
    }
    fn description(&self) -> &str {
        "Search scholarly writing (law review articles, studies, books) on OpenAlex. Use it for background and analysis \
         of a legal topic, not for the law itself. Returns works with title, authors, year, journal, DOI or link, and the \
         start of the abstract."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "Words describing the topic, e.g. \"pro se litigants access to justice\"." },
                "limit": limit_schema()
            },
            "required": ["query"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let query = text_arg(&args, "query")?;
        let limit = limit_arg(&args)?;
        let body = self.0.search(&query, limit).await?;
        let results = body
            .get("results")
            .and_then(Value::as_array)
            .ok_or_else(|| ToolError::Unavailable(format!("{SERVICE} answered without the `results` list its works search documents")))?;
        let total = body.get("meta").and_then(|m| m.get("count")).and_then(Value::as_u64);
        let hits = results.iter().take(limit).map(work_hit).collect();
        Ok(Found::new(SERVICE, &query, total, hits).into_value())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inverted_index_reads_back_in_order() {
        let index = json!({ "Tenants": [0], "have": [1], "rights.": [4], "many": [3], "too": [2] });
        assert_eq!(abstract_text(&index).as_deref(), Some("Tenants have too many rights."));
    }

    #[test]
    fn a_repeated_word_appears_at_each_position() {
        let index = json!({ "the": [0, 2], "court": [1], "record": [3] });
        assert_eq!(abstract_text(&index).as_deref(), Some("the court the record"));
    }

    #[test]
    fn no_index_or_a_malformed_one_gives_no_abstract() {
        assert_eq!(abstract_text(&json!({})), None);
        assert_eq!(abstract_text(&json!({ "word": "not positions" })), None);
    }
}
