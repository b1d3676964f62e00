//! The keys of a locked case file, and `privacy.json`, the file that holds them wrapped.
//!
//! One random 256-bit data key encrypts everything; it never changes while the lock is on, so a
//! new passphrase only wraps the same key anew (nothing else is rewritten). From it, by
//! HKDF-SHA256, come the SQLCipher key of the database, the key that seals files, and a key id
//! (to tell whether a backup was made with this key). `privacy.json` keeps the data key twice,
//! sealed with XChaCha20-Poly1305 under a key stretched by Argon2id: once from the passphrase and
//! once from the recovery key shown when the lock was turned on. Neither the passphrase, the
//! recovery key nor the data key is ever written anywhere.

use std::path::Path;

use argon2::{Algorithm, Argon2, Params, Version};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hkdf::Hkdf;
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use zeroize::{Zeroize, Zeroizing};

/// What `privacy.json` says it is.
pub const FORMAT: &str = "proseva-privacy";
pub const VERSION: u32 = 1;
pub const CIPHER: &str = "XChaCha20-Poly1305";
/// Argon2id as RFC 9106 recommends when memory is short (its second choice): 64 MiB, 3 passes, 4
/// lanes. About half a second on a 2-core laptop; the figures go into `privacy.json`, so a file
/// made with other figures still opens.
pub const KDF_MEMORY_KIB: u32 = 64 * 1024;
pub const KDF_ITERATIONS: u32 = 3;
pub const KDF_PARALLELISM: u32 = 4;
/// The shortest passphrase accepted, in characters; the longest.
pub const MIN_PASSPHRASE_CHARS: usize = 8;
pub const MAX_PASSPHRASE_CHARS: usize = 1024;
/// The recovery key's letters: Crockford's base 32 (no I, L, O or U to misread).
const RECOVERY_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// 25 letters of 5 bits: 125 random bits, written as 5 groups of 5.
const RECOVERY_LETTERS: usize = 25;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KeyError {
    #[error("that passphrase does not open this case file")]
    WrongPassphrase,
    #[error("that recovery key does not open this case file")]
    WrongRecoveryKey,
    #[error("a recovery key has 25 letters and digits (5 groups of 5, as it was shown); this one has {0}")]
    MalformedRecoveryKey(usize),
    #[error("the passphrase needs at least {MIN_PASSPHRASE_CHARS} characters")]
    PassphraseTooShort,
    #[error("the passphrase may have at most {MAX_PASSPHRASE_CHARS} characters")]
    PassphraseTooLong,
    #[error("privacy.json cannot be read: {0}")]
    BadKeyFile(String),
}

/// The data key. Wiped from memory when dropped.
#[derive(Clone)]
pub struct DataKey(Zeroizing<[u8; 32]>);

impl std::fmt::Debug for DataKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DataKey(<secret>)")
    }
}

impl DataKey {
    pub fn random() -> Self {
        DataKey(Zeroizing::new(random_bytes()))
    }

    fn derive(&self, purpose: &str) -> Zeroizing<[u8; 32]> {
        let mut out = Zeroizing::new([0u8; 32]);
        Hkdf::<Sha256>::new(None, self.0.as_slice())
            .expand(purpose.as_bytes(), out.as_mut_slice())
            .expect("32 bytes is a valid HKDF-SHA256 length");
        out
    }

    /// The database's key as SQLCipher takes a raw key, `x'…'` (64 hex digits; in `PRAGMA key =
    /// "x'…'"` and `ATTACH … KEY`): no second stretching on every connection.
    pub fn sqlcipher_key(&self) -> Zeroizing<String> {
        let key = self.derive("proseva sqlcipher v1");
        let mut hex = String::with_capacity(64);
        for byte in key.iter() {
            hex.push_str(&format!("{byte:02x}"));
        }
        Zeroizing::new(format!("x'{hex}'"))
    }

    /// The key that seals the files kept beside the database.
    pub fn file_key(&self) -> FileKey {
        FileKey(self.derive("proseva files v1"))
    }

    /// A name for this key that gives nothing away (16 hex digits of an HKDF output).
    pub fn id(&self) -> String {
        self.derive("proseva key id v1")[..8].iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// The key of [`super::seal`]. Wiped from memory when dropped.
#[derive(Clone)]
pub struct FileKey(pub(super) Zeroizing<[u8; 32]>);

impl std::fmt::Debug for FileKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FileKey(<secret>)")
    }
}

/// A recovery key as it is shown: `XXXXX-XXXXX-XXXXX-XXXXX-XXXXX`. Wiped from memory when dropped.
pub struct RecoveryKey(Zeroizing<String>);

