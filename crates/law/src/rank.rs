//! How a search orders what it found.
//!
//! The candidates of a search — its best matches by words (BM25 over heading and text) and the
//! nodes nearest the question by meaning — are each scored on what the retrieval knows about them:
//!
//! - **asks**: how close the question is, by meaning, to the nearest of the questions people type
//!   whose answer the node is ([`crate::asks`]) and to the second nearest (a question two of a
//!   section's asks come near is more surely its question than one a single ask happens to echo),
//!   each above a floor of its own, and the BM25 score of its best-matching ask by words — the
//!   strongest signals, since a question matches another question far better than a summary in the
//!   law's terms;
//! - **meaning**: the cosine of the node's vector with the question's, relative to the best one;
//! - **words**: its BM25 score relative to the best text match;
//! - **heading**: the share of the question's words (stemmed) its heading has, and, for the
//!   strongest candidates, how close the heading alone is to the question by meaning;
//! - **graph**: how many of the other strong hits share its chapter or article, or cite it or are
//!   cited by it (the part of the Code that answers a question usually answers with several
//!   sections);
//! - **kind**: a constitution section when the question is about rights, a section that sets a
//!   time limit when it asks how long, a remedy when it asks what the person can do; a heading that
//!   says it states the general rule ("… generally");
//! - penalties: a chapter's **front matter** (definitions, short title, policy) unless the question
//!   asks what a word means; a **narrow** one (a heading limited to persons under an age unless the
//!   question speaks of age, or a section that applies only in a situation the question does not
//!   speak of, [`proseva_citation::situation`]; a section inserted after its general one, `18.2-266.1` beside
//!   `18.2-266`, when both are strong hits); a **repealed** section unless the question asks about
//!   a repeal; and a **structural** node (title, chapter, article) that has no text to answer with.
//!
//! The weights ([`Weights::BLENDED`] with meaning, [`Weights::WORDS`] without) are tuned on the two
//! tuning sets, `tests/eval/questions.json` and `tests/eval/dev.json` — never on the held-out set
//! (`offline-eval --tune` in bench/, which also shows what each signal is worth and how the weights
//! do on a half of the sets they were not tuned on).

use std::collections::{HashMap, HashSet};

use crate::store::NodeRecord;

/// How many of the best candidates, by meaning and words alone, count as strong hits for the graph
/// signal and for spotting a general section beside its narrow one.
pub const STRONG_HITS: usize = 8;

/// What a question asks about, read from its words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Question {
    /// About rights and freedoms: constitution sections are likely answers.
    pub rights: bool,
    /// Asks how long, how many days, by when: sections that set a time limit are likely answers.
    pub time_limit: bool,
    /// Speaks of age or young people: a section limited to persons under an age is not narrow for it.
    pub age: bool,
    /// Asks what the person can do about something ("what can I do", "can I sue"): sections that
    /// give a remedy are likely answers.
    pub remedy: bool,
    /// Asks what a word means: definitions sections are not pushed down.
    pub definition: bool,
    /// Asks about a repeal: repealed sections are not pushed down.
    pub repeal: bool,
    /// The question's meaningful words, stemmed.
    pub stems: Vec<String>,
    /// The situations some sections apply only to that it speaks of ([`proseva_citation::situation`]).
    pub situations: Vec<&'static str>,
}

const RIGHTS_WORDS: &[&str] = &[
    "right",
    "rights",
    "freedom",
    "freedoms",
    "constitution",
    "constitutional",
    "liberty",
    "liberties",
    "religion",
    "religious",
    "worship",
    "speech",
    "press",
    "assemble",
    "assembly",
    "arms",
    "warrant",
    "warrantless",
    "jury",
    "discrimination",
];
const RIGHTS_PHRASES: &[&str] = &["due process", "equal protection", "bill of rights", "self-incrimination"];
const TIME_PHRASES: &[&str] = &[
    "how long",
    "how many days",
    "how many months",
    "how many years",
    "how much time",
    "how soon",
    "deadline",
    "time limit",
    "statute of limitations",
    "how many hours",
    "how quickly",
    "when must",
    "by when",
    "too late",
];
const REMEDY_PHRASES: &[&str] = &[
    "what can i do",
    "what do i do",
    "what are my options",
    "what options",
    "can i sue",
    "sue ",
    "how do i stop",
    "how do i enforce",
    "how do i make",
    "remedy",
    "remedies",
    "what can i",
];
const DEFINITION_WORDS: &[&str] = &["mean", "means", "meaning", "define", "defined", "definition", "definitions"];
/// Headings of a chapter's front matter, which frames the operative sections but rarely answers.
const FRONT_MATTER: &[&str] =
    &["definitions", "short title", "statement of policy", "policy", "purpose", "intent", "legislative intent", "applicability", "scope"];
