//! The evaluation set of the offline answer (`eval/questions.json`, read by `offline-eval` in
//! bench/) is sound — enough plain questions across the corpus, and every section it expects is one
//! the starter graph holds, so a miss is the ranking's, never the set's — and the offline answer
//! meets its bar on it: the answering section first for 90 % of the questions, and the questions
//! it was filed with answered with the right section first.

use std::collections::BTreeSet;

use proseva_agent::model::ChatMessage;
use proseva_agent::offline::OfflineModel;
use proseva_agent::runner::RequestKind;
use proseva_e2e::{Questions, eval, start, start_with};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// The held-out set (`eval/heldout.json`) was frozen before any tuning: it may change only with a
/// new `frozen: sha256 …` line in `eval/HELDOUT.md` saying why.
#[test]
fn the_held_out_set_is_frozen() {
    use sha2::{Digest, Sha256};
    let digest: String = Sha256::digest(eval::HELDOUT_JSON.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    let frozen: Vec<&str> = eval::HELDOUT_NOTE.lines().filter_map(|l| l.trim().strip_prefix("frozen: sha256 ")).collect();
    assert_eq!(
        frozen.last().copied(),
        Some(digest.as_str()),
        "tests/eval/heldout.json changed without a note: it is held out and never tuned on; if a question must be retired, \
         say why in tests/eval/HELDOUT.md and add a new `frozen: sha256 {digest}` line"
    );
    let questions: Vec<Value> = serde_json::from_str(eval::HELDOUT_JSON).unwrap();
    assert!(questions.len() >= 60, "{} held-out questions", questions.len());
}

/// The second held-out set (`eval/stories.json`, `eval/outside.json`) was frozen before any tuning,
/// with the sha256 of each file in `eval/STORIES.md`.
#[test]
fn the_second_held_out_set_is_frozen() {
    use sha2::{Digest, Sha256};
    for (set, file) in [(eval::Set::Stories, "stories.json"), (eval::Set::Outside, "outside.json")] {
        let digest: String = Sha256::digest(eval::text_of(set).as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        let line = format!("`{file}`: sha256 `{digest}`");
        assert!(eval::STORIES_NOTE.contains(&line), "tests/eval/{file} changed after it was frozen: it is held out and never tuned on");
    }
    assert!(eval::cases_of(eval::Set::Stories).len() >= 100);
    assert!(eval::cases_of(eval::Set::Outside).len() >= 20);
    assert!(eval::cases_of(eval::Set::Outside).iter().chain(&eval::cases_of(eval::Set::OutsideDev)).all(|c| c.expected.is_empty()));
}

/// The Spanish held-out set (issue 44), frozen with its sha256 in `tests/eval/ESPANOL.md` before
/// anything was run on it, and its tuning counterpart, written the same day by another writer.
const ES_HELDOUT: &str = include_str!("eval/es-heldout.json");
const ES_DEV: &str = include_str!("eval/es-dev.json");

#[test]
fn the_spanish_held_out_set_is_frozen() {
    use sha2::{Digest, Sha256};
    let digest: String = Sha256::digest(ES_HELDOUT.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    assert!(
        eval::ES_NOTE.contains(&format!("`es-heldout.json`: sha256 `{digest}`")),
        "tests/eval/es-heldout.json changed after it was frozen: it is held out and never tuned on"
    );
    let questions: Vec<Value> = serde_json::from_str(ES_HELDOUT).unwrap();
    assert!(questions.len() >= 60, "{} questions", questions.len());
    let unique: BTreeSet<&str> = questions.iter().filter_map(|q| q["question"].as_str()).collect();
    assert_eq!(unique.len(), questions.len(), "a question is there twice");
    let tuning: Vec<Value> = serde_json::from_str(ES_DEV).unwrap();
    assert!(tuning.iter().all(|q| !unique.contains(q["question"].as_str().unwrap())), "a held-out question is in the tuning set");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_expected_section_is_in_the_starter_graph() {
    let mut questions: Vec<Value> = serde_json::from_str(include_str!("eval/questions.json")).unwrap();
    assert!(questions.len() >= 40, "{} questions", questions.len());
    let topics: BTreeSet<&str> = questions.iter().map(|q| q["topic"].as_str().unwrap()).collect();
    assert!(topics.len() >= 12, "{topics:?}");
    questions.extend(serde_json::from_str::<Vec<Value>>(eval::HELDOUT_JSON).unwrap());
    questions.extend(serde_json::from_str::<Vec<Value>>(include_str!("eval/dev.json")).unwrap());
    for set in [eval::Set::Stories, eval::Set::StoriesDev] {
        questions.extend(serde_json::from_str::<Vec<Value>>(eval::text_of(set)).unwrap());
    }
    questions.extend(serde_json::from_str::<Vec<Value>>(ES_HELDOUT).unwrap());
    questions.extend(serde_json::from_str::<Vec<Value>>(ES_DEV).unwrap());

    let sidecars = start().await;
    for q in &questions {
        let question = q["question"].as_str().unwrap();
        assert!(!question.contains('§'), "a plain question names no section: {question}");
        let expected = q["expected"].as_array().unwrap();
        assert!(!expected.is_empty(), "{question}");
        for id in expected {
            let query = "query($id: String!) { node(sourceId: $id) { sourceId nodeType } }";
            let answer = sidecars.explorer().query(query, json!({ "id": id })).await.unwrap();
            let node = &answer["node"];
            assert_eq!(&node["sourceId"], id, "{question}: the graph has no {id}: {answer}");
            assert!(node["nodeType"].as_str().unwrap().ends_with("section"), "{question}: {id} is a {}", node["nodeType"]);
        }
    }
}

/// The share (in %) of the story-like tuning questions whose answer must lead with an answering
/// section, and of the tuning questions the corpus cannot answer whose answer must lead with none:
/// a little under what was measured on 2026-11-29 (docs/agent.md).
const FLOOR_STORIES: usize = 82;
const FLOOR_OUTSIDE: usize = 75;
/// The share (in %) of the Spanish tuning questions whose answer must lead with an answering
/// section: a little under the 78.1 % measured on 2026-11-30 with the English gloss (docs/agent.md).
const FLOOR_SPANISH: usize = 74;

/// The offline answer (questions read by meaning, as in the app once its model is loaded) leads
/// with an answering section for at least 85 % of the tuning set and leaves out at most 2 answering
/// sections the search found there; for the story-like tuning questions it leads with one for at
/// least [`FLOOR_STORIES`] %, and for the Spanish tuning questions for at least [`FLOOR_SPANISH`] %;
/// and for the tuning questions the starter corpus cannot answer, no section leads as "Most
/// relevant" for at least [`FLOOR_OUTSIDE`] %. Floors against regressions, on the tuning
/// sets only: the held-out sets are measured by `offline-eval` and reported, never a gate (a gate
/// on them would make every change a choice made on their figures).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_offline_answer_leads_with_the_answering_section() {
    let sidecars = start_with(Questions::ByMeaning).await;
    let report = eval::evaluate(&sidecars).await;
    let misses = report.misses.join("\n");
    assert!(report.answer.first * 100 >= report.questions * 85, "{}\n{misses}", report.answer.line("offline answer", report.questions));
    // The sources keep to the first section's field of law (issue 29), which can leave out an
    // answering section of another title when the first is wrong: at most 2 of the set.
    assert!(report.left_out <= 2, "{misses}");
    let stories = eval::evaluate_set(&sidecars, eval::Set::StoriesDev).await;
    assert!(
        stories.answer.first * 100 >= stories.questions * FLOOR_STORIES,
        "{}\n{}",
        stories.answer.line("stories (tuning)", stories.questions),
        stories.misses.join("\n")
    );
    let spanish = eval::evaluate_set(&sidecars, eval::Set::EsDev).await;
    assert!(
        spanish.answer.first * 100 >= spanish.questions * FLOOR_SPANISH,
        "{}\n{}",
        spanish.answer.line("Spanish (tuning)", spanish.questions),
        spanish.misses.join("\n")
    );
    let outside = eval::evaluate_set(&sidecars, eval::Set::OutsideDev).await;
    assert!(
        (outside.questions - outside.led) * 100 >= outside.questions * FLOOR_OUTSIDE,
        "a section led for {} of {} questions the corpus cannot answer:\n{}",
        outside.led,
        outside.questions,
        outside.misses.join("\n")
    );
}

/// The sections an offline answer to `question` quotes, in order, and the answer.
async fn quoted(sidecars: &proseva_e2e::Sidecars, question: &str) -> (Vec<String>, String) {
    let agent = sidecars.agent(std::sync::Arc::new(OfflineModel));
    let reply =
        agent.run(RequestKind::Chat, &[ChatMessage::user(question)], &|_| {}, &CancellationToken::new()).await.expect("an offline answer");
    (eval::quoted_sections(&reply.reply), reply.reply)
}

/// The three questions the issue was filed with, each read by meaning and by words alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reported_questions_are_answered_with_the_right_section_first() {
    for how in [Questions::ByMeaning, Questions::ByWords] {
        let sidecars = start_with(how).await;

        // The tenant's lockout remedy (§ 55.1-1243.1) leads; the repealed § 55.1-1243 never does,
        // nor the lock change after a protective order (§ 55.1-1230), which is no longer among the
        // sources of a question that does not speak of one (issue 47).
        let (sections, reply) = quoted(&sidecars, "My landlord changed the locks while I was at work. What can I do?").await;
        assert_eq!(sections.first().map(String::as_str), Some("55.1-1243.1"), "{how:?}\n{reply}");
        assert!(!sections.iter().any(|s| ["55.1-1230", "55.1-1400"].contains(&s.as_str())), "{how:?}\n{reply}");
        assert!(!reply.contains("55.1-1400"), "not even as a related section: {how:?}\n{reply}");

        let (sections, reply) = quoted(&sidecars, "Freedom of speech and of the press in Virginia").await;
        assert_eq!(sections.first().map(String::as_str), Some("const-I-12"), "{how:?}\n{reply}");
        assert!(reply.starts_with("**Most relevant:** Constitution of Virginia, Article I, Section 12 — Freedom of speech"), "{reply}");

        let (sections, reply) = quoted(&sidecars, "Drunk driving blood alcohol limit penalties").await;
        // The DUI statute or its penalties lead; the under-21 section never comes before the statute.
        assert!(["18.2-266", "18.2-270"].contains(&sections[0].as_str()), "{how:?}\n{reply}");
        let position = |id: &str| sections.iter().position(|s| s == id).unwrap_or(usize::MAX);
        assert!(position("18.2-266") < position("18.2-266.1"), "{how:?}\n{reply}");
    }
}

/// "I got a 5 day pay or quit notice, what happens next" (the question issue 29 was filed with):
/// the answer leads with § 55.1-1245, its quote states the number of days the tenant has today
/// and the act that set them, and no
/// section from another field of law (workers' compensation, say) is among its sources.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pay_or_quit_answer_states_the_days_and_keeps_to_the_law_that_applies() {
    let sidecars = start_with(Questions::ByMeaning).await;
    let (sections, reply) = quoted(&sidecars, "I got a 5 day pay or quit notice, what happens next").await;
    assert_eq!(sections.first().map(String::as_str), Some("55.1-1245"), "{reply}");
    let quote = reply.lines().find(|l| l.starts_with("- **§ 55.1-1245.")).expect("§ 55.1-1245 is quoted");
    // The days in force today: 14 for a notice served on or after July 1, 2026 (2026 HB 15 / SB
    // 48), said first in plain words from its summary, and the act that changed the text checked
    // beside the source.
    let plain = reply.lines().find(|l| l.starts_with("**In plain words:** ")).unwrap_or_else(|| panic!("plain words first: {reply}"));
    assert!(plain.contains("14 days") && plain.contains("July 1, 2026"), "the plain words state the days: {plain}");
    assert!(quote.contains("*Changed by 2026 HB 15, in force July 1, 2026"), "and the act: {quote}");
    // With no case yet, what to do next: the eviction path, and where to start it (issue 47).
    let next = reply.find("**What to do next:**").unwrap_or_else(|| panic!("what to do next: {reply}"));
    assert!(reply.find(plain).unwrap() < next && next < reply.find("**What the Virginia law sources say**").unwrap(), "{reply}");
    assert!(
        reply[next..].contains("Eviction (unlawful detainer): you are the tenant") && reply[next..].contains("**Start here**"),
        "{reply}"
    );
    for section in &sections {
        assert!(
            ["55.1-", "8.01-", "16.1-"].iter().any(|t| section.starts_with(t)),
            "{section} is not landlord-tenant or eviction law:\n{reply}"
        );
    }
}

/// "my landlord changed the locks because I was late on rent, I have a 6 year old, what can I do"
/// (the question issue 47 was filed with): the answer leads in plain words from the tenant's
/// lockout remedy, § 55.1-1243.1, and no section from another field of law (a commercial lease, the
/// lock change after a protective order) is among its sources.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lockout_answer_leads_in_plain_words_and_keeps_to_the_tenants_law() {
    let sidecars = start_with(Questions::ByMeaning).await;
    let question = "my landlord changed the locks because I was late on rent, I have a 6 year old, what can I do";
    let (sections, reply) = quoted(&sidecars, question).await;
    assert_eq!(sections.first().map(String::as_str), Some("55.1-1243.1"), "{reply}");
    assert!(reply.starts_with("**Most relevant:** "), "{reply}");
    // Plain sentences from its summary come first: what the tenant can ask of which court.
    let plain = reply.lines().find(|l| l.starts_with("**In plain words:** ")).unwrap_or_else(|| panic!("plain words first: {reply}"));
    assert!(reply.find(plain) < reply.find("**What the Virginia law sources say**"), "{reply}");
    assert!(plain.contains("general district court") && plain.contains("changing the locks"), "{plain}");
    // The residential landlord-tenant act, or the courts' procedure: never a business's lease
    // (§ 55.1-1400), the lock change after a protective order (§ 55.1-1230) or a lease ended for
    // family abuse or military service (§§ 55.1-1236, 55.1-1235).
    for section in &sections {
        let residential = section.starts_with("55.1-12") && !["55.1-1230", "55.1-1235", "55.1-1236"].contains(&section.as_str());
        assert!(residential || ["8.01-", "16.1-"].iter().any(|t| section.starts_with(t)), "{section} is another field of law:\n{reply}");
    }
    assert!(!reply.contains("55.1-1400") && !reply.contains("55.1-1230"), "not even as related sections:\n{reply}");
    // No step-by-step path rests on the lockout remedy: none is offered.
    assert!(!reply.contains("What to do next"), "{reply}");

    // The same words from a person in those situations find those sections.
    let (sections, reply) = quoted(&sidecars, "I rent a shop for my business and the landlord changed the locks, what can I do").await;
    assert!(sections.contains(&"55.1-1400".to_string()), "{reply}");
    let (sections, reply) =
        quoted(&sidecars, "I have a protective order against my husband, can the landlord change the locks for me").await;
    assert!(sections.contains(&"55.1-1230".to_string()), "{reply}");
}
