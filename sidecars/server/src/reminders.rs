//! When a deadline reminds the person, and what the reminder says.
//!
//! A deadline reminds at its *offsets*, chosen from a small vocabulary ([`OFFSETS`]):
//!
//! | offset | fires |
//! | --- | --- |
//! | `30d`, `14d`, `7d`, `3d`, `2d`, `1d` | at 08:00 local time, that many days before the deadline's day (for a hearing too: the morning is when people read them) |
//! | `morning` | at 08:00 on the day; for a hearing that starts before 09:00, an hour before it (never before that day's midnight) |
//! | `2h`, `1h` | that long before a hearing (a deadline with a `time`); nothing for an all-day deadline |
//!
//! A deadline's own offsets win, else its case's, else [`DEFAULT_OFFSETS`] (`7d`, `2d`,
//! `morning`). An empty list means "no reminders".
//!
//! Times are local wall time, turned into instants with a time zone given as a parameter (the
//! server passes `chrono::Local`, which honours `TZ`). Across a daylight-saving change a reminder
//! keeps its wall time: one at a local time that does not exist (the spring-forward gap) fires at
//! the first instant after the gap, one at a local time that happens twice (fall-back) fires at
//! the earlier.
//!
//! Each reminder has a key, `deadline/<id>/<offset>/<date>[T<HH:MM>]`, that names the deadline's
//! day and time: a deadline moved to another day or time makes new keys, so its old reminders
//! never fire and a dismissal never hides a reminder of the new schedule.
//!
//! ```
//! use chrono::{NaiveDate, Utc};
//! use proseva_server::reminders::{DEFAULT_OFFSETS, When, occurrences};
//!
//! let when = When { date: NaiveDate::from_ymd_opt(2026, 3, 9).unwrap(), time: None };
//! let due = occurrences(12, when, &DEFAULT_OFFSETS, &Utc);
//! assert_eq!(due[0].key, "deadline/12/7d/2026-03-09");
//! assert_eq!(due[0].at.to_rfc3339(), "2026-03-02T08:00:00+00:00");
//! ```
//!
//! Not for: deciding which reminders to show (the window does, with its own clock, through
//! `GET /api/reminders`; `crate::store::due_reminders` answers it) or the calendar file
//! (`crate::calendar`).

use std::fmt;

use chrono::{DateTime, Datelike, Days, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike, Utc};

use crate::fields::Fields;
use crate::lang::Lang;

/// The hour of the day (local wall time) a day's reminder fires.
pub const REMINDER_HOUR: u32 = 8;

/// When, relative to a deadline, a reminder fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Offset {
    /// At [`REMINDER_HOUR`] on the day this many days before.
    DaysBefore(u32),
    /// At [`REMINDER_HOUR`] on the day; an hour before a hearing that starts before 09:00.
    Morning,
    /// This long before a hearing; nothing for an all-day deadline.
    HoursBefore(u32),
}

/// Every offset there is, earliest first: the order lists of offsets are kept in.
pub const OFFSETS: [Offset; 9] = [
    Offset::DaysBefore(30),
    Offset::DaysBefore(14),
    Offset::DaysBefore(7),
    Offset::DaysBefore(3),
    Offset::DaysBefore(2),
    Offset::DaysBefore(1),
    Offset::Morning,
    Offset::HoursBefore(2),
    Offset::HoursBefore(1),
];

/// The reminders of a deadline whose case chose none: a week before, two days before, and the
/// morning of.
pub const DEFAULT_OFFSETS: [Offset; 3] = [Offset::DaysBefore(7), Offset::DaysBefore(2), Offset::Morning];

/// The most days before a deadline any offset fires.
pub const MAX_DAYS_BEFORE: i64 = 30;

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::DaysBefore(n) => write!(f, "{n}d"),
            Offset::Morning => f.write_str("morning"),
            Offset::HoursBefore(n) => write!(f, "{n}h"),
        }
    }
}

impl Offset {
    /// The offset named `name` (`7d`, `morning`, `2h`), if it is one of [`OFFSETS`].
    pub fn parse(name: &str) -> Option<Offset> {
        OFFSETS.into_iter().find(|o| o.to_string() == name)
    }

