//! The element-wise steps of a pass — bias, residual and layer norm, GELU, softmax — as plain
//! Rust over rows of f32, in place on candle's tensors and spread over the cores when large.

use candle_core::{CpuStorage, InplaceOp1, Layout, Storage, Tensor};
use rayon::prelude::*;

use super::Norm;
use crate::EmbedError;

/// Runs `f` on a contiguous f32 CPU tensor's data.
pub(super) fn with_data<R>(t: &Tensor, f: impl FnOnce(&[f32]) -> R) -> Result<R, EmbedError> {
    let (storage, layout) = t.storage_and_layout();
    let Storage::Cpu(cpu) = &*storage else { return Err(EmbedError::Model("the model runs on the CPU only".into())) };
    let (start, end) = layout.contiguous_offsets().ok_or_else(|| EmbedError::Model("a non-contiguous activation".into()))?;
    Ok(f(&cpu.as_slice::<f32>()?[start..end]))
}

/// An in-place change of a contiguous f32 tensor's data.
pub(super) struct InPlace<F: Fn(&mut [f32])>(pub(super) F);

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
pub(super) const PARALLEL_FLOATS: usize = 1 << 15;

/// Applies `f` to `data` (rows of `row` floats), split at row boundaries between the cores when
/// there is enough of it.
pub(super) fn par_rows(data: &mut [f32], row: usize, f: impl Fn(&mut [f32]) + Sync) {
    let threads = rayon::current_num_threads();
    let rows = data.len() / row.max(1);
    if threads <= 1 || data.len() < PARALLEL_FLOATS || rows < 2 {
        f(data);
        return;
    }
    data.par_chunks_mut(rows.div_ceil(threads) * row).for_each(&f);
}

/// `x ← LayerNorm(x + y + bias)` row by row.
pub(super) fn add_residual_norm(x: &mut [f32], y: &[f32], bias: &[f32], norm: &Norm, eps: f32) {
    let h = bias.len();
    for (row, add) in x.chunks_exact_mut(h).zip(y.chunks_exact(h)) {
        for ((r, a), b) in row.iter_mut().zip(add).zip(bias) {
            *r += a + b;
        }
    }
    par_rows(x, h, |rows| layer_norm(rows, norm, eps));
}

pub(super) fn layer_norm(rows: &mut [f32], norm: &Norm, eps: f32) {
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
pub(super) fn gelu_with_bias(rows: &mut [f32], bias: &[f32]) {
    for row in rows.chunks_exact_mut(bias.len()) {
        for (v, b) in row.iter_mut().zip(bias) {
            *v = gelu(*v + b);
        }
    }
}

/// Softmax of each row of `len` floats, in place.
pub(super) fn softmax_rows(rows: &mut [f32], len: usize) {
    for row in rows.chunks_exact_mut(len.max(1)) {
        let max = max(row);
        row.iter_mut().for_each(|v| *v = exp(*v - max));
        let inv = 1.0 / sum(row);
        row.iter_mut().for_each(|v| *v *= inv);
    }
}

/// Sum with eight independent accumulators (vectorised; a serial chain of adds is not).
pub(super) fn sum(v: &[f32]) -> f32 {
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

pub(super) fn sum_squares(v: &[f32]) -> f32 {
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

pub(super) fn max(v: &[f32]) -> f32 {
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
pub(super) fn exp(x: f32) -> f32 {
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
pub(super) fn gelu(x: f32) -> f32 {
    let z = x * std::f32::consts::FRAC_1_SQRT_2;
    let a = z.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * a);
    let poly = ((((1.061_405_4 * t - 1.453_152) * t + 1.421_413_7) * t - 0.284_496_74) * t + 0.254_829_6) * t;
    let erf = (1.0 - poly * exp(-a * a)).copysign(z);
    0.5 * x * (1.0 + erf)
}