impl RecoveryKey {
    fn random() -> Self {
        let bytes: Zeroizing<[u8; 32]> = Zeroizing::new(random_bytes());
        let letters: String = bytes.iter().take(RECOVERY_LETTERS).map(|b| RECOVERY_ALPHABET[(b & 31) as usize] as char).collect();
        let groups: Vec<&str> = (0..5).map(|g| &letters[g * 5..g * 5 + 5]).collect();
        RecoveryKey(Zeroizing::new(groups.join("-")))
    }

    /// Reads a recovery key as a person types it back: any case, spaces or dashes anywhere, O for
    /// 0 and I or L for 1.
    pub fn parse(typed: &str) -> Result<Self, KeyError> {
        let mut letters = Zeroizing::new(String::new());
        for c in typed.chars().filter(|c| !c.is_whitespace() && *c != '-') {
            let c = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            if !c.is_ascii() || !RECOVERY_ALPHABET.contains(&(c as u8)) {
                return Err(KeyError::MalformedRecoveryKey(typed.chars().filter(|c| c.is_ascii_alphanumeric()).count()));
            }
            letters.push(c);
        }
        if letters.len() != RECOVERY_LETTERS {
            return Err(KeyError::MalformedRecoveryKey(letters.len()));
        }
        let groups: Vec<&str> = (0..5).map(|g| &letters[g * 5..g * 5 + 5]).collect();
        Ok(RecoveryKey(Zeroizing::new(groups.join("-"))))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A passphrase as typed, checked and put in one Unicode form (NFC), so the same words typed
/// with another keyboard or input method still match. Wiped from memory when dropped.
pub struct Passphrase(Zeroizing<String>);

impl Passphrase {
    /// A new passphrase: at least [`MIN_PASSPHRASE_CHARS`] characters.
    pub fn new(typed: &str) -> Result<Self, KeyError> {
        let passphrase = Self::given(typed)?;
        if passphrase.0.chars().count() < MIN_PASSPHRASE_CHARS {
            return Err(KeyError::PassphraseTooShort);
        }
        Ok(passphrase)
    }

    /// A passphrase given to open the file (no length rule but the upper bound: an old file's
    /// rules may differ).
    pub fn given(typed: &str) -> Result<Self, KeyError> {
        use unicode_normalization::UnicodeNormalization;
        if typed.chars().count() > MAX_PASSPHRASE_CHARS {
            return Err(KeyError::PassphraseTooLong);
        }
        Ok(Passphrase(Zeroizing::new(typed.nfc().collect())))
    }
}

/// Argon2id's figures, as `privacy.json` records them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Kdf {
    pub algorithm: String,
    pub version: u32,
    #[serde(rename = "memoryKiB")]
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
}

impl Default for Kdf {
    fn default() -> Self {
        Kdf {
            algorithm: "Argon2id".into(),
            version: 0x13,
            memory_kib: KDF_MEMORY_KIB,
            iterations: KDF_ITERATIONS,
            parallelism: KDF_PARALLELISM,
        }
    }
}

impl Kdf {
    /// The 256-bit key `secret` and `salt` stretch to.
    fn stretch(&self, secret: &[u8], salt: &[u8]) -> Result<Zeroizing<[u8; 32]>, KeyError> {
        if self.algorithm != "Argon2id" || self.version != 0x13 {
            return Err(KeyError::BadKeyFile(format!("unknown key derivation {} version {}", self.algorithm, self.version)));
        }
        // Bounds so a damaged or hostile file cannot ask for gigabytes or hours.
        if !(8 * 1024..=1024 * 1024).contains(&self.memory_kib)
            || !(1..=16).contains(&self.iterations)
            || !(1..=16).contains(&self.parallelism)
        {
            return Err(KeyError::BadKeyFile("key derivation figures out of range".into()));
        }
        let params = Params::new(self.memory_kib, self.iterations, self.parallelism, Some(32))
            .map_err(|e| KeyError::BadKeyFile(format!("key derivation figures: {e}")))?;
        let mut out = Zeroizing::new([0u8; 32]);
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password_into(secret, salt, out.as_mut_slice())
            .map_err(|e| KeyError::BadKeyFile(format!("key derivation: {e}")))?;
        Ok(out)
    }
}

/// The data key sealed under a key stretched from a secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrapped {
    pub salt: String,
    pub nonce: String,
    pub wrapped: String,
}

impl Wrapped {
    fn seal(kdf: &Kdf, secret: &[u8], key: &DataKey, purpose: &str) -> Result<Self, KeyError> {
        let salt: [u8; 16] = random_bytes();
        let nonce: [u8; 24] = random_bytes();
        let kek = kdf.stretch(secret, &salt)?;
        let cipher = XChaCha20Poly1305::new(kek.as_slice().into());
        let wrapped = cipher
            .encrypt(XNonce::from_slice(&nonce), Payload { msg: key.0.as_slice(), aad: purpose.as_bytes() })
            .map_err(|_| KeyError::BadKeyFile("sealing the key failed".into()))?;
        Ok(Wrapped { salt: B64.encode(salt), nonce: B64.encode(nonce), wrapped: B64.encode(wrapped) })
    }

