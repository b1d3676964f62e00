//! `model.safetensors`, read one tensor at a time and rounded to f16 as it is read, so loading
//! never holds the whole file.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use half::f16;
use serde::Deserialize;

use crate::EmbedError;

/// `model.safetensors`, read one tensor at a time.
pub(super) struct SafeTensors {
    file: File,
    path: PathBuf,
    data_start: u64,
    entries: HashMap<String, Entry>,
}

#[derive(Deserialize)]
struct Entry {
    dtype: String,
    shape: Vec<usize>,
    data_offsets: [u64; 2],
}

impl SafeTensors {
    pub(super) fn open(path: &Path) -> Result<Self, EmbedError> {
        let io = |source| EmbedError::Io { path: path.to_path_buf(), source };
        let bad = |why: String| EmbedError::Model(format!("{}: {why}", path.display()));
        let mut file = File::open(path).map_err(io)?;
        let mut size = [0_u8; 8];
        file.read_exact(&mut size).map_err(io)?;
        let size = u64::from_le_bytes(size);
        if size > 100 << 20 {
            return Err(bad(format!("a safetensors header of {size} bytes")));
        }
        let mut header = vec![0_u8; size as usize];
        file.read_exact(&mut header).map_err(io)?;
        let mut raw: HashMap<String, serde_json::Value> =
            serde_json::from_slice(&header).map_err(|e| bad(format!("not safetensors: {e}")))?;
        raw.remove("__metadata__");
        let entries = raw
            .into_iter()
            .map(|(name, value)| serde_json::from_value(value).map(|e| (name, e)))
            .collect::<Result<_, _>>()
            .map_err(|e| bad(format!("not safetensors: {e}")))?;
        Ok(SafeTensors { file, path: path.to_path_buf(), data_start: 8 + size, entries })
    }

    fn entry(&self, name: &str) -> Result<&Entry, EmbedError> {
        self.entries
            .get(name)
            .or_else(|| self.entries.get(&format!("bert.{name}")))
            .ok_or_else(|| EmbedError::Model(format!("{}: no tensor {name}", self.path.display())))
    }

    /// The f32 tensor `name` (or `bert.name`), which must have `shape`.
    pub(super) fn read(&mut self, name: &str, shape: &[usize]) -> Result<Vec<f32>, EmbedError> {
        self.check_shape(name, shape)?;
        self.read_any(name, 1)
    }

    /// The same, rounded to half precision as it is read (never held in f32 whole).
    pub(super) fn read_f16(&mut self, name: &str, shape: &[usize]) -> Result<Vec<f16>, EmbedError> {
        self.check_shape(name, shape)?;
        let mut out = Vec::with_capacity(shape.iter().product());
        self.stream(name, 1, |values| out.extend(values.iter().map(|&v| f16::from_f32(v))))?;
        Ok(out)
    }

    fn check_shape(&self, name: &str, shape: &[usize]) -> Result<(), EmbedError> {
        let found = &self.entry(name)?.shape;
        if found != shape {
            return Err(EmbedError::Model(format!("{}: {name} has shape {found:?}, expected {shape:?}", self.path.display())));
        }
        Ok(())
    }

    /// The rows of the 2-D f32 tensor `name` (of `shape`), read from the file one at a time when
    /// asked for instead of held ([`Rows`]).
    pub(super) fn rows(&self, name: &str, shape: [usize; 2]) -> Result<Rows, EmbedError> {
        self.check_shape(name, &shape)?;
        let (start, _) = self.f32_data(name, 1)?;
        let file = self.file.try_clone().map_err(|source| EmbedError::Io { path: self.path.clone(), source })?;
        Ok(Rows { file, path: self.path.clone(), start, rows: shape[0], width: shape[1] })
    }

    /// The f32 tensor `name`, of any shape whose size is a multiple of `multiple`.
    pub(super) fn read_any(&mut self, name: &str, multiple: usize) -> Result<Vec<f32>, EmbedError> {
        let mut out = Vec::new();
        self.stream(name, multiple, |values| out.extend_from_slice(values))?;
        Ok(out)
    }

    /// Where the f32 tensor `name`'s data starts in the file and how many values it holds: an error
    /// unless it is non-empty F32 data of exactly its shape's size, a multiple of `multiple`.
    fn f32_data(&self, name: &str, multiple: usize) -> Result<(u64, usize), EmbedError> {
        let entry = self.entry(name)?;
        let count: usize = entry.shape.iter().product();
        let [begin, end] = entry.data_offsets;
        if entry.dtype != "F32" || end.checked_sub(begin) != Some(count as u64 * 4) || count == 0 || !count.is_multiple_of(multiple) {
            return Err(EmbedError::Model(format!(
                "{}: {name} is {} {:?}, expected non-empty F32 data",
                self.path.display(),
                entry.dtype,
                entry.shape
            )));
        }
        Ok((self.data_start + begin, count))
    }

    /// Hands the f32 tensor `name` to `sink` 16,384 values at a time.
    fn stream(&mut self, name: &str, multiple: usize, mut sink: impl FnMut(&[f32])) -> Result<(), EmbedError> {
        let (start, count) = self.f32_data(name, multiple)?;
        let io = |source| EmbedError::Io { path: self.path.clone(), source };
        self.file.seek(SeekFrom::Start(start)).map_err(io)?;
        let mut buffer = vec![0_u8; 1 << 16];
        let mut values = Vec::with_capacity(buffer.len() / 4);
        let mut left = count * 4;
        while left > 0 {
            let n = left.min(buffer.len());
            self.file.read_exact(&mut buffer[..n]).map_err(|source| EmbedError::Io { path: self.path.clone(), source })?;
            values.clear();
            values.extend(buffer[..n].chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])));
            sink(&values);
            left -= n;
        }
        Ok(())
    }
}

/// A table's rows left in `model.safetensors` and read when a text uses them (the word embeddings:
/// 30,522 rows, 23 MB even in half precision, of which a question uses a few dozen). A read is one
/// positioned read of the file, which the system's page cache keeps; nothing of the table counts
/// as the process's memory. Each value is rounded to half precision and back, exactly as the
/// held table was, so the vectors are the same to the bit.
pub(super) struct Rows {
    file: File,
    path: PathBuf,
    start: u64,
    rows: usize,
    width: usize,
}

impl Rows {
    /// Row `row` into `out` (`width` values), through `bytes` (any buffer; it is resized).
    pub(super) fn read(&self, row: usize, out: &mut [f32], bytes: &mut Vec<u8>) -> Result<(), EmbedError> {
        if row >= self.rows || out.len() != self.width {
            return Err(EmbedError::Model(format!("row {row} of a table of {} rows of {}", self.rows, self.width)));
        }
        bytes.resize(self.width * 4, 0);
        self.file
            .read_exact_at(bytes, self.start + (row * self.width * 4) as u64)
            .map_err(|source| EmbedError::Io { path: self.path.clone(), source })?;
        for (value, b) in out.iter_mut().zip(bytes.chunks_exact(4)) {
            *value = f16::from_f32(f32::from_le_bytes([b[0], b[1], b[2], b[3]])).to_f32();
        }
        Ok(())
    }
}
