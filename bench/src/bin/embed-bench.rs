//! `embed-bench`: where the local embedding model's time goes, and how fast it embeds sections and
//! questions, beside what this machine's cores can do.
//!
//! Prints the measured f32 matmul peak (candle, large square matrices, every core and one), the
//! per-phase time of a batch of ~250-word texts, sections per second embedded the way the
//! explorer's background job embeds them (`proseva_law::ingest::embed_node_texts`, 4 sections a
//! call), the model's achieved GFLOP/s (FLOPs counted from the config and the token lengths run),
//! question latency in process (distinct questions) and over HTTP through the real server's
//! `/v1/embeddings`, and the server's memory. Every vector is compared with the reference
//! computation (candle-transformers' BERT over padded batches, what the crate ran before), which
//! made the shipped starter vectors.
//!
//! It alone needs candle-transformers, so it is built only with the bench's `compare-candle` feature
//! (`make bench` turns it on):
//! `cargo build --release --workspace --all-targets --features proseva-bench/compare-candle &&
//! $CARGO_TARGET_DIR/release/embed-bench`
//! (model: `PROSEVA_MODEL_DIR`, default `~/.cache/proseva/models/all-minilm-l6-v2`; `make model`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config};
use clap::Parser;
use proseva_bench::{Sidecar, status_kib};
use proseva_embed::{Embedder, LocalEmbedder, OpenAiEmbedder, Profile, dot};
use proseva_law::ingest::{embed_node_texts, embedding_text};
use serde_json::{Value, json};
use tokenizers::{PaddingParams, PaddingStrategy, Tokenizer, TruncationParams};

#[derive(Parser)]
#[command(
    name = "embed-bench",
    about = "Benchmark the local embedding model: phases, sections/s, GFLOP/s against the matmul peak, question latency"
)]
struct Args {
    /// ~250-word sections to embed the way the background job does.
    #[arg(long, default_value_t = 96)]
    sections: usize,
    /// Distinct questions to time.
    #[arg(long, default_value_t = 200)]
    questions: usize,
    /// Skip the real server (HTTP) measurements.
    #[arg(long)]
    no_http: bool,
    /// Skip the reference (before) model's throughput run.
    #[arg(long)]
    no_reference: bool,
    /// The server binary (default: `proseva-server` next to this one).
    #[arg(long)]
    server: Option<PathBuf>,
    /// Internal: print only the matmul peak (run in a child with RAYON_NUM_THREADS=1).
    #[arg(long, hide = true)]
    peak_only: bool,
    /// Only this process's embedder: no peak, no reference, no HTTP, no one-thread comparison.
    #[arg(long)]
    light: bool,
    /// Only the HTTP measurements (e.g. of an older server binary, with --server).
    #[arg(long)]
    http_only: bool,
}

