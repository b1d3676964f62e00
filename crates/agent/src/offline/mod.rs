//! The built-in offline mode: no language model, still a real answer.
//!
//! It plans tool calls from the question itself — an exact citation becomes `get_node`, a legal
//! topic `search_nodes` (and `SearchKnowledge` over the person's documents), "my case / deadline /
//! hearing" the matching local tools, "what am I missing for my hearing?" the case's Proof for the
//! hearing (`GetProof`, see [`proof`]) — then follows up on the best hits (their full text and the
//! sections they cite). The answer is extractive and leads with the section that answers: one line
//! naming the most relevant section (the explorer's ranking decides, see `proseva_law::rank`), a
//! plain statement that it is offline, the sentences of the retrieved sources that best match the
//! question (each with its citation, official URL and whether it is a summary or official text),
//! what the person's own records say or that they say nothing, and related sections when there
//! are any. It cites only what it retrieved.

use std::collections::HashMap;

mod case_law;
mod es;
pub mod help;
pub mod proof;
pub mod workflows;

use async_trait::async_trait;
use proseva_citation::situation;
use serde_json::{Value, json};

use crate::event::ToolResult;
use crate::model::{AnswerRequest, ChatMessage, ChatModel, ModelError, ModelMode, ModelTurn, Role, ToolCall};
use crate::tool::ToolSpec;

#[derive(Debug, Default, Clone)]
pub struct OfflineModel;

/// Words that carry no topic; left out when matching sentences to the question.
const STOPWORDS: &[&str] = &[
    "a", "about", "an", "and", "are", "as", "at", "be", "can", "code", "do", "does", "for", "from", "get", "have", "how", "i", "if", "in",
    "is", "it", "law", "me", "my", "of", "on", "or", "say", "says", "should", "that", "the", "there", "this", "to", "va", "virginia",
    "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
];

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).map(str::to_lowercase).filter(|w| w.len() > 2 && !STOPWORDS.contains(&w.as_str())).collect()
}

fn has_any(question: &str, cues: &[&str]) -> bool {
    let q = question.to_lowercase();
    cues.iter().any(|c| q.contains(c))
}

fn call(n: usize, name: &str, args: Value) -> ToolCall {
    ToolCall { id: format!("offline-{n}-{name}"), name: name.to_string(), arguments: args.to_string() }
}

/// The calls of the first turn, from the question alone.
pub fn plan(question: &str, tools: &[ToolSpec]) -> Vec<ToolCall> {
    let offered = |name: &str| tools.iter().any(|t| t.name == name);
    let mut calls = Vec::new();
    let mut push = |name: &str, args: Value| {
        if offered(name) {
            calls.push(call(calls.len(), name, args));
        }
    };
    let mut cited: Vec<String> = Vec::new();
    for c in proseva_citation::find_citations(question) {
        let id = c.reference.source_id();
        if !cited.contains(&id) {
            cited.push(id);
        }
    }
    if cited.is_empty()
        && let Some(bare) = proseva_citation::citation_in_query(question)
    {
        cited.push(bare);
    }
    for id in cited.iter().take(3) {
        push("get_node", json!({ "id": id }));
    }
    push("search_nodes", json!({ "search": question, "limit": 8 }));
    push("SearchKnowledge", json!({ "query": question, "topK": 5 }));
    // A question in Spanish is read with Spanish words too ([`es::cues`]); an English one only
    // with the English.
    let es = proseva_citation::lang::is_spanish(question);
    let cue = |english: &[&str], spanish: &[&str]| has_any(question, english) || (es && es::has_any(question, spanish));
    // Who can help, and whether the question meets a situation that needs a lawyer now (the
    // server matches it against the Help tab's questions): asked every time, it is answered first.
    let mut help_args = if es { help::income_arguments_es(question) } else { help::income_arguments(question) };
    help_args["question"] = json!(question);
    push("FindHelp", help_args);
    let personal = cue(&["my ", "i ", "i'm", "me ", "our "], es::cues::PERSONAL);
    // What the court must find in the person's case and what their records show of it: the case
    // the window has open fills `caseId`; without one, the server takes their only open case.
    let missing = proof::asks_what_is_missing(question) || (es && es::asks_what_is_missing(question));
    if missing {
        push("GetProof", json!({}));
    }
    if personal || cue(&["deadline", "due", "hearing", "court date", "when is", "next"], es::cues::DEADLINES) {
        push("GetDeadlines", json!({}));
    }
    if personal || missing || cue(&["case", "hearing"], es::cues::CASES) {
        push("GetCases", json!({}));
    }
    if cue(&["contact", "lawyer", "attorney", "clerk", "judge", "phone", "email", "address", "witness"], es::cues::CONTACTS) {
        push("GetContacts", json!({}));
    }
    if cue(&["money", "cost", "paid", "pay ", "expense", "fee", "finance", "spent", "owe"], es::cues::MONEY) {
        push("GetFinances", json!({}));
    }
    if cue(&["document", "order", "filing", "letter", "notice", "petition"], es::cues::DOCUMENTS) && personal {
        push("GetDocuments", json!({}));
    }
    if cue(&["timeline", "happened", "incident", "when did", "history"], es::cues::TIMELINE) {
        let query = words(question).join(" ");
        push("SearchTimeline", json!({ "query": query }));
    }
    // Research: the outside services that search by words.
    push("search_opinions", json!({ "query": question }));
    push("search_statutes", json!({ "query": question }));
    calls
}

