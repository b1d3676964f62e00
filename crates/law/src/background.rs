//! Embedding a served graph's text in the background: after the official Code is downloaded, its
//! sections are searchable by words at once and become searchable by meaning as their vectors are
//! computed here, a few at a time, while the explorer serves.
//!
//! Each batch is written to the graph file in its own transaction (so a stop of any kind loses at
//! most one batch, and the next start carries on with what is still missing) and added to the
//! served graph's vectors at once. Sections come first, then the rest; a stand-in vector (a
//! section's summary's, see [`crate::ingest`]) is replaced by the official text's own. The job gives
//! way to people: while questions are being asked it waits, and while a flag file exists beside the
//! graph (`graph.db.paused`, made by the Library view's Pause) it does nothing. When the graph is
//! swapped for a rebuilt one, the job moves to the new file.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use proseva_embed::Embedder;
use rusqlite::{Connection, OpenFlags, params};
use serde::Serialize;

use crate::Error;
use crate::graph::file_identity;
use crate::ingest::{embed_node_texts, embedding_text};
use crate::live::LiveGraph;
use crate::store::encode_vector;

/// Nodes embedded per batch: small, so a question never waits long behind one.
const BATCH: usize = 4;
/// How long after a question the job waits before its next batch.
const QUESTIONS_FIRST: Duration = Duration::from_secs(2);

/// What the job is doing, for `stats { embeddingProgress }` and the Library view.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EmbeddingProgress {
    /// `embedding`, `paused`, `waiting` (questions are being asked), `done`, or `failed` (the
    /// model could not be reached; retried).
    pub state: String,
    /// Nodes with text, and how many of them have their own vector.
    pub total: u64,
    pub done: u64,
    /// Nodes embedded per second, over the last batches.
    pub per_second: f64,
    /// At that pace, how long the rest takes.
    pub seconds_left: Option<f64>,
    pub message: Option<String>,
}

/// The flag file whose presence pauses the job for the graph at `db`.
pub fn pause_flag(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".paused");
    PathBuf::from(name)
}

/// The job, with its progress readable from other threads.
pub struct EmbeddingJob {
    live: Arc<LiveGraph>,
    embedder: Arc<dyn Embedder>,
    progress: Mutex<EmbeddingProgress>,
}

impl EmbeddingJob {
    pub fn new(live: Arc<LiveGraph>, embedder: Arc<dyn Embedder>) -> Arc<Self> {
        Arc::new(EmbeddingJob { live, embedder, progress: Mutex::new(EmbeddingProgress { state: "waiting".into(), ..Default::default() }) })
    }

    pub fn progress(&self) -> EmbeddingProgress {
        self.progress.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn set(&self, change: impl FnOnce(&mut EmbeddingProgress)) {
        change(&mut self.progress.lock().unwrap_or_else(|e| e.into_inner()));
    }

    /// Runs on its own thread until the process ends.
    pub fn spawn(self: &Arc<Self>) {
        let job = self.clone();
        let spawned = std::thread::Builder::new().name("graph-embedding".into()).spawn(move || job.run_forever());
        if let Err(e) = spawned {
            tracing::error!("could not start background embedding: {e}");
        }
    }

    fn run_forever(&self) {
        loop {
            match self.step() {
                Ok(Some(wait)) => std::thread::sleep(wait),
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!("background embedding: {e}; trying again in 10 s");
                    self.set(|p| {
                        p.state = "failed".into();
                        p.message = Some(e.to_string());
                    });
                    std::thread::sleep(Duration::from_secs(10));
                }
            }
        }
    }

