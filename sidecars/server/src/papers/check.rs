//! The check before filing (`POST /api/papers/check`): a paper — one the app built, another
//! draft, or a case document such as a paper the other side filed — read against the case
//! record, the case's other papers, the deadline the paper must meet, the law graph, and (when
//! the person set a CourtListener token) CourtListener's citation look-up. Each finding names
//! what is wrong with both values; an empty list is only for a paper where nothing was found.
//!
//! Finding kinds: `party_name`, `case_number`, `court`, `other_paper`, `no_signature`,
//! `no_address`, `no_certificate`, `past_date`, `deadline`, `section_unknown`,
//! `section_version`, `section_unchecked`, `citation_not_found`, `citation_unknown_reporter`,
//! `citation_ambiguous`, `citation_not_checked`.
//!
//! Each finding's `message` and each `checked` line are said in the request's language
//! ([`check_in`]; [`check`] is English). `kind`, `found` and `expected` are data and stay as they
//! are; what is quoted from the paper, the record or the law graph (names, numbers, a section's
//! label, a notice) is kept as written inside a Spanish sentence.

use std::sync::LazyLock;

use chrono::NaiveDate;
use proseva_drafts::{BLANK, Paper};
use regex::Regex;
use rusqlite::Connection;
use serde::Serialize;
use serde_json::{Value, json};

use super::court::court_lines;
use super::{CertificateNeed, kind};
use crate::lang::Lang;
use crate::store::cases::{Case, Cases};
use crate::store::{ListFilter, Table, documents, drafts};
use crate::{ApiError, AppState};

/// One thing the person can act on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    pub kind: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
}

impl Finding {
    fn new(kind: &'static str, message: impl Into<String>) -> Self {
        Finding { kind, message: message.into(), found: None, expected: None }
    }

    fn values(mut self, found: impl Into<String>, expected: impl Into<String>) -> Self {
        self.found = Some(found.into());
        self.expected = Some(expected.into());
        self
    }
}

/// A case citation and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CitationResult {
    pub citation: String,
    /// `found`, `not_found`, `ambiguous`, `unknown_reporter` or `not_checked`.
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// What the check answers.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub findings: Vec<Finding>,
    /// What was looked at, in words ("the names in the caption against the case's parties").
    pub checked: Vec<String>,
    pub sections: Vec<String>,
    pub citations: Vec<CitationResult>,
    /// The paper's title.
    pub title: String,
}

/// What is being checked.
#[derive(Debug, Clone, Copy)]
pub enum Target {
    Draft(i64),
    Document(i64),
}

/// `draftId` or `documentId`, exactly one, read from a request body or a tool's arguments; what
/// is wrong is recorded in `f` (`documentId_from` says where a document's id comes from).
pub fn read_target(f: &mut crate::fields::Fields<'_>, document_id_from: &str) -> Option<Target> {
    match (f.id("draftId"), f.id("documentId")) {
        (Some(id), None) => Some(Target::Draft(id)),
        (None, Some(id)) => Some(Target::Document(id)),
        (Some(_), Some(_)) => {
            f.error("documentId", "give draftId or documentId, not both");
            None
        }
        (None, None) => {
            if !f.has("draftId") && !f.has("documentId") {
                f.error("draftId", format!("is required: the paper to check (draftId), or a case document (documentId{document_id_from})"));
            }
            None
        }
    }
}

/// The paper as read: its text, its structured parts when it is a paper draft, its case.
struct Read {
    title: String,
    text: String,
    paper: Option<Paper>,
    case: Option<Case>,
    own_draft: Option<i64>,
    other_papers: Vec<(String, Paper)>,
    /// A document the person did not write (the other side's): no signature or certificate duty.
    theirs: bool,
}

/// Checks a paper; the law graph and CourtListener are asked over the network. Never fails for
/// what the paper says, only for a paper or case that does not exist. In English; see
/// [`check_in`].
pub async fn check(state: &AppState, target: Target) -> Result<Report, ApiError> {
    check_in(state, target, Lang::En).await
}

