//! Test support every game plugs into: random play-outs, the one
//! non-interference harness and the one replay harness. Built only for
//! tests (the `testing` feature); nothing here is part of the rules.
//!
//! Non-interference is how we prove "visibility by construction": take two
//! games that differ only in something hidden from a viewer (an unturned
//! tile's task, the order of cards in another player's hand or in the pile),
//! and everything that viewer would receive (the view, the legal actions,
//! every event of the log) must serialize to the same bytes. A game plugs
//! in by describing where its secrets are ([`Secrets`]), from its state and
//! never from the view under test; [`check_secrets`] then swaps hidden items
//! in random states, compares, and plays on. [`Planted`] plants a leak in
//! any game's `view`, `legal` or `event_view`, so that each game's tests can
//! show the harness catches it.

pub mod relay;

use std::fmt::Debug;
use std::hash::{Hash, Hasher};

use cubicle_protocol::record::Revealed;
use cubicle_protocol::{GameInfo, Outcome, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::table::{Engine, Table};
use crate::{Chance, Game, PlayerProfile, RuleError, SeededChance, SetupError, Viewer};

/// The chance [`Game::timeout_action`] gets in tests: fixed, so that a
/// timeout action is a function of the state alone and can be compared
/// across games like the view.
fn timeout_chance() -> SeededChance {
    SeededChance::new(&[0; 32], u64::MAX)
}

/// Everything `viewer` would be sent about `game`, as bytes: the view, the
/// legal actions (for a seat) and each event of `events` as the viewer may
/// see it (a bare number where it may see nothing).
pub fn observed_bytes<G: Game>(game: &G, events: &[G::Event], viewer: Viewer) -> Vec<u8> {
    let log: Vec<Option<G::EventView>> = events.iter().map(|e| G::event_view(e, viewer)).collect();
    let legal = viewer.seat().map(|s| game.legal(s)).unwrap_or_default();
    // What the turn clock would play for this seat is part of what it may
    // learn: it must not depend on anything hidden either.
    let timeout = viewer
        .seat()
        .and_then(|s| game.timeout_action(s, &mut timeout_chance()));
    // So are the game's own windows: when one closes and what it then
    // plays (a response window must look the same whoever holds what).
    let deadline = game
        .deadline()
        .map(|d| (d.after_ms, d.seat, serde_json::to_value(&d.action).ok()));
    serde_json::to_vec(&(game.view(viewer), legal, log, timeout, deadline))
        .expect("views serialize")
}

/// Panics, showing both sides, if `viewer` could tell `a` from `b`.
pub fn assert_indistinguishable<G: Game>(
    viewer: Viewer,
    a: (&G, &[G::Event]),
    b: (&G, &[G::Event]),
) {
    let left = observed_bytes(a.0, a.1, viewer);
    let right = observed_bytes(b.0, b.1, viewer);
    if left != right {
        panic!(
            "{viewer:?} can tell the two games apart\n  a: {}\n  b: {}",
            String::from_utf8_lossy(&left),
            String::from_utf8_lossy(&right)
        );
    }
}

/// Where a game's secrets are, for [`check_secrets`]. Decided from the
/// state alone: a view that shows too much must fail the check, not shrink
/// the set of things it is checked on.
pub trait Secrets: Game {
    /// A place that can hold something hidden (a hand position, a slot).
    type Secret: Copy + Debug + PartialEq;

    /// Everything hidden from `viewer` now.
    fn hidden_from(&self, viewer: Viewer) -> Vec<Self::Secret>;

    /// Exchanges what `a` and `b` hold, both hidden from the viewer at
    /// hand. Returns `false`, changing nothing, when the two cannot be
    /// exchanged into another valid game or hold the same thing.
    fn swap(&mut self, a: Self::Secret, b: Self::Secret) -> bool;

    /// This game with everything hidden from `viewer` blanked out: two
    /// games `viewer` must not tell apart have equal masks.
    fn masked(&self, viewer: Viewer) -> Self;
}

/// How much [`check_secrets`] compared.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    /// States looked at.
    pub states: usize,
    /// Swaps compared (a state is checked for every viewer).
    pub swaps: usize,
    /// Actions played on both copies while the swapped items stayed hidden.
    pub continued: usize,
}

