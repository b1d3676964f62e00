//! A graph rebuilt under the running `proseva-explorer serve` is swapped in without a restart:
//! queries running meanwhile all succeed, and a replacement that is not a graph leaves the old one
//! serving.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proseva_law::ingest::{self, IngestOptions, TextKind};
use proseva_law::synth::sample;
use serde_json::{Value, json};

mod common;

use common::{client, serve};

fn build_starter(db: &Path) {
    let progress = |_| {};
    let options =
        IngestOptions { corpus: "starter".into(), text_kind: TextKind::Summary, embedder: None, vector_cache: None, progress: &progress };
    ingest::ingest(&proseva_law::starter::files().unwrap(), db, &options).unwrap();
}

async fn query(client: &proseva_http::reqwest::Client, url: &str, q: &str) -> Result<Value, String> {
    let response = client.post(format!("{url}/graphql")).json(&json!({ "query": q })).send().await.map_err(|e| e.to_string())?;
    let status = response.status();
    let body: Value = response.json().await.map_err(|e| e.to_string())?;
    if !status.is_success() || body.get("errors").is_some() {
        return Err(format!("{status}: {body}"));
    }
    Ok(body["data"].clone())
}

async fn corpus(client: &proseva_http::reqwest::Client, url: &str) -> String {
    query(client, url, "{ stats { corpus } }").await.unwrap()["stats"]["corpus"].as_str().unwrap_or_default().to_string()
}

async fn wait_for_corpus(client: &proseva_http::reqwest::Client, url: &str, wanted: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while corpus(client, url).await != wanted {
        assert!(Instant::now() < deadline, "the explorer did not swap in the {wanted} graph");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuilt_graph_is_swapped_in_while_queries_run_and_none_fails() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    build_starter(&db);
    let explorer = serve(&db, None);
    let url = explorer.url.clone();
    let client = client();
    assert_eq!(corpus(&client, &url).await, "starter");

    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicUsize::new(0));
    let mut askers = Vec::new();
    for n in 0..4 {
        let (client, url, stop, answered) = (client.clone(), url.clone(), stop.clone(), answered.clone());
        askers.push(tokio::spawn(async move {
            let questions = ["{ nodes(search: \"custody\", limit: 5) { total nodes { sourceId } } }", "{ stats { nodeCount corpus } }"];
            while !stop.load(Ordering::SeqCst) {
                query(&client, &url, questions[n % 2]).await.map_err(|e| format!("a query failed during the swap: {e}"))?;
                answered.fetch_add(1, Ordering::SeqCst);
            }
            Ok::<(), String>(())
        }));
    }

    // Rebuilt three times, alternating corpora, while the questions keep coming.
    for wanted in ["fixture", "starter", "fixture"] {
        let db = db.clone();
        tokio::task::spawn_blocking(move || if wanted == "starter" { build_starter(&db) } else { sample::build(&db).map(drop).unwrap() })
            .await
            .unwrap();
        wait_for_corpus(&client, &url, wanted).await;
    }
    stop.store(true, Ordering::SeqCst);
    for asker in askers {
        asker.await.unwrap().unwrap();
    }
    assert!(answered.load(Ordering::SeqCst) > 20, "questions ran throughout");
}

#[tokio::test]
async fn a_replacement_that_is_not_a_graph_leaves_the_old_one_serving() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    build_starter(&db);
    let explorer = serve(&db, None);
    let url = explorer.url.clone();
    let client = client();

    let junk = dir.path().join("junk");
    std::fs::write(&junk, b"not a graph at all").unwrap();
    std::fs::rename(&junk, &db).unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let data = query(&client, &url, "{ stats { corpus nodeCount } node(sourceId: \"20-124.3\") { textKind } }").await.unwrap();
    assert_eq!(data["stats"]["corpus"], "starter", "{data}");
    assert_eq!(data["node"]["textKind"], "summary");

    // A good graph afterwards is swapped in as usual.
    let rebuilt = db.clone();
    tokio::task::spawn_blocking(move || sample::build(&rebuilt).unwrap()).await.unwrap();
    wait_for_corpus(&client, &url, "fixture").await;
}
