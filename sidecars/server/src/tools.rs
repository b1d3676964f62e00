//! The thirteen local tools the agent gives a model: each a name, a description, a JSON Schema for
//! its arguments, and a call on the user's case data. Eight read it; five write to it
//! ([`WRITE_TOOLS`]): `create_note`, `append_to_note` (it only ever adds to the end of a note),
//! `link` (a note or document to a section, deadline or opinion; a section must be in the law
//! graph), `add_deadline` (by a Virginia rule or on a known date) and `create_draft` (a draft
//! checked for its kind and kept, each version, as a case document; see [`crate::drafting`]).
//!
//! [`run_tool`] runs one by name with a JSON argument object, in-process; `POST
//! /api/tools/{name}` is the same over HTTP and `GET /api/tools` lists them in the OpenAI
//! function-tool shape ([`openai_tools`]), each with the `display` the window shows it by (title,
//! source group, what a call is doing, what kind of cards its results make). Arguments are checked against what each tool reads:
//! an unknown or ill-typed argument is a 400 naming it, an unknown tool a 404 listing the known.
//!
//! What the write tools answer:
//! - `create_note` → `{"note": Note}`
//! - `append_to_note` → `{"note": Note, "appended": <characters of text added>}`
//! - `link` → `{"link": Link, "merged": bool}` (`createdBy` is `agent`)
//! - `add_deadline` → `{"deadline": Deadline, "computedDate": "YYYY-MM-DD", "explanation"?: "..."}`
//!   (`explanation` only for a date computed from a rule)
//! - `create_draft` → `{"draft": Draft, "warnings": [...]}` (the draft as `GET /api/drafts/{id}`
//!   answers it; a draft that fails its check is a 400 naming `content`, with the line)

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::NaiveDate;
use proseva_agent::cards::CardKind;
use proseva_agent::pipeline::{self, Budget, Guards, WriteGate};
use proseva_agent::tool::{Tool, ToolDisplay, ToolError};
use serde_json::{Value, json};

use crate::deadline_rules;
use crate::drafting::{self, Build, NewDraft, Revision};
use crate::fields::Fields;
use crate::store::cases::Cases;
use crate::store::contacts::Contacts;
use crate::store::deadlines::{Deadline, DeadlineInput, Deadlines};
use crate::store::finances::{self, Finances};
use crate::store::links;
use crate::store::notes::{self, NoteInput, Notes};
use crate::store::timeline::{self, TimelineSearch};
use crate::store::{ListFilter, Table, cases, documents};
use crate::{ApiError, AppState, linking};

/// GetFinances lists at most this many entries, newest first (its totals cover all of them).
pub const FINANCE_ENTRIES_SHOWN: usize = 100;

/// The tool names, in the order they are listed: the eight that read, then the five that write.
pub const TOOL_NAMES: [&str; 13] = [
    "GetCases",
    "GetDeadlines",
    "GetContacts",
    "GetFinances",
    "GetDocuments",
    "GetDocumentText",
    "SearchTimeline",
    "SearchKnowledge",
    "create_note",
    "append_to_note",
    "link",
    "add_deadline",
    "create_draft",
];

/// The tools that change the case file (the agent gives them only to the roles that may write).
pub const WRITE_TOOLS: [&str; 5] = ["create_note", "append_to_note", "link", "add_deadline", "create_draft"];

/// Longest note title, as `POST /api/notes` takes it.
const MAX_TITLE_CHARS: usize = 300;
/// Longest draft a tool call may send: the crate's limit, or less where the tool pipeline caps
/// every argument's text.
const DRAFT_CONTENT_CHARS: usize = if proseva_drafts::MAX_CHARS < pipeline::validate::MAX_STRING_CHARS {
    proseva_drafts::MAX_CHARS
} else {
    pipeline::validate::MAX_STRING_CHARS
};

/// One tool as a model sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    pub name: &'static str,
    pub description: &'static str,
    /// JSON Schema of the argument object.
    pub parameters: Value,
    /// How the window shows the tool and its results.
    pub display: ToolDisplay,
}

/// Every local tool's results come from the person's own case file.
fn shown(title: &str, action: &str, results: CardKind) -> ToolDisplay {
    ToolDisplay::new(title, "Your case file", action, results)
}

