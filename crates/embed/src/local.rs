//! all-MiniLM-L6-v2 on the CPU: BERT encoder ([`crate::bert`]), mean pooling over real tokens, L2 norm.

use std::path::Path;
use std::time::Instant;

use tokenizers::{Tokenizer, TruncationParams};

use crate::bert::{Bert, BertConfig, Profile};
use crate::{EmbedError, Embedder};

pub(crate) const MODEL_ID: &str = "all-MiniLM-L6-v2";
/// The sentence-transformers setting for this model; BERT itself allows 512.
const MAX_TOKENS: usize = 256;
/// Tokens per forward pass: texts are packed (never padded) until the next would pass this, so the
/// activations stay small (the feed-forward block's are 6 KB a token) while the matmuls get rows
/// enough to run at full speed.
const PASS_TOKENS: usize = 2048;

/// all-MiniLM-L6-v2 loaded from a directory holding `model.safetensors`,
/// `config.json` and `tokenizer.json` (what `scripts/install-model.sh` installs).
///
/// `embed` takes `&self` and may be called from several threads at once;
/// each forward pass's matmuls already use every core. It is CPU-bound
/// and blocking: from async code, call it inside `tokio::task::spawn_blocking`.
pub struct LocalEmbedder {
    model: Bert,
    tokenizer: Tokenizer,
}

impl LocalEmbedder {
    pub fn load(model_dir: &Path) -> Result<Self, EmbedError> {
        let file = |name: &str| model_dir.join(name);
        if ["model.safetensors", "config.json", "tokenizer.json"].iter().any(|name| !file(name).is_file()) {
            return Err(EmbedError::ModelMissing { dir: model_dir.to_path_buf() });
        }

        let config_path = file("config.json");
        let config: BertConfig =
            serde_json::from_slice(&read(&config_path)?).map_err(|e| EmbedError::Model(format!("{}: {e}", config_path.display())))?;

        let tokenizer = load_tokenizer(&file("tokenizer.json"))?;

        // Read one tensor at a time (the workspace forbids the `unsafe` of an mmap), so the
        // weights are never in memory twice.
        let model = Bert::load(&file("model.safetensors"), &config)
            .map_err(|e| EmbedError::Model(format!("{} is not a BERT model this crate can load: {e}", model_dir.display())))?;

        Ok(Self { model, tokenizer })
    }

    /// [`Embedder::embed`], and where its time went.
    pub fn embed_profiled(&self, texts: &[&str]) -> Result<(Vec<Vec<f32>>, Profile), EmbedError> {
        let mut profile = Profile { texts: texts.len(), ..Profile::default() };
        if texts.is_empty() {
            return Ok((Vec::new(), profile));
        }
        let started = Instant::now();
        let encodings = if let [text] = texts {
            vec![self.tokenizer.encode(*text, true).map_err(|e| EmbedError::Tokenizer(e.to_string()))?]
        } else {
            self.tokenizer.encode_batch(texts.to_vec(), true).map_err(|e| EmbedError::Tokenizer(e.to_string()))?
        };
        profile.tokenise = started.elapsed();

        let mut vectors = Vec::with_capacity(texts.len());
        let mut pass: Vec<&[u32]> = Vec::new();
        let mut tokens = 0;
        for encoding in &encodings {
            let ids = encoding.get_ids();
            if !pass.is_empty() && tokens + ids.len() > PASS_TOKENS {
                vectors.extend(self.model.embed(&pass, &mut profile)?);
                (pass, tokens) = (Vec::new(), 0);
            }
            pass.push(ids);
            tokens += ids.len();
        }
        vectors.extend(self.model.embed(&pass, &mut profile)?);
        Ok((vectors, profile))
    }
}

impl Embedder for LocalEmbedder {
    fn model_id(&self) -> &str {
        MODEL_ID
    }

    fn dimension(&self) -> usize {
        self.model.hidden()
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(self.embed_profiled(texts)?.0)
    }
}

/// The shipped tokenizer.json pads every input to 128 tokens and truncates at
/// 128; nothing is padded here (texts are packed) and up to [`MAX_TOKENS`] are kept.
fn load_tokenizer(path: &Path) -> Result<Tokenizer, EmbedError> {
    let mut tokenizer = Tokenizer::from_file(path).map_err(|e| EmbedError::Tokenizer(format!("{}: {e}", path.display())))?;
    tokenizer.with_padding(None);
    tokenizer
        .with_truncation(Some(TruncationParams { max_length: MAX_TOKENS, ..Default::default() }))
        .map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
    Ok(tokenizer)
}

fn read(path: &Path) -> Result<Vec<u8>, EmbedError> {
    std::fs::read(path).map_err(|source| EmbedError::Io { path: path.to_path_buf(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Compile-time proof that the model can be shared across threads as the
    // trait requires, without a Mutex around candle or the tokenizer.
    const _: fn() = || {
        fn shareable<T: Send + Sync>() {}
        shareable::<LocalEmbedder>();
    };

    #[test]
    fn a_missing_model_names_the_directory_and_the_installer() {
        let dir = tempfile::tempdir().unwrap();
        let err = match LocalEmbedder::load(dir.path()) {
            Err(err) => err,
            Ok(_) => panic!("an empty directory loaded as a model"),
        };
        assert!(matches!(err, EmbedError::ModelMissing { .. }), "{err:?}");
        let message = err.to_string();
        assert!(message.contains(&dir.path().display().to_string()), "{message}");
        assert!(message.contains("scripts/install-model.sh"), "{message}");
    }

    #[test]
    fn corrupt_weights_are_a_model_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["model.safetensors", "config.json", "tokenizer.json"] {
            std::fs::write(dir.path().join(name), b"not what you think").unwrap();
        }
        let err = match LocalEmbedder::load(dir.path()) {
            Err(err) => err,
            Ok(_) => panic!("garbage loaded as a model"),
        };
        assert!(matches!(err, EmbedError::Model(_)), "{err:?}");
    }
}
