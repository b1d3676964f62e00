//! The readers that turn a result of each kind into cards: the keys a record's title, citation,
//! date, snippet and link are found under, a card per law node, case, deadline, event, passage,
//! document text, expense and overview, and a generic card for any other record. Each takes `es`:
//! the labels and sentences it writes itself are Spanish for a Spanish request.

use serde_json::{Map, Value};

use super::{Card, CardKind, Extra, SNIPPET_CHARS, humanize, label_in, say, spanish_of, thousands, truncate};

const TITLE_KEYS: &[&str] =
    &["title", "heading", "caseName", "case_name", "name", "display_name", "documentTitle", "document_title", "label"];
const CITATION_KEYS: &[&str] = &["citation", "caseNumber", "case_number", "docket_number", "docketNumber", "bill_number", "doi"];
const DETAIL_KEYS: &[&str] = &["court", "venue", "collection", "role", "party", "kind", "type", "category", "service"];
const DATE_KEYS: &[&str] = &["date", "dateFiled", "date_filed", "publication_date", "last_action_date", "year", "updatedAt"];
const SNIPPET_KEYS: &[&str] =
    &["snippet", "sourceText", "text", "passage", "summary", "details", "description", "abstract", "notes", "last_action", "dateNote"];
const URL_KEYS: &[&str] = &["url", "link", "absolute_url", "website", "landing_page_url", "text_url"];
const LIST_KEYS: &[&str] = &[
    "results",
    "nodes",
    "items",
    "cases",
    "deadlines",
    "contacts",
    "documents",
    "entries",
    "events",
    "passages",
    "edges",
    "neighbors",
    "similar",
    "hits",
    "data",
];
/// Facts worth a chip, by field name: (field, label, Spanish label).
const EXTRA_KEYS: &[(&str, &str, &str)] = &[
    ("status", "Status", "Estado"),
    ("authors", "By", "Por"),
    ("author", "By", "Por"),
    ("phone", "Phone", "Teléfono"),
    ("email", "Email", "Correo electrónico"),
    ("address", "Address", "Dirección"),
    ("rating", "Rating", "Calificación"),
    ("reviews", "Reviews", "Reseñas"),
    ("cited_by", "Cited by", "Citado por"),
    ("cited_as", "Cited as", "Citado como"),
    ("date_terminated", "Closed", "Cerrado"),
    ("relevance", "Relevance", "Pertinencia"),
    ("pageCount", "Pages", "Páginas"),
    ("fileName", "File", "Archivo"),
    ("score", "Match", "Coincidencia"),
    ("similarity", "Similarity", "Similitud"),
];

/// The kinds of law-graph node in Spanish ([`node_type_words`]).
const NODE_TYPE_ES: &[(&str, &str)] = &[
    ("title", "Título"),
    ("subtitle", "Subtítulo"),
    ("part", "Parte"),
    ("subpart", "Subparte"),
    ("chapter", "Capítulo"),
    ("article", "Artículo"),
    ("section", "Sección"),
    ("constitution_article", "Artículo de la Constitución"),
    ("constitution_section", "Sección de la Constitución"),
    ("opinion", "Opinión judicial"),
];

/// A kind of law-graph node (`constitution_section`), as a card says it: made readable in English
/// (`Constitution section`), by its Spanish name in Spanish.
pub(super) fn node_type_words(node_type: &str, es: bool) -> String {
    spanish_of(es, NODE_TYPE_ES, node_type).map_or_else(|| humanize(node_type), str::to_string)
}

/// The kinds of deadline in Spanish, as the Deadlines page names them ([`deadline_kind_words`]).
const DEADLINE_KIND_ES: &[(&str, &str)] = &[
    ("filing", "Presentación"),
    ("hearing", "Audiencia"),
    ("response", "Respuesta"),
    ("service", "Notificación"),
    ("appeal", "Apelación"),
    ("discovery", "Intercambio de pruebas"),
    ("post-trial", "Después del juicio"),
    ("other", "Otro"),
];

/// A kind of deadline (`filing`, `hearing`), as a card says it: made readable in English, in
/// Spanish as the Deadlines page names it.
fn deadline_kind_words(kind: &str, es: bool) -> String {
    spanish_of(es, DEADLINE_KIND_ES, kind).map_or_else(|| humanize(kind), str::to_string)
}

