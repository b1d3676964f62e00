//! Deadline dates across weekends and Virginia legal holidays (Va. Code §§ 1-210, 2.2-3300),
//! computed directly and through `POST /api/deadlines`.

mod common;

use chrono::NaiveDate;
use common::{call, state};
use proseva_server::deadline_rules::{compute, rule};
use serde_json::json;

/// (rule, trigger date, last day by count, deadline, why it moved)
const TABLE: &[(&str, &str, &str, &str, &str)] = &[
    // Lands on an ordinary Tuesday: stays.
    ("answer-complaint", "2025-02-18", "2025-03-11", "2025-03-11", ""),
    // Lands on a Saturday: Monday.
    ("answer-complaint", "2025-02-15", "2025-03-08", "2025-03-10", "Saturday"),
    // Lands on a Sunday: Monday.
    ("appeal-general-district", "2025-03-06", "2025-03-16", "2025-03-17", "Sunday"),
    // Lands on the Friday after Thanksgiving: past the weekend to Monday.
    ("answer-complaint", "2025-11-07", "2025-11-28", "2025-12-01", "the day after Thanksgiving"),
    // Lands on Thanksgiving itself: past Friday and the weekend.
    ("appeal-general-district", "2025-11-17", "2025-11-27", "2025-12-01", "Thanksgiving Day"),
    // Lands on Christmas (a Wednesday in 2024): Thursday.
    ("answer-complaint", "2024-12-04", "2024-12-25", "2024-12-26", "Christmas Day"),
    // Christmas 2027 is a Saturday, kept on Friday the 24th: that Friday, the weekend, then Monday.
    ("appeal-juvenile-domestic", "2027-12-14", "2027-12-24", "2027-12-27", "Christmas Day observed"),
    // New Year's Day 2028 is a Saturday, kept on Friday, December 31, 2027.
    ("notice-of-appeal-court-of-appeals", "2027-12-01", "2027-12-31", "2028-01-03", "New Year's Day observed"),
    // A Saturday, then Martin Luther King, Jr., Day (third Monday of January 2026): Tuesday.
    ("answer-complaint", "2025-12-27", "2026-01-17", "2026-01-20", "Martin Luther King"),
    // Election Day, the Tuesday after the first Monday of November 2025.
    ("appeal-unlawful-detainer", "2025-10-25", "2025-11-04", "2025-11-05", "Election Day"),
    // Juneteenth 2027 is a Saturday, kept on Friday the 18th.
    ("answer-interrogatories", "2027-05-28", "2027-06-18", "2027-06-21", "Juneteenth observed"),
    // Independence Day 2027 is a Sunday, kept on Monday the 5th: Tuesday.
    ("notice-of-appeal-court-of-appeals", "2027-06-04", "2027-07-04", "2027-07-06", "Independence Day observed"),
    // Columbus Day and Yorktown Victory Day, second Monday of October 2025.
    ("respond-production-request", "2025-09-22", "2025-10-13", "2025-10-14", "Columbus Day"),
    // 60 days to file the transcript, landing on Memorial Day 2025.
    ("transcript-court-of-appeals", "2025-03-27", "2025-05-26", "2025-05-27", "Memorial Day"),
];

fn date(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

#[test]
fn deadlines_roll_past_weekends_and_legal_holidays() {
    for &(rule_id, trigger, counted, due, why) in TABLE {
        let c = compute(rule(rule_id).unwrap(), date(trigger)).unwrap();
        assert_eq!((c.counted_date, c.date), (date(counted), date(due)), "{rule_id} from {trigger}");
        if why.is_empty() {
            assert!(c.skipped.is_empty(), "{rule_id} from {trigger}: {:?}", c.skipped);
        } else {
            assert!(c.skipped.iter().any(|s| s.reason.contains(why)), "{rule_id} from {trigger}: {why:?} not in {:?}", c.skipped);
            assert!(c.explanation.contains("§ 1-210"), "{}", c.explanation);
        }
        assert!(c.explanation.contains(&c.citation), "{}", c.explanation);
    }
}

#[tokio::test]
async fn created_deadlines_use_the_same_dates() {
    let (state, _dir) = state();
    for &(rule_id, trigger, _, due, _) in TABLE {
        let (status, d) = call("POST", "/api/deadlines").json(&json!({"ruleId": rule_id, "triggerDate": trigger})).send(&state).await;
        assert_eq!(status, 201, "{d}");
        assert_eq!(d["date"], due, "{rule_id} from {trigger}");
        assert_eq!(d["sourceRule"].as_str(), Some(rule(rule_id).unwrap().citation.as_str()));
        assert_eq!((d["ruleId"].as_str(), d["triggerDate"].as_str()), (Some(rule_id), Some(trigger)));
    }
}
