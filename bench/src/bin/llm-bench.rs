//! `llm-bench`: the local language model's speed and memory, beside llama.cpp's own `llama-bench`
//! on the same file in the same run.
//!
//! ```text
//! scripts/build-llama-bench.sh                      # llama-bench from proseva-llm's llama.cpp
//! cargo build --release --workspace --all-targets
//! $CARGO_TARGET_DIR/release/llm-bench [MORE.gguf …] [--threads N] [--runs N] [--no-docs]
//! ```
//!
//! For the test model (`$PROSEVA_LLM_TEST_MODEL`, scripts/install-llm-test-model.sh) and each GGUF
//! named on the command line:
//! - llama-bench's pp512 and tg128 (`-o json`, the same thread count), and tg128 at a depth of 512
//!   tokens (what a generation after a 512-token prompt does);
//! - the release `proseva-llm` beside this binary, over HTTP: prompt tokens/s of a ~512-token prompt
//!   and generation tokens/s of 128 tokens at temperature 0, from the `timings` of its answers,
//!   averaged over `--runs` runs after a warm-up; time to first token; each as a share of
//!   llama-bench's (goal ≥ 90 %);
//! - its memory (RSS and PSS, `/proc/<pid>/smaps_rollup`) at start, after a question, and after
//!   it unloads the model (`--idle-unload 2`);
//! - for the test model, a typical answer end to end: a question with ≈ 2,000 tokens of sources
//!   and an answer of ≈ 300 tokens, streamed.
//!
//! It prints a table and rewrites the `## Local language model (proseva-llm)` section of
//! docs/benchmarks.md (unless `--no-docs`).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use proseva_bench::{Sidecar, rollup_kib};
use serde_json::{Value, json};

/// The prompt and generation sizes llama-bench's default tests use.
const PROMPT_TOKENS: u64 = 512;
const GEN_TOKENS: u64 = 128;
/// The typical answer: sources and question, and the answer's length.
const ANSWER_PROMPT_TOKENS: u64 = 2_000;
const ANSWER_TOKENS: u64 = 300;
const SECTION_TITLE: &str = "## Local language model (proseva-llm)";

