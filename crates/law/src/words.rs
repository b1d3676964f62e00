//! The word index: which nodes hold a question's words, ranked by BM25 — the first `k` found
//! without scoring every match (tantivy's block-max WAND), so a plain question of common legal
//! words over the whole Code costs about what a rare word does.
//!
//! It is built once with the graph ([`build`], called by the graph writer) and kept in the graph
//! file as the index's files (table `word_index`), so a graph and its index are swapped together by
//! one rename; [`WordIndex::load`] reads them into memory when the graph is opened.
//!
//! Each node is one document: `body` (heading, text and summary together, the heading
//! [`HEADING_WEIGHT`] times, as SQLite FTS5's column weights counted it before), `node_type` (to
//! keep one kind of node) and `id` (the node's id). A question's terms are all term queries on one
//! field, so the first `k` of a union come from block-max WAND and those of an intersection from
//! its block-max counterpart. Words are split on anything
//! not a letter or digit, lower-cased, folded to ASCII and stemmed (English Snowball, [`stem`]), the
//! way SQLite's `porter unicode61 remove_diacritics 2` read them before; [`terms`] reads any text so.
//! (The ranking's heading signal strips suffixes harder, [`crate::rank::stem`]: `spousal` meets
//! `spouses` there, which Snowball keeps apart, and the evaluation set scores it better.)

use std::path::{Path, PathBuf};

use tantivy::collector::{Count, TopDocs};
use tantivy::directory::{Directory, RamDirectory};
use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, Query, TermQuery, TermSetQuery};
use tantivy::schema::{FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RemoveLongFilter, SimpleTokenizer, TextAnalyzer, Token, TokenFilter, TokenStream, Tokenizer,
};
use tantivy::{Index, IndexReader, ReloadPolicy, Searcher, TantivyDocument, Term};

use crate::Error;

/// The analyzer's name in the index's schema.
const ANALYZER: &str = "law";
/// How many times a word of the heading counts (one of the text counts once): the heading names
/// what the section is about.
pub const HEADING_WEIGHT: usize = 4;
/// Memory the writer may fill before it writes a segment; a Code-sized graph fits in one.
const WRITER_MEMORY: usize = 200_000_000;

/// How a question's words must occur.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    /// A node holding any of them (BM25 ranks the nodes holding more, and rarer, of them first).
    Any,
    /// Only nodes holding every one.
    All,
}

/// One node to index.
#[derive(Debug, Clone, Copy)]
pub struct Doc<'a> {
    pub id: i64,
    pub node_type: &'a str,
    pub heading: Option<&'a str>,
    pub text: Option<&'a str>,
    pub summary: Option<&'a str>,
}

/// The first nodes a search finds, best first, with their BM25 scores (higher is better), and how
/// many it matches in all.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Found {
    pub hits: Vec<(i64, f64)>,
    pub total: usize,
}

#[derive(Debug, Clone, Copy)]
struct Fields {
    body: Field,
    node_type: Field,
    id: Field,
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    // Frequencies but no positions: questions are bags of words, never phrases.
    let text = TextOptions::default()
        .set_indexing_options(TextFieldIndexing::default().set_tokenizer(ANALYZER).set_index_option(IndexRecordOption::WithFreqs));
    let body = builder.add_text_field("body", text);
    let node_type = builder.add_text_field("node_type", STRING);
    let id = builder.add_u64_field("id", INDEXED | FAST);
    (builder.build(), Fields { body, node_type, id })
}

fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(EnglishStemmer)
        .build()
}

/// `word` (lower-cased) reduced to its English Snowball stem ("Porter2": `deposits` → `deposit`,
/// `expungement` and `expunged` → `expung`), as the index holds it.
///
/// The stemmer is frostem's English algorithm alone: tantivy's own stemmer filter would compile
/// every language it offers into the build for this one.
pub fn stem(word: &str) -> String {
    frostem::Stemmer::new(frostem::Algorithm::English).stem(word).into_owned()
}

/// The words of `text` as the index holds them: split on anything not a letter or digit, words
/// over 40 bytes dropped, lower-cased, folded to ASCII and stemmed ([`stem`]).
pub fn terms(text: &str) -> Vec<String> {
    let mut analyzer = analyzer();
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// The analyzer's last step: each token replaced by its [`stem`].
#[derive(Debug, Clone, Copy)]
struct EnglishStemmer;

/// [`EnglishStemmer`] over the tokens of `T`.
#[derive(Debug, Clone)]
struct Stemmed<T>(T);

/// The token stream of [`Stemmed`].
struct StemmedStream<S>(S);

impl TokenFilter for EnglishStemmer {
    type Tokenizer<T: Tokenizer> = Stemmed<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> Stemmed<T> {
        Stemmed(tokenizer)
    }
}

impl<T: Tokenizer> Tokenizer for Stemmed<T> {
    type TokenStream<'a> = StemmedStream<T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        StemmedStream(self.0.token_stream(text))
    }
}

