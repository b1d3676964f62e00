//! A search that is only a section number or the start of one is a lookup: the sections whose number
//! starts with it, the exact section first, counted in full whatever the page size, and no matches
//! by words or meaning.

use std::sync::{Arc, OnceLock};

use proseva_law::graph::Graph;
use proseva_law::ingest::{self, IngestOptions, TextKind};
use proseva_law::synth::{self, RandomEmbedder};

struct Built {
    graph: Graph,
    /// Every section number in the graph.
    sections: Vec<String>,
    _dir: tempfile::TempDir,
}

/// A synthetic graph of 2,000 sections with vectors, searched by meaning too (so a lookup that
/// blended in meaning-based matches would show).
fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("graph.db");
        let embedder = RandomEmbedder { dimension: 16 };
        let progress = |_| {};
        let options = IngestOptions {
            corpus: "synthetic".into(),
            text_kind: TextKind::Official,
            embedder: Some(&embedder),
            vector_cache: None,
            progress: &progress,
        };
        ingest::ingest(&synth::corpus(2_000, 7), &db, &options).expect("the synthetic corpus ingests");
        let graph = Graph::open(&db).unwrap();
        graph.set_query_embedder(Arc::new(RandomEmbedder { dimension: 16 })).unwrap();
        assert!(graph.semantic_search());
        let sections = graph.nodes(Some("section"), None, 100_000, 0).unwrap().nodes.into_iter().map(|n| n.source_id).collect();
        Built { graph, sections, _dir: dir }
    })
}

/// The sections whose number starts with `prefix`.
fn starting_with(prefix: &str) -> Vec<String> {
    built().sections.iter().filter(|s| s.starts_with(prefix)).cloned().collect()
}

/// A section whose number is also the start of at least `longer` other sections' numbers
/// (`2.1-112`: `2.1-1120`, `2.1-1123`, …).
fn section_with_extensions(longer: usize) -> String {
    built().sections.iter().find(|s| starting_with(s).len() > longer).expect("a section number that others extend").clone()
}

/// A prefix that is not itself a section and matches more than `at_least` sections (`2.1-11`).
fn bare_prefix(at_least: usize) -> String {
    let section = section_with_extensions(2);
    let prefix = section[..section.len() - 1].to_string();
    assert!(!built().sections.contains(&prefix), "{prefix} is a section");
    assert!(starting_with(&prefix).len() > at_least, "{prefix} matches {:?}", starting_with(&prefix));
    prefix
}

fn search(query: &str, limit: usize, offset: usize) -> (Vec<String>, i64) {
    let page = built().graph.search(None, Some(query), limit, offset, true).unwrap();
    (page.nodes.into_iter().map(|n| n.source_id).collect(), page.total)
}

#[test]
fn total_is_the_number_of_prefix_matches_whatever_the_page_size() {
    let prefix = bare_prefix(5);
    let expected = starting_with(&prefix);
    for query in [prefix.clone(), format!("§ {prefix}")] {
        for limit in [1, 5, 100] {
            let (found, total) = search(&query, limit, 0);
            assert_eq!(total, expected.len() as i64, "{query:?} at limit {limit}");
            assert_eq!(found.len(), limit.min(expected.len()), "{query:?} at limit {limit}: {found:?}");
        }
    }
    // Pages of one walk every match once.
    let mut walked: Vec<String> = (0..expected.len()).flat_map(|offset| search(&prefix, 1, offset).0).collect();
    walked.sort();
    let mut sorted = expected.clone();
    sorted.sort();
    assert_eq!(walked, sorted);
    assert_eq!(search(&prefix, 5, expected.len()), (Vec::new(), expected.len() as i64));
}

#[test]
fn a_bare_prefix_lists_only_the_sections_it_starts() {
    let prefix = bare_prefix(2);
    for query in [prefix.clone(), format!("§ {prefix}"), format!("  §{prefix} ")] {
        let (found, total) = search(&query, 100, 0);
        assert!(found.iter().all(|s| s.starts_with(&prefix)), "{query:?} found {found:?}");
        let mut found = found;
        found.sort();
        let mut expected = starting_with(&prefix);
        expected.sort();
        assert_eq!((found, total), (expected.clone(), expected.len() as i64), "{query:?}");
    }
    // A whole title's sections, counted beyond the first page.
    let title = format!("{}-", prefix.split_once('-').unwrap().0);
    let (found, total) = search(&title, 20, 0);
    assert_eq!(found.len(), 20);
    assert_eq!(total, starting_with(&title).len() as i64);
    assert!(total > 100, "title {title} has {total} sections");
}

#[test]
fn the_exact_section_comes_first() {
    let section = section_with_extensions(2);
    let expected = starting_with(&section);
    for query in [section.clone(), format!("§ {section}")] {
        for limit in [1, 5, 100] {
            let (found, total) = search(&query, limit, 0);
            assert_eq!(found[0], section, "{query:?} at limit {limit}: {found:?}");
            assert_eq!(total, expected.len() as i64, "{query:?} at limit {limit}");
            assert!(found.iter().all(|s| s.starts_with(&section)), "{query:?}: {found:?}");
        }
    }
    // Restricted to a type the section is not, nothing is named.
    let page = built().graph.search(Some("chapter"), Some(&section), 5, 0, true).unwrap();
    assert_eq!((page.nodes.len(), page.total), (0, 0));
}

#[test]
fn a_number_not_in_the_graph_matches_nothing() {
    // "99" and "999" are words of no section, but the number's digits must not be searched anyway:
    // "1" and "100" are, in every title's section numbers and citations.
    for query in ["§ 99-999", "99-999", "1-99999", "§ 1-99999"] {
        assert_eq!(search(query, 20, 0), (Vec::new(), 0), "{query:?}");
    }
}

#[test]
fn words_beside_a_number_stay_a_word_search() {
    let section = section_with_extensions(2);
    let node = built().graph.node_by_source_id(&section).unwrap().unwrap();
    let heading = node.heading.unwrap();
    let word = heading.split_whitespace().max_by_key(|w| w.len()).unwrap().to_lowercase();
    let query = format!("{word} {section}");
    let (found, total) = search(&query, 100, 0);
    assert_eq!(found[0], section, "{query:?}: {found:?}");
    assert!(found.iter().any(|s| !s.starts_with(&section)), "{query:?} matched only by number: {found:?}");
    assert!(total > starting_with(&section).len() as i64, "{query:?}: total {total}");
}
