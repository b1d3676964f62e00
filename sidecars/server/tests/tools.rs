//! The local tools: their listing, their argument checks, and what the eight that read the case
//! file and `GetProof` return, over `POST /api/tools/{name}` and in-process through `run_tool`
//! (the writes are in `write_tools.rs` with `create_paper`, `link_evidence` and the check before
//! filing, `check_paper`, and `create_draft` in `drafts.rs`).

mod common;

use chrono::{Days, Local};
use common::{call, create, error_of, state, tool};
use proseva_server::ApiError;
use proseva_server::tools::{self, TOOL_NAMES};
use serde_json::{Value, json};

#[tokio::test]
async fn calls_through_the_pipeline_are_counted_in_the_metrics() {
    let (state, _dir) = state();
    let (status, _) = call("POST", "/api/tools/GetCases").json(&json!({})).send(&state).await;
    assert_eq!(status, 200);
    let (status, _) = call("POST", "/api/tools/GetCases").json(&json!({"nope": 1})).send(&state).await;
    assert_eq!(status, 400);
    let (status, metrics) = call("GET", "/api/metrics").send(&state).await;
    assert_eq!(status, 200);
    let cases = metrics["tools"].as_array().unwrap().iter().find(|t| t["tool"] == "GetCases").unwrap_or_else(|| panic!("{metrics}"));
    // Other tests in this binary call it too: at least these two, one of them failed.
    assert!(cases["calls"].as_u64().unwrap() >= 2 && cases["failures"].as_u64().unwrap() >= 1, "{cases}");
    assert!(metrics["services"].is_array(), "{metrics}");
}

#[tokio::test]
async fn the_list_has_every_tool_in_the_openai_function_shape() {
    let (state, _dir) = state();
    let (status, list) = call("GET", "/api/tools").send(&state).await;
    assert_eq!(status, 200);
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, TOOL_NAMES);
    for t in list.as_array().unwrap() {
        assert_eq!(t["type"], "function");
        assert!(t["description"].as_str().unwrap().len() > 20, "{t}");
        assert_eq!(t["parameters"]["type"], "object", "{t}");
        assert_eq!(t["parameters"]["additionalProperties"], false, "{t}");
        for required in t["parameters"]["required"].as_array().unwrap() {
            assert!(t["parameters"]["properties"].get(required.as_str().unwrap()).is_some(), "{t}");
        }
        // How the window shows it: a title, its source group, what a call does, the kind of its cards.
        for key in ["title", "source", "action", "results"] {
            assert!(t["display"][key].as_str().is_some_and(|v| !v.is_empty()), "{key} of {t}");
        }
    }
    let deadlines = list.as_array().unwrap().iter().find(|t| t["name"] == "GetDeadlines").unwrap();
    assert_eq!(deadlines["display"]["title"], "Your deadlines");
    assert_eq!(deadlines["display"]["results"], "deadline");
    let search = list.as_array().unwrap().iter().find(|t| t["name"] == "SearchTimeline").unwrap();
    let props: Vec<&String> = search["parameters"]["properties"].as_object().unwrap().keys().collect();
    for arg in ["query", "party", "caseNumber", "isCritical", "startDate", "endDate"] {
        assert!(props.iter().any(|p| *p == arg), "SearchTimeline lacks {arg}");
    }
}

#[tokio::test]
async fn an_unknown_tool_is_404_and_lists_the_known_ones() {
    let (state, _dir) = state();
    let (status, body) = tool(&state, "GetEverything", json!({})).await;
    assert_eq!(status, 404);
    let message = error_of(&body, "not_found")["message"].as_str().unwrap().to_string();
    for name in TOOL_NAMES {
        assert!(message.contains(name), "{message}");
    }
}

