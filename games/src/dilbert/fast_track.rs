//! Management Fast Track online. The card is played face up, so everyone
//! knows its player may cheat this turn; what stays secret is whether they
//! do. The server lets them: walk up to [`LEGS`] farther (others still see
//! the honest allowance, and the path as walked), pick the office roll
//! instead of rolling (others see a roll like any other), place a second
//! signature (others see it placed). When the turn ends, a call-out window
//! opens for every other player, always, for [`super::CALL_OUT_MS`]: each
//! ticks the cheats they saw. Then everything is revealed: each cheat
//! spotted by anyone costs the cheater [`CAUGHT`] and pays each spotter
//! [`SPOTTED`]; each cheat named that did not happen costs its accuser
//! [`FALSE_ALARM`]. Cheats nobody spotted stand.

use cubicle_protocol::dilbert::{Cheats, EventView, Why};
use cubicle_protocol::Seat;

use super::{Dilbert, FastTrackState, Stage, TurnStep};
use crate::Chance;

/// How much farther a Fast Track walk may go.
pub const LEGS: u8 = 3;
pub const CAUGHT: i8 = -3;
pub const SPOTTED: i8 = 1;
pub const FALSE_ALARM: i8 = -1;

impl Dilbert {
    pub(super) fn on_fast_track(&self, seat: Seat) -> bool {
        self.fast_track.is_some_and(|f| f.seat == seat)
    }

    pub(super) fn start_fast_track(&mut self, seat: Seat) {
        self.fast_track = Some(FastTrackState {
            seat,
            cheats: Cheats::default(),
        });
    }

    pub(super) fn cheated(&mut self, mark: impl FnOnce(&mut Cheats)) {
        if let Some(f) = &mut self.fast_track {
            mark(&mut f.cheats);
        }
    }

    /// The end of a turn: on the Fast Track, the call-out first.
    pub(super) fn finish_turn(
        &mut self,
        seat: Seat,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        if self.on_fast_track(seat) {
            let accusations = self
                .seat_list()
                .map(|s| (s == seat).then(Cheats::default))
                .collect();
            self.stage = Stage::Turn {
                seat,
                step: TurnStep::CallOut { accusations },
            };
        } else {
            self.pass_turn(seat, chance, events);
        }
    }
}

/// `seat` points out `cheats`; the last accusation reveals everything.
pub fn accuse(
    game: &mut Dilbert,
    seat: Seat,
    cheats: Cheats,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    let Stage::Turn {
        seat: cheater,
        step: TurnStep::CallOut { accusations },
    } = &mut game.stage
    else {
        unreachable!("checked: accusations come during the call-out")
    };
    let cheater = *cheater;
    accusations[usize::from(seat)] = Some(cheats);
    if accusations.iter().any(Option::is_none) {
        return;
    }
    let accusations: Vec<Option<Cheats>> = accusations
        .iter()
        .enumerate()
        .map(|(s, a)| if s == usize::from(cheater) { None } else { *a })
        .collect();
    let used = game.fast_track.take().map(|f| f.cheats).unwrap_or_default();
    events.push(EventView::CalledOut {
        cheater,
        used,
        accusations: accusations.clone(),
    });
    let each = |c: Cheats| [c.legs, c.die, c.signature];
    for (i, &happened) in each(used).iter().enumerate() {
        let spotters: Vec<Seat> = accusations
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_some_and(|a| each(a)[i]))
            .map(|(s, _)| s as Seat)
            .collect();
        if happened && !spotters.is_empty() {
            let e = game.hire(cheater).employee;
            game.gain(e, CAUGHT, Why::CalledOut, events);
            for s in spotters {
                let e = game.hire(s).employee;
                game.gain(e, SPOTTED, Why::CalledOut, events);
            }
        } else if !happened {
            for s in spotters {
                let e = game.hire(s).employee;
                game.gain(e, FALSE_ALARM, Why::CalledOut, events);
            }
        }
    }
    game.pass_turn(cheater, chance, events);
}
