use super::*;

/// A question whose every word counts.
fn read(search: &str) -> Question {
    let stop = ["can", "i", "get", "my", "the", "of", "a"];
    Question::read(search, &lower_words(search).into_iter().filter(|w| !stop.contains(&w.as_str())).collect::<Vec<_>>())
}

#[test]
fn reads_what_a_question_asks_about() {
    assert!(read("Freedom of speech and of the press in Virginia").rights);
    assert!(read("Can the police search my house without a warrant?").rights);
    assert!(!read("Do disabled veterans get free entry to Virginia state parks?").rights);
    assert!(read("How long do I have to appeal a juvenile court custody order?").time_limit);
    assert!(!read("How do I appeal an eviction judgment?").time_limit);
    assert!(read("I'm 19 and was caught driving after two beers").age);
    assert!(!read("Drunk driving blood alcohol limit penalties").age);
}

#[test]
fn stems_meet_across_forms() {
    assert_eq!(stem("expungement"), stem("expunged"));
    assert_eq!(stem("abusive"), stem("abuse"));
    assert_eq!(stem("records"), stem("record"));
    assert_ne!(stem("landlord"), stem("land"));
    let question = read("Can I get my arrest record expunged?");
    let heading = node(1, "19.2-392.2", "section", "Expungement of police and court records", "");
    assert!((heading_match(&heading, &question) - 2.0 / 3.0).abs() < 1e-9, "{:?}", question.stems);
}

#[test]
fn front_matter_is_recognised() {
    for heading in ["Definitions", "Short title.", "Statement of policy", "Applicability; definitions"] {
        assert!(is_front_matter(&node(1, "1-1", "section", heading, "")), "{heading}");
    }
    assert!(!is_front_matter(&node(1, "1-1", "section", "Policy of the Commonwealth on open records; exemptions", "")));
    assert!(!is_front_matter(&node(1, "1-1", "section", "Execution of wills; requirements", "")));
}

#[test]
fn finds_stated_time_limits() {
    assert!(states_time_limit("The first hearing must be held within five calendar days after the petition is filed."));
    assert!(states_time_limit("an appeal must be noted within 10 days"));
    assert!(states_time_limit("within two years after the injury"));
    assert!(!states_time_limit("A landlord must return the deposit promptly."));
    assert!(!states_time_limit("Chapter 5 of Title 20"));
}

#[test]
fn knows_which_section_an_inserted_one_follows() {
    assert_eq!(inserted_after("18.2-266.1"), Some("18.2-266"));
    assert_eq!(inserted_after("18.2-308.1:4"), Some("18.2-308.1"));
    assert_eq!(inserted_after("55.1-1243.1"), Some("55.1-1243"));
    assert_eq!(inserted_after("18.2-266"), None);
    assert_eq!(inserted_after("const-I-12"), None);
    assert_eq!(inserted_after("20"), None);
}

fn node(id: i64, source_id: &str, node_type: &str, heading: &str, text: &str) -> NodeRecord {
    NodeRecord {
        id,
        node_type: node_type.into(),
        source: "test".into(),
        source_id: source_id.into(),
        heading: Some(heading.into()),
        source_text: Some(text.into()),
        text_kind: "summary".into(),
        url: None,
        summary: None,
    }
}

#[test]
fn a_general_section_outranks_its_narrow_neighbour_on_equal_evidence() {
    let question = read("drunk driving penalties");
    let found = vec![
        (node(2, "18.2-266.1", "section", "Persons under age 21 driving after illegally consuming alcohol; penalty", "x"), Some(5.0), None),
        (node(1, "18.2-266", "section", "Driving while intoxicated", "x"), Some(5.0), None),
        (node(3, "18", "title", "Crimes", ""), Some(5.0), None),
    ];
    let (parent, cites) = (HashMap::new(), HashSet::new());
    let mut ranking = signals(Evidence {
        question: &question,
        found,
        parent,
        cites,
        heading_cosine: &HashMap::new(),
        passage_cosine: &HashMap::new(),
        ask_cosine: &HashMap::new(),
        ask_second: &HashMap::new(),
        ask_words: &HashMap::new(),
        gloss_ask: &HashMap::new(),
        gloss_cosine: &HashMap::new(),
        gloss_words: &HashMap::new(),
    });
    assert!(ranking.candidates[0].signals.narrow && ranking.candidates[0].signals.inserted);
    ranking.order(&Weights::WORDS);
    let order: Vec<&str> = ranking.candidates.iter().map(|c| c.node.source_id.as_str()).collect();
    assert_eq!(order, ["18.2-266", "18.2-266.1", "18"]);
}

