//! Replay determinism for every game, through the server's path (the
//! type-erased `Table`, `SeededChance::new(seed, n)` for the `n`-th
//! accepted action): random games replay byte-identically from their seed
//! and action log, for every viewer, and refused actions tried along the
//! way shift no later draw. Osaki uses no randomness after the deal, and
//! Office 21's `apply` draws numbers only when a tied set-up starts over
//! (its cards come off a pile shuffled at the start); Dilbert rolls in
//! `apply` for every run and office chart; and `Fragile`, which
//! rolls a die in every other action, shows that the check bites.

use cubicle_games::dilbert::Dilbert;
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_games::testing::{check_replay, Fragile};
use cubicle_games::Game;

fn replays<G: Game>(games: u64, seats: impl Fn(u64) -> usize) {
    let (mut actions, mut refusals) = (0, 0);
    for g in 0..games {
        let mut seed = [0x7e; 32];
        seed[..8].copy_from_slice(&g.to_le_bytes());
        let (n, r) = check_replay::<G>(seats(g), &seed, 400).unwrap_or_else(|e| panic!("{e}"));
        actions += n;
        refusals += r;
    }
    // The property was exercised: long games, many refusals between them.
    assert!(actions > games * 10, "{actions} actions");
    assert!(refusals as u64 > games * 5, "{refusals} refusals");
}

#[test]
fn office21_games_replay_from_seed_and_log_despite_refusals() {
    replays::<Office21>(40, |g| 2 + (g % 4) as usize);
}

#[test]
fn osaki_games_replay_from_seed_and_log_despite_refusals() {
    replays::<Osaki>(40, |g| 2 + (g % 3) as usize);
}

#[test]
fn dilbert_games_replay_from_seed_and_log_despite_refusals() {
    // Dilbert rolls dice in `apply` (runs, office charts) and reshuffles
    // the project deck when it runs out.
    replays::<Dilbert>(30, |g| 3 + (g % 4) as usize);
}

#[test]
fn games_rolling_dice_in_apply_replay_from_seed_and_log_despite_refusals() {
    replays::<Fragile>(40, |g| 1 + (g % 4) as usize);
}
