//! No body panics a handler of the case workspace: arbitrary JSON sent to the notes, appends,
//! conversations, documents, re-reads, drafts (new, new versions, built, and `create_draft`), the
//! papers tools (`create_paper`, `check_paper`), the Proof view's links and hearing packet, and SearchKnowledge (backups are left out: a
//! random path could be a real one), and arbitrary bytes uploaded under every name a document
//! can have (`.pdf`, `.png`, `.docx`, ...), get an answer below 500 — a record, or a 4xx with a
//! message — and the server keeps working. The same for deadlines and cases with
//! the fields of reminders and case paths (`time`, `location`, `reminders`, `kind`), ticked steps,
//! dismissals, and any query string sent to `/api/reminders` and `/api/calendar.ics`.

mod common;

use common::{call, state};
use proptest::prelude::*;
use serde_json::{Value, json};

/// JSON as a broken or hostile client might send it: nested, odd keys, huge and negative numbers.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_filter("JSON has no NaN", |f| f.is_finite()).prop_map(|f| json!(f)),
        "\\PC{0,40}".prop_map(Value::String),
        Just(json!("__proto__")),
        prop::sample::select(vec!["markdown", "mermaid", "table", "timeline", "checklist", "timeline\n  2026-03-01 : Filed", "a,b\n1"])
            .prop_map(|s| json!(s)),
        prop::sample::select(vec![
            "7d",
            "morning",
            "2h",
            "5d",
            "09:00",
            "25:00",
            "9:5",
            "eviction-tenant",
            "deadline/1/7d/2026-03-10",
            "2026-03-10"
        ])
        .prop_map(|s| json!(s)),
        (1i64..3).prop_map(|n| json!(n)),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("text".to_string()),
                    Just("title".to_string()),
                    Just("body".to_string()),
                    Just("caseId".to_string()),
                    Just("query".to_string()),
                    Just("path".to_string()),
                    Just("sources".to_string()),
                    Just("contentBase64".to_string()),
                    Just("fileName".to_string()),
                    Just("content".to_string()),
                    Just("kind".to_string()),
                    Just("build".to_string()),
                    Just("draftId".to_string()),
                    Just("date".to_string()),
                    Just("time".to_string()),
                    Just("location".to_string()),
                    Just("reminders".to_string()),
                    Just("name".to_string()),
                    Just("keys".to_string()),
                    Just("doneAt".to_string()),
                    "\\PC{0,8}",
                ],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

