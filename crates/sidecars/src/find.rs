//! Finding the sidecar programs: an environment override, then beside the running program (as
//! installed, or with Tauri's target-triple suffix), then — for tests, whose executables live in
//! `target/<profile>/deps` — the profile directory above.

use std::path::{Path, PathBuf};

use crate::error::SidecarsError;

/// The target triple this crate was built for (Tauri names `externalBin` copies `<name>-<triple>`).
pub const TARGET_TRIPLE: &str = env!("PROSEVA_TARGET_TRIPLE");

/// The environment variable that overrides where `name` is found: `PROSEVA_SERVER_BIN` for
/// `proseva-server`, `PROSEVA_EXPLORER_BIN` for `proseva-explorer`, and in general
/// `PROSEVA_<NAME>_BIN` with the `proseva-` prefix dropped.
pub fn override_variable(name: &str) -> String {
    let stem = name.strip_prefix("proseva-").unwrap_or(name);
    format!("PROSEVA_{}_BIN", stem.to_ascii_uppercase().replace('-', "_"))
}

/// Finds the sidecar program `name` (`proseva-server` or `proseva-explorer`).
///
/// In order: the override variable (see [`override_variable`]; an override naming a missing file
/// is an error, not a fallback); beside [`std::env::current_exe`], first `name` then
/// `name-<target triple>`; and when the running program is in a `deps` directory (a test), the
/// same two names in its parent. The error lists every place it looked.
pub fn find_sidecar(name: &str) -> Result<PathBuf, SidecarsError> {
    let variable = override_variable(name);
    let overridden = std::env::var_os(&variable).filter(|v| !v.is_empty()).map(PathBuf::from);
    let exe = std::env::current_exe().ok();
    find_sidecar_from(name, overridden, exe.as_deref())
}

/// [`find_sidecar`] with the override value and the running program's path given.
pub fn find_sidecar_from(name: &str, overridden: Option<PathBuf>, exe: Option<&Path>) -> Result<PathBuf, SidecarsError> {
    let variable = override_variable(name);
    if let Some(path) = overridden {
        return if path.is_file() { Ok(path) } else { Err(SidecarsError::BadOverride { variable, path }) };
    }
    let mut looked = Vec::new();
    if let Some(dir) = exe.and_then(Path::parent) {
        let mut dirs = vec![dir];
        if dir.file_name().is_some_and(|n| n == "deps")
            && let Some(parent) = dir.parent()
        {
            dirs.push(parent);
        }
        for dir in dirs {
            for file in
                [format!("{name}{}", std::env::consts::EXE_SUFFIX), format!("{name}-{TARGET_TRIPLE}{}", std::env::consts::EXE_SUFFIX)]
            {
                let candidate = dir.join(file);
                if candidate.is_file() {
                    return Ok(candidate);
                }
                looked.push(candidate);
            }
        }
    }
    Err(SidecarsError::ProgramNotFound { name: name.to_string(), variable, looked })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variable_names() {
        assert_eq!(override_variable("proseva-server"), "PROSEVA_SERVER_BIN");
        assert_eq!(override_variable("proseva-explorer"), "PROSEVA_EXPLORER_BIN");
    }

    #[test]
    fn finds_plain_then_triple_suffixed_names_then_the_parent_of_deps() {
        let temp = tempfile::tempdir().unwrap();
        let bin = temp.path().join("app");
        std::fs::create_dir_all(bin.join("deps")).unwrap();
        let exe = bin.join("proseva");
        std::fs::write(&exe, "").unwrap();

        // Tauri's externalBin naming.
        let triple = bin.join(format!("proseva-server-{TARGET_TRIPLE}"));
        std::fs::write(&triple, "").unwrap();
        assert_eq!(find_sidecar_from("proseva-server", None, Some(&exe)).unwrap(), triple);

        // The plain name wins over the suffixed one.
        let plain = bin.join("proseva-server");
        std::fs::write(&plain, "").unwrap();
        assert_eq!(find_sidecar_from("proseva-server", None, Some(&exe)).unwrap(), plain);

        // A test executable in deps/ finds its profile dir's binaries.
        let test_exe = bin.join("deps").join("sidecars-0123abcd");
        assert_eq!(find_sidecar_from("proseva-server", None, Some(&test_exe)).unwrap(), plain);

        // Overrides win, and a wrong one is an error rather than a silent fallback.
        let elsewhere = temp.path().join("my-server");
        std::fs::write(&elsewhere, "").unwrap();
        assert_eq!(find_sidecar_from("proseva-server", Some(elsewhere.clone()), Some(&exe)).unwrap(), elsewhere);
        let missing = temp.path().join("nope");
        let error = find_sidecar_from("proseva-server", Some(missing), Some(&exe)).unwrap_err().to_string();
        assert!(error.contains("PROSEVA_SERVER_BIN") && error.contains("nope"), "{error}");
    }

    #[test]
    fn the_error_lists_where_it_looked() {
        let temp = tempfile::tempdir().unwrap();
        let exe = temp.path().join("deps").join("t");
        let error = find_sidecar_from("proseva-explorer", None, Some(&exe)).unwrap_err().to_string();
        assert!(error.contains("PROSEVA_EXPLORER_BIN"), "{error}");
        assert!(error.contains(&format!("proseva-explorer-{TARGET_TRIPLE}")), "{error}");
        assert!(error.contains(&temp.path().join("proseva-explorer").display().to_string()), "{error}");
    }
}
