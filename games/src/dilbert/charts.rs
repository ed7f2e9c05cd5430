//! Office rolls and office instructions, and the decisions they ask for.
//! Each chart result is a function of the die; a result with a choice
//! becomes a [`Pending`] decision, answered by [`decide`].

use cubicle_protocol::dilbert::{
    Action, Employee, EventView, MemoId, Office, Question, Roll, Trait, Why, WorkToken,
    SIGNATURE_TOKENS,
};
use cubicle_protocol::Seat;

use super::cards::Rule;
use super::{Dilbert, Pending, Stage, Then, TurnStep};
use crate::Chance;

/// What comes after an office's roll or instructions.
enum Next {
    /// The turn is over.
    End,
    /// A decision waits.
    Decide(Pending),
    /// The result set the stage itself (a question, discards, or the next
    /// turn already).
    Handled,
}

/// Largest honest answer to the pocket-change question, in cents.
pub const MAX_CHANGE: u16 = 10_000;

impl Dilbert {
    /// After the signature (placed, declined or not offered): the office's
    /// roll or instructions for `seat`, who ended a move in `office` (having
    /// walked in this turn when `arrived`), then the end of the turn unless
    /// a decision, a question or discards wait.
    pub(super) fn office_effect(
        &mut self,
        seat: Seat,
        office: Office,
        arrived: bool,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        let me = self.hire(seat).employee;
        let next = match office {
            Office::Engineering => {
                self.draw(seat, events);
                if self.bound_by(me, Rule::DoubleInbox) {
                    self.draw(seat, events);
                }
                self.discards_then(vec![seat], Then::EndTurn, chance, events);
                Next::Handled
            }
            Office::Carol if self.own_work(me).next().is_some() => Next::Decide(Pending::Unassign),
            Office::WaterCooler => {
                self.gain(me, if arrived { 2 } else { 1 }, Why::Office, events);
                Next::End
            }
            Office::Heck if self.can_move_cubicle_away(seat) => Next::Decide(Pending::Bargain),
            Office::MensRoom | Office::WomensRoom if self.bound_by(me, Rule::Wellness) => {
                self.gain(me, 2, Why::Consultant, events);
                Next::End
            }
            Office::Carol | Office::Heck | Office::MensRoom | Office::WomensRoom => Next::End,
            // Management Fast Track: roll, or pick the result.
            chart if self.on_fast_track(seat) => Next::Decide(Pending::LoadedDie { office: chart }),
            chart => self.roll_chart(seat, chart, chance, events),
        };
        self.carry_on(seat, next, chance, events);
    }

    fn carry_on(
        &mut self,
        seat: Seat,
        next: Next,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        match next {
            Next::Decide(pending) => self.wait_for(seat, pending),
            Next::End => self.end_turn(seat, chance, events),
            Next::Handled => {}
        }
    }

    fn wait_for(&mut self, seat: Seat, pending: Pending) {
        self.stage = Stage::Turn {
            seat,
            step: TurnStep::Decide(pending),
        };
    }