/// [`check`], its findings' messages and what was checked said in `lang`.
pub async fn check_in(state: &AppState, target: Target, lang: Lang) -> Result<Report, ApiError> {
    let es = lang == Lang::Es;
    let read = state.blocking(move |s| s.store.read(|c| read(c, target))).await?;
    let today = chrono::Local::now().date_naive();
    let mut findings = Vec::new();
    let mut checked = Vec::new();
    record_checks(&read, today, lang, &mut findings, &mut checked);
    let sections =
        proseva_citation::find_citations(&read.text).into_iter().map(|c| c.reference.source_id()).fold(Vec::new(), |mut all, s| {
            if !all.contains(&s) {
                all.push(s);
            }
            all
        });
    if !sections.is_empty() {
        checked.push(match (es, sections.len()) {
            (false, n) => format!("{n} section citation(s) against the Virginia law graph"),
            (true, 1) => "1 cita de una sección, comparada con el grafo de leyes de Virginia".to_string(),
            (true, n) => format!("{n} citas de secciones, comparadas con el grafo de leyes de Virginia"),
        });
    }
    for section in sections.iter().take(50) {
        let label = section_label(section, lang);
        match state.law_graph.version(section).await {
            Ok(None) => findings.push(
                Finding::new(
                    "section_unknown",
                    if es {
                        format!(
                            "{label} no está en el grafo de leyes de Virginia: revise el número (puede estar mal escrito o no existir)."
                        )
                    } else {
                        format!("{label} is not in the Virginia law graph: check the number (it may be mistyped or not exist).")
                    },
                )
                .values(
                    proseva_citation::label(section),
                    if es { "una sección del Código de Virginia" } else { "a section of the Code of Virginia" },
                ),
            ),
            Ok(Some(Some(notice))) => findings.push(Finding::new(
                "section_version",
                if es {
                    format!("{label}: {notice} Asegúrese de que el papel se base en la versión vigente en la fecha del papel.")
                } else {
                    format!("{label}: {notice} Make sure the paper relies on the version in force on its date.")
                },
            )),
            Ok(Some(None)) => {}
            Err(e) => findings.push(Finding::new(
                "section_unchecked",
                if es {
                    format!(
                        "{label} no se pudo revisar en el grafo de leyes de Virginia; revísela a mano (detalle técnico, en inglés: {e})."
                    )
                } else {
                    format!("{label} could not be checked against the law graph ({e}); check it by hand.")
                },
            )),
        }
    }
    let citations = case_citations(state, &read.text, lang, &mut findings).await;
    if !citations.is_empty() {
        checked.push(match (es, citations.len()) {
            (false, n) => format!("{n} case citation(s)"),
            (true, 1) => "1 cita de un caso".to_string(),
            (true, n) => format!("{n} citas de casos"),
        });
    }
    Ok(Report { findings, checked, sections, citations, title: read.title })
}

/// A section's label in `lang`: `§ 8.01-271.1` in both; the Constitution's sections named in
/// Spanish ("Constitución de Virginia, artículo I, sección 12").
fn section_label(section: &str, lang: Lang) -> String {
    if lang == Lang::Es
        && let Some((article, number)) = section.strip_prefix("const-").and_then(|rest| rest.split_once('-'))
        && proseva_citation::label(section).starts_with("Constitution of Virginia")
    {
        return format!("Constitución de Virginia, artículo {article}, sección {number}");
    }
    proseva_citation::label(section)
}

