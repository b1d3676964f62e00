//! Deadlines that reach the person, through Tauri's IPC on the mock runtime against a real case
//! data server on loopback: a case's step-by-step path and which court, the new record fields,
//! the calendar file in the exports folder, the reminder settings, and the reminder scheduler on
//! a clock the test moves — shown once, nothing twice, what came due while closed after a restart,
//! dismissed for good, and nothing shown (but the window told) with notifications off.

use crate::common;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Local, TimeZone, Utc};
use common::{App, app, app_with, ready};
use proseva_desktop::reminders::{Announcer, Clock, Reminders};
use proseva_desktop::settings::Discreet;
use serde_json::{Value, json};

/// What the scheduler asked to show and told the window, as a test sees it.
#[derive(Default)]
struct Recorder {
    notifications_off: bool,
    discreet: Discreet,
    shown: Mutex<Vec<(String, String)>>,
    fired: Mutex<Vec<Vec<Value>>>,
}

impl Announcer for Recorder {
    fn notifications_on(&self) -> bool {
        !self.notifications_off
    }
    fn discreet(&self) -> Discreet {
        self.discreet
    }
    fn show(&self, title: &str, body: &str) -> Result<(), String> {
        self.shown.lock().unwrap().push((title.to_string(), body.to_string()));
        Ok(())
    }
    fn fired(&self, reminders: &[Value]) {
        self.fired.lock().unwrap().push(reminders.to_vec());
    }
}

impl Recorder {
    fn shown(&self) -> Vec<(String, String)> {
        self.shown.lock().unwrap().clone()
    }
    fn fired(&self) -> Vec<Vec<Value>> {
        self.fired.lock().unwrap().clone()
    }
}

/// A wall-clock time in this machine's zone (the server's), as the clock file holds it.
fn local(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
    Local.with_ymd_and_hms(y, m, d, h, min, 0).single().expect("a time that exists once").with_timezone(&Utc)
}

fn set_clock(path: &Path, at: DateTime<Utc>) {
    std::fs::write(path, at.to_rfc3339()).unwrap();
}

/// The lines of the notification log, or none when it was never written.
fn logged(reminders: &Reminders) -> Vec<Value> {
    match std::fs::read_to_string(reminders.log_file()) {
        Ok(text) => text.lines().map(|l| serde_json::from_str(l).unwrap()).collect(),
        Err(_) => Vec::new(),
    }
}

/// The app, with reminders on a clock file in its data dir.
fn app_on_clock() -> (App, std::path::PathBuf) {
    let mut clock = None;
    let app = app_with(|state, dir| {
        let path = dir.join("clock");
        clock = Some(path.clone());
        state.with_reminders(Reminders::new(dir, Clock::File(path)))
    });
    (app, clock.unwrap())
}

