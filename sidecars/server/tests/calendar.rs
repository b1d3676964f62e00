//! The calendar file (`GET /api/calendar.ics`) as the person's calendar reads it: served by the
//! real binary with `TZ=America/New_York`, parsed by the `icalendar` crate's parser (nobody here
//! wrote it), and the writer checked against any text a deadline could hold.

mod common;

use chrono::{DateTime, Utc};
use common::{TOKEN, client, start_server};
use icalendar::parser::{Component, read_calendar, unfold};
use proptest::prelude::*;
use proseva_server::calendar::{self, Entry, MAX_LINE_OCTETS};
use proseva_server::store::cases::Case;
use proseva_server::store::deadlines::Deadline;
use serde_json::{Value, json};

const NAME: &str = "Nguyễn, Thị; 'Smith'\nv. Jones";
const COURT: &str = "Richmond General District Court, 400 N. 9th St.";
const ROOM: &str = "李 Courthouse; Room 2, Floor 3\\east";

struct Running {
    server: common::Server,
    _dir: tempfile::TempDir,
}

fn start() -> Running {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[("PROSEVA_EMBEDDINGS", "off"), ("TZ", "America/New_York")]);
    Running { server, _dir: dir }
}

impl Running {
    async fn send(&self, method: reqwest::Method, path: &str, body: Option<&Value>) -> (u16, Value) {
        let mut request = client().request(method, self.server.url(path)).bearer_auth(TOKEN);
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.unwrap();
        (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
    }

    async fn create(&self, path: &str, body: Value) -> Value {
        let (status, created) = self.send(reqwest::Method::POST, path, Some(&body)).await;
        assert_eq!(status, 201, "{path} {body}: {created}");
        created
    }

    /// The status, the Content-Type and the body of `GET path`.
    async fn ics(&self, path: &str) -> (u16, String, String) {
        let response = client().get(self.server.url(path)).bearer_auth(TOKEN).send().await.unwrap();
        let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        (response.status().as_u16(), content_type, response.text().await.unwrap())
    }
}

/// Every line of `text` ends in CRLF, has no other CR or LF, and is at most 75 octets.
fn assert_well_formed(text: &str) {
    assert!(text.ends_with("\r\n"), "ends in CRLF");
    for line in text.strip_suffix("\r\n").unwrap().split("\r\n") {
        assert!(!line.contains('\n') && !line.contains('\r'), "bare CR or LF in {line:?}");
        assert!(line.len() <= MAX_LINE_OCTETS, "{} octets: {line:?}", line.len());
    }
}

/// The events of a calendar file, parsed by the `icalendar` crate.
fn events(text: &str) -> Vec<Component<'static>> {
    let unfolded = unfold(text);
    let calendar = read_calendar(&unfolded).unwrap_or_else(|e| panic!("the parser refused the file: {e}\n{text}"));
    assert_eq!(calendar.properties.iter().find(|p| p.name == "VERSION").map(|p| p.val.as_str().to_string()).as_deref(), Some("2.0"));
    assert!(calendar.properties.iter().any(|p| p.name == "PRODID"));
    calendar
        .components
        .iter()
        .filter(|c| c.name == "VEVENT")
        .map(|c| {
            // Owned, so the events outlive the unfolded text.
            let owned = |c: &Component<'_>| Component {
                name: c.name.clone().into_owned(),
                properties: c
                    .properties
                    .iter()
                    .map(|p| icalendar::parser::Property {
                        name: p.name.clone().into_owned(),
                        val: p.val.clone().into_owned(),
                        params: p
                            .params
                            .iter()
                            .map(|q| icalendar::parser::Parameter {
                                key: q.key.clone().into_owned(),
                                val: q.val.clone().map(|v| v.into_owned()),
                            })
                            .collect(),
                    })
                    .collect(),
                components: Vec::new(),
            };
            let mut event = owned(c);
            event.components = c.components.iter().map(owned).collect();
            event
        })
        .collect()
}

fn prop<'a>(event: &'a Component<'_>, name: &str) -> Option<&'a str> {
    event.find_prop(name).map(|p| p.val.as_str())
}

fn param<'a>(event: &'a Component<'_>, name: &str, key: &str) -> Option<&'a str> {
    event.find_prop(name)?.params.iter().find(|p| p.key == key)?.val.as_ref().map(|v| v.as_str())
}

fn by_uid<'a>(events: &'a [Component<'static>], uid: &str) -> &'a Component<'static> {
    events.iter().find(|e| prop(e, "UID") == Some(uid)).unwrap_or_else(|| panic!("no event {uid}"))
}

