//! The warnings the HTML clean-up gives: one per removal (the first few), one for escaped tags.

use crate::text::decode_entities;

/// How many removals are listed one by one before the rest are counted.
const LISTED: usize = 20;

/// What the clean-up removed and escaped, as it goes.
#[derive(Default)]
pub(crate) struct Report {
    removed: Vec<String>,
    removed_count: usize,
    escaped: usize,
    first_escaped: Option<(usize, String)>,
}

impl Report {
    pub(crate) fn removed(&mut self, line: usize, what: String) {
        self.removed_count += 1;
        if self.removed.len() < LISTED {
            self.removed.push(format!("line {line}: removed {what}"));
        }
    }

    pub(crate) fn escaped(&mut self, line: usize, tag: String) {
        self.escaped += 1;
        self.first_escaped.get_or_insert((line, tag));
    }

    pub(crate) fn into_warnings(self) -> Vec<String> {
        let mut warnings = self.removed;
        if self.removed_count > LISTED {
            warnings.push(format!("… and {} more removals of HTML that drafts cannot hold", self.removed_count - LISTED));
        }
        if let Some((line, tag)) = self.first_escaped {
            let count = if self.escaped == 1 { "an HTML tag".to_string() } else { format!("{} HTML tags", self.escaped) };
            warnings.push(format!("line {line}: {count} (the first is `{tag}`) will show as text: drafts do not use HTML"));
        }
        warnings
    }
}

/// `javascript:` (or whichever scheme), for the warning.
pub(crate) fn scheme_of(target: &str) -> String {
    let squeezed: String = decode_entities(target).chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect();
    let scheme: String = squeezed.trim_start_matches('<').chars().take_while(|&c| c != ':').take(12).collect();
    format!("{}:", scheme.to_ascii_lowercase())
}
