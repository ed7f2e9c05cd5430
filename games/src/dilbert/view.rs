//! What each viewer sees: the public table, their own hand and peek, and
//! each event with the memo ids they may not see blanked.

use cubicle_protocol::dilbert::{
    Cheats, EventView, FastTrack, Player, ProjectInPlay, Question, Stage as StageView, Step, View,
};
use cubicle_protocol::record::Revealed;

use crate::engine::RevealList;
use cubicle_protocol::Seat;

use super::{content, tokens, Dilbert, Stage, TurnStep};
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
            stage: self.stage_view(me),
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
            tokens: self
                .tokens
                .iter()
                .map(|&(token, at)| tokens::place_view(token, at))
                .collect(),
            boss_step: self.boss_step,
            fast_track: self.fast_track.map(|f| FastTrack {
                seat: f.seat,
                cheats: (me == Some(f.seat)).then_some(f.cheats),
            }),
            out_tray: self.out_tray.iter().map(|&(m, ..)| m).collect(),
            recent_memos: me
                .and_then(|s| self.since.get(usize::from(s)))
                .map(|since| since.played.clone())
                .unwrap_or_default(),
            texts_hidden: self.texts_hidden_from(me),
            hand: me
                .and_then(|s| self.hires.get(usize::from(s)))
                .map(|h| sorted(&h.hand)),
            peek,
            last_roll: self.last_roll,
            ending: self.ending.clone(),
        }
    }

    /// Everything hidden from someone, in words ([`crate::Game::reveal`]).
    /// By seat: its memos in hand (as its view lists them; not when the
    /// hand is shown to everyone), then an answer the table has not seen
    /// yet (a worst-job vote, pocket change, a real-life answer, a
    /// call-out's accusation) and Management Fast Track's cheats (`"none"`
    /// when the seat gave or did nothing). Then the memo, project and
    /// consultant decks, top first. Dealt employees are public, so not here.
    pub(super) fn reveal_all(&self) -> Vec<Revealed> {
        let mut revealed = RevealList::default();
        for seat in self.seat_list() {
            let s = usize::from(seat);
            if let Some(h) = self.hires.get(s).filter(|h| !h.shown) {
                revealed.add(Some(seat), "Memos in hand", memo_names(&sorted(&h.hand)));
            }
            let answer: Option<(&str, String)> = match &self.stage {
                Stage::Vote { votes } => votes[s].map(|v| ("Worst-job vote", format!("seat {v}"))),
                Stage::Turn { step, seat: active } => match step {
                    TurnStep::Question { answers, .. } => {
                        answers[s].map(|c| ("Pocket change", format!("{c} cents")))
                    }
                    TurnStep::RealLife { answers, .. } => answers[s].map(|yes| {
                        (
                            "Real-life answer",
                            if yes { "yes" } else { "no" }.to_owned(),
                        )
                    }),
                    TurnStep::CallOut { accusations } if *active != seat => {
                        accusations[s].map(|c| ("Cheats pointed out", cheat_words(c)))
                    }
                    _ => None,
                },
                _ => None,
            };
            if let Some((label, item)) = answer {
                revealed.add(Some(seat), label, vec![item]);
            }
            if let Some(fast) = self.fast_track.filter(|f| f.seat == seat) {
                revealed.add(
                    Some(seat),
                    "Management Fast Track cheats",
                    vec![cheat_words(fast.cheats)],
                );
            }
        }
        let board = content::board();
        revealed.add(
            None,
            "Memo deck, top first",
            memo_names(&self.memo_deck.iter().copied().collect::<Vec<_>>()),
        );
        revealed.add(
            None,
            "Project deck, top first",
            self.project_deck
                .iter()
                .rev()
                .map(|&p| content::project(p).name.clone())
                .collect(),
        );
        revealed.add(
            None,
            "Consultant deck, top first",
            self.consultant_deck
                .iter()
                .map(|&c| board.consultants[usize::from(c)].name.clone())
                .collect(),
        );
        revealed.into_vec()
    }

    fn stage_view(&self, viewer: Option<Seat>) -> StageView {
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
                    // Management Fast Track's extra legs are the mover's
                    // secret.
                    TurnStep::Move { ran } => Step::Move {
                        allowance: if viewer == Some(*seat) {
                            self.allowance(*seat, *ran)
                        } else {
                            self.honest_allowance(*seat, *ran)
                        },
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
                    TurnStep::RealLife { memo, answers, .. } => Step::Question {
                        question: Question::RealLife { memo: *memo },
                        answered: answers.iter().map(Option::is_some).collect(),
                    },
                    TurnStep::EndTurn => Step::EndTurn,
                    TurnStep::CallOut { accusations } => Step::CallOut {
                        cheater: *seat,
                        answered: accusations.iter().map(Option::is_some).collect(),
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
        EventView::MemoTaken { from, to, memo } => EventView::MemoTaken {
            from: *from,
            to: *to,
            memo: memo.filter(|_| mine(*from) || mine(*to)),
        },
        other => other.clone(),
    }
}

/// Memos by name, in the order given.
fn memo_names(memos: &[u8]) -> Vec<String> {
    let board = content::board();
    memos
        .iter()
        .map(|&m| board.memos[usize::from(m)].name.clone())
        .collect()
}

/// Management Fast Track's cheats in words (`"none"` for none).
fn cheat_words(cheats: Cheats) -> String {
    let words: Vec<&str> = [
        (cheats.legs, "walked too far"),
        (cheats.die, "picked the roll"),
        (cheats.signature, "second signature"),
    ]
    .into_iter()
    .filter_map(|(cheated, word)| cheated.then_some(word))
    .collect();
    if words.is_empty() {
        "none".to_owned()
    } else {
        words.join(", ")
    }
}
