//! Help from people (issue 41): the data in `help/help.json` against the passages it records, the
//! eligibility answer at its boundaries against the poverty-guideline table as its source prints
//! it, and the routes.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use proseva_server::help::{self, Source, book, eligibility, guidelines_in_force, localities, poverty_line, problems};
use serde_json::json;

use crate::common::{call, state};

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// The digits of a telephone number, without a leading 1 (long-distance prefix).
fn digits(s: &str) -> String {
    let d: String = s.chars().filter(char::is_ascii_digit).collect();
    d.strip_prefix('1').filter(|rest| rest.len() == 10).map(str::to_string).unwrap_or(d)
}

/// Every telephone number written in `text` (runs of digits, spaces, dots, dashes and brackets
/// holding 10 or 11 digits), as digits.
fn phones_in(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || (!run.is_empty() && matches!(c, '-' | '.' | ' ' | '(' | ')')) || (run.is_empty() && c == '(') {
            run.push(c);
            continue;
        }
        // Letters in a vanity number (1-866-LEGLAID) end the run; the digits beside them are kept.
        let d = digits(&run);
        if d.len() == 10 {
            out.insert(d);
        }
        run.clear();
    }
    out
}

fn passages(sources: &[Source]) -> String {
    sources.iter().map(|s| s.passage.as_str()).collect::<Vec<_>>().join("\n")
}

/// A web address the app shows is in a recorded passage or is the address of a page read.
fn url_is_recorded(what: &str, url: &str, sources: &[Source]) {
    let host = url.trim_start_matches("https://").trim_start_matches("http://").trim_start_matches("www.");
    let host = host.split('/').next().unwrap().to_lowercase();
    assert!(
        passages(sources).to_lowercase().contains(&host) || sources.iter().any(|s| s.url.to_lowercase().contains(&host)),
        "{what}: {url} is neither in a passage nor the address of a page read"
    );
}

fn checks_source(what: &str, s: &Source) {
    assert!(s.url.starts_with("http"), "{what}: a source's url {:?}", s.url);
    assert!(s.passage.trim().len() >= 20, "{what}: a source records the passage read, word for word");
    day(&s.read);
}

#[test]
fn every_locality_is_listed_once_and_served_by_a_program() {
    let all = localities();
    assert_eq!(all.len(), 133);
    assert_eq!(all.iter().filter(|l| l.kind == help::LocalityKind::County).count(), 95);
    assert_eq!(all.iter().filter(|l| l.kind == help::LocalityKind::City).count(), 38);
    assert!(all.iter().all(|l| l.id.ends_with("-county") || l.id.ends_with("-city")));
    assert_eq!(problems(book()), Vec::<String>::new());
    assert!(!book().locality_sources.is_empty());
    for s in &book().locality_sources {
        checks_source("localities", s);
    }
    // Each locality's name is in the recorded list.
    let listed = passages(&book().locality_sources);
    for l in all {
        assert!(listed.contains(&l.name), "{} is not in the recorded list of localities", l.name);
    }
}

#[test]
fn every_number_address_and_area_is_in_a_passage_the_entry_records() {
    for p in &book().programs {
        assert!(!p.sources.is_empty(), "{} has no source", p.name);
        for s in &p.sources {
            checks_source(&p.name, s);
        }
        let text = passages(&p.sources);
        let written = phones_in(&text);
        for phone in &p.phone {
            assert!(written.contains(&digits(phone)), "{}: {phone} is not in its recorded passages", p.name);
        }
        if let Some(url) = &p.url {
            url_is_recorded(&p.name, url, &p.sources);
        }
        for id in &p.serves {
            let l = help::locality(id).unwrap();
            let bare = l.name.trim_end_matches(" County").trim_end_matches(" city");
            // Names as the pages print them ("King And Queen County", "Buena Vista City").
            assert!(text.to_lowercase().contains(&bare.to_lowercase()), "{}: serving {} is not in its recorded passages", p.name, l.name);
        }
        for kind in &p.path_kinds {
            assert!(proseva_server::paths::kinds().contains(&kind.as_str()), "{}: unknown path kind {kind}", p.name);
        }
    }
    for s in &book().statewide {
        assert!(!s.sources.is_empty(), "{} has no source", s.name);
        for src in &s.sources {
            checks_source(&s.name, src);
        }
        if let Some(url) = &s.url {
            url_is_recorded(&s.name, url, &s.sources);
        }
        if let Some(phone) = &s.phone {
            assert!(phones_in(&passages(&s.sources)).contains(&digits(phone)), "{}: {phone} is not in its passages", s.name);
        }
    }
    // No number anywhere in the book that no passage holds.
    let all_passages: String = book()
        .programs
        .iter()
        .map(|p| passages(&p.sources))
        .chain(book().statewide.iter().map(|s| passages(&s.sources)))
        .collect::<Vec<_>>()
        .join("\n");
    let known = phones_in(&all_passages);
    let file = include_str!("../../help/help.json");
    let value: serde_json::Value = serde_json::from_str(file).unwrap();
    let mut said = BTreeSet::new();
    for p in value["programs"].as_array().unwrap() {
        for field in ["howToApply", "name"] {
            said.extend(phones_in(p[field].as_str().unwrap_or("")));
        }
    }
    for s in value["statewide"].as_array().unwrap() {
        for field in ["who", "cost", "name"] {
            said.extend(phones_in(s[field].as_str().unwrap_or("")));
        }
    }
    let unknown: Vec<_> = said.difference(&known).collect();
    assert!(unknown.is_empty(), "numbers in the app's words that no passage holds: {unknown:?}");
}

