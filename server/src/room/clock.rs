//! Time as an input: which deadline a room has armed now.
//!
//! Two things can set a deadline. The rules may set one on a state
//! ([`Table::deadline`]: a window that must close even if nobody answers),
//! counted from the state's last change. The room's turn clock, if the host
//! chose one, gives every seat that owes a decision `per_decision_ms` from
//! the moment it was asked. The earlier of the two is armed; when it passes,
//! the actor applies the due action through the same path as a player's,
//! logged with its origin. Replay therefore needs no clock: the log holds
//! the concrete actions.
//!
//! Times are Unix epoch milliseconds taken from the log (the start time and
//! each action's time, both chosen by the room and stored), so a restarted
//! room re-arms the same instant it had armed before.

use std::collections::BTreeMap;
use std::time::{SystemTime, UNIX_EPOCH};

use cubicle_games::Table;
use cubicle_protocol::{Seat, TurnClock};
use serde_json::Value;
use tokio::time::Instant;

/// Wall-clock milliseconds read through tokio's clock: tests that pause
/// tokio's time move this clock with it, so no test sleeps for real.
#[derive(Debug, Clone, Copy)]
pub struct WallClock {
    epoch_ms: u64,
    at: Instant,
}

impl WallClock {
    /// The system's time now.
    pub fn system() -> WallClock {
        let epoch_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        WallClock {
            epoch_ms,
            at: Instant::now(),
        }
    }

    /// Unix epoch milliseconds now.
    pub fn now_ms(&self) -> u64 {
        self.epoch_ms + self.at.elapsed().as_millis() as u64
    }

    /// The tokio instant at which the clock reads `ms` (now, if past).
    pub fn instant_at(&self, ms: u64) -> Instant {
        let now = self.now_ms();
        Instant::now() + std::time::Duration::from_millis(ms.saturating_sub(now))
    }
}

/// What is due when an armed deadline passes.
#[derive(Debug, Clone, PartialEq)]
pub enum Due {
    /// The rules' own deadline: this action, for this seat.
    Rules { seat: Seat, action: Value },
    /// The turn clock ran out for these seats: each plays the game's
    /// timeout action.
    Clock { seats: Vec<Seat> },
}

/// The deadline a room has armed.
#[derive(Debug, Clone, PartialEq)]
pub struct Armed {
    /// Unix epoch milliseconds.
    pub at_ms: u64,
    pub due: Due,
}

impl Armed {
    /// The seats the deadline concerns, as clients are told.
    pub fn seats(&self) -> Vec<Seat> {
        match &self.due {
            Due::Rules { seat, .. } => vec![*seat],
            Due::Clock { seats } => seats.clone(),
        }
    }
}

/// When the state last changed and when each seat was asked to decide.
#[derive(Debug, Clone)]
pub struct Timer {
    clock: Option<TurnClock>,
    changed_at: u64,
    /// Seats that owe a decision and since when. A seat that acts and is
    /// asked again starts afresh; a seat still thinking keeps its time when
    /// others act (Office 21's set-up choices are made side by side).
    asked_at: BTreeMap<Seat, u64>,
}

impl Timer {
    pub fn new(clock: Option<TurnClock>) -> Timer {
        Timer {
            clock,
            changed_at: 0,
            asked_at: BTreeMap::new(),
        }
    }

    pub fn clock(&self) -> Option<TurnClock> {
        self.clock
    }

    /// The game started at `at`; `to_act` owe the first decisions.
    pub fn started(&mut self, at: u64, to_act: &[Seat]) {
        self.changed_at = at;
        self.asked_at = to_act.iter().map(|&s| (s, at)).collect();
    }

    /// `seat` acted at `at`, after which `to_act` owe decisions.
    pub fn acted(&mut self, seat: Seat, at: u64, to_act: &[Seat]) {
        self.changed_at = at;
        self.asked_at
            .retain(|s, _| *s != seat && to_act.contains(s));
        for &s in to_act {
            self.asked_at.entry(s).or_insert(at);
        }
    }

