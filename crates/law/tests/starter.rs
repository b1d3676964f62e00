//! The bundled starter corpus, built with the real embedding model: coverage, labelling, and that
//! plain questions find the right sections.

use std::sync::{Arc, OnceLock};

use proseva_embed::EmbedderConfig;
use proseva_law::graph::Graph;
use proseva_law::ingest::{self, IngestOptions, IngestReport, TextKind};
use proseva_law::starter;

struct Built {
    _dir: tempfile::TempDir,
    db: std::path::PathBuf,
    report: IngestReport,
    graph: Arc<Graph>,
}

/// Built once for all tests in this file: embedding the corpus takes a few seconds.
fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let embedder: Arc<dyn proseva_embed::Embedder> = EmbedderConfig::from_env()
            .build()
            .unwrap_or_else(|e| panic!("the embedding model is needed for this test ({e}); run scripts/install-model.sh or `make model`"))
            .expect("embeddings are not switched off")
            .into();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("graph.db");
        let progress = |_| {};
        let cache = starter::vector_cache().unwrap().expect("starter/vectors.bin ships with the corpus (make starter-vectors)");
        let options = IngestOptions {
            corpus: "starter".into(),
            text_kind: TextKind::Summary,
            embedder: Some(embedder.as_ref()),
            vector_cache: Some(&cache),
            progress: &progress,
        };
        let report = ingest::ingest(&starter::files().unwrap(), &db, &options).unwrap();
        let graph = Arc::new(Graph::open(&db).unwrap());
        graph.set_query_embedder(embedder).unwrap();
        Built { _dir: dir, db, report, graph }
    })
}

/// The `sourceId`s of the first `limit` matches for `q`, as `nodes(search:, semantic:)` lists them.
fn search(q: &str, limit: usize, semantic: bool) -> Vec<String> {
    built().graph.search(None, Some(q), limit, 0, semantic).unwrap().nodes.into_iter().map(|n| n.source_id).collect()
}

#[test]
fn the_manifest_matches_the_files_and_the_corpus_reads_cleanly() {
    let manifest = starter::manifest().unwrap();
    assert_eq!(manifest.text_kind, "summary");
    assert!(manifest.notice.contains("not"), "the notice must say these are not the statute's words");
    let report = &built().report;
    assert!(report.skipped.is_empty(), "starter rows skipped: {:?}", report.skipped);
    let listed: usize = manifest.files.iter().map(|f| f.sections).sum();
    assert_eq!(listed, report.sections, "manifest section counts are stale: run scripts/starter-manifest.py");
}

#[test]
fn the_shipped_vectors_are_complete_and_are_what_the_model_gives() {
    assert_eq!(built().report.embedded_now, 0, "starter/vectors.bin is stale for some sections: run `make starter-vectors`");
    // Embed one title afresh, by the same path, and compare with the shipped vectors.
    let embedder = EmbedderConfig::from_env().build().unwrap().unwrap();
    let files: Vec<_> = starter::files().unwrap().into_iter().filter(|f| f.name == "CoVTitle_10.1.csv").collect();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fresh.db");
    let progress = |_| {};
    let options = IngestOptions {
        corpus: "t".into(),
        text_kind: TextKind::Summary,
        embedder: Some(embedder.as_ref()),
        vector_cache: None,
        progress: &progress,
    };
    let report = ingest::ingest(&files, &db, &options).unwrap();
    assert!(report.embedded_now >= 10);
    // The stored vectors, not the served graph's 8-bit copies.
    let fresh = Graph::open(&db).unwrap();
    let fresh_vectors = ingest::export_vector_cache(&db).unwrap();
    let shipped_vectors = starter::vector_cache().unwrap().unwrap();
    for n in fresh.nodes(Some("section"), None, 1000, 0).unwrap().nodes {
        let text = ingest::embedding_text(n.heading.as_deref(), n.source_text.as_deref().unwrap());
        let cos = proseva_embed::dot(fresh_vectors.get(&text).unwrap(), shipped_vectors.get(&text).unwrap());
        assert!(cos > 0.999, "{}: shipped vector differs from the model's (cos {cos})", n.source_id);
    }
}

