//! Step-by-step paths for the kinds of case people bring to Virginia's courts without a lawyer,
//! and which court hears each one.
//!
//! A path is an ordered list of [`Step`]s: what happens, in plain words; which court; what to file
//! (by official form number where one was confirmed); what to bring; the sections of the Code it
//! rests on; and, for a step with a deadline, the deadline rule that sets it and the case date it
//! is counted from. The paths live in one data file, `sidecars/server/paths/paths.json`, compiled
//! into the binary; the passages of the law behind every figure in them are recorded beside it in
//! `paths/facts.json`, and the tests check each figure against those passages.
//!
//! The same paths in Spanish are in `paths/paths.es.json` ([`book_in`]`(Lang::Es)`): a mirror of
//! the English file, key for key and item for item, with the same ids, keys, sections, rules and
//! dates and only the words translated (`lang/check_mirror.py` and the server's tests check it).
//! [`plan_in`] and [`which_court_in`] answer in either language; the plan's deadlines are counted
//! by the same rules, so they fall on the same days in both.
//!
//! The eight kinds (the ids are fixed: cases store them): `eviction-tenant`, `debt-defendant`,
//! `debt-plaintiff`, `custody-visitation`, `protective-order-petitioner`,
//! `protective-order-respondent`, `traffic-misdemeanor` and `appeal-district`.
//!
//! Deadlines are never worked out here: [`plan`] hands each step's rule and trigger date to
//! [`crate::deadline_rules::compute`], so a step and any deadline or reminder made from the same
//! rule and date always agree.
//!
//! ```
//! use std::collections::{BTreeMap, BTreeSet};
//! use chrono::NaiveDate;
//! use proseva_server::paths::{plan, which_court, Court, StepStatus};
//!
//! let dates = BTreeMap::from([("judgmentDate".to_string(), NaiveDate::from_ymd_opt(2025, 2, 3).unwrap())]);
//! let done = BTreeSet::from(["notice", "summons", "interpreter"].map(String::from));
//! let p = plan("eviction-tenant", &dates, &done).unwrap();
//! assert_eq!(p.next.as_deref(), Some("prepare"));
//! let appeal = p.steps.iter().find(|s| s.id == "appeal").unwrap();
//! assert_eq!(appeal.status, StepStatus::Upcoming);
//! assert_eq!(appeal.deadline.as_ref().unwrap().date, NaiveDate::from_ymd_opt(2025, 2, 13));
//!
//! // $4,500.01 is past the general district court's exclusive limit: the circuit court may hear it too.
//! let court = which_court("debt-plaintiff", Some(450_001)).unwrap();
//! assert_eq!(court.court, Court::GeneralDistrict);
//! assert!(court.also.contains(&Court::Circuit));
//! ```
//!
//! # What `plan` serialises to
//!
//! ```json
//! {
//!   "kind": "eviction-tenant",
//!   "title": "Eviction (unlawful detainer): you are the tenant",
//!   "summary": "…",
//!   "court": { "court": "general-district", "courtName": "general district court", "also": [],
//!              "why": "…", "sections": ["8.01-126", "16.1-77"] },
//!   "dates": [ { "key": "judgmentDate", "label": "The day the judge decided the case", "date": "2025-02-03" },
//!              { "key": "returnDate", "label": "…", "date": null } ],
//!   "next": "prepare",
//!   "steps": [
//!     { "id": "appeal", "title": "…", "what": "…", "court": "general district court", "file": "…",
//!       "bring": "…", "sections": ["8.01-129", "16.1-106", "16.1-107"], "status": "upcoming",
//!       "deadline": { "ruleId": "appeal-unlawful-detainer", "ruleTitle": "…", "from": "judgmentDate",
//!                     "fromLabel": "The day the judge decided the case", "date": "2025-02-13",
//!                     "computation": { …what deadline_rules::compute returns… } } },
//!     { "id": "writ", …, "status": "upcoming" }
//!   ],
//!   "caveats": ["…"]
//! }
//! ```
//!
//! `status` is `"done"`, `"next"` (the first step not done; there is one unless every step is
//! done) or `"upcoming"`. A deadline whose trigger date is not known has `"date": null`, no
//! `computation`, and `"needs"`: a sentence naming the date to enter. A trigger date so far off
//! that the count runs past the calendar has `"error"` instead.
//!
//! Not for: storing which steps a person has done or the case's dates (the caller passes them in),
//! HTTP routes, or legal advice.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::deadline_rules::{self, Computation};
use crate::lang::Lang;