fn object_schema(properties: Value, required: &[&str]) -> Value {
    json!({ "type": "object", "properties": properties, "required": required, "additionalProperties": false })
}

fn case_id_property() -> Value {
    json!({ "type": "integer", "description": "Only this case's records (the case's id from GetCases). Leave out for all cases." })
}

/// Every tool's name, description and argument schema.
pub fn tool_specs() -> Vec<ToolSpec> {
    vec![
        ToolSpec {
            name: "GetCases",
            display: shown("Your cases", "Reading your cases", CardKind::Case),
            description: "List the user's court cases: name, case number, court, type, status, parties and notes.",
            parameters: object_schema(json!({}), &[]),
        },
        ToolSpec {
            name: "GetDeadlines",
            display: shown("Your deadlines", "Reading your deadlines", CardKind::Deadline),
            description: "List the user's deadlines: upcoming ones first (soonest first), then overdue ones (flagged overdue), then \
                          those marked done. Each has its date, days until it, and the rule it comes from if any.",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetContacts",
            display: shown("Your contacts", "Reading your contacts", CardKind::Contact),
            description: "List the people around the user's cases: opposing parties, attorneys, clerks, judges and witnesses, \
                          with phone, email and address.",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetFinances",
            display: shown("Your expenses", "Reading your expenses", CardKind::Expense),
            description: "What the user's cases cost them (fees, service, copies, support): totals by category and overall, and the \
                          most recent entries (up to 100, newest first).",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetDocuments",
            display: shown("Your documents", "Listing your documents", CardKind::Document),
            description: "List the documents the user uploaded (orders, filings, letters): id, title, kind, format, pages and \
                          length. Read one with GetDocumentText, or search all of them with SearchKnowledge.",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetDocumentText",
            display: shown("Document text", "Reading a document", CardKind::Document),
            description: "Read the text of one uploaded document, a page of characters at a time; `nextOffset` says where the \
                          next page starts (null at the end).",
            parameters: object_schema(
                json!({
                    "id": { "type": "integer", "description": "The document's id (from GetDocuments or SearchKnowledge)." },
                    "offset": { "type": "integer", "minimum": 0, "description": "Character to start at (default 0)." },
                    "limit": { "type": "integer", "minimum": 1, "maximum": documents::MAX_TEXT_PAGE, "description": "Characters to return (default 8000)." }
                }),
                &["id"],
            ),
        },
        ToolSpec {
            name: "SearchTimeline",
            display: shown("Your timeline", "Searching your timeline", CardKind::Event),
            description: "Search the timeline of what happened in the user's cases. All filters are optional and combine; with \
                          `query`, events sharing the most words come first, otherwise they are in date order.",
            parameters: object_schema(
                json!({
                    "query": { "type": "string", "description": "Words to look for in the event's title, details and party." },
                    "party": { "type": "string", "description": "Part of the name of the party involved, e.g. \"mother\"." },
                    "caseNumber": { "type": "string", "description": "The court's case number, e.g. \"JJ123456-01-00\"." },
                    "isCritical": { "type": "boolean", "description": "Only events marked critical (true) or not (false)." },
                    "startDate": { "type": "string", "format": "date", "description": "Earliest date, YYYY-MM-DD." },
                    "endDate": { "type": "string", "format": "date", "description": "Latest date, YYYY-MM-DD." },
                    "limit": { "type": "integer", "minimum": 1, "maximum": 500, "description": "Most events to return (default 50)." }
                }),
                &[],
            ),
        },
        ToolSpec {
            name: "SearchKnowledge",
            display: ToolDisplay::new(
                "Passages from your documents",
                "Your documents and notes",
                "Searching your documents and notes",
                CardKind::Passage,
            ),
            description: "Search the text of every document the user uploaded (scans included, read by OCR) and every note they \
                          wrote or saved, by meaning and by words: returns the passages that best answer the question, each saying \
                          where it came from (`from`: \"document\" or \"note\", its `id` and `title`), a score and its offsets.",
            parameters: object_schema(
                json!({
                    "query": { "type": "string", "description": "The question or topic, in plain words." },
                    "topK": { "type": "integer", "minimum": 1, "maximum": 20, "description": "How many passages (default 5)." }
                }),
                &["query"],
            ),
        },
        ToolSpec {
            name: "create_note",
            display: shown("Notes written", "Writing a note", CardKind::Document),
            description: "Write a new note in the person's case file: a title and a Markdown body. The body may be empty (\"\") \
                          when you will fill it with append_to_note. Write a note only when the person asks for one or a \
                          workflow says to. Returns the stored note (`note`, with its `id`); it is searchable with \
                          SearchKnowledge at once.",
            parameters: object_schema(
                json!({
                    "caseId": { "type": "integer", "description": "The case the note is about (its id from GetCases). Leave out if none." },
                    "title": { "type": "string", "maxLength": MAX_TITLE_CHARS, "description": "A short title, e.g. \"Hearing checklist: Doe v. Doe\"." },
                    "body": { "type": "string", "description": "The note's text, in Markdown; may be empty." }
                }),
                &["title"],
            ),
        },
        ToolSpec {
            name: "append_to_note",
            display: shown("Notes added to", "Adding to a note", CardKind::Document),
            description: "Add text to the end of one of the person's notes, after a blank line. Nothing the note already holds is \
                          changed or removed: this tool only appends, and takes only `noteId` and `text`. Returns the note as it \
                          is now (`note`) and how many characters were added (`appended`).",
            parameters: object_schema(
                json!({
                    "noteId": { "type": "integer", "description": "The note's id (from create_note or SearchKnowledge)." },
                    "text": { "type": "string", "minLength": 1, "description": "The Markdown to add at the end." }
                }),
                &["noteId", "text"],
            ),
        },
        ToolSpec {
            name: "link",
            display: shown("Links made", "Linking records", CardKind::Other),
            description: "Record that one of the person's notes or documents is connected to a section of the Code or \
                          Constitution of Virginia, to one of their deadlines, or to a court opinion, with one plain sentence \
                          saying why. A section must be one you found in the law graph (search_nodes, get_node): give its \
                          number, e.g. \"20-124.3\"; a section the graph does not have is refused. Linking a pair that is \
                          linked already changes only `why` and answers `merged: true`. Returns `link` and `merged`.",
            parameters: object_schema(
                json!({
                    "fromKind": { "type": "string", "enum": links::FROM_KINDS, "description": "What the link starts from." },
                    "fromId": { "type": "integer", "description": "The note's or document's id." },
                    "toKind": { "type": "string", "enum": links::TO_KINDS, "description": "What it points at." },
                    "to": {
                        "type": ["string", "integer"],
                        "description": "For a section its number (\"20-124.3\", or \"Article I, Section 12\" of the Constitution); for a \
                                        deadline its id (from GetDeadlines); for an opinion its id at the service it came from."
                    },
                    "why": { "type": "string", "maxLength": links::MAX_WHY_CHARS, "description": "One plain sentence: why the two are connected." }
                }),
                &["fromKind", "fromId", "toKind", "to", "why"],
            ),
        },
        ToolSpec {
            name: "add_deadline",
            display: shown("Deadlines added", "Adding a deadline", CardKind::Deadline),
            description: "Add a deadline to the person's calendar, one of two ways. By rule: `ruleId` and `triggerDate` (the day of \
                          the event the rule counts from); the date is computed from that Virginia rule, moved past weekends and \
                          legal holidays (Va. Code § 1-210), and `explanation` says how. By date: `title` and `date`, for a date \
                          the person already knows (a hearing on a notice). Returns the stored deadline (`deadline`) and \
                          `computedDate`.",
            parameters: object_schema(
                json!({
                    "caseId": { "type": "integer", "description": "The case the deadline belongs to (its id from GetCases). Leave out if none." },
                    "title": { "type": "string", "maxLength": MAX_TITLE_CHARS, "description": "What must be done. Required with `date`; by rule, defaults to the rule's title." },
                    "ruleId": { "type": "string", "enum": deadline_rules::rule_ids(), "description": rule_choices() },
                    "triggerDate": { "type": "string", "format": "date", "description": "With ruleId: the day of the event, YYYY-MM-DD." },
                    "date": { "type": "string", "format": "date", "description": "Without ruleId: the deadline's date, YYYY-MM-DD." }
                }),
                &[],
            ),
        },
        ToolSpec {
            name: "create_draft",
            display: shown("Drafts", "Drafting", CardKind::Document),
            description: "Make a draft in the person's case file, kept as a case document they can open and download as Word or \
                          PDF: a letter, a motion outline or a checklist (kind `markdown`), a timeline or relationship diagram of \
                          the case (kind `mermaid`: `timeline`, `flowchart`/`graph` or `sequenceDiagram`), or a table (kind \
                          `table`: CSV with a header row, every row as many columns). Either send the draft you wrote as \
                          `content` — it is checked for its kind, and one that does not pass is refused naming the line, so fix \
                          that line and call again — or, with no language model needed, `build` one from the case data with \
                          `caseId`: \"timeline\" (the case's events, deadlines and hearings; kind `mermaid`) or \"checklist\" (a \
                          hearing checklist from its deadlines, documents and contacts; kind `markdown`). Exactly one of \
                          `content` and `build`. A letter or motion needs `content`: it is written by a model, never built. To \
                          revise a draft give its `draftId`: a new version is kept beside the old ones. List what the draft \
                          relies on in `sources`. Every draft says it is a draft prepared with software, not legal advice. Make a \
                          draft only when the person asks for one or a workflow says to. Returns `draft` (its `id`, `version`, \
                          `documentId`) and `warnings` (what the check changed).",
            parameters: object_schema(
                json!({
                    "kind": { "type": "string", "enum": ["markdown", "mermaid", "table"], "description": "What the content is written in." },
                    "title": { "type": "string", "minLength": 1, "maxLength": proseva_drafts::MAX_TITLE_CHARS, "description": "A short title, e.g. \"Letter to the clerk: Doe v. Doe\"; revising, the draft's title (a new one renames it)." },
                    "content": { "type": "string", "maxLength": DRAFT_CONTENT_CHARS, "description": "The draft itself: Markdown, Mermaid or CSV, as `kind` says (no HTML). Leave out with `build`." },
                    "build": { "type": "string", "enum": Build::NAMES, "description": "Build the draft from the case data instead of sending content: timeline (kind mermaid) or checklist (kind markdown). Needs caseId (or draftId)." },
                    "caseId": { "type": "integer", "description": "The case the draft is about (its id from GetCases). Leave out if none." },
                    "sources": {
                        "type": "array",
                        "maxItems": drafting::MAX_SOURCES,
                        "description": "What the draft relies on: sections, opinions, the person's documents. Revising, leave out to keep the previous version's.",
                        "items": {
                            "type": "object",
                            "properties": {
                                "label": { "type": "string", "minLength": 1, "maxLength": 500, "description": "E.g. \"Va. Code § 20-124.3\"." },
                                "url": { "type": "string", "maxLength": 2000, "description": "Its web address (https://…), if it has one." }
                            },
                            "required": ["label"],
                            "additionalProperties": false
                        }
                    },
                    "draftId": { "type": "integer", "description": "Revise this draft (its id from an earlier create_draft): a new version of it." }
                }),
                &["kind", "title"],
            ),
        },
    ]
}

