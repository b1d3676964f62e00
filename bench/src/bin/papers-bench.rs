//! Papers to file: building a paper from the case (`POST /api/papers`: read the case, fill the
//! paper, check it, store it as a draft with its searchable document), exporting it as PDF and
//! Word, and the check before filing (`POST /api/papers/check`, the law graph asked for each `§`),
//! over HTTP on loopback with the real explorer (starter corpus) and server. Goal: building a paper
//! ≤ 300 ms. And Proof for the hearing on the same case with 24 records linked: the Proof view
//! (`GET /api/cases/{id}/proof`), one link (`PUT …/proof/links`) and the hearing packet as PDF and
//! Word (`POST …/hearing-packet`).
//!
//! `cargo run --release -p proseva-bench --bin papers-bench`

use std::time::{Duration, Instant};

use proseva_e2e::{Sidecars, TOKEN, client};
use serde_json::{Value, json};

const RUNS: usize = 40;

async fn post(sidecars: &Sidecars, path: &str, body: &Value) -> anyhow::Result<Value> {
    let response = client().post(format!("{}{path}", sidecars.server_url)).bearer_auth(TOKEN).json(body).send().await?;
    let status = response.status();
    let body: Value = response.json().await?;
    anyhow::ensure!(status.is_success(), "{path}: {status} {body}");
    Ok(body)
}

async fn get_bytes(sidecars: &Sidecars, path: &str) -> anyhow::Result<usize> {
    let response = client().get(format!("{}{path}", sidecars.server_url)).bearer_auth(TOKEN).send().await?;
    anyhow::ensure!(response.status().is_success(), "{path}: {}", response.status());
    Ok(response.bytes().await?.len())
}

fn report(name: &str, times: &mut [Duration]) {
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)].as_secs_f64() * 1000.0;
    println!("| {name} | {:.1} ms | {:.1} ms | {:.1} ms |", pct(0.5), pct(0.9), times[times.len() - 1].as_secs_f64() * 1000.0);
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let sidecars = proseva_e2e::start().await;
    let case = post(
        &sidecars,
        "/api/cases",
        &json!({"name": "Eviction", "kind": "eviction-tenant", "status": "open", "court": "General District Court of the City of Richmond",
                "caseNumber": "GV26-001234", "parties": [{"name": "Nguyễn Thị Lan", "role": "me"}, {"name": "Oak Ridge Apartments, LLC", "role": "other-party"}]}),
    )
    .await?;
    let case_id = case["id"].as_i64().unwrap_or_default();
    let fields = json!({"address": "12 Oak Ridge Ct., Apt. 4\nRichmond, VA 23220", "phone": "(804) 555-0142", "hearingDate": "2027-01-15",
                        "reason": "I will be in the hospital that day; my discharge papers are attached.", "serviceMethod": "mail"});
    let (mut build, mut pdf, mut docx, mut check) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut sizes = (0, 0);
    for i in 0..RUNS + 3 {
        let started = Instant::now();
        let built = post(&sidecars, "/api/papers", &json!({"paper": "motion-to-continue", "caseId": case_id, "fields": fields})).await?;
        let took = started.elapsed();
        let draft = built["draft"]["id"].as_i64().unwrap_or_default();
        let started = Instant::now();
        sizes.0 = get_bytes(&sidecars, &format!("/api/drafts/{draft}/export?format=pdf")).await?;
        let pdf_took = started.elapsed();
        let started = Instant::now();
        sizes.1 = get_bytes(&sidecars, &format!("/api/drafts/{draft}/export?format=docx")).await?;
        let docx_took = started.elapsed();
        let started = Instant::now();
        post(&sidecars, "/api/papers/check", &json!({"draftId": draft})).await?;
        let check_took = started.elapsed();
        if i >= 3 {
            build.push(took);
            pdf.push(pdf_took);
            docx.push(docx_took);
            check.push(check_took);
        }
    }
    let proof = proof_case(&sidecars, case_id).await?;
    println!("## papers-bench\n");
    println!(
        "A motion to continue for an eviction case, {RUNS} times (after 3 not counted), over HTTP on loopback, {} cores.\n",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!("| step | p50 | p90 | max |\n| --- | --- | --- | --- |");
    report("build and save the paper (POST /api/papers; goal ≤ 300 ms)", &mut build);
    report(&format!("export as PDF ({} KB)", sizes.0 / 1024), &mut pdf);
    report(&format!("export as Word ({} KB)", sizes.1 / 1024), &mut docx);
    report("check before filing (POST /api/papers/check)", &mut check);
    let [mut view, mut link, mut packet] = proof;
    report("the Proof view, 24 records linked (GET /api/cases/{id}/proof)", &mut view);
    report("link a record and read the view back (PUT …/proof/links)", &mut link);
    report("the hearing packet, 16 exhibits, PDF and Word (POST …/hearing-packet)", &mut packet);
    Ok(())
}

