//! Benchmarks the explorer on a synthetic graph of realistic shape, and prints the figures the
//! README reports: ingest throughput, query latency (in-process and over HTTP) and server RSS.
//!
//! `cargo build --release -p proseva-explorer -p proseva-bench && target/release/explorer-bench [--sections 50000]`

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use proseva_bench::status_kib;
use proseva_embed::EmbedderConfig;
use proseva_explorer::gql::{self, ExplorerSchema};
use proseva_law::graph::Graph;
use proseva_law::ingest::{self, IngestOptions, TextKind};
use proseva_law::starter;
use proseva_law::synth::{self, RandomEmbedder, Rng};

/// Plain questions made of the common legal words people use (issue 11's slow cases among them):
/// tens of thousands of matches each on a Code-sized graph.
const PLAIN_QUESTIONS: &[&str] = &[
    "what happens if the court orders custody",
    "the court shall order",
    "landlord deposit return",
    "can the court change the order",
    "how long do I have to file an appeal",
    "what are my rights if the person does not pay",
    "the court may require a hearing",
    "who has to give notice",
];

const SEARCHES: &[&str] = &[
    "landlord deposit return",
    "custody best interests of the child",
    "driver license suspension speed",
    "appeal judgment circuit court",
    "protective order family household member",
    "public meeting information request",
    "estate will executor heir",
    "consumer deceptive practice",
    "firearm concealed permit",
    "limitation action accrue years",
];

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let sections: usize = arg("--sections").map_or(Ok(50_000), |s| s.parse()).context("--sections")?;
    let model_sections: usize = arg("--model-sections").map_or(Ok(200), |s| s.parse()).context("--model-sections")?;
    let iterations: usize = arg("--iterations").map_or(Ok(500), |s| s.parse()).context("--iterations")?;
    let dir = tempfile::tempdir()?;
    // `--starter-only`: the starter corpus's first build and searches alone (a minute, not the
    // synthetic corpus's many).
    if args.iter().any(|a| a == "--starter-only") {
        return starter(dir.path(), iterations);
    }
    let db = dir.path().join("synth.db");
    let progress = |_| {};

    println!("# explorer benchmark: {sections} synthetic sections, {iterations} queries per kind");
    let files = synth::corpus(sections, 42);
    let plain = IngestOptions {
        corpus: "synthetic".into(),
        text_kind: TextKind::Official,
        embedder: None,
        vector_cache: None,
        progress: &progress,
    };
    let report = ingest::ingest(&files, &dir.path().join("plain.db"), &plain)?;
    println!(
        "ingest without vectors: {:.0} sections/s ({} sections, {} with two versions, {} edges, {:.1} s)",
        report.sections as f64 / report.seconds,
        report.sections,
        report.sections_with_versions,
        report.edges,
        report.seconds
    );

    // A full Code's worth of rows (issue 27's goal: ≤ 10 s without vectors).
    let code = synth::corpus(33_000, 42);
    let report = ingest::ingest(&code, &dir.path().join("code.db"), &plain)?;
    println!(
        "ingest of a Code's worth without vectors: {} sections ({} with two versions) in {:.1} s (goal ≤ 10 s)",
        report.sections, report.sections_with_versions, report.seconds
    );

    let random = RandomEmbedder { dimension: 384 };
    let with_vectors = IngestOptions { embedder: Some(&random), ..plain };
    let report = ingest::ingest(&files, &db, &with_vectors)?;
    println!(
        "ingest with 384-d vectors (hash vectors, no model): {:.0} sections/s ({:.1} s)",
        report.sections as f64 / report.seconds,
        report.seconds
    );

    match EmbedderConfig::from_env().build() {
        Ok(Some(model)) => {
            let small = synth::corpus(model_sections, 7);
            let options = IngestOptions {
                corpus: "synthetic".into(),
                text_kind: TextKind::Official,
                embedder: Some(model.as_ref()),
                vector_cache: None,
                progress: &progress,
            };
            let report = ingest::ingest(&small, &dir.path().join("model.db"), &options)?;
            println!(
                "ingest with the real model ({}): {:.1} sections/s ({} sections, {:.1} s)",
                model.model_id(),
                report.sections as f64 / report.seconds,
                report.sections,
                report.seconds
            );
        }
        Ok(None) => println!("ingest with the real model: skipped (PROSEVA_EMBEDDINGS=off)"),
        Err(e) => println!("ingest with the real model: skipped ({e})"),
    }

    let open_started = Instant::now();
    let graph = Arc::new(Graph::open(&db)?);
    println!("open (stats + {} vectors into memory): {:.0} ms", graph.vectors().len(), open_started.elapsed().as_secs_f64() * 1000.0);
    let schema = gql::schema(graph.clone());
    let numpy = similar_recall(&graph, &db, dir.path())?;
    let max_id = graph.stats().node_count;
    let section_ids: Vec<i64> = graph.nodes(Some("section"), None, 100_000, 0)?.nodes.iter().map(|n| n.id).collect();
    let section_numbers: Vec<String> = graph.nodes(Some("section"), None, 2_000, 0)?.nodes.into_iter().map(|n| n.source_id).collect();

    // Questions about one topic: two of a section's rarer words and a common one, as a person
    // describing their situation would use.
    let mut rng = Rng::new(3);
    let topical: Vec<String> = (0..200)
        .filter_map(|_| {
            let node = graph.node(section_ids[rng.below(section_ids.len())]).ok()??;
            let text = node.source_text?;
            let rare: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() >= 6 && !synth::is_common(w)).collect();
            (rare.len() >= 2).then(|| {
                format!("{} {} {}", rare[0], rare[rare.len() / 2], SEARCHES[rng.below(SEARCHES.len())].split(' ').next().unwrap_or(""))
            })
        })
        .collect();

    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let mut rng = Rng::new(1);
        println!("\n## in-process (schema.execute), p50 / p99");
        let mut i = 0;
        bench(&schema, "nodes(search:) topical question", iterations, || {
            i += 1;
            format!(
                r#"{{ nodes(search: "{}", limit: 10) {{ total nodes {{ id sourceId heading sourceText }} }} }}"#,
                topical[i % topical.len()]
            )
        })
        .await;
        bench(&schema, "nodes(search:) common words only", iterations, || {
            i += 1;
            format!(
                r#"{{ nodes(search: "{}", limit: 10) {{ total nodes {{ id sourceId heading sourceText }} }} }}"#,
                SEARCHES[i % SEARCHES.len()]
            )
        })
        .await;
        bench(&schema, "nodes(search:) plain questions of common legal words", iterations, || {
            i += 1;
            format!(
                r#"{{ nodes(search: "{}", limit: 10) {{ total nodes {{ id sourceId heading sourceText }} }} }}"#,
                PLAIN_QUESTIONS[i % PLAIN_QUESTIONS.len()]
            )
        })
        .await;
        bench(&schema, "nodes(search:) bare section prefix", iterations, || {
            let s = &section_numbers[rng.below(section_numbers.len())];
            let prefix = &s[..s.len().saturating_sub(1).max(s.find('-').map_or(1, |h| h + 2))];
            format!(r#"{{ nodes(search: "{prefix}", limit: 10) {{ total nodes {{ id sourceId heading }} }} }}"#)
        })
        .await;
        bench(&schema, "nodes(search:) citation", iterations, || {
            let s = &section_numbers[rng.below(section_numbers.len())];
            format!(r#"{{ nodes(search: "§ {s}", limit: 10) {{ total nodes {{ id sourceId heading }} }} }}"#)
        })
        .await;
        bench(&schema, "node", iterations, || {
            format!("{{ node(id: {}) {{ id sourceId heading sourceText url textKind }} }}", 1 + rng.below(max_id as usize))
        })
        .await;
        bench(&schema, "neighbors", iterations, || {
            format!("{{ neighbors(id: {}) {{ fromId toId relType weight }} }}", section_ids[rng.below(section_ids.len())])
        })
        .await;
        bench(&schema, "similar", iterations, || {
            format!(
                "{{ similar(id: {}, limit: 10) {{ score node {{ id sourceId heading }} }} }}",
                section_ids[rng.below(section_ids.len())]
            )
        })
        .await;
        bench(&schema, "stats", iterations, || {
            "{ stats { nodeCount edgeCount embeddingCount nodeTypes { type count } edgeTypes { type count } } }".to_string()
        })
        .await;
    });

    let http = over_http(&db, iterations, &section_ids, &topical)?;
    match numpy {
        Some(numpy) => {
            println!("\n## against numpy's flat scan ({}, numpy {}), same vectors, same run", numpy.blas, numpy.version);
            println!("numpy float32 flat scan + top 10: p50 {:.3} ms   p99 {:.3} ms", numpy.p50, numpy.p99);
            for (name, p50) in &http {
                println!("{name:<40} p50 {p50:>7.3} ms = {:.2} × numpy (goal ≤ 0.5)", p50 / numpy.p50);
            }
        }
        None => println!("\nnumpy comparison: skipped (scripts/install-bench-numpy.sh installs numpy for it)"),
    }
    starter(dir.path(), iterations)?;
    Ok(())
}

