//! The REST API through `app(state)` (no socket): guards, errors, and every resource round-tripped.

mod common;

use common::{Call, TOKEN, call, error_of, state, state_with};
use serde_json::{Value, json};

#[tokio::test]
async fn health_needs_no_token_but_everything_else_does() {
    let (state, _dir) = state();
    let (status, body) = Call::anonymous("GET", "/api/health").send(&state).await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
    assert_eq!(body["embeddings"], "loading", "no model was given to this state");

    for (method, path) in [("GET", "/api/cases"), ("POST", "/api/tools/GetCases"), ("GET", "/api/tools"), ("GET", "/api/no-such-route")] {
        let (status, body) = Call::anonymous(method, path).send(&state).await;
        assert_eq!(status, 401, "{method} {path}");
        error_of(&body, "unauthorized");
        let (status, _) = Call::anonymous(method, path).auth("wrong-token").send(&state).await;
        assert_eq!(status, 401, "{method} {path} with a wrong token");
    }
    let (status, body) = call("GET", "/api/cases").send(&state).await;
    assert_eq!((status, body), (200, json!([])));
}

#[tokio::test]
async fn without_a_token_configured_loopback_callers_are_served() {
    let (state, _dir) = state_with(|c| c.token = None);
    let (status, _) = Call::anonymous("GET", "/api/cases").send(&state).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn requests_for_other_hosts_or_from_web_pages_are_refused() {
    let (state, _dir) = state();
    for (name, value) in [("host", "attacker.example"), ("host", "attacker.example:3001"), ("origin", "https://attacker.example")] {
        let (status, body) = call("GET", "/api/cases").header(name, value).send(&state).await;
        assert_eq!(status, 403, "{name}: {value}");
        error_of(&body, "forbidden_host");
    }
    // Even health: a rebinding page learns nothing.
    let (status, _) = Call::anonymous("GET", "/api/health").header("host", "attacker.example").send(&state).await;
    assert_eq!(status, 403);
    let (status, _) = call("GET", "/api/cases").header("origin", "http://localhost:1420").send(&state).await;
    assert_eq!(status, 200, "a page served from this machine may call");
}

#[tokio::test]
async fn validation_names_every_bad_field() {
    let (state, _dir) = state();
    let (status, body) =
        call("POST", "/api/deadlines").json(&json!({"title": "", "date": "next week", "done": "no", "colour": 1})).send(&state).await;
    assert_eq!(status, 400);
    let error = error_of(&body, "invalid_input");
    let fields = error["fields"].as_object().unwrap();
    let names: Vec<&str> = fields.keys().map(String::as_str).collect();
    assert_eq!(names, ["colour", "date", "done", "title"], "{body}");
    assert!(fields["date"].as_str().unwrap().contains("YYYY-MM-DD"));
    assert!(fields["colour"].as_str().unwrap().starts_with("unknown field"));

    let cases = [
        ("/api/cases", json!({"caseNumber": "CL-1"}), "name"),
        ("/api/contacts", json!({"name": "Clerk", "role": "bailiff"}), "role"),
        ("/api/contacts", json!({"name": "Clerk", "email": "not-an-address"}), "email"),
        ("/api/finances", json!({"date": "2025-01-02", "amount": "a lot"}), "amount"),
        ("/api/finances", json!({"amount": 86}), "date"),
        ("/api/timeline", json!({"date": "2025-01-02"}), "title"),
        ("/api/timeline", json!({"date": "2025-01-02", "title": "Hearing", "isCritical": "yes"}), "isCritical"),
        ("/api/deadlines", json!({"ruleId": "no-such-rule", "triggerDate": "2025-01-02"}), "ruleId"),
        ("/api/deadlines", json!({"ruleId": "answer-complaint"}), "triggerDate"),
        ("/api/deadlines", json!({"title": "Hearing", "date": "2025-01-02", "caseId": 999}), "caseId"),
    ];
    for (path, body, field) in cases {
        let (status, response) = call("POST", path).json(&body).send(&state).await;
        assert_eq!(status, 400, "{path} {body}: {response}");
        assert!(error_of(&response, "invalid_input")["fields"][field].is_string(), "{path} {body}: expected `{field}` in {response}");
    }
}

#[tokio::test]
async fn bad_bodies_get_400_413_and_415() {
    let (state, _dir) = state_with(|c| c.max_body_bytes = 2_000);
    let (status, body) = call("POST", "/api/cases").raw("application/json", "{\"name\": ").send(&state).await;
    assert_eq!(status, 400);
    assert!(error_of(&body, "bad_request")["message"].as_str().unwrap().contains("not valid JSON"));

    let (status, body) = call("POST", "/api/cases").raw("text/plain", "name=Doe").send(&state).await;
    assert_eq!(status, 415);
    error_of(&body, "unsupported_media_type");
    let (status, _) = call("POST", "/api/documents").raw("application/xml", "<doc/>").send(&state).await;
    assert_eq!(status, 415);

    let big = json!({"name": "x".repeat(5_000)});
    let (status, body) = call("POST", "/api/cases").json(&big).send(&state).await;
    assert_eq!(status, 413);
    assert!(error_of(&body, "payload_too_large")["message"].as_str().unwrap().contains("2000 bytes"));
    let (status, body) = call("POST", "/api/documents").multipart("big.txt", "word ".repeat(1_000).as_bytes(), &[]).send(&state).await;
    assert_eq!(status, 413, "{body}");
    error_of(&body, "payload_too_large");

    // A JSON array where an object belongs.
    let (status, body) = call("POST", "/api/cases").json(&json!(["Doe"])).send(&state).await;
    assert_eq!(status, 400);
    error_of(&body, "bad_request");
}

#[tokio::test]
async fn missing_records_and_routes_are_404() {
    let (state, _dir) = state();
    for path in [
        "/api/cases/42",
        "/api/deadlines/42",
        "/api/contacts/42",
        "/api/finances/42",
        "/api/timeline/42",
        "/api/documents/42",
        "/api/cases/abc",
    ] {
        let (status, body) = call("GET", path).send(&state).await;
        assert_eq!(status, 404, "{path}");
        error_of(&body, "not_found");
    }
    let (status, _) = call("DELETE", "/api/contacts/42").send(&state).await;
    assert_eq!(status, 404);
    let (status, _) = call("PATCH", "/api/timeline/42").json(&json!({"title": "x"})).send(&state).await;
    assert_eq!(status, 404);
    let (status, body) = call("GET", "/api/nothing-here").send(&state).await;
    assert_eq!(status, 404);
    assert!(error_of(&body, "not_found")["message"].as_str().unwrap().contains("/api/nothing-here"));
    let (status, body) = call("DELETE", "/api/cases").send(&state).await;
    assert_eq!(status, 405);
    error_of(&body, "method_not_allowed");
}

/// Create, read, list, update (PATCH merges; null clears), delete, then 404.
async fn round_trip(state: &proseva_server::AppState, path: &str, create: Value, patch: Value, expect_after_patch: Value) -> Value {
    let (status, created) = call("POST", path).json(&create).send(state).await;
    assert_eq!(status, 201, "{path}: {created}");
    let id = created["id"].as_i64().unwrap();
    for (key, value) in create.as_object().unwrap() {
        if !value.is_null() {
            assert_eq!(&created[key], value, "{path}: field {key} in {created}");
        }
    }
    assert!(created["createdAt"].as_str().unwrap().ends_with('Z'), "{created}");
    let (status, read) = call("GET", &format!("{path}/{id}")).send(state).await;
    assert_eq!((status, &read), (200, &created));
    let (_, list) = call("GET", path).send(state).await;
    assert!(list.as_array().unwrap().contains(&created), "{list}");

    let (status, updated) = call("PATCH", &format!("{path}/{id}")).json(&patch).send(state).await;
    assert_eq!(status, 200, "{path}: {updated}");
    for (key, value) in expect_after_patch.as_object().unwrap() {
        assert_eq!(&updated[key], value, "{path}: field {key} after update in {updated}");
    }
    // A full PUT of what GET returned (read-only fields and all) changes nothing.
    let (status, put) = call("PUT", &format!("{path}/{id}")).json(&updated).send(state).await;
    assert_eq!(status, 200, "{path}: {put}");
    for key in create.as_object().unwrap().keys() {
        assert_eq!(put[key], updated[key], "{path}: {key}");
    }

    let (status, body) = call("DELETE", &format!("{path}/{id}")).send(state).await;
    assert_eq!((status, body), (204, Value::Null));
    let (status, _) = call("GET", &format!("{path}/{id}")).send(state).await;
    assert_eq!(status, 404);
    updated
}

#[tokio::test]
async fn every_resource_round_trips() {
    let (state, _dir) = state();
    round_trip(
        &state,
        "/api/cases",
        json!({"name": "Doe v. Doe", "caseNumber": "JJ123456-01-00", "court": "Fairfax JDR", "type": "custody", "status": "open",
               "parties": [{"name": "Jane Doe", "role": "petitioner"}, {"name": "John Doe", "role": "respondent"}], "notes": "first hearing set"}),
        json!({"status": "closed", "notes": null}),
        json!({"status": "closed", "notes": null, "name": "Doe v. Doe", "type": "custody"}),
    )
    .await;

    let (_, case) = call("POST", "/api/cases").json(&json!({"name": "Roe v. Landlord"})).send(&state).await;
    let case_id = case["id"].as_i64().unwrap();
    assert_eq!((case["status"].as_str(), case["parties"].clone()), (Some("open"), json!([])), "defaults: {case}");
    round_trip(
        &state,
        "/api/deadlines",
        json!({"caseId": case_id, "title": "File answer", "date": "2025-03-10", "kind": "response", "done": false, "notes": "by mail"}),
        json!({"done": true}),
        json!({"done": true, "date": "2025-03-10", "title": "File answer"}),
    )
    .await;
    round_trip(
        &state,
        "/api/contacts",
        json!({"caseId": case_id, "name": "Clerk of Court", "role": "clerk", "phone": "(703) 555-0100", "email": "clerk@courts.example",
               "address": "4110 Chain Bridge Rd, Fairfax, VA"}),
        json!({"role": "other", "phone": null}),
        json!({"role": "other", "phone": null, "name": "Clerk of Court"}),
    )
    .await;
    round_trip(
        &state,
        "/api/finances",
        json!({"caseId": case_id, "date": "2025-02-01", "amount": 86.5, "category": "filing fee", "description": "Warrant in debt"}),
        json!({"amount": "$1,200.10"}),
        json!({"amount": 1200.1, "category": "filing fee"}),
    )
    .await;
    round_trip(
        &state,
        "/api/timeline",
        json!({"caseId": case_id, "date": "2025-02-03", "party": "Landlord", "title": "Notice to quit received", "details": "Taped to the door",
               "isCritical": true}),
        json!({"isCritical": false, "details": "Taped to the door, photo taken"}),
        json!({"isCritical": false, "details": "Taped to the door, photo taken", "party": "Landlord"}),
    )
    .await;
}

#[tokio::test]
async fn documents_round_trip_their_metadata() {
    let (state, _dir) = state();
    let (status, doc) =
        call("POST", "/api/documents").json(&json!({"title": "Notes", "kind": "notes", "text": "Met the clerk today."})).send(&state).await;
    assert_eq!(status, 201, "{doc}");
    let id = doc["id"].as_i64().unwrap();
    assert_eq!(
        (doc["format"].as_str(), doc["embeddingStatus"].as_str(), doc["chunkCount"].as_i64()),
        (Some("txt"), Some("pending"), Some(1))
    );
    let (status, updated) = call("PATCH", &format!("/api/documents/{id}")).json(&json!({"title": "Clerk notes"})).send(&state).await;
    assert_eq!((status, updated["title"].as_str(), updated["kind"].as_str()), (200, Some("Clerk notes"), Some("notes")));
    let (status, body) =
        call("PATCH", &format!("/api/documents/{id}")).json(&json!({"format": "pdf", "pageCount": 3, "sha256": "x"})).send(&state).await;
    assert_eq!((status, body["format"].as_str()), (200, Some("txt")), "computed fields are not changed by a client: {body}");
    let (status, body) = call("PATCH", &format!("/api/documents/{id}")).json(&json!({"text": "replaced"})).send(&state).await;
    assert_eq!(status, 400, "the text comes from the file: {body}");
    let (status, _) = call("DELETE", &format!("/api/documents/{id}")).send(&state).await;
    assert_eq!(status, 204);
    let (status, _) = call("GET", &format!("/api/documents/{id}/text")).send(&state).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_case_with_records_cannot_be_deleted_out_from_under_them() {
    let (state, _dir) = state();
    let (_, case) = call("POST", "/api/cases").json(&json!({"name": "Doe v. Doe"})).send(&state).await;
    let id = case["id"].as_i64().unwrap();
    let (_, deadline) =
        call("POST", "/api/deadlines").json(&json!({"caseId": id, "title": "Hearing", "date": "2025-05-01"})).send(&state).await;
    call("POST", "/api/timeline").json(&json!({"caseId": id, "title": "Filed", "date": "2025-04-01"})).send(&state).await;

    let (status, body) = call("DELETE", &format!("/api/cases/{id}")).send(&state).await;
    assert_eq!(status, 409);
    let message = error_of(&body, "conflict")["message"].as_str().unwrap().to_string();
    assert!(message.contains("1 deadline") && message.contains("1 timeline event"), "{message}");
    let (status, _) = call("GET", &format!("/api/deadlines/{}", deadline["id"])).send(&state).await;
    assert_eq!(status, 200, "the deadline is still there");
}

#[tokio::test]
async fn a_deadline_from_a_rule_gets_its_date_and_citation() {
    let (state, _dir) = state();
    // Served on Friday, November 7, 2025: 21 days is the day after Thanksgiving.
    let (status, d) =
        call("POST", "/api/deadlines").json(&json!({"ruleId": "answer-complaint", "triggerDate": "2025-11-07"})).send(&state).await;
    assert_eq!(status, 201, "{d}");
    assert_eq!(d["date"], "2025-12-01");
    assert_eq!(d["sourceRule"], "Rule 3:8(a)");
    assert_eq!(d["kind"], "response");
    assert!(d["title"].as_str().unwrap().contains("responsive pleading"));
    assert!(d["dateNote"].as_str().unwrap().contains("Thanksgiving"), "{d}");
    let id = d["id"].as_i64().unwrap();

    // A new trigger date moves the deadline with it.
    let (_, d) = call("PATCH", &format!("/api/deadlines/{id}")).json(&json!({"triggerDate": "2025-02-03"})).send(&state).await;
    assert_eq!((d["date"].as_str(), d["sourceRule"].as_str()), (Some("2025-02-24"), Some("Rule 3:8(a)")), "{d}");
    // Setting the date by hand while the rule stands is refused, and says how.
    let (status, body) = call("PATCH", &format!("/api/deadlines/{id}")).json(&json!({"date": "2025-03-01"})).send(&state).await;
    assert_eq!(status, 400);
    assert!(error_of(&body, "invalid_input")["fields"]["date"].as_str().unwrap().contains("ruleId"));
    // Clearing the rule keeps the date and drops the citation; then the date is the user's.
    let (_, d) = call("PATCH", &format!("/api/deadlines/{id}")).json(&json!({"ruleId": null})).send(&state).await;
    assert_eq!((d["date"].as_str(), d["sourceRule"].clone(), d["dateNote"].clone()), (Some("2025-02-24"), Value::Null, Value::Null), "{d}");
    let (_, d) = call("PATCH", &format!("/api/deadlines/{id}")).json(&json!({"date": "2025-03-03"})).send(&state).await;
    assert_eq!(d["date"], "2025-03-03");
}

#[tokio::test]
async fn the_rule_table_is_served_with_citations_and_a_preview() {
    let (state, _dir) = state();
    let (status, book) = call("GET", "/api/deadline-rules").send(&state).await;
    assert_eq!(status, 200);
    let rules = book["rules"].as_array().unwrap();
    let appeal = rules.iter().find(|r| r["id"] == "appeal-general-district").unwrap();
    assert_eq!((appeal["citation"].as_str(), appeal["days"].as_i64()), (Some("Va. Code § 16.1-106"), Some(10)));
    assert!(book["caveats"].as_array().unwrap().iter().any(|c| c.as_str().unwrap().contains("Not legal advice")));

    let (status, preview) = call("POST", "/api/deadline-rules/compute")
        .json(&json!({"ruleId": "appeal-general-district", "triggerDate": "2025-12-15"}))
        .send(&state)
        .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!((preview["countedDate"].as_str(), preview["date"].as_str()), (Some("2025-12-25"), Some("2025-12-26")));
    assert_eq!(preview["skipped"][0]["reason"], "a legal holiday (Christmas Day, § 2.2-3300)");
    let (status, _) = call("GET", "/api/deadlines").send(&state).await;
    assert_eq!(status, 200);
    let (_, all) = call("GET", "/api/deadlines").send(&state).await;
    assert_eq!(all, json!([]), "a preview stores nothing");
}

#[tokio::test]
async fn lists_filter_by_case_and_page() {
    let (state, _dir) = state();
    let (_, a) = call("POST", "/api/cases").json(&json!({"name": "A"})).send(&state).await;
    let (_, b) = call("POST", "/api/cases").json(&json!({"name": "B"})).send(&state).await;
    for (case, day) in [(&a, 1), (&b, 2), (&a, 3), (&a, 4)] {
        call("POST", "/api/timeline")
            .json(&json!({"caseId": case["id"], "date": format!("2025-01-0{day}"), "title": format!("day {day}")}))
            .send(&state)
            .await;
    }
    let (_, list) = call("GET", &format!("/api/timeline?caseId={}&limit=2&offset=1", a["id"])).send(&state).await;
    let titles: Vec<&str> = list.as_array().unwrap().iter().map(|e| e["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["day 3", "day 4"]);
    let (status, body) = call("GET", "/api/timeline?limit=0&colour=red").send(&state).await;
    assert_eq!(status, 400);
    let fields = error_of(&body, "invalid_input")["fields"].clone();
    assert!(fields["limit"].is_string() && fields["colour"].is_string(), "{fields}");
}

#[tokio::test]
async fn the_token_is_compared_exactly() {
    let (state, _dir) = state();
    for token in [&TOKEN[..TOKEN.len() - 1], &format!("{TOKEN}x"), &TOKEN.to_uppercase()] {
        let (status, _) = Call::anonymous("GET", "/api/cases").auth(token).send(&state).await;
        assert_eq!(status, 401, "{token}");
    }
}