/// `$1,234.50`.
pub(super) fn money(value: &Value) -> String {
    let Some(n) = value.as_f64() else { return text_of(value).unwrap_or_default() };
    let cents = (n.abs() * 100.0).round() as i64;
    let sign = if n < 0.0 { "-" } else { "" };
    format!("{sign}${}.{:02}", thousands(cents / 100), cents % 100)
}

/// A non-empty string (trimmed), a number written out, or a list of them joined.
fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(items) if !items.is_empty() && items.iter().all(|x| x.is_string() || x.is_number()) => {
            Some(items.iter().filter_map(text_of).collect::<Vec<_>>().join("; "))
        }
        _ => None,
    }
}

fn str_at(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(text_of)
}

fn web_url(v: &Value) -> Option<String> {
    let s = v.as_str()?.trim();
    (s.starts_with("https://") || s.starts_with("http://")).then(|| s.to_string()).filter(|s| s.len() > "https://".len())
}

/// `2024-01-02` for a timestamp such as `2024-01-02T10:00:00Z`.
fn day(s: String) -> String {
    let b = s.as_bytes();
    if b.len() > 10 && b[10] == b'T' && b[4] == b'-' && b[7] == b'-' { s[..10].to_string() } else { s }
}

pub(super) fn list_in(result: &Value) -> Option<&Vec<Value>> {
    match result {
        Value::Array(list) => Some(list),
        Value::Object(map) => LIST_KEYS.iter().find_map(|k| map.get(*k).and_then(Value::as_array)),
        _ => None,
    }
}

pub(super) fn is_node(v: &Value) -> bool {
    v.is_object()
        && (v.get("sourceId").is_some() || v.get("nodeType").is_some())
        && ["heading", "sourceText", "id"].iter().any(|k| v.get(*k).is_some())
}

/// A JSON preview, one line, cut at 600 characters.
fn preview(value: &Value) -> String {
    truncate(&value.to_string(), 600)
}

fn preview_card(value: &Value) -> Card {
    Card { preview: Some(preview(value)), ..Card::default() }
}

/// How the page names a node: `§ 2.2-3704`, `Title 20`, `Chapter 20, chapter 6.1`, the Constitution's long form.
fn node_label(source_id: &str, node_type: Option<&str>, es: bool) -> String {
    match (node_type, es) {
        (Some("title"), false) => format!("Title {source_id}"),
        (Some("title"), true) => format!("Título {source_id}"),
        (Some("chapter"), false) => format!("Chapter {}", source_id.replacen(':', ", chapter ", 1)),
        (Some("chapter"), true) => format!("Capítulo {}", source_id.replacen(':', ", capítulo ", 1)),
        _ => label_in(source_id, es),
    }
}

/// A law-graph node; sections and the Constitution's sections open in the section viewer.
pub(super) fn node_card(node: &Value, es: bool) -> Card {
    let source_id = str_at(node, "sourceId").unwrap_or_default();
    let node_type = node["nodeType"].as_str();
    let openable = (source_id.starts_with("const-") || source_id.starts_with(|c: char| c.is_ascii_digit()))
        && node_type.is_none_or(|t| t.contains("section") || t.contains("constitution"));
    let label = if source_id.is_empty() { String::new() } else { node_label(&source_id, node_type, es) };
    Card {
        title: str_at(node, "heading").unwrap_or_else(|| {
            if label.is_empty() { say(es, "Law graph item", "Elemento del grafo de leyes").into() } else { label.clone() }
        }),
        citation: label,
        snippet: node["sourceText"].as_str().map(|t| truncate(t, SNIPPET_CHARS)).unwrap_or_default(),
        url: web_url(&node["url"]),
        kind: CardKind::Law,
        meta: node_type.filter(|t| *t != "section").map(|t| node_type_words(t, es)).into_iter().collect(),
        text_kind: str_at(node, "textKind"),
        section: openable.then_some(source_id),
        ..Card::default()
    }
}

fn score_text(n: f64) -> String {
    if n <= 1.0 { format!("{}%", (n * 100.0).round()) } else { format!("{n:.2}") }
}

