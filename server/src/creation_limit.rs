//! Per-IP limit on room creation: one token bucket per address, so that a
//! single client cannot fill the database with rooms.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Addresses tracked before idle ones are pruned. A bucket that has refilled
/// is the same as no bucket, so pruning forgets nothing that matters.
const MAX_TRACKED: usize = 10_000;

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

/// Room creations allowed per address: `per_minute` in the long run, up to
/// `burst` at once.
#[derive(Debug)]
pub struct CreationLimit {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl CreationLimit {
    /// `None` when `per_minute` is 0 (no limit).
    pub fn new(per_minute: u32, burst: u32) -> Option<Self> {
        (per_minute > 0).then(|| Self {
            per_second: f64::from(per_minute) / 60.0,
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        })
    }

    /// Counts one creation from `ip` at `now`: `Err(wait)` if it is over
    /// the limit, `wait` being how long until one is allowed again.
    pub fn check(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let key = key_of(ip);
        let mut buckets = self.buckets.lock().expect("creation limit lock");
        if buckets.len() >= MAX_TRACKED && !buckets.contains_key(&key) {
            self.prune(&mut buckets, now);
        }
        let bucket = buckets.entry(key).or_insert(Bucket {
            tokens: self.burst,
            last: now,
        });
        let elapsed = now.saturating_duration_since(bucket.last).as_secs_f64();
        bucket.last = now;
        bucket.tokens = (bucket.tokens + elapsed * self.per_second).min(self.burst);
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - bucket.tokens) / self.per_second,
            ))
        }
    }

    /// Drops every bucket that has refilled. If that is not enough (more
    /// addresses busy at once than we track), every bucket is dropped: that
    /// forgives the busy ones for a moment, which is better than growing
    /// without bound or refusing addresses never seen.
    fn prune(&self, buckets: &mut HashMap<IpAddr, Bucket>, now: Instant) {
        buckets.retain(|_, b| {
            let elapsed = now.saturating_duration_since(b.last).as_secs_f64();
            b.tokens + elapsed * self.per_second < self.burst
        });
        if buckets.len() >= MAX_TRACKED {
            tracing::warn!(
                tracked = buckets.len(),
                "too many addresses creating rooms at once; the creation limit starts over"
            );
            buckets.clear();
        }
    }
}

/// An IPv6 client usually holds a whole /64, so that is what is limited.
fn key_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6([s[0], s[1], s[2], s[3], 0, 0, 0, 0].into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));

    #[test]
    fn zero_per_minute_means_no_limit() {
        assert!(CreationLimit::new(0, 10).is_none());
    }

    #[test]
    fn a_burst_passes_then_the_next_waits_for_a_token() {
        let limit = CreationLimit::new(30, 10).unwrap();
        let t0 = Instant::now();
        for i in 0..10 {
            assert_eq!(limit.check(A, t0), Ok(()), "creation {i}");
        }
        let wait = limit.check(A, t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(2));
        // Another address has its own bucket.
        assert_eq!(limit.check(B, t0), Ok(()));
        assert_eq!(limit.check(A, t0 + Duration::from_secs(2)), Ok(()));
        assert!(limit.check(A, t0 + Duration::from_secs(2)).is_err());
    }

    #[test]
    fn a_steady_client_at_the_rate_is_never_refused() {
        let limit = CreationLimit::new(30, 10).unwrap();
        let t0 = Instant::now();
        for i in 0..100u32 {
            assert_eq!(limit.check(A, t0 + Duration::from_secs(2) * i), Ok(()));
        }
    }

    #[test]
    fn ipv6_addresses_of_one_prefix_share_a_bucket() {
        let limit = CreationLimit::new(30, 1).unwrap();
        let t0 = Instant::now();
        let one: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2::ffff".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(limit.check(one, t0), Ok(()));
        assert!(limit.check(other, t0).is_err());
        assert_eq!(limit.check(elsewhere, t0), Ok(()));
    }

    #[test]
    fn the_map_stays_bounded() {
        let limit = CreationLimit::new(30, 10).unwrap();
        let len = || limit.buckets.lock().unwrap().len();
        let t0 = Instant::now();
        for i in 0..MAX_TRACKED as u32 {
            limit.check(IpAddr::V4(i.into()), t0).unwrap();
        }
        assert_eq!(len(), MAX_TRACKED);
        // A minute later every bucket has refilled: a new address prunes them.
        let later = t0 + Duration::from_secs(60);
        limit.check(IpAddr::V4(u32::MAX.into()), later).unwrap();
        assert_eq!(len(), 1);
        // As many busy addresses as are tracked: the next one starts over.
        for i in 1..MAX_TRACKED as u32 {
            limit.check(IpAddr::V4(i.into()), later).unwrap();
        }
        assert_eq!(len(), MAX_TRACKED);
        limit
            .check(IpAddr::V4((u32::MAX - 1).into()), later)
            .unwrap();
        assert_eq!(len(), 1);
    }
}
