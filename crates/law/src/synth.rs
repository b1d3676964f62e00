//! A synthetic Code of realistic shape, for benchmarks: titles, chapters, articles and sections with
//! legal-sounding text and cross-references, written as LIS CSV and built by the real ingest.
//!
//! Shape follows the real Code (about 33,000 sections in 70-odd titles, 1–3 references per section,
//! a few to sections that do not exist). Vectors come from [`RandomEmbedder`], which is recorded as
//! the graph's embedding model so nobody mistakes them for meaning.
//!
//! [`sample`] is the small end: a handful of hand-written export rows, odd ones included, that the
//! tests of this crate and of the explorer build and query.

use proseva_embed::{EmbedError, Embedder};

use crate::ingest::CorpusFile;
use crate::lis::HEADER;

pub mod sample;

/// Deterministic pseudo-random numbers (SplitMix64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// Uniform in [-1, 1).
    pub fn signed_unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
    /// Skewed towards small indices, like word frequencies.
    pub fn zipf(&mut self, n: usize) -> usize {
        let u = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        ((n as f64).powf(u) - 1.0) as usize % n.max(1)
    }
}

const WORDS: &[&str] = &[
    "court",
    "person",
    "section",
    "shall",
    "may",
    "order",
    "child",
    "parent",
    "custody",
    "support",
    "party",
    "notice",
    "days",
    "petition",
    "judge",
    "clerk",
    "district",
    "circuit",
    "county",
    "city",
    "fee",
    "fine",
    "penalty",
    "misdemeanor",
    "felony",
    "class",
    "property",
    "landlord",
    "tenant",
    "lease",
    "rent",
    "deposit",
    "premises",
    "damages",
    "judgment",
    "appeal",
    "hearing",
    "record",
    "public",
    "body",
    "meeting",
    "information",
    "request",
    "agency",
    "employee",
    "employer",
    "compensation",
    "injury",
    "claim",
    "commission",
    "vehicle",
    "driver",
    "license",
    "operate",
    "highway",
    "speed",
    "alcohol",
    "blood",
    "test",
    "refusal",
    "suspension",
    "revocation",
    "firearm",
    "weapon",
    "concealed",
    "permit",
    "assault",
    "battery",
    "family",
    "household",
    "member",
    "protective",
    "emergency",
    "preliminary",
    "violation",
    "warrant",
    "summons",
    "arrest",
    "bail",
    "bond",
    "trial",
    "jury",
    "evidence",
    "witness",
    "testimony",
    "will",
    "estate",
    "trust",
    "executor",
    "administrator",
    "heir",
    "spouse",
    "marriage",
    "divorce",
    "separation",
    "visitation",
    "best",
    "interests",
    "guardian",
    "litem",
    "service",
    "process",
    "venue",
    "limitation",
    "action",
    "accrue",
    "years",
    "contract",
    "written",
    "oral",
    "consumer",
    "supplier",
    "transaction",
    "deceptive",
    "practice",
    "tax",
    "assessment",
    "exemption",
    "real",
    "corporation",
    "member",
    "manager",
    "articles",
    "organization",
    "registered",
    "agent",
    "conservation",
    "easement",
    "land",
    "water",
    "forest",
    "park",
    "within",
    "after",
    "before",
    "unless",
    "provided",
    "pursuant",
    "thereof",
    "herein",
    "such",
    "any",
    "each",
    "other",
    "subsection",
];

const SYLLABLES: &[&str] = &[
    "ba", "ce", "di", "fo", "gu", "ha", "je", "ki", "lo", "mu", "na", "pe", "qui", "ro", "su", "ta", "ve", "wi", "xo", "za", "bar", "cen",
    "dor", "fel", "gan", "hes", "lin", "mor", "nel", "par", "ros", "tan", "vil", "wen", "zor",
];

/// Rare words after the common legal ones: real text has a long tail of words that occur in few
/// sections, and those are what make a search selective.
pub const RARE_WORDS: usize = 20_000;

/// Word `i` of the synthetic vocabulary: the common legal words first, then made-up rare ones.
pub fn word(i: usize) -> String {
    if let Some(w) = WORDS.get(i) {
        return (*w).to_string();
    }
    let mut n = i - WORDS.len();
    let mut w = String::new();
    for _ in 0..3 {
        w.push_str(SYLLABLES[n % SYLLABLES.len()]);
        n /= SYLLABLES.len();
    }
    w
}

/// Whether `w` is one of the common legal words.
pub fn is_common(w: &str) -> bool {
    WORDS.contains(&w)
}

fn sentence(rng: &mut Rng, words: usize) -> String {
    let mut s = String::new();
    for i in 0..words {
        let w = word(rng.zipf(WORDS.len() + RARE_WORDS));
        let w = w.as_str();
        if i == 0 {
            let mut c = w.chars();
            if let Some(f) = c.next() {
                s.extend(f.to_uppercase());
                s.push_str(c.as_str());
            }
        } else {
            s.push(' ');
            s.push_str(w);
        }
    }
    s.push('.');
    s
}