#[test]
fn covers_the_titles_people_meet_most_with_300_sections() {
    let graph = &built().graph;
    let sections = graph.nodes(Some("section"), None, 100_000, 0).unwrap();
    assert!(sections.total >= 300, "only {} sections", sections.total);
    let titles: Vec<String> = graph.nodes(Some("title"), None, 1000, 0).unwrap().nodes.into_iter().map(|n| n.source_id).collect();
    for t in ["20", "16.1", "8.01", "55.1", "2.2", "18.2", "19.2", "46.2", "64.2", "13.1", "58.1", "65.2", "10.1", "17.1", "59.1"] {
        assert!(titles.contains(&t.to_string()), "title {t} missing from {titles:?}");
    }
    let bill_of_rights = graph.nodes(Some("constitution_section"), None, 100, 0).unwrap();
    assert!(bill_of_rights.total >= 17, "Article I has {} sections", bill_of_rights.total);
    assert!(bill_of_rights.nodes.iter().all(|n| n.source_id.starts_with("const-I-")));
}

#[test]
fn every_section_is_a_labelled_summary_with_its_official_url() {
    let graph = &built().graph;
    for n in graph.nodes(Some("section"), None, 100_000, 0).unwrap().nodes {
        assert_eq!(n.text_kind, "summary", "{}", n.source_id);
        assert_eq!(n.url.as_deref(), Some(format!("https://law.lis.virginia.gov/vacode/{}/", n.source_id).as_str()));
        assert!(n.heading.as_deref().is_some_and(|h| !h.is_empty()), "{} has no catchline", n.source_id);
        let text = n.source_text.unwrap_or_default();
        assert!(text.split_whitespace().count() >= 40, "{} summary too short", n.source_id);
        assert!(!text.starts_with('"'), "{} reads like a quotation", n.source_id);
    }
    for n in graph.nodes(Some("constitution_section"), None, 100, 0).unwrap().nodes {
        assert_eq!(n.text_kind, "summary");
        assert!(n.url.unwrap().starts_with("https://law.lis.virginia.gov/constitution/article1/section"));
    }
}

#[test]
fn summaries_that_name_sections_become_citation_edges() {
    let stats = built().graph.stats();
    let cites = stats.edge_types.iter().find(|t| t.kind == "cites").map_or(0, |t| t.count);
    assert!(cites >= 300, "only {cites} cites edges");
    assert_eq!(stats.embedding_model.as_deref(), Some("all-MiniLM-L6-v2"));
    assert_eq!(stats.embedding_dimension, Some(384));
    assert!(stats.embedding_count as usize >= built().report.sections);
}

#[test]
fn plain_questions_find_the_governing_sections_in_the_top_ten() {
    let cases: &[(&str, &[&str])] = &[
        ("landlord will not return my deposit", &["55.1-1226"]),
        ("What does Virginia Code say about FOIA?", &["2.2-3700", "2.2-3704"]),
        ("how does the judge decide custody, best interests of the child", &["20-124.3"]),
        ("driving under the influence of alcohol", &["18.2-266"]),
        ("protective order against family abuse", &["16.1-279.1", "19.2-152.10", "16.1-253.1"]),
        ("how long do I have to sue for a personal injury", &["8.01-243"]),
        ("appeal from general district court", &["16.1-106"]),
        ("freedom of speech", &["const-I-12"]),
        ("spousal support after divorce", &["20-107.1"]),
        ("who inherits when someone dies without a will", &["64.2-200"]),
    ];
    for (question, any_of) in cases {
        let top = search(question, 10, true);
        assert!(any_of.iter().any(|s| top.contains(&s.to_string())), "{question:?}: none of {any_of:?} in top 10 {top:?}");
    }
}

#[test]
fn the_codes_words_and_meaning_find_what_shared_words_miss() {
    // No summary says "dies" or "someone": the Code's words for "without a will" (intestate,
    // descent; see proseva_law::lay_terms) find intestacy by words, and meaning ranks it among the first three.
    let question = "who inherits when someone dies without a will";
    assert!(search(question, 10, false).contains(&"64.2-200".to_string()));
    assert!(search(question, 10, true)[..3].contains(&"64.2-200".to_string()));
    // An exact citation still comes first when meaning is blended in.
    assert_eq!(search("§ 2.2-3704 records", 5, true)[0], "2.2-3704");
}

#[test]
fn search_by_meaning_is_on() {
    assert!(built().graph.semantic_search(), "the query model is set on a graph with vectors from the same model");
}

