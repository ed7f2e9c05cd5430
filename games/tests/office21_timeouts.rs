//! What the turn clock plays for an Office 21 seat whose time ran out (see
//! docs/games/office21.md, "Turn clock"). That it is always legal and
//! reveals nothing is checked over random games by the turn contract and
//! the non-interference tests (`cubicle_games::testing`).

mod office21_support;

use cubicle_games::chance::NoChance;
use cubicle_games::Game;
use cubicle_protocol::office21::{Action, Card::*};
use office21_support::*;

#[test]
fn set_up_puts_down_each_seats_lowest_profit_card() {
    let play = Play::start(
        2,
        deal(&[&[Director, Spy, Manager], &[Sales, Boss, Cleaner]], &[]),
    );
    assert_eq!(
        play.game.timeout_action(ANTON, &mut NoChance),
        Some(Action::Choose { card: Spy })
    );
    assert_eq!(
        play.game.timeout_action(JACKY, &mut NoChance),
        Some(Action::Choose { card: Cleaner })
    );
}

#[test]
fn a_turn_plays_the_lowest_profit_card_and_an_operator_keeps_what_it_saw() {
    let mut play = Table::new(
        &[&[Sales], &[Manager]],
        &[&[Operator, Director, Assistant], &[Spy, Sales]],
        ANTON,
    )
    .pile_top(&[Director, Cleaner])
    .start();
    assert_eq!(
        play.game.timeout_action(ANTON, &mut NoChance),
        Some(Action::Play { card: Operator })
    );
    assert_eq!(play.game.timeout_action(JACKY, &mut NoChance), None);
    play.play(ANTON, Operator);
    assert_eq!(
        play.game.timeout_action(ANTON, &mut NoChance),
        Some(Action::Keep { card: Director })
    );
}