/// `sections` sections as LIS CSV files, one per title. The same seed gives the same corpus.
pub fn corpus(sections: usize, seed: u64) -> Vec<CorpusFile> {
    let mut rng = Rng::new(seed);
    let titles = sections.div_ceil(470).max(1);
    let per_title = sections.div_ceil(titles);
    // Section numbers first, so references can point at real ones.
    let mut numbers: Vec<Vec<String>> = Vec::with_capacity(titles);
    for t in 0..titles {
        let title = if t % 3 == 0 { format!("{}", t + 1) } else { format!("{}.{}", t + 1, t % 3) };
        let count = per_title.min(sections.saturating_sub(t * per_title));
        numbers.push((0..count).map(|s| format!("{title}-{}", 100 + s * 3 + usize::from(s % 7 == 0))).collect());
    }
    let mut files = Vec::with_capacity(titles);
    for (t, title_sections) in numbers.iter().enumerate() {
        let Some(first) = title_sections.first() else { continue };
        let title = first.split_once('-').map_or("", |(t, _)| t).to_string();
        let mut out = csv::WriterBuilder::new().from_writer(Vec::new());
        let _ = out.write_record(HEADER.split(','));
        let chapters = (title_sections.len() / 45).max(1);
        for (s, number) in title_sections.iter().enumerate() {
            let chapter = s * chapters / title_sections.len() + 1;
            let article = if chapter % 2 == 0 { (s % 4 + 1).to_string() } else { String::new() };
            let mut body = String::new();
            for p in 0..(2 + rng.below(3)) {
                body.push_str("<p>");
                for _ in 0..(2 + rng.below(3)) {
                    let words = 10 + rng.below(14);
                    body.push_str(&sentence(&mut rng, words));
                    body.push(' ');
                }
                if p == 0 || rng.below(2) == 0 {
                    let cited = match rng.below(20) {
                        0 => format!("{title}-{}", 90_000 + rng.below(1000)), // a section that does not exist
                        1..=4 => {
                            let other = &numbers[rng.below(numbers.len())];
                            other.get(rng.below(other.len().max(1))).cloned().unwrap_or_else(|| number.clone())
                        }
                        _ => title_sections[rng.below(title_sections.len())].clone(),
                    };
                    body.push_str(&format!("As provided in § {cited}, the {} applies.", word(rng.zipf(WORDS.len()))));
                }
                body.push_str("</p>");
            }
            let words = 3 + rng.below(5);
            let heading = sentence(&mut rng, words);
            let heading = heading.trim_end_matches('.');
            // About one section in 130 has two versions, as in the real Code (≈ 250 of 33,000):
            // two rows, the catchlines saying when each applies.
            let versions: Vec<(String, String)> = if s % 130 == 65 {
                vec![
                    (format!("{heading} (Effective until July 1, 2027)"), body.clone()),
                    (format!("{heading} (Effective July 1, 2027)"), body.replace("</p>", " As amended.</p>")),
                ]
            } else {
                vec![(heading.to_string(), body)]
            };
            for (catchline, body) in versions {
                let _ = out.write_record([
                    title.as_str(),
                    &format!("Synthetic Title {}", t + 1),
                    "",
                    "",
                    "",
                    "",
                    &chapter.to_string(),
                    &format!("Chapter {chapter} of synthetic title {title}"),
                    &article,
                    &(if article.is_empty() { String::new() } else { format!("Article {article}") }),
                    "",
                    "",
                    number,
                    &catchline,
                    &body,
                ]);
            }
        }
        let bytes = out.into_inner().unwrap_or_default();
        files.push(CorpusFile::new(format!("CoVTitle_{title}.csv"), String::from_utf8(bytes).unwrap_or_default()));
    }
    files
}

/// Unit vectors from a hash of the text: the shape of real embeddings, none of the meaning.
#[derive(Debug)]
pub struct RandomEmbedder {
    pub dimension: usize,
}

impl Embedder for RandomEmbedder {
    fn model_id(&self) -> &str {
        "synthetic-random"
    }
    fn dimension(&self) -> usize {
        self.dimension
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(texts
            .iter()
            .map(|t| {
                let seed = t.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
                let mut rng = Rng::new(seed);
                let mut v: Vec<f32> = (0..self.dimension).map(|_| rng.signed_unit()).collect();
                proseva_embed::normalize(&mut v);
                v
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_corpus_and_requested_size() {
        let a = corpus(1000, 7);
        let b = corpus(1000, 7);
        assert_eq!(a.iter().map(|f| &f.contents).collect::<Vec<_>>(), b.iter().map(|f| &f.contents).collect::<Vec<_>>());
        let rows: usize = a.iter().map(|f| f.contents.matches("\n").count() - 1).sum();
        let second_versions: usize = a.iter().map(|f| f.contents.matches("(Effective July 1, 2027)").count()).sum();
        assert!(second_versions >= 5, "about one section in 130 has two versions: {second_versions}");
        assert_eq!(rows, 1000 + second_versions, "one row a section, and one more for each second version");
    }
}