#[tokio::test]
async fn bad_arguments_are_400_naming_the_argument() {
    let (state, _dir) = state();
    let cases = [
        ("SearchKnowledge", json!({}), "query"),
        ("SearchKnowledge", json!({"query": "custody", "topK": 500}), "topK"),
        ("GetDocumentText", json!({}), "id"),
        ("GetDocumentText", json!({"id": "seven"}), "id"),
        ("SearchTimeline", json!({"startDate": "last May"}), "startDate"),
        ("SearchTimeline", json!({"startDate": "2025-05-02", "endDate": "2025-05-01"}), "endDate"),
        ("SearchTimeline", json!({"isCritical": "yes"}), "isCritical"),
        ("SearchTimeline", json!({"caseNumber": "CL-404"}), "caseNumber"),
        ("GetDeadlines", json!({"caseId": 99}), "caseId"),
        ("GetCases", json!({"caseId": 1}), "caseId"),
        ("GetDocuments", json!({"id": 1}), "id"),
    ];
    for (name, args, argument) in cases {
        let (status, body) = tool(&state, name, args.clone()).await;
        assert_eq!(status, 400, "{name} {args}: {body}");
        let error = error_of(&body, "invalid_input");
        assert!(error["fields"][argument].is_string(), "{name} {args}: expected `{argument}` named in {body}");
        assert!(error["message"].as_str().unwrap().contains("argument"), "{body}");
    }
    let (status, body) = call("POST", "/api/tools/GetCases").raw("application/json", "[1, 2").send(&state).await;
    assert_eq!(status, 400);
    error_of(&body, "bad_request");
}

#[tokio::test]
async fn get_cases_contacts_and_documents_list_what_was_stored() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({"name": "Doe v. Doe", "caseNumber": "JJ1"})).await;
    let other = create(&state, "/api/cases", json!({"name": "Other"})).await;
    create(&state, "/api/contacts", json!({"caseId": case["id"], "name": "Judge Smith", "role": "judge"})).await;
    create(&state, "/api/contacts", json!({"caseId": other["id"], "name": "A. Lawyer", "role": "attorney"})).await;
    create(&state, "/api/documents", json!({"caseId": case["id"], "title": "Order", "text": "It is ORDERED."})).await;

    let (status, cases) = tool(&state, "GetCases", json!({})).await;
    assert_eq!((status, cases["count"].as_i64()), (200, Some(2)));
    assert_eq!(cases["cases"][0]["caseNumber"], "JJ1");
    // No case is on a step-by-step path: the paths a case can follow, with the sections they rest on.
    let paths = cases["paths"].as_array().unwrap_or_else(|| panic!("{cases}"));
    let eviction = paths.iter().find(|p| p["kind"] == "eviction-tenant").unwrap_or_else(|| panic!("{cases}"));
    assert!(eviction["sections"].as_array().unwrap().contains(&json!("55.1-1245")), "{eviction}");
    assert!(eviction["steps"].as_array().is_some_and(|s| s.len() > 2) && eviction["title"].is_string(), "{eviction}");
    // Once one is, only the cases, each with its own path.
    let (status, _) = call("PUT", &format!("/api/cases/{}/path", case["id"])).json(&json!({"kind": "eviction-tenant"})).send(&state).await;
    assert_eq!(status, 200);
    let (_, cases) = tool(&state, "GetCases", json!({})).await;
    assert!(cases.get("paths").is_none() && cases["cases"][0]["path"].is_object(), "{cases}");
    let (_, contacts) = tool(&state, "GetContacts", json!({"caseId": case["id"]})).await;
    assert_eq!(contacts["count"], 1);
    assert_eq!(contacts["contacts"][0]["name"], "Judge Smith");
    let (_, all) = tool(&state, "GetContacts", json!(null)).await;
    assert_eq!(all["count"], 2);
    let (_, docs) = tool(&state, "GetDocuments", json!({})).await;
    assert_eq!(docs["documents"][0]["title"], "Order");
    assert!(docs["documents"][0].get("text").is_none(), "lists leave the text out");
}

#[tokio::test]
async fn deadlines_come_upcoming_first_with_overdue_flagged() {
    let (state, _dir) = state();
    let today = Local::now().date_naive();
    let day =
        |offset: i64| if offset >= 0 { today + Days::new(offset as u64) } else { today - Days::new(offset.unsigned_abs()) }.to_string();
    for (title, offset, done) in
        [("overdue", -3, false), ("later", 30, false), ("done", -10, true), ("soon", 2, false), ("today", 0, false)]
    {
        create(&state, "/api/deadlines", json!({"title": title, "date": day(offset), "done": done})).await;
    }
    let (status, result) = tool(&state, "GetDeadlines", json!({})).await;
    assert_eq!(status, 200);
    let order: Vec<(&str, &str, i64)> = result["deadlines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["title"].as_str().unwrap(), d["status"].as_str().unwrap(), d["daysUntil"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        order,
        [("today", "upcoming", 0), ("soon", "upcoming", 2), ("later", "upcoming", 30), ("overdue", "overdue", -3), ("done", "done", -10)]
    );
    assert_eq!(result["deadlines"][3]["overdue"], true);
    assert_eq!((result["upcoming"].as_i64(), result["overdue"].as_i64(), result["done"].as_i64()), (Some(3), Some(1), Some(1)));
    assert_eq!(result["today"], today.to_string());
}