fn extras_of(item: &Map<String, Value>, used: &[&str], es: bool) -> Vec<Extra> {
    let mut extras = Vec::new();
    for (key, label, spanish) in EXTRA_KEYS {
        let label = if es { spanish } else { label };
        if used.contains(key) {
            continue;
        }
        let Some(v) = item.get(*key) else { continue };
        let value = match v {
            Value::Null | Value::Object(_) => continue,
            Value::Array(items) => items
                .iter()
                .filter_map(|x| if x.is_object() { str_at(x, "name").or_else(|| str_at(x, "display_name")) } else { text_of(x) })
                .collect::<Vec<_>>()
                .join(", "),
            Value::Number(n) if matches!(*key, "score" | "similarity") => score_text(n.as_f64().unwrap_or_default()),
            Value::String(s) if *key == "status" => s.replace('_', " "),
            other => text_of(other).unwrap_or_else(|| other.to_string()),
        };
        if !value.trim().is_empty() {
            extras.push(Extra { label: label.to_string(), value: truncate(&value, 80), tone: None });
        }
    }
    extras
}

/// One item read by common field names.
pub(super) fn generic_card(item: &Value, es: bool) -> Card {
    let Some(map) = item.as_object() else {
        let text = item.as_str().map(str::to_string).unwrap_or_else(|| item.to_string());
        return Card { snippet: truncate(&text, 300), ..Card::default() };
    };
    if is_node(item) {
        return node_card(item, es);
    }
    if is_node(&item["node"]) {
        let mut card = node_card(&item["node"], es);
        if let Some(score) = item["score"].as_f64() {
            card.extras.push(Extra { label: say(es, "Similarity", "Similitud").into(), value: score_text(score), tone: None });
        }
        return card;
    }
    let mut used = Vec::new();
    let mut pick = |keys: &[&'static str]| {
        keys.iter().find_map(|k| {
            let v = str_at(item, k)?;
            used.push(*k);
            Some(v)
        })
    };
    let title = pick(TITLE_KEYS);
    let citation = pick(CITATION_KEYS);
    let detail = pick(DETAIL_KEYS);
    let date = pick(DATE_KEYS).map(day);
    let snippet = pick(SNIPPET_KEYS);
    let url =
        URL_KEYS.iter().find_map(|k| web_url(&item[*k]).or_else(|| web_url(&item[*k]["website"])).or_else(|| web_url(&item[*k]["url"])));
    if title.is_none() && citation.is_none() && snippet.is_none() && url.is_none() {
        return preview_card(item);
    }
    let extras = extras_of(map, &used, es);
    let title = title.or_else(|| citation.clone()).unwrap_or_default();
    Card {
        citation: citation.filter(|c| *c != title).unwrap_or_default(),
        title,
        snippet: snippet.map(|s| truncate(&s, SNIPPET_CHARS)).unwrap_or_default(),
        url,
        meta: detail.into_iter().chain(date).collect(),
        text_kind: str_at(item, "textKind"),
        extras,
        ..Card::default()
    }
}

pub(super) fn case_card(c: &Value, es: bool) -> Card {
    let mut card = generic_card(c, es);
    card.citation = str_at(c, "caseNumber").unwrap_or_default();
    card.meta = str_at(c, "court").into_iter().collect();
    let parties: Vec<String> = c["parties"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| {
            let name = str_at(p, "name")?;
            Some(match str_at(p, "role") {
                Some(role) => format!("{name} ({role})"),
                None => name,
            })
        })
        .collect();
    let chip = |label: &str, value: Option<String>| value.map(|value| Extra { label: label.into(), value, tone: None });
    card.extras = [
        chip(say(es, "Type", "Tipo"), str_at(c, "type")),
        chip(say(es, "Status", "Estado"), str_at(c, "status")),
        chip(say(es, "Parties", "Partes"), Some(parties.join(", ")).filter(|p| !p.is_empty())),
    ]
    .into_iter()
    .flatten()
    .collect();
    card
}