fn read(c: &Connection, target: Target) -> Result<Read, ApiError> {
    let (title, text, paper, case_id, own_draft, theirs) = match target {
        Target::Draft(id) => {
            let stored = drafts::get(c, id, None)?.ok_or_else(|| ApiError::not_found("draft", id))?;
            let paper = (stored.kind == "paper").then(|| Paper::from_content(&stored.content).ok()).flatten();
            let text = match &paper {
                Some(p) => p.texts().iter().map(|(_, t)| *t).collect::<Vec<_>>().join("\n"),
                None => stored.content.clone(),
            };
            (stored.title, text, paper, stored.case_id, Some(id), false)
        }
        Target::Document(id) => {
            let document = documents::get(c, id)?.ok_or_else(|| ApiError::not_found("document", id))?;
            let (_, text) = documents::text(c, id)?.unwrap_or_default();
            if text.trim().is_empty() {
                return Err(ApiError::field(
                    "documentId",
                    format!("document {id} ({}) has no text to check yet (a scan still being read, or an image)", document.title),
                ));
            }
            let drafted = document.kind == crate::drafting::DOCUMENT_KIND;
            (document.title, text, None, document.case_id, None, !drafted)
        }
    };
    let case = case_id.map(|id| Cases::get(c, id)).transpose()?.flatten();
    let mut other_papers = Vec::new();
    if let Some(case_id) = case_id {
        for summary in drafts::list(c, &ListFilter::for_case(Some(case_id)))?.items {
            if summary.kind != "paper" || Some(summary.id) == own_draft {
                continue;
            }
            if let Some(stored) = drafts::get(c, summary.id, None)?
                && let Ok(p) = Paper::from_content(&stored.content)
            {
                other_papers.push((stored.title, p));
            }
        }
    }
    Ok(Read { title, text, paper, case, own_draft, other_papers, theirs })
}

