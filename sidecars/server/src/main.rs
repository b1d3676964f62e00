//! `proseva-server`: serve the user's case data on loopback.
//!
//! Configured by the environment: `PROSEVA_DATA_DIR` (required), `PORT` (default 3001, 0 = any
//! free port), `EXPLORER_URL`, `PROSEVA_TOKEN`, `PROSEVA_MAX_BODY_BYTES`, and the embedding
//! settings of `proseva-embed` (`PROSEVA_EMBEDDINGS`, `PROSEVA_MODEL_DIR`, ...). Prints one line,
//! `listening on http://127.0.0.1:PORT`, on stdout once it accepts connections; logs go to stderr.

use std::net::{Ipv4Addr, SocketAddr};

use anyhow::Context;
use proseva_embed::EmbedderConfig;
use proseva_server::{AppState, Config, http};

fn main() -> std::process::ExitCode {
    // Before any thread: the embedding model's freed buffers go back to the system (issue 46).
    proseva_embed::memory::one_malloc_arena();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        // Every line cleaned of keys, tokens, home paths and addresses before it is written.
        .with_writer(proseva_agent::sanitize::stderr)
        // Colours only for a person at a terminal; a supervisor shows the raw text in a dialog.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    if std::env::args().skip(1).any(|a| a == "--help" || a == "-h") {
        println!("{}", include_str!("usage.txt"));
        return std::process::ExitCode::SUCCESS;
    }
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let started = std::time::Instant::now();
    let state = AppState::open(&config).with_context(|| format!("opening {}", config.db_path().display()))?;
    match state.store.path() {
        Some(db) => tracing::info!(
            passages = state.knowledge.vector_count(),
            ms = started.elapsed().as_millis() as u64,
            "case data opened from {}",
            db.display()
        ),
        None => tracing::info!("case data is locked: POST /api/privacy/unlock opens it"),
    }
    if config.token.is_none() {
        tracing::warn!("PROSEVA_TOKEN is not set: the API answers any program on this machine");
    }
    state.load_embedder_in_background(EmbedderConfig::from_env());

    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async move {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, config.port));
        let listener = tokio::net::TcpListener::bind(address).await.with_context(|| format!("binding {address}"))?;
        let address = listener.local_addr()?;
        state.spawn_workers();
        // The supervisor and the tests read this line to learn the port.
        println!("listening on http://{address}");
        axum::serve(listener, http::app(state)).with_graceful_shutdown(shutdown_signal()).await?;
        Ok(())
    })
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
    tracing::info!("shutting down");
}
