//! The data dir: where it is, its layout, making it, and building `graph.db` on first run.

use std::path::{Path, PathBuf};

use proseva_law::ingest::Progress;
use proseva_supervisor::SetupProgress;
use serde::Serialize;

use crate::error::SidecarsError;

/// The embedding model's folder name under `models/` (and under `~/.cache/proseva/models/`).
pub const MODEL_NAME: &str = "all-minilm-l6-v2";

/// `$PROSEVA_DATA_DIR` when set and not empty, else the platform data dir + `proseva`
/// (`~/.local/share/proseva` on Linux).
pub fn default_data_dir() -> PathBuf {
    match std::env::var_os("PROSEVA_DATA_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => {
            dirs::data_dir().unwrap_or_else(|| dirs::home_dir().unwrap_or_else(|| PathBuf::from(".")).join(".local/share")).join("proseva")
        }
    }
}

/// `privacy.json`: present when the person locked the case file with a passphrase (the server
/// writes and reads it; its presence alone says the case data is encrypted).
pub const PRIVACY_KEY_FILE: &str = "privacy.json";

/// The data dir's layout. [`DataDir::at`] only computes paths; [`prepare_data_dir`] makes them.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DataDir {
    pub root: PathBuf,
    /// `logs/`: `server.log`, `explorer.log` (and their rotated copies).
    pub logs: PathBuf,
    /// `models/`: an embedding model installed here is handed to both children.
    pub models: PathBuf,
    /// `graph.db`, the explorer's law graph.
    pub graph_db: PathBuf,
    /// `proseva.db`, the server's case data (the server creates it).
    pub server_db: PathBuf,
    /// `settings.json`, the desktop's non-secret settings (the desktop writes it).
    pub settings_json: PathBuf,
    /// `mcp-server.json`: the running case data server's address and token, written by the desktop
    /// (mode 0600) only while the person lets other assistants read their case data; read by
    /// `proseva-mcp`.
    pub mcp_server_json: PathBuf,
    /// Whether [`prepare_data_dir`] built `graph.db` just now (first run).
    pub graph_built: bool,
}

impl DataDir {
    /// The layout under `root` (made absolute against the current directory), without touching the disk.
    pub fn at(root: &Path) -> DataDir {
        let root = std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf());
        DataDir {
            logs: root.join("logs"),
            models: root.join("models"),
            graph_db: root.join("graph.db"),
            server_db: root.join("proseva.db"),
            settings_json: root.join("settings.json"),
            mcp_server_json: root.join("mcp-server.json"),
            graph_built: false,
            root,
        }
    }

    /// `logs/<name>.log`.
    pub fn log_file(&self, name: &str) -> PathBuf {
        self.logs.join(format!("{name}.log"))
    }

    /// `models/all-minilm-l6-v2`, where the model is looked for inside the data dir.
    pub fn model_dir(&self) -> PathBuf {
        self.models.join(MODEL_NAME)
    }

    /// The `PROSEVA_MODEL_DIR` to give the children: the data dir's model when it is installed
    /// (`model.safetensors` present) and `PROSEVA_MODEL_DIR` is not already set; else `None`, and
    /// the children use the variable or their default (`~/.cache/proseva/models/...`).
    pub fn model_dir_override(&self) -> Option<PathBuf> {
        if std::env::var_os("PROSEVA_MODEL_DIR").is_some() {
            return None;
        }
        let dir = self.model_dir();
        dir.join("model.safetensors").is_file().then_some(dir)
    }
}

/// Creates the data dir with `logs/` and `models/` and checks that it is writable (by writing
/// and removing a probe file). Does not build the graph.
pub fn create_data_dir(root: &Path) -> Result<DataDir, SidecarsError> {
    let dir = DataDir::at(root);
    for path in [&dir.root, &dir.logs, &dir.models] {
        std::fs::create_dir_all(path).map_err(|source| SidecarsError::CreateDir { path: path.clone(), source })?;
    }
    let probe = dir.root.join(format!(".write-probe-{}", std::process::id()));
    std::fs::write(&probe, b"probe")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|source| SidecarsError::NotWritable { path: dir.root.clone(), source })?;
    Ok(dir)
}

/// Builds `graph.db` when it is missing or of another schema version: from the official exports the Library
/// downloaded (`law/exports/`) over the starter's summaries, or from the starter corpus alone, with
/// its shipped vectors; returns whether it built it. Progress: the ingest stages (`reading`,
/// `writing`, … as proseva-law names them), then `done` once the graph is in place. The build
/// writes a temporary file and renames it, so an interrupted build leaves no half-made graph; the
/// temporary files of builds that were killed are removed first.
pub fn ensure_graph(dir: &DataDir, progress: &(dyn Fn(SetupProgress) + Sync)) -> Result<bool, SidecarsError> {
    remove_abandoned_builds(dir);
    if dir.graph_db.exists() {
        if !proseva_law::store::is_graph_of_another_schema(&dir.graph_db) {
            // Current, or damaged: the explorer opens it or says what is wrong with it.
            return Ok(false);
        }
        tracing::info!("{} is of another schema version; rebuilding it", dir.graph_db.display());
    }
    let forward = |p: Progress| progress(SetupProgress { stage: p.stage.to_string(), done: p.done, total: p.total });
    crate::library::build_graph(&crate::library::LibraryPaths::in_data_dir(&dir.root), &forward)
        .map_err(|message| SidecarsError::Graph { path: dir.graph_db.clone(), message })?;
    progress(SetupProgress { stage: "done".to_string(), done: 1, total: 1 });
    Ok(true)
}

