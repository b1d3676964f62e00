//! Sections with two versions, and which one is in effect on a given day.
//!
//! When an act amends a section from a later date, the LIS title files list the section twice:
//! two rows with the same `Section`, whose catchlines carry a note such as "(Effective until July
//! 1, 2025)" and "(Effective July 1, 2025)"; a pair that waits on an event ends "(Contingent
//! expiration date)" and "(Contingent effective date)". [`parse_catchline`] reads the note (at the
//! end of the catchline, or at its start as the site's pages show it) and [`in_effect`] picks the
//! version in effect on a day. The choice is made from the dates alone, so it changes by itself
//! when the day passes: the graph keeps every version and chooses when it is read.
//!
//! ```
//! use chrono::NaiveDate;
//! use proseva_law::versions::{in_effect, parse_catchline};
//! let (heading, old) = parse_catchline("Courthouse; posting of notices (Effective until July 1, 2025)");
//! let (_, new) = parse_catchline("Courthouse; posting of notices (Effective July 1, 2025)");
//! assert_eq!(heading, "Courthouse; posting of notices");
//! let day = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
//! assert_eq!(in_effect(&[old.unwrap().validity, new.unwrap().validity], day), Some(1));
//! ```

use chrono::NaiveDate;

/// When a version applies, as its catchline says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validity {
    /// In effect before this day ("Effective until July 1, 2025").
    Until(NaiveDate),
    /// In effect from this day on ("Effective July 1, 2025").
    From(NaiveDate),
    /// In effect from the first day until the second.
    Between(NaiveDate, NaiveDate),
    /// In effect until an event the act names happens ("Contingent expiration date").
    ContingentExpiration,
    /// In effect only once that event happens ("Contingent effective date").
    ContingentEffective,
}

/// The note a catchline carries: when the version applies, and the note as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionNote {
    pub validity: Validity,
    /// As the catchline wrote it, without the parentheses: `Effective until July 1, 2025`.
    pub label: String,
}

impl Validity {
    /// Whether this version applies on `day` (a contingent effective version never does until
    /// the site publishes it without the note).
    pub fn applies_on(self, day: NaiveDate) -> bool {
        match self {
            Validity::Until(until) => day < until,
            Validity::From(from) => day >= from,
            Validity::Between(from, until) => from <= day && day < until,
            Validity::ContingentExpiration => true,
            Validity::ContingentEffective => false,
        }
    }

    /// The day it starts, when the note gives one.
    pub fn starts(self) -> Option<NaiveDate> {
        match self {
            Validity::From(d) | Validity::Between(d, _) => Some(d),
            _ => None,
        }
    }

    /// The day it ends, when the note gives one.
    pub fn ends(self) -> Option<NaiveDate> {
        match self {
            Validity::Until(d) | Validity::Between(_, d) => Some(d),
            _ => None,
        }
    }

    /// `expiration` or `effective` for a contingent version.
    pub fn contingency(self) -> Option<&'static str> {
        match self {
            Validity::ContingentExpiration => Some("expiration"),
            Validity::ContingentEffective => Some("effective"),
            _ => None,
        }
    }

    /// Back from what the graph stores.
    pub fn from_parts(from: Option<NaiveDate>, until: Option<NaiveDate>, contingency: Option<&str>) -> Option<Validity> {
        match (from, until, contingency) {
            (_, _, Some("expiration")) => Some(Validity::ContingentExpiration),
            (_, _, Some("effective")) => Some(Validity::ContingentEffective),
            (Some(f), Some(u), _) => Some(Validity::Between(f, u)),
            (Some(f), None, _) => Some(Validity::From(f)),
            (None, Some(u), _) => Some(Validity::Until(u)),
            (None, None, _) => None,
        }
    }
}

/// Splits a catchline into its heading and its version note, if it has one. The heading loses
/// the note and a final period (catchlines of 2023 and earlier end in one).
pub fn parse_catchline(catchline: &str) -> (String, Option<VersionNote>) {
    let mut heading = catchline.trim().to_string();
    let mut note = None;
    let mut search_from = 0;
    // Each ')' with the nearest '(' before it, so a stray '(' does not hide a note.
    while let Some(close) = heading[search_from..].find(')').map(|i| i + search_from) {
        let Some(open) = heading[..close].rfind('(') else {
            search_from = close + 1;
            continue;
        };
        let inside = heading[open + 1..close].trim().trim_end_matches('.').trim().to_string();
        match parse_note(&inside) {
            Some(validity) => {
                // The first note is the version's; any other is removed from the heading too.
                if note.is_none() {
                    note = Some(VersionNote { validity, label: inside });
                }
                heading.replace_range(open..=close, "");
                search_from = open;
            }
            None => search_from = close + 1,
        }
    }
    let mut heading = heading.split_whitespace().collect::<Vec<_>>().join(" ").replace(" ,", ",").replace(" ;", ";");
    heading = heading.trim_matches(|c: char| c == ' ' || c == ';' || c == ',').to_string();
    if heading.ends_with('.') && !heading.ends_with("etc.") {
        heading.pop();
    }
    (heading, note)
}

