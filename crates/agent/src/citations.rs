//! The Virginia citations in a text: where they are (in offsets a web page can use) and whether
//! the law graph holds them, asked in one GraphQL round trip.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use proseva_citation::{Reference, find_citations};

use crate::tools::explorer::ExplorerClient;

/// At most this many distinct sections are looked up per answer; the rest are left unverified.
pub const MAX_CHECKED: usize = 100;

/// The citations found in a reply: those the graph holds, those it does not (or could not be
/// asked), and where each one is in the reply.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CitationCheck {
    pub verified: Vec<VerifiedCitation>,
    pub unverified: Vec<String>,
    /// Set when the graph could not be asked, so nothing could be verified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Every citation in the reply, in order, for the page to link.
    #[serde(default)]
    pub spans: Vec<CitationSpan>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedCitation {
    /// As the graph names it: `20-124.3`, `const-I-12`.
    pub source_id: String,
    pub node_id: i64,
    pub heading: Option<String>,
    pub url: Option<String>,
    /// `official` or `summary`.
    pub text_kind: String,
    /// How a list of sources names it: `§ 20-124.3`, `Va. Const. art. I, § 12`.
    #[serde(default)]
    pub label: String,
}

/// Whether the law graph holds a cited section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CitationStatus {
    Verified,
    /// Not in the graph, or the graph could not be asked (then [`CitationCheck::note`] says why).
    Unverified,
    /// Not looked up (the text of a section, shown as it is).
    Unchecked,
}

/// One citation in a text. Offsets count UTF-16 code units, as JavaScript strings do, so
/// `text.slice(startUtf16, endUtf16)` in the page is the cited text (`§ 2.2-3704`, or just
/// `20-124.3` for the second item of a list). A range `§§ 16.1-241 through 16.1-244` gives two
/// spans, one per end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CitationSpan {
    pub start_utf16: usize,
    pub end_utf16: usize,
    pub source_id: String,
    /// `§ 2.2-3704`, `Constitution of Virginia, Article I, Section 12`.
    pub label: String,
    pub status: CitationStatus,
}

/// A cited target and its byte span in the text.
struct Found {
    source_id: String,
    start: usize,
    end: usize,
}

/// Every cited target with its byte span; a range's two ends get a span each.
fn found_in(text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    for c in find_citations(text) {
        match &c.reference {
            Reference::Range { first, last } => {
                let cited = &text[c.start..c.end];
                let first_end = cited.find(first.as_str()).map_or(c.end, |at| c.start + at + first.len());
                let last_start = cited.rfind(last.as_str()).map_or(c.start, |at| c.start + at);
                out.push(Found { source_id: first.clone(), start: c.start, end: first_end });
                out.push(Found { source_id: last.clone(), start: last_start, end: c.end });
            }
            other => out.push(Found { source_id: other.source_id(), start: c.start, end: c.end }),
        }
    }
    out
}

/// The citations in `text` with UTF-16 offsets, each marked by `status` (given its source id).
fn spans_of(text: &str, found: &[Found], status: impl Fn(&str) -> CitationStatus) -> Vec<CitationSpan> {
    // Byte offsets grow through `found` (but a range's ends may share one), so count UTF-16 units
    // incrementally from the last offset rather than from the start each time.
    let mut at = (0usize, 0usize);
    let mut utf16 = |byte: usize| {
        let (from_byte, from_units) = if byte >= at.0 { at } else { (0, 0) };
        let units = from_units + text[from_byte..byte].encode_utf16().count();
        at = (byte, units);
        units
    };
    found
        .iter()
        .map(|f| CitationSpan {
            start_utf16: utf16(f.start),
            end_utf16: utf16(f.end),
            source_id: f.source_id.clone(),
            label: proseva_citation::label(&f.source_id),
            status: status(&f.source_id),
        })
        .collect()
}

/// The citations of a text that is shown as it is (a section's own text): not looked up.
pub fn citation_spans(text: &str) -> Vec<CitationSpan> {
    spans_of(text, &found_in(text), |_| CitationStatus::Unchecked)
}

/// The batched query: `c0: node(sourceId: $s0) {...} c1: ...`, one alias per section.
fn lookup_query(count: usize) -> String {
    let params: Vec<String> = (0..count).map(|i| format!("$s{i}: String")).collect();
    let fields: Vec<String> = (0..count).map(|i| format!("c{i}: node(sourceId: $s{i}) {{ id sourceId heading url textKind }}")).collect();
    format!("query({}) {{ {} }}", params.join(", "), fields.join(" "))
}

