//! Every game's [`Sampler`]: in random reachable states, for every seat,
//! each game sampled from the seat's view shows that seat exactly that
//! view (compared as the JSON the seat is sent), and offers the seat the
//! same legal actions (in Dilbert, at least the same: see below).

use cubicle_games::bots::Sampler;
use cubicle_games::dilbert::Dilbert;
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_games::{Chance, PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::Seat;

/// What [`check_samples`] checked.
#[derive(Debug, Default)]
struct Checked {
    views: usize,
    samples: usize,
    /// Views the sampler declined (Dilbert before the first turn).
    declined: usize,
    /// Samples whose hidden parts differ from the real game's: the sampler
    /// does draw what it cannot see.
    differed: usize,
}

/// Plays `games` random games of `G` (seat counts cycling) and, every
/// `every` actions, samples `per_view` games from each seat's view.
fn check_samples<G: Sampler>(games: u64, every: u64, per_view: u32) -> Checked {
    let info = G::info();
    let counts: Vec<usize> = (usize::from(info.min_seats)..=usize::from(info.max_seats)).collect();
    let mut checked = Checked::default();
    for g in 0..games {
        let mut seed = [0x5a; 32];
        seed[..8].copy_from_slice(&g.to_le_bytes());
        let players = vec![PlayerProfile::default(); counts[g as usize % counts.len()]];
        let (mut game, _) = G::start(
            &players,
            &G::Options::default(),
            &mut SeededChance::new(&seed, 0),
        )
        .expect("starts");
        let mut moves = SeededChance::new(&seed, 1 << 40);
        let mut draws = SeededChance::new(&seed, 1 << 41);
        let mut step = 0u64;
        while game.outcome().is_none() {
            if step.is_multiple_of(every) {
                for seat in 0..game.seats() as Seat {
                    check_view(&game, seat, per_view, &mut draws, &mut checked);
                }
            }
            let rng: &mut dyn Chance = &mut moves;
            let seat = *rng.pick(&game.to_act()).expect("someone acts");
            let action = rng.pick(&game.legal(seat)).expect("legal").clone();
            game.play(seat, &action, &mut SeededChance::new(&seed, step + 1))
                .expect("legal actions are accepted");
            step += 1;
        }
    }
    checked
}

fn check_view<G: Sampler>(
    game: &G,
    seat: Seat,
    per_view: u32,
    draws: &mut SeededChance,
    checked: &mut Checked,
) {
    let viewer = Viewer::Seat(seat);
    let view = game.view(viewer);
    let json = serde_json::to_string(&view).expect("serializes");
    let legal = game.legal(seat);
    checked.views += 1;
    for _ in 0..per_view {
        let sample = match G::sample(&view, seat, draws) {
            Ok(sample) => sample,
            Err(_) if G::ID == "dilbert" && !json.contains("\"stage\":\"turn\"") => {
                checked.declined += 1;
                return;
            }
            Err(e) => panic!("{}: seat {seat} cannot sample {json}: {e}", G::ID),
        };
        let seen = serde_json::to_string(&sample.view(viewer)).expect("serializes");
        assert_eq!(seen, json, "{}: seat {seat}'s view of its sample", G::ID);
        let offered = sample.legal(seat);
        if G::ID == "dilbert" {
            // What happened to a seat since its last turn (who sent it a
            // memo) is in no view, only in which Response memos its legal
            // actions offer; the sampler assumes everything happened, so
            // a sample offers every real action and perhaps more targets.
            let missing: Vec<_> = legal.iter().filter(|a| !offered.contains(a)).collect();
            assert!(
                missing.is_empty(),
                "dilbert: seat {seat} cannot {missing:?}"
            );
        } else {
            assert_eq!(offered, legal, "{}: seat {seat}'s legal actions", G::ID);
        }
        checked.samples += 1;
        if sample != *game {
            checked.differed += 1;
        }
    }
}

fn assert_checked(game: &str, checked: Checked, samples: usize) {
    eprintln!("{game}: {checked:?}");
    assert!(checked.samples >= samples, "{game}: only {checked:?}");
    // Hidden parts are drawn, not copied: most samples differ from the game.
    assert!(
        checked.differed * 2 >= checked.samples,
        "{game}: {checked:?}"
    );
}

#[test]
fn osaki_samples_show_each_seat_its_own_view() {
    assert_checked("osaki", check_samples::<Osaki>(200, 3, 3), 5_000);
}

#[test]
fn office21_samples_show_each_seat_its_own_view() {
    assert_checked("office21", check_samples::<Office21>(200, 3, 3), 5_000);
}

#[test]
fn dilbert_samples_show_each_seat_its_own_view() {
    assert_checked("dilbert", check_samples::<Dilbert>(40, 5, 2), 5_000);
}
