//! all-MiniLM-L6-v2's encoder (a 6-layer BERT) on the CPU, run on packed sequences: the tokens of
//! every text of a forward pass are stacked into one matrix for the linear layers (where nearly all
//! the FLOPs are), and attention runs per text over its own tokens. Nothing is padded, so no FLOP
//! goes on padding and no mask is needed; the vectors are those of the padded, masked computation.
//!
//! A pass of many tokens (sections) runs its matmuls on candle's gemm, spread over the cores; a
//! pass of up to [`FEW_ROWS`] tokens (a question) runs them in [`few_rows`], which reads each
//! weight once (gemm's packing costs more than the product there). The rest — bias, softmax, GELU,
//! layer norm, pooling — is plain Rust over slices, written so the compiler vectorises it
//! (branch-free `exp` and `erf`), and in place where candle allows it ([`InplaceOp1`]), instead of
//! candle's single-threaded element-wise ops and their allocation per op.
//!
//! The weights are held in half precision (f16: the model takes about 30 MB of memory instead of
//! 90, and a question's pass reads half the bytes); the vectors stay within cosine 0.999999 of
//! those of the f32 weights (the shipped starter vectors were made with them). gemm gets one
//! layer's weight widened to f32 for the length of a product. The weights are read from
//! `model.safetensors` one tensor at a time, rounded as they are read, so loading never holds the
//! file's 90 MB.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use candle_core::{CpuStorage, Device, InplaceOp1, Layout, Storage, Tensor};
use half::f16;
use half::slice::HalfFloatSliceExt;
use rayon::prelude::*;
use serde::Deserialize;

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

/// A linear layer's weight (`y = x · Wᵀ`) in half precision, laid out for [`few_rows`]: `Wᵀ` cut
/// into blocks of [`BLOCK`] output columns; in a block, rows `2p` and `2p + 1` of `Wᵀ` are packed
/// side by side, one `u32` a column (row `2p` in the low half), so one integer vector load brings
/// two rows that [`widen`] turns into f32 with shifts and masks. The last block and an odd last
/// row are padded with zeros.
struct Weight {
    packed: Vec<u32>,
    out: usize,
    cols: usize,
}

impl Weight {
    /// From the stored `out × cols` f16 weight.
    fn new(stored: Vec<f16>, out: usize, cols: usize) -> Self {
        let pairs = cols.div_ceil(2);
        let mut packed = vec![0_u32; out.div_ceil(BLOCK) * pairs * BLOCK];
        for (o, row) in stored.chunks_exact(cols).enumerate() {
            let (block, column) = (o / BLOCK, o % BLOCK);
            for (i, &w) in row.iter().enumerate() {
                packed[(block * pairs + i / 2) * BLOCK + column] |= u32::from(w.to_bits()) << (16 * (i % 2));
            }
        }
        Weight { packed, out, cols }
    }

    fn blocks(&self) -> usize {
        self.out.div_ceil(BLOCK)
    }

