//! Which days a Virginia clerk's office is closed by law, and the next day it is open.
//!
//! Va. Code § 1-210 moves a deadline that falls on a Saturday, Sunday or legal holiday to the
//! next day that is none of these. The legal holidays are those of Va. Code § 2.2-3300:
//! New Year's Day (Jan 1), Martin Luther King, Jr., Day (3rd Monday in January), George
//! Washington Day (3rd Monday in February), Memorial Day (last Monday in May), Juneteenth
//! (June 19), Independence Day (July 4), Labor Day (1st Monday in September), Columbus Day and
//! Yorktown Victory Day (2nd Monday in October), Election Day (the Tuesday after the first
//! Monday in November), Veterans Day (Nov 11), Thanksgiving (4th Thursday in November) and the
//! Friday after it, and Christmas Day (Dec 25). When one of them falls on a Saturday the Friday
//! before is the holiday; on a Sunday, the Monday after.
//!
//! Not covered: days the Governor or the President declares, and days a clerk's office closes
//! for weather or emergencies (§ 1-210 moves deadlines past those too). Callers say so.

use chrono::{Datelike, Days, NaiveDate, Weekday};

use crate::lang::Lang;

/// One legal holiday as the courts keep it: `date` is the day offices close.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holiday {
    pub date: NaiveDate,
    pub name: &'static str,
    /// True when `date` is the weekday standing in for a holiday that falls on a weekend.
    pub observed: bool,
}

/// The holidays of § 2.2-3300 on the days they are kept in `year`, in date order. A holiday of
/// the next year kept on December 31 (New Year's Day on a Saturday) is included.
pub fn legal_holidays(year: i32) -> Vec<Holiday> {
    let mut days: Vec<Holiday> = [year, year + 1]
        .into_iter()
        .flat_map(statutory_days)
        .filter_map(|(date, name)| match date.weekday() {
            Weekday::Sat => Some(Holiday { date: date.checked_sub_days(Days::new(1))?, name, observed: true }),
            Weekday::Sun => Some(Holiday { date: date.checked_add_days(Days::new(1))?, name, observed: true }),
            _ => Some(Holiday { date, name, observed: false }),
        })
        .filter(|h| h.date.year() == year)
        .collect();
    days.sort_by_key(|h| h.date);
    days
}

/// The days named in § 2.2-3300 for `year`, before moving any off a weekend. Empty for a year
/// outside the calendar chrono can hold (no input may panic on a far-off year).
fn statutory_days(year: i32) -> Vec<(NaiveDate, &'static str)> {
    let fixed = |month, day| NaiveDate::from_ymd_opt(year, month, day);
    let nth = |month, weekday, n| NaiveDate::from_weekday_of_month_opt(year, month, weekday, n);
    let last_monday_of_may = (1..=5).rev().find_map(|n| NaiveDate::from_weekday_of_month_opt(year, 5, Weekday::Mon, n));
    let thanksgiving = nth(11, Weekday::Thu, 4);
    let day_after = |date: Option<NaiveDate>| date.and_then(|d| d.checked_add_days(Days::new(1)));
    [
        (fixed(1, 1), "New Year's Day"),
        (nth(1, Weekday::Mon, 3), "Martin Luther King, Jr., Day"),
        (nth(2, Weekday::Mon, 3), "George Washington Day"),
        (last_monday_of_may, "Memorial Day"),
        (fixed(6, 19), "Juneteenth"),
        (fixed(7, 4), "Independence Day"),
        (nth(9, Weekday::Mon, 1), "Labor Day"),
        (nth(10, Weekday::Mon, 2), "Columbus Day and Yorktown Victory Day"),
        (day_after(nth(11, Weekday::Mon, 1)), "Election Day"),
        (fixed(11, 11), "Veterans Day"),
        (thanksgiving, "Thanksgiving Day"),
        (day_after(thanksgiving), "the day after Thanksgiving"),
        (fixed(12, 25), "Christmas Day"),
    ]
    .into_iter()
    .filter_map(|(date, name)| Some((date?, name)))
    .collect()
}

/// Why the clerk's office is closed on `date` by law, or `None` if it is open.
pub fn closed_because(date: NaiveDate) -> Option<String> {
    closed_because_in(date, Lang::En)
}

/// [`closed_because`] in `lang`: "a legal holiday (Thanksgiving Day, § 2.2-3300)", "un día feriado
/// oficial (Día de Acción de Gracias, § 2.2-3300)".
pub fn closed_because_in(date: NaiveDate, lang: Lang) -> Option<String> {
    match (date.weekday(), lang) {
        (Weekday::Sat, Lang::En) => return Some("a Saturday".into()),
        (Weekday::Sun, Lang::En) => return Some("a Sunday".into()),
        (Weekday::Sat, Lang::Es) => return Some("un sábado".into()),
        (Weekday::Sun, Lang::Es) => return Some("un domingo".into()),
        _ => {}
    }
    legal_holidays(date.year()).into_iter().find(|h| h.date == date).map(|h| match (lang, h.observed) {
        (Lang::En, true) => format!("a legal holiday ({} observed, § 2.2-3300)", h.name),
        (Lang::En, false) => format!("a legal holiday ({}, § 2.2-3300)", h.name),
        (Lang::Es, true) => format!("un día feriado oficial ({}, que se observa ese día, § 2.2-3300)", spanish_name(h.name)),
        (Lang::Es, false) => format!("un día feriado oficial ({}, § 2.2-3300)", spanish_name(h.name)),
    })
}

