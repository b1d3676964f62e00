//! The starter corpus: plain-language summaries of the Code of Virginia sections and Constitution
//! provisions that self-represented people meet most, in LIS CSV format, embedded in the binary.
//!
//! Every node built from it has `textKind: summary`: these are our words, not the statute's. The
//! manifest lists each file with its section count and SHA-256, checked before an ingest. Its
//! vectors ship beside it (`vectors.bin`) so the first run need not embed 400 sections.

use sha2::{Digest, Sha256};

use crate::Error;
use crate::ingest::CorpusFile;
use crate::vector_cache::VectorCache;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/starter_files.rs"));
}

#[derive(Debug, Clone, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub name: String,
    pub version: String,
    pub text_kind: String,
    pub notice: String,
    pub files: Vec<ManifestFile>,
}

#[derive(Debug, Clone, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ManifestFile {
    pub file: String,
    pub sections: usize,
    pub sha256: String,
}

pub fn manifest() -> Result<Manifest, Error> {
    serde_json::from_str(embedded::MANIFEST).map_err(|e| Error::Starter(format!("manifest.json: {e}")))
}

/// The starter files, checked against the manifest.
pub fn files() -> Result<Vec<CorpusFile>, Error> {
    let manifest = manifest()?;
    let mut out = Vec::new();
    for entry in &manifest.files {
        let Some((name, contents)) = embedded::FILES.iter().find(|(name, _)| *name == entry.file) else {
            return Err(Error::Starter(format!("manifest lists {} but the binary does not hold it", entry.file)));
        };
        let digest = hex(&Sha256::digest(contents.as_bytes()));
        if digest != entry.sha256 {
            return Err(Error::Starter(format!("{name}: sha256 {digest} does not match the manifest's {}", entry.sha256)));
        }
        out.push(CorpusFile::new(name.to_string(), contents.to_string()));
    }
    if let Some((extra, _)) = embedded::FILES.iter().find(|(name, _)| !manifest.files.iter().any(|f| f.file == *name)) {
        return Err(Error::Starter(format!("{extra} is not listed in the manifest")));
    }
    Ok(out)
}

/// The vectors shipped with the starter corpus, if any. Damage is an error, not a silent re-embed.
pub fn vector_cache() -> Result<Option<VectorCache>, Error> {
    if embedded::VECTORS.is_empty() {
        return Ok(None);
    }
    VectorCache::from_bytes(embedded::VECTORS).map(Some)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
