//! Building graphs from LIS-format CSV: hierarchy, citations, bad rows, stable ids, atomic replace.

use proseva_embed::{EmbedError, Embedder};
use proseva_law::graph::Graph;
use proseva_law::ingest::{self, IngestOptions, TextKind};
use proseva_law::synth::sample;

fn edges_of(graph: &Graph, source_id: &str, rel: &str) -> Vec<String> {
    let node = graph.node_by_source_id(source_id).unwrap().unwrap_or_else(|| panic!("{source_id} missing"));
    let mut out: Vec<String> = graph
        .neighbors(node.id, Some(rel))
        .unwrap()
        .into_iter()
        .filter(|e| e.from_id == node.id)
        .map(|e| graph.node(e.to_id).unwrap().unwrap().source_id)
        .collect();
    out.sort();
    out
}

#[test]
fn builds_the_hierarchy_with_stable_source_ids_and_urls() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).expect("fixture ingests");
    let graph = Graph::open(&db).unwrap();

    assert_eq!(edges_of(&graph, "20", "contains"), vec!["20:6.1"]);
    assert_eq!(edges_of(&graph, "20:6.1", "contains"), vec!["20-124.2", "20-124.3", "20-124.4"]);
    assert_eq!(edges_of(&graph, "55.1", "contains"), vec!["55.1:stIII"]);
    assert_eq!(edges_of(&graph, "55.1:stIII", "contains"), vec!["55.1:12"]);
    assert_eq!(edges_of(&graph, "55.1:12", "contains"), vec!["55.1:12:2"]);
    assert_eq!(edges_of(&graph, "const-I", "contains"), vec!["const-I-1", "const-I-12"]);

    let section = graph.node_by_source_id("20-124.3").unwrap().unwrap();
    assert_eq!(section.node_type, "section");
    assert_eq!(section.heading.as_deref(), Some("Best interests of the child; visitation"));
    assert_eq!(section.url.as_deref(), Some("https://law.lis.virginia.gov/vacode/20-124.3/"));
    assert_eq!(section.text_kind, "official");
    let text = section.source_text.unwrap();
    assert!(text.starts_with("In determining best interests"), "{text}");
    assert!(!text.contains('<'), "HTML left in text: {text}");

    let chapter = graph.node_by_source_id("20:6.1").unwrap().unwrap();
    assert_eq!(chapter.node_type, "chapter");
    assert_eq!(chapter.url.as_deref(), Some("https://law.lis.virginia.gov/vacode/title20/chapter6.1/"));
    let speech = graph.node_by_source_id("const-I-12").unwrap().unwrap();
    assert_eq!(speech.node_type, "constitution_section");
    assert_eq!(speech.url.as_deref(), Some("https://law.lis.virginia.gov/constitution/article1/section12/"));
}

#[test]
fn extracts_citations_from_text_links_lists_and_ranges() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let report = sample::build(&db).expect("fixture ingests");
    let graph = Graph::open(&db).unwrap();

    // A /vacode/ link in the HTML.
    assert_eq!(edges_of(&graph, "20-124.2", "cites"), vec!["20-124.3"]);
    // "§§ 20-124.2 through 20-124.4" expands to the corpus's sections in the range (not itself).
    assert_eq!(edges_of(&graph, "20-124.3", "cites"), vec!["20-124.2", "20-124.4"]);
    // "§§ 20-124.2 and 20-124.3".
    assert_eq!(edges_of(&graph, "20-124.4", "cites"), vec!["20-124.2", "20-124.3"]);
    assert_eq!(edges_of(&graph, "const-I-12", "cites"), vec!["const-I-1"]);
    assert_eq!(edges_of(&graph, "55.1-1226", "cites"), vec!["55.1-1220"]);
    // Popular names cite what they name.
    assert_eq!(edges_of(&graph, "popular:custody-and-visitation-act", "cites"), vec!["20-124.2", "20-124.3", "20-124.4"]);

    // References the corpus cannot resolve are kept, not dropped.
    let best_interests = graph.node_by_source_id("20-124.3").unwrap().unwrap();
    assert_eq!(graph.unresolved_citations(best_interests.id).unwrap(), vec!["16.1-228"]);
    let popular = graph.node_by_source_id("popular:custody-and-visitation-act").unwrap().unwrap();
    assert_eq!(graph.unresolved_citations(popular.id).unwrap(), vec!["20-124.1"]);
    assert_eq!(report.unresolved_citations, 2);
    assert_eq!(graph.stats().unresolved_citation_count, 2);
}

