//! Helpers shared by the Osaki test files: readable deals, starting a game
//! from a fixture, playing scripted actions.
#![allow(dead_code, unused_imports)] // each test file uses a different part

use cubicle_games::chance::NoChance;
use cubicle_games::osaki::Osaki;
use cubicle_games::{Chance, Game, PlayerProfile, RuleError};
use cubicle_protocol::osaki::{Action, Character, Event, Fixture, Options, Pile, Task, Tile, View};
use cubicle_protocol::Seat;

pub use Character::{
    DepartmentManager as DM, President as PR, SectionChief as SC, SeniorColleague as CO,
    SeniorManagingDirector as SMD, TempWorker as TW,
};
pub use Task::{Accounting as ACC, Copying as COPY, Inventory as INV, PhoneDuty as PHONE};

pub fn t(character: Character, task: Task) -> Tile {
    Tile { character, task }
}

/// A deal in character order (the layout of a random deal): `tasks[seat]`
/// lists, slot by slot, the task of each tile; slot `i` holds character
/// `i` (with 2 players, character `i / 2`).
pub fn deal(tasks: &[&[Task]]) -> Vec<Vec<Tile>> {
    let per = if tasks.len() == 2 { 2 } else { 1 };
    tasks
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(slot, &task)| t(Character::ALL[slot / per], task))
                .collect()
        })
        .collect()
}

/// A 2-player deal: seat 0 holds Copying and Accounting of every
/// character (slots 2c and 2c+1), seat 1 Inventory and Phone duty.
pub fn two_player_deal() -> Vec<Vec<Tile>> {
    deal(&[&[COPY, ACC].repeat(6), &[INV, PHONE].repeat(6)])
}

/// A 3-player deal: seat s holds task (s + c) mod 4 of character c; the
/// leftover is task (3 + c) mod 4.
pub fn three_player_deal() -> Vec<Vec<Tile>> {
    latin(3)
}

/// A 4-player deal: seat s holds task (s + c) mod 4 of character c.
pub fn four_player_deal() -> Vec<Vec<Tile>> {
    latin(4)
}

fn latin(seats: usize) -> Vec<Vec<Tile>> {
    (0..seats)
        .map(|s| {
            Character::ALL
                .iter()
                .enumerate()
                .map(|(c, &character)| t(character, Task::ALL[(s + c) % 4]))
                .collect()
        })
        .collect()
}

pub fn options(deal: Vec<Vec<Tile>>, first_player: Option<Seat>) -> Options {
    Options {
        fixture: Some(Fixture { deal, first_player }),
    }
}

/// Starts a game from a scripted deal and start player.
pub fn start(deal: Vec<Vec<Tile>>, first: Seat) -> (Osaki, Vec<Event>) {
    let players = vec![PlayerProfile::default(); deal.len()];
    Osaki::start(&players, &options(deal, Some(first)), &mut NoChance).expect("valid fixture")
}

pub fn turn(slot: u8) -> Action {
    Action::Turn { slot }
}

pub fn stack(from: u8, owner: Seat, onto: u8) -> Action {
    Action::Stack { from, owner, onto }
}

/// Plays one action that must be accepted; returns its events.
pub fn play(game: &mut Osaki, seat: Seat, action: Action) -> Vec<Event> {
    match game.play(seat, &action, &mut NoChance) {
        Ok(events) => events,
        Err(e) => panic!("seat {seat} {action:?} refused: {e}\n{game:?}"),
    }
}

/// Plays `(seat, action)` pairs in order, checking each seat is on turn.
/// Returns every event.
pub fn play_all(game: &mut Osaki, script: &[(Seat, Action)]) -> Vec<Event> {
    let mut events = Vec::new();
    for &(seat, action) in script {
        assert_eq!(game.to_act(), vec![seat], "before {action:?}");
        events.extend(play(game, seat, action));
    }
    events
}

/// Tries an action that must be refused as illegal with a message
/// containing `because`, and checks that nothing changed.
pub fn refused(game: &mut Osaki, seat: Seat, action: Action, because: &str) {
    let before = game.clone();
    match game.play(seat, &action, &mut NoChance) {
        Err(RuleError::Illegal(msg)) => {
            assert!(
                msg.contains(because),
                "refused for {msg:?}, expected {because:?}"
            )
        }
        other => panic!("seat {seat} {action:?}: expected Illegal({because:?}), got {other:?}"),
    }
    assert_eq!(*game, before, "a refused action changed the game");
    assert!(
        !game.legal(seat).contains(&action),
        "{action:?} is listed as legal"
    );
}

pub fn spectator_view(game: &Osaki) -> View {
    game.view(cubicle_games::Viewer::Spectator)
}

/// The turned stack in `seat`'s `slot`, bottom first (panics otherwise).
pub fn stack_at(game: &Osaki, seat: Seat, slot: u8) -> Vec<Tile> {
    match &spectator_view(game).areas[usize::from(seat)].slots[usize::from(slot)] {
        Pile::Stack { tiles } => tiles.clone(),
        other => panic!("seat {seat} slot {slot} is {other:?}, not a stack"),
    }
}

