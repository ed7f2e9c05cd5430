//! Retention: a periodic sweep that deletes lobbies that never started,
//! finished games past their retention and games abandoned mid-way, so that
//! the database does not grow for ever.
//!
//! Deletes go through the store's writer like every other write; seats and
//! actions go with their room (`ON DELETE CASCADE`). A room with a running
//! actor is never deleted: someone is using it, and its actor would write to
//! a room that is gone. (A room opened in the instant between that check and
//! the delete loses its actor's next write, which fails as for an unknown
//! room; only rooms untouched for a day or more are at that risk.)

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::registry::Registry;
use crate::store::{now_ms, Expiry, Store, StoreError, Write};
use crate::Config;

/// How often the sweep runs; the first one runs this long after start, so
/// that start-up is not slowed by it.
const SWEEP_EVERY: Duration = Duration::from_secs(10 * 60);
/// Most expired rooms one sweep looks at; the rest wait for the next sweep.
const MAX_PER_SWEEP: usize = 10_000;
/// Rooms deleted per write, so that no transaction is long.
const DELETE_BATCH: usize = 100;

const HOUR_MS: i64 = 60 * 60 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// How long each kind of room is kept, in milliseconds; `None`: for ever.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    lobby_ms: Option<i64>,
    finished_ms: Option<i64>,
    abandoned_ms: Option<i64>,
}

impl Policy {
    pub fn from_config(config: &Config) -> Self {
        Self {
            lobby_ms: age_ms(config.lobby_expiry_hours, HOUR_MS),
            finished_ms: age_ms(config.retention_days, DAY_MS),
            abandoned_ms: age_ms(config.abandoned_days, DAY_MS),
        }
    }

    /// The cut-offs as of `now` (milliseconds since the Unix epoch).
    fn expiry(&self, now: i64) -> Expiry {
        let before = |age: Option<i64>| age.map(|a| now.saturating_sub(a));
        Expiry {
            lobby_created_before: before(self.lobby_ms),
            finished_before: before(self.finished_ms),
            idle_before: before(self.abandoned_ms),
        }
    }

    /// Sweeps every [`SWEEP_EVERY`] until `stop` is cancelled. A failed
    /// sweep is logged and tried again at the next tick.
    pub async fn run(self, store: Store, registry: Registry, stop: CancellationToken) {
        let start = tokio::time::Instant::now() + SWEEP_EVERY;
        let mut tick = tokio::time::interval_at(start, SWEEP_EVERY);
        loop {
            tokio::select! {
                _ = stop.cancelled() => return,
                _ = tick.tick() => {}
            }
            match self.sweep(&store, &registry, now_ms()).await {
                Ok(0) => {}
                Ok(deleted) => tracing::info!(deleted, "retention: expired rooms deleted"),
                Err(e) => tracing::warn!(error = %e, "retention sweep failed"),
            }
        }
    }

    /// Deletes the rooms expired as of `now` that no actor holds; returns
    /// how many.
    pub async fn sweep(
        &self,
        store: &Store,
        registry: &Registry,
        now: i64,
    ) -> Result<usize, StoreError> {
        let expiry = self.expiry(now);
        if expiry.lobby_created_before.is_none()
            && expiry.finished_before.is_none()
            && expiry.idle_before.is_none()
        {
            return Ok(0);
        }
        let mut deleted = 0;
        loop {
            let found = store.expired_room_ids(expiry, MAX_PER_SWEEP).await?;
            let mut expired = Vec::with_capacity(found.len());
            for id in &found {
                if !registry.is_loaded(id).await {
                    expired.push(id.clone());
                }
            }
            for ids in expired.chunks(DELETE_BATCH) {
                store
                    .write(Write::DeleteRooms { ids: ids.to_vec() })
                    .await?;
                deleted += ids.len();
            }
            // Another round only while every room found was deleted and
            // there may be more; rooms in use come back in every query.
            if found.len() < MAX_PER_SWEEP || expired.len() < found.len() {
                return Ok(deleted);
            }
        }
    }
}

/// `amount` units of `unit_ms` as milliseconds; `None` for 0 (never).
fn age_ms(amount: u64, unit_ms: i64) -> Option<i64> {
    (amount > 0).then(|| i64::try_from(amount).map_or(i64::MAX, |a| a.saturating_mul(unit_ms)))
}

#[cfg(test)]
mod tests;
