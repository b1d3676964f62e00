//! all-MiniLM-L6-v2's encoder (a 6-layer BERT) on the CPU, run on packed sequences: the tokens of
//! every text of a forward pass are stacked into one matrix for the linear layers (where nearly all
//! the FLOPs are), and attention runs per text over its own tokens. Nothing is padded, so no FLOP
//! goes on padding and no mask is needed; the vectors are those of the padded, masked computation.
//!
//! A pass of many tokens (sections) runs its matmuls on candle's gemm, spread over the cores; a
//! pass of up to [`FEW_ROWS`] tokens (a question) runs them in [`matmul`]'s `few_rows`, which reads each
//! weight once (gemm's packing costs more than the product there). The rest — bias, softmax, GELU,
//! layer norm, pooling — is plain Rust over slices, written so the compiler vectorises it
//! (branch-free `exp` and `erf`), and in place where candle allows it ([`InplaceOp1`](candle_core::InplaceOp1)), instead of
//! candle's single-threaded element-wise ops and their allocation per op.
//!
//! The weights are held in half precision (f16: the model takes about 30 MB of memory instead of
//! 90, and a question's pass reads half the bytes); the vectors stay within cosine 0.999999 of
//! those of the f32 weights (the shipped starter vectors were made with them). gemm gets one
//! layer's weight widened to f32 for the length of a product. The weights are read from
//! `model.safetensors` one tensor at a time, rounded as they are read, so loading never holds the
//! file's 90 MB. The word embeddings (30,522 rows: 23 MB even in f16) are not held at all: a text's
//! rows are read from the file as it is embedded (issue 46: the server's memory), rounded the same
//! way, so the vectors do not change.

mod matmul;
mod rows;
mod safetensors;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use candle_core::{Device, Tensor};
use rayon::prelude::*;
use serde::Deserialize;

use self::matmul::{FEW_ROWS, Weight};
use self::rows::{InPlace, add_residual_norm, gelu_with_bias, layer_norm, par_rows, softmax_rows, with_data};
use self::safetensors::{Rows, SafeTensors};
use crate::EmbedError;

/// The parts of `config.json` this encoder reads.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct BertConfig {
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
    pub intermediate_size: usize,
    pub max_position_embeddings: usize,
    #[serde(default = "default_eps")]
    pub layer_norm_eps: f64,
    #[serde(default)]
    pub hidden_act: Option<String>,
    #[serde(default)]
    pub position_embedding_type: Option<String>,
}

fn default_eps() -> f64 {
    1e-12
}

/// Where the time of an embedding call went, and how much work it was.
#[derive(Debug, Clone, Default)]
pub struct Profile {
    /// Text to token ids.
    pub tokenise: Duration,
    /// Token, position and type embeddings, and their layer norm.
    pub embeddings: Duration,
    /// The Q, K and V projections (one matmul a layer).
    pub qkv: Duration,
    /// Scores, softmax and the weighted values, per text.
    pub attention: Duration,
    /// The attention output projection, residual and layer norm.
    pub attention_output: Duration,
    /// The feed-forward block: two matmuls, GELU, residual and layer norm.
    pub feed_forward: Duration,
    /// Mean over each text's tokens and L2 normalisation.
    pub pool: Duration,
    pub texts: usize,
    pub forward_passes: usize,
    /// Tokens run through the encoder (all real: nothing is padded).
    pub tokens: usize,
    /// FLOPs of the matmuls run (the linear layers and attention's two products).
    pub flops: f64,
}

impl Profile {
    pub fn forward(&self) -> Duration {
        self.embeddings + self.qkv + self.attention + self.attention_output + self.feed_forward
    }

    pub fn total(&self) -> Duration {
        self.tokenise + self.forward() + self.pool
    }
}

struct Norm {
    weight: Vec<f32>,
    bias: Vec<f32>,
}

struct Layer {
    /// Q, K and V stacked: (3 × hidden) × hidden.
    qkv: Weight,
    qkv_bias: Vec<f32>,
    output: Weight,
    output_bias: Vec<f32>,
    attention_norm: Norm,
    up: Weight,
    up_bias: Vec<f32>,
    down: Weight,
    down_bias: Vec<f32>,
    output_norm: Norm,
}