/// Names, case number, court, other papers, signature, certificate, dates and deadlines.
fn record_checks(read: &Read, today: NaiveDate, lang: Lang, findings: &mut Vec<Finding>, checked: &mut Vec<String>) {
    let es = lang == Lang::Es;
    // English, or Spanish when the request is Spanish.
    let say = |en: &str, spanish: &str| if es { spanish.to_string() } else { en.to_string() };
    let Some(case) = &read.case else {
        findings.push(Finding::new(
            "case_number",
            say(
                "This paper belongs to no case, so its names, number and court could not be compared with a case record.",
                "Este papel no pertenece a ningún caso, así que sus nombres, su número de caso y su tribunal no se pudieron comparar con el expediente de un caso.",
            ),
        ));
        return;
    };
    let parties: Vec<&str> = case.parties.iter().map(|p| p.name.trim()).filter(|n| !n.is_empty()).collect();
    let number = case.case_number.as_deref().map(str::trim).filter(|n| !n.is_empty());
    match &read.paper {
        Some(paper) => {
            checked.push(say(
                "the names in the caption against the case's parties",
                "los nombres del encabezado del caso, comparados con las partes del caso",
            ));
            if let Some(caption) = &paper.caption {
                for p in caption.first.iter().chain(&caption.second) {
                    let name = p.name.trim();
                    if name == BLANK || name == "Commonwealth of Virginia" {
                        if name == BLANK {
                            findings.push(Finding::new(
                                "party_name",
                                say(
                                    "A party's name in the caption is blank: write it in, or add the party to the case.",
                                    "El nombre de una parte está en blanco en el encabezado del caso: escríbalo, o agregue esa parte al caso.",
                                ),
                            ));
                        }
                        continue;
                    }
                    if !parties.iter().any(|q| same_name(q, name)) {
                        let closest = parties.iter().min_by_key(|q| distance(&fold(q), &fold(name))).copied();
                        let message = match (closest, es) {
                            (Some(q), false) => format!("The caption names \"{name}\", but the case's parties have \"{q}\"."),
                            (None, false) => format!("The caption names \"{name}\", who is not among the case's parties."),
                            (Some(q), true) => format!("El encabezado del caso nombra a «{name}», pero las partes del caso tienen «{q}»."),
                            (None, true) => format!("El encabezado del caso nombra a «{name}», que no está entre las partes del caso."),
                        };
                        let any_party = if es { "una parte del caso" } else { "a party of the case" };
                        findings.push(Finding::new("party_name", message).values(name, closest.unwrap_or(any_party)));
                    }
                }
                checked.push(say(
                    "the case number in the caption against the case record",
                    "el número de caso del encabezado del caso, comparado con el expediente del caso",
                ));
                match (number, caption.number.trim()) {
                    (Some(expected), found) if !found.is_empty() && norm_number(found) != norm_number(expected) => {
                        findings.push(
                            Finding::new(
                                "case_number",
                                if es {
                                    format!("El número de caso del encabezado del caso es {found}, pero el expediente del caso tiene {expected}.")
                                } else {
                                    format!("The caption's case number is {found}, but the case record has {expected}.")
                                },
                            )
                            .values(found, expected),
                        );
                    }
                    (_, "") => findings.push(Finding::new(
                        "case_number",
                        say(
                            "The caption has no case number: write it in (it is on the summons or the court's papers).",
                            "El encabezado del caso no tiene número de caso: escríbalo (está en el citatorio o en los papeles del tribunal).",
                        ),
                    )),
                    _ => {}
                }
            }
            if !paper.court.is_empty() {
                checked.push(say(
                    "the court in the heading against the case's court",
                    "el tribunal nombrado arriba del papel, comparado con el tribunal del caso",
                ));
                let (expected, found_all) = court_lines(case.court.as_deref());
                if found_all && paper.court.last() != expected.last() {
                    findings.push(
                        Finding::new(
                            "court",
                            say(
                                "The court named at the top is not the case's court.",
                                "El tribunal nombrado arriba del papel no es el tribunal del caso.",
                            ),
                        )
                        .values(paper.court.join(" "), expected.join(" ")),
                    );
                }
            }
            checked.push(say("the signature block", "el bloque de firma"));
            if paper.signature.address.is_empty() {
                findings.push(Finding::new(
                    "no_address",
                    say(
                        "The signature block has no address: a party without a lawyer must state their address (Code of Virginia § 8.01-271.1).",
                        "El bloque de firma no tiene dirección: una parte sin abogado debe dar su dirección (Código de Virginia § 8.01-271.1).",
                    ),
                ));
            }
            if let Some(k) = kind(&paper.paper) {
                // The same paper in the catalogue of the request's language: its title and what
                // its time limit is about, in that language.
                let words = super::kind_in(&paper.paper, lang).unwrap_or(k);
                checked.push(say("the certificate of service", "el certificado de notificación"));
                if k.certificate == CertificateNeed::Required && paper.certificate.is_none() {
                    findings.push(Finding::new(
                        "no_certificate",
                        if es {
                            format!("{} necesita un certificado de notificación: la otra parte debe recibir una copia.", words.title)
                        } else {
                            format!("{} needs a certificate of service: the other side must get a copy.", k.title)
                        },
                    ));
                }
                if let Some(d) = &k.deadline {
                    checked.push(if es { format!("el plazo del § {}", d.section) } else { format!("the time limit of § {}", d.section) });
                    if let Some(from) = dates_in(&paper.paragraphs.join(" ")).into_iter().next() {
                        let last = from + chrono::Duration::days(d.days);
                        if today > last {
                            let about = words.deadline.as_ref().map_or(d.about.as_str(), |w| w.about.as_str());
                            findings.push(
                                Finding::new(
                                    "deadline",
                                    if es {
                                        format!(
                                            "Si se presenta hoy, este papel no cumple su plazo: {about} (§ {}), así que el último día fue el {}.",
                                            d.section,
                                            lang.date(last)
                                        )
                                    } else {
                                        format!(
                                            "Filed today, this paper misses its time limit: {} (§ {}), so the last day was {}.",
                                            d.about,
                                            d.section,
                                            super::build::long_date(last)
                                        )
                                    },
                                )
                                .values(
                                    if es { lang.date(today) } else { super::build::long_date(today) },
                                    if es {
                                        format!("el {} o antes", lang.date(last))
                                    } else {
                                        format!("on or before {}", super::build::long_date(last))
                                    },
                                ),
                            );
                        }
                    }
                }
            }
            for (title, other) in &read.other_papers {
                compare_papers(paper, title, other, lang, findings);
            }
            if !read.other_papers.is_empty() {
                checked.push(match (es, read.other_papers.len()) {
                    (false, n) => format!("the names and number against the case's {n} other paper(s)"),
                    (true, 1) => "los nombres y el número de caso, comparados con 1 papel más del caso".to_string(),
                    (true, n) => format!("los nombres y el número de caso, comparados con {n} papeles más del caso"),
                });
            }
        }
        None => text_checks(read, case, &parties, number, lang, findings, checked),
    }
    // A hearing date that has passed: "hearing on <date>" in the paper's words.
    checked.push(say("hearing dates", "las fechas de audiencia"));
    for date in hearing_dates(&read.text) {
        if date < today {
            let message = if es {
                format!("El papel habla de una audiencia el {}, y esa fecha ya pasó.", lang.date(date))
            } else {
                format!("The paper speaks of a hearing on {}, which has passed.", super::build::long_date(date))
            };
            findings.push(Finding::new("past_date", message).values(
                if es { lang.date(date) } else { super::build::long_date(date) },
                if es {
                    format!("una fecha posterior al {}", lang.date(today))
                } else {
                    format!("a date after {}", super::build::long_date(today))
                },
            ));
        }
    }
    let _ = read.own_draft;
}

