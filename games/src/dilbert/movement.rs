//! Where an employee can walk: the reachable spaces and a shortest path to
//! each, from the rules of the rulebook's "Walk" and "Knocked Down".
//!
//! A breadth-first search over spaces, one step per space entered (an office
//! is one space however many squares it covers). Two arrivals at a space are
//! different things: one that may walk on, and one that must stop there (the
//! Conference Room; Carol's Office entered from the hallway). The search
//! keeps the shortest of each, so Carol's Office reached first from the hall
//! can still be walked through later by someone coming from the Boss's
//! Office. Only arrivals that may walk on are expanded.
//!
//! This runs for every move of every random playout, so it allocates only
//! its result and a queue, each the size of the map.

use cubicle_protocol::dilbert::{Gender, Office, SpaceId};

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

/// Marks a space the search has not reached (in `previous` and `through`).
const UNREACHED: SpaceId = SpaceId::MAX;

/// The result of a search from one space.
#[derive(Debug, Clone)]
pub struct Reach {
    /// Steps to each space (`u8::MAX`: unreachable).
    pub steps: Vec<u8>,
    /// The previous space on a shortest path (`SpaceId::MAX`: unreachable;
    /// the start is its own previous).
    pub previous: Vec<SpaceId>,
    from: SpaceId,
    /// The previous space on a shortest path that arrives able to walk on
    /// (`SpaceId::MAX` if no such arrival): the links of a path before its
    /// last step.
    through: Vec<SpaceId>,
    /// Spaces where the mover may end (including `from`), ascending.
    pub ends: Vec<SpaceId>,
}

impl Reach {
    /// The path from the start to `to`, both included (empty if `to` was
    /// not reached).
    pub fn path(&self, to: SpaceId) -> Vec<SpaceId> {
        let to_index = usize::from(to);
        if self.steps[to_index] == u8::MAX {
            return Vec::new();
        }
        let mut path = Vec::with_capacity(usize::from(self.steps[to_index]) + 1);
        path.push(to);
        if to != self.from {
            let mut space = self.previous[to_index];
            path.push(space);
            while space != self.from {
                space = self.through[usize::from(space)];
                path.push(space);
            }
        }
        path.reverse();
        path
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
    let count = map.spaces.len();
    // `u8::MAX` means unreachable, so no walk may be that long.
    let allowance = allowance.min(u8::MAX - 1);
    let mut steps = vec![u8::MAX; count];
    let mut previous = vec![UNREACHED; count];
    let mut through = vec![UNREACHED; count];
    // Arrivals that may walk on, with their step counts, in BFS order.
    let mut queue: Vec<(SpaceId, u8)> = Vec::with_capacity(count);
    let start = usize::from(from);
    steps[start] = 0;
    previous[start] = from;
    through[start] = from;
    queue.push((from, 0));
    let mut head = 0;
    while let Some(&(space, taken)) = queue.get(head) {
        head += 1;
        if taken == allowance {
            continue;
        }
        let step = taken + 1;
        for &next in &map.neighbours[usize::from(space)] {
            let index = usize::from(next);
            if through[index] != UNREACHED {
                continue; // already reached at least as soon, able to walk on
            }
            let stops = must_stop(map, space, next);
            if stops && steps[index] != u8::MAX {
                continue; // already reached at least as soon; stopping adds nothing
            }
            if !may_enter(map, next, gender, presence) {
                continue;
            }
            if steps[index] == u8::MAX {
                steps[index] = step;
                previous[index] = space;
            }
            if !stops {
                through[index] = space;
                queue.push((next, step));
                if steps[index] == step {
                    // Among equally short arrivals, name the one that may
                    // walk on.
                    previous[index] = space;
                }
            }
        }
    }
    let ends = (0..count)
        .filter(|&index| {
            steps[index] != u8::MAX && (index == start || presence(index as SpaceId) != Presence::Down)
        })
        .map(|index| index as SpaceId)
        .collect();
    Reach { steps, previous, from, through, ends }
}

/// The rulebook's Note under "Run": stop on entering the Conference Room,
/// and on entering Carol's Office from the hallway.
fn must_stop(map: &OfficeMap, from: SpaceId, to: SpaceId) -> bool {
    match map.office_at(to) {
        Some(Office::Conference) => true,
        Some(Office::Carol) => map.is_hall(from),
        _ => false,
    }
}

/// Whether the mover may step onto `space` at all (ending there or not).
fn may_enter(map: &OfficeMap, space: SpaceId, gender: Gender, presence: &dyn Fn(SpaceId) -> Presence) -> bool {
    let other_restroom = match gender {
        Gender::Male => Office::WomensRoom,
        Gender::Female => Office::MensRoom,
    };
    map.office_at(space) != Some(other_restroom) && presence(space) != Presence::Blocked
}