/// The rules `add_deadline` takes, one line each, for the model to choose from.
fn rule_choices() -> String {
    let lines: Vec<String> = deadline_rules::rules()
        .iter()
        .map(|r| format!("{}: {} ({}, {} days after {})", r.id, r.title, r.citation, r.days, r.after))
        .collect();
    format!("The Virginia rule that sets the deadline:\n{}", lines.join("\n"))
}

/// The tools as `[{type: "function", name, description, parameters}]`, ready for a model.
pub fn openai_tools() -> Value {
    Value::Array(
        tool_specs()
            .into_iter()
            .map(|t| json!({ "type": "function", "name": t.name, "description": t.description, "parameters": t.parameters, "display": t.display }))
            .collect(),
    )
}

/// Runs tool `name` with `args` (a JSON object; `null` counts as `{}`).
pub async fn run_tool(state: &AppState, name: &str, args: Value) -> Result<Value, ApiError> {
    let args = if args.is_null() { json!({}) } else { args };
    let Some(spec) = tool_specs().into_iter().find(|t| t.name == name) else {
        return Err(ApiError::NotFound(format!("no tool named {name:?}; the tools are: {}", TOOL_NAMES.join(", "))));
    };
    let allowed: Vec<String> = spec.parameters["properties"].as_object().map(|p| p.keys().cloned().collect()).unwrap_or_default();
    let name = spec.name;
    let result = match name {
        // The one tool that waits on another service (the law graph), so not on a blocking thread.
        "link" => run_link(state, &args, &allowed).await,
        _ => state.blocking(move |s| run_blocking(s, name, &args, &allowed)).await,
    };
    result.map_err(as_argument_error)
}

