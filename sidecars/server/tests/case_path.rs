//! A case's step-by-step path over HTTP: the kinds, which court, the plan of a case from its dates
//! and ticks, and the deadlines the path puts in the case (the same day the path shows, moved when
//! a date is entered again, the person's own changes kept).

mod common;
// Help from people (issue 41): in this binary, which has the HTTP helpers, rather than one more.
mod help;

use common::{call, create, error_of, state};
use serde_json::{Value, json};

#[tokio::test]
async fn the_kinds_and_which_court_are_listed() {
    let (state, _dir) = state();
    let (status, paths) = call("GET", "/api/paths").send(&state).await;
    assert_eq!(status, 200);
    let kinds: Vec<&str> = paths["kinds"].as_array().unwrap().iter().map(|k| k["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds.len(), 8, "{kinds:?}");
    assert!(kinds.contains(&"eviction-tenant"));
    assert!(paths["kinds"][0]["dates"].as_array().is_some_and(|d| !d.is_empty()));

    let (status, path) = call("GET", "/api/paths/eviction-tenant").send(&state).await;
    assert_eq!(status, 200);
    assert!(path["steps"].as_array().unwrap().iter().any(|s| s["id"] == "first-hearing" && s["on"] == "returnDate"), "{path}");
    let (status, body) = call("GET", "/api/paths/divorce").send(&state).await;
    assert_eq!(status, 404);
    assert!(error_of(&body, "not_found")["message"].as_str().unwrap().contains("eviction-tenant"));

    let (status, court) = call("GET", "/api/which-court?kind=debt-plaintiff&amount=60000").send(&state).await;
    assert_eq!((status, court["court"].as_str()), (200, Some("circuit")), "{court}");
    let (_, court) = call("GET", "/api/which-court?kind=debt-plaintiff&amount=4500").send(&state).await;
    assert_eq!(court["court"], "general-district", "{court}");
    for bad in ["/api/which-court", "/api/which-court?kind=debt-plaintiff&amount=-5", "/api/which-court?kind=debt-plaintiff&amount=lots"] {
        assert_eq!(call("GET", bad).send(&state).await.0, 400, "{bad}");
    }
}

fn step<'a>(plan: &'a Value, id: &str) -> &'a Value {
    plan["steps"].as_array().unwrap().iter().find(|s| s["id"] == id).unwrap_or_else(|| panic!("no step {id}: {plan}"))
}

