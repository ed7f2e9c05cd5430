//! The registry: room id -> the handle of its actor, loading rooms from the
//! store on demand.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::Mutex;
use tokio_util::task::TaskTracker;

use crate::ids::is_room_id;
use crate::room::{Room, RoomHandle};
use crate::store::{Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("no such room")]
    Unknown,
    /// Its log does not replay; logged when first found.
    #[error("the room cannot be restored")]
    Broken,
    #[error("the server is shutting down")]
    ShuttingDown,
    #[error(transparent)]
    Store(#[from] StoreError),
}

struct Live {
    handle: RoomHandle,
    /// Tells this actor apart from an earlier one of the same room.
    generation: u64,
}

#[derive(Default)]
struct Rooms {
    live: HashMap<String, Live>,
    broken: HashSet<String>,
    closed: bool,
}

struct Inner {
    store: Store,
    // Held across a room's load, so that one room never gets two actors.
    // Loads are a few indexed queries, and rare once rooms are in memory.
    rooms: Mutex<Rooms>,
    actors: TaskTracker,
    generations: AtomicU64,
}

/// Shared handle to every room actor; cheap to clone.
#[derive(Clone)]
pub struct Registry(Arc<Inner>);

impl Registry {
    pub fn new(store: Store) -> Self {
        Registry(Arc::new(Inner {
            store,
            rooms: Mutex::new(Rooms::default()),
            actors: TaskTracker::new(),
            generations: AtomicU64::new(0),
        }))
    }

    /// The room's actor, started (by replaying the room from the store) if
    /// it is not running.
    pub async fn get(&self, id: &str) -> Result<RoomHandle, LoadError> {
        if !is_room_id(id) {
            return Err(LoadError::Unknown);
        }
        let mut rooms = self.0.rooms.lock().await;
        if rooms.closed {
            return Err(LoadError::ShuttingDown);
        }
        if let Some(live) = rooms.live.get(id) {
            if !live.handle.is_closed() {
                return Ok(live.handle.clone());
            }
        }
        if rooms.broken.contains(id) {
            return Err(LoadError::Broken);
        }
        let record = self
            .0
            .store
            .load_room(id)
            .await?
            .ok_or(LoadError::Unknown)?;
        let room = match Room::restore(record, self.0.store.clone()) {
            Ok(room) => room,
            Err(e) => {
                tracing::error!(room = %id, error = %e, "room is broken: it cannot be restored from the store");
                rooms.broken.insert(id.to_owned());
                return Err(LoadError::Broken);
            }
        };
        let generation = self.0.generations.fetch_add(1, Ordering::Relaxed);
        let (handle, commands) = RoomHandle::channel();
        tracing::debug!(room = %room.id(), "room loaded");
        self.0
            .actors
            .spawn(room.run(commands, self.clone(), generation));
        rooms.live.insert(
            id.to_owned(),
            Live {
                handle: handle.clone(),
                generation,
            },
        );
        Ok(handle)
    }

    /// Called by an actor as it stops.
    pub(crate) async fn forget(&self, id: &str, generation: u64) {
        let mut rooms = self.0.rooms.lock().await;
        if rooms
            .live
            .get(id)
            .is_some_and(|l| l.generation == generation)
        {
            rooms.live.remove(id);
        }
    }

    /// Starts an actor for every room whose game is not over (replaying its
    /// log). A room that does not replay is logged and skipped. Returns how
    /// many rooms were restored.
    pub async fn restore_unfinished(&self) -> Result<usize, StoreError> {
        let mut restored = 0;
        for id in self.0.store.unfinished_room_ids().await? {
            match self.get(&id).await {
                Ok(_) => restored += 1,
                Err(LoadError::Store(e)) => return Err(e),
                Err(LoadError::Broken | LoadError::Unknown | LoadError::ShuttingDown) => {}
            }
        }
        Ok(restored)
    }

    /// Stops every actor (each finishes its current command, including any
    /// write it is waiting for) and waits for them.
    pub async fn shutdown(&self) {
        let handles: Vec<RoomHandle> = {
            let mut rooms = self.0.rooms.lock().await;
            rooms.closed = true;
            rooms.live.values().map(|l| l.handle.clone()).collect()
        };
        for handle in handles {
            handle.stop().await;
        }
        self.0.actors.close();
        self.0.actors.wait().await;
    }
}
