//! Memos: when each may be played, on whom or what, and what it does.
//!
//! A memo's target is part of the play action, so `legal` lists one play
//! per acceptable target, and nothing waits in the middle of a memo except
//! a real-life question (every player answers at once, with a deadline).
//!
//! The restroom rule is applied here, once: nobody in a restroom is a
//! target or part of a group a memo reaches, and a player whose employee
//! is in a restroom cannot play a memo that would change that employee.
//!
//! Responses never open a window: a Response memo is played at the start
//! of its holder's turn, on what others did since that holder's last turn
//! ([`super::Since`]), so the table never waits for, or learns of, a card
//! that might answer.

use cubicle_protocol::dilbert::{
    Action, Employee, EventView, MemoId, Office, ProjectId, SpaceId, Target, Timing, Token, Trait,
    Why,
};
use cubicle_protocol::Seat;

use super::cards::{self, Effect, Group, Rule};
use super::{Dilbert, Since, Stage, Then, TokenAt, TurnStep};
use crate::Chance;

/// Traits stay on the track's 0..=10.
const TRAIT_MAX: u8 = 10;
/// The most Cover Your Backside gives back.
const BACKSIDE_MAX: u8 = 4;

/// Whether `memo`'s timing fits the step `seat` is at.
fn in_time(game: &Dilbert, memo: MemoId) -> bool {
    let Stage::Turn { step, .. } = &game.stage else {
        return false;
    };
    match cards::memo(memo).timing {
        Timing::StartOfTurn | Timing::Response => matches!(step, TurnStep::Move { ran: None }),
        Timing::EndOfTurn => matches!(step, TurnStep::EndTurn),
    }
}

/// Whether the effect changes its player's own employee (not allowed from
/// a restroom). Management Fast Track does: its first cheat is extra legs.
fn changes_own_employee(effect: Effect) -> bool {
    matches!(
        effect,
        Effect::Gain(_)
            | Effect::ExtraLegs(_)
            | Effect::SwapTrait(_)
            | Effect::CubicleAway
            | Effect::TakeBackWork
            | Effect::NotMyJob
            | Effect::CoverYourBackside
            | Effect::LookBusy(_)
            | Effect::Place(Token::FamilyPortrait)
            | Effect::FastTrack
    )
}

/// Whether the employee whose cubicle `seat`'s would swap with (one nearer
/// the Boss's Office when `closer`) is one memos can reach: a swap moves
/// both cubicles, and a restroom protects from memos.
fn swap_partner_reachable(game: &Dilbert, seat: Seat, closer: bool) -> bool {
    let rank = game.hire(seat).cubicle;
    let other = if closer {
        rank.wrapping_sub(1)
    } else {
        rank + 1
    };
    game.seat_list()
        .filter(|&s| game.hire(s).cubicle == other)
        .all(|s| game.reachable_by_memos(s))
}

impl Dilbert {
    /// Whether memos can reach `seat`'s employee (not in a restroom).
    fn reachable_by_memos(&self, seat: Seat) -> bool {
        !self.in_restroom(seat)
    }

    /// Other employees memos can reach, as targets.
    fn other_targets(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seat_list()
            .filter(move |&s| s != seat && self.reachable_by_memos(s))
    }
}

fn employee_target(game: &Dilbert, seat: Seat) -> Option<Target> {
    Some(Target::Employee {
        employee: game.hire(seat).employee,
    })
}

