//! The user's documents and notes as searchable knowledge: passages embedded in the background
//! and found by meaning and by words together; each hit says where it came from.
//!
//! - The embedding model loads in the background at start ([`Knowledge::status`] says `loading`,
//!   `ready` or `unavailable: <why>`); until it is ready, searches use words alone.
//! - An upload (once its text is read) and a saved note store their passages `pending`;
//!   [`spawn_worker`] embeds pending notes and documents one at a time and marks each `ready` or
//!   `failed`.
//! - Every call of the model runs on one thread of its own ([`ModelThread`]), a question before
//!   any waiting passages: a search never waits for more than one small batch of an upload, and
//!   the model's working memory is one forward pass at a time in one thread's heap, not one per
//!   concurrent caller (which took the server from 105 MB to 200–600 MB under load).
//! - Every passage vector is also held in memory ([`PassageVectors`], one flat matrix, 1.5 KB a
//!   passage), loaded at start and appended as documents become ready, so a search scans it
//!   without touching SQLite: 2,000 passages take well under a millisecond.
//! - [`Knowledge::search`] blends the nearest passages by cosine with the FTS5 BM25 ranking by
//!   reciprocal rank, as the explorer's graph search does, so a passage both find ranks first.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, RwLock, mpsc};

use proseva_embed::{EmbedError, Embedder};
use serde::Serialize;
use tokio::sync::Notify;

use crate::ApiError;
use crate::store::chunks::{self, Owner};
use crate::store::{Store, fts_query};

/// How many candidates each ranking contributes to a blended search.
const FUSION_CANDIDATES: usize = 100;
/// Reciprocal-rank-fusion constant: damps the difference between the first few ranks.
const RRF_K: f64 = 60.0;
/// Below this cosine a passage is not a meaning-based match (all-MiniLM-L6-v2 scores unrelated
/// sentences around 0.05–0.15 and paraphrases above 0.3). The explorer uses the same cut.
const MIN_SIMILARITY: f32 = 0.25;

/// Passages per forward pass when embedding a document: small, so a search waits little behind
/// one and its activations stay small (a batch of 32 passages of 256 tokens took 500 MB).
const EMBED_BATCH: usize = 2;

/// Where the embedding model stands.
#[derive(Clone)]
pub enum EmbedderStatus {
    Loading,
    Ready(Arc<ModelThread>),
    Unavailable(String),
}

pub struct Knowledge {
    embedder: RwLock<EmbedderStatus>,
    vectors: RwLock<PassageVectors>,
    wake: Notify,
}

impl std::fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Knowledge").field("status", &self.status()).field("passages", &self.vector_count()).finish()
    }
}

/// One passage found by [`Knowledge::search`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeHit {
    /// `document` or `note`.
    pub from: &'static str,
    /// The document's or the note's id.
    pub id: i64,
    /// The document's or the note's title.
    pub title: String,
    /// Set for a passage of a document (the names the agent has always read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document_title: Option<String>,
    /// Set for a passage of a note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note_id: Option<i64>,
    pub chunk_id: i64,
    /// Position of the passage in its document or note, from 0.
    pub passage: i64,
    /// Byte offsets of the passage in the document's extracted text (or the note's body).
    pub start: i64,
    pub end: i64,
    /// `start` in characters: for a document, pass it as `offset` to `GetDocumentText` to read on.
    pub start_char: i64,
    pub text: String,
    /// 1.0 when both rankings put this passage first; lower as it ranks lower in either.
    pub score: f64,
    /// Cosine similarity to the question, when the passage was found by meaning.
    pub similarity: Option<f32>,
    /// `meaning`, `words` or both.
    pub matched_by: Vec<&'static str>,
}

/// The result of a search, and whether meaning took part in it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeSearch {
    pub query: String,
    /// `meaning+words`, or `words` while the model is loading or unavailable.
    pub mode: &'static str,
    pub passages: Vec<KnowledgeHit>,
}

impl Knowledge {
    /// Loads the stored passage vectors; the model is `loading` until [`Knowledge::set_embedder`].
    pub fn load(store: &Store) -> Result<Self, ApiError> {
        Ok(Knowledge { vectors: RwLock::new(PassageVectors::load(store)?), ..Knowledge::empty() })
    }

    /// No passage vectors yet (a locked case file); [`Knowledge::reload`] reads them at unlock.
    pub fn empty() -> Self {
        Knowledge { embedder: RwLock::new(EmbedderStatus::Loading), vectors: RwLock::new(PassageVectors::default()), wake: Notify::new() }
    }