/// Words in a heading that say the section gives a remedy.
const REMEDY_HEADINGS: &[&str] = &["remed", "relief", "action for", "actions for", "damages", "enforcement", "recovery"];
/// Suffixes [`stem`] strips, longest first.
const SUFFIXES: &[&str] = &[
    "ations", "ation", "ments", "ment", "ings", "ing", "ions", "ion", "ives", "ive", "ies", "ers", "ed", "es", "er", "ly", "al", "s", "e",
];

/// A word without its commonest English suffix (`expungement`, `expunged` → `expung`), so that a
/// question's words meet a heading's in another form.
pub fn stem(word: &str) -> String {
    let word = word.to_lowercase();
    let long_enough = |rest: &str| rest.chars().count() >= 3;
    for suffix in SUFFIXES {
        if let Some(rest) = word.strip_suffix(suffix)
            && long_enough(rest)
        {
            // `expungement` → `expunge` → `expung`, to meet `expunged` → `expung`.
            return rest.strip_suffix('e').filter(|r| long_enough(r)).unwrap_or(rest).to_string();
        }
    }
    word
}

const AGE_WORDS: &[&str] = &["age", "minor", "minors", "teen", "teenager", "teenage", "young", "youth", "underage", "juvenile", "old"];
const NUMBER_WORDS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fourteen", "fifteen", "twenty",
    "thirty", "sixty", "ninety",
];
const TIME_UNITS: &[&str] = &["hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years"];

fn lower_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

impl Question {
    /// Reads `search`, whose meaningful words (stop words left out) are `terms`.
    pub fn read(search: &str, terms: &[String]) -> Self {
        let lower = format!("{} ", search.to_lowercase());
        let words = lower_words(search);
        let has_word = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
        let has_phrase = |list: &[&str]| list.iter().any(|p| lower.contains(p));
        Question {
            rights: has_word(RIGHTS_WORDS) || has_phrase(RIGHTS_PHRASES),
            time_limit: has_phrase(TIME_PHRASES),
            age: has_word(AGE_WORDS) || words.iter().any(|w| w.parse::<u32>().is_ok_and(|n| (10..=25).contains(&n))),
            remedy: has_phrase(REMEDY_PHRASES),
            definition: has_word(DEFINITION_WORDS),
            repeal: lower.contains("repeal"),
            stems: terms.iter().filter(|t| !crate::stopwords::is_stop_or_filler(t)).map(|t| stem(t)).collect(),
            situations: proseva_citation::situation::mentioned(search),
        }
    }
}

/// Whether `text` states a period of time: a number (in digits or words) followed, within a word,
/// by a unit such as days or years ("within 30 days", "five calendar days", "two years").
pub fn states_time_limit(text: &str) -> bool {
    // One pass over the words without copying them (a section's text can be many pages): how many
    // words ago the last number was.
    let mut since_number: Option<usize> = None;
    for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        if since_number.is_some_and(|n| n < 2) && is_one_of(word, TIME_UNITS) {
            return true;
        }
        let number = word.chars().all(|c| c.is_ascii_digit()) || is_one_of(word, NUMBER_WORDS);
        since_number = if number { Some(0) } else { since_number.map(|n| n + 1) };
    }
    false
}

/// Whether `word`, lower-cased, is one of `list` (lower-case words), without allocating for the
/// ASCII words nearly all are.
fn is_one_of(word: &str, list: &[&str]) -> bool {
    if word.is_ascii() {
        list.iter().any(|w| w.eq_ignore_ascii_case(word))
    } else {
        let lower = word.to_lowercase();
        list.contains(&lower.as_str())
    }
}

