//! Embeds the starter corpus (every CSV in `starter/`, its manifest and its vectors) into the
//! library, so `proseva-explorer ingest --starter` and the desktop's first-run graph build work from
//! any directory and in a packaged app.

use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=starter");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("starter");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("starter/ exists")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".csv"))
        .collect();
    names.sort();
    let mut out = String::from("/// The starter corpus files, by name.\npub static FILES: &[(&str, &str)] = &[\n");
    for name in &names {
        writeln!(out, "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/starter/{name}\"))),").unwrap();
    }
    // The starter corpus's vectors, when they have been made (`make starter-vectors`).
    if dir.join("vectors.bin").exists() {
        out.push_str("];\n/// Vectors of the starter corpus (see vector_cache.rs).\npub static VECTORS: &[u8] = include_bytes!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/starter/vectors.bin\"));\n");
    } else {
        out.push_str("];\n/// No vectors shipped with the starter corpus.\npub static VECTORS: &[u8] = &[];\n");
    }
    out.push_str("/// The starter corpus manifest.\npub static MANIFEST: &str = include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/starter/manifest.json\"));\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("starter_files.rs");
    std::fs::write(dest, out).unwrap();
}