pub(super) fn deadline_card(d: &Value, es: bool) -> Card {
    let mut card = generic_card(d, es);
    card.meta = str_at(d, "kind").map(|k| deadline_kind_words(&k, es)).into_iter().chain(str_at(d, "date")).collect();
    let days = d["daysUntil"].as_i64();
    let overdue = d["overdue"] == true || d["status"] == "overdue";
    let plural = |n: i64| if n.abs() == 1 { "" } else { "s" };
    let when = if d["done"] == true || d["status"] == "done" {
        Some(say(es, "Done", "Hecha").to_string())
    } else if overdue {
        Some(days.map_or(say(es, "Overdue", "Vencida").into(), |n| {
            if es { format!("Vencida hace {} día{}", n.abs(), plural(n)) } else { format!("Overdue by {} day{}", n.abs(), plural(n)) }
        }))
    } else {
        days.map(|n| match n {
            0 => say(es, "Today", "Hoy").into(),
            1 => say(es, "Tomorrow", "Mañana").into(),
            n if es => format!("En {n} días"),
            n => format!("In {n} days"),
        })
    };
    card.extras = when
        .map(|value| Extra { label: say(es, "When", "Cuándo").into(), value, tone: overdue.then(|| "warn".into()) })
        .into_iter()
        .collect();
    if let Some(rule) = str_at(d, "sourceRule") {
        card.citation = rule;
    }
    let notes: Vec<String> = [str_at(d, "dateNote"), str_at(d, "notes")].into_iter().flatten().collect();
    card.snippet = truncate(&notes.join(" — "), SNIPPET_CHARS);
    card
}

pub(super) fn event_card(e: &Value, es: bool) -> Card {
    let mut card = generic_card(e, es);
    card.meta = str_at(e, "party").into_iter().chain(str_at(e, "date")).collect();
    card.snippet = str_at(e, "details").map(|d| truncate(&d, SNIPPET_CHARS)).unwrap_or_default();
    card.extras = (e["isCritical"] == true)
        .then(|| Extra {
            label: say(es, "Marked", "Marcado").into(),
            value: say(es, "critical", "crítico").into(),
            tone: Some("warn".into()),
        })
        .into_iter()
        .collect();
    card
}

pub(super) fn passage_card(p: &Value, es: bool) -> Card {
    Card {
        title: str_at(p, "documentTitle").or_else(|| str_at(p, "title")).unwrap_or_else(|| say(es, "Your document", "Su documento").into()),
        meta: (p["from"] == "note").then(|| say(es, "Your note", "Su nota").to_string()).into_iter().collect(),
        snippet: truncate(&str_at(p, "text").or_else(|| str_at(p, "passage")).unwrap_or_default(), SNIPPET_CHARS),
        extras: p["score"]
            .as_f64()
            .map(|s| Extra { label: say(es, "Match", "Coincidencia").into(), value: score_text(s), tone: None })
            .into_iter()
            .collect(),
        ..Card::default()
    }
}

pub(super) fn document_text_card(r: &Value, es: bool) -> Card {
    let title = str_at(r, "title")
        .unwrap_or_else(|| format!("{} {}", say(es, "Document", "Documento"), str_at(r, "id").unwrap_or_default()).trim().to_string());
    Card {
        title,
        snippet: truncate(r["text"].as_str().unwrap_or_default(), SNIPPET_CHARS),
        extras: r["total"]
            .as_i64()
            .filter(|n| *n > 0)
            .map(|n| Extra {
                label: say(es, "Length", "Extensión").into(),
                value: format!("{} {}", thousands(n), say(es, "characters", "caracteres")),
                tone: None,
            })
            .into_iter()
            .collect(),
        ..Card::default()
    }
}

