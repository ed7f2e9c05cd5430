//! Non-interference: nothing a viewer receives (view, legal actions, every
//! event as that viewer sees it) depends on a card hidden from it.
//!
//! Across thousands of random states, for every seat and the spectator:
//! exchange two cards the viewer cannot see (in other hands, in the pile,
//! among others' face-down set-up cards, the card another player's OPERATOR
//! holds; never what the viewer has seen and still knows) and compare the
//! viewer's bytes; then keep playing the same actions on both copies for as
//! long as the exchanged cards stay hidden from that viewer, comparing the
//! new events too (this is what catches a draw event that leaks).
//! "Stay hidden" is decided independently of the view code: the two games
//! with every card hidden from the viewer masked out must be equal.
//!
//! The harness is checked against a deliberately leaky copy of the game.

mod office21_support;

use cubicle_games::chance::SeededChance;
use cubicle_games::office21::{Location, Office21};
use cubicle_games::testing::observed_bytes;
use cubicle_games::{Chance, Game, PlayerProfile, RuleError, SetupError, Viewer};
use cubicle_protocol::office21::{Action, Board, Card, Event, EventView, Options, View};
use cubicle_protocol::{GameInfo, Outcome, Seat};
use office21_support::*;

/// What the harness needs to move hidden cards.
trait Secretive:
    Game<Action = Action, Event = Event, Options = Options, EventView = EventView, View = View>
{
    fn inner(&self) -> &Office21;
    fn inner_mut(&mut self) -> &mut Office21;
}

impl Secretive for Office21 {
    fn inner(&self) -> &Office21 {
        self
    }
    fn inner_mut(&mut self) -> &mut Office21 {
        self
    }
}

/// Office 21 with one bug planted: draw events show the drawn cards to
/// everyone.
#[derive(Debug, Clone, PartialEq)]
struct LeakyDraws(Office21);

impl Secretive for LeakyDraws {
    fn inner(&self) -> &Office21 {
        &self.0
    }
    fn inner_mut(&mut self) -> &mut Office21 {
        &mut self.0
    }
}

impl Game for LeakyDraws {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type EventView = EventView;
    type Board = Board;
    const ID: &'static str = "office21-leaky";

    fn info() -> GameInfo {
        Office21::info()
    }
    fn validate_options(options: &Options, seats: usize) -> Result<(), SetupError> {
        Office21::validate_options(options, seats)
    }
    fn start(
        players: &[PlayerProfile],
        options: &Options,
        chance: &mut dyn Chance,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        Office21::start(players, options, chance).map(|(g, e)| (LeakyDraws(g), e))
    }
    fn board(&self) -> Board {
        self.0.board()
    }
    fn to_act(&self) -> Vec<Seat> {
        self.0.to_act()
    }
    fn legal(&self, seat: Seat) -> Vec<Action> {
        self.0.legal(seat)
    }
    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        chance: &mut dyn Chance,
    ) -> Result<Vec<Event>, RuleError> {
        self.0.apply(seat, action, chance)
    }
    fn view(&self, viewer: Viewer) -> View {
        self.0.view(viewer)
    }
    fn event_view(event: &Event, viewer: Viewer) -> Option<EventView> {
        match event {
            Event::Drew { seat, cards } => Some(EventView::Drew {
                seat: *seat,
                count: cards.len() as u8,
                cards: Some(cards.clone()),
            }),
            other => Office21::event_view(other, viewer),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
}

/// What `viewer` receives, as values: comparing these is comparing
/// [`observed_bytes`] (serialization is a function of them), only faster.
fn observed<G: Secretive>(
    game: &G,
    events: &[Event],
    viewer: Viewer,
) -> (View, Vec<Action>, Vec<Option<EventView>>) {
    let legal = viewer.seat().map(|s| game.legal(s)).unwrap_or_default();
    let log = events.iter().map(|e| G::event_view(e, viewer)).collect();
    (game.view(viewer), legal, log)
}

/// How much the harness compared.
#[derive(Debug, Default)]
struct Tally {
    states: usize,
    swaps: usize,
    continued: usize,
}

fn pick<'a, T>(chance: &mut SeededChance, items: &'a [T]) -> Option<&'a T> {
    let chance: &mut dyn Chance = chance;
    chance.pick(items)
}

