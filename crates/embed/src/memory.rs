//! The process's heap and the model's large, short-lived buffers (issue 46: memory).
//!
//! A pass over many tokens widens the weights to f32 (43 MB) and lets the copy go a few seconds
//! later. glibc keeps freed memory in the arena of the thread that freed it, and with one arena per
//! thread (up to 8 per core) the pages of that copy often stayed resident after it was dropped.
//! Measured on `proseva-server` (30 passages embedded 3 times, then idle; 5 runs each, PSS 10 s
//! later, 2026-11-29): glibc's defaults 89–105 MB; with [`give_back_freed_memory`] after the drop,
//! 45–71 MB (two of five runs kept 24 MB in a second arena); with that and [`one_malloc_arena`],
//! 44.3–44.6 MB in every run, the same as before any pass, and the same time per request
//! (0.59–0.71 s for 30 passages either way).

/// Asks glibc for a single malloc arena. Call it first thing in `main`, before any thread starts
/// (later calls still apply to threads that have not yet allocated). Does nothing on other C
/// libraries.
pub fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)]
    // SAFETY: mallopt only changes glibc's own tunables, under its lock; no pointer is passed.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Hands the pages of freed allocations back to the system (glibc's `malloc_trim`): whole free
/// pages in every arena are returned at once instead of when the arena's top happens to shrink.
pub fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)]
    // SAFETY: malloc_trim only walks glibc's own arenas, under their locks; no pointer is passed.
    unsafe {
        libc::malloc_trim(0);
    }
}
