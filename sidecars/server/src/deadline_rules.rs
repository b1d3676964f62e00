//! Virginia deadlines counted from an event, the date each one falls on, and what is due by it.
//!
//! The rules themselves live in one data file, `sidecars/server/rules/deadlines.json`, compiled
//! into the binary. Each rule names the section or Rule that sets its days, and lists what is due
//! ([`Due`]): the filing itself and anything that must go with it — a bond, a fee, a tax, a copy
//! to the other side — each with the section or Rule that says so, and its own number of days
//! when the text gives it one (the appeal bond of a general district court appeal: 30 days, not
//! the notice's 10). What the cited texts say, word for word, is recorded beside the rules in
//! `rules/facts.json`; the tests check every rule's days and every figure of what is due against
//! those quotes.
//!
//! Counting follows Va. Code § 1-210: the day of the event is not counted, the last day is, and a
//! last day on which the clerk's office is closed by law moves to the next open day
//! ([`crate::holidays`]).
//!
//! The same rules in Spanish are in `rules/deadlines.es.json` ([`rule_book_in`]`(Lang::Es)`): the
//! same ids, citations, days and kinds in the same order, only the words translated.
//! [`compute_in`] writes its explanation in either language ("13 de febrero de 2025" in Spanish);
//! the dates it gives are the same.
//!
//! ```
//! use chrono::NaiveDate;
//! use proseva_server::deadline_rules::{compute, rule};
//!
//! let answer = rule("answer-complaint").unwrap();
//! let served = NaiveDate::from_ymd_opt(2025, 11, 7).unwrap();
//! let due = compute(answer, served).unwrap();
//! // 21 days later is the day after Thanksgiving, a legal holiday, then a weekend.
//! assert_eq!(due.date, NaiveDate::from_ymd_opt(2025, 12, 1).unwrap());
//! assert!(due.explanation.contains("Rule 3:8(a)"));
//!
//! // An eviction appeal: the notice, the bond and the writ tax are all due on the same day.
//! let eviction = rule("appeal-unlawful-detainer").unwrap();
//! let judged = NaiveDate::from_ymd_opt(2025, 2, 3).unwrap();
//! let appeal = compute(eviction, judged).unwrap();
//! assert!(appeal.due.iter().all(|d| d.date == appeal.date));
//! assert!(appeal.explanation.contains("Due by then: the notice of appeal, the appeal bond"));
//! ```

use std::sync::OnceLock;

use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::holidays::next_open_day_in;
use crate::lang::Lang;

/// The section that says how days are counted; [`compute`] names it when a date moves.
pub const COUNTING_RULE: &str = "Va. Code § 1-210";

/// The rule table as shipped: what it is, its caveats, and the rules.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RuleBook {
    pub about: String,
    pub caveats: Vec<String>,
    pub rules: Vec<Rule>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Rule {
    /// Stable key, e.g. `answer-complaint`.
    pub id: String,
    pub title: String,
    /// Where the rule comes from, e.g. `Rule 3:8(a)` or `Va. Code § 16.1-106`.
    pub citation: String,
    /// Calendar days after the event.
    pub days: u32,
    /// The event the days are counted from, e.g. "service of the summons and complaint on you".
    pub after: String,
    /// The deadline kind a deadline made from this rule gets.
    pub kind: String,
    pub court: String,
    pub note: String,
    /// What must be filed, served, posted or paid, each with the text that requires it. The
    /// first item is the filing the rule is named for.
    pub due: Vec<Due>,
}

/// One thing that must be done for a rule's deadline to be met.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Due {
    /// What must be done, as a phrase that reads after "Due by then:", e.g. "the writ tax".
    pub what: String,
    /// The section or Rule that requires it, e.g. `Va. Code § 8.01-129`.
    pub citation: String,
    /// Days after the event, when the cited text gives a number of days for this item (it may
    /// differ from the rule's: the bond of a general district court appeal is due in 30 days).
    /// Absent when the text ties the item to the filing instead ("at the same time", "must be
    /// accompanied by"): it is then due by the rule's own day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
}

impl Rule {
    /// The number of days after the event by which `due` must be done.
    pub fn days_for(&self, due: &Due) -> u32 {
        due.days.unwrap_or(self.days)
    }
}

