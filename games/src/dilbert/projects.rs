//! Projects as a small assignment system: who gets assigned, signatures,
//! killing, and the Schedule.

use cubicle_protocol::dilbert::{
    Action, Employee, EventView, Measure, Office, ProjectEffect, ProjectId, Why,
};
use cubicle_protocol::Seat;

use super::cards::Rule;
use super::content;
use super::{Dilbert, Slot, Stage, TurnStep};
use crate::Chance;

impl Dilbert {
    /// How `employee` measures on `measure`.
    fn measure(&self, employee: Employee, measure: Measure) -> i16 {
        let seat = self.seat_of(employee).expect("an employee in play");
        let hire = self.hire(seat);
        i16::from(match measure {
            Measure::Apathy => hire.traits[0] as i8,
            Measure::Incompetence => hire.traits[1] as i8,
            Measure::Offensiveness => hire.traits[2] as i8,
            Measure::Motivation => content::printed(employee).motivation as i8,
            Measure::Happiness => hire.happiness,
        })
    }

    /// The team `project` gets now: the two employees who best fit its
    /// "To:", skipping those with no free work token, ties to the cubicle
    /// nearer the Boss's Office. Fewer than two when fewer fit.
    pub(super) fn team_for(&self, project: ProjectId) -> Vec<Employee> {
        let to = content::project(project).to;
        let mut fits: Vec<(i16, u8, Employee)> = self
            .hires
            .iter()
            .filter(|h| h.free_work > 0)
            .filter(|h| to.gender.is_none_or(|g| h.employee.gender() == g))
            .map(|h| {
                let m = self.measure(h.employee, to.measure);
                (if to.highest { -m } else { m }, h.cubicle, h.employee)
            })
            .collect();
        fits.sort_unstable();
        fits.into_iter().take(2).map(|(_, _, e)| e).collect()
    }

    /// Puts `project` into slot `slot` (a new slot when `slot` is the
    /// number of slots) and assigns its team.
    pub(super) fn enter_slot(
        &mut self,
        slot: usize,
        project: ProjectId,
        events: &mut Vec<EventView>,
    ) {
        let team = self.team_for(project);
        for &e in &team {
            let seat = self.seat_of(e).expect("in play");
            self.hire_mut(seat).free_work -= 1;
            self.since[usize::from(seat)].assigned.push(project);
        }
        let entry = Slot {
            project,
            signed: Vec::new(),
            team: team.clone(),
        };
        if slot == self.projects.len() {
            self.projects.push(entry);
        } else {
            self.projects[slot] = entry;
        }
        events.push(EventView::Assigned {
            project,
            slot: slot as u8,
            team,
        });
    }

    /// Turns the next project face up as the Schedule; an empty deck is
    /// first refilled from the discarded projects, shuffled.
    pub(super) fn turn_schedule(&mut self, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
        if self.project_deck.is_empty() && !self.project_discard.is_empty() {
            self.project_deck = std::mem::take(&mut self.project_discard);
            chance.shuffle(&mut self.project_deck);
            events.push(EventView::ProjectsReshuffled);
        }
        self.schedule = self.project_deck.pop();
        if let Some(project) = self.schedule {
            events.push(EventView::Scheduled { project });
        }
    }

    pub(super) fn slot_of(&self, project: ProjectId) -> Option<usize> {
        self.projects.iter().position(|s| s.project == project)
    }