/// The section a section was inserted after: `18.2-266` for `18.2-266.1`, `18.2-308.1` for
/// `18.2-308.1:4`; `None` for a section with no such suffix.
pub fn inserted_after(source_id: &str) -> Option<&str> {
    let (_, number) = source_id.split_once('-')?;
    let cut = number.rfind(['.', ':'])?;
    let suffix = &number[cut + 1..];
    (!suffix.is_empty() && suffix.chars().all(|c| c.is_ascii_digit())).then(|| &source_id[..source_id.len() - suffix.len() - 1])
}

fn is_answer_kind(node_type: &str) -> bool {
    node_type.ends_with("section")
}

fn is_repealed(node: &NodeRecord) -> bool {
    let heading = node.heading.as_deref().unwrap_or_default().trim_start_matches(['[', '(']).to_lowercase();
    // A summary of a repealed section says so in its first sentence ("This section … was repealed
    // effective July 1, 2021."); only that sentence is lower-cased, not the whole text.
    let text = node.source_text.as_deref().unwrap_or_default().trim_start();
    let first_sentence = text.split(". ").next().unwrap_or_default().to_lowercase();
    heading.starts_with("repealed")
        || heading.ends_with("[repealed]")
        || first_sentence.starts_with("repealed")
        || first_sentence.contains("was repealed")
        || first_sentence.contains("has been repealed")
}

fn is_front_matter(node: &NodeRecord) -> bool {
    let heading = node.heading.as_deref().unwrap_or_default().trim().trim_end_matches('.').to_lowercase();
    FRONT_MATTER
        .iter()
        .any(|f| heading.strip_prefix(f).is_some_and(|rest| rest.is_empty() || rest.starts_with(';') || rest.starts_with(" and")))
}

fn gives_remedy(node: &NodeRecord) -> bool {
    let heading = node.heading.as_deref().unwrap_or_default().to_lowercase();
    REMEDY_HEADINGS.iter().any(|r| heading.contains(r))
}

/// The share of the question's words that the heading has, in some form.
fn heading_match(node: &NodeRecord, question: &Question) -> f64 {
    if question.stems.is_empty() {
        return 0.0;
    }
    let words: HashSet<String> = lower_words(node.heading.as_deref().unwrap_or_default()).iter().map(|w| stem(w)).collect();
    let met = question.stems.iter().filter(|q| words.contains(*q)).count();
    met as f64 / question.stems.len() as f64
}

/// A heading that says it states the general rule ("Course of descents generally").
fn states_general_rule(node: &NodeRecord) -> bool {
    let heading = node.heading.as_deref().unwrap_or_default().to_lowercase();
    heading.contains("generally") || heading.contains("in general")
}

fn limited_by_age(node: &NodeRecord) -> bool {
    let heading = node.heading.as_deref().unwrap_or_default().to_lowercase();
    ["under age", "under the age", "persons under", "minors", "underage"].iter().any(|p| heading.contains(p))
}

