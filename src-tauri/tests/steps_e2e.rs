//! Deadlines that reach the person, in the real window: an eviction case given its kind and its
//! return date shows its step-by-step path and the next step; the return date becomes a hearing in
//! the case's deadlines; "Add to my calendar" writes an .ics file another calendar reads; the
//! reminder two days before fires as a notification (read from the app's log of what it showed,
//! since Xvfb has no notification daemon); and after a relaunch with the clock moved on, what came
//! due while the app was closed is shown first, until dismissed.
//!
//! Time is the test's: the app reads "now" from `PROSEVA_CLOCK_FILE`, and the app and its sidecars
//! run in `TZ=America/New_York`. Needs what `e2e.rs` needs. Screenshots go to
//! `$PROSEVA_SCREENSHOT_DIR` when it is set.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;
use support::{LONG, Session, launch, press, quit_leaving_nothing, save_screenshot, sidecar_pids, text_of};

const CASE_NAME: &str = "Elm St. eviction";
const COURT: &str = "Richmond General District Court";
/// Monday 2 March 2026, 08:00 in Richmond: two days before the return date.
const MONDAY_8AM: &str = "2026-03-02T13:00:00Z";
const MONDAY_9AM: &str = "2026-03-02T14:00:00Z";
const RETURN_DATE: &str = "2026-03-04";
/// Wednesday 4 March, 10:00 in Richmond: the morning-of reminder (08:00) came while the app was closed.
const WEDNESDAY_10AM: &str = "2026-03-04T15:00:00Z";

fn set_clock(file: &Path, now: &str) {
    let part = file.with_extension("part");
    std::fs::write(&part, now).unwrap();
    std::fs::rename(&part, file).unwrap();
}

