//! The consultant in play: one lasting rule change for everyone, except a
//! Dilbert who chose to ignore it. Each rule is asked for where the rule
//! it changes is written (a walk's allowance, a hand limit, a gain...);
//! this module only answers "which rule binds this employee now?".

use cubicle_protocol::dilbert::Employee;
use cubicle_protocol::Seat;

use super::cards::{self, Rule};
use super::Dilbert;

impl Dilbert {
    /// Whether the consultant in play applies to `employee`: to everyone
    /// but a Dilbert who chose to ignore it.
    pub(super) fn consultant_binds(&self, employee: Employee) -> bool {
        self.consultant.is_some() && !(employee == Employee::Dilbert && self.dilbert_ignores)
    }

    /// The consultant's rule, when it binds `employee`.
    pub(super) fn rule_for(&self, employee: Employee) -> Option<Rule> {
        let consultant = self.consultant?;
        self.consultant_binds(employee)
            .then(|| cards::consultant_def(consultant).rule)
    }

    /// Whether `rule` binds `employee` now.
    pub(super) fn bound_by(&self, employee: Employee, rule: Rule) -> bool {
        self.rule_for(employee) == Some(rule)
    }

    /// The seat's hand limit: five, or the Clean-Desk Consultant's four.
    pub(super) fn hand_limit(&self, seat: Seat) -> usize {
        match self.rule_for(self.hire(seat).employee) {
            Some(Rule::HandLimit(limit)) => limit,
            _ => cubicle_protocol::dilbert::HAND_LIMIT,
        }
    }

    /// Whether card texts are kept from `seat` (the Communications
    /// Strategist): from everyone but Dilbert's player, who reads them out.
    /// Spectators (`None`) do not read either.
    pub(super) fn texts_hidden_from(&self, seat: Option<Seat>) -> bool {
        let Some(consultant) = self.consultant else {
            return false;
        };
        if cards::consultant_def(consultant).rule != Rule::TextsHidden {
            return false;
        }
        !matches!(seat, Some(s) if self.hires.get(usize::from(s)).map(|h| h.employee) == Some(Employee::Dilbert))
    }
}
