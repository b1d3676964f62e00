//! Files sealed with the case file's key: XChaCha20-Poly1305, a random 192-bit nonce per file,
//! and the file's name bound in as associated data (a sealed file renamed or swapped for another
//! does not open). Layout: `PSVSEAL1` (8 bytes), the nonce (24), the ciphertext with its 16-byte
//! tag. A document is at most the upload limit (25 MiB), so a file is sealed in one piece.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};

use super::keys::{FileKey, random_bytes};

const MAGIC: &[u8; 8] = b"PSVSEAL1";
const NONCE_BYTES: usize = 24;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SealError {
    #[error("the file {0} is not a sealed ProSeVA file")]
    NotSealed(String),
    #[error("the file {0} does not open with this key, or was changed")]
    DoesNotOpen(String),
}

fn aad(name: &str) -> Vec<u8> {
    let mut aad = MAGIC.to_vec();
    aad.extend_from_slice(name.as_bytes());
    aad
}

/// `plain`, sealed as the file `name`.
pub fn seal(key: &FileKey, name: &str, plain: &[u8]) -> Vec<u8> {
    let nonce: [u8; NONCE_BYTES] = random_bytes();
    let cipher = XChaCha20Poly1305::new(key.0.as_slice().into());
    let sealed = cipher
        .encrypt(XNonce::from_slice(&nonce), Payload { msg: plain, aad: &aad(name) })
        .expect("XChaCha20-Poly1305 seals any length a file here has");
    let mut out = Vec::with_capacity(MAGIC.len() + NONCE_BYTES + sealed.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&nonce);
    out.extend_from_slice(&sealed);
    out
}

/// What the file `name` sealed.
pub fn open(key: &FileKey, name: &str, sealed: &[u8]) -> Result<Vec<u8>, SealError> {
    if !is_sealed(sealed) || sealed.len() < MAGIC.len() + NONCE_BYTES + 16 {
        return Err(SealError::NotSealed(name.to_string()));
    }
    let (nonce, body) = sealed[MAGIC.len()..].split_at(NONCE_BYTES);
    let cipher = XChaCha20Poly1305::new(key.0.as_slice().into());
    cipher.decrypt(XNonce::from_slice(nonce), Payload { msg: body, aad: &aad(name) }).map_err(|_| SealError::DoesNotOpen(name.to_string()))
}

pub fn is_sealed(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::privacy::keys::DataKey;

    #[test]
    fn a_sealed_file_opens_only_with_its_key_and_name_and_unchanged() {
        let key = DataKey::random().file_key();
        let plain = b"Jane Roe, 12 Elm Street: he came to the house on May 3.".to_vec();
        let sealed = seal(&key, "a.pdf", &plain);
        assert!(is_sealed(&sealed));
        assert!(!sealed.windows(8).any(|w| w == b"Elm Stre"));
        assert_eq!(open(&key, "a.pdf", &sealed).unwrap(), plain);
        assert_eq!(open(&key, "b.pdf", &sealed).unwrap_err(), SealError::DoesNotOpen("b.pdf".into()));
        assert_eq!(open(&DataKey::random().file_key(), "a.pdf", &sealed).unwrap_err(), SealError::DoesNotOpen("a.pdf".into()));
        let mut changed = sealed.clone();
        *changed.last_mut().unwrap() ^= 1;
        assert!(open(&key, "a.pdf", &changed).is_err());
        assert_eq!(open(&key, "a.pdf", &plain).unwrap_err(), SealError::NotSealed("a.pdf".into()));
        assert_eq!(open(&key, "e", &seal(&key, "e", b"")).unwrap(), b"");
        // A new nonce each time.
        assert_ne!(seal(&key, "a.pdf", &plain), sealed);
    }
}
