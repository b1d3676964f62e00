//! The person's deadlines and hearings as an iCalendar file (RFC 5545), for their own calendar
//! (Google Calendar, Outlook, Apple Calendar): imported once, or subscribed to on this computer.
//!
//! What goes in each event (one `VEVENT` per deadline):
//!
//! - `UID:deadline-<id>@proseva.local`, the same on every export, so importing again updates the
//!   event instead of adding a second; `SEQUENCE` counts the seconds from the deadline's creation
//!   to its latest change (or its case's), so it is 0 when made and grows with every change;
//!   `DTSTAMP` and `LAST-MODIFIED` are that latest change, `CREATED` the deadline's creation.
//!   Nothing in the file depends on when it was exported: two exports of the same data are equal.
//! - A deadline without a time is an all-day event (`DTSTART;VALUE=DATE`, `DTEND` the next day,
//!   `TRANSP:TRANSPARENT`, a floating date, as all-day events are). A deadline with a time (a
//!   hearing) is an hour-long timed event written in UTC (`...Z`), converted from local wall time
//!   with the server's time zone as [`crate::reminders::instant`] does, with `LOCATION` (the
//!   deadline's location, else its case's court).
//! - `SUMMARY` is "title — case name"; `DESCRIPTION` names the case (number, court), the rule and
//!   its citation, the rule's note and how the date was counted, and the deadline's notes.
//! - One `VALARM` (`ACTION:DISPLAY`) per reminder offset ([`crate::reminders`]), its `TRIGGER`
//!   relative to the start. For an all-day event the start is the day's midnight, so a day offset,
//!   08:00 that many days before, is `-P<n-1>DT16H` (`7d` → `-P6DT16H`, `1d` → `-PT16H`) and
//!   `morning` is `PT8H`; `2h` and `1h` apply to hearings only. For a hearing the trigger is the
//!   exact time from the reminder to the start (`-PT25H` for `1d` before a 9:00 hearing), so the
//!   alarm fires when the window's reminder does.
//! - A deadline marked done stays in the file, so a re-import updates the copy already in the
//!   calendar: `STATUS:CANCELLED` with no alarms (calendars stop reminding and show it struck
//!   through), "Done: " before its summary, and "Marked done in ProSeVA." in its description.
//!   Others are `STATUS:CONFIRMED`.
//! - A *neutral* file ([`neutral_calendar`], for a person whose calendar someone else may see: a
//!   protective order) says nothing about the case: every `SUMMARY` (and alarm) is
//!   [`NEUTRAL_SUMMARY`], the calendar is named [`NEUTRAL_NAME`], and there is no `DESCRIPTION` or
//!   `LOCATION`. Times, UIDs, `SEQUENCE`, status and alarms are those of the full file, so one
//!   imported over the other updates the same events.
//!
//! Text is escaped (backslash, comma, semicolon, newline) and every line is folded at 75 octets
//! without splitting a UTF-8 character; lines end in CRLF. Control characters other than tab
//! and newline are dropped; a lone CR is a newline.

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};

use crate::deadline_rules;
use crate::reminders::{self, Offset, When};
use crate::store::cases::Case;
use crate::store::deadlines::Deadline;

/// Most octets on one line, not counting its CRLF (RFC 5545 § 3.1).
pub const MAX_LINE_OCTETS: usize = 75;

/// `PRODID` of every file this server writes.
pub const PRODID: &str = concat!("-//ProSeVA//ProSeVA Desktop ", env!("CARGO_PKG_VERSION"), "//EN");

/// Every event's summary in a neutral file: nothing about the deadline or the case.
pub const NEUTRAL_SUMMARY: &str = "ProSeVA reminder";

/// A neutral file's calendar name.
pub const NEUTRAL_NAME: &str = "ProSeVA";

/// A calendar file being written, one content line at a time.
#[derive(Debug, Default)]
pub struct Writer {
    out: String,
}

