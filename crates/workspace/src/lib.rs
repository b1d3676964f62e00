//! `proseva-workspace`: the case workspace's one way to the person's data — a typed client of
//! proseva-server's REST API (cases, deadlines, contacts, finances, timeline, notes, saved
//! conversations, documents, backups), and what reaches the person outside the window (reminders,
//! the calendar file), a case's step-by-step path, the papers it files (built, checked, and
//! official forms filled) and the proof for its hearing. The desktop's commands are thin over it,
//! and it is tested against the real server without a window.
//!
//! ```no_run
//! # async fn demo() -> Result<(), proseva_workspace::WorkspaceError> {
//! use proseva_workspace::{ListQuery, Resource, Workspace};
//! use serde_json::json;
//!
//! let http = proseva_http::loopback_client_builder("proseva-example/1").build().unwrap();
//! let workspace = Workspace::new(http, "http://127.0.0.1:3001", Some("token".into()));
//! let case = workspace.create(Resource::Cases, &json!({"name": "Smith v. Smith"})).await?;
//! let page = workspace.list(Resource::Deadlines, &ListQuery::for_case(case["id"].as_i64()).page(100, 0)).await?;
//! println!("{} of {} deadlines", page.items.len(), page.total);
//! # Ok(()) }
//! ```
//!
//! Records travel as JSON objects in the server's shapes (`docs/workspace.md`): the server
//! validates them and its field errors come back as [`WorkspaceError::Invalid`], field by field.

mod calendar;
mod error;
mod export;
mod help;
mod papers;
mod paths;
mod privacy;
mod proof;
mod resource;

use std::collections::BTreeMap;

use reqwest::{Method, RequestBuilder, Response};
use serde::Serialize;
use serde_json::{Value, json};

pub use calendar::{CalendarFile, CalendarScope, MAX_DISMISS_KEYS, count_events};
pub use error::WorkspaceError;
pub use export::{case_summary, conversation_markdown};
pub use paths::is_step_id;
pub use privacy::Unlock;
pub use resource::Resource;

/// Which records a list asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListQuery {
    pub case_id: Option<i64>,
    pub limit: Option<i64>,
    pub offset: Option<i64>,
    /// The resource's own filters (`from`, `to`, `done`, `query`, `party`, `critical`), as the
    /// query string carries them.
    pub filter: BTreeMap<String, String>,
}

impl ListQuery {
    pub fn for_case(case_id: Option<i64>) -> Self {
        ListQuery { case_id, ..Default::default() }
    }

    pub fn page(mut self, limit: i64, offset: i64) -> Self {
        self.limit = Some(limit);
        self.offset = Some(offset);
        self
    }

    pub fn with(mut self, name: &str, value: impl ToString) -> Self {
        self.filter.insert(name.to_string(), value.to_string());
        self
    }

    fn pairs(&self) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(id) = self.case_id {
            pairs.push(("caseId".into(), id.to_string()));
        }
        if let Some(limit) = self.limit {
            pairs.push(("limit".into(), limit.to_string()));
        }
        if let Some(offset) = self.offset {
            pairs.push(("offset".into(), offset.to_string()));
        }
        pairs.extend(self.filter.iter().map(|(k, v)| (k.clone(), v.clone())));
        pairs
    }
}

/// The file name a response's `Content-Disposition` gives (`filename="…"`).
fn disposition_name(response: &Response) -> Option<String> {
    response
        .headers()
        .get(reqwest::header::CONTENT_DISPOSITION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split("filename=\"").nth(1))
        .map(|v| v.trim_end_matches('"').to_string())
}

/// One page of a list and how many records match in all.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Page {
    pub items: Vec<Value>,
    pub total: i64,
    pub limit: Option<i64>,
    pub offset: i64,
}

/// A client of one server: its base URL and token. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Workspace {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
    /// The window's language (`"es"`, `"en"`), sent as `Accept-Language` so the server answers its
    /// steps, rules and courts in it (docs/contracts.md, "Language").
    language: Option<String>,
}

impl Workspace {
    /// `base_url` like `http://127.0.0.1:3001`.
    pub fn new(http: reqwest::Client, base_url: &str, token: Option<String>) -> Self {
        Workspace { http, base: base_url.trim_end_matches('/').to_string(), token: token.filter(|t| !t.is_empty()), language: None }
    }

    /// The same client asking for answers in `language` (`"es"` or `"en"`).
    pub fn with_language(mut self, language: &str) -> Self {
        self.language = Some(language.to_string()).filter(|l| !l.is_empty());
        self
    }

