//! `proseva-mcp`: ProSeVA's Virginia-law graph as an MCP server, over stdio or loopback HTTP. See `--help`.

use std::path::PathBuf;

use clap::Parser;
use proseva_mcp::{Error, GraphSource, Options, http, serve_stdio};

#[derive(Parser)]
#[command(
    name = "proseva-mcp",
    version,
    about = "ProSeVA's Virginia-law graph for AI assistants, over the Model Context Protocol (stdio by default)",
    after_help = include_str!("help.txt")
)]
struct Cli {
    /// The law graph file, opened read-only [default: graph.db in the data dir].
    #[arg(long, value_name = "PATH", conflicts_with = "explorer_url")]
    db: Option<PathBuf>,
    /// Ask a running proseva-explorer (its base URL, e.g. http://127.0.0.1:3002) instead of reading the file.
    #[arg(long, value_name = "URL")]
    explorer_url: Option<String>,
    /// The ProSeVA app's case data server, for the case tools (with PROSEVA_TOKEN) [default: the
    /// one the running app publishes in its data dir while case data is shared].
    #[arg(long, value_name = "URL")]
    server_url: Option<String>,
    /// Serve streamable HTTP at http://ADDR/mcp instead of stdio; loopback only, needs PROSEVA_TOKEN.
    #[arg(long, value_name = "127.0.0.1:PORT")]
    http: Option<String>,
}

fn main() -> std::process::ExitCode {
    // stdout carries the protocol: every log line goes to stderr.
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .init();
    match run(Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), Error> {
    let mut options = Options::from_env();
    options.server_url = cli.server_url;
    match (cli.db, cli.explorer_url) {
        (_, Some(url)) => options.graph = GraphSource::Explorer(url),
        (Some(db), None) => options.graph = GraphSource::File(db),
        (None, None) => {}
    }
    // Checked before the graph is opened, so a mistake is said at once.
    let http = match &cli.http {
        Some(addr) => Some((http::loopback_addr(addr)?, options.token.clone().ok_or(Error::NoToken)?)),
        None => None,
    };
    let server = options.server()?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        match http {
            Some((addr, token)) => http::serve(server, addr, &token).await,
            None => serve_stdio(server).await,
        }
    })
}