const NAMES: [&str; 9] = ["a.pdf", "a.png", "a.jpg", "a.tiff", "a.docx", "a.txt", "a.md", "a", "../x.pdf"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_body_panics_a_workspace_handler(body in any_json(), bytes in prop::collection::vec(any::<u8>(), 0..600), name in 0usize..NAMES.len()) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, _dir) = state();
            let (_, note) = call("POST", "/api/notes").json(&json!({"title": "Kept", "body": "First line."})).send(&state).await;
            let (_, other) = call("POST", "/api/notes").json(&json!({"title": "Changed", "body": "Anything."})).send(&state).await;
            let (_, doc) = call("POST", "/api/documents").json(&json!({"title": "Kept", "text": "The lease ends in June."})).send(&state).await;
            let (note, other, doc) = (note["id"].clone(), other["id"].clone(), doc["id"].clone());
            let requests = [
                ("POST", "/api/notes".to_string()),
                ("PATCH", format!("/api/notes/{other}")),
                ("POST", format!("/api/notes/{note}/append")),
                ("POST", "/api/conversations".to_string()),
                ("POST", "/api/documents".to_string()),
                ("PATCH", format!("/api/documents/{doc}")),
                ("POST", format!("/api/documents/{doc}/reread")),
                ("POST", "/api/tools/SearchKnowledge".to_string()),
                ("POST", "/api/tools/GetDocumentText".to_string()),
            ];
            for (method, path) in &requests {
                let (status, answer) = call(method, path).json(&body).send(&state).await;
                prop_assert!(status < 500, "{method} {path} with {body}: {status} {answer}");
            }
            let (status, answer) = call("POST", "/api/documents").multipart(NAMES[name], &bytes, &[]).send(&state).await;
            prop_assert!(status < 500, "upload {} of {} bytes: {status} {answer}", NAMES[name], bytes.len());

            // What was there is still there.
            let (status, kept) = call("GET", &format!("/api/notes/{note}")).send(&state).await;
            prop_assert!(status == 200 && kept["body"].as_str().unwrap_or_default().starts_with("First line."), "{kept}");
            let (status, text) = call("GET", &format!("/api/documents/{doc}/text")).send(&state).await;
            prop_assert!(status == 200 && text["text"] == "The lease ends in June.", "{text}");
            Ok(())
        })?;
    }

    #[test]
    fn no_body_panics_a_drafts_handler(body in any_json()) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, _dir) = state();
            call("POST", "/api/cases").json(&json!({"name": "Doe v. Doe"})).send(&state).await;
            let (_, draft) =
                call("POST", "/api/drafts").json(&json!({"title": "Kept", "kind": "markdown", "content": "First line."})).send(&state).await;
            let id = draft["id"].clone();
            let requests = [
                ("POST", "/api/drafts".to_string()),
                ("POST", format!("/api/drafts/{id}/versions")),
                ("POST", "/api/drafts/build".to_string()),
                ("POST", "/api/tools/create_draft".to_string()),
                ("POST", "/api/tools/create_paper".to_string()),
                ("POST", "/api/tools/check_paper".to_string()),
            ];
            for (method, path) in &requests {
                let (status, answer) = call(method, path).json(&body).send(&state).await;
                prop_assert!(status < 500, "{method} {path} with {body}: {status} {answer}");
            }
            // The first version is still there, as it was.
            let (status, kept) = call("GET", &format!("/api/drafts/{id}?version=1")).send(&state).await;
            prop_assert!(status == 200 && kept["content"] == "First line.", "{kept}");
            let (status, _) = call("GET", &format!("/api/drafts/{id}/export?format=pdf")).send_raw(&state).await;
            prop_assert_eq!(status, 200);
            Ok(())
        })?;
    }

    #[test]
    fn no_body_or_query_panics_a_reminder_calendar_or_step_handler(
        body in any_json(),
        query in prop::collection::vec((prop::sample::select(vec!["from", "to", "caseId", "deadlineId", "x"]), "[-+:.TZ0-9a-z%]{0,30}|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[-+][0-9]{2}:[0-9]{2})"), 0..4),
        step in "[a-zA-Z0-9._~%-]{1,120}",
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, _dir) = state();
            let (_, case) = call("POST", "/api/cases").json(&json!({"name": "Kept", "reminders": ["1d"]})).send(&state).await;
            let (_, deadline) =
                call("POST", "/api/deadlines").json(&json!({"caseId": case["id"], "title": "Kept", "date": "2026-03-10", "time": "09:00"})).send(&state).await;
            let (case_id, deadline_id) = (case["id"].clone(), deadline["id"].clone());
            let requests = [
                ("POST", "/api/cases".to_string()),
                ("PATCH", format!("/api/cases/{case_id}")),
                ("POST", "/api/deadlines".to_string()),
                ("PATCH", format!("/api/deadlines/{deadline_id}")),
                ("PUT", format!("/api/cases/{case_id}/steps/{step}")),
                ("PUT", format!("/api/cases/{case_id}/steps/a-step")),
                ("POST", "/api/reminders/dismiss".to_string()),
                ("POST", "/api/tools/add_deadline".to_string()),
            ];
            for (method, path) in &requests {
                let (status, answer) = call(method, path).json(&body).send(&state).await;
                prop_assert!(status < 500, "{method} {path} with {body}: {status} {answer}");
            }
            let query: Vec<String> = query.iter().map(|(k, v)| format!("{k}={v}")).collect();
            for path in ["/api/reminders", "/api/calendar.ics"] {
                let path = format!("{path}?{}", query.join("&"));
                let (status, answer) = call("GET", &path).send_raw(&state).await;
                prop_assert!(status < 500, "GET {path}: {status} {}", String::from_utf8_lossy(&answer));
            }
            // Every record, changed or not, still reads and exports.
            for path in ["/api/cases", "/api/deadlines", "/api/calendar.ics", "/api/reminders?from=2026-01-01T00:00:00Z&to=2026-12-01T00:00:00Z"] {
                let (status, answer) = call("GET", path).send_raw(&state).await;
                prop_assert!(status == 200, "GET {path}: {status} {}", String::from_utf8_lossy(&answer));
            }
            Ok(())
        })?;
    }

    #[test]
    fn no_body_or_query_panics_a_help_handler(
        body in any_json(),
        query in prop::collection::vec((prop::sample::select(vec!["locality", "caseKind", "x"]), "[-a-z0-9%&=]{0,40}|richmond-city|eviction-tenant"), 0..4),
        size in any::<i64>(),
        income in prop_oneof![any::<f64>().prop_map(|f| json!(f)), any::<i64>().prop_map(|i| json!(i)), "[-$,.0-9a-z]{0,20}".prop_map(|s| json!(s))],
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, _dir) = state();
            for body in [body.clone(), json!({"householdSize": size, "yearlyIncome": income})] {
                let (status, answer) = call("POST", "/api/help/eligibility").json(&body).send(&state).await;
                prop_assert!(status == 200 || status == 400, "eligibility with {body}: {status} {answer}");
            }
            let query: Vec<String> = query.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let path = format!("/api/help?{}", query.join("&"));
            let (status, answer) = call("GET", &path).send(&state).await;
            prop_assert!([200, 400, 404].contains(&status), "GET {path}: {status} {answer}");
            let path = format!("/api/help/locality?{}", query.join("&").replace("locality=", "court="));
            let (status, answer) = call("GET", &path).send(&state).await;
            prop_assert!(status == 200 || status == 400, "GET {path}: {status} {answer}");
            let path = format!("/api/help/screen?{}", query.join("&"));
            let (status, answer) = call("GET", &path).send(&state).await;
            prop_assert!(status == 200 || status == 400, "GET {path}: {status} {answer}");
            // The packet: any body, for a case that exists and one that does not; nothing is
            // written for a refused body.
            let case = crate::common::create(&state, "/api/cases", json!({"name": "Case"})).await;
            for id in [case["id"].clone(), json!(99), json!("x")] {
                let path = format!("/api/cases/{}/packet", id.as_i64().map(|i| i.to_string()).unwrap_or_else(|| "x".into()));
                let (status, answer) = call("POST", &path).json(&body).send(&state).await;
                prop_assert!([200, 400, 404].contains(&status), "POST {path} with {body}: {status} {answer}");
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_body_query_or_file_panics_a_papers_or_forms_handler(
        body in any_json(),
        bytes in prop::collection::vec(any::<u8>(), 0..800),
        query in prop::collection::vec((prop::sample::select(vec!["caseId", "paper", "caseKind", "x"]), "[-a-z0-9%&=]{0,30}|1|motion-to-continue|eviction-tenant"), 0..4),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, _dir) = state();
            let case = crate::common::create(&state, "/api/cases", json!({"name": "Lan v. Oak Ridge", "kind": "eviction-tenant", "parties": [{"name": "Lan", "role": "me"}]})).await;
            let id = case["id"].clone();
            let (status, built) = call("POST", "/api/papers")
                .json(&json!({"paper": "motion-to-continue", "caseId": id, "fields": {"address": "1 Main St.", "hearingDate": "2027-01-05", "reason": "Ill."}}))
                .send(&state)
                .await;
            prop_assert_eq!(status, 201, "{}", built);
            let draft = built["draft"]["id"].clone();
            for body in [body.clone(), json!({"paper": "motion-to-continue", "caseId": id, "fields": body}), json!({"paper": "motion-to-continue", "caseId": id, "draftId": draft, "fields": body})] {
                let (status, answer) = call("POST", "/api/papers").json(&body).send(&state).await;
                prop_assert!([201, 400, 404].contains(&status), "POST /api/papers with {body}: {status} {answer}");
            }
            let (status, answer) = call("POST", "/api/papers/check").json(&body).send(&state).await;
            prop_assert!([200, 400, 404].contains(&status), "check with {body}: {status} {answer}");
            let query: Vec<String> = query.iter().map(|(k, v)| format!("{k}={v}")).collect();
            for path in [format!("/api/papers/kinds?{}", query.join("&")), format!("/api/papers/proposed?{}", query.join("&"))] {
                let (status, answer) = call("GET", &path).send(&state).await;
                prop_assert!([200, 400, 404].contains(&status), "GET {path}: {status} {answer}");
            }
            let (status, answer) = call("POST", &format!("/api/forms/fields?caseId={id}")).raw("application/pdf", bytes.clone()).send(&state).await;
            prop_assert!(status == 400 || status == 200, "a form of {} bytes: {status} {answer}", bytes.len());
            let (status, answer) = call("POST", "/api/forms/00aa/fill").json(&body).send(&state).await;
            prop_assert!(status == 400 || status == 404, "fill with {body}: {status} {answer}");
            // The paper built first is still there, as it was.
            let (status, kept) = call("GET", &format!("/api/drafts/{draft}?version=1")).send(&state).await;
            prop_assert!(status == 200 && kept["kind"] == "paper", "{kept}");
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_body_or_path_panics_a_proof_handler_or_loses_a_link(
        body in any_json(),
        element in "[-a-z0-9]{0,24}|rental-agreement|short-notice",
        kind in prop::sample::select(vec!["document", "timeline", "note", "finance", "contact", "photo", ""]),
        record in prop_oneof![Just(json!(1)), Just(json!(-1)), Just(json!("1")), Just(json!(1.5)), Just(json!(i64::MAX)), Just(Value::Null)],
        linked in prop_oneof![Just(json!(true)), Just(json!(false)), Just(json!("yes")), Just(Value::Null)],
        path_id in "[-a-z0-9%]{0,12}|1|0|99999999999999999999",
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, _dir) = state();
            let case = crate::common::create(&state, "/api/cases", json!({"name": "Lan v. Oak Ridge", "kind": "eviction-tenant"})).await;
            let id = case["id"].as_i64().unwrap();
            let lease = crate::common::create(&state, "/api/documents", json!({"caseId": id, "title": "Lease", "kind": "other", "text": "Lease."})).await;
            let links = format!("/api/cases/{id}/proof/links");
            let first = json!({"elementId": "rental-agreement", "recordKind": "document", "recordId": lease["id"], "linked": true});
            let (status, answer) = call("PUT", &links).json(&first).send(&state).await;
            prop_assert_eq!(status, 200, "{}", answer);
            let mut change = json!({"elementId": element, "recordKind": kind, "recordId": record, "linked": linked});
            for (k, v) in body.as_object().into_iter().flatten() {
                change[k.as_str()] = v.clone();
            }
            let mut unlinked = false;
            for b in [&body, &change] {
                let (status, answer) = call("PUT", &links).json(b).send(&state).await;
                prop_assert!([200, 400].contains(&status), "PUT links with {b}: {status} {answer}");
                unlinked |= status == 200 && (b["linked"] == false || b["linked"] == "false");
                let (status, answer) = call("POST", &format!("/api/cases/{id}/hearing-packet")).json(b).send(&state).await;
                prop_assert!([200, 400].contains(&status), "packet with {b}: {status} {answer}");
            }
            for path in [format!("/api/cases/{path_id}/proof"), format!("/api/proof/kinds/{path_id}")] {
                let (status, answer) = call("GET", &path).send(&state).await;
                // A path that is not UTF-8 (`%80`) is a 400 from the router, with its message.
                prop_assert!([200, 400, 404].contains(&status), "GET {path}: {status} {answer}");
            }
            let (status, answer) = call("PUT", &format!("/api/cases/{path_id}/proof/links")).json(&change).send(&state).await;
            prop_assert!([200, 400, 404].contains(&status), "PUT links of case {path_id}: {status} {answer}");
            unlinked |= status == 200 && (change["linked"] == false || change["linked"] == "false");
            // The first link is still there unless a change that unlinks was taken.
            let (_, proof) = call("GET", &format!("/api/cases/{id}/proof")).send(&state).await;
            let kept = proof["elements"].as_array().unwrap().iter().any(|e| e["id"] == "rental-agreement" && !e["links"].as_array().unwrap().is_empty());
            prop_assert!(kept || unlinked, "{proof}");
            Ok(())
        })?;
    }
}

