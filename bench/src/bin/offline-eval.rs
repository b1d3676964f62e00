//! `offline-eval`: how often the offline answer, and the law graph's own search, put a section that
//! answers the question first, and among the first three, over the evaluation set in
//! `tests/eval/questions.json` (plain questions a person would type, each with the sections that
//! answer it, best first). The explorer serves the starter corpus in process; the server is empty.
//!
//! `cargo run --release -p proseva-bench --bin offline-eval [-- --misses]`

use std::sync::Arc;

use proseva_agent::event::AgentEvent;
use proseva_agent::model::ChatMessage;
use proseva_agent::offline::OfflineModel;
use proseva_agent::runner::RequestKind;
use proseva_agent::tools::explorer::ExplorerClient;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

const QUESTIONS: &str = include_str!("../../../tests/eval/questions.json");

/// The sections the offline answer quotes, in its order: one `- **§ …` line each.
fn quoted_sections(reply: &str) -> Vec<String> {
    reply
        .lines()
        .filter(|line| line.starts_with("- **"))
        .filter_map(|line| proseva_citation::find_citations(line).into_iter().next().map(|c| c.reference.source_id()))
        .collect()
}

/// The sections `nodes(search:)` ranks first, as the agent's `search_nodes` asks (8 nodes).
async fn searched_sections(explorer: &ExplorerClient, question: &str) -> Vec<String> {
    let query = "query($q: String!) { nodes(search: $q, limit: 8) { nodes { sourceId nodeType } } }";
    let answer = explorer.query(query, json!({ "q": question })).await.expect("the explorer answers");
    answer["nodes"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|n| n["nodeType"].as_str().is_some_and(|t| t.ends_with("section")))
        .filter_map(|n| n["sourceId"].as_str().map(str::to_string))
        .collect()
}

#[derive(Default)]
struct Score {
    first: usize,
    top3: usize,
    anywhere: usize,
}

impl Score {
    fn add(&mut self, ranked: &[String], expected: &[String]) -> bool {
        let hit = |ids: &[String]| ids.iter().any(|id| expected.contains(id));
        let first = hit(&ranked[..ranked.len().min(1)]);
        self.first += first as usize;
        self.top3 += hit(&ranked[..ranked.len().min(3)]) as usize;
        self.anywhere += hit(ranked) as usize;
        first
    }

    fn line(&self, name: &str, total: usize) -> String {
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

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let show_misses = std::env::args().any(|a| a == "--misses");
    let questions: Vec<Value> = serde_json::from_str(QUESTIONS).expect("tests/eval/questions.json is a JSON array");
    let sidecars = proseva_e2e::start().await;
    let agent = sidecars.agent(Arc::new(OfflineModel));
    let explorer = sidecars.explorer();
    let emit = |_e: AgentEvent| {};
    let cancel = CancellationToken::new();

    let (mut answer, mut search) = (Score::default(), Score::default());
    let mut left_out = 0;
    let mut misses = Vec::new();
    for q in &questions {
        let question = q["question"].as_str().expect("a question");
        let expected: Vec<String> = q["expected"].as_array().into_iter().flatten().filter_map(|e| e.as_str().map(str::to_string)).collect();
        let reply = agent.run(RequestKind::Chat, &[ChatMessage::user(question)], &emit, &cancel).await.expect("an offline answer");
        let quoted = quoted_sections(&reply.reply);
        let searched = searched_sections(&explorer, question).await;
        let answer_first = answer.add(&quoted, &expected);
        search.add(&searched, &expected);
        // The search found an answering section, and the answer quotes none.
        let dropped = searched.iter().any(|id| expected.contains(id)) && !quoted.iter().any(|id| expected.contains(id));
        left_out += dropped as usize;
        if !answer_first || dropped {
            misses.push(format!("  {question}\n    expected {expected:?}\n    quoted   {quoted:?}\n    searched {searched:?}"));
        }
    }
    let total = questions.len();
    println!(
        "# offline evaluation: {total} questions (tests/eval/questions.json), starter corpus, search by words (no model for the question)"
    );
    println!("{}", answer.line("offline answer", total));
    println!("{}", search.line("search_nodes", total));
    println!("questions whose answering section the search finds but the answer leaves out: {left_out}");
    if show_misses {
        println!("misses:\n{}", misses.join("\n"));
    }
}