    /// One block's packed rows.
    fn block(&self, block: usize) -> &[u32] {
        let size = self.cols.div_ceil(2) * BLOCK;
        &self.packed[block * size..][..size]
    }
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
    word: Vec<f16>,
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

/// How long the f32 copy of the weights outlives the last pass that used it.
const KEEP_WIDENED: Duration = Duration::from_secs(20);

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
        let word = file.read_f16("embeddings.word_embeddings.weight", &[config.vocab_size, h])?;
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
        for text in texts {
            for (position, &id) in text.iter().enumerate() {
                let id = id as usize;
                if id >= self.vocab {
                    return Err(EmbedError::Model(format!("token id {id} is outside the vocabulary of {}", self.vocab)));
                }
                let place = &self.position[position * h..(position + 1) * h];
                if let Some(row) = rows.next() {
                    self.word[id * h..(id + 1) * h].convert_to_f32_slice(row);
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

impl Weight {
    /// `x · Wᵀ` for `rows` rows of `x` (`rows × cols`); `wide` is [`Weight::widen`]'s, if at hand.
    fn apply(&self, x: &[f32], rows: usize, wide: Option<&Tensor>) -> Result<Tensor, EmbedError> {
        if x.len() != rows * self.cols {
            return Err(EmbedError::Model(format!("{} floats are not {rows} rows of {}", x.len(), self.cols)));
        }
        if rows <= FEW_ROWS {
            return Ok(Tensor::from_vec(few_rows(x, rows, self), (rows, self.out), &Device::Cpu)?);
        }
        let widened;
        let w = match wide {
            Some(w) => w,
            None => {
                widened = self.widen()?;
                &widened
            }
        };
        Ok(Tensor::from_slice(x, (rows, self.cols), &Device::Cpu)?.matmul(w)?)
    }

    /// `Wᵀ` in f32 (`cols × out`), for gemm.
    fn widen(&self) -> Result<Tensor, EmbedError> {
        let (cols, out) = (self.cols, self.out);
        let mut wide = vec![0.0_f32; cols * out];
        let mut block = vec![0.0_f32; cols.div_ceil(2) * 2 * BLOCK];
        for b in 0..self.blocks() {
            pulp::Arch::new().dispatch(Widen { packed: self.block(b), wide: &mut block });
            let width = BLOCK.min(out - b * BLOCK);
            for (i, row) in block.chunks_exact(BLOCK).take(cols).enumerate() {
                wide[i * out + b * BLOCK..][..width].copy_from_slice(&row[..width]);
            }
        }
        Ok(Tensor::from_vec(wide, (cols, out), &Device::Cpu)?)
    }
}

/// f16 bits in the low half of each lane (high half ignored) to f32: the magnitude's bits moved
/// into place and rescaled by 2^112 (which also makes f16 subnormals exact f32 normals, and keeps
/// zero zero), then the sign. Weights hold no infinities or NaNs.
#[inline(always)]
fn f16_to_f32<S: pulp::Simd>(simd: S, magnitude_at_13: S::u32s, sign_at_31: S::u32s) -> S::f32s {
    let rescale = simd.splat_f32s(f32::from_bits((127 + 112) << 23));
    let magnitude = simd.mul_f32s(simd.transmute_f32s_u32s(magnitude_at_13), rescale);
    simd.transmute_f32s_u32s(simd.or_u32s(simd.transmute_u32s_f32s(magnitude), sign_at_31))
}

/// Packed rows (see [`Weight`]) to f32 rows: `wide` gets row `2p` then row `2p + 1` of each pair,
/// [`BLOCK`] floats each.
#[inline(always)]
fn widen<S: pulp::Simd>(simd: S, packed: &[u32], wide: &mut [f32]) {
    let (magnitude, sign) = (simd.splat_u32s(0x0FFF_E000), simd.splat_u32s(0x8000_0000));
    let (by3, by13, by16) = (simd.splat_u32s(3), simd.splat_u32s(13), simd.splat_u32s(16));
    for (pair, rows) in packed.chunks_exact(BLOCK).zip(wide.chunks_exact_mut(2 * BLOCK)) {
        let (low, high) = rows.split_at_mut(BLOCK);
        let (pair, _) = S::as_simd_u32s(pair);
        let ((low, _), (high, _)) = (S::as_mut_simd_f32s(low), S::as_mut_simd_f32s(high));
        for ((&v, l), h) in pair.iter().zip(low).zip(high) {
            let low_magnitude = simd.and_u32s(simd.wrapping_dyn_shl_u32s(v, by13), magnitude);
            let low_sign = simd.and_u32s(simd.wrapping_dyn_shl_u32s(v, by16), sign);
            *l = f16_to_f32(simd, low_magnitude, low_sign);
            let high_magnitude = simd.and_u32s(simd.wrapping_dyn_shr_u32s(v, by3), magnitude);
            *h = f16_to_f32(simd, high_magnitude, simd.and_u32s(v, sign));
        }
    }
}

struct Widen<'a> {
    packed: &'a [u32],
    wide: &'a mut [f32],
}

impl pulp::WithSimd for Widen<'_> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, simd: S) {
        widen(simd, self.packed, self.wide);
    }
}

/// Up to this many rows (a question's tokens), `x · Wᵀ` runs in [`few_rows`] instead of gemm,
/// whose packing costs more than the product when `x` has only a few rows.
const FEW_ROWS: usize = 48;
/// Output columns a [`few_rows`] task computes.
const BLOCK: usize = 64;
/// Row pairs of a block's weights widened to f32 at a time (16 KB: they stay in L1).
const WIDE_PAIRS: usize = 32;

/// `x · Wᵀ` for a few rows of `x`, one task a block of [`BLOCK`] output columns, the tasks shared
/// between the cores. A task widens its block's weights to f32 [`WIDE_PAIRS`] row pairs at a time
/// (in L1) and runs every row of `x` down them: `y[t, block] += x[t, i] · Wᵀ[i, block]`, FMA on
/// the widest vectors the CPU has, partial sums in registers — no horizontal sums, each weight
/// read from memory once.
fn few_rows(x: &[f32], rows: usize, w: &Weight) -> Vec<f32> {
    let blocks: Vec<Vec<f32>> =
        (0..w.blocks()).into_par_iter().map(|block| pulp::Arch::new().dispatch(Block { x, rows, w, block })).collect();
    let mut y = vec![0.0_f32; rows * w.out];
    for (block, results) in blocks.iter().enumerate() {
        let width = BLOCK.min(w.out - block * BLOCK);
        for (t, row) in results.chunks_exact(BLOCK).enumerate() {
            y[t * w.out + block * BLOCK..][..width].copy_from_slice(&row[..width]);
        }
    }
    y
}

/// One task of [`few_rows`]: the block's [`BLOCK`] output columns for every row of `x`.
struct Block<'a> {
    x: &'a [f32],
    rows: usize,
    w: &'a Weight,
    block: usize,
}