/// all-MiniLM-L6-v2's truncation, as the crate sets it.
const MAX_TOKENS: usize = 256;
/// Sections per `embed_node_texts` call in the explorer's background job.
const JOB_BATCH: usize = 4;
const TOKEN: &str = "bench-token";

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if args.peak_only {
        for n in [1024, 2048] {
            println!("{}", matmul_gflops(n)?);
        }
        return Ok(());
    }
    let model_dir = std::env::var_os("PROSEVA_MODEL_DIR").map(PathBuf::from).unwrap_or_else(proseva_embed::default_model_dir);
    println!("# embedding benchmark: all-MiniLM-L6-v2 at {}", model_dir.display());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = candle_core::utils::get_num_threads();
    println!("load average at the start: {}", load_average());
    println!(
        "cores: {cores}; candle's threads: {threads} (RAYON_NUM_THREADS or every core); avx512f: {}, fma: {}",
        std::arch::is_x86_feature_detected!("avx512f"),
        std::arch::is_x86_feature_detected!("fma")
    );

    // 1. The machine's f32 matmul peak.
    let mut peak = 0.0_f64;
    if args.light {
        peak = matmul_gflops(1024)?;
    } else {
        println!("\n## f32 matmul peak (candle, square n×n × n×n, best of 5)");
        let one_thread = single_thread_peaks()?;
        for (i, n) in [1024, 2048].into_iter().enumerate() {
            let all = matmul_gflops(n)?;
            peak = peak.max(all);
            let one = one_thread.get(i).copied().unwrap_or(f64::NAN);
            println!("| n = {n} | {threads} threads: {all:.1} GFLOP/s | 1 thread: {one:.1} GFLOP/s |");
        }
    }

    if !args.light && !args.http_only {
        weight_types()?;
    }

    // 2. The model.
    let config: Config = serde_json::from_slice(&std::fs::read(model_dir.join("config.json"))?)?;
    let shape = ModelShape { layers: config.num_hidden_layers, hidden: config.hidden_size, intermediate: config.intermediate_size };
    let rss_before = status_kib(std::process::id(), "VmRSS:").unwrap_or(0);
    let started = Instant::now();
    let embedder = LocalEmbedder::load(&model_dir).with_context(|| format!("loading the model from {}", model_dir.display()))?;
    let load = started.elapsed();
    let rss_after = status_kib(std::process::id(), "VmRSS:").unwrap_or(0);
    println!(
        "\n## model: loaded in {:.0} ms, +{} MB resident; {} layers, hidden {}, intermediate {}: {:.1} MFLOP a token (+ {} FLOP × tokens² for attention)",
        load.as_secs_f64() * 1e3,
        rss_after.saturating_sub(rss_before) / 1024,
        shape.layers,
        shape.hidden,
        shape.intermediate,
        shape.linear_flops_per_token() / 1e6,
        4 * shape.layers * shape.hidden
    );
    if args.http_only {
        let sections = sections(args.sections)?;
        let counter = Reference::tokenizer(&model_dir)?;
        let lengths = sections
            .iter()
            .flat_map(|s| proseva_embed::chunk::chunk_text(s, 1000, 150))
            .map(|c| Ok(counter.encode(c.text, true).map_err(anyhow::Error::msg)?.get_ids().len()))
            .collect::<anyhow::Result<Vec<usize>>>()?;
        let server_bin =
            args.server.clone().unwrap_or_else(|| std::env::current_exe().unwrap_or_default().with_file_name("proseva-server"));
        println!("server binary: {}", server_bin.display());
        return http(
            &server_bin,
            &model_dir,
            &questions(args.questions)?,
            &sections,
            flops_of(&lengths, &shape),
            peak.max(matmul_gflops(1024)?),
        );
    }
    let reference = Reference::load(&model_dir, &config)?;

    let sections = sections(args.sections)?;
    let words: usize = sections.iter().map(|s| s.split_whitespace().count()).sum();
    let chunks: Vec<String> = sections.iter().flat_map(|s| proseva_embed::chunk::chunk_text(s, 1000, 150)).map(|c| c.text).collect();
    let lengths: Vec<usize> = chunks.iter().map(|c| reference.tokens(c)).collect::<anyhow::Result<_>>()?;
    let tokens: usize = lengths.iter().sum();
    println!(
        "{} sections of {} words on average → {} chunks of {} tokens on average ({} tokens, {:.2} GFLOP a section)",
        sections.len(),
        words / sections.len().max(1),
        chunks.len(),
        tokens / chunks.len().max(1),
        tokens,
        lengths.iter().map(|&l| shape.flops(l)).sum::<f64>() / sections.len().max(1) as f64 / 1e9
    );

    // 3. Phases of one batch of 32 chunks (~250 tokens each).
    let batch: Vec<&str> = chunks.iter().take(32).map(String::as_str).collect();
    println!("\n## phases of one batch of {} chunks (best of 3)", batch.len());
    let mut best: Option<Profile> = None;
    for _ in 0..3 {
        let (_, p) = embedder.embed_profiled(&batch)?;
        if best.as_ref().is_none_or(|b| p.total() < b.total()) {
            best = Some(p);
        }
    }
    let p = best.context("no run")?;
    println!(
        "| now: packed, {} pass(es), {} tokens | tokenise {:.1} ms | forward {:.1} ms ({:.1} GFLOP/s) | pool+normalise {:.2} ms |",
        p.forward_passes,
        p.tokens,
        ms(p.tokenise),
        ms(p.forward()),
        p.flops / p.forward().as_secs_f64() / 1e9,
        ms(p.pool)
    );
    let share = |d: Duration| format!("{:.1} ms ({:.0}%)", ms(d), d.as_secs_f64() / p.forward().as_secs_f64() * 100.0);
    println!(
        "| inside forward | embeddings {} | Q,K,V projection {} | attention (scores, softmax, context) {} | attention output+norm {} | feed-forward {} |",
        share(p.embeddings),
        share(p.qkv),
        share(p.attention),
        share(p.attention_output),
        share(p.feed_forward)
    );
    if args.light {
        return light(&embedder, &sections, &questions(args.questions)?, flops_of(&lengths, &shape), peak);
    }
    let phases = (0..3).map(|_| reference.phases(&batch)).collect::<anyhow::Result<Vec<_>>>()?;
    let best = phases.into_iter().min_by(|a, b| a.total().cmp(&b.total())).context("no run")?;
    println!(
        "| reference (before): padded batch | tokenise {:.1} ms | forward {:.1} ms | pool+normalise {:.2} ms | {} tokens run for {} real |",
        ms(best.tokenise),
        ms(best.forward),
        ms(best.pool),
        best.padded_tokens,
        best.real_tokens
    );

    // 4. Sections per second, as the background job embeds them.
    println!("\n## {} sections embedded as the background job does ({JOB_BATCH} a call, chunked by embed_node_texts)", sections.len());
    let flops: f64 = lengths.iter().map(|&l| shape.flops(l)).sum();
    let run = |embedder: &dyn Embedder| -> anyhow::Result<(Duration, Vec<Vec<f32>>)> {
        let started = Instant::now();
        let mut out = Vec::new();
        for group in sections.chunks(JOB_BATCH) {
            out.extend(embed_node_texts(embedder, group)?);
        }
        Ok((started.elapsed(), out))
    };
    // A warm-up call, then the timed run.
    embed_node_texts(&embedder, &sections[..1])?;
    let (took, vectors) = run(&embedder)?;
    let rate = sections.len() as f64 / took.as_secs_f64();
    let gflops = flops / took.as_secs_f64() / 1e9;
    println!(
        "| in process (LocalEmbedder) | {:.1} s | **{rate:.1} sections/s** | {gflops:.1} GFLOP/s = {:.0}% of the {peak:.1} GFLOP/s peak |",
        took.as_secs_f64(),
        gflops / peak * 100.0
    );
    if !args.no_reference {
        let (took, before) = run(&reference)?;
        let rate = sections.len() as f64 / took.as_secs_f64();
        let gflops = flops / took.as_secs_f64() / 1e9;
        println!(
            "| reference (before) | {:.1} s | {rate:.1} sections/s | {gflops:.1} GFLOP/s (real tokens) = {:.0}% of peak |",
            took.as_secs_f64(),
            gflops / peak * 100.0
        );
        let cosines: Vec<f32> = vectors.iter().zip(&before).map(|(a, b)| dot(a, b)).collect();
        let min = cosines.iter().copied().fold(f32::MAX, f32::min);
        println!("cosine to the reference's section vectors: min {min:.6}");
    }
    starter_compatibility(&embedder)?;
    if let Ok(out) = Command::new(std::env::current_exe()?)
        .arg("--light")
        .arg("--sections")
        .arg(sections.len().to_string())
        .env("RAYON_NUM_THREADS", "1")
        .output()
    {
        println!("\n### the same on one thread (RAYON_NUM_THREADS=1)");
        for line in String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.starts_with("| ")) {
            println!("{line}");
        }
        println!();
    }
    let at_peak = flops / sections.len() as f64 / (peak * 1e9);
    println!("at the measured peak a section would take {:.0} ms: at most {:.1} sections/s on these cores", at_peak * 1e3, 1.0 / at_peak);

    // 5. Questions, in process.
    let questions = questions(args.questions)?;
    println!("\n## questions ({} distinct, one at a time)", questions.len());
    embedder.embed(&["warm up"])?;
    let mut times = Vec::new();
    let mut worst = f32::MAX;
    for q in &questions {
        let started = Instant::now();
        let v = embedder.embed(&[q.as_str()])?;
        times.push(started.elapsed());
        let r = reference.embed(&[q.as_str()])?;
        worst = worst.min(dot(&v[0], &r[0]));
    }
    let q_tokens: usize = questions.iter().map(|q| reference.tokens(q)).sum::<anyhow::Result<usize>>()?;
    let (p50, p95) = percentiles(&mut times);
    println!(
        "| in process | p50 **{:.2} ms** | p95 {:.2} ms | {:.1} tokens a question | cosine to reference: min {worst:.6} |",
        ms(p50),
        ms(p95),
        q_tokens as f64 / questions.len() as f64
    );
    let mut best: Option<Profile> = None;
    for q in questions.iter().take(50) {
        let (_, p) = embedder.embed_profiled(&[q.as_str()])?;
        if best.as_ref().is_none_or(|b| p.total() < b.total()) {
            best = Some(p);
        }
    }
    if let Some(p) = best {
        println!(
            "| one question's phases (fastest of 50) | {} tokens | tokenise {:.2} ms | embeddings {:.2} | Q,K,V {:.2} | attention {:.2} | attention output {:.2} | feed-forward {:.2} | pool {:.3} ms | forward {:.1} GFLOP/s |",
            p.tokens,
            ms(p.tokenise),
            ms(p.embeddings),
            ms(p.qkv),
            ms(p.attention),
            ms(p.attention_output),
            ms(p.feed_forward),
            ms(p.pool),
            p.flops / p.forward().as_secs_f64() / 1e9
        );
    }
    let mut repeated = Vec::new();
    for q in questions.iter().take(50) {
        let started = Instant::now();
        embedder.embed(&[q.as_str()])?;
        repeated.push(started.elapsed());
    }
    let (p50, _) = percentiles(&mut repeated);
    println!("| in process, asked again | p50 {:.3} ms |", ms(p50));
    let mut before = Vec::new();
    for q in questions.iter().take(100) {
        let started = Instant::now();
        reference.embed(&[q.as_str()])?;
        before.push(started.elapsed());
    }
    let (p50, p95) = percentiles(&mut before);
    println!("| reference (before), in process | p50 {:.2} ms | p95 {:.2} ms |", ms(p50), ms(p95));
    drop(embedder);
    drop(reference);
    println!("load average after the in-process runs: {}", load_average());

    // 6. Over HTTP, through the real server.
    if !args.no_http {
        let server_bin =
            args.server.clone().unwrap_or_else(|| std::env::current_exe().unwrap_or_default().with_file_name("proseva-server"));
        if !server_bin.is_file() {
            bail!("no server binary at {} (build the workspace, or pass --no-http)", server_bin.display());
        }
        http(&server_bin, &model_dir, &questions, &sections, flops, peak)?;
    }
    Ok(())
}