impl<S: TokenStream> TokenStream for StemmedStream<S> {
    fn advance(&mut self) -> bool {
        if !self.0.advance() {
            return false;
        }
        let token = self.0.token_mut();
        let stemmed = stem(&token.text);
        token.text = stemmed;
        true
    }

    fn token(&self) -> &Token {
        self.0.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.0.token_mut()
    }
}

fn index_error(e: impl std::fmt::Display) -> Error {
    Error::WordIndex(e.to_string())
}

/// The word index of `docs`, as the files to keep (path and bytes).
pub fn build<'a>(docs: impl IntoIterator<Item = Doc<'a>>) -> Result<Vec<(String, Vec<u8>)>, Error> {
    let (schema, f) = schema();
    let index = Index::create_in_ram(schema);
    index.tokenizers().register(ANALYZER, analyzer());
    let mut writer = index.writer_with_num_threads(1, WRITER_MEMORY).map_err(index_error)?;
    let mut body = String::new();
    for d in docs {
        body.clear();
        // The heading counts as often as `HEADING_WEIGHT` copies of it.
        for part in std::iter::repeat_n(d.heading, HEADING_WEIGHT).chain([d.text, d.summary]).flatten() {
            body.push_str(part);
            body.push('\n');
        }
        let mut doc = TantivyDocument::default();
        doc.add_text(f.body, &body);
        doc.add_text(f.node_type, d.node_type);
        doc.add_u64(f.id, d.id as u64);
        writer.add_document(doc).map_err(index_error)?;
    }
    writer.commit().map_err(index_error)?;
    // One segment: the fastest to search, and the smallest to keep.
    let segments = index.searchable_segment_ids().map_err(index_error)?;
    if segments.len() > 1 {
        writer.merge(&segments).wait().map_err(index_error)?;
    }
    writer.garbage_collect_files().wait().map_err(index_error)?;
    writer.wait_merging_threads().map_err(index_error)?;

    let directory = index.directory();
    let managed = directory.atomic_read(Path::new(".managed.json")).map_err(index_error)?;
    let mut paths: Vec<PathBuf> = serde_json::from_slice(&managed).map_err(index_error)?;
    paths.push(PathBuf::from("meta.json"));
    paths.sort();
    paths.dedup();
    paths
        .into_iter()
        .map(|path| {
            // As written, footers included (`open_read` would strip them).
            let bytes = directory.atomic_read(&path).map_err(index_error)?;
            Ok((path.to_string_lossy().into_owned(), bytes))
        })
        .collect()
}

/// A loaded word index. It never changes once loaded (a new graph brings a new index), so one
/// searcher and each segment's column of node ids are opened at load and kept: opening the id
/// column decodes its blocks' header, which cost more per search than finding the hits.
pub struct WordIndex {
    searcher: Searcher,
    ids: Vec<tantivy::columnar::Column<u64>>,
    fields: Fields,
}

impl std::fmt::Debug for WordIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WordIndex").field("documents", &self.searcher.num_docs()).finish()
    }
}