    /// Drops every passage vector and the recent questions' vectors held in memory (the case
    /// file was locked); the dimension stays for [`Knowledge::reload`].
    pub fn forget(&self) {
        let mut vectors = self.vectors.write().unwrap_or_else(|e| e.into_inner());
        *vectors = PassageVectors::with_dimension(vectors.dimension);
        drop(vectors);
        if let Some(model) = self.embedder() {
            model.forget_recent();
        }
    }

    /// `loading`, `ready` or `unavailable: <why>`, as `/api/health` reports it.
    pub fn status(&self) -> String {
        match &*self.embedder.read().unwrap_or_else(|e| e.into_inner()) {
            EmbedderStatus::Loading => "loading".into(),
            EmbedderStatus::Ready(_) => "ready".into(),
            EmbedderStatus::Unavailable(why) => format!("unavailable: {why}"),
        }
    }

    pub fn embedder(&self) -> Option<Arc<ModelThread>> {
        match &*self.embedder.read().unwrap_or_else(|e| e.into_inner()) {
            EmbedderStatus::Ready(e) => Some(e.clone()),
            _ => None,
        }
    }

    pub fn model_id(&self) -> Option<String> {
        self.embedder().map(|e| e.model_id().to_string())
    }

    /// How many passage vectors are searchable.
    pub fn vector_count(&self) -> usize {
        self.vectors.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Makes `embedder` the model: documents embedded by another model go back to `pending`
    /// (vectors of two models cannot be compared), and the worker is woken. Blocking.
    /// A locked case file is left as it is: [`Knowledge::unlocked`] does the same once it opens.
    pub fn set_embedder(&self, store: &Store, embedder: Arc<dyn Embedder>) -> Result<(), ApiError> {
        let mut vectors = self.vectors.write().unwrap_or_else(|e| e.into_inner());
        let requeued = match store.write(|c| chunks::requeue_other_models(c, embedder.model_id())) {
            Err(ApiError::Locked) => 0,
            other => other?,
        };
        if requeued > 0 {
            tracing::info!(records = requeued, model = embedder.model_id(), "re-embedding documents made with another model");
            *vectors = PassageVectors::load(store)?;
        }
        if vectors.is_empty() {
            vectors.dimension = embedder.dimension();
        }
        *self.embedder.write().unwrap_or_else(|e| e.into_inner()) = EmbedderStatus::Ready(Arc::new(ModelThread::spawn(embedder)));
        drop(vectors);
        self.wake.notify_one();
        Ok(())
    }

    pub fn set_unavailable(&self, why: String) {
        *self.embedder.write().unwrap_or_else(|e| e.into_inner()) = EmbedderStatus::Unavailable(why);
    }

    /// Reads every stored passage vector again (after a restore replaced the database). Blocking.
    pub fn reload(&self, store: &Store) -> Result<(), ApiError> {
        let mut vectors = self.vectors.write().unwrap_or_else(|e| e.into_inner());
        let dimension = vectors.dimension;
        *vectors = PassageVectors::load(store)?;
        if vectors.is_empty() {
            vectors.dimension = dimension;
        }
        Ok(())
    }

    /// The case file was unlocked: documents embedded by another model than the one loaded go back
    /// to `pending`, every stored vector is read, and the worker is woken. Blocking.
    pub fn unlocked(&self, store: &Store) -> Result<(), ApiError> {
        if let Some(model) = self.embedder() {
            let model_id = model.model_id().to_string();
            store.write(|c| chunks::requeue_other_models(c, &model_id))?;
        }
        self.reload(store)?;
        self.wake();
        Ok(())
    }

    /// Tells the worker there may be something to embed.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Changes or deletes what `owner`'s passages are cut from with `change` while no search or
    /// embedding can see half of it, then drops its vectors and wakes the worker (a changed note
    /// or a re-read document is `pending` again). Blocking.
    pub fn replace_passages<T>(&self, owner: Owner, change: impl FnOnce() -> Result<T, ApiError>) -> Result<T, ApiError> {
        let mut vectors = self.vectors.write().unwrap_or_else(|e| e.into_inner());
        let result = change()?;
        vectors.remove(owner);
        drop(vectors);
        self.wake.notify_one();
        Ok(result)
    }

    /// The `top_k` passages that best answer `query`. Blocking (it may run the model).
    pub fn search(&self, store: &Store, query: &str, top_k: usize) -> Result<KnowledgeSearch, ApiError> {
        let embedder = self.embedder();
        let mut by_meaning: Vec<(i64, f32)> = Vec::new();
        if let Some(embedder) = &embedder {
            match embedder.embed_question(query) {
                Ok(query_vector) => {
                    by_meaning = self.vectors.read().unwrap_or_else(|e| e.into_inner()).nearest(&query_vector, FUSION_CANDIDATES);
                    by_meaning.retain(|(_, similarity)| *similarity >= MIN_SIMILARITY);
                }
                Err(e) => tracing::warn!("searching by words only: {e}"),
            }
        }
        let by_words = match fts_query(query) {
            Some(fts) => store.read(|c| chunks::text_search(c, &fts, FUSION_CANDIDATES))?,
            None => Vec::new(),
        };

        // Reciprocal rank fusion: each ranking adds 1/(K + rank); a passage both find rises above either alone.
        #[derive(Default)]
        struct Fused {
            rrf: f64,
            similarity: Option<f32>,
            by_words: bool,
        }
        let mut fused: HashMap<i64, Fused> = HashMap::new();
        for (rank, (chunk, similarity)) in by_meaning.iter().enumerate() {
            let entry = fused.entry(*chunk).or_default();
            entry.rrf += 1.0 / (RRF_K + rank as f64 + 1.0);
            entry.similarity = Some(*similarity);
        }
        for (rank, chunk) in by_words.iter().enumerate() {
            let entry = fused.entry(*chunk).or_default();
            entry.rrf += 1.0 / (RRF_K + rank as f64 + 1.0);
            entry.by_words = true;
        }
        let mut ranked: Vec<(i64, Fused)> = fused.into_iter().collect();
        ranked.sort_by(|(a_id, a), (b_id, b)| b.rrf.total_cmp(&a.rrf).then(a_id.cmp(b_id)));
        ranked.truncate(top_k);

        let ids: Vec<i64> = ranked.iter().map(|(id, _)| *id).collect();
        let passages = store.read(|c| chunks::passages(c, &ids))?;
        let best_possible = 2.0 / (RRF_K + 1.0);
        let mut scores: HashMap<i64, Fused> = ranked.into_iter().collect();
        let hits = passages
            .into_iter()
            .filter_map(|p| {
                let f = scores.remove(&p.chunk_id)?;
                let mut matched_by = Vec::new();
                if f.similarity.is_some() {
                    matched_by.push("meaning");
                }
                if f.by_words {
                    matched_by.push("words");
                }
                let document = matches!(p.owner, Owner::Document(_));
                Some(KnowledgeHit {
                    from: p.owner.kind(),
                    id: p.owner.id(),
                    document_id: document.then_some(p.owner.id()),
                    document_title: document.then(|| p.title.clone()),
                    note_id: (!document).then_some(p.owner.id()),
                    title: p.title,
                    chunk_id: p.chunk_id,
                    passage: p.seq,
                    start: p.start,
                    end: p.end,
                    start_char: p.start_char,
                    text: p.text,
                    score: (f.rrf / best_possible * 1000.0).round() / 1000.0,
                    similarity: f.similarity.map(|s| (s * 1000.0).round() / 1000.0),
                    matched_by,
                })
            })
            .collect();
        Ok(KnowledgeSearch { query: query.to_string(), mode: if embedder.is_some() { "meaning+words" } else { "words" }, passages: hits })
    }
}

/// Embeds pending notes and documents, one at a time, for as long as the server runs.
pub fn spawn_worker(store: Store, knowledge: Arc<Knowledge>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let next = match knowledge.embedder() {
                None => None,
                Some(embedder) => match blocking(&store, |s| s.read(chunks::next_pending)).await {
                    Ok(next) => next.map(|owner| (owner, embedder)),
                    // Locked: nothing to embed until the passphrase is given (unlocking wakes it).
                    Err(ApiError::Locked) => None,
                    Err(e) => {
                        tracing::error!("embedding worker: {e}");
                        None
                    }
                },
            };
            match next {
                Some((owner, embedder)) => {
                    if let Err(e) = embed_passages(&store, &knowledge, owner, embedder).await {
                        tracing::error!(from = owner.kind(), id = owner.id(), "embedding failed: {e}");
                        let message = e.to_string();
                        let _ = blocking(&store, move |s| s.write(|c| chunks::mark_failed(c, owner, &message))).await;
                    }
                }
                // Woken by an upload, or by the model becoming ready.
                None => knowledge.wake.notified().await,
            }
        }
    })
}

