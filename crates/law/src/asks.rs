//! Asks: questions a person might type whose answer is a given section ("landlord wont give my
//! deposit back" for the security-deposit section), compared with a person's question by meaning.
//!
//! People do not ask in the Code's words, and a sentence model scores a question against another
//! question far better than against a summary written in the law's terms. So each starter section
//! carries a handful of asks (`starter/asks/`, written by hand from the summaries by people who had
//! not seen the evaluation sets: document expansion, as doc2query does it by machine), and a
//! question's closeness to a section's nearest ask is one of the ranking's signals
//! ([`crate::rank::Signals::ask_cosine`]). Asks attach to sections by number, so a graph built from
//! the official text has them too.

use std::collections::HashMap;

use proseva_embed::Embedder;

use crate::Error;
use crate::vector_cache::VectorCache;
use crate::vectors::VectorIndex;

/// The vectors of `texts` (asks): from `cache` where it holds the text and comes from the same
/// model, the rest embedded by `embedder` in passes of as many texts as an ingest embeds at once —
/// as `--save-vectors` makes the shipped ones, so a vector is the same whichever way it came.
pub fn vectors(embedder: &dyn Embedder, texts: &[&str], cache: Option<&VectorCache>) -> Result<Vec<Option<Vec<f32>>>, Error> {
    let cache = cache.filter(|c| c.model == embedder.model_id() && c.dimension == embedder.dimension());
    let mut out: Vec<Option<Vec<f32>>> = texts.iter().map(|t| cache.and_then(|c| c.get(t)).map(<[f32]>::to_vec)).collect();
    let missing: Vec<usize> = (0..texts.len()).filter(|&i| out[i].is_none()).collect();
    for batch in missing.chunks(crate::ingest::EMBED_BATCH) {
        let batch_texts: Vec<&str> = batch.iter().map(|&i| texts[i]).collect();
        for (&i, vector) in batch.iter().zip(embedder.embed(&batch_texts)?) {
            out[i] = Some(vector);
        }
    }
    Ok(out)
}

/// One ask: the section it asks for (the graph's id: `55.1-1226`, `const-I-12`) and its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    pub section: String,
    pub text: String,
}

/// Whether two catchlines name the same section: at least half their words in common (a catchline
/// amended by a word or two still does; "Section 96" for "Grounds for divorce" does not).
pub fn same_catchline(a: &str, b: &str) -> bool {
    let words = |t: &str| -> std::collections::HashSet<String> {
        t.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    };
    let (a, b) = (words(a), words(b));
    !a.is_empty() && 2 * a.intersection(&b).count() >= a.len().max(b.len())
}

/// The asks' vectors, with the node each asks for.
#[derive(Debug, Default)]
pub struct AskIndex {
    /// Row `i` is ask `i`'s vector (ids are the rows).
    vectors: VectorIndex,
    /// The node each row asks for.
    node_of: Vec<i64>,
    /// The rows of each node.
    rows_of: HashMap<i64, Vec<usize>>,
    /// Each row's meaningful words, stemmed as the word index stems them, with their counts.
    terms: Vec<HashMap<String, u32>>,
    /// How many rows hold each word.
    rows_with: HashMap<String, u32>,
    /// The rows' mean length in meaningful words.
    mean_length: f64,
}

/// BM25's term-frequency saturation and length normalisation, at their usual values.
const K1: f64 = 1.2;
const B: f64 = 0.75;

/// The meaningful words of `text` (stop words and filler left out), stemmed.
fn meaningful_terms(text: &str) -> Vec<String> {
    let meaningful: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !crate::stopwords::is_stop_or_filler(&w.to_lowercase()))
        .collect();
    // One pass of the word index's analyser over them all, not one analyser per word.
    crate::words::terms(&meaningful.join(" "))
}

impl AskIndex {
    /// An index of `asks` whose section is one of `nodes` (the graph's ids of its sections, by
    /// source id), each with its vector where it has one (`vectors[i]` is `asks[i]`'s; without
    /// vectors, as when no model is loaded, the asks are matched by their words alone).
    pub fn new(asks: &[Ask], vectors: &[Option<Vec<f32>>], nodes: &HashMap<String, i64>, dimension: usize) -> Self {
        Self::with_analyser(asks, vectors, nodes, dimension, meaningful_terms)
    }

