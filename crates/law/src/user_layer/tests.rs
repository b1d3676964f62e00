//! The user layer's behaviour: recording, merging and reading opinions and their links, what is
//! refused, search, and the file surviving a reopening.

use super::*;

fn link(section: &str, rel_type: &str, mentions: i64) -> SectionLink {
    SectionLink { section: section.into(), rel_type: rel_type.into(), mentions, context: None }
}

fn opinion(sections: Vec<SectionLink>) -> OpinionInput {
    OpinionInput {
        source_id: "cl-123".into(),
        case_name: "Keel v. Keel".into(),
        court: Some("Va. Ct. App.".into()),
        date_filed: Some("1990-05-01".into()),
        citation: Some("10 Va. App. 1".into()),
        url: Some("https://www.courtlistener.com/opinion/123/keel/".into()),
        holding: Some("Best interests govern custody.".into()),
        holding_kind: "summary".into(),
        sections,
        cites_opinions: vec![],
    }
}

const KNOWN: [&str; 3] = ["20-124.2", "20-124.3", "const-I-12"];

fn known(s: &str) -> bool {
    KNOWN.contains(&s)
}

fn count(layer: &UserLayer, sql: &str) -> i64 {
    layer.lock().query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn records_an_opinion_and_reads_it_back() {
    let layer = UserLayer::in_memory();
    let input = opinion(vec![link("§ 20-124.3", "interprets", 3), link("Va. Code § 20-124.2", "cites", 1)]);
    let done = layer.record(&input, known).unwrap();
    assert!(is_user_id(done.id));
    assert_eq!((done.new, done.merged, done.sections_linked, done.opinion_created), (2, 0, 2, true));
    assert!(done.unresolved.is_empty());

    let stored = layer.opinion(done.id).unwrap().unwrap();
    assert_eq!(stored.case_name, "Keel v. Keel");
    assert_eq!(layer.opinion_by_source_id("cl-123").unwrap().unwrap().id, done.id);
    let links = layer.links_of(done.id).unwrap();
    assert_eq!(links[0].target, "20-124.3");
    assert_eq!((links[0].rel_type.as_str(), links[0].mentions, links[0].target_layer), ("interprets", 3, Layer::Official));
    let citing = layer.citing("20-124.3", 10).unwrap();
    assert_eq!(citing.len(), 1);
    assert_eq!(citing[0].0.id, done.id);

    let node = stored.into_node();
    assert_eq!(node.node_type, "opinion");
    assert_eq!(node.heading.as_deref(), Some("Keel v. Keel (Va. Ct. App., 1990)"));
    assert_eq!(node.text_kind, "summary");
    assert_eq!(layer.opinion(5).unwrap(), None, "graph ids are not the layer's");

    let summary = layer.summary(5).unwrap();
    assert_eq!((summary.opinions, summary.links), (1, 2));
    assert_eq!(summary.by_rel, vec![("cites".to_string(), 1), ("interprets".to_string(), 1)]);
    assert_eq!(summary.most_linked[0].opinions, 1);
}

#[test]
fn recording_again_merges_instead_of_duplicating() {
    let layer = UserLayer::in_memory();
    let input = opinion(vec![link("20-124.3", "interprets", 3), link("20-124.2", "cites", 1)]);
    let first = layer.record(&input, known).unwrap();
    let mut again = input.clone();
    again.holding = None;
    again.sections[0].mentions = 1;
    let second = layer.record(&again, known).unwrap();
    assert_eq!(second.id, first.id);
    assert_eq!((second.new, second.merged, second.sections_linked, second.opinion_created), (0, 2, 2, false));
    assert_eq!(count(&layer, "SELECT count(*) FROM opinions"), 1);
    assert_eq!(count(&layer, "SELECT count(*) FROM opinion_links"), 2);
    assert_eq!(layer.links_of(first.id).unwrap()[0].mentions, 3, "the larger count is kept");
    assert_eq!(layer.opinion(first.id).unwrap().unwrap().holding.as_deref(), Some("Best interests govern custody."));
}

#[test]
fn a_cited_section_found_interpreted_later_is_upgraded() {
    let layer = UserLayer::in_memory();
    let id = layer.record(&opinion(vec![link("20-124.3", "cites", 1)]), known).unwrap().id;
    let done = layer.record(&opinion(vec![link("20-124.3", "interprets", 2)]), known).unwrap();
    assert_eq!((done.new, done.merged), (0, 1));
    let links = layer.links_of(id).unwrap();
    assert_eq!((links.len(), links[0].rel_type.as_str(), links[0].mentions), (1, "interprets", 2));
    // …and never downgraded.
    layer.record(&opinion(vec![link("20-124.3", "cites", 1)]), known).unwrap();
    assert_eq!(layer.links_of(id).unwrap()[0].rel_type, "interprets");
}

#[test]
fn sections_the_graph_lacks_are_reported_not_stored() {
    let layer = UserLayer::in_memory();
    let done = layer.record(&opinion(vec![link("20-124.3", "interprets", 1), link("§ 99-999", "cites", 1)]), known).unwrap();
    assert_eq!(done.unresolved, vec!["99-999"]);
    assert_eq!((done.new, done.sections_linked), (1, 1));
    assert!(layer.citing("99-999", 10).unwrap().is_empty());
}

#[test]
fn opinions_cite_opinions_by_source_id() {
    let layer = UserLayer::in_memory();
    let mut input = opinion(vec![link("20-124.3", "interprets", 1)]);
    input.cites_opinions = vec!["cl-7".into(), "cl-123".into()];
    let done = layer.record(&input, known).unwrap();
    assert_eq!(done.sections_linked, 1, "opinion citations are not sections");
    let links = layer.links_of(done.id).unwrap();
    assert!(links.iter().any(|l| l.target == "cl-7" && l.target_layer == Layer::User && l.rel_type == "cites"));
    assert!(!links.iter().any(|l| l.target == "cl-123"), "no self-citation");
    assert_eq!(layer.citing("cl-7", 10).unwrap()[0].0.id, done.id);
}

#[test]
fn the_layer_survives_reopening_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("user-layer.db");
    let id = UserLayer::open(&path).unwrap().record(&opinion(vec![link("20-124.3", "interprets", 1)]), known).unwrap().id;
    let reopened = UserLayer::open(&path).unwrap();
    assert_eq!(reopened.opinion(id).unwrap().unwrap().source_id, "cl-123");
    assert_eq!(reopened.citing("20-124.3", 10).unwrap().len(), 1);

    // A layer from a newer version is refused, not misread.
    reopened.lock().pragma_update(None, "user_version", LAYER_VERSION + 1).unwrap();
    drop(reopened);
    let err = UserLayer::open(&path).unwrap_err().to_string();
    assert!(err.contains("newer"), "{err}");
}