/// A local tool as the agent's [`Tool`], run on this server's own state (the server's own
/// `/api/chat`, and `POST /api/tools/{name}`).
pub struct InProcess {
    spec: ToolSpec,
    state: AppState,
    /// The server's own error of the last failed call, for an HTTP caller that wants its status.
    last_error: Mutex<Option<ApiError>>,
}

impl InProcess {
    pub fn new(spec: ToolSpec, state: AppState) -> Self {
        InProcess { spec, state, last_error: Mutex::default() }
    }
}

#[async_trait]
impl Tool for InProcess {
    fn name(&self) -> &str {
        self.spec.name
    }
    fn description(&self) -> &str {
        self.spec.description
    }
    fn parameters(&self) -> Value {
        self.spec.parameters.clone()
    }
    fn display(&self) -> ToolDisplay {
        self.spec.display.clone()
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        run_tool(&self.state, self.spec.name, args).await.map_err(|e| {
            let said = match &e {
                ApiError::Validation { .. } | ApiError::BadRequest(_) | ApiError::NotFound(_) => ToolError::BadArguments(e.to_string()),
                other => ToolError::Failed(other.to_string()),
            };
            if let Ok(mut last) = self.last_error.lock() {
                *last = Some(e);
            }
            said
        })
    }
}

/// Every local tool, in-process.
pub fn in_process_tools(state: &AppState) -> Vec<Arc<dyn Tool>> {
    tool_specs().into_iter().map(|spec| Arc::new(InProcess::new(spec, state.clone())) as Arc<dyn Tool>).collect()
}