/// Runs blocking store work on tokio's blocking pool.
async fn blocking<T: Send + 'static>(store: &Store, f: impl FnOnce(&Store) -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || f(&store)).await?
}

async fn embed_passages(store: &Store, knowledge: &Arc<Knowledge>, owner: Owner, embedder: Arc<ModelThread>) -> Result<(), ApiError> {
    let started = std::time::Instant::now();
    let passages = blocking(store, move |s| s.read(|c| chunks::texts_of(c, owner))).await?;
    let texts: Vec<String> = passages.iter().map(|(_, text)| text.clone()).collect();
    let model = embedder.model_id().to_string();
    let vectors = tokio::task::spawn_blocking(move || {
        let mut vectors = Vec::with_capacity(texts.len());
        for batch in texts.chunks(EMBED_BATCH) {
            vectors.extend(embedder.embed_passages(batch.to_vec())?);
        }
        Ok::<_, EmbedError>(vectors)
    })
    .await??;
    if vectors.len() != passages.len() {
        return Err(ApiError::Internal(format!("the model returned {} vectors for {} passages", vectors.len(), passages.len())));
    }
    let count = passages.len();
    let knowledge = knowledge.clone();
    blocking(store, move |s| {
        let mut matrix = knowledge.vectors.write().unwrap_or_else(|e| e.into_inner());
        // The document or note may have been deleted (or changed, or re-queued) while the model ran.
        let stored = s.write(|c| {
            if !chunks::is_pending(c, owner)? || chunks::texts_of(c, owner)? != passages {
                return Ok(false);
            }
            for ((chunk, _), vector) in passages.iter().zip(&vectors) {
                chunks::set_vector(c, *chunk, vector)?;
            }
            chunks::mark_ready(c, owner, &model)?;
            Ok(true)
        })?;
        if stored {
            matrix.remove(owner);
            for ((chunk, _), vector) in passages.iter().zip(&vectors) {
                if vector.len() == matrix.dimension {
                    matrix.push(*chunk, owner, vector);
                }
            }
        }
        Ok(())
    })
    .await?;
    tracing::info!(from = owner.kind(), id = owner.id(), passages = count, ms = started.elapsed().as_millis() as u64, "passages embedded");
    Ok(())
}