#[test]
fn similar_sections_are_about_the_same_thing() {
    let graph = &built().graph;
    let deposit = graph.node_by_source_id("55.1-1226").unwrap().unwrap();
    let similar: Vec<String> = graph.similar(deposit.id, 5).unwrap().into_iter().map(|(n, _)| n.source_id).collect();
    assert!(similar.iter().filter(|s| s.starts_with("55.1-")).count() >= 3, "{similar:?}");
    let dui = graph.node_by_source_id("18.2-266").unwrap().unwrap();
    let similar: Vec<String> = graph.similar(dui.id, 5).unwrap().into_iter().map(|(n, _)| n.source_id).collect();
    assert!(similar.iter().any(|s| s.starts_with("18.2-26") || s.starts_with("18.2-27") || s.starts_with("46.2-")), "{similar:?}");
}

#[test]
fn ingesting_again_keeps_every_id() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("again.db");
    let progress = |_| {};
    let options =
        IngestOptions { corpus: "starter".into(), text_kind: TextKind::Summary, embedder: None, vector_cache: None, progress: &progress };
    ingest::ingest(&starter::files().unwrap(), &db, &options).unwrap();
    let again = Graph::open(&db).unwrap();
    let first = Graph::open(&built().db).unwrap();
    let all = |g: &Graph| g.nodes(None, None, 100_000, 0).unwrap().nodes.into_iter().map(|n| (n.id, n.source_id)).collect::<Vec<_>>();
    assert_eq!(all(&first), all(&again));
}

/// The words of a text, lower-cased, for comparing asks with questions.
fn words_of(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

#[test]
fn every_section_in_force_has_asks_of_its_own() {
    for (asks, least) in [(starter::asks().unwrap(), 4), (starter::asks_es().unwrap(), 6)] {
        every_section_has_asks(asks, least);
    }
}

/// Every ask names a section of the corpus and is a question's length; every section in force has
/// at least `least` asks; no ask is under two sections.
fn every_section_has_asks(asks: &[proseva_law::asks::Ask], least: usize) {
    let graph = &built().graph;
    let mut sections = graph.nodes(Some("section"), None, 100_000, 0).unwrap().nodes;
    sections.extend(graph.nodes(Some("constitution_section"), None, 1000, 0).unwrap().nodes);
    for ask in asks {
        assert!(sections.iter().any(|n| n.source_id == ask.section), "an ask names {}, which the corpus does not hold", ask.section);
        assert!((8..=300).contains(&ask.text.chars().count()), "{}: {:?} is not a question's length", ask.section, ask.text);
    }
    for n in &sections {
        let summary = n.source_text.as_deref().unwrap_or_default();
        let repealed = summary.split(". ").next().is_some_and(|s| s.contains("repealed"));
        let count = asks.iter().filter(|a| a.section == n.source_id).count();
        assert!(repealed || count >= least, "{} has {count} asks; a section in force needs at least {least}", n.source_id);
    }
    // An ask belongs to one section: the same words under two would pull a question both ways.
    let mut seen: std::collections::HashMap<std::collections::BTreeSet<String>, &str> = std::collections::HashMap::new();
    for ask in asks {
        if let Some(other) = seen.insert(words_of(&ask.text), &ask.section) {
            panic!("{:?} is asked twice ({} and {other})", ask.text, ask.section);
        }
    }
}

#[test]
fn no_spanish_ask_copies_a_question_of_the_spanish_evaluation_sets() {
    // The Spanish asks were written by people who had not seen the Spanish sets (tests/eval/ESPANOL.md).
    no_ask_is_near(starter::asks_es().unwrap(), &["es-dev.json", "es-heldout.json"], |t| words_of(&proseva_citation::lang::fold(t)));
}

#[test]
fn no_ask_copies_a_question_of_the_evaluation_sets() {
    // The asks are written from the summaries alone; an ask that is (nearly) an evaluation question
    // would make the figures measure the asks' author, not the ranking.
    no_ask_is_near(starter::asks().unwrap(), &["questions.json", "dev.json", "heldout.json"], words_of);
}

/// No ask shares four fifths of its words (read by `words`) with a question of `sets`.
fn no_ask_is_near(asks: &[proseva_law::asks::Ask], sets: &[&str], words: fn(&str) -> std::collections::BTreeSet<String>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/eval");
    let mut questions = Vec::new();
    for set in sets {
        let cases: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(dir.join(set)).unwrap()).unwrap();
        questions.extend(cases.iter().filter_map(|c| c["question"].as_str()).map(words));
    }
    assert!(questions.len() > 150, "the evaluation sets were not read");
    for ask in asks {
        let ask_words = words(&ask.text);
        for q in &questions {
            let shared = ask_words.intersection(q).count() as f64;
            let overlap = 2.0 * shared / (ask_words.len() + q.len()) as f64;
            assert!(overlap < 0.8, "the ask {:?} ({}) is nearly an evaluation question", ask.text, ask.section);
        }
    }
}

