//! Tool results as cards, the one shape the page shows them in: `{title, citation, snippet, url,
//! kind}` plus a few optional facts. Each tool says what kind of thing its results are
//! ([`crate::tool::ToolDisplay::results`]); [`build`] reads a result of that kind, and anything of
//! a shape it does not know becomes a card with a compact JSON preview, never an error.

mod readers;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use self::readers::neighbor_cards;
use self::readers::{
    case_card, deadline_card, document_text_card, event_card, expense_cards, generic_card, is_node, list_in, node_card, overview_card,
    passage_card,
};

/// Characters of a card's snippet.
pub const SNIPPET_CHARS: usize = 320;

/// What a card stands for; also says which reader builds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    /// A node of the Virginia law graph: a section, an article of the Constitution, a chapter.
    Law,
    /// What the law graph holds, in numbers.
    Overview,
    Opinion,
    Docket,
    Bill,
    Publication,
    Article,
    Lawyer,
    Case,
    Deadline,
    Contact,
    Expense,
    Document,
    /// A passage of one of the person's documents.
    Passage,
    /// An event of the person's timeline.
    Event,
    #[default]
    Other,
}

/// One short fact shown as a chip: `Cited by: 412`, `When: In 3 days`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extra {
    pub label: String,
    pub value: String,
    /// `warn` for something that needs attention (an overdue deadline).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tone: Option<String>,
}

/// One result as the page shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub title: String,
    /// How the thing is cited or numbered: `§ 2.2-3704`, `225 Va. 606`, a case number.
    pub citation: String,
    pub snippet: String,
    /// An http(s) address only.
    pub url: Option<String>,
    pub kind: CardKind,
    /// Short facts shown after the citation: the court, the date, how a section relates.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub meta: Vec<String>,
    /// `official` or `summary`, for law-graph text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_kind: Option<String>,
    /// A law-graph `sourceId` the section viewer can open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extras: Vec<Extra>,
    /// For a result of a shape no reader knows: the JSON, compact and cut short.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    /// A record of the person's workspace the card opens: a note the assistant wrote, a deadline
    /// it added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<RecordRef>,
}

/// A record of the workspace: `{"kind": "note", "id": 12}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordRef {
    pub kind: String,
    pub id: i64,
}

/// The card of a write to the workspace (`{"note"}`, `{"deadline"}`, `{"link"}` results), which
/// opens what was written; None for any other result.
fn written_card(result: &Value) -> Option<Card> {
    if let Some(note) = result.get("note").filter(|n| n["id"].is_i64()) {
        let appended = result["appended"].as_u64();
        let body = note["body"].as_str().unwrap_or_default();
        let shown = match appended {
            Some(n) => body.chars().rev().take(n as usize).collect::<Vec<_>>().into_iter().rev().collect::<String>(),
            None => body.to_string(),
        };
        return Some(Card {
            title: note["title"].as_str().unwrap_or("Note").to_string(),
            citation: if appended.is_some() { "Added to the note".into() } else { "New note".into() },
            snippet: truncate(shown.trim(), SNIPPET_CHARS),
            kind: CardKind::Other,
            record: Some(RecordRef { kind: "note".into(), id: note["id"].as_i64().unwrap_or_default() }),
            ..Default::default()
        });
    }
    if let Some(draft) = result.get("draft").filter(|d| d["id"].is_i64()) {
        let version = draft["version"].as_i64().unwrap_or(1);
        // A paper to file (`create_paper`): its content is its parts as JSON, so the card shows
        // its heading and opening, and counts what the build says to look at (blanks, a time limit).
        let (citation, snippet, warnings, warned) = match result.get("paper").filter(|p| p.is_object()) {
            Some(paper) => (
                format!("Paper to file, version {version}"),
                [&paper["heading"], &paper["opening"]].iter().filter_map(|v| v.as_str()).collect::<Vec<_>>().join(" — "),
                result["warnings"].as_array().map_or(0, Vec::len),
                "To look at before filing",
            ),
            None => {
                let kind = match draft["kind"].as_str() {
                    Some("mermaid") => "diagram",
                    Some("table") => "table",
                    _ => "text",
                };
                (
                    format!("Draft ({kind}), version {version}"),
                    draft["content"].as_str().unwrap_or_default().to_string(),
                    draft["warnings"].as_array().map_or(0, Vec::len),
                    "Changed when checked",
                )
            }
        };
        return Some(Card {
            title: draft["title"].as_str().unwrap_or("Draft").to_string(),
            citation,
            snippet: truncate(snippet.trim(), SNIPPET_CHARS),
            kind: CardKind::Document,
            extras: (warnings > 0)
                .then(|| Extra { label: warned.into(), value: warnings.to_string(), tone: Some("warn".into()) })
                .into_iter()
                .collect(),
            // The draft is kept as a case document: that is what opens.
            record: draft["documentId"].as_i64().map(|id| RecordRef { kind: "document".into(), id }),
            ..Default::default()
        });
    }
    if let Some(deadline) = result.get("deadline").filter(|d| d["id"].is_i64()) {
        let mut card = deadline_card(deadline);
        card.record = Some(RecordRef { kind: "deadline".into(), id: deadline["id"].as_i64().unwrap_or_default() });
        return Some(card);
    }
    // A record linked to what the court must find (`link_evidence`): the Proof view after it.
    if let (Some(proof), Some(linked)) = (result.get("proof").filter(|p| p["counts"].is_object()), result["linked"].as_bool()) {
        let citation = match (linked, result["changed"].as_bool()) {
            (_, Some(false)) => "Nothing changed",
            (true, _) => "Evidence linked",
            (false, _) => "Link taken away",
        };
        return Some(Card {
            title: "Proof for the hearing".into(),
            citation: citation.into(),
            snippet: counts_line(&proof["counts"]),
            kind: CardKind::Other,
            ..Default::default()
        });
    }
    if let Some(link) = result.get("link").filter(|l| l["id"].is_i64()) {
        let to = link["to"].as_str().unwrap_or_default();
        let section = (link["toKind"] == "section").then(|| to.to_string());
        let target = match &section {
            Some(id) => proseva_citation::label(id),
            None => format!("{} {to}", link["toKind"].as_str().unwrap_or("record")),
        };
        let from_kind = link["fromKind"].as_str().unwrap_or("note");
        return Some(Card {
            title: format!("Linked to {target}"),
            citation: format!("from {from_kind} {}", link["fromId"]),
            snippet: truncate(link["why"].as_str().unwrap_or_default(), SNIPPET_CHARS),
            kind: CardKind::Other,
            section,
            // A deadline it points to opens; else the record it comes from.
            record: match (link["toKind"].as_str(), to.parse::<i64>()) {
                (Some("deadline"), Ok(id)) => Some(RecordRef { kind: "deadline".into(), id }),
                _ => link["fromId"].as_i64().map(|id| RecordRef { kind: from_kind.to_string(), id }),
            },
            ..Default::default()
        });
    }
    None
}

