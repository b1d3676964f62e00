//! Agent benchmarks: time to an offline answer with the real explorer and server on loopback, and
//! the runner's own overhead with a zero-latency scripted model and instant tools.
//!
//! `cargo run --release -p proseva-bench --bin agent-bench`

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use proseva_agent::event::AgentEvent;
use proseva_agent::model::{AnswerRequest, ChatMessage, ChatModel, ModelError, ModelMode, ModelTurn, ToolCall};
use proseva_agent::offline::OfflineModel;
use proseva_agent::runner::RequestKind;
use proseva_agent::tool::{Effect, Tool, ToolError, ToolSpec};
use proseva_bench::status_kib;
use proseva_embed::Embedder;
use proseva_law::graph::Graph;
use proseva_law::ingest::{self, IngestOptions, TextKind};
use proseva_law::synth::{self, RandomEmbedder};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

const QUESTIONS: &[&str] = &[
    "What does Virginia Code say about FOIA?",
    "landlord will not return my deposit",
    "When is my next deadline?",
    "how does the judge decide custody",
    "What does § 18.2-266 say?",
    "protective order against family abuse",
];

fn report(name: &str, times: &mut [Duration]) {
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)].as_secs_f64() * 1000.0;
    println!("{name:<44} p50 {:>8.3} ms   p99 {:>8.3} ms", pct(0.5), pct(0.99));
}

/// Turn 1: three calls; turn 2: none; the answer at once.
struct ZeroLatency;
#[async_trait]
impl ChatModel for ZeroLatency {
    fn mode(&self) -> ModelMode {
        ModelMode::Offline
    }
    async fn tool_turn(&self, _m: &str, messages: &[ChatMessage], _t: &[ToolSpec]) -> Result<ModelTurn, ModelError> {
        let first = !messages.iter().any(|m| !m.tool_calls.is_empty());
        let tool_calls = if first {
            ["GetCases", "GetDeadlines", "SearchTimeline"]
                .iter()
                .enumerate()
                .map(|(i, n)| ToolCall { id: format!("c{i}"), name: n.to_string(), arguments: "{}".into() })
                .collect()
        } else {
            Vec::new()
        };
        Ok(ModelTurn { content: String::new(), tool_calls })
    }
    async fn answer(&self, _r: AnswerRequest<'_>, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError> {
        on_delta("done");
        Ok("done".into())
    }
}

struct Instant0(&'static str);
#[async_trait]
impl Tool for Instant0 {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        self.0
    }
    fn description(&self) -> &str {
        "instant"
    }
    fn parameters(&self) -> Value {
        json!({"type": "object", "properties": {}})
    }
    async fn call(&self, _args: Value) -> Result<Value, ToolError> {
        Ok(json!({"items": [1, 2, 3]}))
    }
}

fn peak_rss_mb() -> u64 {
    status_kib(std::process::id(), "VmHWM:").unwrap_or(0) / 1024
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let sidecars = proseva_e2e::start().await;
    let emit = |_e: AgentEvent| {};
    let cancel = CancellationToken::new();
    println!("# agent benchmark (release, in-process explorer on the starter corpus and server on loopback)");

    let agent = sidecars.agent(Arc::new(OfflineModel));
    let mut times = Vec::new();
    for i in 0..120 {
        let question = QUESTIONS[i % QUESTIONS.len()];
        let started = Instant::now();
        agent.run(RequestKind::Chat, &[ChatMessage::user(question)], &emit, &cancel).await.expect("offline answer");
        if i >= 12 {
            times.push(started.elapsed());
        }
    }
    report("offline chat: question to done", &mut times);
    long_stories(&emit, &cancel).await;

    let locals: Vec<Arc<dyn Tool>> =
        ["GetCases", "GetDeadlines", "GetContacts", "GetFinances", "GetDocuments", "GetDocumentText", "SearchTimeline", "SearchKnowledge"]
            .into_iter()
            .map(|n| Arc::new(Instant0(n)) as Arc<dyn Tool>)
            .collect();
    let agent = sidecars.agent(Arc::new(ZeroLatency)).with_local_tools(locals);
    let mut times = Vec::new();
    for i in 0..2_000 {
        let started = Instant::now();
        agent.run(RequestKind::Chat, &[ChatMessage::user("q")], &emit, &cancel).await.expect("run");
        if i >= 100 {
            times.push(started.elapsed());
        }
    }
    report("runner overhead (zero-latency model, 3 instant tools, citation check of an empty reply)", &mut times);
    println!("peak RSS of this process (explorer + server + agent in one): {} MB", peak_rss_mb());
    drop(sidecars);
    offline_on_a_full_size_code(&emit, &cancel).await;
}

