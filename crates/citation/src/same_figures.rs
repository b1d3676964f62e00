//! The figures of a text, so a Spanish text can be checked against the English one it was written
//! from: every number, sum of money, date, Code section, bill and form number must be in both, as
//! many times. The Spanish is not a word-for-word translation, so only the figures are compared.
//!
//! A figure is normalised so the two languages' ways of writing it meet:
//!
//! - a date: "July 1, 2026" and "1 de julio de 2026" are both `date 2026-07-01`; "July 2026" and
//!   "julio de 2026" are `date 2026-07`;
//! - a section: `§ 55.1-1245`, "55.1-1245" → `§55.1-1245`;
//! - a bill or a form: "HB 15", "SB 48", "DC-421" → `HB15`, `SB48`, `DC-421`;
//! - money: "$4,500", "$4,500.00" → `$4500`;
//! - a date written as ISO 8601 ("2025-11-07") → `date 2025-11-07`, as the words would be;
//! - a Rule of Court or a clock time ("Rule 3:8(a)", "5A:6(c)", "1:7", "11:59 p.m.") → as written,
//!   with the parenthesised subdivisions that follow it (`3:8(a)`, `11:59`);
//! - any other number, in digits or in words from two to ninety-nine ("five", "twenty-one",
//!   "cinco", "veintiuno", "treinta y cinco") → its value. "One" and "un/una/uno" are left out: in
//!   Spanish they are also the article ("un papel"), and "a year" is "un año";
//! - an ordinal ("10th", "fifth", "third", "tercer", "quinta", "décimo") → its value, so "the 10th
//!   day" meets "el día 10" and "the fifth of each month" "el día cinco de cada mes". "First" and
//!   "primer/primera" are left out, as "one" is;
//! - a number joined to its unit ("10-day", "72-hour", "ten-day") → its value, as "10 days" is;
//! - business days: "3 business days" and "3 días hábiles" → `3 business days`, so a count of
//!   business days never meets a count of calendar days;
//! - "both" is not a figure, nor is Spanish "los dos" / "las dos" (the way Spanish says "both",
//!   "either of the two": "cualquiera de las dos partes"); "a las dos" (a clock time) still is.