#[derive(Parser)]
#[command(name = "llm-bench", about = "proseva-llm's speed and memory beside llama.cpp's llama-bench")]
struct Args {
    /// More GGUF files to measure after the test model.
    #[arg(value_name = "FILE.gguf")]
    models: Vec<PathBuf>,
    /// The test model.
    #[arg(long, env = "PROSEVA_LLM_TEST_MODEL")]
    test_model: Option<PathBuf>,
    /// CPU threads, for both (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Measured runs per figure, after one warm-up.
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// llama-bench (default: what scripts/build-llama-bench.sh builds).
    #[arg(long, env = "LLAMA_BENCH")]
    llama_bench: Option<PathBuf>,
    /// Print only; leave docs/benchmarks.md alone.
    #[arg(long)]
    no_docs: bool,
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("llm-bench: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// A speed: mean tokens/s over runs, and the spread.
#[derive(Debug, Clone, Copy, Default)]
struct Rate {
    mean: f64,
    min: f64,
    max: f64,
}

impl Rate {
    fn of(values: &[f64]) -> Rate {
        if values.is_empty() {
            return Rate::default();
        }
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Rate { mean, min, max }
    }

    fn show(&self) -> String {
        format!("{:.1} ({:.1}–{:.1})", self.mean, self.min, self.max)
    }
}

/// llama-bench's figures for one file.
struct Reference {
    pp: Rate,
    tg: Rate,
    tg_at_depth: Rate,
}

/// proseva-llm's figures for one file.
struct Measured {
    prompt_n: u64,
    pp: Rate,
    tg: Rate,
    /// Tokens written per run (the model may stop before 128).
    generated: Vec<u64>,
    /// The server's `first_token_ms`, and the client's time to the whole answer.
    first_token_ms: Rate,
    wall_ms: Rate,
}

/// Memory of the process, KiB: RSS and PSS.
struct Memory {
    at_start: (u64, u64),
    after_question: (u64, u64),
    unloaded: Option<(u64, u64)>,
    unload_wait: Duration,
}

/// The typical answer, end to end.
struct Answer {
    prompt_n: u64,
    first_delta_ms: Rate,
    total_ms: Rate,
    produced: Vec<u64>,
    pp: Rate,
    tg: Rate,
}

struct ModelReport {
    file: PathBuf,
    size: u64,
    reference: Reference,
    measured: Measured,
    memory: Memory,
    answer: Option<Answer>,
}

fn run(args: Args) -> anyhow::Result<()> {
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let runs = args.runs.max(1);
    let test_model = args.test_model.clone().unwrap_or_else(|| home().join(".cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf"));
    if !test_model.is_file() {
        bail!("no test model at {} (make llm-model installs it)", test_model.display());
    }
    let llama_bench = args.llama_bench.clone().unwrap_or_else(|| home().join(".cache/proseva/llama-bench/bin/llama-bench"));
    if !llama_bench.is_file() {
        bail!("no llama-bench at {} (scripts/build-llama-bench.sh builds it)", llama_bench.display());
    }
    let server_bin = std::env::current_exe()?.with_file_name("proseva-llm");
    if !server_bin.is_file() {
        bail!("no proseva-llm beside this binary ({}): build the workspace in release", server_bin.display());
    }
    let load_before = load_average();
    println!("# llm-bench: {} threads, {runs} runs after a warm-up, load average {load_before:.2}", threads);
    println!("llama-bench: {}\nproseva-llm: {}\n", llama_bench.display(), server_bin.display());

    let mut reports = Vec::new();
    let mut files = vec![test_model.clone()];
    files.extend(args.models.iter().cloned());
    for file in &files {
        let size = std::fs::metadata(file).with_context(|| format!("reading {}", file.display()))?.len();
        println!("## {} ({:.0} MB)", display_name(file), size as f64 / 1e6);
        let reference = reference(&llama_bench, file, threads, runs)?;
        println!(
            "llama-bench: pp{PROMPT_TOKENS} {} t/s, tg{GEN_TOKENS} {} t/s, tg{GEN_TOKENS} at depth {PROMPT_TOKENS} {} t/s",
            reference.pp.show(),
            reference.tg.show(),
            reference.tg_at_depth.show()
        );
        let server = Server::start(&server_bin, file, threads, 600)?;
        let measured = measure(&server, runs)?;
        println!(
            "proseva-llm: prompt ({} tokens) {} t/s, generation {} t/s (tokens written {:?}), first token {:.0} ms",
            measured.prompt_n,
            measured.pp.show(),
            measured.tg.show(),
            measured.generated,
            measured.first_token_ms.mean
        );
        let answer = if file == &test_model { Some(typical_answer(&server, runs.min(3))?) } else { None };
        if let Some(a) = &answer {
            println!(
                "typical answer ({} prompt tokens, up to {ANSWER_TOKENS} written: {:?}): first text {:.0} ms, whole {:.0} ms",
                a.prompt_n, a.produced, a.first_delta_ms.mean, a.total_ms.mean
            );
        }
        drop(server);
        let memory = memory(&server_bin, file, threads)?;
        println!(
            "memory: at start {} / after a question {} / unloaded {} (RSS / PSS)\n",
            mib_pair(memory.at_start),
            mib_pair(memory.after_question),
            memory.unloaded.map_or_else(|| "not unloaded".into(), mib_pair)
        );
        reports.push(ModelReport { file: file.clone(), size, reference, measured, memory, answer });
    }
    let load_after = load_average();
    let markdown = markdown(&reports, threads, runs, load_before, load_after);
    println!("{markdown}");
    if !args.no_docs {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/benchmarks.md");
        write_section(&docs, &markdown)?;
        println!("written to {}", docs.display());
    }
    Ok(())
}

fn home() -> PathBuf {
    std::env::var_os("HOME").map_or_else(|| PathBuf::from("/root"), PathBuf::from)
}

fn display_name(file: &Path) -> String {
    file.file_name().map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The 1-minute load average (other work on the machine slows every figure).
fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg").ok().and_then(|s| s.split_whitespace().next()?.parse().ok()).unwrap_or(f64::NAN)
}

/// llama-bench's pp512 and tg128, then tg128 at depth 512, on `file`.
fn reference(llama_bench: &Path, file: &Path, threads: usize, runs: usize) -> anyhow::Result<Reference> {
    let threads = threads.to_string();
    let reps = runs.to_string();
    let model = file.to_string_lossy().into_owned();
    let p = PROMPT_TOKENS.to_string();
    let n = GEN_TOKENS.to_string();
    let common = ["-m", model.as_str(), "-t", threads.as_str(), "-r", reps.as_str(), "-o", "json"];
    let standard = run_llama_bench(llama_bench, &[&common[..], &["-p", &p, "-n", &n]].concat())?;
    let deep = run_llama_bench(llama_bench, &[&common[..], &["-p", "0", "-n", &n, "-d", &p]].concat())?;
    let pick = |tests: &[Value], prompt: u64, generated: u64| -> anyhow::Result<Rate> {
        let test = tests
            .iter()
            .find(|t| t["n_prompt"].as_u64() == Some(prompt) && t["n_gen"].as_u64() == Some(generated))
            .with_context(|| format!("llama-bench gave no test of {prompt} prompt and {generated} generated tokens"))?;
        let mean = test["avg_ts"].as_f64().context("llama-bench's avg_ts")?;
        let samples: Vec<f64> = test["samples_ts"].as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default();
        let spread = if samples.is_empty() { Rate { mean, min: mean, max: mean } } else { Rate::of(&samples) };
        Ok(Rate { mean, ..spread })
    };
    Ok(Reference { pp: pick(&standard, PROMPT_TOKENS, 0)?, tg: pick(&standard, 0, GEN_TOKENS)?, tg_at_depth: pick(&deep, 0, GEN_TOKENS)? })
}

fn run_llama_bench(bin: &Path, args: &[&str]) -> anyhow::Result<Vec<Value>> {
    let output = Command::new(bin).args(args).stdin(Stdio::null()).output().with_context(|| format!("running {}", bin.display()))?;
    if !output.status.success() {
        bail!("llama-bench {} failed: {}", args.join(" "), String::from_utf8_lossy(&output.stderr).trim());
    }
    let tests: Vec<Value> = serde_json::from_slice(&output.stdout).context("reading llama-bench's JSON")?;
    Ok(tests)
}

/// A running proseva-llm and a client for it.
struct Server {
    sidecar: Sidecar,
    client: reqwest::blocking::Client,
    token: String,
}

impl Server {
    fn start(bin: &Path, model: &Path, threads: usize, idle_unload: u64) -> anyhow::Result<Server> {
        let token = format!("llm-bench-{}", std::process::id());
        let mut command = Command::new(bin);
        command
            .args(["serve", "--port", "0", "--threads", &threads.to_string(), "--idle-unload", &idle_unload.to_string(), "--model"])
            .arg(model)
            .env("PROSEVA_TOKEN", &token)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null());
        let sidecar = Sidecar::start(&mut command)?;
        let client = proseva_http::blocking::loopback_client_builder("llm-bench").timeout(Duration::from_secs(900)).build()?;
        Ok(Server { sidecar, client, token })
    }

    fn post(&self, body: &Value) -> anyhow::Result<reqwest::blocking::Response> {
        let response = self
            .client
            .post(format!("{}/v1/chat/completions", self.sidecar.url))
            .bearer_auth(&self.token)
            .json(body)
            .send()
            .context("asking proseva-llm")?;
        if !response.status().is_success() {
            let status = response.status();
            bail!("proseva-llm answered {status}: {}", response.text().unwrap_or_default());
        }
        Ok(response)
    }

    /// A whole (not streamed) answer.
    fn chat(&self, messages: &Value, max_tokens: u64) -> anyhow::Result<Value> {
        let body = json!({ "messages": messages, "max_tokens": max_tokens, "temperature": 0 });
        Ok(self.post(&body)?.json()?)
    }

    fn health(&self) -> anyhow::Result<Value> {
        Ok(self.client.get(format!("{}/health", self.sidecar.url)).bearer_auth(&self.token).send()?.json()?)
    }
}

/// Deterministic text of `words` words, like a statute's: what the prompts are made of.
fn prose(words: usize, seed: u64) -> String {
    const VOCABULARY: &[&str] = &[
        "the",
        "court",
        "shall",
        "tenant",
        "landlord",
        "notice",
        "days",
        "within",
        "written",
        "deposit",
        "security",
        "order",
        "custody",
        "child",
        "judge",
        "hearing",
        "petition",
        "filed",
        "clerk",
        "district",
        "circuit",
        "appeal",
        "may",
        "any",
        "person",
        "who",
        "of",
        "a",
        "to",
        "in",
        "and",
        "or",
        "by",
        "for",
        "such",
        "provided",
        "that",
        "under",
        "this",
        "section",
        "party",
        "service",
        "process",
        "rent",
        "premises",
        "damages",
        "reasonable",
        "fees",
        "attorney",
        "protective",
        "family",
        "abuse",
        "respondent",
        "petitioner",
        "evidence",
        "motion",
        "judgment",
        "default",
        "summons",
        "return",
        "date",
        "possession",
        "lease",
        "agreement",
        "terminate",
        "good",
        "cause",
        "Commonwealth",
    ];
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let mut out = String::with_capacity(words * 8);
    for i in 0..words {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let word = VOCABULARY[(state >> 33) as usize % VOCABULARY.len()];
        if i > 0 {
            out.push(if i % 17 == 0 { '.' } else { ' ' });
            if i % 17 == 0 {
                out.push(' ');
            }
        }
        out.push_str(word);
    }
    out.push('.');
    out
}

/// The prompt of the speed runs: text to go on with, `words` long.
fn speed_prompt(words: usize) -> Value {
    json!([{ "role": "user", "content": format!("Continue this text for as long as you can, in the same style.\n\n{}", prose(words, 7)) }])
}

/// The typical question: instructions, sources of `words` words, the question.
fn answer_prompt(words: usize) -> Value {
    let mut sources = String::new();
    let per_section = 120;
    for (n, start) in (0..words).step_by(per_section).enumerate() {
        let len = per_section.min(words - start);
        sources.push_str(&format!("[{}] Va. Code § 55.1-{} — {}\n\n", n + 1, 1200 + n, prose(len, n as u64 + 11)));
    }
    json!([
        { "role": "system", "content": "You help a person who is going to court in Virginia without a lawyer. Answer from the sources below only, in plain English, and cite each section you rely on as § number." },
        { "role": "user", "content": format!("Sources:\n\n{sources}\nQuestion: My landlord kept my whole security deposit and sent no list of damages. What can I do, and by when?") }
    ])
}

/// The number of words for which `make` gives a prompt of `target` tokens (±1 %), found by asking.
fn fit_words(server: &Server, target: u64, make: impl Fn(usize) -> Value) -> anyhow::Result<(usize, u64)> {
    let mut words = (target as usize) * 3 / 4;
    let mut best = (words, 0u64);
    for _ in 0..8 {
        let answer = server.chat(&make(words), 1)?;
        let n = answer["timings"]["prompt_n"].as_u64().context("no timings.prompt_n in the answer")?;
        best = (words, n);
        if n.abs_diff(target) <= target / 100 {
            break;
        }
        let scaled = (words as f64 * target as f64 / n as f64).round() as usize;
        words = if scaled == words { if n > target { words - 1 } else { words + 1 } } else { scaled.max(1) };
    }
    Ok(best)
}

fn measure(server: &Server, runs: usize) -> anyhow::Result<Measured> {
    let (words, prompt_n) = fit_words(server, PROMPT_TOKENS, speed_prompt)?;
    let messages = speed_prompt(words);
    let (mut pp, mut tg, mut first, mut wall, mut generated) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..=runs {
        let started = Instant::now();
        let answer = server.chat(&messages, GEN_TOKENS)?;
        let elapsed = started.elapsed();
        if i == 0 {
            continue;
        }
        let t = &answer["timings"];
        pp.push(t["prompt_per_second"].as_f64().context("timings.prompt_per_second")?);
        tg.push(t["predicted_per_second"].as_f64().context("timings.predicted_per_second")?);
        first.push(t["first_token_ms"].as_f64().context("timings.first_token_ms")?);
        generated.push(t["predicted_n"].as_u64().context("timings.predicted_n")?);
        wall.push(elapsed.as_secs_f64() * 1000.0);
    }
    Ok(Measured { prompt_n, pp: Rate::of(&pp), tg: Rate::of(&tg), generated, first_token_ms: Rate::of(&first), wall_ms: Rate::of(&wall) })
}

/// The typical answer, streamed as the app asks for it: time to the first text and to the end.
fn typical_answer(server: &Server, runs: usize) -> anyhow::Result<Answer> {
    let (words, prompt_n) = fit_words(server, ANSWER_PROMPT_TOKENS, answer_prompt)?;
    let messages = answer_prompt(words);
    let body = json!({ "messages": messages, "max_tokens": ANSWER_TOKENS, "temperature": 0, "stream": true });
    let (mut first, mut total, mut produced, mut pp, mut tg) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..=runs {
        let started = Instant::now();
        let response = server.post(&body)?;
        let mut first_delta = None;
        let mut timings = Value::Null;
        for line in BufReader::new(response).lines() {
            let line = line.context("reading the stream")?;
            let Some(data) = line.strip_prefix("data: ") else { continue };
            if data == "[DONE]" {
                break;
            }
            let chunk: Value = serde_json::from_str(data).context("a chunk of the stream")?;
            if first_delta.is_none() && chunk["choices"][0]["delta"]["content"].as_str().is_some_and(|c| !c.is_empty()) {
                first_delta = Some(started.elapsed());
            }
            if chunk.get("timings").is_some() {
                timings = chunk["timings"].clone();
            }
        }
        let elapsed = started.elapsed();
        if i == 0 {
            continue;
        }
        first.push(first_delta.unwrap_or(elapsed).as_secs_f64() * 1000.0);
        total.push(elapsed.as_secs_f64() * 1000.0);
        produced.push(timings["predicted_n"].as_u64().context("no timings at the end of the stream")?);
        pp.push(timings["prompt_per_second"].as_f64().unwrap_or(0.0));
        tg.push(timings["predicted_per_second"].as_f64().unwrap_or(0.0));
    }
    Ok(Answer { prompt_n, first_delta_ms: Rate::of(&first), total_ms: Rate::of(&total), produced, pp: Rate::of(&pp), tg: Rate::of(&tg) })
}

/// Memory at start, after a question, and once the model is unloaded (`--idle-unload 2`).
fn memory(bin: &Path, model: &Path, threads: usize) -> anyhow::Result<Memory> {
    let server = Server::start(bin, model, threads, 2)?;
    let pid = server.sidecar.pid();
    let read = || rollup_kib(pid).with_context(|| format!("no /proc/{pid}/smaps_rollup"));
    let at_start = read()?;
    server.chat(&speed_prompt(300), 16)?;
    let after_question = read()?;
    let waiting = Instant::now();
    let mut unloaded = None;
    while waiting.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(100));
        if server.health()?["loaded"] == json!(false) {
            std::thread::sleep(Duration::from_millis(300));
            unloaded = Some(read()?);
            break;
        }
    }
    Ok(Memory { at_start, after_question, unloaded, unload_wait: waiting.elapsed() })
}