fn triggers(event: &Component<'_>) -> Vec<String> {
    event
        .components
        .iter()
        .filter(|c| c.name == "VALARM")
        .map(|alarm| {
            assert_eq!(prop(alarm, "ACTION"), Some("DISPLAY"));
            assert!(prop(alarm, "DESCRIPTION").is_some_and(|d| !d.is_empty()), "a display alarm needs a description");
            prop(alarm, "TRIGGER").unwrap().to_string()
        })
        .collect()
}

fn uid(id: &Value) -> String {
    format!("deadline-{id}@proseva.local")
}

#[tokio::test]
async fn the_calendar_reads_back_in_an_independent_parser() {
    let app = start();
    let case = app.create("/api/cases", json!({"name": NAME, "caseNumber": "GV26-001", "court": COURT})).await;
    let other = app.create("/api/cases", json!({"name": "李 v. Doe"})).await;
    let appeal =
        app.create("/api/deadlines", json!({"caseId": case["id"], "ruleId": "appeal-general-district", "triggerDate": "2026-03-02"})).await;
    // The Monday after the clocks go forward: 09:00 EDT is 13:00 UTC.
    let hearing = app
        .create(
            "/api/deadlines",
            json!({"caseId": case["id"], "title": "Hearing", "date": "2026-03-09", "time": "9:00", "kind": "hearing"}),
        )
        .await;
    let long_notes =
        format!("{} — bring the lease, the ledger, and every text from the landlord; 李.", "Ask the clerk about room changes. ".repeat(8));
    assert!(long_notes.chars().count() > 300);
    let trial = app
        .create(
            "/api/deadlines",
            json!({"caseId": case["id"], "title": "Trial", "date": "2026-01-15", "time": "14:30", "location": ROOM, "reminders": ["2h", "1d"], "notes": long_notes}),
        )
        .await;
    let paid = app
        .create("/api/deadlines", json!({"caseId": case["id"], "title": "Pay the filing fee", "date": "2026-02-02", "done": true}))
        .await;
    let elsewhere = app.create("/api/deadlines", json!({"caseId": other["id"], "title": "Answer", "date": "2026-04-01"})).await;
    let loose = app.create("/api/deadlines", json!({"title": "Renew the lease", "date": "2026-05-01", "reminders": []})).await;

    let (status, content_type, text) = app.ics("/api/calendar.ics").await;
    assert_eq!((status, content_type.as_str()), (200, "text/calendar; charset=utf-8"));
    assert_well_formed(&text);
    let all = events(&text);
    let mut uids: Vec<String> = all.iter().map(|e| prop(e, "UID").unwrap().to_string()).collect();
    uids.sort();
    let mut expected: Vec<String> = [&appeal, &hearing, &trial, &paid, &elsewhere, &loose].iter().map(|d| uid(&d["id"])).collect();
    expected.sort();
    assert_eq!(uids, expected, "one event per deadline, done ones too");
    for event in &all {
        for needed in ["DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "SEQUENCE", "STATUS"] {
            assert!(event.find_prop(needed).is_some(), "{needed} missing from {event:?}");
        }
    }

    // An all-day deadline from a rule: the date, the next day, the rule in the description, the
    // default alarms at 08:00 seven and two days before and the morning of.
    let e = by_uid(&all, &uid(&appeal["id"]));
    let due = appeal["date"].as_str().unwrap().replace('-', "");
    assert_eq!((prop(e, "DTSTART"), param(e, "DTSTART", "VALUE")), (Some(due.as_str()), Some("DATE")));
    let next = chrono::NaiveDate::parse_from_str(appeal["date"].as_str().unwrap(), "%Y-%m-%d").unwrap().succ_opt().unwrap();
    assert_eq!((prop(e, "DTEND"), param(e, "DTEND", "VALUE")), (Some(next.format("%Y%m%d").to_string().as_str()), Some("DATE")));
    assert_eq!(prop(e, "SUMMARY").unwrap(), format!("{} — {NAME}", appeal["title"].as_str().unwrap()), "escaped and read back");
    let description = prop(e, "DESCRIPTION").unwrap();
    for part in [
        format!("Case: {NAME} (GV26-001), {COURT}"),
        appeal["sourceRule"].as_str().unwrap().to_string(),
        "The appeal goes to the circuit court".to_string(),
        format!("How the date was counted: {}", appeal["dateNote"].as_str().unwrap()),
    ] {
        assert!(description.contains(&part), "{part:?} not in {description:?}");
    }
    assert_eq!(triggers(e), ["-P6DT16H", "-P1DT16H", "PT8H"]);
    assert_eq!(prop(e, "LOCATION"), None, "an all-day deadline has no place unless given one");
    assert_eq!(prop(e, "STATUS"), Some("CONFIRMED"));

    // A hearing: UTC, the court as its place, alarms the exact time before (7 days before is 168
    // hours over the change, not 169; 08:00 the morning of a 9:00 hearing is an hour before).
    let e = by_uid(&all, &uid(&hearing["id"]));
    assert_eq!((prop(e, "DTSTART"), prop(e, "DTEND")), (Some("20260309T130000Z"), Some("20260309T140000Z")));
    assert_eq!(param(e, "DTSTART", "VALUE"), None);
    assert_eq!(prop(e, "LOCATION"), Some(COURT));
    assert_eq!(prop(e, "SUMMARY").unwrap(), format!("Hearing — {NAME}"));
    assert_eq!(triggers(e), ["-PT168H", "-PT48H", "-PT1H"]);

    // Its own place, its own alarms, and a long description folded and read back whole.
    let e = by_uid(&all, &uid(&trial["id"]));
    assert_eq!(prop(e, "DTSTART"), Some("20260115T193000Z"), "14:30 EST");
    assert_eq!(prop(e, "LOCATION"), Some(ROOM));
    assert_eq!(triggers(e), ["-PT30H30M", "-PT2H"]);
    assert!(prop(e, "DESCRIPTION").unwrap().contains(&format!("Notes: {long_notes}")));
    let raw_start = text.find("DESCRIPTION:Case: Nguy").unwrap();
    let continued = text[raw_start..].split("\r\n").skip(1).take_while(|l| l.starts_with(' ')).count();
    assert!(continued >= 5, "a description of over 300 characters is folded over several lines ({continued})");

    // Done: kept, cancelled, no alarms.
    let e = by_uid(&all, &uid(&paid["id"]));
    assert_eq!(prop(e, "STATUS"), Some("CANCELLED"));
    assert!(prop(e, "SUMMARY").unwrap().starts_with("Done: Pay the filing fee"));
    assert!(triggers(e).is_empty());
    // No reminders chosen: no alarms; no case: the title alone.
    let e = by_uid(&all, &uid(&loose["id"]));
    assert!(triggers(e).is_empty());
    assert_eq!(prop(e, "SUMMARY"), Some("Renew the lease"));

    // The same file again: the same bytes, so the same UIDs.
    assert_eq!(app.ics("/api/calendar.ics").await.2, text);

    // One case's; one deadline's.
    let (status, _, one_case) = app.ics(&format!("/api/calendar.ics?caseId={}", other["id"])).await;
    assert_eq!(status, 200);
    assert_well_formed(&one_case);
    let listed: Vec<String> = events(&one_case).iter().map(|e| prop(e, "UID").unwrap().to_string()).collect();
    assert_eq!(listed, [uid(&elsewhere["id"])]);
    assert!(unfold(&one_case).contains("X-WR-CALNAME:ProSeVA — 李 v. Doe\r\n"));
    let (status, _, one) = app.ics(&format!("/api/calendar.ics?deadlineId={}", hearing["id"])).await;
    assert_eq!(status, 200);
    let only = events(&one);
    assert_eq!(only.len(), 1);
    assert_eq!(only[0], *by_uid(&all, &uid(&hearing["id"])), "the same event as in the whole calendar");
}

