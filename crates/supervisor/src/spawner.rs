//! The one thread that forks every child.
//!
//! Linux sends the parent-death signal when the *thread* that forked the child exits, not when
//! the process does. Had a short-lived thread (a restart, the thread that called `start`) forked a
//! child, the child would be SIGKILLed the moment that thread ended. So every spawn is a request
//! to this thread, which lives as long as the supervisor and ends only after shutdown has reaped
//! every child.

use std::io;
use std::process::{Child, Command};
use std::sync::{Mutex, mpsc};
use std::thread::JoinHandle;

use crate::locks::lock;

struct SpawnRequest {
    command: Command,
    reply: mpsc::Sender<io::Result<Child>>,
}

/// The spawner thread and the way to it.
pub(crate) struct Spawner {
    requests: Mutex<Option<mpsc::Sender<SpawnRequest>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Spawner {
    pub(crate) fn start() -> io::Result<Spawner> {
        let (requests, received) = mpsc::channel::<SpawnRequest>();
        let thread = std::thread::Builder::new().name("proseva-spawner".into()).spawn(move || {
            for SpawnRequest { mut command, reply } in received {
                // Nobody is waiting for it any more: it must not live on unsupervised.
                if let Err(mpsc::SendError(Ok(mut orphan))) = reply.send(command.spawn()) {
                    let _ = orphan.kill();
                    let _ = orphan.wait();
                }
            }
        })?;
        Ok(Spawner { requests: Mutex::new(Some(requests)), thread: Mutex::new(Some(thread)) })
    }

    /// Spawns `command` on the spawner thread; an error once [`Spawner::stop`] was called.
    pub(crate) fn spawn(&self, command: Command) -> io::Result<Child> {
        let gone = || io::Error::other("the supervisor is shutting down");
        let sender = lock(&self.requests).clone().ok_or_else(gone)?;
        let (reply, answer) = mpsc::channel();
        sender.send(SpawnRequest { command, reply }).map_err(|_| gone())?;
        answer.recv().map_err(|_| gone())?
    }

    /// Ends the thread, and with it the parent-death link of every child it forked: call it only
    /// once every child is reaped.
    pub(crate) fn stop(&self) {
        lock(&self.requests).take();
        if let Some(thread) = lock(&self.thread).take() {
            let _ = thread.join();
        }
    }
}
