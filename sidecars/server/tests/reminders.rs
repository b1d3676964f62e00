//! Reminders as the window gets them: the real binary with `TZ=America/New_York`, asked the way
//! the window asks (`GET /api/reminders?from=&to=` with its own clock, here the test's), across the
//! daylight-saving changes, for deadlines moved, marked done and dismissed, with the case's and
//! the deadline's own offsets, and after a relaunch with the clock moved on. Also the fields and
//! the ticked steps migration 0006 adds.

mod common;

use chrono::{DateTime, Duration, Utc};
use common::{Server, TOKEN, client, start_server};
use serde_json::{Value, json};

fn start(dir: &std::path::Path) -> Server {
    start_server(dir, &[("PROSEVA_EMBEDDINGS", "off"), ("TZ", "America/New_York")])
}

async fn send(server: &Server, method: reqwest::Method, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut request = client().request(method, server.url(path)).bearer_auth(TOKEN);
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

async fn create(server: &Server, path: &str, body: Value) -> Value {
    let (status, created) = send(server, reqwest::Method::POST, path, Some(&body)).await;
    assert_eq!(status, 201, "{path} {body}: {created}");
    created
}

async fn patch(server: &Server, path: &str, body: Value) -> Value {
    let (status, changed) = send(server, reqwest::Method::PATCH, path, Some(&body)).await;
    assert_eq!(status, 200, "{path} {body}: {changed}");
    changed
}

fn instant(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `GET /api/reminders` for `[from, to)`, which must answer 200: its reminders.
async fn due(server: &Server, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Value> {
    let path = format!("/api/reminders?from={}&to={}", stamp(from), stamp(to));
    let (status, body) = server.get(&path).await;
    assert_eq!(status, 200, "{path}: {body}");
    assert_eq!((body["from"].as_str(), body["to"].as_str()), (Some(stamp(from).as_str()), Some(stamp(to).as_str())));
    body["reminders"].as_array().unwrap().clone()
}

/// What a window polling every 15 minutes from `from` to `to` would show: `(deadline id, offset,
/// fired at, text)` in order, each reminder once.
async fn poll(server: &Server, from: &str, to: &str) -> Vec<(i64, String, String, String)> {
    let (mut at, end) = (instant(from), instant(to));
    let mut shown = Vec::new();
    while at < end {
        let next = (at + Duration::minutes(15)).min(end);
        for r in due(server, at, next).await {
            assert_eq!(r["keys"].as_array().unwrap().len(), 1, "a 15-minute window holds one reminder per deadline: {r}");
            shown.push((
                r["deadlineId"].as_i64().unwrap(),
                r["offset"].as_str().unwrap().to_string(),
                r["at"].as_str().unwrap().to_string(),
                r["text"].as_str().unwrap().to_string(),
            ));
        }
        at = next;
    }
    shown
}

fn fired(shown: &[(i64, String, String, String)], id: &Value) -> Vec<(String, String)> {
    shown.iter().filter(|s| Some(s.0) == id.as_i64()).map(|s| (s.1.clone(), s.2.clone())).collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

#[tokio::test]
async fn reminders_fire_at_local_times_across_both_daylight_saving_changes() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    let case = create(&server, "/api/cases", json!({"name": "Smith v. Jones", "court": "Richmond General District Court"})).await;
    // Clocks go forward on Sunday 8 March 2026 and back on Sunday 1 November 2026.
    let appeal = create(&server, "/api/deadlines", json!({"caseId": case["id"], "title": "Note an appeal", "date": "2026-03-10"})).await;
    let hearing = create(
        &server,
        "/api/deadlines",
        json!({"caseId": case["id"], "title": "Hearing", "date": "2026-11-02", "time": "09:00", "reminders": ["1d", "morning", "2h"]}),
    )
    .await;

    let march = poll(&server, "2026-03-01T00:00:00Z", "2026-03-11T00:00:00Z").await;
    assert_eq!(
        fired(&march, &appeal["id"]),
        pairs(&[("7d", "2026-03-03T13:00:00Z"), ("2d", "2026-03-08T12:00:00Z"), ("morning", "2026-03-10T12:00:00Z")]),
        "08:00 EST, then 08:00 EDT"
    );
    let texts: Vec<&str> = march.iter().map(|s| s.3.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Note an appeal is due in 7 days (Tue 10 Mar) — Smith v. Jones",
            "Note an appeal is due in 2 days (Tue 10 Mar) — Smith v. Jones",
            "Note an appeal is due today — Smith v. Jones",
        ]
    );

    let november = poll(&server, "2026-10-30T00:00:00Z", "2026-11-03T00:00:00Z").await;
    assert_eq!(
        fired(&november, &hearing["id"]),
        pairs(&[("1d", "2026-11-01T13:00:00Z"), ("2h", "2026-11-02T12:00:00Z"), ("morning", "2026-11-02T13:00:00Z")]),
        "08:00 EST the day the clocks go back; two real hours before 09:00 EST; 08:00 EST"
    );
    assert_eq!(
        november[0].3, "Hearing tomorrow 9:00 at Richmond General District Court — Smith v. Jones",
        "the court when no place is given"
    );
    assert_eq!(november[1].3, "Hearing today 9:00 at Richmond General District Court — Smith v. Jones");
}

#[tokio::test]
async fn a_moved_deadline_reminds_on_its_new_schedule_only_and_done_stops_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    let d = create(&server, "/api/deadlines", json!({"title": "File the answer", "date": "2026-03-10"})).await;
    let path = format!("/api/deadlines/{}", d["id"]);
    let (from, to) = ("2026-03-01T00:00:00Z", "2026-03-25T00:00:00Z");
    assert_eq!(poll(&server, from, to).await.len(), 3);

    patch(&server, &path, json!({"date": "2026-03-20"})).await;
    let moved = poll(&server, from, to).await;
    assert_eq!(
        fired(&moved, &d["id"]),
        pairs(&[("7d", "2026-03-13T12:00:00Z"), ("2d", "2026-03-18T12:00:00Z"), ("morning", "2026-03-20T12:00:00Z")]),
        "nothing of the old schedule"
    );
    // A hearing moved to a later hour the same day: new keys, new times.
    patch(&server, &path, json!({"time": "14:00", "reminders": ["2h"]})).await;
    let one = due(&server, instant(from), instant(to)).await;
    assert_eq!(
        (one.len(), one[0]["key"].as_str(), one[0]["at"].as_str()),
        (1, Some("deadline/1/2h/2026-03-20T14:00"), Some("2026-03-20T16:00:00Z"))
    );

    patch(&server, &path, json!({"done": true})).await;
    assert!(poll(&server, from, to).await.is_empty(), "done: no reminders");
    patch(&server, &path, json!({"done": false})).await;
    assert_eq!(poll(&server, from, to).await.len(), 1, "not done again: they come back");
}

#[tokio::test]
async fn a_dismissed_reminder_never_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    let d = create(&server, "/api/deadlines", json!({"title": "File the answer", "date": "2026-03-10"})).await;
    let week = due(&server, instant("2026-03-03T12:00:00Z"), instant("2026-03-03T14:00:00Z")).await;
    let key = week[0]["key"].as_str().unwrap().to_string();
    assert_eq!(key, format!("deadline/{}/7d/2026-03-10", d["id"]));

    for _ in 0..2 {
        let (status, answer) = server.post("/api/reminders/dismiss", &json!({"keys": [key]})).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer, json!({"dismissed": [key], "ignored": []}), "dismissing twice is the same as once");
    }
    assert!(due(&server, instant("2026-03-03T12:00:00Z"), instant("2026-03-03T14:00:00Z")).await.is_empty());
    let rest: Vec<String> = poll(&server, "2026-03-01T00:00:00Z", "2026-03-11T00:00:00Z").await.into_iter().map(|s| s.1).collect();
    assert_eq!(rest, ["2d", "morning"], "the others still come");
    // Not after a restart either.
    drop(server);
    let server = start(dir.path());
    let rest: Vec<String> = poll(&server, "2026-03-01T00:00:00Z", "2026-03-11T00:00:00Z").await.into_iter().map(|s| s.1).collect();
    assert_eq!(rest, ["2d", "morning"]);

    // Keys of a deleted deadline are ignored; what is not a key is refused.
    let (status, _) = send(&server, reqwest::Method::DELETE, &format!("/api/deadlines/{}", d["id"]), None).await;
    assert_eq!(status, 204);
    let (status, answer) = server.post("/api/reminders/dismiss", &json!({"keys": [key]})).await;
    assert_eq!((status, &answer["ignored"]), (200, &json!([key])), "{answer}");
    for bad in [
        json!({"keys": ["deadline/1/5d/2026-03-10"]}),
        json!({"keys": []}),
        json!({"keys": "x"}),
        json!({"keys": [7]}),
        json!({"key": [key]}),
        json!([]),
    ] {
        let (status, answer) = server.post("/api/reminders/dismiss", &bad).await;
        assert_eq!(status, 400, "{bad}: {answer}");
        assert!(answer["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{answer}");
    }
}