/// `POST /api/tools/{name}`: one call through the tool pipeline ([`proseva_agent::pipeline`]) —
/// the arguments checked against the schema (every argument at fault named, 400), the call timed
/// and counted — as the person's own action: a write goes ahead (this is how the window makes a
/// write the agent was not allowed to make alone).
pub async fn call_through_pipeline(state: &AppState, name: &str, args: Value) -> Result<Value, ApiError> {
    let Some(spec) = tool_specs().into_iter().find(|t| t.name == name) else {
        return Err(ApiError::NotFound(format!("no tool named {name:?}; the tools are: {}", TOOL_NAMES.join(", "))));
    };
    let started = std::time::Instant::now();
    let tool = InProcess::new(spec, state.clone());
    let (budget, gate) = (Budget::new(1, Budget::TIMEOUT), WriteGate::person_started());
    let args = pipeline::validate::coerce(&tool.parameters(), if args.is_null() { json!({}) } else { args });
    let problems = pipeline::validate::problems(&tool.parameters(), &args);
    if !problems.is_empty() {
        // Refused here (to name every field over HTTP) rather than in the pipeline: counted the same.
        pipeline::metrics::record(name, Some("invalid_arguments"), started.elapsed());
        let fields = problems.into_iter().map(|p| (if p.field.is_empty() { "arguments".into() } else { p.field }, p.message)).collect();
        return Err(ApiError::invalid(fields, "argument"));
    }
    let outcome = pipeline::execute(&tool, args, Guards { budget: &budget, gate: &gate }).await;
    outcome.result.map_err(|e| match tool.last_error.lock().ok().and_then(|mut last| last.take()) {
        Some(own) => own,
        None => match e {
            ToolError::BadArguments(m) => ApiError::BadRequest(m),
            ToolError::Timeout(m) => ApiError::Timeout(m),
            other => ApiError::Upstream(other.to_string()),
        },
    })
}

/// A store's 400 about a field, worded for a tool call (each argument has its field's name).
fn as_argument_error(e: ApiError) -> ApiError {
    match e {
        ApiError::Validation { fields, .. } => ApiError::invalid(fields, "argument"),
        other => other,
    }
}