/// numpy's flat scan of the same vectors, measured by scripts/numpy-scan.py.
struct Numpy {
    p50: f64,
    p99: f64,
    blas: String,
    version: String,
}

/// Runs scripts/numpy-scan.py on the vectors in `path` with the bench's numpy (its virtual
/// environment, or `PROSEVA_BENCH_PYTHON`); `None` (and why, printed) when it cannot.
fn numpy_scan(path: &Path, dimension: usize) -> Option<Numpy> {
    let python = std::env::var_os("PROSEVA_BENCH_PYTHON").map(PathBuf::from).unwrap_or_else(|| {
        std::env::var_os("PROSEVA_BENCH_VENV")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/proseva/bench-venv")))
            .unwrap_or_default()
            .join("bin/python")
    });
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/numpy-scan.py");
    let out = match Command::new(&python).arg(&script).arg(path).arg(dimension.to_string()).output() {
        Ok(out) if out.status.success() => out,
        Ok(out) => {
            println!("numpy scan failed: {}", String::from_utf8_lossy(&out.stderr).trim());
            return None;
        }
        Err(e) => {
            println!("numpy scan: {} not runnable ({e})", python.display());
            return None;
        }
    };
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
    Some(Numpy {
        p50: v["p50_ms"].as_f64()?,
        p99: v["p99_ms"].as_f64()?,
        blas: v["blas"].as_str().unwrap_or("?").to_string(),
        version: v["numpy"].as_str().unwrap_or("?").to_string(),
    })
}

