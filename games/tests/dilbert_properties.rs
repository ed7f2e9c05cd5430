//! Dilbert under thousands of random legal games with 3 to 6 players and
//! every card: every component is always somewhere exactly once (70
//! memos, 26 projects, 17 work tokens, 15 signatures, 18 consultants), no
//! token is in play more often than the box holds nor anywhere its kind
//! may not be, the turn contract holds, and every game ends within the
//! bound derived in `cubicle_games::dilbert`.

use cubicle_games::answers::Answer;
use cubicle_games::chance::SeededChance;
use cubicle_games::dilbert::{Dilbert, WORST_JOB};
use cubicle_games::testing::random_playout;
use cubicle_games::{Game, PlayerProfile};
use cubicle_protocol::dilbert::Options;

/// The Boss starts at 27 and moves at least 1 down every round (3, or 1
/// after Asleep at the Wheel); nobody is ever below -27, so the game ends
/// after round 54 at the latest.
const MAX_ROUNDS: u16 = 54;

/// Actions in one turn at most. Memos: a hand of six, plus what memos
/// draw in one turn (two Draw 2s, Unpaid Overtime, two steals, the Garbage
/// Man: 8), so 14 plays and as many discards; each of the five real-life
/// memos asks every seat; then a run, a move, two signatures, a decision,
/// a loaded die, the end, every seat's discard, pocket-change answer and
/// accusation.
fn turn_bound(seats: usize) -> usize {
    14 + 14 + 5 * seats + 7 + 3 * seats
}

fn step_bound(seats: usize) -> usize {
    // The vote and the picks, then the rounds.
    2 * seats + usize::from(MAX_ROUNDS) * seats * turn_bound(seats)
}

fn profiles(seats: usize, answered: usize) -> Vec<PlayerProfile> {
    (0..seats)
        .map(|s| {
            let p = PlayerProfile::default();
            if s < answered {
                p.with(WORST_JOB, Answer::Text(format!("job {s}")))
            } else {
                p
            }
        })
        .collect()
}

#[test]
fn random_games_account_for_everything_and_end_in_time() {
    let games = if cfg!(debug_assertions) {
        1_500
    } else {
        10_000
    };
    let mut longest = 0;
    for n in 0..games {
        let seats = 3 + n % 4;
        let seed = [(n % 251) as u8, (n / 251) as u8, 7, 3].repeat(8);
        let seed: [u8; 32] = seed.try_into().unwrap();
        let options = Options {
            choose_employees: n % 5 == 0,
            fixture: None,
        };
        let players = profiles(seats, n % (seats + 1));
        let (mut game, mut events) =
            Dilbert::start(&players, &options, &mut SeededChance::new(&seed, 0)).unwrap();
        game.assert_accounted();
        let mut choices = SeededChance::new(&seed, 1 << 40);
        let mut chance = SeededChance::new(&seed, 1 << 41);
        let steps = random_playout(
            &mut game,
            &mut events,
            &mut choices,
            &mut chance,
            step_bound(seats) + 1,
            |g: &Dilbert, _| g.assert_accounted(),
        );
        assert!(
            game.outcome().is_some(),
            "game {n} did not end in {steps} steps"
        );
        assert!(steps <= step_bound(seats));
        assert!(
            game.round() <= MAX_ROUNDS,
            "game {n}: {} rounds",
            game.round()
        );
        longest = longest.max(game.round());
    }
    assert!(
        longest >= 3,
        "games are suspiciously short: {longest} rounds"
    );
}