/// Deletes `.graph.db.building-<pid>` files left by builds that were killed.
fn remove_abandoned_builds(dir: &DataDir) {
    let Ok(entries) = std::fs::read_dir(&dir.root) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix(".graph.db.building-") else { continue };
        let alive = pid.parse::<u32>().is_ok_and(|pid| pid != std::process::id() && Path::new(&format!("/proc/{pid}")).exists());
        if !alive {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Makes the data dir ready: [`create_data_dir`], then [`ensure_graph`] (progress goes to
/// `progress`). `graph_built` in the result says whether this was a first run.
pub fn prepare_data_dir(root: &Path, progress: &(dyn Fn(SetupProgress) + Sync)) -> Result<DataDir, SidecarsError> {
    let mut dir = create_data_dir(root)?;
    dir.graph_built = ensure_graph(&dir, progress)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    #[test]
    fn prepare_builds_the_graph_once_with_progress() {
        let temp = tempfile::tempdir().unwrap();
        let root = temp.path().join("data");
        let seen = Mutex::new(Vec::new());
        let dir = prepare_data_dir(&root, &|p| seen.lock().unwrap().push(p)).unwrap();
        assert!(dir.graph_built);
        assert!(dir.graph_db.is_file() && dir.logs.is_dir() && dir.models.is_dir());
        let seen = seen.into_inner().unwrap();
        assert!(seen.len() > 2, "{seen:?}");
        assert_eq!(seen.last().unwrap().stage, "done");
        assert!(seen.iter().all(|p| p.done <= p.total), "{seen:?}");
        assert!(std::fs::read_dir(&root).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().starts_with(".write-probe")));

        let again = prepare_data_dir(&root, &|p| panic!("no progress expected on a second run: {p:?}")).unwrap();
        assert!(!again.graph_built);
    }

    #[test]
    fn a_graph_of_an_older_schema_is_rebuilt_and_builds_killed_midway_are_cleared() {
        let temp = tempfile::tempdir().unwrap();
        let root = temp.path().join("data");
        let dir = prepare_data_dir(&root, &|_| {}).unwrap();
        let conn = downgrade_schema(&dir.graph_db);
        assert!(conn, "the graph's schema version was set back");
        // A build killed by `kill -9` (no such process now) left its temporary file.
        let abandoned = root.join(".graph.db.building-999999999");
        std::fs::write(&abandoned, b"half a graph").unwrap();

        let again = prepare_data_dir(&root, &|_| {}).unwrap();
        assert!(again.graph_built, "an older schema is rebuilt, not misread");
        assert!(!proseva_law::store::is_graph_of_another_schema(&again.graph_db));
        assert!(!abandoned.exists());
    }

    /// Sets the graph's recorded schema version to 1, as a graph made by an older ProSeVA has.
    fn downgrade_schema(graph: &Path) -> bool {
        proseva_law::store::set_schema_version_for_tests(graph, 1).is_ok()
    }

    #[test]
    fn prepare_fails_clearly_when_the_dir_cannot_be_made() {
        // Tests may run as root, for whom permissions are no obstacle: a path under a regular file is.
        let temp = tempfile::tempdir().unwrap();
        let file = temp.path().join("a-file");
        std::fs::write(&file, "").unwrap();
        let root = file.join("data");
        let error = prepare_data_dir(&root, &|_| {}).unwrap_err();
        let message = error.to_string();
        assert!(matches!(error, SidecarsError::CreateDir { .. } | SidecarsError::NotWritable { .. }), "{error:?}");
        assert!(message.contains(&root.display().to_string()), "{message}");
    }

    #[test]
    fn an_installed_model_is_handed_to_the_children() {
        let temp = tempfile::tempdir().unwrap();
        let dir = create_data_dir(temp.path()).unwrap();
        assert_eq!(dir.model_dir_override(), None, "nothing installed");
        std::fs::create_dir_all(dir.model_dir()).unwrap();
        std::fs::write(dir.model_dir().join("model.safetensors"), "").unwrap();
        // An explicit PROSEVA_MODEL_DIR wins over the data dir's copy.
        let expected = std::env::var_os("PROSEVA_MODEL_DIR").is_none().then(|| dir.model_dir());
        assert_eq!(dir.model_dir_override(), expected);
    }

    #[test]
    fn layout_paths() {
        let dir = DataDir::at(Path::new("/srv/proseva"));
        assert_eq!(dir.graph_db, Path::new("/srv/proseva/graph.db"));
        assert_eq!(dir.server_db, Path::new("/srv/proseva/proseva.db"));
        assert_eq!(dir.settings_json, Path::new("/srv/proseva/settings.json"));
        assert_eq!(dir.log_file("server"), Path::new("/srv/proseva/logs/server.log"));
        assert_eq!(dir.model_dir(), Path::new("/srv/proseva/models/all-minilm-l6-v2"));
        assert!(DataDir::at(Path::new("relative")).root.is_absolute());
    }
}
