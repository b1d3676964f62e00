//! The vectors of a graph's nodes: made at ingest from chunks of each node's text (or taken from
//! a cache of earlier ones), and exported again as a cache to ship beside a corpus.

use std::collections::BTreeMap;
use std::path::Path;

use proseva_embed::Embedder;
use proseva_embed::chunk::chunk_text;

use super::{PendingNode, Progress};
use crate::Error;
use crate::store::GraphWriter;
use crate::vector_cache::VectorCache;

/// Max characters per embedded chunk (about 250 tokens) and the overlap between chunks.
const CHUNK_CHARS: usize = 1000;
const CHUNK_OVERLAP: usize = 150;
/// How many texts are embedded in one pass (at ingest, and the asks).
pub(crate) const EMBED_BATCH: usize = 32;

/// The text a node's vector is made from: its heading, then its text.
pub fn embedding_text(heading: Option<&str>, text: &str) -> String {
    match heading {
        Some(h) => format!("{h}. {text}"),
        None => text.to_string(),
    }
}

/// Gives every node with text a vector: from the cache when it has the same text, else by
/// chunking its text, embedding the chunks in batches and taking their normalised mean. Without an
/// embedder, official text with a summary whose vector is cached gets that vector as a stand-in
/// (marked so, and never exported as the official text's own).
/// Returns how many nodes got a vector and how many of those the model embedded now.
pub(super) fn embed_nodes(
    writer: &GraphWriter,
    nodes: &[PendingNode],
    embedder: Option<&dyn Embedder>,
    cache: Option<&VectorCache>,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<(usize, usize), Error> {
    let mut vectors: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
    let mut stand_ins: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
    let mut chunks: Vec<(usize, String)> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let Some(text) = node.record.source_text.as_deref() else { continue };
        let full = embedding_text(node.record.heading.as_deref(), text);
        if let Some(v) = cache.and_then(|c| c.get(&full)) {
            vectors.insert(i, v.to_vec());
        } else if embedder.is_some() {
            chunks.extend(chunk_text(&full, CHUNK_CHARS, CHUNK_OVERLAP).into_iter().map(|c| (i, c.text)));
        } else if let Some(v) = node
            .record
            .summary
            .as_deref()
            .and_then(|summary| cache.and_then(|c| c.get(&embedding_text(node.record.heading.as_deref(), summary))))
        {
            // Official text not embedded yet: its summary's vector finds it by meaning meanwhile.
            stand_ins.insert(i, v.to_vec());
        }
    }
    let from_cache = vectors.len();
    if let Some(embedder) = embedder {
        let dimension = embedder.dimension();
        let mut sums: BTreeMap<usize, Vec<f32>> = BTreeMap::new();
        let total = chunks.len() as u64;
        for (b, batch) in chunks.chunks(EMBED_BATCH).enumerate() {
            progress(Progress { stage: "embedding", done: (b * EMBED_BATCH) as u64, total });
            let texts: Vec<&str> = batch.iter().map(|(_, t)| t.as_str()).collect();
            for ((node, _), vector) in batch.iter().zip(embedder.embed(&texts)?) {
                if vector.len() != dimension {
                    return Err(Error::Dimension(format!(
                        "{} returned a vector of {} dimensions, expected {dimension}",
                        embedder.model_id(),
                        vector.len()
                    )));
                }
                let sum = sums.entry(*node).or_insert_with(|| vec![0.0; dimension]);
                sum.iter_mut().zip(&vector).for_each(|(s, v)| *s += v);
            }
        }
        progress(Progress { stage: "embedding", done: total, total });
        for (i, mut v) in sums {
            proseva_embed::normalize(&mut v);
            vectors.insert(i, v);
        }
    }
    for (i, v) in &vectors {
        writer.insert_vector(nodes[*i].record.id, v, false)?;
    }
    for (i, v) in &stand_ins {
        writer.insert_vector(nodes[*i].record.id, v, true)?;
    }
    Ok((vectors.len() + stand_ins.len(), vectors.len() - from_cache))
}

/// The vectors of whole node texts (as [`embedding_text`] makes them), computed as an ingest
/// computes them: each text cut into chunks of about 250 tokens, the chunks embedded together,
/// and each text's vector the normalised mean of its chunks'. What the background embedder
/// stores is therefore the same vector a later ingest would reuse from the cache.
pub fn embed_node_texts(embedder: &dyn Embedder, texts: &[String]) -> Result<Vec<Vec<f32>>, Error> {
    let chunks: Vec<(usize, String)> = texts
        .iter()
        .enumerate()
        .flat_map(|(i, t)| chunk_text(t, CHUNK_CHARS, CHUNK_OVERLAP).into_iter().map(move |c| (i, c.text)))
        .collect();
    let dimension = embedder.dimension();
    let mut sums = vec![vec![0.0_f32; dimension]; texts.len()];
    for batch in chunks.chunks(EMBED_BATCH) {
        let batch_texts: Vec<&str> = batch.iter().map(|(_, t)| t.as_str()).collect();
        for ((i, _), vector) in batch.iter().zip(embedder.embed(&batch_texts)?) {
            if vector.len() != dimension {
                return Err(Error::Dimension(format!(
                    "{} returned a vector of {} dimensions, expected {dimension}",
                    embedder.model_id(),
                    vector.len()
                )));
            }
            sums[*i].iter_mut().zip(&vector).for_each(|(s, v)| *s += v);
        }
    }
    for v in &mut sums {
        proseva_embed::normalize(v);
    }
    Ok(sums)
}

/// Every vector in a graph, keyed by the text it was made from, to ship beside a corpus: the
/// stored vectors themselves, not the served graph's 8-bit copies.
pub fn export_vector_cache(db: &Path) -> Result<VectorCache, Error> {
    let graph = crate::graph::Graph::open(db)?;
    let stats = graph.stats();
    let (Some(model), Some(dimension)) = (stats.embedding_model.clone(), stats.embedding_dimension) else {
        return Err(Error::NoVectors);
    };
    let mut cache = VectorCache::new(&model, dimension);
    let conn = crate::store::open_read_only(db)?;
    let mut stmt = conn.prepare(
        "SELECT n.heading, n.source_text, e.vector FROM embeddings e JOIN nodes n ON n.id = e.node_id
         WHERE e.stand_in = 0 AND n.source_text IS NOT NULL",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let (heading, text): (Option<String>, String) = (row.get(0)?, row.get(1)?);
        let vector = crate::store::decode_vector(row.get_ref(2)?.as_blob().map_err(rusqlite::Error::from)?);
        cache.insert(&embedding_text(heading.as_deref(), &text), vector);
    }
    Ok(cache)
}
