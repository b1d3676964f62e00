use std::path::PathBuf;

/// Everything that can go wrong while loading a model or embedding text.
#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    /// The local model directory lacks `model.safetensors`, `config.json` or `tokenizer.json`.
    #[error(
        "the embedding model is not installed in {}: run `scripts/install-model.sh` (or `make model`) \
         to install all-MiniLM-L6-v2 there, set PROSEVA_MODEL_DIR to where it is, \
         or set PROSEVA_EMBEDDINGS=off to run without semantic search",
        dir.display()
    )]
    ModelMissing { dir: PathBuf },

    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// The model files are present but candle cannot use them, or inference failed.
    #[error("embedding model error: {0}")]
    Model(String),

    #[error("tokenizer error: {0}")]
    Tokenizer(String),

    /// The embeddings endpoint could not be reached, or answered with an error status.
    /// `status` is `None` when no HTTP response arrived (refused, timed out, DNS).
    #[error("embeddings request to {url} failed{}: {message}", status_suffix(*.status))]
    Http { url: String, status: Option<u16>, message: String },

    /// The endpoint answered 2xx with something that is not a valid embeddings response.
    #[error("invalid embeddings response: {0}")]
    BadResponse(String),

    /// Vectors of different sizes cannot be compared. `model` names the model
    /// that produced `found` (and, from [`crate::check_dimension`], the one that
    /// made the stored vectors).
    #[error(
        "embedding dimension mismatch: expected {expected}-dimensional vectors, but {model} gives {found}. \
         Vectors from different models cannot be compared: re-embed the stored vectors with the \
         current model (run the ingest again), or configure the model (and EMBEDDINGS_DIMENSION) \
         that made them"
    )]
    DimensionMismatch { expected: usize, found: usize, model: String },
}

fn status_suffix(status: Option<u16>) -> String {
    status.map(|s| format!(" with HTTP {s}")).unwrap_or_default()
}

impl From<candle_core::Error> for EmbedError {
    fn from(err: candle_core::Error) -> Self {
        EmbedError::Model(err.to_string())
    }
}