#[test]
fn invalid_input_is_a_clear_error_and_stores_nothing() {
    let layer = UserLayer::in_memory();
    let cases: Vec<(OpinionInput, &str)> = vec![
        (OpinionInput { case_name: "  ".into(), ..opinion(vec![]) }, "case name is empty"),
        (OpinionInput { case_name: "x".repeat(501), ..opinion(vec![]) }, "at most 500"),
        (OpinionInput { source_id: "123".into(), ..opinion(vec![]) }, "not an opinion id"),
        (OpinionInput { source_id: "const-I-12".into(), ..opinion(vec![]) }, "not an opinion id"),
        (OpinionInput { holding: Some("x".repeat(4001)), ..opinion(vec![]) }, "at most 4000"),
        (OpinionInput { holding_kind: "official".into(), ..opinion(vec![]) }, "holding kind"),
        (OpinionInput { url: Some("javascript:alert(1)".into()), ..opinion(vec![]) }, "http"),
        (opinion(vec![link("20-124.3", "overrules", 1)]), "neither `interprets` nor `cites`"),
        (opinion(vec![link("20-124.3", "cites", -1)]), "mentions"),
        (opinion(vec![link("20-124.3", "cites", 1); 201]), "at most 200"),
        (OpinionInput { cites_opinions: vec!["Keel".into()], ..opinion(vec![]) }, "not an opinion id"),
    ];
    for (input, wanted) in cases {
        let err = layer.record(&input, known).unwrap_err();
        assert!(matches!(err, Error::Invalid(_)), "{err}");
        assert!(err.to_string().contains(wanted), "{err} lacks {wanted}");
    }
    assert_eq!(count(&layer, "SELECT count(*) FROM opinions"), 0);
}

#[test]
fn search_finds_by_words_and_by_linked_section() {
    let layer = UserLayer::in_memory();
    layer.record(&opinion(vec![link("20-124.3", "interprets", 1)]), known).unwrap();
    let other = OpinionInput {
        source_id: "cl-9".into(),
        case_name: "Smith v. Jones".into(),
        holding: Some("Free speech 100% protected".into()),
        ..opinion(vec![link("Article I, Section 12", "cites", 1)])
    };
    layer.record(&other, known).unwrap();
    let names =
        |term: Option<&str>| -> Vec<String> { layer.search(term, 10, 0).unwrap().0.into_iter().map(|o| o.case_name).collect::<Vec<_>>() };
    assert_eq!(names(Some("20-124.3")), vec!["Keel v. Keel"]);
    assert_eq!(names(Some("§ 20-124.3")), vec!["Keel v. Keel"]);
    assert_eq!(names(Some("const-I-12")), vec!["Smith v. Jones"]);
    assert_eq!(names(Some("keel")), vec!["Keel v. Keel"], "any case");
    assert_eq!(names(Some("100%")), vec!["Smith v. Jones"], "% is a character, not a wildcard");
    assert_eq!(names(Some("nothing like it")), Vec::<String>::new());
    let (page, total) = layer.search(None, 1, 1).unwrap();
    assert_eq!((page.len(), total), (1, 2));
}

#[test]
fn section_ids_are_normalised() {
    assert_eq!(normalise_section(" § 20-124.3 "), "20-124.3");
    assert_eq!(normalise_section("Va. Code § 20-124.3"), "20-124.3");
    assert_eq!(normalise_section("Article I, Section 12"), "const-I-12");
    assert_eq!(normalise_section("const-I-12"), "const-I-12");
    assert_eq!(normalise_section("20:6.1"), "20:6.1");
    assert_eq!(normalise_section("§20-124.3(B)"), "20-124.3");
    assert_eq!(normalise_section("popular_name:custody-and-visitation-act"), "popular_name:custody-and-visitation-act");
}
