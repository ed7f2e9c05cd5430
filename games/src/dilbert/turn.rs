//! A player's turn: draw (and discard down to five), start-of-turn memos,
//! walk or run, then in an office a signature, the roll or instructions;
//! then the next player, or the Boss after the last.

use cubicle_protocol::dilbert::{
    Action, Employee, EventView, MemoId, Office, Roll, SpaceId, Timing, Why, HAND_LIMIT,
    HAPPINESS_MAX, HAPPINESS_MIN,
};
use cubicle_protocol::Seat;

use std::borrow::Cow;

use super::movement::{self, Presence, Reach};
use super::{content, projects, Dilbert, ReachKey, Stage, Then, TurnStep};
use crate::Chance;

/// Other pieces as a walk meets them (see [`Dilbert::obstacles`]).
#[derive(Default)]
struct Obstacles {
    list: [(SpaceId, Presence); 6],
    len: usize,
}

impl Obstacles {
    /// What stands on `space`: a standing piece blocks even where a
    /// knocked-down one lies too.
    fn at(&self, space: SpaceId) -> Presence {
        let mut found = Presence::Free;
        for &(at, presence) in &self.list[..self.len] {
            if at == space {
                if presence == Presence::Blocked {
                    return presence;
                }
                found = presence;
            }
        }
        found
    }
}

/// Motivation spent to stand up after being knocked down.
const STAND_UP_COST: u8 = 2;

impl Dilbert {
    pub(super) fn start_round(&mut self, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
        self.round += 1;
        events.push(EventView::RoundStarted { round: self.round });
        self.start_turn(self.first_player, chance, events);
    }

    fn start_turn(&mut self, seat: Seat, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
        self.stage = Stage::Turn {
            seat,
            step: TurnStep::Move { ran: None },
        };
        self.draw(seat, events);
        self.discards_then(vec![seat], Then::Move, chance, events);
    }

    /// `seat` draws the top memo, if any.
    pub(super) fn draw(&mut self, seat: Seat, events: &mut Vec<EventView>) {
        if let Some(memo) = self.memo_deck.pop_front() {
            let hire = self.hire_mut(seat);
            hire.hand.push(memo);
            hire.shown = false;
            events.push(EventView::Drew {
                seat,
                memo: Some(memo),
            });
        }
    }

    /// Moves a memo from `seat`'s hand to the bottom of the deck.
    fn put_back(&mut self, seat: Seat, memo: MemoId) {
        let hire = self.hire_mut(seat);
        let at = hire.hand.iter().position(|&m| m == memo).expect("in hand");
        hire.hand.remove(at);
        hire.shown = false;
        self.memo_deck.push_back(memo);
    }

    /// Those of `seats` over the hand limit discard first; then `then`.
    pub(super) fn discards_then(
        &mut self,
        seats: Vec<Seat>,
        then: Then,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        let waiting: Vec<Seat> = seats
            .into_iter()
            .filter(|&s| self.hire(s).hand.len() > HAND_LIMIT)
            .collect();
        let Stage::Turn { seat, step } = &mut self.stage else {
            unreachable!("discards happen during turns")
        };
        let seat = *seat;
        if !waiting.is_empty() {
            *step = TurnStep::Discard { waiting, then };
            return;
        }
        match then {
            Then::Move => *step = TurnStep::Move { ran: None },
            Then::EndTurn => self.end_turn(seat, chance, events),
        }
    }

    /// Changes `employee`'s happiness by `amount`, within -27..27. Ratbert
    /// loses one less of any loss of two or more.
    pub(super) fn gain(
        &mut self,
        employee: Employee,
        amount: i8,
        why: Why,
        events: &mut Vec<EventView>,
    ) {
        let Some(seat) = self.seat_of(employee) else {
            return;
        };
        let amount = if employee == Employee::Ratbert && amount <= -2 {
            amount + 1
        } else {
            amount
        };
        let hire = self.hire_mut(seat);
        let now = (hire.happiness + amount).clamp(HAPPINESS_MIN, HAPPINESS_MAX);
        let changed = now - hire.happiness;
        hire.happiness = now;
        events.push(EventView::Happiness {
            employee,
            amount: changed,
            now,
            why,
        });
    }