/// Stories of `length` characters: the tuning set's story questions of one topic told one after
/// another, as a person who writes out everything that happened would, cut at a word.
fn stories_of_length(length: usize) -> Vec<String> {
    use proseva_e2e::eval::{Set, cases_of};
    let mut by_topic: Vec<(String, String)> = Vec::new();
    for case in cases_of(Set::StoriesDev) {
        match by_topic.iter_mut().find(|(topic, _)| *topic == case.topic) {
            Some((_, story)) if story.len() < length => {
                story.push(' ');
                story.push_str(&case.question);
            }
            Some(_) => {}
            None => by_topic.push((case.topic, case.question)),
        }
    }
    by_topic
        .into_iter()
        .filter(|(_, story)| story.len() >= length)
        .map(|(_, story)| {
            let mut cut = length;
            while !story.is_char_boundary(cut) {
                cut -= 1;
            }
            let cut = story[..cut].rfind(' ').unwrap_or(cut);
            story[..cut].to_string()
        })
        .collect()
}

/// Issue 46: the offline answer to a 2,000-character story, on the starter corpus as the app holds
/// it, the question read by words and by meaning (the real model). Goal: p50 ≤ 1 s.
async fn long_stories(emit: &(dyn Fn(AgentEvent) + Send + Sync), cancel: &CancellationToken) {
    let stories = stories_of_length(2_000);
    if stories.is_empty() {
        println!("2,000-character stories: none could be made from the tuning set");
        return;
    }
    let sidecars = proseva_e2e::start_with(proseva_e2e::Questions::ByMeaning).await;
    let agent = sidecars.agent(Arc::new(OfflineModel));
    let mut times = Vec::new();
    for (i, story) in stories.iter().cycle().take(stories.len() * 4).enumerate() {
        let started = Instant::now();
        agent.run(RequestKind::Chat, &[ChatMessage::user(story)], emit, cancel).await.expect("offline answer");
        if i >= stories.len() {
            times.push(started.elapsed());
        }
    }
    report(
        &format!("offline answer to a 2,000-character story ({} stories, words and meaning; goal p50 ≤ 1 s)", stories.len()),
        &mut times,
    );
}

/// The real model at the cost it has in the app, under the synthetic graph's model name so the
/// graph takes it: the timing is real, the meaning of the synthetic vectors is not.
struct TimedModel(proseva_embed::LocalEmbedder);
impl Embedder for TimedModel {
    fn model_id(&self) -> &str {
        "synthetic-random"
    }
    fn dimension(&self) -> usize {
        self.0.dimension()
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, proseva_embed::EmbedError> {
        self.0.embed(texts)
    }
}

/// Offline answers over a Code the size of Virginia's (33,000 sections with 384-d vectors), the
/// questions read by words and then by meaning (the real model embedding each question and the
/// strongest candidates' headings).
async fn offline_on_a_full_size_code(emit: &(dyn Fn(AgentEvent) + Send + Sync), cancel: &CancellationToken) {
    const SECTIONS: usize = 33_000;
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("graph.db");
    let random = RandomEmbedder { dimension: 384 };
    let progress = |_| {};
    let options = IngestOptions {
        corpus: "synthetic".into(),
        text_kind: TextKind::Official,
        embedder: Some(&random),
        vector_cache: None,
        progress: &progress,
    };
    let started = Instant::now();
    ingest::ingest(&synth::corpus(SECTIONS, 7), &db, &options).expect("synthetic ingest");
    println!("# offline answers on a synthetic {SECTIONS}-section Code (built in {:.1} s)", started.elapsed().as_secs_f64());
    let graph = Arc::new(Graph::open(&db).expect("graph"));
    let sidecars = proseva_e2e::start_on(graph.clone(), dir).await;
    let agent = sidecars.agent(Arc::new(OfflineModel));
    let questions: Vec<String> = proseva_e2e::eval::cases().into_iter().map(|c| c.question).collect();
    for how in ["by words", "by words and meaning"] {
        if how == "by words and meaning" {
            graph.set_query_embedder(Arc::new(TimedModel(proseva_e2e::local_model()))).expect("the timed model");
        }
        let mut times = Vec::new();
        for (i, question) in questions.iter().cycle().take(questions.len() + 8).enumerate() {
            let started = Instant::now();
            agent.run(RequestKind::Chat, &[ChatMessage::user(question)], emit, cancel).await.expect("offline answer");
            if i >= 8 {
                times.push(started.elapsed());
            }
        }
        report(&format!("offline chat, questions read {how}"), &mut times);
    }
}