/// The shipped paths: what they are, their caveats, one [`Path`] per kind of case, and the table
/// [`which_court`] reads.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PathBook {
    pub about: String,
    pub caveats: Vec<String>,
    pub kinds: Vec<Path>,
    pub courts: CourtTable,
}

/// The steps of one kind of case, in the order they usually happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Path {
    /// The kind's fixed id, e.g. `eviction-tenant`.
    pub id: String,
    pub title: String,
    /// One or two sentences saying whom the path is for.
    pub summary: String,
    /// The case dates this path's deadlines are counted from, in the order they happen.
    pub dates: Vec<TriggerDate>,
    pub steps: Vec<Step>,
}

/// A date in a case that a deadline can be counted from, e.g. `judgmentDate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TriggerDate {
    /// The key the caller uses for this date, e.g. `returnDate`.
    pub key: String,
    /// What the date is, in the person's words: "The first court date (the return date on the summons)".
    pub label: String,
    /// A day the person must be in court (a return date, a hearing, a trial): it becomes a hearing
    /// in the case's deadlines, with its reminders.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub court: bool,
}

/// One step of a path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Step {
    /// Stable within its path, e.g. `first-hearing`; the person's ticks are kept by this id.
    pub id: String,
    pub title: String,
    /// The path date the step happens on (a hearing's), if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// What happens, in plain English.
    pub what: String,
    /// Which court (or office) the step happens in.
    pub court: String,
    /// What to file, by official form number where there is one.
    pub file: String,
    /// What to bring.
    pub bring: String,
    /// The deadline rule for this step and the case date it counts from, if the step has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<StepDeadline>,
    /// The sections of the Code of Virginia the step rests on, as section numbers ("16.1-106").
    pub sections: Vec<String>,
}

/// Which deadline rule a step uses, and which of the path's dates it counts from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StepDeadline {
    /// An id of `rules/deadlines.json`.
    pub rule_id: String,
    /// A key of the path's [`Path::dates`].
    pub from: String,
}

/// A court, as [`which_court`] names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Court {
    GeneralDistrict,
    /// The small claims division of the general district court.
    SmallClaims,
    JuvenileDomestic,
    Circuit,
}

impl Court {
    /// The court's name as a person would say it.
    pub fn name(self) -> &'static str {
        self.name_in(Lang::En)
    }

    /// The court's name in `lang`; in Spanish as the glossary (`lang/glossary-es.json`) writes it.
    pub fn name_in(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::En, Court::GeneralDistrict) => "general district court",
            (Lang::En, Court::SmallClaims) => "small claims division of the general district court",
            (Lang::En, Court::JuvenileDomestic) => "juvenile and domestic relations district court",
            (Lang::En, Court::Circuit) => "circuit court",
            (Lang::Es, Court::GeneralDistrict) => "Tribunal General de Distrito",
            (Lang::Es, Court::SmallClaims) => "División de Reclamos Menores del Tribunal General de Distrito",
            (Lang::Es, Court::JuvenileDomestic) => "Tribunal de Distrito de Menores y Relaciones Domésticas",
            (Lang::Es, Court::Circuit) => "Tribunal de Circuito",
        }
    }
}

/// The data behind [`which_court`]: bands of amounts for the money kinds, and one answer for
/// every other kind.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CourtTable {
    /// The kinds whose court depends on the amount claimed.
    pub money_kinds: Vec<String>,
    /// Bands of amounts, lowest first; an amount belongs to the first band it does not exceed.
    pub money: Vec<MoneyBand>,
    /// The answer for a money kind when the amount is not known.
    pub money_unknown: CourtRule,
    /// The answer for each kind whose court does not depend on an amount.
    pub by_kind: BTreeMap<String, CourtRule>,
}

/// Which court hears a money claim of up to `up_to_cents` (no upper bound when `None`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MoneyBand {
    pub up_to_cents: Option<i64>,
    pub court: Court,
    pub also: Vec<Court>,
    pub why: String,
    pub sections: Vec<String>,
}

/// Which court hears a kind of case, which others may, why, and the sections that say so.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CourtRule {
    pub court: Court,
    pub also: Vec<Court>,
    pub why: String,
    pub sections: Vec<String>,
}

/// [`which_court`]'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CourtChoice {
    /// The court the case usually goes to.
    pub court: Court,
    /// [`Court::name_in`] of `court`, in the language asked for.
    pub court_name: String,
    /// Other courts that may hear it (for a money claim, courts that share it; for a protective
    /// order, the court for the other kind of order; `why` says which).
    pub also: Vec<Court>,
    pub why: String,
    pub sections: Vec<String>,
}