/// A paper that is not a paper draft: the names and case number read from its words.
fn text_checks(
    read: &Read,
    case: &Case,
    parties: &[&str],
    number: Option<&str>,
    lang: Lang,
    findings: &mut Vec<Finding>,
    checked: &mut Vec<String>,
) {
    let es = lang == Lang::Es;
    let say = |en: &str, spanish: &str| if es { spanish.to_string() } else { en.to_string() };
    checked.push(say("the case's parties' names in the text", "los nombres de las partes del caso en el texto"));
    let words: Vec<&str> = read.text.split_whitespace().collect();
    for party in parties {
        let n = party.split_whitespace().count().max(1);
        let target = fold(party);
        if words.windows(n).any(|w| fold(&w.join(" ")) == target) {
            continue;
        }
        // A near miss: a run of as many words, close in spelling.
        let limit = (target.chars().count() / 6).clamp(1, 3);
        let near = words
            .windows(n)
            .map(|w| w.join(" "))
            .map(|w| (distance(&fold(&w), &target), w))
            .filter(|(d, _)| *d > 0 && *d <= limit)
            .min_by_key(|(d, _)| *d);
        if let Some((_, found)) = near {
            let found = found.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
            let message = if es {
                format!("El papel escribe «{found}» donde la parte del caso es «{party}».")
            } else {
                format!("The paper writes \"{found}\" where the case's party is \"{party}\".")
            };
            findings.push(Finding::new("party_name", message).values(found, *party));
        }
    }
    checked.push(say(
        "case numbers in the text against the case record",
        "los números de caso del texto, comparados con el expediente del caso",
    ));
    if let Some(expected) = number {
        for found in case_numbers(&read.text) {
            if norm_number(&found) != norm_number(expected) {
                let message = if es {
                    format!("El papel da el número de caso {found}, pero el expediente del caso tiene {expected}.")
                } else {
                    format!("The paper gives case number {found}, but the case record has {expected}.")
                };
                findings.push(Finding::new("case_number", message).values(found, expected));
            }
        }
    }
    if !read.theirs {
        checked.push(say("the signature block", "el bloque de firma"));
        let lower = read.text.to_lowercase();
        if !(lower.contains("respectfully submitted") || lower.contains("signature") || read.text.contains("____") || lower.contains("/s/"))
        {
            findings.push(Finding::new(
                "no_signature",
                say(
                    "No signature block was found: sign the paper and state your address (Code of Virginia § 8.01-271.1).",
                    "No se encontró un bloque de firma: firme el papel y dé su dirección (Código de Virginia § 8.01-271.1).",
                ),
            ));
        }
        if lower.contains("motion") && !lower.contains("certif") {
            findings.push(Finding::new(
                "no_certificate",
                say(
                    "No certificate of service was found: if the other side must get a copy, say when and how they got it.",
                    "No se encontró un certificado de notificación: si la otra parte debe recibir una copia, diga cuándo y cómo la recibió.",
                ),
            ));
        }
    }
    let _ = case;
}

