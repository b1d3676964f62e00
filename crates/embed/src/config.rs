//! Which embedder to use, from the environment.

use std::path::PathBuf;

use crate::{EmbedError, Embedder, LocalEmbedder, OpenAiEmbedder, default_model_dir};

const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
const DEFAULT_REMOTE_MODEL: &str = "text-embedding-3-small";

/// The embedder the user chose; [`EmbedderConfig::build`] makes it.
/// Its `Debug` output never shows the API key, so it is safe to log.
#[derive(Clone, PartialEq, Eq)]
pub enum EmbedderConfig {
    /// all-MiniLM-L6-v2 on the CPU from `model_dir`.
    Local { model_dir: PathBuf },
    /// An OpenAI-compatible `/embeddings` endpoint.
    OpenAi {
        base_url: String,
        api_key: Option<String>,
        model: String,
        dimension: Option<usize>,
        /// How the vectors are named (`EMBEDDINGS_MODEL_ID`); default `openai:<model>`. Set it to a
        /// local model's id when the endpoint serves that very model (the desktop points the
        /// explorer at the server's `/v1/embeddings`), so their vectors count as comparable.
        model_id: Option<String>,
    },
    /// No embeddings: semantic search is off.
    Disabled,
}

impl std::fmt::Debug for EmbedderConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EmbedderConfig::Local { model_dir } => f.debug_struct("Local").field("model_dir", model_dir).finish(),
            EmbedderConfig::OpenAi { base_url, api_key, model, dimension, model_id } => f
                .debug_struct("OpenAi")
                .field("model_id", model_id)
                .field("base_url", base_url)
                .field("api_key", &api_key.as_ref().map(|_| "<redacted>"))
                .field("model", model)
                .field("dimension", dimension)
                .finish(),
            EmbedderConfig::Disabled => f.write_str("Disabled"),
        }
    }
}

