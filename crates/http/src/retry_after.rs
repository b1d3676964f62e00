//! How long a service asks us to wait, from its headers.

use std::time::{Duration, SystemTime};

use reqwest::header::{HeaderMap, RETRY_AFTER};

/// The wait a service asks for: `retry-after-ms` (OpenAI's, exact), else `Retry-After` in
/// seconds or as an HTTP date (a date already past means now). `None` when it names none or
/// names one this cannot read.
pub fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let value = |name| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim);
    if let Some(millis) = value("retry-after-ms").and_then(|v| v.parse::<f64>().ok()).filter(|ms| ms.is_finite() && *ms >= 0.0) {
        return Some(Duration::from_secs_f64(millis / 1000.0));
    }
    let asked = value(RETRY_AFTER.as_str())?;
    if let Ok(seconds) = asked.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at = httpdate::parse_http_date(asked).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    // Wed, 21 Oct 2015 07:28:00 GMT
    fn at_2015_10_21_07_28_00() -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_445_412_480)
    }

    #[test]
    fn retry_after_in_seconds() {
        assert_eq!(retry_after(&headers(&[("retry-after", "3")]), SystemTime::now()), Some(Duration::from_secs(3)));
        assert_eq!(retry_after(&headers(&[("retry-after", " 120 ")]), SystemTime::now()), Some(Duration::from_secs(120)));
    }

    #[test]
    fn retry_after_as_an_http_date_counts_from_now() {
        let now = at_2015_10_21_07_28_00();
        let at = |date| retry_after(&headers(&[("retry-after", date)]), now);
        assert_eq!(at("Wed, 21 Oct 2015 07:28:04 GMT"), Some(Duration::from_secs(4)));
        assert_eq!(at("Wed, 21 Oct 2015 08:28:00 GMT"), Some(Duration::from_secs(3600)));
        // The obsolete formats HTTP still allows readers to accept.
        assert_eq!(at("Wednesday, 21-Oct-15 07:28:10 GMT"), Some(Duration::from_secs(10)));
        assert_eq!(at("Wed Oct 21 07:28:20 2015"), Some(Duration::from_secs(20)));
        // A date already past means "now".
        assert_eq!(at("Wed, 21 Oct 2015 07:00:00 GMT"), Some(Duration::ZERO));
    }

    #[test]
    fn retry_after_ms_is_exact_and_wins() {
        let both = headers(&[("retry-after", "2"), ("retry-after-ms", "250")]);
        assert_eq!(retry_after(&both, SystemTime::now()), Some(Duration::from_millis(250)));
        assert_eq!(retry_after(&headers(&[("retry-after-ms", "1.5")]), SystemTime::now()), Some(Duration::from_micros(1500)));
        // A value that is not a wait is ignored in favour of the other header.
        let bad_ms = headers(&[("retry-after", "2"), ("retry-after-ms", "-5")]);
        assert_eq!(retry_after(&bad_ms, SystemTime::now()), Some(Duration::from_secs(2)));
    }

    #[test]
    fn no_wait_named_or_none_readable() {
        assert_eq!(retry_after(&HeaderMap::new(), SystemTime::now()), None);
        assert_eq!(retry_after(&headers(&[("retry-after", "soon")]), SystemTime::now()), None);
        assert_eq!(retry_after(&headers(&[("retry-after", "-3")]), SystemTime::now()), None);
    }
}