/// A neutral file, for a person whose calendar someone else may see (a protective order): the
/// same events — times, UIDs, sequence, status, alarms — with not a word of the case in them; its
/// name, number and court, and each deadline's title, rule, place and notes are planted where the
/// full file puts them.
#[tokio::test]
async fn a_neutral_calendar_says_nothing_of_the_case() {
    let app = start();
    let case = app
        .create(
            "/api/cases",
            json!({"name": "Jane Planted-Doe v. John Planted-Roe", "caseNumber": "JA-26-PLANTED", "court": "Planted County JDR Court",
                   "kind": "protective-order-petitioner"}),
        )
        .await;
    let hearing = app
        .create(
            "/api/deadlines",
            json!({"caseId": case["id"], "title": "Protective order hearing (planted)", "date": "2026-03-09", "time": "9:00",
                   "kind": "hearing", "location": "Planted Courtroom 4", "notes": "Bring the planted photos"}),
        )
        .await;
    let appeal =
        app.create("/api/deadlines", json!({"caseId": case["id"], "ruleId": "appeal-general-district", "triggerDate": "2026-03-02"})).await;
    let done = app
        .create("/api/deadlines", json!({"caseId": case["id"], "title": "Planted filing fee", "date": "2026-02-02", "done": true}))
        .await;
    let planted = ["planted", "protective", "jane", "john", "ja-26", "appeal", "circuit", "courtroom", "photos", "done:"];

    let (_, _, full) = app.ics(&format!("/api/calendar.ics?caseId={}", case["id"])).await;
    let full_events = events(&full);
    assert!(full.to_lowercase().contains("planted") && full.to_lowercase().contains("appeal"), "the full file names them: {full}");
    for path in [
        "/api/calendar.ics?neutral=true".to_string(),
        format!("/api/calendar.ics?caseId={}&neutral=true", case["id"]),
        format!("/api/calendar.ics?deadlineId={}&neutral=true", hearing["id"]),
    ] {
        let (status, content_type, text) = app.ics(&path).await;
        assert_eq!((status, content_type.as_str()), (200, "text/calendar; charset=utf-8"), "{path}");
        assert_well_formed(&text);
        let read = unfold(&text).to_lowercase();
        for word in planted {
            assert!(!read.contains(word), "{word:?} in the neutral file {path}:\n{text}");
        }
        assert!(unfold(&text).contains("X-WR-CALNAME:ProSeVA\r\n"), "{text}");
        let neutral = events(&text);
        assert!(!neutral.is_empty(), "{path}");
        for event in &neutral {
            assert_eq!(prop(event, "SUMMARY"), Some("ProSeVA reminder"), "{event:?}");
            assert_eq!((prop(event, "DESCRIPTION"), prop(event, "LOCATION")), (None, None), "{event:?}");
            for alarm in &event.components {
                assert_eq!(prop(alarm, "DESCRIPTION"), Some("ProSeVA reminder"));
            }
            // Otherwise the event the full file has: importing one over the other updates it.
            let whole = by_uid(&full_events, prop(event, "UID").unwrap());
            for same in ["DTSTART", "DTEND", "DTSTAMP", "SEQUENCE", "STATUS", "TRANSP"] {
                assert_eq!(prop(event, same), prop(whole, same), "{same} of {event:?}");
            }
            assert_eq!(triggers(event), triggers(whole));
        }
    }
    let (_, _, text) = app.ics(&format!("/api/calendar.ics?caseId={}&neutral=true", case["id"])).await;
    let neutral = events(&text);
    assert_eq!(neutral.len(), 3, "every deadline, the done one too");
    assert_eq!(triggers(by_uid(&neutral, &uid(&hearing["id"]))), ["-PT168H", "-PT48H", "-PT1H"], "its alarms stay");
    assert!(!triggers(by_uid(&neutral, &uid(&appeal["id"]))).is_empty());
    assert_eq!(prop(by_uid(&neutral, &uid(&done["id"])), "STATUS"), Some("CANCELLED"));
    // `neutral=false` is the full file; anything else is refused.
    assert_eq!(app.ics(&format!("/api/calendar.ics?caseId={}&neutral=false", case["id"])).await.2, full);
    let (status, body) = app.send(reqwest::Method::GET, "/api/calendar.ics?neutral=maybe", None).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"]["message"].as_str().unwrap_or_default().contains("neutral"), "{body}");
}

