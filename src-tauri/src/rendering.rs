//! How WebKit draws the window's page (issue 46: memory).
//!
//! With no GPU, WebKitGTK's accelerated compositing draws the page with Mesa's software OpenGL
//! (llvmpipe) into shared buffers. Measured 2026-11-29 on this project's 2-core VM with no GPU
//! (`cargo bench --bench desktop`, 5 s after a first offline question): the page's process holds
//! 252 MB PSS with compositing and 126 MB without, but without it the page is painted on its main
//! thread and Enter → first streamed event takes 105 ms p50 instead of 13 ms (the whole answer 310 ms
//! instead of 55). The app keeps WebKit's default, compositing, for the quicker window;
//! `PROSEVA_WEBKIT_COMPOSITING=off` trades that speed for ~125 MB less memory.

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
