//! `offline-eval`: how often the offline answer, and the law graph's own search, put a section that
//! answers the question first, and among the first three, over the evaluation sets (plain
//! questions a person would type, each with the sections that answer it, best first):
//! the tuning sets the ranking's weights were fitted on (`tests/eval/questions.json`, `dev.json`,
//! `stories-dev.json`, and `outside-dev.json` of questions the corpus cannot answer), and the
//! held-out sets frozen before any tuning and never tuned on (`heldout.json`, and the second,
//! `stories.json` with `outside.json`; see `tests/eval/STORIES.md`). The explorer serves the starter corpus in process, reading questions by
//! their words alone and then by meaning too (the app's default once its model is loaded); the
//! server is empty.
//!
//! `cargo run --release -p proseva-bench --bin offline-eval [-- --misses] [-- --tune] [-- --set NAME]` (NAME: tuning, dev,
//! stories-dev, outside-dev, heldout, stories, outside)
//!
//! `--tune` searches the weights of the ranking (`proseva_law::rank::Weights`) on the set, for both
//! ways of reading a question, and prints the best it finds beside the shipped ones; with
//! `--spanish`, the weights for questions in Spanish, on the Spanish tuning set (`es-dev`) alone.

use proseva_e2e::Questions;
use proseva_e2e::eval::{self, Score};
use proseva_law::rank::{Ranking, Weights};

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let show_misses = std::env::args().any(|a| a == "--misses");
    let tune = std::env::args().any(|a| a == "--tune");
    // `--set tuning|dev|heldout` (repeatable) asks only those sets; while tuning, leave the
    // held-out set out so that no choice is made on its figures.
    let args: Vec<String> = std::env::args().collect();
    let mut sets: Vec<eval::Set> = args
        .windows(2)
        .filter(|w| w[0] == "--set")
        .map(|w| {
            eval::Set::named(&w[1])
                .unwrap_or_else(|| panic!("no set {:?}: tuning, dev, stories-dev, outside-dev, heldout, stories or outside", w[1]))
        })
        .collect();
    if sets.is_empty() {
        sets = eval::Set::ALL.to_vec();
    }
    for (questions, how) in [(Questions::ByWords, "by words (no model for the question)"), (Questions::ByMeaning, "by words and meaning")] {
        let sidecars = proseva_e2e::start_with(questions).await;
        if tune {
            tune_weights(&sidecars, questions == Questions::ByMeaning);
            continue;
        }
        if std::env::args().any(|a| a == "--scope-signals") {
            scope_signals(&sidecars);
            continue;
        }
        for set in sets.iter().copied() {
            let report = eval::evaluate_set(&sidecars, set).await;
            let total = report.questions;
            let kind = if set.tuned_on() { "tuned on" } else { "held out, never tuned on" };
            println!(
                "# offline evaluation, {} ({kind}): {total} questions ({}), starter corpus, questions read {how}",
                set.name(),
                set.file()
            );
            if set.outside() {
                println!(
                    "questions the corpus cannot answer: a section led as the answer for {}/{total}, none for {}/{total} ({:.1} %)",
                    report.led,
                    total - report.led,
                    100.0 * (total - report.led) as f64 / total as f64
                );
                if show_misses {
                    println!("misses:\n{}", report.misses.join("\n"));
                }
                continue;
            }
            println!("{}", report.answer.line("offline answer", total));
            println!(
                "answers that lead with one section (\"Most relevant\"): {}/{total}; that say the graph may not hold the answer: {}/{total}",
                report.led, report.not_found
            );
            println!("{}", report.search.line("search_nodes", total));
            println!("search recall@10 (share of the answering sections among the first 10): {:.3}", report.recall_at_10 / total as f64);
            println!("questions whose answering section the search finds but the answer leaves out: {}", report.left_out);
            if show_misses {
                println!("misses:\n{}", report.misses.join("\n"));
            }
        }
    }
}

/// One weight of [`Weights`], to set.
type Field = fn(&mut Weights) -> &mut f64;

/// The sections of a ranking, named ones first, as `nodes(search:, limit: 8)` would list them.
fn sections(ranking: &Ranking) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let named = ranking.named.iter().map(|n| (&n.source_id, &n.node_type));
    let found = ranking.candidates.iter().map(|c| (&c.node.source_id, &c.node.node_type));
    for (id, kind) in named.chain(found).take(8) {
        if kind.ends_with("section") && !out.contains(id) {
            out.push(id.clone());
        }
    }
    out
}

/// How well `weights` rank the set: first section right, then in the first three, then the
/// reciprocal rank of the first answering section (summed), to break ties.
fn evaluate(rankings: &mut [(Ranking, Vec<String>)], weights: &Weights) -> (Score, f64) {
    let mut score = Score::default();
    let mut reciprocal = 0.0;
    for (ranking, expected) in rankings.iter_mut() {
        ranking.order(weights);
        let ranked = sections(ranking);
        score.add(&ranked, expected);
        reciprocal += ranked.iter().position(|s| expected.contains(s)).map_or(0.0, |p| 1.0 / (p as f64 + 1.0));
    }
    (score, reciprocal)
}

