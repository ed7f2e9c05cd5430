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
//! its result (buffers the size of the map), and [`reach_into`] reuses an
//! earlier result's buffers instead.

use cubicle_protocol::dilbert::{Gender, SpaceId};

use super::map::{OfficeMap, SpaceKind};

/// What stands on a space, as far as a mover is concerned.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Presence {
    /// Nothing in the way.
    #[default]
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
    /// The search's queue: arrivals that may walk on, with their steps.
    queue: Vec<(SpaceId, u8)>,
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
    presence: &impl Fn(SpaceId) -> Presence,
) -> Reach {
    let mut result = Reach {
        steps: Vec::new(),
        previous: Vec::new(),
        from,
        through: Vec::new(),
        ends: Vec::new(),
        queue: Vec::new(),
    };
    reach_into(&mut result, map, from, allowance, gender, presence);
    result
}

/// [`reach`], reusing the buffers of an earlier result: a playout keeps one
/// `Reach` and searches into it every turn without allocating.
pub fn reach_into(
    result: &mut Reach,
    map: &OfficeMap,
    from: SpaceId,
    allowance: u8,
    gender: Gender,
    presence: &impl Fn(SpaceId) -> Presence,
) {
    let count = map.spaces.len();
    // `u8::MAX` means unreachable, so no walk may be that long.
    let allowance = allowance.min(u8::MAX - 1);
    let Reach {
        steps,
        previous,
        through,
        ends,
        queue,
        ..
    } = result;
    result.from = from;
    reset(steps, count, u8::MAX);
    reset(previous, count, UNREACHED);
    reset(through, count, UNREACHED);
    ends.clear();
    // Arrivals that may walk on, with their step counts, in BFS order.
    queue.clear();
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
    ends.extend(
        (0..count)
            .filter(|&index| {
                steps[index] != u8::MAX
                    && (index == start || presence(index as SpaceId) != Presence::Down)
            })
            .map(|index| index as SpaceId),
    );
}

/// Refills `buffer` with `count` copies of `value`, keeping its allocation.
fn reset<T: Copy>(buffer: &mut Vec<T>, count: usize, value: T) {
    buffer.clear();
    buffer.resize(count, value);
}

/// The rulebook's Note under "Run": stop on entering the Conference Room,
/// and on entering Carol's Office from the hallway.
fn must_stop(map: &OfficeMap, from: SpaceId, to: SpaceId) -> bool {
    match map.kinds[usize::from(to)] {
        SpaceKind::Conference => true,
        SpaceKind::Carol => map.kinds[usize::from(from)] == SpaceKind::Hall,
        _ => false,
    }
}