fn compare_papers(paper: &Paper, title: &str, other: &Paper, lang: Lang, findings: &mut Vec<Finding>) {
    let es = lang == Lang::Es;
    let (Some(a), Some(b)) = (&paper.caption, &other.caption) else { return };
    if !a.number.trim().is_empty() && !b.number.trim().is_empty() && norm_number(&a.number) != norm_number(&b.number) {
        let message = if es {
            format!("El número de caso no es el mismo que el de su papel «{title}».")
        } else {
            format!("The case number differs from your paper \"{title}\".")
        };
        findings.push(Finding::new("other_paper", message).values(a.number.trim(), b.number.trim()));
    }
    for p in a.first.iter().chain(&a.second) {
        let name = p.name.trim();
        if name == BLANK {
            continue;
        }
        let theirs: Vec<&str> = b.first.iter().chain(&b.second).map(|q| q.name.trim()).filter(|q| *q != BLANK).collect();
        if !theirs.iter().any(|q| same_name(q, name))
            && let Some(q) = theirs.iter().min_by_key(|q| distance(&fold(q), &fold(name))).filter(|q| distance(&fold(q), &fold(name)) <= 3)
        {
            let message = if es {
                format!("«{name}» está escrito «{q}» en su papel «{title}».")
            } else {
                format!("\"{name}\" is written \"{q}\" in your paper \"{title}\".")
            };
            findings.push(Finding::new("other_paper", message).values(name, *q));
        }
    }
}

/// Case citations (`576 U.S. 644`, `301 Va. 100`, `78 Va. App. 1`, `880 S.E.2d 1`, `F.3d`, …):
/// looked up on CourtListener when a token is set, else marked not checked.
async fn case_citations(state: &AppState, text: &str, lang: Lang, findings: &mut Vec<Finding>) -> Vec<CitationResult> {
    let es = lang == Lang::Es;
    let found = find_case_citations(text);
    if found.is_empty() {
        return Vec::new();
    }
    let answer = match state.citation_lookup.tool() {
        Some(tool) => {
            let passage: String = found.join("; ");
            Some(tool.call(json!({ "text": passage })).await)
        }
        None => None,
    };
    let mut results: Vec<CitationResult> = Vec::new();
    match answer {
        Some(Ok(value)) => {
            for hit in value["results"].as_array().cloned().unwrap_or_default() {
                let citation = hit["citation"].as_str().unwrap_or_default().to_string();
                let status = hit["status"].as_str().unwrap_or("unknown").to_string();
                if results.iter().any(|r| r.citation == citation && r.status == status) {
                    continue;
                }
                results.push(CitationResult {
                    citation,
                    status,
                    case_name: hit["title"].as_str().map(str::to_string),
                    url: hit["url"].as_str().map(str::to_string),
                });
            }
            // A citation CourtListener did not list is one it did not read as a citation.
            for c in &found {
                if !results.iter().any(|r| same_citation(&r.citation, c)) {
                    results.push(CitationResult { citation: c.clone(), status: "not_found".into(), case_name: None, url: None });
                }
            }
        }
        other => {
            let why = match (other, es) {
                (Some(Err(e)), false) => format!("CourtListener could not be asked ({e})"),
                (Some(Err(e)), true) => format!("no se pudo consultar CourtListener (detalle técnico, en inglés: {e})"),
                (_, false) => "no CourtListener token is set (Settings → Research keys)".into(),
                (_, true) => "no hay un token de CourtListener guardado (Configuración → Servicios de investigación)".into(),
            };
            for c in &found {
                results.push(CitationResult { citation: c.clone(), status: "not_checked".into(), case_name: None, url: None });
                let message = if es {
                    format!("{c}: no se revisó, porque {why}. Revísela antes de confiar en ella.")
                } else {
                    format!("{c}: not checked, because {why}. Check it before you rely on it.")
                };
                findings.push(Finding::new("citation_not_checked", message));
            }
            return results;
        }
    }
    for r in &results {
        let c = &r.citation;
        let message = match (r.status.as_str(), es) {
            ("not_found", false) => {
                Some(("citation_not_found", format!("{c}: CourtListener has no case at this citation — it may be mistyped or made up.")))
            }
            ("not_found", true) => Some((
                "citation_not_found",
                format!("{c}: CourtListener no tiene ningún caso con esta cita; puede estar mal escrita o ser inventada."),
            )),
            ("unknown_reporter", false) => {
                Some(("citation_unknown_reporter", format!("{c}: the reporter is not one CourtListener knows.")))
            }
            ("unknown_reporter", true) => {
                Some(("citation_unknown_reporter", format!("{c}: CourtListener no conoce la colección de casos que nombra esta cita.")))
            }
            ("ambiguous", false) => {
                Some(("citation_ambiguous", format!("{c}: more than one case has this citation; give the case name too.")))
            }
            ("ambiguous", true) => {
                Some(("citation_ambiguous", format!("{c}: más de un caso tiene esta cita; escriba también el nombre del caso.")))
            }
            ("not_checked", false) => {
                Some(("citation_not_checked", format!("{c}: CourtListener did not look this one up; check it by hand.")))
            }
            ("not_checked", true) => Some(("citation_not_checked", format!("{c}: CourtListener no buscó esta cita; revísela a mano."))),
            _ => None,
        };
        if let Some((kind, message)) = message {
            findings.push(
                Finding::new(kind, message)
                    .values(r.citation.clone(), if es { "la cita de un caso real" } else { "a citation of a real case" }),
            );
        }
    }
    results
}

