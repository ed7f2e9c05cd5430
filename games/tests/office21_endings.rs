//! Office 21 eliminations and endings: record-breaking profits in and out
//! of turn (and chained), the last player standing, full employment with
//! and without a TAXMAN, successful operations, ties, and the stalemate.

mod office21_support;

use cubicle_protocol::office21::{
    Action, EndedBy, EventView, PassReason, Profit, TieBreak, Victory,
};
use office21_support::*;

fn eliminated_in(events: &[EventView]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            EventView::Eliminated { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------ eliminations

/// Ruling 6: any player other than the active one is eliminated the moment
/// their profit exceeds 21, e.g. a SECRETARY turned up when the BOSS leaves.
#[test]
fn a_secretary_turned_up_out_of_turn_eliminates_its_owner_at_once() {
    let mut play = Table::new(
        &[
            &[Operator],
            &[Boss],
            &[Secretary, Director, Director, Operator, Cleaner],
            &[Sales],
        ],
        &[&[Cleaner, Spy, Spy], &[Spy], &[Spy, Sales], &[Manager]],
        ANTON,
    )
    .start();
    assert_eq!(play.profit(CHRISTA), 15.5);
    play.play(ANTON, Cleaner);
    let events = play.act(
        ANTON,
        Action::Remove {
            card: play.id(JACKY, Boss),
        },
    );
    assert!(events.iter().any(|e| matches!(e,
        EventView::Eliminated { seat: CHRISTA, profit: Profit(43), hand, office }
            if *hand == vec![Spy, Sales] && office.len() == 5 && office[0].face_up)));
    assert!(play.eliminated(CHRISTA));
    assert!(play.office(CHRISTA).is_empty());
    assert_eq!(play.spectator().players[2].hand, 0);
    let discard = play.spectator().discard;
    assert_eq!(discard.len(), 1 + 2 + 5, "BOSS, Christa's hand and office");
    assert_eq!(play.turn(), JACKY);
    play.play(JACKY, Spy);
    assert_eq!(play.turn(), DORIS, "Christa's turn is skipped");
}

/// Ruling 6: eliminations chain. Anton goes above 21 at step 4; his BOSS
/// goes to the discard pile, Jacky's SECRETARY turns up and Jacky goes too.
#[test]
fn eliminations_chain_when_an_eliminated_players_boss_frees_a_secretary() {
    let mut play = Table::new(
        &[
            &[Boss, Director, Director, Manager],
            &[Secretary, Director, Director, Sales],
            &[Cleaner],
            &[Operator],
        ],
        &[&[Manager, Spy, Spy], &[Spy], &[Spy], &[Spy]],
        ANTON,
    )
    .start();
    assert_eq!((play.profit(ANTON), play.profit(JACKY)), (18.0, 17.0));
    let events = play.play(ANTON, Manager);
    assert_eq!(eliminated_in(&events), vec![ANTON, JACKY]);
    assert!(events.iter().any(|e| matches!(e,
        EventView::TurnedUp { seat: JACKY, card } if card.card == Secretary)));
    assert_eq!(play.turn(), CHRISTA);
    assert_eq!(play.ending(), None);
    assert_eq!(
        play.spectator().stall_limit,
        6,
        "three rounds of the two left"
    );
}

/// Strategic management: the last player standing wins at once, even in
/// the middle of their own turn.
#[test]
fn the_last_player_standing_wins_at_once() {
    let mut play = Table::new(
        &[
            &[Boss, Sales],
            &[Secretary, Director, Director, Operator, Cleaner],
        ],
        &[&[Cleaner, Spy, Spy], &[Spy]],
        ANTON,
    )
    .start();
    play.play(ANTON, Cleaner);
    play.act(
        ANTON,
        Action::Remove {
            card: play.id(ANTON, Boss),
        },
    );
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::RecordBreakingProfits);
    assert_eq!(ending.victory, Victory::StrategicManagement);
    assert_eq!(ending.winners, vec![ANTON]);
}

#[test]
fn the_other_player_wins_when_the_active_one_breaks_the_record() {
    let mut play = Table::new(
        &[&[Director, Director, Manager, Cleaner], &[Sales]],
        &[&[Manager, Spy, Spy], &[Spy]],
        ANTON,
    )
    .start();
    play.play(ANTON, Manager);
    let ending = play.ended();
    assert_eq!(ending.victory, Victory::StrategicManagement);
    assert_eq!(ending.winners, vec![JACKY]);
}

#[test]
fn turn_order_and_the_audit_countdown_skip_eliminated_players() {
    let mut play = Table::new(
        &[&[Cleaner], &[], &[Sales], &[Operator, Taxman]],
        &[&[Spy, Spy, Spy], &[], &[Spy, Sales, Sales], &[Manager]],
        ANTON,
    )
    .eliminated(&[JACKY])
    .start();
    let audit = play.spectator().audit.unwrap();
    assert_eq!((audit.holder, audit.turns_before), (DORIS, 1));
    play.play(ANTON, Spy);
    assert_eq!(play.turn(), CHRISTA, "Jacky is out");
    let audit = play.spectator().audit.unwrap();
    assert_eq!((audit.holder, audit.turns_before), (DORIS, 0));
    play.play(CHRISTA, Spy);
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::TaxAudit);
    assert_eq!(ending.winners, vec![ANTON]);
}