    /// [`AskIndex::new`] for asks in another language: `analyse` gives an ask's meaningful words as
    /// that language's question terms are read ([`crate::spanish::terms`] for Spanish).
    pub fn with_analyser(
        asks: &[Ask],
        vectors: &[Option<Vec<f32>>],
        nodes: &HashMap<String, i64>,
        dimension: usize,
        analyse: fn(&str) -> Vec<String>,
    ) -> Self {
        let mut index = AskIndex { vectors: VectorIndex::with_dimension(dimension), ..Default::default() };
        for (i, ask) in asks.iter().enumerate() {
            let Some(&node) = nodes.get(&ask.section) else { continue };
            let row = index.node_of.len();
            if let Some(vector) = vectors.get(i).and_then(Option::as_ref).filter(|v| v.len() == dimension) {
                index.vectors.push(row as i64, vector);
            }
            index.node_of.push(node);
            index.rows_of.entry(node).or_default().push(row);
            let mut counts: HashMap<String, u32> = HashMap::new();
            for term in analyse(&ask.text) {
                *counts.entry(term).or_default() += 1;
            }
            for term in counts.keys() {
                *index.rows_with.entry(term.clone()).or_default() += 1;
            }
            index.terms.push(counts);
        }
        let words: u32 = index.terms.iter().map(|t| t.values().sum::<u32>()).sum();
        index.mean_length = f64::from(words) / index.terms.len().max(1) as f64;
        index
    }

    /// How many asks the index holds.
    pub fn len(&self) -> usize {
        self.node_of.len()
    }

    pub fn is_empty(&self) -> bool {
        self.node_of.is_empty()
    }

    /// The `k` nodes whose nearest ask is nearest the unit-length `query`, each with that cosine,
    /// best first.
    pub fn nearest_nodes(&self, query: &[f32], k: usize) -> Vec<(i64, f32)> {
        let mut best: Vec<(i64, f32)> = Vec::new();
        // A node has a few asks each, so the nearest `k × 12` asks hold the `k` nearest nodes.
        for (row, cosine) in self.vectors.nearest(query, k.saturating_mul(12).max(k), None) {
            let node = self.node_of[row as usize];
            if !best.iter().any(|(n, _)| *n == node) {
                best.push((node, cosine));
                if best.len() == k {
                    break;
                }
            }
        }
        best
    }

    /// The meaningful words of a question as [`AskIndex::words`] and [`AskIndex::nodes_by_words`]
    /// take them.
    pub fn question_terms(text: &str) -> Vec<String> {
        let mut query = meaningful_terms(text);
        query.sort();
        query.dedup();
        query
    }

    /// [`AskIndex::question_terms`] of a Spanish question, as the Spanish asks' index reads them.
    pub fn question_terms_es(text: &str) -> Vec<String> {
        let mut query = crate::spanish::terms(text);
        query.sort();
        query.dedup();
        query
    }

    /// The `k` nodes whose best-matching ask scores highest by BM25 for the question's `terms`
    /// ([`AskIndex::question_terms`]), with that score, best first; only asks sharing a word.
    pub fn nodes_by_words(&self, terms: &[String], k: usize) -> Vec<(i64, f64)> {
        let mut best: HashMap<i64, f64> = HashMap::new();
        for row in 0..self.terms.len() {
            let score = self.bm25(terms, row);
            if score > 0.0 {
                let node = best.entry(self.node_of[row]).or_default();
                *node = node.max(score);
            }
        }
        let mut best: Vec<(i64, f64)> = best.into_iter().collect();
        best.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        best.truncate(k);
        best
    }

    /// The BM25 score of node `node`'s best-matching ask for the question's `terms`; `None` if it
    /// has no asks, 0 if none shares a meaningful word with the question.
    pub fn words(&self, terms: &[String], node: i64) -> Option<f64> {
        self.rows_of.get(&node)?.iter().map(|&row| self.bm25(terms, row)).reduce(f64::max)
    }