/// Dollar figures as a passage prints them ("$15,650" or "15,650"), in order.
fn dollars_in(text: &str) -> Vec<u64> {
    let mut out = vec![];
    let mut cur = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || (c == ',' && !cur.is_empty()) {
            cur.push(c);
        } else {
            let t = cur.trim_end_matches(',');
            if t.contains(',') {
                out.push(t.replace(',', "").parse().unwrap());
            }
            cur.clear();
        }
    }
    out
}

#[test]
fn the_guideline_tables_are_the_ones_their_sources_print() {
    assert!(!book().guidelines.is_empty());
    for g in &book().guidelines {
        assert!(!g.sources.is_empty());
        let printed = dollars_in(&passages(&g.sources));
        for amount in g.amounts.iter().chain(std::iter::once(&g.each_additional)) {
            assert!(printed.contains(amount), "{}: ${amount} is not in its source passage", g.year);
        }
        assert!(g.amounts.windows(2).all(|w| w[1] - w[0] == g.each_additional), "{}: each added person adds the same", g.year);
    }
}

#[test]
fn eligibility_at_the_limit_qualifies_and_one_dollar_over_does_not() {
    let today = day("2026-11-29");
    let g = guidelines_in_force(today).expect("guidelines for today");
    // The table as its source prints it: the first eight figures of the passage that gives the sizes.
    for size in 1..=10u32 {
        let line = poverty_line(g, size);
        let expected_line = if size <= 8 { g.amounts[size as usize - 1] } else { g.amounts[7] + u64::from(size - 8) * g.each_additional };
        assert_eq!(line, expected_line);
        for rule in &book().income_rules {
            // The limit in cents, exactly: line × percent / 100 dollars.
            let limit_cents = i64::try_from(u128::from(line) * u128::from(rule.percent)).unwrap();
            let at = eligibility(size, limit_cents, today).unwrap();
            let answer = at.programs.iter().find(|p| p.name == rule.name).unwrap();
            // "at or below" takes the limit itself; "below" does not.
            assert_eq!(answer.may_qualify, rule.at_limit, "{size} people at exactly {}% ({})", rule.percent, rule.name);
            let under = eligibility(size, limit_cents - 100, today).unwrap();
            assert!(under.programs.iter().find(|p| p.name == rule.name).unwrap().may_qualify, "{size} people $1 under {}%", rule.percent);
            let over = eligibility(size, limit_cents + 100, today).unwrap();
            assert!(!over.programs.iter().find(|p| p.name == rule.name).unwrap().may_qualify, "{size} people $1 over {}%", rule.percent);
        }
        let e = eligibility(size, i64::try_from(line).unwrap() * 100, today).unwrap();
        assert_eq!(e.percent_of_poverty, 100.0);
        assert_eq!(e.guideline_year, g.year);
    }
    let none = eligibility(3, 0, today).unwrap();
    assert_eq!(none.percent_of_poverty, 0.0);
    assert!(none.programs.iter().all(|p| p.may_qualify));
}

#[tokio::test]
async fn the_routes_answer_and_refuse_what_they_cannot_use() {
    let (state, _dir) = state();
    let (status, list) = call("GET", "/api/help/localities").send(&state).await;
    assert_eq!(status, 200);
    assert_eq!(list.as_array().unwrap().len(), 133);
    let first = &list[0];
    assert!(first["id"].is_string() && first["name"].is_string() && first["kind"].is_string());

    for l in localities() {
        let (status, body) = call("GET", &format!("/api/help?locality={}", l.id)).send(&state).await;
        assert_eq!(status, 200, "{}", l.id);
        assert!(!body["programs"].as_array().unwrap().is_empty(), "{}", l.id);
        assert!(!body["statewide"].as_array().unwrap().is_empty());
        assert_eq!(body["listDate"], json!(book().list_date));
        let p = &body["programs"][0];
        for key in ["name", "phone", "howToApply", "caseKinds", "languages", "source", "read"] {
            assert!(!p[key].is_null(), "{key} in {p}");
        }
    }
    let (status, body) = call("GET", "/api/help?locality=richmond-city&caseKind=eviction-tenant").send(&state).await;
    assert_eq!(status, 200);
    assert!(body["programs"][0]["takesThisKind"].is_boolean());

    for (path, code) in [
        ("/api/help?locality=atlantis-city", 404),
        ("/api/help", 400),
        ("/api/help?locality=richmond-city&caseKind=divorce", 400),
        ("/api/help?locality=richmond-city&colour=red", 400),
    ] {
        let (status, _) = call("GET", path).send(&state).await;
        assert_eq!(status, code, "{path}");
    }

    let (status, e) = call("POST", "/api/help/eligibility").json(&json!({"householdSize": 3, "yearlyIncome": "21,000"})).send(&state).await;
    assert_eq!(status, 200, "{e}");
    assert!(e["guidelineYear"].is_i64() && e["povertyLine"].is_u64() && e["percentOfPoverty"].is_f64());
    assert!(!e["programs"].as_array().unwrap().is_empty());
    for bad in [
        json!({"householdSize": 0, "yearlyIncome": 100}),
        json!({"householdSize": 3}),
        json!({"yearlyIncome": 100}),
        json!({"householdSize": 3, "yearlyIncome": -1}),
        json!({"householdSize": 3, "yearlyIncome": "lots"}),
        json!({"householdSize": 2.5, "yearlyIncome": 100}),
        json!({"householdSize": 1_000_000, "yearlyIncome": 100}),
        json!({"householdSize": 3, "yearlyIncome": 1e300}),
        json!({"householdSize": 3, "yearlyIncome": 100, "extra": 1}),
        json!([1, 2]),
    ] {
        let (status, body) = call("POST", "/api/help/eligibility").json(&bad).send(&state).await;
        assert_eq!(status, 400, "{bad} -> {body}");
    }
}
