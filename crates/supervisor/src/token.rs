//! The per-launch bearer token the children require on every request but health checks.

/// 32 random bytes from the OS, as 64 lowercase hex digits.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    // The OS random source failing is not something to limp on with a weaker token.
    getrandom::fill(&mut bytes).expect("the operating system's random number source failed");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let a = super::random_token();
        let b = super::random_token();
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()), "{a}");
        assert_ne!(a, b);
    }
}