impl pulp::WithSimd for Block<'_> {
    type Output = Vec<f32>;

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, simd: S) -> Vec<f32> {
        let Block { x, rows, w, block } = self;
        let cols = w.cols;
        let mut wide = vec![0.0_f32; WIDE_PAIRS * 2 * BLOCK];
        let mut y = vec![0.0_f32; rows * BLOCK];
        // Tiles of 4 vectors × 2 rows of `x`: 8 accumulators and 4 weight vectors in registers;
        // each weight vector loaded feeds 2 FMAs.
        let width = 4 * S::F32_LANES;
        for (chunk, packed) in w.block(block).chunks(WIDE_PAIRS * BLOCK).enumerate() {
            let first = chunk * WIDE_PAIRS * 2;
            // (A padding row, if any, is widened but never used: `x`'s rows end first.)
            let wide = &mut wide[..2 * packed.len()];
            widen(simd, packed, wide);
            for tile in (0..BLOCK).step_by(width) {
                for pair in (0..rows).step_by(2) {
                    let rows_here = [pair, (pair + 1).min(rows - 1)];
                    let load = |row: usize| {
                        let (sums, _) = S::as_simd_f32s(&y[row * BLOCK + tile..][..width]);
                        [sums[0], sums[1], sums[2], sums[3]]
                    };
                    let ([mut a0, mut a1, mut a2, mut a3], [mut b0, mut b1, mut b2, mut b3]) = (load(rows_here[0]), load(rows_here[1]));
                    let (x0, x1) = (
                        &x[rows_here[0] * cols + first..(rows_here[0] + 1) * cols],
                        &x[rows_here[1] * cols + first..(rows_here[1] + 1) * cols],
                    );
                    for ((&u, &v), weights) in x0.iter().zip(x1).zip(wide.chunks_exact(BLOCK)) {
                        let (weights, _) = S::as_simd_f32s(&weights[tile..tile + width]);
                        let [w0, w1, w2, w3] = [weights[0], weights[1], weights[2], weights[3]];
                        let (u, v) = (simd.splat_f32s(u), simd.splat_f32s(v));
                        a0 = simd.mul_add_f32s(u, w0, a0);
                        a1 = simd.mul_add_f32s(u, w1, a1);
                        a2 = simd.mul_add_f32s(u, w2, a2);
                        a3 = simd.mul_add_f32s(u, w3, a3);
                        b0 = simd.mul_add_f32s(v, w0, b0);
                        b1 = simd.mul_add_f32s(v, w1, b1);
                        b2 = simd.mul_add_f32s(v, w2, b2);
                        b3 = simd.mul_add_f32s(v, w3, b3);
                    }
                    for (row, sums) in [(rows_here[0], [a0, a1, a2, a3]), (rows_here[1], [b0, b1, b2, b3])] {
                        let (out, _) = S::as_mut_simd_f32s(&mut y[row * BLOCK + tile..][..width]);
                        out.copy_from_slice(&sums);
                    }
                }
            }
        }
        y
    }
}

