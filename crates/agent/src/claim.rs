//! Checking a claim ("my landlord can keep my whole deposit because I left 2 days early"): the
//! parts of the pipeline that are data and rules, not calls. The runner drives it
//! ([`crate::runner::Agent::run_workflow`] with the `check_claim` workflow):
//!
//! 1. **Intent** — the area of law, what the person wants, how urgent it is (a number of days in
//!    the claim, a deadline of theirs within two weeks), its aspects ([`intent_of`]); the law and the
//!    person's records are retrieved with the tools ([`retrieval_calls`]).
//! 2. **Report** — the issue, the claim, who makes it, the law found, the person's facts found,
//!    what is missing ([`Report`]).
//! 3. **Verify** — the model reviews the report and decides or calls tools for what is missing;
//!    a second pass with their results.
//! 4. **Decision** — `{verdict, confidence, resolution, citations, action_plan}`, asked with a JSON
//!    schema ([`decision_schema`]), read and checked ([`parse_decision`]), one repair, then an
//!    error. Every cited section is looked up in the law graph: one it lacks is dropped and lowers
//!    the confidence ([`keep_verified`]).
//!
//! Offline there is no one to weigh the claim: the decision is `unclear`, with the sections found
//! quoted as they are and a plain statement that a model is needed ([`offline_decision`]).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::citations::VerifiedCitation;
use crate::event::ToolResult;
use crate::model::ToolCall;

/// Longest claim, in characters.
pub const MAX_CLAIM_CHARS: usize = 4_000;
/// How much a section cited but not in the law graph takes off the confidence.
pub const UNVERIFIED_PENALTY: f64 = 0.2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Supported,
    NotSupported,
    Unclear,
}

impl Verdict {
    /// In words, for the card: `The law supports this claim`.
    pub fn words(self) -> &'static str {
        self.words_in(false)
    }

    /// [`Verdict::words`], in Spanish when `spanish`.
    pub fn words_in(self, spanish: bool) -> &'static str {
        match (self, spanish) {
            (Verdict::Supported, false) => "The law supports this claim",
            (Verdict::NotSupported, false) => "The law does not support this claim",
            (Verdict::Unclear, false) => "Unclear from what was found",
            (Verdict::Supported, true) => "La ley respalda esta afirmación",
            (Verdict::NotSupported, true) => "La ley no respalda esta afirmación",
            (Verdict::Unclear, true) => "No queda claro con lo que se encontró",
        }
    }
}

/// A section the decision relies on, with the words it quotes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimCitation {
    pub section: String,
    pub quote: String,
    /// `official` or `summary`, as the law graph holds it (the model's word is not taken).
    #[serde(rename = "textKind", default)]
    pub text_kind: String,
    /// Whether the quote's words are in the section's text as the tools returned it; false: the
    /// card says they are the model's words, not found there. None until checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verbatim: Option<bool>,
}

/// Lower-case words only, for comparing a quote with a text.
fn plain_words(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect::<Vec<_>>().join(" ")
}

/// The texts of each section the tools returned (full text from `get_node`, the first 500
/// characters from a search, the summary kept beside official text), by section number.
pub fn texts_seen(results: &[ToolResult]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut add = |n: &Value| out.extend(node_texts(n));
    for r in results.iter().filter(|r| r.ok) {
        match r.tool.as_str() {
            "get_node" => add(&r.result),
            "search_nodes" | "find_similar" => r.result["nodes"].as_array().into_iter().flatten().for_each(&mut add),
            _ => {}
        }
    }
    out
}

/// A law-graph node's texts (its text, and the summary kept beside official text), by its number.
pub fn node_texts(node: &Value) -> Vec<(String, String)> {
    let Some(id) = node["sourceId"].as_str() else { return Vec::new() };
    ["sourceText", "summary"]
        .iter()
        .filter_map(|key| node[*key].as_str().filter(|t| !t.is_empty()))
        .map(|text| (id.to_string(), plain_words(text)))
        .collect()
}

/// Marks each citation not yet marked whose quote is (or is not) in the text the tools returned
/// for its section.
pub fn mark_verbatim(decision: &mut Decision, seen: &[(String, String)]) {
    for c in decision.citations.iter_mut().filter(|c| c.verbatim.is_none()) {
        let quote = plain_words(c.quote.trim_matches(|ch: char| ch == '…' || ch == '.' || ch.is_whitespace()));
        c.verbatim = Some(!quote.is_empty() && seen.iter().any(|(id, text)| *id == c.section && text.contains(&quote)));
    }
}

