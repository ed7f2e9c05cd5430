//! Whole games a Dilbert seat's view could come from, for the hard bot.
//!
//! What a seat does not see: the memos in other hands (unless an
//! Information Services roll showed them), the order of the memo, project
//! and consultant decks, the memos another player's Human Resources roll
//! is looking at, others' answers to a question and the cheats of someone
//! else on Management Fast Track. The hidden memos are the 70 minus every
//! memo the view shows, dealt at random into the places the view counts;
//! the decks are the cards in no other place, shuffled.
//!
//! Bookkeeping the view does not show, and which hides no card, is rebuilt
//! as the rules most often leave it (the search only needs a game that
//! could be, not the one that is):
//! * the first player, who ends each round, is the seat in cubicle 1 (true
//!   until a memo or Heck moves a cubicle);
//! * each memo in the out tray was played by the seat whose turn it is, in
//!   an earlier round when it is among the viewer's recent memos;
//! * what happened to other seats since their last turn (senders, losses,
//!   assignments) is empty; for the viewer, whose legal actions show some
//!   of it (a Response memo is offered only when it has something to
//!   answer), everything is taken to have happened: every other seat sent
//!   it a memo, it lost happiness to one, every project assigned it. So
//!   each action the viewer is offered is legal in every sample (the search
//!   starts from the real list), with a few more Response targets;
//! * a round of discards or a question goes back to the move;
//! * others' answers are "no" and no change, their cheats none; a sign step
//!   is the employee's first signature of the turn, walked in.
//!
//! Before the first turn (the worst-job vote, employee picks) there is
//! nothing worth searching: the sampler declines and the bot plays easy.

use std::collections::VecDeque;

use cubicle_protocol::dilbert::{
    Cheats, Decision, MemoId, Question, Stage as StageView, Step, Token, View, SIGNATURE_TOKENS,
};
use cubicle_protocol::Seat;

use super::content::{CONSULTANT_COUNT, MEMO_COUNT, PROJECT_COUNT};
use super::Dilbert;
use super::{
    FastTrackState, Hire, Pending, ReachMemo, Since, Slot, Stage, Then, TokenAt, TurnStep,
};
use crate::bots::{SampleError, Sampler};
use crate::Chance;