/// The shipped starter vectors (made by the reference computation) against this embedder's, for
/// every starter section whose text is in the cache.
fn starter_compatibility(embedder: &LocalEmbedder) -> anyhow::Result<()> {
    let Some(cache) = proseva_law::starter::vector_cache()? else {
        println!("no starter vectors shipped: compatibility not checked");
        return Ok(());
    };
    let (mut compared, mut worst, mut total) = (0, f32::MAX, 0.0_f64);
    for file in proseva_law::starter::files()? {
        let Ok((rows, _)) = proseva_law::lis::read_rows(&file.name, file.contents.as_bytes()) else { continue };
        for row in rows {
            let text = embedding_text((!row.title.is_empty()).then_some(row.title.as_str()), &proseva_law::lis::html_to_text(&row.body));
            if let Some(shipped) = cache.get(&text) {
                let now = embed_node_texts(embedder, std::slice::from_ref(&text))?;
                let cosine = dot(&now[0], shipped);
                (compared, worst, total) = (compared + 1, worst.min(cosine), total + cosine as f64);
            }
        }
    }
    println!(
        "shipped starter vectors (crates/law/starter/vectors.bin, {} texts): {compared} sections compared, cosine min {worst:.6}, mean {:.6}",
        cache.len(),
        total / compared.max(1) as f64
    );
    Ok(())
}