    /// Rolls on `office`'s chart and carries out the result; returns the
    /// decision it asks for, if any. A result that changes the stage itself
    /// (a question, discards) returns `None` after doing so.
    fn roll_chart(
        &mut self,
        seat: Seat,
        office: Office,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) -> Next {
        let value = self.roll(chance);
        self.last_roll = Some(Roll {
            seat,
            value,
            office: Some(office),
        });
        events.push(EventView::Rolled {
            seat,
            value,
            office: Some(office),
        });
        let me = self.hire(seat).employee;
        let swap = |traits: &[Trait]| {
            Next::Decide(Pending::SwapTrait {
                traits: traits.to_vec(),
            })
        };
        let decide_if = |possible: bool, pending: Pending| {
            if possible {
                Next::Decide(pending)
            } else {
                Next::End
            }
        };
        match (office, value) {
            (Office::Boss, 1..=2) => swap(&Trait::ALL),
            (Office::Boss, 3..=4) => self.lose(me, 3, events),
            (Office::Boss, _) => Next::Decide(Pending::Teapot),
            (Office::Marketing, 1) => self.win(me, 2, events),
            (Office::Marketing, 2..=4) => swap(&[Trait::Incompetence]),
            (Office::Marketing, _) => {
                self.knock_down(seat, events);
                self.lose(me, 1, events)
            }
            (Office::Accounting, 1..=3) => swap(&[Trait::Offensiveness]),
            (Office::Accounting, 4) => {
                self.move_cubicle(seat, true, events);
                Next::End
            }
            (Office::Accounting, 5) => {
                self.stage = Stage::Turn {
                    seat,
                    step: TurnStep::Question {
                        question: Question::PocketChange,
                        answers: vec![None; self.seat_count()],
                    },
                };
                Next::Handled
            }
            (Office::Accounting, _) => decide_if(self.schedule.is_some(), Pending::DiscardSchedule),
            (Office::Conference, 1) => self.win(me, 2, events),
            (Office::Conference, 2) => {
                self.knock_down(seat, events);
                Next::End
            }
            (Office::Conference, _) => {
                self.new_consultant(events);
                Next::End
            }
            (Office::Kitchen, 1..=3) => swap(&[Trait::Apathy]),
            (Office::Kitchen, 4..=5) => self.lose(me, 1, events),
            (Office::Kitchen, _) => self.win(me, 3, events),
            (Office::Legal, 1..=3) => swap(&[Trait::Offensiveness]),
            (Office::Legal, 4..=5) => self.lose(me, 2, events),
            (Office::Legal, _) => Next::Decide(Pending::Kill),
            (Office::CopyRoom, 1..=2) => {
                self.knock_down(seat, events);
                Next::End
            }
            (Office::CopyRoom, 3..=4) => self.win(me, 2, events),
            (Office::CopyRoom, _) => decide_if(!self.copies().is_empty(), Pending::CopySignature),
            (Office::HumanResources, 1..=2) => {
                let others: Vec<Seat> = self
                    .turn_order()
                    .into_iter()
                    .filter(|&s| s != seat)
                    .collect();
                for &other in &others {
                    self.draw(other, events);
                }
                self.discards_then(others, Then::EndTurn, chance, events);
                Next::Handled
            }
            (Office::HumanResources, 3..=5) => {
                let memos: Vec<MemoId> = self.memo_deck.iter().take(3).copied().collect();
                match memos.len() {
                    0 => Next::End,
                    1 => {
                        self.draw(seat, events);
                        self.discards_then(vec![seat], Then::EndTurn, chance, events);
                        Next::Handled
                    }
                    _ => Next::Decide(Pending::KeepMemo { memos }),
                }
            }
            (Office::HumanResources, _) => Next::Decide(Pending::Rooster),
            (Office::Sales, 1..=3) => swap(&[Trait::Apathy]),
            (Office::Sales, 4..=5) => {
                let hand = std::mem::take(&mut self.hire_mut(seat).hand);
                let count = hand.len() as u8;
                self.memo_deck.extend(hand);
                self.hire_mut(seat).shown = false;
                events.push(EventView::HandDiscarded { seat, count });
                Next::End
            }
            (Office::Sales, _) => decide_if(
                self.signatures_left < SIGNATURE_TOKENS,
                Pending::RemoveSignature,
            ),
            (Office::InformationServices, 1..=3) => swap(&[Trait::Incompetence]),
            (Office::InformationServices, 4..=5) => {
                let hire = self.hire_mut(seat);
                hire.shown = true;
                let memos = hire.hand.clone();
                events.push(EventView::HandShown { seat, memos });
                Next::End
            }
            (Office::InformationServices, _) => {
                decide_if(!self.work_swaps().is_empty(), Pending::SwapWork)
            }
            _ => unreachable!("only offices with a chart roll"),
        }
    }

    /// Carol's Office and memos: `employee` takes a work token back from
    /// `project`.
    pub(super) fn take_back_work(
        &mut self,
        employee: Employee,
        project: u8,
        events: &mut Vec<EventView>,
    ) {
        let slot = self.slot_of(project).expect("checked: in play");
        let team = &mut self.projects[slot].team;
        let at = team.iter().position(|&e| e == employee).expect("checked");
        team.remove(at);
        let seat = self.seat_of(employee).expect("in play");
        self.hire_mut(seat).free_work += 1;
        events.push(EventView::Unassigned { employee, project });
    }

