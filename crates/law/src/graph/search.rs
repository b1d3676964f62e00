//! Search over the graph: a section-number prefix looked up, an exact citation first, then full-text
//! matches by words and the nodes nearest the question by meaning, blended by [`crate::rank`];
//! and the nodes most like a node.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use proseva_citation::{citation_in_query, find_citations, parse_section_number};
use rusqlite::params;

use super::{Graph, NodePage, SearchRanking};
use crate::Error;
use crate::asks::{Ask, AskIndex};
use crate::rank::{self, Evidence, Question, Ranking, Weights};
use crate::store::{NODE_COLUMNS, NodeRecord, node_from_row};
use crate::words::{Found, Match};

/// A question's vector (when it could be embedded) and the nodes nearest it with their cosines.
type QueryHits = (Option<Vec<f32>>, Vec<(i64, f32)>);
/// Each node's parent, and the `cites` edges between nodes.
type Links = (HashMap<i64, i64>, HashSet<(i64, i64)>);
/// Cosines by node id: of the question with each heading, and with each node's best passage.
type LeadCosines = (HashMap<i64, f32>, HashMap<i64, f32>);

/// How many candidates each ranking (by words, by meaning) contributes to a search.
const FUSION_CANDIDATES: usize = 100;
/// How many sections the nearest asks add to a search's candidates.
const ASK_CANDIDATES: usize = 30;
/// How many of the strongest candidates' headings are compared with the question by meaning.
const HEADING_CANDIDATES: usize = 12;
/// Heading vectors kept between searches (384 floats each: 5,000 take 7.7 MB).
const MAX_HEADING_VECTORS: usize = 5_000;
/// Nodes whose passage vectors are kept between searches (at most [`MAX_PASSAGES`] each).
const MAX_PASSAGE_NODES: usize = 2_000;
/// Passages of a node compared with a question, and the shortest that counts as one.
const MAX_PASSAGES: usize = 8;
const MIN_PASSAGE_CHARS: usize = 40;

/// The paragraphs of a node's plain-language text (its summary, else its text), the first
/// [`MAX_PASSAGES`] long enough to say something.
fn passages(n: &NodeRecord) -> Vec<&str> {
    let text = n.summary.as_deref().or(n.source_text.as_deref()).unwrap_or_default();
    text.lines().map(str::trim).filter(|p| p.len() >= MIN_PASSAGE_CHARS).take(MAX_PASSAGES).collect()
}
/// How many sections a section-number prefix (`20-124`) names at most.
const MAX_NAMED: usize = 100;
/// Below this cosine a node is not a meaning-based match (all-MiniLM-L6-v2 scores unrelated
/// sentences around 0.05–0.15 and paraphrases above 0.35).
const MIN_SIMILARITY: f32 = 0.25;

/// Adds to `semantic` the sections whose asks in `asks` are nearest `vector` (above
/// [`MIN_SIMILARITY`]) and best match `terms` by words, each once.
fn add_ask_candidates(semantic: &mut Vec<(i64, f32)>, asks: &AskIndex, vector: Option<&[f32]>, terms: &[String]) {
    let by_meaning = vector.map(|v| asks.nearest_nodes(v, ASK_CANDIDATES)).unwrap_or_default();
    let by_words = asks.nodes_by_words(terms, ASK_CANDIDATES).into_iter().map(|(id, _)| (id, 0.0));
    for (id, cosine) in by_meaning.into_iter().filter(|(_, c)| *c >= MIN_SIMILARITY).chain(by_words) {
        if !semantic.iter().any(|(s, _)| *s == id) {
            semantic.push((id, cosine));
        }
    }
}

