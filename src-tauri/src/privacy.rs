//! The case file's lock in the window (Settings → Privacy and safety, the unlock screen, the lock
//! button, locking when idle and at quick exit). Thin over the case data server's `/api/privacy…`:
//! the server holds the key while unlocked; the passphrase only passes through here on its way to
//! it (over the loopback connection with the launch token; never in a command line, the
//! environment or a log).
//!
//! Whether the file is encrypted is known before the server answers: `privacy.json` is in the
//! data dir. A window that opens on encrypted data shows only the unlock screen.

use serde_json::{Value, json};
use tauri::{AppHandle, Manager, Runtime, State};

use crate::error::CommandError;
use crate::settings::{IDLE_LOCK_CHOICES, PrivacySettings};
use crate::state::AppState;
use proseva_workspace::Unlock;

/// The file whose presence means the case file is encrypted (the server's `privacy::KEY_FILE`).
pub const KEY_FILE: &str = "privacy.json";

fn encrypted(state: &AppState) -> bool {
    state.data_dir.join(KEY_FILE).is_file()
}

/// `{encrypted, locked}`. Before the server answers, encrypted data counts as locked (a server
/// started on it starts locked).
#[tauri::command]
pub async fn privacy_status(state: State<'_, AppState>) -> Result<Value, CommandError> {
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
    Ok(workspace(&state).await?.privacy_unlock(&with).await?)
}

#[tauri::command]
pub async fn privacy_lock(state: State<'_, AppState>) -> Result<Value, CommandError> {
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
    Ok(state.workspace()?.privacy_change_passphrase(&old, &new).await?)
}

#[tauri::command]
pub async fn privacy_decrypt(state: State<'_, AppState>, passphrase: String) -> Result<Value, CommandError> {
    Ok(state.workspace()?.privacy_decrypt(&passphrase).await?)
}

/// `{idleLockMinutes}` (0 = never).
#[tauri::command]
pub fn privacy_settings(state: State<'_, AppState>) -> PrivacySettings {
    state.settings.settings().privacy
}

/// Changes the idle minutes before the window locks: one of 0 (never), 5, 10, 15, 30, 60.
#[tauri::command]
pub fn set_privacy_settings(state: State<'_, AppState>, idle_lock_minutes: Option<u32>) -> Result<PrivacySettings, CommandError> {
    let mut chosen = state.settings.settings().privacy;
    if let Some(minutes) = idle_lock_minutes {
        if !IDLE_LOCK_CHOICES.contains(&minutes) {
            let choices: Vec<String> = IDLE_LOCK_CHOICES.iter().map(u32::to_string).collect();
            return Err(CommandError::invalid("idleLockMinutes", format!("must be one of {} (0 = never)", choices.join(", "))));
        }
        chosen.idle_lock_minutes = minutes;
    }
    state.settings.save_privacy(chosen)?;
    Ok(chosen)
}

/// Locks the case file now when a passphrase protects it (quick exit): waits for the server's
/// answer, at most 3 s, so the page loaded next finds it locked.
pub fn lock_if_encrypted<R: Runtime>(app: &AppHandle<R>) {
    let state = app.state::<AppState>();
    if !encrypted(&state) {
        return;
    }
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
