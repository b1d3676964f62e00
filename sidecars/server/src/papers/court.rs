//! The court lines at the top of a paper, as a Virginia court's papers write them:
//! `VIRGINIA:` then `IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND`, read from the
//! court the case record names ("General District Court of the City of Richmond", "Richmond
//! General District Court", "Fairfax County J&DR Court"…).

/// The court kinds a case record may name, longest first, with the name the heading uses.
const COURTS: [(&str, &str); 9] = [
    ("juvenile and domestic relations district court", "JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT"),
    ("juvenile & domestic relations district court", "JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT"),
    ("juvenile and domestic relations court", "JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT"),
    ("j&dr district court", "JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT"),
    ("j&dr court", "JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT"),
    ("jdr court", "JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT"),
    ("general district court", "GENERAL DISTRICT COURT"),
    ("circuit court", "CIRCUIT COURT"),
    ("district court", "DISTRICT COURT"),
];

/// `["VIRGINIA:", "IN THE … COURT FOR THE CITY OF …"]`, and whether the court and its place
/// were both read from `court` (when not, the missing part is a blank to fill by hand).
pub fn court_lines(court: Option<&str>) -> (Vec<String>, bool) {
    let text = court.map(|c| c.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default();
    let lower = text.to_ascii_lowercase();
    let found = COURTS.iter().find_map(|(name, heading)| lower.find(name).map(|at| (at, name.len(), *heading)));
    let Some((at, len, heading)) = found else {
        let line = if text.is_empty() {
            format!("IN THE {} COURT FOR THE {}", proseva_drafts::BLANK, proseva_drafts::BLANK)
        } else {
            format!("IN THE {}", text.to_uppercase())
        };
        return (vec!["VIRGINIA:".into(), line], false);
    };
    // The place: after "of"/"for"/"in" ("… Court of the City of Richmond"), else before the
    // court's name ("Richmond General District Court", "Fairfax County J&DR Court").
    let after = text[at + len..].trim().trim_start_matches([',', '-', '–']).trim();
    let before = text[..at].trim().trim_end_matches([',', '-', '–']).trim();
    let place = if !after.is_empty() {
        let words: Vec<&str> = after.split(' ').collect();
        let skip = words.iter().take_while(|w| ["of", "for", "in", "the"].contains(&w.to_ascii_lowercase().as_str())).count();
        place_of(&words[skip..].join(" "))
    } else {
        place_of(before)
    };
    match place {
        Some(place) => (vec!["VIRGINIA:".into(), format!("IN THE {heading} FOR THE {}", place.to_uppercase())], true),
        None => (vec!["VIRGINIA:".into(), format!("IN THE {heading} FOR THE {}", proseva_drafts::BLANK)], false),
    }
}

/// "City of Richmond" stays; "Richmond City" → "City of Richmond"; "Fairfax County" → "County of
/// Fairfax"; "Richmond" alone cannot say whether it is the city or a county: `None`.
fn place_of(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches('.').trim();
    if text.is_empty() {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    for kind in ["city", "county", "town"] {
        if let Some(rest) = lower.strip_prefix(&format!("{kind} of ")) {
            let name = &text[text.len() - rest.len()..];
            return Some(format!("{} of {}", capital(kind), name.trim()));
        }
        if let Some(name) = lower.strip_suffix(&format!(" {kind}")) {
            return Some(format!("{} of {}", capital(kind), text[..name.len()].trim()));
        }
    }
    None
}

fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::court_lines;

    #[test]
    fn the_court_lines_are_read_from_the_ways_people_name_a_court() {
        let line = |c: &str| court_lines(Some(c)).0[1].clone();
        assert_eq!(line("General District Court of the City of Richmond"), "IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND");
        assert_eq!(line("Richmond City General District Court"), "IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND");
        assert_eq!(line("Fairfax County J&DR Court"), "IN THE JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT FOR THE COUNTY OF FAIRFAX");
        assert_eq!(
            line("Juvenile and Domestic Relations District Court for the County of Henrico"),
            "IN THE JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT FOR THE COUNTY OF HENRICO"
        );
        assert_eq!(line("Circuit Court of Arlington County"), "IN THE CIRCUIT COURT FOR THE COUNTY OF ARLINGTON");
        assert_eq!(
            court_lines(Some("Richmond General District Court")),
            (vec!["VIRGINIA:".to_string(), "IN THE GENERAL DISTRICT COURT FOR THE ____________________".to_string()], false)
        );
        assert!(!court_lines(None).1);
        assert_eq!(court_lines(Some("Small claims")).0[1], "IN THE SMALL CLAIMS");
    }
}
