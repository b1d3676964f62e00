//! The eighteen local tools the agent gives a model: each a name, a description, a JSON Schema
//! for its arguments, and a call on the user's case data. Eleven read (eight the case file,
//! `FindHelp` the Help data: who can help where the person lives, and when to get a lawyer now,
//! `check_paper` a paper before it is filed: see [`crate::papers::check`], and `GetProof` the
//! case's Proof for the hearing: see [`crate::proof`]); seven write to it ([`WRITE_TOOLS`]):
//! `create_note`, `append_to_note` (it only ever adds to the end of a note), `link` (a note or
//! document to a section, deadline or opinion; a section must be in the law graph),
//! `add_deadline` (by a Virginia rule or on a known date), `create_draft` (a draft checked for its
//! kind and kept, each version, as a case document; see [`crate::drafting`]), `create_paper` (a
//! paper the person can file, built from the case and the fields they gave; see
//! [`crate::papers`]) and `link_evidence` (one of the case's records linked to what the court
//! must find). Like every write, a model's `create_paper` or `link_evidence` goes through the
//! write gate.
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
//! - `create_paper` → `{"draft", "paper", "warnings", "when"}` as `POST /api/papers` answers it
//!   (`createdBy` is `agent`; a required field left out is a 400 naming `fields.<name>`)
//! - `link_evidence` → `{"proof", "linked", "changed"}`: the Proof view as `PUT
//!   /api/cases/{id}/proof/links` answers it, the link made by `agent`
//!
//! And `check_paper` (`draftId` or `documentId`) → `{"findings", "checked", "sections",
//! "citations", "title"}` as `POST /api/papers/check` answers it; `GetProof` (`caseId`, else the
//! person's only open case) → the Proof view as `GET /api/cases/{id}/proof` answers it.

mod proof;
mod specs;

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::NaiveDate;
use proseva_agent::pipeline::{self, Budget, Guards, WriteGate};
use proseva_agent::tool::{Effect, Tool, ToolDisplay, ToolError};
use serde_json::{Value, json};

use self::specs::MAX_TITLE_CHARS;
pub use self::specs::{ToolSpec, openai_tools, tool_specs};
use crate::deadline_rules;
use crate::drafting::{self, Build, NewDraft, Revision};
use crate::fields::Fields;
use crate::lang::Lang;
use crate::papers::check;
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

/// The tool names, in the order they are listed: the eleven that read, then the seven that write.
pub const TOOL_NAMES: [&str; 18] = [
    "GetCases",
    "GetDeadlines",
    "GetContacts",
    "GetFinances",
    "GetDocuments",
    "GetDocumentText",
    "SearchTimeline",
    "SearchKnowledge",
    "FindHelp",
    "check_paper",
    "GetProof",
    "create_note",
    "append_to_note",
    "link",
    "add_deadline",
    "create_draft",
    "create_paper",
    "link_evidence",
];

/// The tools that change the case file (the agent gives them only to the roles that may write).
pub const WRITE_TOOLS: [&str; 7] =
    ["create_note", "append_to_note", "link", "add_deadline", "create_draft", "create_paper", "link_evidence"];

