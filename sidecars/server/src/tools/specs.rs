//! What the model is told about each local tool: its name, description, JSON Schema for its
//! arguments and how the window shows it, and the list in the OpenAI function-tool shape.

use proseva_agent::cards::CardKind;
use proseva_agent::pipeline;
use proseva_agent::tool::{Effect, ToolDisplay};
use serde_json::{Value, json};

use std::sync::LazyLock;

use crate::deadline_rules;
use crate::drafting::{self, Build};
use crate::papers::build::{SERVICE_METHODS, SIDES};
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
            name: "check_paper",
            effect: Effect::Reads,
            display: shown("Paper checked", "Checking a paper before it is filed", CardKind::Other),
            description: "Check a paper before the person files it: one built with create_paper or another draft (`draftId`), or a \
                          case document such as a paper the other side filed (`documentId`, from GetDocuments). Exactly one of \
                          the two. It compares the names, case number and court with the case record and the case's other \
                          papers, looks for the signature block's address, the certificate of service, hearing dates that have \
                          passed and the paper's time limit, looks up every Code section it cites in the Virginia law graph, and \
                          case citations on CourtListener (when the person set it up). It changes nothing. Returns `findings` \
                          (each a `kind`, a `message`, and `found` and `expected` where two values disagree: tell the person \
                          each one in plain words; an empty list means nothing was found, not that the paper is right), \
                          `checked` (what was looked at), `sections`, `citations` (each with its `status`) and `title`.",
            parameters: object_schema(
                json!({
                    "draftId": { "type": "integer", "description": "The paper's draft id (from create_paper, or the draft's `id`)." },
                    "documentId": { "type": "integer", "description": "A case document's id (from GetDocuments), e.g. a paper the other side filed." }
                }),
                &[],
            ),
        },
        ToolSpec {
            name: "GetProof",
            effect: Effect::Reads,
            display: shown("Proof for the hearing", "Reading what the court must find", CardKind::Other),
            description: "What the court must find in one of the person's cases, and what their records show of it: for the \
                          case's kind (its `kind` from GetCases), each element the side bringing the case must prove \
                          (`side: claim`) and each answer to the case (`side: defence`) — its `id`, `title`, what it means \
                          in `plain` words and the Code `sections` it rests on — with the person's documents, timeline \
                          events, notes, payments and people linked to it (`links`, each with what it `covers`), a `status` \
                          (`shown`: every kind of evidence it asks for has a record; `partly`; `nothing`), what is still \
                          `missing` in plain sentences, and for a notice the days counted from the person's dates \
                          (`dates`, `period`). `counts` adds them up. Use it for \"what am I missing for my hearing?\", \
                          \"what do I need to prove?\", \"what evidence do I need?\": tell the person, for each element not \
                          shown, what is missing, and the `caveat` — a count of their records, never a prediction of who \
                          wins. A case without a kind has no elements (`message` says how to choose one).",
            parameters: object_schema(
                json!({
                    "caseId": { "type": "integer", "description": "The case (its id from GetCases). Leave out for the person's only open case." }
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
        ToolSpec {
            name: "create_paper",
            effect: Effect::Writes,
            display: shown("Papers to file", "Building a paper to file", CardKind::Document),
            description: CREATE_PAPER_DESCRIPTION.as_str(),
            parameters: object_schema(
                json!({
                    "paper": { "type": "string", "enum": paper_ids(), "description": paper_choices() },
                    "caseId": { "type": "integer", "description": "The case the paper is filed in (its id from GetCases): its court, parties and case number fill the paper." },
                    "fields": paper_fields_schema(),
                    "draftId": { "type": "integer", "description": "Rebuild this paper (its draft id from an earlier create_paper) with the fields given: a new version of it, the old ones kept." }
                }),
                &["paper", "caseId"],
            ),
        },
        ToolSpec {
            name: "link_evidence",
            effect: Effect::Writes,
            display: shown("Evidence linked", "Linking a record to what the court must find", CardKind::Other),
            description: "Link one of the person's records in a case to an element of the case's Proof for the hearing — a \
                          document (for example an uploaded lease or receipt), a timeline event, a note, a payment (finance) or \
                          a person (contact, as a witness) — so that it counts toward what the court must find; or take a link \
                          away (`linked: false`). Call GetProof first: `elementId` is one of its elements' `id`, and an element \
                          takes only the kinds of record its kinds of evidence name. The record's id comes from GetDocuments, \
                          SearchTimeline, SearchKnowledge, GetFinances or GetContacts, and must be one of this case's. Link a \
                          record only when what it says shows the element (read it first), and say in `note`, in one plain \
                          sentence, what it shows. Returns `proof` (the Proof view after the change), `linked` and `changed`.",
            parameters: object_schema(
                json!({
                    "caseId": { "type": "integer", "description": "The case (its id from GetCases)." },
                    "elementId": { "type": "string", "description": "The element's `id` from GetProof, e.g. \"pay-or-quit-notice\"." },
                    "recordKind": { "type": "string", "enum": crate::proof::RECORD_KINDS, "description": "What the record is." },
                    "recordId": { "type": "integer", "description": "The record's id." },
                    "note": { "type": "string", "maxLength": crate::store::proof_links::MAX_NOTE_CHARS, "description": "One plain sentence: what the record shows, e.g. \"The notice is dated March 3 and gives 5 days.\"" },
                    "linked": { "type": "boolean", "description": "true (the default) to link the record, false to take the link away." }
                }),
                &["caseId", "elementId", "recordKind", "recordId"],
            ),
        },
    ]
}

/// `create_paper`'s description: what it does, the papers each kind of case is offered, and
/// that a paper says only what the person said.
static CREATE_PAPER_DESCRIPTION: LazyLock<String> = LazyLock::new(|| {
    let by_kind: Vec<String> = crate::paths::kinds()
        .into_iter()
        .map(|kind| {
            let ids: Vec<&str> = crate::papers::kinds(Some(kind)).into_iter().map(|k| k.id).collect();
            format!("{kind}: {}", ids.join(", "))
        })
        .collect();
    format!(
        "Build a court paper the person can file — a motion, a notice or a letter to the clerk — from their case record, in \
         the form a Virginia court expects (the court's heading, the caption with the parties and the case number, numbered \
         paragraphs, the signature block of a party without a lawyer, and a certificate of service where the paper needs \
         one), kept as a `paper` draft of the case they can open and download as Word or PDF. Use GetCases first: `caseId` \
         is the case's `id`, and its `kind` decides which papers it is offered (a case with no kind may take any). The papers \
         offered for each kind of case — {}. A paper says only what the person told you: put their own words in `fields` \
         and never invent facts, dates or reasons — ask the person for any you do not have. A required field left out is \
         refused naming `fields.<name>` (for example `fields.reason`): ask the person for it, then call again. The person \
         reads, signs and files the paper themselves: tell them so, and when and how to file it (`when`). Make a paper only \
         when the person asks for one; check it with check_paper before they file it. Returns `draft` (its `id`, \
         `version`, `documentId`), `paper` (its parts), `warnings` (a blank left to fill by hand, a time limit that may have \
         run out) and `when`.",
        by_kind.join("; ")
    )
});

/// The papers the catalogue builds, by id.
fn paper_ids() -> Vec<&'static str> {
    crate::papers::kinds(None).into_iter().map(|k| k.id).collect()
}

/// One line per paper: its id, title and its own fields.
fn paper_choices() -> String {
    let lines: Vec<String> = crate::papers::kinds(None)
        .into_iter()
        .map(|k| {
            let fields: Vec<String> = k
                .fields
                .iter()
                .map(|f| {
                    let mut said = format!("{} ({}", f.name, f.kind);
                    if !f.options.is_empty() {
                        let options: Vec<&str> = f.options.iter().map(|o| o.value.as_str()).collect();
                        said.push_str(&format!(": {}", options.join(" | ")));
                    }
                    said.push_str(if f.required { ", required)" } else { ")" });
                    said
                })
                .collect();
            format!("{}: {}; its fields: {}", k.id, k.title, fields.join(", "))
        })
        .collect();
    format!("The paper to build (one offered for the case's kind: see the description), with its own fields:\n{}", lines.join("\n"))
}

/// `create_paper`'s `fields`: every paper's own fields (each says which papers take it) and the
/// ones every paper takes.
fn paper_fields_schema() -> Value {
    // Each field once, with how each paper that takes it asks for it (a field's kind is the same
    // in every paper).
    let mut own: Vec<(&crate::papers::FieldSpec, Vec<(&str, &crate::papers::FieldSpec)>)> = Vec::new();
    for k in crate::papers::kinds(None) {
        for f in k.fields {
            match own.iter_mut().find(|(seen, _)| seen.name == f.name) {
                Some((_, asked)) => asked.push((k.id, f)),
                None => own.push((f, vec![(k.id, f)])),
            }
        }
    }
    let sentence = |text: &str| if text.ends_with(['.', '?', '!']) { text.to_string() } else { format!("{text}.") };
    let mut properties = serde_json::Map::new();
    for (f, asked) in own {
        let mut schema = match f.kind.as_str() {
            "date" => json!({ "type": "string", "format": "date" }),
            "checkbox" => json!({ "type": "boolean" }),
            "choice" => json!({ "type": "string", "enum": f.options.iter().map(|o| o.value.as_str()).collect::<Vec<_>>() }),
            _ => json!({ "type": "string" }),
        };
        let description = if asked.iter().all(|(_, a)| a.label == f.label) {
            let hint = f.hint.as_deref().map(|h| format!(" {}", sentence(h))).unwrap_or_default();
            let papers: Vec<&str> = asked.iter().map(|(id, _)| *id).collect();
            format!("{}{hint} For: {}.", sentence(&f.label), papers.join(", "))
        } else {
            let each: Vec<String> = asked.iter().map(|(id, a)| format!("{id}: {}", a.label)).collect();
            format!("Each paper asks it its own way — {}.", each.join("; "))
        };
        schema["description"] = json!(description);
        properties.insert(f.name.clone(), schema);
    }
    let common = json!({
        "name": { "type": "string", "description": "The person's name as they will sign it. Leave out to use the case's party with the role Me." },
        "address": { "type": "string", "description": "The person's mailing address, one line each (required: a party without a lawyer states it on every paper, Code of Virginia § 8.01-271.1)." },
        "phone": { "type": "string", "description": "The person's telephone number, if they want it on the paper." },
        "email": { "type": "string", "description": "The person's e-mail address, if they want it on the paper." },
        "date": { "type": "string", "format": "date", "description": "The date the person signs, YYYY-MM-DD. Leave out to leave the line for them to date by hand." },
        "side": { "type": "string", "enum": SIDES, "description": "The person's side, when the case's kind does not say it (a custody case, an appeal, a case with no kind)." },
        "certificate": { "type": "boolean", "description": "Whether to include the certificate of service where the paper offers one (a paper that requires one always has it)." },
        "serviceMethod": { "type": "string", "enum": SERVICE_METHODS, "description": "How the person will send the other side their copy, as the certificate says it." },
        "serviceDate": { "type": "string", "format": "date", "description": "The day the person will send the copy, YYYY-MM-DD. Leave out to leave a blank." },
        "servedOn": { "type": "string", "description": "Who gets a copy and at what address, one per line. Leave out for the case's other parties with their contacts' addresses." },
        "paragraphs": {
            "type": "array",
            "maxItems": 100,
            "items": { "type": "string" },
            "description": "The numbered paragraphs in the person's own words, in place of the paper's standard ones. Leave out to keep those."
        },
        "opening": { "type": "string", "description": "The sentence before the paragraphs, in place of the standard one. Leave out to keep it." },
        "closing": { "type": "string", "description": "The sentence after the paragraphs, in place of the standard one. Leave out to keep it." }
    });
    if let Value::Object(common) = common {
        properties.extend(common);
    }
    json!({
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
        "description": "The paper's fields: its own (see `paper`; each here says which papers take it, in the words the window \
                        asks the person: \"you\" is the person, and \"in your own words\" means theirs, never yours) and the ones \
                        every paper takes (name, address, phone, email, date, side, certificate, serviceMethod, serviceDate, \
                        servedOn, paragraphs, opening, closing). Only what the person told you."
    })
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
