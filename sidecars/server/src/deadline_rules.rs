//! Virginia deadlines counted from an event, and the date each one falls on.
//!
//! The rules themselves, each with its citation, live in one data file,
//! `sidecars/server/rules/deadlines.json`, compiled into the binary. Counting follows
//! Va. Code § 1-210: the day of the event is not counted, the last day is, and a last day on
//! which the clerk's office is closed by law moves to the next open day ([`crate::holidays`]).
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
//! ```

use std::sync::OnceLock;

use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::holidays::next_open_day;

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
    /// One plain-English sentence or two saying all of the above.
    pub explanation: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedDay {
    pub date: NaiveDate,
    pub reason: String,
}

/// The shipped rule table.
pub fn rule_book() -> &'static RuleBook {
    static BOOK: OnceLock<RuleBook> = OnceLock::new();
    BOOK.get_or_init(|| {
        serde_json::from_str(include_str!("../rules/deadlines.json")).expect("rules/deadlines.json is checked by the tests")
    })
}

pub fn rules() -> &'static [Rule] {
    &rule_book().rules
}

pub fn rule(id: &str) -> Option<&'static Rule> {
    rules().iter().find(|r| r.id == id)
}

pub fn rule_ids() -> Vec<&'static str> {
    rules().iter().map(|r| r.id.as_str()).collect()
}

/// A trigger date so far off that the deadline would fall past the last day the calendar holds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a deadline {days} days after {trigger} falls past the end of the calendar; check the year")]
pub struct OutOfRange {
    pub trigger: NaiveDate,
    pub days: u32,
}

/// The deadline `rule` sets for an event on `trigger_date`. Callers bound the dates they accept
/// (see [`crate::fields::DATE_YEARS`]); this still never panics on any date.
pub fn compute(rule: &Rule, trigger_date: NaiveDate) -> Result<Computation, OutOfRange> {
    let out_of_range = || OutOfRange { trigger: trigger_date, days: rule.days };
    let counted_date = trigger_date.checked_add_days(Days::new(u64::from(rule.days))).ok_or_else(out_of_range)?;
    let (date, skipped) = next_open_day(counted_date).ok_or_else(out_of_range)?;
    let day = |d: NaiveDate| d.format("%A, %B %-d, %Y").to_string();
    let mut explanation = format!("{} days after {} ({}) is {}", rule.days, trigger_date, rule.citation, day(counted_date));
    if skipped.is_empty() {
        explanation.push('.');
    } else {
        let reasons: Vec<String> = skipped.iter().map(|(d, why)| format!("{} is {why}", d.format("%b %-d"))).collect();
        explanation.push_str(&format!(
            "; {}, so under Va. Code § 1-210 the deadline moves to the next day the clerk's office is open: {}.",
            reasons.join(", "),
            day(date)
        ));
    }
    Ok(Computation {
        rule_id: rule.id.clone(),
        citation: rule.citation.clone(),
        trigger_date,
        counted_date,
        date,
        skipped: skipped.into_iter().map(|(date, reason)| SkippedDay { date, reason }).collect(),
        explanation,
    })
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
            assert!(r.citation.starts_with("Rule ") || r.citation.starts_with("Va. Code § "), "{}: {}", r.id, r.citation);
            for (name, text) in [("title", &r.title), ("after", &r.after), ("kind", &r.kind), ("court", &r.court), ("note", &r.note)] {
                assert!(!text.trim().is_empty(), "{}: empty {name}", r.id);
            }
        }
    }

    #[test]
    fn the_rules_the_issue_names_have_their_periods() {
        for (id, citation, days) in [
            ("answer-complaint", "Rule 3:8(a)", 21),
            ("appeal-general-district", "Va. Code § 16.1-106", 10),
            ("notice-of-appeal-court-of-appeals", "Rule 5A:6(a)", 30),
        ] {
            let r = rule(id).unwrap();
            assert_eq!((r.citation.as_str(), r.days), (citation, days));
        }
    }

    #[test]
    fn explanations_say_why_a_date_moved() {
        let r = rule("answer-complaint").unwrap();
        let c = compute(r, NaiveDate::from_ymd_opt(2025, 11, 7).unwrap()).unwrap();
        assert_eq!(
            c.explanation,
            "21 days after 2025-11-07 (Rule 3:8(a)) is Friday, November 28, 2025; Nov 28 is a legal holiday (the day after Thanksgiving, \
             § 2.2-3300), Nov 29 is a Saturday, Nov 30 is a Sunday, so under Va. Code § 1-210 the deadline moves to the next day the \
             clerk's office is open: Monday, December 1, 2025."
        );
        let plain = compute(r, NaiveDate::from_ymd_opt(2025, 2, 3).unwrap()).unwrap();
        assert_eq!(plain.explanation, "21 days after 2025-02-03 (Rule 3:8(a)) is Monday, February 24, 2025.");
        assert!(plain.skipped.is_empty());
    }

    #[test]
    fn the_last_day_of_the_calendar_is_an_error_not_a_panic() {
        let r = rule("answer-complaint").unwrap();
        assert_eq!(compute(r, NaiveDate::MAX), Err(OutOfRange { trigger: NaiveDate::MAX, days: 21 }));
        assert!(compute(r, NaiveDate::MIN).is_ok());
    }
}
