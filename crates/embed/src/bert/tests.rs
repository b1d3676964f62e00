//! Checks of the hand-written kernels against plain references: `exp`, GELU, softmax, layer norm,
//! the packed f16 weights, and the few-row product against gemm.

use half::f16;

use super::Norm;
use super::matmul::*;
use super::rows::*;

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
