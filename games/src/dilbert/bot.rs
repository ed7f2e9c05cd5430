//! The easy Dilbert bot's judgement: play every memo worth playing (gains
//! for itself, harm for the leader), then walk where the office pays:
//! the Water Cooler, a signature that kills a project hurting it, home to
//! Engineering for memos, a donut; sign what hurts it; refuse nothing that
//! costs happiness; never cheat, and answer "no" to real-life questions (a
//! bot wears no blue jeans). It reads only its seat's view and the public
//! board.

use cubicle_protocol::dilbert::{
    Action, Employee, Office, ProjectEffect, ProjectId, Target, Token, View,
};
use cubicle_protocol::Seat;

use super::cards::{self, Effect, Group};
use super::{content, Dilbert};
use crate::bots::Heuristic;

/// Any memo worth playing scores above every move, so it is played first.
const PLAY_FIRST: i32 = 100;

impl Heuristic for Dilbert {
    fn score(view: &View, seat: Seat, action: &Action) -> i32 {
        let me = Me { view, seat };
        match *action {
            Action::Play { memo, target } => {
                let value = me.memo_value(memo, target);
                if value > 0 {
                    PLAY_FIRST + value
                } else {
                    value
                }
            }
            Action::Discard { memo } => -me.memo_value(memo, None),
            Action::Move { to } => me.destination(to),
            Action::Run => 20,
            Action::Sign { project, .. } => {
                if me.hurts_me(project) {
                    50
                } else {
                    30
                }
            }
            Action::Kill { project } => {
                if me.hurts_me(project) && me.happiness() > 0 {
                    20
                } else {
                    0
                }
            }
            Action::Unassign { project } => {
                if me.hurts_me(project) {
                    20
                } else {
                    5
                }
            }
            Action::Bargain => {
                if me.happiness() > 2 {
                    15
                } else {
                    5
                }
            }
            Action::KeepMemo { keep, .. } => me.memo_value(keep, None),
            Action::Perform | Action::Roll | Action::EndTurn => 10,
            Action::Decline => 10,
            Action::Answer { yes } => i32::from(!yes) * 10,
            Action::Accuse { cheats } => i32::from(cheats.count() == 0) * 10,
            Action::CopySignature { .. } => 15,
            Action::LoadDie { .. } => 0,
            Action::Vote { .. }
            | Action::Pick { .. }
            | Action::SwapTrait { .. }
            | Action::DiscardSchedule
            | Action::RemoveSignature { .. }
            | Action::SwapWork { .. }
            | Action::Change { .. }
            | Action::IgnoreConsultant { .. } => 0,
        }
    }
}

/// The bot's seat, seen through its view.
struct Me<'a> {
    view: &'a View,
    seat: Seat,
}