/// What one candidate's retrieval says of it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Signals {
    /// Cosine of its vector with the question's; `None` when either has no vector.
    pub cosine: Option<f32>,
    /// Its BM25 score over the best text match's, in `0..=1`; 0 when its words do not match.
    pub words: f64,
    /// The share of the question's words its heading has.
    pub heading: f64,
    /// The cosine of its heading alone with the question (for the strongest candidates).
    pub heading_cosine: Option<f32>,
    /// The best cosine of one of its paragraphs with the question (for the strongest candidates).
    pub passage_cosine: Option<f32>,
    /// The cosine of its nearest ask with the question ([`crate::asks`]); `None` when it has none.
    pub ask_cosine: Option<f32>,
    /// The cosine of its second-nearest ask with the question; `None` when it has fewer than two.
    pub ask_second: Option<f32>,
    /// The BM25 score of its best-matching ask over the best candidate's, in `0..=1`.
    pub ask_words: f64,
    /// For a Spanish question: the cosine of its English gloss (the Code's words for its everyday
    /// phrases, [`crate::spanish::gloss`]) with the node's nearest English ask.
    pub gloss_ask: Option<f32>,
    /// For a Spanish question: the cosine of its English gloss with the node's vector.
    pub gloss_cosine: Option<f32>,
    /// For a Spanish question: the BM25 score of the node's best English ask for the gloss's
    /// words, over the best candidate's, in `0..=1`.
    pub gloss_words: f64,
    /// Links to the other strong hits (same parent, or a citation either way), capped at 3, over 3.
    pub graph: f64,
    /// The kind of section the question asks for: a constitution section for a rights question, a
    /// time limit for a how-long one, a remedy for a what-can-I-do one.
    pub kind: bool,
    /// Its heading says it states the general rule ("… generally").
    pub general: bool,
    /// Inserted after a general section that is also a strong hit (`18.2-266.1` after `18.2-266`).
    pub inserted: bool,
    /// Limited to persons under an age, and the question does not speak of age; or applying only
    /// in a situation the question does not speak of ([`proseva_citation::situation`]).
    pub narrow: bool,
    /// Definitions, short title, policy, purpose: a chapter's front matter (unless the question
    /// asks what a word means).
    pub front_matter: bool,
    pub repealed: bool,
    /// Not a section: a title, chapter, article or other grouping.
    pub structural: bool,
}

/// How much each signal counts. The meaning signal is the cosine above `meaning_floor`, over the
/// best candidate's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    pub meaning: f64,
    pub meaning_floor: f64,
    pub words: f64,
    pub heading: f64,
    pub heading_meaning: f64,
    pub passage: f64,
    pub ask: f64,
    /// The cosine under which an ask counts for nothing (the asks' own floor: questions are nearer
    /// each other than a question is to a summary).
    pub ask_floor: f64,
    pub ask_second: f64,
    pub ask_words: f64,
    /// A Spanish question's gloss near the node's English asks ([`Signals::gloss_ask`]), above `ask_floor`.
    pub gloss_ask: f64,
    /// A Spanish question's gloss near the node's vector ([`Signals::gloss_cosine`]), above `meaning_floor`.
    pub gloss_meaning: f64,
    /// A Spanish question's gloss's words in the node's English asks ([`Signals::gloss_words`]).
    pub gloss_words: f64,
    pub graph: f64,
    pub kind: f64,
    pub general: f64,
    pub inserted: f64,
    pub narrow: f64,
    pub front_matter: f64,
    pub repealed: f64,
    pub structural: f64,
}

impl Weights {
    /// When the question has a vector.
    pub const BLENDED: Weights = Weights {
        meaning: 0.3,
        meaning_floor: 0.2,
        words: 0.1,
        heading: 0.7,
        heading_meaning: 0.0,
        passage: 0.05,
        ask: 1.0,
        ask_floor: 0.4,
        ask_second: 0.7,
        ask_words: 1.0,
        gloss_ask: 0.0,
        gloss_meaning: 0.0,
        gloss_words: 0.0,
        graph: 0.3,
        kind: 0.15,
        general: 0.05,
        inserted: 0.05,
        narrow: 1.0,
        front_matter: 0.0,
        repealed: 0.5,
        structural: 0.3,
    };
    /// When it has none (no model loaded): words, the asks' words, the headings and the graph.
    pub const WORDS: Weights = Weights {
        meaning: 0.0,
        words: 0.3,
        heading: 0.2,
        heading_meaning: 0.0,
        passage: 0.0,
        ask: 0.0,
        ask_words: 1.0,
        graph: 0.0,
        kind: 0.05,
        inserted: 0.0,
        narrow: 0.2,
        front_matter: 0.05,
        ..Weights::BLENDED
    };

