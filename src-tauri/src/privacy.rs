//! The case file's lock in the window (Settings → Privacy and safety, the unlock screen, the lock
//! button, locking when idle and at quick exit). Thin over the case data server's `/api/privacy…`:
//! the server holds the key while unlocked; the passphrase only passes through here on its way to
//! it (over the loopback connection with the launch token; never in a command line, the
//! environment or a log).
//!
//! Whether the file is encrypted is known before the server answers: `privacy.json` is in the
//! data dir. A window that opens on encrypted data shows only the unlock screen.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};
use tauri::{AppHandle, Manager, Runtime, State};

use crate::error::CommandError;
use crate::settings::{IDLE_LOCK_CHOICES, PrivacySettings};
use crate::state::AppState;
use proseva_workspace::Unlock;

/// The file whose presence means the case file is encrypted (the server's `privacy::KEY_FILE`).
pub use proseva_sidecars::PRIVACY_KEY_FILE as KEY_FILE;

/// The person (or quick exit, or the idle lock) locked the case file since it was last unlocked:
/// a passphrase kept in the keyring then does not open it again by itself — that is only for
/// starting the app.
static LOCKED_BY_PERSON: AtomicBool = AtomicBool::new(false);

fn encrypted(state: &AppState) -> bool {
    state.data_dir.join(KEY_FILE).is_file()
}

/// `{encrypted, locked}`. Before the server answers, encrypted data counts as locked (a server
/// started on it starts locked).
#[tauri::command]
pub async fn privacy_status(state: State<'_, AppState>) -> Result<Value, CommandError> {
    // The first page may ask before the server is up: with a passphrase kept in the keyring this
    // waits for it and opens the file, rather than show the unlock screen for nothing.
    unlock_if_remembered(&state).await;
    let encrypted = encrypted(&state);
    match state.workspace() {
        Ok(ws) => match ws.privacy().await {
            Ok(status) => Ok(status),
            Err(_) => Ok(json!({ "encrypted": encrypted, "locked": encrypted })),
        },
        Err(_) => Ok(json!({ "encrypted": encrypted, "locked": encrypted })),
    }
}

/// Waits for the server (the unlock screen may be used before it is up), for up to 30 s.
async fn workspace(state: &AppState) -> Result<proseva_workspace::Workspace, CommandError> {
    let started = std::time::Instant::now();
    loop {
        match state.workspace() {
            Ok(ws) => return Ok(ws),
            Err(e) if e.code == crate::error::ErrorCode::Starting && started.elapsed() < std::time::Duration::from_secs(30) => {
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            Err(e) => return Err(e),
        }
    }
}

fn secret(passphrase: Option<String>, recovery_key: Option<String>, field: &str) -> Result<Unlock, CommandError> {
    match (passphrase.filter(|p| !p.is_empty()), recovery_key.filter(|r| !r.trim().is_empty())) {
        (Some(p), None) => Ok(Unlock::Passphrase(p)),
        (None, Some(r)) => Ok(Unlock::RecoveryKey(r)),
        (Some(_), Some(_)) => Err(CommandError::invalid(field, "give the passphrase or the recovery key, not both")),
        (None, None) => Err(CommandError::invalid(field, "type your passphrase (or use your recovery key)")),
    }
}

/// Turns the lock on: `{encrypted, locked, recoveryKey, counts, documents}` — the recovery key is
/// shown once and kept nowhere.
#[tauri::command]
pub async fn privacy_encrypt(state: State<'_, AppState>, passphrase: String) -> Result<Value, CommandError> {
    let turned_on = workspace(&state).await?.privacy_encrypt(&passphrase).await?;
    tracing::info!("privacy: the case file is now encrypted");
    Ok(turned_on)
}

#[tauri::command]
pub async fn privacy_unlock(
    state: State<'_, AppState>,
    passphrase: Option<String>,
    recovery_key: Option<String>,
) -> Result<Value, CommandError> {
    let with = secret(passphrase, recovery_key, "passphrase")?;
    let unlocked = workspace(&state).await?.privacy_unlock(&with).await?;
    LOCKED_BY_PERSON.store(false, Ordering::SeqCst);
    Ok(unlocked)
}

#[tauri::command]
pub async fn privacy_lock(state: State<'_, AppState>) -> Result<Value, CommandError> {
    LOCKED_BY_PERSON.store(true, Ordering::SeqCst);
    state.requests.cancel_all();
    Ok(state.workspace()?.privacy_lock().await?)
}

#[tauri::command]
pub async fn privacy_change_passphrase(
    state: State<'_, AppState>,
    old: Option<String>,
    recovery_key: Option<String>,
    new: String,
) -> Result<Value, CommandError> {
    let old = secret(old, recovery_key, "old")?;
    let changed = state.workspace()?.privacy_change_passphrase(&old, &new).await?;
    // A passphrase kept in the keyring follows the change.
    if state.settings.remembered_passphrase().is_some() {
        state.settings.remember_passphrase(Some(&new))?;
    }
    Ok(changed)
}

#[tauri::command]
pub async fn privacy_decrypt(state: State<'_, AppState>, passphrase: String) -> Result<Value, CommandError> {
    let off = state.workspace()?.privacy_decrypt(&passphrase).await?;
    state.settings.remember_passphrase(None)?;
    Ok(off)
}

/// Settings → Privacy and safety: `{idleLockMinutes, unlockWithoutAsking, keyring}` — whether the
/// passphrase is kept in the system keyring to unlock at start, and whether there is a keyring.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyView {
    pub idle_lock_minutes: u32,
    pub unlock_without_asking: bool,
    pub keyring: bool,
}