fn create(app: &App, resource: &str, record: Value) -> Value {
    app.invoke("create_record", json!({"resource": resource, "record": record})).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_case_path_is_chosen_dated_and_ticked_off() {
    let app = app();
    let _sidecars = ready(&app).await;
    let kinds = app.invoke("path_kinds", json!({})).unwrap();
    let eviction = kinds["kinds"].as_array().unwrap().iter().find(|k| k["kind"] == "eviction-tenant").expect("the eviction path");
    assert!(eviction["dates"].as_array().unwrap().iter().any(|d| d["key"] == "returnDate"), "{eviction}");

    let case = create(&app, "cases", json!({"name": "Landlord LLC v. Doe"}));
    let case_id = case["id"].as_i64().unwrap();
    let err = app.invoke("case_path", json!({"caseId": case_id})).unwrap_err();
    assert_eq!(err["code"], "conflict", "no kind yet: {err}");

    let plan = app
        .invoke(
            "set_case_path",
            json!({"caseId": case_id, "kind": "eviction-tenant", "dates": {"returnDate": "2026-07-14"}, "amount": 2400}),
        )
        .unwrap();
    assert_eq!(plan["kind"], "eviction-tenant");
    assert!(plan["dates"].as_array().unwrap().iter().any(|d| d["key"] == "returnDate" && d["date"] == "2026-07-14"), "{plan}");
    let first = plan["steps"][0]["id"].as_str().unwrap().to_string();
    assert_ne!(plan["steps"][0]["status"], "done");
    // The return date is a hearing in the case's deadlines now.
    let deadlines = app.invoke("list_records", json!({"resource": "deadlines", "caseId": case_id})).unwrap();
    assert!(deadlines["items"].as_array().unwrap().iter().any(|d| d["date"] == "2026-07-14"), "{deadlines}");

    let ticked = app.invoke("tick_step", json!({"caseId": case_id, "stepId": first, "done": true})).unwrap();
    assert_eq!(ticked["steps"][0]["status"], "done", "the plan comes back with the step done: {ticked}");
    assert_eq!(app.invoke("case_path", json!({"caseId": case_id})).unwrap()["steps"][0]["status"], "done");
    let unticked = app.invoke("tick_step", json!({"caseId": case_id, "stepId": first, "done": false})).unwrap();
    assert_ne!(unticked["steps"][0]["status"], "done");
    let err = app.invoke("tick_step", json!({"caseId": case_id, "stepId": "../../cases", "done": true})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("stepId")), "{err}");
    let err = app.invoke("case_path", json!({"caseId": 9999})).unwrap_err();
    assert_eq!(err["code"], "not_found");

    let court = app.invoke("which_court", json!({"kind": "debt-defendant", "amount": 4000})).unwrap();
    assert_eq!(court["court"], "general-district", "{court}");
    assert!(court["why"].is_string() && court["sections"].is_array(), "{court}");
    let err = app.invoke("which_court", json!({"kind": "divorce-of-robots"})).unwrap_err();
    assert_eq!(err["code"], "not_found");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_new_fields_of_cases_and_deadlines_are_kept_and_bad_ones_named() {
    let app = app();
    let _sidecars = ready(&app).await;
    let case = create(&app, "cases", json!({"name": "Commonwealth v. Roe", "kind": "traffic-misdemeanor", "reminders": ["3d", "morning"]}));
    assert_eq!((case["kind"].as_str(), case["reminders"].clone()), (Some("traffic-misdemeanor"), json!(["3d", "morning"])));
    let deadline = create(
        &app,
        "deadlines",
        json!({"caseId": case["id"], "title": "Trial", "date": "2026-09-15", "time": "09:30",
               "location": "Fairfax General District Court, 4110 Chain Bridge Rd", "reminders": ["1d", "2h"]}),
    );
    assert_eq!((deadline["time"].as_str(), deadline["reminders"].clone()), (Some("09:30"), json!(["1d", "2h"])));
    assert!(deadline["location"].as_str().unwrap().starts_with("Fairfax"));

    let changed = app
        .invoke("update_record", json!({"resource": "deadlines", "id": deadline["id"], "changes": {"time": "14:00", "reminders": null}}))
        .unwrap();
    assert_eq!((changed["time"].as_str(), changed["reminders"].clone()), (Some("14:00"), Value::Null));
    let changed = app.invoke("update_record", json!({"resource": "cases", "id": case["id"], "changes": {"amount": 1250.5}})).unwrap();
    assert_eq!(changed["amount"], 1250.5);
    assert_eq!(changed["kind"], "traffic-misdemeanor", "what was not changed stays");

    let err =
        app.invoke("update_record", json!({"resource": "deadlines", "id": deadline["id"], "changes": {"time": "25:00"}})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("time")), "{err}");
    let err =
        app.invoke("update_record", json!({"resource": "cases", "id": case["id"], "changes": {"reminders": ["fortnight"]}})).unwrap_err();
    assert_eq!(err["field"], "reminders", "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_calendar_goes_to_the_exports_folder_under_an_unused_name() {
    let app = app();
    let _sidecars = ready(&app).await;
    let mine = create(&app, "cases", json!({"name": "Smith v. Jones"}));
    let other = create(&app, "cases", json!({"name": "Other matter"}));
    let hearing = create(
        &app,
        "deadlines",
        json!({"caseId": mine["id"], "title": "Hearing; bring the lease, receipts", "date": "2026-10-05", "time": "09:00"}),
    );
    create(&app, "deadlines", json!({"caseId": mine["id"], "title": "Answer due", "date": "2026-09-28"}));
    create(&app, "deadlines", json!({"caseId": other["id"], "title": "Pay the fine", "date": "2026-09-30"}));

    let all = app.invoke("calendar_export", json!({})).unwrap();
    assert_eq!((all["fileName"].as_str(), all["events"].as_u64()), (Some("proseva-deadlines.ics"), Some(3)), "{all}");
    let text = std::fs::read_to_string(all["path"].as_str().unwrap()).unwrap();
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n") && text.contains("Hearing\\; bring the lease\\, receipts"), "{text}");
    assert!(Path::new(all["path"].as_str().unwrap()).starts_with(app.data_dir().join("own").join("Exports")));

    let again = app.invoke("calendar_export", json!({})).unwrap();
    assert_eq!(again["fileName"], "proseva-deadlines-2.ics", "never over the first");
    assert_eq!(std::fs::read_to_string(all["path"].as_str().unwrap()).unwrap(), text);

    let case = app.invoke("calendar_export", json!({"caseId": mine["id"]})).unwrap();
    assert_eq!((case["fileName"].clone(), case["events"].as_u64()), (json!(format!("proseva-case-{}.ics", mine["id"])), Some(2)));
    let one = app.invoke("calendar_export", json!({"deadlineId": hearing["id"]})).unwrap();
    assert_eq!(one["events"], 1);
    assert!(
        std::fs::read_to_string(one["path"].as_str().unwrap()).unwrap().contains(&format!("UID:deadline-{}@proseva.local", hearing["id"]))
    );

    // Neutral: the same events with nothing of the case.
    let quiet = app.invoke("calendar_export", json!({"caseId": mine["id"], "neutral": true})).unwrap();
    assert_eq!(quiet["events"], 2);
    let text = std::fs::read_to_string(quiet["path"].as_str().unwrap()).unwrap();
    assert!(text.contains("SUMMARY:ProSeVA reminder") && !text.contains("Smith") && !text.contains("Hearing"), "{text}");

    let err = app.invoke("calendar_export", json!({"caseId": mine["id"], "deadlineId": hearing["id"]})).unwrap_err();
    assert_eq!(err["field"], "deadlineId");
    let err = app.invoke("calendar_export", json!({"caseId": 9999})).unwrap_err();
    assert_eq!(err["code"], "not_found");
    let files = std::fs::read_dir(app.data_dir().join("own").join("Exports")).unwrap().count();
    assert_eq!(files, 5, "nothing written for what was refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminder_settings_change_one_at_a_time_and_start_at_login_needs_its_launcher() {
    let app = app();
    assert_eq!(
        app.invoke("reminder_settings", json!({})).unwrap(),
        json!({"notifications": true, "startAtLogin": false, "startAtLoginAsked": false, "discreet": "protectiveOrders"})
    );
    let changed = app.invoke("set_reminder_settings", json!({"notifications": false, "startAtLoginAsked": true})).unwrap();
    assert_eq!(changed, json!({"notifications": false, "startAtLogin": false, "startAtLoginAsked": true, "discreet": "protectiveOrders"}));
    let err = app.invoke("set_reminder_settings", json!({"discreet": "sometimes", "notifications": true})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("discreet")), "{err}");
    assert_eq!(app.invoke("reminder_settings", json!({})).unwrap(), changed, "nothing saved with a refused choice");
    let changed = app.invoke("set_reminder_settings", json!({"discreet": "all"})).unwrap();
    assert_eq!(changed["discreet"], "all");
    // The mock app has no login launcher: refused, and nothing else saved with it.
    let err = app.invoke("set_reminder_settings", json!({"startAtLogin": true, "notifications": true})).unwrap_err();
    assert_eq!(err["code"], "unavailable", "{err}");
    assert_eq!(app.invoke("reminder_settings", json!({})).unwrap(), changed);
    app.invoke("set_reminder_settings", json!({"startAtLogin": false})).unwrap();
    let on_disk: Value = serde_json::from_slice(&std::fs::read(app.data_dir().join("settings.json")).unwrap()).unwrap();
    assert_eq!(on_disk["reminders"], changed);
    // The settings screen's save leaves them alone.
    app.invoke("save_settings", json!({"settings": {"offline": true}})).unwrap();
    assert_eq!(app.invoke("reminder_settings", json!({})).unwrap(), changed);
}

/// The scheduler's checks as the running app makes them, on the test's clock: Monday 8 June 2026
/// 09:00 and a deadline on Wednesday the 10th (reminders 7 days, 2 days and the morning before,
/// at 08:00 local).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_show_once_and_a_relaunch_reports_what_came_due_while_closed() {
    let (app, clock) = app_on_clock();
    let _sidecars = ready(&app).await;
    let case = create(&app, "cases", json!({"name": "Smith v. Jones"}));
    let answer = create(&app, "deadlines", json!({"caseId": case["id"], "title": "File the answer", "date": "2026-06-10"}));
    let done = create(&app, "deadlines", json!({"caseId": case["id"], "title": "Already filed", "date": "2026-06-10"}));
    app.invoke("update_record", json!({"resource": "deadlines", "id": done["id"], "changes": {"done": true}})).unwrap();
    let workspace = app.state().workspace().unwrap();
    let reminders = app.state().reminders.clone();
    let window = Recorder::default();

    // The first run ever starts from now: the 7-day reminder of 3 June is history, not replayed.
    set_clock(&clock, local(2026, 6, 7, 7, 0));
    let missed = reminders.start_check(&workspace, &window).await.unwrap();
    assert_eq!((missed.since, missed.reminders.len()), (None, 0));
    assert!(window.shown().is_empty() && logged(&reminders).is_empty());

    set_clock(&clock, local(2026, 6, 8, 9, 0));
    let fired = reminders.check(&workspace, &window).await.unwrap();
    assert_eq!(fired.len(), 1, "{fired:?}");
    assert_eq!((fired[0]["deadlineId"].clone(), fired[0]["offset"].as_str()), (answer["id"].clone(), Some("2d")));
    let text = fired[0]["text"].as_str().unwrap().to_string();
    assert!(text.contains("File the answer") && text.contains("in 2 days"), "{text}");
    assert_eq!(window.shown(), vec![("ProSeVA: Smith v. Jones".to_string(), text.clone())]);
    assert_eq!(window.fired().len(), 1);
    let log = logged(&reminders);
    assert_eq!(log.len(), 1);
    assert_eq!(log[0]["at"], local(2026, 6, 8, 9, 0).to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    assert_eq!((log[0]["title"].as_str(), log[0]["body"].as_str()), (Some("ProSeVA: Smith v. Jones"), Some(text.as_str())));
    assert_eq!(log[0]["keys"], fired[0]["keys"]);

    // Nothing twice: the same instant again, then an hour on.
    assert!(reminders.check(&workspace, &window).await.unwrap().is_empty());
    set_clock(&clock, local(2026, 6, 8, 10, 0));
    assert!(reminders.check(&workspace, &window).await.unwrap().is_empty());
    assert_eq!((window.shown().len(), window.fired().len(), logged(&reminders).len()), (1, 1, 1));

    // Quit; relaunch three days on: the morning reminder came due while closed.
    let relaunched = Reminders::new(app.data_dir(), Clock::File(clock.clone()));
    set_clock(&clock, local(2026, 6, 11, 10, 0));
    let after = Recorder::default();
    let missed = relaunched.start_check(&workspace, &after).await.unwrap();
    assert_eq!(missed.since.as_deref(), Some(local(2026, 6, 8, 10, 0).to_rfc3339_opts(chrono::SecondsFormat::Secs, true).as_str()));
    assert_eq!(missed.reminders.len(), 1, "one per deadline, not the done one: {:?}", missed.reminders);
    let late = &missed.reminders[0];
    assert_eq!((late["offset"].as_str(), late["passed"].as_bool()), (Some("morning"), Some(true)));
    let shown = after.shown();
    assert_eq!(shown.len(), 1, "one summary: {shown:?}");
    assert!(shown[0].1.starts_with("While ProSeVA was closed: ") && shown[0].1.contains("File the answer"), "{shown:?}");
    assert!(after.fired().is_empty(), "the window asks for the missed list instead");
    assert_eq!(logged(&relaunched).len(), 2, "the summary is logged too");
    assert_eq!(logged(&relaunched)[1]["keys"], late["keys"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_missed_list_is_answered_until_dismissed_and_never_comes_back() {
    let (app, clock) = app_on_clock();
    let _sidecars = ready(&app).await;
    let case = create(&app, "cases", json!({"name": "Doe v. Roe"}));
    let hearing = create(
        &app,
        "deadlines",
        json!({"caseId": case["id"], "title": "Hearing", "date": "2026-06-10", "time": "09:00", "location": "Courtroom 2"}),
    );
    let workspace = app.state().workspace().unwrap();

    // Last open on Sunday; started again on Thursday.
    set_clock(&clock, local(2026, 6, 7, 12, 0));
    Reminders::new(app.data_dir(), Clock::File(clock.clone())).start_check(&workspace, &Recorder::default()).await.unwrap();
    set_clock(&clock, local(2026, 6, 11, 12, 0));
    let reminders = app.state().reminders.clone();
    let waiting = tokio::spawn({
        let reminders = reminders.clone();
        async move { reminders.missed(Duration::from_secs(20)).await }
    });
    reminders.start_check(&workspace, &Recorder::default()).await.unwrap();
    assert!(waiting.await.unwrap().is_some(), "a window that asked early gets the list once it is known");

    let missed = app.invoke("reminders_missed", json!({})).unwrap();
    assert_eq!(missed["since"], local(2026, 6, 7, 12, 0).to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    let list = missed["reminders"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{missed}");

    // Quit without dismissing: the next start shows it again (an hour on, nothing new came due).
    set_clock(&clock, local(2026, 6, 11, 13, 0));
    let again = Reminders::new(app.data_dir(), Clock::File(clock.clone())).start_check(&workspace, &Recorder::default()).await.unwrap();
    assert_eq!(again.reminders, *list, "kept until dismissed");
    assert_eq!(list[0]["deadlineId"], hearing["id"]);
    assert!(list[0]["text"].as_str().unwrap().contains("Courtroom 2"), "{missed}");

    let keys = list[0]["keys"].clone();
    let answer = app.invoke("reminders_dismiss", json!({"keys": keys})).unwrap();
    assert_eq!(answer["dismissed"].as_array().unwrap().len(), keys.as_array().unwrap().len(), "{answer}");
    assert!(app.invoke("reminders_missed", json!({})).unwrap()["reminders"].as_array().unwrap().is_empty());
    let after = Reminders::new(app.data_dir(), Clock::File(clock.clone())).start_check(&workspace, &Recorder::default()).await.unwrap();
    assert!(after.reminders.is_empty(), "dismissed: not at the next start either: {after:?}");
    let err = app.invoke("reminders_dismiss", json!({"keys": []})).unwrap_err();
    assert_eq!(err["field"], "keys");
    let err = app.invoke("reminders_dismiss", json!({"keys": ["not a key"]})).unwrap_err();
    assert_eq!(err["field"], "keys", "{err}");

    // Asked again over the same span (as if the state file were lost), the dismissed stay away.
    let asked = workspace.reminders(&local(2026, 6, 7, 12, 0).to_rfc3339(), &local(2026, 6, 11, 12, 0).to_rfc3339()).await.unwrap();
    assert!(asked["reminders"].as_array().unwrap().is_empty(), "{asked}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_notifications_off_nothing_is_shown_or_logged_but_the_window_hears() {
    let (app, clock) = app_on_clock();
    let _sidecars = ready(&app).await;
    create(&app, "deadlines", json!({"title": "Pay the fine", "date": "2026-06-10"}));
    let workspace = app.state().workspace().unwrap();
    let reminders = app.state().reminders.clone();
    let quiet = Recorder { notifications_off: true, ..Recorder::default() };
    set_clock(&clock, local(2026, 6, 7, 7, 0));
    reminders.start_check(&workspace, &quiet).await.unwrap();
    set_clock(&clock, local(2026, 6, 8, 9, 0));
    let fired = reminders.check(&workspace, &quiet).await.unwrap();
    assert_eq!(fired.len(), 1);
    assert!(quiet.shown().is_empty());
    assert!(!reminders.log_file().exists(), "the log holds what was shown: nothing");
    assert_eq!(quiet.fired(), vec![fired]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_running_scheduler_follows_the_clock_and_a_moved_deadline_reminds_anew() {
    let (app, clock) = app_on_clock();
    let _sidecars = ready(&app).await;
    let deadline = create(&app, "deadlines", json!({"title": "Reply brief", "date": "2026-06-10"}));
    let reminders = app.state().reminders.clone();
    let window = Arc::new(Recorder::default());
    set_clock(&clock, local(2026, 6, 8, 7, 0));
    let workspace = app.state().workspace().unwrap();
    let task = tokio::spawn(reminders.clone().run(move || Some(workspace.clone()), window.clone(), Duration::from_millis(20)));

    let wait_for = |count: usize| {
        let window = window.clone();
        async move {
            let deadline = Instant::now() + Duration::from_secs(20);
            while window.fired().len() < count {
                assert!(Instant::now() < deadline, "only {} firings: {:?}", window.fired().len(), window.fired());
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };
    assert!(reminders.missed(Duration::from_secs(20)).await.is_some(), "the start check ran first");
    set_clock(&clock, local(2026, 6, 8, 8, 30));
    wait_for(1).await;
    assert_eq!(window.fired()[0][0]["offset"], "2d");

    // Moved to Friday the 12th: its 2-day reminder (Wednesday 08:00) is a new one.
    app.invoke("update_record", json!({"resource": "deadlines", "id": deadline["id"], "changes": {"date": "2026-06-12"}})).unwrap();
    set_clock(&clock, local(2026, 6, 10, 8, 30));
    wait_for(2).await;
    let second = &window.fired()[1][0];
    assert_eq!((second["offset"].as_str(), second["date"].as_str()), (Some("2d"), Some("2026-06-12")), "{second}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(window.fired().len(), 2, "nothing twice while the clock stands");
    task.abort();
}

/// A protective order's reminders with discreet reminders as they come (for protective orders):
/// its notification, and its line in the log, say "You have a reminder" and nothing of the case,
/// while another case's name theirs; missed while closed, the summary says no more; `reminders.json`
/// keeps no word of it; and the window still gets the whole reminder, asked of the server again,
/// until its deadline is done.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_protective_orders_reminders_say_nothing_of_the_case_outside_the_window() {
    let (app, clock) = app_on_clock();
    let _sidecars = ready(&app).await;
    let case = create(&app, "cases", json!({"name": "Doe v. Doe", "court": "Henrico JDR Court", "kind": "protective-order-petitioner"}));
    let other = create(&app, "cases", json!({"name": "Elm St. eviction", "kind": "eviction-tenant"}));
    let hearing = create(
        &app,
        "deadlines",
        json!({"caseId": case["id"], "title": "Protective order hearing", "date": "2026-06-10", "time": "09:00"}),
    );
    create(&app, "deadlines", json!({"caseId": other["id"], "title": "File the answer", "date": "2026-06-10"}));
    let said_of_the_case = ["Doe", "Protective order", "Henrico", "hearing"];
    let discreet = ("ProSeVA".to_string(), "You have a reminder".to_string());
    let workspace = app.state().workspace().unwrap();
    let reminders = app.state().reminders.clone();
    let window = Recorder::default();
    assert_eq!(window.discreet(), Discreet::ProtectiveOrders, "the default");

    set_clock(&clock, local(2026, 6, 7, 7, 0));
    reminders.start_check(&workspace, &window).await.unwrap();
    set_clock(&clock, local(2026, 6, 8, 9, 0));
    let fired = reminders.check(&workspace, &window).await.unwrap();
    assert_eq!(fired.len(), 2, "{fired:?}");
    let theirs = fired.iter().find(|r| r["deadlineId"] == hearing["id"]).unwrap();
    assert_eq!(theirs["caseKind"], "protective-order-petitioner");
    assert!(theirs["text"].as_str().unwrap().contains("Protective order hearing"), "the window hears all of it: {theirs}");
    let shown = window.shown();
    assert!(shown.contains(&discreet), "{shown:?}");
    assert!(shown.iter().any(|(title, body)| title == "ProSeVA: Elm St. eviction" && body.contains("File the answer")), "{shown:?}");
    let log = logged(&reminders);
    let line = log.iter().find(|l| l["keys"] == theirs["keys"]).expect("its line in the log");
    assert_eq!((line["title"].as_str(), line["body"].as_str()), (Some("ProSeVA"), Some("You have a reminder")));
    for said in said_of_the_case {
        assert!(!line.to_string().contains(said), "{said} in {line}");
    }

    // Quit; relaunched after the morning of the 10th: one summary, discreet since one of the two is.
    let relaunched = Reminders::new(app.data_dir(), Clock::File(clock.clone()));
    set_clock(&clock, local(2026, 6, 11, 10, 0));
    let after = Recorder::default();
    let missed = relaunched.start_check(&workspace, &after).await.unwrap();
    assert_eq!(missed.reminders.len(), 2, "{:?}", missed.reminders);
    assert_eq!(after.shown(), vec![discreet.clone()]);
    assert_eq!(
        (logged(&relaunched)[2]["title"].as_str(), logged(&relaunched)[2]["body"].as_str()),
        (Some("ProSeVA"), Some("You have a reminder"))
    );
    let on_disk = std::fs::read_to_string(app.data_dir().join("reminders.json")).unwrap();
    for said in said_of_the_case {
        assert!(!on_disk.contains(said), "{said} in reminders.json: {on_disk}");
    }
    assert!(on_disk.contains("Elm St. eviction"), "a reminder that is not discreet is kept whole: {on_disk}");

    // The next start has it from the file without its text; the window gets the text again.
    set_clock(&clock, local(2026, 6, 11, 11, 0));
    reminders.start_check(&workspace, &Recorder::default()).await.unwrap();
    let answer = app.invoke("reminders_missed", json!({})).unwrap();
    let list = answer["reminders"].as_array().unwrap();
    assert_eq!(list.len(), 2, "{answer}");
    let back = list.iter().find(|r| r["deadlineId"] == hearing["id"]).unwrap();
    assert_eq!(back["caseName"], "Doe v. Doe");
    assert!(back["text"].as_str().unwrap().contains("Protective order hearing"), "{back}");

    // Marked done: the server has no reminder of it any more; it leaves the list, and the file.
    app.invoke("update_record", json!({"resource": "deadlines", "id": hearing["id"], "changes": {"done": true}})).unwrap();
    let answer = app.invoke("reminders_missed", json!({})).unwrap();
    let left: Vec<&Value> = answer["reminders"].as_array().unwrap().iter().collect();
    assert_eq!(left.len(), 1, "{answer}");
    assert_ne!(left[0]["deadlineId"], hearing["id"]);
    let ledger: Value = serde_json::from_slice(&std::fs::read(app.data_dir().join("reminders.json")).unwrap()).unwrap();
    assert!(ledger["missed"].as_array().unwrap().iter().all(|r| r["deadlineId"] != hearing["id"]), "{ledger}");
}