/// Whether the mover may step onto `space` at all (ending there or not).
fn may_enter(
    map: &OfficeMap,
    space: SpaceId,
    gender: Gender,
    presence: &impl Fn(SpaceId) -> Presence,
) -> bool {
    let other_restroom = match gender {
        Gender::Male => SpaceKind::WomensRoom,
        Gender::Female => SpaceKind::MensRoom,
    };
    map.kinds[usize::from(space)] != other_restroom && presence(space) != Presence::Blocked
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubicle_protocol::dilbert::Office;

    /// A small office to walk in: the Boss's Office and Carol's side by side
    /// (Carol with two hall doors on either side of a red wall), a
    /// Conference Room with two doors around another red wall, Marketing
    /// joining the two hall rows, the restrooms at the bottom.
    const OFFICE: &str = "\
office: B boss
office: O carol
office: C conference
office: M marketing
office: K kitchen
office: m mens_room
office: w womens_room
+-+-+-+-+-+-+-+
|B B O O|C C C|
+ +-+ + + +-+ +
|. . .|. .|. .|
+ +-+-+ +-+-+ +
|M M M|. . . .|
+-+-+ + + + + +
|. . . . . . .|
+ +-+-+-+-+ + +
|K K K K K|m|w|
+-+-+-+-+-+-+-+
";

    fn office() -> OfficeMap {
        OfficeMap::parse_layout(OFFICE).unwrap()
    }

    fn at(map: &OfficeMap, x: u8, y: u8) -> SpaceId {
        map.space_at(x, y).unwrap()
    }

    fn free(_: SpaceId) -> Presence {
        Presence::Free
    }

    fn walk(map: &OfficeMap, from: SpaceId, allowance: u8) -> Reach {
        reach(map, from, allowance, Gender::Male, &free)
    }

    #[test]
    fn a_walk_ends_within_its_allowance() {
        let map = office();
        let reach = walk(&map, at(&map, 0, 3), 3);
        assert!(reach.ends.contains(&at(&map, 3, 3)));
        assert!(!reach.ends.contains(&at(&map, 4, 3)));
        assert_eq!(reach.steps[usize::from(at(&map, 4, 3))], u8::MAX);
        assert!(reach.ends.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn an_office_is_one_step_however_wide() {
        let map = office();
        let from = at(&map, 0, 1);
        let reach = walk(&map, from, 10);
        let marketing = map.space_of(Office::Marketing);
        assert_eq!(reach.steps[usize::from(at(&map, 2, 3))], 2);
        assert_eq!(
            reach.path(at(&map, 2, 3)),
            [from, marketing, at(&map, 2, 3)]
        );
    }

    #[test]
    fn a_red_wall_sends_the_walk_around() {
        let map = office();
        let reach = walk(&map, at(&map, 4, 1), 20);
        assert_eq!(reach.steps[usize::from(at(&map, 5, 1))], 7);
        assert_eq!(reach.path(at(&map, 5, 1)).len(), 8);
    }

    #[test]
    fn a_standing_employee_blocks_a_hall_square() {
        let map = office();
        let from = at(&map, 0, 1);
        let blocked = at(&map, 1, 1);
        let presence = |space| {
            if space == blocked {
                Presence::Blocked
            } else {
                Presence::Free
            }
        };
        let reach = reach(&map, from, 10, Gender::Male, &presence);
        assert!(!reach.ends.contains(&blocked));
        // Around through the Boss's Office and Carol's instead of two steps.
        let beyond = at(&map, 2, 1);
        assert_eq!(reach.steps[usize::from(beyond)], 3);
        let (boss, carol) = (map.space_of(Office::Boss), map.space_of(Office::Carol));
        assert_eq!(reach.path(beyond), [from, boss, carol, beyond]);
    }

    #[test]
    fn a_knocked_down_employee_may_be_passed_but_not_ended_on() {
        let map = office();
        let from = at(&map, 0, 1);
        let down = at(&map, 1, 1);
        let presence = |space| {
            if space == down {
                Presence::Down
            } else {
                Presence::Free
            }
        };
        let reach = reach(&map, from, 10, Gender::Male, &presence);
        assert!(!reach.ends.contains(&down));
        let beyond = at(&map, 2, 1);
        assert!(reach.ends.contains(&beyond));
        assert_eq!(reach.path(beyond), [from, down, beyond]);
    }

    #[test]
    fn the_conference_room_stops_a_walk() {
        let map = office();
        let from = at(&map, 4, 1);
        let conference = map.space_of(Office::Conference);
        let reach = walk(&map, from, 20);
        assert!(reach.ends.contains(&conference));
        assert_eq!(reach.steps[usize::from(conference)], 1);
        // Through the Conference Room it would be two steps.
        let far_door = at(&map, 6, 1);
        assert_eq!(reach.steps[usize::from(far_door)], 6);
        assert!(!reach.path(far_door).contains(&conference));
    }

    #[test]
    fn carol_s_office_stops_a_walk_from_the_hall() {
        let map = office();
        let reach = walk(&map, at(&map, 3, 1), 20);
        let (boss, carol) = (map.space_of(Office::Boss), map.space_of(Office::Carol));
        assert!(reach.ends.contains(&carol));
        // Through Carol's it would be two steps; around by the halls it is six.
        assert_eq!(reach.steps[usize::from(boss)], 6);
        assert!(!reach.path(boss).contains(&carol));
    }

    #[test]
    fn carol_s_office_does_not_stop_a_walk_from_the_boss_s_office() {
        let map = office();
        let (boss, carol) = (map.space_of(Office::Boss), map.space_of(Office::Carol));
        let reach = walk(&map, boss, 20);
        let hall = at(&map, 3, 1);
        assert_eq!(reach.steps[usize::from(hall)], 2);
        assert_eq!(reach.path(hall), [boss, carol, hall]);
    }

    #[test]
    fn carol_s_office_reached_first_from_the_hall_can_still_be_crossed_from_the_boss_s() {
        let map = office();
        let from = at(&map, 2, 1);
        let (boss, carol) = (map.space_of(Office::Boss), map.space_of(Office::Carol));
        let reach = walk(&map, from, 20);
        assert_eq!(reach.steps[usize::from(carol)], 1);
        let hall = at(&map, 3, 1);
        // Halls only: seven steps. Through the Boss's Office and Carol's: five.
        assert_eq!(reach.steps[usize::from(hall)], 5);
        assert_eq!(
            reach.path(hall),
            [from, at(&map, 1, 1), at(&map, 0, 1), boss, carol, hall]
        );
    }

    #[test]
    fn a_restroom_is_for_its_own_gender() {
        let map = office();
        let from = at(&map, 5, 3);
        let (mens, womens) = (
            map.space_of(Office::MensRoom),
            map.space_of(Office::WomensRoom),
        );
        let male = reach(&map, from, 3, Gender::Male, &free);
        assert!(male.ends.contains(&mens) && !male.ends.contains(&womens));
        let female = reach(&map, from, 3, Gender::Female, &free);
        assert!(female.ends.contains(&womens) && !female.ends.contains(&mens));
    }

    #[test]
    fn an_occupied_restroom_cannot_be_entered() {
        let map = office();
        let mens = map.space_of(Office::MensRoom);
        let presence = |space| {
            if space == mens {
                Presence::Blocked
            } else {
                Presence::Free
            }
        };
        let reach = reach(&map, at(&map, 5, 3), 3, Gender::Male, &presence);
        assert!(!reach.ends.contains(&mens));
    }

    #[test]
    fn staying_put_is_always_allowed() {
        let map = office();
        let from = at(&map, 0, 1);
        let everyone = |_| Presence::Blocked;
        let reach = reach(&map, from, 10, Gender::Male, &everyone);
        assert_eq!(reach.ends, [from]);
        assert_eq!(reach.path(from), [from]);
        let still = walk(&map, from, 0);
        assert_eq!(still.ends, [from]);
    }

    #[test]
    fn a_reused_search_forgets_the_previous_one() {
        let map = office();
        let mut scratch = walk(&map, at(&map, 0, 1), 20);
        let from = at(&map, 5, 3);
        reach_into(&mut scratch, &map, from, 2, Gender::Female, &free);
        let fresh = reach(&map, from, 2, Gender::Female, &free);
        assert_eq!(scratch.ends, fresh.ends);
        assert_eq!(scratch.steps, fresh.steps);
        assert_eq!(
            scratch.path(map.space_of(Office::WomensRoom)),
            [from, at(&map, 6, 3), map.space_of(Office::WomensRoom)]
        );
        assert_eq!(scratch.steps[usize::from(at(&map, 0, 1))], u8::MAX);
    }

    // ------------------------------------------------ the standard map --

    #[test]
    fn heck_is_out_of_a_six_step_walk_from_engineering() {
        let map = OfficeMap::standard();
        let engineering = map.space_of(Office::Engineering);
        let heck = map.space_of(Office::Heck);
        assert!(!walk(map, engineering, 6).ends.contains(&heck));
        assert!(walk(map, engineering, 15).ends.contains(&heck));
    }

    #[test]
    fn the_standard_offices_are_a_turn_or_two_apart() {
        let map = OfficeMap::standard();
        let engineering = map.space_of(Office::Engineering);
        let reach = reach(map, engineering, 30, Gender::Female, &free);
        let steps = |office| reach.steps[usize::from(map.space_of(office))];
        // The Boss is well beyond a single walk from the cubicles.
        assert!(
            (12..=20).contains(&steps(Office::Boss)),
            "{}",
            steps(Office::Boss)
        );
        // The Water Cooler takes a good walk or a run.
        assert!((8..=14).contains(&steps(Office::WaterCooler)));
        for office in Office::ALL {
            if office != Office::Engineering && office != Office::MensRoom {
                assert!(
                    (5..=20).contains(&steps(office)),
                    "{office:?}: {}",
                    steps(office)
                );
            }
        }
    }

    #[test]
    fn every_standard_path_is_a_legal_walk_of_its_length() {
        let map = OfficeMap::standard();
        for from in [
            map.space_of(Office::Engineering),
            map.space_of(Office::Boss),
            0,
        ] {
            let reach = walk(map, from, 15);
            for &end in &reach.ends {
                let path = reach.path(end);
                assert_eq!(path.len(), usize::from(reach.steps[usize::from(end)]) + 1);
                assert_eq!((path[0], *path.last().unwrap()), (from, end));
                for pair in path.windows(2) {
                    assert!(map.neighbours[usize::from(pair[0])].contains(&pair[1]));
                }
                for &passed in path.iter().take(path.len() - 1).skip(1) {
                    assert_ne!(map.office_at(passed), Some(Office::Conference));
                }
                assert!(!path.contains(&map.space_of(Office::WomensRoom)));
                for triple in path.windows(3) {
                    if map.office_at(triple[1]) == Some(Office::Carol) {
                        assert!(
                            !map.is_hall(triple[0]),
                            "walked on after entering Carol's from the hall"
                        );
                    }
                }
            }
        }
    }
}
