//! The case file's lock (issue "Safe for a person in danger"): whether it is encrypted and
//! locked, turning it on (the answer carries the recovery key, once), unlocking with the
//! passphrase or the recovery key, locking, a new passphrase, turning it off. The server does
//! the work (`/api/privacy…`); this is only the way to it. While locked, every call about the
//! person's data fails with [`WorkspaceError::Locked`].

use reqwest::Method;
use serde_json::{Value, json};

use crate::{Workspace, WorkspaceError};

/// What opens a locked case file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unlock {
    Passphrase(String),
    RecoveryKey(String),
}

impl Unlock {
    fn body(&self, passphrase_field: &str) -> Value {
        match self {
            Unlock::Passphrase(p) => json!({ passphrase_field: p }),
            Unlock::RecoveryKey(r) => json!({ "recoveryKey": r }),
        }
    }
}

impl Workspace {
    /// `{encrypted, locked}`.
    pub async fn privacy(&self) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::GET, "/api/privacy")).await
    }

    /// Turns the lock on: `{encrypted, locked, recoveryKey, counts, documents}`.
    pub async fn privacy_encrypt(&self, passphrase: &str) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, "/api/privacy/encrypt").json(&json!({ "passphrase": passphrase }))).await
    }

    pub async fn privacy_unlock(&self, with: &Unlock) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, "/api/privacy/unlock").json(&with.body("passphrase"))).await
    }

    pub async fn privacy_lock(&self) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, "/api/privacy/lock")).await
    }

    /// A new passphrase, given the old one or the recovery key.
    pub async fn privacy_change_passphrase(&self, old: &Unlock, new: &str) -> Result<Value, WorkspaceError> {
        let mut body = old.body("old");
        body["new"] = json!(new);
        self.json(self.request(Method::POST, "/api/privacy/passphrase").json(&body)).await
    }

    /// Turns the lock off (the data is decrypted in place).
    pub async fn privacy_decrypt(&self, passphrase: &str) -> Result<Value, WorkspaceError> {
        self.json(self.request(Method::POST, "/api/privacy/decrypt").json(&json!({ "passphrase": passphrase }))).await
    }
}