/// How [`check_secrets`] plays on after a swap.
const PLAY_ON: u64 = 6;

/// Checks one state for one viewer: swaps two things hidden from it,
/// compares what it receives, then plays the same actions (with the same
/// chance) on both copies for as long as the swapped things stay hidden,
/// comparing each new event too. `Err` describes a leak.
pub fn check_swap<G: Secrets>(
    game: &G,
    viewer: Viewer,
    rng: &mut dyn Chance,
    tally: &mut Tally,
) -> Result<(), String> {
    let hidden = game.hidden_from(viewer);
    let mut other = game.clone();
    let mut swapped = None;
    for _ in 0..12 {
        let (Some(&a), Some(&b)) = (rng.pick(&hidden), rng.pick(&hidden)) else {
            return Ok(());
        };
        if a != b && other.swap(a, b) {
            swapped = Some((a, b));
            break;
        }
    }
    let Some((a, b)) = swapped else {
        return Ok(());
    };
    if game.masked(viewer) != other.masked(viewer) {
        return Err(format!(
            "the harness is wrong: {a:?} and {b:?} are not both hidden from {viewer:?}"
        ));
    }
    tally.swaps += 1;
    if observed_bytes(game, &[], viewer) != observed_bytes(&other, &[], viewer) {
        return Err(format!(
            "{viewer:?} sees the swap of {a:?} and {b:?}\n  a: {}\n  b: {}",
            String::from_utf8_lossy(&observed_bytes(game, &[], viewer)),
            String::from_utf8_lossy(&observed_bytes(&other, &[], viewer)),
        ));
    }
    let (mut x, mut y) = (game.clone(), other);
    for k in 0..PLAY_ON {
        if x.outcome().is_some() {
            break;
        }
        let Some(&seat) = rng.pick(&x.to_act()) else {
            break;
        };
        let legal_y = y.legal(seat);
        let common: Vec<G::Action> = x
            .legal(seat)
            .into_iter()
            .filter(|a| legal_y.contains(a))
            .collect();
        let Some(action) = rng.pick(&common).cloned() else {
            break;
        };
        let seed = [k as u8; 32];
        let new_x = x
            .play(seat, &action, &mut SeededChance::new(&seed, k))
            .map_err(|e| format!("{action:?} refused: {e}"))?;
        let new_y = y
            .play(seat, &action, &mut SeededChance::new(&seed, k))
            .map_err(|e| format!("{action:?} refused in the copy: {e}"))?;
        // Stop once the swapped things are where the viewer may see them,
        // or once the two games became one (a set-up started over reshuffles
        // everything; the reveal just before it showed the swapped cards).
        if x.masked(viewer) != y.masked(viewer) || x == y {
            break;
        }
        tally.continued += 1;
        let (bytes_x, bytes_y) = (
            observed_bytes(&x, &new_x, viewer),
            observed_bytes(&y, &new_y, viewer),
        );
        if bytes_x != bytes_y {
            return Err(format!(
                "{viewer:?} tells the games apart {} actions after swapping {a:?} and {b:?}: \
                 after {action:?} by seat {seat}\n  a: {}\n  b: {}",
                k + 1,
                String::from_utf8_lossy(&bytes_x),
                String::from_utf8_lossy(&bytes_y),
            ));
        }
    }
    Ok(())
}

/// Plays a random game from `start` (actions chosen by `choose` among the
/// legal ones, with the game's chance seeded by `seed`) and checks every
/// `every`-th state for every viewer with [`check_swap`].
pub fn check_secrets<G: Secrets>(
    (mut game, _events): (G, Vec<G::Event>),
    seed: &[u8; 32],
    every: usize,
    max_steps: u64,
    mut choose: impl FnMut(&G, Vec<G::Action>, u64) -> Vec<G::Action>,
    tally: &mut Tally,
) -> Result<(), String> {
    let mut choices = SeededChance::new(seed, 1 << 40);
    let mut rng = SeededChance::new(seed, 1 << 41);
    for step in 0..max_steps {
        if game.outcome().is_some() {
            break;
        }
        if (step as usize).is_multiple_of(every) {
            tally.states += 1;
            for viewer in Viewer::all(game.seats()) {
                check_swap(&game, viewer, &mut rng, tally)?;
            }
        }
        let chooser: &mut dyn Chance = &mut choices;
        let seat = *chooser.pick(&game.to_act()).expect("someone acts");
        let options = choose(&game, game.legal(seat), step);
        let action = chooser.pick(&options).expect("a legal action").clone();
        game.play(seat, &action, &mut SeededChance::new(seed, step + 1))
            .map_err(|e| format!("legal {action:?} refused: {e}"))?;
    }
    Ok(())
}