/// A result's cards, with how many the service found in all and its note, when it says.
pub fn build(kind: CardKind, result: &Value) -> Vec<Card> {
    if result.is_null() {
        return Vec::new();
    }
    if let Some(card) = written_card(result) {
        return vec![card];
    }
    if result.get("handOffs").is_some() && result.get("statewide").is_some() {
        return help_cards(result);
    }
    if result["findings"].is_array() && result["checked"].is_array() {
        return check_cards(result);
    }
    if result["caveat"].is_string() && result["counts"].is_object() && result["elements"].is_array() {
        return proof_cards(result);
    }
    let each = |read: fn(&Value) -> Card| list_in(result).map(|l| l.iter().map(read).collect()).unwrap_or_default();
    let mut cards: Vec<Card> = match kind {
        CardKind::Law if result.is_object() && is_node(result) => vec![node_card(result)],
        CardKind::Overview if result.is_object() => vec![overview_card(result)],
        CardKind::Case => each(case_card),
        CardKind::Deadline => each(deadline_card),
        CardKind::Event => each(event_card),
        CardKind::Passage => each(passage_card),
        CardKind::Expense if result.is_object() => expense_cards(result),
        CardKind::Document if result["text"].is_string() => vec![document_text_card(result)],
        _ => match list_in(result) {
            Some(list) => list.iter().map(generic_card).collect(),
            None => vec![generic_card(result)],
        },
    };
    for card in &mut cards {
        if card.kind == CardKind::Other && card.preview.is_none() {
            card.kind = kind;
        }
    }
    cards
}

/// A help entry's telephone number, or its numbers joined by `between` (they come as one or a list).
pub fn phones(v: &Value, between: &str) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Array(list) => {
            let list: Vec<&str> = list.iter().filter_map(Value::as_str).collect();
            (!list.is_empty()).then(|| list.join(between))
        }
        _ => None,
    }
}

/// `FindHelp`'s cards: each hand-off first (why, and the question it answers), then the legal aid
/// program for the person's place and the statewide lines, each with its telephone and address.
fn help_cards(result: &Value) -> Vec<Card> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let http = |v: &Value| v.as_str().filter(|u| u.starts_with("http://") || u.starts_with("https://")).map(str::to_string);
    let mut cards = Vec::new();
    for q in result["handOffs"].as_array().into_iter().flatten() {
        cards.push(Card {
            title: text(&q["handOff"]["title"]),
            citation: text(&q["text"]),
            snippet: truncate(q["why"].as_str().unwrap_or_default(), SNIPPET_CHARS),
            kind: CardKind::Lawyer,
            extras: vec![Extra { label: "Today".into(), value: text(&q["handOff"]["today"]), tone: Some("warn".into()) }],
            ..Default::default()
        });
    }
    let place = result["locality"]["name"].as_str().map(|p| format!("Legal aid for {p}"));
    let entries = result["programs"].as_array().into_iter().flatten().map(|e| (e, place.clone().unwrap_or_default()));
    let lines = result["statewide"].as_array().into_iter().flatten().map(|e| (e, "For all of Virginia".to_string()));
    for (e, citation) in entries.chain(lines) {
        cards.push(Card {
            title: text(&e["name"]),
            citation,
            snippet: truncate(e["howToApply"].as_str().or(e["who"].as_str()).unwrap_or_default(), SNIPPET_CHARS),
            url: http(&e["url"]),
            kind: CardKind::Lawyer,
            meta: e["read"].as_str().map(|r| vec![format!("read {r}")]).unwrap_or_default(),
            extras: phones(&e["phone"], " · ").map(|p| vec![Extra { label: "Phone".into(), value: p, tone: None }]).unwrap_or_default(),
            ..Default::default()
        });
    }
    cards
}

