//! The export files the LIS publishes, by name: every title of the Code, the Constitution and the
//! other lists; the titles a library page links; and the export name of a file a browser saved.

use crate::lis::FileKind;

/// Every title of the Code of Virginia, as the export file names spell them.
pub const TITLES: &[&str] = &[
    "1", "2.2", "3.2", "4.1", "5.1", "6.2", "8.01", "8.1A", "8.2", "8.2A", "8.3A", "8.4", "8.4A", "8.5A", "8.7", "8.8A", "8.9A", "8.10",
    "8.11", "8.12", "8.13", "9.1", "10.1", "11", "12.1", "13.1", "15.2", "16.1", "17.1", "18.2", "19.2", "20", "21", "22.1", "23.1",
    "24.2", "25.1", "27", "28.2", "29.1", "30", "32.1", "33.2", "34", "35.1", "36", "37.2", "38.2", "40.1", "41.1", "42.1", "43", "44",
    "45.2", "46.2", "47.1", "48", "49", "50", "51.1", "51.5", "52", "53.1", "54.1", "55.1", "56", "57", "58.1", "59.1", "60.2", "61.1",
    "62.1", "63.2", "64.2", "65.2", "66", "67",
];

/// The exports besides the titles, in the order they are fetched.
pub const OTHER_FILES: &[&str] =
    &["Constitution.csv", "PopularNames.csv", "Authorities.csv", "Charters.csv", "Compacts.csv", "UnCodifiedActs.csv"];

/// The export files, by name: every title, then the Constitution and the other lists.
pub fn file_names() -> Vec<String> {
    file_names_with(TITLES.iter().map(|t| format!("CoVTitle_{t}.csv")).collect())
}

/// `titles` (file names), then the Constitution and the other lists.
pub(super) fn file_names_with(mut titles: Vec<String>) -> Vec<String> {
    titles.sort_by(|a, b| proseva_citation::natural_cmp(a, b));
    titles.dedup();
    titles.extend(OTHER_FILES.iter().map(|s| s.to_string()));
    titles
}

/// The title files a library page links (`/CSV/CoVTitle_<n>.csv`, as an absolute or relative
/// address), in Code order; empty when it links none.
pub fn titles_linked_from(page: &str) -> Vec<String> {
    let mut titles = Vec::new();
    let lower = page.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("/csv/covtitle_").map(|i| i + from) {
        let start = at + "/csv/".len();
        let end = lower[start..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.')).map_or(lower.len(), |i| i + start);
        if let Some(name) = canonical_name(&page[start..end])
            && FileKind::of(&name) == Some(FileKind::Code)
            && !titles.contains(&name)
        {
            titles.push(name);
        }
        from = end;
    }
    titles.sort_by(|a, b| proseva_citation::natural_cmp(a, b));
    titles
}

/// The name an export goes by (`CoVTitle_8.01.csv`, `Constitution.csv`) for a file name as a
/// browser may have saved it: any case, a ` (1)` or `-1` a second download added, `.CSV`. `None`
/// for a name that is no export's.
pub fn canonical_name(file_name: &str) -> Option<String> {
    let name = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name).trim();
    let lower = name.to_ascii_lowercase();
    let stem = lower.strip_suffix(".csv")?;
    // "covtitle_20 (1)" and "covtitle_20-1": a browser's second copy.
    let stem = match stem.rfind(" (") {
        Some(i) if stem.ends_with(')') && stem[i + 2..stem.len() - 1].chars().all(|c| c.is_ascii_digit()) => &stem[..i],
        _ => stem,
    };
    if let Some(title) = stem.strip_prefix("covtitle_") {
        let title = title.trim();
        let title = match title.rsplit_once('-') {
            Some((t, n)) if n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() => t,
            _ => title,
        };
        let valid = !title.is_empty()
            && title.chars().next().is_some_and(|c| c.is_ascii_digit())
            && title.chars().all(|c| c.is_ascii_alphanumeric() || c == '.');
        return valid.then(|| format!("CoVTitle_{}.csv", title.to_ascii_uppercase()));
    }
    let stem = stem.split(['-', ' ']).next().unwrap_or(stem);
    OTHER_FILES.iter().find(|f| f.to_ascii_lowercase() == format!("{stem}.csv")).map(|f| f.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_title_and_list_is_asked_for() {
        let names = file_names();
        assert_eq!(names.len(), TITLES.len() + 6);
        for wanted in ["CoVTitle_8.1A.csv", "CoVTitle_2.2.csv", "CoVTitle_63.2.csv", "UnCodifiedActs.csv", "Charters.csv"] {
            assert!(names.iter().any(|n| n == wanted), "{wanted}");
        }
        assert!(names.iter().all(|n| FileKind::of(n).is_some()), "every file name is one the reader knows");
    }

    #[test]
    fn the_library_page_names_the_titles_it_publishes() {
        let page = r#"<ul><li><a href="/CSV/CoVTitle_8.12.csv">Title 8.12</a></li>
            <li><a href='https://law.lis.virginia.gov/CSV/CoVTitle_1.csv'>1</a></li><a href="/CSV/Constitution.csv">C</a>
            <a href="/CSV/CoVTitle_8.12.csv">again</a><a href="/vacode/title2.2/">browse</a></ul>"#;
        assert_eq!(titles_linked_from(page), ["CoVTitle_1.csv", "CoVTitle_8.12.csv"]);
        assert!(titles_linked_from("<html>nothing here</html>").is_empty());
    }

    #[test]
    fn saved_file_names_map_to_export_names() {
        assert_eq!(canonical_name("covtitle_8.1a.csv").as_deref(), Some("CoVTitle_8.1A.csv"));
        assert_eq!(canonical_name("CoVTitle_20 (1).csv").as_deref(), Some("CoVTitle_20.csv"));
        assert_eq!(canonical_name("/home/me/Downloads/CoVTitle_55.1-2.csv").as_deref(), Some("CoVTitle_55.1.csv"));
        assert_eq!(canonical_name("constitution (2).CSV").as_deref(), Some("Constitution.csv"));
        assert_eq!(canonical_name("UnCodifiedActs.csv").as_deref(), Some("UnCodifiedActs.csv"));
        assert_eq!(canonical_name("notes.csv"), None);
        assert_eq!(canonical_name("CoVTitle_.csv"), None);
        assert_eq!(canonical_name("CoVTitle_20.txt"), None);
    }
}