/// One thing to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionStep {
    pub step: String,
    /// A date (`YYYY-MM-DD`) when the step has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_when: Option<String>,
    #[serde(rename = "where", default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
}

/// The structured end of a claim check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub verdict: Verdict,
    pub confidence: f64,
    pub resolution: String,
    pub citations: Vec<ClaimCitation>,
    pub action_plan: Vec<ActionStep>,
    /// Sections the model cited that the law graph does not hold, left out of `citations`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<String>,
    /// What the card must say about how this decision was reached (offline; citations dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The decision's JSON Schema, strict (every property required; `by_when` and `where` nullable).
pub fn decision_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "verdict": { "type": "string", "enum": ["supported", "not_supported", "unclear"] },
            "confidence": { "type": "number", "minimum": 0, "maximum": 1 },
            "resolution": { "type": "string", "description": "Plain words for the person: whether the claim holds, and why." },
            "citations": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "section": { "type": "string", "description": "The Code section, e.g. 55.1-1226." },
                        "quote": { "type": "string", "description": "The words of the section's text in the tool results that decide it." },
                        "textKind": { "type": "string", "enum": ["official", "summary"] }
                    },
                    "required": ["section", "quote", "textKind"],
                    "additionalProperties": false
                }
            },
            "action_plan": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "step": { "type": "string" },
                        "by_when": { "type": ["string", "null"], "description": "YYYY-MM-DD when the step has a date." },
                        "where": { "type": ["string", "null"], "description": "The court, office or place, when it has one." }
                    },
                    "required": ["step", "by_when", "where"],
                    "additionalProperties": false
                }
            }
        },
        "required": ["verdict", "confidence", "resolution", "citations", "action_plan"],
        "additionalProperties": false
    })
}

/// Reads a model's decision: the JSON object (inside a code fence or surrounding words too),
/// checked against the schema's rules. The error says what is wrong, for the repair request.
pub fn parse_decision(text: &str) -> Result<Decision, String> {
    let start = text.find('{').ok_or("there is no JSON object in the reply")?;
    let end = text.rfind('}').filter(|&e| e > start).ok_or("the JSON object is not closed")?;
    let value: Value = serde_json::from_str(&text[start..=end]).map_err(|e| format!("the JSON does not parse: {e}"))?;
    if let Some(extra) = value.as_object().and_then(|o| {
        o.keys().find(|k| !["verdict", "confidence", "resolution", "citations", "action_plan"].contains(&k.as_str())).cloned()
    }) {
        return Err(format!("unknown property `{extra}`"));
    }
    let mut decision: Decision = serde_json::from_value(value).map_err(|e| format!("the decision does not fit the schema: {e}"))?;
    if !(0.0..=1.0).contains(&decision.confidence) || decision.confidence.is_nan() {
        return Err(format!("`confidence` must be between 0 and 1, not {}", decision.confidence));
    }
    if decision.resolution.trim().is_empty() {
        return Err("`resolution` is empty".into());
    }
    for (i, c) in decision.citations.iter().enumerate() {
        if c.section.trim().is_empty() || c.quote.trim().is_empty() {
            return Err(format!("`citations[{i}]` needs a section and a quote"));
        }
    }
    for (i, s) in decision.action_plan.iter_mut().enumerate() {
        if s.step.trim().is_empty() {
            return Err(format!("`action_plan[{i}].step` is empty"));
        }
        s.by_when = s.by_when.take().map(|d| d.trim().to_string()).filter(|d| !d.is_empty());
        s.place = s.place.take().map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
        if let Some(d) = &s.by_when
            && NaiveDate::parse_from_str(d, "%Y-%m-%d").is_err()
        {
            return Err(format!("`action_plan[{i}].by_when` must be a date written YYYY-MM-DD, not {d:?}"));
        }
    }
    decision.dropped.clear();
    decision.note = None;
    // Whether a quote is the section's words is for the app to find out, not the model to say.
    for c in &mut decision.citations {
        c.verbatim = None;
    }
    Ok(decision)
}

/// The section number a citation names (`§ 55.1-1226`, `Va. Code § 55.1-1226`, `55.1-1226`).
pub fn section_id(section: &str) -> Option<String> {
    proseva_citation::find_citations(section)
        .into_iter()
        .next()
        .map(|c| c.reference.source_id())
        .or_else(|| proseva_citation::citation_in_query(section))
}

