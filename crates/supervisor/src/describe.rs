//! How exits and durations read in statuses and logs: "exited with status 3", "was killed by
//! signal 9 (SIGKILL)", "2.5 s".

use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

use crate::sys::signal_name;

/// "exited with status 3", "was killed by signal 9 (SIGKILL)".
pub fn describe_exit(exit: Option<ExitStatus>) -> String {
    let Some(status) = exit else { return "exited".to_string() };
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    match status.signal() {
        Some(signal) => match signal_name(signal) {
            Some(name) => format!("was killed by signal {signal} ({name})"),
            None => format!("was killed by signal {signal}"),
        },
        None => format!("exited ({status})"),
    }
}

/// "15 s", "2.5 s", "500 ms".
pub fn describe_duration(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// At most `max_chars` characters of `text`, with `…` when cut.
pub(crate) fn truncate(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exits_and_durations_read_as_sentences() {
        assert_eq!(describe_exit(Some(ExitStatus::from_raw(3 << 8))), "exited with status 3");
        assert_eq!(describe_exit(Some(ExitStatus::from_raw(9))), "was killed by signal 9 (SIGKILL)");
        assert_eq!(describe_exit(None), "exited");
        assert_eq!(describe_duration(Duration::from_secs(15)), "15 s");
        assert_eq!(describe_duration(Duration::from_millis(2500)), "2.5 s");
        assert_eq!(describe_duration(Duration::from_millis(500)), "500 ms");
    }

    #[test]
    fn long_lines_are_cut_on_a_character() {
        assert_eq!(truncate("héllo", 2), "hé…");
        assert_eq!(truncate("hi", 2), "hi");
    }
}
