//! Osaki ni Shitsurei Shima-su!!: see docs/games/osaki.md.
//!
//! The state is every player's row of slots (an unturned tile, a stack of
//! turned tiles, or nothing), the leftover tiles of a 3-player game, whose
//! turn it is and who has played. The wire types live in
//! [`cubicle_protocol::osaki`]; the state keeps unturned tiles whole, and
//! [`Osaki::view`] is the one place that hides their task.
//!
//! Why the game always goes on or ends: if it is not over, some tile is
//! unturned (its owner may turn it) or two turned stacks match (the owner of
//! one may move it onto the other: a stack can only sit in the row of a
//! player who turned a tile, so that player has played and may stack).
//! Passing therefore stops within one round, and every action either turns a
//! tile or merges two piles, so a game with `d` dealt tiles lasts at most
//! `2d - 1` actions.

mod bot;
mod departure;
mod names;
mod sample;
#[cfg(any(test, feature = "testing"))]
mod secrets;
mod setup;

use cubicle_protocol::osaki::{
    Action, Area, Board, EndReason, Ending, Event, FirstPlayer, Leftover, Options, Pile, Slot,
    Tile, View,
};
use cubicle_protocol::record::Revealed;

use crate::engine::RevealList;
use cubicle_protocol::{GameInfo, JoinQuestion, Outcome, Seat};

use crate::{Chance, Game, PlayerProfile, RuleError, SetupError, Viewer};

pub use departure::left_work_minutes;
pub use names::{GOOD_JOB, HANDLE_THIS_TOO, LEAVING_NOW};
#[cfg(any(test, feature = "testing"))]
pub use secrets::Spot;

/// What one slot holds, with unturned tiles known whole (the state is
/// server-side only; views hide the task).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Place {
    Unturned(Tile),
    /// Bottom first; never empty.
    Stack(Vec<Tile>),
    Empty,
}

impl Place {
    fn top(&self) -> Option<Tile> {
        match self {
            Place::Stack(tiles) => tiles.last().copied(),
            _ => None,
        }
    }

    fn len(&self) -> usize {
        match self {
            Place::Unturned(_) => 1,
            Place::Stack(tiles) => tiles.len(),
            Place::Empty => 0,
        }
    }

    /// Empties the place, returning its tiles bottom first.
    fn take(&mut self) -> Vec<Tile> {
        match std::mem::replace(self, Place::Empty) {
            Place::Unturned(tile) => vec![tile],
            Place::Stack(tiles) => tiles,
            Place::Empty => Vec::new(),
        }
    }

    /// Puts `tiles` on top, turned; returns the new height.
    fn pile_on(&mut self, tiles: Vec<Tile>) -> usize {
        let mut stack = self.take();
        stack.extend(tiles);
        let height = stack.len();
        *self = Place::Stack(stack);
        height
    }
}

/// An Osaki action [`Osaki::check`] accepted, with the tiles it found.
#[derive(Debug)]
pub struct Checked {
    seat: Seat,
    step: Step,
}

#[derive(Debug)]
enum Step {
    Turn {
        slot: Slot,
        tile: Tile,
    },
    Stack {
        from: Slot,
        owner: Seat,
        onto: Slot,
        moved: Tile,
        onto_top: Tile,
    },
}

/// Two stacks may be joined when their top tiles share a character or a task.
fn tops_match(a: Tile, b: Tile) -> bool {
    a.character == b.character || a.task == b.task
}

/// A game of Osaki in progress or finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Osaki {
    /// Each seat's row of slots.
    rows: Vec<Vec<Place>>,
    /// Whether each seat has had a turn (before it, only turning is allowed).
    has_played: Vec<bool>,
    /// Tiles set aside, in character order (3 players only).
    leftover: Vec<Tile>,
    first_player: FirstPlayer,
    /// Whose turn it is (meaningless once `ending` is set).
    turn: Seat,
    ending: Option<Ending>,
}