    /// Row `row`'s BM25 score for `terms`.
    fn bm25(&self, query: &[String], row: usize) -> f64 {
        let n = self.terms.len() as f64;
        let score = |row: usize| {
            let terms = &self.terms[row];
            let length = f64::from(terms.values().sum::<u32>());
            query
                .iter()
                .filter_map(|t| {
                    let tf = f64::from(*terms.get(t)?);
                    let df = f64::from(self.rows_with.get(t).copied().unwrap_or(0));
                    let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
                    Some(idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * length / self.mean_length.max(1.0))))
                })
                .sum::<f64>()
        };
        score(row)
    }

    /// The cosine of the unit-length `query` with node `node`'s nearest ask; `None` if it has none.
    pub fn best(&self, query: &[f32], node: i64) -> Option<f32> {
        self.nearest_two(query, node).map(|(best, _)| best)
    }

    /// The cosines of the unit-length `query` with node `node`'s nearest ask and its second
    /// nearest (`None` when it has one ask); `None` if it has none. A question that two of a
    /// section's asks come near is more likely its question than one a single ask happens to echo.
    pub fn nearest_two(&self, query: &[f32], node: i64) -> Option<(f32, Option<f32>)> {
        let mut cosines = self.rows_of.get(&node)?.iter().filter_map(|&row| self.vectors.cosine(query, row as i64));
        let mut top = (cosines.next()?, None::<f32>);
        for c in cosines {
            if c > top.0 {
                top = (c, Some(top.0));
            } else if top.1.is_none_or(|second| c > second) {
                top.1 = Some(c);
            }
        }
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(v: &[f32]) -> Vec<f32> {
        let mut v = v.to_vec();
        proseva_embed::normalize(&mut v);
        v
    }

    #[test]
    fn a_node_scores_by_its_nearest_ask_and_asks_for_missing_sections_are_left_out() {
        let ask = |section: &str, text: &str| Ask { section: section.into(), text: text.into() };
        let asks = [ask("a", "one"), ask("a", "two"), ask("b", "three"), ask("gone", "four"), ask("b", "no vector")];
        let vectors =
            [Some(unit(&[1.0, 0.0, 0.0])), Some(unit(&[0.0, 1.0, 0.0])), Some(unit(&[0.6, 0.8, 0.0])), Some(unit(&[0.0, 0.0, 1.0])), None];
        let nodes = HashMap::from([("a".to_string(), 10), ("b".to_string(), 20)]);
        let index = AskIndex::new(&asks, &vectors, &nodes, 3);
        assert_eq!(index.len(), 4, "an ask without a vector is still matched by its words");
        let query = unit(&[0.0, 1.0, 0.0]);
        assert!((index.best(&query, 10).unwrap() - 1.0).abs() < 0.02);
        assert!((index.best(&query, 20).unwrap() - 0.8).abs() < 0.02);
        assert_eq!(index.best(&query, 30), None);
        let (best, second) = index.nearest_two(&query, 10).unwrap();
        assert!((best - 1.0).abs() < 0.02 && second.is_some_and(|c| c.abs() < 0.02), "{best} {second:?}");
        assert_eq!(index.nearest_two(&query, 20).unwrap().1, None, "one ask with a vector: no second");
        let nearest: Vec<i64> = index.nearest_nodes(&query, 5).into_iter().map(|(n, _)| n).collect();
        assert_eq!(nearest, vec![10, 20], "each node once, nearest first");
        assert_eq!(index.nearest_nodes(&query, 1).len(), 1);
    }

    #[test]
    fn a_catchline_amended_by_a_word_is_the_same_section_and_another_is_not() {
        assert!(same_catchline(
            "Grounds for divorce from bond of matrimony",
            "Grounds for divorce from bond of matrimony; contents of decree"
        ));
        assert!(same_catchline("Protective orders", "protective orders."));
        assert!(!same_catchline("Grounds for divorce", "Section 96"));
        assert!(!same_catchline("", ""));
    }

    #[test]
    fn words_score_a_node_by_its_best_ask_and_rare_words_count_most() {
        let ask = |section: &str, text: &str| Ask { section: section.into(), text: text.into() };
        let asks = [
            ask("deposit", "landlord kept my security deposit"),
            ask("deposit", "when do i get my deposit back"),
            ask("repairs", "landlord will not fix the heat"),
            ask("entry", "can my landlord come in without telling me"),
        ];
        let nodes = HashMap::from([("deposit".to_string(), 1), ("repairs".to_string(), 2), ("entry".to_string(), 3)]);
        let index = AskIndex::new(&asks, &[], &nodes, 3);
        let terms = AskIndex::question_terms("My landlord is keeping the deposit!");
        let ranked: Vec<i64> = index.nodes_by_words(&terms, 10).into_iter().map(|(n, _)| n).collect();
        assert_eq!(ranked[0], 1, "the rare word (deposit) outweighs the common one (landlord): {ranked:?}");
        assert_eq!(ranked.len(), 3, "every ask sharing a word counts");
        assert!(index.words(&terms, 1).unwrap() > index.words(&terms, 2).unwrap());
        assert_eq!(index.words(&AskIndex::question_terms("the of and"), 1), Some(0.0), "stop words match nothing");
        assert_eq!(index.words(&terms, 9), None);
    }
}
