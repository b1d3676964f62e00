//! The one thread that owns the model: it takes requests from a queue one at a time, loads the
//! model when a request comes and it is not loaded, and unloads it after a quiet spell.
//!
//! llama.cpp's model and context are not shared between threads here: everything that touches
//! them runs on this thread, and the HTTP side talks to it through the queue ([`Engine::submit`])
//! and the events each request gets back. A request whose receiver is gone — the client hung up,
//! pressed Stop — stops at the next token; one that was abandoned while it waited never starts.

use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::llama_backend::LlamaBackend;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::model::{LlamaChatMessage, LlamaChatTemplate, LlamaModel};
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::LlamaToken;
use proseva_models::gguf::{self, GgufInfo};
use tokio::sync::mpsc::UnboundedSender;

use crate::template;

/// Most requests that may wait behind the one being answered.
pub const MAX_QUEUED: usize = 8;
/// Tokens decoded per step while reading the prompt.
const BATCH: usize = 512;

#[derive(Debug, Clone)]
pub struct EngineConfig {
    pub model: PathBuf,
    /// Context window in tokens (prompt and answer together).
    pub ctx: u32,
    /// CPU threads; all cores by default.
    pub threads: i32,
    /// Unload the model after this long with nothing to do.
    pub idle_unload: Duration,
    /// A chat template (Jinja) to use instead of the one in the file.
    pub chat_template: Option<String>,
}

/// What the model reads: a plain conversation, rendered by llama.cpp in the model's own format, or
/// one rendered here from a Jinja chat template because it carries tools ([`crate::template`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    Chat(Vec<Message>),
    Template {
        template: Arc<str>,
        /// The conversation in OpenAI's shape.
        messages: Vec<serde_json::Value>,
        /// The tools offered, in OpenAI's shape.
        tools: Option<Vec<serde_json::Value>>,
    },
}

/// One message of a conversation, by role (`system`, `user`, `assistant`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub role: String,
    pub content: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Sampling {
    /// 0 picks the likeliest token every time.
    pub temperature: f32,
    pub top_p: f32,
    pub seed: u32,
    /// Most tokens to write; the rest of the context when `None`.
    pub max_tokens: Option<u32>,
    /// Text that ends the answer where it appears (not included).
    pub stop: Vec<String>,
    /// A GBNF grammar the answer must follow (a required tool call).
    pub grammar: Option<String>,
}

impl Default for Sampling {
    fn default() -> Self {
        Sampling { temperature: 0.7, top_p: 0.95, seed: 0x5EED, max_tokens: None, stop: Vec::new(), grammar: None }
    }
}

/// What a request hears back, in order: `Started`, any number of `Delta`, then `Done` or `Failed`.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Started { prompt_tokens: u32 },
    Delta(String),
    Done(Finish),
    Failed(EngineError),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Finish {
    /// `stop` (the model ended, or a stop text), `length` (the token or context limit).
    pub reason: &'static str,
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
    /// Time to read the prompt, and to write the answer after the first token.
    pub prompt_ms: f64,
    pub generation_ms: f64,
    /// From submission to the first token written (waiting in the queue and loading included).
    pub first_token_ms: f64,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    #[error("{0}")]
    Load(String),
    #[error("the conversation is {prompt_tokens} tokens long; this model's context holds {context} (prompt and answer together)")]
    ContextExceeded { prompt_tokens: u32, context: u32 },
    #[error("{0}")]
    Busy(String),
    /// The request cannot be put in the model's format (its template refused it).
    #[error("{0}")]
    Template(String),
    #[error("the model stopped with an error: {0}")]
    Generation(String),
}

struct Job {
    prompt: Prompt,
    sampling: Sampling,
    events: UnboundedSender<Event>,
    submitted: Instant,
}

/// What the HTTP side may read at any time.
#[derive(Debug)]
pub struct Status {
    pub queued: AtomicUsize,
    pub busy: AtomicBool,
    pub loaded: AtomicBool,
    /// Times the model was loaded (the first load at start included).
    pub loads: AtomicUsize,
    /// Requests answered to the end, and requests stopped because their client went away.
    pub completed: AtomicUsize,
    pub stopped: AtomicUsize,
}