impl Osaki {
    fn seat_count(&self) -> Seat {
        self.rows.len() as Seat
    }

    /// Tiles in front of `seat`, unturned and stacked.
    fn tiles_of(&self, seat: Seat) -> usize {
        self.rows[usize::from(seat)].iter().map(Place::len).sum()
    }

    /// Every turned stack's top: (owner, slot, top).
    fn tops(&self) -> Vec<(Seat, Slot, Tile)> {
        let mut tops = Vec::with_capacity(24);
        for (seat, row) in self.rows.iter().enumerate() {
            for (slot, place) in row.iter().enumerate() {
                if let Some(top) = place.top() {
                    tops.push((seat as Seat, slot as Slot, top));
                }
            }
        }
        tops
    }

    /// Every stacking move `seat` could make, ignoring whose turn it is and
    /// whether `seat` has played, in (from, owner, onto) order.
    fn stack_moves(&self, seat: Seat) -> Vec<Action> {
        let tops = self.tops();
        let mut moves = Vec::new();
        for &(_, from, mine) in tops.iter().filter(|t| t.0 == seat) {
            for &(owner, onto, theirs) in &tops {
                let itself = owner == seat && onto == from;
                if !itself && tops_match(mine, theirs) {
                    moves.push(Action::Stack { from, owner, onto });
                }
            }
        }
        moves
    }

    /// Every turning move `seat` could make, in slot order.
    fn turn_moves(&self, seat: Seat) -> impl Iterator<Item = Action> + '_ {
        self.rows[usize::from(seat)]
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Place::Unturned(_)))
            .map(|(slot, _)| Action::Turn { slot: slot as Slot })
    }

    fn has_move(&self, seat: Seat) -> bool {
        self.turn_moves(seat).next().is_some()
            || (self.has_played[usize::from(seat)] && !self.stack_moves(seat).is_empty())
    }

    /// The end of the rulebook: every tile turned and no two stacks match.
    fn nothing_left_to_do(&self) -> bool {
        let unturned = self
            .rows
            .iter()
            .flatten()
            .any(|p| matches!(p, Place::Unturned(_)));
        if unturned {
            return false;
        }
        let tops = self.tops();
        !tops
            .iter()
            .enumerate()
            .any(|(i, a)| tops[i + 1..].iter().any(|b| tops_match(a.2, b.2)))
    }

    fn tile_counts(&self) -> Vec<u8> {
        (0..self.seat_count())
            .map(|s| self.tiles_of(s) as u8)
            .collect()
    }

    fn end(&mut self, reason: EndReason, winners: Vec<Seat>) -> Event {
        let ending = Ending {
            reason,
            winners,
            tiles: self.tile_counts(),
        };
        self.ending = Some(ending.clone());
        Event::Ended {
            ending,
            leftover: self.leftover.clone(),
        }
    }

    /// Checks `action` by `seat` against the rules without changing
    /// anything, returning what `apply` needs.
    fn accept(&self, seat: Seat, action: &Action) -> Result<Step, RuleError> {
        if self.ending.is_some() {
            return Err(RuleError::GameOver);
        }
        if seat != self.turn {
            return Err(RuleError::NotYourTurn);
        }
        let illegal = |msg: String| Err(RuleError::Illegal(msg));
        let row = &self.rows[usize::from(seat)];
        match *action {
            Action::Turn { slot } => match row.get(usize::from(slot)) {
                Some(Place::Unturned(tile)) => Ok(Step::Turn { slot, tile: *tile }),
                Some(Place::Stack(_)) => illegal(format!("slot {slot} is already turned")),
                Some(Place::Empty) => illegal(format!("slot {slot} is empty")),
                None => illegal(format!("you have no slot {slot}")),
            },
            Action::Stack { from, owner, onto } => {
                if !self.has_played[usize::from(seat)] {
                    return illegal("on your first turn you may only turn a tile".into());
                }
                let mine = match row.get(usize::from(from)) {
                    Some(Place::Stack(tiles)) => *tiles.last().expect("stacks are never empty"),
                    Some(Place::Unturned(_)) => {
                        return illegal(format!(
                            "slot {from} is not one of your turned stacks: its tile is unturned, \
                             and unturned tiles never move"
                        ))
                    }
                    Some(Place::Empty) => {
                        return illegal(format!(
                            "slot {from} is not one of your turned stacks: it is empty"
                        ))
                    }
                    None => {
                        return illegal(format!(
                            "slot {from} is not one of your turned stacks: you have no slot {from}"
                        ))
                    }
                };
                let Some(target_row) = self.rows.get(usize::from(owner)) else {
                    return illegal(format!("there is no seat {owner}"));
                };
                if owner == seat && onto == from {
                    return illegal("a stack cannot be stacked onto itself".into());
                }
                let theirs = match target_row.get(usize::from(onto)) {
                    Some(Place::Stack(tiles)) => *tiles.last().expect("stacks are never empty"),
                    Some(Place::Unturned(_)) => {
                        return illegal(format!(
                            "seat {owner}'s slot {onto} is unturned: you can only stack onto \
                             turned tiles"
                        ))
                    }
                    Some(Place::Empty) => {
                        return illegal(format!("seat {owner}'s slot {onto} is empty"))
                    }
                    None => return illegal(format!("seat {owner} has no slot {onto}")),
                };
                if tops_match(mine, theirs) {
                    Ok(Step::Stack {
                        from,
                        owner,
                        onto,
                        moved: mine,
                        onto_top: theirs,
                    })
                } else {
                    illegal(format!(
                        "the tops do not match in character or task ({} onto {})",
                        names::tile(mine),
                        names::tile(theirs)
                    ))
                }
            }
        }
    }

    fn area(&self, seat: Seat) -> Area {
        Area {
            seat,
            slots: self.rows[usize::from(seat)]
                .iter()
                .map(|place| match place {
                    Place::Unturned(tile) => Pile::Unturned {
                        character: tile.character,
                    },
                    Place::Stack(tiles) => Pile::Stack {
                        tiles: tiles.clone(),
                    },
                    Place::Empty => Pile::Empty,
                })
                .collect(),
            has_played: self.has_played[usize::from(seat)],
        }
    }
}

