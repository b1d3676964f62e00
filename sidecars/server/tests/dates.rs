//! No date string panics an endpoint: every one that reads a date answers 2xx or a 400 naming the
//! field, for ordinary dates, the edges of chrono's calendar (`+262142-12-31`), signed and long
//! years, impossible months and days, and arbitrary text.

mod common;

use common::{call, error_of, state};
use proptest::prelude::*;
use serde_json::{Value, json};

/// What a person or a broken client might type where a date goes.
fn date_like() -> impl Strategy<Value = String> {
    prop_oneof![
        // Years from far before to far after anything a court keeps, with or without a sign.
        (prop_oneof![Just(""), Just("+"), Just("-")], 0i64..=400_000, 0u32..=14, 0u32..=40)
            .prop_map(|(sign, y, m, d)| format!("{sign}{y:04}-{m:02}-{d:02}")),
        Just("+262142-12-31".to_string()),
        Just("262142-12-31".to_string()),
        Just("-262143-01-01".to_string()),
        Just("2200-12-31".to_string()),
        Just("1800-01-01".to_string()),
        "\\PC{0,20}",
    ]
}

/// Each endpoint that reads a date, with the date put where it reads it.
fn requests(date: &str) -> Vec<(&'static str, String, Value)> {
    vec![
        ("POST", "/api/deadline-rules/compute".into(), json!({"ruleId": "answer-complaint", "triggerDate": date})),
        ("POST", "/api/deadlines".into(), json!({"ruleId": "appeal-juvenile-domestic", "triggerDate": date})),
        ("POST", "/api/deadlines".into(), json!({"title": "Hearing", "date": date})),
        ("POST", "/api/finances".into(), json!({"description": "Filing fee", "amount": 86, "category": "fees", "date": date})),
        ("POST", "/api/timeline".into(), json!({"title": "Served", "date": date})),
        ("POST", "/api/tools/SearchTimeline".into(), json!({"startDate": date, "endDate": date})),
        ("POST", "/api/tools/GetDeadlines".into(), json!({})),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_date_string_panics_any_endpoint(date in date_like()) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (state, _dir) = state();
            for (method, path, body) in requests(&date) {
                let (status, answer) = call(method, &path).json(&body).send(&state).await;
                prop_assert!(status == 200 || status == 201 || status == 400, "{method} {path} with {date:?}: {status} {answer}");
                if status == 400 {
                    let error = error_of(&answer, "invalid_input");
                    prop_assert!(error["fields"].is_object(), "{method} {path} with {date:?}: {answer}");
                }
            }
            Ok(())
        })?;
    }
}

#[tokio::test]
async fn the_last_day_chrono_knows_is_refused_with_the_allowed_years() {
    let (state, _dir) = state();
    let (status, answer) = call("POST", "/api/deadline-rules/compute")
        .json(&json!({"ruleId": "answer-complaint", "triggerDate": "+262142-12-31"}))
        .send(&state)
        .await;
    assert_eq!(status, 400, "{answer}");
    let error = error_of(&answer, "invalid_input");
    assert!(error["fields"]["triggerDate"].as_str().unwrap().contains("between 1800-01-01 and 2200-12-31"), "{answer}");
    let (status, answer) = call("POST", "/api/deadline-rules/compute")
        .json(&json!({"ruleId": "answer-complaint", "triggerDate": "2200-12-31"}))
        .send(&state)
        .await;
    assert_eq!(status, 200, "the last allowed day computes: {answer}");
}
