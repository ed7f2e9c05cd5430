//! A player's turn: draw (and discard down to five), start-of-turn memos,
//! walk or run, then in an office a signature, the roll or instructions;
//! then the next player, or the Boss after the last.

use cubicle_protocol::dilbert::{
    Action, Employee, EventView, MemoId, Office, Roll, SpaceId, Token, Why, HAPPINESS_MAX,
    HAPPINESS_MIN,
};
use cubicle_protocol::Seat;

use std::borrow::Cow;

use super::cards::Rule;
use super::movement::{self, Presence, Reach};
use super::{
    content, fast_track, memos, projects, tokens, Dilbert, ReachKey, Stage, Then, TurnStep,
};
use crate::Chance;

/// Other pieces as a walk meets them (see [`Dilbert::obstacles`]).
#[derive(Default)]
struct Obstacles {
    /// Five other pieces, Ted and the Out of Order sign at most.
    list: [(SpaceId, Presence); 8],
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
        self.boss_step = super::boss::BOSS_STEP;
        events.push(EventView::RoundStarted { round: self.round });
        self.start_turn(self.first_player, chance, events);
    }

    fn start_turn(&mut self, seat: Seat, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
        self.stage = Stage::Turn {
            seat,
            step: TurnStep::Move { ran: None },
        };
        self.extra_legs = 0;
        let me = self.hire(seat);
        let happiest_alone = self
            .hires
            .iter()
            .all(|h| h.employee == me.employee || h.happiness < me.happiness);
        if happiest_alone && self.bound_by(me.employee, Rule::FlatHierarchy) {
            self.gain(me.employee, -1, Why::Consultant, events);
        }
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
    pub(super) fn put_back(&mut self, seat: Seat, memo: MemoId) {
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
            .filter(|&s| self.hire(s).hand.len() > self.hand_limit(s))
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

    /// Changes `employee`'s happiness by `amount`, within -27..27, after
    /// the consultant in play changes it. Ratbert loses one less of any
    /// loss of two or more.
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
        let amount = amount + self.consultant_change(employee, amount, why);
        if matches!(why, Why::Memo | Why::RealLife) && self.memo_loss_blocked(employee, amount) {
            return;
        }
        let amount = if employee == Employee::Ratbert && amount <= -2 {
            amount + 1
        } else {
            amount
        };
        let hire = self.hire_mut(seat);
        let now = (hire.happiness + amount).clamp(HAPPINESS_MIN, HAPPINESS_MAX);
        let changed = now - hire.happiness;
        hire.happiness = now;
        if matches!(why, Why::Memo | Why::RealLife) {
            self.note_memo_loss(employee, changed);
        }
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
        let employee = self.hire(seat).employee;
        if self.bound_by(employee, Rule::FallLoss) {
            self.gain(employee, -1, Why::Consultant, events);
        }
    }

    /// What the consultant adds to a happiness change of `amount` for
    /// `why` (project checks and office charts; 0 otherwise).
    fn consultant_change(&self, employee: Employee, amount: i8, why: Why) -> i8 {
        match (self.rule_for(employee), why) {
            (Some(Rule::CheckLosses(more)), Why::Project) if amount < 0 => -more,
            (Some(Rule::CheckGains(more)), Why::Project) if amount > 0 => more,
            (Some(Rule::ChartGains(more)), Why::Chart) if amount > 0 => more,
            (Some(Rule::ChartLosses(more)), Why::Chart) if amount < 0 => -more,
            _ => 0,
        }
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
        for closed in self.closed_spaces() {
            if closed != SpaceId::MAX {
                obstacles.list[obstacles.len] = (closed, Presence::Blocked);
                obstacles.len += 1;
            }
        }
        obstacles
    }

    /// How far `seat` may walk now (having rolled `ran` to run), with
    /// Management Fast Track's extra legs.
    pub(super) fn allowance(&self, seat: Seat, ran: Option<u8>) -> u8 {
        let legs = if self.on_fast_track(seat) {
            fast_track::LEGS
        } else {
            0
        };
        self.honest_allowance(seat, ran) + legs
    }

    /// How far `seat` may walk without cheating: Motivation (less 2 to
    /// stand up), plus the run, memos' extra legs and the consultant's
    /// change, less Todd's 2; at least 1 while standing, or while a
    /// consultant changes walks.
    pub(super) fn honest_allowance(&self, seat: Seat, ran: Option<u8>) -> u8 {
        let hire = self.hire(seat);
        let motivation = content::printed(hire.employee).motivation;
        let rule = self.rule_for(hire.employee);
        let base = if hire.down {
            let cost = match rule {
                Some(Rule::StandUpCost(cost)) => cost,
                _ => STAND_UP_COST,
            };
            motivation.saturating_sub(cost)
        } else {
            motivation + ran.unwrap_or(0)
        };
        let mut walk = i16::from(base) + i16::from(self.extra_legs);
        if let Some(Rule::Walk(by)) = rule {
            walk += i16::from(by);
        }
        if self.has_token(hire.employee, Token::Todd) {
            walk -= i16::from(tokens::TODD);
        }
        // "Always at least 1" under a consultant that changes walks, even
        // knocked down (who may otherwise only stand up where they lie).
        let least = i16::from(!hire.down || matches!(rule, Some(Rule::Walk(_))));
        walk.clamp(least, i16::from(u8::MAX - 1)) as u8
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
        ReachKey {
            seat,
            allowance: self.allowance(seat, ran),
            pieces,
            closed: self.closed_spaces(),
        }
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

    /// The memos `seat` played before this turn go from the out tray to the
    /// bottom of the deck, face down.
    fn empty_out_tray(&mut self, seat: Seat) {
        let mut kept = Vec::with_capacity(self.out_tray.len());
        for (memo, by, round) in std::mem::take(&mut self.out_tray) {
            if by == seat && round < self.round {
                self.memo_deck.push_back(memo);
            } else {
                kept.push((memo, by, round));
            }
        }
        self.out_tray = kept;
    }

    /// `seat` has moved and the office is done: the end-of-turn step.
    pub(super) fn end_turn(
        &mut self,
        seat: Seat,
        _chance: &mut dyn Chance,
        _events: &mut Vec<EventView>,
    ) {
        self.stage = Stage::Turn {
            seat,
            step: TurnStep::EndTurn,
        };
    }

    /// The turn of `seat` is over: the next player's, or the Boss's.
    pub(super) fn pass_turn(
        &mut self,
        seat: Seat,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        self.forget_since(seat);
        self.extra_legs = 0;
        self.empty_out_tray(seat);
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
        actions.extend(memos::play_actions(game, seat));
        if may_run(game, seat) {
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

/// Whether `seat` may run: standing, no consultant against it, no Todd.
pub fn may_run(game: &Dilbert, seat: Seat) -> bool {
    let hire = game.hire(seat);
    !hire.down
        && !game.bound_by(hire.employee, Rule::NoRunning)
        && !game.has_token(hire.employee, Token::Todd)
}

/// The end-of-turn step: end-of-turn memos, and the end.
pub fn end_actions(game: &Dilbert, seat: Seat) -> Vec<Action> {
    let mut actions = memos::play_actions(game, seat);
    actions.push(Action::EndTurn);
    actions
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
    let risky = game.bound_by(game.hire(seat).employee, Rule::RiskyRuns);
    if value == 6 || (value == 5 && risky) {
        let heck = game.map().space_of(Office::Heck);
        let hire = game.hire_mut(seat);
        hire.at = heck;
        hire.down = true;
        events.push(EventView::ToHeck { seat });
        // "End your turn immediately": no end-of-turn memos.
        game.finish_turn(seat, chance, events);
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
    let ran = match game.stage {
        Stage::Turn {
            step: TurnStep::Move { ran },
            ..
        } => ran,
        _ => None,
    };
    // Management Fast Track: farther than an honest walk is a cheat.
    if path.len() - 1 > usize::from(game.honest_allowance(seat, ran)) {
        game.cheated(|c| c.legs = true);
    }
    let hire = game.hire_mut(seat);
    if hire.down {
        hire.down = false;
        events.push(EventView::StoodUp { seat });
    }
    let hire = game.hire_mut(seat);
    hire.at = to;
    let employee = hire.employee;
    let arrived = path.len() > 1;
    events.push(EventView::Moved { seat, path });
    if arrived {
        game.eat_donut(employee, to, events);
    }
    match game.map().office_at(to) {
        None => game.end_turn(seat, chance, events),
        Some(office) if projects::can_sign(game, office) => {
            game.stage = Stage::Turn {
                seat,
                step: TurnStep::Sign {
                    office,
                    arrived,
                    second: false,
                },
            };
        }
        Some(office) => game.office_effect(seat, office, arrived, chance, events),
    }
}
