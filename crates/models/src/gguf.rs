//! The GGUF check: what a model file says about itself, read from its header, and whether the file
//! is whole — before llama.cpp is asked to load it.
//!
//! GGUF (llama.cpp's `docs/gguf.md`): the magic `GGUF`, a version (2 or 3), the number of tensors
//! and of metadata pairs, the pairs (key, type, value), one record per tensor (name, dimensions,
//! element type, offset), then the tensor data from the next multiple of `general.alignment`
//! (32 unless the file says otherwise). A file that ends before its last tensor's data is
//! truncated — the commonest fault of a download that was cut off.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

/// What a GGUF file's header says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GgufInfo {
    pub version: u32,
    /// `general.architecture` (`llama`, `qwen3`, `gemma3` …).
    pub architecture: String,
    /// `general.name`, when the file has one.
    pub name: Option<String>,
    /// `<architecture>.context_length`: the longest context the model was trained for.
    pub context_length: Option<u64>,
    /// Whether `tokenizer.chat_template` is present, and whether it handles tool calls.
    pub chat_template: Option<String>,
    pub tensor_count: u64,
    /// The bytes the file must have: the end of its last tensor's data. `None` when a tensor has an
    /// element type this check does not know the size of (llama.cpp's own load then decides).
    pub expected_size: Option<u64>,
    /// The file's actual size.
    pub file_size: u64,
}

impl GgufInfo {
    /// Whether the model's own chat template takes a list of tools (and so can choose them).
    pub fn template_supports_tools(&self) -> bool {
        self.tool_format().is_some()
    }

    /// How the model writes a tool call, read from its chat template; `None` when the template
    /// takes no tools (or writes calls in a way this app does not read).
    pub fn tool_format(&self) -> Option<ToolFormat> {
        self.chat_template.as_deref().and_then(ToolFormat::of_template)
    }
}

/// The ways chat templates ask a model to write a tool call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolFormat {
    /// `<tool_call>{"name": …, "arguments": {…}}</tool_call>`, one block per call (Qwen 2.5 and 3,
    /// Hermes and the many fine-tunes that copied them).
    Hermes,
    /// The whole reply is `{"name": …, "parameters": {…}}` (Llama 3.1, 3.2 and 3.3).
    Llama3,
    /// `[TOOL_CALLS][{"name": …, "arguments": {…}}, …]` (Mistral).
    Mistral,
}

