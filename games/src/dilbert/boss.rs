//! The Boss's turn (check every project in order, then move three down the
//! track), the end of the game, and the final count.

use cubicle_protocol::dilbert::{
    Employee, Ending, EventView, FinalScore, Modifier, Office, ProjectEffect, Token, Why,
    HAPPINESS_MIN,
};
use cubicle_protocol::Seat;

use super::{content, tokens, Dilbert, Stage};
use crate::Chance;

/// How far the Boss moves down the track each round (unless Asleep at the
/// Wheel or The Dilbert Principle changes it for the round: together they
/// cancel out).
pub const BOSS_STEP: i8 = 3;

impl Dilbert {
    pub(super) fn boss_turn(&mut self, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
        events.push(EventView::BossTurn);
        for slot in 0..self.projects.len() {
            self.check_project(slot, events);
        }
        self.boss = (self.boss - self.boss_step).max(HAPPINESS_MIN);
        events.push(EventView::BossMoved { now: self.boss });
        self.clear_round_tokens(events);
        if self.hires.iter().any(|h| h.happiness >= self.boss) {
            self.finish(events);
        } else {
            self.start_round(chance, events);
        }
    }

    /// The Boss checks the project in `slot`: its effect reaches each team
    /// member once, however many tokens they have on it.
    pub(super) fn check_project(&mut self, slot: usize, events: &mut Vec<EventView>) {
        let project = self.projects[slot].project;
        let members = self.projects[slot].members();
        let effect = content::project(project).effect;
        let idle = members.is_empty()
            || matches!(
                effect,
                ProjectEffect::NoEffect
                    | ProjectEffect::KilledTeamGains { .. }
                    | ProjectEffect::KilledOthersLose { .. }
            );
        events.push(EventView::Checked { project, idle });
        if idle {
            return;
        }
        for employee in members {
            let seat = self.seat_of(employee).expect("in play");
            match effect {
                ProjectEffect::Happiness { amount } => {
                    self.gain(employee, amount, Why::Project, events)
                }
                ProjectEffect::Exhausting { amount } => {
                    self.gain(employee, -amount, Why::Project, events);
                    self.knock_down(seat, events);
                }
                ProjectEffect::Crunch => self.move_cubicle(seat, true, events),
                ProjectEffect::RedTape => {
                    let open = self.open_icons(slot).count() as i8;
                    self.gain(employee, -open, Why::Project, events);
                }
                ProjectEffect::StatusMeeting { amount } => {
                    if self.in_restroom(seat) {
                        continue;
                    }
                    let conference = self.map().space_of(Office::Conference);
                    let hire = self.hire_mut(seat);
                    if hire.at != conference {
                        let from = hire.at;
                        hire.at = conference;
                        events.push(EventView::Moved {
                            seat,
                            path: vec![from, conference],
                        });
                    }
                    self.gain(employee, -amount, Why::Project, events);
                }
                ProjectEffect::NoEffect
                | ProjectEffect::KilledTeamGains { .. }
                | ProjectEffect::KilledOthersLose { .. } => {}
            }
        }
    }

    pub(super) fn in_restroom(&self, seat: Seat) -> bool {
        matches!(
            self.map().office_at(self.hire(seat).at),
            Some(Office::MensRoom | Office::WomensRoom)
        )
    }

    /// The final count: happiness plus cubicle (Ratbert's negative cubicle
    /// costs one less). Highest wins; a tie goes to the tied employee whose
    /// cubicle is farthest from the Boss's Office (nobody noticed them).
    pub(super) fn finish(&mut self, events: &mut Vec<EventView>) {
        let map = self.map();
        let scores: Vec<FinalScore> = self
            .hires
            .iter()
            .enumerate()
            .map(|(seat, h)| {
                let cubicle = map.cubicles[usize::from(h.cubicle) - 1].value;
                let mut modifiers = Vec::new();
                if h.employee == Employee::Ratbert && cubicle < 0 {
                    modifiers.push(Modifier {
                        name: "Ratbert's low expectations".to_owned(),
                        amount: 1,
                    });
                }
                if self.has_token(h.employee, Token::FamilyPortrait) {
                    modifiers.push(Modifier {
                        name: "Family Portrait".to_owned(),
                        amount: tokens::PORTRAIT,
                    });
                }
                if self.has_token(h.employee, Token::PlasticPlant) {
                    modifiers.push(Modifier {
                        name: "Plastic Plant".to_owned(),
                        amount: tokens::PLANT,
                    });
                }
                let total = h.happiness + cubicle + modifiers.iter().map(|m| m.amount).sum::<i8>();
                FinalScore {
                    seat: seat as Seat,
                    employee: h.employee,
                    happiness: h.happiness,
                    cubicle,
                    modifiers,
                    total,
                }
            })
            .collect();
        let winner = scores
            .iter()
            .max_by_key(|s| (s.total, self.hire(s.seat).cubicle))
            .map(|s| s.seat)
            .expect("seats");
        events.push(EventView::Finished {
            winners: vec![winner],
        });
        self.ending = Some(Ending {
            scores,
            winners: vec![winner],
        });
        self.stage = Stage::Over;
    }
}