impl CourtChoice {
    fn from_rule(court: Court, also: &[Court], why: &str, sections: &[String], lang: Lang) -> CourtChoice {
        CourtChoice {
            court,
            court_name: court.name_in(lang).to_string(),
            also: also.to_vec(),
            why: why.to_string(),
            sections: sections.to_vec(),
        }
    }
}

/// The shipped paths, in English.
pub fn book() -> &'static PathBook {
    book_in(Lang::En)
}

/// The shipped paths in `lang`: `paths/paths.json`, or its Spanish mirror `paths/paths.es.json`
/// (the same types, ids, keys, sections, rules and dates, in the same order).
pub fn book_in(lang: Lang) -> &'static PathBook {
    static EN: OnceLock<PathBook> = OnceLock::new();
    static ES: OnceLock<PathBook> = OnceLock::new();
    match lang {
        Lang::En => {
            EN.get_or_init(|| serde_json::from_str(include_str!("../paths/paths.json")).expect("paths/paths.json is checked by the tests"))
        }
        Lang::Es => ES.get_or_init(|| {
            serde_json::from_str(include_str!("../paths/paths.es.json")).expect("paths/paths.es.json is checked by the tests")
        }),
    }
}

/// The ids of the kinds of case that have a path, in the order they are shown.
pub fn kinds() -> Vec<&'static str> {
    book().kinds.iter().map(|p| p.id.as_str()).collect()
}

/// The paths a case can follow, as `GetCases` offers them to a person with no case on one yet:
/// `[{kind, title, summary, steps: [step titles], sections: [every section a step rests on]}]`.
pub fn offered() -> Vec<serde_json::Value> {
    offered_in(Lang::En)
}

/// [`offered`] in `lang`.
pub fn offered_in(lang: Lang) -> Vec<serde_json::Value> {
    book_in(lang)
        .kinds
        .iter()
        .map(|p| {
            let mut sections: Vec<&str> = Vec::new();
            for id in p.steps.iter().flat_map(|s| &s.sections) {
                if !sections.contains(&id.as_str()) {
                    sections.push(id);
                }
            }
            let steps: Vec<&str> = p.steps.iter().map(|s| s.title.as_str()).collect();
            serde_json::json!({ "kind": p.id, "title": p.title, "summary": p.summary, "steps": steps, "sections": sections })
        })
        .collect()
}

/// The path for a kind of case, or `None` for a kind without one.
pub fn path(kind: &str) -> Option<&'static Path> {
    path_in(kind, Lang::En)
}

/// [`path`] in `lang`.
pub fn path_in(kind: &str, lang: Lang) -> Option<&'static Path> {
    book_in(lang).kinds.iter().find(|p| p.id == kind)
}

/// Which court hears a kind of case, and why. For the money kinds (`debt-defendant`,
/// `debt-plaintiff`) the amount claimed, in cents and not counting interest or lawyer fees,
/// decides; an amount of exactly a limit is within it, one cent more is not. An unknown or
/// negative amount gets the general answer. Other kinds ignore the amount. `None` for a kind
/// without a path.
pub fn which_court(kind: &str, amount_cents: Option<i64>) -> Option<CourtChoice> {
    which_court_in(kind, amount_cents, Lang::En)
}

/// [`which_court`] with its court name and reason in `lang`.
pub fn which_court_in(kind: &str, amount_cents: Option<i64>, lang: Lang) -> Option<CourtChoice> {
    path_in(kind, lang)?;
    let table = &book_in(lang).courts;
    if table.money_kinds.iter().any(|k| k == kind) {
        let band = amount_cents.filter(|a| *a >= 0).and_then(|a| table.money.iter().find(|b| b.up_to_cents.is_none_or(|limit| a <= limit)));
        return Some(match band {
            Some(b) => CourtChoice::from_rule(b.court, &b.also, &b.why, &b.sections, lang),
            None => {
                let r = &table.money_unknown;
                CourtChoice::from_rule(r.court, &r.also, &r.why, &r.sections, lang)
            }
        });
    }
    let r = table.by_kind.get(kind)?;
    Some(CourtChoice::from_rule(r.court, &r.also, &r.why, &r.sections, lang))
}

/// Where a step stands for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StepStatus {
    Done,
    /// The first step not done.
    Next,
    Upcoming,
}

/// A path worked out for one case: every step with its status and deadline, and the next step.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    pub kind: String,
    pub title: String,
    pub summary: String,
    /// [`which_court`] for the kind, without an amount.
    pub court: CourtChoice,
    /// Each of the path's dates, with the case's value when it is known.
    pub dates: Vec<PlanDate>,
    /// The id of the first step not done; `None` when every step is done.
    pub next: Option<String>,
    pub steps: Vec<PlannedStep>,
    pub caveats: Vec<String>,
}