    /// Sales and memos: the glass token on `icon` of `project` goes back.
    pub(super) fn remove_signature(
        &mut self,
        seat: Seat,
        project: u8,
        icon: Office,
        events: &mut Vec<EventView>,
    ) {
        let slot = self.slot_of(project).expect("checked: in play");
        let signed = &mut self.projects[slot].signed;
        let at = signed
            .iter()
            .position(|&i| i == icon)
            .expect("checked: covered");
        signed.remove(at);
        self.signatures_left += 1;
        events.push(EventView::SignatureRemoved {
            seat,
            project,
            icon,
        });
    }

    fn win(&mut self, e: Employee, amount: i8, events: &mut Vec<EventView>) -> Next {
        self.gain(e, amount, Why::Chart, events);
        Next::End
    }

    fn lose(&mut self, e: Employee, amount: i8, events: &mut Vec<EventView>) -> Next {
        self.gain(e, -amount, Why::Chart, events);
        Next::End
    }

    /// Moves `seat`'s cubicle one step (closer to the Boss when `closer`),
    /// swapping with the employee there; nothing at either end of the row.
    pub(super) fn move_cubicle(&mut self, seat: Seat, closer: bool, events: &mut Vec<EventView>) {
        let rank = self.hire(seat).cubicle;
        let target = if closer { rank - 1 } else { rank + 1 };
        if target == 0
            || usize::from(target) > self.seat_count()
            || !self.cubicle_may_move(seat, closer)
        {
            return;
        }
        if let Some(other) = self.hires.iter().position(|h| h.cubicle == target) {
            self.hires[other].cubicle = rank;
        }
        self.hire_mut(seat).cubicle = target;
        events.push(EventView::CubicleMoved {
            employee: self.hire(seat).employee,
            rank: target,
        });
    }

    fn can_move_cubicle_away(&self, seat: Seat) -> bool {
        usize::from(self.hire(seat).cubicle) < self.seat_count()
            && self.cubicle_may_move(seat, false)
    }

    /// Whether the Hot-Desking Consultant lets `seat`'s cubicle move one
    /// step (neither its owner nor the neighbour it swaps with is bound).
    pub(super) fn cubicle_may_move(&self, seat: Seat, closer: bool) -> bool {
        let rank = self.hire(seat).cubicle;
        let target = if closer {
            rank.wrapping_sub(1)
        } else {
            rank + 1
        };
        let frozen = |h: &super::Hire| self.bound_by(h.employee, Rule::FrozenCubicles);
        !frozen(self.hire(seat)) && !self.hires.iter().any(|h| h.cubicle == target && frozen(h))
    }

    pub(super) fn new_consultant(&mut self, events: &mut Vec<EventView>) {
        if let Some(old) = self.consultant.take() {
            self.consultant_deck.push_back(old);
        }
        self.consultant = self.consultant_deck.pop_front();
        self.dilbert_ignores = false;
        if let Some(consultant) = self.consultant {
            events.push(EventView::Consultant { consultant });
        }
    }

    /// Projects holding a work token of `employee`.
    pub(super) fn own_work(&self, employee: Employee) -> impl Iterator<Item = u8> + '_ {
        self.projects
            .iter()
            .filter(move |s| s.team.contains(&employee))
            .map(|s| s.project)
    }

    /// Copy Room: (icon, onto) pairs: an icon covered somewhere, still open
    /// on another project.
    fn copies(&self) -> Vec<Action> {
        if self.signatures_left == 0 {
            return Vec::new();
        }
        let mut actions = Vec::new();
        for onto in 0..self.projects.len() {
            for icon in self.open_icons(onto) {
                let placed = self
                    .projects
                    .iter()
                    .enumerate()
                    .any(|(i, s)| i != onto && s.signed.contains(&icon));
                if placed {
                    actions.push(Action::CopySignature {
                        icon,
                        onto: self.projects[onto].project,
                    });
                }
            }
        }
        actions
    }

    /// Information Services 6: pairs of work tokens of different employees
    /// on different projects (swapping equal tokens would change nothing).
    fn work_swaps(&self) -> Vec<Action> {
        let tokens: Vec<WorkToken> = self
            .projects
            .iter()
            .flat_map(|s| {
                s.members().into_iter().map(move |employee| WorkToken {
                    project: s.project,
                    employee,
                })
            })
            .collect();
        let mut actions = Vec::new();
        for (i, &first) in tokens.iter().enumerate() {
            for &second in &tokens[i + 1..] {
                if first.project != second.project && first.employee != second.employee {
                    actions.push(Action::SwapWork { first, second });
                }
            }
        }
        actions
    }
}

