//! Proof for the hearing, on the real sidecars: the explorer on the starter corpus (every `§` an
//! element rests on is looked up in it) and the server over HTTP with a real SQLite case file.
//!
//! - Every element of every kind rests on sections in the law graph, and every figure it states
//!   (days, months, years, hours, dollar amounts, dates, percentages, bill numbers) is in a
//!   recorded passage of one of its sections — the passages as recorded with their sources
//!   (`paths/facts.json`, `rules/facts.json`, the kind's own `passages`), read here from the files
//!   and not from what the app says.
//! - An eviction case with a lease, two receipts, a pay-or-quit notice served 10 days before the
//!   landlord filed and a neighbour as witness: the Proof view says what each record goes to, counts
//!   the notice period from the two dates (short, for a notice served after July 1, 2026), and says
//!   what is missing; the hearing packet numbers the exhibits in the order chosen and lists them,
//!   read back from the PDF by `pdf-extract`.

use std::collections::BTreeSet;

use proseva_e2e::{Sidecars, TOKEN, client, start};
use serde_json::{Value, json};

async fn send(sidecars: &Sidecars, method: axum::http::Method, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut request = client().request(method, format!("{}{path}", sidecars.server_url)).bearer_auth(TOKEN);
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn post(sidecars: &Sidecars, path: &str, body: &Value) -> (u16, Value) {
    send(sidecars, axum::http::Method::POST, path, Some(body)).await
}

async fn put(sidecars: &Sidecars, path: &str, body: &Value) -> (u16, Value) {
    send(sidecars, axum::http::Method::PUT, path, Some(body)).await
}

async fn get(sidecars: &Sidecars, path: &str) -> (u16, Value) {
    send(sidecars, axum::http::Method::GET, path, None).await
}

const KINDS: [&str; 8] = [
    "eviction-tenant",
    "debt-defendant",
    "debt-plaintiff",
    "custody-visitation",
    "protective-order-petitioner",
    "protective-order-respondent",
    "traffic-misdemeanor",
    "appeal-district",
];

/// The recorded passages: `(section, passage)` from every file that records them.
fn recorded_passages(kind: &str) -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../sidecars/server");
    let mut out = Vec::new();
    let mut take = |file: std::path::PathBuf, key: &str| {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let json: Value = serde_json::from_str(&text).unwrap();
        for f in json[key].as_array().into_iter().flatten() {
            let (Some(section), Some(passage)) = (f["section"].as_str(), f["passage"].as_str()) else { continue };
            out.push((section.to_string(), passage.to_string()));
        }
    };
    take(root.join("paths/facts.json"), "facts");
    take(root.join("rules/facts.json"), "facts");
    take(root.join(format!("proof/{kind}.json")), "passages");
    out
}

const UNITS: [&str; 7] = ["day", "month", "year", "hour", "week", "percent", "business"];

/// A number word's value (one … ninety-nine), or `None`.
fn number_word(word: &str) -> Option<u64> {
    const ONES: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
    if let Some(n) = ONES.iter().position(|w| *w == word) {
        return Some(n as u64);
    }
    if let Some(t) = TENS.iter().position(|w| *w == word) {
        return Some(20 + 10 * t as u64);
    }
    let (tens, ones) = word.split_once('-')?;
    Some(number_word(tens).filter(|t| *t >= 20 && t % 10 == 0)? + number_word(ones).filter(|o| (1..10).contains(o))?)
}