fn flops_of(lengths: &[usize], shape: &ModelShape) -> f64 {
    lengths.iter().map(|&l| shape.flops(l)).sum()
}

/// Sections/s and question latency only (the one-thread comparison's child).
fn light(embedder: &LocalEmbedder, sections: &[String], questions: &[String], flops: f64, peak: f64) -> anyhow::Result<()> {
    embed_node_texts(embedder, &sections[..1])?;
    let started = Instant::now();
    for group in sections.chunks(JOB_BATCH) {
        embed_node_texts(embedder, group)?;
    }
    let took = started.elapsed();
    let gflops = flops / took.as_secs_f64() / 1e9;
    println!(
        "| sections, in process | {:.1} sections/s | {gflops:.1} GFLOP/s = {:.0}% of this thread count's 1024² peak {peak:.1} |",
        sections.len() as f64 / took.as_secs_f64(),
        gflops / peak * 100.0
    );
    let mut times = Vec::new();
    for q in questions {
        let started = Instant::now();
        embedder.embed(&[q.as_str()])?;
        times.push(started.elapsed());
    }
    let (p50, p95) = percentiles(&mut times);
    println!("| questions, in process | p50 {:.2} ms | p95 {:.2} ms |", ms(p50), ms(p95));
    Ok(())
}