pub struct Engine {
    jobs: mpsc::SyncSender<Job>,
    pub status: Arc<Status>,
    pub info: GgufInfo,
    pub file_name: String,
    pub ctx: u32,
    /// The chat template in use: the one given on the command line, else the file's.
    pub chat_template: Option<Arc<str>>,
    /// Whether that template was given on the command line (then every request is rendered with it).
    pub template_given: bool,
}

impl Engine {
    /// Checks the file, loads the model once (so a bad file fails here, with its name), and
    /// starts the engine thread.
    pub fn start(config: EngineConfig) -> Result<Engine, EngineError> {
        let info = gguf::inspect(&config.model).map_err(|e| EngineError::Load(e.to_string()))?;
        let file_name = config.model.file_name().map_or_else(|| "model.gguf".into(), |n| n.to_string_lossy().into_owned());
        let ctx = match info.context_length {
            Some(trained) if trained > 0 => config.ctx.min(u32::try_from(trained).unwrap_or(u32::MAX)),
            _ => config.ctx,
        }
        .max(64);
        let status = Arc::new(Status {
            queued: AtomicUsize::new(0),
            busy: AtomicBool::new(false),
            loaded: AtomicBool::new(false),
            loads: AtomicUsize::new(0),
            completed: AtomicUsize::new(0),
            stopped: AtomicUsize::new(0),
        });
        let config_template = config.chat_template.clone();
        let (jobs, queue) = mpsc::sync_channel::<Job>(MAX_QUEUED);
        let (ready_tx, ready_rx) = mpsc::channel();
        let worker =
            Worker { config: EngineConfig { ctx, ..config }, info: info.clone(), file_name: file_name.clone(), status: status.clone() };
        std::thread::Builder::new()
            .name("proseva-llm-engine".into())
            .spawn(move || worker.run(queue, ready_tx))
            .map_err(|e| EngineError::Load(format!("could not start the model thread: {e}")))?;
        ready_rx.recv().unwrap_or_else(|_| Err(EngineError::Load("the model thread stopped while loading".into())))?;
        let template_given = config_template.is_some();
        let chat_template = config_template.or_else(|| info.chat_template.clone()).map(Arc::from);
        Ok(Engine { jobs, status, info, file_name, ctx, chat_template, template_given })
    }

    /// Queues a request; its events arrive on `events`. Refused when [`MAX_QUEUED`] already wait.
    pub fn submit(&self, prompt: Prompt, sampling: Sampling, events: UnboundedSender<Event>) -> Result<(), EngineError> {
        self.status.queued.fetch_add(1, Ordering::SeqCst);
        let job = Job { prompt, sampling, events, submitted: Instant::now() };
        self.jobs.try_send(job).map_err(|e| {
            self.status.queued.fetch_sub(1, Ordering::SeqCst);
            match e {
                mpsc::TrySendError::Full(_) => EngineError::Busy(format!("{MAX_QUEUED} questions are already waiting for the model")),
                mpsc::TrySendError::Disconnected(_) => EngineError::Busy("the model thread has stopped".into()),
            }
        })
    }
}

struct Worker {
    config: EngineConfig,
    info: GgufInfo,
    file_name: String,
    status: Arc<Status>,
}

