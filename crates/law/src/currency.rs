//! How current a starter section is: what the sessions of the General Assembly since the text that
//! was checked changed in it, and the line the section viewer shows for it.
//!
//! The starter summaries were checked against the LIS title exports of April 2023 (a few against
//! later LIS pages). For the sections people act on — every section a step, a deadline rule, a
//! court-choice rule or a workflow cites, and those people ask about most — the amendments of the
//! 2023, 2024, 2025 and 2026 sessions were looked for on LIS bill pages and dated copies of the Code,
//! and each finding is recorded in the starter's manifest (`files[].currency`): the bill, its Acts
//! chapter, when it takes effect, where it was read and when. The line is worked out from the dates
//! on the day the law is read as of, so a change that takes effect later is said as later until its
//! day comes.
//!
//! ```
//! use chrono::NaiveDate;
//! use proseva_law::currency::{Change, Currency, Found};
//! let pay_or_quit = Currency {
//!     checked_on: "2026-11-29".into(),
//!     found: Found::Changes,
//!     changes: vec![Change {
//!         session: Some(2026),
//!         bill: "HB 15".into(),
//!         chapter: Some("Acts 2026, c. 123".into()),
//!         effective: Some("2026-07-01".into()),
//!         what: "The pay-or-quit period is 14 days.".into(),
//!         ..Change::default()
//!     }],
//!     ..Currency::default()
//! };
//! let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
//! assert_eq!(
//!     pay_or_quit.notice("2023-04-09", day(2026, 11, 29)),
//!     "Changed by 2026 HB 15 (Acts 2026, c. 123), in force July 1, 2026; the text checked is of April 9, 2023."
//! );
//! assert_eq!(
//!     pay_or_quit.notice("2023-04-09", day(2026, 3, 1)),
//!     "2026 HB 15 (Acts 2026, c. 123) changes it from July 1, 2026; until then the text checked (of April 9, 2023) applies."
//! );
//! ```

use chrono::NaiveDate;

/// What the look for amendments found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub enum Found {
    /// At least one amendment that became law.
    #[serde(rename = "changes")]
    Changes,
    /// None was found.
    #[default]
    #[serde(rename = "none found")]
    NoneFound,
    /// It could not be settled (the sources read did not say).
    #[serde(rename = "unclear")]
    Unclear,
}

/// One amendment that became law.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// The session's year, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<i32>,
    /// `HB 15`, or what is known of the act when its number is not.
    pub bill: String,
    /// Identical bills passed with it (`SB 48`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub companion: Vec<String>,
    /// `Acts 2026, c. 123`, when it was found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapter: Option<String>,
    /// The day it takes effect (`YYYY-MM-DD`), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effective: Option<String>,
    /// `in force` or `later`, as it stood on the day it was looked for (used only when there is no
    /// `effective` day to compare with the law date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// What it changed, for a person.
    #[serde(default)]
    pub what: String,
    /// Where it was read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// `LIS section page`, `LIS bill page`, `enrolled bill / chapter text`, or `secondary (…)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Change {
    /// The day it takes effect, when the record gives one.
    pub fn effective_day(&self) -> Option<NaiveDate> {
        self.effective.as_deref().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
    }

    /// Whether it is law on `day`: its effective day has come, or, without one, it was in force
    /// when looked for.
    pub fn in_force_on(&self, day: NaiveDate) -> bool {
        match self.effective_day() {
            Some(from) => from <= day,
            None => self.status.as_deref() != Some("later"),
        }
    }

    /// `2026 HB 15 (Acts 2026, c. 123)`; an act whose number was not found, as the record says it.
    pub fn name(&self) -> String {
        let bill = match self.session {
            Some(year) => format!("{year} {}", self.bill),
            None => self.bill.trim_start_matches('(').trim_end_matches(')').to_string(),
        };
        match &self.chapter {
            Some(chapter) => format!("{bill} ({chapter})"),
            None => bill,
        }
    }
}

/// What the sessions since the checked text changed in one section.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Currency {
    /// The day the amendments were looked for.
    pub checked_on: String,
    /// The sessions looked at.
    #[serde(default)]
    pub sessions: Vec<i32>,
    pub found: Found,
    #[serde(default)]
    pub changes: Vec<Change>,
    /// Bills people may have read about that did not become law (vetoed, failed, continued).
    #[serde(default)]
    pub not_law: Vec<serde_json::Value>,
    #[serde(default)]
    pub note: String,
}