    /// Icons of `project` in play not yet covered.
    pub(super) fn open_icons(&self, slot: usize) -> impl Iterator<Item = Office> + '_ {
        let s = &self.projects[slot];
        content::project(s.project)
            .icons
            .iter()
            .copied()
            .filter(move |i| !s.signed.contains(i))
    }

    /// Covers `icon` on the project in `slot` with a glass token; kills the
    /// project if it was the last. `by` gets the kill.
    pub(super) fn place_signature(
        &mut self,
        slot: usize,
        icon: Office,
        by: Employee,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        self.signatures_left -= 1;
        self.projects[slot].signed.push(icon);
        if self.open_icons(slot).next().is_none() {
            self.kill(slot, Some(by), chance, events);
        }
    }

    /// `seat` covers `icon` on `project` (an office's signature, or a
    /// Forged Signature): the event, the token, a kill if it was the last,
    /// the Synergy Guru's bonus.
    pub(super) fn sign_for(
        &mut self,
        seat: Seat,
        project: ProjectId,
        icon: Office,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        let slot = self.slot_of(project).expect("checked: in play");
        events.push(EventView::Signed {
            seat,
            project,
            icon,
        });
        let by = self.hire(seat).employee;
        self.place_signature(slot, icon, by, chance, events);
        if let Some(Rule::SignatureBonus(bonus)) = self.rule_for(by) {
            self.gain(by, bonus, Why::Consultant, events);
        }
    }

    /// Kills the project in `slot`: its effect if it has one "when killed",
    /// the killer's reward (when killed by a signature), work and glass
    /// tokens back, the Schedule in its place and assigned, a new Schedule.
    pub(super) fn kill(
        &mut self,
        slot: usize,
        signed_by: Option<Employee>,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        let members = self.projects[slot].members();
        let Slot {
            project,
            signed,
            team,
        } = self.projects[slot].clone();
        events.push(EventView::Killed {
            project,
            by: signed_by,
        });
        if let Some(killer) = signed_by {
            let reward = if killer == Employee::Alice { 3 } else { 2 };
            self.gain(killer, reward, Why::Kill, events);
        }
        match content::project(project).effect {
            ProjectEffect::KilledTeamGains { amount } => {
                for &e in &members {
                    self.gain(e, amount, Why::Project, events);
                }
            }
            ProjectEffect::KilledOthersLose { amount } => {
                let others: Vec<Employee> =
                    self.employees().filter(|e| !members.contains(e)).collect();
                for e in others {
                    self.gain(e, -amount, Why::Project, events);
                }
            }
            _ => {}
        }
        if members.contains(&Employee::Tina) {
            self.gain(Employee::Tina, 1, Why::Project, events);
        }
        for e in team {
            let seat = self.seat_of(e).expect("in play");
            self.hire_mut(seat).free_work += 1;
        }
        self.signatures_left += signed.len() as u8;
        self.project_discard.push(project);
        match self.schedule.take() {
            Some(next) => {
                self.enter_slot(slot, next, events);
                self.turn_schedule(chance, events);
            }
            None => {
                // Only when every other project is in play or discarded and
                // the deck refilled nothing: the slot takes the next card.
                self.turn_schedule(chance, events);
                let next = self
                    .schedule
                    .take()
                    .expect("a killed project refills the deck");
                self.enter_slot(slot, next, events);
                self.turn_schedule(chance, events);
            }
        }
    }
}

/// Signatures the player in `office` may place, and "no thanks".
pub fn sign_actions(game: &Dilbert, office: Office) -> Vec<Action> {
    let mut actions: Vec<Action> = Vec::new();
    if game.signatures_left > 0 {
        for slot in 0..game.projects.len() {
            if game.open_icons(slot).any(|i| i == office) {
                actions.push(Action::Sign {
                    project: game.projects[slot].project,
                    icon: office,
                });
            }
        }
    }
    actions.push(Action::Decline);
    actions
}

/// Whether an office offers a signature now.
pub fn can_sign(game: &Dilbert, office: Office) -> bool {
    content::has_signature(office) && sign_actions(game, office).len() > 1
}

pub fn sign(
    game: &mut Dilbert,
    seat: Seat,
    project: ProjectId,
    icon: Office,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    let Stage::Turn {
        step:
            TurnStep::Sign {
                office,
                arrived,
                second,
            },
        ..
    } = game.stage
    else {
        unreachable!("checked: signing happens at the sign step")
    };
    game.sign_for(seat, project, icon, chance, events);
    if second {
        game.cheated(|c| c.signature = true);
    } else if game.on_fast_track(seat) && can_sign(game, office) {
        // Management Fast Track: a second signature is on offer.
        game.stage = Stage::Turn {
            seat,
            step: TurnStep::Sign {
                office,
                arrived,
                second: true,
            },
        };
        return;
    }
    game.office_effect(seat, office, arrived, chance, events);
}
