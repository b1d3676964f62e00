//! Vectors computed before, keyed by the SHA-256 of the exact text embedded and tied to one model.
//!
//! Embedding the starter corpus takes minutes on a two-core laptop, so its vectors ship beside it
//! (`starter/vectors.bin`, made by `proseva-explorer ingest --starter --save-vectors`). An ingest
//! takes a node's vector from the cache when the model and the text are the same, and embeds it
//! otherwise, so an edited summary is simply re-embedded.
//!
//! File format: `PSVEC1\n`, one JSON line `{"model","dimension","count"}`, then `count` records of a
//! 32-byte key followed by `dimension` little-endian f32s.

use std::collections::HashMap;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::Error;
use crate::store::decode_vector;

const MAGIC: &[u8] = b"PSVEC1\n";

#[derive(Debug, Clone, PartialEq)]
pub struct VectorCache {
    pub model: String,
    pub dimension: usize,
    vectors: HashMap<[u8; 32], Vec<f32>>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Header {
    model: String,
    dimension: usize,
    count: usize,
}

/// The key of a text: its SHA-256.
pub fn key(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

impl VectorCache {
    pub fn new(model: &str, dimension: usize) -> Self {
        VectorCache { model: model.to_string(), dimension, vectors: HashMap::new() }
    }

    pub fn len(&self) -> usize {
        self.vectors.len()
    }

    pub fn is_empty(&self) -> bool {
        self.vectors.is_empty()
    }

    pub fn get(&self, text: &str) -> Option<&[f32]> {
        self.vectors.get(&key(text)).map(Vec::as_slice)
    }

    /// Adds every vector of `other` not already here, when it comes from the same model.
    pub fn extend_from(&mut self, other: &VectorCache) {
        if other.model != self.model || other.dimension != self.dimension {
            return;
        }
        for (key, vector) in &other.vectors {
            self.vectors.entry(*key).or_insert_with(|| vector.clone());
        }
    }

    pub fn insert(&mut self, text: &str, vector: Vec<f32>) {
        debug_assert_eq!(vector.len(), self.dimension);
        self.vectors.insert(key(text), vector);
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let bad = |why: &str| Error::Starter(format!("vector cache: {why}"));
        let rest = bytes.strip_prefix(MAGIC).ok_or_else(|| bad("not a vector cache file"))?;
        let newline = rest.iter().position(|&b| b == b'\n').ok_or_else(|| bad("no header"))?;
        let header: Header = serde_json::from_slice(&rest[..newline]).map_err(|e| bad(&format!("header: {e}")))?;
        let body = &rest[newline + 1..];
        let record = 32 + header.dimension * 4;
        if header.dimension == 0 || body.len() != record * header.count {
            return Err(bad(&format!("expected {} records of {record} bytes, found {} bytes", header.count, body.len())));
        }
        let mut cache = VectorCache::new(&header.model, header.dimension);
        for chunk in body.chunks_exact(record) {
            let mut k = [0u8; 32];
            k.copy_from_slice(&chunk[..32]);
            cache.vectors.insert(k, decode_vector(&chunk[32..]));
        }
        Ok(cache)
    }

    /// Writes the cache, records in key order so the same vectors give the same file.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        let mut out = MAGIC.to_vec();
        let header = Header { model: self.model.clone(), dimension: self.dimension, count: self.vectors.len() };
        out.extend(serde_json::to_vec(&header).map_err(|e| Error::Starter(e.to_string()))?);
        out.push(b'\n');
        let mut keys: Vec<&[u8; 32]> = self.vectors.keys().collect();
        keys.sort();
        for k in keys {
            out.extend_from_slice(k);
            out.extend(self.vectors[k].iter().flat_map(|f| f.to_le_bytes()));
        }
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, out).and_then(|()| std::fs::rename(&tmp, path)).map_err(|e| Error::Io(path.to_path_buf(), e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_damage() {
        let mut cache = VectorCache::new("m", 3);
        cache.insert("a", vec![1.0, 0.0, 0.0]);
        cache.insert("b", vec![0.0, 0.6, 0.8]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v.bin");
        cache.write(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let back = VectorCache::from_bytes(&bytes).unwrap();
        assert_eq!(back, cache);
        assert_eq!(back.get("b"), Some(&[0.0, 0.6, 0.8][..]));
        assert!(back.get("c").is_none());
        assert!(VectorCache::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(VectorCache::from_bytes(b"nope").is_err());
    }
}