    pub(super) fn knock_down(&mut self, seat: Seat, events: &mut Vec<EventView>) {
        self.hire_mut(seat).down = true;
        events.push(EventView::KnockedDown { seat });
    }

    /// The pieces in a mover's way: (space, what stands there) for every
    /// other piece that matters, at most five. Kept on the stack: a search
    /// asks about every space it reaches, and playouts search every turn.
    fn obstacles(&self, mover: Seat) -> Obstacles {
        let map = self.map();
        let mut obstacles = Obstacles::default();
        for (s, hire) in self.hires.iter().enumerate() {
            if s == usize::from(mover) {
                continue;
            }
            let presence = match map.office_at(hire.at) {
                None if hire.down => Presence::Down,
                None | Some(Office::MensRoom | Office::WomensRoom) => Presence::Blocked,
                Some(_) => continue,
            };
            obstacles.list[obstacles.len] = (hire.at, presence);
            obstacles.len += 1;
        }
        obstacles
    }

    /// How far `seat` may walk now (having rolled `ran` to run).
    pub(super) fn allowance(&self, seat: Seat, ran: Option<u8>) -> u8 {
        let hire = self.hire(seat);
        let motivation = content::printed(hire.employee).motivation;
        if hire.down {
            motivation.saturating_sub(STAND_UP_COST)
        } else {
            motivation + ran.unwrap_or(0)
        }
    }

    /// Where `seat` can walk now: the search remembered for this very
    /// situation if there is one, else a new search.
    pub(super) fn reach(&self, seat: Seat, ran: Option<u8>) -> Cow<'_, Reach> {
        let key = self.reach_key(seat, ran);
        match &self.reach_memo.0 {
            Some((known, reach)) if *known == key => Cow::Borrowed(reach),
            _ => Cow::Owned(self.search(seat, ran)),
        }
    }

    pub(super) fn search(&self, seat: Seat, ran: Option<u8>) -> Reach {
        let hire = self.hire(seat);
        let obstacles = self.obstacles(seat);
        movement::reach(
            self.map(),
            hire.at,
            self.allowance(seat, ran),
            hire.employee.gender(),
            &|space| obstacles.at(space),
        )
    }

    fn search_into(&self, reach: &mut Reach, seat: Seat, ran: Option<u8>) {
        let hire = self.hire(seat);
        let obstacles = self.obstacles(seat);
        movement::reach_into(
            reach,
            self.map(),
            hire.at,
            self.allowance(seat, ran),
            hire.employee.gender(),
            &|space| obstacles.at(space),
        );
    }

    /// Everything a search depends on: who moves, the run, and every piece.
    fn reach_key(&self, seat: Seat, ran: Option<u8>) -> ReachKey {
        let mut pieces = [(SpaceId::MAX, false); 6];
        for (slot, hire) in pieces.iter_mut().zip(&self.hires) {
            *slot = (hire.at, hire.down);
        }
        ReachKey { seat, ran, pieces }
    }

    /// After an action: if a seat is about to move, searches once now, so
    /// that `legal` and `check` (called many times by bots and playouts)
    /// need not.
    pub(super) fn remember_reach(&mut self) {
        if let Stage::Turn {
            seat,
            step: TurnStep::Move { ran },
        } = self.stage
        {
            let key = self.reach_key(seat, ran);
            match self.reach_memo.0.take() {
                Some((known, reach)) if known == key => self.reach_memo.0 = Some((known, reach)),
                // Search into the old result's buffers: no allocation.
                Some((_, mut reach)) => {
                    self.search_into(&mut reach, seat, ran);
                    self.reach_memo.0 = Some((key, reach));
                }
                None => self.reach_memo.0 = Some((key, self.search(seat, ran))),
            }
        }
    }

    /// The turn of `seat` is over: the next player's, or the Boss's.
    pub(super) fn end_turn(
        &mut self,
        seat: Seat,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        if seat == self.last_seat() {
            self.boss_turn(chance, events);
        } else {
            self.start_turn(self.next_seat(seat), chance, events);
        }
    }
}