impl Sampler for Dilbert {
    fn sample(view: &View, seat: Seat, chance: &mut dyn Chance) -> Result<Self, SampleError> {
        let me = usize::from(seat);
        let bad = |what: &str| SampleError(what.to_owned());
        let StageView::Turn { seat: active, step } = &view.stage else {
            return Err(bad("the hard bot searches turns only"));
        };
        let hand = view
            .hand
            .as_ref()
            .ok_or_else(|| bad("a seat's view has a hand"))?;
        if me >= view.players.len() {
            return Err(bad("the seat is not at this table"));
        }

        // Memos: every one is in a hand, the out tray, a peek or the deck.
        let mut memos = Pool::new(MEMO_COUNT);
        let peek_mine = view.peek.clone().filter(|_| *active == seat);
        for &memo in hand
            .iter()
            .chain(&view.out_tray)
            .chain(peek_mine.iter().flatten())
        {
            memos.remove(memo)?;
        }
        for (s, player) in view.players.iter().enumerate() {
            if let Some(shown) = player.shown_hand.as_ref().filter(|_| s != me) {
                for &memo in shown {
                    memos.remove(memo)?;
                }
            }
        }
        let mut memos = memos.shuffled(chance);
        let mut hires = Vec::with_capacity(view.players.len());
        for (s, player) in view.players.iter().enumerate() {
            let (Some(employee), Some(at), Some(cubicle)) =
                (player.employee, player.at, player.cubicle)
            else {
                return Err(bad("an employee not yet hired"));
            };
            let hand = if s == me {
                hand.clone()
            } else if let Some(shown) = &player.shown_hand {
                shown.clone()
            } else {
                take(&mut memos, usize::from(player.hand))?
            };
            hires.push(Hire {
                employee,
                at,
                down: player.knocked_down,
                happiness: player.happiness,
                traits: [player.apathy, player.incompetence, player.offensiveness],
                cubicle,
                free_work: player.free_work,
                hand,
                shown: player.shown_hand.is_some(),
            });
        }
        // A Human Resources peek looks at the deck's top memos, which stay
        // there until the choice: the viewer's own are known, in order.
        let memo_deck: VecDeque<MemoId> =
            peek_mine.iter().flatten().copied().chain(memos).collect();
        if memo_deck.len() != usize::from(view.memo_deck) {
            return Err(bad("the memo deck does not add up"));
        }
        let peeked: Vec<MemoId> = memo_deck.iter().take(3).copied().collect();
        let mut projects = Pool::new(PROJECT_COUNT);
        for project in view
            .projects
            .iter()
            .map(|p| p.project)
            .chain(view.schedule)
            .chain(view.project_discard.iter().copied())
        {
            projects.remove(project)?;
        }
        let project_deck = projects.shuffled(chance);
        if project_deck.len() != usize::from(view.project_deck) {
            return Err(bad("the project deck does not add up"));
        }
        let mut consultants = Pool::new(CONSULTANT_COUNT);
        if let Some(c) = view.consultant {
            consultants.remove(c)?;
        }
        let consultant_deck: VecDeque<u8> = consultants.shuffled(chance).into();
        if consultant_deck.len() != usize::from(view.consultant_deck) {
            return Err(bad("the consultant deck does not add up"));
        }
        let placed: u8 = view.projects.iter().map(|p| p.signed.len() as u8).sum();
        if placed + view.signatures_left != SIGNATURE_TOKENS {
            return Err(bad("the signatures do not add up"));
        }

        let seats = view.players.len();
        let first_player = view
            .players
            .iter()
            .position(|p| p.cubicle == Some(1))
            .unwrap_or(0) as Seat;
        let mut since = vec![Since::default(); seats];
        since[me] = Since {
            played: view.recent_memos.clone(),
            senders: (0..seats as Seat).filter(|&s| s != seat).collect(),
            memo_losses: 1,
            assigned: view.projects.iter().map(|p| p.project).collect(),
        };
        let round = view.round;
        let out_tray = view
            .out_tray
            .iter()
            .map(|&memo| {
                let earlier = view.recent_memos.contains(&memo) && *active != seat;
                (
                    memo,
                    *active,
                    if earlier {
                        round.saturating_sub(1)
                    } else {
                        round
                    },
                )
            })
            .collect();
        let turn_step = turn_step(view, *active, step, peeked)?;
        let mut game = Dilbert {
            dealt: hires.iter().map(|h| Some(h.employee)).collect(),
            hires,
            worst_jobs: view.players.iter().map(|p| p.worst_job.clone()).collect(),
            choose_employees: false,
            first_player,
            projects: view
                .projects
                .iter()
                .map(|p| Slot {
                    project: p.project,
                    signed: p.signed.clone(),
                    team: p.team.clone(),
                })
                .collect(),
            schedule: view.schedule,
            project_deck,
            project_discard: view.project_discard.clone(),
            memo_deck,
            out_tray,
            consultant: view.consultant,
            dilbert_ignores: view.consultant_ignored,
            consultant_deck,
            signatures_left: view.signatures_left,
            boss: view.boss,
            round,
            stage: Stage::Turn {
                seat: *active,
                step: turn_step,
            },
            dice: VecDeque::new(),
            last_roll: view.last_roll,
            ending: view.ending.clone(),
            tokens: view
                .tokens
                .iter()
                .map(|t| match (t.at, t.on) {
                    (Some(space), _) => Ok((t.token, TokenAt::Space(space))),
                    (None, Some(employee)) => Ok((t.token, TokenAt::Employee(employee))),
                    (None, None) => Err(bad("a token nowhere")),
                })
                .collect::<Result<Vec<(Token, TokenAt)>, _>>()?,
            boss_step: view.boss_step,
            extra_legs: 0,
            fast_track: view.fast_track.map(|f| FastTrackState {
                seat: f.seat,
                cheats: f.cheats.unwrap_or_default(),
            }),
            since,
            memo_player: None,
            reach_memo: ReachMemo::default(),
        };
        if let Step::Move { allowance, ran } = step {
            game.extra_legs = game.extra_legs_for(*active, seat, *allowance, *ran);
        }
        game.remember_reach();
        Ok(game)
    }
}

