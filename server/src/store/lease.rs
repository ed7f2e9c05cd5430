//! Room leases: which node serves a room when several share one database
//! (docs/scaling.md). A node claims a room's lease before it loads the room,
//! renews all of its leases with one query, and releases a room when it
//! stops serving it. Every write of a room it serves carries a [`Fence`],
//! which the writer checks inside the write's own transaction
//! ([`check_fence`]): a node that lost a room cannot change it any more, however
//! late its write arrives.
//!
//! Lease times are the database's clock, so that nodes whose clocks differ
//! still agree on when a lease ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sqlx::{AnyConnection, Row};

use super::{Backend, Store, StoreError};

/// PostgreSQL's SQLSTATE for a lock that `lock_timeout` gave up on.
const LOCK_NOT_AVAILABLE: &str = "55P03";

/// What a room's writes carry when its node holds the room by a lease.
#[derive(Debug)]
pub struct Fence {
    pub node: String,
    pub room: String,
    pub epoch: i64,
    /// Set when a write found the lease gone: the room must stop.
    lost: AtomicBool,
}

impl Fence {
    pub fn new(node: &str, room: &str, epoch: i64) -> Fence {
        Fence {
            node: node.to_owned(),
            room: room.to_owned(),
            epoch,
            lost: AtomicBool::new(false),
        }
    }

    /// Whether a write of this room was refused because the lease is gone.
    pub fn is_lost(&self) -> bool {
        self.lost.load(Ordering::Relaxed)
    }

    pub(super) fn mark_lost(&self) {
        self.lost.store(true, Ordering::Relaxed);
    }
}

/// The answer to a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// This node holds the room now, with this epoch.
    Taken { epoch: i64 },
    /// Another node holds a live lease on the room; it has been asked to
    /// hand the room over. Worth asking again after about `retry_after`.
    Held {
        owner: String,
        retry_after: Duration,
    },
}

/// One of a node's leases, as its renewal found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Renewed {
    pub room: String,
    pub epoch: i64,
    /// Another node asked for this room while this one held it.
    pub wanted_by: Option<String>,
}

/// The database's clock, in Unix epoch milliseconds, as SQL.
fn db_now(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => "(CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT))",
        Backend::Sqlite => "(CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER))",
    }
}

fn millis(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX)
}

