//! What every request handler and tool shares: the settings, the store and the knowledge index.

use std::sync::Arc;

use proseva_embed::{Embedder, EmbedderConfig};

use crate::knowledge::{self, Knowledge};
use crate::linking::LawGraph;
use crate::privacy::{self, Privacy};
use crate::reader::{self, Reader};
use crate::store::Store;
use crate::store::chunks::Owner;
use crate::store::notes::{self, Note};
use crate::{ApiError, Config};

/// Cheap to clone; clones share everything.
#[derive(Clone, Debug)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: Store,
    pub knowledge: Arc<Knowledge>,
    /// The OCR reader of scanned pages.
    pub reader: Arc<Reader>,
    /// The explorer, asked whether a section exists before a link to it is kept.
    pub law_graph: Arc<LawGraph>,
    /// The case file's lock: whether it is encrypted, its key while unlocked, and the stored
    /// documents' files (sealed when encrypted).
    pub privacy: Arc<Privacy>,
    /// CourtListener's citation look-up for the check before filing, when a token is set.
    pub citation_lookup: Arc<crate::papers::check::CitationLookup>,
}

impl AppState {
    /// Opens (or creates) `proseva.db` in the data dir and loads the stored passage vectors;
    /// encrypted data (`privacy.json`) is left closed, locked, until it is unlocked. A conversion
    /// a crash interrupted is finished or undone first ([`privacy::recover`]). The embedding model
    /// is not loaded here; see [`AppState::load_embedder_in_background`].
    pub fn open(config: &Config) -> Result<Self, ApiError> {
        // The launch token never leaves the process in an error's text.
        proseva_agent::sanitize::global().add_secrets(config.token.clone());
        std::fs::create_dir_all(&config.data_dir)
            .map_err(|e| ApiError::Internal(format!("creating {}: {e}", config.data_dir.display())))?;
        privacy::recover(&config.data_dir)?;
        let privacy = Arc::new(Privacy::new(&config.data_dir));
        let (store, knowledge) = if privacy.layout().encrypted() {
            tracing::info!("the case file is encrypted: locked until the passphrase is given");
            (Store::closed(), Knowledge::empty())
        } else {
            let documents = config.documents_dir();
            std::fs::create_dir_all(&documents).map_err(|e| ApiError::Internal(format!("creating {}: {e}", documents.display())))?;
            let store = Store::open(&config.db_path())?;
            let knowledge = Knowledge::load(&store)?;
            (store, knowledge)
        };
        Ok(AppState {
            config: Arc::new(config.clone()),
            store,
            knowledge: Arc::new(knowledge),
            reader: Arc::new(Reader::new(config)),
            law_graph: Arc::new(LawGraph::new(config)),
            privacy,
            citation_lookup: Arc::new(crate::papers::check::CitationLookup::from_env()),
        })
    }

    /// Loads the configured model on a thread of its own, so the server answers while it loads
    /// (about a second for the local model); `/api/health` shows how it went.
    pub fn load_embedder_in_background(&self, config: EmbedderConfig) {
        let state = self.clone();
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            match config.build() {
                Ok(Some(embedder)) => match state.use_embedder(Arc::from(embedder)) {
                    Ok(()) => tracing::info!(ms = started.elapsed().as_millis() as u64, "embedding model ready"),
                    Err(e) => state.knowledge.set_unavailable(e.to_string()),
                },
                Ok(None) => state.knowledge.set_unavailable("embeddings are turned off (PROSEVA_EMBEDDINGS=off)".into()),
                Err(e) => {
                    tracing::warn!("documents will be searchable by words only: {e}");
                    state.knowledge.set_unavailable(e.to_string());
                }
            }
        });
    }

    /// Uses an already loaded model (tests share one this way). Blocking.
    pub fn use_embedder(&self, embedder: Arc<dyn Embedder>) -> Result<(), ApiError> {
        self.knowledge.set_embedder(&self.store, embedder)
    }

    /// Starts embedding pending documents and notes in the background. Needs a tokio runtime.
    pub fn spawn_embedding_worker(&self) -> tokio::task::JoinHandle<()> {
        knowledge::spawn_worker(self.store.clone(), self.knowledge.clone())
    }

    /// Starts the background work of a running server: the OCR reader of scanned pages (a
    /// thread) and the embedding worker. Needs a tokio runtime.
    pub fn spawn_workers(&self) -> tokio::task::JoinHandle<()> {
        reader::spawn(self.clone());
        self.spawn_embedding_worker()
    }

    /// Adds `text` to the end of note `id` (after a blank line; what the note held stays as it
    /// was) and cuts its passages anew, under the knowledge index's lock: `POST
    /// /api/notes/{id}/append` and the `append_to_note` tool both come here. Blocking.
    pub fn append_to_note(&self, id: i64, text: &str) -> Result<Note, ApiError> {
        self.knowledge.replace_passages(Owner::Note(id), || self.store.write(|c| notes::append(c, id, text)))
    }

    /// Runs blocking work (SQLite, the model) on tokio's blocking pool.
    pub async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&AppState) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let state = self.clone();
        tokio::task::spawn_blocking(move || f(&state)).await?
    }
}