    /// Where it stands in [`OFFSETS`], for sorting.
    fn rank(self) -> usize {
        OFFSETS.iter().position(|o| *o == self).unwrap_or(OFFSETS.len())
    }

    /// The instant it fires for a deadline `when`, in `tz`; `None` when it does not apply (hours
    /// before an all-day deadline) or the date leaves the calendar.
    pub fn fires_at<Tz: TimeZone>(self, when: When, tz: &Tz) -> Option<DateTime<Utc>> {
        let at_reminder_hour = |date: NaiveDate| date.and_hms_opt(REMINDER_HOUR, 0, 0);
        match self {
            Offset::DaysBefore(days) => instant(at_reminder_hour(when.date.checked_sub_days(Days::new(days.into()))?)?, tz),
            Offset::Morning => {
                let morning = at_reminder_hour(when.date)?;
                let local = match when.time {
                    Some(time) if time < NaiveTime::from_hms_opt(REMINDER_HOUR + 1, 0, 0)? => {
                        let hour_before = when.date.and_time(time) - Duration::hours(1);
                        hour_before.max(when.date.and_hms_opt(0, 0, 0)?)
                    }
                    _ => morning,
                };
                instant(local, tz)
            }
            // Elapsed hours, not wall-clock ones: two hours before a 9:00 hearing is 7:00 even on
            // the night the clocks change.
            Offset::HoursBefore(hours) => {
                let start = instant(when.date.and_time(when.time?), tz)?;
                start.checked_sub_signed(Duration::hours(hours.into()))
            }
        }
    }
}

/// Reads the optional list of offsets `name` (e.g. `["7d","morning"]`): known offsets only, each
/// once, kept in the order of [`OFFSETS`]; `[]` is "no reminders", absent or `null` "not chosen".
pub fn read_offsets(f: &mut Fields<'_>, name: &str) -> Option<Vec<String>> {
    let raw = f.raw(name)?;
    let known = || OFFSETS.iter().map(Offset::to_string).collect::<Vec<_>>().join(", ");
    let Some(items) = raw.as_array() else {
        f.error(name, format!("must be a list of reminder offsets, e.g. [\"7d\", \"2d\", \"morning\"]; the offsets are: {}", known()));
        return None;
    };
    let mut offsets = Vec::new();
    for item in items {
        match item.as_str().map(str::trim).and_then(Offset::parse) {
            Some(offset) if !offsets.contains(&offset) => offsets.push(offset),
            Some(_) => {}
            None => {
                let shown: String = item.to_string().chars().take(40).collect();
                f.error(name, format!("{shown} is not a reminder offset; the offsets are: {}", known()));
                return None;
            }
        }
    }
    offsets.sort_by_key(|o| o.rank());
    Some(offsets.iter().map(Offset::to_string).collect())
}

/// Reads the optional time of day `name`, `HH:MM` on a 24-hour clock (`9:00` is read as `09:00`).
pub fn read_time(f: &mut Fields<'_>, name: &str) -> Option<String> {
    let text = f.text(name, 10)?;
    match parse_time(&text) {
        Some(time) => Some(time.format("%H:%M").to_string()),
        None => {
            f.error(name, "must be a time of day written HH:MM on a 24-hour clock, e.g. 09:00 or 14:30");
            None
        }
    }
}

/// `HH:MM` (or `H:MM`), 00:00 to 23:59.
fn parse_time(text: &str) -> Option<NaiveTime> {
    let (hours, minutes) = text.split_once(':')?;
    let digits = |s: &str, max_len| !s.is_empty() && s.len() <= max_len && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(hours, 2) || minutes.len() != 2 || !digits(minutes, 2) {
        return None;
    }
    NaiveTime::from_hms_opt(hours.parse().ok()?, minutes.parse().ok()?, 0)
}

/// A deadline's day, and its start for one with a time (a hearing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct When {
    pub date: NaiveDate,
    pub time: Option<NaiveTime>,
}