/// Which leak a [`Planted`] game has.
pub trait Leak: Clone + Debug + PartialEq + Send + Sync + 'static {
    const VIEW: bool = false;
    const LEGAL: bool = false;
    const EVENT_VIEW: bool = false;
}

/// `view` carries a fingerprint of the whole state, secrets included.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewLeak;
impl Leak for ViewLeak {
    const VIEW: bool = true;
}

/// `legal` lists its actions in an order that depends on the whole state.
#[derive(Debug, Clone, PartialEq)]
pub struct LegalLeak;
impl Leak for LegalLeak {
    const LEGAL: bool = true;
}

/// `event_view` shows every event whole to everyone.
#[derive(Debug, Clone, PartialEq)]
pub struct EventLeak;
impl Leak for EventLeak {
    const EVENT_VIEW: bool = true;
}

/// A game with one leak planted: what the harness must catch.
#[derive(Debug, Clone, PartialEq)]
pub struct Planted<G, L>(pub G, std::marker::PhantomData<L>);

impl<G: Game, L> Planted<G, L> {
    /// A hash of everything in the state, secrets included.
    fn fingerprint(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        format!("{:?}", self.0).hash(&mut hasher);
        hasher.finish()
    }
}

/// A view or event with what a planted leak adds.
#[derive(Serialize, Deserialize)]
pub struct Leaked<T> {
    shown: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    leak: Option<String>,
}

impl<G: Game, L: Leak> Game for Planted<G, L> {
    type Options = G::Options;
    type Action = G::Action;
    type View = Leaked<G::View>;
    type Event = G::Event;
    type EventView = Leaked<Option<G::EventView>>;
    type Board = G::Board;
    type Checked = G::Checked;

    const ID: &'static str = "planted";

