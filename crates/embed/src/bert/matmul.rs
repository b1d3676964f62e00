//! The linear layers' half-precision weights and their products `x · Wᵀ`: packed for
//! [`few_rows`] (a question's few tokens, each weight read once) or widened to f32 for gemm.

use candle_core::{Device, Tensor};
use half::f16;
use rayon::prelude::*;

use crate::EmbedError;

/// A linear layer's weight (`y = x · Wᵀ`) in half precision, laid out for [`few_rows`]: `Wᵀ` cut
/// into blocks of [`BLOCK`] output columns; in a block, rows `2p` and `2p + 1` of `Wᵀ` are packed
/// side by side, one `u32` a column (row `2p` in the low half), so one integer vector load brings
/// two rows that [`widen`] turns into f32 with shifts and masks. The last block and an odd last
/// row are padded with zeros.
pub(super) struct Weight {
    pub(super) packed: Vec<u32>,
    pub(super) out: usize,
    pub(super) cols: usize,
}

impl Weight {
    /// From the stored `out × cols` f16 weight.
    pub(super) fn new(stored: Vec<f16>, out: usize, cols: usize) -> Self {
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

    pub(super) fn blocks(&self) -> usize {
        self.out.div_ceil(BLOCK)
    }

    /// One block's packed rows.
    pub(super) fn block(&self, block: usize) -> &[u32] {
        let size = self.cols.div_ceil(2) * BLOCK;
        &self.packed[block * size..][..size]
    }
}

impl Weight {
    /// `x · Wᵀ` for `rows` rows of `x` (`rows × cols`); `wide` is [`Weight::widen`]'s, if at hand.
    pub(super) fn apply(&self, x: &[f32], rows: usize, wide: Option<&Tensor>) -> Result<Tensor, EmbedError> {
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
    pub(super) fn widen(&self) -> Result<Tensor, EmbedError> {
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
pub(super) fn f16_to_f32<S: pulp::Simd>(simd: S, magnitude_at_13: S::u32s, sign_at_31: S::u32s) -> S::f32s {
    let rescale = simd.splat_f32s(f32::from_bits((127 + 112) << 23));
    let magnitude = simd.mul_f32s(simd.transmute_f32s_u32s(magnitude_at_13), rescale);
    simd.transmute_f32s_u32s(simd.or_u32s(simd.transmute_u32s_f32s(magnitude), sign_at_31))
}

/// Packed rows (see [`Weight`]) to f32 rows: `wide` gets row `2p` then row `2p + 1` of each pair,
/// [`BLOCK`] floats each.
#[inline(always)]
pub(super) fn widen<S: pulp::Simd>(simd: S, packed: &[u32], wide: &mut [f32]) {
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

pub(super) struct Widen<'a> {
    pub(super) packed: &'a [u32],
    pub(super) wide: &'a mut [f32],
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
pub(super) const FEW_ROWS: usize = 48;
/// Output columns a [`few_rows`] task computes.
pub(super) const BLOCK: usize = 64;
/// Row pairs of a block's weights widened to f32 at a time (16 KB: they stay in L1).
pub(super) const WIDE_PAIRS: usize = 32;

/// `x · Wᵀ` for a few rows of `x`, one task a block of [`BLOCK`] output columns, the tasks shared
/// between the cores. A task widens its block's weights to f32 [`WIDE_PAIRS`] row pairs at a time
/// (in L1) and runs every row of `x` down them: `y[t, block] += x[t, i] · Wᵀ[i, block]`, FMA on
/// the widest vectors the CPU has, partial sums in registers — no horizontal sums, each weight
/// read from memory once.
pub(super) fn few_rows(x: &[f32], rows: usize, w: &Weight) -> Vec<f32> {
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
pub(super) struct Block<'a> {
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
