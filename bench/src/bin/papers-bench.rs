//! Papers to file: building a paper from the case (`POST /api/papers`: read the case, fill the
//! paper, check it, store it as a draft with its searchable document), exporting it as PDF and
//! Word, and the check before filing (`POST /api/papers/check`, the law graph asked for each `§`),
//! over HTTP on loopback with the real explorer (starter corpus) and server. Goal: building a paper
//! ≤ 300 ms.
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
    Ok(())
}
