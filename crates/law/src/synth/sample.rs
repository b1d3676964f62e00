//! A small LIS export set written by hand: Title 20 chapter 6.1 (custody), two Title 55.1
//! landlord-tenant sections, two provisions of Article I of the Constitution and one popular name —
//! with the odd rows real exports have. Tests build it with [`build`] and check what they find.

use std::path::Path;

use crate::Error;
use crate::ingest::{self, CorpusFile, IngestOptions, IngestReport, TextKind};
use crate::lis::HEADER;
use crate::synth::RandomEmbedder;

/// Title 20, chapter 6.1, with HTML bodies, a link, a range, a reference outside the corpus and
/// three bad rows (too few columns, not a section number, a duplicate).
pub fn title_20() -> String {
    [
        HEADER,
        r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.2,Court-ordered custody and visitation arrangements,"<p>A.&nbsp;In any case in which custody or visitation of minor children is at issue, the court shall provide prompt adjudication.</p><p>B. The court shall give due regard to the best interests of the child as set out in <a href=""/vacode/20-124.3/"">§ 20-124.3</a>.</p>""#,
        r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.3,Best interests of the child; visitation,"<p>In determining best interests of a child for purposes of determining custody or visitation arrangements, the court shall consider the age and physical and mental condition of the child, the relationship between each parent and the child, and any history of family abuse as defined in § 16.1-228.</p><p>See §§ 20-124.2 through 20-124.4.</p>""#,
        r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.4,Mediation,"<p>In any appropriate case involving custody or visitation, the court may refer the parties to mediation &amp; dispute resolution under §§ 20-124.2 and 20-124.3.</p>""#,
        r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.5"#,
        r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,not-a-section,Nothing,<p>x</p>"#,
        r#"20,Domestic Relations,,,,,6.1,Custody and Visitation Arrangements for Minor Children,,,,,20-124.3,Best interests (again),<p>duplicate</p>"#,
    ]
    .join("\n")
        + "\n"
}

/// Title 55.1 with a subtitle and an article: the landlord-tenant sections people search for.
pub fn title_55_1() -> String {
    [
        HEADER,
        r#"55.1,Property and Conveyances,III,Rental Conveyances,,,12,Virginia Residential Landlord and Tenant Act,2,Landlord Obligations,,,55.1-1226,Security deposits,"<p>A landlord may not demand a security deposit larger than two months' periodic rent. Within 45 days after the tenancy ends the landlord shall return the deposit, less lawful deductions itemized in writing. See § 55.1-1220.</p>""#,
        r#"55.1,Property and Conveyances,III,Rental Conveyances,,,12,Virginia Residential Landlord and Tenant Act,2,Landlord Obligations,,,55.1-1220,Landlord to maintain fit premises,"<p>The landlord shall comply with building and housing codes, make all repairs needed to keep the premises fit and habitable, and keep common areas clean and safe.</p>""#,
    ]
    .join("\n")
        + "\n"
}

/// Article I, sections 12 and 1 (out of order), the first citing the second.
pub fn constitution() -> String {
    [
        HEADER,
        r#",Constitution of Virginia,,,,,,,I,Bill of Rights,,,12,"Freedom of speech and of the press; right peaceably to assemble, and to petition","<p>Any citizen may freely speak, write, and publish sentiments on all subjects. See Article I, Section 1.</p>""#,
        r#",Constitution of Virginia,,,,,,,I,Bill of Rights,,,1,Equality and rights of men,"<p>All men are by nature equally free and independent and have certain inherent rights.</p>""#,
    ]
    .join("\n")
        + "\n"
}

/// One popular name that names a range of sections.
pub fn popular_names() -> String {
    "Name,TitleNum,Section,Body\nCustody and Visitation Act,20,20-124.1 through 20-124.4,\n".to_string()
}

/// The four exports above, with the names LIS gives them, and a README.txt that is no export.
pub fn files() -> Vec<CorpusFile> {
    vec![
        CorpusFile::new("CoVTitle_20.csv", title_20()),
        CorpusFile::new("CoVTitle_55.1.csv", title_55_1()),
        CorpusFile::new("Constitution.csv", constitution()),
        CorpusFile::new("PopularNames.csv", popular_names()),
        CorpusFile::new("README.txt", "not an export"),
    ]
}

/// Builds [`files`] into a graph at `db`, with 16-dimension [`RandomEmbedder`] vectors.
pub fn build(db: &Path) -> Result<IngestReport, Error> {
    let embedder = RandomEmbedder { dimension: 16 };
    let progress = |_| {};
    let options = IngestOptions {
        corpus: "fixture".into(),
        text_kind: TextKind::Official,
        embedder: Some(&embedder),
        vector_cache: None,
        progress: &progress,
    };
    ingest::ingest(&files(), db, &options)
}

/// Builds [`files`] as the Library does after a download: official text without vectors over the
/// starter's summaries, whose shipped vectors stand in for the summarised sections.
pub fn build_downloaded(db: &Path) -> Result<IngestReport, Error> {
    let progress = |_| {};
    let cache = crate::starter::vector_cache()?;
    let options = IngestOptions {
        corpus: "official".into(),
        text_kind: TextKind::Official,
        embedder: None,
        vector_cache: cache.as_ref(),
        progress: &progress,
    };
    ingest::ingest_with_summaries(&files(), &crate::starter::files()?, db, &options)
}
