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

// ---- When to get a lawyer now: the screening questions ----

#[test]
fn every_kind_has_screening_questions_resting_on_read_passages() {
    let screen = help::screen::book();
    assert_eq!(help::screen::problems(screen), Vec::<String>::new());
    for kind in proseva_server::paths::kinds() {
        let questions = help::screen::for_kind(kind);
        assert!(questions.len() >= 2, "{kind}");
        for q in questions {
            assert!(q.text.ends_with('?'), "{}: a yes-or-no question", q.id);
            for p in help::screen::law_of(q) {
                day(&p.read);
                assert!(p.source.starts_with("http") && p.passage.len() >= 40, "{}: {p:?}", q.id);
            }
        }
    }
    // The situations the issue names are each asked about somewhere.
    for (kind, id) in [
        ("traffic-misdemeanor", "jail-possible"),
        ("eviction-tenant", "federal-housing"),
        ("custody-visitation", "other-state"),
        ("debt-defendant", "bankruptcy"),
        ("protective-order-respondent", "criminal-charge"),
        ("protective-order-respondent", "immigration"),
    ] {
        assert!(help::screen::for_kind(kind).iter().any(|q| q.id == id), "{kind}: {id}");
    }
}

#[test]
fn a_figure_no_passage_gives_is_a_problem() {
    let mut screen = help::screen::book().clone();
    let q = screen.questions.iter_mut().find(|q| q.id == "jail-possible").unwrap();
    q.why = q.why.replace("twelve months", "18 months");
    let problems = help::screen::problems(&screen);
    assert!(problems.iter().any(|p| p.contains("\"18\"")), "{problems:?}");
    let q = screen.questions.iter_mut().find(|q| q.id == "bankruptcy").unwrap();
    q.hand_off.call = vec!["the-moon".into()];
    q.law.push("missing".into());
    let problems = help::screen::problems(&screen);
    assert!(problems.iter().any(|p| p.contains("unknown help entry the-moon")), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains("no law entry missing")), "{problems:?}");
}

#[tokio::test]
async fn each_screening_question_leads_to_its_hand_off() {
    let (state, _dir) = state();
    for kind in proseva_server::paths::kinds() {
        let (status, body) = call("GET", &format!("/api/help/screen?caseKind={kind}&locality=richmond-city")).send(&state).await;
        assert_eq!(status, 200, "{kind}: {body}");
        let questions = body["questions"].as_array().unwrap();
        assert_eq!(questions.len(), help::screen::for_kind(kind).len());
        for q in questions {
            let hand_off = &q["handOff"];
            assert_eq!(hand_off["title"], "Get a lawyer’s help now");
            assert!(hand_off["today"].as_str().unwrap().len() > 20 && hand_off["appCanStill"].as_str().unwrap().len() > 20);
            let calls = hand_off["call"].as_array().unwrap();
            assert!(!calls.is_empty(), "{q}");
            // Someone to call with a telephone number, today.
            assert!(calls.iter().any(|c| c["phone"].is_string() || c["phone"].as_array().is_some_and(|p| !p.is_empty())), "{q}");
            for law in q["law"].as_array().unwrap() {
                assert!(law["passage"].is_string() && law["read"].is_string() && law["official"].is_boolean(), "{law}");
                if law["cite"].as_str().unwrap().starts_with("Va. Code") {
                    assert!(law["url"].as_str().unwrap().starts_with("https://law.lis.virginia.gov/vacode/"), "{law}");
                }
            }
        }
    }
    // With the place, "your legal aid program" is that place's program, by name and number.
    let (_, body) = call("GET", "/api/help/screen?caseKind=traffic-misdemeanor&locality=richmond-city").send(&state).await;
    let jail = body["questions"].as_array().unwrap().iter().find(|q| q["id"] == "jail-possible").unwrap().clone();
    let program = help::programs_for("richmond-city", Some("traffic-misdemeanor"))[0];
    assert_eq!(jail["handOff"]["call"][0]["name"], json!(program.name));
    assert!(jail["why"].as_str().unwrap().contains("§ 19.2-157"));
    // Without it, a pointer to choose one.
    let (_, body) = call("GET", "/api/help/screen?caseKind=traffic-misdemeanor").send(&state).await;
    assert_eq!(body["questions"][0]["handOff"]["call"][0]["id"], "program");

    for path in [
        "/api/help/screen",
        "/api/help/screen?caseKind=divorce",
        "/api/help/screen?caseKind=eviction-tenant&locality=atlantis",
        "/api/help/screen?caseKind=eviction-tenant&x=1",
    ] {
        let (status, body) = call("GET", path).send(&state).await;
        assert_eq!(status, 400, "{path}: {body}");
    }
}

// ---- The packet for a lawyer ----