/// Two hidden locations holding different cards, if there are any.
fn hidden_pair(
    game: &Office21,
    viewer: Viewer,
    rng: &mut SeededChance,
) -> Option<(Location, Location)> {
    let hidden = game.hidden_from(viewer);
    for _ in 0..12 {
        let a = *pick(rng, &hidden)?;
        let b = *pick(rng, &hidden)?;
        if game.card_at(a) != game.card_at(b) {
            return Some((a, b));
        }
    }
    None
}

/// Checks one state for one viewer: swap, compare, and play on.
fn check_swap<G: Secretive>(
    game: &G,
    events: &[Event],
    viewer: Viewer,
    rng: &mut SeededChance,
    tally: &mut Tally,
) -> Result<(), String> {
    let Some((a, b)) = hidden_pair(game.inner(), viewer, rng) else {
        return Ok(());
    };
    let mut other = game.clone();
    other.inner_mut().swap_cards(a, b);
    if game.inner().masked(viewer) != other.inner().masked(viewer) {
        return Err(format!(
            "{a:?} and {b:?} are not both hidden from {viewer:?}"
        ));
    }
    tally.swaps += 1;
    // Both copies share the history so far (`events`): only the view and
    // the legal actions can differ at this point.
    let _ = events;
    if observed_bytes(game, &[], viewer) != observed_bytes(&other, &[], viewer) {
        return Err(format!(
            "{viewer:?} sees the swap of {a:?} ({:?}) and {b:?} ({:?})",
            game.inner().card_at(a),
            game.inner().card_at(b)
        ));
    }
    let (mut x, mut y) = (game.clone(), other);
    let (mut new_x, mut new_y) = (Vec::new(), Vec::new());
    for k in 0..6u64 {
        if x.outcome().is_some() {
            break;
        }
        let Some(&seat) = pick(rng, &x.to_act()) else {
            break;
        };
        let legal_y = y.legal(seat);
        let common: Vec<Action> = x
            .legal(seat)
            .into_iter()
            .filter(|a| legal_y.contains(a))
            .collect();
        let Some(&action) = pick(rng, &common) else {
            break;
        };
        let seed = [k as u8; 32];
        let attempt = x.inner().setup_attempts();
        new_x.extend(
            x.apply(seat, &action, &mut SeededChance::new(&seed, k))
                .map_err(|e| format!("{action:?} refused: {e}"))?,
        );
        new_y.extend(
            y.apply(seat, &action, &mut SeededChance::new(&seed, k))
                .map_err(|e| format!("{action:?} refused in the copy: {e}"))?,
        );
        // Stop once the exchanged cards became visible to the viewer: they
        // are where it can see them, or they were revealed by the third
        // set-up round just before a restart reshuffled everything.
        if x.inner().masked(viewer) != y.inner().masked(viewer)
            || x.inner().setup_attempts() != attempt
        {
            break;
        }
        tally.continued += 1;
        if observed(&x, &new_x, viewer) != observed(&y, &new_y, viewer) {
            return Err(format!(
                "{viewer:?} tells the games apart {} actions after swapping {a:?} and {b:?}: \
                 after {action:?} by seat {seat}\n  a: {}\n  b: {}",
                k + 1,
                String::from_utf8_lossy(&observed_bytes(&x, &new_x, viewer)),
                String::from_utf8_lossy(&observed_bytes(&y, &new_y, viewer)),
            ));
        }
    }
    Ok(())
}

/// Plays random game `g` and checks every `every`-th state for every
/// viewer.
fn check_game<G: Secretive>(g: u64, every: usize, tally: &mut Tally) -> Result<(), String> {
    let seats = 2 + (g % 4) as usize;
    let mut seed = [0x5e; 32];
    seed[..8].copy_from_slice(&g.to_le_bytes());
    let (mut game, mut events) = G::start(
        &vec![PlayerProfile::default(); seats],
        &Options::default(),
        &mut SeededChance::new(&seed, 0),
    )
    .expect("starts");
    let mut choices = SeededChance::new(&seed, 1 << 40);
    let mut rng = SeededChance::new(&seed, 1 << 41);
    for step in 0..300u64 {
        if game.outcome().is_some() {
            break;
        }
        if (step as usize).is_multiple_of(every) {
            tally.states += 1;
            for viewer in Viewer::all(seats) {
                check_swap(&game, &events, viewer, &mut rng, tally)?;
            }
        }
        let seat = *pick(&mut choices, &game.to_act()).unwrap();
        let legal = game.legal(seat);
        // Mostly avoid TAXMANs, so that games last and reach every stage.
        let calm: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| *a != Action::Play { card: Card::Taxman })
            .collect();
        let options = if calm.is_empty() || step % 5 == 0 {
            legal
        } else {
            calm
        };
        let action = *pick(&mut choices, &options).unwrap();
        events.extend(
            game.apply(seat, &action, &mut SeededChance::new(&seed, step + 1))
                .expect("legal actions are accepted"),
        );
    }
    Ok(())
}