/// A holiday's name in Spanish, the English name after it where it is the one people know.
fn spanish_name(english: &str) -> &'static str {
    match english {
        "New Year's Day" => "Año Nuevo",
        "Martin Luther King, Jr., Day" => "Día de Martin Luther King, Jr.",
        "George Washington Day" => "Día de George Washington",
        "Memorial Day" => "Día de los Caídos (Memorial Day)",
        "Juneteenth" => "Día de la Emancipación (Juneteenth)",
        "Independence Day" => "Día de la Independencia",
        "Labor Day" => "Día del Trabajo",
        "Columbus Day and Yorktown Victory Day" => "Día de Colón y Día de la Victoria de Yorktown",
        "Election Day" => "Día de las Elecciones",
        "Veterans Day" => "Día de los Veteranos",
        "Thanksgiving Day" => "Día de Acción de Gracias",
        "the day after Thanksgiving" => "el día después de Acción de Gracias",
        "Christmas Day" => "Navidad",
        _ => "un día feriado",
    }
}

/// `date` if the office is open then, else the next day it is, with each day skipped and why;
/// `None` only when that day would lie past the last date chrono can hold.
pub fn next_open_day(date: NaiveDate) -> Option<(NaiveDate, Vec<(NaiveDate, String)>)> {
    next_open_day_in(date, Lang::En)
}

/// [`next_open_day`] with the reasons in `lang`.
pub fn next_open_day_in(date: NaiveDate, lang: Lang) -> Option<(NaiveDate, Vec<(NaiveDate, String)>)> {
    let mut day = date;
    let mut skipped = Vec::new();
    while let Some(why) = closed_because_in(day, lang) {
        skipped.push((day, why));
        day = day.checked_add_days(Days::new(1))?;
    }
    Some((day, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_2025_calendar() {
        let got: Vec<(String, &str)> = legal_holidays(2025).into_iter().map(|h| (h.date.to_string(), h.name)).collect();
        let want = [
            ("2025-01-01", "New Year's Day"),
            ("2025-01-20", "Martin Luther King, Jr., Day"),
            ("2025-02-17", "George Washington Day"),
            ("2025-05-26", "Memorial Day"),
            ("2025-06-19", "Juneteenth"),
            ("2025-07-04", "Independence Day"),
            ("2025-09-01", "Labor Day"),
            ("2025-10-13", "Columbus Day and Yorktown Victory Day"),
            ("2025-11-04", "Election Day"),
            ("2025-11-11", "Veterans Day"),
            ("2025-11-27", "Thanksgiving Day"),
            ("2025-11-28", "the day after Thanksgiving"),
            ("2025-12-25", "Christmas Day"),
        ];
        assert_eq!(got, want.map(|(d, n)| (d.to_string(), n)));
    }

    #[test]
    fn weekend_holidays_move_to_the_nearest_weekday() {
        // July 4, 2026 is a Saturday; Christmas 2027 a Saturday; July 4, 2027 a Sunday.
        assert!(closed_because(d("2026-07-03")).unwrap().contains("Independence Day observed"));
        assert!(closed_because(d("2027-12-24")).unwrap().contains("Christmas Day observed"));
        assert!(closed_because(d("2027-07-05")).unwrap().contains("Independence Day observed"));
        // New Year's Day 2028 is a Saturday, so the office closes on Friday, December 31, 2027.
        assert!(closed_because(d("2027-12-31")).unwrap().contains("New Year's Day observed"));
        assert_eq!(legal_holidays(2028).first().map(|h| h.date), Some(d("2028-01-17")), "Jan 1 2028 is kept in 2027");
    }

    #[test]
    fn far_off_years_give_answers_not_panics() {
        assert!(legal_holidays(i32::MAX).is_empty());
        assert!(legal_holidays(262_142).len() > 10);
        assert_eq!(next_open_day(NaiveDate::MAX).map(|(d, _)| d).unwrap_or(NaiveDate::MAX), NaiveDate::MAX);
        assert!(next_open_day(NaiveDate::MIN).is_some());
    }

    #[test]
    fn ordinary_weekdays_are_open() {
        for day in ["2025-03-11", "2025-11-26", "2025-12-26", "2025-11-03"] {
            assert_eq!(closed_because(d(day)), None, "{day}");
        }
        assert_eq!(next_open_day(d("2025-03-11")), Some((d("2025-03-11"), vec![])));
    }

    #[test]
    fn rolling_forward_lists_every_closed_day() {
        let (open, skipped) = next_open_day(d("2025-11-27")).unwrap();
        assert_eq!(open, d("2025-12-01"));
        let days: Vec<String> = skipped.iter().map(|(d, _)| d.to_string()).collect();
        assert_eq!(days, ["2025-11-27", "2025-11-28", "2025-11-29", "2025-11-30"]);
    }

    #[test]
    fn the_reasons_are_said_in_spanish_too() {
        let (open, skipped) = next_open_day_in(d("2025-11-27"), Lang::Es).unwrap();
        assert_eq!(open, d("2025-12-01"));
        let reasons: Vec<&str> = skipped.iter().map(|(_, why)| why.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "un día feriado oficial (Día de Acción de Gracias, § 2.2-3300)",
                "un día feriado oficial (el día después de Acción de Gracias, § 2.2-3300)",
                "un sábado",
                "un domingo"
            ]
        );
        assert_eq!(
            closed_because_in(d("2027-12-24"), Lang::Es).as_deref(),
            Some("un día feriado oficial (Navidad, que se observa ese día, § 2.2-3300)")
        );
        // Every holiday has a Spanish name of its own.
        for h in legal_holidays(2025) {
            assert_ne!(spanish_name(h.name), "un día feriado", "{}", h.name);
        }
        assert_eq!(closed_because_in(d("2025-03-11"), Lang::Es), None);
    }
}
