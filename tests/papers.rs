//! Papers the person can file, on the real sidecars: the explorer on the starter corpus (every
//! `§` a paper cites is looked up in it), the server over HTTP, and — for the citation check — a
//! stand-in for CourtListener's citation look-up written from its API description
//! (`POST /api/rest/v4/citation-lookup/` with the form field `text`; a list with, for each
//! citation found, `citation`, `normalized_citations`, `start_index`, `end_index`, `status`
//! 200/300/400/404, `error_message` and `clusters`).
//!
//! - Every paper kind is built for a case whose person has a Vietnamese name and whose other
//!   party an Arabic one; the caption, the signature block and the certificate are read back from
//!   the Word file (by the server's own upload reader) and from the PDF (by `pdf-extract`).
//! - The check finds each planted disagreement (a misspelt party name, a wrong case number, a
//!   past hearing date, a made-up citation, a `§` that does not exist) and passes a clean paper;
//!   without a token the case citations are "not checked".
//! - A real fillable form (an IRS form, public domain) is read, proposed from the case, filled
//!   into the exports folder and read back; refusals name what the file is.

use std::collections::HashMap;

use axum::Form;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use proseva_agent::tools::research::ResearchConfig;
use proseva_e2e::{Sidecars, TOKEN, client, serve, start, start_with_research};
use serde_json::{Value, json};

const ME: &str = "Nguyễn Thị Lan";
const THEM: &str = "فاطمة الزهراء";
const LANDLORD: &str = "Oak Ridge Apartments, LLC";
const ADDRESS: &str = "12 Oak Ridge Ct., Apt. 4\nRichmond, VA 23220";

async fn post(sidecars: &Sidecars, path: &str, body: &Value) -> (u16, Value) {
    let response = client().post(format!("{}{path}", sidecars.server_url)).bearer_auth(TOKEN).json(body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn get(sidecars: &Sidecars, path: &str) -> (u16, Value) {
    let response = client().get(format!("{}{path}", sidecars.server_url)).bearer_auth(TOKEN).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn export(sidecars: &Sidecars, draft: i64, format: &str) -> Vec<u8> {
    let url = format!("{}/api/drafts/{draft}/export?format={format}", sidecars.server_url);
    let response = client().get(url).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200, "export {format}");
    response.bytes().await.unwrap().to_vec()
}

fn pdf_text(bytes: &[u8]) -> String {
    pdf_extract::extract_text_from_mem(bytes).unwrap()
}

fn docx_text(bytes: &[u8]) -> String {
    let read = proseva_server::extract::extract("paper.docx", bytes).unwrap();
    read.pages.into_iter().flatten().collect::<Vec<_>>().join("\n")
}

/// Words squeezed together: PDF text extraction may break or join lines anywhere.
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect()
}

fn court_for(kind: &str) -> &'static str {
    match kind {
        "custody-visitation" | "protective-order-petitioner" | "protective-order-respondent" => {
            "Juvenile and Domestic Relations District Court of the City of Richmond"
        }
        "appeal-district" => "Circuit Court of the City of Richmond",
        _ => "General District Court of the City of Richmond",
    }
}

async fn new_case(sidecars: &Sidecars, kind: &str, other: &str) -> i64 {
    let (status, case) = post(
        sidecars,
        "/api/cases",
        &json!({
            "name": format!("Papers test ({kind})"),
            "kind": kind,
            "status": "open",
            "court": court_for(kind),
            "caseNumber": "GV26-001234",
            "parties": [{"name": ME, "role": "me"}, {"name": other, "role": "other-party"}],
        }),
    )
    .await;
    assert_eq!(status, 201, "{case}");
    let id = case["id"].as_i64().unwrap();
    let (status, _) = post(
        sidecars,
        "/api/contacts",
        &json!({"caseId": id, "name": other, "role": "opposing_party", "address": "1 Main St., Richmond, VA 23219"}),
    )
    .await;
    assert_eq!(status, 201);
    id
}

