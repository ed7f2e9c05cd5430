//! Non-interference for Dilbert: nothing a viewer receives (view, legal
//! actions, every event as that viewer sees it) depends on a memo hidden
//! from it: another player's hand (unless an Information Services roll
//! showed it and it has not changed since), the memo deck (but for the top
//! three a Human Resources roll shows their roller), the consultant deck.
//! The shared harness swaps two hidden cards in random states, compares the
//! viewer's bytes, and plays on comparing every new event.

use cubicle_games::dilbert::Dilbert;
use cubicle_games::testing::{check_secrets, EventLeak, Planted, Secrets, Tally, ViewLeak};
use cubicle_games::{PlayerProfile, SeededChance};
use cubicle_protocol::dilbert::{Action, Options};

fn check_game<G>(g: u64, every: usize, tally: &mut Tally) -> Result<(), String>
where
    G: Secrets<Action = Action, Options = Options>,
{
    let seats = 3 + (g % 4) as usize;
    let mut seed = [0xd1; 32];
    seed[..8].copy_from_slice(&g.to_le_bytes());
    let start = G::start(
        &vec![PlayerProfile::default(); seats],
        &Options::default(),
        &mut SeededChance::new(&seed, 0),
    )
    .expect("starts");
    check_secrets(start, &seed, every, 400, |_, legal, _| legal, tally)
}

#[test]
fn no_viewer_can_tell_apart_games_that_differ_only_in_memos_hidden_from_it() {
    let mut tally = Tally::default();
    for g in 0..60 {
        if let Err(leak) = check_game::<Dilbert>(g, 4, &mut tally) {
            panic!("game {g}: {leak}");
        }
    }
    eprintln!("non-interference: {tally:?}");
    assert!(tally.states >= 1000, "{tally:?}");
    assert!(tally.swaps >= 4000, "{tally:?}");
    assert!(tally.continued >= 10000, "{tally:?}");
}

fn caught<G: Secrets<Action = Action, Options = Options>>() -> String {
    let mut tally = Tally::default();
    let caught = (0..30).find_map(|g| check_game::<G>(g, 3, &mut tally).err());
    caught.expect("the planted leak is found")
}

#[test]
fn the_harness_catches_a_view_that_depends_on_hidden_memos() {
    let leak = caught::<Planted<Dilbert, ViewLeak>>();
    assert!(leak.contains("sees the swap"), "{leak}");
}

#[test]
fn the_harness_catches_draws_shown_to_everyone() {
    let leak = caught::<Planted<Dilbert, EventLeak>>();
    assert!(leak.contains("tells the games apart"), "{leak}");
}
