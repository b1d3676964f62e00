//! The offline planner's workflows: the same steps a model takes, planned from the records and
//! the law graph alone, turn by turn from what the earlier turns found.
//!
//! - `integrate`: the sections the record cites and the sections its own words find, the
//!   person's other records that share its words, and the deadlines that do; the strongest 3–8
//!   go into one Connections section (a new note for a document), each with why, and are linked.
//! - `hearing_prep`: the case's deadlines (with the rule or section behind each), documents,
//!   people, what the court must find (each element of the case's Proof for the hearing, with what
//!   shows it and what is still missing) and critical events become one checklist note, with the
//!   sections it relies on looked up in the law graph and linked.
//!
//! It never invents: a connection is only what a tool returned, and a section only one the law
//! graph holds.

use std::collections::HashSet;

use serde_json::{Value, json};

use super::{call, words};
use crate::model::{ChatMessage, Role, ToolCall};
use crate::tool::ToolSpec;

/// What a workflow prompt says it is about, read back from it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct PromptFocus {
    pub kind: String,
    pub id: String,
    pub title: String,
    pub case_id: Option<i64>,
    pub text: String,
}

/// The `Focus:` line and the `<focus_text>` of a workflow's system prompt.
pub fn focus_of(system: &str) -> PromptFocus {
    let mut focus = PromptFocus::default();
    if let Some(line) = system.lines().find_map(|l| l.strip_prefix("Focus: ")) {
        let mut parts = line.splitn(3, ' ');
        focus.kind = parts.next().unwrap_or_default().to_string();
        focus.id = parts.next().unwrap_or_default().to_string();
        let rest = parts.next().unwrap_or_default();
        if let (Some(a), Some(b)) = (rest.find('“'), rest.rfind('”')) {
            focus.title = rest[a + '“'.len_utf8()..b].to_string();
        }
        focus.case_id = rest.split("(case id ").nth(1).and_then(|s| s.trim_end_matches(')').trim().parse().ok());
    }
    if let Some(start) = system.find("<focus_text")
        && let Some(open_end) = system[start..].find('>')
    {
        let body = &system[start + open_end + 1..];
        focus.text = body.split("</focus_text>").next().unwrap_or_default().trim().to_string();
    }
    focus
}

/// Every call made so far in this run and what it returned, in order.
pub(super) fn results_so_far(messages: &[ChatMessage]) -> Vec<(String, Value, Value)> {
    let mut out = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        if m.role != Role::Assistant {
            continue;
        }
        for c in &m.tool_calls {
            let answer = messages[i + 1..].iter().find(|t| t.role == Role::Tool && t.tool_call_id.as_deref() == Some(&c.id));
            let result = answer.and_then(|t| crate::pipeline::data::parse(&t.content)).unwrap_or(Value::Null);
            let args = serde_json::from_str(&c.arguments).unwrap_or(Value::Null);
            out.push((c.name.clone(), args, result));
        }
    }
    out
}

fn turns_so_far(messages: &[ChatMessage]) -> usize {
    messages.iter().filter(|m| m.role == Role::Assistant && !m.tool_calls.is_empty()).count()
}

/// Words too common in letters and court papers to say what one is about.
const GENERIC: &[&str] = &[
    "about", "after", "also", "asks", "based", "been", "before", "being", "case", "circuit", "could", "county", "court", "each", "every",
    "from", "have", "into", "judge", "must", "other", "please", "shall", "such", "than", "their", "them", "then", "there", "these", "they",
    "this", "those", "under", "upon", "were", "which", "while", "would",
];

