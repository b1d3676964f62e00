//! The `proseva-explorer` command line: ingest from a directory, `--fetch` against a local stand-in
//! for the Virginia LIS, and `synth`.

use std::process::Command;

use axum::Router;
use axum::routing::get;
use proseva_law::graph::Graph;
use proseva_law::synth::sample;

fn explorer() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proseva-explorer"));
    cmd.env("PROSEVA_EMBEDDINGS", "off");
    cmd
}

#[tokio::test]
async fn fetch_downloads_the_exports_then_ingests_them() {
    // The LIS serves /CSV/<file>; this stand-in has two of the files and 404s the rest.
    let app = Router::new()
        .route("/CSV/CoVTitle_20.csv", get(|| async { sample::title_20() }))
        .route("/CSV/Constitution.csv", get(|| async { sample::constitution() }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    let dir = tempfile::tempdir().unwrap();
    let csv_dir = dir.path().join("lis");
    let db = dir.path().join("graph.db");
    let out = tokio::task::spawn_blocking(move || {
        explorer()
            .env("LIS_BASE_URL", &base)
            .env("PROSEVA_LIS_PACE_MS", "2")
            .args(["ingest", "--fetch", "--lis-csv"])
            .arg(&csv_dir)
            .arg("--db")
            .arg(&db)
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(dir.path().join("lis/CoVTitle_20.csv").exists());
    assert!(!dir.path().join("lis/CoVTitle_16.1.csv").exists());
    assert!(stderr.contains("skipped CoVTitle_16.1.csv") || stderr.contains("CoVTitle_16.1.csv: HTTP 404"), "{stderr}");
    // The bad rows of the title file are reported with file and line.
    assert!(stderr.contains("skipped CoVTitle_20.csv:5: expected 15 columns"), "{stderr}");
    assert!(stdout.contains("built"), "{stdout}");

    let graph = Graph::open(&dir.path().join("graph.db")).unwrap();
    assert!(graph.node_by_source_id("20-124.3").unwrap().is_some_and(|n| n.text_kind == "official"));
    assert!(graph.node_by_source_id("const-I-12").unwrap().is_some());
    assert_eq!(graph.stats().corpus.as_deref(), Some("lis-csv"));
}

#[test]
fn fetch_with_nothing_to_download_fails_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let out = explorer()
        .env("LIS_BASE_URL", "http://127.0.0.1:9") // discard port: nothing listens
        .env("PROSEVA_LIS_PACE_MS", "1")
        .args(["ingest", "--fetch", "--lis-csv"])
        .arg(dir.path().join("lis"))
        .arg("--db")
        .arg(dir.path().join("g.db"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("This computer could not reach 127.0.0.1"), "the site cannot be reached, said plainly: {stderr}");
    assert!(!dir.path().join("g.db").exists());
}

#[test]
fn starter_ingest_then_synth_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let out = explorer().args(["ingest", "--starter", "--no-embed", "--db"]).arg(&db).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let graph = Graph::open(&db).unwrap();
    assert!(graph.stats().node_count > 400);
    assert_eq!(graph.stats().embedding_count, 0, "--no-embed builds without vectors");

    let synth = dir.path().join("synth.db");
    let out = explorer().args(["synth", "--sections", "2000", "--dim", "32", "--db"]).arg(&synth).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let graph = Graph::open(&synth).unwrap();
    let sections = graph.stats().node_types.iter().find(|t| t.kind == "section").unwrap().count;
    assert_eq!(sections, 2000);
    assert_eq!(graph.stats().embedding_dimension, Some(32));
    assert!(graph.stats().unresolved_citation_count > 0, "synthetic text cites some sections that do not exist");
    let cites = graph.stats().edge_types.iter().find(|t| t.kind == "cites").unwrap().count;
    assert!(cites > 2000, "{cites}");
}

#[test]
fn ingest_needs_a_source() {
    let out = explorer().args(["ingest", "--db", "x.db"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--starter"));
}