/// Every acceptable target of `memo` for `seat` now (`None` for a memo
/// without one); empty when it cannot be played.
pub fn targets(game: &Dilbert, seat: Seat, memo: MemoId) -> Vec<Option<Target>> {
    if !in_time(game, memo) {
        return Vec::new();
    }
    let effect = cards::memo(memo).effect;
    let me = game.hire(seat);
    if game.in_restroom(seat) && changes_own_employee(effect) {
        return Vec::new();
    }
    let untargeted = |ok: bool| if ok { vec![None] } else { Vec::new() };
    let others = |filter: &dyn Fn(Seat) -> bool| -> Vec<Option<Target>> {
        game.other_targets(seat)
            .filter(|&s| filter(s))
            .map(|s| employee_target(game, s))
            .collect()
    };
    let since = &game.since[usize::from(seat)];
    match effect {
        Effect::Gain(_)
        | Effect::GeneralMeeting
        | Effect::ExtraLegs(_)
        | Effect::Draw(_)
        | Effect::BossStep(_)
        | Effect::RealLife(_)
        | Effect::FastTrack
        | Effect::Everyone(..) => untargeted(true),
        Effect::CubicleAway => untargeted(
            usize::from(me.cubicle) < game.seat_count()
                && game.cubicle_may_move(seat, false)
                && swap_partner_reachable(game, seat, false),
        ),
        Effect::Hurt(_) | Effect::SendTo(_) | Effect::GoToHeck => others(&|_| true),
        Effect::KnockDown => others(&|s| !game.hire(s).down),
        Effect::SwapTrait(which) => {
            let i = Dilbert::trait_index(which);
            others(&|s| game.hire(s).traits[i] != me.traits[i])
        }
        Effect::CubicleCloser => others(&|s| {
            game.hire(s).cubicle > 1
                && game.cubicle_may_move(s, true)
                && swap_partner_reachable(game, s, true)
        }),
        Effect::Steal | Effect::DiscardRandom(_) => others(&|s| !game.hire(s).hand.is_empty()),
        Effect::ShiftTrait(which, by) => {
            let i = Dilbert::trait_index(which);
            game.seat_list()
                .filter(|&s| game.reachable_by_memos(s))
                .filter(|&s| {
                    let now = game.hire(s).traits[i];
                    if by > 0 {
                        now < TRAIT_MAX
                    } else {
                        now > 0
                    }
                })
                .map(|s| employee_target(game, s))
                .collect()
        }
        Effect::TakeBackWork => own_work(game, me.employee, |_| true),
        Effect::NotMyJob => own_work(game, me.employee, |p| since.assigned.contains(&p)),
        Effect::Volunteer => {
            let mut found = Vec::new();
            for s in game.other_targets(seat) {
                let hire = game.hire(s);
                if hire.free_work == 0 {
                    continue;
                }
                for slot in &game.projects {
                    found.push(Some(Target::Work {
                        project: slot.project,
                        employee: hire.employee,
                    }));
                }
            }
            found
        }
        Effect::Forge => {
            if game.signatures_left == 0 {
                return Vec::new();
            }
            let mut found = Vec::new();
            for (slot, s) in game.projects.iter().enumerate() {
                for icon in game.open_icons(slot) {
                    found.push(Some(Target::Signature {
                        project: s.project,
                        icon,
                    }));
                }
            }
            found
        }
        Effect::Shred => game
            .projects
            .iter()
            .flat_map(|s| {
                s.signed.iter().map(|&icon| {
                    Some(Target::Signature {
                        project: s.project,
                        icon,
                    })
                })
            })
            .collect(),
        Effect::Place(token) => {
            if !game.token_free(token) {
                return Vec::new();
            }
            match token {
                Token::Ted => game
                    .ted_squares()
                    .into_iter()
                    .map(|space| Some(Target::Space { space }))
                    .collect(),
                Token::Donut | Token::OutOfOrder => game
                    .token_offices(token)
                    .into_iter()
                    .map(|space| Some(Target::Space { space }))
                    .collect(),
                Token::Todd | Token::PlasticPlant => others(&|_| true),
                Token::FamilyPortrait => untargeted(true),
            }
        }
        Effect::GarbageMan => {
            let mut seen: Vec<MemoId> = since
                .played
                .iter()
                .copied()
                .filter(|m| game.out_tray.iter().any(|(t, ..)| t == m))
                .collect();
            seen.sort_unstable();
            seen.dedup();
            seen.into_iter()
                .map(|memo| Some(Target::Memo { memo }))
                .collect()
        }
        Effect::ReturnToSender(_) => {
            let mut senders: Vec<Seat> = since
                .senders
                .iter()
                .copied()
                .filter(|&s| game.reachable_by_memos(s))
                .collect();
            senders.sort_unstable();
            senders.dedup();
            senders
                .into_iter()
                .map(|s| employee_target(game, s))
                .collect()
        }
        Effect::CoverYourBackside => untargeted(since.memo_losses > 0),
        Effect::LookBusy(_) => untargeted(matches!(
            game.map().office_at(me.at),
            Some(office) if office != Office::Heck
        )),
    }
}