    /// The deadline armed for `table` now, if any. The clock leaves out
    /// `bots`, the seats bots play: they decide on their own time.
    pub fn armed(&self, table: &dyn Table, bots: &[Seat]) -> Option<Armed> {
        if table.outcome().is_some() {
            return None;
        }
        let rules = table.deadline().map(|d| Armed {
            at_ms: self.changed_at.saturating_add(d.after_ms),
            due: Due::Rules {
                seat: d.seat,
                action: d.action,
            },
        });
        let clock = self.clock.and_then(|clock| {
            let people = || self.asked_at.iter().filter(|(s, _)| !bots.contains(s));
            let first = people().map(|(_, at)| at).min()?;
            let seats = people()
                .filter(|(_, at)| *at == first)
                .map(|(s, _)| *s)
                .collect();
            Some(Armed {
                at_ms: first.saturating_add(clock.per_decision_ms),
                due: Due::Clock { seats },
            })
        });
        match (rules, clock) {
            (Some(r), Some(c)) if c.at_ms < r.at_ms => Some(c),
            (Some(r), _) => Some(r),
            (None, c) => c,
        }
    }
}

/// Splits stored room options into the game's options and the turn clock,
/// which rides along under the reserved `"clock"` key (see
/// [`with_clock`]).
pub fn split_options(mut options: Value) -> Result<(Value, Option<TurnClock>), String> {
    let Some(object) = options.as_object_mut() else {
        return Ok((options, None));
    };
    let Some(clock) = object.remove(CLOCK_KEY) else {
        return Ok((options, None));
    };
    let clock: TurnClock = serde_json::from_value(clock).map_err(|e| e.to_string())?;
    // Game options given as nothing at all stay nothing: a game whose
    // options are `()` takes only `null`.
    if object.is_empty() {
        options = Value::Null;
    }
    Ok((options, Some(clock)))
}

/// Game options with the turn clock added under `"clock"`, for the store.
/// Games never see the key: rooms split it off first. `None` if the game
/// options are neither an object nor absent.
pub fn with_clock(options: Value, clock: Option<TurnClock>) -> Option<Value> {
    let Some(clock) = clock else {
        return Some(options);
    };
    let mut object = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(o) => o,
        _ => return None,
    };
    object.insert(
        CLOCK_KEY.to_owned(),
        serde_json::to_value(clock).expect("a clock serializes"),
    );
    Some(Value::Object(object))
}

const CLOCK_KEY: &str = "clock";

#[cfg(test)]
mod tests {
    use super::*;
    use cubicle_games::catalog;
    use cubicle_games::testing::relay::{Relay, WINDOW_MS};
    use cubicle_games::{PlayerProfile, SeededChance};
    use serde_json::json;

    static RELAY: catalog::Entry = catalog::entry::<Relay>();

    fn relay(seats: usize) -> Box<dyn Table> {
        (RELAY.start)(
            &vec![PlayerProfile::default(); seats],
            &Value::Null,
            &[0; 32],
        )
        .unwrap()
    }

    fn act(table: &mut Box<dyn Table>, timer: &mut Timer, seat: Seat, action: &str, at: u64) {
        table
            .apply(seat, &json!(action), &mut SeededChance::new(&[0; 32], 1))
            .unwrap();
        timer.acted(seat, at, &table.to_act());
    }

    const PERIOD: TurnClock = TurnClock {
        per_decision_ms: 30_000,
    };

    #[test]
    fn without_a_clock_only_the_rules_arm_a_deadline() {
        let mut table = relay(2);
        let mut timer = Timer::new(None);
        timer.started(1_000, &table.to_act());
        assert_eq!(timer.armed(table.as_ref(), &[]), None);
        act(&mut table, &mut timer, 0, "ready", 2_000);
        act(&mut table, &mut timer, 1, "ready", 3_000);
        act(&mut table, &mut timer, 0, "ask", 4_000);
        assert_eq!(
            timer.armed(table.as_ref(), &[]),
            Some(Armed {
                at_ms: 4_000 + WINDOW_MS,
                due: Due::Rules {
                    seat: 1,
                    action: json!("decline")
                }
            })
        );
    }

