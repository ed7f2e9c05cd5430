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

/// The issue's own wording of the response rule: for random states,
/// moving a response memo (World's Smartest Garbage Man, Return to
/// Sender...) from one hidden place to another (another hand, the deck)
/// changes neither a viewer's bytes nor the game's deadline (when a window
/// closes, for whom, with what: `observed_bytes` includes it), now or over
/// the next actions.
#[test]
fn where_a_response_memo_hides_changes_no_viewer_bytes_and_no_deadline() {
    use cubicle_games::dilbert::MemoPlace;
    use cubicle_games::testing::observed_bytes;
    use cubicle_games::{Chance, Game, Viewer};
    use cubicle_protocol::dilbert::Timing;

    let mut compared = 0;
    for g in 0..40u64 {
        let seats = 3 + (g % 4) as usize;
        let mut seed = [0x5e; 32];
        seed[..8].copy_from_slice(&g.to_le_bytes());
        let (mut game, _) = Dilbert::start(
            &vec![PlayerProfile::default(); seats],
            &Options::default(),
            &mut SeededChance::new(&seed, 0),
        )
        .unwrap();
        let board = game.board();
        let is_response = |m: u8| board.memos[usize::from(m)].timing == Timing::Response;
        let mut choices = SeededChance::new(&seed, 1);
        for step in 0..300u64 {
            if game.outcome().is_some() {
                break;
            }
            if step % 5 == 0 {
                for viewer in Viewer::all(seats) {
                    let hidden: Vec<MemoPlace> =
                        cubicle_games::testing::Secrets::hidden_from(&game, viewer)
                            .into_iter()
                            .filter(|p| !matches!(p, MemoPlace::ConsultantDeck { .. }))
                            .collect();
                    let mut probe = game.clone();
                    let responses: Vec<MemoPlace> = hidden
                        .iter()
                        .copied()
                        .filter(|&p| is_response(probe.card_at(p)))
                        .collect();
                    let others: Vec<MemoPlace> = hidden
                        .iter()
                        .copied()
                        .filter(|&p| !is_response(probe.card_at(p)))
                        .collect();
                    let (Some(&a), Some(&b)) = (
                        (&mut choices as &mut dyn Chance).pick(&responses),
                        (&mut choices as &mut dyn Chance).pick(&others),
                    ) else {
                        continue;
                    };
                    let mut moved = game.clone();
                    assert!(cubicle_games::testing::Secrets::swap(&mut moved, a, b));
                    assert_eq!(
                        observed_bytes(&game, &[], viewer),
                        observed_bytes(&moved, &[], viewer),
                        "game {g} step {step}: {viewer:?} sees a response memo move from {a:?} to {b:?}"
                    );
                    assert_eq!(
                        game.deadline().map(|d| (d.after_ms, d.seat, d.action)),
                        moved.deadline().map(|d| (d.after_ms, d.seat, d.action)),
                        "game {g} step {step}: the deadline depends on where a response memo is"
                    );
                    compared += 1;
                }
            }
            let chooser: &mut dyn Chance = &mut choices;
            let seat = *chooser.pick(&game.to_act()).unwrap();
            let action = *chooser.pick(&game.legal(seat)).unwrap();
            game.play(seat, &action, &mut SeededChance::new(&seed, step + 2))
                .unwrap();
        }
    }
    assert!(compared >= 1000, "only {compared} comparisons");
}