impl Worker {
    fn run(self, queue: mpsc::Receiver<Job>, ready: mpsc::Sender<Result<(), EngineError>>) {
        let mut backend = match LlamaBackend::init() {
            Ok(b) => b,
            Err(e) => {
                let _ = ready.send(Err(EngineError::Load(format!("llama.cpp could not start: {e}"))));
                return;
            }
        };
        if std::env::var_os("PROSEVA_LLM_VERBOSE").is_none() {
            backend.void_logs();
        }
        let mut model = match self.load(&backend) {
            Ok(m) => Some(m),
            Err(e) => {
                let _ = ready.send(Err(e));
                return;
            }
        };
        let _ = ready.send(Ok(()));
        loop {
            let job = if model.is_some() {
                match queue.recv_timeout(self.config.idle_unload) {
                    Ok(job) => job,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        model = None;
                        self.status.loaded.store(false, Ordering::SeqCst);
                        tracing::info!("unloaded {} after {:?} idle", self.file_name, self.config.idle_unload);
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            } else {
                match queue.recv() {
                    Ok(job) => job,
                    Err(_) => return,
                }
            };
            self.status.queued.fetch_sub(1, Ordering::SeqCst);
            if job.events.is_closed() {
                self.status.stopped.fetch_add(1, Ordering::SeqCst);
                continue;
            }
            self.status.busy.store(true, Ordering::SeqCst);
            if model.is_none() {
                match self.load(&backend) {
                    Ok(m) => model = Some(m),
                    Err(e) => {
                        let _ = job.events.send(Event::Failed(e));
                        self.status.busy.store(false, Ordering::SeqCst);
                        continue;
                    }
                }
            }
            if let Some(m) = &model {
                let outcome = self.generate(&backend, m, &job);
                let counter = match &outcome {
                    Ok(finish) if finish.reason != "cancelled" => &self.status.completed,
                    Err(EngineError::Generation(e)) if e == "stopped" => &self.status.stopped,
                    Ok(_) => &self.status.stopped,
                    Err(_) => &self.status.completed,
                };
                counter.fetch_add(1, Ordering::SeqCst);
                let _ = job.events.send(match outcome {
                    Ok(finish) => Event::Done(finish),
                    Err(e) => Event::Failed(e),
                });
            }
            self.status.busy.store(false, Ordering::SeqCst);
        }
    }

    fn load(&self, backend: &LlamaBackend) -> Result<LlamaModel, EngineError> {
        // A file replaced or cut since the start is caught here too.
        gguf::inspect(&self.config.model).map_err(|e| EngineError::Load(e.to_string()))?;
        let params = LlamaModelParams::default().with_use_mmap(true);
        let model = LlamaModel::load_from_file(backend, &self.config.model, &params).map_err(|e| {
            EngineError::Load(format!(
                "llama.cpp could not load {} (architecture \"{}\"): {e}. The file may be damaged, or this version of llama.cpp may not support that architecture",
                self.file_name, self.info.architecture
            ))
        })?;
        self.status.loaded.store(true, Ordering::SeqCst);
        self.status.loads.fetch_add(1, Ordering::SeqCst);
        Ok(model)
    }

    fn generate(&self, backend: &LlamaBackend, model: &LlamaModel, job: &Job) -> Result<Finish, EngineError> {
        let generation = |e: &dyn std::fmt::Display| EngineError::Generation(e.to_string());
        let prompt = match &job.prompt {
            Prompt::Chat(messages) => render(model, &self.info.architecture, messages)?,
            Prompt::Template { template, messages, tools } => {
                let vocab = model.vocab();
                let text_of = |token| String::from_utf8_lossy(&vocab.token_to_piece(token, true, None)).into_owned();
                let (bos, eos) = (text_of(vocab.bos()), text_of(vocab.eos()));
                let conversation = template::Conversation { messages, tools: tools.as_deref(), bos_token: &bos, eos_token: &eos };
                template::render(template, &conversation).map_err(EngineError::Template)?
            }
        };
        let tokens = tokenize(model, &prompt);
        let n_ctx = self.config.ctx;
        let prompt_tokens = u32::try_from(tokens.len()).unwrap_or(u32::MAX);
        if prompt_tokens >= n_ctx {
            return Err(EngineError::ContextExceeded { prompt_tokens, context: n_ctx });
        }
        let _ = job.events.send(Event::Started { prompt_tokens });
        let params = LlamaContextParams::default()
            .with_n_ctx(NonZeroU32::new(n_ctx))
            .with_n_batch(BATCH as u32)
            .with_n_ubatch(BATCH as u32)
            .with_n_threads(self.config.threads)
            .with_n_threads_batch(self.config.threads);
        let mut ctx = model.new_context(backend, params).map_err(|e| generation(&e))?;
        let started = Instant::now();
        let mut batch = LlamaBatch::new(BATCH, 1);
        let last = tokens.len() - 1;
        for (chunk_index, chunk) in tokens.chunks(BATCH).enumerate() {
            if job.events.is_closed() {
                return Err(EngineError::Generation("stopped".into()));
            }
            batch.clear();
            for (i, token) in chunk.iter().enumerate() {
                let pos = chunk_index * BATCH + i;
                batch.add(*token, pos as i32, &[0], pos == last).map_err(|e| generation(&e))?;
            }
            ctx.decode(&mut batch).map_err(|e| generation(&e))?;
        }
        let prompt_ms = started.elapsed().as_secs_f64() * 1000.0;
        let first_token_ms = job.submitted.elapsed().as_secs_f64() * 1000.0;
        let generating = Instant::now();
        let mut sampler = sampler(model, &job.sampling)?;
        let room = n_ctx - prompt_tokens;
        let limit = job.sampling.max_tokens.map_or(room, |m| m.min(room));
        let mut text = TextOut::new(&job.sampling.stop);
        let mut n_past = prompt_tokens;
        let mut written = 0u32;
        let vocab = model.vocab();
        let reason = loop {
            if written >= limit {
                break "length";
            }
            let token = sampler.sample(&ctx, batch.n_tokens() - 1);
            if vocab.is_eog(token) {
                break "stop";
            }
            written += 1;
            let piece = vocab.token_to_piece(token, false, None);
            let (delta, stopped) = text.push(&piece);
            if !delta.is_empty() && job.events.send(Event::Delta(delta)).is_err() {
                break "cancelled";
            }
            if stopped {
                break "stop";
            }
            if job.events.is_closed() {
                break "cancelled";
            }
            batch.clear();
            batch.add(token, n_past as i32, &[0], true).map_err(|e| generation(&e))?;
            n_past += 1;
            ctx.decode(&mut batch).map_err(|e| generation(&e))?;
        };
        let rest = text.finish();
        if !rest.is_empty() {
            let _ = job.events.send(Event::Delta(rest));
        }
        Ok(Finish {
            reason,
            prompt_tokens,
            completion_tokens: written,
            prompt_ms,
            generation_ms: generating.elapsed().as_secs_f64() * 1000.0,
            first_token_ms,
        })
    }
}

/// The conversation in the model's own chat format (its `tokenizer.chat_template`, as llama.cpp
/// applies it); when the file has none, the format of its family ([`fallback_template`]).
fn render(model: &LlamaModel, architecture: &str, messages: &[Message]) -> Result<String, EngineError> {
    let chat = messages
        .iter()
        .map(|m| LlamaChatMessage::new(m.role.clone(), m.content.replace('\0', "")))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| EngineError::Generation(e.to_string()))?;
    let template = model
        .chat_template(None)
        .or_else(|_| LlamaChatTemplate::new(fallback_template(architecture)))
        .map_err(|e| EngineError::Generation(e.to_string()))?;
    model
        .apply_chat_template(&template, &chat, true)
        .map_err(|e| EngineError::Generation(format!("the model's chat template could not be applied: {e}")))
}

