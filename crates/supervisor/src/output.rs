//! A child's output: one thread per pipe copies lines into its log (timestamped, marked
//! `stdout`/`stderr`, colour codes removed), keeps the last stderr lines for error messages, and
//! picks out the `listening on URL` line.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::time::{Duration, Instant};

use crate::locks::lock;
use crate::log::{RotatingLog, strip_ansi, timestamp_now};

/// How many of a child's last stderr lines are kept for the error dialog.
pub const STDERR_TAIL_LINES: usize = 40;

/// What the output threads of one child learn, shared with the thread that health-checks it.
#[derive(Default)]
pub(crate) struct ChildOutput {
    listening: Mutex<Option<String>>,
    arrived: Condvar,
    tail: Mutex<VecDeque<String>>,
}

impl ChildOutput {
    /// The URL of the `listening on` line, once it came.
    pub(crate) fn listening(&self) -> Option<String> {
        lock(&self.listening).clone()
    }

    /// The last stderr lines, oldest first.
    pub(crate) fn tail(&self) -> Vec<String> {
        lock(&self.tail).iter().cloned().collect()
    }

    /// Waits up to `timeout` for the `listening on` line.
    pub(crate) fn wait_listening(&self, timeout: Duration) {
        let guard = lock(&self.listening);
        if guard.is_none() {
            drop(self.arrived.wait_timeout_while(guard, timeout, |l| l.is_none()));
        }
    }

    fn take_line(&self, stream: Stream, line: &str) {
        match stream {
            Stream::Stderr => {
                let mut tail = lock(&self.tail);
                if tail.len() == STDERR_TAIL_LINES {
                    tail.pop_front();
                }
                tail.push_back(line.to_string());
            }
            Stream::Stdout => {
                if let Some(url) = line.strip_prefix("listening on ") {
                    let mut listening = lock(&self.listening);
                    if listening.is_none() {
                        *listening = Some(url.trim().to_string());
                        self.arrived.notify_all();
                    }
                }
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    fn as_str(self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        }
    }
}

/// Starts the thread that reads one pipe of the child `name` until it closes. `drained` is
/// dropped when it ends, so [`wait_drained`] can tell.
pub(crate) fn read_output(
    name: &str,
    stream: Stream,
    pipe: impl Read + Send + 'static,
    log: Arc<Mutex<RotatingLog>>,
    output: Arc<ChildOutput>,
    drained: mpsc::Sender<()>,
) {
    let read = move || {
        let _drained = drained;
        let mut reader = BufReader::new(pipe);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let raw = String::from_utf8_lossy(&buf);
            let line = strip_ansi(raw.trim_end_matches(['\n', '\r']));
            write_log(&log, stream.as_str(), &line);
            output.take_line(stream, &line);
        }
    };
    if let Err(e) = std::thread::Builder::new().name(format!("proseva-{name}-{}", stream.as_str())).spawn(read) {
        // Without a reader the child would block on a full pipe; better to know why.
        tracing::error!("cannot start an output thread for the {name}: {e}");
    }
}

/// One timestamped line in a child's log; `source` is `stdout`, `stderr` or `supervisor`.
pub(crate) fn write_log(log: &Mutex<RotatingLog>, source: &str, text: &str) {
    let line = format!("{} {source} {text}\n", timestamp_now());
    let _ = lock(log).write_all(line.as_bytes());
}

/// Waits until both output threads of a child have finished (their senders dropped), or `until`.
pub(crate) fn wait_drained(drained: &mpsc::Receiver<()>, until: Instant) {
    while let Ok(()) | Err(mpsc::RecvTimeoutError::Timeout) = drained.recv_timeout(until.saturating_duration_since(Instant::now())) {
        if Instant::now() >= until {
            break;
        }
    }
}