fn mib(kib: u64) -> String {
    format!("{:.0} MB", kib as f64 * 1024.0 / 1e6)
}

fn mib_pair((rss, pss): (u64, u64)) -> String {
    format!("{} / {}", mib(rss), mib(pss))
}

fn percent(ours: f64, theirs: f64) -> String {
    if theirs > 0.0 { format!("{:.0} %", 100.0 * ours / theirs) } else { "–".into() }
}

/// Today's date (UTC), as YYYY-MM-DD.
fn today() -> String {
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (proleptic Gregorian; eras of 400 years).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| s.lines().find_map(|l| l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_string())))
        .unwrap_or_else(|| "unknown CPU".into())
}

/// The section for docs/benchmarks.md.
fn markdown(reports: &[ModelReport], threads: usize, runs: usize, load_before: f64, load_after: f64) -> String {
    let mut md = format!(
        "{SECTION_TITLE}\n\n`llm-bench` (part of `make bench`; {}, {threads} threads, {}, load average {load_before:.2} before / {load_after:.2} after): \
         the release `proseva-llm` over HTTP beside llama.cpp's own `llama-bench`, built by `scripts/build-llama-bench.sh` from the \
         llama.cpp sources that llama-cpp-sys-2 compiles and with the same flags, on the same file in the same run. proseva-llm's \
         figures are the `timings` of its answers (a ~{PROMPT_TOKENS}-token prompt in its chat format, {GEN_TOKENS} tokens at \
         temperature 0), the mean of {runs} runs after a warm-up, range in brackets; llama-bench's are its `avg_ts` over {runs} \
         repetitions. Goal: ≥ 90 % of llama-bench on both.\n\n",
        today(),
        cpu_name(),
    );
    md.push_str("| model | prompt t/s: llama-bench pp512 / proseva-llm / share | generation t/s: llama-bench tg128 (at depth 512) / proseva-llm / share | first token |\n|---|---|---|---|\n");
    for r in reports {
        let m = &r.measured;
        let short = m.generated.iter().any(|n| *n < GEN_TOKENS);
        md.push_str(&format!(
            "| {} ({:.0} MB) | {} / {} ({} tokens) / **{}** | {} ({}) / {}{} / **{}** (at depth: {}) | {:.0} ms |\n",
            display_name(&r.file),
            r.size as f64 / 1e6,
            r.reference.pp.show(),
            m.pp.show(),
            m.prompt_n,
            percent(m.pp.mean, r.reference.pp.mean),
            r.reference.tg.show(),
            r.reference.tg_at_depth.show(),
            m.tg.show(),
            if short { format!(", {:?} tokens written", m.generated) } else { String::new() },
            percent(m.tg.mean, r.reference.tg.mean),
            percent(m.tg.mean, r.reference.tg_at_depth.mean),
            m.first_token_ms.mean,
        ));
    }
    md.push_str("\n| model | RSS / PSS at start | after a question | after unloading (`--idle-unload 2`) |\n|---|---|---|---|\n");
    for r in reports {
        let mem = &r.memory;
        md.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            display_name(&r.file),
            mib_pair(mem.at_start),
            mib_pair(mem.after_question),
            mem.unloaded.map_or_else(
                || format!("not unloaded within {:.0} s", mem.unload_wait.as_secs_f64()),
                |u| format!("{} ({:.1} s after the answer)", mib_pair(u), mem.unload_wait.as_secs_f64())
            ),
        ));
    }
    for r in reports {
        let Some(a) = &r.answer else { continue };
        let mean_produced = a.produced.iter().sum::<u64>() as f64 / a.produced.len().max(1) as f64;
        // What a full-length answer takes at the measured speeds, when the model stopped early.
        let full = a.first_delta_ms.mean + (ANSWER_TOKENS as f64 - 1.0) * 1000.0 / a.tg.mean.max(f64::MIN_POSITIVE);
        md.push_str(&format!(
            "\nA typical answer with {} (streamed, temperature 0, {} runs after a warm-up): {} prompt tokens (sources and question), \
             up to {ANSWER_TOKENS} written ({:?} in the runs): first text after **{:.2} s**, the whole answer after **{:.2} s** \
             ({:.2}–{:.2}); prompt {:.0} t/s, generation {:.1} t/s{}.\n",
            display_name(&r.file),
            a.produced.len(),
            a.prompt_n,
            a.produced,
            a.first_delta_ms.mean / 1000.0,
            a.total_ms.mean / 1000.0,
            a.total_ms.min / 1000.0,
            a.total_ms.max / 1000.0,
            a.pp.mean,
            a.tg.mean,
            if mean_produced < ANSWER_TOKENS as f64 {
                format!("; the model stopped early, so at these speeds a full {ANSWER_TOKENS}-token answer takes ≈ {:.2} s", full / 1000.0)
            } else {
                String::new()
            },
        ));
        md.push_str(&format!(
            "\n(Client-side, a {PROMPT_TOKENS}-token prompt and {GEN_TOKENS} tokens took {:.2} s end to end on the same model.)\n",
            r.measured.wall_ms.mean / 1000.0
        ));
    }
    md
}