/// The date a rule gives for one event, and how it was reached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Computation {
    pub rule_id: String,
    pub citation: String,
    pub trigger_date: NaiveDate,
    /// The last day by count alone.
    pub counted_date: NaiveDate,
    /// The deadline: `counted_date` moved past any day the clerk's office is closed.
    pub date: NaiveDate,
    pub skipped: Vec<SkippedDay>,
    /// What is due, in the rule's order, each with the date it is due by.
    pub due: Vec<DueDate>,
    /// A few plain sentences saying all of the above, in the language asked for ([`compute_in`]).
    pub explanation: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedDay {
    pub date: NaiveDate,
    pub reason: String,
}

/// One item of a rule's [`Due`] list with its date for a given event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DueDate {
    pub what: String,
    pub citation: String,
    /// Days after the event ([`Rule::days_for`]).
    pub days: u32,
    /// The day it is due by, moved past closed days like the deadline itself.
    pub date: NaiveDate,
}

/// The shipped rule table, in English.
pub fn rule_book() -> &'static RuleBook {
    rule_book_in(Lang::En)
}

/// The shipped rule table in `lang`: `rules/deadlines.json`, or its Spanish mirror
/// `rules/deadlines.es.json` (the same ids, citations, days and kinds, in the same order).
pub fn rule_book_in(lang: Lang) -> &'static RuleBook {
    static EN: OnceLock<RuleBook> = OnceLock::new();
    static ES: OnceLock<RuleBook> = OnceLock::new();
    match lang {
        Lang::En => EN.get_or_init(|| {
            serde_json::from_str(include_str!("../rules/deadlines.json")).expect("rules/deadlines.json is checked by the tests")
        }),
        Lang::Es => ES.get_or_init(|| {
            serde_json::from_str(include_str!("../rules/deadlines.es.json")).expect("rules/deadlines.es.json is checked by the tests")
        }),
    }
}

pub fn rules() -> &'static [Rule] {
    &rule_book().rules
}

pub fn rule(id: &str) -> Option<&'static Rule> {
    rule_in(id, Lang::En)
}

/// The rule `id` with its words in `lang`.
pub fn rule_in(id: &str, lang: Lang) -> Option<&'static Rule> {
    rule_book_in(lang).rules.iter().find(|r| r.id == id)
}

pub fn rule_ids() -> Vec<&'static str> {
    rules().iter().map(|r| r.id.as_str()).collect()
}