/// The turn step the view shows, with what it hides filled in (see the
/// module documentation).
fn turn_step(
    view: &View,
    active: Seat,
    step: &Step,
    peeked: Vec<MemoId>,
) -> Result<TurnStep, SampleError> {
    let seats = view.players.len();
    Ok(match step {
        Step::Discard { waiting } => TurnStep::Discard {
            waiting: waiting.clone(),
            then: Then::Move,
        },
        Step::Move { ran, .. } => TurnStep::Move { ran: *ran },
        Step::Sign { office } => TurnStep::Sign {
            office: *office,
            arrived: true,
            second: false,
        },
        Step::Decide { decision } => TurnStep::Decide(match decision {
            Decision::SwapTrait { traits } => Pending::SwapTrait {
                traits: traits.clone(),
            },
            Decision::Teapot => Pending::Teapot,
            Decision::Rooster => Pending::Rooster,
            Decision::DiscardSchedule => Pending::DiscardSchedule,
            Decision::Kill => Pending::Kill,
            Decision::CopySignature => Pending::CopySignature,
            Decision::RemoveSignature => Pending::RemoveSignature,
            Decision::SwapWork => Pending::SwapWork,
            Decision::KeepMemo => Pending::KeepMemo { memos: peeked },
            Decision::Unassign => Pending::Unassign,
            Decision::Bargain => Pending::Bargain,
            Decision::LoadedDie => {
                let at = view.players[usize::from(active)].at;
                let office = at
                    .and_then(|space| super::OfficeMap::standard().office_at(space))
                    .ok_or_else(|| SampleError("a loaded die outside an office".into()))?;
                Pending::LoadedDie { office }
            }
        }),
        Step::Question { question, answered } => {
            if answered.len() != seats {
                return Err(SampleError("answers for another table".into()));
            }
            match question {
                Question::PocketChange => TurnStep::Question {
                    question: *question,
                    answers: answered.iter().map(|&a| a.then_some(0)).collect(),
                },
                Question::RealLife { memo } => TurnStep::RealLife {
                    memo: *memo,
                    answers: answered.iter().map(|&a| a.then_some(false)).collect(),
                    then: Then::Move,
                },
            }
        }
        Step::EndTurn => TurnStep::EndTurn,
        Step::CallOut { answered, .. } => TurnStep::CallOut {
            accusations: answered.iter().map(|&a| a.then(Cheats::default)).collect(),
        },
    })
}

impl Dilbert {
    /// The memos' extra legs that make `active`'s walk the `allowance` the
    /// viewer `seat` was shown (the mover sees Fast Track's legs too).
    fn extra_legs_for(&mut self, active: Seat, seat: Seat, allowance: u8, ran: Option<u8>) -> u8 {
        for legs in 0..=allowance {
            self.extra_legs = legs;
            let shown = if active == seat {
                self.allowance(active, ran)
            } else {
                self.honest_allowance(active, ran)
            };
            if shown == allowance {
                return legs;
            }
        }
        0
    }
}

/// The `count` last of `memos`.
fn take(memos: &mut Vec<MemoId>, count: usize) -> Result<Vec<MemoId>, SampleError> {
    if memos.len() < count {
        return Err(SampleError("more hidden memos than unseen".into()));
    }
    Ok(memos.split_off(memos.len() - count))
}

/// Ids 0..count, less those the view shows.
struct Pool {
    ids: Vec<u8>,
}

impl Pool {
    fn new(count: usize) -> Self {
        Pool {
            ids: (0..count as u8).collect(),
        }
    }

    fn remove(&mut self, id: u8) -> Result<(), SampleError> {
        let at = self
            .ids
            .iter()
            .position(|&i| i == id)
            .ok_or_else(|| SampleError(format!("card {id} shown twice or unknown")))?;
        self.ids.swap_remove(at);
        Ok(())
    }

    fn shuffled(mut self, chance: &mut dyn Chance) -> Vec<u8> {
        chance.shuffle(&mut self.ids);
        self.ids
    }
}