/// The meaningful words of a plain-language search, lower-cased and de-duplicated, then the Code's
/// words for its everyday phrases ([`crate::lay_terms`]); citations are left out (they are looked
/// up exactly, and their digits would only add noise).
pub fn query_terms(search: &str) -> Vec<String> {
    let mut text = search.to_string();
    for c in find_citations(search).into_iter().rev() {
        text.replace_range(c.start..c.end, " ");
    }
    let mut terms: Vec<String> = Vec::new();
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let word = word.to_lowercase();
        if word.is_empty() || crate::stopwords::is_stop_or_filler(&word) || (word.len() < 2 && !word.chars().all(|c| c.is_ascii_digit())) {
            continue;
        }
        if !terms.contains(&word) {
            terms.push(word);
        }
    }
    // The Code's own words for everyday phrases ("without a will" → intestate, descent).
    for term in crate::lay_terms::legal_terms(&text) {
        if !terms.iter().any(|t| t == term) {
            terms.push(term.to_string());
        }
    }
    terms
}

/// The section number, or start of one, that a query is and nothing else (`20-124`, `§ 2.2-37`,
/// `8.9A-1`, `63.2-1509:`): a title as the Code writes it (`20`, `8.01`, `8.9A`), a hyphen, then
/// digits, dots and colons. Such a query is looked up by prefix, not searched by its words.
fn section_prefix(search: &str) -> Option<&str> {
    let s = search.trim().trim_start_matches('§').trim();
    let (title, section) = s.split_once('-')?;
    let number = |n: &str| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit());
    let title = title.strip_suffix(|c: char| c.is_ascii_uppercase()).unwrap_or(title);
    let title_ok = title.split_once('.').map_or(number(title), |(whole, part)| number(whole) && number(part));
    let section_ok = section.bytes().all(|c| c.is_ascii_digit() || matches!(c, b'.' | b':'));
    // A whole number must end where the query does, or in the colon of a longer one (`63.2-1509:`);
    // `20-124.3.` ends a sentence and is a word search, with § 20-124.3 first.
    let whole = parse_section_number(s).is_none_or(|(_, len)| matches!(&s[len..], "" | ":"));
    (title_ok && section_ok && whole).then_some(s)
}

