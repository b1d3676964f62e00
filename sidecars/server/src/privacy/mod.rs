//! The case file's lock: everything the server keeps about the person's cases encrypted on disk
//! under a passphrase, and unreadable until it is given.
//!
//! Where the data lives says which it is, and one file decides:
//!
//! - plain: `proseva.db` and `documents/` in the data dir;
//! - locked: `privacy.json` (the data key, sealed by the passphrase and by the recovery key, see
//!   [`keys`]), `vault/proseva.db` (SQLCipher, the key from the data key) and `vault/documents/`
//!   (each file sealed, see [`seal`]).
//!
//! `privacy.json` appears (or goes) in one atomic rename, and only once the other form of the
//! data is complete and checked ([`convert`]). Whatever a crash or a power cut interrupts, the
//! next start finds either form whole and removes what is left of the other ([`recover`]).
//!
//! A server started on encrypted data starts locked: the store is closed, and every route that
//! reads or writes the person's data answers 423 until `POST /api/privacy/unlock`.

pub mod convert;
pub mod keys;
pub mod seal;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, RwLock, RwLockWriteGuard};

use keys::{DataKey, FileKey, KeyFile};
use serde::Serialize;

use crate::ApiError;

/// The file that holds the sealed data key; its presence means the case file is encrypted.
pub const KEY_FILE: &str = "privacy.json";
/// The folder of the encrypted database and documents.
pub const VAULT_DIR: &str = "vault";
/// Where a conversion builds the other form of the data before it is checked and put in place.
pub const VAULT_PARTIAL_DIR: &str = "vault.partial";
pub const PLAIN_PARTIAL_DIR: &str = "plain.partial";
pub const DB_FILE: &str = "proseva.db";
pub const DOCUMENTS_DIR: &str = "documents";

/// The paths of both forms of the data under one data dir.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub data_dir: PathBuf,
}

impl Layout {
    pub fn new(data_dir: &Path) -> Self {
        Layout { data_dir: data_dir.to_path_buf() }
    }
    pub fn key_file(&self) -> PathBuf {
        self.data_dir.join(KEY_FILE)
    }
    pub fn plain_db(&self) -> PathBuf {
        self.data_dir.join(DB_FILE)
    }
    pub fn plain_documents(&self) -> PathBuf {
        self.data_dir.join(DOCUMENTS_DIR)
    }
    pub fn vault(&self) -> PathBuf {
        self.data_dir.join(VAULT_DIR)
    }
    pub fn vault_db(&self) -> PathBuf {
        self.vault().join(DB_FILE)
    }
    pub fn vault_documents(&self) -> PathBuf {
        self.vault().join(DOCUMENTS_DIR)
    }
    /// Whether the data is encrypted: `privacy.json` is there.
    pub fn encrypted(&self) -> bool {
        self.key_file().is_file()
    }
    /// The database and documents folder in use.
    pub fn db(&self) -> PathBuf {
        if self.encrypted() { self.vault_db() } else { self.plain_db() }
    }
    pub fn documents(&self) -> PathBuf {
        if self.encrypted() { self.vault_documents() } else { self.plain_documents() }
    }
}

/// `GET /api/privacy`.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Status {
    pub encrypted: bool,
    pub locked: bool,
}

/// The lock's state in a running server: the data key while unlocked, and one change (turning
/// on, off, unlocking, locking) at a time.
#[derive(Debug)]
pub struct Privacy {
    layout: Layout,
    key: RwLock<Option<DataKey>>,
    changing: Mutex<()>,
    /// Held shared by every read or write of a stored file, and alone by a conversion: a file
    /// written while the documents folder is being converted would be left behind in the old form.
    files: RwLock<()>,
}