/// Replaces the section titled [`SECTION_TITLE`] in `docs` (up to the next `## ` or `### `
/// heading: notes written by hand under a `### ` heading of their own stay), or adds it at the end.
fn write_section(docs: &Path, section: &str) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(docs).with_context(|| format!("reading {}", docs.display()))?;
    std::fs::write(docs, replace_section(&text, section)).with_context(|| format!("writing {}", docs.display()))
}

fn replace_section(text: &str, section: &str) -> String {
    let section = section.trim_end();
    let Some(start) = text.find(&format!("\n{SECTION_TITLE}\n")).map(|i| i + 1).or_else(|| text.starts_with(SECTION_TITLE).then_some(0))
    else {
        return format!("{}\n\n{section}\n", text.trim_end());
    };
    let after = start + SECTION_TITLE.len();
    let end = ["\n## ", "\n### "].iter().filter_map(|h| text[after..].find(h)).min().map_or(text.len(), |i| after + i + 1);
    let rest = &text[end..];
    if rest.is_empty() { format!("{}{section}\n", &text[..start]) } else { format!("{}{section}\n\n{rest}", &text[..start]) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_is_added_once_and_then_replaced_in_place() {
        let doc = "# Title\n\n## Benchmarks\n\ntext\n";
        let once = replace_section(doc, &format!("{SECTION_TITLE}\n\nfirst\n"));
        assert_eq!(once, format!("# Title\n\n## Benchmarks\n\ntext\n\n{SECTION_TITLE}\n\nfirst\n"));
        let twice = replace_section(&once, &format!("{SECTION_TITLE}\n\nsecond\n"));
        assert_eq!(twice, format!("# Title\n\n## Benchmarks\n\ntext\n\n{SECTION_TITLE}\n\nsecond\n"));
        let followed = format!("{once}\n### Notes\n\nby hand\n\n## Later\n\nkept\n");
        let replaced = replace_section(&followed, &format!("{SECTION_TITLE}\n\nthird"));
        assert_eq!(
            replaced,
            format!("# Title\n\n## Benchmarks\n\ntext\n\n{SECTION_TITLE}\n\nthird\n\n### Notes\n\nby hand\n\n## Later\n\nkept\n")
        );
    }

    #[test]
    fn prose_is_deterministic_and_as_long_as_asked() {
        assert_eq!(prose(50, 3), prose(50, 3));
        assert_ne!(prose(50, 3), prose(50, 4));
        assert_eq!(prose(50, 3).split_whitespace().count(), 50);
    }

    #[test]
    fn rates_average_and_span_their_runs() {
        let r = Rate::of(&[10.0, 20.0, 30.0]);
        assert_eq!((r.mean, r.min, r.max), (20.0, 10.0, 30.0));
        assert_eq!(Rate::of(&[]).mean, 0.0);
        assert_eq!(percent(45.0, 50.0), "90 %");
        assert_eq!(percent(1.0, 0.0), "–");
    }

    #[test]
    fn today_is_a_plausible_date() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.as_str() >= "2025-01-01", "{d}");
    }
}
