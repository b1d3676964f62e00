//! The language a request wants its words in: English or Spanish (issue 44).
//!
//! [`Lang`] is an axum extractor. `?lang=es` or `?lang=en` decides first; without it, the
//! `Accept-Language` header: the language the person prefers most (highest `q`, then the order
//! written) among those this server speaks — a tag whose primary subtag is `es` (`es`, `es-US`,
//! `es-419`) is Spanish, `en` English, others (`fr`, `*`) are passed over — and English when the
//! header names neither or is absent. An unknown `lang` is a 400 naming `lang`; a header is never
//! refused. A response whose words are in a language carries `Content-Language`
//! ([`Lang::headers`]).
//!
//! Only words change with the language: ids, keys, section numbers, rule ids, dates and amounts are
//! the same in both.
//!
//! ```
//! use proseva_server::lang::Lang;
//!
//! assert_eq!(Lang::from_accept_language("es-US,es;q=0.9,en;q=0.8"), Lang::Es);
//! assert_eq!(Lang::from_accept_language("en-US,en;q=0.9,es;q=0.8"), Lang::En);
//! assert_eq!(Lang::from_accept_language("fr-CA, es;q=0.5"), Lang::Es);
//! assert_eq!(Lang::parse("ES"), Some(Lang::Es));
//! assert_eq!(Lang::parse("fr"), None);
//! ```

use axum::extract::FromRequestParts;
use axum::http::{HeaderName, HeaderValue, header, request::Parts};
use chrono::{Datelike, NaiveDate};

use crate::ApiError;

const MONTHS_ES: [&str; 12] =
    ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];
const WEEKDAYS_ES: [&str; 7] = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];

/// A language the server writes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Es,
}

impl Lang {
    /// The language's tag: `en` or `es` (what `Content-Language` says and `?lang=` takes).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// `en` or `es`, in any case; `None` for anything else.
    pub fn parse(text: &str) -> Option<Lang> {
        match text.trim().to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The language an `Accept-Language` header prefers among English and Spanish; English when it
    /// names neither. Tags with `q=0` are refused languages and never chosen.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let primary = tag.split(['-', '_']).next().unwrap_or_default();
            let Some(lang) = Lang::parse(primary) else { continue };
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q.is_nan() || q <= 0.0 {
                continue;
            }
            // A later tag wins only with a higher q: the order written breaks ties.
            if best.is_none_or(|(top, _)| q > top) {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::En, |(_, lang)| lang)
    }

    /// The language of a request: `?lang=` first, then `Accept-Language`. Err with the value of a
    /// `lang` that is neither `en` nor `es`.
    pub fn of_request(query: Option<&str>, accept_language: Option<&str>) -> Result<Lang, String> {
        if let Some(query) = query {
            for pair in query.split('&') {
                let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                if name == "lang" {
                    let value = percent_decoded(value);
                    return Lang::parse(&value).ok_or(value);
                }
            }
        }
        Ok(accept_language.map_or(Lang::En, Lang::from_accept_language))
    }

    /// A date as the language's readers write it: "February 13, 2025", "13 de febrero de 2025".
    pub fn date(self, date: NaiveDate) -> String {
        match self {
            Lang::En => date.format("%B %-d, %Y").to_string(),
            Lang::Es => format!("{} de {} de {}", date.day(), MONTHS_ES[date.month0() as usize], date.year()),
        }
    }

    /// A date with its day of the week: "Thursday, February 13, 2025", "jueves 13 de febrero de
    /// 2025" (Spanish writes weekdays in lower case, with no comma).
    pub fn weekday_date(self, date: NaiveDate) -> String {
        match self {
            Lang::En => date.format("%A, %B %-d, %Y").to_string(),
            Lang::Es => format!("{} {}", WEEKDAYS_ES[date.weekday().num_days_from_monday() as usize], self.date(date)),
        }
    }

    /// A day of a year already named: "Feb 13", "13 de febrero".
    pub fn day_month(self, date: NaiveDate) -> String {
        match self {
            Lang::En => date.format("%b %-d").to_string(),
            Lang::Es => format!("{} de {}", date.day(), MONTHS_ES[date.month0() as usize]),
        }
    }

    /// The headers of a response whose words are in this language: `Content-Language`, and
    /// `Vary: Accept-Language` (the same URL answers in either language).
    pub fn headers(self) -> [(HeaderName, HeaderValue); 2] {
        [(header::CONTENT_LANGUAGE, HeaderValue::from_static(self.code())), (header::VARY, HeaderValue::from_static("Accept-Language"))]
    }
}

/// `%xx` and `+` of a query value decoded (`lang=e%73` is `es`); invalid escapes kept as written.
fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let hex = |b: u8| char::from(b).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push((high * 16 + low) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Lang, ApiError> {
        let accept = parts.headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
        Lang::of_request(parts.uri.query(), accept).map_err(|value| {
            let value: String = value.chars().take(40).collect();
            ApiError::field("lang", format!("\"{value}\" is not a language this server writes in: use en or es"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_as_each_language_s_readers_write_them() {
        let d = NaiveDate::from_ymd_opt(2025, 2, 13).unwrap();
        assert_eq!(Lang::En.date(d), "February 13, 2025");
        assert_eq!(Lang::Es.date(d), "13 de febrero de 2025");
        assert_eq!(Lang::En.weekday_date(d), "Thursday, February 13, 2025");
        assert_eq!(Lang::Es.weekday_date(d), "jueves 13 de febrero de 2025");
        assert_eq!(Lang::En.day_month(d), "Feb 13");
        assert_eq!(Lang::Es.day_month(NaiveDate::from_ymd_opt(2025, 11, 1).unwrap()), "1 de noviembre");
        assert_eq!(Lang::Es.weekday_date(NaiveDate::from_ymd_opt(2025, 11, 29).unwrap()), "sábado 29 de noviembre de 2025");
    }

    #[test]
    fn the_query_wins_over_the_header() {
        assert_eq!(Lang::of_request(Some("lang=es"), Some("en-US")), Ok(Lang::Es));
        assert_eq!(Lang::of_request(Some("kind=x&lang=en"), Some("es-MX")), Ok(Lang::En));
        assert_eq!(Lang::of_request(Some("kind=x"), Some("es-MX")), Ok(Lang::Es));
        assert_eq!(Lang::of_request(None, None), Ok(Lang::En));
        assert_eq!(Lang::of_request(Some("lang=e%73"), None), Ok(Lang::Es));
        assert_eq!(Lang::of_request(Some("lang=fr"), Some("es")), Err("fr".to_string()));
        assert_eq!(Lang::of_request(Some("lang="), None), Err(String::new()));
        assert_eq!(Lang::of_request(Some("lang=%"), None), Err("%".to_string()));
    }

    #[test]
    fn the_header_s_most_preferred_known_language_decides() {
        for (header, lang) in [
            ("es", Lang::Es),
            ("es-419", Lang::Es),
            ("ES_us", Lang::Es),
            ("es-US,es;q=0.9,en-US;q=0.8,en;q=0.7", Lang::Es),
            ("en-US,en;q=0.9,es;q=0.8", Lang::En),
            ("en;q=0.5, es;q=0.8", Lang::Es),
            ("fr-FR, es;q=0.4", Lang::Es),
            ("fr-FR, de", Lang::En),
            ("es;q=0, en", Lang::En),
            ("es;q=0", Lang::En),
            ("*", Lang::En),
            ("", Lang::En),
            ("estonian-ish", Lang::En),
            ("es;q=abc", Lang::Es),
        ] {
            assert_eq!(Lang::from_accept_language(header), lang, "{header:?}");
        }
    }
}
