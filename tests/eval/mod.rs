//! The evaluation set of the offline answer (`questions.json`: plain questions a person would type,
//! each with the sections that answer it, best first) and how an answer is scored against it: is
//! the first section it quotes one that answers, is one among the first three, is one anywhere.
//! The `eval_set` test holds the answer to its bar; `offline-eval` in bench/ prints the figures.

use proseva_agent::event::AgentEvent;
use proseva_agent::model::ChatMessage;
use proseva_agent::offline::OfflineModel;
use proseva_agent::runner::RequestKind;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::Sidecars;

const QUESTIONS: &str = include_str!("questions.json");
const HELDOUT: &str = include_str!("heldout.json");
const DEV: &str = include_str!("dev.json");
const STORIES: &str = include_str!("stories.json");
const STORIES_DEV: &str = include_str!("stories-dev.json");
const OUTSIDE: &str = include_str!("outside.json");
const OUTSIDE_DEV: &str = include_str!("outside-dev.json");
const ES_DEV: &str = include_str!("es-dev.json");
const ES_HELDOUT: &str = include_str!("es-heldout.json");
/// The Spanish sets' note (`ESPANOL.md`): how they were written, and the sha256 of
/// `es-heldout.json` as frozen.
pub const ES_NOTE: &str = include_str!("ESPANOL.md");
/// The second held-out set's note (`STORIES.md`): how it was written, and the sha256 of
/// `stories.json` and `outside.json` as frozen.
pub const STORIES_NOTE: &str = include_str!("STORIES.md");
/// The held-out set's note: how it was written and, on its `frozen: sha256 …` line, the digest of
/// the file as frozen.
pub const HELDOUT_NOTE: &str = include_str!("HELDOUT.md");
/// The held-out set as it is now, to compare with the note's digest.
pub const HELDOUT_JSON: &str = HELDOUT;

/// Which set of questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Set {
    /// `questions.json`: the set the ranking was tuned on (it measures fit, not quality).
    Tuning,
    /// `dev.json`: more questions to tune on, in the held-out set's style (stories, typos),
    /// written without seeing it.
    Dev,
    /// `heldout.json`: written by someone who had not read the ranking code, frozen before any
    /// tuning, never tuned on.
    HeldOut,
    /// `stories-dev.json`: story-like questions (a situation, then the question), to tune on.
    StoriesDev,
    /// `stories.json`: the second held-out set, story-like questions written from invented
    /// situations by a writer who saw no summary, ask, other set or ranking code; frozen before
    /// any tuning (`STORIES.md`), never tuned on.
    Stories,
    /// `outside-dev.json`: questions the starter corpus cannot answer (other states, federal law,
    /// subjects it lacks), to tune on. No answer may lead with a section.
    OutsideDev,
    /// `outside.json`: held-out questions the starter corpus cannot answer, frozen with `stories.json`.
    Outside,
    /// `es-dev.json`: questions in Spanish as people type them (accents missing, Spanglish), to
    /// tune on (`ESPANOL.md`).
    EsDev,
    /// `es-heldout.json`: Spanish questions written by another writer who saw no summary, ask,
    /// other set or ranking code; frozen before anything was run on it (`ESPANOL.md`), never
    /// tuned on.
    EsHeldOut,
}

impl Set {
    pub const ALL: [Set; 9] =
        [Set::Tuning, Set::Dev, Set::StoriesDev, Set::OutsideDev, Set::EsDev, Set::HeldOut, Set::Stories, Set::Outside, Set::EsHeldOut];
    /// The sets that may be tuned on.
    pub const TUNING: [Set; 5] = [Set::Tuning, Set::Dev, Set::StoriesDev, Set::OutsideDev, Set::EsDev];

    /// The set `--set` names: `tuning`, `dev`, `stories-dev`, `outside-dev`, `es-dev`, `heldout`,
    /// `stories`, `outside` or `es-heldout`.
    pub fn named(name: &str) -> Option<Set> {
        match name {
            "tuning" => Some(Set::Tuning),
            "dev" => Some(Set::Dev),
            "heldout" | "held-out" => Some(Set::HeldOut),
            "stories-dev" => Some(Set::StoriesDev),
            "stories" => Some(Set::Stories),
            "outside-dev" => Some(Set::OutsideDev),
            "outside" => Some(Set::Outside),
            "es-dev" => Some(Set::EsDev),
            "es-heldout" | "es-held-out" => Some(Set::EsHeldOut),
            _ => None,
        }
    }