impl Writer {
    pub fn new() -> Self {
        Writer::default()
    }

    /// `name` (with any parameters, e.g. `DTSTART;VALUE=DATE`), a colon and `value`, which must
    /// already be in its type's form; folded, ending in CRLF.
    pub fn line(&mut self, name: &str, value: &str) {
        fold_into(&mut self.out, &format!("{name}:{value}"));
    }

    /// A TEXT property: `value` escaped.
    pub fn text(&mut self, name: &str, value: &str) {
        self.line(name, &escape_text(value));
    }

    /// The file.
    pub fn finish(self) -> String {
        self.out
    }
}

/// `value` as an iCalendar TEXT value: `\` `,` `;` escaped with a backslash, newlines (LF, CRLF or
/// a lone CR) as `\n`, other control characters but tab dropped.
pub fn escape_text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ',' => out.push_str("\\,"),
            ';' => out.push_str("\\;"),
            '\n' => out.push_str("\\n"),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\t' => out.push('\t'),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Appends `line` to `out`, folded so no line is longer than [`MAX_LINE_OCTETS`] (a continuation
/// starts with one space, which counts), never inside a UTF-8 character, each ending in CRLF.
pub fn fold_into(out: &mut String, line: &str) {
    let mut room = MAX_LINE_OCTETS;
    let mut used = 0;
    for c in line.chars() {
        let width = c.len_utf8();
        if used + width > room {
            out.push_str("\r\n ");
            room = MAX_LINE_OCTETS - 1;
            used = 0;
        }
        out.push(c);
        used += width;
    }
    out.push_str("\r\n");
}

/// One deadline to write, with its case.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    pub deadline: &'a Deadline,
    pub case: Option<&'a Case>,
}