#[test]
fn sections_of_one_chapter_support_each_other() {
    let question = read("stalking protective order");
    let found = vec![
        (node(1, "16.1-279.1", "section", "Protective order in cases of family abuse", "x"), Some(6.0), None),
        (node(2, "19.2-152.8", "section", "Emergency protective orders", "x"), Some(5.5), None),
        (node(3, "19.2-152.9", "section", "Preliminary protective orders", "x"), Some(5.5), None),
        (node(4, "19.2-152.10", "section", "Protective order", "x"), Some(5.5), None),
    ];
    let parent: HashMap<i64, i64> = [(1, 10), (2, 20), (3, 20), (4, 20)].into();
    let mut ranking = signals(Evidence {
        question: &question,
        found,
        parent,
        cites: HashSet::new(),
        heading_cosine: &HashMap::new(),
        passage_cosine: &HashMap::new(),
        ask_cosine: &HashMap::new(),
        ask_second: &HashMap::new(),
        ask_words: &HashMap::new(),
        gloss_ask: &HashMap::new(),
        gloss_cosine: &HashMap::new(),
        gloss_words: &HashMap::new(),
    });
    // The weights by words give the graph nothing since the asks came (tuning found no gain in it
    // there); the signal itself counts wherever a weight is given, as by meaning.
    ranking.order(&Weights { graph: 0.1, ..Weights::WORDS });
    assert_eq!(ranking.candidates[0].node.source_id, "19.2-152.8");
    assert_eq!(ranking.candidates[3].node.source_id, "16.1-279.1");
}

#[test]
fn a_section_two_of_whose_asks_come_near_outranks_one_a_single_ask_echoes() {
    let question = read("what makes a will valid");
    let found = || {
        vec![(node(1, "64.2-401", "section", "Capacity", "x"), None, None), (node(2, "64.2-403", "section", "Execution", "x"), None, None)]
    };
    let ask_cosine: HashMap<i64, f32> = [(1, 0.8), (2, 0.8)].into();
    let ask_second: HashMap<i64, f32> = [(1, 0.35), (2, 0.75)].into();
    let none = HashMap::new();
    let rank = |ask_second: &HashMap<i64, f32>| {
        let mut ranking = signals(Evidence {
            question: &question,
            found: found(),
            parent: HashMap::new(),
            cites: HashSet::new(),
            heading_cosine: &none,
            passage_cosine: &none,
            ask_cosine: &ask_cosine,
            ask_second,
            ask_words: &HashMap::new(),
            gloss_ask: &HashMap::new(),
            gloss_cosine: &HashMap::new(),
            gloss_words: &HashMap::new(),
        });
        ranking.order(&Weights::BLENDED);
        ranking
    };
    let ranking = rank(&ask_second);
    assert_eq!(ranking.candidates[0].node.source_id, "64.2-403");
    // Under the asks' floor an ask counts for nothing; the best second ask counts in full.
    let best = ranking.best();
    let second_only = Weights { ask: 0.0, ..Weights::BLENDED };
    let score = |id: i64| second_only.score(&ranking.candidates.iter().find(|c| c.node.id == id).unwrap().signals, &best);
    assert!(score(1).abs() < 1e-9 && (score(2) - second_only.ask_second).abs() < 1e-9, "{} {}", score(1), score(2));
    // Without second asks the two tie and keep the order found.
    assert_eq!(rank(&HashMap::new()).candidates[0].node.source_id, "64.2-401");
}