const NAME: &str = "Nguyễn Thị Lan v. Oak Ridge Apartments, LLC";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_packet_holds_every_part_read_back_by_outside_readers() {
    let exports = tempfile::tempdir().unwrap();
    let export_dir = exports.path().join("Exports");
    let (state, _dir) = crate::common::state_with(|c| c.export_dir = Some(export_dir.clone()));
    let case = crate::common::create(
        &state,
        "/api/cases",
        json!({"name": NAME, "court": "Richmond General District Court", "caseNumber": "GV26-1234", "kind": "eviction-tenant",
               "parties": [{"name": "Nguyễn Thị Lan", "role": "defendant"}, {"name": "Oak Ridge Apartments, LLC", "role": "plaintiff"}]}),
    )
    .await;
    let id = case["id"].as_i64().unwrap();
    let mut documents = Vec::new();
    for (file, text) in [("lease.txt", "Lease for unit 4B"), ("notice.txt", "Five-day notice to pay"), ("receipts.txt", "Rent receipts")] {
        let (status, doc) = call("POST", "/api/documents")
            .multipart(file, text.as_bytes(), &[("caseId", &id.to_string()), ("title", file)])
            .send(&state)
            .await;
        assert_eq!(status, 201, "{doc}");
        documents.push(doc["id"].as_i64().unwrap());
    }
    let past = (chrono::Local::now().date_naive() - chrono::Duration::days(3)).to_string();
    crate::common::create(
        &state,
        "/api/deadlines",
        json!({"caseId": id, "title": "File grounds of defense", "date": past, "kind": "filing"}),
    )
    .await;
    crate::common::create(&state, "/api/timeline", json!({"caseId": id, "date": "2026-10-01", "title": "Notice taped to the door"})).await;
    let note = crate::common::create(
        &state,
        "/api/notes",
        json!({"caseId": id, "title": "What the manager said", "body": "He said the rent was late **twice**."}),
    )
    .await;
    crate::common::create(&state, "/api/notes", json!({"caseId": id, "title": "Private", "body": "Not for the packet"})).await;

    let (status, packet) = call("POST", &format!("/api/cases/{id}/packet"))
        .json(&json!({"notes": [note["id"]], "documents": [documents[0], documents[1]], "questions": ["Can I stay until the hearing?", "Do I owe the late fees?"]}))
        .send(&state)
        .await;
    assert_eq!(status, 200, "{packet}");
    let files = packet["files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["fileName"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Nguyễn Thị Lan v Oak Ridge Apartments LLC - for a lawyer.pdf",
            "Nguyễn Thị Lan v Oak Ridge Apartments LLC - for a lawyer.docx",
            "Nguyễn Thị Lan v Oak Ridge Apartments LLC - documents.zip"
        ]
    );
    for f in files {
        assert!(std::path::Path::new(f["path"].as_str().unwrap()).starts_with(&export_dir), "{f}");
    }

    let expected = [
        "Nguyễn Thị Lan",
        "Oak Ridge Apartments, LLC",
        "Richmond General District Court",
        "GV26-1234",
        "Eviction",
        "File grounds of defense",
        "PAST — not marked done (3 days ago)",
        "Where the case stands",
        "lease.txt",
        "receipts.txt",
        "Notice taped to the door",
        "What the manager said",
        "Can I stay until the hearing?",
        "Do I owe the late fees?",
    ];
    let pdf = std::fs::read(files[0]["path"].as_str().unwrap()).unwrap();
    let pdf = pdf_extract::extract_text_from_mem(&pdf).unwrap();
    let pdf = pdf.split_whitespace().collect::<Vec<_>>().join(" ");
    let docx = std::fs::read(files[1]["path"].as_str().unwrap()).unwrap();
    let docx = proseva_server::extract::extract("packet.docx", &docx).unwrap().pages[0].clone().unwrap();
    for text in expected {
        assert!(pdf.contains(text), "{text:?} not in the PDF: {pdf}");
        assert!(docx.contains(text), "{text:?} not in the Word file: {docx}");
    }
    assert!(!pdf.contains("Not for the packet") && !pdf.contains("**"), "only the chosen note, as text: {pdf}");

    let zip = std::fs::read(files[2]["path"].as_str().unwrap()).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
    let mut inside: Vec<String> = (0..zip.len()).map(|i| zip.by_index(i).unwrap().name().unwrap().to_string()).collect();
    inside.sort();
    assert_eq!(inside, ["lease.txt", "notice.txt"]);
    let mut lease = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("lease.txt").unwrap(), &mut lease).unwrap();
    assert_eq!(lease, "Lease for unit 4B");

    // A second packet never overwrites the first; without documents there is no zip.
    let (status, again) = call("POST", &format!("/api/cases/{id}/packet")).json(&json!({})).send(&state).await;
    assert_eq!(status, 200, "{again}");
    let names: Vec<&str> = again["files"].as_array().unwrap().iter().map(|f| f["fileName"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Nguyễn Thị Lan v Oak Ridge Apartments LLC - for a lawyer-2.pdf",
            "Nguyễn Thị Lan v Oak Ridge Apartments LLC - for a lawyer-2.docx"
        ]
    );

    let other = crate::common::create(&state, "/api/cases", json!({"name": "Other"})).await;
    for (path, body, code) in [
        (format!("/api/cases/{}/packet", other["id"]), json!({"documents": [documents[0]]}), 400),
        (format!("/api/cases/{}/packet", other["id"]), json!({"notes": [note["id"]]}), 400),
        (format!("/api/cases/{id}/packet"), json!({"documents": "all"}), 400),
        (format!("/api/cases/{id}/packet"), json!({"questions": [1]}), 400),
        (format!("/api/cases/{id}/packet"), json!({"questions": vec!["q"; 41]}), 400),
        (format!("/api/cases/{id}/packet"), json!({"colour": 1}), 400),
        ("/api/cases/999/packet".to_string(), json!({}), 404),
        ("/api/cases/abc/packet".to_string(), json!({}), 404),
    ] {
        let (status, answer) = call("POST", &path).json(&body).send(&state).await;
        assert_eq!(status, code, "{path} {body}: {answer}");
    }
}