    /// Embeds one batch when there is work and nothing stands in the way; returns how long to
    /// wait before the next step (`None`: go on at once).
    pub fn step(&self) -> Result<Option<Duration>, Error> {
        let Some(path) = self.live.path().map(Path::to_path_buf) else { return Ok(Some(Duration::from_secs(3600))) };
        // The file written to must be the served graph's: a swap renames a rebuilt file onto the
        // path and then serves it, and a batch written to one and added to the other would give
        // nodes another graph's vectors. So: the same file before and after opening it, and the
        // one the served graph was opened from; otherwise a swap is under way — try again shortly.
        let before = file_identity(&path);
        let conn = open_writer(&path)?;
        let graph = self.live.get();
        let file = file_identity(&path);
        if before != file || graph.file().is_some_and(|served| file != Some(served)) {
            return Ok(Some(Duration::from_millis(100)));
        }
        if graph.stats().embedding_model.as_deref() != Some(self.embedder.model_id()) {
            self.set(|p| {
                p.state = "done".into();
                p.message = Some("this graph's vectors come from another model".into());
            });
            return Ok(Some(Duration::from_secs(5)));
        }
        let (total, done) = counts(&conn)?;
        self.set(|p| {
            p.total = total;
            p.done = done;
        });
        if pause_flag(&path).exists() {
            self.set(|p| p.state = "paused".into());
            return Ok(Some(Duration::from_millis(500)));
        }
        if graph.asked_within(QUESTIONS_FIRST) {
            self.set(|p| p.state = "waiting".into());
            return Ok(Some(Duration::from_millis(250)));
        }
        let pending = pending(&conn, BATCH)?;
        if pending.is_empty() {
            self.set(|p| {
                p.state = "done".into();
                p.seconds_left = None;
                p.message = None;
            });
            return Ok(Some(Duration::from_secs(3)));
        }
        let started = Instant::now();
        let texts: Vec<String> = pending.iter().map(|(_, text)| text.clone()).collect();
        let vectors = embed_node_texts(self.embedder.as_ref(), &texts)?;
        let embedded: Vec<(i64, Vec<f32>)> = pending.iter().map(|(id, _)| *id).zip(vectors).collect();
        write(&conn, &embedded)?;
        // To the graph of the file written, even if it was swapped out meanwhile (the new file
        // has its own copy of these nodes, embedded on a later step).
        graph.add_vectors(&embedded);
        let rate = embedded.len() as f64 / started.elapsed().as_secs_f64().max(1e-6);
        self.set(|p| {
            p.state = "embedding".into();
            p.message = None;
            p.done += embedded.len() as u64;
            p.per_second = if p.per_second > 0.0 { 0.8 * p.per_second + 0.2 * rate } else { rate };
            p.seconds_left = Some(p.total.saturating_sub(p.done) as f64 / p.per_second.max(1e-6));
        });
        Ok(None)
    }
}

fn open_writer(path: &Path) -> Result<Connection, Error> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    conn.busy_timeout(Duration::from_secs(5))?;
    Ok(conn)
}

/// Nodes with text, and of them those with their own (not a stand-in) vector.
fn counts(conn: &Connection) -> Result<(u64, u64), Error> {
    let total: i64 = conn.query_row("SELECT count(*) FROM nodes WHERE source_text IS NOT NULL", [], |r| r.get(0))?;
    let done: i64 = conn.query_row(
        "SELECT count(*) FROM embeddings e JOIN nodes n ON n.id = e.node_id WHERE e.stand_in = 0 AND n.source_text IS NOT NULL",
        [],
        |r| r.get(0),
    )?;
    Ok((total as u64, done as u64))
}

/// Up to `limit` nodes still to embed, sections first, with the text to embed.
fn pending(conn: &Connection, limit: usize) -> Result<Vec<(i64, String)>, Error> {
    let mut stmt = conn.prepare_cached(
        "SELECT n.id, n.heading, n.source_text FROM nodes n LEFT JOIN embeddings e ON e.node_id = n.id
         WHERE n.source_text IS NOT NULL AND (e.node_id IS NULL OR e.stand_in = 1)
         ORDER BY n.node_type NOT IN ('section', 'constitution_section'), n.id LIMIT ?1",
    )?;
    let rows = stmt.query_map([limit as i64], |r| {
        let heading: Option<String> = r.get(1)?;
        let text: String = r.get(2)?;
        Ok((r.get::<_, i64>(0)?, embedding_text(heading.as_deref(), &text)))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn write(conn: &Connection, vectors: &[(i64, Vec<f32>)]) -> Result<(), Error> {
    let tx = conn.unchecked_transaction()?;
    {
        let mut stmt = tx.prepare_cached("INSERT OR REPLACE INTO embeddings (node_id, vector, stand_in) VALUES (?1, ?2, 0)")?;
        for (id, vector) in vectors {
            stmt.execute(params![id, encode_vector(vector)])?;
        }
    }
    tx.commit()?;
    Ok(())
}