#[tokio::test]
async fn a_changed_deadline_keeps_its_uid_and_raises_its_sequence() {
    let app = start();
    let d = app.create("/api/deadlines", json!({"title": "Hearing", "date": "2026-06-01", "time": "09:00"})).await;
    let path = format!("/api/calendar.ics?deadlineId={}", d["id"]);
    let before = events(&app.ics(&path).await.2).remove(0);
    assert_eq!(prop(&before, "SEQUENCE"), Some("0"), "a new event starts at 0");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (status, moved) = app.send(reqwest::Method::PATCH, &format!("/api/deadlines/{}", d["id"]), Some(&json!({"time": "10:30"}))).await;
    assert_eq!(status, 200, "{moved}");
    let after = events(&app.ics(&path).await.2).remove(0);
    assert_eq!(prop(&after, "UID"), prop(&before, "UID"));
    let sequence = |e: &Component<'_>| prop(e, "SEQUENCE").unwrap().parse::<i64>().unwrap();
    assert!(sequence(&after) > sequence(&before), "{after:?}");
    assert_eq!(prop(&after, "DTSTART"), Some("20260601T143000Z"), "10:30 EDT");
    let stamp = |e: &Component<'_>| {
        DateTime::parse_from_rfc3339(&{
            let s = prop(e, "DTSTAMP").unwrap();
            format!("{}-{}-{}T{}:{}:{}Z", &s[0..4], &s[4..6], &s[6..8], &s[9..11], &s[11..13], &s[13..15])
        })
        .unwrap()
        .with_timezone(&Utc)
    };
    assert!(stamp(&after) > stamp(&before));
}