/// CourtListener's citation look-up (`lookup_citation`), when a token is set
/// (`COURTLISTENER_API_TOKEN`, and `COURTLISTENER_BASE_URL` for another host); built on first use.
pub struct CitationLookup {
    config: proseva_agent::tools::research::ResearchConfig,
    tool: std::sync::OnceLock<Option<std::sync::Arc<dyn proseva_agent::tool::Tool>>>,
}

impl std::fmt::Debug for CitationLookup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CitationLookup").field("configured", &self.config.courtlistener_token.is_some()).finish()
    }
}

impl CitationLookup {
    pub fn from_env() -> Self {
        Self::new(proseva_agent::tools::research::ResearchConfig::from_env())
    }

    /// With these research settings (a stand-in's address and token in tests).
    pub fn new(config: proseva_agent::tools::research::ResearchConfig) -> Self {
        CitationLookup { config, tool: std::sync::OnceLock::new() }
    }

    fn tool(&self) -> Option<&std::sync::Arc<dyn proseva_agent::tool::Tool>> {
        self.tool
            .get_or_init(|| {
                self.config.courtlistener_token.as_ref()?;
                const USER_AGENT: &str = concat!("proseva-server/", env!("CARGO_PKG_VERSION"));
                let web = proseva_http::client_builder(USER_AGENT).build().ok()?;
                proseva_agent::tools::research::research_tools(&self.config, web).into_iter().find(|t| t.name() == "lookup_citation")
            })
            .as_ref()
    }
}

static CASE_CITATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(\d{1,4})\s+(Va\.\s?App\.|Va\.|S\.E\.\s?[23]d|S\.E\.|U\.S\.|S\.\s?Ct\.|L\.\s?Ed\.\s?2d|F\.\s?[234]th|F\.\s?[23]d|F\.\s?Supp\.\s?[23]d|F\.\s?Supp\.|Va\.\s?Cir\.)\s+(\d{1,5})\b",
    )
    .expect("a valid pattern")
});

/// The case citations in `text`, once each, as written (spaces made single).
pub fn find_case_citations(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for m in CASE_CITATION.captures_iter(text) {
        let citation = format!("{} {} {}", &m[1], m[2].split_whitespace().collect::<Vec<_>>().join(" "), &m[3]);
        if !out.contains(&citation) {
            out.push(citation);
        }
    }
    out
}

fn same_citation(a: &str, b: &str) -> bool {
    let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
    squash(a) == squash(b)
}

static CASE_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bcase\s*(?:no\.?|number|#)\s*:?\s*([A-Z]{0,3}\d[A-Z0-9\-]{2,30})").expect("a valid pattern"));

fn case_numbers(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for m in CASE_NUMBER.captures_iter(text) {
        let n = m[1].trim_end_matches(['-', '.']).to_string();
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

fn norm_number(n: &str) -> String {
    n.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_uppercase()
}

static LONG_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2}),\s+(\d{4})\b")
        .expect("a valid pattern")
});
static NUMERIC_DATE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})/(\d{1,2})/(\d{4})\b").expect("a valid pattern"));