fn better(a: &(Score, f64), b: &(Score, f64)) -> bool {
    (a.0.first, a.0.top3) > (b.0.first, b.0.top3) || ((a.0.first, a.0.top3) == (b.0.first, b.0.top3) && a.1 > b.1 + 1e-9)
}

/// The weights the tuning searches: name, field, and whether only a question's meaning uses it.
const TUNED: [(&str, Field, bool); 18] = [
    ("words", |w| &mut w.words, false),
    ("ask_words", |w| &mut w.ask_words, false),
    ("heading", |w| &mut w.heading, false),
    ("graph", |w| &mut w.graph, false),
    ("kind", |w| &mut w.kind, false),
    ("inserted", |w| &mut w.inserted, false),
    ("narrow", |w| &mut w.narrow, false),
    ("front_matter", |w| &mut w.front_matter, false),
    ("meaning", |w| &mut w.meaning, true),
    ("meaning_floor", |w| &mut w.meaning_floor, true),
    ("heading_meaning", |w| &mut w.heading_meaning, true),
    ("passage", |w| &mut w.passage, true),
    ("ask", |w| &mut w.ask, true),
    ("ask_second", |w| &mut w.ask_second, true),
    ("ask_floor", |w| &mut w.ask_floor, true),
    ("gloss_ask", |w| &mut w.gloss_ask, true),
    ("gloss_meaning", |w| &mut w.gloss_meaning, true),
    ("gloss_words", |w| &mut w.gloss_words, false),
];

/// Coordinate descent from `start`: each weight in turn takes the value of its grid that ranks the
/// set best, until none changes.
fn descend(rankings: &mut [(Ranking, Vec<String>)], start: Weights, meaning: bool) -> (Weights, (Score, f64)) {
    let grid = [0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.55, 0.7, 0.85, 1.0];
    // `--only name,name` tunes only those weights (the rest stay as `start` has them).
    let only: Option<Vec<String>> =
        std::env::args().collect::<Vec<_>>().windows(2).find(|w| w[0] == "--only").map(|w| w[1].split(',').map(str::to_string).collect());
    let fields: Vec<Field> = TUNED
        .iter()
        .filter(|(name, _, by_meaning)| (meaning || !by_meaning) && only.as_ref().is_none_or(|o| o.iter().any(|n| n == name)))
        .map(|(_, field, _)| *field)
        .collect();
    let mut best = (start, evaluate(rankings, &start));
    // Random starts as well as the given one: the score is a step function of the weights, and one
    // descent stops at the first plateau.
    let mut seed: u64 = 0x5eed;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        grid[(seed >> 33) as usize % grid.len()]
    };
    let mut starts = vec![start];
    for _ in 0..RESTARTS {
        let mut weights = start;
        for field in &fields {
            *field(&mut weights) = next();
        }
        starts.push(weights);
    }
    for start in starts {
        let found = descend_from(rankings, start, &fields, &grid);
        if better(&found.1, &best.1) {
            best = found;
        }
    }
    best
}

/// Random starts of [`descend`].
const RESTARTS: usize = 40;