/// The figures a text states, each as written in a normal form: `14 day`, `$4,500`, `july 1
/// 2026`, `hb 15`, or a bare number. Section numbers (`§ 55.1-1245`, `16.1-228`) are not figures.
fn figures(text: &str) -> BTreeSet<String> {
    let lower = text.to_lowercase().replace(['\u{2011}', '\u{2013}', '\u{2014}'], "-");
    let words: Vec<String> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':' | '"' | '\u{201c}' | '\u{201d}' | '/'))
        .map(|w| w.trim_end_matches(['.', ',', '\'', '\u{2019}']).trim_start_matches(['\'', '\u{2018}']).to_string())
        .filter(|w| !w.is_empty())
        .collect();
    let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let next = words.get(i + 1).map(String::as_str).unwrap_or("");
        let is_section = w.contains('-') && w.chars().next().is_some_and(|c| c.is_ascii_digit()) && !w.ends_with("-day");
        if w == "§" || w == "§§" {
            i += 2;
            continue;
        }
        if is_section {
            i += 1;
            continue;
        }
        if w.starts_with('$') {
            out.insert(w.trim_end_matches('.').to_string());
        } else if (w == "hb" || w == "sb") && next.chars().all(|c| c.is_ascii_digit()) && !next.is_empty() {
            out.insert(format!("{w} {next}"));
            i += 1;
        } else if months.contains(&w.as_str()) && next.chars().all(|c| c.is_ascii_digit()) && !next.is_empty() {
            let year = words.get(i + 2).filter(|y| y.len() == 4 && y.chars().all(|c| c.is_ascii_digit()));
            match year {
                Some(y) => {
                    out.insert(format!("{w} {next} {y}"));
                    i += 2;
                }
                None => {
                    out.insert(format!("{w} {next}"));
                    i += 1;
                }
            }
        } else {
            let (number, unit_word) = match w.split_once('-') {
                Some((n, u)) if u == "day" || u == "month" || u == "year" || u == "hour" => (n.to_string(), u.to_string()),
                _ => (w.clone(), next.to_string()),
            };
            let value = if number.chars().all(|c| c.is_ascii_digit() || c == ',') && number.chars().any(|c| c.is_ascii_digit()) {
                Some(number.replace(',', ""))
            } else {
                number_word(&number).map(|n| n.to_string())
            };
            if let Some(value) = value {
                let unit = UNITS.iter().find(|u| unit_word.starts_with(*u)).copied();
                match unit {
                    Some(unit) => {
                        out.insert(format!("{value} {unit}"));
                    }
                    // A number word without a unit is a word ("one of the factors"); digits count.
                    None if number.chars().any(|c| c.is_ascii_digit()) => {
                        out.insert(value);
                    }
                    None => {}
                }
            }
        }
        i += 1;
    }
    out
}

/// A figure is backed when a passage states it; a bare number when any figure of a passage has it.
fn backed(figure: &str, passage_figures: &BTreeSet<String>) -> bool {
    passage_figures.contains(figure) || (!figure.contains(' ') && passage_figures.iter().any(|f| f.split(' ').any(|part| part == figure)))
}