/// `FindHelp`: who can help where the person lives (the place given, else their case's court),
/// whether an income may qualify, and the hand-offs the question meets.
fn find_help(question: Option<&str>, locality: Option<&str>, case: Option<&cases::Case>, income: Option<(i64, i64)>, lang: Lang) -> Value {
    use crate::help;
    use crate::help::view::{program_json, question_json_in, statewide_json};
    let kind = case.and_then(|c| c.kind.clone());
    let (place, from, note) = match (locality, case.and_then(|c| c.court.as_deref())) {
        (Some(id), _) => (help::locality(id), Some("argument"), None),
        (None, Some(court)) => match help::locality_from_court(court) {
            Ok(l) => (Some(l), Some("case court"), None),
            Err(could) => (None, None, Some(help::locality_note(Some(court), &could, lang))),
        },
        (None, None) => (None, None, Some(help::locality_note(None, &[], lang))),
    };
    let programs: Vec<Value> = place
        .map(|l| help::programs_for_in(&l.id, kind.as_deref(), lang).into_iter().map(|p| program_json(p, kind.as_deref())).collect())
        .unwrap_or_default();
    let statewide: Vec<Value> = match place {
        Some(l) => help::statewide_for_in(&l.id, lang),
        None => help::statewide_for_in("", lang),
    }
    .into_iter()
    .map(statewide_json)
    .collect();
    let eligibility = match income {
        Some((size, cents)) => {
            let size = u32::try_from(size).unwrap_or(1);
            serde_json::to_value(help::eligibility_in(size, cents, chrono::Local::now().date_naive(), lang)).unwrap_or(Value::Null)
        }
        None => Value::Null,
    };
    let hand_offs: Vec<Value> = question
        .map(|q| help::screen::matching_in(q, kind.as_deref(), lang))
        .unwrap_or_default()
        .into_iter()
        .map(|q| {
            question_json_in(
                q,
                place.map(|l| l.id.as_str()),
                kind.as_deref().or_else(|| q.kinds.first().map(String::as_str)).unwrap_or_default(),
                lang,
            )
        })
        .collect();
    let screening: Vec<Value> = kind
        .as_deref()
        .map(|k| help::screen::for_kind_in(k, lang).into_iter().map(|q| json!({ "id": q.id, "text": q.text })).collect())
        .unwrap_or_default();
    let mut out = json!({
        "locality": place,
        "localityFrom": from,
        "case": case.map(|c| json!({ "id": c.id, "name": c.name, "kind": c.kind, "court": c.court })),
        "programs": programs,
        "statewide": statewide,
        "eligibility": eligibility,
        "handOffs": hand_offs,
        "screening": screening,
        "listDate": help::book_in(lang).list_date,
        "caveat": help::list_caveat(lang),
    });
    if let Some(note) = note {
        out["localityNote"] = json!(note);
    }
    out
}

/// Runs tool `name` with `args` (a JSON object; `null` counts as `{}`).
pub async fn run_tool(state: &AppState, name: &str, args: Value) -> Result<Value, ApiError> {
    run_tool_in(state, name, args, Lang::En).await
}

/// [`run_tool`] with the words the app writes itself (steps, help, proof) in `lang`: the records
/// the person wrote stay as written.
pub async fn run_tool_in(state: &AppState, name: &str, args: Value, lang: Lang) -> Result<Value, ApiError> {
    let args = if args.is_null() { json!({}) } else { args };
    let Some(spec) = tool_specs().into_iter().find(|t| t.name == name) else {
        return Err(ApiError::NotFound(format!("no tool named {name:?}; the tools are: {}", TOOL_NAMES.join(", "))));
    };
    let allowed: Vec<String> = spec.parameters["properties"].as_object().map(|p| p.keys().cloned().collect()).unwrap_or_default();
    let name = spec.name;
    let result = match name {
        // The tools that wait on other services (the law graph; CourtListener too for a paper's
        // check), so not on a blocking thread.
        "link" => run_link(state, &args, &allowed).await,
        "check_paper" => run_check(state, &args, &allowed, lang).await,
        _ => state.blocking(move |s| run_blocking(s, name, &args, &allowed, lang)).await,
    };
    result.map_err(as_argument_error)
}

/// A local tool as the agent's [`Tool`], run on this server's own state (the server's own
/// `/api/chat`, and `POST /api/tools/{name}`).
pub struct InProcess {
    spec: ToolSpec,
    state: AppState,
    /// The language of the request it serves (the app's own words in its answers).
    lang: Lang,
    /// The server's own error of the last failed call, for an HTTP caller that wants its status.
    last_error: Mutex<Option<ApiError>>,
}

impl InProcess {
    pub fn new(spec: ToolSpec, state: AppState) -> Self {
        InProcess { spec, state, lang: Lang::En, last_error: Mutex::default() }
    }