pub fn decision_actions(game: &Dilbert, seat: Seat, pending: &Pending) -> Vec<Action> {
    let me = game.hire(seat).employee;
    match pending {
        Pending::SwapTrait { traits } => traits
            .iter()
            .flat_map(|&which| {
                game.employees()
                    .filter(move |&e| e != me)
                    .map(move |with| Action::SwapTrait { which, with })
            })
            .collect(),
        Pending::Teapot | Pending::Rooster => vec![Action::Perform, Action::Decline],
        Pending::DiscardSchedule => vec![Action::DiscardSchedule, Action::Decline],
        Pending::Kill => {
            let mut actions: Vec<Action> = game
                .projects
                .iter()
                .map(|s| Action::Kill { project: s.project })
                .collect();
            actions.push(Action::Decline);
            actions
        }
        Pending::CopySignature => {
            let mut actions = game.copies();
            actions.push(Action::Decline);
            actions
        }
        Pending::RemoveSignature => game
            .projects
            .iter()
            .flat_map(|s| {
                s.signed.iter().map(|&icon| Action::RemoveSignature {
                    project: s.project,
                    icon,
                })
            })
            .collect(),
        Pending::SwapWork => {
            let mut actions = game.work_swaps();
            actions.push(Action::Decline);
            actions
        }
        Pending::KeepMemo { memos } => {
            let mut actions = Vec::new();
            for &keep in memos {
                for &top in memos {
                    if top != keep {
                        actions.push(Action::KeepMemo { keep, top });
                    }
                }
            }
            actions
        }
        Pending::Unassign => {
            let mut actions: Vec<Action> = game
                .own_work(me)
                .map(|project| Action::Unassign { project })
                .collect();
            actions.push(Action::Decline);
            actions
        }
        Pending::Bargain => vec![Action::Bargain, Action::Decline],
        Pending::LoadedDie { .. } => std::iter::once(Action::Roll)
            .chain((1..=6).map(|value| Action::LoadDie { value }))
            .collect(),
    }
}

