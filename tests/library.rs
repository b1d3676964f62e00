//! The law library's download against a local stand-in for the LIS site: the whole run, files that
//! fail and recover, a file that stays broken, a run stopped mid-way and resumed, the network
//! gone, an update that finds nothing (and then one changed file), and a build that fails.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use proseva_e2e::lis_site::{Fault, LisSite};
use proseva_law::fetch::DownloadConfig;
use proseva_law::graph::Graph;
use proseva_sidecars::library::{Library, LibraryStatus, RunKind};

/// Fast enough for tests, slow enough to see the pacing.
const PACE: Duration = Duration::from_millis(8);

fn library(root: &Path, base: &str) -> Arc<Library> {
    Library::open(root, DownloadConfig::paced(base, PACE))
}

async fn run(library: &Library, kind: RunKind) -> LibraryStatus {
    library.run(kind).await;
    library.status()
}

fn graph(root: &Path) -> Graph {
    Graph::open(&root.join("graph.db")).expect("a graph was built")
}

#[tokio::test]
async fn a_download_fetches_every_file_politely_and_builds_official_text_over_the_summaries() {
    let site = LisSite::start().await;
    let dir = tempfile::tempdir().unwrap();
    let library = library(dir.path(), &site.url);

    let status = run(&library, RunKind::Download).await;
    assert_eq!(status.phase, "done", "{status:?}");
    assert_eq!(status.new_or_changed, 7, "four titles, the Constitution, popular names, authorities: {status:?}");
    assert_eq!(status.not_published, ["Charters.csv", "Compacts.csv", "UnCodifiedActs.csv"], "the lists the site does not serve");
    assert!(status.failed.is_empty(), "{:?}", status.failed);
    assert!(!status.interrupted);
    assert_eq!(status.files.len(), 7, "the Law tab lists every file");
    let title_20 = status.files.iter().find(|f| f.name == "CoVTitle_20.csv").unwrap();
    assert_eq!(title_20.last_modified.as_deref(), Some("Mon, 01 Jul 2024 00:00:00 GMT"), "when the site says it changed");
    assert!(title_20.retrieved_at.is_some() && title_20.origin.as_deref() == Some("download"), "{title_20:?}");
    assert!(status.as_of.is_some());

    // The library page first; then only the titles it links (not the 70-odd of the built-in
    // list), each once, and never two requests closer together than the pace.
    let requests = site.requests();
    assert_eq!(requests[0].file, "/law-library/");
    assert_eq!(requests.len(), 1 + 4 + 6, "{:?}", requests.iter().map(|r| &r.file).collect::<Vec<_>>());
    for pair in requests.windows(2) {
        // Arrival times jitter a little around the sending times the pace sets.
        assert!(pair[1].at.duration_since(pair[0].at) >= PACE * 3 / 4, "requests {pair:?} closer than {PACE:?}");
    }

    let graph = graph(dir.path());
    assert_eq!(graph.stats().corpus.as_deref(), Some("official"));
    // Official text with the starter's summary beside it.
    let custody = graph.node_by_source_id("20-124.3").unwrap().expect("20-124.3");
    assert_eq!(custody.text_kind, "official");
    assert!(custody.source_text.as_deref().unwrap_or_default().contains("age and physical and mental condition"), "{custody:?}");
    assert!(custody.summary.as_deref().is_some_and(|s| !s.is_empty()), "the summary stays beside the official text");
    // Until its official text is embedded, the summary's vector finds it by meaning, marked as a stand-in.
    assert!(graph.vectors().vector(custody.id).is_some(), "20-124.3 stays searchable by meaning");
    let stand_ins = proseva_law::store::stand_in_vector_ids(&dir.path().join("graph.db")).unwrap();
    assert!(stand_ins.contains(&custody.id));
    assert_eq!(graph.stats().embedding_model.as_deref(), Some("all-MiniLM-L6-v2"), "the model that reads questions is recorded");
    // A title the starter never had is there now.
    let wages = graph.node_by_source_id("40.1-29").unwrap().expect("40.1-29, from the download");
    assert_eq!((wages.text_kind.as_str(), wages.summary.as_deref()), ("official", None));
    // A title that was not downloaded keeps its summaries.
    let foia = graph.node_by_source_id("2.2-3704").unwrap().expect("2.2-3704 from the starter");
    assert_eq!(foia.text_kind, "summary");
    // Popular names are searchable and lead to their sections.
    let found = graph.nodes(None, Some("Virginia Residential Landlord and Tenant Act"), 10, 0).unwrap();
    let ids: Vec<&str> = found.nodes.iter().map(|n| n.source_id.as_str()).collect();
    assert!(ids.iter().any(|id| id.starts_with("popular:")), "{ids:?}");
    let act = found.nodes.iter().find(|n| n.node_type == "popular_name").unwrap();
    let cites: Vec<i64> = graph.neighbors(act.id, Some("cites")).unwrap().iter().map(|e| e.to_id).collect();
    let landlord_tenant = graph.node_by_source_id("55.1-1200").unwrap().expect("55.1-1200");
    assert!(cites.contains(&landlord_tenant.id), "the act is linked to § 55.1-1200");
}