impl Game for Osaki {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type EventView = Event;
    type Board = Board;
    type Checked = Checked;

    const ID: &'static str = "osaki";

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID.to_owned(),
            name: "Osaki ni Shitsurei Shima-su!!".to_owned(),
            min_seats: 2,
            max_seats: 4,
            join_questions: Self::join_questions(),
        }
    }

    fn join_questions() -> Vec<JoinQuestion> {
        vec![departure::question()]
    }

    fn validate_options(options: &Options, seats: usize) -> Result<(), SetupError> {
        match &options.fixture {
            Some(fixture) => setup::validate_fixture(fixture, seats),
            None => Ok(()),
        }
    }

    fn start(
        players: &[PlayerProfile],
        options: &Options,
        chance: &mut dyn Chance,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        let seats = players.len();
        Self::validate(options, seats)?;
        let (deal, leftover) = match &options.fixture {
            Some(fixture) => (fixture.deal.clone(), setup::leftover_of(&fixture.deal)),
            None => setup::random_deal(seats, chance),
        };
        let scripted = options.fixture.as_ref().and_then(|f| f.first_player);
        let departures = departure::departures(players)?;
        let first_player = setup::first_player(&departures, scripted, chance);
        let game = Osaki {
            rows: deal
                .into_iter()
                .map(|row| row.into_iter().map(Place::Unturned).collect())
                .collect(),
            has_played: vec![false; seats],
            leftover,
            turn: first_player.seat(),
            first_player: first_player.clone(),
            ending: None,
        };
        Ok((game, vec![Event::Started { first_player }]))
    }

    fn board(&self) -> Board {
        names::board()
    }

    fn fixed_board() -> Option<Board> {
        Some(names::board())
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.ending.is_some() {
            Vec::new()
        } else {
            vec![self.turn]
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        if self.ending.is_some() || seat != self.turn {
            return Vec::new();
        }
        let mut moves: Vec<Action> = self.turn_moves(seat).collect();
        if self.has_played[usize::from(seat)] {
            moves.extend(self.stack_moves(seat));
        }
        moves
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<Checked, RuleError> {
        let step = self.accept(seat, action)?;
        Ok(Checked { seat, step })
    }

    fn apply(&mut self, checked: Checked, _chance: &mut dyn Chance) -> Vec<Event> {
        let Checked { seat, step } = checked;
        let mut events = Vec::new();
        let s = usize::from(seat);
        match step {
            Step::Turn { slot, tile } => {
                self.rows[s][usize::from(slot)] = Place::Stack(vec![tile]);
                events.push(Event::Turned { seat, slot, tile });
            }
            Step::Stack {
                from,
                owner,
                onto,
                moved,
                onto_top,
            } => {
                let moving = self.rows[s][usize::from(from)].take();
                let height = self.rows[usize::from(owner)][usize::from(onto)].pile_on(moving);
                events.push(Event::Stacked {
                    seat,
                    from,
                    owner,
                    onto,
                    moved,
                    onto_top,
                    height: height as u8,
                });
            }
        }
        self.has_played[s] = true;

        if self.tiles_of(seat) == 0 {
            // Only possible by moving one's last stack onto another player's:
            // "I'm leaving now!" ends the game with a single winner.
            events.push(Event::LeftEarly { seat });
            events.push(self.end(EndReason::LeftEarly, vec![seat]));
        } else if self.nothing_left_to_do() {
            let counts = self.tile_counts();
            let fewest = *counts.iter().min().expect("a table has seats");
            let winners = (0..self.seat_count())
                .filter(|&w| counts[usize::from(w)] == fewest)
                .collect();
            events.push(self.end(EndReason::FewestTiles, winners));
        } else {
            // Someone has a move (see the module documentation), so this
            // stops within one round.
            let mut next = (seat + 1) % self.seat_count();
            while !self.has_move(next) {
                events.push(Event::Passed { seat: next });
                next = (next + 1) % self.seat_count();
            }
            self.turn = next;
        }
        events
    }

    fn view(&self, viewer: Viewer) -> View {
        let over = self.ending.is_some();
        View {
            you: viewer.seat(),
            first_player: self.first_player.clone(),
            turn: (!over).then_some(self.turn),
            areas: (0..self.seat_count()).map(|s| self.area(s)).collect(),
            leftover: self
                .leftover
                .iter()
                .map(|&tile| {
                    if over {
                        Leftover::Revealed { tile }
                    } else {
                        Leftover::Hidden {
                            character: tile.character,
                        }
                    }
                })
                .collect(),
            ending: self.ending.clone(),
        }
    }

    fn event_view(event: &Event, _viewer: Viewer) -> Option<Event> {
        // Everything in Osaki happens in the open; an unturned tile's task
        // never appears in an event (Turned shows it as it becomes public,
        // Ended reveals the leftover once nothing is hidden any more).
        Some(event.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.as_ref().map(|e| Outcome {
            winners: e.winners.clone(),
            reason: match e.reason {
                EndReason::LeftEarly => "left_early",
                EndReason::FewestTiles => "fewest_tiles",
            }
            .to_owned(),
        })
    }

    fn seats(&self) -> usize {
        self.rows.len()
    }

    /// By seat, its unturned tiles in slot order (`"slot 3: Section Chief —
    /// Copying"`: the character shows, the task is the secret); then, until
    /// the end reveals them, the tiles set aside in a 3-player game.
    fn reveal(&self) -> Vec<Revealed> {
        let mut revealed = RevealList::default();
        for (seat, row) in self.rows.iter().enumerate() {
            let items: Vec<String> = row
                .iter()
                .enumerate()
                .filter_map(|(slot, place)| match place {
                    Place::Unturned(tile) => Some(format!(
                        "slot {slot}: {} — {}",
                        names::character(tile.character).0,
                        names::task(tile.task).0
                    )),
                    _ => None,
                })
                .collect();
            revealed.add(Some(seat as Seat), "Unturned tiles", items);
        }
        if self.ending.is_none() {
            let items = self.leftover.iter().map(|&t| names::tile(t)).collect();
            revealed.add(None, "Tiles set aside", items);
        }
        revealed.into_vec()
    }

    /// A player whose time ran out turns one of their unturned tiles, chosen
    /// at random (which tile is a guess for them too: tasks are hidden); with
    /// none left, they make their first stack move in `legal` order.
    fn timeout_action(&self, seat: Seat, chance: &mut dyn Chance) -> Option<Action> {
        if self.ending.is_some() || seat != self.turn {
            return None;
        }
        let turns: Vec<Action> = self.turn_moves(seat).collect();
        match chance.pick(&turns) {
            Some(turn) => Some(*turn),
            None => self.legal(seat).into_iter().next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::NoChance;
    use crate::SeededChance;

    /// Every tile, whatever its state, exactly once (the state itself, with
    /// hidden tasks: the integration tests can only see views).
    fn assert_every_tile_once(game: &Osaki) {
        let mut tiles: Vec<Tile> = game.leftover.clone();
        for place in game.rows.iter().flatten() {
            match place {
                Place::Unturned(tile) => tiles.push(*tile),
                Place::Stack(stack) => {
                    assert!(!stack.is_empty(), "empty stacks are Empty");
                    tiles.extend(stack)
                }
                Place::Empty => {}
            }
        }
        tiles.sort();
        assert_eq!(tiles, setup::all_tiles().collect::<Vec<_>>());
    }

    #[test]
    fn random_deals_account_for_every_tile_until_the_end() {
        for g in 0..300u64 {
            let seats = 2 + (g % 3) as usize;
            let mut chance = SeededChance::new(&[21; 32], g);
            let (mut game, _) = Osaki::start(
                &vec![PlayerProfile::default(); seats],
                &Options::default(),
                &mut chance,
            )
            .unwrap();
            assert_eq!(game.leftover.len(), if seats == 3 { 6 } else { 0 });
            let mut choices = SeededChance::new(&[22; 32], g);
            let mut events = Vec::new();
            crate::testing::random_playout(
                &mut game,
                &mut events,
                &mut choices,
                &mut NoChance,
                48,
                |game, _| {
                    assert_every_tile_once(game);
                    // Stacks only ever sit in the rows of players who have
                    // played: the fact that keeps passing from looping.
                    for (seat, row) in game.rows.iter().enumerate() {
                        if row.iter().any(|p| matches!(p, Place::Stack(_))) {
                            assert!(game.has_played[seat]);
                        }
                    }
                    if game.ending.is_none() {
                        assert!((0..game.seat_count()).any(|s| game.has_move(s)));
                    }
                },
            );
            assert!(game.ending.is_some());
        }
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let (mut game, _) = Osaki::start(
            &[PlayerProfile::default(), PlayerProfile::default()],
            &Options::default(),
            &mut SeededChance::new(&[1; 32], 0),
        )
        .unwrap();
        let seat = game.turn;
        let before = game.clone();
        for action in [
            Action::Stack {
                from: 0,
                owner: 1 - seat,
                onto: 0,
            },
            Action::Turn { slot: 40 },
        ] {
            assert!(matches!(
                game.play(seat, &action, &mut NoChance),
                Err(RuleError::Illegal(_))
            ));
            assert_eq!(game, before);
        }
    }
}