impl ToolFormat {
    /// The format a chat template teaches, if it takes a list of tools at all.
    pub fn of_template(template: &str) -> Option<ToolFormat> {
        if !template.contains("tools") {
            return None;
        }
        if template.contains("<tool_call>") {
            Some(ToolFormat::Hermes)
        } else if template.contains("[TOOL_CALLS]") {
            Some(ToolFormat::Mistral)
        } else if template.contains("\"parameters\"") && template.contains("<|eot_id|>") {
            Some(ToolFormat::Llama3)
        } else {
            None
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GgufError {
    #[error("{file} could not be read: {reason}")]
    Io { file: String, reason: String },
    #[error("{file} is not a GGUF model file (it does not start with \"GGUF\")")]
    NotGguf { file: String },
    #[error("{file} is GGUF version {version}; only versions 2 and 3 can be loaded")]
    Version { file: String, version: u32 },
    #[error("{file} is truncated: it has {actual} bytes of {expected} (an interrupted download?)")]
    Truncated { file: String, actual: u64, expected: u64 },
    #[error("{file} is truncated: it ends inside its header (an interrupted download?)")]
    HeaderCut { file: String },
    #[error("{file} is damaged: {reason}")]
    Damaged { file: String, reason: String },
    #[error("{file} names no model architecture (general.architecture)")]
    NoArchitecture { file: String },
}

/// Longest string or array a header may hold; a header asking for more is damaged, not a reason
/// to allocate gigabytes. (Vocabularies of 262,144 tokens are arrays of that many strings.)
const MAX_ITEMS: u64 = 4 << 20;
const MAX_STRING: u64 = 16 << 20;

/// Reads and checks the header of `path`.
pub fn inspect(path: &Path) -> Result<GgufInfo, GgufError> {
    let file_name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let io = |e: std::io::Error| GgufError::Io { file: file_name.clone(), reason: e.to_string() };
    let file = File::open(path).map_err(io)?;
    let file_size = file.metadata().map_err(io)?.len();
    let mut reader = Reader { inner: BufReader::with_capacity(1 << 16, file), pos: 0 };
    read_header(&mut reader, &file_name, file_size)
}

/// As [`inspect`], on bytes in memory (tests, and a download's first bytes).
pub fn inspect_bytes(bytes: &[u8], file_name: &str) -> Result<GgufInfo, GgufError> {
    let mut reader = Reader { inner: bytes, pos: 0 };
    read_header(&mut reader, file_name, bytes.len() as u64)
}

struct Reader<R> {
    inner: R,
    pos: u64,
}

/// Why a read stopped: the end of the bytes, or a value that cannot be.
enum Stop {
    End,
    Bad(String),
}

impl<R: Read> Reader<R> {
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], Stop> {
        let mut buf = [0u8; N];
        self.inner.read_exact(&mut buf).map_err(|_| Stop::End)?;
        self.pos += N as u64;
        Ok(buf)
    }
    fn u32(&mut self) -> Result<u32, Stop> {
        self.bytes::<4>().map(u32::from_le_bytes)
    }
    fn u64(&mut self) -> Result<u64, Stop> {
        self.bytes::<8>().map(u64::from_le_bytes)
    }
    fn skip(&mut self, n: u64) -> Result<(), Stop> {
        let copied = std::io::copy(&mut (&mut self.inner).take(n), &mut std::io::sink()).map_err(|_| Stop::End)?;
        self.pos += copied;
        if copied < n { Err(Stop::End) } else { Ok(()) }
    }
    fn string(&mut self) -> Result<String, Stop> {
        let len = self.u64()?;
        if len > MAX_STRING {
            return Err(Stop::Bad(format!("a string of {len} bytes in the header")));
        }
        let mut buf = vec![0u8; usize::try_from(len).map_err(|_| Stop::Bad("string length".into()))?];
        self.inner.read_exact(&mut buf).map_err(|_| Stop::End)?;
        self.pos += len;
        Ok(String::from_utf8_lossy(&buf).into_owned())
    }
}

/// A metadata value, kept only when it is one the check uses.
enum Value {
    Str(String),
    Int(u64),
    Other,
}

/// Size in bytes of a scalar metadata type, `None` for strings and arrays.
fn scalar_size(kind: u32) -> Result<Option<u64>, Stop> {
    Ok(match kind {
        0 | 1 | 7 => Some(1),
        2 | 3 => Some(2),
        4..=6 => Some(4),
        10..=12 => Some(8),
        8 | 9 => None,
        other => return Err(Stop::Bad(format!("unknown metadata type {other}"))),
    })
}

fn read_value<R: Read>(r: &mut Reader<R>, kind: u32) -> Result<Value, Stop> {
    match kind {
        8 => r.string().map(Value::Str),
        9 => {
            let item = r.u32()?;
            let count = r.u64()?;
            if count > MAX_ITEMS {
                return Err(Stop::Bad(format!("an array of {count} items in the header")));
            }
            match scalar_size(item)? {
                Some(size) => r.skip(size * count)?,
                None => {
                    for _ in 0..count {
                        read_value(r, item)?;
                    }
                }
            }
            Ok(Value::Other)
        }
        4 => r.u32().map(|v| Value::Int(v.into())),
        10 => r.u64().map(Value::Int),
        5 => r.u32().map(|v| Value::Int(u64::from(v.cast_signed().max(0).cast_unsigned()))),
        11 => r.u64().map(|v| Value::Int(v.cast_signed().max(0).cast_unsigned())),
        other => {
            let size = scalar_size(other)?.unwrap_or(0);
            r.skip(size)?;
            Ok(Value::Other)
        }
    }
}

/// (elements per block, bytes per block) of the element types llama.cpp's files use most
/// (ggml.h's `ggml_type`, ggml.c's `type_traits`).
fn block(kind: u32) -> Option<(u64, u64)> {
    Some(match kind {
        0 | 26 => (1, 4),
        1 | 25 | 30 => (1, 2),
        24 => (1, 1),
        27 | 28 => (1, 8),
        2 | 20 => (32, 18),
        3 => (32, 20),
        6 => (32, 22),
        7 => (32, 24),
        8 => (32, 34),
        10 => (256, 84),
        11 => (256, 110),
        12 => (256, 144),
        13 => (256, 176),
        14 => (256, 210),
        23 => (256, 136),
        _ => return None,
    })
}

fn read_header<R: Read>(r: &mut Reader<R>, file: &str, file_size: u64) -> Result<GgufInfo, GgufError> {
    let truncated = |expected: u64| GgufError::Truncated { file: file.to_string(), actual: file_size, expected };
    let damaged = |reason: String| GgufError::Damaged { file: file.to_string(), reason };
    let fail = |stop: Stop| match stop {
        Stop::End => GgufError::HeaderCut { file: file.to_string() },
        Stop::Bad(reason) => damaged(reason),
    };
    match r.bytes::<4>() {
        Ok(magic) if &magic == b"GGUF" => {}
        _ => return Err(GgufError::NotGguf { file: file.to_string() }),
    }
    let version = r.u32().map_err(fail)?;
    if !(2..=3).contains(&version) {
        return Err(GgufError::Version { file: file.to_string(), version });
    }
    let tensor_count = r.u64().map_err(fail)?;
    let kv_count = r.u64().map_err(fail)?;
    if tensor_count > MAX_ITEMS || kv_count > MAX_ITEMS {
        return Err(damaged(format!("it claims {tensor_count} tensors and {kv_count} metadata entries")));
    }
    let (mut architecture, mut name, mut chat_template, mut alignment) = (None, None, None, 32u64);
    let mut lengths: Vec<(String, u64)> = Vec::new();
    for _ in 0..kv_count {
        let key = r.string().map_err(fail)?;
        let kind = r.u32().map_err(fail)?;
        let value = read_value(r, kind).map_err(fail)?;
        match (key.as_str(), value) {
            ("general.architecture", Value::Str(s)) => architecture = Some(s),
            ("general.name", Value::Str(s)) => name = Some(s),
            ("tokenizer.chat_template", Value::Str(s)) => chat_template = Some(s),
            ("general.alignment", Value::Int(n)) if n > 0 && n.is_power_of_two() => alignment = n,
            (k, Value::Int(n)) if k.ends_with(".context_length") => lengths.push((k.to_string(), n)),
            _ => {}
        }
    }
    let architecture = architecture.filter(|a| !a.trim().is_empty()).ok_or_else(|| GgufError::NoArchitecture { file: file.to_string() })?;
    let context_length = lengths.iter().find(|(k, _)| *k == format!("{architecture}.context_length")).map(|(_, n)| *n);
    let mut end: Option<u64> = Some(0);
    for _ in 0..tensor_count {
        let _name = r.string().map_err(fail)?;
        let dims = r.u32().map_err(fail)?;
        if dims > 8 {
            return Err(damaged(format!("a tensor with {dims} dimensions")));
        }
        let mut elements: u64 = 1;
        for _ in 0..dims {
            let d = r.u64().map_err(fail)?;
            elements = elements.checked_mul(d).ok_or_else(|| damaged("a tensor larger than any file".into()))?;
        }
        let kind = r.u32().map_err(fail)?;
        let offset = r.u64().map_err(fail)?;
        end = match (end, block(kind)) {
            (Some(e), Some((per_block, bytes))) => {
                let size = elements.div_ceil(per_block).checked_mul(bytes);
                size.and_then(|s| offset.checked_add(s)).map(|tensor_end| e.max(tensor_end))
            }
            _ => None,
        };
    }
    let data_start = r.pos.div_ceil(alignment).saturating_mul(alignment);
    let expected_size = end.map(|e| data_start.saturating_add(e));
    if let Some(expected) = expected_size
        && file_size < expected
    {
        return Err(truncated(expected));
    }
    Ok(GgufInfo { version, architecture, name, context_length, chat_template, tensor_count, expected_size, file_size })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small, valid GGUF v3 file: `kvs` string pairs and one F32 tensor of `elements`.
    pub(crate) fn tiny(kvs: &[(&str, &str)], elements: u64) -> Vec<u8> {
        let mut b = Vec::new();
        let s = |b: &mut Vec<u8>, t: &str| {
            b.extend((t.len() as u64).to_le_bytes());
            b.extend(t.as_bytes());
        };
        b.extend(b"GGUF");
        b.extend(3u32.to_le_bytes());
        b.extend(1u64.to_le_bytes());
        b.extend((kvs.len() as u64 + 1).to_le_bytes());
        for (k, v) in kvs {
            s(&mut b, k);
            b.extend(8u32.to_le_bytes());
            s(&mut b, v);
        }
        s(&mut b, "llama.context_length");
        b.extend(4u32.to_le_bytes());
        b.extend(2048u32.to_le_bytes());
        s(&mut b, "w");
        b.extend(1u32.to_le_bytes());
        b.extend(elements.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        b.extend(0u64.to_le_bytes());
        while b.len() % 32 != 0 {
            b.push(0);
        }
        b.extend(std::iter::repeat_n(0u8, usize::try_from(elements * 4).unwrap()));
        b
    }

    #[test]
    fn a_whole_file_is_read_and_a_cut_one_is_called_truncated() {
        let bytes = tiny(&[("general.architecture", "llama"), ("general.name", "Tiny")], 100);
        let info = inspect_bytes(&bytes, "tiny.gguf").unwrap();
        assert_eq!(info.architecture, "llama");
        assert_eq!(info.name.as_deref(), Some("Tiny"));
        assert_eq!(info.context_length, Some(2048));
        assert_eq!(info.expected_size, Some(bytes.len() as u64));
        assert!(!info.template_supports_tools());
        let cut = &bytes[..bytes.len() - 10];
        let err = inspect_bytes(cut, "tiny.gguf").unwrap_err();
        assert_eq!(err, GgufError::Truncated { file: "tiny.gguf".into(), actual: cut.len() as u64, expected: bytes.len() as u64 });
        assert!(err.to_string().contains("tiny.gguf is truncated"), "{err}");
        // Cut inside the header.
        assert!(matches!(inspect_bytes(&bytes[..40], "tiny.gguf"), Err(GgufError::HeaderCut { .. })));
    }

    #[test]
    fn other_files_get_an_error_naming_them() {
        let err = inspect_bytes(b"<html>Not found</html>", "qwen.gguf").unwrap_err();
        assert_eq!(err.to_string(), "qwen.gguf is not a GGUF model file (it does not start with \"GGUF\")");
        let mut old = tiny(&[("general.architecture", "llama")], 4);
        old[4] = 1;
        assert!(matches!(inspect_bytes(&old, "old.gguf"), Err(GgufError::Version { version: 1, .. })));
        let nameless = tiny(&[("general.name", "x")], 4);
        assert!(matches!(inspect_bytes(&nameless, "x.gguf"), Err(GgufError::NoArchitecture { .. })));
    }

    #[test]
    fn a_template_that_takes_tools_is_recognised() {
        let t = "{% if tools %}<tools>{{ tools }}</tools>{% endif %}{% for m in messages %}{% if m.tool_calls %}<tool_call>{% endif %}{% endfor %}";
        let bytes = tiny(&[("general.architecture", "qwen3"), ("tokenizer.chat_template", t)], 4);
        let info = inspect_bytes(&bytes, "q.gguf").unwrap();
        assert!(info.template_supports_tools());
        assert_eq!(info.tool_format(), Some(ToolFormat::Hermes));
    }

    #[test]
    fn each_way_of_writing_a_call_is_told_apart() {
        let llama =
            r#"{% if tools is not none %}Respond in the format {"name": function name, "parameters": dictionary}{% endif %}<|eot_id|>"#;
        assert_eq!(ToolFormat::of_template(llama), Some(ToolFormat::Llama3));
        let mistral = "{% if tools %}[AVAILABLE_TOOLS]{{ tools }}[/AVAILABLE_TOOLS]{% endif %}[TOOL_CALLS]";
        assert_eq!(ToolFormat::of_template(mistral), Some(ToolFormat::Mistral));
        // Gemma 3's template takes no tools; one that mentions tools but no way to call them is not read.
        assert_eq!(ToolFormat::of_template("<start_of_turn>user\n{{ messages[0].content }}<end_of_turn>"), None);
        assert_eq!(ToolFormat::of_template("{% if tools %}You have tools.{% endif %}"), None);
    }

    proptest::proptest! {
        #[test]
        fn no_bytes_make_the_check_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600)) {
            let _ = inspect_bytes(&bytes, "x.gguf");
        }

        #[test]
        fn damage_to_a_valid_header_is_an_error_or_a_reading_never_a_panic(at in 0usize..200, byte in proptest::prelude::any::<u8>()) {
            let mut bytes = tiny(&[("general.architecture", "llama")], 16);
            let at = at % bytes.len();
            bytes[at] = byte;
            let _ = inspect_bytes(&bytes, "x.gguf");
        }
    }
}