pub(crate) struct Bert {
    hidden: usize,
    heads: usize,
    intermediate: usize,
    vocab: usize,
    max_positions: usize,
    eps: f32,
    /// The word embeddings, read from the file row by row as texts use them ([`Rows`]).
    word: Rows,
    position: Vec<f32>,
    /// Type 0's embedding (every token here is of type 0).
    token_type: Vec<f32>,
    embedding_norm: Norm,
    layers: Vec<Layer>,
    /// The linear weights widened to f32 for gemm, kept while sections are being embedded (a fresh
    /// 9 MB buffer a product is a fresh mapping of pages on every product) and let go
    /// [`KEEP_WIDENED`] after the last pass of many tokens.
    widened: Arc<Mutex<Widened>>,
}

/// How long the f32 copy of the weights (43 MB) outlives the last pass that used it: long enough
/// for a burst of passes — the background job's sections come every few hundred milliseconds, a
/// question's headings and passages within one search — and no longer. At 20 s (until issue 46) the
/// server still held it 5 s after every question's search, 53 MB of its 100.
const KEEP_WIDENED: Duration = Duration::from_secs(3);

/// Per layer: Q·K·V, attention output, up, down, each `Wᵀ` in f32.
type WideLayers = Arc<Vec<[Tensor; 4]>>;

#[derive(Default)]
struct Widened {
    layers: Option<WideLayers>,
    used: Option<Instant>,
}

impl Bert {
    pub(crate) fn load(weights: &Path, config: &BertConfig) -> Result<Self, EmbedError> {
        if config.hidden_act.as_deref().is_some_and(|a| a != "gelu") {
            return Err(EmbedError::Model(format!("hidden_act {:?} is not supported (only \"gelu\")", config.hidden_act)));
        }
        if config.position_embedding_type.as_deref().is_some_and(|p| p != "absolute") {
            return Err(EmbedError::Model(format!("position_embedding_type {:?} is not supported", config.position_embedding_type)));
        }
        let (h, i) = (config.hidden_size, config.intermediate_size);
        if config.num_attention_heads == 0 || h % config.num_attention_heads != 0 {
            return Err(EmbedError::Model(format!("{} heads do not divide hidden size {h}", config.num_attention_heads)));
        }
        let mut file = SafeTensors::open(weights)?;
        let norm = |file: &mut SafeTensors, name: &str| -> Result<Norm, EmbedError> {
            Ok(Norm { weight: file.read(&format!("{name}.weight"), &[h])?, bias: file.read(&format!("{name}.bias"), &[h])? })
        };
        let word = file.rows("embeddings.word_embeddings.weight", [config.vocab_size, h])?;
        let position = file.read("embeddings.position_embeddings.weight", &[config.max_position_embeddings, h])?;
        let types = file.read_any("embeddings.token_type_embeddings.weight", h)?;
        let token_type = types[..h].to_vec();
        drop(types);
        let embedding_norm = norm(&mut file, "embeddings.LayerNorm")?;
        let mut layers = Vec::with_capacity(config.num_hidden_layers);
        for l in 0..config.num_hidden_layers {
            let p = format!("encoder.layer.{l}");
            let mut qkv = Vec::with_capacity(3 * h * h);
            let mut qkv_bias = Vec::with_capacity(3 * h);
            for part in ["query", "key", "value"] {
                qkv.extend(file.read_f16(&format!("{p}.attention.self.{part}.weight"), &[h, h])?);
                qkv_bias.extend(file.read(&format!("{p}.attention.self.{part}.bias"), &[h])?);
            }
            let mut weight = |name: &str, out: usize, cols: usize| -> Result<Weight, EmbedError> {
                Ok(Weight::new(file.read_f16(&format!("{p}.{name}.weight"), &[out, cols])?, out, cols))
            };
            let (output, up, down) =
                (weight("attention.output.dense", h, h)?, weight("intermediate.dense", i, h)?, weight("output.dense", h, i)?);
            layers.push(Layer {
                qkv: Weight::new(qkv, 3 * h, h),
                qkv_bias,
                output,
                output_bias: file.read(&format!("{p}.attention.output.dense.bias"), &[h])?,
                attention_norm: norm(&mut file, &format!("{p}.attention.output.LayerNorm"))?,
                up,
                up_bias: file.read(&format!("{p}.intermediate.dense.bias"), &[i])?,
                down,
                down_bias: file.read(&format!("{p}.output.dense.bias"), &[h])?,
                output_norm: norm(&mut file, &format!("{p}.output.LayerNorm"))?,
            });
        }
        Ok(Bert {
            hidden: h,
            heads: config.num_attention_heads,
            intermediate: i,
            vocab: config.vocab_size,
            max_positions: config.max_position_embeddings,
            eps: config.layer_norm_eps as f32,
            word,
            position,
            token_type,
            embedding_norm,
            layers,
            widened: Arc::default(),
        })
    }

