//! Tool results as cards, the one shape the page shows them in: `{title, citation, snippet, url,
//! kind}` plus a few optional facts. Each tool says what kind of thing its results are
//! ([`crate::tool::ToolDisplay::results`]); [`build`] reads a result of that kind, and anything of
//! a shape it does not know becomes a card with a compact JSON preview, never an error.
//!
//! The words a card gets from here (its labels, "Legal aid for …", "In 3 days", "Shown by: …")
//! are English from [`build`] and Spanish from [`build_in`] with `"es"`, as the runner asks for a
//! request answered in Spanish ([`crate::language::ANSWER_LANGUAGE`]). What the result itself
//! holds (names, numbers, captions, section labels, quoted law, the server's own sentences) is
//! shown as it came.

mod readers;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use self::readers::neighbor_cards;
pub use self::readers::neighbor_cards_in;
use self::readers::{
    case_card, deadline_card, document_text_card, event_card, expense_cards, generic_card, is_node, list_in, node_card, overview_card,
    passage_card,
};

/// `en`, or `spanish` on a card for a Spanish request.
fn say(es: bool, en: &'static str, spanish: &'static str) -> &'static str {
    if es { spanish } else { en }
}

/// The Spanish of `kind` from `table` (`(kind, Spanish)`) when `es` and the table names it; `None`
/// in English or for a kind the table lacks (the caller's English then stands).
pub(super) fn spanish_of(es: bool, table: &[(&str, &'static str)], kind: &str) -> Option<&'static str> {
    es.then(|| table.iter().find(|(k, _)| *k == kind).map(|(_, spanish)| *spanish)).flatten()
}

/// The kinds of record of the workspace with their Spanish and its article ([`record_words`]).
const RECORD_ES: &[(&str, &str)] = &[
    ("note", "la nota"),
    ("document", "el documento"),
    ("deadline", "la fecha límite"),
    ("section", "la sección"),
    ("case", "el caso"),
    ("contact", "el contacto"),
    ("event", "el evento"),
    ("timeline", "el evento"),
    ("finance", "el pago"),
    ("draft", "el borrador"),
    ("record", "el registro"),
];

/// How a card names a kind of record of the workspace (`note`, `deadline`, a section): the word
/// as it came in English; in Spanish, the Spanish word with its article (`la nota`).
pub(crate) fn record_words(kind: &str, es: bool) -> String {
    spanish_of(es, RECORD_ES, kind).unwrap_or(kind).to_string()
}

/// The kinds of a paper check's finding in Spanish ([`finding_words`]).
const FINDING_ES: &[(&str, &str)] = &[
    ("party_name", "nombre de una parte"),
    ("case_number", "número de caso"),
    ("court", "tribunal"),
    ("other_paper", "otro papel del caso"),
    ("no_signature", "falta la firma"),
    ("no_address", "falta la dirección"),
    ("no_certificate", "falta el certificado de notificación"),
    ("past_date", "fecha que ya pasó"),
    ("deadline", "fecha límite"),
    ("section_unknown", "sección desconocida"),
    ("section_version", "versión de la sección"),
    ("section_unchecked", "sección sin revisar"),
    ("citation_not_found", "cita no encontrada"),
    ("citation_unknown_reporter", "cita de una recopilación desconocida"),
    ("citation_ambiguous", "cita ambigua"),
    ("citation_not_checked", "cita sin revisar"),
    ("finding", "hallazgo"),
];

/// What a finding of a paper's check (`check_paper`) is about, from its kind: the kind made
/// readable in English (`case number`), its Spanish name in Spanish.
fn finding_words(kind: &str, es: bool) -> String {
    spanish_of(es, FINDING_ES, kind).map_or_else(|| kind.replace('_', " "), str::to_string)
}

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
fn written_card(result: &Value, es: bool) -> Option<Card> {
    if let Some(note) = result.get("note").filter(|n| n["id"].is_i64()) {
        let appended = result["appended"].as_u64();
        let body = note["body"].as_str().unwrap_or_default();
        let shown = match appended {
            Some(n) => body.chars().rev().take(n as usize).collect::<Vec<_>>().into_iter().rev().collect::<String>(),
            None => body.to_string(),
        };
        return Some(Card {
            title: note["title"].as_str().unwrap_or(say(es, "Note", "Nota")).to_string(),
            citation: if appended.is_some() {
                say(es, "Added to the note", "Agregado a la nota")
            } else {
                say(es, "New note", "Nota nueva")
            }
            .into(),
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
                if es { format!("Papel para presentar, versión {version}") } else { format!("Paper to file, version {version}") },
                [&paper["heading"], &paper["opening"]].iter().filter_map(|v| v.as_str()).collect::<Vec<_>>().join(" — "),
                result["warnings"].as_array().map_or(0, Vec::len),
                say(es, "To look at before filing", "Para revisar antes de presentarlo"),
            ),
            None => {
                let kind = match draft["kind"].as_str() {
                    Some("mermaid") => say(es, "diagram", "diagrama"),
                    Some("table") => say(es, "table", "tabla"),
                    _ => say(es, "text", "texto"),
                };
                (
                    if es { format!("Borrador ({kind}), versión {version}") } else { format!("Draft ({kind}), version {version}") },
                    draft["content"].as_str().unwrap_or_default().to_string(),
                    draft["warnings"].as_array().map_or(0, Vec::len),
                    say(es, "Changed when checked", "Cambios al revisarlo"),
                )
            }
        };
        return Some(Card {
            title: draft["title"].as_str().unwrap_or(say(es, "Draft", "Borrador")).to_string(),
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
        let mut card = deadline_card(deadline, es);
        card.record = Some(RecordRef { kind: "deadline".into(), id: deadline["id"].as_i64().unwrap_or_default() });
        return Some(card);
    }
    // A record linked to what the court must find (`link_evidence`): the Proof view after it.
    if let (Some(proof), Some(linked)) = (result.get("proof").filter(|p| p["counts"].is_object()), result["linked"].as_bool()) {
        let citation = match (linked, result["changed"].as_bool()) {
            (_, Some(false)) => say(es, "Nothing changed", "No cambió nada"),
            (true, _) => say(es, "Evidence linked", "Prueba enlazada"),
            (false, _) => say(es, "Link taken away", "Enlace quitado"),
        };
        return Some(Card {
            title: say(es, "Proof for the hearing", "Pruebas para la audiencia").into(),
            citation: citation.into(),
            snippet: counts_line_in(&proof["counts"], lang_of(es)),
            kind: CardKind::Other,
            ..Default::default()
        });
    }
    if let Some(link) = result.get("link").filter(|l| l["id"].is_i64()) {
        let to = link["to"].as_str().unwrap_or_default();
        let section = (link["toKind"] == "section").then(|| to.to_string());
        let target = match &section {
            Some(id) => label_in(id, es),
            None => format!("{} {to}", record_words(link["toKind"].as_str().unwrap_or("record"), es)),
        };
        let from_kind = link["fromKind"].as_str().unwrap_or("note");
        let from = record_words(from_kind, es);
        return Some(Card {
            title: if es { format!("Enlazado a {target}") } else { format!("Linked to {target}") },
            citation: if es { format!("desde {from} {}", link["fromId"]) } else { format!("from {from} {}", link["fromId"]) },
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

/// A result's cards, with how many the service found in all and its note, when it says; the
/// card's own words in English.
pub fn build(kind: CardKind, result: &Value) -> Vec<Card> {
    build_in(kind, result, None)
}

/// [`build`], the card's own words in `lang`: Spanish for `"es"`
/// ([`crate::language::is_spanish_code`]), English for anything else.
pub fn build_in(kind: CardKind, result: &Value, lang: Option<&str>) -> Vec<Card> {
    let es = crate::language::is_spanish_code(lang);
    if result.is_null() {
        return Vec::new();
    }
    if let Some(card) = written_card(result, es) {
        return vec![card];
    }
    if result.get("handOffs").is_some() && result.get("statewide").is_some() {
        return help_cards(result, es);
    }
    if result["findings"].is_array() && result["checked"].is_array() {
        return check_cards(result, es);
    }
    if result["caveat"].is_string() && result["counts"].is_object() && result["elements"].is_array() {
        return proof_cards(result, es);
    }
    let each = |read: fn(&Value, bool) -> Card| list_in(result).map(|l| l.iter().map(|v| read(v, es)).collect()).unwrap_or_default();
    let mut cards: Vec<Card> = match kind {
        CardKind::Law if result.is_object() && is_node(result) => vec![node_card(result, es)],
        CardKind::Overview if result.is_object() => vec![overview_card(result, es)],
        CardKind::Case => each(case_card),
        CardKind::Deadline => each(deadline_card),
        CardKind::Event => each(event_card),
        CardKind::Passage => each(passage_card),
        CardKind::Expense if result.is_object() => expense_cards(result, es),
        CardKind::Document if result["text"].is_string() => vec![document_text_card(result, es)],
        _ => match list_in(result) {
            Some(list) => list.iter().map(|v| generic_card(v, es)).collect(),
            None => vec![generic_card(result, es)],
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
fn help_cards(result: &Value, es: bool) -> Vec<Card> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let http = |v: &Value| v.as_str().filter(|u| u.starts_with("http://") || u.starts_with("https://")).map(str::to_string);
    let mut cards = Vec::new();
    for q in result["handOffs"].as_array().into_iter().flatten() {
        cards.push(Card {
            title: text(&q["handOff"]["title"]),
            citation: text(&q["text"]),
            snippet: truncate(q["why"].as_str().unwrap_or_default(), SNIPPET_CHARS),
            kind: CardKind::Lawyer,
            extras: vec![Extra { label: say(es, "Today", "Hoy").into(), value: text(&q["handOff"]["today"]), tone: Some("warn".into()) }],
            ..Default::default()
        });
    }
    let place =
        result["locality"]["name"].as_str().map(|p| if es { format!("Ayuda legal para {p}") } else { format!("Legal aid for {p}") });
    let entries = result["programs"].as_array().into_iter().flatten().map(|e| (e, place.clone().unwrap_or_default()));
    let statewide = say(es, "For all of Virginia", "Para todo Virginia");
    let lines = result["statewide"].as_array().into_iter().flatten().map(|e| (e, statewide.to_string()));
    for (e, citation) in entries.chain(lines) {
        cards.push(Card {
            title: text(&e["name"]),
            citation,
            snippet: truncate(e["howToApply"].as_str().or(e["who"].as_str()).unwrap_or_default(), SNIPPET_CHARS),
            url: http(&e["url"]),
            kind: CardKind::Lawyer,
            meta: e["read"].as_str().map(|r| vec![if es { format!("consultado el {r}") } else { format!("read {r}") }]).unwrap_or_default(),
            extras: phones(&e["phone"], " · ")
                .map(|p| vec![Extra { label: say(es, "Phone", "Teléfono").into(), value: p, tone: None }])
                .unwrap_or_default(),
            ..Default::default()
        });
    }
    cards
}

/// A paper's check before filing (`check_paper`): a card for each finding, with the two values
/// that disagree; with none, one card saying what was looked at.
fn check_cards(result: &Value, es: bool) -> Vec<Card> {
    let title = result["title"].as_str().unwrap_or(say(es, "The paper", "El papel")).to_string();
    let findings = result["findings"].as_array().map_or(&[][..], Vec::as_slice);
    if findings.is_empty() {
        let checked: Vec<&str> = result["checked"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        return vec![Card {
            title,
            citation: say(es, "Nothing found to fix", "No se encontró nada que corregir").into(),
            snippet: truncate(&format!("{} {}.", say(es, "Looked at:", "Se revisó:"), checked.join("; ")), SNIPPET_CHARS),
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
                citation: finding_words(f["kind"].as_str().unwrap_or("finding"), es),
                snippet: truncate(f["message"].as_str().unwrap_or_default(), SNIPPET_CHARS),
                kind: CardKind::Document,
                extras: [
                    (say(es, "Found", "Encontrado"), value("found"), Some("warn".to_string())),
                    (say(es, "Expected", "Esperado"), value("expected"), None),
                ]
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
    status_words_in(status, None)
}

/// [`status_words`] in `lang`: in Spanish as the Proof page says them ("Mostrado en parte").
pub fn status_words_in(status: &str, lang: Option<&str>) -> &'static str {
    let es = crate::language::is_spanish_code(lang);
    match status {
        "shown" => say(es, "Shown", "Mostrado"),
        "partly" => say(es, "Partly shown", "Mostrado en parte"),
        _ => say(es, "Nothing yet", "Nada todavía"),
    }
}

/// A Proof view's counts: "2 shown, 1 partly shown, 5 with nothing yet."
pub fn counts_line(counts: &Value) -> String {
    counts_line_in(counts, None)
}

/// [`counts_line`] in `lang`: in Spanish as the Proof page says them, "1 mostrado, 2 mostrados en
/// parte, 5 sin nada todavía."
pub fn counts_line_in(counts: &Value, lang: Option<&str>) -> String {
    let n = |key: &str| counts[key].as_u64().unwrap_or(0);
    if crate::language::is_spanish_code(lang) {
        let (shown, partly) = (n("shown"), n("partly"));
        let plural = |n: u64| if n == 1 { "mostrado" } else { "mostrados" };
        return format!("{shown} {}, {partly} {} en parte, {} sin nada todavía.", plural(shown), plural(partly), n("nothing"));
    }
    format!("{} shown, {} partly shown, {} with nothing yet.", n("shown"), n("partly"), n("nothing"))
}

/// The language code of a Spanish card (`Some("es")`), or of an English one (`None`).
fn lang_of(es: bool) -> Option<&'static str> {
    es.then_some("es")
}

/// How a card names a section of the law graph: `§ 20-124.3` in both languages; an article of the
/// Constitution as "Constitution of Virginia, Article I, Section 12", in Spanish as the Spanish
/// answer names it ("Constitución de Virginia, artículo I, sección 12").
pub fn label_in(source_id: &str, es: bool) -> String {
    let english = proseva_citation::label(source_id);
    match (es, english.strip_prefix("Constitution of Virginia, Article ")) {
        (true, Some(rest)) => {
            let (article, section) = rest.split_once(", Section ").unwrap_or((rest, ""));
            format!("Constitución de Virginia, artículo {article}, sección {section}")
        }
        _ => english,
    }
}

/// The case's Proof for the hearing (`GetProof`): a card for each element, with where it stands,
/// the sections it rests on and what is missing (or the records that show it); for a case with
/// no kind, one card saying how to choose one.
fn proof_cards(result: &Value, es: bool) -> Vec<Card> {
    let strings = |v: &Value| -> Vec<String> { v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect() };
    let elements = result["elements"].as_array().map_or(&[][..], Vec::as_slice);
    if elements.is_empty() {
        return vec![Card {
            title: say(es, "Proof for the hearing", "Pruebas para la audiencia").into(),
            citation: say(es, "No kind of case chosen", "Todavía no se eligió el tipo de caso").into(),
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
                format!("{} {}.", say(es, "Shown by:", "Se muestra con:"), labels.join("; "))
            } else {
                missing.join(" ")
            };
            Card {
                title: e["title"].as_str().unwrap_or(say(es, "What the court must find", "Lo que el tribunal debe comprobar")).to_string(),
                citation: sections.iter().map(|s| label_in(s, es)).collect::<Vec<_>>().join(", "),
                snippet: truncate(&snippet, SNIPPET_CHARS),
                kind: CardKind::Other,
                section: sections.first().cloned(),
                extras: vec![Extra {
                    label: say(es, "Where it stands", "Estado").into(),
                    value: status_words_in(status, lang_of(es)).into(),
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