#[tokio::test]
async fn finances_are_totalled_by_category() {
    let (state, _dir) = state();
    for (amount, category) in [(86.0, "Filing fee"), (12.5, "service"), (0.1, "copies"), (0.2, "copies"), (36.0, "filing fee")] {
        create(&state, "/api/finances", json!({"date": "2025-01-05", "amount": amount, "category": category})).await;
    }
    let (_, result) = tool(&state, "GetFinances", json!({})).await;
    assert_eq!(result["total"], json!(134.8));
    assert_eq!(
        result["totalsByCategory"],
        json!([{"category": "filing fee", "total": 122.0, "count": 2}, {"category": "service", "total": 12.5, "count": 1},
               {"category": "copies", "total": 0.3, "count": 2}])
    );
    assert_eq!((result["count"].as_i64(), result["entriesShown"].as_i64()), (Some(5), Some(5)));
    assert_eq!(result["entries"][0]["amount"], 36.0, "newest first");
}

#[tokio::test]
async fn finances_show_the_newest_hundred_entries_but_total_them_all() {
    let (state, _dir) = state();
    for day in 1..=101 {
        let date = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).unwrap() + Days::new(day);
        create(&state, "/api/finances", json!({"date": date.to_string(), "amount": 1, "category": "copies"})).await;
    }
    let (_, result) = tool(&state, "GetFinances", json!({})).await;
    assert_eq!((result["count"].as_i64(), result["entriesShown"].as_i64(), result["total"].as_f64()), (Some(101), Some(100), Some(101.0)));
    assert_eq!(result["entries"][0]["date"], "2025-04-12");
    assert_eq!(result["entries"][99]["date"], "2025-01-03", "the oldest entry is the one left out");
}

#[tokio::test]
async fn long_document_text_comes_in_pages() {
    let (state, _dir) = state();
    // 25,000 characters, some of them multi-byte, so pages are counted in characters, not bytes.
    let text: String = (0..2_500).map(|i| format!("§{:08} ", i)).collect();
    let doc = create(&state, "/api/documents", json!({"title": "Long", "text": text})).await;
    let mut offset = Some(0);
    let mut read = String::new();
    let mut pages = 0;
    while let Some(at) = offset {
        let (status, page) = tool(&state, "GetDocumentText", json!({"id": doc["id"], "offset": at, "limit": 10_000})).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["total"], 25_000 - 1, "the trailing space is trimmed");
        read.push_str(page["text"].as_str().unwrap());
        offset = page["nextOffset"].as_u64();
        pages += 1;
    }
    assert_eq!(pages, 3);
    assert_eq!(read, text.trim_end());
    let (status, body) = tool(&state, "GetDocumentText", json!({"id": 777})).await;
    assert_eq!(status, 404);
    error_of(&body, "not_found");
}

