//! One file with everything: a consistent snapshot of `proseva.db` (SQLite's online backup API),
//! the original of every document, and `settings.json` — never `secrets.json` — in a zip archive
//! with a `manifest.json`. Restoring one first archives the current data (kept aside beside the
//! backup as `before-restore-<time>.proseva-backup`, or in `<data dir>/kept/`; never deleted), then copies the backup's database into the live one with
//! the same backup API (readers never see half of it) and swaps the documents folder.
//!
//! While a backup or restore runs it holds the store's write lock, so no record or document can
//! change under it: the archive's database and documents always agree.
//!
//! With the case file encrypted (`crate::privacy`), the archive holds the database as SQLCipher
//! keeps it and the documents sealed, as they are on disk, with `privacy.json` (the data key
//! sealed by the passphrase and by the recovery key): nothing in it reads without one of them.
//! A restore opens a backup made under this same key at once; one made under another needs that
//! backup's passphrase or recovery key. Either way the data restored takes this install's form
//! (encrypted under its key, or plain).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use rusqlite::{Connection, MAIN_DB, OpenFlags};
use serde::Serialize;
use serde_json::{Value, json};
use zip::write::SimpleFileOptions;

use crate::privacy::convert::{self, Secret};
use crate::privacy::keys::{DataKey, KeyFile};
use crate::privacy::{KEY_FILE, seal};
use crate::{ApiError, AppState};