fn view(state: &AppState) -> PrivacyView {
    PrivacyView {
        idle_lock_minutes: state.settings.settings().privacy.idle_lock_minutes,
        unlock_without_asking: state.settings.remembered_passphrase().is_some(),
        keyring: state.settings.has_keyring(),
    }
}

#[tauri::command]
pub fn privacy_settings(state: State<'_, AppState>) -> PrivacyView {
    view(&state)
}

/// Changes the idle minutes before the window locks (0 = never, 5, 10, 15, 30, 60), and "unlock on
/// this computer without asking": turning it on needs the passphrase, checked by the server
/// first, and a system keyring to keep it in.
#[tauri::command]
pub async fn set_privacy_settings(
    state: State<'_, AppState>,
    idle_lock_minutes: Option<u32>,
    unlock_without_asking: Option<bool>,
    passphrase: Option<String>,
) -> Result<PrivacyView, CommandError> {
    let mut chosen: PrivacySettings = state.settings.settings().privacy;
    if let Some(minutes) = idle_lock_minutes {
        if !IDLE_LOCK_CHOICES.contains(&minutes) {
            let choices: Vec<String> = IDLE_LOCK_CHOICES.iter().map(u32::to_string).collect();
            return Err(CommandError::invalid("idleLockMinutes", format!("must be one of {} (0 = never)", choices.join(", "))));
        }
        chosen.idle_lock_minutes = minutes;
    }
    match unlock_without_asking {
        Some(true) => {
            let Some(passphrase) = passphrase.filter(|p| !p.is_empty()) else {
                return Err(CommandError::invalid("passphrase", "type your passphrase to keep it in the system keyring"));
            };
            if !state.settings.has_keyring() {
                return Err(CommandError::invalid(
                    "unlockWithoutAsking",
                    "there is no system keyring on this computer to keep the passphrase in (it is never kept in a file)",
                ));
            }
            // The server checks it: sealing the key anew under the same passphrase opens it first.
            let check = Unlock::Passphrase(passphrase.clone());
            workspace(&state).await?.privacy_change_passphrase(&check, &passphrase).await?;
            state.settings.remember_passphrase(Some(&passphrase))?;
        }
        Some(false) => state.settings.remember_passphrase(None)?,
        None => {}
    }
    state.settings.save_privacy(chosen)?;
    Ok(view(&state))
}

/// At start (and when the page asks first): a locked case file opens by itself with the
/// passphrase kept in the system keyring, if the person chose that, waiting for the server if it
/// is still starting. A kept passphrase that no longer opens it is forgotten.
pub async fn unlock_if_remembered(state: &AppState) {
    if !encrypted(state) || LOCKED_BY_PERSON.load(Ordering::SeqCst) {
        return;
    }
    let Some(passphrase) = state.settings.remembered_passphrase() else { return };
    let Ok(ws) = workspace(state).await else { return };
    if ws.privacy().await.ok().and_then(|s| s["locked"].as_bool()) != Some(true) {
        return;
    }
    match ws.privacy_unlock(&Unlock::Passphrase(passphrase)).await {
        Ok(_) => tracing::info!("privacy: unlocked with the passphrase kept in the system keyring"),
        Err(proseva_workspace::WorkspaceError::Invalid { .. }) => {
            tracing::warn!("privacy: the passphrase kept in the system keyring no longer opens the case file; it is forgotten");
            let _ = state.settings.remember_passphrase(None);
        }
        Err(e) => tracing::warn!("privacy: could not unlock with the kept passphrase: {e}"),
    }
}

/// Locks the case file now when a passphrase protects it (quick exit): waits for the server's
/// answer, at most 3 s, so the page loaded next finds it locked.
pub fn lock_if_encrypted<R: Runtime>(app: &AppHandle<R>) {
    let state = app.state::<AppState>();
    if !encrypted(&state) {
        return;
    }
    LOCKED_BY_PERSON.store(true, Ordering::SeqCst);
    let Ok(ws) = state.workspace() else { return };
    let locked = std::thread::spawn(move || {
        tauri::async_runtime::block_on(async move { tokio::time::timeout(std::time::Duration::from_secs(3), ws.privacy_lock()).await })
    })
    .join();
    match locked {
        Ok(Ok(Ok(_))) => tracing::info!("privacy: locked at quick exit"),
        _ => tracing::warn!("privacy: the case file could not be locked at quick exit"),
    }
}