#[tokio::test]
async fn the_deadlines_offsets_win_over_the_cases_which_win_over_the_default() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    let chosen = create(&server, "/api/cases", json!({"name": "Chosen", "reminders": ["1d"]})).await;
    let plain = create(&server, "/api/cases", json!({"name": "Plain"})).await;
    let mut ids = Vec::new();
    for (case, reminders) in [(&chosen, Value::Null), (&chosen, json!(["3d"])), (&chosen, json!([])), (&plain, Value::Null)] {
        let d =
            create(&server, "/api/deadlines", json!({"caseId": case["id"], "title": "Due", "date": "2026-06-10", "reminders": reminders}))
                .await;
        assert_eq!(d["reminders"], reminders);
        ids.push(d["id"].clone());
    }
    let shown = poll(&server, "2026-06-01T00:00:00Z", "2026-06-11T00:00:00Z").await;
    let offsets = |id: &Value| fired(&shown, id).into_iter().map(|p| p.0).collect::<Vec<_>>();
    assert_eq!(offsets(&ids[0]), ["1d"], "the case's");
    assert_eq!(offsets(&ids[1]), ["3d"], "the deadline's own");
    assert!(offsets(&ids[2]).is_empty(), "[]: none");
    assert_eq!(offsets(&ids[3]), ["7d", "2d", "morning"], "the default");

    // Changing the case's choice changes its deadlines' reminders.
    patch(&server, &format!("/api/cases/{}", chosen["id"]), json!({"reminders": null})).await;
    let shown = poll(&server, "2026-06-01T00:00:00Z", "2026-06-11T00:00:00Z").await;
    assert_eq!(fired(&shown, &ids[0]).into_iter().map(|p| p.0).collect::<Vec<_>>(), ["7d", "2d", "morning"]);
}