pub fn pile_at(game: &Osaki, seat: Seat, slot: u8) -> Pile {
    spectator_view(game).areas[usize::from(seat)].slots[usize::from(slot)].clone()
}

/// A chance for code paths that must draw (random deals, random start).
pub fn seeded(n: u8) -> cubicle_games::SeededChance {
    cubicle_games::SeededChance::new(&[n; 32], 0)
}

pub fn dyn_chance(c: &mut impl Chance) -> &mut dyn Chance {
    c
}

/// Parses a compact script: `"0t3"` is seat 0 turning slot 3, `"1s5>2.4"`
/// is seat 1 moving its stack in slot 5 onto seat 2's slot 4.
pub fn script(s: &str) -> Vec<(Seat, Action)> {
    s.split_whitespace()
        .map(|step| {
            let num = |x: &str| {
                x.parse::<u8>()
                    .unwrap_or_else(|_| panic!("bad step {step}"))
            };
            if let Some((seat, slot)) = step.split_once('t') {
                (num(seat), turn(num(slot)))
            } else {
                let (seat, rest) = step.split_once('s').expect(step);
                let (from, target) = rest.split_once('>').expect(step);
                let (owner, onto) = target.split_once('.').expect(step);
                (num(seat), stack(num(from), num(owner), num(onto)))
            }
        })
        .collect()
}

/// A random deal as a fixture: each character's tasks shuffled among the
/// seats, then each row in a random slot order (fixtures need not follow
/// character order).
pub fn random_deal(seats: usize, chance: &mut dyn Chance) -> Vec<Vec<Tile>> {
    let per = if seats == 2 { 2 } else { 1 };
    let mut rows = vec![Vec::new(); seats];
    for character in Character::ALL {
        let mut tasks = Task::ALL;
        chance.shuffle(&mut tasks);
        for (i, &task) in tasks.iter().take(seats * per).enumerate() {
            rows[i / per].push(t(character, task));
        }
    }
    for row in &mut rows {
        chance.shuffle(row);
    }
    rows
}

/// Every tile of the game.
pub fn all_tiles() -> Vec<Tile> {
    Character::ALL
        .iter()
        .flat_map(|&c| Task::ALL.iter().map(move |&task| t(c, task)))
        .collect()
}

/// The tiles a deal leaves in the box, in character order.
pub fn leftover_of(deal: &[Vec<Tile>]) -> Vec<Tile> {
    all_tiles()
        .into_iter()
        .filter(|x| !deal.iter().flatten().any(|d| d == x))
        .collect()
}

// ------------------------------------------------------------------------
// A reference model of the rules, written from the view alone and kept
// deliberately naive, to check the engine against.

/// Every turned stack's top: (owner, slot, top tile).
pub fn tops(view: &View) -> Vec<(Seat, u8, Tile)> {
    let mut out = Vec::new();
    for area in &view.areas {
        for (slot, pile) in area.slots.iter().enumerate() {
            if let Pile::Stack { tiles } = pile {
                out.push((
                    area.seat,
                    slot as u8,
                    *tiles.last().expect("non-empty stack"),
                ));
            }
        }
    }
    out
}

pub fn matching(a: Tile, b: Tile) -> bool {
    a.character == b.character || a.task == b.task
}

/// Tiles in front of each seat, counted pile by pile.
pub fn counts(view: &View) -> Vec<usize> {
    view.areas
        .iter()
        .map(|a| {
            a.slots
                .iter()
                .map(|p| match p {
                    Pile::Unturned { .. } => 1,
                    Pile::Stack { tiles } => tiles.len(),
                    Pile::Empty => 0,
                })
                .sum()
        })
        .collect()
}

/// What the rulebook lets `seat` do, ignoring whose turn it is.
pub fn reference_moves(view: &View, seat: Seat) -> Vec<Action> {
    let area = &view.areas[usize::from(seat)];
    let mut moves: Vec<Action> = area
        .slots
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Pile::Unturned { .. }))
        .map(|(slot, _)| turn(slot as u8))
        .collect();
    if area.has_played {
        let all = tops(view);
        for &(_, from, mine) in all.iter().filter(|(owner, _, _)| *owner == seat) {
            for &(owner, onto, theirs) in &all {
                if (owner, onto) != (seat, from) && matching(mine, theirs) {
                    moves.push(stack(from, owner, onto));
                }
            }
        }
    }
    moves
}

/// The rulebook's end: nothing unturned and no two stacks match.
pub fn reference_over(view: &View) -> bool {
    let unturned = view
        .areas
        .iter()
        .any(|a| a.slots.iter().any(|p| matches!(p, Pile::Unturned { .. })));
    let all = tops(view);
    let any_match = all
        .iter()
        .enumerate()
        .any(|(i, a)| all[i + 1..].iter().any(|b| matching(a.2, b.2)));
    !unturned && !any_match
}
