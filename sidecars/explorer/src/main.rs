//! `proseva-explorer`: serve, build or synthesise the Virginia-law graph. See `--help`.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use proseva_embed::{Embedder, EmbedderConfig};
use proseva_explorer::{gql, http};
use proseva_law::background::EmbeddingJob;
use proseva_law::ingest::{self, IngestOptions, IngestReport, Progress, TextKind};
use proseva_law::live::LiveGraph;
use proseva_law::user_layer::UserLayer;
use proseva_law::vector_cache::VectorCache;
use proseva_law::{fetch, starter, synth};

#[derive(Parser)]
#[command(name = "proseva-explorer", version, about = "The Virginia-law knowledge graph, served over GraphQL")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve a graph: GraphQL at POST /graphql, GraphiQL at GET /. Honours PROSEVA_TOKEN.
    Serve {
        #[arg(long)]
        db: PathBuf,
        /// 0 picks a free port; the address is printed on stdout either way.
        #[arg(long, default_value_t = 3002)]
        port: u16,
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The user layer: court opinions the person's workflows recorded, kept across rebuilds of
        /// the graph (default: `user-layer.db` beside `--db`).
        #[arg(long, value_name = "PATH")]
        user_db: Option<PathBuf>,
    },
    /// Build a graph from the bundled starter corpus or from the official LIS CSV exports.
    Ingest(IngestArgs),
    /// Build a synthetic graph of realistic shape, for benchmarks.
    Synth {
        #[arg(long)]
        sections: usize,
        #[arg(long)]
        db: PathBuf,
        /// Vector dimension (that of the real model by default).
        #[arg(long, default_value_t = 384)]
        dim: usize,
        #[arg(long, default_value_t = 42)]
        seed: u64,
    },
}

#[derive(Args)]
struct IngestArgs {
    /// Use the starter corpus embedded in this binary.
    #[arg(long, conflicts_with = "lis_csv", required_unless_present = "lis_csv")]
    starter: bool,
    /// A directory of LIS exports (CoVTitle_<n>.csv, Constitution.csv, PopularNames.csv, Authorities.csv).
    #[arg(long, value_name = "DIR")]
    lis_csv: Option<PathBuf>,
    /// Download the exports from the Virginia LIS into DIR first.
    #[arg(long, requires = "lis_csv")]
    fetch: bool,
    #[arg(long)]
    db: PathBuf,
    /// Build without vectors (`similar` will be unavailable).
    #[arg(long, conflicts_with = "require_embeddings")]
    no_embed: bool,
    /// Fail if the embedding model cannot be loaded, instead of building without vectors.
    #[arg(long)]
    require_embeddings: bool,
    /// Embed every node with the model even where the starter corpus ships a vector for it.
    #[arg(long)]
    no_vector_cache: bool,
    /// After building, write every node's vector to PATH as a vector cache (how
    /// `starter/vectors.bin` is made).
    #[arg(long, value_name = "PATH")]
    save_vectors: Option<PathBuf>,
}

fn main() -> std::process::ExitCode {
    // Before any thread: freed buffers go back to the system instead of staying in a thread's arena.
    proseva_embed::memory::one_malloc_arena();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        // Every line cleaned of keys, tokens, home paths and addresses before it is written.
        .with_writer(proseva_http_guard::sanitize::stderr)
        .init();
    match run(Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve { db, port, host, user_db } => {
            let user_db = user_db.unwrap_or_else(|| db.with_file_name("user-layer.db"));
            serve(&db, &user_db, &host, port)
        }
        Command::Ingest(args) => ingest_command(args),
        Command::Synth { sections, db, dim, seed } => {
            let files = synth::corpus(sections, seed);
            let embedder = synth::RandomEmbedder { dimension: dim };
            let report = build(&files, &db, "synthetic", TextKind::Official, Some(&embedder), None)?;
            print_report(&report, &db);
            Ok(())
        }
    }
}