#[tokio::test]
async fn failing_files_are_retried_and_one_that_stays_broken_is_named_while_the_rest_go_on() {
    let site = LisSite::start().await;
    site.misbehave("CoVTitle_20.csv", Fault::ServerError { times: 2 });
    site.misbehave("CoVTitle_55.1.csv", Fault::Truncated);
    site.misbehave("Constitution.csv", Fault::CutMidFile);
    site.misbehave("CoVTitle_40.1.csv", Fault::ServerError { times: 100 });
    site.misbehave("PopularNames.csv", Fault::Html);
    let dir = tempfile::tempdir().unwrap();
    let library = library(dir.path(), &site.url);

    let status = run(&library, RunKind::Download).await;
    assert_eq!(status.phase, "done", "{status:?}");
    assert_eq!(status.failed.len(), 1, "{:?}", status.failed);
    assert_eq!(status.failed[0].name, "CoVTitle_40.1.csv");
    assert!(status.failed[0].reason.contains("HTTP 500"), "{:?}", status.failed[0]);
    assert!(status.message.as_deref().unwrap_or_default().contains("CoVTitle_40.1.csv"), "{:?}", status.message);
    assert_eq!(site.hits("CoVTitle_20.csv"), 3, "two 500s, then the file");
    assert_eq!(site.hits("CoVTitle_55.1.csv"), 2, "a truncated file is asked for again");
    assert_eq!(site.hits("Constitution.csv"), 2, "a connection cut mid-file is asked for again");
    assert_eq!(site.hits("PopularNames.csv"), 2, "a web page instead of the CSV is asked for again");

    let graph = graph(dir.path());
    let deposit = graph.node_by_source_id("55.1-1226").unwrap().unwrap();
    assert_eq!(deposit.text_kind, "official", "the truncated file's second copy was whole");
    assert!(graph.node_by_source_id("const-I-12").unwrap().is_some_and(|n| n.text_kind == "official"));
    assert!(graph.node_by_source_id("40.1-29").unwrap().is_none(), "the broken title is not half there");
}

#[tokio::test]
async fn a_run_stopped_mid_way_resumes_with_the_next_file() {
    let site = LisSite::start().await;
    // Titles come before the other exports; hang on the Constitution and stop the run there.
    site.misbehave("Constitution.csv", Fault::Hang);
    let dir = tempfile::tempdir().unwrap();
    let first = library(dir.path(), &site.url);
    let running = {
        let first = first.clone();
        tokio::spawn(async move { first.run(RunKind::Download).await })
    };
    let mut seen = first.subscribe();
    while seen.borrow().file.as_deref() != Some("Constitution.csv") {
        tokio::time::timeout(Duration::from_secs(30), seen.changed()).await.expect("the run reaches the Constitution").unwrap();
    }
    while site.hits("Constitution.csv") == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // The app is closed (or killed) here, mid-request: the task never finishes.
    running.abort();
    let _ = running.await;
    drop(first);
    site.clear_faults("Constitution.csv");
    let titles_asked = site.hits("CoVTitle_20.csv");
    assert_eq!(titles_asked, 1);

    let second = library(dir.path(), &site.url);
    assert!(second.status().interrupted, "the record says a run waits");
    let status = run(&second, RunKind::Download).await;
    assert_eq!(status.phase, "done", "{status:?}");
    assert_eq!(site.hits("CoVTitle_20.csv"), 1, "files done before the stop are not fetched again");
    assert_eq!(site.hits("Constitution.csv"), 2);
    assert_eq!(graph(dir.path()).stats().corpus.as_deref(), Some("official"));
}

