//! Sentence embeddings and text chunking for semantic search.
//!
//! This crate turns text into unit-length vectors whose dot product is their
//! cosine similarity, so "where do we hand the kid over on weekends" lands
//! near a custody order about exchanging the child. It has two embedders
//! behind one [`Embedder`] trait:
//!
//! - [`LocalEmbedder`]: all-MiniLM-L6-v2 (384 dimensions) running on the CPU
//!   with candle; the model files come from `scripts/install-model.sh`.
//! - [`OpenAiEmbedder`]: any OpenAI-compatible `POST {base}/embeddings`
//!   endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio).
//!
//! [`EmbedderConfig::from_env`] picks one from the environment, and
//! [`chunk::chunk_text`] cuts long documents into sentence-aligned pieces
//! small enough to embed.
//!
//! ```no_run
//! use proseva_embed::{EmbedderConfig, chunk::chunk_text, dot};
//!
//! let embedder = EmbedderConfig::from_env().build()?.expect("embeddings are enabled");
//! let statute = "The parties shall exchange the child at the Springfield police station.";
//! let chunks = chunk_text(statute, 1000, 200);
//! let texts: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
//! let vectors = embedder.embed(&texts)?;
//! let query = &embedder.embed(&["where do we hand the kid over"])?[0];
//! let best = vectors.iter().map(|v| dot(query, v)).fold(f32::MIN, f32::max);
//! assert!(best > 0.2);
//! # Ok::<(), proseva_embed::EmbedError>(())
//! ```
//!
//! Both embedders block the calling thread (no async runtime needed or used);
//! async servers should call them inside `spawn_blocking`.
//!
//! Not for: storing or indexing vectors (the explorer keeps them in SQLite and
//! scans them with [`dot`]), nor for generating text.

mod bert;
pub mod chunk;
mod config;
mod error;
mod local;
pub mod memory;
mod openai;

use std::path::PathBuf;

pub use bert::Profile;
pub use config::EmbedderConfig;
pub use error::EmbedError;
pub use local::LocalEmbedder;
/// The local model's id, as stored beside its vectors.
pub const LOCAL_MODEL_ID: &str = local::MODEL_ID;
/// The local model's vector size (all-MiniLM-L6-v2: 384; checked against the model's config when it loads).
pub const LOCAL_DIMENSION: usize = 384;
pub use openai::OpenAiEmbedder;

/// Something that turns texts into vectors of one model's space.
pub trait Embedder: Send + Sync {
    /// A stable identifier stored with vectors, e.g. "all-MiniLM-L6-v2" or "openai:text-embedding-3-small".
    fn model_id(&self) -> &str;
    /// Vector dimension, read from the model (config.json hidden_size) or, for remote endpoints, from the first response / configuration.
    fn dimension(&self) -> usize;
    /// L2-normalised embeddings, one per input, in order. Empty input -> empty output.
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError>;
}

/// Where `scripts/install-model.sh` puts the model by default:
/// `$HOME/.cache/proseva/models/all-minilm-l6-v2` (the platform cache dir on other systems).
pub fn default_model_dir() -> PathBuf {
    dirs::cache_dir().unwrap_or_else(|| PathBuf::from(".cache")).join("proseva").join("models").join("all-minilm-l6-v2")
}

/// Checks a stored dimension against an embedder's; mismatch -> EmbedError::DimensionMismatch{expected, found, model} with a clear message.
///
/// Vectors of different sizes cannot be compared, so a store built with one
/// model must be re-embedded (or the old model configured again) before it
/// can be searched with another.
pub fn check_dimension(stored_model: &str, stored_dim: usize, embedder: &dyn Embedder) -> Result<(), EmbedError> {
    let found = embedder.dimension();
    if found == stored_dim {
        return Ok(());
    }
    let model = if stored_model == embedder.model_id() {
        format!("`{stored_model}`")
    } else {
        format!("`{}`; the stored vectors were made by `{stored_model}`", embedder.model_id())
    };
    Err(EmbedError::DimensionMismatch { expected: stored_dim, found, model })
}