/// What a rule says is due on its day and after it, in one line each way, for a list of rules
/// (the agent's tool description): "the notice of appeal (Va. Code § 16.1-106); within 30 days:
/// the appeal bond … (Va. Code § 16.1-107)".
pub fn due_summary(rule: &Rule) -> String {
    due_groups(rule.days, rule.due.iter().map(|d| (d.what.as_str(), d.citation.as_str(), rule.days_for(d))))
        .into_iter()
        .map(|g| {
            let lead = if g.days == rule.days { String::new() } else { format!("within {} days: ", g.days) };
            format!("{lead}{} ({})", join_list(&g.whats), g.citations.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A trigger date so far off that the deadline would fall past the last day the calendar holds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a deadline {days} days after {trigger} falls past the end of the calendar; check the year")]
pub struct OutOfRange {
    pub trigger: NaiveDate,
    pub days: u32,
}

impl OutOfRange {
    /// What went wrong, in `lang` (English: the error's own `Display`).
    pub fn message_in(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Es => format!(
                "una fecha límite {} días después del {} cae después del final del calendario; revise el año",
                self.days,
                lang.date(self.trigger)
            ),
        }
    }
}

/// A number of days counted from an event: the last day by count, and the day the clerk's office
/// is next open from it, with the closed days between.
struct Counted {
    counted: NaiveDate,
    date: NaiveDate,
    skipped: Vec<(NaiveDate, String)>,
}

/// `days` after `trigger`, counted under § 1-210, with the closed days said in `lang`; `None`
/// past the end of the calendar.
fn open_day_after(trigger: NaiveDate, days: u32, lang: Lang) -> Option<Counted> {
    let counted = trigger.checked_add_days(Days::new(u64::from(days)))?;
    let (date, skipped) = next_open_day_in(counted, lang)?;
    Some(Counted { counted, date, skipped })
}

/// The deadline `rule` sets for an event on `trigger_date`, explained in English. Callers bound
/// the dates they accept (see [`crate::fields::DATE_YEARS`]); this still never panics on any date.
pub fn compute(rule: &Rule, trigger_date: NaiveDate) -> Result<Computation, OutOfRange> {
    compute_in(rule, trigger_date, Lang::En)
}

/// [`compute`] with the explanation and the reasons for skipped days in `lang` (pass the rule in
/// the same language, [`rule_in`], so what is due is named in it too). The dates do not depend on
/// the language.
pub fn compute_in(rule: &Rule, trigger_date: NaiveDate, lang: Lang) -> Result<Computation, OutOfRange> {
    let out_of_range = |days| OutOfRange { trigger: trigger_date, days };
    let Counted { counted: counted_date, date, skipped } =
        open_day_after(trigger_date, rule.days, lang).ok_or_else(|| out_of_range(rule.days))?;
    let day = |d: NaiveDate| match lang {
        Lang::En => d.format("%A, %B %-d, %Y").to_string(),
        Lang::Es => format!("el {}", lang.weekday_date(d)),
    };
    let mut explanation = match lang {
        Lang::En => format!("{} days after {} ({}) is {}", rule.days, trigger_date, rule.citation, day(counted_date)),
        Lang::Es => format!(
            "{} {} después del {} ({}) es {}",
            rule.days,
            if rule.days == 1 { "día" } else { "días" },
            lang.date(trigger_date),
            rule.citation,
            day(counted_date)
        ),
    };
    if skipped.is_empty() {
        explanation.push('.');
    } else {
        let reasons: Vec<String> = skipped
            .iter()
            .map(|(d, why)| match lang {
                Lang::En => format!("{} is {why}", d.format("%b %-d")),
                Lang::Es => format!("el {} es {why}", lang.day_month(*d)),
            })
            .collect();
        explanation.push_str(&match lang {
            Lang::En => format!(
                "; {}, so under {COUNTING_RULE} the deadline moves to the next day the clerk's office is open: {}.",
                reasons.join(", "),
                day(date)
            ),
            Lang::Es => format!(
                "; {}, así que según {COUNTING_RULE} la fecha límite pasa al siguiente día en que la oficina del secretario del \
                 tribunal está abierta: {}.",
                reasons.join(", "),
                day(date)
            ),
        });
    }
    let mut due = Vec::with_capacity(rule.due.len());
    for item in &rule.due {
        let days = rule.days_for(item);
        let item_date =
            if days == rule.days { date } else { open_day_after(trigger_date, days, lang).ok_or_else(|| out_of_range(days))?.date };
        due.push(DueDate { what: item.what.clone(), citation: item.citation.clone(), days, date: item_date });
    }
    for group in due_groups(rule.days, due.iter().map(|d| (d.what.as_str(), d.citation.as_str(), d.days))) {
        let on = due.iter().find(|d| d.days == group.days).map_or(date, |d| d.date);
        let lead = match (lang, group.days == rule.days) {
            (Lang::En, true) => "Due by then".to_string(),
            (Lang::En, false) => format!("Due within {} days, by {}", group.days, day(on)),
            (Lang::Es, true) => "Lo que vence ese día".to_string(),
            (Lang::Es, false) => format!("Lo que vence dentro de {} días, a más tardar {}", group.days, day(on)),
        };
        explanation.push_str(&format!(" {lead}: {} ({}).", join_list_in(&group.whats, lang), group.citations.join(", ")));
    }
    Ok(Computation {
        rule_id: rule.id.clone(),
        citation: rule.citation.clone(),
        trigger_date,
        counted_date,
        date,
        skipped: skipped.into_iter().map(|(date, reason)| SkippedDay { date, reason }).collect(),
        due,
        explanation,
    })
}

/// Items due after the same number of days, with the texts that require them (each named once).
struct DueGroup<'a> {
    days: u32,
    whats: Vec<&'a str>,
    citations: Vec<&'a str>,
}

/// `(what, citation, days)` grouped by days: the rule's own day first, then the others in order
/// of days; within a group, the rule's order.
fn due_groups<'a>(rule_days: u32, items: impl Iterator<Item = (&'a str, &'a str, u32)>) -> Vec<DueGroup<'a>> {
    let mut groups: Vec<DueGroup> = Vec::new();
    for (what, citation, days) in items {
        let at = match groups.iter().position(|g| g.days == days) {
            Some(at) => at,
            None => {
                groups.push(DueGroup { days, whats: Vec::new(), citations: Vec::new() });
                groups.len() - 1
            }
        };
        let group = &mut groups[at];
        group.whats.push(what);
        if !group.citations.contains(&citation) {
            group.citations.push(citation);
        }
    }
    groups.sort_by_key(|g| (g.days != rule_days, g.days));
    groups
}

/// "a, b and c"; "a, x; b; and c" when an item has a comma of its own.
fn join_list(items: &[&str]) -> String {
    join_list_in(items, Lang::En)
}

/// [`join_list`] in `lang`: Spanish "a, b y c", "a, x; b; y c".
fn join_list_in(items: &[&str], lang: Lang) -> String {
    let and = match lang {
        Lang::En => "and",
        Lang::Es => "y",
    };
    let (between, last) = if items.iter().any(|i| i.contains(',')) { ("; ", format!("; {and} ")) } else { (", ", format!(" {and} ")) };
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., final_item] => format!("{}{last}{final_item}", rest.join(between)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_file_parses_and_every_rule_is_complete() {
        let book = rule_book();
        assert!(book.rules.len() >= 8);
        let mut ids: Vec<&str> = rule_ids();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), book.rules.len(), "duplicate rule ids");
        for r in &book.rules {
            assert!(r.days > 0, "{}", r.id);
            assert!(is_citation(&r.citation), "{}: {}", r.id, r.citation);
            for (name, text) in [("title", &r.title), ("after", &r.after), ("kind", &r.kind), ("court", &r.court), ("note", &r.note)] {
                assert!(!text.trim().is_empty(), "{}: empty {name}", r.id);
            }
            assert!(!r.due.is_empty(), "{}: nothing is due", r.id);
            assert!(r.due.iter().any(|d| r.days_for(d) == r.days), "{}: nothing is due on the rule's own day", r.id);
            for d in &r.due {
                assert!(!d.what.trim().is_empty() && is_citation(&d.citation), "{}: {d:?}", r.id);
                assert_ne!(d.days, Some(0), "{}: {d:?}", r.id);
            }
        }
    }

    fn is_citation(text: &str) -> bool {
        text.starts_with("Rule ") || text.starts_with("Va. Code § ")
    }

    #[test]
    fn the_rules_the_issue_names_have_their_periods_and_what_is_due() {
        for (id, citation, days) in [
            ("answer-complaint", "Rule 3:8(a)", 21),
            ("appeal-general-district", "Va. Code § 16.1-106", 10),
            ("appeal-unlawful-detainer", "Va. Code § 8.01-129", 10),
            ("notice-of-appeal-court-of-appeals", "Rule 5A:6(a)", 30),
        ] {
            let r = rule(id).unwrap();
            assert_eq!((r.citation.as_str(), r.days), (citation, days));
        }
        let due = |id: &str| -> Vec<(String, String, u32)> {
            let r = rule(id).unwrap();
            r.due.iter().map(|d| (d.what.clone(), d.citation.clone(), r.days_for(d))).collect()
        };
        // The eviction appeal: bond and writ tax within the same 10 days as the notice.
        let eviction = due("appeal-unlawful-detainer");
        for what in ["notice of appeal", "appeal bond", "writ tax"] {
            assert!(
                eviction.iter().any(|(w, c, days)| w.contains(what) && c == "Va. Code § 8.01-129" && *days == 10),
                "{what}: {eviction:?}"
            );
        }
        // Other general district court appeals: the bond has 30 days.
        let general = due("appeal-general-district");
        assert!(general.iter().any(|(w, c, days)| w.contains("appeal bond") && c == "Va. Code § 16.1-107" && *days == 30), "{general:?}");
        // The Court of Appeals: the $50 fee goes with the copy of the notice to its clerk.
        let appeal = due("notice-of-appeal-court-of-appeals");
        assert!(appeal.iter().any(|(w, c, days)| w.contains("$50") && c == "Rule 5A:6(c)" && *days == 30), "{appeal:?}");
    }

    #[test]
    fn explanations_say_why_a_date_moved_and_what_is_due() {
        let r = rule("answer-complaint").unwrap();
        let c = compute(r, NaiveDate::from_ymd_opt(2025, 11, 7).unwrap()).unwrap();
        assert_eq!(
            c.explanation,
            "21 days after 2025-11-07 (Rule 3:8(a)) is Friday, November 28, 2025; Nov 28 is a legal holiday (the day after Thanksgiving, \
             § 2.2-3300), Nov 29 is a Saturday, Nov 30 is a Sunday, so under Va. Code § 1-210 the deadline moves to the next day the \
             clerk's office is open: Monday, December 1, 2025. Due by then: your answer or another pleading in response (a demurrer, \
             plea or motion to dismiss), filed with the clerk (Rule 3:8(a))."
        );
        let plain = compute(r, NaiveDate::from_ymd_opt(2025, 2, 3).unwrap()).unwrap();
        assert!(plain.explanation.starts_with("21 days after 2025-02-03 (Rule 3:8(a)) is Monday, February 24, 2025. Due by then: "));
        assert!(plain.skipped.is_empty());

        let eviction = compute(rule("appeal-unlawful-detainer").unwrap(), NaiveDate::from_ymd_opt(2025, 2, 3).unwrap()).unwrap();
        assert!(
            eviction.explanation.ends_with(
                "Due by then: the notice of appeal, the appeal bond in the amount the court approves and the writ tax (Va. Code § 8.01-129)."
            ),
            "{}",
            eviction.explanation
        );
    }

    #[test]
    fn an_item_with_its_own_days_gets_its_own_date() {
        // Judgment on Friday, February 7, 2025: the notice's 10th day, Monday the 17th, is a legal
        // holiday (the third Monday in February), so it is due Tuesday the 18th; the bond's 30th
        // day is Sunday, March 9, so the bond is due Monday, March 10.
        let r = rule("appeal-general-district").unwrap();
        let c = compute(r, NaiveDate::from_ymd_opt(2025, 2, 7).unwrap()).unwrap();
        assert_eq!(c.date, NaiveDate::from_ymd_opt(2025, 2, 18).unwrap());
        let bond = c.due.iter().find(|d| d.what.contains("appeal bond")).unwrap();
        assert_eq!((bond.days, bond.date), (30, NaiveDate::from_ymd_opt(2025, 3, 10).unwrap()));
        assert!(
            c.explanation.contains(
                "Due by then: the notice of appeal (Va. Code § 16.1-106). Due within 30 days, by Monday, March 10, 2025: the appeal bond"
            ),
            "{}",
            c.explanation
        );
    }

    #[test]
    fn the_spanish_explanation_gives_the_same_days_in_spanish_words() {
        let trigger = NaiveDate::from_ymd_opt(2025, 11, 7).unwrap();
        let en = compute(rule("answer-complaint").unwrap(), trigger).unwrap();
        let es = compute_in(rule_in("answer-complaint", Lang::Es).unwrap(), trigger, Lang::Es).unwrap();
        assert_eq!((es.date, es.counted_date, es.trigger_date), (en.date, en.counted_date, en.trigger_date));
        assert_eq!(es.skipped.iter().map(|s| s.date).collect::<Vec<_>>(), en.skipped.iter().map(|s| s.date).collect::<Vec<_>>());
        assert_eq!(
            es.explanation,
            "21 días después del 7 de noviembre de 2025 (Rule 3:8(a)) es el viernes 28 de noviembre de 2025; el 28 de noviembre es un \
             día feriado oficial (el día después de Acción de Gracias, § 2.2-3300), el 29 de noviembre es un sábado, el 30 de noviembre \
             es un domingo, así que según Va. Code § 1-210 la fecha límite pasa al siguiente día en que la oficina del secretario del \
             tribunal está abierta: el lunes 1 de diciembre de 2025. Lo que vence ese día: su respuesta u otro escrito de respuesta \
             (una excepción o demurrer, una declaración o plea, o una moción para desestimar el caso), presentado al secretario del \
             tribunal (Rule 3:8(a))."
        );
        // The bond of a general district court appeal, on its own day, in Spanish.
        let es = compute_in(rule_in("appeal-general-district", Lang::Es).unwrap(), NaiveDate::from_ymd_opt(2025, 2, 7).unwrap(), Lang::Es)
            .unwrap();
        assert!(
            es.explanation.contains("Lo que vence dentro de 30 días, a más tardar el lunes 10 de marzo de 2025: la fianza de apelación"),
            "{}",
            es.explanation
        );
        assert!(es.explanation.contains("10 días después del 7 de febrero de 2025"), "{}", es.explanation);
        // Out of range, in Spanish.
        let r = rule_in("answer-complaint", Lang::Es).unwrap();
        let e = compute_in(r, NaiveDate::MAX, Lang::Es).unwrap_err();
        assert!(e.message_in(Lang::Es).contains("cae después del final del calendario"), "{}", e.message_in(Lang::Es));
        assert_eq!(e.message_in(Lang::En), e.to_string());
        assert_eq!(join_list_in(&["a", "b", "c"], Lang::Es), "a, b y c");
        assert_eq!(join_list_in(&["a, x", "b", "c"], Lang::Es), "a, x; b; y c");
    }

    #[test]
    fn every_spanish_rule_explains_itself_with_the_english_figures() {
        // For every rule and a trigger whose count crosses a weekend and a holiday, the Spanish
        // working states the same figures (days, dates, sections) as the English.
        for trigger in [NaiveDate::from_ymd_opt(2025, 11, 7).unwrap(), NaiveDate::from_ymd_opt(2025, 2, 7).unwrap()] {
            for r in rules() {
                let en = compute(r, trigger).unwrap();
                let es = compute_in(rule_in(&r.id, Lang::Es).unwrap(), trigger, Lang::Es).unwrap();
                assert_eq!(
                    en.due.iter().map(|d| (d.days, d.date)).collect::<Vec<_>>(),
                    es.due.iter().map(|d| (d.days, d.date)).collect::<Vec<_>>()
                );
                assert_eq!(
                    proseva_citation::same_figures::differ(&en.explanation, &es.explanation),
                    None,
                    "{}:\n{}\n{}",
                    r.id,
                    en.explanation,
                    es.explanation
                );
            }
        }
    }

    #[test]
    fn lists_join_plainly_and_with_semicolons_when_an_item_has_a_comma() {
        assert_eq!(join_list(&["a"]), "a");
        assert_eq!(join_list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(join_list(&["a, x", "b", "c"]), "a, x; b; and c");
        let summary = due_summary(rule("appeal-general-district").unwrap());
        assert!(summary.starts_with("the notice of appeal (Va. Code § 16.1-106); within 30 days: the appeal bond"), "{summary}");
    }

    #[test]
    fn the_last_day_of_the_calendar_is_an_error_not_a_panic() {
        let r = rule("answer-complaint").unwrap();
        assert_eq!(compute(r, NaiveDate::MAX), Err(OutOfRange { trigger: NaiveDate::MAX, days: 21 }));
        assert!(compute(r, NaiveDate::MIN).is_ok());
        // An item with more days than the rule runs out first.
        let g = rule("appeal-general-district").unwrap();
        let near_end = NaiveDate::MAX.checked_sub_days(Days::new(20)).unwrap();
        assert_eq!(compute(g, near_end), Err(OutOfRange { trigger: near_end, days: 30 }));
    }

    /// The facts of `rules/facts.json`: what each cited text says, word for word.
    mod facts {
        use std::collections::BTreeSet;

        use serde::Deserialize;

        use super::super::*;

        #[derive(Debug, Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        struct FactBook {
            about: String,
            facts: Vec<Fact>,
            gaps: Vec<String>,
        }

        #[derive(Debug, Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        struct Fact {
            citation: String,
            source: String,
            text_of: String,
            checked_on: String,
            official: bool,
            #[serde(default)]
            note: Option<String>,
            quotes: Vec<String>,
        }

        fn book() -> FactBook {
            serde_json::from_str(include_str!("../rules/facts.json")).expect("rules/facts.json parses")
        }

        /// The quotes recorded for `citation`, lower-cased with their whitespace collapsed.
        fn quotes_of(book: &FactBook, citation: &str) -> Vec<String> {
            let fact = book.facts.iter().find(|f| f.citation == citation);
            fact.unwrap_or_else(|| panic!("no facts recorded for {citation}")).quotes.iter().map(|q| normal(q)).collect()
        }

        fn normal(text: &str) -> String {
            text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
        }

        /// 1–99 in words, hyphenated as the Code writes them: "twenty-one".
        fn number_words(n: u32) -> Option<String> {
            const ONES: [&str; 20] = [
                "zero",
                "one",
                "two",
                "three",
                "four",
                "five",
                "six",
                "seven",
                "eight",
                "nine",
                "ten",
                "eleven",
                "twelve",
                "thirteen",
                "fourteen",
                "fifteen",
                "sixteen",
                "seventeen",
                "eighteen",
                "nineteen",
            ];
            const TENS: [&str; 10] = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
            match n {
                0..=19 => Some(ONES[n as usize].to_string()),
                20..=99 if n.is_multiple_of(10) => Some(TENS[(n / 10) as usize].to_string()),
                20..=99 => Some(format!("{}-{}", TENS[(n / 10) as usize], ONES[(n % 10) as usize])),
                _ => None,
            }
        }

        /// Whether `needle` occurs in `text` not glued to a letter or digit on either side
        /// ("10 days" is not in "110 days", "ten days" not in "often days").
        fn has_phrase(text: &str, needle: &str) -> bool {
            text.match_indices(needle).any(|(at, _)| {
                let before = text[..at].chars().next_back();
                let after = text[at + needle.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '-') && !after.is_some_and(|c| c.is_alphanumeric())
            })
        }

        /// Whether `text` (normalised) states a period of `n` days: "10 days", "ten days",
        /// "10-day", "twenty-one days".
        fn states_days(text: &str, n: u32) -> bool {
            let mut forms = vec![format!("{n} days"), format!("{n}-day"), format!("{n} calendar days")];
            if let Some(w) = number_words(n) {
                forms.extend([format!("{w} days"), format!("{w}-day"), format!("{w} calendar days")]);
            }
            forms.iter().any(|f| has_phrase(text, f))
        }

        /// A figure a person acts on: a number of days or a sum of money.
        #[derive(Debug, Clone, PartialEq, Eq)]
        enum Figure {
            Days(u32),
            Money(String),
        }

        impl Figure {
            fn stated_in(&self, text: &str) -> bool {
                match self {
                    Figure::Days(n) => states_days(text, *n),
                    Figure::Money(m) => text
                        .match_indices(m.as_str())
                        .any(|(at, _)| !text[at + m.len()..].chars().next().is_some_and(|c| c.is_ascii_digit() || c == ',')),
                }
            }
        }

        /// The figures `text` states.
        fn figures_in(text: &str) -> Vec<Figure> {
            let text = normal(text);
            let mut found = Vec::new();
            for n in 1..=400 {
                if states_days(&text, n) {
                    found.push(Figure::Days(n));
                }
            }
            let mut rest = text.as_str();
            while let Some(at) = rest.find('$') {
                let amount: String = rest[at + 1..].chars().take_while(|c| c.is_ascii_digit() || *c == ',').collect();
                let amount = amount.trim_end_matches(',');
                if !amount.is_empty() {
                    found.push(Figure::Money(format!("${amount}")));
                }
                rest = &rest[at + 1..];
            }
            found
        }

        /// The citations a piece of text names: "§ 16.1-107" as "Va. Code § 16.1-107", and
        /// "Rule 1:1(a)" as itself.
        fn citations_in(text: &str) -> Vec<String> {
            let mut found = Vec::new();
            for (marker, prefix) in [("§ ", "Va. Code § "), ("Rule ", "Rule ")] {
                for (at, _) in text.match_indices(marker) {
                    let tail: String = text[at + marker.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '(' | ')'))
                        .collect();
                    let mut id = tail.trim_end_matches('.').to_string();
                    while id.ends_with(')') && id.matches(')').count() > id.matches('(').count() {
                        id.pop();
                    }
                    if id.starts_with(|c: char| c.is_ascii_digit()) {
                        found.push(format!("{prefix}{id}"));
                    }
                }
            }
            found
        }

        /// The words of a due item that say what it is ("bond", "writ", "transcript"), for
        /// finding the passage about it rather than any passage with the same number.
        fn telling_words(what: &str) -> Vec<String> {
            const PLAIN: [&str; 14] =
                ["your", "with", "from", "that", "this", "each", "unless", "none", "them", "made", "party", "amount", "whether", "will"];
            what.split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .filter(|w| w.chars().count() >= 4 && !PLAIN.contains(&w.as_str()))
                .collect()
        }

        #[test]
        fn days_are_found_in_digits_and_in_words() {
            assert!(states_days("within twenty-one days after the date of entry", 21));
            assert!(states_days("within 10 days of the date of the judgment", 10));
            assert!(states_days("until the expiration of this 10-day period", 10));
            assert!(!states_days("within 110 days", 10));
            assert!(!states_days("within 10 days", 30));
            assert_eq!(figures_in("the $50 filing fee, due in 30 days"), vec![Figure::Days(30), Figure::Money("$50".into())]);
            assert!(Figure::Money("$50".into()).stated_in("accompanied by the $50 filing fee"));
            assert!(!Figure::Money("$50".into()).stated_in("a fee of $500"));
            assert_eq!(
                citations_in("no appeal is allowed without the bond (§ 16.1-107). The day of entry (Rule 1:1(a))."),
                vec!["Va. Code § 16.1-107".to_string(), "Rule 1:1(a)".to_string()]
            );
            assert_eq!(telling_words("the appeal bond (unless none is required of you)"), vec!["appeal", "bond", "required"]);
        }

        #[test]
        fn every_rule_states_its_days_in_the_text_of_its_citation() {
            let book = book();
            for r in rules() {
                let quotes = quotes_of(&book, &r.citation);
                assert!(
                    quotes.iter().any(|q| states_days(q, r.days)),
                    "{}: no recorded passage of {} states {} days: {quotes:#?}",
                    r.id,
                    r.citation,
                    r.days
                );
            }
        }

        #[test]
        fn every_figure_of_what_is_due_is_in_the_text_the_item_cites() {
            let book = book();
            for r in rules() {
                for d in &r.due {
                    let quotes = quotes_of(&book, &d.citation);
                    let words = telling_words(&d.what);
                    let about_it = |q: &String| words.iter().any(|w| q.contains(w.as_str()));
                    assert!(quotes.iter().any(about_it), "{}: no passage of {} is about {:?}: {quotes:#?}", r.id, d.citation, d.what);
                    let mut figures = figures_in(&d.what);
                    if let Some(days) = d.days {
                        figures.push(Figure::Days(days));
                    }
                    for figure in figures {
                        assert!(
                            quotes.iter().any(|q| about_it(q) && figure.stated_in(q)),
                            "{}: {:?} is due with {figure:?}, which no passage of {} about it states: {quotes:#?}",
                            r.id,
                            d.what,
                            d.citation
                        );
                    }
                }
            }
        }

        #[test]
        fn every_figure_in_a_rule_s_own_words_is_in_the_text_cited_beside_it() {
            let book = book();
            for r in rules() {
                for text in [&r.title, &r.after, &r.note] {
                    for sentence in text.split(". ") {
                        let figures = figures_in(sentence);
                        if figures.is_empty() {
                            continue;
                        }
                        let mut cited = citations_in(sentence);
                        if cited.is_empty() {
                            cited.push(r.citation.clone());
                        }
                        for figure in figures {
                            assert!(
                                cited.iter().any(|c| quotes_of(&book, c).iter().any(|q| figure.stated_in(q))),
                                "{}: {figure:?} in {sentence:?} is not in what {cited:?} say",
                                r.id
                            );
                        }
                    }
                }
            }
        }

        #[test]
        fn every_citation_used_has_facts_and_no_fact_is_unused() {
            let book = book();
            let mut used: BTreeSet<String> = BTreeSet::from([COUNTING_RULE.to_string()]);
            for r in rules() {
                used.insert(r.citation.clone());
                used.extend(r.due.iter().map(|d| d.citation.clone()));
                used.extend(citations_in(&r.note));
            }
            let recorded: Vec<&str> = book.facts.iter().map(|f| f.citation.as_str()).collect();
            let unique: BTreeSet<&str> = recorded.iter().copied().collect();
            assert_eq!(unique.len(), recorded.len(), "a citation has two entries: {recorded:?}");
            let recorded: BTreeSet<String> = unique.into_iter().map(str::to_string).collect();
            assert_eq!(used.difference(&recorded).collect::<Vec<_>>(), Vec::<&String>::new(), "cited without facts");
            assert_eq!(recorded.difference(&used).collect::<Vec<_>>(), Vec::<&String>::new(), "facts nothing cites");
        }

        #[test]
        fn the_facts_say_where_and_when_they_were_read() {
            let book = book();
            assert!(!book.about.trim().is_empty() && !book.gaps.is_empty());
            let is_date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").is_ok();
            for f in &book.facts {
                assert!(f.source.starts_with("https://") || f.source.starts_with("http://"), "{}: {}", f.citation, f.source);
                let year = f.text_of.len() == 4 && f.text_of.chars().all(|c| c.is_ascii_digit());
                assert!(is_date(&f.text_of) || year || f.text_of == "undated", "{}: textOf {}", f.citation, f.text_of);
                assert!(is_date(&f.checked_on), "{}: checkedOn {}", f.citation, f.checked_on);
                assert_eq!(f.official, f.source.starts_with("https://law.lis.virginia.gov/"), "{}: official is for LIS pages", f.citation);
                if !f.official {
                    assert!(f.note.as_deref().is_some_and(|n| !n.trim().is_empty()), "{}: say what kind of copy it is", f.citation);
                }
                assert!(!f.quotes.is_empty(), "{}", f.citation);
                for q in &f.quotes {
                    let words = q.split_whitespace().count();
                    assert!((10..=50).contains(&words), "{}: a quote of {words} words: {q}", f.citation);
                }
            }
        }

        #[test]
        fn the_counting_rule_is_what_section_1_210_says() {
            let book = book();
            let quotes = quotes_of(&book, COUNTING_RULE);
            assert!(quotes.iter().any(|q| q.contains("the day on which the event or judgment occurred shall not be counted")));
            assert!(quotes.iter().any(|q| q.contains("falls on a saturday, sunday, legal holiday")));
            assert!(quotes.iter().any(|q| q.contains("may be performed on the next day")));
        }
    }
}