#[tokio::test]
async fn filters_name_what_they_want_or_are_refused() {
    let app = start();
    let case = app.create("/api/cases", json!({"name": "Doe v. Roe"})).await;
    let (status, _, empty) = app.ics(&format!("/api/calendar.ics?caseId={}", case["id"])).await;
    assert_eq!(status, 200);
    assert!(events(&empty).is_empty(), "a case without deadlines is an empty calendar");
    for (path, want) in [
        ("/api/calendar.ics?caseId=999", 404),
        ("/api/calendar.ics?deadlineId=999", 404),
        ("/api/calendar.ics?caseId=abc", 400),
        ("/api/calendar.ics?caseId=-1", 400),
        ("/api/calendar.ics?deadlineId=1.5", 400),
        ("/api/calendar.ics?caseId=1&deadlineId=1", 400),
        ("/api/calendar.ics?case=1", 400),
    ] {
        let (status, body) = app.send(reqwest::Method::GET, path, None).await;
        assert_eq!(status, want, "{path}: {body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{path}: {body}");
    }
}

fn deadline(title: String, notes: Option<String>, location: Option<String>, time: Option<&str>, done: bool) -> Deadline {
    Deadline {
        id: 1,
        case_id: Some(1),
        title,
        date: "2026-03-08".into(),
        kind: "hearing".into(),
        done,
        rule_id: None,
        trigger_date: None,
        source_rule: None,
        date_note: None,
        notes,
        time: time.map(str::to_string),
        location,
        reminders: None,
        created_at: "2026-01-01T00:00:00.000Z".into(),
        updated_at: "2026-01-02T00:00:00.000Z".into(),
    }
}

/// What TEXT can carry of `s`: newlines as LF, other control characters but tab gone.
fn representable(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n").chars().filter(|c| !c.is_control() || *c == '\n' || *c == '\t').collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Nothing a person can type into a deadline or a case makes the writer emit a line over 75
    /// octets or a bare CR or LF, and the parser reads every text back as it was.
    #[test]
    fn no_deadline_text_breaks_a_line(
        title in "\\PC{1,120}|[\\x00-\\x7f]{1,120}",
        notes in proptest::option::of("(\\PC|[\r\n\\\\;,])+"),
        location in proptest::option::of("[a-z ,;\\\\\n\r\u{7}李é😀]{0,200}"),
        case_name in "[\\p{L} ,;:\"'\\\\\n\r\t]{1,100}",
        timed in any::<bool>(),
        done in any::<bool>(),
    ) {
        let d = deadline(title.clone(), notes.clone(), location.clone(), timed.then_some("02:30"), done);
        let case = Case {
            id: 1,
            name: case_name.clone(),
            case_number: None,
            court: Some(case_name.clone()),
            case_type: None,
            status: "open".into(),
            parties: Vec::new(),
            notes: None,
            kind: None,
            reminders: None,
            path_dates: Default::default(),
            amount: None,
            created_at: "2026-01-01T00:00:00.000Z".into(),
            updated_at: "2026-01-01T00:00:00.000Z".into(),
        };
        let text = calendar::calendar(&case_name, &[Entry { deadline: &d, case: Some(&case) }], &chrono_tz::America::New_York);
        prop_assert!(text.ends_with("\r\n"));
        for line in text.strip_suffix("\r\n").unwrap().split("\r\n") {
            prop_assert!(!line.contains('\n') && !line.contains('\r'), "bare CR or LF in {:?}", line);
            prop_assert!(line.len() <= MAX_LINE_OCTETS, "{} octets: {:?}", line.len(), line);
        }
        let all = events(&text);
        prop_assert_eq!(all.len(), 1);
        let summary = format!("{}{} — {}", if done { "Done: " } else { "" }, title, case_name);
        let expected = representable(&summary);
        prop_assert_eq!(prop(&all[0], "SUMMARY"), Some(expected.as_str()));
        if let Some(notes) = &notes {
            let expected = format!("Notes: {}", representable(notes));
            prop_assert!(prop(&all[0], "DESCRIPTION").unwrap().contains(&expected), "{:?}", all[0]);
        }
        let place = location.or(timed.then(|| case_name.clone()));
        prop_assert_eq!(prop(&all[0], "LOCATION").map(str::to_string), place.as_deref().map(representable));
    }
}
