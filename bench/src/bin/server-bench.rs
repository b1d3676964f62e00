//! `server-bench`: measures the real `proseva-server` binary with a realistic amount of case data.
//!
//! Seeds 10,000 timeline events (plus cases, deadlines, contacts, finances) straight into a fresh
//! `proseva.db`, starts the server, uploads generated PDFs until there are 2,000 passages, then
//! measures every local tool over HTTP, the server's memory from /proc, and its cold start; then,
//! on an empty data dir, how long a 20-page PDF takes from upload to searchable, with a text layer
//! and as a scan read by OCR (the scan made here with poppler's `pdftoppm`).
//! Run it in release: `cargo build --release -p proseva-server && cargo run --release -p proseva-bench --bin server-bench`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use proseva_bench::{Sidecar, status_kib};
use proseva_server::store::Table;
use proseva_server::store::{cases::Cases, contacts::Contacts, deadlines::Deadlines, finances::Finances, timeline::Timeline};
use proseva_server::{AppState, Config, samples};
use serde_json::{Value, json};

#[derive(Parser)]
#[command(name = "server-bench", about = "Benchmark proseva-server: tool latency, ingest throughput, memory, cold start")]
struct Args {
    #[arg(long, default_value_t = 10_000)]
    events: usize,
    /// Passages to reach by uploading generated PDFs.
    #[arg(long, default_value_t = 2_000)]
    chunks: usize,
    /// Calls per tool.
    #[arg(long, default_value_t = 200)]
    iterations: usize,
    /// The server binary (default: `proseva-server` next to this one).
    #[arg(long)]
    server: Option<PathBuf>,
}

const TOKEN: &str = "bench-token";

/// A tool's arguments for call number `i`.
type ArgsFor = Box<dyn Fn(usize) -> Value>;

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let server_bin = match args.server.clone() {
        Some(p) => p,
        None => std::env::current_exe()?.with_file_name("proseva-server"),
    };
    if !server_bin.is_file() {
        bail!("no server binary at {} (build it with `cargo build --release -p proseva-server`)", server_bin.display());
    }
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(run(args, server_bin))
}

