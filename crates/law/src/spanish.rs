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

use std::collections::HashMap;
use std::sync::OnceLock;

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

/// The everyday Spanish-to-English word list (`starter/es-en.tsv`, described in `starter/es-en.md`):
/// each folded Spanish word with its English, and each word's Spanish stem with the English of the
/// first word listed under it.
struct WordList {
    words: HashMap<&'static str, &'static str>,
    stems: HashMap<String, &'static str>,
}

fn word_list() -> &'static WordList {
    static LIST: OnceLock<WordList> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut words = HashMap::new();
        let mut stems = HashMap::new();
        for line in include_str!("../starter/es-en.tsv").lines() {
            let Some((spanish, english)) = line.split_once('\t').filter(|_| !line.starts_with('#')) else { continue };
            let (spanish, english) = (spanish.trim(), english.trim());
            if spanish.is_empty() || english.is_empty() {
                continue;
            }
            words.entry(spanish).or_insert(english);
            stems.entry(stem(spanish)).or_insert(english);
        }
        WordList { words, stems }
    })
}

/// A Spanish question said in rough English, word by word ("mi casero no me devuelve el
/// depósito" → "my landlord not me return deposit … landlord security deposit"): each word's
/// English from the everyday word list (the word itself, else a word of the same Spanish stem),
/// a word the list does not hold kept as typed (a name, or the English people mix in: "DUI",
/// "landlord"), articles and chat filler left out; then the Code's words for its everyday phrases
/// ([`legal_terms_es`]). The sentence model reads English far better than Spanish, so the gloss is
/// set beside the English asks and the sections by meaning. Empty when nothing is left.
pub fn gloss(search: &str) -> String {
    let list = word_list();
    let folded = fold(search);
    let mut out: Vec<&str> = Vec::new();
    for word in folded.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty() && w.len() <= 40) {
        let english = list.words.get(word).copied().or_else(|| {
            let skip = is_stop_or_filler_es(word);
            if skip { None } else { Some(list.stems.get(&stem(word)).copied().unwrap_or(word)) }
        });
        if let Some(english) = english {
            out.push(english);
        }
    }
    let mut text = out.join(" ");
    for w in legal_terms_es(search) {
        if !text.split(' ').any(|t| t == w) {
            text.push(' ');
            text.push_str(w);
        }
    }
    text.trim().to_string()
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

    #[test]
    fn the_word_list_is_one_folded_spanish_word_and_its_english_a_line_each_once() {
        let mut seen = std::collections::HashSet::new();
        let mut entries = 0;
        for (n, line) in include_str!("../starter/es-en.tsv").lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 2, "line {}: {line:?}", n + 1);
            let (spanish, english) = (fields[0], fields[1]);
            assert!(!spanish.is_empty() && spanish.chars().all(|c| c.is_ascii_lowercase()), "line {}: {spanish:?}", n + 1);
            assert_eq!(fold(spanish), spanish, "line {}", n + 1);
            let words = english.split(' ').count();
            assert!(
                (1..=3).contains(&words) && english.chars().all(|c| c.is_ascii_lowercase() || c == ' ' || c == '\''),
                "line {}: {english:?}",
                n + 1
            );
            assert!(seen.insert(spanish), "line {}: {spanish} twice", n + 1);
            entries += 1;
        }
        assert!(entries > 3_000, "{entries}");
        assert_eq!(word_list().words.len(), entries);
    }

    #[test]
    fn a_spanish_question_is_glossed_in_rough_english_word_by_word() {
        let said = gloss("Mi casero no me quiere devolver el depósito");
        for word in ["landlord", "not", "return", "deposit"] {
            assert!(said.split(' ').any(|w| w == word), "{word} in {said:?}");
        }
        // A form the list does not hold meets its stem's; a name is kept as typed.
        assert!(gloss("devolverme").split(' ').any(|w| w.starts_with("return")), "{:?}", gloss("devolverme"));
        assert!(gloss("vivo en Fairfax").contains("fairfax"), "{:?}", gloss("vivo en Fairfax"));
        assert_eq!(gloss("hola, buenas, porfa"), "");
    }
}