impl Me<'_> {
    fn employee(&self) -> Option<Employee> {
        self.view.players[usize::from(self.seat)].employee
    }

    fn happiness(&self) -> i8 {
        self.view.players[usize::from(self.seat)].happiness
    }

    /// The happiest other employee.
    fn leader(&self) -> Option<Employee> {
        self.view
            .players
            .iter()
            .filter(|p| p.seat != self.seat)
            .max_by_key(|p| p.happiness)
            .and_then(|p| p.employee)
    }

    fn am_leading(&self) -> bool {
        self.view
            .players
            .iter()
            .all(|p| p.seat == self.seat || p.happiness < self.happiness())
    }

    /// Whether `project` is in play with the bot on its team and makes its
    /// team unhappy at every Boss check.
    fn hurts_me(&self, project: ProjectId) -> bool {
        let on_team =
            self.view.projects.iter().any(|p| {
                p.project == project && self.employee().is_some_and(|e| p.team.contains(&e))
            });
        on_team
            && match content::project(project).effect {
                ProjectEffect::Happiness { amount } => amount < 0,
                ProjectEffect::Exhausting { .. }
                | ProjectEffect::Crunch
                | ProjectEffect::RedTape
                | ProjectEffect::StatusMeeting { .. } => true,
                _ => false,
            }
    }

    /// Whether `office` shows a signature still open on some project (one
    /// hurting the bot: `hurting`).
    fn open_signature(&self, office: Office, hurting: bool) -> bool {
        self.view.signatures_left > 0
            && self.view.projects.iter().any(|p| {
                content::project(p.project).icons.contains(&office)
                    && !p.signed.contains(&office)
                    && (!hurting || self.hurts_me(p.project))
            })
    }

    /// How good ending a move on `to` looks.
    fn destination(&self, to: u16) -> i32 {
        let board = content::board();
        let donut = self
            .view
            .tokens
            .iter()
            .any(|t| t.token == Token::Donut && t.at == Some(to));
        let base = match board.spaces[usize::from(to)].office {
            None => 10,
            Some(Office::WaterCooler) => 35,
            Some(office) if self.open_signature(office, true) => 45,
            Some(Office::Engineering) => {
                let hand = self.view.hand.as_ref().map_or(0, Vec::len);
                if hand < 4 {
                    30
                } else {
                    15
                }
            }
            Some(office) if self.open_signature(office, false) => 25,
            Some(Office::Carol) => 20,
            Some(Office::MensRoom | Office::WomensRoom) => 20,
            Some(Office::Boss) => 5,
            Some(Office::Heck) => 0,
            Some(_) => 15,
        };
        base + if donut { 30 } else { 0 }
    }

    /// How much playing `memo` (on `target`) is worth; 0 or less: keep it.
    fn memo_value(&self, memo: u8, target: Option<Target>) -> i32 {
        let on_leader = match target {
            Some(Target::Employee { employee }) => Some(employee) == self.leader(),
            _ => false,
        };
        let against = |base: i32| base + if on_leader { 10 } else { 0 };
        match cards::memo(memo).effect {
            Effect::Gain(n) => 10 * i32::from(n),
            Effect::Hurt(n) | Effect::ReturnToSender(n) => against(8 * i32::from(n)),
            Effect::Everyone(Group::All, n) => 5 * i32::from(n),
            Effect::Everyone(Group::Others, n) => -8 * i32::from(n),
            Effect::Everyone(Group::InHalls, n) => {
                let mine = self.view.players[usize::from(self.seat)].at;
                let in_hall = mine
                    .is_some_and(|at| content::board().spaces[usize::from(at)].office.is_none());
                if in_hall {
                    5 * i32::from(n)
                } else {
                    -3 * i32::from(n)
                }
            }
            Effect::KnockDown => against(10),
            Effect::SendTo(_) | Effect::GoToHeck => against(12),
            Effect::GeneralMeeting => 5,
            Effect::ExtraLegs(_) => 8,
            Effect::SwapTrait(_) | Effect::ShiftTrait(..) => 3,
            Effect::CubicleAway => 25,
            Effect::CubicleCloser => against(15),
            Effect::TakeBackWork | Effect::NotMyJob => match target {
                Some(Target::Work { project, .. }) if self.hurts_me(project) => 25,
                _ => 5,
            },
            Effect::Volunteer => 10,
            Effect::Forge => match target {
                Some(Target::Signature { project, .. }) if self.hurts_me(project) => 30,
                _ => 5,
            },
            Effect::Shred => 2,
            Effect::Draw(n) => 8 * i32::from(n),
            Effect::Steal => against(12),
            Effect::DiscardRandom(_) => against(10),
            Effect::Place(Token::FamilyPortrait) => 30,
            Effect::Place(Token::PlasticPlant) | Effect::Place(Token::Todd) => against(15),
            Effect::Place(_) => 3,
            Effect::BossStep(step) => {
                // Slow the Boss when behind, hurry him when ahead.
                if (step > 0) == self.am_leading() {
                    20
                } else {
                    -10
                }
            }
            Effect::RealLife(_) => 1,
            Effect::GarbageMan => 10,
            Effect::FastTrack => -1,
            Effect::CoverYourBackside => 20,
            Effect::LookBusy(n) => 10 * i32::from(n),
        }
    }
}
