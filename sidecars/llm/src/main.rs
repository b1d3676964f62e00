//! `proseva-llm`: a GGUF language model on this computer, served as an OpenAI-compatible chat
//! endpoint on loopback. See `--help` and docs/contracts.md.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use proseva_llm::engine::{Engine, EngineConfig};

#[derive(Parser)]
#[command(name = "proseva-llm", version, about = "A GGUF language model on this computer, served as an OpenAI-compatible chat endpoint")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Load FILE.gguf and serve GET /health, GET /v1/models and POST /v1/chat/completions.
    /// Honours PROSEVA_TOKEN (the bearer token the API requires).
    Serve {
        #[arg(long, value_name = "FILE.gguf")]
        model: PathBuf,
        /// 0 picks a free port; the address is printed on stdout either way.
        #[arg(long)]
        port: u16,
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Context window in tokens (prompt and answer together); at most what the model was
        /// trained for.
        #[arg(long, value_name = "TOKENS", default_value_t = 4096)]
        ctx: u32,
        /// CPU threads (default: every core).
        #[arg(long)]
        threads: Option<i32>,
        /// Unload the model after this many idle seconds (it loads again on the next request).
        #[arg(long, value_name = "SECONDS", default_value_t = 300)]
        idle_unload: u64,
        /// A Jinja chat template to use instead of the file's own (for a file whose template is
        /// missing or wrong).
        #[arg(long, value_name = "FILE.jinja")]
        chat_template: Option<PathBuf>,
    },
    /// Check a GGUF file and print what its header says, without loading it.
    Inspect {
        #[arg(value_name = "FILE.gguf")]
        model: PathBuf,
    },
}

fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
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
        Command::Inspect { model } => {
            let info = proseva_models::gguf::inspect(&model)?;
            println!(
                "{}",
                serde_json::json!({
                    "architecture": info.architecture,
                    "name": info.name,
                    "contextLength": info.context_length,
                    "tensors": info.tensor_count,
                    "bytes": info.file_size,
                    "chatTemplate": info.chat_template.is_some(),
                    "toolFormat": info.tool_format().map(|f| format!("{f:?}").to_lowercase()),
                })
            );
            Ok(())
        }
        Command::Serve { model, port, host, ctx, threads, idle_unload, chat_template } => {
            let ip: IpAddr =
                if host.eq_ignore_ascii_case("localhost") { IpAddr::from([127, 0, 0, 1]) } else { host.parse().context("--host")? };
            if !ip.is_loopback() {
                bail!("--host {host}: proseva-llm serves on loopback only (127.0.0.1 or ::1)");
            }
            let threads = threads.filter(|t| *t > 0).unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get() as i32));
            let started = std::time::Instant::now();
            let chat_template = chat_template.map(|path| read_template(&path)).transpose()?;
            let engine =
                Engine::start(EngineConfig { model, ctx, threads, idle_unload: Duration::from_secs(idle_unload.max(1)), chat_template })?;
            tracing::info!(ms = started.elapsed().as_millis() as u64, ctx = engine.ctx, threads, "loaded {}", engine.file_name);
            let token = std::env::var("PROSEVA_TOKEN").ok().filter(|t| !t.is_empty());
            if token.is_none() {
                tracing::warn!("PROSEVA_TOKEN is not set: the API answers any local program");
            }
            let app = proseva_llm::http::app(Arc::new(engine), token);
            tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?.block_on(async move {
                let listener =
                    tokio::net::TcpListener::bind(SocketAddr::new(ip, port)).await.with_context(|| format!("binding {ip}:{port}"))?;
                // The supervisor and the tests read this line to learn the port.
                println!("listening on http://{}", listener.local_addr()?);
                tokio::select! {
                    served = axum::serve(listener, app) => served?,
                    // A generation in progress is not waited for: stopping means stopping.
                    () = shutdown_signal() => {}
                }
                Ok(())
            })
        }
    }
}

/// A chat template file: UTF-8 text of a sensible size, named in the error when it is not.
fn read_template(path: &std::path::Path) -> anyhow::Result<String> {
    const MAX_TEMPLATE_BYTES: u64 = 1024 * 1024;
    let name = path.display();
    let size = std::fs::metadata(path).with_context(|| format!("--chat-template {name} could not be read"))?.len();
    if size > MAX_TEMPLATE_BYTES {
        bail!("--chat-template {name} is {size} bytes; a chat template is a few kilobytes");
    }
    let bytes = std::fs::read(path).with_context(|| format!("--chat-template {name} could not be read"))?;
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("--chat-template {name} is not UTF-8 text"))
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let Ok(mut term) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) else {
            let _ = ctrl_c.await;
            return;
        };
        tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}