impl When {
    /// From a stored deadline's `date` (`YYYY-MM-DD`) and `time` (`HH:MM`).
    pub fn of(date: &str, time: Option<&str>) -> Option<When> {
        let date = NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
        let time = match time {
            Some(t) => Some(parse_time(t)?),
            None => None,
        };
        Some(When { date, time })
    }

    /// `2026-03-09`, or `2026-03-09T09:00` for a hearing: the end of a reminder's key.
    fn stamp(&self) -> String {
        match self.time {
            Some(time) => format!("{}T{}", self.date, time.format("%H:%M")),
            None => self.date.to_string(),
        }
    }

    /// The instant the deadline has passed: a hearing's start, or the end of a deadline's day.
    pub fn passes_at<Tz: TimeZone>(&self, tz: &Tz) -> Option<DateTime<Utc>> {
        match self.time {
            Some(time) => instant(self.date.and_time(time), tz),
            None => instant(self.date.succ_opt()?.and_hms_opt(0, 0, 0)?, tz),
        }
    }
}

/// The instant local wall time `local` names in `tz`. In a spring-forward gap, the first instant
/// after it (the first local minute that exists); in a fall-back overlap, the earlier instant.
pub fn instant<Tz: TimeZone>(local: NaiveDateTime, tz: &Tz) -> Option<DateTime<Utc>> {
    let earliest = |result: LocalResult<DateTime<Tz>>| match result {
        LocalResult::Single(t) => Some(t.with_timezone(&Utc)),
        LocalResult::Ambiguous(a, b) => Some(a.with_timezone(&Utc).min(b.with_timezone(&Utc))),
        LocalResult::None => None,
    };
    if let Some(at) = earliest(tz.from_local_datetime(&local)) {
        return Some(at);
    }
    // A gap is at most a day long (Samoa, 2011); a minute at a time finds its end.
    let mut probe = local.with_second(0)?.with_nanosecond(0)?;
    for _ in 0..(26 * 60) {
        probe = probe.checked_add_signed(Duration::minutes(1))?;
        if let Some(at) = earliest(tz.from_local_datetime(&probe)) {
            return Some(at);
        }
    }
    None
}

/// One time a deadline reminds the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    /// `deadline/<id>/<offset>/<date>[T<HH:MM>]`: the same for the same deadline, offset, day and
    /// time, and for nothing else.
    pub key: String,
    pub offset: Offset,
    pub at: DateTime<Utc>,
}

/// The key of the reminder `offset` of deadline `deadline_id` when it is due `when`.
pub fn key(deadline_id: i64, offset: Offset, when: When) -> String {
    format!("deadline/{deadline_id}/{offset}/{}", when.stamp())
}

/// The deadline a reminder key belongs to, if `key` is one this module makes.
pub fn deadline_of_key(key: &str) -> Option<i64> {
    let mut parts = key.split('/');
    let (Some("deadline"), Some(id), Some(offset), Some(stamp), None) =
        (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let id: i64 = id.parse().ok().filter(|&id| id > 0)?;
    let offset = Offset::parse(offset)?;
    let (date, time) = match stamp.split_once('T') {
        Some((date, time)) => (date, Some(parse_time(time)?)),
        None => (stamp, None),
    };
    let when = When { date: NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?, time };
    // Only the exact spelling this module writes, so one reminder has one key.
    (self::key(id, offset, when) == key).then_some(id)
}

/// Every reminder of deadline `deadline_id`, due `when`, at `offsets`, in time zone `tz`,
/// earliest first.
pub fn occurrences<Tz: TimeZone>(deadline_id: i64, when: When, offsets: &[Offset], tz: &Tz) -> Vec<Occurrence> {
    let mut found: Vec<Occurrence> = offsets
        .iter()
        .filter_map(|&offset| Some(Occurrence { key: key(deadline_id, offset, when), offset, at: offset.fires_at(when, tz)? }))
        .collect();
    found.sort_by_key(|o| (o.at, o.offset.rank()));
    found
}

/// The offsets a deadline reminds at: its own (`own`), else its case's, else [`DEFAULT_OFFSETS`].
pub fn offsets_for(own: Option<&[String]>, case: Option<&[String]>) -> Vec<Offset> {
    match own.or(case) {
        Some(names) => names.iter().filter_map(|n| Offset::parse(n)).collect(),
        None => DEFAULT_OFFSETS.to_vec(),
    }
}

/// Where a deadline happens: its own `location`, else, for a hearing (a deadline with a `time`),
/// its case's `court`.
pub fn place(location: Option<&str>, time: Option<&str>, court: Option<&str>) -> Option<String> {
    location.or_else(|| time.and(court)).map(str::to_string)
}

/// What a reminder is about, for its wording.
#[derive(Debug, Clone, Copy)]
pub struct About<'a> {
    pub title: &'a str,
    pub case_name: Option<&'a str>,
    pub place: Option<&'a str>,
    /// A day in court (kind `hearing`), with or without a time: it happens, it is not "due".
    pub hearing: bool,
}