    /// For a question in Spanish, with a vector ([`crate::spanish`]): the English weights, and its
    /// rough English gloss ([`crate::spanish::gloss`]) set beside the English asks as much as the
    /// question beside the Spanish asks (by meaning and by words), and beside the sections' vectors
    /// a little more than the question itself. Chosen on the Spanish tuning set
    /// (`tests/eval/es-dev.json`) alone, never on the Spanish held-out set: only the three gloss
    /// weights were searched (`offline-eval --tune --spanish --only gloss_ask,gloss_meaning,gloss_words`),
    /// and rounded to these.
    pub const SPANISH: Weights = Weights { gloss_ask: 1.0, gloss_meaning: 0.4, gloss_words: 1.0, ..Weights::BLENDED };
    /// For a question in Spanish read by its words alone: the gloss's words in the English asks
    /// count as much as the question's in the Spanish ones.
    pub const SPANISH_WORDS: Weights = Weights { gloss_words: 1.0, ..Weights::WORDS };

    /// The weights for a ranking: by the question's language, and whether it has a vector.
    pub fn for_question(spanish: bool, with_vector: bool) -> Weights {
        match (spanish, with_vector) {
            (false, true) => Weights::BLENDED,
            (false, false) => Weights::WORDS,
            (true, true) => Weights::SPANISH,
            (true, false) => Weights::SPANISH_WORDS,
        }
    }

    pub fn score(&self, s: &Signals, best: &Best) -> f64 {
        let above = |floor: f64| {
            move |cosine: Option<f32>, best: f32| match cosine {
                Some(c) if f64::from(best) > floor => ((f64::from(c) - floor) / (f64::from(best) - floor)).clamp(0.0, 1.0),
                _ => 0.0,
            }
        };
        let (relative, ask_relative) = (above(self.meaning_floor), above(self.ask_floor));
        let meaning = relative(s.cosine, best.cosine);
        let heading_meaning = relative(s.heading_cosine, best.heading_cosine);
        let passage = relative(s.passage_cosine, best.passage_cosine);
        let ask = ask_relative(s.ask_cosine, best.ask_cosine);
        let ask_second = ask_relative(s.ask_second, best.ask_second);
        let gloss_ask = ask_relative(s.gloss_ask, best.gloss_ask);
        let gloss_meaning = relative(s.gloss_cosine, best.gloss_cosine);
        let flag = |on: bool| f64::from(u8::from(on));
        self.meaning * meaning
            + self.words * s.words
            + self.heading * s.heading
            + self.heading_meaning * heading_meaning
            + self.passage * passage
            + self.ask * ask
            + self.ask_second * ask_second
            + self.ask_words * s.ask_words
            + self.gloss_ask * gloss_ask
            + self.gloss_meaning * gloss_meaning
            + self.gloss_words * s.gloss_words
            + self.graph * s.graph
            + self.kind * flag(s.kind)
            + self.general * flag(s.general)
            - self.inserted * flag(s.inserted)
            - self.narrow * flag(s.narrow)
            - self.front_matter * flag(s.front_matter)
            - self.repealed * flag(s.repealed)
            - self.structural * flag(s.structural)
    }
}

/// The best cosines among a search's candidates, that each candidate's are taken relative to.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Best {
    pub cosine: f32,
    pub heading_cosine: f32,
    pub passage_cosine: f32,
    pub ask_cosine: f32,
    pub ask_second: f32,
    pub gloss_ask: f32,
    pub gloss_cosine: f32,
}

/// One node a search found and its signals.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub node: NodeRecord,
    pub signals: Signals,
}

/// What a search found before ordering: the nodes an exact citation or a section-number prefix
/// names (always first, in that order), and every other candidate with its signals.
#[derive(Debug, Clone, Default)]
pub struct Ranking {
    pub named: Vec<NodeRecord>,
    pub candidates: Vec<Candidate>,
    /// The best candidate's cosine with the question, if the question has a vector.
    pub best_cosine: Option<f32>,
    /// The best cosine of a heading with the question.
    pub best_heading_cosine: Option<f32>,
    /// The best cosine of a passage with the question.
    pub best_passage_cosine: Option<f32>,
    /// The best cosine of an ask with the question.
    pub best_ask_cosine: Option<f32>,
    /// The best cosine of a second-nearest ask with the question.
    pub best_ask_second: Option<f32>,
    /// The best cosines of a Spanish question's English gloss with an English ask and with a node.
    pub best_gloss_ask: Option<f32>,
    pub best_gloss_cosine: Option<f32>,
    /// Each candidate's score once [`Ranking::order`] has run, by node id.
    pub scores: HashMap<i64, f64>,
    /// Each candidate's parent (chapter or article), and the `cites` edges among candidates.
    pub parent: HashMap<i64, i64>,
    pub cites: HashSet<(i64, i64)>,
    /// The candidates that apply only in a situation the question does not speak of, with its label.
    pub only_for: HashMap<i64, &'static str>,
    /// The question is in Spanish ([`crate::spanish`]): it is ordered by [`Weights::SPANISH`].
    pub spanish: bool,
}