async fn send(sidecars: &Sidecars, method: reqwest::Method, path: &str, body: &Value) -> anyhow::Result<Value> {
    let response = client().request(method, format!("{}{path}", sidecars.server_url)).bearer_auth(TOKEN).json(body).send().await?;
    let status = response.status();
    let body: Value = response.json().await?;
    anyhow::ensure!(status.is_success(), "{path}: {status} {body}");
    Ok(body)
}

/// The case gets 16 documents, 4 timeline events and 4 payments, linked to its elements in turn;
/// then the view, a link and the packet are timed.
async fn proof_case(sidecars: &Sidecars, case_id: i64) -> anyhow::Result<[Vec<Duration>; 3]> {
    let elements = ["rental-agreement", "rent-due-unpaid", "pay-or-quit-notice", "paid-or-tendered", "tenants-assertion", "retaliation"];
    let links = format!("/api/cases/{case_id}/proof/links");
    let mut records = Vec::new();
    for i in 0..16 {
        let doc = post(
            sidecars,
            "/api/documents",
            &json!({"caseId": case_id, "title": format!("Receipt {i}"), "kind": "other", "text": format!("Received $950 for month {i}.")}),
        )
        .await?;
        records.push(("document", doc["id"].clone()));
    }
    for i in 0..4 {
        let event = post(
            sidecars,
            "/api/timeline",
            &json!({"caseId": case_id, "date": format!("2026-08-0{}", i + 1), "title": format!("Event {i}")}),
        )
        .await?;
        records.push(("timeline", event["id"].clone()));
        let paid = post(
            sidecars,
            "/api/finances",
            &json!({"caseId": case_id, "date": format!("2026-08-0{}", i + 1), "amount": -950, "category": "rent"}),
        )
        .await?;
        records.push(("finance", paid["id"].clone()));
    }
    for (i, (kind, id)) in records.iter().enumerate() {
        let body = json!({"elementId": elements[i % elements.len()], "recordKind": kind, "recordId": id, "linked": true, "note": "What it shows."});
        send(sidecars, reqwest::Method::PUT, &links, &body).await?;
    }
    let (mut view, mut link, mut packet) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..RUNS + 3 {
        let started = Instant::now();
        get_bytes(sidecars, &format!("/api/cases/{case_id}/proof")).await?;
        let view_took = started.elapsed();
        let (kind, id) = &records[i % records.len()];
        let body = json!({"elementId": "short-notice", "recordKind": kind, "recordId": id, "linked": i % 2 == 0});
        let started = Instant::now();
        send(sidecars, reqwest::Method::PUT, &links, &body).await?;
        let link_took = started.elapsed();
        if i >= 3 {
            view.push(view_took);
            link.push(link_took);
        }
    }
    for _ in 0..RUNS / 4 {
        let started = Instant::now();
        post(sidecars, &format!("/api/cases/{case_id}/hearing-packet"), &json!({})).await?;
        packet.push(started.elapsed());
    }
    Ok([view, link, packet])
}