async fn run(args: Args, server_bin: PathBuf) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let mut report = Vec::new();

    let empty_start = median_cold_start(&server_bin, dir.path(), 5).await?;
    report.push(format!("| cold start to healthy, empty data dir (median of 5) | {:.0} ms |", empty_start.as_secs_f64() * 1000.0));

    let seeded = Instant::now();
    let case_ids = seed(dir.path(), args.events)?;
    eprintln!("seeded {} timeline events in {:.1} s", args.events, seeded.elapsed().as_secs_f64());

    let server = Server::start(&server_bin, dir.path(), &[]).await?;
    let rss_before_model = server.memory()?;
    let health = server.wait_for_model().await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = server.memory()?;
    eprintln!("model: {health}");

    // Ingest: upload generated PDFs until the passages reach the target.
    let (mut pages, mut passages, mut uploads) = (0usize, 0usize, Vec::new());
    let upload_started = Instant::now();
    let mut seed_n = 1u64;
    while passages < args.chunks {
        let pdf_pages: Vec<Vec<String>> = (0..24).map(|p| page_text(seed_n * 1000 + p)).collect();
        let refs: Vec<Vec<&str>> = pdf_pages.iter().map(|p| p.iter().map(String::as_str).collect()).collect();
        let page_refs: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
        let pdf = samples::pdf(&page_refs);
        let doc = server.upload_pdf(&format!("filing-{seed_n}.pdf"), pdf, Some(case_ids[seed_n as usize % case_ids.len()])).await?;
        pages += doc["pageCount"].as_u64().unwrap_or(0) as usize;
        passages += doc["chunkCount"].as_u64().unwrap_or(0) as usize;
        uploads.push(doc["id"].as_i64().unwrap_or(0));
        seed_n += 1;
    }
    let upload_secs = upload_started.elapsed().as_secs_f64();
    let mut peak_rss_ingest = 0;
    loop {
        let (_, docs) = server.get("/api/documents").await?;
        peak_rss_ingest = peak_rss_ingest.max(server.memory()?.rss_kb);
        let pending = docs.as_array().map_or(0, |d| d.iter().filter(|d| d["embeddingStatus"] == "pending").count());
        if docs.as_array().is_some_and(|d| d.iter().any(|d| d["embeddingStatus"] == "failed")) {
            bail!("a document failed to embed: {docs}");
        }
        if pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let ready_secs = upload_started.elapsed().as_secs_f64();
    report.push(format!(
        "| ingest: upload, extract, chunk, store ({} PDFs, {pages} pages, {passages} passages) | {:.0} pages/s, {:.0} passages/s |",
        uploads.len(),
        pages as f64 / upload_secs,
        passages as f64 / upload_secs
    ));
    report.push(format!(
        "| ingest to searchable by meaning (embedding included) | {:.1} pages/s, {:.1} passages/s ({:.0} s) |",
        pages as f64 / ready_secs,
        passages as f64 / ready_secs,
        ready_secs
    ));

    // Every tool, sequentially, `iterations` times.
    let queries = [
        "where do we hand the kid over on weekends",
        "what happens if I pay rent late",
        "when is the next hearing",
        "child support payments missed",
        "security deposit deductions",
        "who is the guardian ad litem",
        "notice of appeal deadline",
        "police report about the exchange",
        "medical records of the child",
        "school pickup schedule",
    ];
    let mut latencies: Vec<(String, Vec<f64>)> = Vec::new();
    let first_doc = uploads[0];
    let calls: Vec<(&str, ArgsFor)> = vec![
        ("GetCases", Box::new(|_| json!({}))),
        ("GetDeadlines", Box::new(|_| json!({}))),
        ("GetContacts", Box::new(|_| json!({}))),
        ("GetFinances", Box::new(|_| json!({}))),
        ("GetDocuments", Box::new(|_| json!({}))),
        ("GetDocumentText", Box::new(move |i| json!({"id": first_doc, "offset": (i * 997) % 60_000, "limit": 8000}))),
        ("SearchTimeline", Box::new(|i| json!({"query": (["exchange", "hearing police", "school", "support payment"][i % 4])}))),
        (
            "SearchTimeline",
            Box::new(
                |i| json!({"party": (["mother", "father"][i % 2]), "isCritical": true, "startDate": "2023-01-01", "endDate": "2024-12-31"}),
            ),
        ),
        ("SearchKnowledge", Box::new(move |i| json!({"query": queries[i % queries.len()], "topK": 5}))),
        // A question never asked before each call: the server's memory of recent questions' vectors
        // cannot answer it, so the model embeds every one.
        ("SearchKnowledge", Box::new(move |i| json!({"query": format!("{} (call {i})", queries[i % queries.len()]), "topK": 5}))),
    ];
    latencies.extend(measure_tools(&server, &calls, args.iterations, 0).await?);

    // The same calls with the case file encrypted (issue 42), side by side in this run; then the
    // lock's own times: turning it on, unlocking to the first screen's lists, turning it off.
    let turned_on = Instant::now();
    let (status, body) = server.post("/api/privacy/encrypt", &json!({"passphrase": BENCH_PASSPHRASE})).await?;
    if status != 200 {
        bail!("encrypt answered {status}: {body}");
    }
    let encrypt_secs = turned_on.elapsed().as_secs_f64();
    // Other call numbers: "a new question each call" must not find the plain run's questions in
    // the model's memory of recent ones.
    let encrypted = measure_tools(&server, &calls, args.iterations, 1_000_000).await?;
    let mut unlocks = Vec::new();
    for _ in 0..5 {
        server.post("/api/privacy/lock", &json!({})).await?;
        let started = Instant::now();
        let (status, body) = server.post("/api/privacy/unlock", &json!({"passphrase": BENCH_PASSPHRASE})).await?;
        if status != 200 {
            bail!("unlock answered {status}: {body}");
        }
        // What the first screen asks for: the cases, the deadlines and the documents.
        for list in ["/api/cases", "/api/deadlines?done=false", "/api/documents"] {
            server.get(list).await?;
        }
        unlocks.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    unlocks.sort_by(f64::total_cmp);
    drop(server);
    // A locked start: the server on encrypted data, then unlock and the first screen.
    let locked_start = Instant::now();
    let server = Server::start(&server_bin, dir.path(), &[]).await?;
    server.post("/api/privacy/unlock", &json!({"passphrase": BENCH_PASSPHRASE})).await?;
    for list in ["/api/cases", "/api/deadlines?done=false", "/api/documents"] {
        server.get(list).await?;
    }
    let locked_start_ms = locked_start.elapsed().as_secs_f64() * 1000.0;
    server.wait_for_model().await?;
    let turned_off = Instant::now();
    let (status, body) = server.post("/api/privacy/decrypt", &json!({"passphrase": BENCH_PASSPHRASE})).await?;
    if status != 200 {
        bail!("decrypt answered {status}: {body}");
    }
    let decrypt_secs = turned_off.elapsed().as_secs_f64();
    // Plain again, after turning it off: the same file as the encrypted run's, compacted by the
    // export both ways (the first plain run is on the file as ingest left it).
    let plain_after = measure_tools(&server, &calls, args.iterations, 2_000_000).await?;
    let p50 = |times: &Vec<f64>| {
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        percentile(&sorted, 0.5)
    };
    let mut encryption = vec![
        "| tool | p50 plain, first | p50 encrypted | p50 plain, after turning it off | encrypted ÷ plain after |".to_string(),
        "| --- | --- | --- | --- | --- |".to_string(),
    ];
    for (((name, plain), (_, locked)), (_, after)) in latencies.iter().zip(&encrypted).zip(&plain_after) {
        let (a, b, c) = (p50(plain), p50(locked), p50(after));
        encryption.push(format!("| {name} | {a:.2} ms | {b:.2} ms | {c:.2} ms | {:.2}× |", b / c));
    }
    report.push(format!(
        "| turn the lock on ({passages} passages, {} documents, {} events) | {encrypt_secs:.1} s |",
        uploads.len(),
        args.events
    ));
    report.push(format!(
        "| locked → unlocked and the first screen's lists (median of 5; range) | {:.0} ms ({:.0}–{:.0}) |",
        percentile(&unlocks, 0.5),
        unlocks[0],
        unlocks[unlocks.len() - 1]
    ));
    report.push(format!("| start on locked data → unlocked and the first screen's lists | {locked_start_ms:.0} ms |"));
    report.push(format!("| turn the lock off | {decrypt_secs:.1} s |"));

    let ingest_hwm = server.memory()?.hwm_kb;
    drop(server);

    // Memory serving searches: a fresh process (as after a restart) with every vector loaded,
    // idle, then with four clients searching at once for a few seconds.
    let server = Server::start(&server_bin, dir.path(), &[]).await?;
    server.wait_for_model().await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle_loaded = server.memory()?;
    let load_started = Instant::now();
    let mut handles = Vec::new();
    for worker in 0..4 {
        let url = server.process.url.clone();
        // One client (one connection pool) per worker, as four separate callers would have.
        let client = proseva_http::loopback_client_builder("server-bench").build()?;
        handles.push(tokio::spawn(async move {
            let mut n = 0usize;
            while load_started.elapsed() < Duration::from_secs(5) {
                let (tool, body) = if n.is_multiple_of(2) {
                    ("SearchKnowledge", json!({"query": queries[(n + worker) % queries.len()]}))
                } else {
                    ("SearchTimeline", json!({"query": "exchange school"}))
                };
                let _ = client.post(format!("{url}/api/tools/{tool}")).bearer_auth(TOKEN).json(&body).send().await;
                n += 1;
            }
            n
        }));
    }
    let mut peak_rss_load = 0;
    while load_started.elapsed() < Duration::from_secs(5) {
        peak_rss_load = peak_rss_load.max(server.memory()?.rss_kb);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut load_calls = 0;
    for h in handles {
        load_calls += h.await?;
    }
    let after_load = server.memory()?;
    drop(server);

    // Words-only search cost (model off): what SearchKnowledge costs apart from embedding the query.
    let words_only = Server::start(&server_bin, dir.path(), &[("PROSEVA_EMBEDDINGS", "off")]).await?;
    let mut times = Vec::new();
    for i in 0..args.iterations {
        let started = Instant::now();
        words_only.post("/api/tools/SearchKnowledge", &json!({"query": queries[i % queries.len()]})).await?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    latencies.push(("SearchKnowledge (words only, model off)".into(), times));
    drop(words_only);

    let full_start = median_cold_start(&server_bin, dir.path(), 5).await?;
    report.extend(documents_to_searchable(&server_bin).await?);

    println!("## proseva-server benchmark\n");
    println!(
        "{} timeline events, {passages} passages in {} documents, {} calls per tool over HTTP on loopback, {} cores.\n",
        args.events,
        uploads.len(),
        args.iterations,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!("| tool | p50 | p99 |\n| --- | --- | --- |");
    for (name, mut times) in latencies {
        times.sort_by(f64::total_cmp);
        println!("| {name} | {:.2} ms | {:.2} ms |", percentile(&times, 0.50), percentile(&times, 0.99));
    }
    println!("\nThe same calls with the case file encrypted (SQLCipher, documents sealed), in the same run:\n");
    for line in &encryption {
        println!("{line}");
    }
    println!("\n| measure | value |\n| --- | --- |");
    for line in report {
        println!("{line}");
    }
    println!(
        "| cold start to healthy, {} events + {passages} passage vectors (median of 5) | {:.0} ms |",
        args.events,
        full_start.as_secs_f64() * 1000.0
    );
    let mb = |kb: u64| kb as f64 / 1024.0;
    println!("| RSS at start, model still loading | {:.0} MB |", mb(rss_before_model.rss_kb));
    println!("| RSS idle, model loaded, no documents yet | {:.0} MB |", mb(idle.rss_kb));
    println!(
        "| RSS peak while embedding {passages} passages (sampled; VmHWM) | {:.0} MB ({:.0} MB) |",
        mb(peak_rss_ingest),
        mb(ingest_hwm)
    );
    println!("| RSS idle after a restart, model and {passages} vectors loaded | {:.0} MB |", mb(idle_loaded.rss_kb));
    println!(
        "| RSS peak under search load, 4 clients, {load_calls} calls in 5 s (sampled; VmHWM) | {:.0} MB ({:.0} MB) |",
        mb(peak_rss_load),
        mb(after_load.hwm_kb)
    );
    Ok(())
}

/// The passphrase the benchmark locks its case file with.
const BENCH_PASSPHRASE: &str = "server bench passphrase";

/// Every call in `calls`, in turn, `iterations` times each (after 5 not counted), the call numbers
/// counted from `first`: each one's label and times in ms.
async fn measure_tools(
    server: &Server,
    calls: &[(&str, ArgsFor)],
    iterations: usize,
    first: usize,
) -> anyhow::Result<Vec<(String, Vec<f64>)>> {
    let mut latencies = Vec::new();
    for (name, args_for) in calls {
        let label = match (*name, args_for(0).get("party")) {
            ("SearchTimeline", Some(_)) => "SearchTimeline (filters only)".to_string(),
            ("SearchTimeline", None) => "SearchTimeline (words)".to_string(),
            ("SearchKnowledge", _) if args_for(0)["query"].as_str().is_some_and(|q| q.contains("(call ")) => {
                "SearchKnowledge (a new question each call)".to_string()
            }
            ("SearchKnowledge", _) => "SearchKnowledge (10 questions asked in turn)".to_string(),
            _ => name.to_string(),
        };
        let mut times = Vec::with_capacity(iterations);
        for i in 0..iterations + 5 {
            let started = Instant::now();
            let (status, body) = server.post(&format!("/api/tools/{name}"), &args_for(first + i)).await?;
            if status != 200 {
                bail!("{name} answered {status}: {body}");
            }
            if i >= 5 {
                times.push(started.elapsed().as_secs_f64() * 1000.0);
            }
        }
        latencies.push((label, times));
    }
    Ok(latencies)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Seeds cases, deadlines, contacts, finances and `events` timeline events; returns the case ids.
fn seed(data_dir: &Path, events: usize) -> anyhow::Result<Vec<i64>> {
    let state = AppState::open(&Config::for_data_dir(data_dir.to_path_buf()))?;
    let mut rng = Rng(0x5eed);
    let parties = ["Mother", "Father", "Landlord", "Tenant", "Guardian ad litem", "Clerk", "Employer", "School"];
    let titles = [
        "Missed weekend exchange",
        "Hearing continued",
        "Police called during exchange",
        "Child support payment late",
        "School called about absences",
        "Text messages about the schedule",
        "Motion filed",
        "Rent paid late",
        "Repair request sent to landlord",
        "Doctor visit for the child",
    ];
    let ids = state.store.write(|c| {
        let mut case_ids = Vec::new();
        for n in 0..5 {
            let case = Cases::parse(&json!({"name": format!("Case {n}"), "caseNumber": format!("JJ{n:06}-01-00"), "court": "Fairfax JDR"}))?;
            case_ids.push(Cases::insert(c, &case)?);
        }
        for i in 0..events {
            let case_id = case_ids[i % case_ids.len()];
            let date = format!("20{:02}-{:02}-{:02}", 20 + rng.below(6), 1 + rng.below(12), 1 + rng.below(28));
            let title = titles[rng.below(titles.len() as u64) as usize];
            let event = Timeline::parse(&json!({
                "caseId": case_id, "date": date, "party": parties[rng.below(parties.len() as u64) as usize], "title": title,
                "details": format!("{title}. Noted by the user on {date}; see the attached messages and the notes from the call."),
                "isCritical": rng.below(10) == 0,
            }))?;
            Timeline::insert(c, &event)?;
        }
        for i in 0..200 {
            let d = Deadlines::parse(&json!({"caseId": case_ids[i % 5], "title": format!("Deadline {i}"), "date": format!("2026-{:02}-{:02}", 1 + i % 12, 1 + i % 28)}))?;
            Deadlines::insert(c, &d)?;
        }
        for i in 0..50 {
            let contact = Contacts::parse(&json!({"caseId": case_ids[i % 5], "name": format!("Contact {i}"), "role": "witness", "phone": "703-555-0100"}))?;
            Contacts::insert(c, &contact)?;
        }
        for i in 0..500 {
            let f = Finances::parse(&json!({"caseId": case_ids[i % 5], "date": "2025-01-02", "amount": (i % 97) as f64 + 0.25,
                                             "category": (["filing fee", "service", "copies", "mileage"][i % 4])}))?;
            Finances::insert(c, &f)?;
        }
        Ok(case_ids)
    })?;
    Ok(ids)
}

/// About 3,000 characters of court-paper prose, deterministic in `seed`.
fn page_text(seed: u64) -> Vec<String> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let subjects =
        ["The Mother", "The Father", "The Court", "The tenant", "The landlord", "The guardian ad litem", "Counsel", "The parties"];
    let verbs = ["shall exchange", "requests", "has reviewed", "shall pay", "filed", "objects to", "is ordered to provide", "agrees to"];
    let objects = [
        "the child at the Springfield police station",
        "the monthly rent by the fifth day of the month",
        "the medical records of the child",
        "a written summary of the school schedule",
        "the security deposit less itemized deductions",
        "the transcript of the hearing",
        "the motion to amend visitation",
        "proof of service on the opposing party",
    ];
    let tails = [
        "on alternate weekends.",
        "within 21 days.",
        "before the next hearing.",
        "as set out in the order.",
        "without delay.",
        "by certified mail.",
    ];
    (0..38)
        .map(|_| {
            let mut line = String::new();
            while line.len() < 70 {
                line.push_str(&format!(
                    "{} {} {} {} ",
                    subjects[rng.below(subjects.len() as u64) as usize],
                    verbs[rng.below(verbs.len() as u64) as usize],
                    objects[rng.below(objects.len() as u64) as usize],
                    tails[rng.below(tails.len() as u64) as usize]
                ));
            }
            line.trim_end().to_string()
        })
        .collect()
}

/// xorshift64: reproducible data without a dependency.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

struct Server {
    process: Sidecar,
    client: reqwest::Client,
}

struct Memory {
    rss_kb: u64,
    hwm_kb: u64,
}

impl Server {
    /// Starts the binary and waits until it answers health (the listening line comes first).
    async fn start(bin: &Path, data_dir: &Path, env: &[(&str, &str)]) -> anyhow::Result<Server> {
        let mut cmd = Command::new(bin);
        cmd.env("PROSEVA_DATA_DIR", data_dir).env("PORT", "0").env("PROSEVA_TOKEN", TOKEN).stderr(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let server = Server { process: Sidecar::start(&mut cmd)?, client: proseva_http::loopback_client_builder("server-bench").build()? };
        while server.client.get(format!("{}/api/health", server.process.url)).send().await.map(|r| r.status().as_u16()).unwrap_or(0) != 200
        {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        Ok(server)
    }

    async fn wait_for_model(&self) -> anyhow::Result<String> {
        loop {
            let health: Value = self.client.get(format!("{}/api/health", self.process.url)).send().await?.json().await?;
            match health["embeddings"].as_str() {
                Some("loading") => tokio::time::sleep(Duration::from_millis(20)).await,
                Some("ready") => return Ok("ready".into()),
                other => bail!("the embedding model is not available: {other:?}"),
            }
        }
    }

    fn memory(&self) -> anyhow::Result<Memory> {
        let pid = self.process.pid();
        let field = |name: &str| status_kib(pid, name).with_context(|| format!("no {name} in /proc/{pid}/status"));
        Ok(Memory { rss_kb: field("VmRSS:")?, hwm_kb: field("VmHWM:")? })
    }

    async fn get(&self, path: &str) -> anyhow::Result<(u16, Value)> {
        let res = self.client.get(format!("{}{path}", self.process.url)).bearer_auth(TOKEN).send().await?;
        Ok((res.status().as_u16(), res.json().await?))
    }

    async fn post(&self, path: &str, body: &Value) -> anyhow::Result<(u16, Value)> {
        let res = self.client.post(format!("{}{path}", self.process.url)).bearer_auth(TOKEN).json(body).send().await?;
        Ok((res.status().as_u16(), res.json().await?))
    }

    async fn upload_pdf(&self, name: &str, pdf: Vec<u8>, case_id: Option<i64>) -> anyhow::Result<Value> {
        let mut form = reqwest::multipart::Form::new()
            .part("file", reqwest::multipart::Part::bytes(pdf).file_name(name.to_string()).mime_str("application/pdf")?);
        if let Some(id) = case_id {
            form = form.text("caseId", id.to_string());
        }
        let res = self.client.post(format!("{}/api/documents", self.process.url)).bearer_auth(TOKEN).multipart(form).send().await?;
        let status = res.status().as_u16();
        let body: Value = res.json().await?;
        if status != 201 {
            bail!("upload answered {status}: {body}");
        }
        Ok(body)
    }
}

/// Upload to searchable by words and by meaning, for a 20-page PDF with a text layer and the same
/// pages scanned (pictures only, read by OCR): report lines.
async fn documents_to_searchable(server_bin: &Path) -> anyhow::Result<Vec<String>> {
    const PAGES: u64 = 20;
    let dir = tempfile::tempdir()?;
    let server = Server::start(server_bin, dir.path(), &[]).await?;
    server.wait_for_model().await?;
    let texts: Vec<Vec<String>> = (0..PAGES).map(|p| page_text(90_000 + p)).collect();
    let refs: Vec<Vec<&str>> = texts.iter().map(|p| p.iter().map(String::as_str).collect()).collect();
    let page_refs: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
    let text_pdf = samples::pdf(&page_refs);
    let scans = scanned_pages(&text_pdf, dir.path())?;
    let scan_refs: Vec<&[u8]> = scans.iter().map(Vec::as_slice).collect();
    let scan_pdf = samples::scan_pdf(&scan_refs, 200).context("pdftoppm wrote something that is not a PGM")?;

    let mut lines = Vec::new();
    for (what, name, pdf) in [("with a text layer", "order.pdf", text_pdf), ("scanned, read by OCR", "order-scan.pdf", scan_pdf)] {
        let size = pdf.len();
        let started = Instant::now();
        let doc = server.upload_pdf(name, pdf, None).await?;
        let answered = started.elapsed();
        let id = doc["id"].as_i64().context("no id")?;
        let (mut words, mut ocr_pages) = (None, 0);
        let meaning = loop {
            let (_, d) = server.get(&format!("/api/documents/{id}")).await?;
            match d["stage"].as_str() {
                Some("words") if words.is_none() => words = Some(started.elapsed()),
                Some("meaning") => break started.elapsed(),
                Some("ocr") => ocr_pages = ocr_pages.max(d["ocrPage"].as_i64().unwrap_or(0)),
                Some(stage @ ("failed" | "ocr_unavailable")) => bail!("{name} ended {stage}: {d}"),
                _ => {}
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let words = words.unwrap_or(meaning);
        lines.push(format!(
            "| {PAGES}-page PDF {what} ({:.1} MB): upload answered / searchable by words / by meaning | {:.2} s / {:.2} s / {:.1} s |",
            size as f64 / 1e6,
            answered.as_secs_f64(),
            words.as_secs_f64(),
            meaning.as_secs_f64()
        ));
        if ocr_pages > 0 {
            lines.push(format!("| OCR throughput (Tesseract, 300 dpi, one thread) | {:.2} pages/s |", PAGES as f64 / words.as_secs_f64()));
        }
    }
    Ok(lines)
}

/// The pages of `pdf` drawn by `pdftoppm` at 200 dpi in grey, as PGM files' bytes.
fn scanned_pages(pdf: &[u8], dir: &Path) -> anyhow::Result<Vec<Vec<u8>>> {
    let source = dir.join("to-scan.pdf");
    std::fs::write(&source, pdf)?;
    let status = Command::new("pdftoppm")
        .args(["-r", "200", "-gray"])
        .arg(&source)
        .arg(dir.join("scan"))
        .status()
        .context("pdftoppm (poppler-utils) makes the scans: `make setup` installs it")?;
    if !status.success() {
        bail!("pdftoppm failed: {status}");
    }
    let mut pages: Vec<PathBuf> =
        std::fs::read_dir(dir)?.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "pgm")).collect();
    pages.sort();
    pages.iter().map(|p| Ok(std::fs::read(p)?)).collect()
}

/// Spawn to first healthy answer, `runs` times; the median.
async fn median_cold_start(bin: &Path, data_dir: &Path, runs: usize) -> anyhow::Result<Duration> {
    let mut times = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        let server = Server::start(bin, data_dir, &[]).await?;
        times.push(started.elapsed());
        drop(server);
    }
    times.sort();
    Ok(times[times.len() / 2])
}