// ---- The assistant's read tool ----

#[test]
fn a_courts_name_gives_its_place_or_says_which_it_could_be() {
    let id = |court: &str| {
        help::locality_from_court(court).map(|l| l.id.clone()).map_err(|c| c.iter().map(|l| l.id.clone()).collect::<Vec<_>>())
    };
    assert_eq!(id("Circuit Court of the City of Richmond"), Ok("richmond-city".into()));
    assert_eq!(id("Richmond County General District Court"), Ok("richmond-county".into()));
    assert_eq!(id("Norfolk General District Court"), Ok("norfolk-city".into()));
    assert_eq!(id("Manassas Park JDR"), Ok("manassas-park-city".into()));
    assert_eq!(id("James City County Circuit Court"), Ok("james-city-county".into()));
    let richmond = id("Richmond General District Court").unwrap_err();
    assert_eq!(richmond.len(), 2, "Richmond is a city and a county: {richmond:?}");
    assert_eq!(id("Superior Court of the District of Columbia"), Err(Vec::<String>::new()));
}

#[tokio::test]
async fn the_help_tab_asks_the_server_which_place_a_court_names() {
    let (state, _dir) = state();
    let (status, body) = call("GET", "/api/help/locality?court=Norfolk%20General%20District%20Court").send(&state).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["locality"]["id"], "norfolk-city");
    let (_, body) = call("GET", "/api/help/locality?court=Richmond%20JDR").send(&state).await;
    assert!(body["locality"].is_null());
    assert_eq!(body["could"].as_array().unwrap().len(), 2, "{body}");
    for path in ["/api/help/locality", "/api/help/locality?court=", "/api/help/locality?court=x&y=1"] {
        let (status, body) = call("GET", path).send(&state).await;
        assert_eq!(status, 400, "{path}: {body}");
    }
}

#[tokio::test]
async fn find_help_names_the_program_for_the_case_court_and_hands_off_first() {
    let (state, _dir) = state();
    let (status, answer) = crate::common::tool(&state, "FindHelp", json!({"question": "Can I get a free lawyer?"})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["locality"].is_null() && answer["localityNote"].as_str().unwrap().contains("say where you live"), "{answer}");
    assert!(answer["programs"].as_array().unwrap().is_empty());
    assert!(answer["statewide"].as_array().unwrap().iter().any(|s| s["id"] == "legal-aid-line"), "{answer}");
    assert!(answer["handOffs"].as_array().unwrap().is_empty());

    crate::common::create(
        &state,
        "/api/cases",
        json!({"name": "Commonwealth v. Me", "court": "Circuit Court of the City of Richmond", "kind": "traffic-misdemeanor"}),
    )
    .await;
    let (status, answer) = crate::common::tool(
        &state,
        "FindHelp",
        json!({"question": "I was arrested for reckless driving, can I get a court-appointed lawyer?", "householdSize": 3, "yearlyIncome": 21000}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["locality"]["id"], "richmond-city");
    assert_eq!(answer["localityFrom"], "case court");
    let program = help::programs_for("richmond-city", Some("traffic-misdemeanor"))[0];
    assert_eq!(answer["programs"][0]["name"], json!(program.name));
    assert_eq!(answer["eligibility"]["householdSize"], 3);
    let hand_offs = answer["handOffs"].as_array().unwrap();
    assert_eq!(hand_offs.len(), 1, "{answer}");
    assert_eq!(hand_offs[0]["id"], "jail-possible");
    assert_eq!(hand_offs[0]["handOff"]["call"][0]["name"], json!(program.name));
    assert!(answer["screening"].as_array().unwrap().iter().any(|q| q["id"] == "jail-possible"));

    for bad in [
        json!({"locality": "atlantis"}),
        json!({"caseId": 999}),
        json!({"householdSize": 0}),
        json!({"yearlyIncome": -5}),
        json!({"colour": 1}),
    ] {
        let (status, answer) = crate::common::tool(&state, "FindHelp", bad.clone()).await;
        assert_eq!(status, 400, "{bad}: {answer}");
    }
}
