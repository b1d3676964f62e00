//! Where backups and exported conversations go: folders of the person's own, outside the data dir.

use std::path::PathBuf;

/// The person's own folders for files ProSeVA writes for them, outside the data dir.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnFolders {
    pub backups: PathBuf,
    pub exports: PathBuf,
}

impl OwnFolders {
    /// `PROSEVA_BACKUP_DIR` and `PROSEVA_EXPORT_DIR`, else `~/Documents/ProSeVA/{Backups,Exports}`.
    pub fn from_env() -> Self {
        let folder = |variable: &str, name: &str| match std::env::var_os(variable).filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => dirs::document_dir().or_else(dirs::home_dir).unwrap_or_else(std::env::temp_dir).join("ProSeVA").join(name),
        };
        OwnFolders { backups: folder("PROSEVA_BACKUP_DIR", "Backups"), exports: folder("PROSEVA_EXPORT_DIR", "Exports") }
    }
}