    /// The f32 weights for a pass of many tokens; a thread lets them go once unused for
    /// [`KEEP_WIDENED`] (and ends with the model).
    fn widened(&self) -> Result<WideLayers, EmbedError> {
        let mut widened = self.widened.lock().unwrap_or_else(|e| e.into_inner());
        widened.used = Some(Instant::now());
        if let Some(layers) = &widened.layers {
            return Ok(layers.clone());
        }
        let layers: WideLayers = Arc::new(
            self.layers
                .iter()
                .map(|l| Ok([l.qkv.widen()?, l.output.widen()?, l.up.widen()?, l.down.widen()?]))
                .collect::<Result<_, EmbedError>>()?,
        );
        widened.layers = Some(layers.clone());
        let watched = Arc::downgrade(&self.widened);
        let spawned = std::thread::Builder::new().name("embed-weights".into()).spawn(move || {
            loop {
                std::thread::sleep(KEEP_WIDENED / 4);
                let Some(widened) = watched.upgrade() else { return };
                let mut widened = widened.lock().unwrap_or_else(|e| e.into_inner());
                if widened.used.is_none_or(|used| used.elapsed() >= KEEP_WIDENED) {
                    widened.layers = None;
                    drop(widened);
                    crate::memory::give_back_freed_memory();
                    return;
                }
            }
        });
        if spawned.is_err() {
            // No thread to let them go: do not keep them.
            widened.layers = None;
        }
        Ok(layers)
    }

    pub(crate) fn hidden(&self) -> usize {
        self.hidden
    }

    /// FLOPs of the matmuls for one text of `tokens` tokens.
    pub(crate) fn flops(&self, tokens: usize) -> f64 {
        let (t, h, i) = (tokens as f64, self.hidden as f64, self.intermediate as f64);
        self.layers.len() as f64 * (t * 2.0 * (4.0 * h * h + 2.0 * h * i) + 4.0 * t * t * h)
    }

    /// The L2-normalised mean of the last hidden states of each text's tokens, one vector a text.
    ///
    /// The pass runs on a thread of the pool its parallel parts use: called from outside it, each
    /// of those parts would otherwise cost two thread wake-ups (the pool's and the caller's), which
    /// on a small VM is a good part of a question's few milliseconds.
    pub(crate) fn embed(&self, texts: &[&[u32]], profile: &mut Profile) -> Result<Vec<Vec<f32>>, EmbedError> {
        rayon::scope(|_| self.embed_here(texts, profile))
    }