#[tokio::test]
async fn without_a_network_the_run_stops_with_a_plain_message_and_waits_to_resume() {
    let dir = tempfile::tempdir().unwrap();
    let nowhere = {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    let library = library(dir.path(), &nowhere);
    let status = run(&library, RunKind::Download).await;
    assert_eq!(status.phase, "failed", "{status:?}");
    let message = status.message.clone().unwrap_or_default();
    assert!(message.starts_with("This computer could not reach 127.0.0.1. Check the internet connection"), "{message}");
    assert!(message.contains("resumes") && !message.contains("error sending request"), "plain words: {message}");
    assert!(status.details.as_deref().is_some_and(|d| !d.is_empty()), "the technical text is behind Details: {status:?}");
    assert!(status.interrupted);
    assert!(!dir.path().join("graph.db").exists(), "no graph was built from nothing");
}

#[tokio::test]
async fn an_update_asks_conditionally_and_rebuilds_only_when_a_file_changed() {
    let site = LisSite::start().await;
    let dir = tempfile::tempdir().unwrap();
    let library = library(dir.path(), &site.url);
    run(&library, RunKind::Download).await;
    let built = std::fs::metadata(dir.path().join("graph.db")).unwrap().modified().unwrap();

    let status = run(&library, RunKind::Update).await;
    assert_eq!((status.phase.as_str(), status.new_or_changed, status.unchanged), ("done", 0, 7), "{status:?}");
    assert!(status.message.as_deref().unwrap_or_default().contains("up to date"), "{:?}", status.message);
    let conditional = site.requests().iter().rev().take(10).filter(|r| r.conditional).count();
    assert_eq!(conditional, 7, "every file on disk is asked for with its ETag");
    assert_eq!(std::fs::metadata(dir.path().join("graph.db")).unwrap().modified().unwrap(), built, "nothing changed, nothing rebuilt");

    let title = proseva_e2e::lis_site::default_files().into_iter().find(|(n, _)| n == "CoVTitle_40.1.csv").unwrap().1;
    site.set_file("CoVTitle_40.1.csv", title.replace("Time and medium of payment", "Time and manner and medium of payment"));
    let status = run(&library, RunKind::Update).await;
    assert_eq!((status.new_or_changed, status.unchanged), (1, 6), "{status:?}");
    let wages = graph(dir.path()).node_by_source_id("40.1-29").unwrap().unwrap();
    assert_eq!(wages.heading.as_deref().map(|h| h.contains("manner and medium")), Some(true), "{wages:?}");
}

#[tokio::test]
async fn a_build_that_fails_keeps_the_old_library_and_says_why() {
    let site = LisSite::start().await;
    let dir = tempfile::tempdir().unwrap();
    let library = library(dir.path(), &site.url);
    run(&library, RunKind::Download).await;
    assert_eq!(graph(dir.path()).stats().corpus.as_deref(), Some("official"));

    // A file in the exports that cannot be read (here a directory by an export's name).
    std::fs::create_dir_all(dir.path().join("law/exports/CoVTitle_99.csv")).unwrap();
    let title = proseva_e2e::lis_site::default_files().into_iter().find(|(n, _)| n == "CoVTitle_20.csv").unwrap().1;
    site.set_file("CoVTitle_20.csv", title.replace("Best interests of the child", "Best interests of a child"));
    let status = run(&library, RunKind::Update).await;
    assert_eq!(status.phase, "failed", "{status:?}");
    assert!(status.message.as_deref().unwrap_or_default().contains("previous library is still in use"), "{:?}", status.message);
    let graph = graph(dir.path());
    assert_eq!(graph.stats().corpus.as_deref(), Some("official"));
    assert!(graph.node_by_source_id("40.1-29").unwrap().is_some());
}