#[tokio::test]
async fn a_cases_dates_give_its_path_deadlines_and_hearings_that_agree_with_the_rules() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({ "name": "Elm St. eviction", "court": "Richmond General District Court" })).await;
    let path = format!("/api/cases/{}/path", case["id"]);
    let (status, body) = call("GET", &path).send(&state).await;
    assert_eq!(status, 409, "no kind yet: {body}");

    // The kind and the return date: the next step is the first one, the hearing is in the deadlines.
    let (status, plan) =
        call("PUT", &path).json(&json!({ "kind": "eviction-tenant", "dates": { "returnDate": "2026-03-10" } })).send(&state).await;
    assert_eq!(status, 200, "{plan}");
    assert_eq!(plan["next"], "notice");
    assert_eq!(step(&plan, "first-hearing")["on"]["date"], "2026-03-10");
    assert!(step(&plan, "appeal")["deadline"]["needs"].as_str().unwrap().contains("the day the judge decided"), "{plan}");
    let (_, deadlines) = call("GET", &format!("/api/deadlines?caseId={}", case["id"])).send(&state).await;
    let items = deadlines.as_array().unwrap();
    assert_eq!(items.len(), 1, "{deadlines}");
    assert_eq!((items[0]["kind"].as_str(), items[0]["date"].as_str()), (Some("hearing"), Some("2026-03-10")));
    assert_eq!(items[0]["title"], "Go to the first court date");
    assert_eq!(items[0]["location"], "Richmond General District Court");

    // The judgment date: the appeal deadline, the same day the rule computes, in the deadlines too.
    let (_, plan) = call("PUT", &path).json(&json!({ "dates": { "judgmentDate": "2026-03-10" } })).send(&state).await;
    let appeal = &step(&plan, "appeal")["deadline"];
    let (_, computed) = call("POST", "/api/deadline-rules/compute")
        .json(&json!({ "ruleId": "appeal-unlawful-detainer", "triggerDate": "2026-03-10" }))
        .send(&state)
        .await;
    assert_eq!(appeal["date"], computed["date"], "{appeal} vs {computed}");
    assert_eq!(plan["dates"].as_array().unwrap().iter().find(|d| d["key"] == "returnDate").unwrap()["date"], "2026-03-10", "dates merge");
    let (_, deadlines) = call("GET", &format!("/api/deadlines?caseId={}", case["id"])).send(&state).await;
    let items = deadlines.as_array().unwrap();
    assert_eq!(items.len(), 2, "{deadlines}");
    let appeal_deadline = items.iter().find(|d| d["ruleId"] == "appeal-unlawful-detainer").unwrap();
    assert_eq!(appeal_deadline["date"], computed["date"]);

    // The person marks the hearing done and sets its time; a corrected return date moves it and keeps those.
    let hearing = items.iter().find(|d| d["kind"] == "hearing").unwrap();
    let (status, _) = call("PATCH", &format!("/api/deadlines/{}", hearing["id"]))
        .json(&json!({ "time": "09:30", "title": "Court at 9:30" }))
        .send(&state)
        .await;
    assert_eq!(status, 200);
    call("PUT", &path).json(&json!({ "dates": { "returnDate": "2026-03-12" } })).send(&state).await;
    let (_, moved) = call("GET", &format!("/api/deadlines/{}", hearing["id"])).send(&state).await;
    assert_eq!(
        (moved["date"].as_str(), moved["time"].as_str(), moved["title"].as_str()),
        (Some("2026-03-12"), Some("09:30"), Some("Court at 9:30"))
    );
    let (_, deadlines) = call("GET", &format!("/api/deadlines?caseId={}", case["id"])).send(&state).await;
    assert_eq!(deadlines.as_array().unwrap().len(), 2, "moved, not added: {deadlines}");

    // Ticks move the next step; the amount chooses the court.
    for done in ["notice", "summons", "interpreter"] {
        assert_eq!(call("PUT", &format!("/api/cases/{}/steps/{done}", case["id"])).json(&json!({})).send(&state).await.0, 200);
    }
    let (_, plan) = call("GET", &path).send(&state).await;
    assert_eq!(plan["next"], "prepare");
    assert_eq!(step(&plan, "notice")["status"], "done");
    // The assistant's GetCases says where the case stands: the next step, what comes after, the court.
    let (status, cases) = common::tool(&state, "GetCases", json!({})).await;
    assert_eq!(status, 200, "{cases}");
    let summary = &cases["cases"][0]["path"];
    assert_eq!((summary["done"].as_u64(), summary["steps"].as_u64()), (Some(3), Some(7)), "{summary}");
    assert_eq!(summary["next"]["title"], step(&plan, "prepare")["title"]);
    assert!(summary["after"].as_array().unwrap().iter().any(|s| s["date"] == "2026-03-12"), "the hearing's date: {summary}");
    assert_eq!(summary["court"]["name"], plan["court"]["courtName"]);

    // Bad input is refused plainly and changes nothing.
    for (body, field) in [
        (json!({ "kind": "divorce" }), "kind"),
        (json!({ "dates": { "judgmentDate": "2026-02-30" } }), "pathDates"),
        (json!({ "dates": { "judgmentDate": "262142-01-01" } }), "pathDates"),
        (json!({ "dates": { "judgment date!": "2026-01-01" } }), "pathDates"),
        (json!({ "dates": ["2026-01-01"] }), "dates"),
        (json!({ "amount": -3 }), "amount"),
        (json!({ "colour": "red" }), "colour"),
    ] {
        let (status, answer) = call("PUT", &path).json(&body).send(&state).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"]["fields"].get(field).is_some() || answer["error"]["field"] == field, "{body}: {answer}");
    }
    let (_, after) = call("GET", &path).send(&state).await;
    assert_eq!(after["kind"], "eviction-tenant");
    assert_eq!(call("GET", "/api/cases/999/path").send(&state).await.0, 404);
    assert_eq!(call("PUT", "/api/cases/999/path").json(&json!({ "kind": "eviction-tenant" })).send(&state).await.0, 404);
}

#[tokio::test]
async fn a_money_case_names_its_court_from_the_amount() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({ "name": "Deposit", "kind": "debt-plaintiff", "amount": "$60,000" })).await;
    assert_eq!(case["amount"], 60000.0);
    let (_, plan) = call("GET", &format!("/api/cases/{}/path", case["id"])).send(&state).await;
    assert_eq!(plan["court"]["court"], "circuit", "{plan}");
    let (_, plan) = call("PUT", &format!("/api/cases/{}/path", case["id"])).json(&json!({ "amount": 3000 })).send(&state).await;
    assert_eq!(plan["court"]["court"], "general-district", "{plan}");
}