/// Dot product; the cosine similarity of two L2-normalised vectors.
///
/// Eight independent accumulators let the compiler keep them in one SIMD
/// register instead of a serial chain of adds. Vectors of different lengths
/// are compared over the shorter one (a caller bug, caught in debug builds).
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    debug_assert_eq!(a.len(), b.len(), "dot of vectors of different lengths");
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let (a_chunks, b_chunks) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a_chunks.remainder().iter().zip(b_chunks.remainder()).map(|(x, y)| x * y).sum();
    let mut acc = [0.0f32; 8];
    for (x, y) in a_chunks.zip(b_chunks) {
        for i in 0..8 {
            acc[i] += x[i] * y[i];
        }
    }
    acc.iter().sum::<f32>() + tail
}

/// Rows holding at least this many numbers in all are scanned on every core; below it, starting
/// the threads costs more than they save (50,000 × 384 floats scan in about 4 ms on one core).
const PARALLEL_FLOATS: usize = 1 << 20;

/// One scored row. Ordered by score, then the earlier row first, so the best hit is the greatest.
#[derive(PartialEq)]
struct Hit(f32, usize);
impl Eq for Hit {}
impl PartialOrd for Hit {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Hit {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then_with(|| other.1.cmp(&self.1))
    }
}

/// The `k` rows of `matrix` (row-major, `dimension` floats a row) with the highest dot product with
/// `query`, best first, as `(row, score)`; rows for which `skip` is true are left out. See [`top_k_by`].
pub fn top_k(query: &[f32], matrix: &[f32], dimension: usize, k: usize, skip: impl Fn(usize) -> bool + Sync) -> Vec<(usize, f32)> {
    if dimension == 0 || query.len() != dimension {
        return Vec::new();
    }
    let rows = matrix.len() / dimension;
    top_k_by(rows, rows * dimension, k, |row| (!skip(row)).then(|| dot(query, &matrix[row * dimension..(row + 1) * dimension])))
}

/// The `k` of `rows` rows with the highest `score`, best first, as `(row, score)`; rows scored
/// `None` are left out. One pass with a `k`-sized heap, so nothing is allocated per row; when the
/// rows hold at least [`PARALLEL_FLOATS`] numbers in all (`numbers`) they are split between the
/// cores and the parts' best merged.
pub fn top_k_by(rows: usize, numbers: usize, k: usize, score: impl Fn(usize) -> Option<f32> + Sync) -> Vec<(usize, f32)> {
    if k == 0 || rows == 0 {
        return Vec::new();
    }
    let threads = if numbers >= PARALLEL_FLOATS { std::thread::available_parallelism().map_or(1, |n| n.get().min(8)) } else { 1 };
    let mut hits = if threads <= 1 {
        best_of(0..rows, k, &score)
    } else {
        let per = rows.div_ceil(threads);
        let score = &score;
        std::thread::scope(|scope| {
            let parts: Vec<_> = (0..threads)
                .map(|t| (t * per)..((t + 1) * per).min(rows))
                .filter(|part| !part.is_empty())
                .map(|part| scope.spawn(move || best_of(part, k, score)))
                .collect();
            parts.into_iter().flat_map(|part| part.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
        })
    };
    hits.sort_unstable_by(|a, b| b.cmp(a));
    hits.truncate(k);
    hits.into_iter().map(|Hit(score, row)| (row, score)).collect()
}

/// The best `k` of the rows `part`, in no order.
fn best_of(part: std::ops::Range<usize>, k: usize, score: &(impl Fn(usize) -> Option<f32> + Sync)) -> Vec<Hit> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    // A min-heap of the best `k` so far: its top is the worst kept.
    let mut heap: BinaryHeap<Reverse<Hit>> = BinaryHeap::with_capacity(k + 1);
    for row in part {
        let Some(score) = score(row) else { continue };
        let hit = Hit(score, row);
        if heap.len() < k {
            heap.push(Reverse(hit));
        } else if heap.peek().is_some_and(|Reverse(worst)| hit > *worst) {
            heap.pop();
            heap.push(Reverse(hit));
        }
    }
    heap.into_iter().map(|Reverse(hit)| hit).collect()
}