async fn run_link(state: &AppState, args: &Value, allowed: &[String]) -> Result<Value, ApiError> {
    let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
    let mut a = Fields::new(args, &allowed, "argument")?;
    // A model says why; a person may leave it out (POST /api/links).
    a.required_text("why", links::MAX_WHY_CHARS);
    let input = links::read(&mut a, "agent");
    a.finish()?;
    let (link, merged) = linking::link(state, input).await?;
    Ok(json!({ "link": link, "merged": merged }))
}

fn run_blocking(state: &AppState, name: &str, args: &Value, allowed: &[String]) -> Result<Value, ApiError> {
    let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
    let mut a = Fields::new(args, &allowed, "argument")?;
    let store = &state.store;
    let value = match name {
        "GetCases" => {
            a.finish()?;
            let cases = store.read(|c| Cases::list(c, &ListFilter::default()))?.items;
            json!({ "count": cases.len(), "cases": cases })
        }
        "GetDeadlines" => {
            let case_id = a.id("caseId");
            a.finish()?;
            let today = chrono::Local::now().date_naive();
            let deadlines = store
                .read(|c| {
                    check_case_argument(c, case_id)?;
                    Deadlines::list(c, &ListFilter::for_case(case_id))
                })?
                .items;
            deadlines_by_urgency(deadlines, today)
        }
        "GetContacts" => {
            let case_id = a.id("caseId");
            a.finish()?;
            let contacts = store
                .read(|c| {
                    check_case_argument(c, case_id)?;
                    Contacts::list(c, &ListFilter::for_case(case_id))
                })?
                .items;
            json!({ "count": contacts.len(), "contacts": contacts })
        }
        "GetFinances" => {
            let case_id = a.id("caseId");
            a.finish()?;
            let (mut entries, (by_category, total)) = store.read(|c| {
                check_case_argument(c, case_id)?;
                Ok((Finances::list(c, &ListFilter::for_case(case_id))?.items, finances::totals(c, case_id)?))
            })?;
            // The totals cover everything; the entries shown are the most recent, to keep a model's context small.
            let count = entries.len();
            entries.reverse();
            entries.truncate(FINANCE_ENTRIES_SHOWN);
            json!({ "count": count, "total": total, "totalsByCategory": by_category, "entriesShown": entries.len(), "entries": entries })
        }
        "GetDocuments" => {
            let case_id = a.id("caseId");
            a.finish()?;
            let docs = store.read(|c| {
                check_case_argument(c, case_id)?;
                documents::list(c, &ListFilter::for_case(case_id))
            })?;
            json!({ "count": docs.total, "documents": docs.items })
        }
        "GetDocumentText" => {
            let id = a.required_id("id");
            let offset = a.integer("offset", 0, i64::MAX).unwrap_or(0) as usize;
            let limit = a.integer("limit", 1, documents::MAX_TEXT_PAGE as i64).map_or(documents::DEFAULT_TEXT_PAGE, |n| n as usize);
            a.finish()?;
            let mut page =
                store.read(|c| documents::text_page(c, id, offset, limit))?.ok_or_else(|| ApiError::not_found("document", id))?;
            // Page starts are for the viewer; the model reads the text.
            page.pages = None;
            json!(page)
        }
        "SearchTimeline" => {
            let search = TimelineSearch {
                query: a.text("query", 1000),
                party: a.text("party", 300),
                case_number: a.text("caseNumber", 100),
                is_critical: a.bool("isCritical"),
                start_date: a.date("startDate"),
                end_date: a.date("endDate"),
                case_id: None,
                limit: a.integer("limit", 1, 500).unwrap_or(50),
                offset: 0,
            };
            if let (Some(start), Some(end)) = (search.start_date, search.end_date)
                && start > end
            {
                a.error("endDate", "is before startDate");
            }
            a.finish()?;
            let (events, total) = store.read(|c| {
                if let Some(number) = &search.case_number
                    && cases::by_number(c, number)?.is_empty()
                {
                    return Err(ApiError::invalid(
                        [("caseNumber".to_string(), format!("no case has number {number:?}"))].into(),
                        "argument",
                    ));
                }
                timeline::search(c, &search)
            })?;
            json!({ "total": total, "returned": events.len(), "events": events })
        }
        "SearchKnowledge" => {
            let query = a.required_text("query", 2000);
            let top_k = a.integer("topK", 1, 20).unwrap_or(5) as usize;
            a.finish()?;
            json!(state.knowledge.search(store, &query, top_k)?)
        }
        "create_note" => {
            let input = NoteInput {
                case_id: a.id("caseId"),
                title: a.required_text("title", MAX_TITLE_CHARS),
                body: a.text("body", notes::MAX_BODY_CHARS).unwrap_or_default(),
                sources: Vec::new(),
                conversation_id: None,
            };
            a.finish()?;
            let note = store.write(|c| {
                let id = Notes::insert(c, &input)?;
                Notes::get(c, id)?.ok_or_else(|| ApiError::Internal(format!("note {id} vanished after insert")))
            })?;
            state.knowledge.wake();
            json!({ "note": note })
        }
        "append_to_note" => {
            // Only `noteId` and `text` are allowed (the schema's properties): `body`, `replace` or
            // `title` is refused by name, so nothing but an append can happen here.
            let id = a.required_id("noteId");
            let text = a.required_text("text", notes::MAX_BODY_CHARS);
            a.finish()?;
            let note = state.append_to_note(id, &text)?;
            json!({ "note": note, "appended": text.chars().count() })
        }
        "add_deadline" => {
            let (input, explanation) = deadline_arguments(&mut a);
            a.finish()?;
            let deadline = store.write(|c| {
                let id = Deadlines::insert(c, &input)?;
                Deadlines::get(c, id)?.ok_or_else(|| ApiError::Internal(format!("deadline {id} vanished after insert")))
            })?;
            let mut value = json!({ "deadline": deadline, "computedDate": input.date.to_string() });
            if let Some(explanation) = explanation {
                value["explanation"] = json!(explanation);
            }
            value
        }
        "create_draft" => {
            let view = create_draft(state, a)?;
            let warnings = view.warnings.clone();
            json!({ "draft": view, "warnings": warnings })
        }
        other => return Err(ApiError::Internal(format!("tool {other} is listed but has no implementation"))),
    };
    Ok(value)
}