    /// The data key, or `None` when `secret` is not the one it was sealed with.
    fn open(&self, kdf: &Kdf, secret: &[u8], purpose: &str) -> Result<Option<DataKey>, KeyError> {
        let decode = |field: &str, value: &str| B64.decode(value).map_err(|e| KeyError::BadKeyFile(format!("{field}: {e}")));
        let (salt, nonce, wrapped) = (decode("salt", &self.salt)?, decode("nonce", &self.nonce)?, decode("wrapped", &self.wrapped)?);
        if nonce.len() != 24 || salt.len() < 8 {
            return Err(KeyError::BadKeyFile("a wrapped key's salt or nonce has the wrong length".into()));
        }
        let kek = kdf.stretch(secret, &salt)?;
        let cipher = XChaCha20Poly1305::new(kek.as_slice().into());
        let Ok(mut plain) = cipher.decrypt(XNonce::from_slice(&nonce), Payload { msg: &wrapped, aad: purpose.as_bytes() }) else {
            return Ok(None);
        };
        let key = <[u8; 32]>::try_from(plain.as_slice()).map_err(|_| KeyError::BadKeyFile("the wrapped key has the wrong length".into()));
        plain.zeroize();
        Ok(Some(DataKey(Zeroizing::new(key?))))
    }
}

const PASSPHRASE_PURPOSE: &str = "proseva-privacy v1 passphrase";
const RECOVERY_PURPOSE: &str = "proseva-privacy v1 recovery key";

/// `privacy.json`: nothing secret in it, only the data key sealed twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KeyFile {
    pub format: String,
    pub version: u32,
    pub key_id: String,
    pub cipher: String,
    pub kdf: Kdf,
    pub passphrase: Wrapped,
    pub recovery: Wrapped,
    pub created_at: String,
    pub changed_at: String,
}

impl KeyFile {
    /// A new data key, sealed with `passphrase` and with a new recovery key (returned: it is
    /// shown once and kept nowhere).
    pub fn create(passphrase: &Passphrase) -> Result<(KeyFile, DataKey, RecoveryKey), KeyError> {
        let key = DataKey::random();
        let recovery = RecoveryKey::random();
        let kdf = Kdf::default();
        let now = crate::store::now();
        let file = KeyFile {
            format: FORMAT.into(),
            version: VERSION,
            key_id: key.id(),
            cipher: CIPHER.into(),
            passphrase: Wrapped::seal(&kdf, passphrase.0.as_bytes(), &key, PASSPHRASE_PURPOSE)?,
            recovery: Wrapped::seal(&kdf, recovery.as_str().as_bytes(), &key, RECOVERY_PURPOSE)?,
            kdf,
            created_at: now.clone(),
            changed_at: now,
        };
        Ok((file, key, recovery))
    }

    pub fn open_with_passphrase(&self, passphrase: &Passphrase) -> Result<DataKey, KeyError> {
        let key = self.passphrase.open(&self.kdf, passphrase.0.as_bytes(), PASSPHRASE_PURPOSE)?.ok_or(KeyError::WrongPassphrase)?;
        self.checked(key)
    }

    pub fn open_with_recovery_key(&self, recovery: &RecoveryKey) -> Result<DataKey, KeyError> {
        let key = self.recovery.open(&self.kdf, recovery.as_str().as_bytes(), RECOVERY_PURPOSE)?.ok_or(KeyError::WrongRecoveryKey)?;
        self.checked(key)
    }

    fn checked(&self, key: DataKey) -> Result<DataKey, KeyError> {
        if key.id() != self.key_id {
            return Err(KeyError::BadKeyFile("the key it holds is not the one it names".into()));
        }
        Ok(key)
    }

    /// The same data key under a new passphrase, with the file's own Argon2id figures (the
    /// recovery key's wrapping shares them and stays as it was).
    pub fn with_passphrase(&self, key: &DataKey, passphrase: &Passphrase) -> Result<KeyFile, KeyError> {
        let mut file = self.clone();
        file.passphrase = Wrapped::seal(&file.kdf, passphrase.0.as_bytes(), key, PASSPHRASE_PURPOSE)?;
        file.changed_at = crate::store::now();
        Ok(file)
    }