    #[test]
    fn a_seat_still_thinking_keeps_its_time_when_another_acts() {
        let mut table = relay(3);
        let mut timer = Timer::new(Some(PERIOD));
        timer.started(1_000, &table.to_act());
        let all_three = Armed {
            at_ms: 31_000,
            due: Due::Clock {
                seats: vec![0, 1, 2],
            },
        };
        assert_eq!(timer.armed(table.as_ref(), &[]), Some(all_three));
        act(&mut table, &mut timer, 1, "ready", 9_000);
        let armed = timer.armed(table.as_ref(), &[]).unwrap();
        assert_eq!((armed.at_ms, armed.seats()), (31_000, vec![0, 2]));
        // Play begins: seat 0 is asked anew when its turn comes.
        act(&mut table, &mut timer, 0, "ready", 10_000);
        act(&mut table, &mut timer, 2, "ready", 12_000);
        let armed = timer.armed(table.as_ref(), &[]).unwrap();
        assert_eq!((armed.at_ms, armed.seats()), (42_000, vec![0]));
    }

    #[test]
    fn the_clock_waits_for_people_not_for_bots() {
        let mut table = relay(3);
        let mut timer = Timer::new(Some(PERIOD));
        timer.started(1_000, &table.to_act());
        // Seat 1 is a bot: the clock runs for seats 0 and 2 only.
        let armed = timer.armed(table.as_ref(), &[1]).unwrap();
        assert_eq!((armed.at_ms, armed.seats()), (31_000, vec![0, 2]));
        act(&mut table, &mut timer, 0, "ready", 2_000);
        act(&mut table, &mut timer, 2, "ready", 3_000);
        // Only the bot owes a decision: no clock at all.
        assert_eq!(timer.armed(table.as_ref(), &[1]), None);
        assert!(timer.armed(table.as_ref(), &[]).is_some());
    }

    #[test]
    fn the_earlier_of_the_rules_and_the_clock_is_armed() {
        let mut table = relay(2);
        let short = TurnClock {
            per_decision_ms: 2_000,
        };
        let mut timer = Timer::new(Some(short));
        timer.started(0, &table.to_act());
        act(&mut table, &mut timer, 0, "ready", 0);
        act(&mut table, &mut timer, 1, "ready", 0);
        act(&mut table, &mut timer, 0, "ask", 100);
        let armed = timer.armed(table.as_ref(), &[]).unwrap();
        assert_eq!(
            (armed.at_ms, armed.due),
            (2_100, Due::Clock { seats: vec![1] })
        );
        timer.clock = Some(PERIOD);
        assert_eq!(
            timer.armed(table.as_ref(), &[]).unwrap().at_ms,
            100 + WINDOW_MS
        );
    }

    #[test]
    fn the_clock_rides_in_the_stored_options_and_games_never_see_it() {
        let clock = Some(TurnClock::FAST);
        let stored = with_clock(Value::Null, clock).unwrap();
        assert_eq!(split_options(stored).unwrap(), (Value::Null, clock));
        let fixture = json!({"fixture": {"deal": []}});
        let stored = with_clock(fixture.clone(), clock).unwrap();
        assert_eq!(split_options(stored).unwrap(), (fixture.clone(), clock));
        assert_eq!(with_clock(fixture.clone(), None), Some(fixture.clone()));
        assert_eq!(split_options(fixture.clone()).unwrap(), (fixture, None));
        assert_eq!(with_clock(json!([1]), clock), None);
        assert!(split_options(json!({"clock": {"per_decision": 1}})).is_err());
    }

    #[tokio::test(start_paused = true)]
    async fn the_wall_clock_moves_with_tokio_time() {
        let clock = WallClock::system();
        let start = clock.now_ms();
        let target = clock.instant_at(start + 90_000);
        tokio::time::sleep_until(target).await;
        assert!(clock.now_ms() >= start + 90_000);
        assert!(clock.now_ms() < start + 91_000);
    }
}