    /// The same tool answering in `lang`.
    pub fn in_language(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
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
    fn effect(&self) -> Effect {
        self.spec.effect
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        // In the server's own chat, the question's language is the run's (the agent's
        // task-local); read here, before any blocking thread loses it.
        let lang = match self.lang {
            Lang::En => proseva_agent::tools::local::answer_language().and_then(Lang::parse).unwrap_or(Lang::En),
            chosen => chosen,
        };
        run_tool_in(&self.state, self.spec.name, args, lang).await.map_err(|e| {
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
    call_through_pipeline_in(state, name, args, Lang::En).await
}

/// [`call_through_pipeline`] answering in `lang` (`Accept-Language`, `?lang=`).
pub async fn call_through_pipeline_in(state: &AppState, name: &str, args: Value, lang: Lang) -> Result<Value, ApiError> {
    let Some(spec) = tool_specs().into_iter().find(|t| t.name == name) else {
        return Err(ApiError::NotFound(format!("no tool named {name:?}; the tools are: {}", TOOL_NAMES.join(", "))));
    };
    let started = std::time::Instant::now();
    let tool = InProcess::new(spec, state.clone()).in_language(lang);
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

/// `check_paper`: the check before filing, of a draft or a case document (exactly one), its
/// findings in `lang`'s words.
async fn run_check(state: &AppState, args: &Value, allowed: &[String], lang: Lang) -> Result<Value, ApiError> {
    let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
    let mut a = Fields::new(args, &allowed, "argument")?;
    let target = check::read_target(&mut a, ", from GetDocuments");
    a.finish()?;
    let Some(target) = target else { return Err(ApiError::Internal("checked paper target missing".into())) };
    Ok(json!(check::check_in(state, target, lang).await?))
}

fn run_blocking(state: &AppState, name: &str, args: &Value, allowed: &[String], lang: Lang) -> Result<Value, ApiError> {
    let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
    let mut a = Fields::new(args, &allowed, "argument")?;
    let store = &state.store;
    let value = match name {
        "GetCases" => {
            a.finish()?;
            // Each case with a kind carries where it stands on its step-by-step path ("what
            // happens next in my case?" is answered from it, offline too).
            let cases = store.read(|c| {
                Cases::list(c, &ListFilter::default())?
                    .items
                    .into_iter()
                    .map(|case| {
                        let mut out = serde_json::to_value(&case).unwrap_or_default();
                        if let Some(plan) = crate::store::path_deadlines::case_plan_in(c, &case, lang)? {
                            out["path"] = crate::store::path_deadlines::summary(&plan);
                        }
                        Ok(out)
                    })
                    .collect::<Result<Vec<Value>, ApiError>>()
            })?;
            // With no case on a path yet, the paths a case can follow, each with the sections its
            // steps rest on: an answer about one of them can say where to start.
            if cases.iter().any(|c| c.get("path").is_some()) {
                json!({ "count": cases.len(), "cases": cases })
            } else {
                json!({ "count": cases.len(), "cases": cases, "paths": crate::paths::offered_in(lang) })
            }
        }
        "FindHelp" => {
            let question = a.text("question", 4_000);
            let locality = a.text("locality", 80);
            let case_id = a.id("caseId");
            let size = a.integer("householdSize", 1, i64::from(crate::help::MAX_HOUSEHOLD));
            let income = a.cents("yearlyIncome");
            if income.is_some_and(|i| !(0..=crate::help::MAX_INCOME_CENTS).contains(&i)) {
                a.error("yearlyIncome", "must be a yearly income in dollars, from 0 to 100,000,000");
            }
            if let Some(l) = &locality
                && crate::help::locality(l).is_none()
            {
                a.error("locality", "is not one of Virginia's 133 localities (e.g. richmond-city, fairfax-county)");
            }
            a.finish()?;
            let case = store.read(|c| match case_id {
                Some(id) => Cases::get(c, id)?.map(Some).ok_or_else(|| ApiError::field("caseId", format!("there is no case with id {id}"))),
                None => Ok(Cases::list(c, &ListFilter::default())?.items.into_iter().find(|k| k.status != "closed")),
            })?;
            find_help(question.as_deref(), locality.as_deref(), case.as_ref(), size.zip(income), lang)
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
        "GetProof" => self::proof::get_proof(state, a, lang)?,
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
        "create_paper" => {
            let paper = a.required_text("paper", 100);
            let case_id = a.required_id("caseId");
            let draft_id = a.id("draftId");
            let fields = a.raw("fields").cloned().unwrap_or(Value::Null);
            if !(fields.is_null() || fields.is_object()) {
                a.error("fields", "must be an object of the paper's fields ({\"reason\": \"…\"})");
            }
            a.finish()?;
            // The same build as `POST /api/papers`, made by the agent.
            json!(crate::papers::build(state, &paper, case_id, &fields, draft_id, "agent")?)
        }
        "link_evidence" => self::proof::link_evidence(state, args, a, lang)?,
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
        time: None,
        location: None,
        reminders: None,
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