/// How one node of a search stands beside the first: how close its score is, and whether it is
/// of the same part of the Code.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    /// Where its score falls between the [`BASELINE_RANK`]th result's (0) and the first's (1)
    /// (1 for a node the query names).
    pub relevance: f64,
    /// Shares the first node's chapter or article, or cites it or is cited by it (true for the first).
    pub same_topic: bool,
    /// The situation it applies only to, when the question does not speak of it ("a lease of
    /// business premises"; [`proseva_citation::situation`]).
    pub only_for: Option<&'static str>,
}

/// A node's relevance ([`Fit::relevance`]) from which it counts as close to the first.
pub const CLOSE: f64 = 0.3;
/// The first node leads clearly when the second's relevance is below this.
pub const CLEAR_LEAD: f64 = 0.9;
/// The rank (from 0) whose score is a search's baseline: relevance runs from it (0) to the first (1).
pub const BASELINE_RANK: usize = 9;

impl Ranking {
    /// Orders the candidates by their score under `weights`, best first; ties keep their order
    /// (the best text match first).
    pub fn order(&mut self, weights: &Weights) {
        let best = self.best();
        let mut scored: Vec<(f64, Candidate)> = self.candidates.drain(..).map(|c| (weights.score(&c.signals, &best), c)).collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        self.scores = scored.iter().map(|(score, c)| (c.node.id, *score)).collect();
        self.candidates = scored.into_iter().map(|(_, c)| c).collect();
    }

    /// The best cosines the candidates' are taken relative to.
    pub fn best(&self) -> Best {
        Best {
            cosine: self.best_cosine.unwrap_or(0.0),
            heading_cosine: self.best_heading_cosine.unwrap_or(0.0),
            passage_cosine: self.best_passage_cosine.unwrap_or(0.0),
            ask_cosine: self.best_ask_cosine.unwrap_or(0.0),
            ask_second: self.best_ask_second.unwrap_or(0.0),
            gloss_ask: self.best_gloss_ask.unwrap_or(0.0),
            gloss_cosine: self.best_gloss_cosine.unwrap_or(0.0),
        }
    }

    /// How each node of [`Ranking::into_nodes`]'s order stands beside the first, and whether the
    /// first leads clearly (the second scores under [`CLEAR_LEAD`] of it, or the query names it).
    pub fn fit(&self) -> (Vec<Fit>, bool) {
        let order: Vec<i64> = self.ordered_ids();
        let Some(&top) = order.first() else { return (Vec::new(), false) };
        let named = |id: i64| self.named.iter().any(|n| n.id == id);
        // Scores are taken between the first's and the [`BASELINE_RANK`]th's: every candidate
        // shares much of its score (words any text on the subject has), so a plain ratio to the
        // first's says little.
        let scored: Vec<f64> = order.iter().filter_map(|id| self.scores.get(id).copied()).collect();
        let best = scored.first().copied();
        let base = scored.get(BASELINE_RANK.min(scored.len().saturating_sub(1))).copied();
        let relevance = |id: i64| match (named(id), best, base, self.scores.get(&id)) {
            (true, ..) => 1.0,
            (false, Some(best), Some(base), Some(score)) if best > base => ((score - base) / (best - base)).clamp(0.0, 1.0),
            (false, Some(_), Some(_), Some(_)) => 1.0,
            _ => 0.0,
        };
        let same_topic = |id: i64| id == top || linked(&self.parent, &self.cites, id, top);
        let fits: Vec<Fit> = order
            .iter()
            .map(|&id| Fit {
                relevance: relevance(id),
                same_topic: same_topic(id),
                only_for: if named(id) { None } else { self.only_for.get(&id).copied() },
            })
            .collect();
        let clear = named(top) || fits.get(1).is_none_or(|second| second.relevance < CLEAR_LEAD);
        (fits, clear)
    }

