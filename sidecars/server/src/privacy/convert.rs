//! Turning the lock on and off, unlocking, locking and changing the passphrase, in a running
//! server.
//!
//! Turning it on builds the encrypted form beside the plain one (`vault.partial/`: the database
//! through SQLCipher's `sqlcipher_export`, every document sealed), reads it all back and checks
//! it (every table's row count, every document's bytes), renames it to `vault/`, and only then
//! writes `privacy.json` — the moment the change is made. The plain copy is then overwritten
//! and removed. Turning it off is the same the other way: the plain form is built in
//! `plain.partial/`, checked, moved into place, and `privacy.json` removed. No read or write of
//! the case data runs meanwhile. [`super::recover`] finishes or undoes either after a crash.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};
use serde::Serialize;
use zeroize::Zeroizing;

use super::keys::{FileKey, KeyError, KeyFile, Passphrase, RecoveryKey};
use super::{
    DB_FILE, DOCUMENTS_DIR, KEY_FILE, Layout, PLAIN_PARTIAL_DIR, Status, VAULT_PARTIAL_DIR, remove_all, remove_wiping, seal, sync_dir,
    write_durably,
};
use crate::{ApiError, AppState};

/// What turning the lock on answers: the recovery key, shown this once, and what was encrypted.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnedOn {
    pub encrypted: bool,
    pub locked: bool,
    pub recovery_key: String,
    pub counts: BTreeMap<String, i64>,
    pub documents: usize,
}

/// What opens a locked file.
pub enum Secret {
    Passphrase(String),
    RecoveryKey(String),
}

fn field_error(name: &str, e: KeyError) -> ApiError {
    match e {
        KeyError::BadKeyFile(why) => ApiError::Internal(format!("{KEY_FILE}: {why}")),
        other => ApiError::field(name, other.to_string()),
    }
}

fn step(change: &str, what: &str) {
    tracing::info!("privacy: {change}: {what}");
}

/// Turns the lock on with `passphrase`: the data is encrypted in place and stays unlocked. The
/// answer carries the recovery key, which is kept nowhere. Blocking.
pub fn encrypt(state: &AppState, passphrase: &str) -> Result<TurnedOn, ApiError> {
    let passphrase = Passphrase::new(passphrase).map_err(|e| field_error("passphrase", e))?;
    let _changing = state.privacy.changing();
    let layout = state.privacy.layout().clone();
    if layout.encrypted() {
        return Err(ApiError::Conflict(
            "the case file is already locked with a passphrase: change the passphrase, or turn the lock off first".into(),
        ));
    }
    let (key_file, key, recovery) = KeyFile::create(&passphrase).map_err(|e| field_error("passphrase", e))?;
    let _files = state.privacy.files_alone();
    let db_key = key.sqlcipher_key();
    let file_key = key.file_key();
    let partial = layout.data_dir.join(VAULT_PARTIAL_DIR);
    remove_all(&partial)?;
    let (counts, documents) = state.store.convert(|conn| {
        step("turning on", "copying the database encrypted");
        let counts = export(conn, &partial.join(DB_FILE), &db_key)?;
        step("turning on", "sealing the documents");
        let documents = copy_documents(&layout.plain_documents(), &partial.join(DOCUMENTS_DIR), Direction::Seal(&file_key))?;
        step("turning on", "checking the encrypted copy");
        check_database(&partial.join(DB_FILE), Some(&db_key), &counts)?;
        sync_dir(&partial).map_err(ApiError::io("syncing", &partial))?;
        std::fs::rename(&partial, layout.vault()).map_err(ApiError::io("naming", &layout.vault()))?;
        sync_dir(&layout.data_dir).map_err(ApiError::io("syncing", &layout.data_dir))?;
        step("turning on", "writing privacy.json");
        // The key first: from the moment privacy.json is there the data is encrypted, and open.
        state.privacy.set_key(Some(key.clone()));
        if let Err(e) = write_key_file(&layout, &key_file) {
            state.privacy.set_key(None);
            return Err(e);
        }
        step("turning on", "the encrypted copy is the case file now");
        Ok(((counts, documents), layout.vault_db(), Some(db_key.clone())))
    })?;
    step("turning on", "removing the plain copy");
    for leftover in super::plain_files(&layout) {
        if let Err(e) = remove_wiping(&leftover) {
            tracing::error!("privacy: the plain copy could not all be removed ({e}); it will be at the next start");
        }
    }
    let _ = sync_dir(&layout.data_dir);
    step("turning on", "done");
    Ok(TurnedOn { encrypted: true, locked: false, recovery_key: recovery.as_str().to_string(), counts, documents })
}