fn parse_note(inside: &str) -> Option<Validity> {
    let lower = inside.to_ascii_lowercase();
    let lower = lower.trim();
    match lower {
        "contingent expiration date" | "contingent expiration" => return Some(Validity::ContingentExpiration),
        "contingent effective date" | "contingent effective" => return Some(Validity::ContingentEffective),
        _ => {}
    }
    if let Some(rest) = lower.strip_prefix("effective until ").or_else(|| lower.strip_prefix("expires ")) {
        return parse_date(rest).map(Validity::Until);
    }
    let rest = lower.strip_prefix("effective on ").or_else(|| lower.strip_prefix("effective "))?;
    match rest.split_once(" until ") {
        Some((from, until)) => Some(Validity::Between(parse_date(from.trim_end_matches(','))?, parse_date(until)?)),
        None => parse_date(rest).map(Validity::From),
    }
}

/// `July 1, 2025`, `Jan. 1, 2026`, `7/1/2025` or `2025-07-01`.
fn parse_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim().trim_end_matches(['.', ',']).trim();
    if let Ok(d) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(d);
    }
    if let Ok(d) = NaiveDate::parse_from_str(text, "%m/%d/%Y") {
        return Some(d);
    }
    let words: Vec<&str> = text.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let [month, day, year] = words.as_slice() else { return None };
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let month = month.trim_end_matches('.').to_ascii_lowercase();
    let month = MONTHS.iter().position(|m| month.starts_with(m) && month.len() >= 3)? as u32 + 1;
    NaiveDate::from_ymd_opt(year.parse().ok()?, month, day.parse().ok()?)
}

/// Which of a section's versions is in effect on `day`: the one that applies (the latest to
/// start, when several do); `None` when none does (every version has expired or waits).
pub fn in_effect(versions: &[Validity], day: NaiveDate) -> Option<usize> {
    versions.iter().enumerate().filter(|(_, v)| v.applies_on(day)).max_by_key(|(i, v)| (v.starts(), std::cmp::Reverse(*i))).map(|(i, _)| i)
}

/// Which version is in effect on `day` (`None` when none is) and which to show: the one in effect,
/// else [`fallback`].
pub fn choose(versions: &[Validity], day: NaiveDate) -> (Option<usize>, usize) {
    let current = in_effect(versions, day);
    (current, current.unwrap_or_else(|| fallback(versions, day)))
}

/// The version to show when none is in effect: the last to have started, else the first.
pub fn fallback(versions: &[Validity], day: NaiveDate) -> usize {
    versions
        .iter()
        .enumerate()
        .filter(|(_, v)| v.starts().is_none_or(|s| s <= day) && *v != &Validity::ContingentEffective)
        .max_by_key(|(_, v)| v.starts())
        .map_or(0, |(i, _)| i)
}

/// The day the law is read as of: `PROSEVA_LAW_DATE` (`YYYY-MM-DD`, for tests and for reading the
/// law as it stood or will stand), else today on this computer's calendar.
pub fn law_date_from_env() -> NaiveDate {
    std::env::var("PROSEVA_LAW_DATE")
        .ok()
        .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok())
        .unwrap_or_else(|| chrono::Local::now().date_naive())
}

/// A date as a person reads it: `July 1, 2025`.
pub fn long_date(day: NaiveDate) -> String {
    day.format("%B %-d, %Y").to_string()
}