/// Results of the last turn's calls, by tool name, read back from the conversation.
fn last_results(messages: &[ChatMessage]) -> Vec<(String, Value)> {
    let Some(last_calls) = messages.iter().rposition(|m| m.role == Role::Assistant && !m.tool_calls.is_empty()) else { return Vec::new() };
    let names: HashMap<&str, &str> = messages[last_calls].tool_calls.iter().map(|c| (c.id.as_str(), c.name.as_str())).collect();
    messages[last_calls + 1..]
        .iter()
        .filter(|m| m.role == Role::Tool)
        .filter_map(|m| {
            let name = names.get(m.tool_call_id.as_deref()?)?;
            Some((name.to_string(), crate::pipeline::data::parse(&m.content).unwrap_or(Value::Null)))
        })
        .collect()
}

/// Follow-ups on the first turn's best hits: the full text of the top sections, and what the
/// top one cites.
fn follow_up(messages: &[ChatMessage], tools: &[ToolSpec]) -> Vec<ToolCall> {
    let offered = |name: &str| tools.iter().any(|t| t.name == name);
    let mut calls = Vec::new();
    let mut fetched: Vec<i64> = Vec::new();
    for (name, result) in last_results(messages) {
        if name == "get_node" {
            fetched.extend(result["id"].as_i64());
        }
    }
    for (name, result) in last_results(messages) {
        if name != "search_nodes" {
            continue;
        }
        let hits: Vec<i64> = result["nodes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|n| n["nodeType"].as_str().is_some_and(|t| t.ends_with("section")))
            .filter_map(|n| n["id"].as_i64())
            .collect();
        for id in hits.iter().filter(|id| !fetched.contains(id)).take(2) {
            if offered("get_node") {
                calls.push(call(calls.len() + 100, "get_node", json!({ "id": id })));
            }
        }
        if let Some(top) = fetched.first().or(hits.first())
            && offered("get_neighbors")
        {
            calls.push(call(calls.len() + 100, "get_neighbors", json!({ "id": top })));
        }
    }
    calls
}

#[async_trait]
impl ChatModel for OfflineModel {
    fn mode(&self) -> ModelMode {
        ModelMode::Offline
    }

    async fn tool_turn(&self, _model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Result<ModelTurn, ModelError> {
        let system = messages.first().filter(|m| m.role == Role::System).map_or("", |m| m.content.as_str());
        if let Some(key) = crate::workflows::key_in_prompt(system) {
            // What the workflow writes is in the language the run is answered in.
            let lang = crate::language::answer_language();
            let tool_calls = match key {
                "build_case_law" => workflows::offered_only(case_law::plan(system, messages, lang), tools),
                key => workflows::plan_in(key, system, messages, tools, lang),
            };
            return Ok(ModelTurn { content: String::new(), tool_calls });
        }
        let question = messages.iter().rev().find(|m| m.role == Role::User).map(|m| m.content.as_str()).unwrap_or_default();
        let last_user = messages.iter().rposition(|m| m.role == Role::User).unwrap_or(0);
        let turns_so_far = messages[last_user..].iter().filter(|m| m.role == Role::Assistant && !m.tool_calls.is_empty()).count();
        let tool_calls = match turns_so_far {
            0 => plan(question, tools),
            1 => follow_up(messages, tools),
            _ => Vec::new(),
        };
        Ok(ModelTurn { content: String::new(), tool_calls })
    }

    async fn answer(&self, request: AnswerRequest<'_>, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError> {
        let system = request.messages.first().filter(|m| m.role == Role::System).map_or("", |m| m.content.as_str());
        let lang = crate::language::answer_language();
        let answer = match crate::workflows::key_in_prompt(system) {
            Some("build_case_law") => case_law::summary(request.results, lang),
            Some(key) => workflows::summary_in(key, request.results, lang),
            None => compose(request.question, request.results),
        };
        // Stream by paragraph, as a model would by token.
        for part in answer.split_inclusive("\n\n") {
            on_delta(part);
        }
        Ok(answer)
    }
}

/// How many sections the answer quotes.
const QUOTED: usize = 5;

/// Whether the question asks where a case goes from here.
fn asks_what_next(question: &str) -> bool {
    let q = format!(" {} ", question.to_lowercase());
    ["next", "what happens", "step", "what do i do", "what should i do", "now what", "my case", "where am i", "where do i stand"]
        .iter()
        .any(|cue| q.contains(cue))
}

/// A case's place on its step-by-step path, as the offline answer shows it: the next step in
/// full, the steps after it, and which court — from `GetCases`'s `path`. `es`: in Spanish (the
/// path's own words come as the server wrote them, in Spanish when it was asked in Spanish).
fn path_block(case: &Value, es: bool) -> Option<String> {
    let path = case.get("path")?;
    let text = |v: &Value| v.as_str().filter(|s| !s.trim().is_empty()).map(str::to_string);
    let sections = |v: &Value| -> String {
        v.as_array().into_iter().flatten().filter_map(Value::as_str).map(|id| format!("§ {id}")).collect::<Vec<_>>().join(", ")
    };
    let name = text(&case["name"]);
    let title = text(&path["title"]).unwrap_or_default();
    let (done, steps) = (path["done"].as_u64().unwrap_or(0), path["steps"].as_u64().unwrap_or(0));
    let mut out = if es {
        es::path_heading(name.as_deref(), &title, done, steps)
    } else {
        format!("**Where your case stands: {}** ({title}; {done} of {steps} steps done)\n\n", name.unwrap_or_else(|| "your case".into()))
    };
    match path.get("next").filter(|n| !n.is_null()) {
        Some(next) => {
            let on = text(&next["date"]).map(|d| format!(" ({d})")).unwrap_or_default();
            out.push_str(&format!(
                "**{} {}**{on} — {}\n",
                if es { es::PATH_NEXT } else { "Next:" },
                text(&next["title"]).unwrap_or_default(),
                text(&next["what"]).unwrap_or_default()
            ));
            let labels = if es { es::PATH_FACTS } else { [("Court", "court"), ("What to file", "file"), ("What to bring", "bring")] };
            for (label, key) in labels {
                if let Some(value) = text(&next[key]) {
                    out.push_str(&format!("- {label}: {value}\n"));
                }
            }
            let deadline_label = if es { es::PATH_DEADLINE } else { "Deadline" };
            let deadline = &next["deadline"];
            if let Some(date) = text(&deadline["date"]) {
                let why = text(&deadline["explanation"]).map(|e| format!(" {e}")).unwrap_or_default();
                out.push_str(&format!("- {deadline_label}: {date} — {}.{why}\n", text(&deadline["rule"]).unwrap_or_default()));
            } else if let Some(needs) = text(&deadline["needs"]) {
                out.push_str(&format!("- {deadline_label}: {needs}\n"));
            }
            let rests = sections(&next["sections"]);
            if !rests.is_empty() {
                out.push_str(&format!("- {}: {rests}\n", if es { es::PATH_LAW } else { "Rests on" }));
            }
        }
        None => out.push_str(if es { es::PATH_ALL_DONE } else { "Every step of this path is ticked off.\n" }),
    }
    let after: Vec<String> = path["after"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let when = text(&s["date"]).or_else(|| text(&s["deadline"])).map(|d| format!(" ({d})")).unwrap_or_default();
            format!("{}{when}", text(&s["title"]).unwrap_or_default())
        })
        .collect();
    if !after.is_empty() {
        out.push_str(&format!("\n{} {}.\n", if es { es::PATH_AFTER } else { "After that:" }, after.join("; ")));
    }
    let court = &path["court"];
    if let Some(name) = text(&court["name"]) {
        let cite = sections(&court["sections"]);
        let cite = if cite.is_empty() { String::new() } else { format!(" ({cite})") };
        let why = text(&court["why"]).unwrap_or_default();
        if es {
            out.push_str(&format!("\n{} {name}. {why}{cite}\n", es::PATH_COURT));
        } else {
            out.push_str(&format!("\nWhich court: the {name}. {why}{cite}\n"));
        }
    }
    out.push('\n');
    Some(out)
}

/// "What to do next" for a person with no case on a path yet: the paths whose steps rest on the
/// leading section (`first`), at most two, those resting on more of the quoted sections first.
fn path_offer(offered: &[Value], first: &Found, found: &[Found], es: bool) -> Option<String> {
    let rests_on = |p: &Value, id: &str| p["sections"].as_array().is_some_and(|s| s.iter().any(|x| x == id));
    let mut fitting: Vec<(usize, &Value)> = offered
        .iter()
        .filter(|p| rests_on(p, &first.source_id))
        .map(|p| (found.iter().take(QUOTED).filter(|f| rests_on(p, &f.source_id)).count(), p))
        .collect();
    // Most quoted sections first; ties keep the paths' own order.
    fitting.sort_by_key(|(shared, _)| std::cmp::Reverse(*shared));
    let its_steps = if es { es::PATH_ITS_STEPS } else { "Its steps:" };
    let lines: Vec<String> = fitting
        .iter()
        .take(2)
        .filter_map(|(_, p)| {
            let title = p["title"].as_str()?;
            let steps: Vec<&str> = p["steps"].as_array()?.iter().filter_map(Value::as_str).collect();
            let summary = p["summary"].as_str().map(|s| format!(" {}", s.trim())).unwrap_or_default();
            Some(format!("- **{title}.**{summary} {its_steps} {}.\n", steps.join("; ")))
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    if es {
        return Some(es::path_offer(&lines.join("")));
    }
    Some(format!(
        "**What to do next:** this app has a step-by-step path for this kind of case.\n\n{}\nChoose **Start here** (under Ask's \
         examples) to enter the dates on your papers: Step by step then shows your next step, its deadline and which court.\n\n",
        lines.join("")
    ))
}

/// The tools whose results the answer quotes from the person's own records.
const OWN_RECORDS: &[&str] = &["SearchKnowledge", "GetDeadlines", "GetCases", "SearchTimeline"];

/// A section found by the tools, with the best text seen for it.
struct Found {
    source_id: String,
    heading: String,
    text: String,
    text_kind: String,
    url: Option<String>,
    node_type: String,
    rank: usize,
    /// A section with two versions: what the other one is ("A new version takes effect …").
    version_notice: Option<String>,
    /// The amendments found since the summary's text was checked ("Changed by 2026 HB 15, in
    /// force July 1, 2026; …"), for a summary the sessions changed.
    change_notice: Option<String>,
    /// From a search: its relevance (its score placed between the tenth result's, 0, and the
    /// first's, 1), and whether it shares the first result's chapter or article or a citation with
    /// it (absent when the explorer did not say).
    relevance: Option<f64>,
    same_topic: Option<bool>,
    /// From a search: the situation it applies only to, which the question does not speak of
    /// ("a lease of business premises").
    only_for: Option<String>,
    /// Its plain-language summary in Spanish, where it has one (`summaryEs`).
    summary_es: Option<String>,
}

/// A search result with at least this relevance (its score between the tenth result's, 0, and the
/// first's, 1) belongs among the sources whatever its part of the Code (the explorer's
/// `proseva_law::rank::CLOSE`).
const CLOSE: f64 = 0.3;
/// A section of another title of the Code belongs among the sources from this relevance (close to
/// the first in score: a question of one field often has its answer in another, as which court
/// hears a claim; calibrated on the tuning sets, where 0.9 left out 6 answers of 440 it found).
const OTHER_FIELD_CLOSE: f64 = 0.6;
/// When the first result does not lead clearly, the sections this close to it are named as the
/// ones that may apply (the explorer's `proseva_law::rank::CLEAR_LEAD`).
const NEAR_EQUAL: f64 = 0.9;

impl Found {
    /// Whether it belongs among the sources of an answer led by another section: the person named
    /// it, or the search found it in the same part of the Code as the first result, citing or
    /// cited by it, or close to it in score. A section of another field of law that merely
    /// matched some words does not, nor one that applies only in a situation the question does not
    /// speak of (a business's lease, a protective order), unless the first applies only there too.
    fn belongs(&self, first: &Found) -> bool {
        if self.rank < 10 {
            return true;
        }
        if self.only_for.is_some() && self.only_for != first.only_for {
            return false;
        }
        let close = |bar: f64| self.relevance.is_none_or(|r| r >= bar);
        // Another title of the Code is another field of law: only a section close to the first in
        // score, or linked to it, comes from there.
        let same_field = title_of(&self.source_id) == title_of(&first.source_id);
        self.same_topic != Some(false) || (if same_field { close(CLOSE) } else { close(OTHER_FIELD_CLOSE) })
    }
}

/// The title of the Code a section belongs to (`55.1` for `55.1-1245`), or `const` for the
/// Constitution: its field of law.
fn title_of(source_id: &str) -> &str {
    source_id.split('-').next().unwrap_or(source_id)
}

fn section_label(source_id: &str, node_type: &str) -> String {
    if let Some(rest) = source_id.strip_prefix("const-") {
        let (article, section) = rest.split_once('-').unwrap_or((rest, ""));
        return format!("Constitution of Virginia, Article {article}, Section {section}");
    }
    if node_type == "section" { format!("§ {source_id}") } else { source_id.to_string() }
}

/// Sentences end at `.`, `?` or `!` followed by a space or the end, and at line breaks, so
/// `§ 16.1-228` and `2.5 days` stay whole.
fn split_sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        if c == '\n' || (matches!(c, '.' | '?' | '!') && next.is_none_or(char::is_whitespace)) {
            let end = i + c.len_utf8();
            out.push(text[start..end].trim());
            start = end;
        }
    }
    out.push(text[start..].trim());
    out.retain(|s| s.len() > 20);
    out
}

/// The sentences of `text` that share the most words with the question, in their original order.
pub fn best_sentences(text: &str, question: &str, max: usize) -> Vec<String> {
    let sentences = split_sentences(text);
    let scored = ranked(&sentences, question);
    let mut picked: Vec<usize> = scored.iter().take(max).map(|(_, i)| *i).collect();
    if scored.first().is_some_and(|(score, _)| *score == 0) {
        picked = (0..sentences.len().min(max)).collect();
    }
    picked.sort_unstable();
    picked.into_iter().map(|i| sentences[i].to_string()).collect()
}

/// `(words shared with the question, index)` of each sentence, the most shared first (earlier
/// first among equals).
fn ranked(sentences: &[&str], question: &str) -> Vec<(usize, usize)> {
    let q = words(question);
    let mut scored: Vec<(usize, usize)> = sentences
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let w = words(s);
            (q.iter().filter(|qw| w.iter().any(|sw| sw.starts_with(qw.as_str()) || qw.starts_with(sw.as_str()))).count(), i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
}

/// The plain sentences an offline answer leads with, from a checked summary: the two that answer
/// the question best, and — when neither states a figure (a number of days, dollars, a date) — the
/// best one that does, in their order in the summary.
pub fn plain_sentences(summary: &str, question: &str) -> Vec<String> {
    let mut picked = best_sentences(summary, question, 2);
    let has_figure = |s: &str| s.chars().any(|c| c.is_ascii_digit());
    if picked.iter().any(|s| has_figure(s)) {
        return picked;
    }
    let sentences = split_sentences(summary);
    if let Some(&(_, i)) =
        ranked(&sentences, question).iter().find(|(_, i)| has_figure(sentences[*i]) && !picked.iter().any(|p| p == sentences[*i]))
    {
        picked.push(sentences[i].to_string());
        picked.sort_by_key(|p| sentences.iter().position(|s| s == p).unwrap_or(usize::MAX));
    }
    picked
}

/// The offline answer: the retrieved law, the person's matching facts, and what it is.
pub fn compose(question: &str, results: &[ToolResult]) -> String {
    // A question asked in Spanish is answered in Spanish: the law is quoted in English, its
    // Spanish summary beside it ([`es`]).
    let es = proseva_citation::lang::is_spanish(question);
    let mut found: Vec<Found> = Vec::new();
    // (source id, label, heading)
    let mut related: Vec<(String, String, String)> = Vec::new();
    let mut own: Vec<String> = Vec::new();
    // Where each of the person's cases stands on its step-by-step path (from `GetCases`).
    let mut paths: Vec<String> = Vec::new();
    // With no case on a path: the paths a case can follow (from `GetCases`'s `paths`).
    let mut offered: Vec<Value> = Vec::new();
    let mut outside: Vec<String> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    // Whether any of the person's own records were searched (and answered).
    let mut searched_own = false;
    // Who can help (`FindHelp`): the hand-offs the question meets, the program for the place.
    let mut help_found: Option<&Value> = None;
    // The case's Proof for the hearing (`GetProof`), or why it could not be read; and the cases.
    let mut proof_found: Option<&Value> = None;
    let mut proof_error: Option<&str> = None;
    let mut cases_found: Option<&Value> = None;
    let add = |n: &Value, rank: usize, found: &mut Vec<Found>| {
        let Some(source_id) = n["sourceId"].as_str() else { return };
        let text = n["sourceText"].as_str().unwrap_or_default().to_string();
        match found.iter_mut().find(|f| f.source_id == source_id) {
            Some(f) => {
                if text.len() > f.text.len() {
                    f.text = text;
                }
                f.rank = f.rank.min(rank);
            }
            None => found.push(Found {
                source_id: source_id.to_string(),
                heading: n["heading"].as_str().unwrap_or_default().to_string(),
                text,
                text_kind: n["textKind"].as_str().unwrap_or("official").to_string(),
                url: n["url"].as_str().map(str::to_string),
                node_type: n["nodeType"].as_str().unwrap_or("section").to_string(),
                rank,
                version_notice: n["versionNotice"].as_str().map(str::to_string),
                change_notice: n["changeNotice"].as_str().filter(|_| n["textKind"] == "summary").map(str::to_string),
                relevance: n["relevance"].as_f64(),
                same_topic: n["sameTopic"].as_bool(),
                only_for: n["onlyFor"].as_str().map(str::to_string),
                summary_es: n["summaryEs"].as_str().filter(|s| !s.trim().is_empty()).map(str::to_string),
            }),
        }
    };
    // Whether the search said its first result leads clearly (absent: it did not say).
    let mut clear_lead: Option<bool> = None;
    // Why the search says the law graph may not hold the answer at all, and what it searched for.
    let mut beyond: Option<(String, String)> = None;
    for (i, r) in results.iter().enumerate() {
        if !r.ok && r.tool == "GetProof" {
            // Said in the answer's own words (no case yet, several open): not a source that failed.
            proof_error = Some(crate::tool::error_message(&r.result).unwrap_or(if es { es::FAILED } else { "failed" }));
            continue;
        }
        if !r.ok {
            let error = crate::tool::error_message(&r.result).unwrap_or(if es { es::FAILED } else { "failed" });
            // Errors that already name their tool are not prefixed with it again.
            failures.push(if error.starts_with(r.tool.as_str()) { error.to_string() } else { format!("{}: {error}", r.tool) });
            continue;
        }
        searched_own |= OWN_RECORDS.contains(&r.tool.as_str());
        match r.tool.as_str() {
            // An exact citation the person asked about leads.
            "FindHelp" => help_found = Some(&r.result),
            "GetProof" => proof_found = Some(&r.result),
            "get_node" if r.args["id"].is_string() => add(&r.result, 0, &mut found),
            "get_node" => add(&r.result, 1000 + i, &mut found),
            "search_nodes" => {
                clear_lead = clear_lead.or(r.result["clearLead"].as_bool());
                if beyond.is_none()
                    && let Some(why) = r.result["beyond"].as_str()
                {
                    beyond = Some((why.to_string(), r.args["search"].as_str().unwrap_or(question).to_string()));
                }
                for (rank, n) in r.result["nodes"].as_array().into_iter().flatten().enumerate() {
                    add(n, 10 + rank, &mut found);
                }
            }
            "get_neighbors" => {
                for e in r.result["edges"].as_array().into_iter().flatten().filter(|e| e["relType"] == "cites") {
                    for end in ["toNode", "fromNode"] {
                        let n = &e[end];
                        if let (Some(id), Some(h)) = (n["sourceId"].as_str(), n["heading"].as_str())
                            && n["id"] != r.result["id"]
                            && !related.iter().any(|(rid, _, _)| rid == id)
                        {
                            let node_type = n["nodeType"].as_str().unwrap_or("section");
                            let label = if es { es::section_label(id, node_type) } else { section_label(id, node_type) };
                            related.push((id.to_string(), label, h.to_string()));
                        }
                    }
                }
            }
            "SearchKnowledge" => {
                for p in r.result["passages"].as_array().or(r.result["results"].as_array()).into_iter().flatten().take(3) {
                    let text = p["text"].as_str().or(p["passage"].as_str()).unwrap_or_default();
                    let title = p["documentTitle"].as_str().or(p["title"].as_str());
                    let note = p["from"] == "note";
                    if !text.is_empty() {
                        // One line: a page break or blank line inside a passage would end the list item.
                        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                        if es {
                            own.push(es::from_record(note, title, &text));
                        } else {
                            let (from, title) = (if note { "note" } else { "document" }, title.unwrap_or("a document"));
                            own.push(format!("From your {from} \"{title}\": \"{text}\""));
                        }
                    }
                }
            }
            "GetDeadlines" => {
                let list = r.result.get("deadlines").unwrap_or(&r.result);
                for d in list.as_array().into_iter().flatten().filter(|d| d["done"] != true).take(5) {
                    if es {
                        own.push(es::deadline_line(d["date"].as_str(), d["title"].as_str(), d["overdue"] == true));
                        continue;
                    }
                    let overdue = if d["overdue"] == true { " — overdue" } else { "" };
                    own.push(format!(
                        "Deadline {}: {}{overdue}",
                        d["date"].as_str().unwrap_or("?"),
                        d["title"].as_str().unwrap_or("untitled")
                    ));
                }
            }
            "GetCases" => {
                cases_found = Some(&r.result);
                offered.extend(r.result["paths"].as_array().into_iter().flatten().cloned());
                let list = r.result.get("cases").unwrap_or(&r.result);
                for c in list.as_array().into_iter().flatten().filter(|c| c["status"] != "closed").take(3) {
                    if let Some(block) = path_block(c, es) {
                        paths.push(block);
                    }
                }
                for c in list.as_array().into_iter().flatten().take(5) {
                    if es {
                        own.push(es::case_line(c["caseNumber"].as_str(), c["name"].as_str(), c["court"].as_str(), c["status"].as_str()));
                        continue;
                    }
                    own.push(format!(
                        "Case {}: {} ({}, {})",
                        c["caseNumber"].as_str().unwrap_or("?"),
                        c["name"].as_str().unwrap_or("unnamed"),
                        c["court"].as_str().unwrap_or("court unknown"),
                        c["status"].as_str().unwrap_or("open")
                    ));
                }
            }
            "SearchTimeline" => {
                let list = r.result.get("events").unwrap_or(&r.result);
                for e in list.as_array().into_iter().flatten().take(5) {
                    let event = if es { es::EVENT } else { "event" };
                    own.push(format!("{}: {}", e["date"].as_str().unwrap_or("?"), e["title"].as_str().unwrap_or(event)));
                }
            }
            name if name.starts_with("search_") => {
                for item in r.result["results"].as_array().into_iter().flatten().take(3) {
                    let title = item["title"].as_str().unwrap_or(if es { es::UNTITLED } else { "untitled" });
                    let url = item["url"].as_str().map(|u| format!(" — {u}")).unwrap_or_default();
                    outside.push(format!("{title}{url}"));
                }
            }
            _ => {}
        }
    }
    found.sort_by_key(|f| f.rank);
    found.retain(|f| !f.text.is_empty());
    // Only sections that belong with the first: a section of another field of law that matched
    // a few words never fills a slot.
    if !found.is_empty() {
        let first = found.remove(0);
        found.retain(|f| f.belongs(&first));
        found.insert(0, first);
    }
    // A section the person named leads, whatever the search said.
    let named_first = found.first().is_some_and(|f| f.rank < 10);

    let mut out = String::new();
    // A situation that needs a lawyer now comes before anything else; then, for a question about
    // getting a lawyer, who can help where the person lives.
    if let Some(result) = help_found {
        out.push_str(&help::hand_offs(result, es));
        if help::asks_for_a_lawyer(question) || (es && es::asks_for_a_lawyer(question)) {
            out.push_str(&help::who_can_help(result, es));
        }
    }
    // "What am I missing for my hearing?": the case's Proof for the hearing answers first.
    if let Some(view) = proof_found {
        let list = cases_found.and_then(|c| c.get("cases").unwrap_or(c).as_array());
        let name = list.into_iter().flatten().find(|c| c["id"] == view["caseId"]).and_then(|c| c["name"].as_str());
        out.push_str(&proof::missing_block(view, name, es));
    } else if let Some(error) = proof_error {
        out.push_str(&proof::unavailable_block(error, cases_found, es));
    }
    let label = |f: &Found| if es { es::section_label(&f.source_id, &f.node_type) } else { section_label(&f.source_id, &f.node_type) };
    let name = |f: &Found| format!("{} — {}", label(f), f.heading.trim_end_matches('.'));
    // The section that answers first, by name, so the answer leads with it; when the search found
    // no clear leader, the few that may apply, as equals.
    // A question the graph may not hold the answer to (another state's law, federal law, nothing
    // near it): no section leads as the answer; the answer says what was looked for and where else
    // to look.
    let beyond = beyond.filter(|_| !named_first);
    // Whether one section leads as the answer (not several that may apply, nor none).
    let mut leads = false;
    if let Some((_, searched)) = beyond.as_ref().filter(|_| es) {
        out.push_str(&es::not_found(searched));
    } else if let Some((why, searched)) = &beyond {
        out.push_str(&format!(
            "**Not found in the Virginia law graph.** I searched it for “{}”, but {why}, so none of the sections \
             below may answer your question. The official Code of Virginia is at https://law.lis.virginia.gov/; for another \
             state's law or federal law, read that government's official site, and a lawyer or a legal aid program can tell \
             you which law applies to you.\n\n",
            crate::cards::truncate(searched, 120)
        ));
    } else if let Some(top) = found.first() {
        let close: Vec<&Found> = found.iter().take(3).filter(|f| f.relevance.is_none_or(|r| r >= NEAR_EQUAL)).collect();
        if clear_lead == Some(false) && !named_first && close.len() > 1 {
            let names: Vec<String> = close.iter().map(|f| name(f)).collect();
            out.push_str(&format!("**{}** {}\n\n", if es { es::MAY_APPLY } else { "These sections may apply:" }, names.join("; ")));
        } else {
            out.push_str(&format!("**{}** {}\n\n", if es { es::MOST_RELEVANT } else { "Most relevant:" }, name(top)));
            leads = true;
        }
    }
    // Two or three plain sentences first, from the leading section's checked summary: what the law
    // says about the person's situation, with its figure (days, dollars, the court) when it has one.
    let plain = found.first().filter(|f| leads && f.text_kind == "summary" && !es).map(|f| plain_sentences(&f.text, question));
    if let Some(sentences) = plain.as_ref().filter(|s| !s.is_empty()) {
        out.push_str(&format!("**In plain words:** {}\n\n", sentences.join(" ")));
    }
    // In Spanish, from the leading section's Spanish summary; the English is quoted below.
    if let Some(first) = found.first().filter(|_| leads && es) {
        out.push_str(&es::plain_words(first.summary_es.as_deref(), question));
    }
    // What to do next, where the person's case has a step-by-step path and they ask what comes next;
    // with no case on a path, the path the leading section belongs to, and where to start it.
    if !paths.is_empty() && (asks_what_next(question) || (es && es::asks_what_next(question))) {
        for block in &paths {
            out.push_str(block);
        }
    } else if let Some(block) = found.first().filter(|_| leads && paths.is_empty()).and_then(|f| path_offer(&offered, f, &found, es)) {
        out.push_str(&block);
    }
    out.push_str(if es {
        es::OFFLINE
    } else {
        "**Offline answer.** No language model is set up, so this answer is put together from the sources the app found. \
         It quotes them; it does not interpret them. Add a model in Settings for a written answer.\n\n"
    });
    if es && es::asks_for_prose(question) {
        out.push_str(es::PROSE);
    } else if asks_for_prose(question) {
        out.push_str(
            "**Writing a letter, a motion or an outline needs a language model**, and none is set up: add one in Settings. \
             Without one, the **Draft…** button builds a case timeline or a hearing checklist from your records. Below are the \
             sources such a draft would rely on.\n\n",
        );
    }
    if found.is_empty() && es {
        out.push_str(es::NOTHING_FOUND);
    } else if es {
        out.push_str(if beyond.is_some() { es::CLOSEST } else { es::SOURCES_SAY });
        for f in found.iter().take(QUOTED) {
            out.push_str(&es::quoted(&es::section_label(&f.source_id, &f.node_type), f.heading.trim_end_matches('.'), f, question));
        }
        out.push('\n');
    } else if found.is_empty() {
        out.push_str("I found nothing in the Virginia law graph that matches this question. Try other words, or a section number such as § 20-124.3.\n\n");
    } else {
        out.push_str(if beyond.is_some() {
            "**The Virginia sections that came closest** (they may not apply)\n\n"
        } else {
            "**What the Virginia law sources say**\n\n"
        });
        for (i, f) in found.iter().take(QUOTED).enumerate() {
            let label = section_label(&f.source_id, &f.node_type);
            let kind = if f.text_kind == "summary" { "plain-language summary, not the statute's words" } else { "official text" };
            // The leading summary's sentences were given above in plain words: not twice.
            let quote = match plain.as_ref().filter(|s| i == 0 && !s.is_empty()) {
                Some(_) => "its words are “In plain words” above.".to_string(),
                None => format!("\"{}\"", best_sentences(&f.text, question, 2).join(" ")),
            };
            let link = f.url.as_deref().map(|u| format!(" [Official text]({u})")).unwrap_or_default();
            // The text quoted is the version in effect today; say when another one applies.
            let versions = f.version_notice.as_deref().map(|n| format!(" *{n}*")).unwrap_or_default();
            let versions = match f.change_notice.as_deref() {
                Some(changed) => format!("{versions} *{changed}*"),
                None => versions,
            };
            out.push_str(&format!("- **{label}. {}** ({kind}): {quote}{versions}{link}\n", f.heading.trim_end_matches('.')));
        }
        out.push('\n');
    }
    if !own.is_empty() {
        out.push_str(if es { es::CASE_FILE } else { "**From your case file**\n\n" });
        for line in own.iter().take(8) {
            out.push_str(&format!("- {line}\n"));
        }
        out.push('\n');
    } else if searched_own {
        out.push_str(if es {
            es::CASE_FILE_NOTHING
        } else {
            "**From your case file:** nothing in your records matches this question.\n\n"
        });
    }
    // Sections the graph links to the quoted ones, less those quoted already and those that apply
    // only in a situation neither the question nor the first section is about; no heading when
    // none are left.
    let spoken_of = situation::mentioned(question);
    let first_situation = found.first().and_then(|f| situation::of_section(&f.source_id, &f.heading)).map(|s| s.label);
    let elsewhere = |id: &str, heading: &str| {
        situation::of_section(id, heading).is_some_and(|s| !spoken_of.contains(&s.label) && Some(s.label) != first_situation)
    };
    let related: Vec<String> = related
        .iter()
        .filter(|(id, _, _)| !found.iter().take(QUOTED).any(|f| &f.source_id == id))
        .filter(|(id, _, h)| !elsewhere(id, h))
        .take(6)
        .map(|(_, label, h)| format!("{label} ({h})"))
        .collect();
    if !related.is_empty() {
        out.push_str(&format!("**{}** {}\n\n", if es { es::RELATED } else { "Related sections:" }, related.join("; ")));
    }
    if !outside.is_empty() {
        out.push_str(if es { es::OUTSIDE } else { "**Outside sources**\n\n" });
        for line in outside.iter().take(6) {
            out.push_str(&format!("- {line}\n"));
        }
        out.push('\n');
    }
    if !failures.is_empty() {
        out.push_str(if es { es::FAILURES } else { "Some sources could not be searched:\n" });
        for failure in &failures {
            out.push_str(&format!("- {failure}\n"));
        }
        out.push('\n');
    }
    out.push_str(if es {
        es::NOT_ADVICE
    } else {
        "This is legal information, not legal advice. Read the official text before you rely on it."
    });
    out
}

/// Whether `question` asks for prose to be written (a letter, a motion…), which only a model can do.
fn asks_for_prose(question: &str) -> bool {
    const VERBS: [&str; 4] = ["draft", "write", "prepare", "compose"];
    const WRITINGS: [&str; 13] = [
        "letter",
        "motion",
        "petition",
        "response",
        "brief",
        "email",
        "e-mail",
        "outline",
        "memo",
        "declaration",
        "affidavit",
        "complaint",
        "answer to",
    ];
    let q = question.to_lowercase();
    let words: Vec<&str> = q.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).collect();
    words.iter().any(|w| VERBS.iter().any(|v| w.starts_with(v))) && WRITINGS.iter().any(|n| q.contains(n))
}

#[cfg(test)]
mod tests;