fn serve(db: &Path, user_db: &Path, host: &str, port: u16) -> anyhow::Result<()> {
    let ip: IpAddr = if host.eq_ignore_ascii_case("localhost") { IpAddr::from([127, 0, 0, 1]) } else { host.parse().context("--host")? };
    if !ip.is_loopback() {
        bail!("--host {host}: the explorer serves on loopback only (127.0.0.1 or ::1)");
    }
    let started = std::time::Instant::now();
    let live = Arc::new(LiveGraph::open(db)?);
    let stats = live.get().stats().clone();
    tracing::info!(
        nodes = stats.node_count,
        edges = stats.edge_count,
        vectors = stats.embedding_count,
        ms = started.elapsed().as_millis() as u64,
        "graph loaded from {}",
        db.display()
    );
    let token = std::env::var("PROSEVA_TOKEN").ok().filter(|t| !t.is_empty());
    if token.is_none() {
        tracing::warn!("PROSEVA_TOKEN is not set: /graphql answers any local program");
    }
    let layer = Arc::new(open_user_layer(user_db));
    let job = gql::JobSlot::default();
    load_query_model(live.clone(), job.clone());
    let app = http::app(gql::schema_with_layer(live.clone(), job.clone(), layer), token);
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async move {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, port)).await.with_context(|| format!("binding {ip}:{port}"))?;
        let addr = listener.local_addr()?;
        // The supervisor and the tests read this line to learn the port.
        println!("listening on http://{addr}");
        tokio::spawn(watch_graph_file(live, job));
        axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await?;
        Ok(())
    })
}

/// The user layer at `path`. One that cannot be opened does not stop the graph being served: the
/// explorer keeps opinions recorded meanwhile in memory, and says so.
fn open_user_layer(path: &Path) -> UserLayer {
    match UserLayer::open(path) {
        Ok(layer) => {
            match layer.summary(0) {
                Ok(summary) => tracing::info!(opinions = summary.opinions, links = summary.links, "user layer at {}", path.display()),
                Err(e) => tracing::warn!("user layer at {}: {e}", path.display()),
            }
            layer
        }
        Err(e) => {
            tracing::error!(
                "cannot open the user layer at {}: {e}; opinions recorded until the explorer restarts are kept in memory only and will be lost",
                path.display()
            );
            UserLayer::in_memory()
        }
    }
}