    pub fn file(self) -> &'static str {
        match self {
            Set::Tuning => "tests/eval/questions.json",
            Set::Dev => "tests/eval/dev.json",
            Set::HeldOut => "tests/eval/heldout.json",
            Set::StoriesDev => "tests/eval/stories-dev.json",
            Set::Stories => "tests/eval/stories.json",
            Set::OutsideDev => "tests/eval/outside-dev.json",
            Set::Outside => "tests/eval/outside.json",
            Set::EsDev => "tests/eval/es-dev.json",
            Set::EsHeldOut => "tests/eval/es-heldout.json",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Set::Tuning => "tuning set",
            Set::Dev => "tuning set, part 2 (dev)",
            Set::HeldOut => "held-out set",
            Set::StoriesDev => "tuning set, stories",
            Set::Stories => "held-out set 2, stories",
            Set::OutsideDev => "tuning set, outside the corpus",
            Set::Outside => "held-out set 2, outside the corpus",
            Set::EsDev => "Spanish tuning set",
            Set::EsHeldOut => "Spanish held-out set",
        }
    }

    /// Whether the set's questions are ones the starter corpus cannot answer.
    pub fn outside(self) -> bool {
        matches!(self, Set::OutsideDev | Set::Outside)
    }

    /// Whether the set may be tuned on.
    pub fn tuned_on(self) -> bool {
        Set::TUNING.contains(&self)
    }
}

/// One question of the set.
#[derive(Debug, Clone)]
pub struct Case {
    pub question: String,
    pub topic: String,
    /// Source ids of the sections that answer it, best first.
    pub expected: Vec<String>,
}

/// The tuning set.
pub fn cases() -> Vec<Case> {
    cases_of(Set::Tuning)
}

/// The questions of `set`.
pub fn cases_of(set: Set) -> Vec<Case> {
    let questions: Vec<Value> = serde_json::from_str(text_of(set)).expect("the evaluation sets are JSON arrays");
    questions
        .iter()
        .map(|q| Case {
            question: q["question"].as_str().expect("a question").to_string(),
            topic: q["topic"].as_str().expect("a topic").to_string(),
            expected: q["expected"].as_array().into_iter().flatten().filter_map(|e| e.as_str().map(str::to_string)).collect(),
        })
        .collect()
}

/// The text of `set` as it is now (to compare with the digest its note records).
pub fn text_of(set: Set) -> &'static str {
    match set {
        Set::Tuning => QUESTIONS,
        Set::Dev => DEV,
        Set::HeldOut => HELDOUT,
        Set::StoriesDev => STORIES_DEV,
        Set::Stories => STORIES,
        Set::OutsideDev => OUTSIDE_DEV,
        Set::Outside => OUTSIDE,
        Set::EsDev => ES_DEV,
        Set::EsHeldOut => ES_HELDOUT,
    }
}

/// Whether an offline answer leads with one section as the answer (`**Most relevant:**`, in
/// Spanish `**Lo más pertinente:**`).
pub fn leads(reply: &str) -> bool {
    reply.starts_with("**Most relevant:**") || reply.starts_with("**Lo más pertinente:**")
}

/// The sections an offline answer quotes, in its order: the first citation of each `- **…` line.
pub fn quoted_sections(reply: &str) -> Vec<String> {
    reply
        .lines()
        .filter(|line| line.starts_with("- **"))
        .filter_map(|line| proseva_citation::find_citations(line).into_iter().next().map(|c| c.reference.source_id()))
        .collect()
}

/// How many questions a ranking answered first, in its first three and anywhere.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub first: usize,
    pub top3: usize,
    pub anywhere: usize,
}

impl Score {
    /// Counts one question; whether its first section answers it.
    pub fn add(&mut self, ranked: &[String], expected: &[String]) -> bool {
        let hit = |ids: &[String]| ids.iter().any(|id| expected.contains(id));
        let first = hit(&ranked[..ranked.len().min(1)]);
        self.first += usize::from(first);
        self.top3 += usize::from(hit(&ranked[..ranked.len().min(3)]));
        self.anywhere += usize::from(hit(ranked));
        first
    }

    pub fn line(&self, name: &str, total: usize) -> String {
        let pct = |n: usize| 100.0 * n as f64 / total as f64;
        format!(
            "{name:<16} first section right {:>2}/{total} ({:>5.1} %)   in the first 3: {:>2}/{total} ({:>5.1} %)   anywhere: {:>2}/{total}",
            self.first,
            pct(self.first),
            self.top3,
            pct(self.top3),
            self.anywhere
        )
    }
}