/// One of a path's dates and its value in this case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanDate {
    pub key: String,
    pub label: String,
    pub date: Option<NaiveDate>,
    /// A day in court.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub court: bool,
}

/// A step of a [`Plan`].
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlannedStep {
    pub id: String,
    pub title: String,
    /// The date the step happens on, when the path gives it one (known or not yet).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<PlanDate>,
    pub what: String,
    pub court: String,
    pub file: String,
    pub bring: String,
    pub sections: Vec<String>,
    pub status: StepStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<PlannedDeadline>,
}

/// A step's deadline in this case.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlannedDeadline {
    pub rule_id: String,
    pub rule_title: String,
    /// The key of the date it counts from.
    pub from: String,
    pub from_label: String,
    /// The deadline, when the trigger date is known (`computation.date`).
    pub date: Option<NaiveDate>,
    /// The rule's full working for this case, exactly as [`deadline_rules::compute`] gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computation: Option<Computation>,
    /// When the trigger date is not known: which date to enter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needs: Option<String>,
    /// When the count runs past the end of the calendar.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A kind's path worked out for one case. `dates` holds the case's known dates by key (keys the
/// path does not use are ignored); `done` holds the ids of the steps the person has ticked off
/// (ids the path does not have are ignored). `None` for a kind without a path.
pub fn plan(kind: &str, dates: &BTreeMap<String, NaiveDate>, done: &BTreeSet<String>) -> Option<Plan> {
    plan_in(kind, dates, done, Lang::En)
}

/// [`plan`] in `lang`: the words of the path, the court, the deadline rules and their working in
/// that language; the ids, statuses and dates are the same in every language.
pub fn plan_in(kind: &str, dates: &BTreeMap<String, NaiveDate>, done: &BTreeSet<String>, lang: Lang) -> Option<Plan> {
    let path = path_in(kind, lang)?;
    let court = which_court_in(kind, None, lang)?;
    let next = path.steps.iter().find(|s| !done.contains(&s.id)).map(|s| s.id.clone());
    let steps = path
        .steps
        .iter()
        .map(|step| {
            let status = if done.contains(&step.id) {
                StepStatus::Done
            } else if next.as_deref() == Some(step.id.as_str()) {
                StepStatus::Next
            } else {
                StepStatus::Upcoming
            };
            PlannedStep {
                id: step.id.clone(),
                title: step.title.clone(),
                on: step.on.as_ref().and_then(|key| path.dates.iter().find(|d| &d.key == key)).map(|d| plan_date(d, dates)),
                what: step.what.clone(),
                court: step.court.clone(),
                file: step.file.clone(),
                bring: step.bring.clone(),
                sections: step.sections.clone(),
                status,
                deadline: step.deadline.as_ref().and_then(|d| planned_deadline(path, d, dates, lang)),
            }
        })
        .collect();
    Some(Plan {
        kind: path.id.clone(),
        title: path.title.clone(),
        summary: path.summary.clone(),
        court,
        dates: path.dates.iter().map(|d| plan_date(d, dates)).collect(),
        next,
        steps,
        caveats: book_in(lang).caveats.clone(),
    })
}

fn plan_date(d: &TriggerDate, dates: &BTreeMap<String, NaiveDate>) -> PlanDate {
    PlanDate { key: d.key.clone(), label: d.label.clone(), date: dates.get(&d.key).copied(), court: d.court }
}

/// A step's deadline for the case's dates; `None` only if the data names a rule that does not
/// exist (the tests rule that out).
fn planned_deadline(path: &Path, deadline: &StepDeadline, dates: &BTreeMap<String, NaiveDate>, lang: Lang) -> Option<PlannedDeadline> {
    let rule = deadline_rules::rule_in(&deadline.rule_id, lang)?;
    let from_label = path.dates.iter().find(|d| d.key == deadline.from).map_or_else(|| deadline.from.clone(), |d| d.label.clone());
    let mut planned = PlannedDeadline {
        rule_id: rule.id.clone(),
        rule_title: rule.title.clone(),
        from: deadline.from.clone(),
        from_label: from_label.clone(),
        date: None,
        computation: None,
        needs: None,
        error: None,
    };
    match dates.get(&deadline.from) {
        None => {
            planned.needs = Some(match lang {
                Lang::En => format!("Enter {} to see this deadline.", lower_first(&from_label)),
                Lang::Es => format!("Ingrese {} para ver esta fecha límite.", lower_first(&from_label)),
            })
        }
        Some(trigger) => match deadline_rules::compute_in(rule, *trigger, lang) {
            Ok(c) => {
                planned.date = Some(c.date);
                planned.computation = Some(c);
            }
            Err(e) => planned.error = Some(e.message_in(lang)),
        },
    }
    Some(planned)
}

