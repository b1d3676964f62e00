//! The case's Proof view (`GET /api/cases/{id}/proof`) and the links behind it (`PUT
//! /api/cases/{id}/proof/links`, the assistant's `link_evidence`).
//!
//! Each element of the case's kind gets the records linked to it and, from their kinds, which of
//! the element's kinds of evidence they cover: `shown` when every kind has a record, `partly` when
//! some, `nothing` when none; `missing` is the plain sentence of each kind not covered. That is a
//! count of what the person has, never a judgement of what it proves or of who will win. A link
//! whose record has since moved to another case is left out of the view (and the count).
//!
//! The view is written in the request's language ([`case_proof_in`]): the kind's Spanish book
//! (`proof/<kind>.es.json`) and the sentences this module writes; ids, statuses, sections, dates
//! and the person's own records are the same in both.

use chrono::NaiveDate;
use rusqlite::Connection;
use serde::Serialize;
use serde_json::Value;

use super::{Check, Element, KindBook, RECORD_KINDS, Side};
use crate::ApiError;
use crate::fields::Fields;
use crate::lang::Lang;
use crate::store::Table;
use crate::store::cases::{Case, Cases};
use crate::store::proof_links::{self, MAX_NOTE_CHARS, ProofLink};

/// What the window says under the counts, every time.
pub const CAVEAT: &str = "This shows which of your records you have matched to what the court must find. It does not say \
     whether the judge will find it shown: the judge weighs the evidence of both sides and decides.";

/// [`CAVEAT`] in Spanish.
pub const CAVEAT_ES: &str = "Esto muestra cuáles de sus registros usted vinculó a lo que el tribunal debe comprobar. No dice \
     si el juez lo dará por probado: el juez pesa las pruebas de ambas partes y decide.";

/// [`CAVEAT`] in `lang`.
pub fn caveat(lang: Lang) -> &'static str {
    match lang {
        Lang::En => CAVEAT,
        Lang::Es => CAVEAT_ES,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Shown,
    Partly,
    Nothing,
}

/// A record linked to an element, as the view shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    pub record_kind: String,
    pub record_id: i64,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The date is the day a document was added, not one it shows.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub date_is_added: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The element's kinds of evidence this record's kind can show.
    pub covers: Vec<String>,
    pub created_by: String,
}

/// The count a notice element's check makes from the person's dates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodCount {
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// Days from `from` to `to`.
    pub days: i64,
    /// The period the law gave on `from`.
    pub period: i64,
    pub section: String,
    /// `to` came before the period had run out.
    pub short: bool,
}

/// One element of the case's Proof view.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElementProof {
    pub id: String,
    pub side: Side,
    pub title: String,
    pub plain: String,
    pub sections: Vec<String>,
    pub status: Status,
    pub missing: Vec<String>,
    pub links: Vec<LinkView>,
    /// What the element's check read from the person's dates, in sentences.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dates: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<PeriodCount>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub shown: usize,
    pub partly: usize,
    pub nothing: usize,
}

/// `GET /api/cases/{id}/proof`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CaseProof {
    pub case_id: i64,
    pub kind: Option<String>,
    pub title: Option<String>,
    pub person: Option<String>,
    pub other_side: Option<String>,
    pub claim_heading: Option<String>,
    pub defence_heading: Option<String>,
    pub elements: Vec<ElementProof>,
    pub counts: Counts,
    pub caveat: &'static str,
    /// Why there are no elements, when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// The case's Proof view.
pub fn case_proof(c: &Connection, case_id: i64) -> Result<CaseProof, ApiError> {
    case_proof_in(c, case_id, Lang::En)
}

/// The case's Proof view in `lang`.
pub fn case_proof_in(c: &Connection, case_id: i64, lang: Lang) -> Result<CaseProof, ApiError> {
    let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::not_found("case", case_id))?;
    proof_of_in(c, &case, lang)
}

/// The Proof view of a case already read.
pub fn proof_of(c: &Connection, case: &Case) -> Result<CaseProof, ApiError> {
    proof_of_in(c, case, Lang::En)
}