// --------------------------------------------------------- full employment

/// Ruling 7.4: the pile cannot refill a hand and no TAXMAN is in play: the
/// game ends at once; highest profit wins, ties go to who reached it first.
#[test]
fn full_employment_without_a_taxman_ends_at_once_and_the_first_to_reach_the_highest_profit_wins() {
    let mut play = Table::new(
        &[&[Sales], &[Director, Manager], &[Director, Sales]],
        &[&[Spy, Spy], &[Spy], &[Operator, Spy, Spy]],
        CHRISTA,
    )
    .pile_top(&[Cleaner])
    .rest_discarded()
    .start();
    play.play(CHRISTA, Operator);
    let events = play.act(CHRISTA, Action::Keep { card: Cleaner });
    assert!(events.contains(&EventView::FullEmployment {
        seat: ANTON,
        taxman_in_play: false
    }));
    assert_eq!(play.profit(JACKY), 11.0);
    assert_eq!(play.profit(CHRISTA), 11.0);
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::FullEmployment);
    assert_eq!(ending.victory, Victory::LargeProfits);
    assert_eq!(ending.winners, vec![JACKY]);
    assert_eq!(ending.tie_break, Some(TieBreak::ReachedFirst));
    assert_eq!(play.game_reason(), "large_profits");
}

#[test]
fn full_employment_with_a_player_at_21_is_won_by_successful_operations() {
    let mut play = Table::new(
        &[&[Sales], &[Director, Director, Director], &[Manager]],
        &[&[Spy], &[Spy], &[Spy]],
        ANTON,
    )
    .rest_discarded()
    .start();
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::FullEmployment);
    assert_eq!(ending.victory, Victory::SuccessfulOperations);
    assert_eq!(ending.winners, vec![JACKY]);
    assert_eq!(ending.tie_break, None);
    assert!(play.try_act(ANTON, Action::Play { card: Spy }).is_err());
}

#[test]
fn ties_that_survive_every_tie_break_share_the_victory() {
    let play = Table::new(
        &[&[Sales], &[Director, Manager], &[Director, Manager]],
        &[&[Spy], &[Spy], &[Spy]],
        ANTON,
    )
    .rest_discarded()
    .start();
    let ending = play.ended();
    assert_eq!(ending.winners, vec![JACKY, CHRISTA]);
    assert_eq!(ending.tie_break, Some(TieBreak::Shared));
}

/// Ruling 7.4 with a TAXMAN: play goes on without refills, a player with
/// an empty hand passes, and the audit decides.
#[test]
fn with_a_taxman_in_play_the_game_goes_on_without_refills_until_the_audit() {
    let mut play = Table::new(
        &[&[Cleaner, Spy], &[Director], &[Taxman, Manager]],
        &[&[Spy], &[], &[Spy, Sales]],
        ANTON,
    )
    .pile_top(&[Sales])
    .rest_discarded()
    .start();
    assert!(play
        .log(cubicle_games::Viewer::Spectator)
        .contains(&EventView::FullEmployment {
            seat: ANTON,
            taxman_in_play: true
        }));
    let view = play.spectator();
    assert!(view.exhausted);
    assert_eq!(view.pile, 0);
    assert_eq!(
        play.hand(ANTON),
        vec![Spy, Sales],
        "the last card was drawn"
    );
    let events = play.play(ANTON, Spy);
    assert!(events.contains(&EventView::Passed {
        seat: JACKY,
        reason: PassReason::EmptyHand
    }));
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::TaxAudit);
    assert_eq!(ending.victory, Victory::CreativeAccounting);
    assert_eq!(ending.winners, vec![ANTON]);
}

#[test]
fn a_lone_boss_in_hand_passes_while_the_other_boss_is_in_play() {
    let mut play = Table::new(
        &[&[Cleaner], &[Boss], &[Taxman, Manager]],
        &[&[Boss], &[Spy, Spy], &[Spy, Sales]],
        ANTON,
    )
    .rest_discarded()
    .start();
    let log = play.log(cubicle_games::Viewer::Spectator);
    assert!(log.contains(&EventView::Passed {
        seat: ANTON,
        reason: PassReason::OnlyBoss
    }));
    assert_eq!(play.turn(), JACKY);
    play.play(JACKY, Spy);
    assert_eq!(play.ended().ended_by, EndedBy::TaxAudit);
}