/// Keeps the citations the law graph holds (`verified`, looked up for this decision), with the
/// graph's own text kind; drops the others, lowering the confidence and saying so.
pub fn keep_verified(mut decision: Decision, verified: &[VerifiedCitation], checked: bool) -> Decision {
    let mut kept = Vec::new();
    for mut c in std::mem::take(&mut decision.citations) {
        let id = section_id(&c.section);
        match id.as_deref().and_then(|id| verified.iter().find(|v| v.source_id == id)) {
            Some(v) => {
                c.section = v.source_id.clone();
                c.text_kind = v.text_kind.clone();
                kept.push(c);
            }
            None => decision.dropped.push(id.unwrap_or_else(|| c.section.trim().to_string())),
        }
    }
    decision.citations = kept;
    if !decision.dropped.is_empty() {
        decision.confidence = (decision.confidence - UNVERIFIED_PENALTY * decision.dropped.len() as f64).max(0.0);
        let list = decision.dropped.iter().map(|s| proseva_citation::label(s)).collect::<Vec<_>>().join(", ");
        decision.note = Some(if checked {
            format!("Left out, and the confidence lowered: {list} — not in the law graph, so it could not be checked.")
        } else {
            format!("Left out, and the confidence lowered: {list} — the law graph could not be reached to check it.")
        });
    }
    decision
}

/// What the claim is about, how urgent it is, and what to look for.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Intent {
    /// `housing`, `family`, `protective orders`, `debt and consumer`, `employment`,
    /// `traffic and criminal`, `court procedure` or `other`.
    pub area: &'static str,
    /// What the person wants from the check.
    pub wants: String,
    /// `urgent`, `soon` or `none`, and why.
    pub urgency: &'static str,
    pub urgency_why: String,
    /// The words the claim turns on.
    pub aspects: Vec<String>,
}

/// The cues of each area of law, as words: a cue matches a word of the claim or one of its plain
/// forms ([`is_form_of`]), a cue of several words those words in a row. Never part of a word:
/// "parent" and "current" do not hold "rent", nor "please" "lease".
const AREAS: &[(&str, &[&str])] = &[
    (
        "housing",
        &[
            "landlord",
            "tenant",
            "tenancy",
            "lease",
            "evict",
            "eviction",
            "deposit",
            "rent",
            "rental",
            "renter",
            "move out",
            "apartment",
            "unlawful detainer",
            "lock",
            "lockout",
        ],
    ),
    ("family", &["custody", "visitation", "child support", "divorce", "spousal", "alimony", "my ex", "parenting", "paternity", "adoption"]),
    ("protective orders", &["protective order", "abuse", "threat", "threaten", "stalk", "stalker", "restraining", "harass", "harassment"]),
    (
        "debt and consumer",
        &["debt", "collector", "creditor", "garnish", "garnishment", "loan", "credit", "repossess", "repossession", "warranty", "refund"],
    ),
    ("employment", &["fired", "wage", "employer", "overtime", "paycheck", "worker comp", "worker compensation", "unemployment"]),
    ("traffic and criminal", &["ticket", "dui", "dwi", "reckless driving", "arrest", "charge", "speeding", "license", "licence", "police"]),
    ("court procedure", &["appeal", "hearing", "summons", "served", "deadline", "court date", "default judgment", "motion"]),
];