/// The Proof view of a case already read, in `lang`.
pub fn proof_of_in(c: &Connection, case: &Case, lang: Lang) -> Result<CaseProof, ApiError> {
    let case_id = case.id;
    let Some(book) = case.kind.as_deref().and_then(|kind| super::book_in(kind, lang)) else {
        return Ok(CaseProof {
            case_id,
            kind: None,
            title: None,
            person: None,
            other_side: None,
            claim_heading: None,
            defence_heading: None,
            elements: Vec::new(),
            counts: Counts::default(),
            caveat: caveat(lang),
            message: Some(
                match lang {
                    Lang::En => "Choose what kind of case this is (Case → Step by step) to see what the court must find in it.",
                    Lang::Es => "Elija qué tipo de caso es este (Caso → Paso a paso) para ver lo que el tribunal debe comprobar en él.",
                }
                .into(),
            ),
        });
    };
    let mut links: Vec<(ProofLink, LinkView)> = Vec::new();
    for link in proof_links::list(c, case_id)? {
        let Some(info) = proof_links::record(c, &link.record_kind, link.record_id)? else { continue };
        if info.case_id != Some(case_id) {
            continue;
        }
        let view = LinkView {
            record_kind: link.record_kind.clone(),
            record_id: link.record_id,
            label: info.label,
            date: info.date,
            date_is_added: info.date_is_added,
            note: link.note.clone(),
            covers: Vec::new(),
            created_by: link.created_by.clone(),
        };
        links.push((link, view));
    }
    let mut counts = Counts::default();
    let mut elements = Vec::new();
    for element in &book.elements {
        let mut mine: Vec<LinkView> = Vec::new();
        for (link, view) in &links {
            if link.element_id != element.id {
                continue;
            }
            let mut view = view.clone();
            view.covers =
                element.evidence_kinds.iter().filter(|k| k.record_kinds.contains(&link.record_kind)).map(|k| k.id.clone()).collect();
            mine.push(view);
        }
        let missing: Vec<String> =
            element.evidence_kinds.iter().filter(|k| !mine.iter().any(|l| l.covers.contains(&k.id))).map(|k| k.missing.clone()).collect();
        let status = if missing.is_empty() {
            Status::Shown
        } else if missing.len() < element.evidence_kinds.len() {
            Status::Partly
        } else {
            Status::Nothing
        };
        match status {
            Status::Shown => counts.shown += 1,
            Status::Partly => counts.partly += 1,
            Status::Nothing => counts.nothing += 1,
        }
        let (dates, period) = match &element.check {
            Some(check) => count_period(case, book, check, &links, lang),
            None => (Vec::new(), None),
        };
        elements.push(ElementProof {
            id: element.id.clone(),
            side: element.side,
            title: element.title.clone(),
            plain: element.plain.clone(),
            sections: element.sections.clone(),
            status,
            missing,
            links: mine,
            dates,
            period,
        });
    }
    Ok(CaseProof {
        case_id,
        kind: Some(book.kind.clone()),
        title: Some(book.title.clone()),
        person: Some(book.person.clone()),
        other_side: Some(book.other_side.clone()),
        claim_heading: Some(book.claim_heading.clone()),
        defence_heading: Some(book.defence_heading.clone()),
        elements,
        counts,
        caveat: caveat(lang),
        message: None,
    })
}

/// The first date a check reads: the path's date when the person entered it, else the earliest
/// dated timeline event linked to the element.
fn date_of(case: &Case, end: &super::DateFrom, links: &[(ProofLink, LinkView)]) -> Option<NaiveDate> {
    if let Some(key) = &end.path_date
        && let Some(day) = case.path_dates.get(key).and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
    {
        return Some(day);
    }
    links
        .iter()
        .filter(|(l, _)| l.element_id == end.element && l.record_kind == "timeline")
        .filter_map(|(_, v)| v.date.as_deref().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()))
        .min()
}