/// English number words, two to nineteen, and the tens.
const EN_UNITS: &[(&str, u64)] = &[
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("fifteen", 15),
    ("sixteen", 16),
    ("seventeen", 17),
    ("eighteen", 18),
    ("nineteen", 19),
];
const EN_TENS: &[(&str, u64)] =
    &[("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70), ("eighty", 80), ("ninety", 90)];
/// Spanish number words (accents folded), two to twenty-nine, and the tens.
const ES_UNITS: &[(&str, u64)] = &[
    ("dos", 2),
    ("tres", 3),
    ("cuatro", 4),
    ("cinco", 5),
    ("seis", 6),
    ("siete", 7),
    ("ocho", 8),
    ("nueve", 9),
    ("diez", 10),
    ("once", 11),
    ("doce", 12),
    ("trece", 13),
    ("catorce", 14),
    ("quince", 15),
    ("dieciseis", 16),
    ("diecisiete", 17),
    ("dieciocho", 18),
    ("diecinueve", 19),
    ("veinte", 20),
    ("veintiun", 21),
    ("veintiuno", 21),
    ("veintiuna", 21),
    ("veintidos", 22),
    ("veintitres", 23),
    ("veinticuatro", 24),
    ("veinticinco", 25),
    ("veintiseis", 26),
    ("veintisiete", 27),
    ("veintiocho", 28),
    ("veintinueve", 29),
];
const ES_TENS: &[(&str, u64)] =
    &[("treinta", 30), ("cuarenta", 40), ("cincuenta", 50), ("sesenta", 60), ("setenta", 70), ("ochenta", 80), ("noventa", 90)];
const EN_MONTHS: &[&str] =
    &["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const ES_MONTHS: &[&str] =
    &["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

/// The language a text is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
}

use crate::lang::fold;

/// English ordinal words, second to nineteenth, and the tens.
const EN_ORDINALS: &[(&str, u64)] = &[
    ("second", 2),
    ("third", 3),
    ("fourth", 4),
    ("fifth", 5),
    ("sixth", 6),
    ("seventh", 7),
    ("eighth", 8),
    ("ninth", 9),
    ("tenth", 10),
    ("eleventh", 11),
    ("twelfth", 12),
    ("thirteenth", 13),
    ("fourteenth", 14),
    ("fifteenth", 15),
    ("sixteenth", 16),
    ("seventeenth", 17),
    ("eighteenth", 18),
    ("nineteenth", 19),
    ("twentieth", 20),
    ("thirtieth", 30),
    ("fortieth", 40),
    ("fiftieth", 50),
    ("sixtieth", 60),
    ("seventieth", 70),
    ("eightieth", 80),
    ("ninetieth", 90),
];
/// Spanish ordinal words (accents folded), second to tenth, in each gender.
const ES_ORDINALS: &[(&str, u64)] = &[
    ("segundo", 2),
    ("segunda", 2),
    ("tercer", 3),
    ("tercero", 3),
    ("tercera", 3),
    ("cuarto", 4),
    ("cuarta", 4),
    ("quinto", 5),
    ("quinta", 5),
    ("sexto", 6),
    ("sexta", 6),
    ("septimo", 7),
    ("septima", 7),
    ("octavo", 8),
    ("octava", 8),
    ("noveno", 9),
    ("novena", 9),
    ("decimo", 10),
    ("decima", 10),
];
/// Units a number may be joined to with a hyphen ("10-day", "72-hour").
const EN_JOINED_UNITS: &[&str] = &["day", "days", "year", "years", "hour", "hours", "week", "weeks", "month", "months"];

/// A token of a text: a word or a run of digits with the separators inside it.
#[derive(Debug, Clone, PartialEq)]
struct Token {
    text: String,
    /// Preceded by `$`.
    dollar: bool,
    /// Where it ends in the text, in chars (one past its last).
    end: usize,
}

fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() {
            let start = i;
            // A word or number runs on through `.`, `,`, `-` and `:` between two alphanumerics
            // (`55.1-1245`, `4,500`, `DC-421`, `twenty-one`, `308.1:4`).
            while i < chars.len()
                && (chars[i].is_alphanumeric()
                    || (matches!(chars[i], '.' | ',' | '-' | ':') && chars.get(i + 1).is_some_and(|n| n.is_alphanumeric()) && i > start))
            {
                i += 1;
            }
            let dollar = start > 0 && chars[..start].iter().rev().find(|c| !c.is_whitespace()) == Some(&'$');
            out.push(Token { text: chars[start..i].iter().collect(), dollar, end: i });
        } else {
            i += 1;
        }
    }
    out
}

fn is_section(t: &str) -> bool {
    // `55.1-1245`, `8.01-126`, `16.1-278.15`, `18.2-308.1:4`: digits (and one dot), a hyphen, digits.
    let Some((title, rest)) = t.split_once('-') else { return false };
    let digits_dot =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == '.') && s.starts_with(|c: char| c.is_ascii_digit());
    digits_dot(title) && rest.split(':').all(digits_dot)
}

fn is_form(t: &str) -> bool {
    // `DC-421`, `DC-511A`.
    let Some((letters, number)) = t.split_once('-') else { return false };
    (2..=3).contains(&letters.len())
        && letters.chars().all(|c| c.is_ascii_uppercase())
        && number.starts_with(|c: char| c.is_ascii_digit())
        && number.chars().all(|c| c.is_ascii_alphanumeric())
}

/// `2025-11-07` → `2025-11-07` when it is a real day.
fn iso_date(t: &str) -> Option<String> {
    let mut parts = t.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |s: &str, n: usize| s.len() == n && s.chars().all(|c| c.is_ascii_digit());
    if parts.next().is_some() || !digits(y, 4) || !digits(m, 2) || !digits(d, 2) {
        return None;
    }
    let (month, day): (u32, u32) = (m.parse().ok()?, d.parse().ok()?);
    ((1..=12).contains(&month) && (1..=31).contains(&day)).then(|| t.to_string())
}

/// A Rule of Court or a clock time: digits, an optional capital letter, `:`, digits (`3:8`,
/// `5A:6`, `11:59`).
fn is_rule_or_time(t: &str) -> bool {
    let Some((before, after)) = t.split_once(':') else { return false };
    let before = before.strip_suffix(|c: char| c.is_ascii_uppercase()).unwrap_or(before);
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    digits(before) && digits(after)
}

/// The `(a)(1)` right after a Rule number in `chars` from `at`: the subdivisions and where they end.
fn subdivisions(chars: &[char], mut at: usize) -> (String, usize) {
    let mut out = String::new();
    while chars.get(at) == Some(&'(') {
        let inner: String = chars[at + 1..].iter().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if inner.is_empty() || chars.get(at + 1 + inner.chars().count()) != Some(&')') {
            break;
        }
        out.push_str(&format!("({inner})"));
        at += inner.chars().count() + 2;
    }
    (out, at)
}

