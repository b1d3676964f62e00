//! The graph a server is serving, swapped for a new one when its file is replaced.
//!
//! A graph is rebuilt into a temporary file and renamed over the served one ([`crate::store::GraphWriter`]),
//! so the path names a new file (a new inode) while the old one is still open. [`LiveGraph::reload_if_replaced`]
//! notices that, opens the new file and swaps it in; a query holding the old [`Graph`] finishes on
//! it, and the old file's space is freed when the last such query ends. A new file that cannot be
//! opened is logged and the old graph stays in service.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

use proseva_embed::Embedder;

use crate::Error;
use crate::graph::{FileIdentity, Graph};

/// Which file a path names now (device and inode on Unix; size and modification time elsewhere).
fn identity(path: &Path) -> Option<FileIdentity> {
    #[cfg(unix)]
    {
        crate::graph::file_identity(path)
    }
    #[cfg(not(unix))]
    {
        let meta = std::fs::metadata(path).ok()?;
        let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos() as u64;
        Some((meta.len(), modified))
    }
}

/// The served graph and, when it came from a file, that file, watched for replacement.
pub struct LiveGraph {
    path: Option<PathBuf>,
    current: RwLock<Arc<Graph>>,
    opened: Mutex<Option<FileIdentity>>,
    /// The question embedder, given to every graph swapped in.
    embedder: RwLock<Option<Arc<dyn Embedder>>>,
}

impl std::fmt::Debug for LiveGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveGraph").field("path", &self.path).finish_non_exhaustive()
    }
}

impl LiveGraph {
    /// Opens the graph at `path` and watches it.
    pub fn open(path: &Path) -> Result<Self, Error> {
        let opened = identity(path);
        let graph = Graph::open(path)?;
        Ok(LiveGraph {
            path: Some(path.to_path_buf()),
            current: RwLock::new(Arc::new(graph)),
            opened: Mutex::new(opened),
            embedder: RwLock::new(None),
        })
    }

    /// A graph that is never swapped (tests, benchmarks, in-memory use).
    pub fn fixed(graph: Arc<Graph>) -> Self {
        LiveGraph { path: None, current: RwLock::new(graph), opened: Mutex::new(None), embedder: RwLock::new(None) }
    }

    /// The graph to run one query on.
    pub fn get(&self) -> Arc<Graph> {
        self.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The file served, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Sets the question embedder on the current graph and on every graph swapped in later.
    pub fn set_query_embedder(&self, embedder: Arc<dyn Embedder>) -> Result<(), Error> {
        *self.embedder.write().unwrap_or_else(|e| e.into_inner()) = Some(embedder.clone());
        self.get().set_query_embedder(embedder)
    }

    /// Whether a question embedder has been set.
    pub fn has_query_embedder(&self) -> bool {
        self.embedder.read().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    /// When the file at the path is no longer the one opened, opens it and swaps it in. Returns
    /// whether it swapped. An error (a half-copied file, another schema) leaves the old graph
    /// serving and is reported once per file.
    pub fn reload_if_replaced(&self) -> Result<bool, Error> {
        let Some(path) = &self.path else { return Ok(false) };
        let now = identity(path);
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        if now.is_none() || now == *opened {
            return Ok(false);
        }
        // Whatever happens, this file is not tried again until it is replaced once more.
        *opened = now;
        let graph = Graph::open(path)?;
        if let Some(embedder) = self.embedder.read().unwrap_or_else(|e| e.into_inner()).clone()
            && let Err(e) = graph.set_query_embedder(embedder)
        {
            tracing::warn!("the new graph is searched by words only: {e}");
        }
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(graph);
        Ok(true)
    }
}