    fn ordered_ids(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self.named.iter().map(|n| n.id).collect();
        for c in &self.candidates {
            if !ids.contains(&c.node.id) {
                ids.push(c.node.id);
            }
        }
        ids
    }

    /// The named nodes, then the candidates not among them, in their current order.
    pub fn into_nodes(self) -> Vec<NodeRecord> {
        let mut all = self.named;
        for c in self.candidates {
            if !all.iter().any(|n| n.id == c.node.id) {
                all.push(c.node);
            }
        }
        all
    }
}

/// The raw evidence [`signals`] turns into [`Signals`].
pub struct Evidence<'a> {
    pub question: &'a Question,
    /// `(node, BM25 score — higher is better — or None, cosine or None)`.
    pub found: Vec<(NodeRecord, Option<f64>, Option<f32>)>,
    /// Each candidate's parent (`contains` edge), where it has one.
    pub parent: HashMap<i64, i64>,
    /// `cites` edges between candidates, both ways.
    pub cites: HashSet<(i64, i64)>,
    /// The cosine of the question with the headings of the strongest candidates, alone.
    pub heading_cosine: &'a HashMap<i64, f32>,
    /// The best cosine of the question with a passage of each of the strongest candidates.
    pub passage_cosine: &'a HashMap<i64, f32>,
    /// The cosine of the question with each candidate's nearest ask, where it has asks.
    pub ask_cosine: &'a HashMap<i64, f32>,
    /// The cosine of the question with each candidate's second-nearest ask, where it has two.
    pub ask_second: &'a HashMap<i64, f32>,
    /// The BM25 score of each candidate's best-matching ask, where it has asks.
    pub ask_words: &'a HashMap<i64, f64>,
    /// For a Spanish question: its English gloss's cosine with each candidate's nearest English
    /// ask, and with the candidate's vector ([`Signals::gloss_ask`], [`Signals::gloss_cosine`]).
    pub gloss_ask: &'a HashMap<i64, f32>,
    pub gloss_cosine: &'a HashMap<i64, f32>,
    /// For a Spanish question: the BM25 score of each candidate's best English ask for the gloss's words.
    pub gloss_words: &'a HashMap<i64, f64>,
}

/// A BM25 score (higher is better) over the best one, in `0..=1`; 0 for no text match.
fn relative_bm25(bm25: Option<f64>, best: f64) -> f64 {
    match bm25 {
        Some(b) if best > 0.0 => (b / best).clamp(0.0, 1.0),
        _ => 0.0,
    }
}

/// The indexes of the `n` sections of `found` strongest by meaning and words alone, before the
/// graph and the priors have a say.
pub fn strongest(found: &[(NodeRecord, Option<f64>, Option<f32>)], n: usize) -> Vec<usize> {
    let best_bm25 = found.iter().filter_map(|(_, b, _)| *b).fold(0.0_f64, f64::max);
    let best_cosine = found.iter().filter_map(|(_, _, c)| *c).reduce(f32::max);
    let strength = |bm25: Option<f64>, cosine: Option<f32>| {
        let meaning = match (cosine, best_cosine) {
            (Some(c), Some(best)) if best > 0.0 => f64::from(c / best),
            _ => 0.0,
        };
        0.6 * meaning + 0.4 * relative_bm25(bm25, best_bm25)
    };
    let mut order: Vec<usize> = (0..found.len()).filter(|&i| is_answer_kind(&found[i].0.node_type)).collect();
    order.sort_by(|&a, &b| strength(found[b].1, found[b].2).total_cmp(&strength(found[a].1, found[a].2)));
    order.truncate(n);
    order
}

/// Whether nodes `a` and `b` share a parent (chapter or article) or one cites the other.
fn linked(parent: &HashMap<i64, i64>, cites: &HashSet<(i64, i64)>, a: i64, b: i64) -> bool {
    parent.get(&a).is_some_and(|p| parent.get(&b) == Some(p)) || cites.contains(&(a, b)) || cites.contains(&(b, a))
}

