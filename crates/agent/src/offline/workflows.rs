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
//!
//! For a run answered in Spanish ([`crate::language::ANSWER_LANGUAGE`], passed here as `lang`)
//! the plan's thought, the notes it writes (their titles, the Connections section, the checklist),
//! the links' reasons and the summary are in Spanish; the records' and the law's own words are
//! kept as they came.

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
    plan_in(key, system, messages, tools, None)
}

/// [`plan`] for a run in `lang`: what it writes is in Spanish for `"es"`.
pub fn plan_in(key: &str, system: &str, messages: &[ChatMessage], tools: &[ToolSpec], lang: Option<&str>) -> Vec<ToolCall> {
    let es = crate::language::is_spanish_code(lang);
    let calls = match key {
        "integrate" => integrate(system, messages, es),
        "hearing_prep" => hearing_prep(system, messages, es),
        _ => Vec::new(),
    };
    offered_only(calls, tools)
}

/// `en`, or `spanish` for a run in Spanish.
fn say(es: bool, en: &'static str, spanish: &'static str) -> &'static str {
    if es { spanish } else { en }
}

/// The focused record (`document`, `note`) named with its article in Spanish ("el documento"),
/// as it came in English.
fn the_record(kind: &str, es: bool) -> String {
    if es { crate::cards::record_words(kind, true) } else { kind.to_string() }
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

fn section_line(node: &Value, why: &str, es: bool) -> (String, String) {
    let id = node["sourceId"].as_str().unwrap_or_default();
    let heading = node["heading"].as_str().unwrap_or_default();
    let summary = if node["textKind"] != "summary" {
        ""
    } else {
        say(
            es,
            " (the law graph holds a plain-language summary, not the statute's words)",
            " (el grafo de leyes tiene un resumen en lenguaje sencillo, no las palabras de la ley)",
        )
    };
    (format!("[§ {id}] {heading} — {why}{summary}"), why.to_string())
}

/// The strongest connections in what the first turn found: cited sections, then sections the
/// record's words found, then other records and deadlines sharing its words; 3 to 8 of them.
fn connections(focus: &PromptFocus, results: &[(String, Value, Value)], es: bool) -> Vec<Connection> {
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
            let why = if es { format!("{} la cita", the_record(&focus.kind, es)) } else { format!("the {} cites it", focus.kind) };
            let (line, why) = section_line(result, &why, es);
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
            let lead = say(es, "it is about the same things:", "trata de lo mismo:");
            let (line, why) = section_line(node, &format!("{lead} {}", common.join(", ")), es);
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
                let title = hit["title"].as_str().unwrap_or(say(es, "untitled", "sin título"));
                let why = format!("{} {}", say(es, "it also speaks of", "también habla de"), common.join(", "));
                let kind = if from == "note" { "note" } else { "document" };
                let named = match (kind, es) {
                    (_, false) => capitalise(kind),
                    ("note", true) => "Nota".to_string(),
                    (_, true) => "Documento".to_string(),
                };
                out.push(Connection { kind, to: id.to_string(), line: format!("{named} “{title}” — {why}"), why });
            }
        }
        if name == "GetDeadlines" {
            for d in result["deadlines"].as_array().into_iter().flatten().filter(|d| d["done"] != true) {
                let common = shared(&format!("{} {}", d["title"].as_str().unwrap_or_default(), d["notes"].as_str().unwrap_or_default()));
                let Some(id) = d["id"].as_i64() else { continue };
                if common.is_empty() || !seen.insert(format!("d{id}")) || out.len() >= 8 {
                    continue;
                }
                let why = format!("{} {}", say(es, "the deadline is about", "la fecha límite trata de"), common.join(", "));
                let line = format!(
                    "{} “{}” ({}) — {why}",
                    say(es, "Deadline", "Fecha límite"),
                    d["title"].as_str().unwrap_or(say(es, "untitled", "sin título")),
                    d["date"].as_str().unwrap_or(say(es, "no date", "sin fecha"))
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
fn connections_text(focus: &PromptFocus, found: &[Connection], es: bool) -> String {
    if es {
        return connections_text_es(focus, found);
    }
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

/// [`connections_text`] in Spanish.
fn connections_text_es(focus: &PromptFocus, found: &[Connection]) -> String {
    let what = match (focus.title.is_empty(), focus.kind.as_str()) {
        (false, _) => format!("“{}”", focus.title),
        (true, "note") => "Esta nota".to_string(),
        (true, "document") => "Este documento".to_string(),
        (true, other) => format!("Este registro ({other})"),
    };
    let mut out = String::from("## Conexiones\n");
    if found.is_empty() {
        out.push_str(&format!(
            "{what}: ninguna sección del grafo de leyes ni ningún otro registro comparte suficientes palabras con él para \
             conectarlo con seguridad. Pruebe a buscar en Preguntar con las palabras legales que usa.\n"
        ));
        return out;
    }
    out.push_str(&format!(
        "{what} tiene {} {}, abajo: se encontraron por sus citas y sus palabras, sin un modelo de lenguaje (ninguno lo leyó; \
         revise cada una).\n\n",
        found.len(),
        if found.len() == 1 { "conexión" } else { "conexiones" }
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

fn integrate(system: &str, messages: &[ChatMessage], es: bool) -> Vec<ToolCall> {
    let focus = focus_of(system);
    let results = results_so_far(messages);
    let focus_id: Value = focus.id.parse::<i64>().map(Value::from).unwrap_or(Value::Null);
    match turns_so_far(messages) {
        0 => {
            let terms = topic_terms(&focus.title, &focus.text, 8).join(" ");
            let thought = if es {
                format!(
                    "Plan sin conexión: buscar las secciones que cita {} y las secciones que encuentran sus palabras ({terms}); \
                     buscar los otros registros y fechas límite de la persona que comparten sus palabras; quedarse con las 3 a 8 \
                     más fuertes; escribirlas una sola vez en una sección de Conexiones y enlazar cada sección y fecha límite.",
                    the_record(&focus.kind, es)
                )
            } else {
                format!(
                    "Offline plan: look up the sections the {} cites and the sections its words find ({terms}); find the person's \
                     other records and deadlines that share its words; keep the strongest 3 to 8; write them once into a \
                     Connections section and link each section and deadline.",
                    focus.kind
                )
            };
            let mut calls = vec![call(0, "think", json!({ "thought": thought }))];
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
            let found = connections(&focus, &results, es);
            let mut calls = Vec::new();
            if focus.kind == "document" {
                let title = if !focus.title.is_empty() {
                    focus.title.clone()
                } else {
                    format!("{} {}", say(es, "document", "documento"), focus.id)
                };
                let mut note = json!({ "title": format!("{} {title}", say(es, "Connections:", "Conexiones:")), "body": "" });
                if let Some(case_id) = focus.case_id {
                    note["caseId"] = json!(case_id);
                }
                calls.push(call(0, "create_note", note));
            } else {
                calls.push(call(0, "append_to_note", json!({ "noteId": focus_id, "text": connections_text(&focus, &found, es) })));
            }
            calls.extend(link_calls(1, &focus.kind, &focus_id, &found));
            calls
        }
        2 if focus.kind == "document" => {
            let note = results.iter().find(|(name, _, _)| name == "create_note").and_then(|(_, _, r)| r["note"]["id"].as_i64());
            let Some(note_id) = note else { return Vec::new() };
            let found = connections(&focus, &results, es);
            vec![call(0, "append_to_note", json!({ "noteId": note_id, "text": connections_text(&focus, &found, es) }))]
        }
        _ => Vec::new(),
    }
}

/// A Virginia Code section named in a rule's citation (`Va. Code § 16.1-106` → `16.1-106`).
fn code_section(citation: &str) -> Option<String> {
    proseva_citation::find_citations(citation).into_iter().next().map(|c| c.reference.source_id())
}

fn hearing_prep(system: &str, messages: &[ChatMessage], es: bool) -> Vec<ToolCall> {
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
                json!({ "thought": say(
                    es,
                    "Offline plan: read the case, its deadlines, documents, people, what the court must find in it and its critical events; look up the sections behind its deadlines and its kind of case; write one checklist note and link it to them.",
                    "Plan sin conexión: leer el caso, sus fechas límite, documentos, personas, lo que el tribunal debe comprobar en él y sus eventos importantes; buscar las secciones en que se basan sus fechas límite y su tipo de caso; escribir una nota con la lista para la audiencia y enlazarla con ellos."
                ) }),
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
            let name = case["name"].as_str().map(str::to_string).unwrap_or_else(|| format!("{} {}", say(es, "case", "caso"), focus.id));
            let body = checklist(&case, &results, es);
            let title = format!("{} {name}", say(es, "Hearing checklist:", "Lista para la audiencia:"));
            vec![call(0, "create_note", json!({ "caseId": case_id, "title": title, "body": body }))]
        }
        3 => {
            let Some(note_id) = of("create_note")["note"]["id"].as_i64() else { return Vec::new() };
            let mut found: Vec<Connection> = law_found(&results)
                .into_iter()
                .map(|n| Connection {
                    kind: "section",
                    to: n["sourceId"].as_str().unwrap_or_default().into(),
                    line: String::new(),
                    why: say(es, "the checklist relies on it", "la lista se basa en ella").into(),
                })
                .collect();
            for d in of("GetDeadlines")["deadlines"].as_array().into_iter().flatten().filter(|d| d["done"] != true) {
                if let Some(id) = d["id"].as_i64() {
                    let why = say(es, "on the checklist", "está en la lista").into();
                    found.push(Connection { kind: "deadline", to: id.to_string(), line: String::new(), why });
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

/// The hearing checklist, in Markdown, from the case's own records and the sections found; its
/// own words in Spanish when `es`.
fn checklist(case: &Value, results: &[(String, Value, Value)], es: bool) -> String {
    let of = |tool: &str| results.iter().find(|(name, _, _)| name == tool).map(|(_, _, r)| r.clone()).unwrap_or(Value::Null);
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    let say = |en: &'static str, spanish: &'static str| say(es, en, spanish);
    let mut out = String::new();
    let court = text(case, "court");
    let number = text(case, "caseNumber");
    if !court.is_empty() || !number.is_empty() {
        let line = if es {
            format!("Caso {number} en {court}.\n\n").replace("Caso  en", "Caso en").replace(" en .", ".")
        } else {
            format!("Case {number} in {court}.\n\n").replace("Case  in", "Case in").replace(" in .", ".")
        };
        out.push_str(&line);
    }
    out.push_str(say(
        "Prepared offline from your records and the law graph (no language model read them); check every item.\n\n## Before the hearing\n",
        "Preparada sin conexión con sus registros y el grafo de leyes (ningún modelo de lenguaje los leyó); revise cada punto.\n\n## Antes de la audiencia\n",
    ));
    let deadlines: Vec<Value> = of("GetDeadlines")["deadlines"].as_array().cloned().unwrap_or_default();
    let open: Vec<&Value> = deadlines.iter().filter(|d| d["done"] != true).collect();
    if open.is_empty() {
        out.push_str(say(
            "- [ ] No open deadlines are recorded for this case; check the court's papers for any.\n",
            "- [ ] No hay fechas límite abiertas guardadas para este caso; revise los papeles del tribunal por si hay alguna.\n",
        ));
    }
    for d in open {
        let rule = d["sourceRule"].as_str().map(|r| match code_section(r) {
            Some(id) => format!(" — [§ {id}]"),
            None => format!(" — {r}"),
        });
        let overdue = if d["overdue"] == true { say(" (OVERDUE)", " (VENCIDA)") } else { "" };
        let by = say("by", ", a más tardar el");
        out.push_str(&format!(
            "- [ ] {}{}{by} {}{overdue}{}\n",
            text(d, "title"),
            if es { "" } else { " " },
            text(d, "date"),
            rule.unwrap_or_default()
        ));
    }
    out.push_str(say("\n## Bring\n", "\n## Qué llevar\n"));
    let documents: Vec<Value> = of("GetDocuments")["documents"].as_array().cloned().unwrap_or_default();
    if documents.is_empty() {
        out.push_str(say(
            "- [ ] No documents are on file for this case; gather the papers you were served and anything you filed.\n",
            "- [ ] No hay documentos guardados para este caso; reúna los papeles que le notificaron y todo lo que usted presentó.\n",
        ));
    }
    for d in &documents {
        let copies =
            say("(three copies: the court, the other side, you)", "(tres copias: para el tribunal, para la otra parte y para usted)");
        out.push_str(&format!("- [ ] {} {copies}\n", text(d, "title")));
    }
    out.push_str(say("\n## People\n", "\n## Personas\n"));
    let contacts: Vec<Value> = of("GetContacts")["contacts"].as_array().cloned().unwrap_or_default();
    if contacts.is_empty() {
        out.push_str(say("- [ ] No people are recorded for this case.\n", "- [ ] No hay personas guardadas para este caso.\n"));
    }
    for c in &contacts {
        let reach = [text(c, "phone"), text(c, "email")].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(", ");
        let reach = if reach.is_empty() { String::new() } else { format!(" — {reach}") };
        out.push_str(&format!("- [ ] {} ({}){reach}\n", text(c, "name"), text(c, "role")));
    }
    // What the court must find, and what the person's records show of each (the Proof view).
    let proof = of("GetProof");
    if !proof.is_null() {
        out.push_str(&super::proof::checklist_part_in(&proof, es));
    }
    out.push_str(say("\n## The law the court will apply\n", "\n## La ley que aplicará el tribunal\n"));
    let law = law_found(results);
    if law.is_empty() {
        out.push_str(say(
            "- [ ] No section was found in the law graph for this case; search for it in Ask.\n",
            "- [ ] No se encontró ninguna sección en el grafo de leyes para este caso; búsquela en Preguntar.\n",
        ));
    }
    for n in &law {
        let summary = if n["textKind"] == "summary" {
            say(" (plain-language summary, not the statute's words)", " (resumen en lenguaje sencillo, no las palabras de la ley)")
        } else {
            ""
        };
        out.push_str(&format!("- [ ] [§ {}] {}{summary}\n", text(n, "sourceId"), text(n, "heading")));
    }
    let events: Vec<Value> = of("SearchTimeline")["events"].as_array().cloned().unwrap_or_default();
    if !events.is_empty() {
        out.push_str(say("\n## Be ready to explain\n", "\n## Prepárese para explicar\n"));
        for e in events.iter().take(5) {
            out.push_str(&format!("- [ ] {} {}: {}\n", say("What happened on", "Qué pasó el"), text(e, "date"), text(e, "title")));
        }
    }
    out
}

/// The offline summary of a workflow run: what was written, from the write tools' results.
pub fn summary(key: &str, results: &[crate::event::ToolResult]) -> String {
    summary_in(key, results, None)
}

/// [`summary`] in `lang`: in Spanish for `"es"`, with the same counts and the same notes' titles.
pub fn summary_in(key: &str, results: &[crate::event::ToolResult], lang: Option<&str>) -> String {
    let es = crate::language::is_spanish_code(lang);
    let mut notes: Vec<String> = Vec::new();
    let mut links = 0;
    let mut failed: Vec<String> = Vec::new();
    for r in results {
        match (r.tool.as_str(), r.ok) {
            ("create_note" | "append_to_note", true) => {
                let title = r.result["note"]["title"].as_str().unwrap_or(say(es, "a note", "una nota")).to_string();
                if !notes.contains(&title) {
                    notes.push(title);
                }
            }
            ("link", true) => links += 1,
            (name, false) if crate::roles::EXECUTION.contains(&name) => {
                failed.push(format!("{name}: {}", crate::tool::error_message(&r.result).unwrap_or(say(es, "failed", "no funcionó"))))
            }
            _ => {}
        }
    }
    let what = crate::workflows::workflow(key).map_or(key, |w| w.name_in(lang));
    let mut out = if es {
        format!("“{what}” se hizo sin conexión, con sus registros y el grafo de leyes (sin un modelo de lenguaje). ")
    } else {
        format!("“{what}” ran offline, from your records and the law graph (no language model). ")
    };
    if notes.is_empty() {
        out.push_str(say(es, "Nothing was written. ", "No se escribió nada. "));
    } else if es {
        let into = if notes.len() == 1 { "en la nota" } else { "en las notas" };
        out.push_str(&format!("Escribió {into} “{}”", notes.join("”, “")));
        out.push_str(&if links > 0 { format!(" e hizo {links} {}. ", if links == 1 { "enlace" } else { "enlaces" }) } else { ". ".into() });
    } else {
        out.push_str(&format!("It wrote to the note “{}”", notes.join("”, “")));
        out.push_str(&if links > 0 { format!(" and made {links} link{}. ", if links == 1 { "" } else { "s" }) } else { ". ".into() });
    }
    if !failed.is_empty() {
        out.push_str(&format!("{} {}. ", say(es, "Some writes failed:", "No se pudo escribir todo:"), failed.join("; ")));
    }
    // For the hearing: where the case's proof stands, which the checklist spells out per element.
    if let Some(view) = results
        .iter()
        .find(|r| r.ok && r.tool == "GetProof")
        .map(|r| &r.result)
        .filter(|v| v["elements"].as_array().is_some_and(|e| !e.is_empty()))
    {
        out.push_str(&format!(
            "{} {} {} ",
            say(es, "What the court must find:", "Lo que el tribunal debe comprobar:"),
            crate::cards::counts_line_in(&view["counts"], lang),
            say(
                es,
                "The checklist says, for each, what shows it and what is still missing.",
                "La lista dice, para cada punto, qué lo muestra y qué falta todavía."
            )
        ));
    }
    out.push_str(say(
        es,
        "Check each item before you rely on it; this is legal information, not legal advice.",
        "Revise cada punto antes de basarse en él; esto es información legal, no asesoría legal.",
    ));
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

    /// The hearing-prep workflow's prompt for case 3, "Oak Ridge v. Doe".
    fn hearing_prep_prompt() -> String {
        let w = crate::workflows::workflow("hearing_prep").unwrap();
        let focus = crate::workflows::Focus {
            kind: crate::workflows::FocusKind::Case,
            id: "3".into(),
            title: "Oak Ridge v. Doe".into(),
            text: String::new(),
            case_id: Some(3),
        };
        crate::workflows::system_prompt(w, Some(&focus), None)
    }

    #[test]
    fn hearing_prep_reads_the_cases_proof_and_its_checklist_says_what_is_shown_and_what_is_missing() {
        let system = hearing_prep_prompt();
        let first = hearing_prep(&system, &[], false);
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
        let body = checklist(&case, &results, false);
        let part = &body[body.find("## What the court must find").expect(&body)..body.find("## The law the court will apply").unwrap()];
        assert!(
            part.contains(
                "- [ ] You rent the home from the landlord (to be proved; [§ 55.1-1200]) — shown\n  - Shown by: Lease (document)"
            ),
            "{part}"
        );
        assert!(part.contains("- [ ] A proper written notice to pay or leave (to be proved; [§ 55.1-1245]) — nothing yet\n  - Missing: Nothing yet shows the notice itself."), "{part}");
        // Without the tool (an older server): no such part.
        assert!(!checklist(&case, &results[..1], false).contains("## What the court must find"));

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

    /// The numbers (runs of digits, sorted) and how many § a text holds.
    fn figures(text: &str) -> (Vec<String>, usize) {
        let mut numbers: Vec<String> = text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(str::to_string).collect();
        numbers.sort();
        (numbers, text.matches('§').count())
    }

    /// `text` with the records' own words (`data`, as the tools gave them) taken out: what is left
    /// is the workflow's own words.
    fn own_words(text: &str, data: &[&str]) -> String {
        let mut data = data.to_vec();
        data.sort_by_key(|d| std::cmp::Reverse(d.len()));
        data.iter().fold(text.to_string(), |t, d| t.replace(d, " "))
    }

    /// Fails when `spanish` keeps any of `english` in its own words, or its figures differ from the English text's.
    fn spanish_of(english_text: &str, spanish: &str, data: &[&str], english: &[&str]) {
        let own = own_words(spanish, data);
        for word in english {
            assert!(!own.contains(word), "{word:?} left in the Spanish:\n{spanish}");
        }
        assert_eq!(figures(english_text), figures(spanish), "the same digits and §:\n{english_text}\n---\n{spanish}");
        assert_ne!(english_text, spanish);
    }

    fn ok(tool: &str, result: Value) -> crate::event::ToolResult {
        crate::event::ToolResult { tool: tool.into(), args: json!({}), ok: true, result }
    }

    /// What the hearing checklist is built from: a case with deadlines (one overdue, one under a
    /// Code section, one under a Rule), a document, a person, its Proof view, the law found and a
    /// critical event.
    fn hearing_results() -> (Value, Vec<(String, Value, Value)>) {
        let case = json!({"id": 3, "name": "Oak Ridge v. Doe", "court": "Richmond GDC", "caseNumber": "GV25-1234"});
        let view = json!({
            "caseId": 3, "kind": "eviction-tenant",
            "elements": [
                {"id": "rental-agreement", "side": "claim", "title": "You rent the home", "sections": ["55.1-1200"],
                 "status": "shown", "missing": [], "links": [{"recordKind": "document", "recordId": 4, "label": "Lease"}]},
                {"id": "notice", "side": "claim", "title": "A proper notice", "sections": ["55.1-1245", "8.01-126"],
                 "status": "nothing", "missing": ["Nothing yet shows the notice itself."], "links": [],
                 "dates": ["The date the notice was served is not recorded yet."]},
                {"id": "paid", "side": "defence", "title": "You paid everything owed", "sections": ["55.1-1250"], "status": "partly",
                 "missing": ["Nothing yet shows how much was owed."],
                 "links": [{"recordKind": "finance", "recordId": 9, "label": "Rent paid", "note": "The May rent."}]}
            ],
            "counts": {"shown": 1, "partly": 1, "nothing": 1},
            "caveat": "It does not say whether the judge will find it shown."
        });
        let result = |name: &str, v: Value| (name.to_string(), json!({}), v);
        let results = vec![
            result("GetCases", json!({"cases": [case.clone()]})),
            result(
                "GetDeadlines",
                json!({"deadlines": [
                    {"id": 1, "title": "File the appeal", "date": "2026-03-02", "overdue": true, "sourceRule": "Va. Code § 16.1-106"},
                    {"id": 2, "title": "Return date", "date": "2026-03-10", "sourceRule": "Rule 3:8"},
                    {"id": 3, "title": "Old one", "date": "2026-01-01", "done": true}]}),
            ),
            result("GetDocuments", json!({"documents": [{"id": 4, "title": "Lease"}]})),
            result("GetContacts", json!({"contacts": [{"name": "Ann Smith", "role": "witness", "phone": "804-555-0100"}]})),
            result("SearchTimeline", json!({"events": [{"date": "2026-02-14", "title": "The locks were changed"}]})),
            result("GetProof", view),
            result("get_node", json!({"nodeType": "section", "sourceId": "16.1-106", "heading": "Appeals", "textKind": "summary"})),
            result("search_nodes", json!({"nodes": [{"nodeType": "section", "sourceId": "55.1-1245", "heading": "Notice"}]})),
        ];
        (case, results)
    }

    /// The records' own words in the hearing fixtures.
    const HEARING_DATA: &[&str] = &[
        "Oak Ridge v. Doe",
        "Richmond GDC",
        "GV25-1234",
        "File the appeal",
        "Return date",
        "Rule 3:8",
        "Lease",
        "Ann Smith",
        "witness",
        "804-555-0100",
        "You rent the home",
        "A proper notice",
        "Nothing yet shows the notice itself.",
        "The date the notice was served is not recorded yet.",
        "You paid everything owed",
        "Nothing yet shows how much was owed.",
        "Rent paid",
        "The May rent.",
        "It does not say whether the judge will find it shown.",
        "Appeals",
        "Notice",
        "The locks were changed",
        "link",
    ];

    #[test]
    fn a_spanish_hearing_checklist_says_in_spanish_what_the_english_one_says() {
        // Words of the English checklist that its Spanish must not keep.
        const ENGLISH: &[&str] = &[
            "Case ",
            " in ",
            "Prepared offline",
            "records",
            "check every item",
            "Before the hearing",
            "OVERDUE",
            " by ",
            "Bring",
            "three copies",
            "other side",
            "People",
            "What the court must find",
            "to be proved",
            "an answer to the case",
            "Shown by",
            "Missing",
            "shown",
            "partly",
            "nothing yet",
            "(document)",
            "(finance)",
            "The law the court will apply",
            "plain-language",
            "statute",
            "Be ready",
            "What happened",
            "No open deadlines",
            "No documents",
            "No people",
            "No section",
            "untitled",
        ];
        let (case, results) = hearing_results();
        let english = checklist(&case, &results, false);
        let spanish = checklist(&case, &results, true);
        spanish_of(&english, &spanish, HEARING_DATA, ENGLISH);
        for part in [
            "## Antes de la audiencia",
            "## Qué llevar",
            "## Personas",
            "## Lo que el tribunal debe comprobar",
            "## La ley que aplicará el tribunal",
            "## Prepárese para explicar",
        ] {
            assert!(spanish.contains(part), "{part}:\n{spanish}");
        }
        assert!(spanish.starts_with("Caso GV25-1234 en Richmond GDC.\n\n"), "{spanish}");
        assert!(spanish.contains("- [ ] File the appeal, a más tardar el 2026-03-02 (VENCIDA) — [§ 16.1-106]\n"), "{spanish}");
        assert!(spanish.contains("- [ ] Lease (tres copias: para el tribunal, para la otra parte y para usted)\n"), "{spanish}");
        assert!(spanish.contains("1 mostrado, 1 mostrado en parte, 1 sin nada todavía."), "{spanish}");
        assert!(spanish.contains("- [ ] You paid everything owed (una respuesta al caso; [§ 55.1-1250]) — mostrado en parte\n  - Se muestra con: Rent paid (pago): The May rent.\n  - Falta: Nothing yet shows how much was owed.\n"), "{spanish}");
        // The English is as it was.
        assert!(english.contains("- [ ] File the appeal by 2026-03-02 (OVERDUE) — [§ 16.1-106]\n"), "{english}");
        assert!(english.contains("- [ ] Lease (three copies: the court, the other side, you)\n"), "{english}");

        // A case with nothing recorded: each part says so, in Spanish.
        let bare = json!({"id": 3});
        let (english, spanish) = (checklist(&bare, &[], false), checklist(&bare, &[], true));
        spanish_of(&english, &spanish, &[], ENGLISH);
        assert!(spanish.contains("No hay fechas límite abiertas") && spanish.contains("búsquela en Preguntar"), "{spanish}");
    }

    #[test]
    fn a_spanish_hearing_prep_run_plans_and_writes_in_spanish() {
        let system = hearing_prep_prompt();
        let thought = |es: bool| serde_json::from_str::<Value>(&hearing_prep(&system, &[], es)[0].arguments).unwrap()["thought"].clone();
        assert!(thought(false).as_str().unwrap().starts_with("Offline plan:"));
        assert!(thought(true).as_str().unwrap().starts_with("Plan sin conexión:"), "{}", thought(true));
        let tools: Vec<ToolSpec> = ["think", "GetCases", "GetProof"]
            .iter()
            .map(|n| ToolSpec {
                name: n.to_string(),
                description: String::new(),
                parameters: json!({}),
                effect: crate::tool::Effect::Reads,
            })
            .collect();
        assert_eq!(plan_in("hearing_prep", &system, &[], &tools, Some("es")).len(), 3, "only the tools offered");
        assert_eq!(plan("hearing_prep", &system, &[], &tools), plan_in("hearing_prep", &system, &[], &tools, None));
    }

    #[test]
    fn a_spanish_summary_says_in_spanish_what_the_english_one_says() {
        const ENGLISH: &[&str] = &[
            "ran offline",
            "records",
            "law graph",
            "language model",
            "Nothing was written",
            "It wrote",
            "the note",
            "and made",
            "link",
            "Some writes failed",
            "failed",
            "What the court must find",
            "shown",
            "partly",
            "nothing yet",
            "The checklist",
            "Check each item",
            "legal information",
            "legal advice",
            "Prepare for a hearing",
            "Connect to the law",
        ];
        let (_, fixtures) = hearing_results();
        let view = fixtures.iter().find(|(name, _, _)| name == "GetProof").unwrap().2.clone();
        let failed = crate::event::ToolResult {
            tool: "link".into(),
            args: json!({}),
            ok: false,
            result: json!({"error": {"code": "unavailable", "message": "the server is down"}}),
        };
        let note = |title: &str| ok("create_note", json!({"note": {"id": 7, "title": title}}));
        let runs: Vec<(&str, Vec<crate::event::ToolResult>)> = vec![
            (
                "hearing_prep",
                vec![
                    ok("GetProof", view),
                    note("Lista para la audiencia: Oak Ridge v. Doe"),
                    ok("link", json!({})),
                    ok("link", json!({})),
                    ok("link", json!({})),
                    failed,
                ],
            ),
            ("integrate", vec![ok("append_to_note", json!({"note": {"id": 7, "title": "Conexiones: Lease"}})), ok("link", json!({}))]),
            ("integrate", vec![note("Conexiones: Lease"), note("Notes 2")]),
            ("hearing_prep", vec![]),
        ];
        let data = ["Lista para la audiencia: Oak Ridge v. Doe", "Conexiones: Lease", "Notes 2", "the server is down", "link:"];
        for (key, results) in runs {
            let english = summary(key, &results);
            let spanish = summary_in(key, &results, Some("es"));
            spanish_of(&english, &spanish, &data, ENGLISH);
            assert_eq!(summary_in(key, &results, None), english);
            assert!(spanish.ends_with("esto es información legal, no asesoría legal."), "{spanish}");
        }
        let (_, fixtures) = hearing_results();
        let view = fixtures.iter().find(|(name, _, _)| name == "GetProof").unwrap().2.clone();
        let spanish = summary_in("hearing_prep", &[ok("GetProof", view), ok("link", json!({}))], Some("es"));
        assert!(spanish.starts_with("“Prepararse para una audiencia” se hizo sin conexión"), "{spanish}");
        assert!(spanish.contains("Lo que el tribunal debe comprobar: 1 mostrado, 1 mostrado en parte, 1 sin nada todavía."), "{spanish}");
        assert!(summary_in("integrate", &[], Some("es")).contains("No se escribió nada."));
    }

    #[test]
    fn a_spanish_integrate_run_writes_its_connections_in_spanish() {
        const ENGLISH: &[&str] = &[
            "Connections",
            "This document",
            "is connected",
            "thing",
            "found offline",
            "citations and its words",
            "language model",
            "check each one",
            "cites it",
            "same things",
            "also speaks",
            "Note ",
            "Deadline",
            "is about",
            "plain-language",
            "statute",
            "no section",
            "Try a search",
            "untitled",
            "no date",
            "Offline plan",
        ];
        let w = crate::workflows::workflow("integrate").unwrap();
        let focus = crate::workflows::Focus {
            kind: crate::workflows::FocusKind::Document,
            id: "12".into(),
            title: "Deposit letter".into(),
            text: "Under § 55.1-1226 the landlord must return the deposit within 45 days.".into(),
            case_id: Some(3),
        };
        let system = crate::workflows::system_prompt(w, Some(&focus), None);
        let read = focus_of(&system);
        let results = vec![
            (
                "get_node".to_string(),
                json!({}),
                json!({"nodeType": "section", "sourceId": "55.1-1226", "heading": "Security deposits", "textKind": "summary"}),
            ),
            (
                "search_nodes".to_string(),
                json!({}),
                json!({"nodes": [{"nodeType": "section", "sourceId": "55.1-1227", "heading": "Deposit", "sourceText": "The landlord shall return the deposit."}]}),
            ),
            (
                "SearchKnowledge".to_string(),
                json!({}),
                json!({"passages": [{"from": "note", "id": 4, "title": "Landlord calls", "text": "The landlord said the deposit is gone."},
                                    {"from": "document", "id": 5, "text": "The deposit and the landlord again."}]}),
            ),
            (
                "GetDeadlines".to_string(),
                json!({}),
                json!({"deadlines": [{"id": 9, "title": "Deposit due back", "date": "2026-04-01"}, {"id": 10, "title": "Deposit claim"}]}),
            ),
        ];
        let (found_en, found_es) = (connections(&read, &results, false), connections(&read, &results, true));
        assert_eq!(found_en.len(), 6, "{found_en:?}");
        assert_eq!(
            found_en.iter().map(|c| (&c.kind, &c.to)).collect::<Vec<_>>(),
            found_es.iter().map(|c| (&c.kind, &c.to)).collect::<Vec<_>>()
        );
        let data = [
            "Deposit letter",
            "Security deposits",
            "Deposit due back",
            "Deposit claim",
            "Landlord calls",
            "Deposit",
            "deposit",
            "landlord",
            "return",
        ];
        let (english, spanish) = (connections_text(&read, &found_en, false), connections_text(&read, &found_es, true));
        spanish_of(&english, &spanish, &data, ENGLISH);
        assert!(spanish.starts_with("## Conexiones\n“Deposit letter” tiene 6 conexiones, abajo:"), "{spanish}");
        assert!(
            spanish.contains("- [§ 55.1-1226] Security deposits — el documento la cita (el grafo de leyes tiene un resumen"),
            "{spanish}"
        );
        assert!(spanish.contains("- Fecha límite “Deposit claim” (sin fecha) — la fecha límite trata de deposit\n"), "{spanish}");
        for (en, es) in found_en.iter().zip(&found_es) {
            spanish_of(&en.why, &es.why, &data, ENGLISH);
        }
        let nothing = PromptFocus { kind: "note".into(), ..PromptFocus::default() };
        spanish_of(&connections_text(&nothing, &[], false), &connections_text(&nothing, &[], true), &[], ENGLISH);

        // The plan and the note it creates for a document.
        let messages = [ChatMessage::system(system.clone()), ChatMessage::user("Run it")];
        let first = integrate(&system, &messages, true);
        let thought_of = |calls: &[ToolCall]| -> String {
            serde_json::from_str::<Value>(&calls[0].arguments).unwrap()["thought"].as_str().unwrap().to_string()
        };
        spanish_of(
            &thought_of(&integrate(&system, &messages, false)),
            &thought_of(&first),
            &["deposit", "landlord", "letter", "return", "days", "within", "must", "under"],
            ENGLISH,
        );
        let mut messages = messages.to_vec();
        messages.push(ChatMessage::assistant_calls("", first.clone()));
        for c in &first {
            messages.push(ChatMessage::tool(c.id.clone(), "{}".to_string()));
        }
        let second = integrate(&system, &messages, true);
        assert_eq!(second[0].name, "create_note");
        let note: Value = serde_json::from_str(&second[0].arguments).unwrap();
        assert_eq!(note["title"], "Conexiones: Deposit letter");
    }

    #[test]
    fn topic_terms_lead_with_the_title_then_the_most_frequent_words() {
        let terms = topic_terms("Lease", "The landlord kept the deposit. The deposit was 900 dollars. Landlord said so.", 4);
        assert_eq!(terms, ["lease", "landlord", "deposit", "kept"]);
    }
}