#[tokio::test]
async fn search_timeline_combines_words_and_filters() {
    let (state, _dir) = state();
    let doe = create(&state, "/api/cases", json!({"name": "Doe v. Doe", "caseNumber": "JJ123456-01-00"})).await;
    let other = create(&state, "/api/cases", json!({"name": "Other", "caseNumber": "GV999"})).await;
    let events = [
        (&doe, "2025-01-10", "Mother", "Custody petition filed", "Petition for sole custody filed in JDR court", true),
        (&doe, "2025-02-14", "Father", "Missed weekend exchange", "Father did not bring the child to the police station exchange", true),
        (&doe, "2025-03-01", "Mother", "Text messages about the schedule", "Screenshots saved", false),
        (&other, "2025-02-20", "Landlord", "Exchange of letters", "Letter about the deposit", false),
    ];
    for (case, date, party, title, details, critical) in events {
        create(
            &state,
            "/api/timeline",
            json!({"caseId": case["id"], "date": date, "party": party, "title": title, "details": details, "isCritical": critical}),
        )
        .await;
    }
    let titles = |v: &Value| v["events"].as_array().unwrap().iter().map(|e| e["title"].as_str().unwrap().to_string()).collect::<Vec<_>>();

    let (_, r) = tool(&state, "SearchTimeline", json!({"query": "exchange"})).await;
    assert_eq!(r["total"], 2, "{r}");
    assert!(titles(&r).contains(&"Missed weekend exchange".to_string()));
    let (_, r) = tool(&state, "SearchTimeline", json!({"query": "exchange", "caseNumber": "jj123456-01-00"})).await;
    assert_eq!(titles(&r), ["Missed weekend exchange"]);
    let (_, r) = tool(&state, "SearchTimeline", json!({"party": "moth"})).await;
    assert_eq!(titles(&r), ["Custody petition filed", "Text messages about the schedule"]);
    let (_, r) = tool(&state, "SearchTimeline", json!({"isCritical": true, "startDate": "2025-02-01", "endDate": "2025-12-31"})).await;
    assert_eq!(titles(&r), ["Missed weekend exchange"]);
    let (_, r) = tool(&state, "SearchTimeline", json!({"limit": 2})).await;
    assert_eq!((r["total"].as_i64(), r["returned"].as_i64()), (Some(4), Some(2)));
    assert_eq!(titles(&r), ["Custody petition filed", "Missed weekend exchange"], "date order without a query");
    let (_, r) = tool(&state, "SearchTimeline", json!({"query": "the of and"})).await;
    assert_eq!(r["total"], 0);
}

