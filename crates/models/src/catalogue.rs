//! The catalogue of instruct models a person can download in Settings → Language model → "On this
//! computer", and a verdict for each on this computer ("fits", "slow here", "too large").
//!
//! The entries live in `crates/models/catalogue.json`, built into the binary, in the order we
//! recommend them. Every repository, revision, size and checksum there was read from a public
//! source (see `crates/models/CATALOGUE.md`); none is guessed. A person's own GGUF file does not go
//! through the catalogue.
//!
//! ```
//! use proseva_models::catalogue::{self, Machine};
//!
//! let machine = Machine::new(8 << 30, 4);
//! for (entry, verdict) in catalogue::for_machine(&machine) {
//!     println!("{} — {}", entry.name, verdict.reason);
//! }
//! ```

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// One model a person can download: where its file is, what it is, what it needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogueEntry {
    /// Stable name of the entry (`qwen3-1.7b`): the folder it is stored in, the setting that names it.
    pub id: String,
    /// The name a person reads ("Qwen3 1.7B").
    pub name: String,
    /// The Hugging Face repository (`unsloth/Qwen3-1.7B-GGUF`).
    pub repo: String,
    /// The commit the file is pinned to (40 hex digits), or `main` where no commit was known (then
    /// `note` says so).
    pub revision: String,
    /// The file in the repository (`Qwen3-1.7B-Q4_K_M.gguf`).
    pub file: String,
    /// The file's size in bytes.
    pub size: u64,
    /// The file's sha256 (lower-case hex). `None` when unknown: the download then takes the one the
    /// hub publishes with the file (`X-Linked-Etag`) and still refuses a file that does not match it.
    pub sha256: Option<String>,
    /// The parameter count as published ("1.7 billion").
    pub parameters: String,
    /// The longest context the model was trained for, in tokens, where a source says it.
    pub context_length: Option<u64>,
    /// The shape of its attention, which sets the memory its context takes.
    pub attention: Attention,
    /// The licence's name ("Apache-2.0", "Gemma Terms of Use").
    pub licence: String,
    pub licence_url: String,
    /// Whether the model's chat template takes tools, so that it can choose the research tools itself.
    pub tools: bool,
    /// One line for a person: what the model is good for.
    pub description: String,
    /// The same line in Spanish, with the same figures (`description_es` in the file; the window
    /// shows it when it speaks Spanish). Every built-in entry has one; a catalogue of one's own
    /// (`PROSEVA_MODEL_CATALOGUE`) may leave it out, and the English line stands in.
    #[serde(default)]
    pub description_es: Option<String>,
    /// Anything a careful reader should know about the entry (a mirror, an unpinned revision).
    pub note: Option<String>,
}

/// The attention shape of a model: what each token of context costs in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attention {
    pub layers: u64,
    /// Key/value heads (fewer than query heads in grouped-query attention).
    pub kv_heads: u64,
    pub head_dim: u64,
}

/// The context the local model runs with (`proseva-llm serve --ctx`, 4096 by default); memory
/// needs are worked out for it.
pub const RUN_CONTEXT: u64 = 4096;

/// Memory beyond the weights and the context: llama.cpp's working buffers and the `proseva-llm`
/// process itself, rounded up (half a GiB).
pub const RUN_OVERHEAD: u64 = 512 << 20;

impl CatalogueEntry {
    /// Bytes of memory the model needs to run:
    ///
    /// `size + 2 × layers × kv_heads × head_dim × RUN_CONTEXT × 2 + RUN_OVERHEAD`
    ///
    /// that is, the file (llama.cpp maps it whole), the key and value caches (two) for every layer
    /// at [`RUN_CONTEXT`] tokens in f16 (2 bytes each, llama.cpp's default), and [`RUN_OVERHEAD`].
    /// For models with sliding-window layers (Gemma 3) this is an upper bound.
    pub fn ram_needed(&self) -> u64 {
        self.size.saturating_add(self.kv_cache_bytes()).saturating_add(RUN_OVERHEAD)
    }

    /// The key/value cache at [`RUN_CONTEXT`] tokens, in bytes.
    pub fn kv_cache_bytes(&self) -> u64 {
        let a = self.attention;
        2u64.saturating_mul(a.layers).saturating_mul(a.kv_heads).saturating_mul(a.head_dim).saturating_mul(RUN_CONTEXT).saturating_mul(2)
    }