/// The whole set asked of one pair of sidecars.
#[derive(Debug, Default)]
pub struct Report {
    pub questions: usize,
    /// The sections the offline answer quotes.
    pub answer: Score,
    /// The sections `search_nodes` returns (8, as the offline mode asks).
    pub search: Score,
    /// Questions whose answering section the search finds but the answer leaves out.
    pub left_out: usize,
    /// Recall@10 of the search, summed over the questions: the share of a question's answering
    /// sections among the first 10 sections `nodes(search:, limit: 10)` lists.
    pub recall_at_10: f64,
    /// The questions the answer got wrong first or left out, one paragraph each.
    pub misses: Vec<String>,
    /// How many answers led with one section as the answer (`**Most relevant:**`): for a set of
    /// questions the corpus cannot answer, each is a confident answer it should not have given.
    pub led: usize,
    /// How many answers said the law graph may not hold the answer (`**Not found in the Virginia
    /// law graph.**`): for a set of questions it does answer, each is a lead it should have given.
    pub not_found: usize,
}

/// The sections `nodes(search:)` returns for `question`, as the offline mode's `search_nodes` asks (8 nodes).
pub async fn searched_sections(sidecars: &Sidecars, question: &str) -> Vec<String> {
    first_sections(sidecars, question, 8).await
}

/// The sections among the first `limit` nodes `nodes(search:)` returns for `question`.
pub async fn first_sections(sidecars: &Sidecars, question: &str, limit: usize) -> Vec<String> {
    let query = "query($q: String!, $limit: Int!) { nodes(search: $q, limit: $limit) { nodes { sourceId nodeType } } }";
    let answer = sidecars.explorer().query(query, json!({ "q": question, "limit": limit })).await.expect("the explorer answers");
    answer["nodes"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|n| n["nodeType"].as_str().is_some_and(|t| t.ends_with("section")))
        .filter_map(|n| n["sourceId"].as_str().map(str::to_string))
        .collect()
}

/// The share of `expected` that `found` holds.
pub fn recall(found: &[String], expected: &[String]) -> f64 {
    if expected.is_empty() {
        return 1.0;
    }
    expected.iter().filter(|id| found.contains(id)).count() as f64 / expected.len() as f64
}

/// Asks every question of the tuning set of the offline agent over `sidecars`, and of the search.
pub async fn evaluate(sidecars: &Sidecars) -> Report {
    evaluate_set(sidecars, Set::Tuning).await
}

/// Asks every question of `set` of the offline agent over `sidecars`, and of the search.
pub async fn evaluate_set(sidecars: &Sidecars, set: Set) -> Report {
    let agent = sidecars.agent(std::sync::Arc::new(OfflineModel));
    let emit = |_e: AgentEvent| {};
    let cancel = CancellationToken::new();
    let mut report = Report::default();
    for case in cases_of(set) {
        let reply = agent.run(RequestKind::Chat, &[ChatMessage::user(&case.question)], &emit, &cancel).await.expect("an offline answer");
        let quoted = quoted_sections(&reply.reply);
        report.led += usize::from(leads(&reply.reply));
        report.not_found += usize::from(
            reply.reply.starts_with("**Not found in the Virginia law graph.")
                || reply.reply.starts_with("**No se encontró en el grafo de leyes de Virginia."),
        );
        if case.expected.is_empty() {
            // Outside the corpus: what counts is only that no section leads as the answer.
            report.questions += 1;
            if leads(&reply.reply) {
                report.misses.push(format!("  {}\n    led with {:?}", case.question, quoted.first()));
            }
            continue;
        }
        let searched = searched_sections(sidecars, &case.question).await;
        let first = report.answer.add(&quoted, &case.expected);
        report.search.add(&searched, &case.expected);
        report.recall_at_10 += recall(&first_sections(sidecars, &case.question, 10).await, &case.expected);
        let left_out = searched.iter().any(|id| case.expected.contains(id)) && !quoted.iter().any(|id| case.expected.contains(id));
        report.left_out += usize::from(left_out);
        report.questions += 1;
        if !first || left_out {
            report
                .misses
                .push(format!("  {}\n    expected {:?}\n    quoted   {quoted:?}\n    searched {searched:?}", case.question, case.expected));
        }
    }
    report
}
