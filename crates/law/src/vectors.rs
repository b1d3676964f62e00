//! Node vectors held in memory as one flat row-major matrix, for `similar` without touching SQLite.
//!
//! Vectors are L2-normalised, so the dot product is the cosine. A query scans the matrix once with a
//! vectorisable dot product and keeps the best `k` in a small heap: 50,000 × 384 floats take a few
//! milliseconds on one core, with no index to build or keep in step with the graph.

use std::collections::HashMap;

use rusqlite::Connection;

use crate::Error;
use crate::store::decode_vector;

#[derive(Debug, Default)]
pub struct VectorIndex {
    dimension: usize,
    ids: Vec<i64>,
    row_of: HashMap<i64, usize>,
    data: Vec<f32>,
}

impl VectorIndex {
    /// Loads every stored vector; each must have `dimension` floats.
    pub fn load(conn: &Connection, dimension: usize) -> Result<Self, Error> {
        let count: i64 = conn.query_row("SELECT count(*) FROM embeddings", [], |r| r.get(0))?;
        let mut index = VectorIndex {
            dimension,
            ids: Vec::with_capacity(count as usize),
            row_of: HashMap::with_capacity(count as usize),
            data: Vec::with_capacity(count as usize * dimension),
        };
        let mut stmt = conn.prepare("SELECT node_id, vector FROM embeddings ORDER BY node_id")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let id: i64 = row.get(0)?;
            let bytes = row.get_ref(1)?.as_blob().map_err(rusqlite::Error::from)?;
            if bytes.len() != dimension * 4 {
                return Err(Error::Dimension(format!(
                    "node {id} has a vector of {} dimensions but the graph says {dimension}",
                    bytes.len() / 4
                )));
            }
            index.push(id, &decode_vector(bytes));
        }
        Ok(index)
    }

    pub fn push(&mut self, id: i64, vector: &[f32]) {
        debug_assert_eq!(vector.len(), self.dimension);
        self.row_of.insert(id, self.ids.len());
        self.ids.push(id);
        self.data.extend_from_slice(vector);
    }

    /// Sets node `id`'s vector, replacing the one it had.
    pub fn upsert(&mut self, id: i64, vector: &[f32]) {
        debug_assert_eq!(vector.len(), self.dimension);
        match self.row_of.get(&id) {
            Some(&row) => self.data[row * self.dimension..(row + 1) * self.dimension].copy_from_slice(vector),
            None => self.push(id, vector),
        }
    }

    pub fn with_dimension(dimension: usize) -> Self {
        VectorIndex { dimension, ..Default::default() }
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn dimension(&self) -> usize {
        self.dimension
    }

    pub fn vector(&self, id: i64) -> Option<&[f32]> {
        let row = *self.row_of.get(&id)?;
        Some(&self.data[row * self.dimension..(row + 1) * self.dimension])
    }

    /// The `k` nodes nearest to node `id` (itself excluded), best first; `None` if it has no vector.
    pub fn similar_to(&self, id: i64, k: usize) -> Option<Vec<(i64, f32)>> {
        let query = self.vector(id)?;
        Some(self.nearest(query, k, Some(id)))
    }

    /// The `k` nodes nearest to `query`, best first.
    pub fn nearest(&self, query: &[f32], k: usize, exclude: Option<i64>) -> Vec<(i64, f32)> {
        let skip_row = exclude.and_then(|id| self.row_of.get(&id).copied());
        proseva_embed::top_k(query, &self.data, self.dimension, k, |row| Some(row) == skip_row)
            .into_iter()
            .map(|(row, score)| (self.ids[row], score))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(v: &[f32]) -> Vec<f32> {
        let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.iter().map(|x| x / n).collect()
    }

    #[test]
    fn finds_nearest_excluding_the_query_node() {
        let mut index = VectorIndex::with_dimension(3);
        index.push(10, &unit(&[1.0, 0.0, 0.0]));
        index.push(11, &unit(&[0.9, 0.1, 0.0]));
        index.push(12, &unit(&[0.0, 1.0, 0.0]));
        index.push(13, &unit(&[0.7, 0.7, 0.0]));
        let got: Vec<i64> = index.similar_to(10, 2).unwrap().into_iter().map(|(id, _)| id).collect();
        assert_eq!(got, vec![11, 13]);
        assert_eq!(index.similar_to(10, 10).unwrap().len(), 3);
        assert!(index.similar_to(99, 2).is_none());
    }
}