pub fn discard_actions(game: &Dilbert, seat: Seat) -> Vec<Action> {
    let mut hand = game.hire(seat).hand.clone();
    hand.sort_unstable();
    hand.into_iter()
        .map(|memo| Action::Discard { memo })
        .collect()
}

pub fn discard(
    game: &mut Dilbert,
    seat: Seat,
    memo: MemoId,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    game.put_back(seat, memo);
    events.push(EventView::Discarded {
        seat,
        memo: Some(memo),
    });
    let Stage::Turn {
        step: TurnStep::Discard { waiting, then },
        ..
    } = &mut game.stage
    else {
        unreachable!("checked: discards happen at the discard step")
    };
    let then = *then;
    let still: Vec<Seat> = waiting.clone();
    game.discards_then(still, then, chance, events);
}

pub fn move_actions(game: &Dilbert, seat: Seat, ran: Option<u8>) -> Vec<Action> {
    let hire = game.hire(seat);
    let mut actions = Vec::new();
    if ran.is_none() {
        let mut hand = hire.hand.clone();
        hand.sort_unstable();
        actions.extend(
            hand.into_iter()
                .filter(|&memo| playable_before_moving(memo))
                .map(|memo| Action::Play { memo }),
        );
        if !hire.down {
            actions.push(Action::Run);
        }
        if hire.employee == Employee::Dilbert && game.consultant.is_some() {
            actions.push(Action::IgnoreConsultant {
                ignore: !game.dilbert_ignores,
            });
        }
    }
    actions.extend(
        game.reach(seat, ran)
            .ends
            .iter()
            .map(|&to| Action::Move { to }),
    );
    actions
}

/// Whether `memo` is played at the start of a turn, before moving.
pub fn playable_before_moving(memo: MemoId) -> bool {
    content::board().memos[usize::from(memo)].timing == Timing::StartOfTurn
}

/// Part 1's memos have no effect: played, shown, and put at the bottom.
pub fn play_memo(game: &mut Dilbert, seat: Seat, memo: MemoId, events: &mut Vec<EventView>) {
    game.put_back(seat, memo);
    events.push(EventView::Played { seat, memo });
}

pub fn run(game: &mut Dilbert, seat: Seat, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
    let value = game.roll(chance);
    game.last_roll = Some(Roll {
        seat,
        value,
        office: None,
    });
    events.push(EventView::Rolled {
        seat,
        value,
        office: None,
    });
    if value == 6 {
        let heck = game.map().space_of(Office::Heck);
        let hire = game.hire_mut(seat);
        hire.at = heck;
        hire.down = true;
        events.push(EventView::ToHeck { seat });
        game.end_turn(seat, chance, events);
    } else if let Stage::Turn { step, .. } = &mut game.stage {
        *step = TurnStep::Move { ran: Some(value) };
    }
}

/// Walks `seat` along `path` (a legal path from where it stands), then
/// the office's signature, roll or instructions, or the end of the turn.
pub fn move_along(
    game: &mut Dilbert,
    seat: Seat,
    path: Vec<SpaceId>,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    let to = *path.last().expect("a path ends somewhere");
    let hire = game.hire_mut(seat);
    if hire.down {
        hire.down = false;
        events.push(EventView::StoodUp { seat });
    }
    let hire = game.hire_mut(seat);
    hire.at = to;
    let arrived = path.len() > 1;
    events.push(EventView::Moved { seat, path });
    match game.map().office_at(to) {
        None => game.end_turn(seat, chance, events),
        Some(office) if projects::can_sign(game, office) => {
            game.stage = Stage::Turn {
                seat,
                step: TurnStep::Sign { office, arrived },
            };
        }
        Some(office) => game.office_effect(seat, office, arrived, chance, events),
    }
}
