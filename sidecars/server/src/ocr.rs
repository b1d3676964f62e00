//! Reading scans with Tesseract: an image file as it is, a PDF page after poppler's `pdftoppm`
//! has drawn it at 300 dpi in grey. Each call runs the programs as child processes with a time
//! limit, one thread of OpenMP each (the server shares two cores with the window and the model).
//!
//! When a program is missing, [`OcrTools::check`] says how to install it; the reader stores the
//! document anyway and marks it `ocr_unavailable` with that hint.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Longest a program may take on one page before the page counts as unreadable.
const PAGE_TIME_LIMIT: Duration = Duration::from_secs(180);
/// Pixels per inch a PDF page is drawn at for OCR (Tesseract reads best at 300).
pub const OCR_DPI: u32 = 300;
/// How long an answer of [`OcrTools::check`] is trusted: installing Tesseract while the app runs
/// is noticed within this.
const CHECK_FOR: Duration = Duration::from_secs(30);

/// What to tell a person whose machine has no Tesseract.
pub const INSTALL_TESSERACT: &str = "OCR is not installed, so scanned pages cannot be read: install Tesseract \
     (on Debian or Ubuntu: sudo apt install tesseract-ocr tesseract-ocr-eng), then choose Re-read";
const INSTALL_ENGLISH: &str = "Tesseract has no English language data, so scanned pages cannot be read: \
     install it (sudo apt install tesseract-ocr-eng), then choose Re-read";
const INSTALL_POPPLER: &str = "the pages of scanned PDFs cannot be turned into images for OCR: install poppler \
     (sudo apt install poppler-utils), then choose Re-read";

#[derive(Debug)]
pub struct OcrTools {
    tesseract: PathBuf,
    pdftoppm: PathBuf,
    checked: Mutex<Option<Checked>>,
}

/// When the programs were last looked for, and what was found: Tesseract, `pdftoppm`.
#[derive(Debug)]
struct Checked {
    at: Instant,
    tesseract: Result<(), String>,
    pdftoppm: Result<(), String>,
}

impl OcrTools {
    pub fn new(tesseract: PathBuf, pdftoppm: PathBuf) -> Self {
        OcrTools { tesseract, pdftoppm, checked: Mutex::new(None) }
    }

    /// Whether scans of this kind can be read now (`pdf` also needs `pdftoppm`); the error is the
    /// hint to show. Answers from a cache of [`CHECK_FOR`].
    pub fn check(&self, pdf: bool) -> Result<(), String> {
        let mut checked = self.checked.lock().unwrap_or_else(|e| e.into_inner());
        if checked.as_ref().is_none_or(|c| c.at.elapsed() > CHECK_FOR) {
            *checked = Some(Checked { at: Instant::now(), tesseract: self.check_tesseract(), pdftoppm: self.check_pdftoppm() });
        }
        let Some(found) = checked.as_ref() else { return Err(INSTALL_TESSERACT.to_string()) };
        found.tesseract.clone()?;
        if pdf {
            found.pdftoppm.clone()?;
        }
        Ok(())
    }

    fn check_tesseract(&self) -> Result<(), String> {
        let out = run(Command::new(&self.tesseract).arg("--list-langs"), None, Duration::from_secs(20))
            .map_err(|_| INSTALL_TESSERACT.to_string())?;
        // Tesseract 4 lists on stderr, 5 on stdout.
        let listed = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if listed.lines().any(|l| l.trim() == "eng") { Ok(()) } else { Err(INSTALL_ENGLISH.to_string()) }
    }

    fn check_pdftoppm(&self) -> Result<(), String> {
        run(Command::new(&self.pdftoppm).arg("-v"), None, Duration::from_secs(20)).map(|_| ()).map_err(|_| INSTALL_POPPLER.to_string())
    }