#[tokio::test]
async fn get_proof_reads_the_named_case_or_the_only_open_one_and_says_which_to_name() {
    let (state, _dir) = state();
    // No case yet: nothing to read, and the model is told so.
    let (status, body) = tool(&state, "GetProof", json!({})).await;
    assert_eq!(status, 400, "{body}");
    assert!(error_of(&body, "invalid_input")["fields"]["caseId"].as_str().unwrap().contains("no case yet"), "{body}");

    let case = create(&state, "/api/cases", json!({"name": "Oak Ridge v. Doe", "kind": "eviction-tenant"})).await;
    let closed = create(&state, "/api/cases", json!({"name": "An old case", "status": "closed"})).await;
    let (status, view) = tool(&state, "GetProof", json!({})).await;
    assert_eq!(status, 200, "{view}");
    let (_, read) = call("GET", &format!("/api/cases/{}/proof", case["id"])).send(&state).await;
    assert_eq!(view, read, "the only open case's view, as GET /api/cases/{{id}}/proof answers it");
    let ids: Vec<&str> = view["elements"].as_array().unwrap().iter().map(|e| e["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&"pay-or-quit-notice") && ids.contains(&"retaliation"), "{ids:?}");
    assert!(
        view["elements"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["status"] == "nothing" && e["missing"].as_array().is_some_and(|m| !m.is_empty()))
    );
    assert!(view["caveat"].as_str().is_some_and(|c| c.contains("does not say whether the judge will find it shown")), "{view}");

    // A case without a kind: no elements, and how to choose one.
    let (status, view) = tool(&state, "GetProof", json!({"caseId": closed["id"]})).await;
    assert_eq!((status, &view["kind"]), (200, &Value::Null), "{view}");
    assert!(view["message"].as_str().is_some_and(|m| m.contains("Step by step")), "{view}");

    // Two open cases and none named: a 400 naming caseId that lists them; an unknown case likewise.
    let second = create(&state, "/api/cases", json!({"name": "Doe v. Smith"})).await;
    let (status, body) = tool(&state, "GetProof", json!({})).await;
    assert_eq!(status, 400, "{body}");
    let why = error_of(&body, "invalid_input")["fields"]["caseId"].as_str().unwrap().to_string();
    assert!(
        why.contains("Oak Ridge v. Doe") && why.contains(&format!("{} “Doe v. Smith”", second["id"])) && !why.contains("An old case"),
        "{why}"
    );
    let (status, body) = tool(&state, "GetProof", json!({"caseId": 99})).await;
    assert_eq!(status, 400, "{body}");
    assert!(error_of(&body, "invalid_input")["fields"]["caseId"].as_str().unwrap().contains("no case with id 99"), "{body}");
}

#[tokio::test]
async fn tools_run_in_process_with_typed_errors() {
    let (state, _dir) = state();
    create(&state, "/api/cases", json!({"name": "Doe v. Doe"})).await;
    let cases = tools::run_tool(&state, "GetCases", json!({})).await.unwrap();
    assert_eq!(cases["cases"][0]["name"], "Doe v. Doe");
    match tools::run_tool(&state, "Nope", json!({})).await {
        Err(ApiError::NotFound(message)) => assert!(message.contains("SearchKnowledge"), "{message}"),
        other => panic!("expected NotFound, got {other:?}"),
    }
    match tools::run_tool(&state, "SearchKnowledge", json!({"query": 5})).await {
        Err(ApiError::Validation { fields, .. }) => assert!(fields.contains_key("query"), "{fields:?}"),
        other => panic!("expected a validation error, got {other:?}"),
    }
}

#[test]
fn every_tool_schema_is_one_the_argument_check_supports() {
    for spec in tools::tool_specs() {
        assert_eq!(proseva_agent::pipeline::validate::schema_problem(&spec.parameters), None, "{}", spec.name);
    }
}

#[tokio::test]
async fn a_date_argument_must_be_a_day_of_the_calendar() {
    let (state, _dir) = state();
    for (name, args, argument, says) in [
        (
            "add_deadline",
            json!({"title": "File the answer", "date": "2026-02-30"}),
            "date",
            "must be a real date; 2026-02-30 is not a day of the calendar",
        ),
        (
            "add_deadline",
            json!({"ruleId": "answer-complaint", "triggerDate": "262142-01-01"}),
            "triggerDate",
            "must be a date like 2026-03-15, not \"262142-01-01\"",
        ),
        ("SearchTimeline", json!({"startDate": "2026-13-01"}), "startDate", "must be a real date; 2026-13-01 is not a day of the calendar"),
    ] {
        let (status, body) = tool(&state, name, args.clone()).await;
        assert_eq!(status, 400, "{name} {args}: {body}");
        assert_eq!(error_of(&body, "invalid_input")["fields"][argument], says, "{name} {args}");
    }
    let (status, body) = tool(&state, "GetDeadlines", json!({})).await;
    assert_eq!((status, body["deadlines"].as_array().map(Vec::len)), (200, Some(0)), "nothing was written: {body}");
}

/// The assistant asks in the person's language (`Accept-Language`): the words the app writes itself
/// in a tool's answer — the steps of a case's path, who can help, what the court must find — come
/// in Spanish, ids and the person's own records as they are; without the header, in English.
#[tokio::test]
async fn the_tools_answer_in_the_language_asked_for() {
    let (state, _dir) = state();
    let case =
        create(&state, "/api/cases", json!({"name": "Elm St.", "court": "Richmond General District Court", "kind": "eviction-tenant"}))
            .await;
    let spanish = |name: &str, args: Value| {
        call("POST", &format!("/api/tools/{name}")).header("accept-language", "es-US,es;q=0.9").json(&args).send(&state)
    };
    // Help: the caveat and the hand-offs are Spanish; programs keep their names.
    let (status, help) = spanish("FindHelp", json!({"caseId": case["id"], "question": "me quieren desalojar"})).await;
    assert_eq!(status, 200, "{help}");
    let caveat = help["caveat"].as_str().unwrap();
    let (_, english) = tool(&state, "FindHelp", json!({"caseId": case["id"]})).await;
    assert_ne!(caveat, english["caveat"].as_str().unwrap(), "{caveat}");
    assert!(caveat.contains("programas") || caveat.contains("Los programas"), "{caveat}");
    // The case's path: the path's title in Spanish, the same kind and step ids.
    let (_, cases) = spanish("GetCases", json!({})).await;
    let (_, cases_en) = tool(&state, "GetCases", json!({})).await;
    let (path, path_en) = (&cases["cases"][0]["path"], &cases_en["cases"][0]["path"]);
    assert_eq!(cases["cases"][0]["name"], "Elm St.", "the person's words as written");
    assert!(path["title"].is_string() && path["title"] != path_en["title"], "{path}");
    assert_eq!(path["steps"], path_en["steps"]);
    // What the court must find: Spanish words over the same elements.
    let (status, proof) = spanish("GetProof", json!({"caseId": case["id"]})).await;
    assert_eq!(status, 200, "{proof}");
    let (_, proof_en) = tool(&state, "GetProof", json!({"caseId": case["id"]})).await;
    assert_ne!(proof["caveat"], proof_en["caveat"], "{}", proof["caveat"]);
    assert_eq!(proof["counts"], proof_en["counts"]);
}
