//! The registry: room id -> the handle of its actor, loading rooms from the
//! store on demand.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::Mutex;
use tokio_util::task::TaskTracker;

use crate::ids::is_room_id;
use crate::room::{Room, RoomHandle, RoomSettings};
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
    /// One lock per room being loaded: held across that room's load (its
    /// queries and its replay), so that a room never gets two actors while
    /// other rooms load, and are found, beside it.
    loading: HashMap<String, Arc<Mutex<()>>>,
    closed: bool,
}

enum Found {
    Live(RoomHandle),
    Load(Arc<Mutex<()>>),
}

struct Inner {
    store: Store,
    // Held only to look up or change the maps, never across a load.
    rooms: Mutex<Rooms>,
    actors: TaskTracker,
    generations: AtomicU64,
    /// What every room is told by the configuration.
    settings: RoomSettings,
}

/// Shared handle to every room actor; cheap to clone.
#[derive(Clone)]
pub struct Registry(Arc<Inner>);

impl Registry {
    pub fn new(store: Store) -> Self {
        Self::with_settings(store, RoomSettings::default())
    }

    /// A registry whose rooms take at most `max_spectators` spectators.
    pub fn with_max_spectators(store: Store, max_spectators: usize) -> Self {
        Self::with_settings(
            store,
            RoomSettings {
                max_spectators,
                ..RoomSettings::default()
            },
        )
    }

    /// A registry whose rooms all have `settings`.
    pub fn with_settings(store: Store, settings: RoomSettings) -> Self {
        Registry(Arc::new(Inner {
            settings,
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
        let load_lock = match self.find(id).await? {
            Found::Live(handle) => return Ok(handle),
            Found::Load(lock) => lock,
        };
        let _loading = load_lock.lock().await;
        // Someone else may have loaded it while this call waited.
        if let Found::Live(handle) = self.find(id).await? {
            return Ok(handle);
        }
        let result = self.load(id).await;
        let mut rooms = self.0.rooms.lock().await;
        rooms.loading.remove(id);
        let room = match result {
            Ok(room) => room,
            Err(LoadError::Broken) => {
                rooms.broken.insert(id.to_owned());
                return Err(LoadError::Broken);
            }
            Err(e) => return Err(e),
        };
        if rooms.closed {
            return Err(LoadError::ShuttingDown);
        }
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

    /// The room's running actor, or the lock to hold while loading it.
    async fn find(&self, id: &str) -> Result<Found, LoadError> {
        let mut rooms = self.0.rooms.lock().await;
        if rooms.closed {
            return Err(LoadError::ShuttingDown);
        }
        if let Some(live) = rooms.live.get(id) {
            if !live.handle.is_closed() {
                return Ok(Found::Live(live.handle.clone()));
            }
        }
        if rooms.broken.contains(id) {
            return Err(LoadError::Broken);
        }
        let lock = rooms.loading.entry(id.to_owned()).or_default().clone();
        Ok(Found::Load(lock))
    }

    /// Reads the room and replays it. A room whose record is corrupt or
    /// whose log no longer replays is broken: logged loudly, set aside, and
    /// never stops other rooms (or the server's start).
    async fn load(&self, id: &str) -> Result<Room, LoadError> {
        let record = match self.0.store.load_room(id).await {
            Ok(Some(record)) => record,
            Ok(None) => return Err(LoadError::Unknown),
            Err(e @ StoreError::Corrupt { .. }) => {
                tracing::error!(room = %id, error = %e, "room is broken: its stored record is corrupt; it is set aside");
                return Err(LoadError::Broken);
            }
            Err(e) => return Err(e.into()),
        };
        Room::restore(record, self.0.store.clone())
            .map(|room| room.with_settings(self.0.settings))
            .map_err(|e| {
            tracing::error!(room = %id, error = %e, "room is broken: it cannot be restored from the store; it is set aside");
            LoadError::Broken
        })
    }

    /// Whether the room has a running actor (or one is being loaded): such a
    /// room is in use and must not be deleted under it.
    pub async fn is_loaded(&self, id: &str) -> bool {
        let rooms = self.0.rooms.lock().await;
        rooms.loading.contains_key(id) || rooms.live.get(id).is_some_and(|l| !l.handle.is_closed())
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

    /// Starts an actor for every game in progress (replaying its log), so
    /// that its players find it ready when they come back. Lobbies are not loaded: most are never
    /// joined, and one loads on demand when someone opens it. A room that
    /// does not replay is logged and skipped. Returns how many rooms were
    /// restored.
    pub async fn restore_unfinished(&self) -> Result<usize, StoreError> {
        let mut restored = 0;
        for id in self.0.store.playing_room_ids().await? {
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