    /// The text of each page of an image (a multi-page TIFF has several, split where Tesseract
    /// puts a form feed), given to Tesseract on its standard input.
    pub fn read_image(&self, image: &[u8]) -> Result<Vec<String>, String> {
        let out = run(&mut self.tesseract_on_stdin(), Some(image.to_vec()), PAGE_TIME_LIMIT)?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
        // Tesseract ends every page with a form feed: the piece after the last one is empty.
        if pages.len() > 1 && pages.last().is_some_and(|p| p.trim().is_empty()) {
            pages.pop();
        }
        Ok(pages)
    }

    /// The text of page `page` (from 1) of a PDF: pdftoppm draws it from its standard input to
    /// its standard output, and Tesseract reads that image from its own. Nothing is written to
    /// disk, so no copy of a sealed document is ever left in a scratch folder.
    pub fn read_pdf_page(&self, pdf: &[u8], page: usize) -> Result<String, String> {
        let n = page.to_string();
        let drawn = run(
            Command::new(&self.pdftoppm).args(["-r", &OCR_DPI.to_string(), "-gray", "-f", &n, "-l", &n, "-singlefile", "-"]),
            Some(pdf.to_vec()),
            PAGE_TIME_LIMIT,
        )?;
        if drawn.stdout.is_empty() {
            return Err(format!("the PDF's page {page} could not be drawn as an image"));
        }
        let out = run(&mut self.tesseract_on_stdin(), Some(drawn.stdout), PAGE_TIME_LIMIT)?;
        Ok(String::from_utf8_lossy(&out.stdout).replace('\u{c}', ""))
    }

    fn tesseract_on_stdin(&self) -> Command {
        let mut command = Command::new(&self.tesseract);
        command.args(["stdin", "stdout", "-l", "eng"]).env("OMP_THREAD_LIMIT", "1");
        command
    }
}

struct Output {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs `command` to its end, `input` on its standard input, or kills it after `limit`. A failure
/// names the program and carries the last line it wrote to stderr.
fn run(command: &mut Command, input: Option<Vec<u8>>, limit: Duration) -> Result<Output, String> {
    let program = Path::new(command.get_program()).file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut child = command
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{program} could not be started: {e}"))?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    // Written on a thread of its own, so a program that writes before it has read everything
    // cannot block both sides; a program that stops reading early ends the write with an error.
    let feeder = child.stdin.take().zip(input).map(|(mut stdin, bytes)| {
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&bytes);
        })
    });
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{program} took longer than {} s and was stopped", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("waiting for {program}: {e}")),
        }
    };
    if let Some(feeder) = feeder {
        let _ = feeder.join();
    }
    let output = Output { stdout: stdout.join().unwrap_or_default(), stderr: stderr.join().unwrap_or_default() };
    if status.success() {
        Ok(output)
    } else {
        let said = String::from_utf8_lossy(&output.stderr);
        let last = said.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message").trim().to_string();
        Err(format!("{program} failed ({status}): {last}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_program_is_reported_with_the_install_hint() {
        let tools = OcrTools::new("/nonexistent/tesseract".into(), "/nonexistent/pdftoppm".into());
        assert_eq!(tools.check(false).unwrap_err(), INSTALL_TESSERACT);
        let err = tools.read_image(b"not an image").unwrap_err();
        assert!(err.starts_with("tesseract could not be started"), "{err}");
    }

    #[test]
    fn a_program_that_overruns_is_stopped() {
        let err = run(Command::new("sleep").arg("5"), None, Duration::from_millis(100)).err().unwrap();
        assert!(err.contains("sleep took longer"), "{err}");
        let err = run(Command::new("sh").args(["-c", "echo broken page >&2; exit 3"]), None, Duration::from_secs(5)).err().unwrap();
        let echoed = run(&mut Command::new("cat"), Some(b"through the pipe".to_vec()), Duration::from_secs(5)).ok().unwrap();
        assert_eq!(echoed.stdout, b"through the pipe");
        assert!(err.contains("broken page"), "{err}");
    }
}