impl EmbedderConfig {
    /// From the environment: PROSEVA_EMBEDDINGS = local (default) | openai | off;
    /// PROSEVA_MODEL_DIR (else default_model_dir()); EMBEDDINGS_BASE_URL (else OPENAI_BASE_URL, else https://api.openai.com/v1),
    /// EMBEDDINGS_MODEL (default text-embedding-3-small), EMBEDDINGS_API_KEY (else OPENAI_API_KEY), EMBEDDINGS_DIMENSION (optional).
    ///
    /// Empty variables count as unset. An unknown PROSEVA_EMBEDDINGS value or an
    /// unparsable EMBEDDINGS_DIMENSION is logged as a warning and ignored.
    pub fn from_env() -> Self {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// [`Self::from_env`] over any variable lookup, so tests need not touch the process environment.
    fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Self {
        let var = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let mode = var("PROSEVA_EMBEDDINGS").map(|m| m.trim().to_ascii_lowercase());
        match mode.as_deref() {
            Some("off" | "none" | "disabled" | "false" | "0") => EmbedderConfig::Disabled,
            Some("openai" | "remote") => EmbedderConfig::OpenAi {
                base_url: var("EMBEDDINGS_BASE_URL").or_else(|| var("OPENAI_BASE_URL")).unwrap_or_else(|| DEFAULT_BASE_URL.to_string()),
                api_key: var("EMBEDDINGS_API_KEY").or_else(|| var("OPENAI_API_KEY")),
                model: var("EMBEDDINGS_MODEL").unwrap_or_else(|| DEFAULT_REMOTE_MODEL.to_string()),
                dimension: var("EMBEDDINGS_DIMENSION").and_then(|d| match d.trim().parse() {
                    Ok(n) => Some(n),
                    Err(_) => {
                        tracing::warn!(value = %d, "EMBEDDINGS_DIMENSION is not a number; ignoring it");
                        None
                    }
                }),
                model_id: var("EMBEDDINGS_MODEL_ID").map(|id| id.trim().to_string()),
            },
            other => {
                if let Some(unknown) = other.filter(|m| *m != "local") {
                    tracing::warn!(value = unknown, "PROSEVA_EMBEDDINGS should be local, openai or off; using local");
                }
                EmbedderConfig::Local { model_dir: var("PROSEVA_MODEL_DIR").map(PathBuf::from).unwrap_or_else(default_model_dir) }
            }
        }
    }

    /// The `model_id` the built embedder will report, known without loading or calling anything,
    /// so a caller can tell whether the model fits stored vectors before paying for it.
    pub fn model_id(&self) -> Option<String> {
        match self {
            EmbedderConfig::Local { .. } => Some(crate::local::MODEL_ID.to_string()),
            EmbedderConfig::OpenAi { model, model_id, .. } => Some(model_id.clone().unwrap_or_else(|| crate::openai::model_id(model))),
            EmbedderConfig::Disabled => None,
        }
    }

    /// Builds the embedder; Ok(None) for Disabled. A missing local model is a clear error that names the
    /// directory and says to run `scripts/install-model.sh` (or `make model`).
    ///
    /// A remote embedder without a configured dimension is asked for one vector
    /// here, so a wrong URL or key shows up at start-up rather than at the first search.
    pub fn build(&self) -> Result<Option<Box<dyn Embedder>>, EmbedError> {
        self.build_with(false)
    }

    /// [`Self::build`] for embedding search questions as they come: a remote endpoint is tried
    /// once per question ([`OpenAiEmbedder::for_questions`]), so a search falls back to its words
    /// at once when the endpoint is loading, restarting or gone.
    pub fn build_for_questions(&self) -> Result<Option<Box<dyn Embedder>>, EmbedError> {
        self.build_with(true)
    }

    fn build_with(&self, questions: bool) -> Result<Option<Box<dyn Embedder>>, EmbedError> {
        match self {
            EmbedderConfig::Disabled => Ok(None),
            EmbedderConfig::Local { model_dir } => Ok(Some(Box::new(LocalEmbedder::load(model_dir)?))),
            EmbedderConfig::OpenAi { base_url, api_key, model, dimension, model_id } => {
                let mut embedder = OpenAiEmbedder::new(base_url, api_key.clone(), model, *dimension)?;
                if let Some(id) = model_id {
                    embedder = embedder.with_model_id(id);
                }
                if questions {
                    embedder = embedder.for_questions();
                }
                embedder.probe_dimension()?;
                Ok(Some(Box::new(embedder)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> EmbedderConfig {
        let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        EmbedderConfig::from_lookup(|name| vars.get(name).cloned())
    }

    #[test]
    fn nothing_set_means_the_local_model_in_the_default_dir() {
        assert_eq!(config(&[]), EmbedderConfig::Local { model_dir: default_model_dir() });
    }

    #[test]
    fn proseva_model_dir_moves_the_local_model() {
        assert_eq!(
            config(&[("PROSEVA_EMBEDDINGS", "local"), ("PROSEVA_MODEL_DIR", "/opt/minilm")]),
            EmbedderConfig::Local { model_dir: PathBuf::from("/opt/minilm") }
        );
    }

    #[test]
    fn off_disables_embeddings_and_build_gives_none() {
        let config = config(&[("PROSEVA_EMBEDDINGS", "OFF")]);
        assert_eq!(config, EmbedderConfig::Disabled);
        assert!(config.build().unwrap().is_none());
    }

    #[test]
    fn openai_defaults_to_openai_with_the_shared_key() {
        assert_eq!(
            config(&[("PROSEVA_EMBEDDINGS", "openai"), ("OPENAI_API_KEY", "sk-shared")]),
            EmbedderConfig::OpenAi {
                base_url: "https://api.openai.com/v1".into(),
                api_key: Some("sk-shared".into()),
                model: "text-embedding-3-small".into(),
                dimension: None,
                model_id: None,
            }
        );
    }

    #[test]
    fn embeddings_variables_win_over_the_openai_ones() {
        assert_eq!(
            config(&[
                ("PROSEVA_EMBEDDINGS", "openai"),
                ("OPENAI_BASE_URL", "http://chat-server/v1"),
                ("OPENAI_API_KEY", "sk-chat"),
                ("EMBEDDINGS_BASE_URL", "http://127.0.0.1:11434/v1"),
                ("EMBEDDINGS_API_KEY", "sk-embed"),
                ("EMBEDDINGS_MODEL", "nomic-embed-text"),
                ("EMBEDDINGS_DIMENSION", "768"),
            ]),
            EmbedderConfig::OpenAi {
                base_url: "http://127.0.0.1:11434/v1".into(),
                api_key: Some("sk-embed".into()),
                model: "nomic-embed-text".into(),
                dimension: Some(768),
                model_id: None,
            }
        );
        let same_model = config(&[
            ("PROSEVA_EMBEDDINGS", "openai"),
            ("EMBEDDINGS_BASE_URL", "http://127.0.0.1:3001/v1"),
            ("EMBEDDINGS_MODEL", "all-MiniLM-L6-v2"),
            ("EMBEDDINGS_MODEL_ID", "all-MiniLM-L6-v2"),
            ("EMBEDDINGS_DIMENSION", "384"),
        ]);
        assert_eq!(same_model.model_id().as_deref(), Some("all-MiniLM-L6-v2"));
        let built = same_model.build().unwrap().unwrap();
        assert_eq!((built.model_id(), built.dimension()), ("all-MiniLM-L6-v2", 384), "no request is made when the dimension is given");
    }

    #[test]
    fn openai_base_url_is_used_when_no_embeddings_url_is_set() {
        let EmbedderConfig::OpenAi { base_url, api_key, .. } =
            config(&[("PROSEVA_EMBEDDINGS", "openai"), ("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1"), ("EMBEDDINGS_API_KEY", "")])
        else {
            panic!("expected OpenAi");
        };
        assert_eq!(base_url, "http://127.0.0.1:8080/v1");
        assert_eq!(api_key, None, "an empty key counts as unset");
    }

    #[test]
    fn debug_output_hides_the_api_key() {
        let config = config(&[("PROSEVA_EMBEDDINGS", "openai"), ("OPENAI_API_KEY", "sk-secret-42")]);
        let shown = format!("{config:?}");
        assert!(!shown.contains("sk-secret-42"), "{shown}");
        assert!(shown.contains("redacted") && shown.contains("text-embedding-3-small"), "{shown}");
    }

    #[test]
    fn a_missing_local_model_fails_to_build_with_the_installer_hint() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nowhere");
        let err = match (EmbedderConfig::Local { model_dir: missing.clone() }).build() {
            Err(err) => err,
            Ok(_) => panic!("built an embedder from a missing model"),
        };
        let message = err.to_string();
        assert!(message.contains(&missing.display().to_string()), "{message}");
        assert!(message.contains("scripts/install-model.sh"), "{message}");
        assert!(message.contains("make model"), "{message}");
    }
}