/// The notifications the app says it showed (its log), once at least `count` are there.
fn notifications(data: &Path, count: usize, limit: Duration) -> Vec<Value> {
    let log = data.join("logs/notifications.jsonl");
    let deadline = Instant::now() + limit;
    loop {
        let lines: Vec<Value> =
            std::fs::read_to_string(&log).unwrap_or_default().lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        if lines.len() >= count || Instant::now() > deadline {
            return lines;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn env(data: &Path, exports: &Path, clock: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("PROSEVA_DATA_DIR", data.display().to_string()),
        ("PROSEVA_SECRETS", "file".into()),
        ("PROSEVA_NO_DIALOG", "1".into()),
        ("PROSEVA_EXPORT_DIR", exports.display().to_string()),
        ("PROSEVA_CLOCK_FILE", clock.display().to_string()),
        ("PROSEVA_REMINDER_POLL_MS", "300".into()),
        ("TZ", "America/New_York".into()),
    ]
}

fn set_date(session: &Session, key: &str, date: &str) {
    let input = session.wait_for(&format!("#ws-page-path input[data-date-key='{key}']"), LONG).unwrap();
    session
        .script(
            "const el = arguments[0]; el.value = arguments[1]; el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true}));",
            serde_json::json!([{ "element-6066-11e4-a52e-4f735466cecf": input }, date]),
        )
        .unwrap();
}

#[test]
fn an_eviction_case_shows_its_path_goes_into_the_calendar_and_reminds_the_person() {
    let data = tempfile::tempdir().unwrap();
    let exports = tempfile::tempdir().unwrap();
    let clock = data.path().join("clock.txt");
    set_clock(&clock, MONDAY_8AM);
    let (_xvfb, _driver, session) = launch(&env(data.path(), exports.path(), &clock));

    // The first case, then its kind and return date on its Step by step page.
    press(&session, "#tab-workspace");
    session.wait_for("#panel-workspace[data-state='first-run'] #first-case:not([hidden])", LONG).unwrap();
    session.type_text(&session.wait_for("#first-case-name", LONG).unwrap(), CASE_NAME).unwrap();
    press(&session, "#first-case-type option[value='landlord-tenant']");
    session.type_text(&session.wait_for("#first-case-court", LONG).unwrap(), COURT).unwrap();
    press(&session, "#first-case-submit");
    press(&session, "button[data-page='path']");
    press(&session, "#case-kind option[value='eviction-tenant']");
    set_date(&session, "returnDate", RETURN_DATE);
    press(&session, "#case-path-save");

    // The path: the first step is next; the first court date is on its step.
    let next = session.wait_for("#case-path .path-step[data-status='next']", LONG).unwrap();
    assert_eq!(session.attribute(&next, "data-step").unwrap().as_deref(), Some("notice"));
    // The pay-or-quit period in force today (2026 HB 15 / SB 48), and the defence a short one is.
    let notice = text_of(&session, "#case-path .path-step[data-step='notice']");
    assert!(notice.contains("14 days") && notice.contains("July 1, 2026") && notice.contains("not a proper notice"), "{notice}");
    let hearing = text_of(&session, "#case-path .path-step[data-step='first-hearing']");
    assert!(hearing.contains("Go to the first court date"), "{hearing}");
    assert!(hearing.contains("March 4") || hearing.contains("Mar 4") || hearing.contains(RETURN_DATE), "{hearing}");
    assert!(text_of(&session, "#ws-page-path").contains("general district court"), "which court");
    // The one-time question after the first deadline (the hearing the path made): not now.
    press(&session, "#start-at-login-no");
    session.wait_until("return document.querySelector('#start-at-login-prompt').hidden", LONG).unwrap();
    session
        .script(
            "document.querySelector('#case-path .path-step[data-status=\"next\"]').scrollIntoView({block: 'start'});",
            serde_json::json!([]),
        )
        .unwrap();
    save_screenshot(&session, "case-path.png");

    // Add to my calendar: one file, the hearing in it with a stable UID.
    press(&session, "#ws-page-path button.add-to-calendar[data-scope='case']");
    session.wait_for("#calendar-export-result[data-state='saved']", LONG).unwrap();
    let said = text_of(&session, "#calendar-export-result");
    let files: Vec<_> = std::fs::read_dir(exports.path()).unwrap().filter_map(Result::ok).map(|e| e.path()).collect();
    let ics = files.iter().find(|p| p.extension().is_some_and(|e| e == "ics")).unwrap_or_else(|| panic!("no .ics in {files:?}; {said}"));
    let text = std::fs::read_to_string(ics).unwrap();
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"), "{text}");
    assert!(text.contains("SUMMARY:Go to the first court date"), "{text}");
    assert!(text.contains("DTSTART;VALUE=DATE:20260304"), "{text}");
    assert!(text.contains("UID:deadline-"), "{text}");

    // An hour later, the reminder two days before has fired, once.
    set_clock(&clock, MONDAY_9AM);
    let shown = notifications(data.path(), 1, LONG);
    assert_eq!(shown.len(), 1, "{shown:?}");
    let body = shown[0]["body"].as_str().unwrap_or_default();
    assert!(body.contains("Go to the first court date in 2 days (Wed 4 Mar) at Richmond General District Court"), "{shown:?}");
    session.wait_for("#reminder-list li.reminder-item", LONG).unwrap();
    save_screenshot(&session, "reminder.png");
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(notifications(data.path(), 2, Duration::from_millis(10)).len(), 1, "a reminder is shown once");

    // Closed over Wednesday morning: on the next start it comes first.
    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
    set_clock(&clock, WEDNESDAY_10AM);
    let (_xvfb2, _driver2, session) = launch(&env(data.path(), exports.path(), &clock));
    let missed = text_of(&session, "#missed-reminders");
    assert!(missed.contains("While ProSeVA was closed"), "{missed}");
    assert!(missed.contains("Go to the first court date"), "{missed}");
    press(&session, "#missed-reminders li.reminder-item .reminder-dismiss");
    session.wait_until("return !document.querySelector('#missed-reminders li.reminder-item')", LONG).unwrap();
    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);

    // Dismissed: not again.
    let (_xvfb3, _driver3, session) = launch(&env(data.path(), exports.path(), &clock));
    std::thread::sleep(Duration::from_secs(2));
    assert!(session.find("#missed-reminders li.reminder-item").unwrap().is_none(), "a dismissed reminder does not come back");
    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}

/// A custody appeal from the J&DR court: the step for its writ tax and costs counts 10 days from
/// the order (§ 16.1-296.2), not the general district court's 30, with the date worked out; and
/// the sections it rests on say, in the section viewer, how current the law shown is — one a 2025
/// act changed since the text checked (§ 16.1-107), one no later act was found for (§ 16.1-296.2).
#[test]
fn a_custody_appeal_counts_its_writ_tax_in_ten_days_and_the_law_says_how_current_it_is() {
    let data = tempfile::tempdir().unwrap();
    let exports = tempfile::tempdir().unwrap();
    let clock = data.path().join("clock.txt");
    set_clock(&clock, "2026-11-03T14:00:00Z");
    let (_xvfb, _driver, session) = launch(&env(data.path(), exports.path(), &clock));

    press(&session, "#tab-workspace");
    session.wait_for("#panel-workspace[data-state='first-run'] #first-case:not([hidden])", LONG).unwrap();
    session.type_text(&session.wait_for("#first-case-name", LONG).unwrap(), "Custody appeal").unwrap();
    press(&session, "#first-case-type option[value='custody']");
    session
        .type_text(&session.wait_for("#first-case-court", LONG).unwrap(), "Henrico Juvenile and Domestic Relations District Court")
        .unwrap();
    press(&session, "#first-case-submit");
    press(&session, "button[data-page='path']");
    press(&session, "#case-kind option[value='appeal-district']");
    // The order was entered on Monday 2 November 2026.
    set_date(&session, "judgmentDate", "2026-11-02");
    press(&session, "#case-path-save");

    let step = "#case-path .path-step[data-step='jdr-costs']";
    session.wait_for(step, LONG).unwrap();
    let jdr = text_of(&session, step);
    assert!(jdr.contains("within 10 days") && jdr.contains("no appeal is allowed"), "{jdr}");
    assert!(jdr.contains("November 12") || jdr.contains("Nov 12") || jdr.contains("2026-11-12"), "10 days from 2 November: {jdr}");
    let bond = text_of(&session, "#case-path .path-step[data-step='bond']");
    assert!(bond.contains("general district court") && (bond.contains("December 2") || bond.contains("Dec 2")), "{bond}");

    // § 16.1-296.2 from the step: no later act was found; the viewer says so, and how old the text is.
    session.script("document.querySelector(arguments[0])?.scrollIntoView({block: 'start'})", serde_json::json!([step])).unwrap();
    press(&session, &format!("{step} a.cite[data-source-id='16.1-296.2']"));
    session.wait_for("#section-viewer[open][data-state='ready'] #section-currency:not([hidden])", LONG).unwrap();
    let line = text_of(&session, "#section-currency-line");
    assert!(line.starts_with("No change by the 2023–2026 sessions was found"), "{line}");
    assert!(line.contains("April 9, 2023"), "{line}");
    session.script("document.querySelector('#section-viewer')?.close?.()", serde_json::json!([])).unwrap();

    // § 16.1-107 from the bond step: a 2025 act changed it; the viewer names it and lists it.
    press(&session, "#case-path .path-step[data-step='bond'] a.cite[data-source-id='16.1-107']");
    session.wait_for("#section-viewer[open][data-state='ready'] #section-currency:not([hidden])", LONG).unwrap();
    let line = text_of(&session, "#section-currency-line");
    assert!(line.starts_with("Changed by 2025 HB 2415 (Acts 2025, c. 684)"), "{line}");
    let changes = text_of(&session, "#section-changes");
    assert!(changes.contains("public housing authority"), "{changes}");
    session.script("document.querySelector('#section-currency')?.scrollIntoView({block: 'center'})", serde_json::json!([])).unwrap();
    save_screenshot(&session, "section-currency.png");
    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