/// The words of a text, lower-case, with a possessive's `'s` left off (`landlord's` → `landlord`,
/// `workers'` → `workers`).
fn words_of(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .map(|w| {
            let w = w.trim_matches(['\'', '’']);
            w.strip_suffix("'s").or_else(|| w.strip_suffix("’s")).unwrap_or(w).to_string()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `word` is `cue` or one of its plain forms: `-s`, `-es`, `-ed`, `-ing` (`rent` →
/// `rents`, `rented`, `renting`), and for a cue ending in `e` also `-d` and `-ing` in its place
/// (`lease` → `leased`, `leasing`). Not `current` or `parent` for `rent`.
fn is_form_of(word: &str, cue: &str) -> bool {
    if let Some(ending) = word.strip_prefix(cue) {
        return matches!(ending, "" | "s" | "es" | "ed" | "ing") || (cue.ends_with('e') && ending == "d");
    }
    cue.strip_suffix('e').and_then(|stem| word.strip_prefix(stem)).is_some_and(|ending| ending == "ing")
}

/// Whether the words hold `cue` (its words in a row, each in one of its forms).
fn mentions(words: &[String], cue: &str) -> bool {
    let cue: Vec<&str> = cue.split(' ').collect();
    words.windows(cue.len()).any(|run| run.iter().zip(&cue).all(|(word, c)| is_form_of(word, c)))
}

/// Who makes the claim, as the person put it: `your landlord`, `the other side`.
fn made_by(claim: &str) -> String {
    let words = words_of(claim);
    for (cue, who) in [
        ("landlord", "your landlord"),
        ("property manager", "the property manager"),
        ("my ex", "your former partner"),
        ("other side", "the other side"),
        ("opposing", "the other side"),
        ("lawyer", "a lawyer"),
        ("attorney", "a lawyer"),
        ("employer", "your employer"),
        ("boss", "your employer"),
        ("collector", "a debt collector"),
        ("judge", "the court"),
        ("clerk", "the clerk's office"),
        ("police", "the police"),
    ] {
        if mentions(&words, cue) {
            return who.to_string();
        }
    }
    "not said".to_string()
}

/// A number of days, hours or weeks the claim names, in days (`5 days` → 5, `48 hours` → 2).
fn days_named(claim: &str) -> Option<u64> {
    let lower = claim.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let number = |w: &str| -> Option<u64> {
        w.parse().ok().or_else(|| {
            [
                "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
                "fourteen",
            ]
            .iter()
            .position(|n| *n == w)
            .map(|n| n as u64)
        })
    };
    if words.iter().any(|w| matches!(*w, "today" | "tomorrow" | "tonight")) {
        return Some(1);
    }
    words.windows(2).find_map(|pair| {
        let n = number(pair[0])?;
        match pair[1] {
            "day" | "days" => Some(n),
            "hour" | "hours" => Some(n.div_ceil(24)),
            "week" | "weeks" => Some(n * 7),
            _ => None,
        }
    })
}

/// The area of law a claim is about: the one with the most of its cues in the claim's words (the
/// first of [`AREAS`] on a tie), or `other` when none is there.
fn area_of(claim: &str) -> &'static str {
    let words = words_of(claim);
    let mut best = ("other", 0);
    for (area, cues) in AREAS {
        let found = cues.iter().filter(|cue| mentions(&words, cue)).count();
        if found > best.1 {
            best = (area, found);
        }
    }
    best.0
}

/// The intent of a claim, with the person's upcoming deadlines (`GetDeadlines`' result) for urgency.
pub fn intent_of(claim: &str, deadlines: Option<&Value>) -> Intent {
    let area = area_of(claim);
    let near = deadlines
        .and_then(|d| d["deadlines"].as_array())
        .into_iter()
        .flatten()
        .filter(|d| d["done"] != true && d["daysUntil"].as_i64().is_some_and(|n| (0..=14).contains(&n)))
        .min_by_key(|d| d["daysUntil"].as_i64());
    let (urgency, urgency_why) = match (days_named(claim), near) {
        (Some(n), _) if n <= 14 => ("urgent", format!("the claim names a time of {n} day{}", if n == 1 { "" } else { "s" })),
        (_, Some(d)) => {
            ("soon", format!("your deadline “{}” is on {}", d["title"].as_str().unwrap_or("untitled"), d["date"].as_str().unwrap_or("?")))
        }
        _ => ("none", "no near date in the claim or your deadlines".into()),
    };
    let aspects = crate::offline::workflows::topic_terms("", claim, 8);
    Intent { area, wants: "to know whether this claim is true, and what to do".into(), urgency, urgency_why, aspects }
}

/// The calls that retrieve the law and the person's records for a claim: each section it cites,
/// the law graph and the person's documents and notes by its words, and their deadlines.
pub fn retrieval_calls(claim: &str, with_records: bool) -> Vec<ToolCall> {
    let call =
        |i: usize, name: &str, args: Value| ToolCall { id: format!("claim-{i}-{name}"), name: name.into(), arguments: args.to_string() };
    let mut calls = Vec::new();
    let mut cited: Vec<String> = proseva_citation::find_citations(claim).into_iter().map(|c| c.reference.source_id()).collect();
    cited.dedup();
    for id in cited.into_iter().take(3) {
        calls.push(call(calls.len(), "get_node", json!({ "id": id })));
    }
    calls.push(call(calls.len(), "search_nodes", json!({ "search": claim, "limit": 6 })));
    if with_records {
        calls.push(call(calls.len(), "SearchKnowledge", json!({ "query": claim, "topK": 5 })));
        calls.push(call(calls.len(), "GetDeadlines", json!({})));
    }
    calls
}

/// A section found for the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LawFound {
    pub section: String,
    pub heading: String,
    pub text_kind: String,
    pub url: Option<String>,
    /// The sentences of its text that best match the claim.
    pub excerpt: String,
}

/// The structured report the verifier reviews.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub issue: String,
    pub claim: String,
    pub made_by: String,
    pub intent: Intent,
    pub law: Vec<LawFound>,
    pub facts: Vec<String>,
    pub missing: Vec<String>,
}

/// The report of a claim from what the retrieval found.
pub fn report_of(claim: &str, intent: Intent, results: &[ToolResult]) -> Report {
    let mut law: Vec<LawFound> = Vec::new();
    let mut facts: Vec<String> = Vec::new();
    let mut add = |n: &Value| {
        let (Some(id), true) = (n["sourceId"].as_str(), n["nodeType"].as_str().is_some_and(|t| t.ends_with("section"))) else { return };
        if law.iter().any(|l| l.section == id) || law.len() >= 5 {
            return;
        }
        let text = n["sourceText"].as_str().unwrap_or_default();
        law.push(LawFound {
            section: id.to_string(),
            heading: n["heading"].as_str().unwrap_or_default().to_string(),
            text_kind: n["textKind"].as_str().unwrap_or("summary").to_string(),
            url: n["url"].as_str().map(str::to_string),
            excerpt: crate::offline::best_sentences(text, claim, 2).join(" "),
        });
    };
    for r in results.iter().filter(|r| r.ok) {
        match r.tool.as_str() {
            "get_node" => add(&r.result),
            "search_nodes" => r.result["nodes"].as_array().into_iter().flatten().for_each(&mut add),
            "SearchKnowledge" => {
                for p in r.result["passages"].as_array().into_iter().flatten().take(3) {
                    let from = if p["from"] == "note" { "your note" } else { "your document" };
                    let text = crate::offline::best_sentences(p["text"].as_str().unwrap_or_default(), claim, 1).join(" ");
                    if !text.is_empty() {
                        facts.push(format!("{from} “{}”: {text}", p["title"].as_str().unwrap_or("untitled")));
                    }
                }
            }
            "GetDeadlines" => {
                for d in r.result["deadlines"].as_array().into_iter().flatten().filter(|d| d["done"] != true).take(3) {
                    facts.push(format!(
                        "your deadline “{}” on {}",
                        d["title"].as_str().unwrap_or("untitled"),
                        d["date"].as_str().unwrap_or("?")
                    ));
                }
            }
            _ => {}
        }
    }
    let mut missing = Vec::new();
    if law.is_empty() {
        missing.push("no section of the law graph matched the claim".to_string());
    } else if law.iter().all(|l| l.text_kind == "summary") {
        missing.push("the law graph holds plain-language summaries of these sections, not their official words".to_string());
    }
    if facts.is_empty() {
        missing.push("nothing in your documents, notes or deadlines speaks to it".to_string());
    }
    if results.iter().any(|r| !r.ok) {
        missing.push("some look-ups failed (see the steps)".to_string());
    }
    let issue = match intent.area {
        "other" => "Whether the claim is true under Virginia law".to_string(),
        area => format!("Whether the claim is true under Virginia {area} law"),
    };
    Report { issue, claim: claim.to_string(), made_by: made_by(claim), intent, law, facts, missing }
}

impl Report {
    /// The report as the verifier reads it.
    pub fn to_prompt(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// The decision offline: `unclear`, the sections found quoted as they are, and why no verdict.
pub fn offline_decision(report: &Report) -> Decision {
    offline_decision_in(report, false)
}

/// [`offline_decision`], its own words in Spanish when `spanish` (the law quoted as it is).
pub fn offline_decision_in(report: &Report, spanish: bool) -> Decision {
    let citations: Vec<ClaimCitation> = report
        .law
        .iter()
        .filter(|l| !l.excerpt.is_empty())
        .take(3)
        .map(|l| ClaimCitation {
            section: l.section.clone(),
            quote: l.excerpt.clone(),
            text_kind: l.text_kind.clone(),
            verbatim: Some(true),
        })
        .collect();
    let mut action_plan: Vec<ActionStep> = report
        .law
        .iter()
        .take(2)
        .map(|l| ActionStep {
            step: if spanish {
                format!("Lea completa la sección {} ({})", proseva_citation::label(&l.section), l.heading)
            } else {
                format!("Read {} ({}) in full", proseva_citation::label(&l.section), l.heading)
            },
            by_when: None,
            place: l.url.clone(),
        })
        .collect();
    if report.intent.urgency == "urgent" {
        action_plan.push(if spanish {
            ActionStep {
                step: "La afirmación habla de un plazo corto: pregunte cuanto antes en la secretaría del tribunal o en una oficina de ayuda legal qué fecha se aplica a usted".into(),
                by_when: None,
                place: Some("la secretaría de su tribunal, o Virginia Legal Aid (valegalaid.org)".into()),
            }
        } else {
            ActionStep {
                step: "The claim names a short time: ask the court clerk or a legal aid office right away what date applies to you".into(),
                by_when: None,
                place: Some("the clerk's office of your court, or Virginia Legal Aid (valegalaid.org)".into()),
            }
        });
    }
    let (found, resolution, note) = match (report.law.is_empty(), spanish) {
        (true, false) => ("No section of the law graph matched it.", OFFLINE_EN, NOTE_EN),
        (false, false) => ("The sections below speak to it, quoted as the law graph holds them.", OFFLINE_EN, NOTE_EN),
        (true, true) => ("Ninguna sección del grafo de leyes coincidió con ella.", OFFLINE_ES, NOTE_ES),
        (false, true) => {
            ("Las secciones de abajo tratan de ella, citadas como las tiene el grafo de leyes (en inglés).", OFFLINE_ES, NOTE_ES)
        }
    };
    Decision {
        verdict: Verdict::Unclear,
        confidence: 0.0,
        resolution: format!("{resolution} {found}"),
        citations,
        action_plan,
        dropped: Vec::new(),
        note: Some(note.into()),
    }
}

/// The decision as Markdown, the reply's text (and what "Save as note" keeps).
pub fn decision_markdown(claim: &str, decision: &Decision) -> String {
    decision_markdown_in(claim, decision, false)
}

/// The offline decision's own words ([`offline_decision_in`]).
const OFFLINE_EN: &str = "This app is offline: deciding whether the claim holds needs a language model to weigh the law against your facts, and none is set up (Settings → Model).";
const OFFLINE_ES: &str = "Esta aplicación está sin conexión: para decidir si la afirmación es cierta hace falta un modelo de lenguaje que compare la ley con sus hechos, y no hay ninguno configurado (Configuración → Modelo).";
const NOTE_EN: &str = "Offline: no language model decided this; nothing here is a verdict.";
const NOTE_ES: &str = "Sin conexión: ningún modelo de lenguaje decidió esto; nada de esto es un veredicto.";

/// [`decision_markdown`], the app's own words in Spanish when `spanish` (the claim, the law's
/// quotes and the model's words as they are).
pub fn decision_markdown_in(claim: &str, decision: &Decision, spanish: bool) -> String {
    let say = |en: &'static str, es: &'static str| if spanish { es } else { en };
    let mut out = format!(
        "**{}** {}\n\n**{}** ({} {:.0} %)\n\n{}\n",
        say("Claim:", "Afirmación:"),
        claim.trim(),
        decision.verdict.words_in(spanish),
        say("confidence", "confianza"),
        decision.confidence * 100.0,
        decision.resolution.trim()
    );
    if !decision.citations.is_empty() {
        out.push_str(say("\n**The law**\n", "\n**La ley**\n"));
        for c in &decision.citations {
            let kind = match (c.text_kind == "official", spanish) {
                (true, false) => "official text",
                (false, false) => "plain-language summary, not the statute's words",
                (true, true) => "texto oficial, en inglés",
                (false, true) => "resumen en lenguaje sencillo, no las palabras de la ley",
            };
            let words = if c.verbatim == Some(false) {
                say(
                    " — the model's words, not found in the section's text",
                    " — palabras del modelo, que no están en el texto de la sección",
                )
            } else {
                ""
            };
            out.push_str(&format!("- {} ({kind}): “{}”{words}\n", proseva_citation::label(&c.section), c.quote.trim()));
        }
    }
    if !decision.action_plan.is_empty() {
        out.push_str(say("\n**What to do**\n", "\n**Qué hacer**\n"));
        for (i, s) in decision.action_plan.iter().enumerate() {
            let when = s.by_when.as_ref().map(|d| format!(" — {} {d}", say("by", "a más tardar el"))).unwrap_or_default();
            let place = s.place.as_ref().map(|p| format!(" — {p}")).unwrap_or_default();
            out.push_str(&format!("{}. {}{when}{place}\n", i + 1, s.step.trim()));
        }
    }
    if let Some(note) = &decision.note {
        out.push_str(&format!("\n_{note}_\n"));
    }
    out.push_str(say("\nThis is legal information, not legal advice.", "\nEsto es información legal, no asesoría legal."));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision_json() -> Value {
        json!({
            "verdict": "not_supported", "confidence": 0.8, "resolution": "The landlord must itemise deductions.",
            "citations": [{"section": "§ 55.1-1226", "quote": "within 45 days", "textKind": "official"}],
            "action_plan": [{"step": "Write to the landlord", "by_when": "2030-01-02", "where": null}]
        })
    }

    #[test]
    fn in_spanish_the_decision_says_its_own_words_in_spanish_and_quotes_the_law_as_it_is() {
        let d = parse_decision(&decision_json().to_string()).unwrap();
        let (en, es) = (decision_markdown("c", &d), decision_markdown_in("c", &d, true));
        assert_eq!(en, decision_markdown_in("c", &d, false));
        assert!(es.contains("**La ley no respalda esta afirmación** (confianza 80 %)"), "{es}");
        assert!(es.contains("“within 45 days”") && es.contains("texto oficial, en inglés"), "{es}");
        assert!(es.contains("Qué hacer") && es.contains("a más tardar el 2030-01-02"), "{es}");
        for english in ["The law", "What to do", "Claim:", "confidence", "legal advice", " by "] {
            assert!(!es.contains(english), "{english} in {es}");
        }
        let digits = |t: &str| t.chars().filter(char::is_ascii_digit).collect::<String>();
        assert_eq!(digits(&en), digits(&es));
    }

    #[test]
    fn a_decision_is_read_from_a_fenced_reply_and_checked() {
        let d = parse_decision(&format!("Here it is:\n```json\n{}\n```", decision_json())).unwrap();
        assert_eq!((d.verdict, d.confidence, d.action_plan[0].by_when.as_deref()), (Verdict::NotSupported, 0.8, Some("2030-01-02")));
        assert_eq!(d.action_plan[0].place, None);
        for (change, says) in [
            (json!({"confidence": 1.5}), "between 0 and 1"),
            (json!({"verdict": "maybe"}), "does not fit"),
            (json!({"resolution": " "}), "`resolution` is empty"),
            (json!({"extra": 1}), "unknown property `extra`"),
            (json!({"action_plan": [{"step": "x", "by_when": "next Friday", "where": null}]}), "YYYY-MM-DD"),
        ] {
            let mut v = decision_json();
            for (k, x) in change.as_object().unwrap() {
                v[k] = x.clone();
            }
            let err = parse_decision(&v.to_string()).unwrap_err();
            assert!(err.contains(says), "{change}: {err}");
        }
        assert!(parse_decision("no json").unwrap_err().contains("no JSON object"));
        assert!(parse_decision("{\"verdict\": ").unwrap_err().contains("not closed"));
    }

    #[test]
    fn a_section_the_graph_lacks_is_dropped_and_lowers_the_confidence() {
        let mut d = parse_decision(&decision_json().to_string()).unwrap();
        d.citations.push(ClaimCitation {
            section: "55.1-9999".into(),
            quote: "made up".into(),
            text_kind: "official".into(),
            verbatim: None,
        });
        let verified = vec![VerifiedCitation {
            source_id: "55.1-1226".into(),
            node_id: 1,
            heading: None,
            url: None,
            text_kind: "summary".into(),
            label: "§ 55.1-1226".into(),
        }];
        let d = keep_verified(d, &verified, true);
        assert_eq!(d.citations.len(), 1);
        assert_eq!(
            (d.citations[0].section.as_str(), d.citations[0].text_kind.as_str()),
            ("55.1-1226", "summary"),
            "the graph's kind, not the model's"
        );
        assert_eq!(d.dropped, ["55.1-9999"]);
        assert!((d.confidence - 0.6).abs() < 1e-9);
        assert!(d.note.as_deref().unwrap().contains("§ 55.1-9999"));
    }

    #[test]
    fn a_quote_is_verbatim_only_when_its_words_are_in_the_section_text_seen() {
        let results = vec![ToolResult {
            tool: "get_node".into(),
            args: json!({}),
            ok: true,
            result: json!({"sourceId": "55.1-1226", "sourceText": "The landlord shall, within 45 days, return the deposit.", "textKind": "official"}),
        }];
        let mut d = parse_decision(&decision_json().to_string()).unwrap();
        d.citations[0].section = "55.1-1226".into();
        d.citations[0].quote = "within 45 days, return the deposit…".into();
        d.citations.push(ClaimCitation {
            section: "55.1-1226".into(),
            quote: "keeps everything".into(),
            text_kind: "official".into(),
            verbatim: None,
        });
        mark_verbatim(&mut d, &texts_seen(&results));
        assert_eq!(d.citations.iter().map(|c| c.verbatim).collect::<Vec<_>>(), [Some(true), Some(false)]);
        assert!(decision_markdown("c", &d).contains("“keeps everything” — the model's words, not found in the section's text"));
    }

    #[test]
    fn intent_reads_the_area_the_urgency_and_who_makes_the_claim() {
        let i = intent_of("The other side says I must move out of my apartment in 5 days", None);
        assert_eq!((i.area, i.urgency), ("housing", "urgent"));
        assert!(i.urgency_why.contains("5 days"));
        let deadlines = json!({"deadlines": [{"title": "Answer", "date": "2030-01-02", "daysUntil": 9, "done": false}]});
        let i = intent_of("My ex says I can't see the kids on weekends", Some(&deadlines));
        assert_eq!((i.area, i.urgency), ("family", "soon"));
        assert_eq!(made_by("My landlord can keep my whole deposit"), "your landlord");
        assert_eq!(days_named("in ten days"), Some(10));
        assert_eq!(days_named("within 48 hours"), Some(2));
        assert_eq!(days_named("in two weeks"), Some(14));
    }

    #[test]
    fn words_that_only_contain_a_cue_do_not_set_the_area() {
        // "parent" and "current" hold "rent", "please" holds "lease", "blocked" holds "lock",
        // "deposition" holds "deposit", "promotion" holds "motion", "reserved" holds "served".
        for claim in [
            "My parent says the will is valid",
            "Is the current version of the form the right one?",
            "Please tell me whether the contract is binding",
            "The bank blocked my account",
            "The deposition transcript is wrong",
            "My promotion was promised in writing",
            "The seat was reserved for me",
            "It is apparent that the contract was signed",
        ] {
            assert_eq!(intent_of(claim, None).area, "other", "{claim}");
        }
        assert_eq!(intent_of("My parenting time was cut to one weekend a month", None).area, "family");
        assert_eq!(intent_of("My worker's compensation claim was denied", None).area, "employment");
        assert_eq!(intent_of("The landlord's lawyer is leasing the unit and charging me", None).area, "housing");
        assert_eq!(made_by("Nobody can pay my expenses"), "not said", "\"my expenses\" is not \"my ex\"");
        assert_eq!(made_by("My ex's lawyer says I must sign"), "your former partner");
    }

    #[test]
    fn real_claims_of_each_area_are_read_by_their_words_and_forms() {
        for (area, claims) in [
            (
                "housing",
                [
                    "My landlord says he can keep my whole security deposit because I moved out two days early",
                    "They're evicting me for being late on rent",
                    "The landlord changed the locks while I was at work",
                ],
            ),
            (
                "family",
                [
                    "My ex says I can't see the kids on weekends",
                    "I don't have to pay child support if I lose my job",
                    "The parenting plan lets her take the children out of state",
                ],
            ),
            (
                "protective orders",
                [
                    "He threatened me and says a protective order will not stop him",
                    "My neighbor keeps stalking me and nobody can do anything",
                    "A restraining order runs out after two years no matter what",
                ],
            ),
            (
                "debt and consumer",
                [
                    "A debt collector can call me at work every day",
                    "They can garnish my whole paycheck",
                    "The dealer repossessed my car without any notice",
                ],
            ),
            (
                "employment",
                [
                    "My employer doesn't have to pay me overtime",
                    "I was fired for filing a workers' comp claim",
                    "I can't get unemployment because I quit",
                ],
            ),
            (
                "traffic and criminal",
                [
                    "A speeding ticket won't affect my license",
                    "The police can search my car after a DUI arrest",
                    "I was charged with reckless driving, so I lose my job",
                ],
            ),
            (
                "court procedure",
                [
                    "I missed the deadline to appeal, so there is nothing I can do",
                    "I was never served with the summons, so the default judgment stands",
                    "The court date can't be moved by a motion",
                ],
            ),
        ] {
            for claim in claims {
                assert_eq!(intent_of(claim, None).area, area, "{claim}");
            }
        }
    }
}