fn count_period(
    case: &Case,
    book: &KindBook,
    check: &Check,
    links: &[(ProofLink, LinkView)],
    lang: Lang,
) -> (Vec<String>, Option<PeriodCount>) {
    let title_of = |id: &str| book.elements.iter().find(|e| e.id == id).map_or_else(|| id.to_string(), |e| e.title.clone());
    let from = date_of(case, &check.from, links);
    let to = date_of(case, &check.to, links);
    let mut dates = Vec::new();
    let ask = |end: &super::DateFrom| match lang {
        Lang::En => format!(
            "The date {} is not recorded yet: link the timeline event of that day to \u{201c}{}\u{201d}.",
            end.label,
            title_of(&end.element)
        ),
        Lang::Es => format!(
            "Todavía no está anotada la fecha en que {}: vincule el evento de la cronología de ese día a \u{201c}{}\u{201d}.",
            end.label,
            title_of(&end.element)
        ),
    };
    let (Some(from), Some(to)) = (from, to) else {
        if from.is_none() {
            dates.push(ask(&check.from));
        }
        if to.is_none() {
            dates.push(ask(&check.to));
        }
        return (dates, None);
    };
    let Some(period) = check.period_on(from) else {
        dates.push(match lang {
            Lang::En => format!("No period is recorded for {} on {}.", check.from.label, lang.date(from)),
            Lang::Es => format!("No hay un plazo anotado para la fecha en que {}, el {}.", check.from.label, lang.date(from)),
        });
        return (dates, None);
    };
    let days = (to - from).num_days();
    let short = days <= period.days;
    let (from_label, to_label) = (&check.from.label, &check.to.label);
    dates.push(match lang {
        Lang::En => format!(
            "From your dates, {from_label} on {} and {to_label} on {}: {} later.",
            lang.date(from),
            lang.date(to),
            plural_days(days, lang)
        ),
        Lang::Es => format!(
            "Según sus fechas, {from_label} el {} y {to_label} el {}: {} después.",
            lang.date(from),
            lang.date(to),
            plural_days(days, lang)
        ),
    });
    dates.push(match (lang, days < 0) {
        (Lang::En, true) => format!("That is before {from_label} — check the two dates."),
        (Lang::Es, true) => format!("Eso es antes de la fecha en que {from_label}: revise las dos fechas."),
        (Lang::En, false) => {
            let when = if short { "before" } else { "after" };
            format!("For that date § {} gives {}, so {to_label} {when} they had run out.", period.section, plural_days(period.days, lang))
        }
        (Lang::Es, false) => {
            let when = if short { "antes" } else { "después" };
            format!(
                "Para esa fecha, el § {} da {}, así que {to_label} {when} de que se cumplieran.",
                period.section,
                plural_days(period.days, lang)
            )
        }
    });
    (dates, Some(PeriodCount { from, to, days, period: period.days, section: period.section.clone(), short }))
}

fn plural_days(n: i64, lang: Lang) -> String {
    match (lang, n.abs() == 1) {
        (Lang::En, true) => format!("{n} day"),
        (Lang::En, false) => format!("{n} days"),
        (Lang::Es, true) => format!("{n} día"),
        (Lang::Es, false) => format!("{n} días"),
    }
}

/// "August 3, 2026".
pub fn long_date(day: NaiveDate) -> String {
    Lang::En.date(day)
}

/// A link to make or take away, read from a body (`PUT /api/cases/{id}/proof/links`, the
/// assistant's `link_evidence`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkChange {
    pub element_id: String,
    pub record_kind: String,
    pub record_id: i64,
    pub linked: bool,
    pub note: Option<String>,
}

impl LinkChange {
    /// Reads `{elementId, recordKind, recordId, linked, note?}` (`linked` defaults to true when
    /// `default_linked`), every problem at once. `extra` names fields the caller reads itself.
    pub fn parse(body: &Value, extra: &[&str], default_linked: bool) -> Result<Self, ApiError> {
        let mut allowed = vec!["elementId", "recordKind", "recordId", "linked", "note"];
        allowed.extend_from_slice(extra);
        let mut f = Fields::new(body, &allowed, "field")?;
        let element_id = f.required_text("elementId", 100);
        let record_kind = f.one_of("recordKind", &RECORD_KINDS);
        if record_kind.is_none() {
            // Kept when one_of said more (a kind it does not know, or not text).
            f.error("recordKind", format!("required: one of {}", RECORD_KINDS.join(", ")));
        }
        let record_id = f.required_id("recordId");
        let linked = f.bool("linked");
        if linked.is_none() && !default_linked && !f.has("linked") {
            f.error("linked", "required: true to link the record, false to take the link away");
        }
        // A blank note given is a note cleared; a note left out keeps the one there.
        let blank = f.raw("note").and_then(Value::as_str).is_some_and(|n| n.trim().is_empty());
        let note = f.text("note", MAX_NOTE_CHARS).or_else(|| blank.then(String::new));
        f.finish()?;
        Ok(LinkChange {
            element_id,
            record_kind: record_kind.unwrap_or_default(),
            record_id,
            linked: linked.unwrap_or(default_linked),
            note,
        })
    }
}