/// What a backup archive says it is, in its manifest.
pub const FORMAT: &str = "proseva-backup";
pub const VERSION: u64 = 1;
/// The extension backups are written with.
pub const EXTENSION: &str = "proseva-backup";
/// How the archive of the data a restore replaced is named.
pub const KEPT_PREFIX: &str = "before-restore-";
/// Tables counted in the manifest and in answers, as (table, name shown).
const COUNTED: &[(&str, &str)] = &[
    ("cases", "cases"),
    ("deadlines", "deadlines"),
    ("contacts", "contacts"),
    ("documents", "documents"),
    ("finances", "finances"),
    ("timeline_events", "timeline"),
    ("notes", "notes"),
    ("conversations", "conversations"),
    ("drafts", "drafts"),
    ("draft_versions", "draftVersions"),
];
/// Largest entry a restore will unpack (a defence against zip bombs): documents are at most the
/// upload limit, the database is allowed more.
const MAX_ENTRY_BYTES: u64 = 8 * 1024 * 1024 * 1024;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct BackupMade {
    pub path: PathBuf,
    pub bytes: u64,
    pub counts: BTreeMap<String, i64>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Restored {
    pub restored: BTreeMap<String, i64>,
    /// The archive of the data as it was before the restore.
    pub kept_at: PathBuf,
    pub created_at: Option<String>,
}

fn zip_error(path: &Path) -> impl Fn(zip::result::ZipError) -> ApiError {
    let context = path.display().to_string();
    move |e| ApiError::field("path", format!("{context} is not a ProSeVA backup that can be read: {e}"))
}

/// Where the caller asked for a file: an absolute path, with a file name.
pub fn checked_path(raw: &str) -> Result<PathBuf, ApiError> {
    let path = PathBuf::from(raw.trim());
    if !path.is_absolute() || path.file_name().is_none() {
        return Err(ApiError::field("path", "must be an absolute path to a file"));
    }
    Ok(path)
}

fn counts(c: &Connection) -> Result<BTreeMap<String, i64>, ApiError> {
    let mut counts = BTreeMap::new();
    for (table, name) in COUNTED {
        counts.insert(name.to_string(), c.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?);
    }
    Ok(counts)
}

/// Writes a backup of everything to `path` (atomically: a temporary file renamed into place).
/// Blocking.
pub fn create(state: &AppState, path: &Path) -> Result<BackupMade, ApiError> {
    state.store.with_writer(|live| write_archive(state, live, path))
}

fn write_archive(state: &AppState, live: &Connection, path: &Path) -> Result<BackupMade, ApiError> {
    let dir = path.parent().ok_or_else(|| ApiError::field("path", "must name a file in a folder"))?;
    std::fs::create_dir_all(dir).map_err(|e| ApiError::field("path", format!("cannot create {}: {e}", dir.display())))?;
    let scratch =
        tempfile::tempdir_in(&state.config.data_dir).map_err(ApiError::io("making a scratch folder in", &state.config.data_dir))?;

    // The database, page by page through SQLite's backup API (encrypted: copied under the same
    // key by SQLCipher's export), while no write can happen.
    let snapshot = scratch.path().join("proseva.db");
    let key = state.privacy.key().filter(|_| state.privacy.layout().encrypted());
    let db_key = key.as_ref().map(DataKey::sqlcipher_key);
    match &db_key {
        Some(db_key) => {
            convert::export(live, &snapshot, db_key)?;
        }
        None => live.backup(MAIN_DB, &snapshot, None)?,
    }
    let snapshot_db = Connection::open_with_flags(&snapshot, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    crate::store::apply_key(&snapshot_db, db_key.as_deref().map(String::as_str))?;
    let counts = counts(&snapshot_db)?;
    let stored_files: Vec<String> =
        snapshot_db.prepare("SELECT stored_file FROM documents ORDER BY id")?.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    drop(snapshot_db);

    let partial = path.with_extension(format!("{EXTENSION}.partial"));
    let file = File::create(&partial).map_err(|e| ApiError::field("path", format!("cannot write {}: {e}", partial.display())))?;
    let written = (|| -> Result<(), ApiError> {
        let mut zip = zip::ZipWriter::new(file);
        let deflated = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated).large_file(true);
        // Documents are PDFs, images and zips already: compressing them again gains nothing.
        let stored = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored).large_file(true);
        let zerr = |e: zip::result::ZipError| ApiError::Internal(format!("writing the backup: {e}"));
        let mut manifest = json!({
            "format": FORMAT, "version": VERSION, "createdAt": crate::store::now(),
            "server": env!("CARGO_PKG_VERSION"), "counts": counts, "documents": stored_files.len(),
            "encrypted": key.is_some(),
        });
        if let Some(key) = &key {
            manifest["keyId"] = json!(key.id());
            let key_file = state.privacy.layout().key_file();
            zip.start_file(KEY_FILE, deflated).map_err(zerr)?;
            zip.write_all(&std::fs::read(&key_file).map_err(ApiError::io("reading", &key_file))?).map_err(ApiError::io("writing", path))?;
        }
        zip.start_file("manifest.json", deflated).map_err(zerr)?;
        zip.write_all(serde_json::to_string_pretty(&manifest).unwrap_or_default().as_bytes()).map_err(ApiError::io("writing", path))?;
        zip.start_file("proseva.db", deflated).map_err(zerr)?;
        std::io::copy(&mut File::open(&snapshot).map_err(ApiError::io("reading", &snapshot))?, &mut zip)
            .map_err(ApiError::io("writing", path))?;
        // As they are on disk: sealed when the case file is encrypted.
        let documents = state.privacy.documents_dir();
        for name in &stored_files {
            let source = documents.join(name);
            match File::open(&source) {
                Ok(mut f) => {
                    zip.start_file(format!("documents/{name}"), stored).map_err(zerr)?;
                    std::io::copy(&mut f, &mut zip).map_err(ApiError::io("writing", path))?;
                }
                Err(e) => tracing::warn!("backup: the original of a document is missing ({}): {e}", source.display()),
            }
        }
        let settings = state.config.data_dir.join("settings.json");
        if let Ok(bytes) = std::fs::read(&settings) {
            zip.start_file("settings.json", deflated).map_err(zerr)?;
            zip.write_all(&bytes).map_err(ApiError::io("writing", path))?;
        }
        let file = zip.finish().map_err(zerr)?;
        file.sync_all().map_err(ApiError::io("syncing", &partial))?;
        Ok(())
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    std::fs::rename(&partial, path).map_err(ApiError::io("naming", path))?;
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    let bytes = std::fs::metadata(path).map_err(ApiError::io("reading", path))?.len();
    tracing::info!(path = %path.display(), bytes, "backup written");
    Ok(BackupMade { path: path.to_path_buf(), bytes, counts })
}

/// A document's file name from an archive entry `documents/<name>`: one plain component only.
fn document_entry(name: &str) -> Option<&str> {
    let file = name.strip_prefix("documents/")?;
    let plain = !file.is_empty() && !file.contains(['/', '\\']) && file != "." && file != ".." && !file.starts_with('.');
    plain.then_some(file)
}

/// Restores the backup at `path` into the data dir, after archiving the current data beside it
/// (or into `<data dir>/kept/`). A backup encrypted under another key than this install's needs
/// `secret`, that backup's passphrase or recovery key. Blocking.
pub fn restore(state: &AppState, path: &Path, secret: Option<Secret>) -> Result<Restored, ApiError> {
    let data_dir = state.config.data_dir.clone();
    let file = File::open(path).map_err(|e| ApiError::field("path", format!("cannot open {}: {e}", path.display())))?;
    let mut archive = zip::ZipArchive::new(file).map_err(zip_error(path))?;
    let manifest: Value = {
        let mut entry = archive.by_name("manifest.json").map_err(zip_error(path))?;
        let mut text = String::new();
        entry.by_ref().take(1024 * 1024).read_to_string(&mut text).map_err(ApiError::io("reading", path))?;
        serde_json::from_str(&text).map_err(|e| ApiError::field("path", format!("{} has an unreadable manifest: {e}", path.display())))?
    };
    if manifest["format"] != FORMAT || manifest["version"].as_u64().is_none_or(|v| v > VERSION) {
        return Err(ApiError::field("path", format!("{} is not a ProSeVA backup this version can restore", path.display())));
    }

    // The backup's key, when it is encrypted: this install's own, or opened with `secret`.
    let current = state.privacy.key().filter(|_| state.privacy.layout().encrypted());
    let backup_key =
        if manifest["encrypted"].as_bool() == Some(true) { Some(backup_key(&mut archive, path, current.as_ref(), secret)?) } else { None };
    let same_key = match (&backup_key, &current) {
        (Some(b), Some(c)) => b.id() == c.id(),
        (None, None) => true,
        _ => false,
    };

    // Unpack into a scratch folder first: a broken archive changes nothing.
    let scratch = tempfile::tempdir_in(&data_dir).map_err(ApiError::io("making a scratch folder in", &data_dir))?;
    let unpacked_documents = scratch.path().join("documents");
    std::fs::create_dir_all(&unpacked_documents).map_err(ApiError::io("creating", &unpacked_documents))?;
    let mut has_db = false;
    let mut settings: Option<Vec<u8>> = None;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(zip_error(path))?;
        if entry.is_dir() {
            continue;
        }
        if entry.size() > MAX_ENTRY_BYTES {
            return Err(ApiError::field("path", format!("{} holds an entry too large to restore", path.display())));
        }
        let name = entry.name().map_err(zip_error(path))?.to_string();
        let target = match name.as_str() {
            "manifest.json" | KEY_FILE => continue,
            "proseva.db" => {
                has_db = true;
                scratch.path().join("proseva.db")
            }
            "settings.json" => {
                let mut bytes = Vec::new();
                entry.by_ref().take(1024 * 1024).read_to_end(&mut bytes).map_err(ApiError::io("reading", path))?;
                settings = Some(bytes);
                continue;
            }
            other => match document_entry(other) {
                Some(file) => unpacked_documents.join(file),
                None => {
                    tracing::warn!("restore: skipping an unexpected entry {other:?}");
                    continue;
                }
            },
        };
        let mut out = File::create(&target).map_err(ApiError::io("writing", &target))?;
        match document_entry(&name).filter(|_| !same_key) {
            // A document under another key (or none): opened, and sealed anew under this
            // install's key (or kept plain when this install is).
            Some(file) => {
                let mut bytes = Vec::new();
                entry.by_ref().take(MAX_ENTRY_BYTES).read_to_end(&mut bytes).map_err(ApiError::io("reading", path))?;
                if let Some(key) = &backup_key {
                    bytes = seal::open(&key.file_key(), file, &bytes).map_err(|e| ApiError::field("path", e.to_string()))?;
                }
                if let Some(key) = &current {
                    bytes = seal::seal(&key.file_key(), file, &bytes);
                }
                out.write_all(&bytes).map_err(ApiError::io("writing", &target))?;
            }
            None => {
                std::io::copy(&mut entry.by_ref().take(MAX_ENTRY_BYTES), &mut out).map_err(ApiError::io("writing", &target))?;
            }
        }
    }
    if !has_db {
        return Err(ApiError::field("path", format!("{} holds no database", path.display())));
    }
    // Bring an older backup's schema up to date, and check it, before touching live data.
    let mut unpacked_db = scratch.path().join("proseva.db");
    let current_db_key = current.as_ref().map(DataKey::sqlcipher_key);
    let restored = {
        let candidate = crate::store::Store::open_with_key(&unpacked_db, backup_key.as_ref().map(DataKey::sqlcipher_key))?;
        let restored = candidate.read(|c| {
            let check: String = c.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
            if check != "ok" {
                return Err(ApiError::field("path", format!("the database in {} is damaged: {check}", path.display())));
            }
            counts(c)
        })?;
        if !same_key {
            // Into this install's form: under its key, or plain.
            let converted = scratch.path().join("converted.db");
            candidate.with_writer(|c| convert::export(c, &converted, current_db_key.as_deref().map_or("", String::as_str)))?;
            unpacked_db = converted;
        }
        restored
    };

    let kept_name = format!("{KEPT_PREFIX}{}.{EXTENSION}", chrono::Utc::now().format("%Y-%m-%d-%H%M%S"));
    // Beside the backup being restored, where the person keeps their backups (outside the data
    // dir); in the data dir only when that folder cannot be written to.
    let kept_dir = path.parent().filter(|dir| tempfile::tempfile_in(dir).is_ok()).map_or_else(|| data_dir.join("kept"), Path::to_path_buf);
    let kept_at = kept_dir.join(kept_name);
    let documents = state.privacy.documents_dir();
    state.store.with_writer(|live| {
        write_archive(state, live, &kept_at)?;
        let source = Connection::open_with_flags(&unpacked_db, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        crate::store::apply_key(&source, current_db_key.as_deref().map(String::as_str))?;
        rusqlite::backup::Backup::new(&source, live)?.run_to_completion(256, std::time::Duration::ZERO, None)?;
        // Swap the documents folder: the old one is in the kept archive.
        let old = scratch.path().join("documents.old");
        if documents.exists() {
            std::fs::rename(&documents, &old).map_err(ApiError::io("moving aside", &documents))?;
        }
        std::fs::rename(&unpacked_documents, &documents).map_err(ApiError::io("restoring", &documents))?;
        if let Some(bytes) = &settings {
            let target = data_dir.join("settings.json");
            let partial = data_dir.join("settings.json.restoring");
            std::fs::write(&partial, bytes).and_then(|_| std::fs::rename(&partial, &target)).map_err(ApiError::io("restoring", &target))?;
        }
        Ok(())
    })?;
    state.knowledge.reload(&state.store)?;
    state.knowledge.wake();
    tracing::info!(from = %path.display(), kept = %kept_at.display(), "backup restored");
    Ok(Restored { restored, kept_at, created_at: manifest["createdAt"].as_str().map(str::to_string) })
}

/// The key of an encrypted backup: this install's when the backup was made under it, else the
/// one its `privacy.json` gives up to `secret`.
fn backup_key(
    archive: &mut zip::ZipArchive<File>,
    path: &Path,
    current: Option<&DataKey>,
    secret: Option<Secret>,
) -> Result<DataKey, ApiError> {
    let key_file = {
        let mut entry = archive.by_name(KEY_FILE).map_err(zip_error(path))?;
        let mut bytes = Vec::new();
        entry.by_ref().take(64 * 1024).read_to_end(&mut bytes).map_err(ApiError::io("reading", path))?;
        KeyFile::from_bytes(&bytes).map_err(|e| ApiError::field("path", e.to_string()))?
    };
    if let Some(current) = current.filter(|k| k.id() == key_file.key_id) {
        return Ok(current.clone());
    }
    let opened = match secret {
        Some(Secret::Passphrase(p)) => crate::privacy::keys::Passphrase::given(&p).and_then(|p| key_file.open_with_passphrase(&p)),
        Some(Secret::RecoveryKey(r)) => crate::privacy::keys::RecoveryKey::parse(&r).and_then(|r| key_file.open_with_recovery_key(&r)),
        None => {
            return Err(ApiError::field(
                "passphrase",
                "this backup is locked with a passphrase other than this computer's: give that backup's passphrase (or its recovery key) to restore it",
            ));
        }
    };
    opened.map_err(|e| ApiError::field("passphrase", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_document_names_are_unpacked() {
        assert_eq!(document_entry("documents/ab12-1.pdf"), Some("ab12-1.pdf"));
        for bad in
            ["documents/../proseva.db", "documents/a/b.pdf", "documents/", "documents/..", "../x", "documents/.hidden", "documents/a\\b"]
        {
            assert_eq!(document_entry(bad), None, "{bad}");
        }
    }

    #[test]
    fn paths_must_be_absolute_files() {
        assert!(checked_path("/tmp/x.proseva-backup").is_ok());
        assert!(checked_path("relative/x").is_err());
        assert!(checked_path("/").is_err());
    }
}
