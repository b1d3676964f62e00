//! Size-capped log files (`server.log` → `server.log.1` → … → `server.log.<keep>`), UTC
//! timestamps, and removal of terminal colour codes from child output.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

/// An append-only log file that rotates when it would grow past `max_bytes`: the current file
/// becomes `<file>.1`, `<file>.1` becomes `<file>.2`, and so on up to `<file>.<keep>`; older ones
/// are deleted. It also rotates on [`open`](RotatingLog::open) when the file is already too big.
///
/// Each `write` call goes to one file (a line written with one `write_all` is never split
/// across two files unless the OS writes it partially).
#[derive(Debug)]
pub struct RotatingLog {
    path: PathBuf,
    file: File,
    size: u64,
    max_bytes: u64,
    keep: u32,
}

impl RotatingLog {
    /// 5 MiB per file.
    pub const DEFAULT_MAX_BYTES: u64 = 5 * 1024 * 1024;
    /// `<file>.1` … `<file>.3` are kept.
    pub const DEFAULT_KEEP: u32 = 3;

    /// Opens (creating) `path` for appending; rotates first when it is at least `max_bytes` long.
    pub fn open(path: impl Into<PathBuf>, max_bytes: u64, keep: u32) -> io::Result<RotatingLog> {
        let path = path.into();
        let file = open_append(&path)?;
        let size = file.metadata()?.len();
        let mut log = RotatingLog { path, file, size, max_bytes: max_bytes.max(1), keep };
        if log.size >= log.max_bytes {
            log.rotate()?;
        }
        Ok(log)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes in the current file.
    pub fn len(&self) -> u64 {
        self.size
    }

    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// The path of the `n`th older file (`<file>.n`).
    pub fn rotated_path(&self, n: u32) -> PathBuf {
        numbered(&self.path, n)
    }

    /// Moves the current file aside (see the type's docs) and starts an empty one.
    pub fn rotate(&mut self) -> io::Result<()> {
        self.file.flush()?;
        if self.keep == 0 {
            self.file.set_len(0)?;
            self.size = 0;
            return Ok(());
        }
        ignore_missing(std::fs::remove_file(numbered(&self.path, self.keep)))?;
        for n in (1..self.keep).rev() {
            ignore_missing(std::fs::rename(numbered(&self.path, n), numbered(&self.path, n + 1)))?;
        }
        ignore_missing(std::fs::rename(&self.path, numbered(&self.path, 1)))?;
        self.file = open_append(&self.path)?;
        self.size = self.file.metadata()?.len();
        Ok(())
    }
}

impl Write for RotatingLog {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.size > 0 && self.size.saturating_add(buf.len() as u64) > self.max_bytes {
            self.rotate()?;
        }
        let written = self.file.write(buf)?;
        self.size += written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

fn open_append(path: &Path) -> io::Result<File> {
    OpenOptions::new().create(true).append(true).open(path)
}

fn numbered(path: &Path, n: u32) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{n}"));
    PathBuf::from(name)
}

fn ignore_missing(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

/// The current UTC time as `2025-01-31T14:05:09.123Z`.
pub fn timestamp_now() -> String {
    format_timestamp(Utc::now())
}

/// RFC 3339 in UTC with milliseconds, the form every log line starts with.
pub fn format_timestamp(time: DateTime<Utc>) -> String {
    time.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// Removes ANSI escape sequences (colours, cursor moves) so logs and error dialogs show plain text.
pub fn strip_ansi(line: &str) -> std::borrow::Cow<'_, str> {
    if !line.contains('\u{1b}') {
        return std::borrow::Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            // CSI: parameters and intermediates, then one final byte in @..=~.
            Some('[') => {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            // OSC: up to BEL or ESC \.
            Some(']') => {
                while let Some(c) = chars.next() {
                    if c == '\u{7}' {
                        break;
                    }
                    if c == '\u{1b}' && chars.peek() == Some(&'\\') {
                        chars.next();
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_while_writing_and_keeps_at_most_keep_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server.log");
        let mut log = RotatingLog::open(&path, 100, 2).unwrap();
        for n in 0..10 {
            // 40 bytes a line: two fit in 100 bytes, the third rotates.
            log.write_all(format!("{n:0>39}\n").as_bytes()).unwrap();
        }
        log.flush().unwrap();
        let current = std::fs::read_to_string(&path).unwrap();
        let one = std::fs::read_to_string(dir.path().join("server.log.1")).unwrap();
        let two = std::fs::read_to_string(dir.path().join("server.log.2")).unwrap();
        assert!(!dir.path().join("server.log.3").exists());
        assert_eq!(current.lines().count(), 2, "{current}");
        assert!(current.ends_with(&format!("{:0>39}\n", 9)), "{current}");
        assert!(one.starts_with(&format!("{:0>39}\n", 6)), "{one}");
        assert!(two.starts_with(&format!("{:0>39}\n", 4)), "{two}");
        for file in [&current, &one, &two] {
            assert!(file.len() <= 100);
        }
    }

    #[test]
    fn rotates_on_open_when_over_the_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("explorer.log");
        std::fs::write(&path, "x".repeat(200)).unwrap();
        std::fs::write(dir.path().join("explorer.log.1"), "older").unwrap();
        let mut log = RotatingLog::open(&path, 100, 3).unwrap();
        assert!(log.is_empty());
        log.write_all(b"fresh\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "fresh\n");
        assert_eq!(std::fs::read_to_string(log.rotated_path(1)).unwrap().len(), 200);
        assert_eq!(std::fs::read_to_string(log.rotated_path(2)).unwrap(), "older");

        // Under the size: appended to, not rotated.
        drop(log);
        let log = RotatingLog::open(&path, 100, 3).unwrap();
        assert_eq!(log.len(), 6);
    }

    #[test]
    fn keep_zero_truncates() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.log");
        let mut log = RotatingLog::open(&path, 10, 0).unwrap();
        log.write_all(b"0123456789").unwrap();
        log.write_all(b"abc").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "abc");
        assert!(!dir.path().join("a.log.1").exists());
    }

    #[test]
    fn timestamps_are_rfc3339_utc() {
        let at = |secs: i64, millis: u32| format_timestamp(DateTime::from_timestamp(secs, millis * 1_000_000).unwrap());
        assert_eq!(at(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(at(951_782_400 + 3_723, 45), "2000-02-29T01:02:03.045Z");
        assert_eq!(at(1_735_689_599, 999), "2024-12-31T23:59:59.999Z");
        assert_eq!(timestamp_now().len(), 24);
    }

    #[test]
    fn strips_colour_codes() {
        assert_eq!(strip_ansi("\u{1b}[2m2025\u{1b}[0m \u{1b}[32m INFO\u{1b}[0m ready"), "2025  INFO ready");
        assert_eq!(strip_ansi("plain"), "plain");
    }
}