/// Questions a person might ask, for the starter corpus.
const QUESTIONS: &[&str] = &[
    "landlord will not return my deposit",
    "What does Virginia Code say about FOIA?",
    "how does the judge decide custody",
    "driving under the influence of alcohol",
    "protective order against family abuse",
    "how long do I have to sue for a personal injury",
    "appeal from general district court",
    "who inherits when someone dies without a will",
];

/// The same kinds of question in Spanish, as people type them (written for this bench, not taken
/// from any evaluation set): read by the Spanish analyser, the Spanish asks and the English gloss.
const QUESTIONS_ES: &[&str] = &[
    "mi casero no me devuelve el deposito",
    "como decide el juez la custodia de los niños",
    "me agarraron manejando tomado, que me pasa",
    "quiero una orden de proteccion contra mi esposo",
    "cuanto tiempo tengo para demandar por un accidente",
    "como apelo una decision de la corte general de distrito",
    "quien hereda si alguien muere sin testamento",
    "me quieren sacar del apartamento sin aviso",
];

/// The starter corpus as a first run builds it (shipped vectors), and search with the model.
fn starter(dir: &Path, iterations: usize) -> anyhow::Result<()> {
    println!("\n## starter corpus");
    let db = dir.join("starter.db");
    let report = starter::ingest_with_shipped_vectors(&db)?;
    println!(
        "first-run build (shipped vectors): {:.0} ms for {} sections, {} vectors",
        report.seconds * 1000.0,
        report.sections,
        report.embedded
    );
    // The served explorer with its model loaded for search by meaning.
    let (mut child, url) = spawn_explorer(&db)?;
    let client = proseva_http::blocking::loopback_client_builder("explorer-bench").build()?;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        let res: serde_json::Value =
            client.post(&url).bearer_auth("bench").json(&serde_json::json!({"query": "{ stats { semanticSearch } }"})).send()?.json()?;
        if res["data"]["stats"]["semanticSearch"] == true {
            println!(
                "model ready {:.0} ms after start; RSS with the model loaded: {} MB",
                started.elapsed().as_secs_f64() * 1000.0,
                rss_kb(child.id(), "VmRSS:") / 1024
            );
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();

    let graph = Arc::new(Graph::open(&db)?);
    let Ok(Some(model)) = EmbedderConfig::from_env().build() else {
        println!("search by meaning: skipped (no model)");
        return Ok(());
    };
    graph.set_query_embedder(Arc::from(model))?;
    let schema = gql::schema(graph);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        for (name, semantic, questions) in [
            ("starter search, text only", false, QUESTIONS),
            ("starter search, text + meaning", true, QUESTIONS),
            ("starter search in Spanish, text only", false, QUESTIONS_ES),
            ("starter search in Spanish, text + meaning", true, QUESTIONS_ES),
        ] {
            let mut i = 0;
            bench(&schema, name, iterations, || {
                i += 1;
                format!(
                    r#"{{ nodes(search: "{}", limit: 10, semantic: {semantic}) {{ total nodes {{ id sourceId }} }} }}"#,
                    questions[i % questions.len()]
                )
            })
            .await;
        }
    });
    Ok(())
}