impl WordIndex {
    /// The index kept as `files` (what [`build`] returned).
    pub fn load(files: Vec<(String, Vec<u8>)>) -> Result<Self, Error> {
        let directory = RamDirectory::create();
        for (path, bytes) in &files {
            directory.atomic_write(Path::new(path), bytes).map_err(index_error)?;
        }
        let index = Index::open(directory).map_err(index_error)?;
        index.tokenizers().register(ANALYZER, analyzer());
        let (_, fields) = schema();
        let reader: IndexReader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into().map_err(index_error)?;
        let searcher = reader.searcher();
        let ids = searcher
            .segment_readers()
            .iter()
            .map(|segment| segment.fast_fields().u64("id").map_err(index_error))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { searcher, ids, fields })
    }

    fn searcher(&self) -> &Searcher {
        &self.searcher
    }

    /// The terms the index holds for `word` (none for a word it drops, e.g. one over 40 letters):
    /// [`terms`].
    pub fn terms(&self, word: &str) -> Vec<String> {
        terms(word)
    }

    /// How many nodes hold `term` (a term of [`WordIndex::terms`]).
    pub fn nodes_with(&self, term: &str) -> u64 {
        self.searcher().doc_freq(&Term::from_field_text(self.fields.body, term)).unwrap_or(0)
    }

    fn query(&self, terms: &[String], how: Match, node_type: Option<&str>) -> Box<dyn Query> {
        let f = self.fields;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for term in terms {
            let body = TermQuery::new(Term::from_field_text(f.body, term), IndexRecordOption::WithFreqs);
            clauses.push((if how == Match::All { Occur::Must } else { Occur::Should }, Box::new(body)));
        }
        if let Some(node_type) = node_type {
            let kind = TermQuery::new(Term::from_field_text(f.node_type, node_type), IndexRecordOption::Basic);
            let words = BooleanQuery::new(clauses);
            return Box::new(BooleanQuery::new(vec![
                (Occur::Must, Box::new(words) as Box<dyn Query>),
                (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(kind), 0.0))),
            ]));
        }
        Box::new(BooleanQuery::new(clauses))
    }

    /// The first `k` nodes holding `terms` (as [`WordIndex::terms`] gives them) as `how` says, of
    /// `node_type` when given, best first, and how many match in all.
    pub fn search(&self, terms: &[String], how: Match, node_type: Option<&str>, k: usize) -> Result<Found, Error> {
        if terms.is_empty() {
            return Ok(Found::default());
        }
        let query = self.query(terms, how, node_type);
        let searcher = self.searcher();
        let top = searcher.search(&query, &TopDocs::with_limit(k.max(1)).order_by_score()).map_err(index_error)?;
        let total = searcher.search(&query, &Count).map_err(index_error)?;
        let mut hits = Vec::with_capacity(top.len());
        for (score, address) in top {
            if let Some(id) = self.ids.get(address.segment_ord as usize).and_then(|ids| ids.first(address.doc_id)) {
                hits.push((id as i64, f64::from(score)));
            }
        }
        Ok(Found { hits, total })
    }

    /// How many of the nodes `ids` match `terms` as `how` says.
    pub fn count_among(&self, terms: &[String], how: Match, ids: &[i64]) -> Result<usize, Error> {
        if terms.is_empty() || ids.is_empty() {
            return Ok(0);
        }
        let among = TermSetQuery::new(ids.iter().map(|&id| Term::from_field_u64(self.fields.id, id as u64)));
        let query = BooleanQuery::new(vec![(Occur::Must, self.query(terms, how, None)), (Occur::Must, Box::new(among))]);
        self.searcher().search(&query, &Count).map_err(index_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> WordIndex {
        let docs = [
            (1, "section", "Security deposits", "The landlord shall return the deposit within 45 days."),
            (2, "section", "Notice of entry", "The landlord shall give 24 hours notice before entering the dwelling."),
            (3, "chapter", "Landlord and tenant", "Deposits and notices of landlords."),
            (4, "section", "Custody", "The court shall consider the best interests of the child."),
        ];
        let files = build(docs.iter().map(|&(id, node_type, heading, text)| Doc {
            id,
            node_type,
            heading: Some(heading),
            text: Some(text),
            summary: None,
        }))
        .unwrap();
        WordIndex::load(files).unwrap()
    }

    fn ids(found: &Found) -> Vec<i64> {
        found.hits.iter().map(|(id, _)| *id).collect()
    }

    #[test]
    fn words_are_stemmed_and_folded_as_the_index_holds_them() {
        let index = index();
        assert_eq!(index.terms("Deposits"), ["deposit"]);
        assert_eq!(terms("Expungement of records, expunged"), ["expung", "of", "record", "expung"]);
        assert_eq!(stem("abusive"), stem("abuse"));
        assert_ne!(stem("landlord"), stem("land"));
        assert_eq!(index.terms("Café"), ["cafe"]);
        assert!(index.terms(&"x".repeat(41)).is_empty(), "an over-long word is dropped");
        assert_eq!(index.nodes_with("deposit"), 2);
        assert_eq!(index.nodes_with("nowhere"), 0);
    }

    #[test]
    fn any_ranks_the_heading_first_and_counts_every_match() {
        let index = index();
        let found = index.search(&["deposit".into()], Match::Any, None, 10).unwrap();
        assert_eq!(found.total, 2);
        assert_eq!(ids(&found)[0], 1, "the section whose heading is the word leads: {found:?}");
        let found = index.search(&["deposit".into(), "custodi".into()], Match::Any, None, 1).unwrap();
        assert_eq!((found.hits.len(), found.total), (1, 3), "a page of one, three in all");
    }

    #[test]
    fn all_needs_every_word_and_a_type_keeps_one_kind() {
        let index = index();
        let found = index.search(&["landlord".into(), "notic".into()], Match::All, None, 10).unwrap();
        assert_eq!(ids(&found).len(), 2, "{found:?}");
        assert!(ids(&found).contains(&2) && ids(&found).contains(&3));
        let sections = index.search(&["landlord".into(), "notic".into()], Match::All, Some("section"), 10).unwrap();
        assert_eq!((ids(&sections), sections.total), (vec![2], 1));
        assert_eq!(index.count_among(&["landlord".into()], Match::Any, &[1, 4]).unwrap(), 1);
        assert_eq!(index.search(&[], Match::Any, None, 10).unwrap(), Found::default());
    }

    #[test]
    fn damaged_files_are_an_error_not_a_panic() {
        let mut files = build([Doc { id: 1, node_type: "section", heading: Some("a"), text: None, summary: None }]).unwrap();
        for (_, bytes) in &mut files {
            bytes.truncate(bytes.len() / 2);
        }
        assert!(WordIndex::load(files).is_err());
        assert!(WordIndex::load(Vec::new()).is_err());
    }
}
