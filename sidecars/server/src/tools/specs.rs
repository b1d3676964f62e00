//! What the model is told about each local tool: its name, description, JSON Schema for its
//! arguments and how the window shows it, and the list in the OpenAI function-tool shape.

use proseva_agent::cards::CardKind;
use proseva_agent::pipeline;
use proseva_agent::tool::{Effect, ToolDisplay};
use serde_json::{Value, json};

use crate::deadline_rules;
use crate::drafting::{self, Build};
use crate::store::{documents, links};

/// Longest note title, as `POST /api/notes` takes it.
pub(super) const MAX_TITLE_CHARS: usize = 300;
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
    /// Whether a call changes the person's records (every spec says; the write gate holds those
    /// that do).
    pub effect: Effect,
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
            effect: Effect::Reads,
            display: shown("Your cases", "Reading your cases", CardKind::Case),
            description: "List the user's court cases: name, case number, court, type, status, parties and notes; for a case of a known kind (eviction, warrant in debt, custody, protective order, traffic or misdemeanour, appeal), `path`: where the person is on its step-by-step path — the next step (what happens, which court, what to file and bring, its date or deadline), the steps after it, and which court hears it and why. With no case on a path yet, `paths`: the step-by-step paths a case can follow (title, steps, the sections they rest on). Use it for \"what happens next in my case?\".",
            parameters: object_schema(json!({}), &[]),
        },
        ToolSpec {
            name: "GetDeadlines",
            effect: Effect::Reads,
            display: shown("Your deadlines", "Reading your deadlines", CardKind::Deadline),
            description: "List the user's deadlines: upcoming ones first (soonest first), then overdue ones (flagged overdue), then \
                          those marked done. Each has its date, days until it, and the rule it comes from if any.",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetContacts",
            effect: Effect::Reads,
            display: shown("Your contacts", "Reading your contacts", CardKind::Contact),
            description: "List the people around the user's cases: opposing parties, attorneys, clerks, judges and witnesses, \
                          with phone, email and address.",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetFinances",
            effect: Effect::Reads,
            display: shown("Your expenses", "Reading your expenses", CardKind::Expense),
            description: "What the user's cases cost them (fees, service, copies, support): totals by category and overall, and the \
                          most recent entries (up to 100, newest first).",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetDocuments",
            effect: Effect::Reads,
            display: shown("Your documents", "Listing your documents", CardKind::Document),
            description: "List the documents the user uploaded (orders, filings, letters): id, title, kind, format, pages and \
                          length. Read one with GetDocumentText, or search all of them with SearchKnowledge.",
            parameters: object_schema(json!({ "caseId": case_id_property() }), &[]),
        },
        ToolSpec {
            name: "GetDocumentText",
            effect: Effect::Reads,
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
            effect: Effect::Reads,
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
            effect: Effect::Reads,
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
            name: "FindHelp",
            effect: Effect::Reads,
            display: ToolDisplay::new(
                "Who can help",
                "Help from people (legal aid and help lines)",
                "Looking up who can help",
                CardKind::Other,
            ),
            description: "Who can help the person, from the app's checked list of Virginia legal aid programs and help lines (each \
                          with its source and the date it was read): the legal aid program for their county or city (`locality`, \
                          else the court of their case), the statewide lines (the legal aid line, the lawyer referral service and \
                          what a first consultation costs, free legal answers online, the family violence hotline), and, with the \
                          household size and yearly income, whether they may qualify by the federal poverty guidelines (the programs \
                          decide). With `question`, also `handOffs`: the situations in it that need a lawyer now (a charge that can \
                          mean jail, a bankruptcy, federal housing, custody across state lines, immigration…), each with why, the law \
                          and who to call today — answer with those first. Use it for \"can I get a free lawyer?\", \"I can't afford \
                          a lawyer\", \"do I need a lawyer?\".",
            parameters: object_schema(
                json!({
                    "question": { "type": "string", "description": "The person's question, in their words." },
                    "locality": { "type": "string", "description": "A Virginia county or city id, e.g. richmond-city, fairfax-county." },
                    "caseId": { "type": "integer", "description": "The case whose court and kind to use (from GetCases). Leave out for the person's open case." },
                    "householdSize": { "type": "integer", "minimum": 1, "maximum": 50, "description": "People in the household." },
                    "yearlyIncome": { "type": "number", "minimum": 0, "description": "The household's income in a year before tax, in dollars." }
                }),
                &[],
            ),
        },
        ToolSpec {
            name: "create_note",
            effect: Effect::Writes,
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
            effect: Effect::Writes,
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
            effect: Effect::Writes,
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
            effect: Effect::Writes,
            display: shown("Deadlines added", "Adding a deadline", CardKind::Deadline),
            description: "Add a deadline to the person's calendar, one of two ways. By rule: `ruleId` and `triggerDate` (the day of \
                          the event the rule counts from); the date is computed from that Virginia rule, moved past weekends and \
                          legal holidays (Va. Code § 1-210), and `explanation` says how and what is due by then (the \
                          filing, and any bond, fee or tax that must go with it; tell the person). By date: `title` and `date`, for a date \
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
            effect: Effect::Writes,
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

/// The rules `add_deadline` takes, one line each, for the model to choose from, each with what is
/// due by its day (and after it) so the model can tell the person.
fn rule_choices() -> String {
    let lines: Vec<String> = deadline_rules::rules()
        .iter()
        .map(|r| {
            let due = deadline_rules::due_summary(r);
            format!("{}: {} ({}, {} days after {}); due: {due}", r.id, r.title, r.citation, r.days, r.after)
        })
        .collect();
    format!("The Virginia rule that sets the deadline, and what is due by it:\n{}", lines.join("\n"))
}

/// The tools as `[{type: "function", name, description, parameters}]`, ready for a model.
pub fn openai_tools() -> Value {
    Value::Array(
        tool_specs()
            .into_iter()
            .map(|t| {
                json!({
                    "type": "function",
                    "name": t.name,
                    "description": t.description,
                    "parameters": t.parameters,
                    "display": t.display,
                    "effect": t.effect,
                })
            })
            .collect(),
    )
}
