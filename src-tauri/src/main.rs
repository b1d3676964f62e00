//! `proseva`: the ProSeVA Desktop window (see the `proseva_desktop` library for what it runs).

// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() -> std::process::ExitCode {
    proseva_desktop::run()
}