/// The candidates' signals, in the order found.
pub fn signals(evidence: Evidence<'_>) -> Ranking {
    let Evidence {
        question,
        found,
        parent,
        cites,
        heading_cosine,
        passage_cosine,
        ask_cosine,
        ask_second,
        ask_words,
        gloss_ask,
        gloss_cosine,
        gloss_words,
    } = evidence;
    let best_bm25 = found.iter().filter_map(|(_, b, _)| *b).fold(0.0_f64, f64::max);
    let best_cosine = found.iter().filter_map(|(_, _, c)| *c).reduce(f32::max);
    let strong: Vec<(i64, String)> =
        strongest(&found, STRONG_HITS).into_iter().map(|i| (found[i].0.id, found[i].0.source_id.clone())).collect();
    let best_heading_cosine = heading_cosine.values().copied().reduce(f32::max);
    let best_passage_cosine = passage_cosine.values().copied().reduce(f32::max);
    let best_ask_cosine = ask_cosine.values().copied().reduce(f32::max);
    let best_ask_second = ask_second.values().copied().reduce(f32::max);
    let best_ask_words = ask_words.values().copied().fold(0.0_f64, f64::max);
    let best_gloss_ask = gloss_ask.values().copied().reduce(f32::max);
    let best_gloss_cosine = gloss_cosine.values().copied().reduce(f32::max);
    let best_gloss_words = gloss_words.values().copied().fold(0.0_f64, f64::max);
    let linked = |a: i64, b: i64| a != b && linked(&parent, &cites, a, b);
    let mut only_for = HashMap::new();

    let candidates = found
        .into_iter()
        .map(|(node, bm25, cosine)| {
            let links = strong.iter().filter(|(id, _)| linked(node.id, *id)).count().min(3);
            let answer = is_answer_kind(&node.node_type);
            // Applies only in a situation the question does not speak of.
            let elsewhere = proseva_citation::situation::of_section(&node.source_id, node.heading.as_deref().unwrap_or_default())
                .map(|s| s.label)
                .filter(|label| answer && !question.situations.contains(label));
            if let Some(label) = elsewhere {
                only_for.insert(node.id, label);
            }
            let kind = answer
                && ((question.rights && node.node_type == "constitution_section")
                    || (question.time_limit && node.source_text.as_deref().is_some_and(states_time_limit))
                    || (question.remedy && gives_remedy(&node)));
            let signals = Signals {
                cosine,
                words: relative_bm25(bm25, best_bm25),
                heading: heading_match(&node, question),
                heading_cosine: heading_cosine.get(&node.id).copied(),
                passage_cosine: passage_cosine.get(&node.id).copied(),
                ask_cosine: ask_cosine.get(&node.id).copied(),
                ask_second: ask_second.get(&node.id).copied(),
                ask_words: relative_bm25(ask_words.get(&node.id).copied(), best_ask_words),
                gloss_ask: gloss_ask.get(&node.id).copied(),
                gloss_cosine: gloss_cosine.get(&node.id).copied(),
                gloss_words: relative_bm25(gloss_words.get(&node.id).copied(), best_gloss_words),
                graph: links as f64 / 3.0,
                kind,
                general: answer && states_general_rule(&node),
                inserted: inserted_after(&node.source_id).is_some_and(|base| strong.iter().any(|(_, s)| s == base)),
                narrow: (!question.age && limited_by_age(&node)) || elsewhere.is_some(),
                front_matter: answer && !question.definition && is_front_matter(&node),
                repealed: !question.repeal && is_repealed(&node),
                structural: !answer,
            };
            Candidate { node, signals }
        })
        .collect();
    Ranking {
        named: Vec::new(),
        candidates,
        best_cosine,
        best_heading_cosine,
        best_passage_cosine,
        best_ask_cosine,
        best_ask_second,
        best_gloss_ask,
        best_gloss_cosine,
        scores: HashMap::new(),
        parent,
        cites,
        only_for,
        spanish: false,
    }
}

#[cfg(test)]
mod tests;