/// `/proc/loadavg`'s 1-, 5- and 15-minute figures: the machine is shared, and the figures above
/// are only as good as it was idle.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn percentiles(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort();
    let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    (at(0.5), at(0.95))
}

/// The FLOPs of the encoder, counted from its config.
struct ModelShape {
    layers: usize,
    hidden: usize,
    intermediate: usize,
}

impl ModelShape {
    /// Q, K, V and output projections and the two feed-forward matmuls, per token, all layers.
    fn linear_flops_per_token(&self) -> f64 {
        let (h, i) = (self.hidden as f64, self.intermediate as f64);
        self.layers as f64 * 2.0 * (4.0 * h * h + 2.0 * h * i)
    }

    /// One sequence of `tokens` tokens: the linear layers, Q·Kᵀ and the attention-weighted V.
    fn flops(&self, tokens: usize) -> f64 {
        let t = tokens as f64;
        t * self.linear_flops_per_token() + self.layers as f64 * 4.0 * t * t * self.hidden as f64
    }
}

/// The model's largest matmul (the feed-forward's 384 → 1536) for a pass of 2048 tokens and for a
/// question of 16, in f32 and in the smaller weight types candle's CPU kernels offer.
fn weight_types() -> anyhow::Result<()> {
    use candle_core::Module;
    use candle_core::quantized::{GgmlDType, QMatMul, QTensor};
    println!("\n## the feed-forward matmul (x · Wᵀ, W 1536 × 384) by weight type, GFLOP/s (best of 5)");
    let w = Tensor::randn(0f32, 1.0, (1536, 384), &Device::Cpu)?;
    let q8 = QMatMul::from_qtensor(QTensor::quantize(&w, GgmlDType::Q8_0)?)?;
    for rows in [2048, 16] {
        let x = Tensor::randn(0f32, 1.0, (rows, 384), &Device::Cpu)?;
        let flops = 2.0 * rows as f64 * 384.0 * 1536.0;
        let time = |f: &dyn Fn() -> candle_core::Result<Tensor>| -> String {
            let mut best = Duration::MAX;
            for _ in 0..6 {
                let started = Instant::now();
                match f() {
                    Ok(_) => best = best.min(started.elapsed()),
                    Err(e) => return format!("unsupported ({})", e.to_string().lines().next().unwrap_or_default()),
                }
            }
            format!("{:.1}", flops / best.as_secs_f64() / 1e9)
        };
        let (xh, wh) = (x.to_dtype(DType::F16)?, w.to_dtype(DType::F16)?);
        let (xb, wb) = (x.to_dtype(DType::BF16)?, w.to_dtype(DType::BF16)?);
        println!(
            "| {rows} rows | f32 {} | f16 {} | bf16 {} | int8 (Q8_0) {} |",
            time(&|| x.matmul(&w.t()?)),
            time(&|| xh.matmul(&wh.t()?)),
            time(&|| xb.matmul(&wb.t()?)),
            time(&|| q8.forward(&x))
        );
    }
    Ok(())
}