/// The model on a thread of its own. Questions go before passages; callers block until their
/// vectors are back. The vectors of the last [`RECENT_QUESTIONS`] questions are kept, so a
/// question asked again (the agent's tools often search the same words) costs no model run.
pub struct ModelThread {
    model: Arc<dyn Embedder>,
    queue: Arc<(Mutex<Queue>, Condvar)>,
    recent: Mutex<Recent>,
    /// When it was made ready, in seconds since 1970.
    ready_since: u64,
}

/// How many recent questions' vectors [`ModelThread`] keeps (1.5 KB each).
const RECENT_QUESTIONS: usize = 256;
/// Longer texts are passages, not questions: not kept.
const QUESTION_CHARS: usize = 500;

/// The least recently used entry goes first when full.
#[derive(Default)]
struct Recent {
    vectors: HashMap<String, (Vec<f32>, u64)>,
    clock: u64,
}

impl Recent {
    fn get(&mut self, text: &str) -> Option<Vec<f32>> {
        self.clock += 1;
        let clock = self.clock;
        self.vectors.get_mut(text).map(|(vector, used)| {
            *used = clock;
            vector.clone()
        })
    }

    fn put(&mut self, text: &str, vector: &[f32]) {
        if text.len() > QUESTION_CHARS {
            return;
        }
        if self.vectors.len() >= RECENT_QUESTIONS
            && !self.vectors.contains_key(text)
            && let Some(oldest) = self.vectors.iter().min_by_key(|(_, (_, used))| *used).map(|(t, _)| t.clone())
        {
            self.vectors.remove(&oldest);
        }
        self.clock += 1;
        self.vectors.insert(text.to_string(), (vector.to_vec(), self.clock));
    }
}

type Reply = mpsc::Sender<Result<Vec<Vec<f32>>, EmbedError>>;

#[derive(Default)]
struct Queue {
    questions: VecDeque<(Vec<String>, Reply)>,
    passages: VecDeque<(Vec<String>, Reply)>,
    closed: bool,
}

