//! Loopback ports for the children, reserved before they start so each child's URL is known
//! up front (another child's environment may name it) and stays the same across restarts.

use std::io;
use std::net::{Ipv4Addr, TcpListener};

/// Binds `count` ephemeral loopback ports at once (so they differ), notes them and releases them.
pub fn reserve_loopback_ports(count: usize) -> io::Result<Vec<u16>> {
    let listeners = (0..count).map(|_| TcpListener::bind((Ipv4Addr::LOCALHOST, 0))).collect::<io::Result<Vec<_>>>()?;
    listeners.iter().map(|l| Ok(l.local_addr()?.port())).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn ports_differ() {
        let ports = super::reserve_loopback_ports(2).unwrap();
        assert_eq!(ports.len(), 2);
        assert_ne!(ports[0], ports[1]);
        assert!(ports.iter().all(|p| *p > 0));
    }
}
