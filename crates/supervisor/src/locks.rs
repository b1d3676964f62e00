//! Mutex and condition-variable waits that survive a poisoned lock: a panic on one supervisor
//! thread must never stop shutdown on another.

use std::sync::{Condvar, Mutex, MutexGuard};

/// Locks, recovering from a poisoned lock: a panic on another thread must not stop shutdown.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

pub(crate) fn wait<'a, T>(condvar: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
    condvar.wait(guard).unwrap_or_else(|e| e.into_inner())
}

/// Waits on `condvar` while `keep_waiting` holds, at most until `deadline`.
pub(crate) fn wait_until<'a, T>(
    condvar: &Condvar,
    mut guard: MutexGuard<'a, T>,
    deadline: std::time::Instant,
    keep_waiting: impl Fn(&T) -> bool,
) -> MutexGuard<'a, T> {
    while keep_waiting(&guard) {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        guard = condvar.wait_timeout(guard, left).unwrap_or_else(|e| e.into_inner()).0;
    }
    guard
}