async fn bench(schema: &ExplorerSchema, name: &str, iterations: usize, mut next: impl FnMut() -> String) {
    for _ in 0..20 {
        let _ = schema.execute(next()).await;
    }
    let mut times = Vec::with_capacity(iterations);
    for _ in 0..iterations {
        let q = next();
        let started = Instant::now();
        let res = schema.execute(q.as_str()).await;
        times.push(started.elapsed());
        assert!(res.errors.is_empty(), "{q}: {:?}", res.errors);
    }
    report(name, &mut times);
}

/// Prints a latency line and returns its p50 in milliseconds.
fn report(name: &str, times: &mut [Duration]) -> f64 {
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)].as_secs_f64() * 1000.0;
    println!("{name:<32} p50 {:>7.3} ms   p99 {:>7.3} ms", pct(0.50), pct(0.99));
    pct(0.50)
}

fn explorer_binary() -> anyhow::Result<PathBuf> {
    let path = std::env::current_exe()?.with_file_name("proseva-explorer");
    anyhow::ensure!(path.exists(), "{} not built: run `cargo build --release -p proseva-explorer` first", path.display());
    Ok(path)
}

fn rss_kb(pid: u32, field: &str) -> u64 {
    status_kib(pid, field).unwrap_or(0)
}

/// Starts the real binary on a free loopback port; returns it and its GraphQL URL once it listens.
fn spawn_explorer(db: &Path) -> anyhow::Result<(std::process::Child, String)> {
    let mut child = Command::new(explorer_binary()?)
        .args(["serve", "--port", "0", "--db"])
        .arg(db)
        .env("PROSEVA_TOKEN", "bench")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut line = String::new();
    BufReader::new(child.stdout.take().context("stdout")?).read_line(&mut line)?;
    Ok((child, format!("{}/graphql", line.trim().trim_start_matches("listening on "))))
}