#[test]
fn reports_bad_rows_with_file_and_line_and_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let report = sample::build(&dir.path().join("graph.db")).expect("fixture ingests");
    let problems: Vec<String> = report.skipped.iter().map(ToString::to_string).collect();
    assert!(problems.iter().any(|p| p.starts_with("CoVTitle_20.csv:5: expected 15 columns, found 13")), "{problems:?}");
    assert!(problems.iter().any(|p| p.starts_with("CoVTitle_20.csv:6: 'not-a-section' is not a Code section number")), "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("CoVTitle_20.csv:7: duplicate section 20-124.3") && p.ends_with("(first at CoVTitle_20.csv:3)")),
        "{problems:?}"
    );
    assert!(problems.iter().any(|p| p.starts_with("README.txt:0: not an LIS export")), "{problems:?}");
    assert_eq!(report.skipped.len(), 4, "{problems:?}");
    assert_eq!(report.sections, 7);
}

#[test]
fn the_same_corpus_keeps_its_ids_and_new_nodes_get_new_ones() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).expect("fixture ingests");
    let ids = |graph: &Graph| {
        let page = graph.nodes(None, None, 100, 0).unwrap();
        page.nodes.into_iter().map(|n| (n.source_id, n.id)).collect::<std::collections::BTreeMap<_, _>>()
    };
    let first = ids(&Graph::open(&db).unwrap());

    // Rebuilt from the same files elsewhere: the same ids.
    let other = dir.path().join("other.db");
    sample::build(&other).expect("fixture ingests");
    assert_eq!(ids(&Graph::open(&other).unwrap()), first);

    // Rebuilt over the old graph with a section removed and one added: survivors keep their ids.
    let mut files = sample::files();
    files[0].contents = files[0].contents.replace("20-124.2,Court-ordered", "20-124.1,Definitions");
    let progress = |_| {};
    let options =
        IngestOptions { corpus: "fixture".into(), text_kind: TextKind::Official, embedder: None, vector_cache: None, progress: &progress };
    ingest::ingest(&files, &db, &options).unwrap();
    let second = ids(&Graph::open(&db).unwrap());
    for (source_id, id) in &second {
        if let Some(old) = first.get(source_id) {
            assert_eq!(old, id, "{source_id} changed id");
        }
    }
    let max_old = first.values().max().unwrap();
    assert!(second["20-124.1"] > *max_old);
    assert!(!second.contains_key("20-124.2"));
}

struct FailingEmbedder;
impl Embedder for FailingEmbedder {
    fn model_id(&self) -> &str {
        "failing"
    }
    fn dimension(&self) -> usize {
        8
    }
    fn embed(&self, _: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Err(EmbedError::BadResponse("the model went away".into()))
    }
}

#[test]
fn a_failed_ingest_leaves_the_previous_graph_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).expect("fixture ingests");
    let before = std::fs::read(&db).unwrap();

    let progress = |_| {};
    let options = IngestOptions {
        corpus: "fixture".into(),
        text_kind: TextKind::Official,
        embedder: Some(&FailingEmbedder),
        vector_cache: None,
        progress: &progress,
    };
    let err = ingest::ingest(&sample::files(), &db, &options).unwrap_err();
    assert!(err.to_string().contains("the model went away"), "{err}");

    assert_eq!(std::fs::read(&db).unwrap(), before);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().contains("building"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left behind: {leftovers:?}");
    assert!(Graph::open(&db).is_ok());
}

#[test]
fn reads_a_directory_of_exports() {
    let dir = tempfile::tempdir().unwrap();
    for f in sample::files() {
        std::fs::write(dir.path().join(&f.name), &f.contents).unwrap();
    }
    // A Windows-1252 byte in an export must not lose the file.
    let mut latin = sample::title_55_1().into_bytes();
    latin.extend_from_slice(b"55.1,Property and Conveyances,III,Rental Conveyances,,,12,Virginia Residential Landlord and Tenant Act,2,Landlord Obligations,,,55.1-1228,Caf\xe9 rule,<p>x</p>\n");
    std::fs::write(dir.path().join("CoVTitle_55.1.csv"), latin).unwrap();
    let files = ingest::read_dir(dir.path()).unwrap();
    assert_eq!(files.len(), 4, "README.txt is not an export");
    assert!(files.iter().any(|f| f.contents.contains("Café rule")));

    let empty = tempfile::tempdir().unwrap();
    let err = ingest::read_dir(empty.path()).unwrap_err();
    assert!(err.to_string().contains("no LIS export files"), "{err}");
}

#[test]
fn a_graph_file_of_another_kind_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = Graph::open(&dir.path().join("nope.db")).unwrap_err();
    assert!(missing.to_string().contains("ingest --starter"), "{missing}");
    let other = dir.path().join("other.db");
    rusqlite::Connection::open(&other).unwrap().execute_batch("CREATE TABLE t(x)").unwrap();
    let err = Graph::open(&other).unwrap_err();
    assert!(err.to_string().contains("not a ProSeVA graph"), "{err}");
}