/// `10th`, `21st`, `2nd`, `3rd` → 10, 21, 2, 3.
fn ordinal_digits(t: &str) -> Option<u64> {
    let digits = t.strip_suffix("th").or_else(|| t.strip_suffix("st")).or_else(|| t.strip_suffix("nd")).or_else(|| t.strip_suffix("rd"))?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

fn number_value(t: &str) -> Option<String> {
    if !t.starts_with(|c: char| c.is_ascii_digit()) || !t.chars().all(|c| c.is_ascii_digit() || c == ',' || c == '.') {
        return None;
    }
    let plain = t.replace(',', "");
    let plain = plain.strip_suffix(".00").unwrap_or(&plain).to_string();
    Some(plain)
}

/// The value of an English number word from zero to nineteen, or a tens (`twenty` … `ninety`).
pub fn english_number_word(word: &str) -> Option<u64> {
    match word {
        "zero" => Some(0),
        "one" => Some(1),
        _ => EN_UNITS.iter().chain(EN_TENS).find(|(w, _)| *w == word).map(|(_, v)| *v),
    }
}

fn word_value(words: &[String], i: usize, lang: Lang) -> Option<(u64, usize)> {
    let w = words[i].as_str();
    let find = |list: &[(&str, u64)], w: &str| list.iter().find(|(n, _)| *n == w).map(|(_, v)| *v);
    match lang {
        Lang::En => {
            if let Some(n) = find(EN_ORDINALS, w).or_else(|| ordinal_digits(w)) {
                return Some((n, 1));
            }
            // `ten-day`, `72-hour`: a number joined to its unit.
            if let Some((number, unit)) = w.split_once('-')
                && EN_JOINED_UNITS.contains(&unit)
            {
                let n = number.parse().ok().or_else(|| find(EN_UNITS, number)).or_else(|| find(EN_TENS, number))?;
                return Some((n, 1));
            }
            // "Twice" is two times ("dos veces").
            if w == "twice" {
                return Some((2, 1));
            }
            // `two-thirds`: a number of parts is a figure ("dos tercios").
            if let Some((unit, part)) = w.split_once('-')
                && ["third", "thirds", "half", "halves", "quarter", "quarters", "fourth", "fourths", "fifth", "fifths"].contains(&part)
            {
                return find(EN_UNITS, unit).map(|v| (v, 1));
            }
            // `twenty-one`, `twenty one`, `twenty`, `five`, `twenty-first`.
            if let Some((tens, unit)) = w.split_once('-') {
                let unit = find(EN_UNITS, unit)
                    .filter(|u| *u < 10)
                    .or((unit == "one" || unit == "first").then_some(1))
                    .or_else(|| find(EN_ORDINALS, unit).filter(|u| *u < 10))?;
                return Some((find(EN_TENS, tens)? + unit, 1));
            }
            // `the two` ("the two are family members") is "both", as Spanish `los dos` is.
            if w == "two" && i >= 1 && words[i - 1] == "the" {
                return None;
            }
            if let Some(tens) = find(EN_TENS, w) {
                let unit = words.get(i + 1).and_then(|n| find(EN_UNITS, n).filter(|u| *u < 10).or((n == "one").then_some(1)));
                return Some(unit.map_or((tens, 1), |u| (tens + u, 2)));
            }
            find(EN_UNITS, w).map(|v| (v, 1))
        }
        Lang::Es => {
            if let Some(n) = find(ES_ORDINALS, w) {
                return Some((n, 1));
            }
            // `los dos`, `las dos`: "both", not a figure; but `a las dos` is a clock time.
            let both = |i: usize| match words[i - 1].as_str() {
                "los" => true,
                "las" => !(i >= 2 && words[i - 2] == "a"),
                _ => false,
            };
            if w == "dos" && i >= 1 && both(i) {
                return None;
            }
            if let Some(tens) = find(ES_TENS, w) {
                if words.get(i + 1).is_some_and(|y| y == "y")
                    && let Some(u) = words.get(i + 2).and_then(|n| {
                        matches!(n.as_str(), "un" | "uno" | "una").then_some(1).or_else(|| find(ES_UNITS, n).filter(|u| *u < 10))
                    })
                {
                    return Some((tens + u, 3));
                }
                return Some((tens, 1));
            }
            find(ES_UNITS, w).map(|v| (v, 1))
        }
    }
}

/// The figures `text` states, normalised (see the module), sorted.
pub fn figures(text: &str, lang: Lang) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let toks = tokens(text);
    let folded: Vec<String> = toks.iter().map(|t| fold(&t.text)).collect();
    let months = if lang == Lang::En { EN_MONTHS } else { ES_MONTHS };
    let month_of = |w: &str| months.iter().position(|m| *m == w).map(|m| m + 1);
    let year_of = |w: Option<&String>| w.filter(|y| y.len() == 4 && y.chars().all(|c| c.is_ascii_digit())).cloned();
    let day_of = |w: Option<&String>| w.and_then(|d| d.parse::<u32>().ok()).filter(|d| (1..=31).contains(d));
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let raw = toks[i].text.as_str();
        let w = folded[i].as_str();
        // Dates.
        match lang {
            Lang::En => {
                if let Some(m) = month_of(w) {
                    // `July 1, 2026` / `July 2026`.
                    if let (Some(d), Some(y)) = (day_of(folded.get(i + 1)), year_of(folded.get(i + 2))) {
                        out.push(format!("date {y}-{m:02}-{d:02}"));
                        i += 3;
                        continue;
                    }
                    if let Some(y) = year_of(folded.get(i + 1)) {
                        out.push(format!("date {y}-{m:02}"));
                        i += 2;
                        continue;
                    }
                }
            }
            Lang::Es => {
                // `1 de julio de 2026` / `julio de 2026`.
                if let Some(d) = day_of(Some(&folded[i]))
                    && folded.get(i + 1).is_some_and(|w| w == "de")
                    && let Some(m) = folded.get(i + 2).and_then(|w| month_of(w))
                    && folded.get(i + 3).is_some_and(|w| w == "de")
                    && let Some(y) = year_of(folded.get(i + 4))
                {
                    out.push(format!("date {y}-{m:02}-{d:02}"));
                    i += 5;
                    continue;
                }
                if let Some(m) = month_of(w)
                    && folded.get(i + 1).is_some_and(|w| w == "de")
                    && let Some(y) = year_of(folded.get(i + 2))
                {
                    out.push(format!("date {y}-{m:02}"));
                    i += 3;
                    continue;
                }
            }
        }
        // Business days: the count after which "business days" / "días hábiles" follows.
        let business = |after: usize| match lang {
            Lang::En => {
                folded.get(after).is_some_and(|w| w == "business") && folded.get(after + 1).is_some_and(|w| w == "day" || w == "days")
            }
            Lang::Es => {
                folded.get(after).is_some_and(|w| w == "dia" || w == "dias")
                    && folded.get(after + 1).is_some_and(|w| w == "habil" || w == "habiles")
            }
        };
        if let Some(date) = iso_date(raw) {
            out.push(format!("date {date}"));
        } else if is_rule_or_time(raw) {
            let (parts, end) = subdivisions(&chars, toks[i].end);
            out.push(format!("{raw}{parts}"));
            // The letters and numbers inside the parentheses belong to it.
            i += 1;
            while toks.get(i).is_some_and(|t| t.end <= end) {
                i += 1;
            }
            continue;
        } else if is_section(raw) {
            out.push(format!("§{raw}"));
        } else if is_form(raw) {
            out.push(raw.to_string());
        } else if matches!(raw, "HB" | "SB" | "HJ" | "SJ")
            && let Some(n) = folded.get(i + 1).filter(|n| n.chars().all(|c| c.is_ascii_digit()))
        {
            out.push(format!("{raw}{n}"));
            i += 2;
            continue;
        } else if let Some(n) = number_value(raw) {
            if business(i + 1) {
                out.push(format!("{n} business days"));
                i += 3;
                continue;
            }
            out.push(if toks[i].dollar { format!("${n}") } else { n });
        } else if let Some((value, used)) = word_value(&folded, i, lang) {
            if business(i + used) {
                out.push(format!("{value} business days"));
                i += used + 2;
                continue;
            }
            out.push(value.to_string());
            i += used;
            continue;
        }
        i += 1;
    }
    out.sort();
    out
}