impl Store {
    /// Claims the room for `node` for `ttl`: granted when the room has no
    /// lease, its lease has ended, or `node` holds it already (a restarted
    /// node takes its rooms back at once). Every grant moves the epoch on,
    /// which fences off the writes of whoever held it before.
    pub async fn claim_room(
        &self,
        room: &str,
        node: &str,
        ttl: Duration,
    ) -> Result<Claim, StoreError> {
        let now = db_now(self.backend);
        let claim = format!(
            "INSERT INTO room_leases (room_id, owner, epoch, expires_at, wanted_by) \
             VALUES ($1, $2, 1, {now} + $3, NULL) \
             ON CONFLICT (room_id) DO UPDATE SET owner = excluded.owner, \
               epoch = room_leases.epoch + 1, expires_at = excluded.expires_at, wanted_by = NULL \
             WHERE room_leases.expires_at <= {now} OR room_leases.owner = excluded.owner \
             RETURNING epoch"
        );
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            // A holder frozen in the middle of a write keeps the row locked
            // (until PostgreSQL ends its session): do not wait for it.
            sqlx::query("SET LOCAL lock_timeout = '1s'")
                .execute(&mut *tx)
                .await?;
        }
        let granted: Result<Option<i64>, sqlx::Error> = sqlx::query_scalar(&claim)
            .bind(room)
            .bind(node)
            .bind(millis(ttl))
            .fetch_optional(&mut *tx)
            .await;
        let granted = match granted {
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some(LOCK_NOT_AVAILABLE) => {
                return Ok(Claim::Held {
                    owner: String::new(),
                    retry_after: Duration::from_secs(1),
                });
            }
            other => other?,
        };
        tx.commit().await?;
        if let Some(epoch) = granted {
            return Ok(Claim::Taken { epoch });
        }
        // Held by a live lease elsewhere: ask its holder for it.
        let ask = format!(
            "UPDATE room_leases SET wanted_by = $2 WHERE room_id = $1 AND owner <> $2 \
             RETURNING owner, expires_at - {now}"
        );
        let held = sqlx::query(&ask)
            .bind(room)
            .bind(node)
            .fetch_optional(&self.pool)
            .await?;
        let Some(held) = held else {
            // The lease ended between the two queries: ask again at once.
            return Ok(Claim::Held {
                owner: String::new(),
                retry_after: Duration::ZERO,
            });
        };
        let owner: String = held.try_get(0)?;
        let left: i64 = held.try_get(1)?;
        Ok(Claim::Held {
            owner,
            retry_after: Duration::from_millis(left.clamp(0, millis(ttl)) as u64),
        })
    }

    /// Extends every lease `node` holds by `ttl`, and lists them: a room
    /// the node serves that is missing here, or has another epoch, is lost.
    /// A released lease (`expires_at` 0) stays released.
    pub async fn renew_leases(
        &self,
        node: &str,
        ttl: Duration,
    ) -> Result<Vec<Renewed>, StoreError> {
        let now = db_now(self.backend);
        // PostgreSQL locks the rows in the order of room ids, as the writer
        // does (store/writer.rs): the two never deadlock. SQLite has one
        // writer at a time and no row locks.
        let mine = match self.backend {
            Backend::Postgres => {
                "SELECT room_id FROM room_leases WHERE owner = $1 AND expires_at > 0 \
                 ORDER BY room_id FOR UPDATE"
            }
            Backend::Sqlite => {
                "SELECT room_id FROM room_leases WHERE owner = $1 AND expires_at > 0"
            }
        };
        let renew = format!(
            "UPDATE room_leases SET expires_at = {now} + $2 \
             WHERE owner = $1 AND expires_at > 0 AND room_id IN ({mine}) \
             RETURNING room_id, epoch, wanted_by"
        );
        let rows = sqlx::query(&renew)
            .bind(node)
            .bind(millis(ttl))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(Renewed {
                    room: row.try_get(0)?,
                    epoch: row.try_get(1)?,
                    wanted_by: row.try_get(2)?,
                })
            })
            .collect()
    }

    /// Gives the room up, if `node` still holds it with `epoch`: the next
    /// claim, by any node, is granted at once. The epoch stays, so that
    /// the next holder's is higher.
    pub async fn release_room(&self, room: &str, node: &str, epoch: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE room_leases SET expires_at = 0, wanted_by = NULL \
             WHERE room_id = $1 AND owner = $2 AND epoch = $3",
        )
        .bind(room)
        .bind(node)
        .bind(epoch)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// Inside a write's transaction: whether `fence` still holds its room. The