/// How often the graph file is checked for replacement by a rebuild.
const GRAPH_CHECK_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Swaps in a rebuilt graph when its file is replaced (the Library view's download, `ingest` run
/// by hand): queries already running finish on the old graph, new ones use the new one.
async fn watch_graph_file(live: Arc<LiveGraph>, job: gql::JobSlot) {
    let mut tick = tokio::time::interval(GRAPH_CHECK_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let live = live.clone();
        let swapped = tokio::task::spawn_blocking(move || {
            let started = std::time::Instant::now();
            let swapped = live.reload_if_replaced();
            (swapped, started.elapsed(), live)
        })
        .await;
        match swapped {
            Ok((Ok(true), took, live)) => {
                let stats = live.get().stats().clone();
                tracing::info!(
                    nodes = stats.node_count,
                    vectors = stats.embedding_count,
                    ms = took.as_millis() as u64,
                    "swapped in the rebuilt graph"
                );
                if !live.has_query_embedder() {
                    load_query_model(live, job.clone());
                }
            }
            Ok((Ok(false), _, _)) => {}
            Ok((Err(e), _, _)) => tracing::error!("the graph file was replaced but cannot be read; still serving the old graph: {e}"),
            Err(e) => tracing::error!("checking the graph file: {e}"),
        }
    }
}

/// Loads the embedding model in the background so `serve` answers at once; until it is ready,
/// and if it cannot be used, searches are by text alone. Once it is ready, text without vectors
/// (official text after a download) is embedded in the background
/// ([`proseva_law::background`]), unless `PROSEVA_BACKGROUND_EMBEDDING=off`.
fn load_query_model(live: Arc<LiveGraph>, job: gql::JobSlot) {
    let Some(graph_model) = live.get().stats().embedding_model.clone() else { return };
    let config = EmbedderConfig::from_env();
    match config.model_id() {
        None => return,
        // Loading a model the graph's vectors did not come from would only cost memory.
        Some(configured) if configured != graph_model => {
            tracing::warn!("searching by text only: the graph's vectors come from {graph_model}, the configured embedder is {configured}");
            return;
        }
        Some(_) => {}
    }
    std::thread::spawn(move || {
        let started = std::time::Instant::now();
        let embedder = match config.build_for_questions() {
            Ok(Some(embedder)) => embedder,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!("searching by text only: {e}");
                return;
            }
        };
        let embedder: Arc<dyn proseva_embed::Embedder> = Arc::from(embedder);
        match live.set_query_embedder(embedder.clone()) {
            Ok(()) => tracing::info!(ms = started.elapsed().as_millis() as u64, "search by meaning ready"),
            Err(e) => tracing::error!("searching by text only: {e}"),
        }
        if std::env::var("PROSEVA_BACKGROUND_EMBEDDING").is_ok_and(|v| v == "off") {
            return;
        }
        let mut fresh = false;
        let background = job.get_or_init(|| {
            fresh = true;
            EmbeddingJob::new(live.clone(), embedder)
        });
        if fresh {
            background.spawn();
        }
    });
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
        tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

fn ingest_command(args: IngestArgs) -> anyhow::Result<()> {
    let embedder = if args.no_embed {
        None
    } else {
        match EmbedderConfig::from_env().build() {
            Ok(e) => e,
            Err(e) if !args.require_embeddings => {
                tracing::warn!("building without vectors (`similar` will be unavailable): {e}");
                None
            }
            Err(e) => return Err(e).context("loading the embedding model"),
        }
    };
    let (files, corpus, kind) = if args.starter {
        (starter::files()?, "starter", TextKind::Summary)
    } else {
        let dir = args.lis_csv.expect("clap requires --lis-csv without --starter");
        if args.fetch {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
            let bar = ProgressBar::new(fetch::file_names().len() as u64).with_style(style()).with_message("downloading");
            let fetched = runtime.block_on(fetch::fetch_exports(&dir, |name, result| {
                match result {
                    Ok(bytes) => bar.set_message(format!("{name} ({} KB)", bytes / 1024)),
                    Err(e) => bar.suspend(|| eprintln!("skipped {e}")),
                }
                bar.inc(1);
            }))?;
            bar.finish_with_message(format!("{fetched} files downloaded"));
        }
        (ingest::read_dir(&dir)?, "lis-csv", TextKind::Official)
    };
    let cache = if args.starter && !args.no_vector_cache && !args.no_embed { starter::vector_cache()? } else { None };
    let report = build(&files, &args.db, corpus, kind, embedder.as_deref(), cache.as_ref())?;
    print_report(&report, &args.db);
    if let Some(path) = &args.save_vectors {
        let mut cache = ingest::export_vector_cache(&args.db)?;
        if args.starter
            && let Some(embedder) = embedder.as_deref()
        {
            let asks = starter::add_starter_asks(embedder, &mut cache)?;
            println!("with the vectors of {asks} asks");
        }
        cache.write(path)?;
        println!("wrote {} vectors ({}, {} dimensions) to {}", cache.len(), cache.model, cache.dimension, path.display());
    }
    Ok(())
}

fn style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {prefix:>9} [{bar:30}] {pos}/{len} {msg} ({eta})")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

fn build(
    files: &[ingest::CorpusFile],
    db: &Path,
    corpus: &str,
    kind: TextKind,
    embedder: Option<&dyn Embedder>,
    vector_cache: Option<&VectorCache>,
) -> anyhow::Result<IngestReport> {
    let bars = MultiProgress::new();
    let current: std::sync::Mutex<Option<(&'static str, ProgressBar)>> = std::sync::Mutex::new(None);
    let progress = |p: Progress| {
        let mut current = current.lock().unwrap_or_else(|e| e.into_inner());
        if current.as_ref().is_none_or(|(stage, _)| *stage != p.stage) {
            if let Some((_, bar)) = current.take() {
                bar.finish();
            }
            let bar = bars.add(ProgressBar::new(p.total).with_style(style()).with_prefix(p.stage));
            *current = Some((p.stage, bar));
        }
        if let Some((_, bar)) = current.as_ref() {
            bar.set_length(p.total);
            bar.set_position(p.done);
        }
    };
    let options = IngestOptions { corpus: corpus.to_string(), text_kind: kind, embedder, vector_cache, progress: &progress };
    let report = ingest::ingest(files, db, &options).with_context(|| format!("building {}", db.display()))?;
    if let Some((_, bar)) = current.lock().unwrap_or_else(|e| e.into_inner()).take() {
        bar.finish();
    }
    Ok(report)
}

fn print_report(report: &IngestReport, db: &Path) {
    for problem in &report.skipped {
        eprintln!("skipped {problem}");
    }
    println!(
        "built {}: {} sections, {} nodes, {} edges ({} cites, {} unresolved references), {} vectors ({} embedded now), {} rows skipped, {:.1} s ({:.0} sections/s)",
        db.display(),
        report.sections,
        report.nodes,
        report.edges,
        report.cites,
        report.unresolved_citations,
        report.embedded,
        report.embedded_now,
        report.skipped.len(),
        report.seconds,
        report.sections as f64 / report.seconds.max(1e-9),
    );
}