/// Runs `f` on a contiguous f32 CPU tensor's data.
fn with_data<R>(t: &Tensor, f: impl FnOnce(&[f32]) -> R) -> Result<R, EmbedError> {
    let (storage, layout) = t.storage_and_layout();
    let Storage::Cpu(cpu) = &*storage else { return Err(EmbedError::Model("the model runs on the CPU only".into())) };
    let (start, end) = layout.contiguous_offsets().ok_or_else(|| EmbedError::Model("a non-contiguous activation".into()))?;
    Ok(f(&cpu.as_slice::<f32>()?[start..end]))
}

/// An in-place change of a contiguous f32 tensor's data.
struct InPlace<F: Fn(&mut [f32])>(F);

impl<F: Fn(&mut [f32])> InplaceOp1 for InPlace<F> {
    fn name(&self) -> &'static str {
        "proseva-in-place"
    }

    fn cpu_fwd(&self, storage: &mut CpuStorage, layout: &Layout) -> candle_core::Result<()> {
        let CpuStorage::F32(data) = storage else { candle_core::bail!("expected f32 activations") };
        let Some((start, end)) = layout.contiguous_offsets() else { candle_core::bail!("expected contiguous activations") };
        (self.0)(&mut data[start..end]);
        Ok(())
    }
}

/// Below this many floats an element-wise pass runs on the calling thread: handing work to another
/// thread costs more than it saves.
const PARALLEL_FLOATS: usize = 1 << 15;

/// Applies `f` to `data` (rows of `row` floats), split at row boundaries between the cores when
/// there is enough of it.
fn par_rows(data: &mut [f32], row: usize, f: impl Fn(&mut [f32]) + Sync) {
    let threads = rayon::current_num_threads();
    let rows = data.len() / row.max(1);
    if threads <= 1 || data.len() < PARALLEL_FLOATS || rows < 2 {
        f(data);
        return;
    }
    data.par_chunks_mut(rows.div_ceil(threads) * row).for_each(&f);
}

/// `x ← LayerNorm(x + y + bias)` row by row.
fn add_residual_norm(x: &mut [f32], y: &[f32], bias: &[f32], norm: &Norm, eps: f32) {
    let h = bias.len();
    for (row, add) in x.chunks_exact_mut(h).zip(y.chunks_exact(h)) {
        for ((r, a), b) in row.iter_mut().zip(add).zip(bias) {
            *r += a + b;
        }
    }
    par_rows(x, h, |rows| layer_norm(rows, norm, eps));
}

fn layer_norm(rows: &mut [f32], norm: &Norm, eps: f32) {
    let h = norm.weight.len();
    for row in rows.chunks_exact_mut(h) {
        let mean = sum(row) / h as f32;
        row.iter_mut().for_each(|v| *v -= mean);
        let var = sum_squares(row) / h as f32;
        let inv = 1.0 / (var + eps).sqrt();
        for ((v, w), b) in row.iter_mut().zip(&norm.weight).zip(&norm.bias) {
            *v = *v * inv * w + b;
        }
    }
}

/// `v ← GELU(v + bias)` (the erf form), row by row.
fn gelu_with_bias(rows: &mut [f32], bias: &[f32]) {
    for row in rows.chunks_exact_mut(bias.len()) {
        for (v, b) in row.iter_mut().zip(bias) {
            *v = gelu(*v + b);
        }
    }
}

/// Softmax of each row of `len` floats, in place.
fn softmax_rows(rows: &mut [f32], len: usize) {
    for row in rows.chunks_exact_mut(len.max(1)) {
        let max = max(row);
        row.iter_mut().for_each(|v| *v = exp(*v - max));
        let inv = 1.0 / sum(row);
        row.iter_mut().for_each(|v| *v *= inv);
    }
}