/// Ruling 5: after exhaustion, a TAXMAN leaving play ends the game at once
/// by full employment (large profits).
#[test]
fn a_taxman_removed_after_exhaustion_ends_the_game_by_full_employment() {
    let mut play = Table::new(
        &[&[Spy], &[Taxman, Sales], &[Director, Cleaner]],
        &[&[Cleaner], &[], &[]],
        ANTON,
    )
    .rest_discarded()
    .start();
    assert!(play.spectator().exhausted);
    play.play(ANTON, Cleaner);
    let events = play.act(
        ANTON,
        Action::Remove {
            card: play.id(JACKY, Taxman),
        },
    );
    assert!(events.contains(&EventView::AuditCancelled { holder: JACKY }));
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::FullEmployment);
    assert_eq!(ending.victory, Victory::LargeProfits);
    assert_eq!(ending.winners, vec![CHRISTA]);
}

/// The same when the TAXMAN's holder is eliminated out of turn: a chain
/// from a BOSS leaving to the end of the game.
#[test]
fn an_eliminated_taxman_holder_after_exhaustion_ends_the_game() {
    let mut play = Table::new(
        &[
            &[Spy],
            &[Secretary, Director, Director, Taxman, Cleaner, Operator],
            &[Boss, Sales],
        ],
        &[&[Cleaner], &[], &[]],
        ANTON,
    )
    .rest_discarded()
    .start();
    play.play(ANTON, Cleaner);
    let events = play.act(
        ANTON,
        Action::Remove {
            card: play.id(CHRISTA, Boss),
        },
    );
    assert_eq!(eliminated_in(&events), vec![JACKY]);
    assert!(events.contains(&EventView::AuditCancelled { holder: JACKY }));
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::FullEmployment);
    assert_eq!(ending.winners, vec![CHRISTA]);
}

// --------------------------------------------------- successful operations

#[test]
fn a_player_no_longer_at_21_when_his_turn_comes_plays_on() {
    let mut play = Table::new(
        &[&[Cleaner], &[Director, Director, Sales], &[Operator]],
        &[
            &[Spy, Operator, Operator],
            &[Manager, Spy, Spy],
            &[Sales, Spy, Spy],
        ],
        JACKY,
    )
    .start();
    play.play(JACKY, Manager);
    assert_eq!(play.profit(JACKY), 21.0);
    play.play(CHRISTA, Sales);
    assert_eq!(
        play.legal(CHRISTA),
        vec![
            Action::Swap {
                card: play.id(ANTON, Cleaner)
            },
            Action::Swap {
                card: play.id(JACKY, Manager)
            }
        ]
    );
    play.act(
        CHRISTA,
        Action::Swap {
            card: play.id(JACKY, Manager),
        },
    );
    assert_eq!(play.profit(JACKY), 20.0);
    play.play(ANTON, Spy);
    assert_eq!(play.ending(), None);
    assert_eq!(play.turn(), JACKY);
}

// --------------------------------------------------------------- stalemate

/// Two players trading ASSISTANTs back and forth would play forever: after
/// three rounds in which every turn only took a card back, the game ends
/// (an online rule, docs/games/office21.md) and is decided like full
/// employment.
#[test]
fn three_rounds_of_only_taking_cards_back_end_the_game_by_stalemate() {
    let mut play = Table::new(
        &[&[Assistant, Sales], &[Assistant, Manager]],
        &[&[Assistant, Spy, Spy], &[Assistant, Spy, Spy]],
        ANTON,
    )
    .start();
    let trade = |play: &mut Play| {
        let seat = play.turn();
        let before = play.ids(seat, Assistant)[0];
        play.play(seat, Assistant);
        play.act(seat, Action::TakeBack { card: before });
    };
    for turn in 1..=5 {
        trade(&mut play);
        assert_eq!(play.spectator().idle_turns, turn);
        assert_eq!(play.ending(), None);
    }
    // A real move resets the count.
    let mut reset = play.clone();
    reset.play(JACKY, Spy);
    assert_eq!(reset.spectator().idle_turns, 0);

    trade(&mut play);
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::Stalemate);
    assert_eq!(ending.victory, Victory::LargeProfits);
    assert_eq!(ending.winners, vec![JACKY]);
}

trait Reason {
    fn game_reason(&self) -> String;
}

impl Reason for Play {
    fn game_reason(&self) -> String {
        use cubicle_games::Game;
        self.game.outcome().expect("over").reason
    }
}