/// How many of the exact 10 nearest neighbours (a scan of the stored 32-bit vectors) `similar`
/// finds with the graph's 8-bit vectors, over 200 sections; then numpy's flat scan of the same
/// 32-bit vectors, written to `dir` for it.
fn similar_recall(graph: &Graph, db: &Path, dir: &Path) -> anyhow::Result<Option<Numpy>> {
    let conn = proseva_law::store::open_read_only(db)?;
    let mut stmt = conn.prepare("SELECT node_id, vector FROM embeddings ORDER BY node_id")?;
    let (mut ids, mut matrix) = (Vec::new(), Vec::new());
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        ids.push(row.get::<_, i64>(0)?);
        matrix.extend(proseva_law::store::decode_vector(row.get_ref(1)?.as_blob()?));
    }
    let dimension = graph.vectors().dimension();
    let (mut found, mut asked) = (0, 0);
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let row = rng.below(ids.len());
        let query = &matrix[row * dimension..(row + 1) * dimension];
        let exact: Vec<i64> = proseva_embed::top_k(query, &matrix, dimension, 10, |r| r == row).into_iter().map(|(r, _)| ids[r]).collect();
        let got: Vec<i64> = graph.similar(ids[row], 10)?.into_iter().map(|(n, _)| n.id).collect();
        found += exact.iter().filter(|id| got.contains(id)).count();
        asked += exact.len();
    }
    println!("similar recall@10 against the exact 32-bit scan: {:.3} (200 sections)", found as f64 / asked as f64);
    let path = dir.join("vectors.f32");
    std::fs::write(&path, matrix.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())?;
    Ok(numpy_scan(&path, dimension))
}

/// The real binary on a loopback port: startup, latency through HTTP + JSON, and memory.
/// Returns the p50 of `similar` and of the searches, by name.
fn over_http(db: &Path, iterations: usize, section_ids: &[i64], topical: &[String]) -> anyhow::Result<Vec<(String, f64)>> {
    let started = Instant::now();
    let (mut child, url) = spawn_explorer(db)?;
    println!("\n## over HTTP (real binary, bearer token)\nstart to listening: {:.0} ms", started.elapsed().as_secs_f64() * 1000.0);
    println!("RSS idle: {} MB", rss_kb(child.id(), "VmRSS:") / 1024);

    let client = proseva_http::blocking::loopback_client_builder("explorer-bench").build()?;
    let mut rng = Rng::new(2);
    let mut run = |name: &str, make: &mut dyn FnMut(&mut Rng) -> String| -> anyhow::Result<f64> {
        let mut times = Vec::with_capacity(iterations);
        for i in 0..iterations + 20 {
            let body = serde_json::json!({ "query": make(&mut rng) });
            let t = Instant::now();
            let res = client.post(&url).bearer_auth("bench").json(&body).send()?.error_for_status()?;
            let _ = res.bytes()?;
            if i >= 20 {
                times.push(t.elapsed());
            }
        }
        Ok(report(name, &mut times))
    };
    let mut p50s = Vec::new();
    let topical: Vec<&str> = topical.iter().map(String::as_str).collect();
    let mut i = 0;
    for (name, questions) in [
        ("http nodes(search:) topical", &topical[..]),
        ("http nodes(search:) common words only", SEARCHES),
        ("http nodes(search:) plain questions", PLAIN_QUESTIONS),
    ] {
        let p50 = run(name, &mut |_| {
            i += 1;
            format!(
                r#"{{ nodes(search: "{}", limit: 10) {{ total nodes {{ id sourceId heading sourceText }} }} }}"#,
                questions[i % questions.len()]
            )
        })?;
        p50s.push((name.to_string(), p50));
    }
    run("http node", &mut |rng| {
        format!("{{ node(id: {}) {{ id sourceId heading sourceText }} }}", section_ids[rng.below(section_ids.len())])
    })?;
    let name = "http similar";
    p50s.push((
        name.to_string(),
        run(name, &mut |rng| {
            format!("{{ similar(id: {}, limit: 10) {{ score node {{ id sourceId }} }} }}", section_ids[rng.below(section_ids.len())])
        })?,
    ));
    println!("RSS after load: {} MB (peak {} MB)", rss_kb(child.id(), "VmRSS:") / 1024, rss_kb(child.id(), "VmHWM:") / 1024);
    let _ = child.kill();
    let _ = child.wait();
    Ok(p50s)
}