#[test]
fn the_shipped_vectors_hold_every_ask_and_a_search_finds_a_section_by_its_asks() {
    let asks = starter::asks().unwrap();
    let shipped = starter::vector_cache().unwrap().unwrap();
    let every = asks.iter().chain(starter::asks_es().unwrap());
    let missing: Vec<&str> = every.filter(|a| shipped.get(&a.text).is_none()).map(|a| a.text.as_str()).collect();
    assert!(missing.is_empty(), "{} asks have no shipped vector (make starter-vectors), e.g. {:?}", missing.len(), missing.first());
    // An ask's own words, searched, find its section among the first three: the asks are wired
    // into the search (every 25th ask, over every title).
    let mut found = 0;
    let sample: Vec<_> = asks.iter().step_by(25).collect();
    for ask in &sample {
        if search(&ask.text, 3, true).contains(&ask.section) {
            found += 1;
        }
    }
    assert!(found * 10 >= sample.len() * 9, "only {found} of {} asks find their own section in the first three", sample.len());
}

/// The English summary (`Body`) of every starter section, by the graph's id, with its catchline.
fn english_summaries() -> std::collections::HashMap<String, (String, String)> {
    let mut out = std::collections::HashMap::new();
    for file in starter::files().unwrap() {
        let (rows, _) = proseva_law::lis::read_rows(&file.name, file.contents.as_bytes()).unwrap();
        for row in rows {
            out.insert(starter::source_id(&file.name, &row.section), (row.title.clone(), row.body.clone()));
        }
    }
    out
}

#[test]
fn every_spanish_summary_says_what_its_english_one_says_with_the_same_figures() {
    use sha2::Digest;
    let english = english_summaries();
    let spanish = starter::summaries_es().unwrap();
    assert!(spanish.len() >= 150, "only {} Spanish summaries", spanish.len());
    let paragraphs = |html: &str| html.matches("<p>").count() + html.matches("<li>").count();
    let mut wrong = Vec::new();
    for (id, es) in spanish {
        let Some((catchline, body)) = english.get(id) else { panic!("a Spanish summary names {id}, which the corpus does not hold") };
        assert_eq!(&es.catchline, catchline, "{id}: written for another section");
        let sha: String = sha2::Sha256::digest(body.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(es.english, sha, "{id}: the English summary changed since the Spanish was written from it; write the Spanish again");
        assert_eq!(paragraphs(&es.summary), paragraphs(body), "{id}: not the same paragraphs");
        let (en_text, es_text) = (proseva_law::lis::html_to_text(body), proseva_law::lis::html_to_text(&es.summary));
        if let Some(diff) = proseva_citation::same_figures::differ(&en_text, &es_text) {
            wrong.push(format!("{id}: the figures differ: {diff}"));
        }
        assert_ne!(en_text, es_text, "{id}: not written in Spanish");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_section_the_app_cites_has_a_spanish_summary() {
    // The sections the steps, deadline rules, papers, proof elements and workflows cite.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<std::path::PathBuf> =
        ["sidecars/server/paths/paths.json", "sidecars/server/rules/deadlines.json", "sidecars/server/papers/papers.json"]
            .iter()
            .map(|f| root.join(f))
            .collect();
    for dir in ["sidecars/server/proof", "crates/agent/src/workflows"] {
        files.extend(
            std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "md")),
        );
    }
    let english = english_summaries();
    let spanish = starter::summaries_es().unwrap();
    let mut missing = std::collections::BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        // Every run of digits, dots, colons and hyphens is a candidate section number.
        for word in text.split(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | ':'))) {
            let id = word.trim_matches(|c: char| !c.is_ascii_digit());
            if english.contains_key(id) && !spanish.contains_key(id) {
                missing.insert(format!("{id} ({})", file.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    assert!(missing.is_empty(), "cited sections with no Spanish summary: {missing:?}");
}
