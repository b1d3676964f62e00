//! Measures the local model: load time, memory, and time per short sentence.
//!
//! ```sh
//! cargo run --release -p proseva-embed --example embed_speed [MODEL_DIR]
//! ```
//! Set RAYON_NUM_THREADS=1 to measure on one core.

use std::path::PathBuf;
use std::time::Instant;

use proseva_embed::{Embedder, LocalEmbedder, default_model_dir};

fn rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("PROSEVA_MODEL_DIR").map(PathBuf::from))
        .unwrap_or_else(default_model_dir);
    println!("RSS before load: {:.0} MB", rss_mb().unwrap_or(f64::NAN));

    let started = Instant::now();
    let model = LocalEmbedder::load(&dir)?;
    println!("load: {:.0} ms, RSS after load: {:.0} MB", started.elapsed().as_secs_f64() * 1e3, rss_mb().unwrap_or(f64::NAN));

    let subjects = ["The mother", "The court", "Each party", "The guardian ad litem", "The father"];
    let verbs = ["shall file", "may request", "must attend", "will review", "should submit"];
    let objects = ["the custody report", "a motion to modify support", "the hearing on Friday", "the visitation schedule"];
    let sentences: Vec<String> = (0..64).map(|i| format!("{} {} {}.", subjects[i % 5], verbs[(i / 5) % 5], objects[i % 4])).collect();
    let texts: Vec<&str> = sentences.iter().map(String::as_str).collect();

    model.embed(&texts[..4])?; // warm-up

    let started = Instant::now();
    for text in &texts {
        model.embed(&[text])?;
    }
    let single = started.elapsed().as_secs_f64() * 1e3 / texts.len() as f64;

    let started = Instant::now();
    model.embed(&texts)?;
    let batched = started.elapsed().as_secs_f64() * 1e3 / texts.len() as f64;

    println!("{} short sentences: {single:.2} ms each one at a time, {batched:.2} ms each batched", texts.len());
    println!("RSS after embedding: {:.0} MB", rss_mb().unwrap_or(f64::NAN));
    Ok(())
}