/// A paper's check before filing (`check_paper`): a card for each finding, with the two values
/// that disagree; with none, one card saying what was looked at.
fn check_cards(result: &Value) -> Vec<Card> {
    let title = result["title"].as_str().unwrap_or("The paper").to_string();
    let findings = result["findings"].as_array().map_or(&[][..], Vec::as_slice);
    if findings.is_empty() {
        let checked: Vec<&str> = result["checked"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        return vec![Card {
            title,
            citation: "Nothing found to fix".into(),
            snippet: truncate(&format!("Looked at: {}.", checked.join("; ")), SNIPPET_CHARS),
            kind: CardKind::Document,
            ..Default::default()
        }];
    }
    findings
        .iter()
        .map(|f| {
            let value = |key: &str| f[key].as_str().map(str::to_string);
            Card {
                title: title.clone(),
                citation: f["kind"].as_str().unwrap_or("finding").replace('_', " "),
                snippet: truncate(f["message"].as_str().unwrap_or_default(), SNIPPET_CHARS),
                kind: CardKind::Document,
                extras: [("Found", value("found"), Some("warn".to_string())), ("Expected", value("expected"), None)]
                    .into_iter()
                    .filter_map(|(label, v, tone)| v.map(|value| Extra { label: label.into(), value, tone }))
                    .collect(),
                ..Default::default()
            }
        })
        .collect()
}

/// Where an element of the Proof view stands, in words.
pub fn status_words(status: &str) -> &'static str {
    match status {
        "shown" => "Shown",
        "partly" => "Partly shown",
        _ => "Nothing yet",
    }
}

/// A Proof view's counts: "2 shown, 1 partly shown, 5 with nothing yet."
pub fn counts_line(counts: &Value) -> String {
    let n = |key: &str| counts[key].as_u64().unwrap_or(0);
    format!("{} shown, {} partly shown, {} with nothing yet.", n("shown"), n("partly"), n("nothing"))
}

/// The case's Proof for the hearing (`GetProof`): a card for each element, with where it stands,
/// the sections it rests on and what is missing (or the records that show it); for a case with
/// no kind, one card saying how to choose one.
fn proof_cards(result: &Value) -> Vec<Card> {
    let strings = |v: &Value| -> Vec<String> { v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect() };
    let elements = result["elements"].as_array().map_or(&[][..], Vec::as_slice);
    if elements.is_empty() {
        return vec![Card {
            title: "Proof for the hearing".into(),
            citation: "No kind of case chosen".into(),
            snippet: truncate(result["message"].as_str().unwrap_or_default(), SNIPPET_CHARS),
            kind: CardKind::Other,
            ..Default::default()
        }];
    }
    elements
        .iter()
        .map(|e| {
            let status = e["status"].as_str().unwrap_or_default();
            let sections = strings(&e["sections"]);
            let missing = strings(&e["missing"]);
            let snippet = if missing.is_empty() {
                let labels: Vec<&str> = e["links"].as_array().into_iter().flatten().filter_map(|l| l["label"].as_str()).collect();
                format!("Shown by: {}.", labels.join("; "))
            } else {
                missing.join(" ")
            };
            Card {
                title: e["title"].as_str().unwrap_or("What the court must find").to_string(),
                citation: sections.iter().map(|s| proseva_citation::label(s)).collect::<Vec<_>>().join(", "),
                snippet: truncate(&snippet, SNIPPET_CHARS),
                kind: CardKind::Other,
                section: sections.first().cloned(),
                extras: vec![Extra {
                    label: "Where it stands".into(),
                    value: status_words(status).into(),
                    tone: (status != "shown").then(|| "warn".to_string()),
                }],
                ..Default::default()
            }
        })
        .collect()
}

/// `total` (or `count`) of a result: how many the service found, beyond those shown.
pub fn total_of(result: &Value) -> Option<u64> {
    result.get("total").or_else(|| result.get("count")).and_then(Value::as_u64)
}

/// The note a result carries (`"only the first page is shown"`).
pub fn note_of(result: &Value) -> Option<String> {
    result.get("note").and_then(Value::as_str).map(str::to_string)
}

/// Cuts `text` to `max` characters, with `…` when cut.
pub fn truncate(text: &str, max: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", text[..cut].trim_end()),
        None => text.to_string(),
    }
}

/// `search_opinions` → `Search opinions`, `GetCases` → `Get Cases`, `filing_fee` → `Filing fee`.
pub fn humanize(name: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c == '_' {
            out.push(' ');
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower {
            out.push(' ');
        }
        prev_lower = c.is_lowercase();
        out.push(c);
    }
    let mut chars = out.chars();
    chars.next().map(|f| f.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// `12,345`.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests;
