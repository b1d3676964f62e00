//! The nodes one LIS row becomes: a Code section with its title, chapter and article above it, a
//! part of the Constitution, or a named entry (popular name, authority, charter, compact,
//! uncodified act), with names written as a person writes them.

use proseva_citation::{constitution_source_id, parse_section_number, title_of};

use super::{LIS_BASE_URL, PendingNode, TextKind, section_key};
use crate::lis::{FileKind, LisRow, html_to_text};
use crate::store::NodeRecord;
use crate::versions::parse_catchline;

fn node(
    node_type: &str,
    source: &str,
    source_id: String,
    heading: &str,
    kind: TextKind,
    url: Option<String>,
    parent: Option<String>,
) -> PendingNode {
    PendingNode {
        record: NodeRecord {
            id: 0,
            node_type: node_type.into(),
            source: source.into(),
            source_id,
            heading: (!heading.is_empty()).then(|| heading.to_string()),
            source_text: None,
            text_kind: kind.as_str().into(),
            url,
            summary: None,
        },
        html: String::new(),
        parent,
        versions: Vec::new(),
    }
}

fn with_text(mut n: PendingNode, html: &str) -> PendingNode {
    let text = html_to_text(html);
    n.record.source_text = (!text.is_empty()).then_some(text);
    n.html = html.to_string();
    n
}

/// The nodes one row contributes: its section and the hierarchy above it (deduplicated by the caller).
pub(super) fn node_for_row(row: &LisRow, kind: FileKind, text_kind: TextKind) -> Result<Vec<PendingNode>, String> {
    match kind {
        FileKind::Code => code_nodes(row, text_kind),
        FileKind::Constitution => constitution_nodes(row, text_kind),
        FileKind::PopularNames | FileKind::Authorities | FileKind::Charters | FileKind::Compacts | FileKind::UncodifiedActs => {
            let name = readable(row.name.trim());
            let name = name.as_str();
            if name.is_empty() {
                return Err("row has no name".into());
            }
            let (node_type, prefix, source) = match kind {
                FileKind::PopularNames => ("popular_name", "popular", "popular_names"),
                FileKind::Charters => ("charter", "charter", "charters"),
                FileKind::Compacts => ("compact", "compact", "compacts"),
                FileKind::UncodifiedActs => ("uncodified_act", "uncodified", "uncodified_acts"),
                _ => ("authority", "authority", "authorities"),
            };
            // The sections it names lead its text, so they are read as references (and linked).
            let mut html = String::new();
            if !row.section.is_empty() && row.section != name {
                html.push_str(&format!("<p>{}</p>", cite_list(&row.section)));
            }
            if !row.title_num.is_empty() && kind != FileKind::PopularNames {
                html.push_str(&format!("<p>In Title {} of the Code of Virginia.</p>", row.title_num));
            }
            html.push_str(&row.body);
            let key = if row.short_name.trim().is_empty() { slug(name) } else { slug(&row.short_name) };
            let mut n = with_text(node(node_type, source, format!("{prefix}:{key}"), name, text_kind, None, None), &html);
            if n.record.source_text.is_none() {
                n.record.source_text = Some(name.to_string());
            }
            Ok(vec![n])
        }
    }
}

/// Popular-name rows list sections bare (`20-124.1 through 20-124.6`); give them a `§§` so the
/// citation parser reads them as references.
fn cite_list(sections: &str) -> String {
    if sections.contains('§') { sections.to_string() } else { format!("§§ {sections}") }
}