fn own_work(
    game: &Dilbert,
    employee: Employee,
    keep: impl Fn(ProjectId) -> bool,
) -> Vec<Option<Target>> {
    let mut projects: Vec<ProjectId> = game.own_work(employee).filter(|&p| keep(p)).collect();
    projects.dedup();
    projects
        .into_iter()
        .map(|project| Some(Target::Work { project, employee }))
        .collect()
}

/// Whether `seat` may play `memo` on `target` now.
pub fn playable(game: &Dilbert, seat: Seat, memo: MemoId, target: Option<Target>) -> bool {
    targets(game, seat, memo).contains(&target)
}

/// Every memo play `seat` may make now.
pub fn play_actions(game: &Dilbert, seat: Seat) -> Vec<Action> {
    let mut hand = game.hire(seat).hand.clone();
    hand.sort_unstable();
    hand.dedup();
    hand.into_iter()
        .flat_map(|memo| {
            targets(game, seat, memo)
                .into_iter()
                .map(move |target| Action::Play { memo, target })
        })
        .collect()
}

/// The seat playing `employee` (a target names an employee in play).
fn seat_named(game: &Dilbert, target: Option<Target>) -> Seat {
    match target {
        Some(Target::Employee { employee }) | Some(Target::Work { employee, .. }) => {
            game.seat_of(employee).expect("checked: in play")
        }
        other => unreachable!("checked: {other:?} names an employee"),
    }
}