    /// The parameter count in billions when [`CatalogueEntry::parameters`] says it so ("1.7
    /// billion" → 1.7), for the window to write in its own language; `None` for other wordings.
    pub fn parameter_billions(&self) -> Option<f64> {
        let number = self.parameters.trim().strip_suffix("billion")?.trim();
        number.parse::<f64>().ok().filter(|n| n.is_finite() && *n > 0.0)
    }

    /// Where this entry's file is kept under `models_dir`: `<models_dir>/<id>/<file>`.
    pub fn path_in(&self, models_dir: &Path) -> PathBuf {
        models_dir.join(&self.id).join(&self.file)
    }
}

/// The catalogue, in the order we recommend its models.
pub fn entries() -> &'static [CatalogueEntry] {
    static ENTRIES: OnceLock<Vec<CatalogueEntry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        // Built in and checked by the tests: a parse error here is a build that cannot have passed them.
        serde_json::from_str(include_str!("../catalogue.json")).unwrap_or_default()
    })
}

/// The entry named `id`.
pub fn find(id: &str) -> Option<&'static CatalogueEntry> {
    entries().iter().find(|e| e.id == id)
}

/// What this computer has for running a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Machine {
    /// Total memory in bytes (`MemTotal`).
    pub total_memory: u64,
    /// Processor threads the system offers this process.
    pub cores: usize,
}

impl Machine {
    /// A machine with `total_memory` bytes and `cores` cores (tests, and other systems' readings).
    pub fn new(total_memory: u64, cores: usize) -> Self {
        Machine { total_memory, cores: cores.max(1) }
    }

    /// This computer: `MemTotal` from `/proc/meminfo` and the standard library's
    /// `available_parallelism`. `None` when the memory cannot be read (a system without
    /// `/proc/meminfo`).
    pub fn detect() -> Option<Self> {
        let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
        let total_memory = mem_total(&meminfo)?;
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Some(Machine::new(total_memory, cores))
    }
}

/// `MemTotal` of a `/proc/meminfo` text, in bytes (the file says kB, meaning KiB).
pub fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let value: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") | None => value.checked_mul(1024),
        Some(_) => None,
    }
}

/// How a model would run on this computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Fit {
    /// Runs comfortably.
    Fits,
    /// Runs, but answers come slowly or the rest of the computer is squeezed.
    SlowHere,
    /// Needs more memory than this computer can spare.
    TooLarge,
}

/// What decided a [`Fit`]: the facts the sentence beside the model says, so the window can say it
/// in its own language from the row's figures (memory needed, the computer's memory, its cores).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Cause {
    /// It needs at most half the computer's memory, and the computer has cores enough: fits.
    Room,
    /// The computer has fewer than [`COMFORTABLE_CORES`] cores: slow here.
    FewCores,
    /// It needs more than half the computer's memory: slow here.
    MoreThanHalf,
    /// It needs more than three quarters of the computer's memory: too large.
    MoreThanThreeQuarters,
}

/// A [`Fit`], what decided it, and the sentence a person sees beside the model (in English).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    pub fit: Fit,
    pub cause: Cause,
    /// "fits: needs about 2.1 GB of this computer's 16 GB".
    pub reason: String,
}

/// Fewest cores for answers at reading speed with a model of this size; below it, "slow here".
pub const COMFORTABLE_CORES: usize = 4;

/// The verdict for `entry` on `machine`. The thresholds, on [`CatalogueEntry::ram_needed`]:
///
/// - **too large** when it needs more than three quarters of the total memory: the system, the
///   window and ProSeVA's own search need the last quarter, and a model that does not fit in
///   memory is paged from disk, which makes it unusably slow;
/// - **slow here** when it needs more than half the total memory (the rest of the computer is
///   squeezed while it runs), or the computer has fewer than [`COMFORTABLE_CORES`] cores
///   (generation then runs at a few words a second);
/// - **fits** otherwise.
pub fn verdict(entry: &CatalogueEntry, machine: &Machine) -> Verdict {
    let needed = entry.ram_needed();
    let total = machine.total_memory;
    let (need, have) = (gb(needed), gb_whole(total));
    if u128::from(needed) * 4 > u128::from(total) * 3 {
        return Verdict {
            fit: Fit::TooLarge,
            cause: Cause::MoreThanThreeQuarters,
            reason: format!("too large: needs about {need} GB, and this computer has {have} GB (a quarter of it is kept for the rest)"),
        };
    }
    if machine.cores < COMFORTABLE_CORES {
        let cores = if machine.cores == 1 { "1 core".to_string() } else { format!("{} cores", machine.cores) };
        return Verdict {
            fit: Fit::SlowHere,
            cause: Cause::FewCores,
            reason: format!("slow here: {cores}, so answers come a few words a second; needs about {need} GB of this computer's {have} GB"),
        };
    }
    if u128::from(needed) * 2 > u128::from(total) {
        return Verdict {
            fit: Fit::SlowHere,
            cause: Cause::MoreThanHalf,
            reason: format!("slow here: needs about {need} GB, more than half of this computer's {have} GB"),
        };
    }
    Verdict { fit: Fit::Fits, cause: Cause::Room, reason: format!("fits: needs about {need} GB of this computer's {have} GB") }
}