/// `create_draft`: new from `content`, a new version of `draftId` from `content`, or built from
/// the case data (`build`, new or as a new version). Every argument at fault is named at once.
fn create_draft(state: &AppState, mut a: Fields<'_>) -> Result<drafting::DraftView, ApiError> {
    let kind = drafting::read_kind(&mut a);
    let title = drafting::read_title(&mut a);
    let content = drafting::read_content(&mut a, false);
    let build = a.one_of("build", &Build::NAMES).as_deref().and_then(Build::parse);
    let case_id = a.id("caseId");
    let sources = drafting::read_sources(&mut a);
    let draft_id = a.id("draftId");
    match (content.is_some(), a.has("build")) {
        (true, true) => a.error("content", "send either content (a draft you wrote) or build (made from the case data), not both"),
        (false, false) => a.error(
            "content",
            "is required unless build is given: a letter, outline or table is written by a language model and sent as content; \
             without a model, build: \"timeline\" or \"checklist\" makes one from the case data",
        ),
        _ => {}
    }
    if let Some(build) = build {
        if kind.is_some_and(|k| k != build.kind()) {
            a.error("kind", format!("a {} is built as a {} draft", build.name(), build.kind()));
        }
        if sources.is_some() {
            a.error("sources", "are set by build (the case record); leave them out");
        }
        if case_id.is_none() && draft_id.is_none() {
            a.error("caseId", format!("is required with build: the case whose data the {} is built from", build.name()));
        }
    }
    a.finish()?;
    let (Some(kind), false) = (kind, title.is_empty()) else { return Err(ApiError::Internal("checked draft arguments missing".into())) };
    match (build, content, draft_id) {
        (Some(build), _, draft_id) => drafting::build(state, build, case_id, Some(title), draft_id),
        (None, Some(content), Some(id)) => {
            let revision = Revision { content, sources, title: Some(title), kind: Some(kind), case_id };
            drafting::revise(state, id, revision, "agent")
        }
        (None, Some(content), None) => {
            drafting::create(state, NewDraft { case_id, title, kind, content, sources: sources.unwrap_or_default() }, "agent")
        }
        (None, None, _) => Err(ApiError::Internal("checked draft content missing".into())),
    }
}