/// Plays `memo` (checked) from `seat`'s hand.
pub fn play(
    game: &mut Dilbert,
    seat: Seat,
    memo: MemoId,
    target: Option<Target>,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    game.take_from_hand(seat, memo);
    game.out_tray.push((memo, seat, game.round));
    events.push(EventView::Played { seat, memo, target });
    for s in game.seat_list().filter(|&s| s != seat).collect::<Vec<_>>() {
        game.since[usize::from(s)].played.push(memo);
    }
    let then = match cards::memo(memo).timing {
        Timing::EndOfTurn => Then::EndTurn,
        _ => Then::Move,
    };
    let me = game.hire(seat).employee;
    let effect = cards::memo(memo).effect;
    if let Some(Target::Employee { employee } | Target::Work { employee, .. }) = target {
        if employee != me && !matches!(effect, Effect::TakeBackWork | Effect::NotMyJob) {
            let s = game.seat_of(employee).expect("in play");
            game.since[usize::from(s)].senders.push(seat);
        }
    }
    game.memo_player = Some(seat);
    let mut drew = false;
    match effect {
        Effect::Gain(amount) => game.gain(me, amount, Why::Memo, events),
        Effect::Hurt(amount) | Effect::ReturnToSender(amount) => {
            let s = seat_named(game, target);
            let e = game.hire(s).employee;
            game.gain(e, -amount, Why::Memo, events);
        }
        Effect::Everyone(group, amount) => {
            let reached: Vec<Seat> = game
                .seat_list()
                .filter(|&s| game.reachable_by_memos(s))
                .filter(|&s| match group {
                    Group::All => true,
                    Group::Others => s != seat,
                    Group::InHalls => game.map().is_hall(game.hire(s).at),
                })
                .collect();
            for s in reached {
                let e = game.hire(s).employee;
                game.gain(e, amount, Why::Memo, events);
            }
        }
        Effect::KnockDown => {
            let s = seat_named(game, target);
            game.knock_down(s, events);
        }
        Effect::SendTo(office) => {
            let s = seat_named(game, target);
            let to = game.map().space_of(office);
            game.send(s, to, events);
        }
        Effect::GoToHeck => {
            let s = seat_named(game, target);
            let heck = game.map().space_of(Office::Heck);
            game.send(s, heck, events);
            if !game.hire(s).down {
                game.knock_down(s, events);
            }
        }
        Effect::GeneralMeeting => {
            let conference = game.map().space_of(Office::Conference);
            let called: Vec<Seat> = game
                .seat_list()
                .filter(|&s| game.reachable_by_memos(s) && game.hire(s).at != conference)
                .collect();
            for s in called {
                game.send(s, conference, events);
            }
        }
        Effect::ExtraLegs(legs) => game.extra_legs += legs,
        Effect::SwapTrait(which) => {
            let s = seat_named(game, target);
            let i = Dilbert::trait_index(which);
            let (mine, theirs) = (game.hire(seat).traits[i], game.hire(s).traits[i]);
            game.hire_mut(seat).traits[i] = theirs;
            game.hire_mut(s).traits[i] = mine;
            events.push(EventView::TraitsSwapped {
                which,
                first: me,
                second: game.hire(s).employee,
            });
        }
        Effect::ShiftTrait(which, by) => {
            let s = seat_named(game, target);
            shift_trait(game, s, which, by, events);
        }
        Effect::CubicleAway => game.move_cubicle(seat, false, events),
        Effect::CubicleCloser => {
            let s = seat_named(game, target);
            game.move_cubicle(s, true, events);
        }
        Effect::TakeBackWork | Effect::NotMyJob => {
            let Some(Target::Work { project, employee }) = target else {
                unreachable!("checked: a work token")
            };
            game.take_back_work(employee, project, events);
        }
        Effect::Volunteer => {
            let Some(Target::Work { project, employee }) = target else {
                unreachable!("checked: a work token")
            };
            let s = game.seat_of(employee).expect("in play");
            let slot = game.slot_of(project).expect("checked: in play");
            game.hire_mut(s).free_work -= 1;
            game.projects[slot].team.push(employee);
            game.since[usize::from(s)].assigned.push(project);
            events.push(EventView::WorkPlaced { employee, project });
        }
        Effect::Forge => {
            let Some(Target::Signature { project, icon }) = target else {
                unreachable!("checked: a signature")
            };
            game.sign_for(seat, project, icon, chance, events);
        }
        Effect::Shred => {
            let Some(Target::Signature { project, icon }) = target else {
                unreachable!("checked: a signature")
            };
            game.remove_signature(seat, project, icon, events);
        }
        Effect::Draw(count) => {
            for _ in 0..count {
                game.draw(seat, events);
            }
            drew = true;
        }
        Effect::Steal => {
            let s = seat_named(game, target);
            let hand = &game.hire(s).hand;
            let memo = hand[chance.below(hand.len() as u32) as usize];
            game.take_from_hand(s, memo);
            game.hire_mut(seat).hand.push(memo);
            game.hire_mut(seat).shown = false;
            events.push(EventView::MemoTaken {
                from: s,
                to: seat,
                memo: Some(memo),
            });
            drew = true;
        }
        Effect::DiscardRandom(count) => {
            let s = seat_named(game, target);
            for _ in 0..count {
                let hand = &game.hire(s).hand;
                if hand.is_empty() {
                    break;
                }
                let memo = hand[chance.below(hand.len() as u32) as usize];
                game.put_back(s, memo);
                events.push(EventView::Discarded {
                    seat: s,
                    memo: Some(memo),
                });
            }
        }
        Effect::Place(token) => {
            let at = match (token, target) {
                (Token::FamilyPortrait, _) => TokenAt::Employee(me),
                (_, Some(Target::Space { space })) => TokenAt::Space(space),
                (_, Some(Target::Employee { employee })) => TokenAt::Employee(employee),
                (_, other) => unreachable!("checked: {other:?} fits {token:?}"),
            };
            game.place_token(token, at, events);
        }
        Effect::BossStep(by) => {
            game.boss_step += by;
            events.push(EventView::BossStep {
                step: game.boss_step,
            });
        }
        Effect::RealLife(_) => {
            let answers = game
                .seat_list()
                .map(|s| (!game.reachable_by_memos(s)).then_some(false))
                .collect();
            game.memo_player = None;
            game.stage = Stage::Turn {
                seat,
                step: TurnStep::RealLife {
                    memo,
                    answers,
                    then,
                },
            };
            // Everyone protected: nobody to ask.
            if !game.seat_list().any(|s| game.owes(s)) {
                resolve_real_life(game, chance, events);
            }
            return;
        }
        Effect::GarbageMan => {
            let Some(Target::Memo { memo: taken }) = target else {
                unreachable!("checked: a memo")
            };
            let at = game
                .out_tray
                .iter()
                .position(|&(m, ..)| m == taken)
                .expect("checked: in the out tray");
            game.out_tray.remove(at);
            game.hire_mut(seat).hand.push(taken);
            game.hire_mut(seat).shown = false;
            events.push(EventView::MemoRecovered { seat, memo: taken });
            drew = true;
        }
        Effect::FastTrack => game.start_fast_track(seat),
        Effect::CoverYourBackside => {
            let back = game.since[usize::from(seat)].memo_losses.min(BACKSIDE_MAX);
            game.since[usize::from(seat)].memo_losses = 0;
            game.gain(me, back as i8, Why::Memo, events);
        }
        Effect::LookBusy(amount) => game.gain(me, amount, Why::Memo, events),
    }
    game.memo_player = None;
    if drew {
        // The hand limit is checked after every draw.
        game.discards_then(vec![seat], then, chance, events);
    }
}

