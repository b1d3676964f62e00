//! Embeds the starter corpus (every CSV in `starter/`, its manifest and its vectors) into the
//! library, so `proseva-explorer ingest --starter` and the desktop's first-run graph build work from
//! any directory and in a packaged app.

use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=starter");
    println!("cargo:rerun-if-env-changed=PROSEVA_STARTER_DIR");
    // The manifest dir as cargo gives it to this run (not as compiled in: a target dir shared by two
    // clones would otherwise read the other clone's files). PROSEVA_STARTER_DIR builds with another
    // copy of the corpus (a snapshot taken while the summaries are being edited).
    //
    // Without PROSEVA_STARTER_DIR the generated code names each file relative to the crate as the
    // library is compiled (`concat!(env!("CARGO_MANIFEST_DIR"), …)`), not by this run's absolute
    // path: cargo does not run this script again when another clone shares the target dir (its
    // `rerun-if-changed=starter` is relative), but it does recompile the library when the files
    // it included are not where its last compile found them.
    let (dir, snapshot) = match std::env::var("PROSEVA_STARTER_DIR") {
        Ok(dir) if !dir.is_empty() => {
            println!("cargo:rerun-if-changed={dir}");
            (std::path::PathBuf::from(dir), true)
        }
        _ => (std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("starter"), false),
    };
    let path = |name: &str| {
        if snapshot {
            format!("{:?}", dir.join(name).to_string_lossy())
        } else {
            format!("concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/starter/{name}\")")
        }
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("starter/ exists")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".csv"))
        .collect();
    names.sort();
    let mut out = String::from("/// The starter corpus files, by name.\npub static FILES: &[(&str, &str)] = &[\n");
    for name in &names {
        writeln!(out, "    ({name:?}, include_str!({})),", path(name)).unwrap();
    }
    // The starter corpus's vectors, when they have been made (`make starter-vectors`).
    if dir.join("vectors.bin").exists() {
        out.push_str(&format!(
            "];\n/// Vectors of the starter corpus (see vector_cache.rs).\npub static VECTORS: &[u8] = include_bytes!({});\n",
            path("vectors.bin")
        ));
    } else {
        out.push_str("];\n/// No vectors shipped with the starter corpus.\npub static VECTORS: &[u8] = &[];\n");
    }
    // The asks: questions a person might type, per section (`starter/asks/<file>.json`); the same
    // sections asked in Spanish (`starter/asks-es/`); the Spanish summaries (`starter/summaries-es/`).
    for (folder, name, doc) in [
        ("asks", "ASKS", "The asks"),
        ("asks-es", "ASKS_ES", "The Spanish asks"),
        ("summaries-es", "SUMMARIES_ES", "The Spanish summaries"),
    ] {
        let mut files: Vec<String> = std::fs::read_dir(dir.join(folder))
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
                    .filter(|n| n.ends_with(".json"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        writeln!(out, "/// {doc}, by file name (`CoVTitle_55.1.json`).\npub static {name}: &[(&str, &str)] = &[").unwrap();
        for file in &files {
            writeln!(out, "    ({file:?}, include_str!({})),", path(&format!("{folder}/{file}"))).unwrap();
        }
        out.push_str("];\n");
    }
    out.push_str(&format!("/// The starter corpus manifest.\npub static MANIFEST: &str = include_str!({});\n", path("manifest.json")));
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("starter_files.rs");
    std::fs::write(dest, out).unwrap();
}
