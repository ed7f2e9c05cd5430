//! What each viewer sees: the public table, their own hand and peek, and
//! each event with the memo ids they may not see blanked.

use cubicle_protocol::dilbert::{EventView, Player, ProjectInPlay, Stage as StageView, Step, View};

use super::{content, Dilbert, Stage, TurnStep};
use crate::Viewer;

impl Dilbert {
    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let me = viewer.seat();
        let players = self
            .seat_list()
            .map(|seat| match self.hires.get(usize::from(seat)) {
                Some(h) => Player {
                    seat,
                    employee: Some(h.employee),
                    at: Some(h.at),
                    knocked_down: h.down,
                    happiness: h.happiness,
                    apathy: h.traits[0],
                    incompetence: h.traits[1],
                    offensiveness: h.traits[2],
                    motivation: content::printed(h.employee).motivation,
                    cubicle: Some(h.cubicle),
                    free_work: h.free_work,
                    hand: h.hand.len() as u8,
                    shown_hand: h.shown.then(|| sorted(&h.hand)),
                    worst_job: self.worst_jobs[usize::from(seat)].clone(),
                },
                None => Player {
                    seat,
                    employee: self.dealt[usize::from(seat)],
                    at: None,
                    knocked_down: false,
                    happiness: 0,
                    apathy: 0,
                    incompetence: 0,
                    offensiveness: 0,
                    motivation: 0,
                    cubicle: None,
                    free_work: 0,
                    hand: 0,
                    shown_hand: None,
                    worst_job: self.worst_jobs[usize::from(seat)].clone(),
                },
            })
            .collect();
        let peek = match (&self.stage, me) {
            (
                Stage::Turn {
                    seat,
                    step: TurnStep::Decide(super::Pending::KeepMemo { memos }),
                },
                Some(viewer),
            ) if *seat == viewer => Some(memos.clone()),
            _ => None,
        };
        View {
            stage: self.stage_view(),
            round: self.round,
            boss: self.boss,
            players,
            projects: self
                .projects
                .iter()
                .map(|s| ProjectInPlay {
                    project: s.project,
                    signed: s.signed.clone(),
                    team: s.team.clone(),
                })
                .collect(),
            schedule: self.schedule,
            project_deck: self.project_deck.len() as u8,
            project_discard: self.project_discard.clone(),
            consultant: self.consultant,
            consultant_ignored: self.consultant.is_some()
                && !self.consultant_binds(cubicle_protocol::dilbert::Employee::Dilbert),
            consultant_deck: self.consultant_deck.len() as u8,
            memo_deck: self.memo_deck.len() as u8,
            signatures_left: self.signatures_left,
            tokens: Vec::new(),
            hand: me
                .and_then(|s| self.hires.get(usize::from(s)))
                .map(|h| sorted(&h.hand)),
            peek,
            last_roll: self.last_roll,
            ending: self.ending.clone(),
        }
    }

    fn stage_view(&self) -> StageView {
        match &self.stage {
            Stage::Vote { votes } => StageView::Vote {
                voted: votes.iter().map(Option::is_some).collect(),
            },
            Stage::Pick { seat } => StageView::Pick { seat: *seat },
            Stage::Turn { seat, step } => StageView::Turn {
                seat: *seat,
                step: match step {
                    TurnStep::Discard { waiting, .. } => Step::Discard {
                        waiting: waiting.clone(),
                    },
                    TurnStep::Move { ran } => Step::Move {
                        allowance: self.allowance(*seat, *ran),
                        ran: *ran,
                    },
                    TurnStep::Sign { office, .. } => Step::Sign { office: *office },
                    TurnStep::Decide(pending) => Step::Decide {
                        decision: pending.decision(),
                    },
                    TurnStep::Question { question, answers } => Step::Question {
                        question: *question,
                        answered: answers.iter().map(Option::is_some).collect(),
                    },
                },
            },
            Stage::Over => StageView::Over,
        }
    }
}

/// A hand in a stable order that says nothing about when cards came in.
fn sorted(hand: &[u8]) -> Vec<u8> {
    let mut hand = hand.to_vec();
    hand.sort_unstable();
    hand
}

/// `event` as `viewer` may see it: memos drawn, discarded or peeked are
/// shown only to the seat that holds them.
pub fn event_view(event: &EventView, viewer: Viewer) -> EventView {
    let mine = |seat| viewer.seat() == Some(seat);
    match event {
        EventView::Drew { seat, memo } => EventView::Drew {
            seat: *seat,
            memo: memo.filter(|_| mine(*seat)),
        },
        EventView::Discarded { seat, memo } => EventView::Discarded {
            seat: *seat,
            memo: memo.filter(|_| mine(*seat)),
        },
        EventView::Peeked { seat, memos } => EventView::Peeked {
            seat: *seat,
            memos: memos.clone().filter(|_| mine(*seat)),
        },
        other => other.clone(),
    }
}