/// Looks up every Virginia citation in `reply` in the law graph, all in one request.
pub async fn check_citations(explorer: &ExplorerClient, reply: &str) -> CitationCheck {
    let found = found_in(reply);
    let mut ids: Vec<String> = Vec::new();
    for f in &found {
        if !ids.contains(&f.source_id) {
            ids.push(f.source_id.clone());
        }
    }
    let mut check = CitationCheck::default();
    let asked = ids.len().min(MAX_CHECKED);
    if asked > 0 {
        let variables: Map<String, Value> =
            ids[..asked].iter().enumerate().map(|(i, id)| (format!("s{i}"), Value::from(id.as_str()))).collect();
        match explorer.query(&lookup_query(asked), Value::Object(variables)).await {
            Ok(data) => {
                for (i, id) in ids[..asked].iter().enumerate() {
                    match data.get(format!("c{i}")) {
                        Some(node) if node.is_object() => check.verified.push(VerifiedCitation {
                            source_id: id.clone(),
                            node_id: node["id"].as_i64().unwrap_or_default(),
                            heading: node["heading"].as_str().map(str::to_string),
                            url: node["url"].as_str().map(str::to_string),
                            text_kind: node["textKind"].as_str().unwrap_or("official").to_string(),
                            label: proseva_citation::short_label(id),
                        }),
                        _ => check.unverified.push(id.clone()),
                    }
                }
            }
            Err(e) => {
                check.note = Some(format!("citations could not be checked: {e}"));
                check.unverified.extend(ids[..asked].iter().cloned());
            }
        }
    }
    check.unverified.extend(ids[asked..].iter().cloned());
    let verified: Vec<&str> = check.verified.iter().map(|v| v.source_id.as_str()).collect();
    check.spans = spans_of(reply, &found, |id| if verified.contains(&id) { CitationStatus::Verified } else { CitationStatus::Unverified });
    check
}

/// The section numbers of `ids` the law graph holds, asked [`MAX_CHECKED`] at a time.
pub async fn sections_held(explorer: &ExplorerClient, ids: &[String]) -> Result<std::collections::HashSet<String>, crate::tool::ToolError> {
    let mut held = std::collections::HashSet::new();
    for chunk in ids.chunks(MAX_CHECKED) {
        let variables: Map<String, Value> = chunk.iter().enumerate().map(|(i, id)| (format!("s{i}"), Value::from(id.as_str()))).collect();
        let data = explorer.query(&lookup_query(chunk.len()), Value::Object(variables)).await?;
        held.extend(chunk.iter().enumerate().filter(|(i, _)| data[format!("c{i}")].is_object()).map(|(_, id)| id.clone()));
    }
    Ok(held)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cited text of each span, sliced as the page slices it (by UTF-16 units).
    fn cited(text: &str) -> Vec<(String, String)> {
        let units: Vec<u16> = text.encode_utf16().collect();
        citation_spans(text).into_iter().map(|s| (String::from_utf16(&units[s.start_utf16..s.end_utf16]).unwrap(), s.source_id)).collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    #[test]
    fn spans_cover_what_the_page_links_in_the_forms_answers_use() {
        assert_eq!(cited("See § 2.2-3704."), pairs(&[("§ 2.2-3704", "2.2-3704")]));
        assert_eq!(cited("§§ 20-124.2 and 20-124.3"), pairs(&[("§§ 20-124.2", "20-124.2"), ("20-124.3", "20-124.3")]));
        assert_eq!(
            cited("§§ 20-124.2, 20-124.3, and 20-124.5"),
            pairs(&[("§§ 20-124.2", "20-124.2"), ("20-124.3", "20-124.3"), ("20-124.5", "20-124.5")])
        );
        assert_eq!(cited("Va. Code § 8.01-243 applies"), pairs(&[("§ 8.01-243", "8.01-243")]));
        assert_eq!(cited("§§ 16.1-241 through 16.1-244"), pairs(&[("§§ 16.1-241", "16.1-241"), ("16.1-244", "16.1-244")]));
        assert_eq!(cited("Article I, Section 12"), pairs(&[("Article I, Section 12", "const-I-12")]));
        assert_eq!(cited("Article VI, § 7"), pairs(&[("Article VI, § 7", "const-VI-7")]));
        assert_eq!(cited("section 20-124.3 says"), pairs(&[("section 20-124.3", "20-124.3")]));
        assert_eq!(cited("§ 63.2-1509:1 and § 8.9A-102."), pairs(&[("§ 63.2-1509:1", "63.2-1509:1"), ("§ 8.9A-102", "8.9A-102")]));
    }

    #[test]
    fn numbers_that_are_not_citations_get_no_span() {
        assert!(cited("Call 555-1234 on 2024-01-02, case JJ123456-01-00").is_empty());
        assert!(cited("Article 5 of the lease").is_empty());
        assert!(cited("§ 12A").is_empty());
    }

    #[test]
    fn offsets_count_utf16_units_after_accents_and_emoji() {
        // "é" is 2 bytes and 1 unit; "👩‍⚖️" is 13 bytes and 5 units.
        let text = "Café 👩‍⚖️: § 20-124.3 and § 2.2-3704";
        let spans = citation_spans(text);
        let units: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(spans.len(), 2);
        assert_eq!(String::from_utf16(&units[spans[0].start_utf16..spans[0].end_utf16]).unwrap(), "§ 20-124.3");
        assert_eq!(String::from_utf16(&units[spans[1].start_utf16..spans[1].end_utf16]).unwrap(), "§ 2.2-3704");
        assert_eq!(spans[0].label, "§ 20-124.3");
        assert_eq!(spans[0].status, CitationStatus::Unchecked);
        assert_eq!(
            serde_json::to_value(&spans[0]).unwrap(),
            serde_json::json!({"startUtf16": 12, "endUtf16": 22, "sourceId": "20-124.3", "label": "§ 20-124.3", "status": "unchecked"})
        );
    }

    #[test]
    fn the_lookup_is_one_query_with_an_alias_per_section() {
        assert_eq!(
            lookup_query(2),
            "query($s0: String, $s1: String) { c0: node(sourceId: $s0) { id sourceId heading url textKind } \
             c1: node(sourceId: $s1) { id sourceId heading url textKind } }"
        );
    }
}