#[test]
fn no_viewer_can_tell_apart_games_that_differ_only_in_cards_hidden_from_it() {
    let mut tally = Tally::default();
    for g in 0..180 {
        if let Err(leak) = check_game::<Office21>(g, 3, &mut tally) {
            panic!("game {g}: {leak}");
        }
    }
    eprintln!("non-interference: {tally:?}");
    assert!(tally.states >= 2000, "{tally:?}");
    assert!(tally.swaps >= 8000, "{tally:?}");
    assert!(tally.continued >= 40000, "{tally:?}");
}

#[test]
fn the_harness_catches_draws_shown_to_everyone() {
    let mut tally = Tally::default();
    let caught = (0..60).find_map(|g| check_game::<LeakyDraws>(g, 3, &mut tally).err());
    let leak = caught.expect("the planted leak is found");
    assert!(leak.contains("tells the games apart"), "{leak}");
    assert!(leak.contains("\"drew\""), "{leak}");
}

#[test]
fn the_harness_sees_a_change_to_what_the_viewer_holds() {
    let play = Table::new(
        &[&[Sales], &[Manager]],
        &[&[Cleaner, Spy, Spy], &[Operator, Operator, Sales]],
        ANTON,
    )
    .pile_top(&[Director])
    .start();
    let pile_top = Location::Pile { depth: 0 };
    let antons = Location::Hand {
        seat: ANTON,
        index: 0,
    };
    for viewer in [Viewer::Seat(ANTON), Viewer::Seat(JACKY), Viewer::Spectator] {
        let mut other = play.game.clone();
        other.swap_cards(antons, pile_top);
        let hidden = play.game.hidden_from(viewer);
        let visible = viewer == Viewer::Seat(ANTON);
        assert_eq!(!hidden.contains(&antons), visible);
        assert_eq!(play.game.masked(viewer) != other.masked(viewer), visible);
        assert_eq!(
            observed_bytes(&play.game, &play.events, viewer)
                != observed_bytes(&other, &play.events, viewer),
            visible,
            "{viewer:?}"
        );
    }
}

/// What each viewer knows is excluded from what may be swapped: its hand,
/// its set-up choice, a pile top it put back, a hand its DIRECTOR looks at,
/// the card its OPERATOR holds.
#[test]
fn what_a_viewer_has_seen_is_not_hidden_from_it() {
    let mut play = Table::new(
        &[&[Sales], &[Manager], &[Cleaner]],
        &[
            &[Operator, Director, Spy],
            &[Spy, Sales, Sales],
            &[Spy, Spy, Sales],
        ],
        ANTON,
    )
    .pile_top(&[Boss])
    .start();
    play.play(ANTON, Operator);
    let holds = |play: &Play, viewer| {
        play.game
            .hidden_from(viewer)
            .contains(&Location::OperatorCard)
    };
    assert!(!holds(&play, Viewer::Seat(ANTON)));
    assert!(holds(&play, Viewer::Seat(JACKY)));
    play.act(ANTON, Action::Return { card: Boss });
    let top = Location::Pile { depth: 0 };
    assert!(!play.game.hidden_from(Viewer::Seat(ANTON)).contains(&top));
    assert!(play.game.hidden_from(Viewer::Seat(JACKY)).contains(&top));
    play.play(JACKY, Spy);
    play.play(CHRISTA, Spy);
    // Anton's hand is [Spy, Director]; he draws the BOSS he knows.
    play.play(ANTON, Director);
    play.act(ANTON, Action::Look { seat: JACKY });
    let jackys = Location::Hand {
        seat: JACKY,
        index: 0,
    };
    assert!(!play.game.hidden_from(Viewer::Seat(ANTON)).contains(&jackys));
    assert!(play
        .game
        .hidden_from(Viewer::Seat(CHRISTA))
        .contains(&jackys));
    assert!(!play.game.hidden_from(Viewer::Seat(JACKY)).contains(&jackys));
}