// Fewer cases: every passphrase tried is stretched by Argon2id (about half a second here).
proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn no_body_panics_a_privacy_handler_or_opens_the_file_without_its_passphrase(
        body in any_json(),
        secret in prop_oneof![Just(String::new()), "[ -~]{0,40}", "[0-9A-Z-]{20,35}", "\\PC{0,12}"],
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, dir) = state();
            let (_, note) = call("POST", "/api/notes").json(&json!({"title": "Kept", "body": "First line."})).send(&state).await;
            let routes = ["/api/privacy/encrypt", "/api/privacy/unlock", "/api/privacy/lock", "/api/privacy/passphrase", "/api/privacy/decrypt", "/api/restore"];
            // Plain: nothing but turning the lock on can succeed, and only with a passphrase.
            for route in &routes[1..] {
                let (status, answer) = call("POST", route).json(&body).send(&state).await;
                prop_assert!([400, 409].contains(&status), "{route} with {body}: {status} {answer}");
            }
            // Locked with a known passphrase: random secrets and bodies never open it or panic.
            let (status, _) = call("POST", "/api/privacy/encrypt").json(&json!({"passphrase": "a passphrase known here"})).send(&state).await;
            prop_assert_eq!(status, 200);
            let (status, _) = call("POST", "/api/privacy/lock").send(&state).await;
            prop_assert_eq!(status, 200);
            let shaped = [
                body.clone(),
                json!({"passphrase": secret}),
                json!({"recoveryKey": secret}),
                json!({"old": secret, "new": "another passphrase"}),
                json!({"path": dir.path().join("x.proseva-backup"), "passphrase": secret}),
            ];
            for body in &shaped {
                for route in &routes {
                    let (status, answer) = call("POST", route).json(body).send(&state).await;
                    // Locking what is locked is fine; nothing else may succeed.
                    let fine = [400, 409, 423].contains(&status) || (*route == "/api/privacy/lock" && status == 200);
                    prop_assert!(fine, "{route} with {body}: {status} {answer}");
                }
                let (status, answer) = call("GET", "/api/privacy").send(&state).await;
                prop_assert!(status == 200 && answer == json!({"encrypted": true, "locked": true}), "{answer}");
            }
            let (status, _) = call("POST", "/api/privacy/unlock").json(&json!({"passphrase": "a passphrase known here"})).send(&state).await;
            prop_assert_eq!(status, 200);
            let (status, kept) = call("GET", &format!("/api/notes/{}", note["id"])).send(&state).await;
            prop_assert!(status == 200 && kept["body"] == "First line.", "{kept}");
            Ok(())
        })?;
    }
}
