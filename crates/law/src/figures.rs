//! The figures a text states — periods (`5 days`, `twenty-one days`, `72 hours`, `two years`),
//! sums of money (`$4,500`) and percentages (`100 percent`, `10%`) — in one normal form, so a
//! plain-language summary's figures can be compared with the official words that state them:
//! `five days` and `5 days` are both `5 day`; `$4,500.00` is `$4500`; `100 %` is `100%`.

/// Units of time, by the form a figure is normalised to.
const PERIODS: &[(&str, &str)] = &[
    ("hour", "hour"),
    ("hours", "hour"),
    ("day", "day"),
    ("days", "day"),
    ("week", "week"),
    ("weeks", "week"),
    ("month", "month"),
    ("months", "month"),
    ("year", "year"),
    ("years", "year"),
];
/// Words that may stand between a number and its unit without changing the figure.
const BETWEEN: &[&str] = &["calendar", "business", "working", "consecutive", "full", "judicial", "additional", "more"];

/// The value of a number word up to ninety (`five`, `twenty`): the English number words
/// `proseva_citation::same_figures` reads.
fn word_value(word: &str) -> Option<u64> {
    proseva_citation::same_figures::english_number_word(word)
}

/// The value of a number written in digits (`1,500`, `4500.00`): whole part only when the
/// fraction is zero; `None` for anything else.
fn digits_value(token: &str) -> Option<String> {
    let plain = token.replace(',', "");
    let (whole, fraction) = plain.split_once('.').unwrap_or((&plain, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole = whole.trim_start_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    if fraction.bytes().all(|b| b == b'0') { Some(whole.to_string()) } else { Some(format!("{whole}.{fraction}")) }
}

/// The text split into lower-case tokens: words, numbers (with their commas and points) and the
/// signs `$` and `%` on their own.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let inside_number = matches!(c, ',' | '.')
            && current.chars().last().is_some_and(|p| p.is_ascii_digit())
            && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
        // A table printed without spaces runs a word into a number ("Thumb60 weeks"): two tokens.
        let kind_changes = current.chars().last().is_some_and(|p| p.is_alphabetic() != c.is_alphabetic()) && c.is_alphanumeric();
        if kind_changes && !inside_number {
            out.push(std::mem::take(&mut current));
        }
        if c.is_alphanumeric() || inside_number {
            current.extend(c.to_lowercase());
        } else {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            if matches!(c, '$' | '%') {
                out.push(c.to_string());
            }
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// A number starting at `tokens[i]`: its value and how many tokens it takes (`twenty one` is two,
/// `five and three quarters` four).
fn number_at(tokens: &[String], i: usize) -> Option<(String, usize)> {
    let token = tokens.get(i)?;
    let (whole, len) = if let Some(value) = digits_value(token) {
        (value, 1)
    } else {
        let value = word_value(token)?;
        match tokens.get(i + 1).and_then(|t| word_value(t)).filter(|u| value >= 20 && *u < 10) {
            Some(unit) => ((value + unit).to_string(), 2),
            None => (value.to_string(), 1),
        }
    };
    // "Five and three-quarters percent", "two and one-half years".
    let fraction = match (
        tokens.get(i + len).map(String::as_str),
        tokens.get(i + len + 1).map(String::as_str),
        tokens.get(i + len + 2).map(String::as_str),
    ) {
        (Some("and"), Some("one" | "a"), Some("half")) => Some("5"),
        (Some("and"), Some("one" | "a"), Some("quarter")) => Some("25"),
        (Some("and"), Some("three"), Some("quarters")) => Some("75"),
        _ => None,
    };
    match fraction {
        Some(f) if !whole.contains('.') => Some((format!("{whole}.{f}"), len + 3)),
        _ => Some((whole, len)),
    }
}

/// The figures `text` states, normalised (`5 day`, `$4500`, `100%`), in order, without repeats.
pub fn figures(text: &str) -> Vec<String> {
    let tokens = tokens(text);
    let mut out: Vec<String> = Vec::new();
    let mut push = |f: String| {
        if !out.contains(&f) {
            out.push(f);
        }
    };
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "$"
            && let Some((value, _)) = tokens.get(i + 1).and_then(|t| digits_value(t)).map(|v| (v, 1))
        {
            push(format!("${value}"));
            i += 2;
            continue;
        }
        if let Some((value, len)) = number_at(&tokens, i) {
            let mut j = i + len;
            while tokens.get(j).is_some_and(|t| BETWEEN.contains(&t.as_str())) {
                j += 1;
            }
            match tokens.get(j).map(String::as_str) {
                Some("%" | "percent") => push(format!("{value}%")),
                Some(unit) => {
                    if let Some((_, normal)) = PERIODS.iter().find(|(u, _)| *u == unit) {
                        push(format!("{value} {normal}"));
                    } else if unit == "dollars" {
                        push(format!("${value}"));
                    }
                }
                None => {}
            }
            i += len;
            continue;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_digits_meet() {
        assert_eq!(figures("within five days after written notice"), ["5 day"]);
        assert_eq!(figures("the tenant has 5 days to pay"), ["5 day"]);
        assert_eq!(figures("twenty-one days, or 21 calendar days"), ["21 day"]);
        assert_eq!(figures("at least 72 hours' notice"), ["72 hour"]);
        assert_eq!(figures("a claim of $4,500.00 or $4500"), ["$4500"]);
        assert_eq!(figures("rated 100 percent disabled, or 100 % or 100%"), ["100%"]);
        assert_eq!(figures("not more than 25,000 dollars"), ["$25000"]);
        assert_eq!(figures("two years and six months"), ["2 year", "6 month"]);
        assert_eq!(figures("Thumb60 weeks. Index finger35 weeks."), ["60 week", "35 week"]);
        assert_eq!(figures("Five and three-quarters percent, or 5.75 %"), ["5.75%"]);
        assert_eq!(figures("two and one-half years"), ["2.5 year"]);
    }

    #[test]
    fn numbers_that_are_not_figures_are_left_alone() {
        assert!(figures("See § 55.1-1245 and Chapter 5 of Title 20.").is_empty());
        assert!(figures("Rule 3:8(a) applies; 2.5 is a ratio").is_empty());
        assert!(figures("").is_empty());
        assert_eq!(figures("within 2.5 days"), ["2.5 day"]);
    }
}