/// Makes or takes away a link, after checking that the element is one of the case's kind and the
/// record one of the case's; answers the case's Proof view and whether anything changed.
pub fn set_link(c: &Connection, case_id: i64, change: &LinkChange, created_by: &str) -> Result<(CaseProof, bool), ApiError> {
    set_link_in(c, case_id, change, created_by, Lang::En)
}

/// [`set_link`], answering the Proof view in `lang`.
pub fn set_link_in(c: &Connection, case_id: i64, change: &LinkChange, created_by: &str, lang: Lang) -> Result<(CaseProof, bool), ApiError> {
    let case = Cases::get(c, case_id)?.ok_or_else(|| ApiError::not_found("case", case_id))?;
    let Some(book) = case.kind.as_deref().and_then(super::book) else {
        return Err(ApiError::field(
            "elementId",
            "this case has no kind yet, so it has no elements: choose what kind of case it is first (Case → Step by step)",
        ));
    };
    let element: Option<&Element> = book.elements.iter().find(|e| e.id == change.element_id);
    if element.is_none() {
        let known: Vec<&str> = book.elements.iter().map(|e| e.id.as_str()).collect();
        return Err(ApiError::field(
            "elementId",
            format!("{:?} is not an element of a {} case; its elements are: {}", change.element_id, book.kind, known.join(", ")),
        ));
    }
    let record = (change.record_kind.as_str(), change.record_id);
    let changed = if change.linked {
        match proof_links::record(c, record.0, record.1)? {
            Some(info) if info.case_id == Some(case_id) => {}
            Some(_) => return Err(ApiError::field("recordId", format!("{} {} belongs to another case", record.0, record.1))),
            None => return Err(ApiError::field("recordId", format!("there is no {} with id {}", record.0, record.1))),
        }
        let note = change.note.as_deref().map(str::trim);
        proof_links::upsert(c, case_id, &change.element_id, record, note, created_by)? || note.is_some()
    } else {
        proof_links::remove(c, case_id, &change.element_id, record)?
    };
    Ok((proof_of_in(c, &case, lang)?, changed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_out() {
        assert_eq!(long_date(NaiveDate::from_ymd_opt(2026, 8, 3).unwrap()), "August 3, 2026");
        assert_eq!(plural_days(1, Lang::En), "1 day");
        assert_eq!(plural_days(-2, Lang::En), "-2 days");
        assert_eq!(plural_days(1, Lang::Es), "1 día");
        assert_eq!(plural_days(14, Lang::Es), "14 días");
        assert_ne!(caveat(Lang::Es), caveat(Lang::En));
    }

    #[test]
    fn a_change_is_read_with_every_problem_named() {
        let body = serde_json::json!({"elementId": "", "recordKind": "photo", "recordId": -3, "x": 1});
        let err = LinkChange::parse(&body, &[], false).unwrap_err().to_string();
        assert!(err.contains('x'), "{err}");
        let body = serde_json::json!({"elementId": "", "recordKind": "photo", "recordId": -3});
        let ApiError::Validation { fields, .. } = LinkChange::parse(&body, &[], false).unwrap_err() else { panic!() };
        for name in ["elementId", "recordKind", "recordId", "linked"] {
            assert!(fields.contains_key(name), "{name}: {fields:?}");
        }
        let ok = LinkChange::parse(&serde_json::json!({"elementId": "lease", "recordKind": "document", "recordId": 4}), &["caseId"], true)
            .unwrap();
        assert!(ok.linked && ok.note.is_none());
        let cleared = LinkChange::parse(
            &serde_json::json!({"elementId": "lease", "recordKind": "document", "recordId": 4, "linked": true, "note": "  "}),
            &[],
            false,
        )
        .unwrap();
        assert_eq!(cleared.note.as_deref(), Some(""), "a blank note clears the one there");
        let blank = serde_json::json!({"elementId": "lease", "recordKind": " ", "recordId": 4, "linked": false});
        let ApiError::Validation { fields, .. } = LinkChange::parse(&blank, &[], false).unwrap_err() else { panic!() };
        assert!(fields.contains_key("recordKind"), "a blank kind is refused, not read as nothing to unlink: {fields:?}");
    }
}
