//! Background embedding of a served graph: official text downloaded without vectors gets them a
//! batch at a time (stand-ins replaced), the same vectors a later ingest would reuse; a pause flag
//! and people's questions hold it back; a new job on the same file carries on where one stopped.

use std::sync::Arc;

use proseva_embed::{EmbedError, Embedder};
use proseva_law::background::{EmbeddingJob, pause_flag};
use proseva_law::ingest::{self, IngestOptions, TextKind};
use proseva_law::live::LiveGraph;
use proseva_law::synth::sample;
use proseva_law::{starter, store};

/// A deterministic stand-in for all-MiniLM-L6-v2: same name and dimension, vectors from the words.
struct WordHash;

impl Embedder for WordHash {
    fn model_id(&self) -> &str {
        "all-MiniLM-L6-v2"
    }
    fn dimension(&self) -> usize {
        384
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(texts
            .iter()
            .map(|t| {
                let mut v = vec![0.0f32; 384];
                for word in t.split_whitespace() {
                    let h = word.bytes().fold(2166136261u32, |h, b| (h ^ u32::from(b)).wrapping_mul(16777619));
                    v[h as usize % 384] += 1.0;
                }
                proseva_embed::normalize(&mut v);
                v
            })
            .collect())
    }
}

fn run_to_the_end(job: &EmbeddingJob) {
    for _ in 0..10_000 {
        job.step().unwrap();
        if job.progress().state == "done" {
            return;
        }
    }
    panic!("never done: {:?}", job.progress());
}

/// A downloaded graph (official text without vectors, summaries standing in) served from
/// `graph.db` in a temporary dir, and a job on it that has not stepped yet.
fn served_download() -> (tempfile::TempDir, std::path::PathBuf, Arc<LiveGraph>, Arc<EmbeddingJob>) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build_downloaded(&db).unwrap();
    let live = Arc::new(LiveGraph::open(&db).unwrap());
    let job = EmbeddingJob::new(live.clone(), Arc::new(WordHash));
    (dir, db, live, job)
}

#[test]
fn official_text_gets_its_own_vectors_a_batch_at_a_time() {
    let (dir, db, live, job) = served_download();
    let stand_ins_before = store::stand_in_vector_ids(&db).unwrap();
    assert!(!stand_ins_before.is_empty(), "summarised official sections start with stand-ins");
    let without = live.get().vectors().len();

    job.step().unwrap();
    let first = job.progress();
    assert_eq!(first.state, "embedding", "{first:?}");
    assert!(first.total > first.done && first.done > 0, "{first:?}");
    run_to_the_end(&job);
    let last = job.progress();
    assert_eq!(last.done, last.total, "{last:?}");
    assert!(store::stand_in_vector_ids(&db).unwrap().is_empty(), "every stand-in replaced");
    let graph = live.get();
    assert!(graph.vectors().len() > without, "the served graph has the new vectors at once");
    let custody = graph.node_by_source_id("20-124.3").unwrap().unwrap();
    let own = WordHash.embed(&[&ingest::embedding_text(custody.heading.as_deref(), custody.source_text.as_deref().unwrap())]).unwrap();
    let cos = proseva_embed::dot(&own[0], &graph.vectors().vector(custody.id).unwrap());
    assert!(cos > 0.99, "the official text's own vector, as the served graph holds it in 8 bits (cos {cos})");

    // A rebuild reuses every vector the job computed: nothing is embedded again.
    let cache = ingest::export_vector_cache(&db).unwrap();
    let progress = |_| {};
    let options = IngestOptions {
        corpus: "official".into(),
        text_kind: TextKind::Official,
        embedder: Some(&WordHash),
        vector_cache: Some(&cache),
        progress: &progress,
    };
    let rebuilt =
        ingest::ingest_with_summaries(&sample::files(), &starter::files().unwrap(), &dir.path().join("again.db"), &options).unwrap();
    assert_eq!(rebuilt.embedded_now, 0, "{rebuilt:?}");
}

#[test]
fn a_pause_flag_and_questions_hold_it_back_and_a_new_job_carries_on() {
    let (_dir, db, live, job) = served_download();

    std::fs::write(pause_flag(&db), b"").unwrap();
    job.step().unwrap();
    let paused = job.progress();
    assert_eq!(paused.state, "paused");
    job.step().unwrap();
    assert_eq!(job.progress().done, paused.done, "nothing embedded while paused");
    std::fs::remove_file(pause_flag(&db)).unwrap();

    // A question (embedded for search by meaning) comes first.
    live.set_query_embedder(Arc::new(WordHash)).unwrap();
    live.get().nodes(None, Some("custody of a child"), 5, 0).unwrap();
    job.step().unwrap();
    assert_eq!(job.progress().state, "waiting");
    assert_eq!(job.progress().done, paused.done);

    // The app stops (the job with it); a new start on the same file carries on.
    let reopened = Arc::new(LiveGraph::open(&db).unwrap());
    let again = EmbeddingJob::new(reopened, Arc::new(WordHash));
    again.step().unwrap();
    let carried = again.progress();
    assert!(carried.done > paused.done, "{carried:?} after {paused:?}");
    run_to_the_end(&again);
    assert_eq!(again.progress().done, again.progress().total);
}

/// How many vectors the file at `db` holds, and how many of them are stand-ins.
fn vectors_in(db: &std::path::Path) -> (i64, usize) {
    let graph = proseva_law::graph::Graph::open(db).unwrap();
    (graph.stats().embedding_count, store::stand_in_vector_ids(db).unwrap().len())
}

#[test]
fn a_batch_never_crosses_a_swap_of_the_graph_file() {
    let (dir, db, live, job) = served_download();
    job.step().unwrap();
    let before_swap = job.progress();
    assert_eq!(before_swap.state, "embedding");

    // A rebuild renames its file onto the path; the served graph is swapped a moment later. In
    // between, the job must neither write the new file nor give the old graph the new file's ids.
    let twin = dir.path().join("twin.db");
    sample::build_downloaded(&twin).unwrap();
    let fresh = vectors_in(&twin);
    sample::build_downloaded(&db).unwrap(); // built aside and renamed onto the path, as a download's rebuild is
    let old_graph = live.get();
    let old_vectors = old_graph.vectors().len();
    assert_eq!(job.step().unwrap(), Some(std::time::Duration::from_millis(100)), "it waits for the swap");
    assert_eq!(vectors_in(&db), fresh, "nothing written to the new file yet");
    assert_eq!(old_graph.vectors().len(), old_vectors, "nothing added to the old graph");

    // Swapped: the job carries on in the new file, and the served graph gets its vectors.
    assert!(live.reload_if_replaced().unwrap());
    let new_graph = live.get();
    job.step().unwrap();
    assert_eq!(job.progress().state, "embedding");
    assert_ne!(vectors_in(&db), fresh, "the batch went to the new file");
    run_to_the_end(&job);
    assert!(store::stand_in_vector_ids(&db).unwrap().is_empty());
    // The graph serving the new file holds the official text's own vectors, without a restart.
    let custody = new_graph.node_by_source_id("20-124.3").unwrap().unwrap();
    let own = WordHash.embed(&[&ingest::embedding_text(custody.heading.as_deref(), custody.source_text.as_deref().unwrap())]).unwrap();
    let cos = proseva_embed::dot(&own[0], &new_graph.vectors().vector(custody.id).unwrap());
    assert!(cos > 0.99, "cos {cos}");
}