/// Scales `v` to unit length in place; a zero vector stays zero.
pub fn normalize(v: &mut [f32]) {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        v.iter_mut().for_each(|x| *x /= norm);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_matrix_scanned_on_every_core_ranks_as_one_pass_would() {
        let dimension = 384;
        let rows = PARALLEL_FLOATS / dimension + 777;
        // Deterministic pseudo-random rows, with ties: every 1000th row repeats row 0.
        let mut state = 0x2545_f491_u32;
        let mut matrix: Vec<f32> = (0..rows * dimension)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                (state % 2001) as f32 / 1000.0 - 1.0
            })
            .collect();
        for row in (1000..rows).step_by(1000) {
            matrix.copy_within(0..dimension, row * dimension);
        }
        let query = matrix[..dimension].to_vec();
        let skip = |row: usize| row == 3;
        let mut expected: Vec<(usize, f32)> =
            matrix.chunks_exact(dimension).enumerate().filter(|(row, _)| !skip(*row)).map(|(row, v)| (row, dot(&query, v))).collect();
        expected.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        expected.truncate(25);
        assert_eq!(top_k(&query, &matrix, dimension, 25, skip), expected);
        assert_eq!(top_k(&query, &matrix, dimension, 25, skip)[0].0, 0, "ties go to the earlier row across the parts");
    }

    #[test]
    fn top_k_ranks_rows_by_dot_product_and_skips_what_it_is_told() {
        let matrix = [1.0, 0.0, 0.9, 0.1, 0.0, 1.0, 0.7, 0.7];
        assert_eq!(top_k(&[1.0, 0.0], &matrix, 2, 2, |_| false).iter().map(|h| h.0).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(top_k(&[1.0, 0.0], &matrix, 2, 3, |row| row == 0).iter().map(|h| h.0).collect::<Vec<_>>(), vec![1, 3, 2]);
        assert_eq!(top_k(&[1.0, 0.0], &matrix, 2, 10, |_| false).len(), 4);
        assert!(top_k(&[1.0, 0.0, 0.0], &matrix, 2, 2, |_| false).is_empty(), "a query of another dimension matches nothing");
        let equal = [0.5, 0.5, 0.5, 0.5];
        assert_eq!(top_k(&[1.0, 0.0], &equal, 2, 1, |_| false)[0].0, 0, "ties go to the earlier row");
    }

    struct Fixed(usize);
    impl Embedder for Fixed {
        fn model_id(&self) -> &str {
            "all-MiniLM-L6-v2"
        }
        fn dimension(&self) -> usize {
            self.0
        }
        fn embed(&self, _: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
            Ok(vec![])
        }
    }

    #[test]
    fn dot_matches_the_naive_sum_for_every_tail_length() {
        for n in 0..40 {
            let a: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin()).collect();
            let b: Vec<f32> = (0..n).map(|i| (i as f32 * 0.11).cos()).collect();
            let naive: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
            assert!((dot(&a, &b) - naive).abs() < 1e-5, "n = {n}");
        }
    }

    #[test]
    fn dot_of_a_unit_vector_with_itself_is_one() {
        let mut v: Vec<f32> = (0..384).map(|i| i as f32 - 100.0).collect();
        normalize(&mut v);
        assert!((dot(&v, &v) - 1.0).abs() < 1e-5);
    }

    #[test]
    fn check_dimension_accepts_the_same_size() {
        assert!(check_dimension("all-MiniLM-L6-v2", 384, &Fixed(384)).is_ok());
    }

    #[test]
    fn check_dimension_mismatch_names_both_sizes_and_both_models() {
        let err = check_dimension("openai:text-embedding-3-small", 1536, &Fixed(384)).unwrap_err();
        match &err {
            EmbedError::DimensionMismatch { expected, found, .. } => assert_eq!((*expected, *found), (1536, 384)),
            other => panic!("expected DimensionMismatch, got {other:?}"),
        }
        let message = err.to_string();
        for needle in ["1536", "384", "all-MiniLM-L6-v2", "openai:text-embedding-3-small"] {
            assert!(message.contains(needle), "{needle:?} missing from: {message}");
        }
        assert!(message.contains("re-embed"), "no remedy in: {message}");
    }

    #[test]
    fn default_model_dir_ends_in_the_installer_default() {
        assert!(default_model_dir().ends_with("proseva/models/all-minilm-l6-v2"), "{}", default_model_dir().display());
    }
}