/// The chat format of a model family, by the names llama.cpp's built-in templates go by, for a
/// file that carries no template of its own; ChatML (what most fine-tunes use) otherwise.
pub fn fallback_template(architecture: &str) -> &'static str {
    match architecture {
        a if a.starts_with("gemma") => "gemma",
        a if a.starts_with("phi3") => "phi3",
        "llama" => "llama3",
        _ => "chatml",
    }
}

/// Tokens of a rendered prompt: special tokens in the template read as such, and a
/// beginning-of-text token where the model wants one and the template did not write it.
fn tokenize(model: &LlamaModel, prompt: &str) -> Vec<LlamaToken> {
    let vocab = model.vocab();
    let mut tokens = vocab.tokenize(prompt.as_bytes(), false, true);
    if vocab.should_add_bos() && tokens.first() != Some(&vocab.bos()) {
        tokens.insert(0, vocab.bos());
    }
    if tokens.is_empty() {
        tokens.push(vocab.bos());
    }
    tokens
}

/// How the next token is picked: the likeliest at temperature 0, else drawn from the likely ones;
/// first, when the request has a grammar, only tokens the grammar allows.
fn sampler(model: &LlamaModel, s: &Sampling) -> Result<LlamaSampler, EngineError> {
    let mut chain = Vec::new();
    if let Some(grammar) = &s.grammar {
        chain.push(
            LlamaSampler::grammar(model, grammar, "root")
                .map_err(|e| EngineError::Template(format!("the tool-call grammar was refused: {e:?}")))?,
        );
    }
    if s.temperature <= 0.0 {
        if chain.is_empty() {
            return Ok(LlamaSampler::greedy());
        }
        chain.push(LlamaSampler::greedy());
    } else {
        chain.extend([
            LlamaSampler::top_k(40),
            LlamaSampler::top_p(s.top_p.clamp(0.01, 1.0), 1),
            LlamaSampler::min_p(0.05, 1),
            LlamaSampler::temp(s.temperature),
            LlamaSampler::dist(s.seed),
        ]);
    }
    Ok(LlamaSampler::chain_simple(chain))
}