/// GFLOP/s of one n×n × n×n f32 matmul through candle, best of 5.
fn matmul_gflops(n: usize) -> anyhow::Result<f64> {
    let a = Tensor::randn(0f32, 1.0, (n, n), &Device::Cpu)?;
    let b = Tensor::randn(0f32, 1.0, (n, n), &Device::Cpu)?;
    a.matmul(&b)?;
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        let c = a.matmul(&b)?;
        best = best.min(started.elapsed());
        drop(c);
    }
    Ok(2.0 * (n as f64).powi(3) / best.as_secs_f64() / 1e9)
}

/// The peaks on one thread, from a child process started with RAYON_NUM_THREADS=1 (candle reads it
/// at every matmul; this process cannot change its own environment safely).
fn single_thread_peaks() -> anyhow::Result<Vec<f64>> {
    let out = Command::new(std::env::current_exe()?).arg("--peak-only").env("RAYON_NUM_THREADS", "1").output()?;
    if !out.status.success() {
        bail!("the single-thread peak run failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| l.trim().parse().ok()).collect())
}

/// ~`n` sections of about 250 words: each a starter section's heading over its text and the texts
/// of the sections after it (the starter's texts are summaries of about 130 words), cut at 250.
fn sections(n: usize) -> anyhow::Result<Vec<String>> {
    let mut rows = Vec::new();
    for file in proseva_law::starter::files()? {
        if let Ok((r, _)) = proseva_law::lis::read_rows(&file.name, file.contents.as_bytes()) {
            rows.extend(r.into_iter().filter(|r| !r.body.is_empty()).map(|r| (r.title, proseva_law::lis::html_to_text(&r.body))));
        }
    }
    if rows.len() < 3 {
        bail!("the starter corpus has too few sections");
    }
    Ok((0..n)
        .map(|i| {
            let (heading, _) = &rows[i % rows.len()];
            let words: Vec<&str> = (0..3).flat_map(|k| rows[(i + k) % rows.len()].1.split_whitespace()).take(250).collect();
            embedding_text(Some(heading), &words.join(" "))
        })
        .collect())
}

/// `n` distinct plain questions about the starter sections' subjects.
fn questions(n: usize) -> anyhow::Result<Vec<String>> {
    const ASK: [&str; 5] =
        ["what does the law say about", "how do I deal with", "can the court decide on", "my rights regarding", "who is responsible for"];
    let mut titles = Vec::new();
    for file in proseva_law::starter::files()? {
        if let Ok((r, _)) = proseva_law::lis::read_rows(&file.name, file.contents.as_bytes()) {
            titles.extend(r.into_iter().map(|r| r.title.to_lowercase()));
        }
    }
    titles.sort();
    titles.dedup();
    let mut out: Vec<String> = (0..n).map(|i| format!("{} {}", ASK[i % ASK.len()], titles[i % titles.len()])).collect();
    out.sort();
    out.dedup();
    Ok(out)
}

/// The computation the crate ran before: candle-transformers' BERT over batches of up to 32 texts
/// sorted by characters and padded to the longest, masked mean over real tokens, L2 norm.
struct Reference {
    model: BertModel,
    tokenizer: Tokenizer,
    counter: Tokenizer,
}

#[derive(Default)]
struct Phases {
    tokenise: Duration,
    forward: Duration,
    pool: Duration,
    padded_tokens: usize,
    real_tokens: usize,
}

impl Phases {
    fn total(&self) -> Duration {
        self.tokenise + self.forward + self.pool
    }
}

impl Reference {
    fn load(dir: &Path, config: &Config) -> anyhow::Result<Self> {
        let mut tokenizer = Tokenizer::from_file(dir.join("tokenizer.json")).map_err(anyhow::Error::msg)?;
        let padding = PaddingParams { strategy: PaddingStrategy::BatchLongest, ..tokenizer.get_padding().cloned().unwrap_or_default() };
        tokenizer.with_padding(Some(padding));
        tokenizer.with_truncation(Some(TruncationParams { max_length: MAX_TOKENS, ..Default::default() })).map_err(anyhow::Error::msg)?;
        let mut counter = tokenizer.clone();
        counter.with_padding(None);
        let vb = VarBuilder::from_buffered_safetensors(std::fs::read(dir.join("model.safetensors"))?, DType::F32, &Device::Cpu)?;
        Ok(Reference { model: BertModel::load(vb, config)?, tokenizer, counter })
    }

    /// The tokenizer as the crate sets it up, without padding (for counting tokens).
    fn tokenizer(dir: &Path) -> anyhow::Result<Tokenizer> {
        let mut tokenizer = Tokenizer::from_file(dir.join("tokenizer.json")).map_err(anyhow::Error::msg)?;
        tokenizer.with_padding(None);
        tokenizer.with_truncation(Some(TruncationParams { max_length: MAX_TOKENS, ..Default::default() })).map_err(anyhow::Error::msg)?;
        Ok(tokenizer)
    }

    fn tokens(&self, text: &str) -> anyhow::Result<usize> {
        Ok(self.counter.encode(text, true).map_err(anyhow::Error::msg)?.get_ids().len())
    }

    fn phases(&self, texts: &[&str]) -> anyhow::Result<Phases> {
        let mut p = Phases::default();
        let started = Instant::now();
        let encodings = self.tokenizer.encode_batch(texts.to_vec(), true).map_err(anyhow::Error::msg)?;
        let (rows, width) = (encodings.len(), encodings.first().map_or(0, |e| e.get_ids().len()));
        let ids: Vec<u32> = encodings.iter().flat_map(|e| e.get_ids().iter().copied()).collect();
        let mask: Vec<u32> = encodings.iter().flat_map(|e| e.get_attention_mask().iter().copied()).collect();
        p.real_tokens = mask.iter().filter(|&&m| m == 1).count();
        p.padded_tokens = rows * width;
        let ids = Tensor::from_vec(ids, (rows, width), &Device::Cpu)?;
        let mask = Tensor::from_vec(mask, (rows, width), &Device::Cpu)?;
        p.tokenise = started.elapsed();
        let started = Instant::now();
        let hidden = self.model.forward(&ids, &ids.zeros_like()?, Some(&mask))?;
        p.forward = started.elapsed();
        let started = Instant::now();
        let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?;
        let mean = hidden.broadcast_mul(&mask)?.sum(1)?.broadcast_div(&mask.sum(1)?)?;
        let norms = mean.sqr()?.sum_keepdim(1)?.sqrt()?;
        let _vectors = mean.broadcast_div(&norms)?.to_vec2::<f32>()?;
        p.pool = started.elapsed();
        Ok(p)
    }

    fn embed_batch(&self, texts: &[&str]) -> anyhow::Result<Vec<Vec<f32>>> {
        let encodings = self.tokenizer.encode_batch(texts.to_vec(), true).map_err(anyhow::Error::msg)?;
        let (rows, width) = (encodings.len(), encodings.first().map_or(0, |e| e.get_ids().len()));
        let ids: Vec<u32> = encodings.iter().flat_map(|e| e.get_ids().iter().copied()).collect();
        let mask: Vec<u32> = encodings.iter().flat_map(|e| e.get_attention_mask().iter().copied()).collect();
        let ids = Tensor::from_vec(ids, (rows, width), &Device::Cpu)?;
        let mask = Tensor::from_vec(mask, (rows, width), &Device::Cpu)?;
        let hidden = self.model.forward(&ids, &ids.zeros_like()?, Some(&mask))?;
        let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?;
        let mean = hidden.broadcast_mul(&mask)?.sum(1)?.broadcast_div(&mask.sum(1)?)?;
        let norms = mean.sqr()?.sum_keepdim(1)?.sqrt()?;
        Ok(mean.broadcast_div(&norms)?.to_vec2::<f32>()?)
    }
}

impl Embedder for Reference {
    fn model_id(&self) -> &str {
        proseva_embed::LOCAL_MODEL_ID
    }

    fn dimension(&self) -> usize {
        proseva_embed::LOCAL_DIMENSION
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, proseva_embed::EmbedError> {
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| texts[i].len());
        let mut out = vec![Vec::new(); texts.len()];
        for batch in order.chunks(32) {
            let batch_texts: Vec<&str> = batch.iter().map(|&i| texts[i]).collect();
            let vectors = self.embed_batch(&batch_texts).map_err(|e| proseva_embed::EmbedError::Model(e.to_string()))?;
            for (&i, v) in batch.iter().zip(vectors) {
                out[i] = v;
            }
        }
        Ok(out)
    }
}

/// The real server: question latency through `/v1/embeddings`, sections per second through it (as
/// the explorer's background job sends them), and its memory.
fn http(server_bin: &Path, model_dir: &Path, questions: &[String], sections: &[String], flops: f64, peak: f64) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Sidecar::start(
        Command::new(server_bin)
            .env("PROSEVA_DATA_DIR", dir.path())
            .env("PORT", "0")
            .env("PROSEVA_TOKEN", TOKEN)
            .env("PROSEVA_MODEL_DIR", model_dir)
            .stderr(Stdio::null()),
    )?;
    let client = proseva_http::blocking::loopback_client_builder("embed-bench").build()?;
    let started = Instant::now();
    loop {
        let health: Value = client.get(format!("{}/api/health", server.url)).send()?.json()?;
        match health["embeddings"].as_str() {
            Some("loading") => std::thread::sleep(Duration::from_millis(10)),
            Some("ready") => break,
            other => bail!("the server's embedding model is not available: {other:?}"),
        }
    }
    let ready = started.elapsed();
    let memory = |key: &str| status_kib(server.pid(), key).unwrap_or(0) / 1024;
    let (rss_ready, hwm_ready) = (memory("VmRSS:"), memory("VmHWM:"));
    println!("\n## over HTTP: the real server's /v1/embeddings");
    println!("| server, model loaded | ready {:.0} ms after health | VmRSS {rss_ready} MB | VmHWM {hwm_ready} MB |", ms(ready));

    let ask = |input: Value| -> anyhow::Result<()> {
        let res = client.post(format!("{}/v1/embeddings", server.url)).bearer_auth(TOKEN).json(&json!({ "input": input })).send()?;
        if !res.status().is_success() {
            bail!("/v1/embeddings answered {}", res.status());
        }
        let _: Value = res.json()?;
        Ok(())
    };
    ask(json!("warm up"))?;
    let mut times = Vec::new();
    for q in questions {
        let started = Instant::now();
        ask(json!(q))?;
        times.push(started.elapsed());
    }
    let (p50, p95) = percentiles(&mut times);
    println!("| question over HTTP ({} distinct) | p50 **{:.2} ms** | p95 {:.2} ms |", questions.len(), ms(p50), ms(p95));

    let remote = OpenAiEmbedder::new(
        &format!("{}/v1", server.url),
        Some(TOKEN.into()),
        proseva_embed::LOCAL_MODEL_ID,
        Some(proseva_embed::LOCAL_DIMENSION),
    )?;
    let started = Instant::now();
    for group in sections.chunks(JOB_BATCH) {
        embed_node_texts(&remote, group)?;
    }
    let took = started.elapsed();
    let gflops = flops / took.as_secs_f64() / 1e9;
    println!(
        "| {} sections through /v1/embeddings, {JOB_BATCH} a call | {:.1} s | **{:.1} sections/s** | {gflops:.1} GFLOP/s = {:.0}% of peak |",
        sections.len(),
        took.as_secs_f64(),
        sections.len() as f64 / took.as_secs_f64(),
        gflops / peak * 100.0
    );
    println!("| server after the run | VmRSS {} MB | VmHWM {} MB |", memory("VmRSS:"), memory("VmHWM:"));
    Ok(())
}