/// A reminder in plain English, as read on `today` (local), e.g. "Hearing tomorrow 9:00 at 400
/// N. 9th St. — Smith v. Jones", "Note an appeal is due in 2 days (Mon 2 Mar) — Smith v. Jones",
/// "Deadline passed on Mon 2 Mar: Note an appeal — Smith v. Jones".
pub fn wording(about: About<'_>, when: When, today: NaiveDate, passed: bool) -> String {
    wording_in(Lang::En, about, when, today, passed)
}

/// [`wording`] in `lang`. In Spanish: "Audiencia mañana a las 9:00 en 400 N. 9th St. — Smith v.
/// Jones", "Apelar: vence en 2 días (lunes 2 de marzo) — Smith v. Jones", "Venció el plazo el
/// lunes 2 de marzo: Apelar — Smith v. Jones". The title, the place and the case name are the
/// person's (or the path's, already in the language the case was set up in) and stay as written.
pub fn wording_in(lang: Lang, about: About<'_>, when: When, today: NaiveDate, passed: bool) -> String {
    let place = about.place;
    let case = about.case_name.map(|c| format!(" — {c}")).unwrap_or_default();
    let title = about.title;
    let days_away = (when.date - today).num_days();
    match lang {
        Lang::En => {
            let day = |date: NaiveDate| {
                if date.year() == today.year() { date.format("%a %-d %b").to_string() } else { date.format("%a %-d %b %Y").to_string() }
            };
            let relative = match days_away {
                0 => "today".to_string(),
                1 => "tomorrow".to_string(),
                n => format!("in {n} days ({})", day(when.date)),
            };
            let place = place.map(|p| format!(" at {p}")).unwrap_or_default();
            match (when.time, passed) {
                (Some(time), false) => format!("{title} {relative} {}{place}{case}", time.format("%-H:%M")),
                (Some(time), true) => format!("{title} was on {} {}{place}{case}", day(when.date), time.format("%-H:%M")),
                (None, false) if about.hearing => format!("{title} {relative}{place}{case}"),
                (None, true) if about.hearing => format!("{title} was on {}{place}{case}", day(when.date)),
                (None, false) => format!("{title} is due {relative}{case}"),
                (None, true) => format!("Deadline passed on {}: {title}{case}", day(when.date)),
            }
        }
        Lang::Es => {
            // "lunes 2 de marzo", with the year when it is another year's.
            let day = |date: NaiveDate| {
                let named = lang.weekday_date(date);
                if date.year() == today.year() { named.trim_end_matches(&format!(" de {}", date.year())).to_string() } else { named }
            };
            let relative = match days_away {
                0 => "hoy".to_string(),
                1 => "mañana".to_string(),
                n => format!("en {n} días ({})", day(when.date)),
            };
            let place = place.map(|p| format!(" en {p}")).unwrap_or_default();
            match (when.time, passed) {
                (Some(time), false) => format!("{title} {relative} a las {}{place}{case}", time.format("%-H:%M")),
                (Some(time), true) => format!("{title} fue el {} a las {}{place}{case}", day(when.date), time.format("%-H:%M")),
                (None, false) if about.hearing => format!("{title} {relative}{place}{case}"),
                (None, true) if about.hearing => format!("{title} fue el {}{place}{case}", day(when.date)),
                (None, false) => format!("{title}: vence {relative}{case}"),
                (None, true) => format!("Venció el plazo el {}: {title}{case}", day(when.date)),
            }
        }
    }
}