impl ModelThread {
    pub fn spawn(model: Arc<dyn Embedder>) -> Self {
        let queue: Arc<(Mutex<Queue>, Condvar)> = Arc::default();
        let (jobs, runner) = (queue.clone(), model.clone());
        std::thread::Builder::new()
            .name("embedding-model".into())
            .spawn(move || {
                let (lock, ready) = &*jobs;
                loop {
                    let (texts, reply) = {
                        let mut q = lock.lock().unwrap_or_else(|e| e.into_inner());
                        loop {
                            if let Some(job) = q.questions.pop_front().or_else(|| q.passages.pop_front()) {
                                break job;
                            }
                            if q.closed {
                                return;
                            }
                            q = ready.wait(q).unwrap_or_else(|e| e.into_inner());
                        }
                    };
                    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
                    let _ = reply.send(runner.embed(&refs));
                }
            })
            .expect("spawning the embedding-model thread");
        let ready_since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        ModelThread { model, queue, recent: Mutex::default(), ready_since }
    }

    /// Forgets the recent questions' vectors (their texts are the keys).
    pub fn forget_recent(&self) {
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        recent.vectors.clear();
    }

    pub fn model_id(&self) -> &str {
        self.model.model_id()
    }

    /// When the model was made ready here, in seconds since 1970 (`created` in `/v1/models`).
    pub fn ready_since(&self) -> u64 {
        self.ready_since
    }

    pub fn dimension(&self) -> usize {
        self.model.dimension()
    }

    /// A search's question, ahead of any waiting passages. Blocking.
    pub fn embed_question(&self, text: &str) -> Result<Vec<f32>, EmbedError> {
        Ok(self.embed_questions(vec![text.to_string()])?.pop().unwrap_or_default())
    }

    /// Several questions at once (the `/v1/embeddings` endpoint), ahead of waiting passages; one
    /// recently asked comes from memory. Blocking.
    pub fn embed_questions(&self, texts: Vec<String>) -> Result<Vec<Vec<f32>>, EmbedError> {
        let recent = || self.recent.lock().unwrap_or_else(|e| e.into_inner());
        if let [text] = texts.as_slice() {
            if let Some(vector) = recent().get(text) {
                return Ok(vec![vector]);
            }
            let vectors = self.run(texts.clone(), true)?;
            if let Some(vector) = vectors.first() {
                recent().put(&texts[0], vector);
            }
            return Ok(vectors);
        }
        self.run(texts, true)
    }

    /// A document's passages. Blocking.
    pub fn embed_passages(&self, texts: Vec<String>) -> Result<Vec<Vec<f32>>, EmbedError> {
        self.run(texts, false)
    }

    fn run(&self, texts: Vec<String>, question: bool) -> Result<Vec<Vec<f32>>, EmbedError> {
        let (reply, answer) = mpsc::channel();
        {
            let mut q = self.queue.0.lock().unwrap_or_else(|e| e.into_inner());
            if question { q.questions.push_back((texts, reply)) } else { q.passages.push_back((texts, reply)) }
        }
        self.queue.1.notify_one();
        answer.recv().map_err(|_| EmbedError::Model("the embedding-model thread stopped".into()))?
    }
}

impl Drop for ModelThread {
    fn drop(&mut self) {
        self.queue.0.lock().unwrap_or_else(|e| e.into_inner()).closed = true;
        self.queue.1.notify_all();
    }
}

/// Passage vectors in one flat row-major matrix. Vectors are unit length, so a dot product is
/// their cosine.
#[derive(Debug, Default)]
pub struct PassageVectors {
    dimension: usize,
    chunk_ids: Vec<i64>,
    owners: Vec<Owner>,
    data: Vec<f32>,
}

impl PassageVectors {
    /// Every stored vector of a `ready` document or note.
    pub fn load(store: &Store) -> Result<Self, ApiError> {
        let mut vectors = PassageVectors::default();
        store.read(|c| {
            chunks::for_each_vector(c, |chunk, owner, vector| {
                if vectors.dimension == 0 {
                    vectors.dimension = vector.len();
                }
                if vector.len() == vectors.dimension {
                    vectors.push(chunk, owner, &vector);
                } else {
                    tracing::warn!(chunk, from = owner.kind(), id = owner.id(), "skipping a passage vector of another dimension");
                }
            })
        })?;
        Ok(vectors)
    }

    pub fn with_dimension(dimension: usize) -> Self {
        PassageVectors { dimension, ..Default::default() }
    }

    pub fn len(&self) -> usize {
        self.chunk_ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chunk_ids.is_empty()
    }

    pub fn push(&mut self, chunk_id: i64, owner: Owner, vector: &[f32]) {
        debug_assert_eq!(vector.len(), self.dimension);
        self.chunk_ids.push(chunk_id);
        self.owners.push(owner);
        self.data.extend_from_slice(vector);
    }

