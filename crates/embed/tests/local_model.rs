//! The real all-MiniLM-L6-v2 model, loaded from PROSEVA_MODEL_DIR or the
//! default directory. These tests fail (never skip) when it is not installed:
//! run `scripts/install-model.sh` first.

use std::path::PathBuf;
use std::sync::OnceLock;

use proseva_embed::{Embedder, LocalEmbedder, check_dimension, default_model_dir, dot};

fn model() -> &'static LocalEmbedder {
    static MODEL: OnceLock<LocalEmbedder> = OnceLock::new();
    MODEL.get_or_init(|| {
        let dir = std::env::var_os("PROSEVA_MODEL_DIR").filter(|d| !d.is_empty()).map(PathBuf::from).unwrap_or_else(default_model_dir);
        LocalEmbedder::load(&dir).unwrap_or_else(|e| panic!("these tests need the real model; run scripts/install-model.sh first.\n{e}"))
    })
}

fn embed_one(text: &str) -> Vec<f32> {
    model().embed(&[text]).unwrap().remove(0)
}

fn cos(a: &str, b: &str) -> f32 {
    dot(&embed_one(a), &embed_one(b))
}

fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

#[test]
fn vectors_have_384_dimensions_and_unit_length() {
    assert_eq!(model().model_id(), "all-MiniLM-L6-v2");
    assert_eq!(model().dimension(), 384);
    let vectors = model().embed(&["A cat sits on the mat", "", "§ 20-124.3"]).unwrap();
    for v in vectors {
        assert_eq!(v.len(), 384);
        assert!((dot(&v, &v) - 1.0).abs() < 1e-4, "norm² = {}", dot(&v, &v));
    }
    check_dimension("all-MiniLM-L6-v2", 384, model()).unwrap();
}

#[test]
fn empty_input_gives_empty_output() {
    assert!(model().embed(&[]).unwrap().is_empty());
}

#[test]
fn a_paraphrase_scores_far_above_an_unrelated_sentence() {
    let paraphrase = cos("A cat sits on the mat", "A feline rests on a rug");
    let unrelated = cos("A cat sits on the mat", "Stock markets fell sharply today");
    // FACTS.md: ≈ 0.57 and ≈ 0.06.
    assert!(paraphrase > unrelated + 0.3, "paraphrase {paraphrase}, unrelated {unrelated}");
    // With padding averaged in, unrelated sentences score ≈ 0.8.
    assert!(unrelated < 0.3, "unrelated sentences look alike: {unrelated}");
}

#[test]
fn a_plain_question_finds_the_custody_exchange_clause_not_the_rent_clause() {
    let question = "where do we hand the kid over on weekends";
    let exchange = "The parties shall exchange the child at the Springfield police station on Friday evenings";
    let rent = "The tenant shall pay rent of $1,200 on the first day of each month";
    let (to_exchange, to_rent) = (cos(question, exchange), cos(question, rent));
    assert!(to_exchange > to_rent + 0.1, "exchange {to_exchange}, rent {to_rent}");
}

/// The shipped tokenizer.json pads every input to 128 tokens; averaging over
/// the padding (or padding a batch and ignoring the mask) makes a text's
/// vector depend on its batch-mates. A text must embed the same alone or in
/// a batch with texts of very different lengths.
#[test]
fn regression_batch_padding_changes_vectors() {
    let long = "The court shall consider the age and physical and mental condition of the child, \
                the relationship existing between each parent and each child, the needs of the child, \
                including important relationships such as with siblings, peers and extended family members, \
                and the role that each parent has played and will play in the future in the upbringing \
                and care of the child, as set out in Va. Code § 20-124.3.";
    let texts = ["Rent", long, "The parties shall exchange the child at the Springfield police station.", "", "Custody"];
    let batched = model().embed(&texts).unwrap();
    for (text, in_batch) in texts.iter().zip(&batched) {
        let alone = embed_one(text);
        let diff = max_abs_diff(&alone, in_batch);
        assert!(diff < 1e-4, "{text:?} differs by {diff} in a batch");
    }
}

#[test]
fn many_texts_come_back_in_input_order_across_batches() {
    // More than one forward pass of 32, lengths shuffled so sorting by length matters.
    let texts: Vec<String> = (0..70)
        .map(|i| {
            let words = (i * 37) % 23 + 1;
            format!("item {i}: {}", "support arrears visitation ".repeat(words))
        })
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let batched = model().embed(&refs).unwrap();
    assert_eq!(batched.len(), refs.len());
    for i in [0, 1, 31, 32, 33, 50, 69] {
        let diff = max_abs_diff(&embed_one(refs[i]), &batched[i]);
        assert!(diff < 1e-4, "text {i} differs by {diff}");
    }
}

#[test]
fn text_beyond_the_token_limit_is_truncated_not_an_error() {
    let long = "The guardian ad litem shall file a report. ".repeat(200);
    let v = embed_one(&long);
    assert_eq!(v.len(), 384);
    assert!((dot(&v, &v) - 1.0).abs() < 1e-4);
}

#[test]
fn one_model_serves_several_threads_at_once() {
    let texts = ["child support", "protective order", "visitation schedule"];
    let expected: Vec<Vec<f32>> = texts.iter().map(|t| embed_one(t)).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..3).map(|_| scope.spawn(|| model().embed(&texts).unwrap())).collect();
        for handle in handles {
            for (got, want) in handle.join().unwrap().iter().zip(&expected) {
                assert!(max_abs_diff(got, want) < 1e-4);
            }
        }
    });
}