/// One sentence on a version beside the one in effect on `day`, for the section viewer and
/// answers: when the other takes (or took) effect, or what it waits on.
pub fn notice(current: Validity, other: Validity, day: NaiveDate) -> String {
    match (current, other) {
        (_, Validity::ContingentEffective) => {
            "Another version takes effect only if an event named by the General Assembly happens (contingent effective date); until then this one applies.".into()
        }
        (Validity::ContingentExpiration, _) => "This version applies until an event named by the General Assembly happens (contingent expiration date).".into(),
        (Validity::ContingentEffective, _) => {
            "This version has taken effect on an event named by the General Assembly (contingent effective date).".into()
        }
        (_, other) if other.starts().is_some_and(|s| s > day) => {
            format!("A new version takes effect {}.", long_date(other.starts().unwrap_or(day)))
        }
        (current, _) => match current.starts() {
            Some(start) => format!("This version took effect {}; the earlier one is kept here too.", long_date(start)),
            None => match current.ends() {
                Some(end) => format!("This version is in effect until {}.", long_date(end)),
                None => "Another version of this section is kept here too.".into(),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn notes_are_read_at_the_end_or_the_start_of_a_catchline() {
        let (h, n) = parse_catchline("Definitions (Effective until July 1, 2025)");
        assert_eq!((h.as_str(), n.unwrap().validity), ("Definitions", Validity::Until(d(2025, 7, 1))));
        let (h, n) = parse_catchline("(Effective July 1, 2025) Definitions");
        assert_eq!((h.as_str(), n.unwrap().validity), ("Definitions", Validity::From(d(2025, 7, 1))));
        let (h, n) = parse_catchline("Sales tax; rate (Contingent expiration date)");
        assert_eq!((h.as_str(), n.unwrap().label.as_str()), ("Sales tax; rate", "Contingent expiration date"));
        let (_, n) = parse_catchline("Sales tax (Contingent effective date).");
        assert_eq!(n.unwrap().validity, Validity::ContingentEffective);
        let (_, n) = parse_catchline("Fees (Effective January 1, 2026, until July 1, 2027)");
        assert_eq!(n.unwrap().validity, Validity::Between(d(2026, 1, 1), d(2027, 7, 1)));
    }

    #[test]
    fn other_parentheses_and_old_periods() {
        let (h, n) = parse_catchline("Powers of the Authority (VHDA).");
        assert_eq!((h.as_str(), n), ("Powers of the Authority (VHDA)", None));
        let (h, _) = parse_catchline("Contents and designation of Code.");
        assert_eq!(h, "Contents and designation of Code");
        let (h, n) = parse_catchline("Leave (Effective until Sept. 1, 2024), etc.");
        assert_eq!((h.as_str(), n.unwrap().validity), ("Leave, etc.", Validity::Until(d(2024, 9, 1))));
    }

    #[test]
    fn the_version_in_effect_follows_the_day() {
        let pair = [Validity::Until(d(2027, 7, 1)), Validity::From(d(2027, 7, 1))];
        assert_eq!(in_effect(&pair, d(2027, 6, 30)), Some(0));
        assert_eq!(in_effect(&pair, d(2027, 7, 1)), Some(1), "the new version applies on its first day");
        let contingent = [Validity::ContingentExpiration, Validity::ContingentEffective];
        assert_eq!(in_effect(&contingent, d(2030, 1, 1)), Some(0));
        let expired = [Validity::Until(d(2020, 1, 1))];
        assert_eq!(in_effect(&expired, d(2026, 1, 1)), None);
        assert_eq!(fallback(&expired, d(2026, 1, 1)), 0);
        let both = [Validity::From(d(2024, 7, 1)), Validity::From(d(2025, 7, 1))];
        assert_eq!(in_effect(&both, d(2026, 1, 1)), Some(1), "the later start wins");
    }

    #[test]
    fn notices_say_what_the_other_version_is() {
        let day = d(2026, 11, 26);
        assert_eq!(notice(Validity::Until(d(2027, 7, 1)), Validity::From(d(2027, 7, 1)), day), "A new version takes effect July 1, 2027.");
        assert!(
            notice(Validity::From(d(2025, 7, 1)), Validity::Until(d(2025, 7, 1)), day).starts_with("This version took effect July 1, 2025")
        );
        assert!(notice(Validity::ContingentExpiration, Validity::ContingentEffective, day).contains("contingent effective date"));
    }

    #[test]
    fn dates_in_the_forms_the_site_writes() {
        assert_eq!(parse_date("July 1, 2025"), Some(d(2025, 7, 1)));
        assert_eq!(parse_date("Jan. 1, 2026"), Some(d(2026, 1, 1)));
        assert_eq!(parse_date("7/1/2025"), Some(d(2025, 7, 1)));
        assert_eq!(parse_date("the first of July"), None);
        assert_eq!(parse_date("February 30, 2025"), None);
    }
}
