//! The eight local tools the agent gives a model: each a name, a description, a JSON Schema for
//! its arguments, and a call that reads the user's case data.
//!
//! [`run_tool`] runs one by name with a JSON argument object, in-process; `POST
//! /api/tools/{name}` is the same over HTTP and `GET /api/tools` lists them in the OpenAI
//! function-tool shape ([`openai_tools`]), each with the `display` the window shows it by (title,
//! source group, what a call is doing, what kind of cards its results make). Arguments are checked against what each tool reads:
//! an unknown or ill-typed argument is a 400 naming it, an unknown tool a 404 listing the known.

use chrono::NaiveDate;
use proseva_agent::cards::CardKind;
use proseva_agent::tool::ToolDisplay;
use serde_json::{Value, json};

use crate::fields::Fields;
use crate::store::cases::Cases;
use crate::store::contacts::Contacts;
use crate::store::deadlines::{Deadline, Deadlines};
use crate::store::finances::{self, Finances};
use crate::store::timeline::{self, TimelineSearch};
use crate::store::{ListFilter, Table, cases, documents};
use crate::{ApiError, AppState};

/// GetFinances lists at most this many entries, newest first (its totals cover all of them).
pub const FINANCE_ENTRIES_SHOWN: usize = 100;

/// The tool names, in the order they are listed.
pub const TOOL_NAMES: [&str; 8] =
    ["GetCases", "GetDeadlines", "GetContacts", "GetFinances", "GetDocuments", "GetDocumentText", "SearchTimeline", "SearchKnowledge"];

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
    ]
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
    state.blocking(move |s| run_blocking(s, name, &args, &allowed)).await
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
        other => return Err(ApiError::Internal(format!("tool {other} is listed but has no implementation"))),
    };
    Ok(value)
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