/// Sum with eight independent accumulators (vectorised; a serial chain of adds is not).
fn sum(v: &[f32]) -> f32 {
    let chunks = v.chunks_exact(8);
    let tail: f32 = chunks.remainder().iter().sum();
    let mut acc = [0.0_f32; 8];
    for c in chunks {
        for i in 0..8 {
            acc[i] += c[i];
        }
    }
    acc.iter().sum::<f32>() + tail
}

fn sum_squares(v: &[f32]) -> f32 {
    let chunks = v.chunks_exact(8);
    let tail: f32 = chunks.remainder().iter().map(|x| x * x).sum();
    let mut acc = [0.0_f32; 8];
    for c in chunks {
        for i in 0..8 {
            acc[i] += c[i] * c[i];
        }
    }
    acc.iter().sum::<f32>() + tail
}

fn max(v: &[f32]) -> f32 {
    let chunks = v.chunks_exact(8);
    let mut acc = [f32::NEG_INFINITY; 8];
    for c in chunks.clone() {
        for i in 0..8 {
            acc[i] = acc[i].max(c[i]);
        }
    }
    chunks.remainder().iter().chain(&acc).copied().fold(f32::NEG_INFINITY, f32::max)
}

/// e^x to about 1 ulp over the range that matters here (Cephes' single-precision polynomial),
/// branch-free so loops over it vectorise; x is clamped to [-87, 88].
#[inline(always)]
fn exp(x: f32) -> f32 {
    // Adding 1.5 × 2^23 rounds to an integer held in the low mantissa bits.
    const ROUND: f32 = 12_582_912.0;
    let x = x.clamp(-87.0, 88.0);
    let t = x * std::f32::consts::LOG2_E + ROUND;
    let n = t - ROUND;
    let r = x - n * 0.693_359_4 - n * -2.121_944_4e-4;
    let p = ((((1.987_569_1e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r + 1.666_666_5e-1) * r + 0.5;
    let y = p * r * r + r + 1.0;
    let exponent = (t.to_bits() as i32 - ROUND.to_bits() as i32 + 127) << 23;
    y * f32::from_bits(exponent as u32)
}

/// GELU, 0.5·x·(1 + erf(x/√2)), with erf by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7).
#[inline(always)]
fn gelu(x: f32) -> f32 {
    let z = x * std::f32::consts::FRAC_1_SQRT_2;
    let a = z.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * a);
    let poly = ((((1.061_405_4 * t - 1.453_152) * t + 1.421_413_7) * t - 0.284_496_74) * t + 0.254_829_6) * t;
    let erf = (1.0 - poly * exp(-a * a)).copysign(z);
    0.5 * x * (1.0 + erf)
}

/// `model.safetensors`, read one tensor at a time.
struct SafeTensors {
    file: File,
    path: PathBuf,
    data_start: u64,
    entries: HashMap<String, Entry>,
}

#[derive(Deserialize)]
struct Entry {
    dtype: String,
    shape: Vec<usize>,
    data_offsets: [u64; 2],
}

impl SafeTensors {
    fn open(path: &Path) -> Result<Self, EmbedError> {
        let io = |source| EmbedError::Io { path: path.to_path_buf(), source };
        let bad = |why: String| EmbedError::Model(format!("{}: {why}", path.display()));
        let mut file = File::open(path).map_err(io)?;
        let mut size = [0_u8; 8];
        file.read_exact(&mut size).map_err(io)?;
        let size = u64::from_le_bytes(size);
        if size > 100 << 20 {
            return Err(bad(format!("a safetensors header of {size} bytes")));
        }
        let mut header = vec![0_u8; size as usize];
        file.read_exact(&mut header).map_err(io)?;
        let mut raw: HashMap<String, serde_json::Value> =
            serde_json::from_slice(&header).map_err(|e| bad(format!("not safetensors: {e}")))?;
        raw.remove("__metadata__");
        let entries = raw
            .into_iter()
            .map(|(name, value)| serde_json::from_value(value).map(|e| (name, e)))
            .collect::<Result<_, _>>()
            .map_err(|e| bad(format!("not safetensors: {e}")))?;
        Ok(SafeTensors { file, path: path.to_path_buf(), data_start: 8 + size, entries })
    }

    fn entry(&self, name: &str) -> Result<&Entry, EmbedError> {
        self.entries
            .get(name)
            .or_else(|| self.entries.get(&format!("bert.{name}")))
            .ok_or_else(|| EmbedError::Model(format!("{}: no tensor {name}", self.path.display())))
    }

    /// The f32 tensor `name` (or `bert.name`), which must have `shape`.
    fn read(&mut self, name: &str, shape: &[usize]) -> Result<Vec<f32>, EmbedError> {
        self.check_shape(name, shape)?;
        self.read_any(name, 1)
    }

    /// The same, rounded to half precision as it is read (never held in f32 whole).
    fn read_f16(&mut self, name: &str, shape: &[usize]) -> Result<Vec<f16>, EmbedError> {
        self.check_shape(name, shape)?;
        let mut out = Vec::with_capacity(shape.iter().product());
        self.stream(name, 1, |values| out.extend(values.iter().map(|&v| f16::from_f32(v))))?;
        Ok(out)
    }

    fn check_shape(&self, name: &str, shape: &[usize]) -> Result<(), EmbedError> {
        let found = &self.entry(name)?.shape;
        if found != shape {
            return Err(EmbedError::Model(format!("{}: {name} has shape {found:?}, expected {shape:?}", self.path.display())));
        }
        Ok(())
    }

    /// The f32 tensor `name`, of any shape whose size is a multiple of `multiple`.
    fn read_any(&mut self, name: &str, multiple: usize) -> Result<Vec<f32>, EmbedError> {
        let mut out = Vec::new();
        self.stream(name, multiple, |values| out.extend_from_slice(values))?;
        Ok(out)
    }

    /// Hands the f32 tensor `name` to `sink` 16,384 values at a time.
    fn stream(&mut self, name: &str, multiple: usize, mut sink: impl FnMut(&[f32])) -> Result<(), EmbedError> {
        let entry = self.entry(name)?;
        let count: usize = entry.shape.iter().product();
        let [begin, end] = entry.data_offsets;
        if entry.dtype != "F32" || end.checked_sub(begin) != Some(count as u64 * 4) || count == 0 || !count.is_multiple_of(multiple) {
            return Err(EmbedError::Model(format!(
                "{}: {name} is {} {:?}, expected non-empty F32 data",
                self.path.display(),
                entry.dtype,
                entry.shape
            )));
        }
        let io = |source| EmbedError::Io { path: self.path.clone(), source };
        self.file.seek(SeekFrom::Start(self.data_start + begin)).map_err(io)?;
        let mut buffer = vec![0_u8; 1 << 16];
        let mut values = Vec::with_capacity(buffer.len() / 4);
        let mut left = count * 4;
        while left > 0 {
            let n = left.min(buffer.len());
            self.file.read_exact(&mut buffer[..n]).map_err(|source| EmbedError::Io { path: self.path.clone(), source })?;
            values.clear();
            values.extend(buffer[..n].chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])));
            sink(&values);
            left -= n;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_matches_the_standard_library() {
        let mut worst = 0.0_f32;
        for i in -8000..=8000 {
            let x = i as f32 / 100.0;
            let (ours, std) = (exp(x), x.exp());
            worst = worst.max(((ours - std) / std).abs());
        }
        assert!(worst < 3e-7, "relative error {worst}");
        assert!(exp(-1000.0) < 1e-37 && exp(-1000.0) >= 0.0);
    }

    #[test]
    fn gelu_matches_the_erf_form() {
        // erf by its Taylor series (converges quickly for |z| < 3) against the approximation.
        let erf = |z: f64| {
            let (mut term, mut total) = (z, z);
            for n in 1..80 {
                term *= -z * z / n as f64;
                total += term / (2 * n + 1) as f64;
            }
            total * 2.0 / std::f64::consts::PI.sqrt()
        };
        for i in -400..=400 {
            let x = i as f64 / 100.0;
            let exact = 0.5 * x * (1.0 + erf(x / std::f64::consts::SQRT_2));
            assert!((gelu(x as f32) as f64 - exact).abs() < 1e-6, "x = {x}: {} vs {exact}", gelu(x as f32));
        }
    }

    #[test]
    fn softmax_rows_sum_to_one() {
        let mut rows: Vec<f32> = (0..30).map(|i| (i as f32 * 0.7).sin() * 20.0).collect();
        softmax_rows(&mut rows, 10);
        for row in rows.chunks(10) {
            assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        }
    }

    #[test]
    fn few_rows_matches_gemm_on_the_same_weights() {
        for (rows, cols, out) in [(1, 384, 1152), (7, 384, 1536), (48, 1536, 384), (3, 13, 70), (1, 130, 5)] {
            let x: Vec<f32> = (0..rows * cols).map(|i| ((i * 7919) % 1000) as f32 / 500.0 - 1.0).collect();
            let w: Vec<f16> = (0..out * cols).map(|i| f16::from_f32(((i * 104_729) % 997) as f32 / 498.5 - 1.0)).collect();
            let weight = Weight::new(w.clone(), out, cols);
            // By definition, from the stored (out × cols) weight.
            for (t, o) in [(0, 0), (rows - 1, out - 1), (rows / 2, out / 3), (rows - 1, out / 2)] {
                let want: f32 = (0..cols).map(|i| x[t * cols + i] * w[o * cols + i].to_f32()).sum();
                let got = few_rows(&x, rows, &weight)[t * out + o];
                assert!((got - want).abs() <= 1e-3 * (1.0 + want.abs()), "y[{t}, {o}] = {got}, want {want}");
            }
            let ours = few_rows(&x, rows, &weight);
            // The many-rows path (gemm on the widened weights) on the same rows, one copy a row.
            let many: Vec<f32> = x.iter().cycle().take((FEW_ROWS + 1) * cols).copied().collect();
            let gemm: Vec<f32> = weight.apply(&many, FEW_ROWS + 1, None).unwrap().flatten_all().unwrap().to_vec1().unwrap();
            assert_eq!(ours.len(), rows * out);
            for (i, a) in ours.iter().enumerate() {
                let (t, o) = (i / out, i % out);
                let b = gemm[(t % rows) * out + o];
                assert!((a - b).abs() <= 1e-4 * (1.0 + b.abs()), "{rows}×{cols}·{out}: {a} vs {b}");
            }
        }
        let w = Weight::new(vec![f16::ZERO; 6], 2, 3);
        assert!(w.apply(&[1.0; 4], 1, None).is_err(), "a width that does not match the weight is an error");
    }

    #[test]
    fn widening_is_exact_for_every_finite_half() {
        let halves: Vec<f16> = (0..=u16::MAX).map(f16::from_bits).filter(|h| h.is_finite()).collect();
        let rows = halves.len() / (2 * BLOCK);
        let (low, high) = halves[..rows * 2 * BLOCK].split_at(rows * BLOCK);
        let packed: Vec<u32> = low.iter().zip(high).map(|(l, h)| u32::from(l.to_bits()) | u32::from(h.to_bits()) << 16).collect();
        let mut wide = vec![f32::NAN; 2 * packed.len()];
        pulp::Arch::new().dispatch(Widen { packed: &packed, wide: &mut wide });
        for (pair, out) in wide.chunks_exact(2 * BLOCK).enumerate() {
            for column in 0..BLOCK {
                let i = pair * BLOCK + column;
                assert_eq!(out[column].to_bits(), low[i].to_f32().to_bits(), "{:?}", low[i]);
                assert_eq!(out[BLOCK + column].to_bits(), high[i].to_f32().to_bits(), "{:?}", high[i]);
            }
        }
    }

    #[test]
    fn layer_norm_centres_and_scales() {
        let norm = Norm { weight: vec![1.0; 16], bias: vec![0.0; 16] };
        let mut row: Vec<f32> = (0..16).map(|i| i as f32 * 3.0 + 5.0).collect();
        layer_norm(&mut row, &norm, 1e-12);
        assert!(sum(&row).abs() < 1e-5);
        assert!((sum_squares(&row) / 16.0 - 1.0).abs() < 1e-5);
    }
}
