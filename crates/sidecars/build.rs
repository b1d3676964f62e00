//! Records the target triple so `find_sidecar` can look for Tauri's `externalBin` names
//! (`proseva-server-x86_64-unknown-linux-gnu`).

fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=PROSEVA_TARGET_TRIPLE={target}");
    println!("cargo:rerun-if-changed=build.rs");
}