/// Turns the lock off (the passphrase is asked again): the data is decrypted in place. Blocking.
pub fn decrypt(state: &AppState, passphrase: &str) -> Result<Status, ApiError> {
    let given = Passphrase::given(passphrase).map_err(|e| field_error("passphrase", e))?;
    let _changing = state.privacy.changing();
    let layout = state.privacy.layout().clone();
    if !layout.encrypted() {
        return Err(ApiError::Conflict("the case file has no passphrase: there is nothing to turn off".into()));
    }
    let key = state.privacy.key_file()?.open_with_passphrase(&given).map_err(|e| field_error("passphrase", e))?;
    if !state.store.is_open() {
        state.store.reopen(&layout.vault_db(), Some(key.sqlcipher_key()))?;
        state.privacy.set_key(Some(key.clone()));
    }
    let _files = state.privacy.files_alone();
    let file_key = key.file_key();
    let partial = layout.data_dir.join(PLAIN_PARTIAL_DIR);
    remove_all(&partial)?;
    state.store.convert(|conn| {
        step("turning off", "copying the database decrypted");
        let counts = export(conn, &partial.join(DB_FILE), "")?;
        step("turning off", "opening the documents");
        copy_documents(&layout.vault_documents(), &partial.join(DOCUMENTS_DIR), Direction::Open(&file_key))?;
        step("turning off", "checking the plain copy");
        check_database(&partial.join(DB_FILE), None, &counts)?;
        for leftover in super::plain_files(&layout) {
            remove_all(&leftover)?;
        }
        std::fs::rename(partial.join(DB_FILE), layout.plain_db()).map_err(ApiError::io("naming", &layout.plain_db()))?;
        std::fs::rename(partial.join(DOCUMENTS_DIR), layout.plain_documents())
            .map_err(ApiError::io("naming", &layout.plain_documents()))?;
        sync_dir(&layout.data_dir).map_err(ApiError::io("syncing", &layout.data_dir))?;
        step("turning off", "removing privacy.json");
        std::fs::remove_file(layout.key_file()).map_err(ApiError::io("removing", &layout.key_file()))?;
        sync_dir(&layout.data_dir).map_err(ApiError::io("syncing", &layout.data_dir))?;
        step("turning off", "the plain copy is the case file now");
        Ok(((), layout.plain_db(), None))
    })?;
    state.privacy.set_key(None);
    let _ = remove_all(&partial);
    if let Err(e) = remove_all(&layout.vault()) {
        tracing::error!("privacy: the encrypted copy could not all be removed ({e}); it will be at the next start");
    }
    step("turning off", "done");
    Ok(state.privacy.status())
}

/// Opens a locked case file with the passphrase or the recovery key. Blocking.
pub fn unlock(state: &AppState, secret: Secret) -> Result<Status, ApiError> {
    let _changing = state.privacy.changing();
    let layout = state.privacy.layout().clone();
    if !layout.encrypted() {
        return Err(ApiError::Conflict("the case file has no passphrase: there is nothing to unlock".into()));
    }
    if !state.privacy.is_locked() {
        return Ok(state.privacy.status());
    }
    let file = state.privacy.key_file()?;
    let key = match secret {
        Secret::Passphrase(p) => {
            let given = Passphrase::given(&p).map_err(|e| field_error("passphrase", e))?;
            file.open_with_passphrase(&given).map_err(|e| field_error("passphrase", e))?
        }
        Secret::RecoveryKey(r) => {
            let given = RecoveryKey::parse(&r).map_err(|e| field_error("recoveryKey", e))?;
            file.open_with_recovery_key(&given).map_err(|e| field_error("recoveryKey", e))?
        }
    };
    state.store.reopen(&layout.vault_db(), Some(key.sqlcipher_key()))?;
    state.privacy.set_key(Some(key));
    state.knowledge.unlocked(&state.store)?;
    state.reader.wake();
    tracing::info!("privacy: unlocked");
    Ok(state.privacy.status())
}

/// Locks: the database is closed once no read or write runs, and the key and every passage
/// vector held in memory are dropped. Blocking.
pub fn lock(state: &AppState) -> Result<Status, ApiError> {
    let _changing = state.privacy.changing();
    if !state.privacy.layout().encrypted() {
        return Err(ApiError::Conflict("the case file has no passphrase: set one (POST /api/privacy/encrypt) before locking".into()));
    }
    state.store.close();
    state.privacy.set_key(None);
    state.knowledge.forget();
    // The forms opened to fill (kept in memory only) go too.
    crate::forms::forget_all();
    tracing::info!("privacy: locked");
    Ok(state.privacy.status())
}

/// A new passphrase for the same key, given the old passphrase or the recovery key. Blocking.
pub fn change_passphrase(state: &AppState, old: Secret, new: &str) -> Result<Status, ApiError> {
    let new = Passphrase::new(new).map_err(|e| field_error("new", e))?;
    let _changing = state.privacy.changing();
    let layout = state.privacy.layout().clone();
    if !layout.encrypted() {
        return Err(ApiError::Conflict("the case file has no passphrase to change: turn the lock on first".into()));
    }
    let file = state.privacy.key_file()?;
    let key = match old {
        Secret::Passphrase(p) => {
            file.open_with_passphrase(&Passphrase::given(&p).map_err(|e| field_error("old", e))?).map_err(|e| field_error("old", e))?
        }
        Secret::RecoveryKey(r) => file
            .open_with_recovery_key(&RecoveryKey::parse(&r).map_err(|e| field_error("recoveryKey", e))?)
            .map_err(|e| field_error("recoveryKey", e))?,
    };
    let changed = file.with_passphrase(&key, &new).map_err(|e| field_error("new", e))?;
    write_key_file(&layout, &changed)?;
    tracing::info!("privacy: the passphrase was changed");
    Ok(state.privacy.status())
}