/// The dates in `text`, in order (`December 3, 2026`, `2026-12-03`, `12/3/2026`).
fn dates_in(text: &str) -> Vec<NaiveDate> {
    let mut found: Vec<(usize, NaiveDate)> = Vec::new();
    for m in LONG_DATE.captures_iter(text) {
        if let Ok(d) = NaiveDate::parse_from_str(&format!("{} {} {}", &m[1], &m[2], &m[3]), "%B %d %Y") {
            found.push((m.get(0).map_or(0, |g| g.start()), d));
        }
    }
    for m in NUMERIC_DATE.captures_iter(text) {
        let d = match (m.get(1), m.get(4)) {
            (Some(y), _) => NaiveDate::from_ymd_opt(y.as_str().parse().unwrap_or(0), m[2].parse().unwrap_or(0), m[3].parse().unwrap_or(0)),
            (None, Some(mo)) => {
                NaiveDate::from_ymd_opt(m[6].parse().unwrap_or(0), mo.as_str().parse().unwrap_or(0), m[5].parse().unwrap_or(0))
            }
            _ => None,
        };
        if let Some(d) = d {
            found.push((m.get(0).map_or(0, |g| g.start()), d));
        }
    }
    found.sort_by_key(|(at, _)| *at);
    found.into_iter().map(|(_, d)| d).collect()
}

/// Dates the paper gives for a hearing: a date within 80 characters after "hearing" or "trial".
fn hearing_dates(text: &str) -> Vec<NaiveDate> {
    // ASCII lower case keeps every byte where it was, so offsets found in it fit `text`.
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    for word in ["hearing", "trial", "court date"] {
        let mut from = 0;
        while let Some(at) = lower[from..].find(word) {
            let start = from + at;
            let mut end = (start + word.len() + 80).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            if let Some(d) = dates_in(&text[start..end]).into_iter().next()
                && !out.contains(&d)
            {
                out.push(d);
            }
            from = start + word.len();
        }
    }
    out
}

/// Names compared as people write them: case, accents and spacing aside… but never accents
/// alone: "Nguyen" for "Nguyễn" is a finding only when nothing else matches.
fn same_name(a: &str, b: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    let norm = |s: &str| s.nfc().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    norm(a) == norm(b)
}

/// Lower case, NFC, single spaces, punctuation at the ends of words removed.
fn fold(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    s.nfc()
        .collect::<String>()
        .to_lowercase()
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| c.is_ascii_punctuation()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Levenshtein distance over characters (names are short).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            current[j + 1] = (previous[j] + usize::from(ca != *cb)).min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

/// For tests and the tool: the report as JSON.
pub fn to_value(report: &Report) -> Value {
    serde_json::to_value(report).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_citations_dates_and_numbers_are_read_as_written() {
        assert_eq!(
            find_case_citations(
                "See Obergefell, 576 U.S. 644 (2015); Smith v. Jones, 301 Va. 100, 880 S.E.2d 1; 78 Va. App. 12; 999 Va. Foo 1."
            ),
            ["576 U.S. 644", "301 Va. 100", "880 S.E.2d 1", "78 Va. App. 12"]
        );
        assert_eq!(
            dates_in("On December 3, 2026 and 2026-01-05 and 2/9/2027."),
            [
                NaiveDate::from_ymd_opt(2026, 12, 3).unwrap(),
                NaiveDate::from_ymd_opt(2026, 1, 5).unwrap(),
                NaiveDate::from_ymd_opt(2027, 2, 9).unwrap()
            ]
        );
        assert_eq!(hearing_dates("set for a hearing on March 1, 2020. Born May 5, 1990."), [NaiveDate::from_ymd_opt(2020, 3, 1).unwrap()]);
        assert_eq!(case_numbers("Case No. GV26-001234, and case number: JJ123456-01-00."), ["GV26-001234", "JJ123456-01-00"]);
        assert_eq!(norm_number("gv26 001234"), norm_number("GV26-001234"));
        assert_eq!(distance("nguyễn thị lan", "nguyễn thi lan"), 1);
        assert!(same_name("Nguyễn  Thị Lan", "nguyễn thị lan"));
        assert!(hearing_dates("hearing ễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễễ").is_empty());
    }
}