/// `add_deadline`'s arguments: by rule (`ruleId` + `triggerDate`, `title` optional) or by date
/// (`title` + `date`); every other mix is an error naming what is missing or out of place. The
/// deadline to store, and how a rule's date was reached. (The input means something only when `a`
/// finishes without errors.)
fn deadline_arguments(a: &mut Fields<'_>) -> (DeadlineInput, Option<String>) {
    let mut input = DeadlineInput {
        case_id: a.id("caseId"),
        title: a.text("title", MAX_TITLE_CHARS).unwrap_or_default(),
        date: NaiveDate::MIN,
        kind: String::new(),
        done: false,
        rule_id: None,
        trigger_date: None,
        source_rule: None,
        date_note: None,
        notes: None,
    };
    let rule_id = a.text("ruleId", 100);
    let trigger = a.date("triggerDate");
    let mut explanation = None;
    match rule_id {
        Some(rule_id) => {
            if a.has("date") {
                a.error("date", "is computed from ruleId and triggerDate; leave it out, or leave out ruleId to set a date yourself");
            }
            match (deadline_rules::rule(&rule_id), trigger) {
                (None, _) => a.error("ruleId", format!("no such rule; the rules are: {}", deadline_rules::rule_ids().join(", "))),
                (Some(rule), Some(trigger)) => match deadline_rules::compute(rule, trigger) {
                    Ok(computed) => {
                        input.follow_rule(rule, Some(&computed));
                        explanation = Some(computed.explanation);
                    }
                    Err(e) => a.error("triggerDate", e.to_string()),
                },
                // (A triggerDate that is not a date has said so already: the first error per name is kept.)
                (Some(rule), None) => a.error("triggerDate", format!("is required with ruleId: the date of {}", rule.after)),
            }
        }
        None => {
            if a.has("triggerDate") {
                a.error("ruleId", "is required with triggerDate: the rule that counts from it (or give title and date instead)");
            }
            match a.date("date") {
                Some(date) => input.date = date,
                None => a.error("date", "is required (YYYY-MM-DD), unless ruleId and triggerDate compute it"),
            }
            if input.title.is_empty() {
                a.error("title", "is required with date (a rule's deadline takes the rule's title)");
            }
            input.kind = "other".into();
        }
    }
    (input, explanation)
}

fn check_case_argument(c: &rusqlite::Connection, case_id: Option<i64>) -> Result<(), ApiError> {
    match case_id {
        Some(id) if Cases::get(c, id)?.is_none() => Err(ApiError::invalid(
            [("caseId".to_string(), format!("there is no case with id {id}; GetCases lists them"))].into(),
            "argument",
        )),
        _ => Ok(()),
    }
}

/// Upcoming (soonest first), then overdue (flagged), then done; each with `daysUntil`.
fn deadlines_by_urgency(deadlines: Vec<Deadline>, today: NaiveDate) -> Value {
    let mut rows: Vec<(u8, String, Value)> = deadlines
        .into_iter()
        .map(|d| {
            let date = NaiveDate::parse_from_str(&d.date, "%Y-%m-%d").unwrap_or(today);
            let days_until = (date - today).num_days();
            let (group, status) = match (d.done, days_until < 0) {
                (true, _) => (2, "done"),
                (false, false) => (0, "upcoming"),
                (false, true) => (1, "overdue"),
            };
            let mut value = json!(d);
            value["status"] = json!(status);
            value["overdue"] = json!(status == "overdue");
            value["daysUntil"] = json!(days_until);
            (group, d.date, value)
        })
        .collect();
    rows.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let count = |group| rows.iter().filter(|r| r.0 == group).count();
    let (upcoming, overdue, done) = (count(0), count(1), count(2));
    json!({
        "today": today.to_string(),
        "upcoming": upcoming,
        "overdue": overdue,
        "done": done,
        "deadlines": rows.into_iter().map(|(_, _, v)| v).collect::<Vec<_>>(),
    })
}