/// What differs between the figures of an English text and of the Spanish written from it: the
/// figures only the English has, and those only the Spanish has; `None` when they are the same.
pub fn differ(english: &str, spanish: &str) -> Option<String> {
    let (mut en, mut es) = (figures(english, Lang::En), figures(spanish, Lang::Es));
    let mut only_en = Vec::new();
    while let Some(f) = en.pop() {
        match es.iter().position(|g| *g == f) {
            Some(p) => {
                es.remove(p);
            }
            None => only_en.push(f),
        }
    }
    if only_en.is_empty() && es.is_empty() {
        return None;
    }
    only_en.reverse();
    Some(format!("only in the English: {only_en:?}; only in the Spanish: {es:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_figures_in_both_languages_meet() {
        let en = "For a notice served on or after July 1, 2026, that time is 14 days (2026 HB 15 / SB 48); the 2023 text gave five \
                  days. A claim of up to $4,500 goes to the general district court (§ 16.1-77), form DC-421, within twenty-one days.";
        let es = "Para un aviso entregado el 1 de julio de 2026 o después, el plazo es de 14 días (2026 HB 15 / SB 48); el texto de \
                  2023 daba cinco días. Un reclamo de hasta $4,500 va al Tribunal de Distrito General (§ 16.1-77), formulario \
                  DC-421, dentro de veintiún días.";
        assert_eq!(differ(en, es), None, "{:?}\n{:?}", figures(en, Lang::En), figures(es, Lang::Es));
        assert_eq!(figures("July 2026", Lang::En), figures("julio de 2026", Lang::Es));
        assert_eq!(figures("thirty-five days", Lang::En), figures("treinta y cinco días", Lang::Es));
        assert_eq!(figures("$4,500.00", Lang::En), vec!["$4500"]);
        assert_eq!(figures("§ 18.2-308.1:4", Lang::En), vec!["§18.2-308.1:4"]);
    }

    #[test]
    fn a_figure_changed_or_dropped_is_found() {
        assert!(differ("within 10 days", "dentro de 14 días").is_some());
        assert!(differ("§ 55.1-1245 and § 8.01-126", "el § 55.1-1245").is_some());
        assert!(differ("July 1, 2026", "1 de junio de 2026").is_some());
        assert!(differ("five days", "seis días").is_some());
        assert!(differ("$500", "500").is_some(), "money is money");
        // "un/una" is the article as often as the number: neither side counts it.
        assert_eq!(differ("one year", "un año"), None);
    }

    #[test]
    fn ordinals_joined_units_and_both_meet_their_spanish() {
        assert_eq!(differ("all three by the 10th day", "las tres cosas a más tardar el día 10"), None);
        assert_eq!(differ("by the fifth of each month", "a más tardar el día cinco de cada mes"), None);
        assert_eq!(differ("until 11:59 p.m. on the third day", "hasta las 11:59 p.m. del tercer día"), None);
        assert_eq!(differ("your 10-day appeal period", "sus 10 días para apelar"), None);
        assert_eq!(differ("a ten-day period", "un plazo de diez días"), None);
        assert_eq!(differ("the twenty-first day", "el día veintiuno"), None);
        assert_eq!(differ("both parents", "los dos padres"), None);
        assert_eq!(differ("may send both parents", "puede mandar a los dos padres"), None);
        assert_eq!(differ("Either side may appeal", "Cualquiera de las dos partes puede apelar"), None);
        assert_eq!(figures("a las dos de la tarde", Lang::Es), vec!["2"]);
        assert!(differ("the 10th day", "el día 11").is_some());
        assert!(differ("the fifth", "el día seis").is_some());
        assert!(differ("the third day", "el cuarto día").is_some());
    }

    #[test]
    fn rules_times_iso_dates_and_business_days_are_figures_of_their_own() {
        assert_eq!(figures("Rule 3:8(a) and Rule 5A:6(c)(1)", Lang::En), vec!["3:8(a)", "5A:6(c)(1)"]);
        assert_eq!(differ("(Rule 1:1(a))", "(Regla 1:1(a))"), None);
        assert!(differ("Rule 3:8(a)", "Regla 3:8(b)").is_some());
        assert!(differ("Rule 4:8(d)", "Regla 4:9(d)").is_some());
        assert!(differ("until 11:59 p.m.", "hasta las 11:58 p.m.").is_some());
        assert_eq!(figures("2025-11-07", Lang::En), vec!["date 2025-11-07"]);
        assert_eq!(differ("21 days after 2025-11-07", "21 días después del 7 de noviembre de 2025"), None);
        assert!(differ("21 days after 2025-11-07", "21 días después del 8 de noviembre de 2025").is_some());
        assert_eq!(figures("2025-13-07", Lang::En), Vec::<String>::new(), "not a day");
        assert_eq!(figures("within 3 business days", Lang::En), vec!["3 business days"]);
        assert_eq!(differ("within seven business days", "dentro de siete días hábiles"), None);
        assert_eq!(differ("within 3 business days", "dentro de 3 días hábiles"), None);
        assert!(differ("within 3 business days", "dentro de 3 días").is_some(), "business days are not calendar days");
        assert!(differ("within 3 days", "dentro de 3 días hábiles").is_some());
        // A section with a colon is still a section.
        assert_eq!(figures("§ 18.2-308.1:4", Lang::En), vec!["§18.2-308.1:4"]);
    }
}
