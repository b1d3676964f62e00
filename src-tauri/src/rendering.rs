//! How WebKit draws the window's page (issue 46: memory and speed).
//!
//! Two choices, both measured 2026-11-29 on this project's 2-core VM with no GPU under Xvfb
//! (WebKitGTK 2.50.6, Mesa 22.3 llvmpipe; `cargo bench --bench desktop`, 5 s after a first offline
//! question; docs/benchmarks.md):
//!
//! - **Where the page's layers are painted.** WebKitGTK paints with Skia, on the GPU by default.
//!   With no GPU that "GPU" is llvmpipe, Mesa's software OpenGL, and Skia's GPU painting on it
//!   costs both memory and time: the page's process held 271 MB PSS, against 193 MB when Skia
//!   paints on the CPU (`WEBKIT_SKIA_ENABLE_CPU_RENDERING=1`), and Enter → first streamed event
//!   went from 13–14 ms to 11–13, the whole answer from 63–64 to 42–51 ms. So when this computer
//!   has no GPU render node the app asks WebKit to paint on the CPU ([`choose_painting`]); a
//!   person who sets `WEBKIT_SKIA_ENABLE_CPU_RENDERING` themselves keeps their choice.
//! - **Compositing.** Without accelerated compositing (`PROSEVA_WEBKIT_COMPOSITING=off`) the page
//!   is drawn into shared memory: 123 MB instead of 193, but every change of the page then waits
//!   ~85 ms for a repaint of the whole window on the page's main thread — even of an empty page —
//!   so Enter → first streamed event takes ~105 ms and the whole answer ~300. The app keeps
//!   WebKit's default, compositing, for the quicker window.

use std::path::Path;

/// WebKit's own switch for painting the page's layers with Skia on the CPU (WebKitGTK 2.46+;
/// older versions ignore it).
pub const CPU_PAINTING_VAR: &str = "WEBKIT_SKIA_ENABLE_CPU_RENDERING";

/// What [`choose_painting`] decided, for the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Painting {
    /// `WEBKIT_SKIA_ENABLE_CPU_RENDERING` was already set (to this): left as it is.
    AsSet(String),
    /// No GPU render node: Skia paints on the CPU.
    CpuNoGpu,
    /// A GPU render node: WebKit's default (Skia on the GPU).
    Gpu,
}

/// The decision, from the variable's current value and whether a GPU render node can be opened.
pub fn painting_for(already: Option<&str>, gpu_render_node: bool) -> Painting {
    match already {
        Some(value) => Painting::AsSet(value.to_string()),
        None if gpu_render_node => Painting::Gpu,
        None => Painting::CpuNoGpu,
    }
}

/// Whether `dir` (normally `/dev/dri`) has a render node (`renderD*`) this process can open for
/// reading and writing, as Mesa must to use the GPU.
pub fn has_render_node(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    entries.flatten().any(|entry| {
        entry.file_name().to_str().is_some_and(|name| name.starts_with("renderD"))
            && std::fs::OpenOptions::new().read(true).write(true).open(entry.path()).is_ok()
    })
}

/// Decides where WebKit paints the page and, for the CPU, sets `WEBKIT_SKIA_ENABLE_CPU_RENDERING=1`
/// in this process's environment, which WebKit's web process inherits. Call it first thing in
/// `main`, before any other thread runs (it changes the environment).
pub fn choose_painting() -> Painting {
    let choice = painting_for(std::env::var(CPU_PAINTING_VAR).ok().as_deref(), has_render_node(Path::new("/dev/dri")));
    if choice == Painting::CpuNoGpu {
        #[allow(unsafe_code)]
        // SAFETY: called at the start of `run`, before the app starts any thread, so nothing reads
        // the environment while it changes.
        unsafe {
            std::env::set_var(CPU_PAINTING_VAR, "1")
        };
    }
    choice
}

/// Whether the page is drawn with WebKit's accelerated compositing, from
/// `PROSEVA_WEBKIT_COMPOSITING` (`off`, `0` or `false` turn it off; anything else, or nothing,
/// keeps WebKit's default, on).
pub fn compositing_from_env(value: Option<&str>) -> bool {
    !matches!(value.map(str::trim), Some(v) if v.eq_ignore_ascii_case("off") || v == "0" || v.eq_ignore_ascii_case("false"))
}

/// Applies the choice to the window's web view: compositing off sets WebKit's hardware
/// acceleration policy to "never" (the page is drawn on the CPU into one buffer, no OpenGL).
#[cfg(target_os = "linux")]
pub fn apply<R: tauri::Runtime>(window: &tauri::WebviewWindow<R>, compositing: bool) {
    if compositing {
        return;
    }
    let applied = window.with_webview(|webview| {
        use webkit2gtk::{HardwareAccelerationPolicy, SettingsExt, WebViewExt};
        if let Some(settings) = webview.inner().settings() {
            settings.set_hardware_acceleration_policy(HardwareAccelerationPolicy::Never);
        }
    });
    match applied {
        Ok(()) => tracing::info!("the page is drawn without accelerated compositing (PROSEVA_WEBKIT_COMPOSITING=off)"),
        Err(e) => tracing::warn!("could not set how the page is drawn: {e}"),
    }
}

#[cfg(not(target_os = "linux"))]
pub fn apply<R: tauri::Runtime>(_window: &tauri::WebviewWindow<R>, _compositing: bool) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skia_paints_on_the_cpu_only_without_a_gpu_and_a_choice_made_is_kept() {
        assert_eq!(painting_for(None, false), Painting::CpuNoGpu);
        assert_eq!(painting_for(None, true), Painting::Gpu);
        assert_eq!(painting_for(Some("0"), false), Painting::AsSet("0".into()));
        assert_eq!(painting_for(Some("1"), true), Painting::AsSet("1".into()));
    }

    #[cfg(unix)]
    #[test]
    fn a_render_node_counts_only_when_it_opens() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!has_render_node(dir.path()));
        assert!(!has_render_node(&dir.path().join("missing")));
        std::fs::write(dir.path().join("card0"), b"").unwrap();
        assert!(!has_render_node(dir.path()), "a card node is not a render node");
        let node = dir.path().join("renderD128");
        std::fs::write(&node, b"").unwrap();
        assert!(has_render_node(dir.path()));
        let mut perms = std::fs::metadata(&node).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o444);
        std::fs::set_permissions(&node, perms).unwrap();
        // A node this process cannot write is no use to Mesa (root can write it anyway).
        let writable = std::fs::OpenOptions::new().read(true).write(true).open(&node).is_ok();
        assert_eq!(has_render_node(dir.path()), writable);
    }

    #[test]
    fn compositing_stays_on_unless_turned_off() {
        assert!(compositing_from_env(None));
        assert!(compositing_from_env(Some("on")));
        assert!(compositing_from_env(Some("")));
        assert!(compositing_from_env(Some("yes please")));
        assert!(!compositing_from_env(Some("off")));
        assert!(!compositing_from_env(Some(" OFF ")));
        assert!(!compositing_from_env(Some("0")));
        assert!(!compositing_from_env(Some("false")));
    }
}