/// "The day you were served" → "the day you were served".
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_file_parses_and_names_the_eight_kinds_in_order() {
        assert_eq!(
            kinds(),
            [
                "eviction-tenant",
                "debt-defendant",
                "debt-plaintiff",
                "custody-visitation",
                "protective-order-petitioner",
                "protective-order-respondent",
                "traffic-misdemeanor",
                "appeal-district"
            ]
        );
    }

    #[test]
    fn every_kind_has_a_court_and_unknown_kinds_have_none() {
        for kind in kinds() {
            assert!(which_court(kind, None).is_some(), "{kind}");
            assert!(plan(kind, &BTreeMap::new(), &BTreeSet::new()).is_some(), "{kind}");
        }
        assert!(which_court("divorce", Some(100)).is_none());
        assert!(plan("", &BTreeMap::new(), &BTreeSet::new()).is_none());
        assert!(path("Eviction-Tenant").is_none());
    }

    #[test]
    fn a_missing_date_is_named_in_plain_words() {
        assert_eq!(lower_first("The day you were served"), "the day you were served");
        assert_eq!(lower_first(""), "");
        let p = plan("traffic-misdemeanor", &BTreeMap::new(), &BTreeSet::new()).unwrap();
        let appeal = p.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap();
        assert_eq!(appeal.needs.as_deref(), Some("Enter the day of the judge's decision to see this deadline."));
        assert!(appeal.date.is_none() && appeal.computation.is_none());
    }

    #[test]
    fn a_plan_in_spanish_has_the_same_steps_and_dates_in_spanish_words() {
        let dates = BTreeMap::from([("judgmentDate".to_string(), NaiveDate::from_ymd_opt(2025, 2, 3).unwrap())]);
        let done = BTreeSet::from(["notice".to_string()]);
        let (en, es) = (plan("eviction-tenant", &dates, &done).unwrap(), plan_in("eviction-tenant", &dates, &done, Lang::Es).unwrap());
        let shape =
            |p: &Plan| p.steps.iter().map(|s| (s.id.clone(), s.status, s.deadline.as_ref().and_then(|d| d.date))).collect::<Vec<_>>();
        assert_eq!(shape(&en), shape(&es));
        assert_eq!((es.next.as_deref(), es.court.court), (Some("summons"), Court::GeneralDistrict));
        assert_eq!(es.court.court_name, "Tribunal General de Distrito");
        assert_ne!(es.title, en.title);
        let appeal = es.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap();
        assert_eq!(appeal.from_label, "El día en que el juez decidió el caso");
        assert!(appeal.computation.as_ref().unwrap().explanation.contains("13 de febrero de 2025"), "{appeal:?}");
        let none = plan_in("traffic-misdemeanor", &BTreeMap::new(), &BTreeSet::new(), Lang::Es).unwrap();
        let needs = none.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap().needs.clone().unwrap();
        assert!(needs.starts_with("Ingrese el día") && needs.ends_with("para ver esta fecha límite."), "{needs}");
        let far = BTreeMap::from([("convictionDate".to_string(), NaiveDate::MAX)]);
        let far = plan_in("traffic-misdemeanor", &far, &BTreeSet::new(), Lang::Es).unwrap();
        let error = far.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap().error.clone().unwrap();
        assert!(error.contains("final del calendario"), "{error}");
        for court in [Court::GeneralDistrict, Court::SmallClaims, Court::JuvenileDomestic, Court::Circuit] {
            assert_eq!(court.name(), court.name_in(Lang::En));
            assert_ne!(court.name_in(Lang::Es), court.name());
        }
        assert_eq!(which_court_in("debt-plaintiff", Some(6_000_000), Lang::Es).unwrap().court_name, "Tribunal de Circuito");
        assert!(path_in("divorce", Lang::Es).is_none() && which_court_in("divorce", None, Lang::Es).is_none());
    }

    #[test]
    fn a_date_at_the_end_of_the_calendar_is_an_error_not_a_panic() {
        let dates = BTreeMap::from([("convictionDate".to_string(), NaiveDate::MAX)]);
        let p = plan("traffic-misdemeanor", &dates, &BTreeSet::new()).unwrap();
        let appeal = p.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap();
        assert!(appeal.error.as_deref().is_some_and(|e| e.contains("past the end of the calendar")), "{appeal:?}");
        assert!(appeal.date.is_none());
    }
}