/// The catalogue with a verdict for each entry, in the order a person should see it: the
/// recommended order, except that "too large" entries go last (in their recommended order).
pub fn for_machine(machine: &Machine) -> Vec<(&'static CatalogueEntry, Verdict)> {
    let mut list: Vec<_> = entries().iter().map(|e| (e, verdict(e, machine))).collect();
    list.sort_by_key(|(_, v)| v.fit == Fit::TooLarge);
    list
}

const GIB: f64 = (1u64 << 30) as f64;

/// Bytes as GB with one decimal ("2.1"). GB here are the binary ones operating systems show for
/// memory, so that a "16 GB" laptop reads as 16.
fn gb(bytes: u64) -> String {
    format!("{:.1}", bytes as f64 / GIB)
}

/// A computer's total memory as whole GB ("16"): `MemTotal` is a little under the installed memory
/// (the kernel keeps some), so it is rounded to the nearest GB; below 2 GB one decimal is kept.
fn gb_whole(bytes: u64) -> String {
    let value = bytes as f64 / GIB;
    if value < 2.0 { format!("{value:.1}") } else { format!("{}", value.round()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_hex(s: &str, len: usize) -> bool {
        s.len() == len && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    }

    #[test]
    fn the_built_in_catalogue_parses_and_every_entry_is_pinned_and_whole() {
        let parsed: Vec<CatalogueEntry> = serde_json::from_str(include_str!("../catalogue.json")).unwrap();
        assert_eq!(entries(), parsed.as_slice());
        assert!(entries().len() >= 4);
        let mut ids = std::collections::HashSet::new();
        for e in entries() {
            assert!(ids.insert(e.id.as_str()), "{} twice", e.id);
            assert!(e.revision == "main" || is_hex(&e.revision, 40), "{}: revision {}", e.id, e.revision);
            if e.revision == "main" {
                assert!(e.note.as_deref().is_some_and(|n| n.contains("main")), "{}: an unpinned revision needs a note", e.id);
            }
            if let Some(sha) = &e.sha256 {
                assert!(is_hex(sha, 64), "{}: sha256 {sha}", e.id);
            }
            assert!(e.file.ends_with(".gguf") && !e.file.contains('/'), "{}", e.id);
            assert!(e.repo.split('/').count() == 2, "{}", e.id);
            assert!(e.size > 100 << 20, "{}", e.id);
            assert!(e.licence_url.starts_with("https://"), "{}", e.id);
            assert!(!e.description.is_empty() && !e.description.contains('\n'), "{}", e.id);
            assert!(e.attention.layers > 0 && e.attention.kv_heads > 0 && e.attention.head_dim > 0, "{}", e.id);
        }
        // The recommended order: the best small model for an 8 GB laptop first.
        let order: Vec<&str> = entries().iter().take(4).map(|e| e.id.as_str()).collect();
        assert_eq!(order, ["qwen3-1.7b", "qwen3-4b", "llama-3.2-3b", "gemma-3-4b"]);
        assert!(find("qwen3-4b").is_some() && find("nope").is_none());
    }

    #[test]
    fn every_entry_says_what_it_is_good_for_in_spanish_with_the_same_figures() {
        for e in entries() {
            let es = e.description_es.as_deref().unwrap_or_else(|| panic!("{}: no description_es", e.id));
            assert!(!es.trim().is_empty() && !es.contains('\n'), "{}: {es:?}", e.id);
            assert_ne!(es, e.description, "{}: the Spanish is the English", e.id);
            assert_eq!(proseva_citation::same_figures::differ(&e.description, es), None, "{}: {:?} / {es:?}", e.id, e.description);
        }
        // A catalogue of one's own may leave the Spanish out.
        let mine: CatalogueEntry = serde_json::from_value(serde_json::json!({
            "id": "mine", "name": "Mine", "repo": "me/mine", "revision": "main", "file": "mine.gguf", "size": 1_000_000_000u64,
            "sha256": null, "parameters": "1 billion", "context_length": null,
            "attention": {"layers": 1, "kv_heads": 1, "head_dim": 1}, "licence": "MIT", "licence_url": "https://example.org",
            "tools": false, "description": "Mine.", "note": "main"
        }))
        .unwrap();
        assert_eq!(mine.description_es, None);
    }

    #[test]
    fn memory_needed_is_the_file_plus_the_context_plus_the_overhead() {
        let e = find("qwen3-1.7b").unwrap();
        // 2 × 28 layers × 8 heads × 128 × 4096 tokens × 2 bytes = 448 MiB.
        assert_eq!(e.kv_cache_bytes(), 448 << 20);
        assert_eq!(e.ram_needed(), 1_107_409_472 + (448 << 20) + (512 << 20));
        assert_eq!(gb(e.ram_needed()), "2.0");
        assert_eq!(e.path_in(Path::new("/m")), Path::new("/m/qwen3-1.7b/Qwen3-1.7B-Q4_K_M.gguf"));
        assert_eq!(e.parameter_billions(), Some(1.7));
        for e in entries() {
            assert!(e.parameter_billions().is_some(), "{}: {:?}", e.id, e.parameters);
        }
        let other = CatalogueEntry { parameters: "270 million".into(), ..e.clone() };
        assert_eq!(other.parameter_billions(), None);
    }

    #[test]
    fn verdicts_read_as_a_person_would_say_them() {
        let small = find("qwen3-1.7b").unwrap();
        let big = find("qwen3-4b").unwrap();
        let sixteen = Machine::new(16 << 30, 8);
        assert_eq!(
            verdict(small, &sixteen),
            Verdict { fit: Fit::Fits, cause: Cause::Room, reason: "fits: needs about 2.0 GB of this computer's 16 GB".into() }
        );
        let two_cores = Machine::new(16 << 30, 2);
        let v = verdict(small, &two_cores);
        assert_eq!((v.fit, v.cause), (Fit::SlowHere, Cause::FewCores));
        assert_eq!(v.reason, "slow here: 2 cores, so answers come a few words a second; needs about 2.0 GB of this computer's 16 GB");
        let four = Machine::new(4 << 30, 8);
        let v = verdict(big, &four);
        assert_eq!((v.fit, v.cause), (Fit::TooLarge, Cause::MoreThanThreeQuarters));
        assert_eq!(v.reason, "too large: needs about 3.4 GB, and this computer has 4 GB (a quarter of it is kept for the rest)");
        // Between half and three quarters of memory: runs, but squeezes the rest.
        let six = Machine::new(6 << 30, 8);
        assert_eq!((verdict(big, &six).fit, verdict(big, &six).cause), (Fit::SlowHere, Cause::MoreThanHalf));
        assert!(verdict(big, &six).reason.contains("more than half of this computer's 6 GB"), "{}", verdict(big, &six).reason);
        // A typical 8 GB laptop runs every model in the catalogue's first four.
        let laptop = Machine::new(7_900_000_000, 4);
        for e in entries().iter().take(4) {
            assert_ne!(verdict(e, &laptop).fit, Fit::TooLarge, "{}", e.id);
        }
    }

    #[test]
    fn too_large_models_go_last_and_the_rest_keep_the_recommended_order() {
        let list = for_machine(&Machine::new(3 << 30, 4));
        let fits: Vec<Fit> = list.iter().map(|(_, v)| v.fit).collect();
        let first_too_large = fits.iter().position(|f| *f == Fit::TooLarge).unwrap();
        assert!(first_too_large > 0, "{fits:?}");
        assert!(fits[first_too_large..].iter().all(|f| *f == Fit::TooLarge), "{fits:?}");
        let position = |id: &str| entries().iter().position(|e| e.id == id).unwrap();
        for pair in list[..first_too_large].windows(2) {
            assert!(position(&pair[0].0.id) < position(&pair[1].0.id));
        }
        assert_eq!(list[0].0.id, "qwen3-1.7b");
        assert_eq!(list.len(), entries().len());
    }

    #[test]
    fn mem_total_is_read_from_proc_meminfo() {
        let text = "MemTotal:       16303444 kB\nMemFree:         1234 kB\n";
        assert_eq!(mem_total(text), Some(16_303_444 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
        assert_eq!(mem_total("MemTotal: lots kB\n"), None);
        assert_eq!(gb_whole(16_303_444 * 1024), "16");
        if std::path::Path::new("/proc/meminfo").exists() {
            let m = Machine::detect().unwrap();
            assert!(m.total_memory > 256 << 20 && m.cores >= 1, "{m:?}");
        }
    }
}