/// The words a record is about: its title's, then its text's most frequent, at most `max`.
pub(crate) fn topic_terms(title: &str, text: &str, max: usize) -> Vec<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    let telling = |w: &String| w.len() > 3 && !w.chars().all(|c| c.is_ascii_digit()) && !GENERIC.contains(&w.as_str());
    for w in words(text).into_iter().filter(telling) {
        match counts.iter_mut().find(|(seen, _)| *seen == w) {
            Some((_, n)) => *n += 1,
            None => counts.push((w, 1)),
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    let mut terms: Vec<String> = words(title).into_iter().filter(|w| !GENERIC.contains(&w.as_str())).collect();
    for (w, _) in counts {
        if terms.len() >= max {
            break;
        }
        if !terms.contains(&w) {
            terms.push(w);
        }
    }
    terms.truncate(max);
    terms
}

/// The calls of one turn of a workflow run offline.
pub fn plan(key: &str, system: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Vec<ToolCall> {
    let calls = match key {
        "integrate" => integrate(system, messages),
        "hearing_prep" => hearing_prep(system, messages),
        _ => Vec::new(),
    };
    offered_only(calls, tools)
}

/// The calls of `calls` whose tool is offered.
pub fn offered_only(calls: Vec<ToolCall>, tools: &[ToolSpec]) -> Vec<ToolCall> {
    calls.into_iter().filter(|c| tools.iter().any(|t| t.name == c.name)).collect()
}

/// One connection the Connections section lists.
#[derive(Debug, Clone, PartialEq)]
struct Connection {
    /// `section`, `deadline`, `document` or `note`.
    kind: &'static str,
    /// A section number or a record's id.
    to: String,
    line: String,
    why: String,
}

fn is_section(node: &Value) -> bool {
    node["nodeType"].as_str().is_some_and(|t| t.ends_with("section")) && node["sourceId"].is_string()
}

fn section_line(node: &Value, why: &str) -> (String, String) {
    let id = node["sourceId"].as_str().unwrap_or_default();
    let heading = node["heading"].as_str().unwrap_or_default();
    let summary =
        if node["textKind"] == "summary" { " (the law graph holds a plain-language summary, not the statute's words)" } else { "" };
    (format!("[§ {id}] {heading} — {why}{summary}"), why.to_string())
}

/// The strongest connections in what the first turn found: cited sections, then sections the
/// record's words found, then other records and deadlines sharing its words; 3 to 8 of them.
fn connections(focus: &PromptFocus, results: &[(String, Value, Value)]) -> Vec<Connection> {
    let terms: HashSet<String> = topic_terms(&focus.title, &focus.text, 12).into_iter().collect();
    let shared = |text: &str| -> Vec<String> {
        let mut w: Vec<String> = words(text).into_iter().filter(|w| terms.contains(w)).collect();
        w.sort();
        w.dedup();
        w
    };
    let mut out: Vec<Connection> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for (name, _, result) in results {
        if name == "get_node" && is_section(result) && seen.insert(format!("s{}", result["sourceId"])) {
            let (line, why) = section_line(result, &format!("the {} cites it", focus.kind));
            out.push(Connection { kind: "section", to: result["sourceId"].as_str().unwrap_or_default().into(), line, why });
        }
    }
    for (name, _, result) in results {
        if name != "search_nodes" {
            continue;
        }
        for node in result["nodes"].as_array().into_iter().flatten().filter(|n| is_section(n)).take(4) {
            let text = format!("{} {}", node["heading"].as_str().unwrap_or_default(), node["sourceText"].as_str().unwrap_or_default());
            let common = shared(&text);
            if common.is_empty() || out.len() >= 6 || !seen.insert(format!("s{}", node["sourceId"])) {
                continue;
            }
            let (line, why) = section_line(node, &format!("it is about the same things: {}", common.join(", ")));
            out.push(Connection { kind: "section", to: node["sourceId"].as_str().unwrap_or_default().into(), line, why });
        }
    }
    for (name, _, result) in results {
        if name == "SearchKnowledge" {
            for hit in result["passages"].as_array().into_iter().flatten() {
                let (from, id) = (hit["from"].as_str().unwrap_or_default(), hit["id"].as_i64().unwrap_or_default());
                let common = shared(hit["text"].as_str().unwrap_or_default());
                let itself = from == focus.kind && id.to_string() == focus.id;
                if itself || common.len() < 2 || !seen.insert(format!("{from}{id}")) || out.len() >= 8 {
                    continue;
                }
                let title = hit["title"].as_str().unwrap_or("untitled");
                let why = format!("it also speaks of {}", common.join(", "));
                let kind = if from == "note" { "note" } else { "document" };
                out.push(Connection { kind, to: id.to_string(), line: format!("{} “{title}” — {why}", capitalise(kind)), why });
            }
        }
        if name == "GetDeadlines" {
            for d in result["deadlines"].as_array().into_iter().flatten().filter(|d| d["done"] != true) {
                let common = shared(&format!("{} {}", d["title"].as_str().unwrap_or_default(), d["notes"].as_str().unwrap_or_default()));
                let Some(id) = d["id"].as_i64() else { continue };
                if common.is_empty() || !seen.insert(format!("d{id}")) || out.len() >= 8 {
                    continue;
                }
                let why = format!("the deadline is about {}", common.join(", "));
                let line = format!(
                    "Deadline “{}” ({}) — {why}",
                    d["title"].as_str().unwrap_or("untitled"),
                    d["date"].as_str().unwrap_or("no date")
                );
                out.push(Connection { kind: "deadline", to: id.to_string(), line, why });
            }
        }
    }
    out.truncate(8);
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// The one section `integrate` appends.
fn connections_text(focus: &PromptFocus, found: &[Connection]) -> String {
    let what = if focus.title.is_empty() { format!("This {}", focus.kind) } else { format!("“{}”", focus.title) };
    let mut out = String::from("## Connections\n");
    if found.is_empty() {
        out.push_str(&format!(
            "{what}: no section of the law graph or other record shares enough of its words to connect it with confidence. \
             Try a search in Ask with the legal words it uses.\n"
        ));
        return out;
    }
    out.push_str(&format!(
        "{what} is connected to {} thing{} below, found offline by its citations and its words (no language model read it; check each one).\n\n",
        found.len(),
        if found.len() == 1 { "" } else { "s" }
    ));
    for c in found {
        out.push_str(&format!("- {}\n", c.line));
    }
    out
}

/// The links for the kept sections and deadlines, from the focused record.
fn link_calls(n: usize, from_kind: &str, from_id: &Value, found: &[Connection]) -> Vec<ToolCall> {
    found
        .iter()
        .filter(|c| matches!(c.kind, "section" | "deadline"))
        .enumerate()
        .map(|(i, c)| call(n + i, "link", json!({ "fromKind": from_kind, "fromId": from_id, "toKind": c.kind, "to": c.to, "why": c.why })))
        .collect()
}

fn integrate(system: &str, messages: &[ChatMessage]) -> Vec<ToolCall> {
    let focus = focus_of(system);
    let results = results_so_far(messages);
    let focus_id: Value = focus.id.parse::<i64>().map(Value::from).unwrap_or(Value::Null);
    match turns_so_far(messages) {
        0 => {
            let terms = topic_terms(&focus.title, &focus.text, 8).join(" ");
            let mut calls = vec![call(
                0,
                "think",
                json!({ "thought": format!(
                    "Offline plan: look up the sections the {} cites and the sections its words find ({terms}); find the person's \
                     other records and deadlines that share its words; keep the strongest 3 to 8; write them once into a \
                     Connections section and link each section and deadline.", focus.kind) }),
            )];
            let mut cited: Vec<String> =
                proseva_citation::find_citations(&focus.text).into_iter().map(|c| c.reference.source_id()).collect();
            cited.dedup();
            for id in cited.into_iter().take(5) {
                calls.push(call(calls.len(), "get_node", json!({ "id": id })));
            }
            if !terms.is_empty() {
                calls.push(call(calls.len(), "search_nodes", json!({ "search": terms, "limit": 8 })));
                calls.push(call(calls.len(), "SearchKnowledge", json!({ "query": terms, "topK": 8 })));
            }
            calls.push(call(calls.len(), "GetDeadlines", json!({})));
            calls
        }
        1 => {
            let found = connections(&focus, &results);
            let mut calls = Vec::new();
            if focus.kind == "document" {
                let title = if focus.title.is_empty() { format!("document {}", focus.id) } else { focus.title.clone() };
                let mut note = json!({ "title": format!("Connections: {title}"), "body": "" });
                if let Some(case_id) = focus.case_id {
                    note["caseId"] = json!(case_id);
                }
                calls.push(call(0, "create_note", note));
            } else {
                calls.push(call(0, "append_to_note", json!({ "noteId": focus_id, "text": connections_text(&focus, &found) })));
            }
            calls.extend(link_calls(1, &focus.kind, &focus_id, &found));
            calls
        }
        2 if focus.kind == "document" => {
            let note = results.iter().find(|(name, _, _)| name == "create_note").and_then(|(_, _, r)| r["note"]["id"].as_i64());
            let Some(note_id) = note else { return Vec::new() };
            let found = connections(&focus, &results);
            vec![call(0, "append_to_note", json!({ "noteId": note_id, "text": connections_text(&focus, &found) }))]
        }
        _ => Vec::new(),
    }
}

/// A Virginia Code section named in a rule's citation (`Va. Code § 16.1-106` → `16.1-106`).
fn code_section(citation: &str) -> Option<String> {
    proseva_citation::find_citations(citation).into_iter().next().map(|c| c.reference.source_id())
}

fn hearing_prep(system: &str, messages: &[ChatMessage]) -> Vec<ToolCall> {
    let focus = focus_of(system);
    let results = results_so_far(messages);
    let case_id: Value = focus.id.parse::<i64>().map(Value::from).unwrap_or(Value::Null);
    let of = |tool: &str| results.iter().find(|(name, _, _)| name == tool).map(|(_, _, r)| r.clone()).unwrap_or(Value::Null);
    let case = of("GetCases")["cases"].as_array().into_iter().flatten().find(|c| c["id"] == case_id).cloned().unwrap_or(Value::Null);
    match turns_so_far(messages) {
        0 => vec![
            call(
                0,
                "think",
                json!({ "thought": "Offline plan: read the case, its deadlines, documents, people, what the court must find in it and its critical events; look up the sections behind its deadlines and its kind of case; write one checklist note and link it to them." }),
            ),
            call(1, "GetCases", json!({})),
            call(2, "GetDeadlines", json!({ "caseId": case_id })),
            call(3, "GetDocuments", json!({ "caseId": case_id })),
            call(4, "GetContacts", json!({ "caseId": case_id })),
            call(5, "SearchTimeline", json!({ "isCritical": true, "limit": 10 })),
            call(6, "GetProof", json!({ "caseId": case_id })),
        ],
        1 => {
            let mut calls = Vec::new();
            let mut asked: Vec<String> = Vec::new();
            for d in of("GetDeadlines")["deadlines"].as_array().into_iter().flatten().filter(|d| d["done"] != true) {
                if let Some(id) = d["sourceRule"].as_str().and_then(code_section)
                    && !asked.contains(&id)
                {
                    asked.push(id.clone());
                    calls.push(call(calls.len(), "get_node", json!({ "id": id })));
                }
            }
            let about = case["type"].as_str().unwrap_or_default().to_string();
            if !about.is_empty() {
                calls.push(call(calls.len(), "search_nodes", json!({ "search": about, "limit": 5 })));
            }
            if calls.is_empty() {
                calls.push(call(0, "get_stats", json!({})));
            }
            calls
        }
        2 => {
            let name = case["name"].as_str().map(str::to_string).unwrap_or_else(|| format!("case {}", focus.id));
            let body = checklist(&case, &results);
            vec![call(0, "create_note", json!({ "caseId": case_id, "title": format!("Hearing checklist: {name}"), "body": body }))]
        }
        3 => {
            let Some(note_id) = of("create_note")["note"]["id"].as_i64() else { return Vec::new() };
            let mut found: Vec<Connection> = law_found(&results)
                .into_iter()
                .map(|n| Connection {
                    kind: "section",
                    to: n["sourceId"].as_str().unwrap_or_default().into(),
                    line: String::new(),
                    why: "the checklist relies on it".into(),
                })
                .collect();
            for d in of("GetDeadlines")["deadlines"].as_array().into_iter().flatten().filter(|d| d["done"] != true) {
                if let Some(id) = d["id"].as_i64() {
                    found.push(Connection { kind: "deadline", to: id.to_string(), line: String::new(), why: "on the checklist".into() });
                }
            }
            link_calls(0, "note", &json!(note_id), &found)
        }
        _ => Vec::new(),
    }
}

/// The sections found for the checklist: read in full, or the top hits of the case's kind.
fn law_found(results: &[(String, Value, Value)]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for (name, _, result) in results {
        let nodes: Vec<Value> = match name.as_str() {
            "get_node" if is_section(result) => vec![result.clone()],
            "search_nodes" => result["nodes"].as_array().into_iter().flatten().filter(|n| is_section(n)).take(3).cloned().collect(),
            _ => Vec::new(),
        };
        for n in nodes {
            if !out.iter().any(|o| o["sourceId"] == n["sourceId"]) {
                out.push(n);
            }
        }
    }
    out
}

/// The hearing checklist, in Markdown, from the case's own records and the sections found.
fn checklist(case: &Value, results: &[(String, Value, Value)]) -> String {
    let of = |tool: &str| results.iter().find(|(name, _, _)| name == tool).map(|(_, _, r)| r.clone()).unwrap_or(Value::Null);
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    let mut out = String::new();
    let court = text(case, "court");
    let number = text(case, "caseNumber");
    if !court.is_empty() || !number.is_empty() {
        out.push_str(&format!("Case {number} in {court}.\n\n").replace("Case  in", "Case in").replace(" in .", "."));
    }
    out.push_str(
        "Prepared offline from your records and the law graph (no language model read them); check every item.\n\n## Before the hearing\n",
    );
    let deadlines: Vec<Value> = of("GetDeadlines")["deadlines"].as_array().cloned().unwrap_or_default();
    let open: Vec<&Value> = deadlines.iter().filter(|d| d["done"] != true).collect();
    if open.is_empty() {
        out.push_str("- [ ] No open deadlines are recorded for this case; check the court's papers for any.\n");
    }
    for d in open {
        let rule = d["sourceRule"].as_str().map(|r| match code_section(r) {
            Some(id) => format!(" — [§ {id}]"),
            None => format!(" — {r}"),
        });
        let overdue = if d["overdue"] == true { " (OVERDUE)" } else { "" };
        out.push_str(&format!("- [ ] {} by {}{overdue}{}\n", text(d, "title"), text(d, "date"), rule.unwrap_or_default()));
    }
    out.push_str("\n## Bring\n");
    let documents: Vec<Value> = of("GetDocuments")["documents"].as_array().cloned().unwrap_or_default();
    if documents.is_empty() {
        out.push_str("- [ ] No documents are on file for this case; gather the papers you were served and anything you filed.\n");
    }
    for d in &documents {
        out.push_str(&format!("- [ ] {} (three copies: the court, the other side, you)\n", text(d, "title")));
    }
    out.push_str("\n## People\n");
    let contacts: Vec<Value> = of("GetContacts")["contacts"].as_array().cloned().unwrap_or_default();
    if contacts.is_empty() {
        out.push_str("- [ ] No people are recorded for this case.\n");
    }
    for c in &contacts {
        let reach = [text(c, "phone"), text(c, "email")].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(", ");
        let reach = if reach.is_empty() { String::new() } else { format!(" — {reach}") };
        out.push_str(&format!("- [ ] {} ({}){reach}\n", text(c, "name"), text(c, "role")));
    }
    // What the court must find, and what the person's records show of each (the Proof view).
    let proof = of("GetProof");
    if !proof.is_null() {
        out.push_str(&super::proof::checklist_part(&proof));
    }
    out.push_str("\n## The law the court will apply\n");
    let law = law_found(results);
    if law.is_empty() {
        out.push_str("- [ ] No section was found in the law graph for this case; search for it in Ask.\n");
    }
    for n in &law {
        let summary = if n["textKind"] == "summary" { " (plain-language summary, not the statute's words)" } else { "" };
        out.push_str(&format!("- [ ] [§ {}] {}{summary}\n", text(n, "sourceId"), text(n, "heading")));
    }
    let events: Vec<Value> = of("SearchTimeline")["events"].as_array().cloned().unwrap_or_default();
    if !events.is_empty() {
        out.push_str("\n## Be ready to explain\n");
        for e in events.iter().take(5) {
            out.push_str(&format!("- [ ] What happened on {}: {}\n", text(e, "date"), text(e, "title")));
        }
    }
    out
}

/// The offline summary of a workflow run: what was written, from the write tools' results.
pub fn summary(key: &str, results: &[crate::event::ToolResult]) -> String {
    let mut notes: Vec<String> = Vec::new();
    let mut links = 0;
    let mut failed: Vec<String> = Vec::new();
    for r in results {
        match (r.tool.as_str(), r.ok) {
            ("create_note" | "append_to_note", true) => {
                let title = r.result["note"]["title"].as_str().unwrap_or("a note").to_string();
                if !notes.contains(&title) {
                    notes.push(title);
                }
            }
            ("link", true) => links += 1,
            (name, false) if crate::roles::EXECUTION.contains(&name) => {
                failed.push(format!("{name}: {}", crate::tool::error_message(&r.result).unwrap_or("failed")))
            }
            _ => {}
        }
    }
    let what = crate::workflows::workflow(key).map_or(key, |w| w.display_name);
    let mut out = format!("“{what}” ran offline, from your records and the law graph (no language model). ");
    if notes.is_empty() {
        out.push_str("Nothing was written. ");
    } else {
        out.push_str(&format!("It wrote to the note “{}”", notes.join("”, “")));
        out.push_str(&if links > 0 { format!(" and made {links} link{}. ", if links == 1 { "" } else { "s" }) } else { ". ".into() });
    }
    if !failed.is_empty() {
        out.push_str(&format!("Some writes failed: {}. ", failed.join("; ")));
    }
    // For the hearing: where the case's proof stands, which the checklist spells out per element.
    if let Some(view) = results
        .iter()
        .find(|r| r.ok && r.tool == "GetProof")
        .map(|r| &r.result)
        .filter(|v| v["elements"].as_array().is_some_and(|e| !e.is_empty()))
    {
        out.push_str(&format!(
            "What the court must find: {} The checklist says, for each, what shows it and what is still missing. ",
            crate::cards::counts_line(&view["counts"])
        ));
    }
    out.push_str("Check each item before you rely on it; this is legal information, not legal advice.");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_focus_is_read_back_from_the_prompt() {
        let w = crate::workflows::workflow("integrate").unwrap();
        let focus = crate::workflows::Focus {
            kind: crate::workflows::FocusKind::Document,
            id: "12".into(),
            title: "Notice to quit".into(),
            text: "Under § 55.1-1245 you must leave.".into(),
            case_id: Some(3),
        };
        let read = focus_of(&crate::workflows::system_prompt(w, Some(&focus), None));
        assert_eq!(
            read,
            PromptFocus { kind: "document".into(), id: "12".into(), title: "Notice to quit".into(), case_id: Some(3), text: focus.text }
        );
    }

    #[test]
    fn hearing_prep_reads_the_cases_proof_and_its_checklist_says_what_is_shown_and_what_is_missing() {
        let w = crate::workflows::workflow("hearing_prep").unwrap();
        let focus = crate::workflows::Focus {
            kind: crate::workflows::FocusKind::Case,
            id: "3".into(),
            title: "Oak Ridge v. Doe".into(),
            text: String::new(),
            case_id: Some(3),
        };
        let system = crate::workflows::system_prompt(w, Some(&focus), None);
        let first = hearing_prep(&system, &[]);
        let proof = first.iter().find(|c| c.name == "GetProof").expect("the first turn reads the case's proof");
        assert_eq!(proof.arguments, r#"{"caseId":3}"#);

        let view = json!({
            "caseId": 3, "kind": "eviction-tenant",
            "elements": [
                {"id": "rental-agreement", "side": "claim", "title": "You rent the home from the landlord", "sections": ["55.1-1200"],
                 "status": "shown", "missing": [], "links": [{"recordKind": "document", "recordId": 4, "label": "Lease", "createdBy": "person"}]},
                {"id": "pay-or-quit-notice", "side": "claim", "title": "A proper written notice to pay or leave", "sections": ["55.1-1245"],
                 "status": "nothing", "missing": ["Nothing yet shows the notice itself."], "links": []}
            ],
            "counts": {"shown": 1, "partly": 0, "nothing": 1},
            "caveat": "It does not say whether the judge will find it shown."
        });
        let case = json!({"id": 3, "name": "Oak Ridge v. Doe", "court": "Richmond GDC", "caseNumber": "GV1"});
        let results = vec![
            ("GetCases".to_string(), json!({}), json!({"cases": [case.clone()]})),
            ("GetProof".to_string(), json!({"caseId": 3}), view),
        ];
        let body = checklist(&case, &results);
        let part = &body[body.find("## What the court must find").expect(&body)..body.find("## The law the court will apply").unwrap()];
        assert!(
            part.contains(
                "- [ ] You rent the home from the landlord (to be proved; [§ 55.1-1200]) — shown\n  - Shown by: Lease (document)"
            ),
            "{part}"
        );
        assert!(part.contains("- [ ] A proper written notice to pay or leave (to be proved; [§ 55.1-1245]) — nothing yet\n  - Missing: Nothing yet shows the notice itself."), "{part}");
        // Without the tool (an older server): no such part.
        assert!(!checklist(&case, &results[..1]).contains("## What the court must find"));

        let summary_of = |ok: bool| {
            let r = crate::event::ToolResult { tool: "GetProof".into(), args: json!({}), ok, result: results[1].2.clone() };
            summary("hearing_prep", &[r])
        };
        assert!(
            summary_of(true).contains("What the court must find: 1 shown, 0 partly shown, 1 with nothing yet."),
            "{}",
            summary_of(true)
        );
        assert!(!summary_of(false).contains("What the court must find"));
    }

    #[test]
    fn topic_terms_lead_with_the_title_then_the_most_frequent_words() {
        let terms = topic_terms("Lease", "The landlord kept the deposit. The deposit was 900 dollars. Landlord said so.", 4);
        assert_eq!(terms, ["lease", "landlord", "deposit", "kept"]);
    }
}