/// Values for every field a paper asks for: dates a few days back, the first option, some words.
fn fields_for(kind: &Value) -> Value {
    let mut fields = json!({"address": ADDRESS, "phone": "(804) 555-0142", "email": "lan@example.org", "serviceMethod": "mail"});
    let recent = (chrono::Local::now().date_naive() - chrono::Duration::days(5)).format("%Y-%m-%d").to_string();
    let later = (chrono::Local::now().date_naive() + chrono::Duration::days(20)).format("%Y-%m-%d").to_string();
    for f in kind["fields"].as_array().unwrap() {
        let name = f["name"].as_str().unwrap();
        let value = match f["kind"].as_str().unwrap() {
            "date" if name == "hearingDate" || name == "endDate" => json!(later),
            "date" => json!(recent),
            "choice" => f["options"][0]["value"].clone(),
            "checkbox" => json!(true),
            _ => json!(format!("The {name} in my own words.")),
        };
        fields[name] = value;
    }
    fields
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_paper_is_built_with_vietnamese_and_arabic_names_and_reads_back_from_word_and_pdf() {
    let sidecars = start().await;
    let (status, kinds) = get(&sidecars, "/api/papers/kinds").await;
    assert_eq!(status, 200);
    let kinds = kinds.as_array().unwrap().clone();
    assert!(kinds.len() >= 8, "{kinds:?}");
    for kind in &kinds {
        let id = kind["id"].as_str().unwrap();
        let case_kind = kind["caseKinds"][0].as_str().unwrap();
        let case_id = new_case(&sidecars, case_kind, THEM).await;
        // Every section the paper rests on is in the law graph.
        for section in kind["sections"].as_array().unwrap() {
            let data = sidecars.explorer().query("query($s:String){node(sourceId:$s){sourceId}}", json!({"s": section})).await.unwrap();
            assert_eq!(data["node"]["sourceId"], *section, "{id}: § {section} is not in the law graph");
        }
        let (status, built) = post(&sidecars, "/api/papers", &json!({"paper": id, "caseId": case_id, "fields": fields_for(kind)})).await;
        assert_eq!(status, 201, "{id}: {built}");
        let draft = built["draft"]["id"].as_i64().unwrap();
        assert_eq!(built["draft"]["kind"], "paper");
        let heading = built["paper"]["heading"].as_str().unwrap().to_string();
        for (format, text) in
            [("pdf", pdf_text(&export(&sidecars, draft, "pdf").await)), ("docx", docx_text(&export(&sidecars, draft, "docx").await))]
        {
            let flat = squeezed(&text);
            // A right-to-left name is drawn in display order; pdf-extract reads the PDF's glyphs in
            // drawing order, so an Arabic name comes out reversed (the Word file keeps its order).
            let has =
                |needle: &str| flat.contains(&squeezed(needle)) || flat.contains(&squeezed(&needle.chars().rev().collect::<String>()));
            assert!(has(ME), "{id} {format}: the person's name\n{text}");
            assert!(has("Richmond, VA 23220"), "{id} {format}: the address in the signature block\n{text}");
            assert!(has("Telephone: (804) 555-0142") && has("lan@example.org"), "{id} {format}: telephone and e-mail\n{text}");
            if kind["layout"] == "pleading" {
                assert!(has("VIRGINIA:"), "{id} {format}\n{text}");
                assert!(has("FOR THE CITY OF RICHMOND"), "{id} {format}: the court line\n{text}");
                assert!(has("Case No. GV26-001234"), "{id} {format}: the case number\n{text}");
                assert!(has(&heading), "{id} {format}: the heading\n{text}");
                assert!(has("Respectfully submitted,"), "{id} {format}\n{text}");
                let criminal = ["reopen-conviction", "withdraw-criminal-appeal"].contains(&id);
                let other = if criminal { "Commonwealth of Virginia" } else { THEM };
                assert!(has(other), "{id} {format}: the other side in the caption\n{text}");
            } else {
                assert!(has("Dear Clerk:") && has("GV26-001234"), "{id} {format}: the letter\n{text}");
            }
            if kind["certificate"] != "none" {
                assert!(has("CERTIFICATE OF SERVICE"), "{id} {format}: the certificate\n{text}");
                assert!(has("by first-class mail"), "{id} {format}: how it was sent\n{text}");
                if !["withdraw-criminal-appeal"].contains(&id) {
                    assert!(has("1 Main St., Richmond, VA 23219"), "{id} {format}: who was served\n{text}");
                }
            }
            assert!(!has("not legal advice"), "{id} {format}: a paper to file carries no notice of the app's\n{text}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paper_missing_what_the_law_requires_is_refused_naming_the_field() {
    let sidecars = start().await;
    let case_id = new_case(&sidecars, "eviction-tenant", LANDLORD).await;
    let (status, body) =
        post(&sidecars, "/api/papers", &json!({"paper": "motion-to-continue", "caseId": case_id, "fields": {"reason": "Sick"}})).await;
    assert_eq!(status, 400, "{body}");
    let fields = &body["error"]["fields"];
    assert!(fields["fields.address"].as_str().unwrap().contains("8.01-271.1"), "{body}");
    assert!(fields["fields.hearingDate"].is_string(), "{body}");
    let (status, body) =
        post(&sidecars, "/api/papers", &json!({"paper": "notice-of-nonsuit", "caseId": case_id, "fields": {"address": ADDRESS}})).await;
    assert_eq!(status, 400, "a nonsuit is not a tenant's paper: {body}");
    let (status, body) = post(&sidecars, "/api/papers", &json!({"paper": "no-such-paper", "caseId": case_id})).await;
    assert_eq!((status, body["error"]["fields"]["paper"].is_string()), (400, true), "{body}");
    let (status, body) = post(
        &sidecars,
        "/api/papers",
        &json!({"paper": "motion-to-continue", "caseId": case_id, "fields": {"address": ADDRESS, "hearingDate": "262142-01-01", "reason": "x"}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, proposed) = get(&sidecars, &format!("/api/papers/proposed?caseId={case_id}&paper=motion-to-continue")).await;
    assert_eq!(status, 200);
    assert_eq!(proposed["fields"]["name"], ME);
}

/// The stand-in's cases: one real citation.
fn known_case(citation: &str) -> Option<Value> {
    (citation == "576 U.S. 644").then(|| {
        json!({
            "id": 2812209, "absolute_url": "/opinion/2812209/obergefell-v-hodges/", "case_name": "Obergefell v. Hodges",
            "date_filed": "2015-06-26", "citations": [{"volume": 576, "reporter": "U.S.", "page": "644", "type": 1}]
        })
    })
}

/// CourtListener's citation look-up as its API description has it: the `text` form field read
/// for "volume reporter page" citations of the reporters it knows, each answered 200 with its
/// cluster or 404 "Citation not found".
async fn citation_lookup(headers: HeaderMap, Form(form): Form<HashMap<String, String>>) -> axum::response::Response {
    if headers.get("authorization").and_then(|v| v.to_str().ok()).is_none_or(|v| v != "Token cl-test") {
        return (StatusCode::UNAUTHORIZED, axum::Json(json!({"detail": "Authentication credentials were not provided."}))).into_response();
    }
    let text = form.get("text").cloned().unwrap_or_default();
    let reporters = ["U.S.", "Va.", "Va. App.", "S.E.2d", "S.E.", "F.3d", "F.4th", "S. Ct."];
    let tokens: Vec<(usize, &str)> = text.split_whitespace().map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t)).collect();
    let mut found = Vec::new();
    let number = |t: &str| t.trim_end_matches([',', ';', '.', ')']).parse::<u32>().ok();
    for i in 0..tokens.len() {
        let Some(volume) = number(tokens[i].1) else { continue };
        for n in 1..=2 {
            let Some(&(end_at, page)) = tokens.get(i + n + 1) else { continue };
            let reporter = tokens[i + 1..=i + n].iter().map(|(_, t)| *t).collect::<Vec<_>>().join(" ");
            let Some(page_no) = number(page) else { continue };
            if !reporters.contains(&reporter.as_str()) {
                continue;
            }
            let citation = format!("{volume} {reporter} {page_no}");
            let cluster = known_case(&citation);
            found.push(json!({
                "citation": citation,
                "normalized_citations": [citation],
                "start_index": tokens[i].0,
                "end_index": end_at + page.trim_end_matches([',', ';', '.', ')']).len(),
                "status": if cluster.is_some() { 200 } else { 404 },
                "error_message": if cluster.is_some() { String::new() } else { format!("Citation not found: '{citation}'") },
                "clusters": cluster.into_iter().collect::<Vec<_>>(),
            }));
        }
    }
    axum::Json(Value::Array(found)).into_response()
}

async fn with_stand_in() -> Sidecars {
    let router = axum::Router::new().route("/api/rest/v4/citation-lookup/", axum::routing::post(citation_lookup));
    let url = serve(router).await;
    let research = ResearchConfig { courtlistener_token: Some("cl-test".into()), courtlistener_base_url: url, ..ResearchConfig::default() };
    start_with_research(research).await
}

/// Builds a motion to continue for a hearing `days` from today and returns the draft's id.
async fn motion(sidecars: &Sidecars, case_id: i64, days: i64) -> (i64, Value) {
    let hearing = (chrono::Local::now().date_naive() + chrono::Duration::days(days)).format("%Y-%m-%d").to_string();
    let fields =
        json!({"address": ADDRESS, "hearingDate": hearing, "reason": "I will be in the hospital that day.", "serviceMethod": "mail"});
    let (status, built) = post(sidecars, "/api/papers", &json!({"paper": "motion-to-continue", "caseId": case_id, "fields": fields})).await;
    assert_eq!(status, 201, "{built}");
    (built["draft"]["id"].as_i64().unwrap(), built["paper"].clone())
}

async fn check_draft(sidecars: &Sidecars, draft: i64) -> Value {
    let (status, report) = post(sidecars, "/api/papers/check", &json!({"draftId": draft})).await;
    assert_eq!(status, 200, "{report}");
    report
}

fn kinds_of(report: &Value) -> Vec<String> {
    report["findings"].as_array().unwrap().iter().map(|f| f["kind"].as_str().unwrap().to_string()).collect()
}

/// A new version of the paper with `change` made to it.
async fn revised(sidecars: &Sidecars, draft: i64, paper: &Value, change: impl FnOnce(&mut Value)) {
    let mut paper = paper.clone();
    change(&mut paper);
    let (status, body) =
        post(sidecars, &format!("/api/drafts/{draft}/versions"), &json!({"content": serde_json::to_string_pretty(&paper).unwrap()})).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_check_finds_each_planted_mistake_and_passes_a_clean_paper() {
    let sidecars = with_stand_in().await;
    let case_id = new_case(&sidecars, "eviction-tenant", LANDLORD).await;
    let (draft, paper) = motion(&sidecars, case_id, 20).await;
    let clean = check_draft(&sidecars, draft).await;
    assert_eq!(clean["findings"], json!([]), "a clean paper: {clean}");
    assert!(clean["checked"].as_array().unwrap().len() >= 4, "{clean}");

    revised(&sidecars, draft, &paper, |p| p["caption"]["second"][0]["name"] = json!("Nguyen Thi Lan")).await;
    let report = check_draft(&sidecars, draft).await;
    let finding = report["findings"].as_array().unwrap().iter().find(|f| f["kind"] == "party_name").cloned().unwrap_or_default();
    assert_eq!((finding["found"].as_str(), finding["expected"].as_str()), (Some("Nguyen Thi Lan"), Some(ME)), "{report}");

    revised(&sidecars, draft, &paper, |p| p["caption"]["number"] = json!("GV26-001243")).await;
    let report = check_draft(&sidecars, draft).await;
    assert_eq!(kinds_of(&report), ["case_number"], "{report}");
    assert_eq!(report["findings"][0]["expected"], "GV26-001234");

    revised(&sidecars, draft, &paper, |p| p["paragraphs"][0] = json!("This case is set for a hearing on March 3, 2025.")).await;
    assert_eq!(kinds_of(&check_draft(&sidecars, draft).await), ["past_date"]);

    revised(&sidecars, draft, &paper, |p| {
        p["paragraphs"][1] =
            json!("Under Code of Virginia § 99.9-999 and Obergefell v. Hodges, 576 U.S. 644, and Doe v. Roe, 999 Va. 999, I may ask.")
    })
    .await;
    let report = check_draft(&sidecars, draft).await;
    let mut kinds = kinds_of(&report);
    kinds.sort();
    assert_eq!(kinds, ["citation_not_found", "section_unknown"], "{report}");
    let citations = report["citations"].as_array().unwrap();
    assert!(
        citations.iter().any(|c| c["citation"] == "576 U.S. 644" && c["status"] == "found" && c["caseName"] == "Obergefell v. Hodges"),
        "{report}"
    );
    assert!(citations.iter().any(|c| c["citation"] == "999 Va. 999" && c["status"] == "not_found"), "{report}");

    // A paper the other side filed, uploaded as a case document.
    let (status, document) = post(
        &sidecars,
        "/api/documents",
        &json!({"caseId": case_id, "title": "Landlord's motion", "kind": "other",
                "text": "MOTION FOR JUDGMENT\nOak Ridge Apartmens, LLC v. Nguyễn Thị Lan\nCase No. GV26-001243\nThe tenant owes rent."}),
    )
    .await;
    assert_eq!(status, 201, "{document}");
    let (status, report) = post(&sidecars, "/api/papers/check", &json!({"documentId": document["id"]})).await;
    assert_eq!(status, 200, "{report}");
    let mut kinds = kinds_of(&report);
    kinds.sort();
    assert_eq!(kinds, ["case_number", "party_name"], "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_token_case_citations_are_marked_not_checked() {
    let sidecars = start().await;
    let case_id = new_case(&sidecars, "eviction-tenant", LANDLORD).await;
    let (draft, paper) = motion(&sidecars, case_id, 20).await;
    revised(&sidecars, draft, &paper, |p| p["paragraphs"][1] = json!("See 576 U.S. 644.")).await;
    let report = check_draft(&sidecars, draft).await;
    assert_eq!(kinds_of(&report), ["citation_not_checked"], "{report}");
    assert_eq!(report["citations"][0]["status"], "not_checked");
}

async fn send_form(sidecars: &Sidecars, case_id: i64, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let url = format!("{}/api/forms/fields?caseId={case_id}", sidecars.server_url);
    let response = client()
        .post(url)
        .bearer_auth(TOKEN)
        .header("content-type", "application/pdf")
        .header("x-file-name", name)
        .body(bytes)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/forms/tests/fixtures").join(name)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_downloaded_form_is_read_filled_into_the_exports_folder_and_refusals_say_what_the_file_is() {
    let sidecars = start().await;
    let case_id = new_case(&sidecars, "eviction-tenant", LANDLORD).await;
    let (status, opened) = send_form(&sidecars, case_id, "fw9.pdf", fixture("irs-fw9-2018.pdf")).await;
    assert_eq!(status, 200, "{opened}");
    let fields = opened["fields"].as_array().unwrap();
    assert!(fields.len() > 10, "{opened}");
    let text: Vec<&Value> =
        fields.iter().filter(|f| f["type"] == "text" && f["readOnly"] == false && f["maxLength"].is_null()).take(2).collect();
    assert_eq!(text.len(), 2, "{opened}");
    let checkbox = fields.iter().find(|f| f["type"] == "checkbox").expect("the W-9 has check boxes");
    let values = json!({
        text[0]["name"].as_str().unwrap(): ME,
        text[1]["name"].as_str().unwrap(): "12 Oak Ridge Ct., Apt. 4",
        checkbox["name"].as_str().unwrap(): true,
    });
    let form_id = opened["formId"].as_str().unwrap();
    let (status, written) = post(&sidecars, &format!("/api/forms/{form_id}/fill"), &json!({"values": values})).await;
    assert_eq!(status, 200, "{written}");
    let path = written["path"].as_str().unwrap();
    assert!(written["fileName"].as_str().unwrap().ends_with("-filled.pdf"), "{written}");
    let filled = proseva_forms::read_form(&std::fs::read(path).unwrap()).unwrap();
    let value_of = |name: &str| filled.fields.iter().find(|f| f.name == name).and_then(|f| f.value.clone());
    assert_eq!(value_of(text[0]["name"].as_str().unwrap()), Some(json!(ME)));
    assert_eq!(value_of(checkbox["name"].as_str().unwrap()), Some(json!(true)));

    // A value that does not fit is named; an unknown form is a 404.
    let choice = fields.iter().find(|f| f["type"] == "text" && f["maxLength"].is_number());
    if let Some(limited) = choice {
        let too_long = "9".repeat(limited["maxLength"].as_u64().unwrap() as usize + 1);
        let (status, body) =
            post(&sidecars, &format!("/api/forms/{form_id}/fill"), &json!({"values": {limited["name"].as_str().unwrap(): too_long}})).await;
        assert_eq!(status, 400, "{body}");
        assert!(body["error"]["fields"].as_object().unwrap().keys().any(|k| k.starts_with("values.")), "{body}");
    }
    let (status, _) = post(&sidecars, "/api/forms/00ff/fill", &json!({"values": {}})).await;
    assert_eq!(status, 404);

    for (file, says) in [
        ("picture-of-a-form.png", "image"),
        ("word-version-of-a-form.docx", "Word"),
        ("court-forms-web-page.html", "web page"),
        ("pdfjs-xfa-only.pdf", "XFA"),
        ("irs-fw4-2012-encrypted.pdf", "encrypted"),
    ] {
        let (status, body) = send_form(&sidecars, case_id, file, fixture(file)).await;
        assert_eq!(status, 400, "{file}: {body}");
        let message = body["error"]["fields"]["file"].as_str().unwrap_or_default();
        assert!(message.to_lowercase().contains(&says.to_lowercase()), "{file}: {message}");
    }
}