#[tokio::test]
async fn after_a_relaunch_what_came_due_while_closed_comes_first_once_per_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let last_run = "2026-03-01T20:00:00Z";
    let (appeal, hearing) = {
        let server = start(dir.path());
        let case = create(&server, "/api/cases", json!({"name": "Smith v. Jones"})).await;
        let appeal =
            create(&server, "/api/deadlines", json!({"caseId": case["id"], "title": "Note an appeal", "date": "2026-03-04"})).await;
        let hearing = create(
            &server,
            "/api/deadlines",
            json!({"caseId": case["id"], "title": "Hearing", "date": "2026-03-13", "time": "09:00", "location": "Courtroom 2"}),
        )
        .await;
        (appeal, hearing)
    };
    // Closed from the evening of 1 March to the morning of 12 March.
    let server = start(dir.path());
    let now = instant("2026-03-12T13:30:00Z");
    let came = due(&server, instant(last_run), now).await;
    let summary: Vec<(i64, bool, &str, usize)> = came
        .iter()
        .map(|r| {
            (
                r["deadlineId"].as_i64().unwrap(),
                r["passed"].as_bool().unwrap(),
                r["text"].as_str().unwrap(),
                r["keys"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (appeal["id"].as_i64().unwrap(), true, "Deadline passed on Wed 4 Mar: Note an appeal — Smith v. Jones", 2),
            (hearing["id"].as_i64().unwrap(), false, "Hearing tomorrow 9:00 at Courtroom 2 — Smith v. Jones", 2),
        ]
    );
    // Each says its case's kind, for the window to make some discreet: this case has none.
    assert!(came.iter().all(|r| r.get("caseKind") == Some(&Value::Null)), "{came:?}");
    let (status, _) = send(
        &server,
        reqwest::Method::PATCH,
        &format!("/api/cases/{}", came[0]["caseId"]),
        Some(&json!({"kind": "protective-order-respondent"})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(due(&server, instant(last_run), now).await.iter().all(|r| r["caseKind"] == "protective-order-respondent"));
    // Dismissing what was shown dismisses every reminder it stood for.
    let keys: Vec<Value> = came.iter().flat_map(|r| r["keys"].as_array().unwrap().clone()).collect();
    let (status, _) = server.post("/api/reminders/dismiss", &json!({"keys": keys})).await;
    assert_eq!(status, 200);
    assert!(due(&server, instant(last_run), now).await.is_empty());
}

#[tokio::test]
async fn bad_ranges_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    create(&server, "/api/deadlines", json!({"title": "Due", "date": "2026-03-10"})).await;
    assert!(due(&server, instant("2026-03-03T13:00:00Z"), instant("2026-03-03T13:00:00Z")).await.is_empty(), "an empty range");
    let year = due(&server, instant("2026-01-01T00:00:00Z"), instant("2026-01-01T00:00:00Z") + Duration::days(400)).await;
    assert_eq!(year.len(), 1, "400 days is allowed");
    for query in [
        "from=2026-03-10T00:00:00Z&to=2026-03-01T00:00:00Z",
        "from=2026-01-01T00:00:00Z&to=2027-02-06T00:00:00Z",
        "from=yesterday&to=2026-03-01T00:00:00Z",
        "from=2026-03-01&to=2026-03-02",
        "from=%2B262142-01-01T00:00:00Z&to=%2B262142-01-02T00:00:00Z",
        "from=9999-01-01T00:00:00Z&to=9999-01-02T00:00:00Z",
        "from=2026-03-01T00:00:00Z",
        "to=2026-03-01T00:00:00Z",
        "from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z&caseId=1",
        "",
    ] {
        let (status, body) = server.get(&format!("/api/reminders?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{query}: {body}");
    }
}

#[tokio::test]
async fn the_new_fields_are_checked_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    let case =
        create(&server, "/api/cases", json!({"name": "Doe v. Roe", "kind": "eviction-tenant", "reminders": ["morning", "7d"]})).await;
    assert_eq!(
        (&case["kind"], &case["reminders"], &case["status"]),
        (&json!("eviction-tenant"), &json!(["7d", "morning"]), &json!("open"))
    );
    let d = create(
        &server,
        "/api/deadlines",
        json!({"caseId": case["id"], "title": "Hearing", "date": "2026-05-04", "time": "9:05", "location": "  Room 4 "}),
    )
    .await;
    assert_eq!(
        (&d["time"], &d["location"], &d["reminders"], &d["kind"]),
        (&json!("09:05"), &json!("Room 4"), &Value::Null, &json!("other"))
    );
    // An update that says nothing of them keeps them; null clears them.
    let d = patch(&server, &format!("/api/deadlines/{}", d["id"]), json!({"title": "Trial"})).await;
    assert_eq!((&d["time"], &d["location"]), (&json!("09:05"), &json!("Room 4")));
    let d = patch(&server, &format!("/api/deadlines/{}", d["id"]), json!({"time": null})).await;
    assert_eq!(d["time"], Value::Null);

    for (path, body, field) in [
        ("/api/deadlines", json!({"title": "x", "date": "2026-05-04", "time": "25:00"}), "time"),
        ("/api/deadlines", json!({"title": "x", "date": "2026-05-04", "time": "9am"}), "time"),
        ("/api/deadlines", json!({"title": "x", "date": "2026-05-04", "time": 900}), "time"),
        ("/api/deadlines", json!({"title": "x", "date": "2026-05-04", "reminders": ["5d"]}), "reminders"),
        ("/api/deadlines", json!({"title": "x", "date": "2026-05-04", "reminders": "7d"}), "reminders"),
        ("/api/deadlines", json!({"title": "x", "date": "2026-05-04", "location": "x".repeat(501)}), "location"),
        ("/api/cases", json!({"name": "x", "kind": "divorce"}), "kind"),
        ("/api/cases", json!({"name": "x", "reminders": [null]}), "reminders"),
    ] {
        let (status, answer) = server.post(path, &body).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"]["fields"][field].as_str().is_some_and(|m| !m.is_empty()), "{body}: {answer}");
    }
}

#[tokio::test]
async fn ticked_steps_are_kept_per_case() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path());
    let case = create(&server, "/api/cases", json!({"name": "Doe v. Roe", "kind": "debt-defendant"})).await;
    let steps = format!("/api/cases/{}/steps", case["id"]);
    assert_eq!(server.get(&steps).await, (200, json!([])));
    let (status, step) = send(&server, reqwest::Method::PUT, &format!("{steps}/file-grounds-of-defense"), None).await;
    assert_eq!(status, 200, "{step}");
    assert_eq!(step["stepId"], "file-grounds-of-defense");
    assert!(DateTime::parse_from_rfc3339(step["doneAt"].as_str().unwrap()).is_ok(), "{step}");
    let (status, step) =
        send(&server, reqwest::Method::PUT, &format!("{steps}/read-the-warrant"), Some(&json!({"doneAt": "2026-03-01T09:00:00-05:00"})))
            .await;
    assert_eq!((status, &step["doneAt"]), (200, &json!("2026-03-01T14:00:00.000Z")));
    let (status, list) = server.get(&steps).await;
    let ids: Vec<&str> = list.as_array().unwrap().iter().map(|s| s["stepId"].as_str().unwrap()).collect();
    assert_eq!((status, ids), (200, vec!["read-the-warrant", "file-grounds-of-defense"]), "oldest tick first");
    assert_eq!(server.get(&format!("{steps}/read-the-warrant")).await.0, 200);

    assert_eq!(send(&server, reqwest::Method::DELETE, &format!("{steps}/read-the-warrant"), None).await.0, 204);
    assert_eq!(send(&server, reqwest::Method::DELETE, &format!("{steps}/read-the-warrant"), None).await.0, 204, "unticking twice is fine");
    assert_eq!(server.get(&format!("{steps}/read-the-warrant")).await.0, 404);
    assert_eq!(send(&server, reqwest::Method::DELETE, &steps, None).await.0, 204);
    assert_eq!(server.get(&steps).await, (200, json!([])));

    for (method, path, body, want) in [
        (reqwest::Method::GET, "/api/cases/999/steps".to_string(), None, 404),
        (reqwest::Method::PUT, "/api/cases/999/steps/a".to_string(), None, 404),
        (reqwest::Method::PUT, format!("{steps}/Bad%20Step"), None, 400),
        (reqwest::Method::PUT, format!("{steps}/{}", "a".repeat(101)), None, 400),
        (reqwest::Method::PUT, format!("{steps}/a"), Some(json!({"doneAt": "soon"})), 400),
        (reqwest::Method::PUT, format!("{steps}/a"), Some(json!({"when": "2026-03-01T00:00:00Z"})), 400),
        (reqwest::Method::GET, "/api/cases/x/steps".to_string(), None, 404),
    ] {
        let (status, answer) = send(&server, method.clone(), &path, body.as_ref()).await;
        assert_eq!(status, want, "{method} {path}: {answer}");
    }

    // Deleting the case deletes its ticks with it.
    send(&server, reqwest::Method::PUT, &format!("{steps}/a"), None).await;
    assert_eq!(send(&server, reqwest::Method::DELETE, &format!("/api/cases/{}", case["id"]), None).await.0, 204);
    assert_eq!(server.get(&steps).await.0, 404);
}
