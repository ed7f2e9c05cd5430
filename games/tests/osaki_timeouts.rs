//! What the turn clock plays for an Osaki seat whose time ran out (see
//! docs/games/osaki.md, "Turn clock"): a random unturned tile of its own.

use cubicle_games::osaki::Osaki;
use cubicle_games::{Game, PlayerProfile, SeededChance};
use cubicle_protocol::osaki::{Action, Options};

#[test]
fn a_timed_out_player_turns_one_of_their_own_tiles_chosen_at_random() {
    let (game, _) = Osaki::start(
        &vec![PlayerProfile::default(); 3],
        &Options::default(),
        &mut SeededChance::new(&[5; 32], 0),
    )
    .unwrap();
    let seat = game.to_act()[0];
    let mut slots = std::collections::BTreeSet::new();
    for stream in 0..64 {
        match game.timeout_action(seat, &mut SeededChance::new(&[1; 32], stream)) {
            Some(Action::Turn { slot }) => slots.insert(slot),
            other => panic!("expected a turn, got {other:?}"),
        };
    }
    assert!(slots.len() > 1, "the tile is drawn, not fixed: {slots:?}");
    let others: Vec<_> = (0..3).filter(|&s| s != seat).collect();
    for other in others {
        assert_eq!(
            game.timeout_action(other, &mut SeededChance::new(&[1; 32], 0)),
            None
        );
    }
}