    pub fn read(path: &Path) -> Result<KeyFile, KeyError> {
        let bytes = std::fs::read(path).map_err(|e| KeyError::BadKeyFile(e.to_string()))?;
        Self::from_bytes(&bytes)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<KeyFile, KeyError> {
        let file: KeyFile = serde_json::from_slice(bytes).map_err(|e| KeyError::BadKeyFile(e.to_string()))?;
        if file.format != FORMAT || file.version != VERSION || file.cipher != CIPHER {
            return Err(KeyError::BadKeyFile(format!("not a {FORMAT} version {VERSION} file with {CIPHER}")));
        }
        Ok(file)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec_pretty(self).expect("a key file serialises")
    }
}

/// Random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_passphrase_and_the_recovery_key_open_the_same_key_and_others_do_not() {
        let (file, key, recovery) = KeyFile::create(&Passphrase::new("correct horse battery").unwrap()).unwrap();
        let file = KeyFile::from_bytes(&file.to_bytes()).unwrap();
        assert_eq!(file.key_id, key.id());
        let by_passphrase = file.open_with_passphrase(&Passphrase::given("correct horse battery").unwrap()).unwrap();
        assert_eq!(by_passphrase.sqlcipher_key(), key.sqlcipher_key());
        let typed = recovery.as_str().to_lowercase().replace('-', " ").replace('0', "o");
        let by_recovery = file.open_with_recovery_key(&RecoveryKey::parse(&typed).unwrap()).unwrap();
        assert_eq!(by_recovery.id(), key.id());
        assert_eq!(
            file.open_with_passphrase(&Passphrase::given("correct horse battery!").unwrap()).unwrap_err(),
            KeyError::WrongPassphrase
        );
        let other = RecoveryKey::random();
        assert_eq!(file.open_with_recovery_key(&other).unwrap_err(), KeyError::WrongRecoveryKey);
        // Nothing secret is in the file.
        let text = String::from_utf8(file.to_bytes()).unwrap();
        assert!(!text.contains("correct horse") && !text.contains(recovery.as_str()));
        assert!(!text.contains(key.sqlcipher_key().trim_matches(|c| c == 'x' || c == '\'')));
    }

    #[test]
    fn a_new_passphrase_wraps_the_same_key_and_the_old_one_stops_working() {
        let (file, key, recovery) = KeyFile::create(&Passphrase::new("first passphrase").unwrap()).unwrap();
        let changed = file.with_passphrase(&key, &Passphrase::new("second passphrase").unwrap()).unwrap();
        assert_eq!(changed.open_with_passphrase(&Passphrase::given("second passphrase").unwrap()).unwrap().id(), key.id());
        assert_eq!(changed.open_with_passphrase(&Passphrase::given("first passphrase").unwrap()).unwrap_err(), KeyError::WrongPassphrase);
        assert_eq!(changed.open_with_recovery_key(&recovery).unwrap().id(), key.id());
    }

    #[test]
    fn passphrases_are_compared_in_one_unicode_form() {
        let (file, key, _) = KeyFile::create(&Passphrase::new("cafe\u{301} con leche").unwrap()).unwrap();
        assert_eq!(file.open_with_passphrase(&Passphrase::given("caf\u{e9} con leche").unwrap()).unwrap().id(), key.id());
    }

    #[test]
    fn bad_input_is_named() {
        assert_eq!(Passphrase::new("short").err().unwrap_or(KeyError::PassphraseTooLong), KeyError::PassphraseTooShort);
        assert!(Passphrase::new(&"x".repeat(MAX_PASSPHRASE_CHARS + 1)).is_err());
        assert!(matches!(RecoveryKey::parse("ABCDE-FGHJK"), Err(KeyError::MalformedRecoveryKey(10))));
        assert!(matches!(RecoveryKey::parse("ABCDE-FGHJK-MNPQR-STVWX-YZ01U"), Err(KeyError::MalformedRecoveryKey(_))));
        assert!(matches!(KeyFile::from_bytes(b"{}"), Err(KeyError::BadKeyFile(_))));
        let (mut file, _, _) = KeyFile::create(&Passphrase::new("a passphrase").unwrap()).unwrap();
        file.kdf.memory_kib = u32::MAX;
        assert!(matches!(file.open_with_passphrase(&Passphrase::given("a passphrase").unwrap()), Err(KeyError::BadKeyFile(_))));
    }

    #[test]
    fn recovery_keys_are_five_groups_of_five_readable_letters() {
        let key = RecoveryKey::random();
        let groups: Vec<&str> = key.as_str().split('-').collect();
        assert_eq!(groups.len(), 5);
        assert!(groups.iter().all(|g| g.len() == 5 && g.bytes().all(|b| RECOVERY_ALPHABET.contains(&b))));
        assert_ne!(RecoveryKey::random().as_str(), key.as_str());
    }
}