    /// The language this client asks answers in, when one was given.
    pub fn language(&self) -> Option<&str> {
        self.language.as_deref()
    }

    fn request(&self, method: Method, path: &str) -> RequestBuilder {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(language) = &self.language {
            request = request.header(reqwest::header::ACCEPT_LANGUAGE, language.as_str());
        }
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    async fn send(&self, request: RequestBuilder) -> Result<Response, WorkspaceError> {
        let response = request.send().await.map_err(|e| WorkspaceError::unreachable(&e))?;
        if response.status().is_success() {
            return Ok(response);
        }
        Err(WorkspaceError::from_response(response).await)
    }

    async fn json(&self, request: RequestBuilder) -> Result<Value, WorkspaceError> {
        let response = self.send(request).await?;
        if response.status() == reqwest::StatusCode::NO_CONTENT {
            return Ok(Value::Null);
        }
        response.json().await.map_err(|e| WorkspaceError::Internal(format!("the case data server answered something unreadable: {e}")))
    }

    /// A page of `resource`'s records.
    pub async fn list(&self, resource: Resource, query: &ListQuery) -> Result<Page, WorkspaceError> {
        let response = self.send(self.request(Method::GET, resource.path()).query(&query.pairs())).await?;
        let total = response.headers().get("x-total-count").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
        let items: Vec<Value> = response.json().await.map_err(|e| WorkspaceError::Internal(format!("an unreadable list: {e}")))?;
        Ok(Page { total: total.unwrap_or(items.len() as i64), items, limit: query.limit, offset: query.offset.unwrap_or(0) })
    }

    pub async fn get(&self, resource: Resource, id: i64) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, &format!("{}/{id}", resource.path()))).await
    }

    /// Creates a record; documents are uploaded ([`Workspace::upload_document`]) and
    /// conversations started ([`Workspace::start_conversation`]) instead.
    pub async fn create(&self, resource: Resource, record: &Value) -> Result<Value, WorkspaceError> {
        if !resource.creatable() {
            return Err(WorkspaceError::invalid("resource", format!("{} are not created this way", resource.name())));
        }
        self.json(self.request(Method::POST, resource.path()).json(record)).await
    }

    /// Lays `changes` over the stored record (`null` clears a field).
    pub async fn update(&self, resource: Resource, id: i64, changes: &Value) -> Result<Value, WorkspaceError> {
        if !changes.is_object() {
            return Err(WorkspaceError::invalid("changes", "send the fields to change as an object"));
        }
        self.json(self.request(Method::PATCH, &format!("{}/{id}", resource.path())).json(changes)).await
    }

    pub async fn delete(&self, resource: Resource, id: i64) -> Result<(), WorkspaceError> {
        self.send(self.request(Method::DELETE, &format!("{}/{id}", resource.path()))).await.map(drop)
    }

    /// `{categories: [{category, total, count}], total}`.
    pub async fn finance_totals(&self, case_id: Option<i64>) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/finances/totals").query(&ListQuery::for_case(case_id).pairs())).await
    }

    pub async fn deadline_rules(&self) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/deadline-rules")).await
    }

    /// The date a rule gives for a trigger date, with the days it skipped and why.
    pub async fn compute_deadline(&self, rule_id: &str, trigger_date: &str) -> Result<Value, WorkspaceError> {
        let body = json!({ "ruleId": rule_id, "triggerDate": trigger_date });
        self.json(self.request(Method::POST, "/api/deadline-rules/compute").json(&body)).await
    }

    /// Uploads a file as the person chose it; it is read (and OCR'd) in the background.
    pub async fn upload_document(&self, file_name: &str, bytes: Vec<u8>, case_id: Option<i64>) -> Result<Value, WorkspaceError> {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_string());
        let mut form = reqwest::multipart::Form::new().part("file", part);
        if let Some(id) = case_id {
            form = form.text("caseId", id.to_string());
        }
        self.json(self.request(Method::POST, "/api/documents").multipart(form)).await
    }

    /// A page of a document's text (`offset`/`limit` in characters).
    pub async fn document_text(&self, id: i64, offset: Option<i64>, limit: Option<i64>) -> Result<Value, WorkspaceError> {
        let mut query = Vec::new();
        if let Some(offset) = offset {
            query.push(("offset", offset.to_string()));
        }
        if let Some(limit) = limit {
            query.push(("limit", limit.to_string()));
        }
        self.json(self.request(Method::GET, &format!("/api/documents/{id}/text")).query(&query)).await
    }

    /// The original file as uploaded: its bytes and the name it was uploaded under.
    pub async fn document_file(&self, id: i64) -> Result<(Vec<u8>, String), WorkspaceError> {
        let document = self.get(Resource::Documents, id).await?;
        let response = self.send(self.request(Method::GET, &format!("/api/documents/{id}/file"))).await?;
        let bytes = response.bytes().await.map_err(|e| WorkspaceError::unreachable(&e))?;
        Ok((bytes.to_vec(), document["fileName"].as_str().unwrap_or("document").to_string()))
    }

    /// Reads a document again from its stored original (e.g. once OCR is installed).
    pub async fn reread_document(&self, id: i64) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, &format!("/api/documents/{id}/reread"))).await
    }

    /// A new saved conversation, titled from its first question.
    pub async fn start_conversation(&self, first_question: &str, kind: &str, case_id: Option<i64>) -> Result<Value, WorkspaceError> {
        let body = json!({ "title": export::title_from(first_question), "kind": kind, "caseId": case_id });
        self.json(self.request(Method::POST, Resource::Conversations.path()).json(&body)).await
    }

    /// Appends a question (`user`) or an answer (`assistant`, with its events) to a conversation.
    pub async fn append_message(&self, conversation_id: i64, role: &str, content: &str, events: &Value) -> Result<(), WorkspaceError> {
        let body = json!({ "role": role, "content": content, "events": events });
        self.json(self.request(Method::POST, &format!("/api/conversations/{conversation_id}/messages")).json(&body)).await.map(drop)
    }

    /// The drafts (of case `case_id`, or all), most recently changed first: `[{id, caseId, title,
    /// kind, version, updatedAt, documentId}]`.
    pub async fn drafts(&self, case_id: Option<i64>) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/drafts").query(&ListQuery::for_case(case_id).page(500, 0).pairs())).await
    }

    /// Draft `id` at `version` (its latest when `None`), with the list of its versions.
    pub async fn draft(&self, id: i64, version: Option<i64>) -> Result<Value, WorkspaceError> {
        let query: Vec<(&str, String)> = version.map(|v| ("version", v.to_string())).into_iter().collect();
        self.json(self.request(Method::GET, &format!("/api/drafts/{id}")).query(&query)).await
    }

    /// A draft built from case `case_id`'s data with no model: `build` is `timeline` or
    /// `checklist`; with `draft_id`, as a new version of that draft.
    pub async fn build_draft(&self, build: &str, case_id: Option<i64>, draft_id: Option<i64>) -> Result<Value, WorkspaceError> {
        let mut body = json!({ "build": build });
        if let Some(id) = case_id {
            body["caseId"] = json!(id);
        }
        if let Some(id) = draft_id {
            body["draftId"] = json!(id);
        }
        self.json(self.request(Method::POST, "/api/drafts/build").json(&body)).await
    }

    /// A new version of draft `id` with `content` (its sources kept).
    pub async fn revise_draft(&self, id: i64, content: &str) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, &format!("/api/drafts/{id}/versions")).json(&json!({ "content": content }))).await
    }

    /// Version `version` of draft `id` (its latest when `None`) as a file: its bytes and name
    /// (`<title slug>-v<N>.<format>`); `format` is `md`, `docx` or `pdf`.
    pub async fn export_draft(&self, id: i64, version: Option<i64>, format: &str) -> Result<(Vec<u8>, String), WorkspaceError> {
        let mut query = vec![("format", format.to_string())];
        if let Some(version) = version {
            query.push(("version", version.to_string()));
        }
        let response = self.send(self.request(Method::GET, &format!("/api/drafts/{id}/export")).query(&query)).await?;
        let name = disposition_name(&response).unwrap_or_else(|| format!("draft-{id}.{format}"));
        let bytes = response.bytes().await.map_err(|e| WorkspaceError::unreachable(&e))?;
        Ok((bytes.to_vec(), name))
    }

    /// Writes one archive of everything to `path`: `{path, bytes, counts}`.
    pub async fn backup(&self, path: &str) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, "/api/backup").json(&json!({ "path": path }))).await
    }

    /// Restores the archive at `path`, the current data kept aside first: `{restored, keptAt, createdAt}`.
    pub async fn restore(&self, path: &str) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, "/api/restore").json(&json!({ "path": path }))).await
    }
}