/// UPDATE takes the lease row's lock, so a claim by another node waits for
/// this transaction, and this write waits for a claim in flight, then sees
/// the new epoch and is refused.
pub(super) async fn check_fence(
    conn: &mut AnyConnection,
    fence: &Fence,
) -> Result<bool, StoreError> {
    let held = sqlx::query(
        "UPDATE room_leases SET epoch = epoch WHERE room_id = $1 AND owner = $2 AND epoch = $3",
    )
    .bind(fence.room.clone())
    .bind(fence.node.clone())
    .bind(fence.epoch)
    .execute(conn)
    .await?;
    Ok(held.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{new_room_code, new_room_id, TokenHash};
    use crate::store::{NewRoom, Write};

    const TTL: Duration = Duration::from_secs(60);

    async fn store_with_room() -> (Store, super::super::StoreWriter, String, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let (store, writer) = Store::open(&url).await.unwrap();
        let id = new_room_id();
        store
            .write(Write::CreateRoom(NewRoom {
                id: id.clone(),
                game: "osaki".into(),
                seat_count: 2,
                options: serde_json::Value::Null,
                seed: [1; 32],
                host_token_hash: TokenHash::of("host"),
                code: new_room_code(),
            }))
            .await
            .unwrap();
        (store, writer, id, dir)
    }

    fn chat(room: &str) -> Write {
        chat_numbered(room, 1)
    }

    fn chat_numbered(room: &str, id: u64) -> Write {
        Write::Chat {
            room_id: room.to_owned(),
            line: cubicle_protocol::ChatLine {
                id,
                at_ms: 0,
                seat: None,
                name: "x".into(),
                spectator: true,
                text: "hi".into(),
            },
        }
    }

    #[tokio::test]
    async fn a_lease_goes_to_one_node_at_a_time_and_every_claim_moves_the_epoch_on() {
        let (store, writer, room, _dir) = store_with_room().await;
        assert_eq!(
            store.claim_room(&room, "a", TTL).await.unwrap(),
            Claim::Taken { epoch: 1 }
        );
        // Held by a live lease: b is told who holds it and when to ask again.
        match store.claim_room(&room, "b", TTL).await.unwrap() {
            Claim::Held { owner, retry_after } => {
                assert_eq!(owner, "a");
                assert!(retry_after > Duration::from_secs(50) && retry_after <= TTL);
            }
            other => panic!("b must not get the room: {other:?}"),
        }
        // a's renewal says b asked for it.
        let renewed = store.renew_leases("a", TTL).await.unwrap();
        assert_eq!(
            renewed,
            [Renewed {
                room: room.clone(),
                epoch: 1,
                wanted_by: Some("b".into())
            }]
        );
        // a restarted under its id takes its room back, with a new epoch.
        assert_eq!(
            store.claim_room(&room, "a", TTL).await.unwrap(),
            Claim::Taken { epoch: 2 }
        );
        // A stale epoch cannot release it; the current one can, and then
        // b gets it at once, and a's renewal no longer lists it.
        store.release_room(&room, "a", 1).await.unwrap();
        assert!(matches!(
            store.claim_room(&room, "b", TTL).await.unwrap(),
            Claim::Held { .. }
        ));
        store.release_room(&room, "a", 2).await.unwrap();
        assert!(store.renew_leases("a", TTL).await.unwrap().is_empty());
        assert_eq!(
            store.claim_room(&room, "b", TTL).await.unwrap(),
            Claim::Taken { epoch: 3 }
        );
        store.close(writer).await;
    }

    #[tokio::test]
    async fn a_write_under_a_lease_that_moved_on_is_refused_and_changes_nothing() {
        let (store, writer, room, _dir) = store_with_room().await;
        let Claim::Taken { epoch } = store.claim_room(&room, "a", TTL).await.unwrap() else {
            panic!("a free room is granted");
        };
        let on_a = store.fenced(Fence::new("a", &room, epoch));
        on_a.write(chat(&room)).await.unwrap();
        // a's lease runs out and b claims the room.
        sqlx::query("UPDATE room_leases SET expires_at = 0")
            .execute(&store.pool)
            .await
            .unwrap();
        assert!(matches!(
            store.claim_room(&room, "b", TTL).await.unwrap(),
            Claim::Taken { .. }
        ));
        let refused = on_a.write(chat_numbered(&room, 2)).await;
        assert!(
            matches!(refused, Err(StoreError::Fenced { .. })),
            "{refused:?}"
        );
        assert!(on_a.fence().unwrap().is_lost());
        let lines: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM chat_lines")
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_eq!(lines, 1, "the late line was not written");
        // The store itself is fine: an unfenced write still commits.
        store.write(chat_numbered(&room, 3)).await.unwrap();
        store.close(writer).await;
    }
}