impl Privacy {
    pub fn new(data_dir: &Path) -> Self {
        Privacy { layout: Layout::new(data_dir), key: RwLock::new(None), changing: Mutex::new(()), files: RwLock::new(()) }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn status(&self) -> Status {
        let encrypted = self.layout.encrypted();
        Status { encrypted, locked: encrypted && self.key.read().unwrap_or_else(|e| e.into_inner()).is_none() }
    }

    pub fn is_locked(&self) -> bool {
        self.status().locked
    }

    /// One change of the lock at a time.
    pub(crate) fn changing(&self) -> MutexGuard<'_, ()> {
        self.changing.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// No stored file is read or written until the guard goes (a conversion holds it).
    pub(crate) fn files_alone(&self) -> RwLockWriteGuard<'_, ()> {
        self.files.write().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn set_key(&self, key: Option<DataKey>) {
        *self.key.write().unwrap_or_else(|e| e.into_inner()) = key;
    }

    pub(crate) fn key(&self) -> Option<DataKey> {
        self.key.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn key_file(&self) -> Result<KeyFile, ApiError> {
        KeyFile::read(&self.layout.key_file()).map_err(|e| ApiError::Internal(e.to_string()))
    }

    /// The key of the files: `None` for plain data, [`ApiError::Locked`] while locked.
    fn file_key(&self) -> Result<Option<FileKey>, ApiError> {
        if !self.layout.encrypted() {
            return Ok(None);
        }
        self.key().map(|k| Some(k.file_key())).ok_or(ApiError::Locked)
    }

    /// The documents folder in use.
    pub fn documents_dir(&self) -> PathBuf {
        self.layout.documents()
    }

    /// Keeps `bytes` as the stored file `name` (sealed when the data is encrypted), durably: the
    /// file and its folder are synced. Never replaces a file.
    pub fn write_file(&self, name: &str, bytes: &[u8]) -> Result<(), ApiError> {
        let _files = self.files.read().unwrap_or_else(|e| e.into_inner());
        let key = self.file_key()?;
        let sealed;
        let bytes = match &key {
            Some(key) => {
                sealed = seal::seal(key, name, bytes);
                sealed.as_slice()
            }
            None => bytes,
        };
        write_durably(&self.documents_dir(), name, bytes)
    }

    /// The stored file `name`, opened when the data is encrypted.
    pub fn read_file(&self, name: &str) -> Result<Vec<u8>, ApiError> {
        let _files = self.files.read().unwrap_or_else(|e| e.into_inner());
        let key = self.file_key()?;
        let path = self.documents_dir().join(name);
        let bytes = std::fs::read(&path).map_err(|e| ApiError::Internal(format!("reading {}: {e}", path.display())))?;
        match key {
            Some(key) => seal::open(&key, name, &bytes).map_err(|e| ApiError::Internal(e.to_string())),
            None => Ok(bytes),
        }
    }

    /// Removes the stored file `name`.
    pub fn remove_file(&self, name: &str) -> std::io::Result<()> {
        let _files = self.files.read().unwrap_or_else(|e| e.into_inner());
        std::fs::remove_file(self.documents_dir().join(name))
    }
}

/// Writes a new file and syncs it and its directory, so it is there after a crash.
pub fn write_durably(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), ApiError> {
    use std::io::Write;
    let path = dir.join(name);
    let io = |e: std::io::Error| ApiError::Internal(format!("writing {}: {e}", path.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut file = std::fs::File::create_new(&path).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    sync_dir(dir).map_err(io)
}

/// Syncs a directory, so the names in it (a rename, a new or removed file) survive a power cut.
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Removes the scratch folders (`.tmp…` in the data dir) a backup or restore left when the server
/// was killed during it: a database snapshot or unpacked documents must not stay behind. Called
/// at start by [`recover`].
pub fn remove_abandoned_scratch(data_dir: &Path) {
    for entry in std::fs::read_dir(data_dir).into_iter().flatten().flatten() {
        let is_scratch = entry.file_name().to_string_lossy().starts_with(".tmp") && entry.file_type().is_ok_and(|t| t.is_dir());
        if is_scratch {
            match std::fs::remove_dir_all(entry.path()) {
                Ok(()) => tracing::info!("removed a backup's scratch folder left by an interrupted run"),
                Err(e) => tracing::warn!("a backup's scratch folder could not be removed: {e}"),
            }
        }
    }
}

/// Finishes or undoes a conversion a crash interrupted, before anything opens the data: with
/// `privacy.json` the encrypted form is the data, and what is left of the plain one goes; without
/// it, the plain form is, and what is left of the encrypted one goes. Nothing is removed unless
/// the form that stays has its database.
pub fn recover(data_dir: &Path) -> Result<(), ApiError> {
    remove_abandoned_scratch(data_dir);
    let layout = Layout::new(data_dir);
    let removed = |what: &Path| -> Result<(), ApiError> {
        if remove_all(what)? {
            tracing::info!("privacy: removed what an interrupted change left: {}", what.display());
        }
        Ok(())
    };
    let partial_key = data_dir.join(format!("{KEY_FILE}.partial"));
    removed(&partial_key)?;
    if layout.encrypted() {
        removed(&data_dir.join(VAULT_PARTIAL_DIR))?;
        removed(&data_dir.join(PLAIN_PARTIAL_DIR))?;
        if layout.vault_db().is_file() {
            for leftover in plain_files(&layout) {
                remove_wiping(&leftover)?;
            }
        } else if layout.plain_db().is_file() {
            tracing::error!("privacy: {KEY_FILE} is here but {} is not; the plain data is left as it is", layout.vault_db().display());
        }
    } else {
        removed(&data_dir.join(VAULT_PARTIAL_DIR))?;
        if layout.plain_db().is_file() || !layout.vault_db().exists() {
            removed(&layout.vault())?;
            // A decryption's plain files are only ever in place before the key file goes.
            removed(&data_dir.join(PLAIN_PARTIAL_DIR))?;
        } else {
            tracing::error!("privacy: {} is here without {KEY_FILE}; it is left as it is", layout.vault().display());
        }
    }
    let _ = sync_dir(data_dir);
    Ok(())
}

/// Removes a file or a folder (with all in it); whether there was one. Nothing there is fine.
pub(crate) fn remove_all(path: &Path) -> Result<bool, ApiError> {
    let result = if path.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
    match result {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(ApiError::Internal(format!("removing {}: {e}", path.display()))),
    }
}

/// The plain form's files: the database with its journal files, and the documents folder.
pub(crate) fn plain_files(layout: &Layout) -> Vec<PathBuf> {
    let db = layout.plain_db();
    let with = |suffix: &str| PathBuf::from(format!("{}{suffix}", db.display()));
    vec![db.clone(), with("-wal"), with("-shm"), with("-journal"), layout.plain_documents()]
}

/// Overwrites a file (every file of a folder) with zeros, syncs it, then removes it: on a disk
/// that writes in place the old bytes are gone. Solid-state disks and copy-on-write or journaling
/// file systems may keep old blocks elsewhere; README "Privacy and safety" says so.
pub fn remove_wiping(path: &Path) -> Result<(), ApiError> {
    use std::io::Write;
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(ApiError::Internal(format!("reading {}: {e}", path.display()))),
    };
    if meta.is_dir() {
        let children: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| ApiError::Internal(format!("reading {}: {e}", path.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        for child in children {
            remove_wiping(&child)?;
        }
        return std::fs::remove_dir(path).map_err(|e| ApiError::Internal(format!("removing {}: {e}", path.display())));
    }
    if meta.is_file() && meta.len() > 0 {
        let zeros = vec![0u8; 1 << 20];
        if let Ok(mut file) = std::fs::OpenOptions::new().write(true).open(path) {
            let mut left = meta.len();
            while left > 0 {
                let n = left.min(zeros.len() as u64) as usize;
                if file.write_all(&zeros[..n]).is_err() {
                    break;
                }
                left -= n as u64;
            }
            let _ = file.sync_all();
        }
    }
    std::fs::remove_file(path).map_err(|e| ApiError::Internal(format!("removing {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_folders_left_by_a_killed_backup_go_at_start_and_nothing_else_does() {
        let dir = tempfile::tempdir().unwrap();
        let scratch = tempfile::Builder::new().prefix(".tmp").tempdir_in(dir.path()).unwrap().keep();
        std::fs::write(scratch.join("proseva.db"), b"a snapshot").unwrap();
        std::fs::write(dir.path().join(".tmpfile"), b"not a folder").unwrap();
        std::fs::create_dir(dir.path().join("documents")).unwrap();
        remove_abandoned_scratch(dir.path());
        assert!(!scratch.exists());
        assert!(dir.path().join(".tmpfile").exists() && dir.path().join("documents").exists());
    }

    #[test]
    fn recovery_removes_only_the_form_not_chosen_and_never_the_only_copy() {
        let dir = tempfile::tempdir().unwrap();
        let layout = Layout::new(dir.path());
        let put = |path: PathBuf| {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, b"data").unwrap();
        };
        // A key file but no encrypted database: the plain data is left as it is.
        put(layout.plain_db());
        put(layout.key_file());
        recover(dir.path()).unwrap();
        assert!(layout.plain_db().exists());
        // With the encrypted database there, the plain leftovers go.
        put(layout.vault_db());
        put(layout.plain_documents().join("a.pdf"));
        put(dir.path().join(VAULT_PARTIAL_DIR).join(DB_FILE));
        recover(dir.path()).unwrap();
        assert!(!layout.plain_db().exists() && !layout.plain_documents().exists() && !dir.path().join(VAULT_PARTIAL_DIR).exists());
        assert!(layout.vault_db().exists());
        // No key file, no plain database: an encrypted folder alone is left as it is.
        std::fs::remove_file(layout.key_file()).unwrap();
        recover(dir.path()).unwrap();
        assert!(layout.vault_db().exists());
        // No key file, plain data there: the encrypted leftovers go.
        put(layout.plain_db());
        recover(dir.path()).unwrap();
        assert!(!layout.vault().exists() && layout.plain_db().exists());
    }
}