/// The calendar file named `name` (`X-WR-CALNAME`) holding `entries`, hearings' times read in
/// time zone `tz`. Entries whose stored date cannot be read are left out.
pub fn calendar<Tz: TimeZone>(name: &str, entries: &[Entry<'_>], tz: &Tz) -> String {
    write_calendar(name, entries, tz, false)
}

/// The same events as [`calendar`] with nothing about the case in them: each is
/// [`NEUTRAL_SUMMARY`], without description or place, in a calendar named [`NEUTRAL_NAME`].
pub fn neutral_calendar<Tz: TimeZone>(entries: &[Entry<'_>], tz: &Tz) -> String {
    write_calendar(NEUTRAL_NAME, entries, tz, true)
}

fn write_calendar<Tz: TimeZone>(name: &str, entries: &[Entry<'_>], tz: &Tz, neutral: bool) -> String {
    let mut w = Writer::new();
    w.line("BEGIN", "VCALENDAR");
    w.line("VERSION", "2.0");
    w.line("PRODID", PRODID);
    w.line("CALSCALE", "GREGORIAN");
    w.text("X-WR-CALNAME", name);
    // Hints for a calendar subscribed to this file: look again every hour.
    w.line("REFRESH-INTERVAL;VALUE=DURATION", "PT1H");
    w.line("X-PUBLISHED-TTL", "PT1H");
    for entry in entries {
        event(&mut w, *entry, tz, neutral);
    }
    w.line("END", "VCALENDAR");
    w.finish()
}

/// `20260309T130000Z`.
fn utc_stamp(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

fn parse_stamp(stored: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(stored).ok().map(|t| t.with_timezone(&Utc))
}

fn date_value(date: NaiveDate) -> String {
    date.format("%Y%m%d").to_string()
}

/// A duration value: `-P6DT16H`, `PT8H`, `-PT25H30M`, `PT0S`. Days only when `nominal_days`.
fn duration_value(minutes: i64, nominal_days: bool) -> String {
    let sign = if minutes < 0 { "-" } else { "" };
    let mut left = minutes.unsigned_abs();
    if left == 0 {
        return "PT0S".into();
    }
    let mut out = format!("{sign}P");
    if nominal_days && left >= 24 * 60 {
        out.push_str(&format!("{}D", left / (24 * 60)));
        left %= 24 * 60;
    }
    if left > 0 {
        out.push('T');
        if left >= 60 {
            out.push_str(&format!("{}H", left / 60));
        }
        if !left.is_multiple_of(60) {
            out.push_str(&format!("{}M", left % 60));
        }
    }
    out
}

/// The alarm trigger of `offset` for an event starting `start` (instant; `None` for an all-day
/// event) on `when`; `None` if the offset does not apply.
fn trigger<Tz: TimeZone>(offset: Offset, when: When, start: Option<DateTime<Utc>>, tz: &Tz) -> Option<String> {
    match start {
        Some(start) => {
            let fires = offset.fires_at(when, tz)?;
            Some(duration_value((fires - start).num_minutes(), false))
        }
        None => {
            // Nominal wall time from the day's midnight, as the person's calendar counts it.
            let midnight = when.date.and_hms_opt(0, 0, 0)?;
            let fires = match offset {
                Offset::DaysBefore(days) => {
                    when.date.checked_sub_days(chrono::Days::new(days.into()))?.and_hms_opt(reminders::REMINDER_HOUR, 0, 0)?
                }
                Offset::Morning => when.date.and_hms_opt(reminders::REMINDER_HOUR, 0, 0)?,
                Offset::HoursBefore(_) => return None,
            };
            Some(duration_value((fires - midnight).num_minutes(), true))
        }
    }
}

/// What the event's description says: the case, the rule, how the date was counted, the notes.
fn description(deadline: &Deadline, case: Option<&Case>) -> String {
    let mut parts = Vec::new();
    if deadline.done {
        parts.push("Marked done in ProSeVA.".to_string());
    }
    if let Some(case) = case {
        let mut line = format!("Case: {}", case.name);
        if let Some(number) = &case.case_number {
            line.push_str(&format!(" ({number})"));
        }
        if let Some(court) = &case.court {
            line.push_str(&format!(", {court}"));
        }
        parts.push(line);
    }
    let rule = deadline.rule_id.as_deref().and_then(deadline_rules::rule);
    match (rule, &deadline.source_rule) {
        (Some(rule), _) => {
            parts.push(format!("Rule: {} ({})", rule.title, rule.citation));
            if !rule.note.is_empty() {
                parts.push(rule.note.clone());
            }
        }
        (None, Some(citation)) => parts.push(format!("Rule: {citation}")),
        (None, None) => {}
    }
    if let Some(note) = &deadline.date_note {
        parts.push(format!("How the date was counted: {note}"));
    }
    if let Some(notes) = &deadline.notes {
        parts.push(format!("Notes: {notes}"));
    }
    parts.push("From ProSeVA, on this computer. Not legal advice.".to_string());
    parts.join("\n")
}

/// One `VEVENT`; `neutral`: its summary is [`NEUTRAL_SUMMARY`], with no place or description.
fn event<Tz: TimeZone>(w: &mut Writer, entry: Entry<'_>, tz: &Tz, neutral: bool) {
    let Entry { deadline, case } = entry;
    let Some(when) = When::of(&deadline.date, deadline.time.as_deref()) else { return };
    let start = when.time.and_then(|time| reminders::instant(when.date.and_time(time), tz));
    let created = parse_stamp(&deadline.created_at);
    let changed = [Some(&deadline.updated_at), case.map(|c| &c.updated_at)].into_iter().flatten().filter_map(|s| parse_stamp(s)).max();
    let sequence = match (created, changed) {
        (Some(created), Some(changed)) => (changed - created).num_seconds().clamp(0, i64::from(i32::MAX)),
        _ => 0,
    };
    let summary = if neutral {
        NEUTRAL_SUMMARY.to_string()
    } else {
        let mut summary = deadline.title.clone();
        if let Some(case) = case {
            summary.push_str(&format!(" — {}", case.name));
        }
        if deadline.done { format!("Done: {summary}") } else { summary }
    };

    w.line("BEGIN", "VEVENT");
    w.line("UID", &format!("deadline-{}@proseva.local", deadline.id));
    w.line("DTSTAMP", &utc_stamp(changed.unwrap_or(DateTime::UNIX_EPOCH)));
    if let Some(created) = created {
        w.line("CREATED", &utc_stamp(created));
    }
    if let Some(changed) = changed {
        w.line("LAST-MODIFIED", &utc_stamp(changed));
    }
    w.line("SEQUENCE", &sequence.to_string());
    match start {
        Some(start) => {
            w.line("DTSTART", &utc_stamp(start));
            w.line("DTEND", &utc_stamp(start + Duration::hours(1)));
            w.line("TRANSP", "OPAQUE");
        }
        None => {
            w.line("DTSTART;VALUE=DATE", &date_value(when.date));
            w.line("DTEND;VALUE=DATE", &date_value(when.date.succ_opt().unwrap_or(when.date)));
            w.line("TRANSP", "TRANSPARENT");
        }
    }
    w.text("SUMMARY", &summary);
    if !neutral {
        if let Some(place) = reminders::place(deadline.location.as_deref(), deadline.time.as_deref(), case.and_then(|c| c.court.as_deref()))
        {
            w.text("LOCATION", &place);
        }
        w.text("DESCRIPTION", &description(deadline, case));
    }
    w.line("STATUS", if deadline.done { "CANCELLED" } else { "CONFIRMED" });
    if !deadline.done {
        let timed = start.map(|s| (s, when));
        for offset in reminders::offsets_for(deadline.reminders.as_deref(), case.and_then(|c| c.reminders.as_deref())) {
            let Some(trigger) = trigger(offset, when, timed.map(|t| t.0), tz) else { continue };
            w.line("BEGIN", "VALARM");
            w.line("ACTION", "DISPLAY");
            w.text("DESCRIPTION", &summary);
            w.line("TRIGGER", &trigger);
            w.line("END", "VALARM");
        }
    }
    w.line("END", "VEVENT");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded(line: &str) -> String {
        let mut out = String::new();
        fold_into(&mut out, line);
        out
    }

    #[test]
    fn text_is_escaped_as_rfc_5545_says() {
        assert_eq!(escape_text("Nguyễn, Thị; 'Smith'\nv. Jones \\ ok"), "Nguyễn\\, Thị\\; 'Smith'\\nv. Jones \\\\ ok");
        assert_eq!(escape_text("a\r\nb\rc\u{7}d\te"), "a\\nb\\ncd\te");
    }

    #[test]
    fn long_lines_fold_at_75_octets_between_characters() {
        let line = format!("DESCRIPTION:{}", "李".repeat(40));
        let out = folded(&line);
        for piece in out.split("\r\n").filter(|p| !p.is_empty()) {
            assert!(piece.len() <= MAX_LINE_OCTETS, "{} octets: {piece}", piece.len());
        }
        assert_eq!(out.replace("\r\n ", ""), format!("{line}\r\n"));
        assert_eq!(folded("SHORT:x"), "SHORT:x\r\n");
        let exactly = format!("X:{}", "a".repeat(73));
        assert_eq!(folded(&exactly), format!("{exactly}\r\n"), "75 octets stay on one line");
    }

    #[test]
    fn durations_are_written_as_rfc_5545_durations() {
        assert_eq!(duration_value(-(6 * 24 + 16) * 60, true), "-P6DT16H");
        assert_eq!(duration_value(-16 * 60, true), "-PT16H");
        assert_eq!(duration_value(8 * 60, true), "PT8H");
        assert_eq!(duration_value(-(25 * 60 + 30), false), "-PT25H30M");
        assert_eq!(duration_value(-30, false), "-PT30M");
        assert_eq!(duration_value(0, false), "PT0S");
    }
}