/// Turns token pieces into text to send: whole UTF-8 characters only (a character can span two
/// tokens), and nothing that might be the start of a stop text until it is known not to be.
struct TextOut {
    pending: Vec<u8>,
    held: String,
    stops: Vec<String>,
}

impl TextOut {
    fn new(stops: &[String]) -> Self {
        TextOut { pending: Vec::new(), held: String::new(), stops: stops.iter().filter(|s| !s.is_empty()).cloned().collect() }
    }

    /// The text that can go out now, and whether a stop text was reached.
    fn push(&mut self, piece: &[u8]) -> (String, bool) {
        self.pending.extend_from_slice(piece);
        let valid = match std::str::from_utf8(&self.pending) {
            Ok(s) => s.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            // Bytes that can never be UTF-8: replaced, not held forever.
            Err(_) => {
                let text = String::from_utf8_lossy(&self.pending).into_owned();
                self.pending.clear();
                self.held.push_str(&text);
                return self.release();
            }
        };
        let text = String::from_utf8(self.pending.drain(..valid).collect()).unwrap_or_default();
        self.held.push_str(&text);
        self.release()
    }

    fn release(&mut self) -> (String, bool) {
        for stop in &self.stops {
            if let Some(at) = self.held.find(stop.as_str()) {
                let out = self.held[..at].to_string();
                self.held.clear();
                return (out, true);
            }
        }
        // Keep back the longest tail that begins a stop text.
        let keep = self
            .stops
            .iter()
            .flat_map(|stop| (1..stop.len()).filter(|n| stop.is_char_boundary(*n)).map(move |n| &stop[..n]))
            .filter(|prefix| self.held.ends_with(prefix))
            .map(str::len)
            .max()
            .unwrap_or(0);
        let cut = self.held.len() - keep;
        let out = self.held[..cut].to_string();
        self.held.drain(..cut);
        (out, false)
    }

    fn finish(&mut self) -> String {
        let mut rest = std::mem::take(&mut self.held);
        rest.push_str(&String::from_utf8_lossy(&std::mem::take(&mut self.pending)));
        rest
    }
}

/// The name a model file is known by: its file name.
pub fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_goes_out_in_whole_characters_and_stops_at_a_stop_text() {
        let mut out = TextOut::new(&["</answer>".to_string()]);
        let e = "é".as_bytes();
        assert_eq!(out.push(&e[..1]), (String::new(), false));
        assert_eq!(out.push(&e[1..]), ("é".into(), false));
        assert_eq!(out.push(b"ok </ans"), ("ok ".into(), false), "a possible stop text is held back");
        assert_eq!(out.push(b"wer> more"), (String::new(), true));
        let mut out = TextOut::new(&["END".to_string()]);
        assert_eq!(out.push(b"bad \xff byte"), ("bad \u{fffd} byte".into(), false));
        assert_eq!(out.push(b" E"), (" ".into(), false));
        assert_eq!(out.finish(), "E", "what was held comes out at the end");
    }

    proptest::proptest! {
        #[test]
        fn the_text_sent_is_the_text_written_up_to_the_stop(pieces in proptest::collection::vec(proptest::collection::vec(proptest::prelude::any::<u8>(), 0..6), 0..20)) {
            let mut out = TextOut::new(&["\n\n".to_string()]);
            let mut sent = String::new();
            let mut stopped = false;
            for p in &pieces {
                let (text, stop) = out.push(p);
                sent.push_str(&text);
                if stop { stopped = true; break; }
            }
            if !stopped { sent.push_str(&out.finish()); }
            let all = String::from_utf8_lossy(&pieces.concat()).into_owned();
            if !stopped {
                proptest::prop_assert!(!sent.contains("\n\n"));
            }
            proptest::prop_assert!(all.starts_with(&sent) || sent.contains(char::REPLACEMENT_CHARACTER));
        }
    }
}