pub(super) fn expense_cards(f: &Value, es: bool) -> Vec<Card> {
    let count = f["count"].as_i64();
    let shown = f["entriesShown"].as_i64();
    let snippet = count.map(|n| match (shown, es) {
        (Some(s), false) if s < n => format!("{} entries, newest {s} shown", thousands(n)),
        (_, false) => format!("{} entries", thousands(n)),
        (Some(1), true) if n > 1 => format!("{} gastos; se muestra 1, el más reciente", thousands(n)),
        (Some(s), true) if s < n => format!("{} gastos; se muestran los {s} más recientes", thousands(n)),
        (_, true) => format!("{} {}", thousands(n), if n == 1 { "gasto" } else { "gastos" }),
    });
    let categories = f["totalsByCategory"].as_array().into_iter().flatten().map(|c| Extra {
        label: humanize(c["category"].as_str().unwrap_or("other")),
        value: money(&c["total"]),
        tone: None,
    });
    let mut cards = vec![Card {
        title: format!(
            "{} {}",
            say(es, "Total spent:", "Total gastado:"),
            if f["total"].is_null() { "$0.00".to_string() } else { money(&f["total"]) }
        ),
        snippet: snippet.unwrap_or_default(),
        extras: categories.collect(),
        ..Card::default()
    }];
    for e in f["entries"].as_array().into_iter().flatten() {
        let category = e["category"].as_str().map(humanize);
        cards.push(Card {
            title: str_at(e, "description").or_else(|| category.clone()).unwrap_or_else(|| say(es, "Entry", "Gasto").into()),
            meta: category.into_iter().chain(str_at(e, "date")).collect(),
            extras: vec![Extra { label: say(es, "Amount", "Monto").into(), value: money(&e["amount"]), tone: None }],
            ..Card::default()
        });
    }
    cards
}

pub(super) fn overview_card(s: &Value, es: bool) -> Card {
    let mut parts = Vec::new();
    if let Some(n) = s["nodeCount"].as_i64() {
        parts.push(format!("{} {}", thousands(n), say(es, "items", "elementos")));
    }
    if let Some(n) = s["edgeCount"].as_i64() {
        parts.push(format!("{} {}", thousands(n), say(es, "links", "enlaces")));
    }
    if let Some(corpus) = s["corpus"].as_str() {
        parts.push(format!("corpus: {corpus}"));
    }
    if let Some(on) = s["semanticSearch"].as_bool() {
        parts.push(match (es, on) {
            (false, on) => format!("search by meaning {}", if on { "on" } else { "off" }),
            (true, true) => "búsqueda por significado activada".to_string(),
            (true, false) => "búsqueda por significado desactivada".to_string(),
        });
    }
    let extras = s["nodeTypes"]
        .as_array()
        .into_iter()
        .flatten()
        .take(8)
        .map(|t| Extra {
            label: node_type_words(t["type"].as_str().unwrap_or("?"), es),
            value: thousands(t["count"].as_i64().unwrap_or(0)),
            tone: None,
        })
        .collect();
    Card {
        title: say(es, "Virginia law graph", "Grafo de leyes de Virginia").into(),
        snippet: parts.join(" · "),
        kind: CardKind::Overview,
        extras,
        ..Card::default()
    }
}

/// The nodes around a node (`get_neighbors`): each says how it relates to the node asked about.
pub fn neighbor_cards(result: &Value) -> Vec<Card> {
    neighbor_cards_in(result, None)
}

/// [`neighbor_cards`], how each relates said in `lang` (Spanish for `"es"`).
pub fn neighbor_cards_in(result: &Value, lang: Option<&str>) -> Vec<Card> {
    let es = crate::language::is_spanish_code(lang);
    let edges = match result {
        Value::Array(list) => list.as_slice(),
        other => other.get("edges").or_else(|| other.get("neighbors")).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default(),
    };
    let own = result.get("id").and_then(Value::as_i64);
    edges
        .iter()
        .map(|e| {
            let from = &e["fromNode"];
            let outgoing = own.is_some() && from["id"].as_i64() == own;
            let other = if outgoing || from.is_null() || from["id"].as_i64() == own { &e["toNode"] } else { from };
            if !other.is_object() {
                let mut card = generic_card(e, es);
                card.kind = CardKind::Law;
                return card;
            }
            let relation = match (e["relType"].as_str(), outgoing) {
                (Some("cites"), true) => say(es, "Cited by this section", "Citada por esta sección").to_string(),
                (Some("cites"), false) => say(es, "Cites this section", "Cita esta sección").to_string(),
                (Some("contains"), true) => say(es, "Part of it", "Forma parte de ella").to_string(),
                (Some("contains"), false) => say(es, "Contains it", "La contiene").to_string(),
                (None | Some("related"), _) if es => "Relacionada".to_string(),
                (other, _) => humanize(other.unwrap_or("related")),
            };
            let mut card = node_card(other, es);
            card.meta = vec![relation];
            card
        })
        .collect()
}