pub(super) fn code_nodes(row: &LisRow, text_kind: TextKind) -> Result<Vec<PendingNode>, String> {
    let section = section_key(&row.section);
    if section.is_empty() {
        return Err("row has no Section number".into());
    }
    match parse_section_number(section) {
        Some((_, len)) if len == section.len() => {}
        _ => return Err(format!("'{section}' is not a Code section number")),
    }
    let title = if row.title_num.is_empty() { title_of(section).unwrap_or_default().to_string() } else { row.title_num.clone() };
    if title_of(section) != Some(title.as_str()) {
        return Err(format!("section {section} is not in title {title}"));
    }
    let src = "code_of_virginia";
    let title_url = format!("{LIS_BASE_URL}/vacode/title{title}/");
    let mut out = vec![node("title", src, title.clone(), &readable(&row.title_name), text_kind, Some(title_url.clone()), None)];
    let mut parent = title.clone();
    if !row.subtitle_num.is_empty() {
        let id = format!("{title}:st{}", row.subtitle_num);
        out.push(node("subtitle", src, id.clone(), &readable(&row.subtitle_name), text_kind, None, Some(parent)));
        parent = id;
    }
    if !row.part_num.is_empty() {
        let id = format!("{parent}:pt{}", row.part_num);
        out.push(node("part", src, id.clone(), &readable(&row.part_name), text_kind, None, Some(parent)));
        parent = id;
    }
    let mut chapter = None;
    if !row.chapter_num.is_empty() {
        let id = format!("{title}:{}", row.chapter_num);
        let url = format!("{title_url}chapter{}/", row.chapter_num);
        out.push(node("chapter", src, id.clone(), &readable(&row.chapter_name), text_kind, Some(url), Some(parent)));
        parent = id.clone();
        chapter = Some(id);
    }
    if !row.article_num.is_empty() {
        let id = format!("{}:{}", chapter.as_deref().unwrap_or(&title), row.article_num);
        out.push(node("article", src, id.clone(), &readable(&row.article_name), text_kind, None, Some(parent)));
        parent = id;
    }
    if !row.subpart_num.is_empty() {
        let id = format!("{parent}:sp{}", row.subpart_num);
        out.push(node("subpart", src, id.clone(), &readable(&row.subpart_name), text_kind, None, Some(parent)));
        parent = id;
    }
    let url = format!("{LIS_BASE_URL}/vacode/{section}/");
    let (heading, _) = parse_catchline(&row.title);
    out.push(with_text(node("section", src, section.to_string(), &heading, text_kind, Some(url), Some(parent)), &row.body));
    Ok(out)
}

fn constitution_nodes(row: &LisRow, text_kind: TextKind) -> Result<Vec<PendingNode>, String> {
    let article = row.article_num.trim().trim_start_matches("Article").trim().trim_end_matches('.');
    let Some(article_number) = roman_to_arabic(article) else {
        return Err(format!("'{}' is not an article number (roman numerals)", row.article_num));
    };
    let section = row.section.trim();
    let section = section.strip_prefix("Section").or_else(|| section.strip_prefix("section")).unwrap_or(section).trim();
    let section = section.trim_start_matches('§').trim().trim_end_matches('.');
    if section.is_empty() {
        return Err("row has no Section number".into());
    }
    let src = "constitution_of_virginia";
    let article_id = format!("const-{article}");
    let article_url = format!("{LIS_BASE_URL}/constitution/article{article_number}/");
    let section_url = format!("{article_url}section{section}/");
    Ok(vec![
        node("constitution_article", src, article_id.clone(), &readable(&row.article_name), text_kind, Some(article_url), None),
        with_text(
            node(
                "constitution_section",
                src,
                constitution_source_id(article, section),
                &parse_catchline(&row.title).0,
                text_kind,
                Some(section_url),
                Some(article_id),
            ),
            &row.body,
        ),
    ])
}

/// A name the exports write in capitals (`DOMESTIC RELATIONS`) as a person writes it (`Domestic
/// Relations`); a name with any small letter is kept as it is.
pub(super) fn readable(name: &str) -> String {
    let name = name.trim();
    if name.chars().any(char::is_lowercase) || name.chars().filter(|c| c.is_alphabetic()).count() < 2 {
        return name.to_string();
    }
    const SMALL: [&str; 12] = ["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the"];
    let mut out = String::with_capacity(name.len());
    for (i, word) in name.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let lower = word.to_lowercase();
        let roman = !word.is_empty() && word.trim_end_matches([',', '.', ';', ':']).chars().all(|c| "IVXL".contains(c));
        if roman && word.len() > 1 {
            out.push_str(word);
        } else if i > 0 && SMALL.contains(&lower.as_str()) {
            out.push_str(&lower);
        } else {
            let mut chars = lower.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                // After a hyphen or a slash the next word starts with a capital too.
                let mut capital = false;
                for c in chars {
                    if capital {
                        out.extend(c.to_uppercase())
                    } else {
                        out.push(c)
                    }
                    capital = c == '-' || c == '/' || c == '(';
                }
            }
        }
    }
    out
}

pub(super) fn roman_to_arabic(roman: &str) -> Option<u32> {
    if roman.is_empty() {
        return None;
    }
    let value = |c| match c {
        'I' => Some(1),
        'V' => Some(5),
        'X' => Some(10),
        'L' => Some(50),
        _ => None,
    };
    let digits: Vec<u32> = roman.chars().map(value).collect::<Option<_>>()?;
    Some(digits.iter().enumerate().fold(
        0i64,
        |acc, (i, &d)| {
            if digits.get(i + 1).is_some_and(|&next| next > d) { acc - d as i64 } else { acc + d as i64 }
        },
    ) as u32)
}

pub(super) fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            s.extend(c.to_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    s.trim_end_matches('-').to_string()
}