impl Currency {
    /// The line the section viewer shows: the changes in force on `day` and those to come, each
    /// with its day, and the date of the text that was checked (`text_of`, `YYYY-MM-DD`); or, when
    /// none was found, how old that text is.
    pub fn notice(&self, text_of: &str, day: NaiveDate) -> String {
        let text_date = long_date(text_of);
        let (now, later): (Vec<&Change>, Vec<&Change>) = self.changes.iter().partition(|c| c.in_force_on(day));
        let in_force = |c: &Change| match c.effective_day() {
            Some(from) => format!("{}, in force {}", c.name(), long_day(from)),
            None => c.name(),
        };
        let mut parts = Vec::new();
        if !now.is_empty() {
            let list: Vec<String> = now.iter().map(|c| in_force(c)).collect();
            parts.push(format!("Changed by {}; the text checked is of {text_date}.", join(&list)));
        }
        if !later.is_empty() {
            let list: Vec<String> = later
                .iter()
                .map(|c| match c.effective_day() {
                    Some(from) => format!("{} changes it from {}", c.name(), long_day(from)),
                    None => format!("{} changes it", c.name()),
                })
                .collect();
            let until = if now.is_empty() { format!("the text checked (of {text_date})") } else { "the law as it is now".to_string() };
            parts.push(format!("{}; until then {until} applies.", join(&list)));
        }
        if parts.is_empty() {
            let looked = long_date(&self.checked_on);
            let sessions = match (self.sessions.iter().min(), self.sessions.iter().max()) {
                (Some(a), Some(b)) if a != b => format!("the {a}–{b} sessions"),
                (Some(a), _) => format!("the {a} session"),
                _ => "later sessions".to_string(),
            };
            parts.push(match self.found {
                Found::Unclear => format!(
                    "Whether {sessions} changed this section could not be settled when it was looked for on {looked}; the text checked is of {text_date}: read the current text before relying on it."
                ),
                _ => format!("No change by {sessions} was found when it was looked for on {looked}; the text checked is of {text_date}."),
            });
        }
        parts.join(" ")
    }

    /// [`Currency::notice`] when an amendment was found (in force or to come), for an answer to
    /// quote beside the section; `None` when none was.
    pub fn change_notice(&self, text_of: &str, day: NaiveDate) -> Option<String> {
        (!self.changes.is_empty()).then(|| self.notice(text_of, day))
    }
}

/// The line for a section whose amendments were not looked for: how old its checked text is.
pub fn unswept_notice(text_of: &str) -> String {
    format!("The text checked is of {}; changes made since then were not looked for.", long_date(text_of))
}

fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join("; ")),
    }
}

/// `2023-04-09` → `April 9, 2023`; anything else as it is.
fn long_date(text: &str) -> String {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map(long_day).unwrap_or_else(|_| text.to_string())
}

fn long_day(day: NaiveDate) -> String {
    day.format("%B %-d, %Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(bill: &str, effective: Option<&str>) -> Change {
        Change { session: Some(2025), bill: bill.into(), effective: effective.map(str::to_string), ..Change::default() }
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn nothing_found_says_how_old_the_text_is_and_when_it_was_looked_for() {
        let none = Currency { checked_on: "2026-11-29".into(), sessions: vec![2023, 2024, 2025, 2026], ..Currency::default() };
        assert_eq!(
            none.notice("2023-04-09", day(2026, 11, 29)),
            "No change by the 2023–2026 sessions was found when it was looked for on November 29, 2026; the text checked is of April 9, 2023."
        );
        let unclear = Currency { found: Found::Unclear, ..none };
        assert!(
            unclear
                .notice("2023-04-09", day(2026, 11, 29))
                .starts_with("Whether the 2023–2026 sessions changed this section could not be settled")
        );
        assert_eq!(unswept_notice("2024-11-18"), "The text checked is of November 18, 2024; changes made since then were not looked for.");
    }

    #[test]
    fn changes_now_and_later_are_each_said_with_their_day() {
        let both = Currency {
            found: Found::Changes,
            changes: vec![change("HB 2123", Some("2025-07-01")), change("SB 1", None), change("HB 834", Some("2027-01-01"))],
            ..Currency::default()
        };
        assert_eq!(
            both.notice("2023-04-09", day(2026, 11, 29)),
            "Changed by 2025 HB 2123, in force July 1, 2025 and 2025 SB 1; the text checked is of April 9, 2023. \
             2025 HB 834 changes it from January 1, 2027; until then the law as it is now applies."
        );
        // The same record read as of a day after the later change: all three are in force.
        assert!(both.notice("2023-04-09", day(2027, 1, 1)).contains("2025 HB 834, in force January 1, 2027"));
        let undated_later = Change { status: Some("later".into()), ..change("HB 9", None) };
        assert!(!undated_later.in_force_on(day(2030, 1, 1)), "without a day, the status as looked for decides");
        let unnamed = Change { session: None, bill: "(not identified — 2023 or 2024 session)".into(), ..Change::default() };
        assert_eq!(unnamed.name(), "not identified — 2023 or 2024 session");
    }
}
