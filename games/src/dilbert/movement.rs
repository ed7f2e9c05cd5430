//! Where an employee can walk: the reachable spaces and a shortest path to
//! each, from the rules of the rulebook's "Walk" and "Knocked Down".
//!
//! INTERFACE STUB: the map helper replaces the bodies (see the prompt).

use cubicle_protocol::dilbert::{Gender, SpaceId};

use super::map::OfficeMap;

/// What stands on a space, as far as a mover is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// Nothing in the way.
    Free,
    /// A knocked-down employee in a hall square: may be passed, not ended on.
    Down,
    /// A standing employee (or Ted) in a hall square, or a taken restroom:
    /// may not be entered.
    Blocked,
}

/// The result of a search from one space.
#[derive(Debug, Clone)]
pub struct Reach {
    /// Steps to each space (`u8::MAX`: unreachable).
    pub steps: Vec<u8>,
    /// The previous space on a shortest path.
    pub previous: Vec<SpaceId>,
    from: SpaceId,
    /// Spaces where the mover may end (including `from`), ascending.
    pub ends: Vec<SpaceId>,
}

impl Reach {
    /// The path from the start to `to`, both included.
    pub fn path(&self, to: SpaceId) -> Vec<SpaceId> {
        let _ = (to, self.from);
        unimplemented!()
    }
}

/// Searches the spaces `gender`'s employee can end on from `from` within
/// `allowance` steps. `presence(space)` describes other pieces.
pub fn reach(
    map: &OfficeMap,
    from: SpaceId,
    allowance: u8,
    gender: Gender,
    presence: &dyn Fn(SpaceId) -> Presence,
) -> Reach {
    let _ = (map, from, allowance, gender, presence);
    unimplemented!()
}