/// The longest range `GET /api/reminders` answers for.
pub const MAX_RANGE_DAYS: i64 = 400;

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::New_York;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn all_day(y: i32, m: u32, d: u32) -> When {
        When { date: date(y, m, d), time: None }
    }

    fn at(y: i32, m: u32, d: u32, hh: u32, mm: u32) -> When {
        When { date: date(y, m, d), time: NaiveTime::from_hms_opt(hh, mm, 0) }
    }

    fn fired(when: When, offsets: &[Offset]) -> Vec<(String, String)> {
        occurrences(7, when, offsets, &New_York)
            .into_iter()
            .map(|o| (o.offset.to_string(), o.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)))
            .collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn day_reminders_keep_eight_in_the_morning_across_the_march_change() {
        // Clocks go forward at 02:00 on Sunday 8 March 2026 in New York (EST -5 → EDT -4).
        let due = fired(all_day(2026, 3, 10), &[Offset::DaysBefore(7), Offset::DaysBefore(2), Offset::DaysBefore(1), Offset::Morning]);
        assert_eq!(
            due,
            pairs(&[
                ("7d", "2026-03-03T13:00:00Z"), // 08:00 EST
                ("2d", "2026-03-08T12:00:00Z"), // 08:00 EDT, the morning of the change
                ("1d", "2026-03-09T12:00:00Z"),
                ("morning", "2026-03-10T12:00:00Z"),
            ])
        );
    }

    #[test]
    fn day_reminders_keep_eight_in_the_morning_across_the_november_change() {
        // Clocks go back at 02:00 on Sunday 1 November 2026 (EDT -4 → EST -5).
        let due = fired(all_day(2026, 11, 2), &DEFAULT_OFFSETS);
        assert_eq!(due, pairs(&[("7d", "2026-10-26T12:00:00Z"), ("2d", "2026-10-31T12:00:00Z"), ("morning", "2026-11-02T13:00:00Z")]));
    }

    #[test]
    fn hour_reminders_count_elapsed_hours_over_the_change() {
        // A 03:30 start on the night the clocks go forward: 03:30 EDT is 07:30Z; two real hours
        // before is 05:30Z, 00:30 EST.
        assert_eq!(fired(at(2026, 3, 8, 3, 30), &[Offset::HoursBefore(2)]), pairs(&[("2h", "2026-03-08T05:30:00Z")]));
        // A 9:00 hearing the morning after clocks go back.
        assert_eq!(
            fired(at(2026, 11, 2, 9, 0), &[Offset::HoursBefore(2), Offset::HoursBefore(1)]),
            pairs(&[("2h", "2026-11-02T12:00:00Z"), ("1h", "2026-11-02T13:00:00Z")])
        );
    }

    #[test]
    fn a_local_time_in_the_spring_gap_fires_when_the_gap_ends() {
        let gap = date(2026, 3, 8).and_hms_opt(2, 30, 0).unwrap();
        assert_eq!(instant(gap, &New_York), Some(utc("2026-03-08T07:00:00Z")), "03:00 EDT, the first instant after");
        // A 02:30 hearing that day: its start and "morning" (an hour before: 01:30 EST) exist.
        assert_eq!(fired(at(2026, 3, 8, 2, 30), &[Offset::Morning]), pairs(&[("morning", "2026-03-08T06:30:00Z")]));
    }

    #[test]
    fn a_local_time_in_the_autumn_overlap_fires_at_the_earlier_instant() {
        let twice = date(2026, 11, 1).and_hms_opt(1, 30, 0).unwrap();
        assert_eq!(instant(twice, &New_York), Some(utc("2026-11-01T05:30:00Z")), "01:30 EDT, not 01:30 EST");
        // "morning" of a 02:30 hearing that day is 01:30, which happens twice: the first.
        assert_eq!(fired(at(2026, 11, 1, 2, 30), &[Offset::Morning]), pairs(&[("morning", "2026-11-01T05:30:00Z")]));
    }

    #[test]
    fn morning_of_an_early_hearing_is_an_hour_before_it() {
        assert_eq!(fired(at(2026, 6, 1, 8, 30), &[Offset::Morning]), pairs(&[("morning", "2026-06-01T11:30:00Z")]));
        assert_eq!(fired(at(2026, 6, 1, 0, 20), &[Offset::Morning]), pairs(&[("morning", "2026-06-01T04:00:00Z")]), "not before midnight");
        assert_eq!(fired(at(2026, 6, 1, 14, 0), &[Offset::Morning]), pairs(&[("morning", "2026-06-01T12:00:00Z")]));
    }

    #[test]
    fn hour_offsets_do_nothing_for_an_all_day_deadline() {
        assert!(fired(all_day(2026, 6, 1), &[Offset::HoursBefore(2)]).is_empty());
    }

    #[test]
    fn keys_name_the_deadline_offset_and_schedule_and_nothing_else() {
        let hearing = at(2026, 3, 9, 9, 0);
        let k = key(12, Offset::DaysBefore(1), hearing);
        assert_eq!(k, "deadline/12/1d/2026-03-09T09:00");
        assert_eq!(deadline_of_key(&k), Some(12));
        assert_ne!(k, key(12, Offset::DaysBefore(1), at(2026, 3, 9, 10, 0)), "a moved hearing has new keys");
        assert_ne!(k, key(12, Offset::DaysBefore(1), all_day(2026, 3, 9)));
        for bad in [
            "",
            "deadline/12/1d",
            "deadline/0/1d/2026-03-09",
            "deadline/12/5d/2026-03-09",
            "deadline/12/1d/2026-02-30",
            "deadline/12/1d/2026-03-09T9:00",
            "deadline/12/1d/2026-03-09/x",
            "task/12/1d/2026-03-09",
            "deadline/+12/1d/2026-03-09",
        ] {
            assert_eq!(deadline_of_key(bad), None, "{bad}");
        }
    }

    #[test]
    fn offsets_are_read_known_once_and_in_order() {
        let body = serde_json::json!({"a": ["morning", "7d", "7d", " 2h "], "b": ["5d"], "c": "7d", "d": [], "e": [7]});
        let mut f = Fields::new(&body, &["a", "b", "c", "d", "e"], "field").unwrap();
        assert_eq!(read_offsets(&mut f, "a"), Some(vec!["7d".to_string(), "morning".to_string(), "2h".to_string()]));
        assert_eq!(read_offsets(&mut f, "d"), Some(vec![]));
        assert_eq!((read_offsets(&mut f, "b"), read_offsets(&mut f, "c"), read_offsets(&mut f, "e")), (None, None, None));
        let err = f.finish().unwrap_err().to_string();
        assert!(err.contains("b, c, e"), "{err}");
    }

    #[test]
    fn times_are_read_on_a_24_hour_clock() {
        let body = serde_json::json!({"a": "9:00", "b": "23:59", "c": "25:00", "d": "09:60", "e": "9", "f": "09:00:00", "g": "٠٩:٠٠", "h": "-1:00"});
        let mut f = Fields::new(&body, &["a", "b", "c", "d", "e", "f", "g", "h"], "field").unwrap();
        assert_eq!(read_time(&mut f, "a").as_deref(), Some("09:00"));
        assert_eq!(read_time(&mut f, "b").as_deref(), Some("23:59"));
        for bad in ["c", "d", "e", "f", "g", "h"] {
            assert_eq!(read_time(&mut f, bad), None, "{bad}");
        }
    }

    #[test]
    fn reminders_read_as_a_person_would_say_them() {
        let about = About { title: "Hearing", case_name: Some("Smith v. Jones"), place: Some("400 N. 9th St."), hearing: true };
        let hearing = at(2026, 3, 9, 9, 0);
        assert_eq!(wording(about, hearing, date(2026, 3, 8), false), "Hearing tomorrow 9:00 at 400 N. 9th St. — Smith v. Jones");
        assert_eq!(wording(about, hearing, date(2026, 3, 9), false), "Hearing today 9:00 at 400 N. 9th St. — Smith v. Jones");
        assert_eq!(wording(about, hearing, date(2026, 3, 10), true), "Hearing was on Mon 9 Mar 9:00 at 400 N. 9th St. — Smith v. Jones");
        let appeal = About { title: "Note an appeal", case_name: Some("Smith v. Jones"), place: None, hearing: false };
        assert_eq!(
            wording(appeal, all_day(2026, 3, 2), date(2026, 2, 28), false),
            "Note an appeal is due in 2 days (Mon 2 Mar) — Smith v. Jones"
        );
        assert_eq!(
            wording(appeal, all_day(2027, 1, 4), date(2026, 12, 28), false),
            "Note an appeal is due in 7 days (Mon 4 Jan 2027) — Smith v. Jones"
        );
        assert_eq!(
            wording(appeal, all_day(2026, 3, 2), date(2026, 3, 5), true),
            "Deadline passed on Mon 2 Mar: Note an appeal — Smith v. Jones"
        );
        let alone = About { title: "Pay the fine", case_name: None, place: None, hearing: false };
        assert_eq!(wording(alone, all_day(2026, 3, 2), date(2026, 3, 2), false), "Pay the fine is due today");
        // A court date without a time happens; it is not "due".
        let court = About { title: "Go to the first court date", case_name: Some("Elm St."), place: Some("Richmond GDC"), hearing: true };
        assert_eq!(
            wording(court, all_day(2026, 3, 4), date(2026, 3, 2), false),
            "Go to the first court date in 2 days (Wed 4 Mar) at Richmond GDC — Elm St."
        );
        assert_eq!(
            wording(court, all_day(2026, 3, 4), date(2026, 3, 5), true),
            "Go to the first court date was on Wed 4 Mar at Richmond GDC — Elm St."
        );
    }

    #[test]
    fn reminders_read_in_spanish_with_spanish_days_and_the_persons_words_kept() {
        let es = |about, when, today, passed| wording_in(Lang::Es, about, when, today, passed);
        let about = About { title: "Audiencia", case_name: Some("Smith v. Jones"), place: Some("400 N. 9th St."), hearing: true };
        let hearing = at(2026, 3, 9, 9, 0);
        assert_eq!(es(about, hearing, date(2026, 3, 8), false), "Audiencia mañana a las 9:00 en 400 N. 9th St. — Smith v. Jones");
        assert_eq!(es(about, hearing, date(2026, 3, 9), false), "Audiencia hoy a las 9:00 en 400 N. 9th St. — Smith v. Jones");
        assert_eq!(
            es(about, hearing, date(2026, 3, 10), true),
            "Audiencia fue el lunes 9 de marzo a las 9:00 en 400 N. 9th St. — Smith v. Jones"
        );
        let appeal = About { title: "Apelar", case_name: Some("Smith v. Jones"), place: None, hearing: false };
        assert_eq!(
            es(appeal, all_day(2026, 3, 2), date(2026, 2, 28), false),
            "Apelar: vence en 2 días (lunes 2 de marzo) — Smith v. Jones"
        );
        assert_eq!(
            es(appeal, all_day(2027, 1, 4), date(2026, 12, 28), false),
            "Apelar: vence en 7 días (lunes 4 de enero de 2027) — Smith v. Jones"
        );
        assert_eq!(es(appeal, all_day(2026, 3, 2), date(2026, 3, 5), true), "Venció el plazo el lunes 2 de marzo: Apelar — Smith v. Jones");
        let court =
            About { title: "Vaya a la primera fecha de corte", case_name: Some("Elm St."), place: Some("Richmond GDC"), hearing: true };
        assert_eq!(
            es(court, all_day(2026, 3, 4), date(2026, 3, 2), false),
            "Vaya a la primera fecha de corte en 2 días (miércoles 4 de marzo) en Richmond GDC — Elm St."
        );
        // English is `wording`, unchanged.
        assert_eq!(
            wording_in(Lang::En, appeal, all_day(2026, 3, 2), date(2026, 3, 5), true),
            wording(appeal, all_day(2026, 3, 2), date(2026, 3, 5), true)
        );
    }
}
