//! Questions in Spanish: telling them from English, and reading them for the search.
//!
//! The law is in English and so are its summaries, so a Spanish question is met three ways
//! ([`crate::graph::Graph::candidates`]):
//!
//! - **the Spanish asks** (`starter/asks-es/`): questions written in Spanish, the way people type
//!   them, for every starter section; a question is compared with them by meaning and by words, the
//!   words read by this module's analyser ([`terms`]: accents and `ñ` folded, Spanish stop words and
//!   chat filler left out, Spanish Snowball stems), so "desalojaron", "desalojo" and "desalojar" meet;
//! - **the Code's English words** for the everyday Spanish phrases in it ([`crate::lay_terms_es`]:
//!   "casero" → landlord, "me cambiaron la chapa" → exclusion, ouster), searched in the word index
//!   and met by the headings, as the English lay terms are ([`query_terms`]);
//! - **meaning**: the question's vector beside the sections' (the sentence model reads some Spanish).
//!
//! What kind of section the question asks for (a time limit, a remedy, a right) is read from Spanish
//! phrases ([`question`]).

use crate::lay_terms_es::{fold, legal_terms_es};
use crate::rank::Question;
use crate::stopwords_es::is_stop_or_filler_es;

pub use proseva_citation::lang::is_spanish;

/// `word` (folded, lower-case) reduced to its Spanish Snowball stem (`desalojaron`, `desalojo` →
/// `desaloj`).
pub fn stem(word: &str) -> String {
    frostem::Stemmer::new(frostem::Algorithm::Spanish).stem(word).into_owned()
}

/// The meaningful words of a Spanish `text`, as the Spanish asks' index holds them: split on
/// anything not a letter or digit, lower-cased, accents and `ñ` folded, stop words and filler left
/// out, stemmed ([`stem`]).
pub fn terms(text: &str) -> Vec<String> {
    let folded = fold(text);
    let stemmer = frostem::Stemmer::new(frostem::Algorithm::Spanish);
    folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && w.len() <= 40 && !is_stop_or_filler_es(w))
        .map(|w| stemmer.stem(w).into_owned())
        .collect()
}

/// The terms a Spanish question searches the (English) word index with: the Code's words for its
/// everyday phrases ([`legal_terms_es`]), then its own meaningful words that the law's English
/// uses too (the English words people mix in — "landlord", "ticket" — and shared ones such as
/// "divorce"'s neighbours are left to the index: a word it does not hold matches nothing).
pub fn query_terms(search: &str) -> Vec<String> {
    let mut terms: Vec<String> = legal_terms_es(search).into_iter().map(str::to_string).collect();
    let folded = fold(search);
    for word in folded.split(|c: char| !c.is_alphanumeric()) {
        if word.len() < 2 || is_stop_or_filler_es(word) || crate::stopwords::is_stop_or_filler(word) {
            continue;
        }
        if !terms.iter().any(|t| t == word) {
            terms.push(word.to_string());
        }
    }
    terms
}

/// Phrases (folded) that ask how long, or by when.
const TIME_PHRASES: &[&str] = &[
    "cuanto tiempo",
    "cuantos dias",
    "cuantos meses",
    "cuantos anos",
    "cuantas horas",
    "cuantas semanas",
    "plazo",
    "fecha limite",
    "hasta cuando",
    "para cuando",
    "demasiado tarde",
    "muy tarde",
    "se vence",
    "vencio",
    "a tiempo",
];
/// Phrases (folded) that ask what the person can do.
const REMEDY_PHRASES: &[&str] = &[
    "que puedo hacer",
    "q puedo hacer",
    "que hago",
    "q hago",
    "que opciones",
    "puedo demandar",
    "lo puedo demandar",
    "la puedo demandar",
    "demandarlo",
    "demandarla",
    "como lo obligo",
    "como hago para",
    "que recurso",
];
/// Words (folded) that speak of rights.
const RIGHTS_WORDS: &[&str] = &["derecho", "derechos", "constitucion", "constitucional", "libertad", "libertades", "religion", "jurado"];
/// Words (folded) that speak of age or young people.
const AGE_WORDS: &[&str] = &["menor", "menores", "edad", "adolescente", "adolescentes", "joven", "jovenes", "chamaco", "chamacos"];
/// Words (folded) that ask what a word means.
const DEFINITION_WORDS: &[&str] = &["significa", "significado", "definicion", "define"];

/// What a Spanish `search` asks about ([`Question`]), whose terms for the index are `terms`
/// ([`query_terms`]): the flags read from Spanish phrases, and the stems of the English words
/// among its terms, which the headings are met with.
pub fn question(search: &str, terms: &[String]) -> Question {
    let folded = format!(" {} ", fold(search).replace(|c: char| !c.is_alphanumeric(), " "));
    let folded = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    let padded = format!(" {folded} ");
    let words: Vec<&str> = folded.split(' ').collect();
    let has_word = |list: &[&str]| words.iter().any(|w| list.contains(w));
    let has_phrase = |list: &[&str]| list.iter().any(|p| padded.contains(&format!(" {p} ")));
    let codes_words = legal_terms_es(search);
    let english: Vec<String> = terms.iter().filter(|t| codes_words.contains(&t.as_str())).cloned().collect();
    let gloss = english.join(" ");
    Question {
        rights: has_word(RIGHTS_WORDS),
        time_limit: has_phrase(TIME_PHRASES),
        age: has_word(AGE_WORDS) || words.iter().any(|w| w.parse::<u32>().is_ok_and(|n| (10..=25).contains(&n))),
        remedy: has_phrase(REMEDY_PHRASES),
        definition: has_word(DEFINITION_WORDS),
        repeal: padded.contains(" derog"),
        stems: english.iter().map(|t| crate::rank::stem(t)).collect(),
        situations: proseva_citation::situation::mentioned(&gloss),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_their_forms_and_without_accents_meet() {
        assert_eq!(terms("desalojaron"), terms("desalojó"));
        assert_eq!(terms("Desalojo"), terms("desalojo"));
        assert_eq!(terms("depósito"), terms("deposito"));
        assert!(terms("hola por favor me pueden ayudar").is_empty(), "{:?}", terms("hola por favor me pueden ayudar"));
    }

    #[test]
    fn a_spanish_question_reads_its_kind_and_the_codes_words() {
        let search = "cuantos dias tengo para apelar";
        let q = question(search, &query_terms(search));
        assert!(q.time_limit && !q.remedy);
        let search = "mi casero no me devuelve el deposito, que puedo hacer";
        let terms = query_terms(search);
        assert!(terms.iter().any(|t| t == "landlord"), "{terms:?}");
        let q = question(search, &terms);
        assert!(q.remedy && !q.time_limit);
        assert!(q.stems.contains(&crate::rank::stem("landlord")), "{:?}", q.stems);
    }
}