    fn embed_here(&self, texts: &[&[u32]], profile: &mut Profile) -> Result<Vec<Vec<f32>>, EmbedError> {
        let h = self.hidden;
        let lengths: Vec<usize> = texts.iter().map(|t| t.len()).collect();
        let total: usize = lengths.iter().sum();
        if lengths.contains(&0) || lengths.iter().any(|&l| l > self.max_positions) {
            return Err(EmbedError::Model(format!("texts must have 1 to {} tokens", self.max_positions)));
        }
        profile.forward_passes += 1;
        profile.tokens += total;
        profile.flops += lengths.iter().map(|&l| self.flops(l)).sum::<f64>();

        let started = Instant::now();
        let mut x = vec![0.0_f32; total * h];
        let mut rows = x.chunks_exact_mut(h);
        let mut bytes = Vec::new();
        for text in texts {
            for (position, &id) in text.iter().enumerate() {
                let id = id as usize;
                if id >= self.vocab {
                    return Err(EmbedError::Model(format!("token id {id} is outside the vocabulary of {}", self.vocab)));
                }
                let place = &self.position[position * h..(position + 1) * h];
                if let Some(row) = rows.next() {
                    self.word.read(id, row, &mut bytes)?;
                    for ((out, t), p) in row.iter_mut().zip(&self.token_type).zip(place) {
                        *out = (*out + t) + p;
                    }
                }
            }
        }
        par_rows(&mut x, h, |rows| layer_norm(rows, &self.embedding_norm, self.eps));
        profile.embeddings += started.elapsed();

        let wide = if total > FEW_ROWS { Some(self.widened()?) } else { None };
        for (l, layer) in self.layers.iter().enumerate() {
            let started = Instant::now();
            let wide = wide.as_ref().map(|w| &w[l]);
            let qkv = layer.qkv.apply(&x, total, wide.map(|w| &w[0]))?;
            let split = Instant::now();
            profile.qkv += split - started;

            // Each text attends over its own tokens; the texts are shared between the cores (the
            // matmuls inside run on the same pool, so they stay on the thread that asked).
            let mut context = vec![0.0_f32; total * h];
            with_data(&qkv, |qkv| {
                let mut jobs = Vec::with_capacity(lengths.len());
                let (mut first, mut out) = (0, context.as_mut_slice());
                for &length in &lengths {
                    let (mine, rest) = out.split_at_mut(length * h);
                    jobs.push((&qkv[first * 3 * h..(first + length) * 3 * h], length, mine));
                    (first, out) = (first + length, rest);
                }
                jobs.into_par_iter().try_for_each(|(qkv, length, out)| self.attend(qkv, length, &layer.qkv_bias, out))
            })??;
            drop(qkv);
            let projected = Instant::now();
            profile.attention += projected - split;

            let output = layer.output.apply(&context, total, wide.map(|w| &w[1]))?;
            drop(context);
            with_data(&output, |o| add_residual_norm(&mut x, o, &layer.output_bias, &layer.attention_norm, self.eps))?;
            let feed = Instant::now();
            profile.attention_output += feed - projected;

            let up = layer.up.apply(&x, total, wide.map(|w| &w[2]))?;
            let bias = &layer.up_bias;
            up.inplace_op1(&InPlace(|v: &mut [f32]| par_rows(v, bias.len(), |rows| gelu_with_bias(rows, bias))))?;
            let down = with_data(&up, |up| layer.down.apply(up, total, wide.map(|w| &w[3])))??;
            drop(up);
            with_data(&down, |d| add_residual_norm(&mut x, d, &layer.down_bias, &layer.output_norm, self.eps))?;
            profile.feed_forward += feed.elapsed();
        }

        let started = Instant::now();
        let mut vectors = Vec::with_capacity(texts.len());
        let mut first = 0;
        for &length in &lengths {
            let mut mean = vec![0.0_f32; h];
            for row in x[first * h..(first + length) * h].chunks_exact(h) {
                mean.iter_mut().zip(row).for_each(|(m, v)| *m += v);
            }
            mean.iter_mut().for_each(|m| *m /= length as f32);
            crate::normalize(&mut mean);
            vectors.push(mean);
            first += length;
        }
        profile.pool += started.elapsed();
        Ok(vectors)
    }

    /// Self-attention of one text: `qkv` holds its `length` rows of Q, K and V (before bias);
    /// `out` gets its `length` rows of context, heads side by side.
    fn attend(&self, qkv: &[f32], length: usize, bias: &[f32], out: &mut [f32]) -> Result<(), EmbedError> {
        let (h, heads) = (self.hidden, self.heads);
        let d = h / heads;
        let scale = 1.0 / (d as f32).sqrt();
        // Head-major copies with the bias added: (heads, length, d) each.
        let mut q = vec![0.0_f32; h * length];
        let mut k = vec![0.0_f32; h * length];
        let mut v = vec![0.0_f32; h * length];
        for (t, row) in qkv.chunks_exact(3 * h).enumerate() {
            for head in 0..heads {
                let at = (head * length + t) * d;
                let c = head * d;
                for j in 0..d {
                    q[at + j] = (row[c + j] + bias[c + j]) * scale;
                    k[at + j] = row[h + c + j] + bias[h + c + j];
                    v[at + j] = row[2 * h + c + j] + bias[2 * h + c + j];
                }
            }
        }
        let q = Tensor::from_vec(q, (heads, length, d), &Device::Cpu)?;
        let k = Tensor::from_vec(k, (heads, length, d), &Device::Cpu)?;
        let v = Tensor::from_vec(v, (heads, length, d), &Device::Cpu)?;
        let scores = q.matmul(&k.t()?)?;
        scores.inplace_op1(&InPlace(|s: &mut [f32]| par_rows(s, length, |rows| softmax_rows(rows, length))))?;
        let context = scores.matmul(&v)?;
        with_data(&context, |c| {
            for (head, block) in c.chunks_exact(length * d).enumerate() {
                for (t, row) in block.chunks_exact(d).enumerate() {
                    out[t * h + head * d..t * h + (head + 1) * d].copy_from_slice(row);
                }
            }
        })
    }
}

#[cfg(test)]
mod tests;