impl Graph {
    /// The question's vector and the nodes whose vectors are nearest it, best first, above
    /// [`MIN_SIMILARITY`]; no vector when no model is loaded.
    fn semantic_candidates(&self, search: &str) -> Result<QueryHits, Error> {
        let Some(embedder) = self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).clone() else {
            return Ok((None, Vec::new()));
        };
        self.last_question_ms.store(self.opened.elapsed().as_millis().max(1) as u64, std::sync::atomic::Ordering::Relaxed);
        let Some(query) = embedder.embed(&[search])?.pop().filter(|q| q.len() == self.vectors().dimension()) else {
            return Ok((None, Vec::new()));
        };
        let mut hits = self.vectors().nearest(&query, FUSION_CANDIDATES, None);
        hits.retain(|(_, score)| *score >= MIN_SIMILARITY);
        Ok((Some(query), hits))
    }

    /// The vector of `text` (a Spanish question's English gloss), when a model is loaded.
    fn embed_question(&self, text: &str) -> Result<Option<Vec<f32>>, Error> {
        let Some(embedder) = self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).clone() else {
            return Ok(None);
        };
        Ok(embedder.embed(&[text])?.pop().filter(|q| q.len() == self.vectors().dimension()))
    }

    /// Lists nodes, optionally of one type, optionally matching `search`.
    ///
    /// A search that is only a section number or the start of one (`20-124`, `§ 2.2-37`) is a lookup:
    /// the sections whose number starts with it, the exact section first, and `total` is how many.
    /// Any other search: the node an exact citation in it names comes first (`custody 20-124.3`),
    /// then full-text matches over heading and text ranked by BM25 (headings weigh more), blended by
    /// reciprocal rank with the nodes nearest the query by meaning when a query embedder is set.
    pub fn nodes(&self, node_type: Option<&str>, search: Option<&str>, limit: usize, offset: usize) -> Result<NodePage, Error> {
        self.search(node_type, search, limit, offset, true)
    }

    /// [`Graph::nodes`], choosing whether a search may blend in meaning-based matches (when the model is loaded).
    pub fn search(
        &self,
        node_type: Option<&str>,
        search: Option<&str>,
        limit: usize,
        offset: usize,
        semantic: bool,
    ) -> Result<NodePage, Error> {
        let search = search.map(str::trim).filter(|s| !s.is_empty());
        let Some(search) = search else {
            return self.pool.with(|c| {
                let total: i64 = c
                    .prepare_cached("SELECT count(*) FROM nodes WHERE ?1 IS NULL OR node_type = ?1")?
                    .query_row([node_type], |r| r.get(0))?;
                let mut stmt = c.prepare_cached(&format!(
                    "SELECT {NODE_COLUMNS} FROM nodes WHERE ?1 IS NULL OR node_type = ?1 ORDER BY id LIMIT ?2 OFFSET ?3"
                ))?;
                let nodes = stmt
                    .query_map(params![node_type, limit as i64, offset as i64], node_from_row)?
                    .map(|n| n.map(|n| self.current(n)))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(NodePage { nodes, total, fit: Vec::new(), clear_lead: false, beyond: None })
            });
        };
        let ranking = self.ranking(node_type, search, semantic, offset + limit)?;
        let total = ranking.total;
        let (fit, clear_lead) = ranking.ranking.fit();
        let beyond = match ranking.ranking.named.is_empty() {
            true => crate::scope::beyond(search, ranking.ranking.best_ask_cosine),
            false => None,
        };
        let fit = fit.into_iter().skip(offset).take(limit).collect();
        let nodes = ranking.ranking.into_nodes().into_iter().skip(offset).take(limit).collect();
        Ok(NodePage { nodes, total, fit, clear_lead, beyond })
    }

    /// Everything a search finds for `search`, ordered: the nodes an exact citation or a
    /// section-number prefix names, then the best matches by words and by meaning (when `semantic`
    /// and the model is loaded) ordered by [`rank`](crate::rank)'s blend of their signals. At least
    /// `depth` text matches (or prefix matches) are listed (100 when fewer are asked for), so any
    /// page up to it is whole. A query that is only a section-number prefix names its sections and
    /// matches nothing by words or meaning.
    pub fn ranking(&self, node_type: Option<&str>, search: &str, semantic: bool, depth: usize) -> Result<SearchRanking, Error> {
        let mut found = self.candidates(node_type, search, semantic, depth)?;
        let weights = Weights::for_question(found.ranking.spanish, found.ranking.best_cosine.is_some());
        found.ranking.order(&weights);
        Ok(found)
    }

    /// The words the graph's nodes use in their headings and plain-language summaries, and the
    /// words of the asks: the words a person's question is put right to (the statute's own wording,
    /// tens of megabytes for the whole Code, would make the first search slow and offer rare words
    /// as corrections), read once.
    pub fn vocabulary(&self) -> Result<&crate::spelling::Vocabulary, Error> {
        if let Some(v) = self.vocabulary.get() {
            return Ok(v);
        }
        let built = self.pool.with(|c| {
            let mut stmt = c.prepare(
                "SELECT coalesce(heading, '') || ' ' || CASE WHEN text_kind = 'summary' THEN coalesce(source_text, '') ELSE '' END
                        || ' ' || coalesce(summary, '') FROM nodes",
            )?;
            let texts = stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<Result<Vec<String>, _>>()?;
            // The asks hold the everyday words people type ("pills", "blow"), which a question's
            // words must not be "corrected" away from.
            let asks = crate::starter::asks()?.iter().map(|a| a.text.as_str());
            Ok(crate::spelling::Vocabulary::from_texts(texts.iter().map(String::as_str).chain(asks)))
        })?;
        Ok(self.vocabulary.get_or_init(|| built))
    }

    /// What [`Graph::ranking`] orders: every candidate with its signals, in the order found.
    pub fn candidates(&self, node_type: Option<&str>, search: &str, semantic: bool, depth: usize) -> Result<SearchRanking, Error> {
        let search = search.trim();
        if let Some(prefix) = section_prefix(search) {
            return self.section_lookup(node_type, search, prefix, depth);
        }
        // A question in Spanish is read by the Spanish analyser and met by the Spanish asks.
        let spanish = crate::spanish::is_spanish(search);
        // Misspelled words read as the words the graph uses ("cusotdy" → custody), for words and
        // meaning; the graph's words are English, so a Spanish question is left as typed.
        let corrected = if spanish { search.to_string() } else { self.vocabulary()?.correct_text(search).0 };
        let search = corrected.as_str();
        let type_ok = |n: &NodeRecord| node_type.is_none_or(|t| t == n.node_type);

        let mut named: Vec<NodeRecord> = Vec::new();
        if let Some(source_id) = citation_in_query(search)
            && let Some(n) = self.node_by_source_id(&source_id)?.filter(type_ok)
        {
            named.push(n);
        }

        // A question that cannot be embedded (a remote model down, still loading) is searched by
        // its words alone rather than failing.
        let (query_vector, mut semantic) = if semantic {
            self.semantic_candidates(search).unwrap_or_else(|e| {
                tracing::warn!("searching by words only for this question: {e}");
                (None, Vec::new())
            })
        } else {
            (None, Vec::new())
        };
        // The sections whose asks are nearest the question, by meaning and by words, are candidates too.
        let asks = self.ask_index(query_vector.is_some(), spanish).unwrap_or_else(|e| {
            tracing::warn!("searching without the asks: {e}");
            None
        });
        let ask_terms = if spanish { AskIndex::question_terms_es(search) } else { AskIndex::question_terms(search) };
        if let Some(asks) = &asks {
            add_ask_candidates(&mut semantic, asks, query_vector.as_deref(), &ask_terms);
        }
        // A Spanish question said in rough English ([`crate::spanish::gloss`]), beside the English
        // asks by meaning and by words, and the sections by meaning.
        let gloss = if spanish { crate::spanish::gloss(search) } else { String::new() };
        let gloss_vector = match (&query_vector, gloss.is_empty()) {
            (Some(_), false) => self.embed_question(&gloss).unwrap_or_else(|e| {
                tracing::warn!("searching without the English gloss: {e}");
                None
            }),
            _ => None,
        };
        let english_asks = match gloss.is_empty() {
            false => self.ask_index(gloss_vector.is_some(), false).unwrap_or_else(|e| {
                tracing::warn!("searching without the English asks: {e}");
                None
            }),
            true => None,
        };
        let gloss_terms = AskIndex::question_terms(&gloss);
        if let Some(english) = &english_asks {
            add_ask_candidates(&mut semantic, english, gloss_vector.as_deref(), &gloss_terms);
        }
        let terms = if spanish { crate::spanish::query_terms(search) } else { query_terms(search) };
        let words = self.word_query(&terms);
        let text = match &words {
            None => Found::default(),
            Some((stems, how)) => self.words.search(stems, *how, node_type, depth.max(FUSION_CANDIDATES))?,
        };
        let mut by_id: HashMap<i64, NodeRecord> =
            self.nodes_by_ids(&text.hits.iter().map(|(id, _)| *id).collect::<Vec<_>>())?.into_iter().map(|n| (n.id, n)).collect();
        let bm25: Vec<(NodeRecord, f64)> = text.hits.iter().filter_map(|(id, score)| by_id.remove(id).map(|n| (n, *score))).collect();
        let text_total = text.total as i64;

        let cosine = |id: i64| query_vector.as_deref().and_then(|q| self.vectors().cosine(q, id));
        let mut found: Vec<(NodeRecord, Option<f64>, Option<f32>)> = bm25
            .into_iter()
            .map(|(n, score)| {
                let c = cosine(n.id);
                (n, Some(score), c)
            })
            .collect();
        let meaning_only: Vec<i64> = semantic.iter().map(|(id, _)| *id).filter(|id| !found.iter().any(|(n, _, _)| n.id == *id)).collect();
        let extra: Vec<NodeRecord> = self.nodes_by_ids(&meaning_only)?.into_iter().filter(type_ok).collect();
        let mut total = text_total;
        // A meaning-based match that the text search also matched (beyond the page fetched) is already in its total.
        if let (Some((stems, how)), false) = (&words, extra.is_empty()) {
            let ids: Vec<i64> = extra.iter().map(|n| n.id).collect();
            total -= self.words.count_among(stems, *how, &ids)? as i64;
        }
        total += extra.len() as i64;
        found.extend(extra.into_iter().map(|n| {
            let c = cosine(n.id);
            (n, None, c)
        }));
        total += named.iter().filter(|f| !found.iter().any(|(n, _, _)| n.id == f.id)).count() as i64;

        let ids: Vec<i64> = found.iter().map(|(n, _, _)| n.id).collect();
        let nearest_asks: HashMap<i64, (f32, Option<f32>)> = match (&query_vector, &asks) {
            (Some(query), Some(asks)) => ids.iter().filter_map(|&id| asks.nearest_two(query, id).map(|c| (id, c))).collect(),
            _ => HashMap::new(),
        };
        let ask_cosine: HashMap<i64, f32> = nearest_asks.iter().map(|(&id, &(best, _))| (id, best)).collect();
        let ask_second: HashMap<i64, f32> = nearest_asks.iter().filter_map(|(&id, &(_, second))| Some((id, second?))).collect();
        let ask_words: HashMap<i64, f64> = match &asks {
            Some(asks) => ids.iter().filter_map(|&id| asks.words(&ask_terms, id).map(|s| (id, s))).collect(),
            None => HashMap::new(),
        };
        let gloss_ask: HashMap<i64, f32> = match (&gloss_vector, &english_asks) {
            (Some(gloss), Some(english)) => ids.iter().filter_map(|&id| english.best(gloss, id).map(|c| (id, c))).collect(),
            _ => HashMap::new(),
        };
        let gloss_cosine: HashMap<i64, f32> = match &gloss_vector {
            Some(gloss) => ids.iter().filter_map(|&id| self.vectors().cosine(gloss, id).map(|c| (id, c))).collect(),
            None => HashMap::new(),
        };
        let gloss_words: HashMap<i64, f64> = match &english_asks {
            Some(english) => ids.iter().filter_map(|&id| english.words(&gloss_terms, id).map(|s| (id, s))).collect(),
            None => HashMap::new(),
        };
        let (parent, cites) = self.links_among(&ids)?;
        let question = if spanish { crate::spanish::question(search, &terms) } else { Question::read(search, &terms) };
        let (heading_cosine, passage_cosine) = match &query_vector {
            Some(query) => self.strongest_cosines(query, &found)?,
            None => (HashMap::new(), HashMap::new()),
        };
        // A popular name (an act's name) that is the whole search names it, as a citation would.
        let wanted = search.trim().trim_end_matches(['.', '?']).to_lowercase();
        for (n, _, _) in &found {
            if n.node_type == "popular_name"
                && n.heading.as_deref().is_some_and(|h| h.trim().to_lowercase() == wanted)
                && !named.iter().any(|m| m.id == n.id)
            {
                named.push(n.clone());
            }
        }
        let mut ranking = rank::signals(Evidence {
            question: &question,
            found,
            parent,
            cites,
            heading_cosine: &heading_cosine,
            passage_cosine: &passage_cosine,
            ask_cosine: &ask_cosine,
            ask_second: &ask_second,
            ask_words: &ask_words,
            gloss_ask: &gloss_ask,
            gloss_cosine: &gloss_cosine,
            gloss_words: &gloss_words,
        });
        ranking.named = named;
        ranking.spanish = spanish;
        Ok(SearchRanking { ranking, total })
    }

    /// A search that is only a section number or the start of one (`20-124`, `§ 2.2-37`): the sections
    /// whose number starts with it, shortest number first (so the exact section, when there is one,
    /// leads), at least `depth` of them (100 when fewer are asked for), and how many there are in all.
    /// No words and no meanings: the digits of a number match unrelated text.
    fn section_lookup(&self, node_type: Option<&str>, search: &str, prefix: &str, depth: usize) -> Result<SearchRanking, Error> {
        let mut named: Vec<NodeRecord> = Vec::new();
        if let Some(source_id) = citation_in_query(search)
            && let Some(n) = self.node_by_source_id(&source_id)?.filter(|n| node_type.is_none_or(|t| t == n.node_type))
        {
            named.push(n);
        }
        // `source_id` is UNIQUE, so both queries are a range scan of its index.
        let (by_prefix, mut total) = self.pool.with(|c| {
            let total: i64 = c
                .prepare_cached(
                    "SELECT count(*) FROM nodes WHERE source_id >= ?1 AND source_id < ?1 || x'7f' AND (?2 IS NULL OR node_type = ?2)",
                )?
                .query_row(params![prefix, node_type], |r| r.get(0))?;
            let mut stmt = c.prepare_cached(&format!(
                "SELECT {NODE_COLUMNS} FROM nodes WHERE source_id >= ?1 AND source_id < ?1 || x'7f' AND (?2 IS NULL OR node_type = ?2)
                 ORDER BY length(source_id), source_id LIMIT ?3"
            ))?;
            let rows = stmt.query_map(params![prefix, node_type, depth.max(MAX_NAMED) as i64], node_from_row)?;
            Ok((rows.map(|n| n.map(|n| self.current(n))).collect::<Result<Vec<_>, _>>()?, total))
        })?;
        // The cited section is one of the prefix matches unless its number was spelled otherwise.
        total += named.iter().filter(|n| !n.source_id.starts_with(prefix)).count() as i64;
        for n in by_prefix {
            if !named.iter().any(|f| f.id == n.id) {
                named.push(n);
            }
        }
        Ok(SearchRanking { ranking: Ranking { named, ..Ranking::default() }, total })
    }

    /// For the strongest candidates: the cosine of `query` with each one's heading alone, and its
    /// best cosine with a passage (a paragraph) of its plain-language text — a question about one
    /// point of a long section meets the paragraph that makes it, where the whole text's vector
    /// blurs it. Headings and passages are embedded once and kept.
    fn strongest_cosines(&self, query: &[f32], found: &[(NodeRecord, Option<f64>, Option<f32>)]) -> Result<LeadCosines, Error> {
        let Some(embedder) = self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).clone() else {
            return Ok(LeadCosines::default());
        };
        let strongest: Vec<&NodeRecord> = rank::strongest(found, HEADING_CANDIDATES).into_iter().map(|i| &found[i].0).collect();

        let missing: Vec<&NodeRecord> = {
            let known = self.heading_vectors.lock().unwrap_or_else(|e| e.into_inner());
            strongest.iter().copied().filter(|n| !known.contains_key(&n.id) && n.heading.is_some()).collect()
        };
        if !missing.is_empty() {
            let texts: Vec<&str> = missing.iter().map(|n| n.heading.as_deref().unwrap_or_default()).collect();
            let vectors = embedder.embed(&texts)?;
            let mut known = self.heading_vectors.lock().unwrap_or_else(|e| e.into_inner());
            if known.len() + missing.len() > MAX_HEADING_VECTORS {
                known.clear();
            }
            for (n, v) in missing.iter().zip(vectors) {
                known.insert(n.id, v);
            }
        }

        // Each node's passages in a pass of their own: the embedder's arithmetic depends on how
        // many tokens a pass holds, and these vectors are what the ranking was measured with.
        for n in &strongest {
            if self.passage_vectors.lock().unwrap_or_else(|e| e.into_inner()).contains_key(&n.id) {
                continue;
            }
            let texts = passages(n);
            let vectors = if texts.is_empty() { Vec::new() } else { embedder.embed(&texts)? };
            let mut known = self.passage_vectors.lock().unwrap_or_else(|e| e.into_inner());
            if known.len() >= MAX_PASSAGE_NODES {
                known.clear();
            }
            known.insert(n.id, vectors);
        }

        let cosine = |v: &Vec<f32>| proseva_embed::dot(query, v);
        let headings = self.heading_vectors.lock().unwrap_or_else(|e| e.into_inner());
        let heading = strongest.iter().filter_map(|n| headings.get(&n.id).map(|v| (n.id, cosine(v)))).collect();
        let known = self.passage_vectors.lock().unwrap_or_else(|e| e.into_inner());
        let passage = strongest
            .iter()
            .filter_map(|n| known.get(&n.id).and_then(|vs| vs.iter().map(cosine).reduce(f32::max)).map(|best| (n.id, best)))
            .collect();
        Ok((heading, passage))
    }

    /// The asks of this graph's sections (in Spanish when `spanish`), made on first use: with their
    /// vectors when a model is loaded and `with_vectors` (from the vectors shipped with the starter
    /// corpus where the model is the same, the rest embedded now), else for their words alone.
    fn ask_index(&self, with_vectors: bool, spanish: bool) -> Result<Option<Arc<AskIndex>>, Error> {
        let embedder = self.query_embedder.read().unwrap_or_else(|e| e.into_inner()).clone().filter(|_| with_vectors);
        // Held while the index is made, so that searches at the same time wait for one making.
        let mut slot = if spanish { &self.asks_es } else { &self.asks }.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((index, vectors)) = slot.as_ref()
            && (*vectors || embedder.is_none())
        {
            return Ok(Some(index.clone()));
        }
        // A section takes the starter's asks only where it is the section they were written for:
        // its catchline reads like the starter's (a graph of other text under the same numbers,
        // or a section renumbered since, does not).
        let catchlines = crate::starter::catchlines()?;
        let nodes: HashMap<String, i64> = self.pool.with(|c| {
            let mut stmt = c.prepare("SELECT source_id, id, heading FROM nodes WHERE node_type LIKE '%section'")?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, Option<String>>(2)?)))?;
            let mut nodes = HashMap::new();
            for row in rows {
                let (source_id, id, heading) = row?;
                if catchlines.get(&source_id).is_some_and(|c| crate::asks::same_catchline(c, heading.as_deref().unwrap_or_default())) {
                    nodes.insert(source_id, id);
                }
            }
            Ok(nodes)
        })?;
        let all = if spanish { crate::starter::asks_es()? } else { crate::starter::asks()? };
        let asks: Vec<Ask> = all.iter().filter(|a| nodes.contains_key(&a.section)).cloned().collect();
        let texts: Vec<&str> = asks.iter().map(|a| a.text.as_str()).collect();
        let vectors = match &embedder {
            Some(embedder) => crate::asks::vectors(embedder.as_ref(), &texts, crate::starter::vector_cache()?.as_ref())?,
            None => Vec::new(),
        };
        let index = Arc::new(if spanish {
            AskIndex::with_analyser(&asks, &vectors, &nodes, self.vectors().dimension(), crate::spanish::terms)
        } else {
            AskIndex::new(&asks, &vectors, &nodes, self.vectors().dimension())
        });
        *slot = Some((index.clone(), embedder.is_some()));
        Ok(Some(index))
    }

    /// Each node's parent (its `contains` edge) and the `cites` edges between the nodes.
    fn links_among(&self, ids: &[i64]) -> Result<Links, Error> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        // The ids go in as one JSON array, so the two statements are prepared once and kept.
        let list = format!("[{}]", ids.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        self.pool.with(|c| {
            let tx = c.unchecked_transaction()?;
            let pairs = |sql: &str| -> Result<Vec<(i64, i64)>, Error> {
                let mut stmt = tx.prepare_cached(sql)?;
                let rows = stmt.query_map([&list], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
                Ok(rows.collect::<Result<_, _>>()?)
            };
            let parent: HashMap<i64, i64> =
                pairs("SELECT from_id, to_id FROM edges WHERE to_id IN (SELECT value FROM json_each(?1)) AND rel_type = 'contains'")?
                    .into_iter()
                    .map(|(from, to)| (to, from))
                    .collect();
            let cites: HashSet<(i64, i64)> = pairs(
                "SELECT from_id, to_id FROM edges WHERE from_id IN (SELECT value FROM json_each(?1)) AND rel_type = 'cites'
                   AND to_id IN (SELECT value FROM json_each(?1))",
            )?
            .into_iter()
            .collect();
            tx.finish()?;
            Ok((parent, cites))
        })
    }

    /// The word index's terms for a search's [`query_terms`], and how they must match. Words found
    /// in more than one node in fifty (at least 500) say little about which node is meant but make
    /// BM25 score a large part of the corpus, so they are dropped when the query has rarer words; a
    /// query of only such words must match all of them. On a corpus of a few hundred nodes every
    /// word is kept. `None` when no word of the search is in the index.
    fn word_query(&self, terms: &[String]) -> Option<(Vec<String>, Match)> {
        let common_above = (self.stats.node_count / 50).max(500) as u64;
        let (mut selective, mut common) = (Vec::new(), Vec::new());
        for term in terms.iter().flat_map(|t| self.words.terms(t)) {
            if selective.contains(&term) || common.contains(&term) {
                continue;
            }
            match self.words.nodes_with(&term) {
                0 => {}
                n if n <= common_above => selective.push(term),
                _ => common.push(term),
            }
        }
        match (selective.is_empty(), common.is_empty()) {
            (false, _) => Some((selective, Match::Any)),
            (true, false) => Some((common, Match::All)),
            (true, true) => None,
        }
    }

    /// The nodes most like node `id` by vector, best first. An error if the node has no vector.
    pub fn similar(&self, id: i64, limit: usize) -> Result<Vec<(NodeRecord, f32)>, Error> {
        let hits = {
            let vectors = self.vectors();
            if vectors.is_empty() {
                return Err(Error::NoVectors);
            }
            vectors.similar_to(id, limit).ok_or(Error::NodeHasNoVector(id))?
        };
        // The hits' rows in one read transaction; a node gone since the vectors were loaded is left out.
        let mut rows: HashMap<i64, NodeRecord> =
            self.nodes_by_ids(&hits.iter().map(|(id, _)| *id).collect::<Vec<_>>())?.into_iter().map(|n| (n.id, n)).collect();
        Ok(hits.into_iter().filter_map(|(id, score)| rows.remove(&id).map(|n| (n, score))).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_questions_become_their_meaningful_words() {
        // "will" is kept: it may be the paper that leaves an estate.
        assert_eq!(query_terms("landlord will not return my deposit"), ["landlord", "will", "return", "deposit"]);
        assert_eq!(query_terms("What does Virginia Code say about FOIA?"), ["foia", "public", "records"]);
        assert!(query_terms("the of and").is_empty());
        assert_eq!(query_terms("§ 20-124.3 custody"), ["custody"]);
        // Query syntax in user input is only words.
        assert_eq!(query_terms("NEAR(ab cd) OR \"xy* ^zz"), ["near", "ab", "cd", "xy", "zz"]);
    }

    #[test]
    fn section_prefixes_are_recognised() {
        assert_eq!(section_prefix("20-124"), Some("20-124"));
        assert_eq!(section_prefix("§ 2.2-37"), Some("2.2-37"));
        assert_eq!(section_prefix("8.9A-1"), Some("8.9A-1"));
        assert_eq!(section_prefix("63.2-1509:"), Some("63.2-1509:"));
        assert_eq!(section_prefix("§20-"), Some("20-"));
        assert_eq!(section_prefix("custody 20-124"), None);
        assert_eq!(section_prefix("landlord"), None);
        // Words with a hyphen and numbers that end a sentence are searched by their words.
        assert_eq!(section_prefix("24-hour"), None);
        assert_eq!(section_prefix("401-k"), None);
        assert_eq!(section_prefix("COVID-19"), None);
        assert_eq!(section_prefix("20-124.3."), None);
        assert_eq!(section_prefix("8.9.1-2"), None);
    }
}