#[test]
fn figures_are_read_as_people_write_them() {
    let f = figures(
        "Within 14 days (the five-day period of § 55.1-1245), $4,500, by July 1, 2026; HB 15; twenty-one days; one of them; 125 percent",
    );
    let want: BTreeSet<String> =
        ["14 day", "5 day", "$4,500", "july 1 2026", "hb 15", "21 day", "125 percent"].into_iter().map(String::from).collect();
    assert_eq!(f, want);
    assert!(backed("2026", &figures("take effect July 1, 2026")));
    assert!(!backed("14 day", &figures("within five days after written notice")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_element_rests_on_sections_in_the_law_graph_and_states_only_recorded_figures() {
    let sidecars = start().await;
    let mut problems = Vec::new();
    let mut total = 0;
    for kind in KINDS {
        let (status, book) = get(&sidecars, &format!("/api/proof/kinds/{kind}")).await;
        assert_eq!(status, 200, "{kind}: {book}");
        let elements = book["elements"].as_array().unwrap();
        let sides: BTreeSet<&str> = elements.iter().filter_map(|e| e["side"].as_str()).collect();
        assert!(sides.contains("claim"), "{kind} has no claim: {book}");
        let passages = recorded_passages(kind);
        for e in elements {
            total += 1;
            let id = e["id"].as_str().unwrap();
            assert!(e["source"]["url"].as_str().is_some_and(|u| u.starts_with("http")), "{kind}/{id}: {e}");
            let sections: Vec<&str> = e["sections"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            for section in &sections {
                let data = sidecars.explorer().query("query($s:String){node(sourceId:$s){sourceId}}", json!({"s": section})).await.unwrap();
                if data["node"]["sourceId"] != *section {
                    problems.push(format!("{kind}/{id}: § {section} is not in the law graph"));
                }
            }
            let mut text = format!("{} {}", e["title"].as_str().unwrap(), e["plain"].as_str().unwrap());
            for ev in e["evidenceKinds"].as_array().unwrap() {
                text.push_str(&format!(" {} {}", ev["what"].as_str().unwrap(), ev["missing"].as_str().unwrap()));
            }
            let mut stated = figures(&text);
            for p in e["check"]["periods"].as_array().into_iter().flatten() {
                stated.insert(format!("{} day", p["days"]));
            }
            let backing: BTreeSet<String> =
                passages.iter().filter(|(s, _)| sections.contains(&s.as_str())).flat_map(|(_, p)| figures(p)).collect();
            for figure in stated {
                if !backed(&figure, &backing) {
                    problems.push(format!("{kind}/{id}: \u{201c}{figure}\u{201d} is in no recorded passage of {sections:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(total >= 30, "{total} elements in all");
    let (status, body) = get(&sidecars, "/api/proof/kinds/landlord").await;
    assert_eq!(status, 404, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("eviction-tenant"), "{body}");
}

async fn created(sidecars: &Sidecars, path: &str, body: Value) -> i64 {
    let (status, record) = post(sidecars, path, &body).await;
    assert_eq!(status, 201, "{path}: {record}");
    record["id"].as_i64().unwrap()
}

fn element<'a>(proof: &'a Value, id: &str) -> &'a Value {
    proof["elements"].as_array().unwrap().iter().find(|e| e["id"] == id).unwrap_or_else(|| panic!("no element {id}: {proof}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eviction_case_shows_what_each_record_proves_what_is_missing_and_a_packet_of_numbered_exhibits() {
    let sidecars = start().await;
    let case = created(
        &sidecars,
        "/api/cases",
        json!({"name": "Oak Ridge Apartments v. Lan", "kind": "eviction-tenant", "status": "open",
               "court": "Richmond City General District Court", "caseNumber": "GV26-004411",
               "parties": [{"name": "Nguyễn Thị Lan", "role": "me"}, {"name": "Oak Ridge Apartments, LLC", "role": "other-party"}]}),
    )
    .await;
    let other_case = created(&sidecars, "/api/cases", json!({"name": "Another case", "status": "open"})).await;
    let document = |title: &str, text: &str| json!({"caseId": case, "title": title, "kind": "other", "text": text});
    let lease = created(&sidecars, "/api/documents", document("Lease", "RESIDENTIAL LEASE. Rent $950 a month, due on the 1st.")).await;
    let receipt_july = created(&sidecars, "/api/documents", document("Receipt for July rent", "Received $950 for July.")).await;
    let receipt_aug = created(&sidecars, "/api/documents", document("Receipt for August rent", "Received $950 for August.")).await;
    let notice = created(&sidecars, "/api/documents", document("Pay or quit notice", "Pay $950 within 5 days or your lease ends.")).await;
    let elsewhere = created(
        &sidecars,
        "/api/documents",
        json!({"caseId": other_case, "title": "Not this case", "kind": "other", "text": "Something else."}),
    )
    .await;
    let served = created(
        &sidecars,
        "/api/timeline",
        json!({"caseId": case, "date": "2026-08-03", "title": "Landlord taped a pay-or-quit notice to my door", "sourceDocumentId": notice}),
    )
    .await;
    let filed =
        created(&sidecars, "/api/timeline", json!({"caseId": case, "date": "2026-08-13", "title": "Landlord filed the unlawful detainer"}))
            .await;
    let neighbour = created(&sidecars, "/api/contacts", json!({"caseId": case, "name": "Rosa Díaz", "role": "witness"})).await;
    let paid = created(
        &sidecars,
        "/api/finances",
        json!({"caseId": case, "date": "2026-08-10", "amount": -950, "category": "rent", "description": "August rent paid by money order"}),
    )
    .await;

    let (status, before) = get(&sidecars, &format!("/api/cases/{case}/proof")).await;
    assert_eq!(status, 200, "{before}");
    let n = before["elements"].as_array().unwrap().len();
    assert_eq!(before["counts"], json!({"shown": 0, "partly": 0, "nothing": n}), "{before}");
    assert!(before["caveat"].as_str().unwrap().contains("does not say"), "{before}");
    for e in before["elements"].as_array().unwrap() {
        assert_eq!(e["status"], "nothing");
        assert!(e["missing"].as_array().unwrap().iter().all(|m| m.as_str().unwrap().starts_with("Nothing yet")), "{e}");
    }

    let link = |element: &str, kind: &str, id: i64, note: &str| json!({"elementId": element, "recordKind": kind, "recordId": id, "linked": true, "note": note});
    let links = [
        link("rental-agreement", "document", lease, "My lease with Oak Ridge: $950 a month"),
        link("paid-or-tendered", "document", receipt_july, "July paid in full"),
        link("paid-or-tendered", "document", receipt_aug, "August paid on the 10th"),
        link("paid-or-tendered", "finance", paid, ""),
        link("pay-or-quit-notice", "document", notice, "The notice gave 5 days"),
        link("pay-or-quit-notice", "timeline", served, ""),
        link("short-notice", "document", notice, "The notice gave 5 days"),
        link("short-notice", "timeline", served, ""),
        link("filed-after-notice", "timeline", filed, ""),
        link("pay-or-quit-notice", "contact", neighbour, "Saw the notice taped to my door on August 3"),
    ];
    let path = format!("/api/cases/{case}/proof/links");
    let mut proof = Value::Null;
    for body in &links {
        let (status, answer) = put(&sidecars, &path, body).await;
        assert_eq!(status, 200, "{body}: {answer}");
        proof = answer;
    }
    // What each record goes to, and what it covers.
    let notice_element = element(&proof, "pay-or-quit-notice");
    assert_eq!(notice_element["status"], "shown", "{notice_element}");
    assert!(notice_element["missing"].as_array().unwrap().is_empty(), "{notice_element}");
    let linked: BTreeSet<(String, i64)> = notice_element["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["recordKind"].as_str().unwrap().to_string(), l["recordId"].as_i64().unwrap()))
        .collect();
    assert_eq!(linked, BTreeSet::from([("document".into(), notice), ("timeline".into(), served), ("contact".into(), neighbour)]));
    let witness = notice_element["links"].as_array().unwrap().iter().find(|l| l["recordKind"] == "contact").unwrap();
    assert_eq!(witness["label"], "Rosa Díaz (witness)");
    let lease_link = &element(&proof, "rental-agreement")["links"][0];
    assert_eq!(lease_link["label"], "Lease");
    assert!(!lease_link["covers"].as_array().unwrap().is_empty(), "{lease_link}");
    assert_ne!(element(&proof, "rental-agreement")["status"], "nothing");
    assert_ne!(element(&proof, "paid-or-tendered")["status"], "nothing");

    // The notice period, counted from the two dates: 10 days, when 14 were due.
    let short = element(&proof, "short-notice");
    assert_eq!(
        short["period"],
        json!({"from": "2026-08-03", "to": "2026-08-13", "days": 10, "period": 14, "section": "55.1-1245", "short": true})
    );
    let dates = short["dates"].as_array().unwrap().iter().map(|d| d.as_str().unwrap()).collect::<Vec<_>>().join(" ");
    assert!(dates.contains("August 3, 2026") && dates.contains("10 days later") && dates.contains("14 days"), "{dates}");
    assert!(dates.contains("so the case was filed before they had run out"), "{dates}");
    assert_eq!(element(&proof, "pay-or-quit-notice")["period"], short["period"]);

    // What is missing, said plainly: retaliation has nothing linked.
    let retaliation = element(&proof, "retaliation");
    assert_eq!(retaliation["status"], "nothing");
    assert!(!retaliation["missing"].as_array().unwrap().is_empty());
    let counts = &proof["counts"];
    let sum = counts["shown"].as_u64().unwrap() + counts["partly"].as_u64().unwrap() + counts["nothing"].as_u64().unwrap();
    assert_eq!(sum as usize, n);
    assert!(counts["shown"].as_u64().unwrap() >= 1 && counts["nothing"].as_u64().unwrap() >= 1, "{counts}");

    // Refusals name the field and change nothing.
    for (body, field) in [
        (link("no-such-element", "document", lease, ""), "elementId"),
        (link("rental-agreement", "document", elsewhere, ""), "recordId"),
        (link("rental-agreement", "document", 999_999, ""), "recordId"),
        (link("rental-agreement", "photo", lease, ""), "recordKind"),
        (json!({"elementId": "rental-agreement", "recordKind": "document", "recordId": lease}), "linked"),
    ] {
        let (status, answer) = put(&sidecars, &path, &body).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"]["fields"][field].is_string(), "{field}: {answer}");
    }
    let (_, again) = get(&sidecars, &format!("/api/cases/{case}/proof")).await;
    assert_eq!(again["counts"], proof["counts"]);
    let (status, _) = get(&sidecars, "/api/cases/999999/proof").await;
    assert_eq!(status, 404);

    // The packet: exhibits in the order chosen, then the rest; read back from the PDF.
    let (status, packet) =
        post(&sidecars, &format!("/api/cases/{case}/hearing-packet"), &json!({"exhibits": [receipt_aug, notice, lease]})).await;
    assert_eq!(status, 200, "{packet}");
    let files = packet["files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["fileName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Oak Ridge Apartments v Lan - hearing packet.pdf", "Oak Ridge Apartments v Lan - hearing packet.docx"]);
    let pdf = std::fs::read(files[0]["path"].as_str().unwrap()).unwrap();
    let text: String = pdf_extract::extract_text_from_mem(&pdf).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let at = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle:?} is not in the packet: {text}"));
    // Each exhibit's row holds its title; the rows follow the order chosen, then the rest.
    let table = &text[at("Exhibits (4)")..at("Witnesses (1)")];
    let row = |n: usize| {
        let start = table.find(&format!("Exhibit {n} ")).unwrap_or_else(|| panic!("no Exhibit {n}: {table}"));
        let end = table.find(&format!("Exhibit {} ", n + 1)).unwrap_or(table.len());
        &table[start..end]
    };
    for (n, title) in [(1, "Receipt for August"), (2, "Pay or quit notice"), (3, "Lease"), (4, "Receipt for July")] {
        assert!(row(n).contains(title), "Exhibit {n} should be {title:?}: {table}");
    }
    assert!(row(2).contains("2026-08-03"), "the notice's date is the day it was served: {}", row(2));
    at("Exhibits (4)");
    assert!(at("What the landlord must prove") < at("Your answers"), "the claims, then the answers: {text}");
    at("Rosa Díaz");
    at("Saw the notice taped to my door on August 3");
    at("Landlord filed the unlawful detainer");
    at("Nothing yet");
    assert!(!text.contains("Exhibit 5"), "{text}");
    let (status, refused) = post(&sidecars, &format!("/api/cases/{case}/hearing-packet"), &json!({"exhibits": [elsewhere]})).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["error"]["fields"]["exhibits"].is_string(), "{refused}");

    // A blank note clears the one there; a note left out keeps it.
    let (_, kept) =
        put(&sidecars, &path, &json!({"elementId": "pay-or-quit-notice", "recordKind": "contact", "recordId": neighbour, "linked": true}))
            .await;
    assert_eq!(element(&kept, "pay-or-quit-notice")["links"][2]["note"], "Saw the notice taped to my door on August 3", "{kept}");
    let (status, cleared) = put(&sidecars, &path, &link("rental-agreement", "document", lease, " ")).await;
    assert_eq!(status, 200, "{cleared}");
    assert!(element(&cleared, "rental-agreement")["links"][0].get("note").is_none(), "{cleared}");

    // Unlinking and deleting take links away.
    let (status, after) =
        put(&sidecars, &path, &json!({"elementId": "pay-or-quit-notice", "recordKind": "timeline", "recordId": served, "linked": false}))
            .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(element(&after, "pay-or-quit-notice")["status"], "partly");
    let response = client().delete(format!("{}/api/documents/{lease}", sidecars.server_url)).bearer_auth(TOKEN).send().await.unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let (_, after) = get(&sidecars, &format!("/api/cases/{case}/proof")).await;
    assert_eq!(element(&after, "rental-agreement")["status"], "nothing", "{after}");
}
