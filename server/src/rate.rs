//! Per-connection rate limit: a token bucket, plus a count of refusals that
//! disconnects a client that keeps flooding.

use std::time::Instant;

/// Messages per second allowed in the long run.
pub const RATE_PER_SECOND: f64 = 20.0;
/// Messages that may arrive at once after a quiet spell.
pub const BURST: f64 = 40.0;
/// Refused messages forgiven per second: a client up to half again over the
/// rate is slowed down, not disconnected.
const STRIKES_FORGIVEN_PER_SECOND: f64 = 10.0;
/// Refusals (net of forgiveness) after which the client is disconnected.
pub const MAX_STRIKES: f64 = 20.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Drop this message and say so.
    Refuse,
    /// The client keeps flooding: close the connection.
    Disconnect,
}

#[derive(Debug)]
pub struct RateLimiter {
    tokens: f64,
    strikes: f64,
    last: Instant,
}

impl RateLimiter {
    pub fn new(now: Instant) -> Self {
        Self {
            tokens: BURST,
            strikes: 0.0,
            last: now,
        }
    }

    /// Counts one message arriving at `now`.
    pub fn check(&mut self, now: Instant) -> Verdict {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * RATE_PER_SECOND).min(BURST);
        self.strikes = (self.strikes - elapsed * STRIKES_FORGIVEN_PER_SECOND).max(0.0);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Verdict::Allow
        } else {
            self.strikes += 1.0;
            if self.strikes > MAX_STRIKES {
                Verdict::Disconnect
            } else {
                Verdict::Refuse
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_passes_then_excess_is_refused_then_flooding_disconnects() {
        let t0 = Instant::now();
        let mut limiter = RateLimiter::new(t0);
        for _ in 0..40 {
            assert_eq!(limiter.check(t0), Verdict::Allow);
        }
        for _ in 0..20 {
            assert_eq!(limiter.check(t0), Verdict::Refuse);
        }
        assert_eq!(limiter.check(t0), Verdict::Disconnect);
    }

    #[test]
    fn a_steady_client_at_the_rate_is_never_refused() {
        let t0 = Instant::now();
        let mut limiter = RateLimiter::new(t0);
        for i in 0..2_000u32 {
            let now = t0 + Duration::from_millis(50) * i;
            assert_eq!(limiter.check(now), Verdict::Allow, "message {i}");
        }
    }

    #[test]
    fn a_client_slightly_too_fast_is_refused_now_and_then_but_kept() {
        let t0 = Instant::now();
        let mut limiter = RateLimiter::new(t0);
        let mut refused = 0;
        // 25 messages per second for a minute.
        for i in 0..1_500u32 {
            match limiter.check(t0 + Duration::from_millis(40) * i) {
                Verdict::Allow => {}
                Verdict::Refuse => refused += 1,
                Verdict::Disconnect => panic!("disconnected at message {i}"),
            }
        }
        assert!(refused > 0);
    }

    #[test]
    fn tokens_come_back_after_a_pause() {
        let t0 = Instant::now();
        let mut limiter = RateLimiter::new(t0);
        for _ in 0..45 {
            limiter.check(t0);
        }
        assert_eq!(limiter.check(t0), Verdict::Refuse);
        assert_eq!(limiter.check(t0 + Duration::from_secs(1)), Verdict::Allow);
    }
}