fn shift_trait(game: &mut Dilbert, seat: Seat, which: Trait, by: i8, events: &mut Vec<EventView>) {
    let i = Dilbert::trait_index(which);
    let hire = game.hire_mut(seat);
    hire.traits[i] = hire.traits[i].saturating_add_signed(by).min(TRAIT_MAX);
    let (employee, now) = (hire.employee, hire.traits[i]);
    events.push(EventView::TraitChanged {
        employee,
        which,
        now,
    });
}

/// One player's answer to a real-life question; the last answer reveals
/// them all and pays (or charges) each "yes".
pub fn answer(
    game: &mut Dilbert,
    seat: Seat,
    yes: bool,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    let Stage::Turn {
        step: TurnStep::RealLife { answers, .. },
        ..
    } = &mut game.stage
    else {
        unreachable!("checked: answers come during the question")
    };
    answers[usize::from(seat)] = Some(yes);
    if answers.iter().all(Option::is_some) {
        resolve_real_life(game, chance, events);
    }
}

fn resolve_real_life(game: &mut Dilbert, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
    let Stage::Turn {
        seat: player,
        step:
            TurnStep::RealLife {
                memo,
                answers,
                then,
            },
    } = &game.stage
    else {
        unreachable!("the question is open")
    };
    let (player, memo, then) = (*player, *memo, *then);
    let yes: Vec<bool> = answers.iter().map(|a| a.unwrap_or(false)).collect();
    events.push(EventView::Answered {
        memo,
        yes: yes.clone(),
    });
    let Effect::RealLife(amount) = cards::memo(memo).effect else {
        unreachable!("a real-life memo")
    };
    game.memo_player = Some(player);
    for (s, said) in yes.into_iter().enumerate() {
        if said {
            let e = game.hires[s].employee;
            game.gain(e, amount, Why::RealLife, events);
        }
    }
    game.memo_player = None;
    game.stage = Stage::Turn {
        seat: player,
        step: TurnStep::Move { ran: None },
    };
    game.discards_then(Vec::new(), then, chance, events);
}

impl Dilbert {
    /// A memo sends `seat`'s employee straight to `to` (never knocked down
    /// by it, except by Go to Heck!).
    pub(super) fn send(&mut self, seat: Seat, to: SpaceId, events: &mut Vec<EventView>) {
        self.hire_mut(seat).at = to;
        events.push(EventView::Sent {
            employee: self.hire(seat).employee,
            to,
        });
    }

    /// Takes `memo` out of `seat`'s hand (the hand changes: no longer as
    /// shown).
    pub(super) fn take_from_hand(&mut self, seat: Seat, memo: MemoId) {
        let hire = self.hire_mut(seat);
        let at = hire.hand.iter().position(|&m| m == memo).expect("in hand");
        hire.hand.remove(at);
        hire.shown = false;
    }

    /// Forgets what happened to `seat` since their last turn (their turn
    /// is over).
    pub(super) fn forget_since(&mut self, seat: Seat) {
        self.since[usize::from(seat)] = Since::default();
    }

    /// Records memo losses for Cover Your Backside.
    pub(super) fn note_memo_loss(&mut self, employee: Employee, lost: i8) {
        let (Some(player), Some(seat)) = (self.memo_player, self.seat_of(employee)) else {
            return;
        };
        if player != seat && lost < 0 {
            let since = &mut self.since[usize::from(seat)];
            since.memo_losses = since.memo_losses.saturating_add(lost.unsigned_abs());
        }
    }

    /// Whether memos may change `seat`'s employee's happiness by `amount`
    /// (the Conflict Mediator stops losses).
    pub(super) fn memo_loss_blocked(&self, employee: Employee, amount: i8) -> bool {
        amount < 0 && self.bound_by(employee, Rule::NoMemoLosses)
    }
}
