//! all-MiniLM-L6-v2 on the CPU: BERT encoder, mean pooling over real tokens, L2 norm.

use std::path::Path;

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config};
use tokenizers::{PaddingParams, PaddingStrategy, Tokenizer, TruncationParams};

use crate::{EmbedError, Embedder};

pub(crate) const MODEL_ID: &str = "all-MiniLM-L6-v2";
/// The sentence-transformers setting for this model; BERT itself allows 512.
const MAX_TOKENS: usize = 256;
/// Texts per forward pass: big enough to amortise overhead, small enough that
/// one long text does not make a large batch pad far.
const BATCH_SIZE: usize = 32;

/// all-MiniLM-L6-v2 loaded from a directory holding `model.safetensors`,
/// `config.json` and `tokenizer.json` (what `scripts/install-model.sh` installs).
///
/// `embed` takes `&self` and may be called from several threads at once;
/// candle already spreads each forward pass over all cores. It is CPU-bound
/// and blocking: from async code, call it inside `tokio::task::spawn_blocking`.
pub struct LocalEmbedder {
    model: BertModel,
    tokenizer: Tokenizer,
    dimension: usize,
}

impl LocalEmbedder {
    pub fn load(model_dir: &Path) -> Result<Self, EmbedError> {
        let file = |name: &str| model_dir.join(name);
        if ["model.safetensors", "config.json", "tokenizer.json"].iter().any(|name| !file(name).is_file()) {
            return Err(EmbedError::ModelMissing { dir: model_dir.to_path_buf() });
        }

        let config_path = file("config.json");
        let config: Config =
            serde_json::from_slice(&read(&config_path)?).map_err(|e| EmbedError::Model(format!("{}: {e}", config_path.display())))?;

        let tokenizer = load_tokenizer(&file("tokenizer.json"))?;

        // Read into memory rather than mmap: the workspace forbids `unsafe`.
        // The buffer is dropped once the weights are copied into tensors.
        let weights = read(&file("model.safetensors"))?;
        let vb = VarBuilder::from_buffered_safetensors(weights, DType::F32, &Device::Cpu)?;
        let model = BertModel::load(vb, &config)
            .map_err(|e| EmbedError::Model(format!("{} is not a BERT model this crate can load: {e}", model_dir.display())))?;

        Ok(Self { model, tokenizer, dimension: config.hidden_size })
    }

    fn embed_batch(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let encodings = self.tokenizer.encode_batch(texts.to_vec(), true).map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
        let rows = encodings.len();
        let width = encodings.first().map_or(0, |e| e.get_ids().len());
        let mut ids = Vec::with_capacity(rows * width);
        let mut mask = Vec::with_capacity(rows * width);
        for encoding in &encodings {
            ids.extend_from_slice(encoding.get_ids());
            mask.extend_from_slice(encoding.get_attention_mask());
        }
        let device = &self.model.device;
        let ids = Tensor::from_vec(ids, (rows, width), device)?;
        let mask = Tensor::from_vec(mask, (rows, width), device)?;
        let token_types = ids.zeros_like()?;

        let hidden = self.model.forward(&ids, &token_types, Some(&mask))?; // (rows, width, dim)

        // Mean over real tokens only: padding would drag every text towards
        // the same "empty" vector (FACTS.md: cosine ≈ 0.8 between unrelated texts).
        let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?; // (rows, width, 1)
        let summed = hidden.broadcast_mul(&mask)?.sum(1)?; // (rows, dim)
        let counts = mask.sum(1)?; // (rows, 1)
        let mean = summed.broadcast_div(&counts)?;
        let norms = mean.sqr()?.sum_keepdim(1)?.sqrt()?;
        Ok(mean.broadcast_div(&norms)?.to_vec2::<f32>()?)
    }
}

impl Embedder for LocalEmbedder {
    fn model_id(&self) -> &str {
        MODEL_ID
    }

    fn dimension(&self) -> usize {
        self.dimension
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        // Batch texts of similar length together so little time goes on padding,
        // then put the vectors back in the caller's order.
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| texts[i].len());
        let mut out = vec![Vec::new(); texts.len()];
        for batch in order.chunks(BATCH_SIZE) {
            let batch_texts: Vec<&str> = batch.iter().map(|&i| texts[i]).collect();
            for (&i, vector) in batch.iter().zip(self.embed_batch(&batch_texts)?) {
                out[i] = vector;
            }
        }
        Ok(out)
    }
}

/// The shipped tokenizer.json pads every input to 128 tokens and truncates at
/// 128; pad each batch only to its longest text and allow up to [`MAX_TOKENS`].
fn load_tokenizer(path: &Path) -> Result<Tokenizer, EmbedError> {
    let mut tokenizer = Tokenizer::from_file(path).map_err(|e| EmbedError::Tokenizer(format!("{}: {e}", path.display())))?;
    let padding = PaddingParams { strategy: PaddingStrategy::BatchLongest, ..tokenizer.get_padding().cloned().unwrap_or_default() };
    tokenizer.with_padding(Some(padding));
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