/// Writes `privacy.json` in one atomic rename (mode 0600), synced.
fn write_key_file(layout: &Layout, file: &KeyFile) -> Result<(), ApiError> {
    use std::io::Write;
    let target = layout.key_file();
    let partial = layout.data_dir.join(format!("{KEY_FILE}.partial"));
    let _ = std::fs::remove_file(&partial);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut out = options.open(&partial).map_err(ApiError::io("writing", &partial))?;
    out.write_all(&file.to_bytes()).and_then(|_| out.sync_all()).map_err(ApiError::io("writing", &partial))?;
    std::fs::rename(&partial, &target).map_err(ApiError::io("naming", &target))?;
    sync_dir(&layout.data_dir).map_err(ApiError::io("syncing", &layout.data_dir))
}

/// Every table's row count (`sqlite_%` tables aside).
fn counts(conn: &Connection, schema: &str) -> Result<BTreeMap<String, i64>, ApiError> {
    let names: Vec<String> = conn
        .prepare(&format!("SELECT name FROM {schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"))?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut counts = BTreeMap::new();
    for name in names {
        let n: i64 = conn.query_row(&format!("SELECT count(*) FROM {schema}.\"{}\"", name.replace('"', "\"\"")), [], |r| r.get(0))?;
        counts.insert(name, n);
    }
    Ok(counts)
}

/// Copies the database `conn` has open into a new file at `target` with SQLCipher `key` (`""`:
/// plain), the schema version included; answers every table's row count in the source.
pub(crate) fn export(conn: &Connection, target: &Path, key: &str) -> Result<BTreeMap<String, i64>, ApiError> {
    if let Some(dir) = target.parent() {
        std::fs::create_dir_all(dir).map_err(ApiError::io("creating", dir))?;
    }
    let source_counts = counts(conn, "main")?;
    let version: i64 = conn.query_row("PRAGMA main.user_version", [], |r| r.get(0))?;
    conn.execute("ATTACH DATABASE ?1 AS converted KEY ?2", rusqlite::params![target.to_string_lossy(), key])?;
    let exported = (|| -> Result<(), ApiError> {
        conn.execute_batch("PRAGMA converted.synchronous = FULL;")?;
        conn.query_row("SELECT sqlcipher_export('converted')", [], |_| Ok(()))?;
        conn.execute_batch(&format!("PRAGMA converted.user_version = {version};"))?;
        Ok(())
    })();
    let detached = conn.execute_batch("DETACH DATABASE converted;");
    exported?;
    detached?;
    Ok(source_counts)
}

/// Opens `path` afresh (with `key`) and checks that it is whole and holds `expected` rows.
fn check_database(path: &Path, key: Option<&str>, expected: &BTreeMap<String, i64>) -> Result<(), ApiError> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    crate::store::apply_key(&conn, key)?;
    let integrity: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
    if integrity != "ok" {
        return Err(ApiError::Internal(format!("the converted database is damaged: {integrity}")));
    }
    let found = counts(&conn, "main")?;
    if &found != expected {
        return Err(ApiError::Internal(format!("the converted database does not hold the same rows: {found:?} against {expected:?}")));
    }
    Ok(())
}

enum Direction<'a> {
    Seal(&'a FileKey),
    Open(&'a FileKey),
}

/// Copies every file of `from` into `to`, sealed or opened, each written durably and read back
/// to check it; answers how many.
fn copy_documents(from: &Path, to: &Path, direction: Direction<'_>) -> Result<usize, ApiError> {
    std::fs::create_dir_all(to).map_err(ApiError::io("creating", to))?;
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(ApiError::io("reading", from)(e)),
    };
    let mut copied = 0;
    for entry in entries {
        let entry = entry.map_err(ApiError::io("reading", from))?;
        if !entry.file_type().map_err(ApiError::io("reading", &entry.path()))?.is_file() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let bytes = Zeroizing::new(std::fs::read(entry.path()).map_err(ApiError::io("reading", &entry.path()))?);
        let (written, plain) = match direction {
            Direction::Seal(key) => (seal::seal(key, &name, &bytes), bytes),
            Direction::Open(key) => {
                let plain = seal::open(key, &name, &bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
                (plain.clone(), Zeroizing::new(plain))
            }
        };
        write_durably(to, &name, &written)?;
        let back = std::fs::read(to.join(&name)).map_err(ApiError::io("reading", &to.join(&name)))?;
        let back_plain = match direction {
            Direction::Seal(key) => seal::open(key, &name, &back).map_err(|e| ApiError::Internal(e.to_string()))?,
            Direction::Open(_) => back,
        };
        if back_plain.as_slice() != plain.as_slice() {
            return Err(ApiError::Internal(format!("the converted copy of {name} is not the same")));
        }
        copied += 1;
    }
    sync_dir(to).map_err(ApiError::io("syncing", to))?;
    Ok(copied)
}