fn descend_from(rankings: &mut [(Ranking, Vec<String>)], start: Weights, fields: &[Field], grid: &[f64]) -> (Weights, (Score, f64)) {
    let mut best = (start, evaluate(rankings, &start));
    for _round in 0..10 {
        let mut changed = false;
        for field in fields {
            for &value in grid {
                let mut weights = best.0;
                *field(&mut weights) = value;
                let score = evaluate(rankings, &weights);
                if better(&score, &best.1) {
                    best = (weights, score);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    best
}

/// Tunes the weights on the tuning sets (`questions.json`, `dev.json` and `stories-dev.json`; never
/// a held-out set),
/// and — to see how much of the gain is the sets' own — on each half of them, scoring each half with
/// the weights tuned on the other.
fn tune_weights(sidecars: &proseva_e2e::Sidecars, meaning: bool) {
    // `--spanish` tunes the weights for questions in Spanish, on the Spanish tuning set alone.
    let spanish = std::env::args().any(|a| a == "--spanish");
    let sets = if spanish { vec![eval::Set::EsDev] } else { vec![eval::Set::Tuning, eval::Set::Dev, eval::Set::StoriesDev] };
    let cases: Vec<eval::Case> = sets.into_iter().flat_map(eval::cases_of).collect();
    let mut rankings: Vec<(Ranking, Vec<String>)> = cases
        .iter()
        .map(|c| (sidecars.graph.candidates(None, &c.question, true, 8).expect("a search").ranking, c.expected.clone()))
        .collect();
    let shipped = Weights::for_question(spanish, meaning);
    let shipped_score = evaluate(&mut rankings, &shipped);
    let (tuned, tuned_score) = descend(&mut rankings, shipped, meaning);
    if std::env::args().any(|a| a == "--misses") {
        evaluate(&mut rankings, &tuned);
        explain_misses(&cases, &rankings, tuned);
    }
    // What each signal is worth: the tuned weights with it left out.
    let fields: [(&str, Field); 18] = [
        ("meaning", |w| &mut w.meaning),
        ("gloss_ask", |w| &mut w.gloss_ask),
        ("gloss_meaning", |w| &mut w.gloss_meaning),
        ("gloss_words", |w| &mut w.gloss_words),
        ("ask", |w| &mut w.ask),
        ("ask_second", |w| &mut w.ask_second),
        ("ask_words", |w| &mut w.ask_words),
        ("passage", |w| &mut w.passage),
        ("words", |w| &mut w.words),
        ("heading", |w| &mut w.heading),
        ("heading_meaning", |w| &mut w.heading_meaning),
        ("graph", |w| &mut w.graph),
        ("kind", |w| &mut w.kind),
        ("general", |w| &mut w.general),
        ("inserted", |w| &mut w.inserted),
        ("narrow", |w| &mut w.narrow),
        ("front_matter", |w| &mut w.front_matter),
        ("structural", |w| &mut w.structural),
    ];
    let mut without = Vec::new();
    for (name, field) in fields {
        let mut weights = tuned;
        *field(&mut weights) = 0.0;
        without.push(format!("{name} {}", evaluate(&mut rankings, &weights).0.first));
    }
    let (mut even, mut odd): (Vec<_>, Vec<_>) = (Vec::new(), Vec::new());
    for (i, r) in rankings.into_iter().enumerate() {
        if i % 2 == 0 { even.push(r) } else { odd.push(r) }
    }
    let on_odd = descend(&mut even, shipped, meaning).0;
    let on_even = descend(&mut odd, shipped, meaning).0;
    let held_out = evaluate(&mut odd, &on_odd).0.first + evaluate(&mut even, &on_even).0.first;

    let total = cases.len();
    println!("# tuning the ranking {}", if meaning { "by words and meaning" } else { "by words" });
    println!("{}", shipped_score.0.line("shipped", total));
    println!("  {shipped:?}");
    println!("{}", tuned_score.0.line("tuned on the set", total));
    println!("  {tuned:?}");
    println!("first section right without one signal: {}", without.join(", "));
    println!("first section right with weights tuned on the other half of the set: {held_out}/{total}");
}

/// For each question the shipped weights get wrong first: the first candidates and the expected
/// ones with their signals and scores.
fn explain_misses(cases: &[eval::Case], rankings: &[(Ranking, Vec<String>)], weights: Weights) {
    for (case, (ranking, expected)) in cases.iter().zip(rankings) {
        if sections(ranking).first().is_some_and(|s| expected.contains(s)) {
            continue;
        }
        println!("  {}  expected {expected:?}", case.question);
        let best = ranking.best();
        for (i, c) in ranking.candidates.iter().enumerate() {
            if i < 4 || expected.contains(&c.node.source_id) {
                let s = &c.signals;
                println!(
                    "    {i:>3} {:<14} score {:.3}  cos {:.3}  ask {:.3} {:.3}  words {:.2}  heading {:.2} {:.2}  graph {:.2}  kind {}  general {}  inserted {}  narrow {}  front {}  {}",
                    c.node.source_id,
                    weights.score(s, &best),
                    s.cosine.unwrap_or(0.0),
                    s.ask_cosine.unwrap_or(0.0),
                    s.ask_second.unwrap_or(0.0),
                    s.words,
                    s.heading,
                    s.heading_cosine.unwrap_or(0.0),
                    s.graph,
                    u8::from(s.kind),
                    u8::from(s.general),
                    u8::from(s.inserted),
                    u8::from(s.narrow),
                    u8::from(s.front_matter),
                    c.node.heading.as_deref().unwrap_or_default().chars().take(60).collect::<String>()
                );
            }
        }
    }
}

/// `--scope-signals`: for every question of the tuning sets (never a held-out one), one JSON line
/// with what the ranking knows of how near the graph comes to it — the best cosines of an ask and
/// of a section, the first section's score — and whether the graph holds its answer, to choose by
/// what the offline answer tells a question the graph cannot answer.
fn scope_signals(sidecars: &proseva_e2e::Sidecars) {
    for set in eval::Set::TUNING {
        for case in eval::cases_of(set) {
            let mut ranking = sidecars.graph.candidates(None, &case.question, true, 8).expect("a search").ranking;
            ranking.order(&Weights::BLENDED);
            let first = sections(&ranking).first().cloned();
            let top = ranking.candidates.first();
            let line = serde_json::json!({
                "set": set.name(),
                "question": case.question,
                "answerable": !case.expected.is_empty(),
                "firstRight": first.as_ref().is_some_and(|f| case.expected.contains(f)),
                "first": first,
                "bestAsk": ranking.best_ask_cosine,
                "bestAskSecond": ranking.best_ask_second,
                "bestCosine": ranking.best_cosine,
                "topAsk": top.and_then(|c| c.signals.ask_cosine),
                "topCosine": top.and_then(|c| c.signals.cosine),
                "topWords": top.map(|c| c.signals.words),
                "topScore": top.and_then(|c| ranking.scores.get(&c.node.id)),
            });
            println!("{line}");
        }
    }
}