    /// Drops every vector of `owner`'s passages.
    pub fn remove(&mut self, owner: Owner) {
        if !self.owners.contains(&owner) {
            return;
        }
        let dimension = self.dimension;
        let mut kept = 0;
        for row in 0..self.chunk_ids.len() {
            if self.owners[row] == owner {
                continue;
            }
            self.chunk_ids[kept] = self.chunk_ids[row];
            self.owners[kept] = self.owners[row];
            self.data.copy_within(row * dimension..(row + 1) * dimension, kept * dimension);
            kept += 1;
        }
        self.chunk_ids.truncate(kept);
        self.owners.truncate(kept);
        self.data.truncate(kept * dimension);
    }

    /// The `k` passages nearest `query`, best first, as `(chunk id, cosine)`.
    pub fn nearest(&self, query: &[f32], k: usize) -> Vec<(i64, f32)> {
        proseva_embed::top_k(query, &self.data, self.dimension, k, |_| false)
            .into_iter()
            .map(|(row, score)| (self.chunk_ids[row], score))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(v: &[f32]) -> Vec<f32> {
        let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.iter().map(|x| x / n).collect()
    }

    #[test]
    fn nearest_ranks_by_cosine_and_removal_keeps_the_rest_aligned() {
        let mut m = PassageVectors::with_dimension(3);
        m.push(10, Owner::Document(1), &unit(&[1.0, 0.0, 0.0]));
        m.push(11, Owner::Note(1), &unit(&[0.9, 0.1, 0.0]));
        m.push(12, Owner::Document(1), &unit(&[0.0, 1.0, 0.0]));
        m.push(13, Owner::Document(3), &unit(&[0.7, 0.7, 0.0]));
        let ids = |hits: Vec<(i64, f32)>| hits.into_iter().map(|(id, _)| id).collect::<Vec<_>>();
        assert_eq!(ids(m.nearest(&unit(&[1.0, 0.0, 0.0]), 3)), [10, 11, 13]);
        m.remove(Owner::Document(1));
        assert_eq!(m.len(), 2);
        assert_eq!(ids(m.nearest(&unit(&[0.0, 1.0, 0.0]), 5)), [13, 11]);
        assert!(m.nearest(&[1.0, 0.0], 5).is_empty(), "a query of another dimension matches nothing");
    }

    /// Counts the texts it embeds; a text's vector is its length, then zeros.
    struct Counting(std::sync::atomic::AtomicUsize);

    impl Embedder for Counting {
        fn model_id(&self) -> &str {
            "counting"
        }
        fn dimension(&self) -> usize {
            2
        }
        fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
            self.0.fetch_add(texts.len(), std::sync::atomic::Ordering::SeqCst);
            Ok(texts.iter().map(|t| vec![t.len() as f32, 0.0]).collect())
        }
    }

    #[test]
    fn a_question_asked_again_comes_from_memory_and_the_oldest_goes_first() {
        let model = Arc::new(Counting(Default::default()));
        let thread = ModelThread::spawn(model.clone());
        let runs = || model.0.load(std::sync::atomic::Ordering::SeqCst);
        assert_eq!(thread.embed_question("custody").unwrap(), vec![7.0, 0.0]);
        assert_eq!(thread.embed_question("custody").unwrap(), vec![7.0, 0.0]);
        assert_eq!(runs(), 1, "the second ask is answered from memory");
        assert_eq!(thread.embed_questions(vec!["custody".into(), "custody".into()]).unwrap().len(), 2);
        assert_eq!(runs(), 3, "a batch is not looked up: it runs");
        for i in 0..RECENT_QUESTIONS {
            thread.embed_question(&format!("question {i}")).unwrap();
        }
        let before = runs();
        thread.embed_question(&format!("question {}", RECENT_QUESTIONS - 1)).unwrap();
        assert_eq!(runs(), before, "a recent question is kept");
        thread.embed_question("custody").unwrap();
        assert_eq!(runs(), before + 1, "the least recently used question was dropped");
        thread.embed_passages(vec!["x".repeat(QUESTION_CHARS + 1)]).unwrap();
        thread.embed_question(&"x".repeat(QUESTION_CHARS + 1)).unwrap();
        thread.embed_question(&"x".repeat(QUESTION_CHARS + 1)).unwrap();
        assert_eq!(runs(), before + 4, "long texts are not kept");
    }
}
