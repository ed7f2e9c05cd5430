//! Non-interference: nothing a viewer receives (view, legal actions, every
//! event as that viewer sees it) depends on a card hidden from it.
//!
//! Across thousands of random states, for every seat and the spectator, the
//! harness (`cubicle_games::testing::check_secrets`) exchanges two cards the
//! viewer cannot see (in other hands, in the pile, among others' face-down
//! set-up cards, the card another player's OPERATOR holds; never what the
//! viewer has seen and still knows) and compares the viewer's bytes; then it
//! keeps playing the same actions on both copies for as long as the
//! exchanged cards stay hidden from that viewer, comparing the new events
//! too (this is what catches a draw event that leaks). Which cards are
//! hidden is Office 21's `Secrets` implementation, decided from the state.
//!
//! The harness is checked against planted leaks in `view`, `legal` and
//! `event_view`.

mod office21_support;

use cubicle_games::office21::{Location, Office21};
use cubicle_games::testing::{
    check_secrets, observed_bytes, EventLeak, LegalLeak, Planted, Secrets, Tally, ViewLeak,
};
use cubicle_games::{PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::office21::{Action, Card, Options};
use office21_support::*;

/// Plays random game `g` of `G` (Office 21, or Office 21 with a leak) and
/// checks every `every`-th state for every viewer.
fn check_game<G>(g: u64, every: usize, tally: &mut Tally) -> Result<(), String>
where
    G: Secrets<Action = Action, Options = Options>,
{
    let seats = 2 + (g % 4) as usize;
    let mut seed = [0x5e; 32];
    seed[..8].copy_from_slice(&g.to_le_bytes());
    let start = G::start(
        &vec![PlayerProfile::default(); seats],
        &Options::default(),
        &mut SeededChance::new(&seed, 0),
    )
    .expect("starts");
    check_secrets(
        start,
        &seed,
        every,
        300,
        |_, legal, step| {
            // Mostly avoid TAXMANs, so that games last and reach every stage.
            let calm: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Play { card: Card::Taxman })
                .collect();
            if calm.is_empty() || step % 5 == 0 {
                legal
            } else {
                calm
            }
        },
        tally,
    )
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

/// The first leak the harness reports in up to 60 random games of `G`.
fn caught<G: Secrets<Action = Action, Options = Options>>() -> String {
    let mut tally = Tally::default();
    let caught = (0..60).find_map(|g| check_game::<G>(g, 3, &mut tally).err());
    caught.expect("the planted leak is found")
}

#[test]
fn the_harness_catches_a_view_that_depends_on_hidden_cards() {
    let leak = caught::<Planted<Office21, ViewLeak>>();
    assert!(leak.contains("sees the swap"), "{leak}");
}

#[test]
fn the_harness_catches_legal_actions_that_depend_on_hidden_cards() {
    // Caught at the swap or a few actions later, when the leaky order is
    // of a longer list.
    let leak = caught::<Planted<Office21, LegalLeak>>();
    assert!(
        leak.contains("sees the swap") || leak.contains("tells the games apart"),
        "{leak}"
    );
}

#[test]
fn the_harness_catches_events_shown_whole_to_everyone() {
    let leak = caught::<Planted<Office21, EventLeak>>();
    assert!(leak.contains("tells the games apart"), "{leak}");
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