/// Carries out an answer to the pending decision (or a declined
/// signature), then ends the turn unless something else waits.
pub fn decide(
    game: &mut Dilbert,
    seat: Seat,
    action: Action,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    let pending = match &game.stage {
        Stage::Turn {
            step: TurnStep::Sign {
                office, arrived, ..
            },
            ..
        } => {
            // `Decline` at the sign step: no signature.
            let (office, arrived) = (*office, *arrived);
            return game.office_effect(seat, office, arrived, chance, events);
        }
        Stage::Turn {
            step: TurnStep::Decide(pending),
            ..
        } => pending.clone(),
        _ => unreachable!("checked: decisions answer a pending decision"),
    };
    let me = game.hire(seat).employee;
    match (pending, action) {
        (Pending::SwapTrait { .. }, Action::SwapTrait { which, with }) => {
            let i = Dilbert::trait_index(which);
            let other = game.seat_of(with).expect("in play");
            let mine = game.hire(seat).traits[i];
            game.hire_mut(seat).traits[i] = game.hire(other).traits[i];
            game.hire_mut(other).traits[i] = mine;
            events.push(EventView::TraitsSwapped {
                which,
                first: me,
                second: with,
            });
        }
        (Pending::Teapot, Action::Perform) => {
            events.push(EventView::Performed { seat, teapot: true })
        }
        (Pending::Teapot, _) => {
            events.push(EventView::Declined { seat });
            game.gain(me, -10, Why::Refused, events);
        }
        (Pending::Rooster, Action::Perform) => {
            events.push(EventView::Performed {
                seat,
                teapot: false,
            });
            let others: Vec<Employee> = game.employees().filter(|&e| e != me).collect();
            for e in others {
                game.gain(e, 1, Why::Rooster, events);
            }
        }
        (Pending::Rooster, _) => {
            events.push(EventView::Declined { seat });
            game.gain(me, -4, Why::Refused, events);
        }
        (Pending::DiscardSchedule, Action::DiscardSchedule) => {
            let project = game.schedule.take().expect("checked: a Schedule");
            game.project_discard.push(project);
            events.push(EventView::ScheduleDiscarded { project });
            game.turn_schedule(chance, events);
        }
        (Pending::Kill, Action::Kill { project }) => {
            game.gain(me, -5, Why::Chart, events);
            let slot = game.slot_of(project).expect("checked: in play");
            game.kill(slot, None, chance, events);
        }
        (Pending::CopySignature, Action::CopySignature { icon, onto }) => {
            let slot = game.slot_of(onto).expect("checked: in play");
            events.push(EventView::Copied {
                seat,
                project: onto,
                icon,
            });
            game.place_signature(slot, icon, me, chance, events);
        }
        (Pending::RemoveSignature, Action::RemoveSignature { project, icon }) => {
            game.remove_signature(seat, project, icon, events);
        }
        (Pending::SwapWork, Action::SwapWork { first, second }) => {
            for (from, to) in [(first, second), (second, first)] {
                let slot = game.slot_of(from.project).expect("checked: in play");
                let team = &mut game.projects[slot].team;
                let at = team
                    .iter()
                    .position(|&e| e == from.employee)
                    .expect("checked");
                team[at] = to.employee;
            }
            events.push(EventView::WorkSwapped { first, second });
        }
        (Pending::KeepMemo { memos }, Action::KeepMemo { keep, top }) => {
            for _ in &memos {
                game.memo_deck.pop_front();
            }
            // Back on top: `top`, then the third under it.
            for &m in memos.iter().rev() {
                if m != keep && m != top {
                    game.memo_deck.push_front(m);
                }
            }
            game.memo_deck.push_front(top);
            let hire = game.hire_mut(seat);
            hire.hand.push(keep);
            hire.shown = false;
            events.push(EventView::Peeked {
                seat,
                memos: Some(memos),
            });
            return game.discards_then(vec![seat], Then::EndTurn, chance, events);
        }
        (Pending::Unassign, Action::Unassign { project }) => {
            game.take_back_work(me, project, events);
        }
        (Pending::LoadedDie { office }, Action::Roll | Action::LoadDie { .. }) => {
            if let Action::LoadDie { value } = action {
                // The picked result is the next roll.
                game.dice.push_front(value);
                game.cheated(|c| c.die = true);
            }
            let next = game.roll_chart(seat, office, chance, events);
            return game.carry_on(seat, next, chance, events);
        }
        (Pending::Bargain, Action::Bargain) => {
            game.gain(me, -2, Why::Bargain, events);
            game.move_cubicle(seat, false, events);
        }
        (_, Action::Decline) => events.push(EventView::Declined { seat }),
        (pending, action) => unreachable!("checked: {action:?} does not answer {pending:?}"),
    }
    game.end_turn(seat, chance, events);
}

/// One player's pocket change; the last answer reveals them all and pays
/// the richest.
pub fn answer_change(
    game: &mut Dilbert,
    seat: Seat,
    cents: u16,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    let Stage::Turn {
        seat: active,
        step: TurnStep::Question { answers, .. },
    } = &mut game.stage
    else {
        unreachable!("checked: answers come during the question")
    };
    let active = *active;
    answers[usize::from(seat)] = Some(cents);
    if answers.iter().any(Option::is_none) {
        return;
    }
    let cents: Vec<u16> = answers.iter().map(|a| a.unwrap_or(0)).collect();
    let most = *cents.iter().max().expect("seats");
    let richest: Vec<Seat> = (0..cents.len() as Seat)
        .filter(|&s| cents[usize::from(s)] == most)
        .collect();
    events.push(EventView::ChangeRevealed {
        cents,
        richest: richest.clone(),
    });
    for s in richest {
        let e = game.hire(s).employee;
        game.gain(e, 2, Why::Change, events);
    }
    game.end_turn(active, chance, events);
}