    fn info() -> GameInfo {
        G::info()
    }
    fn validate_options(options: &G::Options, seats: usize) -> Result<(), SetupError> {
        G::validate_options(options, seats)
    }
    fn start(
        players: &[PlayerProfile],
        options: &G::Options,
        chance: &mut dyn Chance,
    ) -> Result<(Self, Vec<G::Event>), SetupError> {
        G::start(players, options, chance).map(|(g, e)| (Planted(g, std::marker::PhantomData), e))
    }
    fn board(&self) -> G::Board {
        self.0.board()
    }
    fn to_act(&self) -> Vec<Seat> {
        self.0.to_act()
    }
    fn legal(&self, seat: Seat) -> Vec<G::Action> {
        let mut legal = self.0.legal(seat);
        if L::LEGAL && self.fingerprint() % 2 == 1 {
            legal.reverse();
        }
        legal
    }
    fn check(&self, seat: Seat, action: &G::Action) -> Result<G::Checked, RuleError> {
        self.0.check(seat, action)
    }
    fn apply(&mut self, checked: G::Checked, chance: &mut dyn Chance) -> Vec<G::Event> {
        self.0.apply(checked, chance)
    }
    fn view(&self, viewer: Viewer) -> Self::View {
        Leaked {
            shown: self.0.view(viewer),
            leak: L::VIEW.then(|| format!("{:x}", self.fingerprint())),
        }
    }
    fn event_view(event: &G::Event, viewer: Viewer) -> Option<Self::EventView> {
        let shown = G::event_view(event, viewer);
        if L::EVENT_VIEW {
            Some(Leaked {
                shown,
                leak: Some(format!("{event:?}")),
            })
        } else {
            shown.map(|shown| Leaked {
                shown: Some(shown),
                leak: None,
            })
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn reveal(&self) -> Vec<Revealed> {
        self.0.reveal()
    }
}

impl<G: Secrets, L: Leak> Secrets for Planted<G, L> {
    type Secret = G::Secret;
    fn hidden_from(&self, viewer: Viewer) -> Vec<G::Secret> {
        self.0.hidden_from(viewer)
    }
    fn swap(&mut self, a: G::Secret, b: G::Secret) -> bool {
        self.0.swap(a, b)
    }
    fn masked(&self, viewer: Viewer) -> Self {
        Planted(self.0.masked(viewer), std::marker::PhantomData)
    }
}

/// Everything every viewer would be sent about `table`, as bytes.
fn everything(table: &dyn Table) -> Vec<u8> {
    let mut out =
        serde_json::to_vec(&(table.board(), table.to_act(), table.outcome())).expect("serializes");
    for viewer in Viewer::all(table.seats()) {
        out.extend(table.view_json(viewer).get().as_bytes());
        if let Some(seat) = viewer.seat() {
            out.extend(table.legal_json(seat).get().as_bytes());
        }
        for seq in 1..=table.last_seq() {
            if let Some(event) = table.event_json(seq, viewer) {
                out.extend(event.get().as_bytes());
            }
        }
    }
    out
}

/// Replay determinism as the server relies on it: a random game of `G`
/// for `seats` players, started from `seed` and played through the
/// type-erased [`Table`] with `SeededChance::new(seed, n)` for the `n`-th
/// accepted action, replays byte-identically (every viewer's view, legal
/// actions and log) from the seed and its action log. Along the way, refused
/// actions are tried before accepted ones in the first game only: the two
/// games must still agree, so a refusal shifts no later draw. Returns the
/// number of actions and of refusals.
pub fn check_replay<G: Game>(
    seats: usize,
    seed: &[u8; 32],
    max_steps: u64,
) -> Result<(u64, usize), String> {
    let start = || -> Result<Engine<G>, String> {
        let players = vec![PlayerProfile::default(); seats];
        let (game, events) = G::start(
            &players,
            &G::Options::default(),
            &mut SeededChance::new(seed, 0),
        )
        .map_err(|e| e.to_string())?;
        Ok(Engine::new(G::ID, game, events))
    };
    let mut played = start()?;
    let mut choices = SeededChance::new(seed, 1 << 40);
    let chooser: &mut dyn Chance = &mut choices;
    let mut log: Vec<(Seat, Value)> = Vec::new();
    let mut refusals = 0;
    while played.outcome().is_none() && (log.len() as u64) < max_steps {
        let step = log.len() as u64 + 1;
        // A refusal: an earlier action again, or one by a seat not asked.
        let seat = *chooser.pick(&played.to_act()).expect("someone acts");
        let stale = chooser.pick(&log).cloned();
        if let Some((other, action)) = stale {
            let attempt = played.apply(other, &action, &mut SeededChance::new(seed, step));
            match attempt {
                Err(_) => refusals += 1,
                Ok(_) => {
                    // Still legal: it is a real action of this game now.
                    log.push((other, action));
                    continue;
                }
            }
        }
        let action = chooser.pick(&played.legal(seat)).expect("legal").clone();
        played
            .apply(seat, &action, &mut SeededChance::new(seed, step))
            .map_err(|e| format!("legal {action:?} refused: {e}"))?;
        log.push((seat, action));
    }
    let mut replayed = start()?;
    for (n, (seat, action)) in log.iter().enumerate() {
        replayed
            .apply(*seat, action, &mut SeededChance::new(seed, n as u64 + 1))
            .map_err(|e| format!("logged action {} no longer applies: {e}", n + 1))?;
    }
    if everything(&played) != everything(&replayed) {
        return Err(format!(
            "{} game from seed {seed:?} does not replay from its log of {} actions",
            G::ID,
            log.len()
        ));
    }
    Ok((log.len() as u64, refusals))
}

/// Checks the contract between `to_act` and `legal`: a seat has legal
/// actions exactly when it is asked to act, and a finished game asks no one.
/// The clock's fallbacks keep it too: a seat's timeout action exists exactly
/// when it has legal actions and is one of them, and a rules deadline names
/// a legal action of a seat that is asked to act.
pub fn assert_turn_contract<G: Game>(game: &G) {
    let to_act = game.to_act();
    if game.outcome().is_some() {
        assert!(
            to_act.is_empty(),
            "finished game still asks {to_act:?} to act"
        );
    }
    for seat in 0..game.seats() as Seat {
        let legal = game.legal(seat);
        assert_eq!(
            to_act.contains(&seat),
            !legal.is_empty(),
            "seat {seat}: to_act = {to_act:?} but legal = {legal:?}"
        );
        let timeout = game.timeout_action(seat, &mut timeout_chance());
        assert_eq!(
            timeout.is_some(),
            !legal.is_empty(),
            "seat {seat}: timeout action {timeout:?} but legal = {legal:?}"
        );
        if let Some(action) = timeout {
            assert!(
                legal.contains(&action),
                "seat {seat}: timeout action {action:?} is not in legal = {legal:?}"
            );
        }
    }
    if let Some(deadline) = game.deadline() {
        assert!(
            game.legal(deadline.seat).contains(&deadline.action),
            "deadline action {:?} is not legal for seat {}",
            deadline.action,
            deadline.seat
        );
    }
}

/// Plays uniformly random legal actions (chosen with `choices`, the game's
/// own randomness drawn from `chance`) until the game ends or `max_steps`
/// actions were played. After every action `check` sees the game and the
/// whole event history. Panics if a legal action is refused or the turn
/// contract breaks. Returns the number of actions played.
pub fn random_playout<G: Game>(
    game: &mut G,
    events: &mut Vec<G::Event>,
    choices: &mut dyn Chance,
    chance: &mut dyn Chance,
    max_steps: usize,
    mut check: impl FnMut(&G, &[G::Event]),
) -> usize {
    for step in 0..max_steps {
        assert_turn_contract(game);
        if game.outcome().is_some() {
            return step;
        }
        let to_act = game.to_act();
        let seat = *choices
            .pick(&to_act)
            .expect("an unfinished game asks someone to act");
        let legal = game.legal(seat);
        let action = choices
            .pick(&legal)
            .expect("to_act seat has legal actions")
            .clone();
        match game.play(seat, &action, chance) {
            Ok(new) => events.extend(new),
            Err(e) => panic!("legal action {action:?} by seat {seat} refused: {e}\n{game:?}"),
        }
        check(game, events);
    }
    max_steps
}

/// A random game of `G` with `seats` players halfway through, as the server
/// holds it (an [`Engine`]), and the number of actions played: the table
/// the benches of one action start from. The deal and action n's chance
/// come from `seed` (stream 0 and n, as a room draws them); the choices are
/// fixed.
pub fn mid_game_table<G: Game>(seats: usize, seed: &[u8; 32]) -> (Engine<G>, u64) {
    let play = |steps: u64| {
        let players = vec![PlayerProfile::default(); seats];
        let (game, events) = G::start(
            &players,
            &G::Options::default(),
            &mut SeededChance::new(seed, 0),
        )
        .expect("starts");
        let mut table = Engine::new(G::ID, game, events);
        let mut choices = SeededChance::new(&[6; 32], 0);
        let chooser: &mut dyn Chance = &mut choices;
        let mut played = 0;
        while played < steps && table.outcome().is_none() {
            played += 1;
            let seat = *chooser.pick(&table.to_act()).expect("not over yet");
            let action = chooser.pick(&table.legal(seat)).expect("legal").clone();
            table
                .apply(seat, &action, &mut SeededChance::new(seed, played))
                .expect("legal actions apply");
        }
        (table, played)
    };
    let (_, length) = play(u64::MAX);
    play(length / 2)
}

/// Plays game `game` of `G` with `seats` players from the deal to its end,
/// every seat choosing uniformly among its legal actions, and checks
/// nothing on the way: the loop of a random bot or one Monte Carlo rollout,
/// for benches and simulations. `game` picks the seeds. Returns the
/// finished game and the number of actions.
pub fn fast_random_game<G: Game>(seats: usize, game: u64) -> (G, u32) {
    let mut seed = [0x3b; 32];
    seed[..8].copy_from_slice(&game.to_le_bytes());
    let players = vec![PlayerProfile::default(); seats];
    let (mut state, _) = G::start(
        &players,
        &G::Options::default(),
        &mut SeededChance::new(&seed, 0),
    )
    .expect("a random game starts");
    let mut choices = SeededChance::new(&seed, 1 << 40);
    let mut chance = SeededChance::new(&seed, 1 << 41);
    let chooser: &mut dyn Chance = &mut choices;
    let mut actions = 0;
    while state.outcome().is_none() {
        let seat = *chooser.pick(&state.to_act()).expect("someone acts");
        let action = chooser
            .pick(&state.legal(seat))
            .expect("a legal action")
            .clone();
        state
            .play(seat, &action, &mut chance)
            .expect("legal actions are accepted");
        actions += 1;
    }
    (state, actions)
}

/// A tiny game whose rules panic on one action, for testing the panic
/// boundary: seats take turns adding one or a die roll to a shared count;
/// `Explode`, never among the legal actions, is accepted by `check` and
/// panics in `apply`, as a bug would. The die makes it a game with
/// randomness in every other action, for the replay harness.
#[derive(Debug, Clone, PartialEq)]
pub struct Fragile {
    seats: usize,
    count: u32,
    turn: Seat,
}

/// An action of [`Fragile`].
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FragileAction {
    Add,
    Roll,
    Explode,
}

impl Fragile {
    pub fn count(&self) -> u32 {
        self.count
    }
}

impl Game for Fragile {
    type Options = ();
    type Action = FragileAction;
    type View = u32;
    type Event = u32;
    type EventView = u32;
    type Board = ();
    type Checked = FragileAction;

    const ID: &'static str = "fragile";

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID.to_owned(),
            name: "Fragile".to_owned(),
            min_seats: 1,
            max_seats: 4,
            join_questions: Vec::new(),
        }
    }
    fn validate_options(_: &(), _: usize) -> Result<(), SetupError> {
        Ok(())
    }
    fn start(
        players: &[PlayerProfile],
        options: &(),
        _: &mut dyn Chance,
    ) -> Result<(Self, Vec<u32>), SetupError> {
        Self::validate(options, players.len())?;
        let game = Fragile {
            seats: players.len(),
            count: 0,
            turn: 0,
        };
        Ok((game, Vec::new()))
    }
    fn board(&self) {}
    fn to_act(&self) -> Vec<Seat> {
        vec![self.turn]
    }
    fn legal(&self, seat: Seat) -> Vec<FragileAction> {
        if seat == self.turn {
            vec![FragileAction::Add, FragileAction::Roll]
        } else {
            Vec::new()
        }
    }
    fn check(&self, seat: Seat, action: &FragileAction) -> Result<FragileAction, RuleError> {
        if seat != self.turn {
            return Err(RuleError::NotYourTurn);
        }
        Ok(action.clone())
    }
    fn apply(&mut self, checked: FragileAction, chance: &mut dyn Chance) -> Vec<u32> {
        // Half done when it breaks: a panic must leave no trace of this.
        self.count += 1;
        match checked {
            FragileAction::Add => {}
            FragileAction::Roll => self.count += u32::from(chance.roll(6)) - 1,
            FragileAction::Explode => panic!("planted bug: Explode"),
        }
        self.turn = (self.turn + 1) % self.seats as Seat;
        vec![self.count]
    }
    fn view(&self, _: Viewer) -> u32 {
        self.count
    }
    fn event_view(event: &u32, _: Viewer) -> Option<u32> {
        Some(*event)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn seats(&self) -> usize {
        self.seats
    }
    /// Nothing is hidden: the count is the whole state.
    fn reveal(&self) -> Vec<Revealed> {
        Vec::new()
    }
}

/// A [`Fragile`] table for `seats` seats, as the catalog would start one.
pub fn fragile_table(seats: usize) -> Box<dyn Table> {
    let players = vec![PlayerProfile::default(); seats];
    let (game, events) =
        Fragile::start(&players, &(), &mut SeededChance::new(&[0; 32], 0)).expect("starts");
    Box::new(Engine::new(Fragile::ID, game, events))
}
