//! The registry: room id -> the handle of its actor, loading rooms from the
//! store on demand.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Mutex;
use tokio_util::task::TaskTracker;

use crate::ids::is_room_id;
use crate::room::{Room, RoomHandle, RoomSettings};
use crate::store::{Claim, Fence, Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("no such room")]
    Unknown,
    /// Its log does not replay; logged when first found.
    #[error("the room cannot be restored")]
    Broken,
    #[error("the server is shutting down")]
    ShuttingDown,
    /// Another node serves the room (several nodes share the store); it
    /// has been asked to hand the room over. Ask again after about
    /// `retry_after`.
    #[error("another node serves this room")]
    Elsewhere { retry_after: Duration },
    #[error(transparent)]
    Store(#[from] StoreError),
}

struct Live {
    handle: RoomHandle,
    /// Tells this actor apart from an earlier one of the same room.
    generation: u64,
    /// The epoch of the room's lease, on a node of several.
    epoch: Option<i64>,
    /// When the room's lease was claimed.
    claimed: Instant,
}

/// This node's part among several that share one store (docs/scaling.md):
/// it serves a room only while it holds the room's lease.
#[derive(Debug, Clone)]
pub struct Cluster {
    /// This node's id: unique among the nodes, the same across restarts.
    pub node: String,
    /// How long a lease lasts unless renewed; renewed every third of it.
    pub lease: Duration,
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
    cluster: Option<Cluster>,
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
        Self::build(store, settings, None)
    }

    /// A registry for one node of several sharing `store`: it serves a
    /// room only while it holds the room's lease, and renews its leases in
    /// the background until [`Registry::shutdown`].
    pub fn clustered(store: Store, settings: RoomSettings, cluster: Cluster) -> Self {
        let registry = Self::build(store, settings, Some(cluster.clone()));
        tokio::spawn(registry.clone().renew_leases(cluster));
        registry
    }

    fn build(store: Store, settings: RoomSettings, cluster: Option<Cluster>) -> Self {
        Registry(Arc::new(Inner {
            settings,
            store,
            rooms: Mutex::new(Rooms::default()),
            actors: TaskTracker::new(),
            generations: AtomicU64::new(0),
            cluster,
        }))
    }

    /// Whether this node is one of several sharing the store.
    pub fn is_clustered(&self) -> bool {
        self.0.cluster.is_some()
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
        let claimed = Instant::now();
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
        let epoch = room.lease_epoch();
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
                epoch,
                claimed,
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
        let Some(cluster) = &self.0.cluster else {
            return self.replay(id, self.0.store.clone()).await;
        };
        // A lease is claimed only for a room that exists, and before the
        // room is read: every write of the previous holder is in by then,
        // and any later one of its is refused.
        if self.0.store.room_game(id).await?.is_none() {
            return Err(LoadError::Unknown);
        }
        let epoch = match self
            .0
            .store
            .claim_room(id, &cluster.node, cluster.lease)
            .await?
        {
            Claim::Taken { epoch } => epoch,
            Claim::Held { owner, retry_after } => {
                tracing::debug!(room = %id, %owner, "room held by another node; asked for it");
                return Err(LoadError::Elsewhere { retry_after });
            }
        };
        let store = self.0.store.fenced(Fence::new(&cluster.node, id, epoch));
        let loaded = self.replay(id, store).await;
        if loaded.is_err() {
            self.release(id, epoch).await;
        }
        loaded
    }

    /// Gives up this node's lease on the room (logged if it cannot: the
    /// lease then simply runs out).
    async fn release(&self, id: &str, epoch: i64) {
        let Some(cluster) = &self.0.cluster else {
            return;
        };
        if let Err(e) = self.0.store.release_room(id, &cluster.node, epoch).await {
            tracing::warn!(room = %id, error = %e, "cannot release the room's lease; it will run out");
        }
    }

    /// Replays the room from the store, to be served with `store`.
    async fn replay(&self, id: &str, store: Store) -> Result<Room, LoadError> {
        let record = match self.0.store.load_room(id).await {
            Ok(Some(record)) => record,
            Ok(None) => return Err(LoadError::Unknown),
            Err(e @ StoreError::Corrupt { .. }) => {
                tracing::error!(room = %id, error = %e, "room is broken: its stored record is corrupt; it is set aside");
                return Err(LoadError::Broken);
            }
            Err(e) => return Err(e.into()),
        };
        Room::restore(record, store)
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

    /// Called by an actor as it stops; `fence` is the lease it served
    /// the room under, given up now.
    pub(crate) async fn forget(&self, id: &str, generation: u64, fence: Option<&Fence>) {
        {
            let mut rooms = self.0.rooms.lock().await;
            if rooms
                .live
                .get(id)
                .is_some_and(|l| l.generation == generation)
            {
                rooms.live.remove(id);
            }
        }
        if let Some(fence) = fence {
            self.release(id, fence.epoch).await;
        }
    }

    /// Renews this node's leases every third of their length until the
    /// registry shuts down. A room whose lease is gone (the node was
    /// paused past it, and another node claimed the room) is sent
    /// elsewhere at once; a room another node asked for is handed over;
    /// a lease this node holds for a room it does not serve is given up.
    async fn renew_leases(self, cluster: Cluster) {
        let mut tick = tokio::time::interval(cluster.lease / 3);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut renewed_at = Instant::now();
        loop {
            tick.tick().await;
            if self.0.rooms.lock().await.closed {
                return;
            }
            let asked = Instant::now();
            let renewed = match self
                .0
                .store
                .renew_leases(&cluster.node, cluster.lease)
                .await
            {
                Ok(renewed) => {
                    renewed_at = asked;
                    renewed
                }
                Err(e) => {
                    // The rooms stay: their writes are fenced, so a room
                    // claimed elsewhere meanwhile cannot be changed here, and
                    // the next renewal that succeeds sends it away.
                    tracing::warn!(error = %e, unrenewed_ms = renewed_at.elapsed().as_millis() as u64, "cannot renew this node's room leases");
                    continue;
                }
            };
            let mut moved = Vec::new();
            let mut stray = Vec::new();
            {
                let mut rooms = self.0.rooms.lock().await;
                if rooms.closed {
                    return;
                }
                let held: HashMap<&str, &crate::store::Renewed> =
                    renewed.iter().map(|r| (r.room.as_str(), r)).collect();
                let mut lost = Vec::new();
                for (id, live) in &rooms.live {
                    if live.claimed > asked || live.handle.is_closed() {
                        continue;
                    }
                    match held.get(id.as_str()) {
                        Some(lease) if Some(lease.epoch) == live.epoch => {
                            if lease
                                .wanted_by
                                .as_deref()
                                .is_some_and(|n| n != cluster.node)
                            {
                                tracing::info!(room = %id, wanted_by = ?lease.wanted_by, "handing the room over to the node that was asked for it");
                                moved.push(live.handle.clone());
                            }
                        }
                        _ => {
                            tracing::warn!(room = %id, "this node's lease on the room is gone; another node serves it");
                            lost.push(id.clone());
                        }
                    }
                }
                for id in lost {
                    if let Some(live) = rooms.live.remove(&id) {
                        moved.push(live.handle);
                    }
                }
                for lease in &renewed {
                    let id = lease.room.as_str();
                    if !rooms.live.contains_key(id) && !rooms.loading.contains_key(id) {
                        stray.push((lease.room.clone(), lease.epoch));
                    }
                }
            }
            for handle in moved {
                handle.moved().await;
            }
            for (id, epoch) in stray {
                self.release(&id, epoch).await;
            }
        }
    }

    /// Starts an actor for every game in progress (replaying its log), so
    /// that its players find it ready when they come back. Lobbies are not loaded: most are never
    /// joined, and one loads on demand when someone opens it. A room that
    /// does not replay is logged and skipped. Returns how many rooms were
    /// restored.
    ///
    /// A node of several restores nothing: any node may be serving those
    /// games, and each loads on its first connection wherever the proxy
    /// sends it.
    pub async fn restore_unfinished(&self) -> Result<usize, StoreError> {
        let mut restored = 0;
        if self.is_clustered() {
            return Ok(restored);
        }
        for id in self.0.store.playing_room_ids().await? {
            match self.get(&id).await {
                Ok(_) => restored += 1,
                Err(LoadError::Store(e)) => return Err(e),
                Err(
                    LoadError::Broken
                    | LoadError::Unknown
                    | LoadError::ShuttingDown
                    | LoadError::Elsewhere { .. },
                ) => {}
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
