//! Every worked example of the Office 21 rulebook, staged with fixtures.
//! Players are named by seat as in the book: Anton 0, Jacky 1, Christa 2,
//! Doris 3 (clockwise).

mod office21_support;

use cubicle_protocol::office21::{Action, Decision, EndedBy, EventView, Stage, TieBreak, Victory};
use office21_support::*;

// ------------------------------------------------------------------ set-up

/// "The CLEANER has the lowest profit (0.5 millions) of the four employees
/// that have been played. Thus Anton gets the first turn." The same figure
/// has both BOSSes in play: when the game starts both are discarded.
#[test]
fn anton_starts_with_the_lowest_card_and_both_bosses_are_discarded() {
    let mut play = Play::start(
        4,
        deal(
            &[
                &[Cleaner, Spy, Sales],
                &[Boss, Manager, Operator],
                &[Boss, Sales, Operator],
                &[Manager, Spy, Sales],
            ],
            &[Assistant],
        ),
    );
    play.choose(ANTON, Cleaner);
    play.choose(JACKY, Boss);
    play.choose(CHRISTA, Boss);
    let events = play.choose(DORIS, Manager);

    assert!(matches!(&events[..], [
        EventView::Chose { seat: DORIS, .. },
        EventView::Revealed { round: 1, cards },
        EventView::StartPlayer { seat: ANTON, .. },
        EventView::BossesDiscarded { cards: bosses },
        EventView::TurnBegan { seat: ANTON },
        EventView::Drew { seat: ANTON, count: 1, .. },
    ] if cards.len() == 4 && bosses.len() == 2));
    let view = play.spectator();
    assert_eq!(view.start_player, Some(ANTON));
    assert_eq!(play.turn(), ANTON);
    assert_eq!(view.discard, vec![Boss, Boss]);
    assert_eq!(play.office(ANTON), ["cleaner"]);
    assert!(play.office(JACKY).is_empty());
    assert!(play.office(CHRISTA).is_empty());
    assert_eq!(play.office(DORIS), ["manager"]);
    assert_eq!(play.hand(ANTON), vec![Spy, Assistant, Sales]);
}

/// Both BOSSes and one SECRETARY in set-up: the SECRETARY turns face down
/// and its owner chooses which BOSS loves her; when play begins the BOSSes
/// are discarded and the SECRETARY turns face up.
#[test]
fn both_bosses_are_discarded_at_the_start_and_the_secretary_turns_face_up() {
    let mut play = Play::start(
        4,
        deal(
            &[
                &[Cleaner, Spy, Sales],
                &[Boss, Sales, Operator],
                &[Boss, Spy, Operator],
                &[Secretary, Manager, Spy],
            ],
            &[],
        ),
    );
    play.choose(ANTON, Cleaner);
    play.choose(JACKY, Boss);
    play.choose(CHRISTA, Boss);
    play.choose(DORIS, Secretary);

    // Doris decides which BOSS is turned face down with her SECRETARY.
    assert_eq!(play.to_act(), vec![DORIS]);
    let (jackys, christas) = (play.id(JACKY, Boss), play.id(CHRISTA, Boss));
    assert_eq!(
        play.legal(DORIS),
        vec![
            Action::Love { card: jackys },
            Action::Love { card: christas }
        ]
    );
    assert_eq!(play.office(DORIS), ["-secretary"]);
    play.act(DORIS, Action::Love { card: jackys });
    assert_eq!(play.office(JACKY), ["-boss"]);
    assert_eq!(play.office(CHRISTA), ["boss"]);

    // Jacky and Doris tie at 0 (face-down cards count nothing): everyone
    // plays a second card.
    let Stage::SetUp {
        round: 2, waiting, ..
    } = play.spectator().stage
    else {
        panic!("a second round")
    };
    assert_eq!(waiting, vec![ANTON, JACKY, CHRISTA, DORIS]);
    play.choose(ANTON, Spy);
    play.choose(JACKY, Sales);
    play.choose(CHRISTA, Spy);
    let events = play.choose(DORIS, Manager);
    assert!(events.contains(&EventView::StartPlayer {
        seat: ANTON,
        totals: vec![profit(0.5), profit(3.0), profit(8.5), profit(4.0)],
    }));
    assert!(events
        .iter()
        .any(|e| matches!(e, EventView::TurnedUp { seat: DORIS, card } if card.card == Secretary)));
    assert_eq!(play.spectator().discard, vec![Boss, Boss]);
    assert_eq!(play.office(DORIS), ["secretary", "manager"]);
    assert_eq!(play.profit(DORIS), 10.0);
    assert_eq!(play.turn(), ANTON);
}

fn profit(millions: f64) -> cubicle_protocol::office21::Profit {
    cubicle_protocol::office21::Profit::from_halves((millions * 2.0) as u16)
}

// --------------------------------------------------------------- ASSISTANT

/// "Anton has no cards in his office. He plays an ASSISTANT [...] Anton can
/// play the ASSISTANT, although there is no matching target for its
/// effect." (Ruling 1: the ASSISTANT is not its own target.)
#[test]
fn an_assistant_in_an_empty_office_has_no_target() {
    let mut play = Table::new(
        &[&[], &[Manager]],
        &[&[Assistant, Spy, Sales], &[Spy, Spy, Sales]],
        ANTON,
    )
    .start();
    assert!(play
        .legal(ANTON)
        .contains(&Action::Play { card: Assistant }));
    let events = play.play(ANTON, Assistant);
    assert!(events.contains(&EventView::NoTarget {
        seat: ANTON,
        card: Assistant
    }));
    assert_eq!(play.office(ANTON), ["assistant"]);
    assert_eq!(play.hand(ANTON), vec![Spy, Sales]);
    assert_eq!(play.turn(), JACKY);
}

/// "If Anton had a DIRECTOR (and no other card) in his office he would still
/// be allowed to play the ASSISTANT. The DIRECTOR would stay in Anton's
/// office."
#[test]
fn an_assistant_cannot_take_back_a_director() {
    let mut play = Table::new(
        &[&[Director], &[Manager]],
        &[&[Assistant, Spy, Sales], &[Spy, Spy, Sales]],
        ANTON,
    )
    .start();
    let events = play.play(ANTON, Assistant);
    assert!(events.contains(&EventView::NoTarget {
        seat: ANTON,
        card: Assistant
    }));
    assert_eq!(play.office(ANTON), ["director", "assistant"]);
    assert_eq!(play.turn(), JACKY);
}

// ------------------------------------------------------- SECRETARY and BOSS

/// Anton and Jacky play SECRETARYs; Christa's BOSS turns face down and she
/// chooses Jacky's SECRETARY; Doris's CLEANER removes it: the BOSS stays
/// face down and Anton's SECRETARY turns face down.
#[test]
fn the_boss_falls_for_the_other_secretary_when_his_love_is_removed() {
    let mut play = Table::new(
        &[&[Spy], &[Operator], &[Cleaner], &[Sales]],
        &[
            &[Secretary, Operator, Operator],
            &[Secretary, Operator, Operator],
            &[Boss, Operator, Assistant],
            &[Cleaner, Assistant, Assistant],
        ],
        ANTON,
    )
    .start();
    play.play(ANTON, Secretary);
    play.play(JACKY, Secretary);
    assert_eq!(play.office(ANTON), ["spy", "secretary"]);
    assert_eq!(play.office(JACKY), ["operator", "secretary"]);

    play.play(CHRISTA, Boss);
    assert_eq!(play.office(CHRISTA), ["cleaner", "-boss"]);
    let (antons, jackys) = (play.id(ANTON, Secretary), play.id(JACKY, Secretary));
    let Stage::Turn {
        seat: CHRISTA,
        decision: Decision::Love { choice },
    } = play.spectator().stage
    else {
        panic!("Christa chooses whom her BOSS loves")
    };
    assert_eq!(choice.options, vec![antons, jackys]);
    play.act(CHRISTA, Action::Love { card: jackys });
    assert_eq!(play.office(ANTON), ["spy", "secretary"]);
    assert_eq!(play.office(JACKY), ["operator", "-secretary"]);
    assert_eq!(play.profit(CHRISTA), 0.5);

    play.play(DORIS, Cleaner);
    let events = play.act(DORIS, Action::Remove { card: jackys });
    assert!(events.contains(&EventView::TurnedDown {
        seat: ANTON,
        card: cubicle_protocol::office21::OfficeCard {
            id: antons,
            card: Secretary,
            face_up: false
        }
    }));
    assert_eq!(play.office(CHRISTA), ["cleaner", "-boss"]);
    assert_eq!(play.office(ANTON), ["spy", "-secretary"]);
    assert_eq!(play.office(JACKY), ["operator"]);
    assert_eq!(play.profit(ANTON), 0.0);
}

// ------------------------------------------------------------------- endings

/// "Christa gets her turn. She already has four SPYs in her office and now
/// plays the fifth and final SPY. The game ends immediately."
#[test]
fn christa_wins_by_industrial_espionage_with_her_fifth_spy() {
    let mut play = Table::new(
        &[&[Cleaner], &[Operator], &[Spy, Spy, Spy, Spy], &[Sales]],
        &[
            &[Operator, Operator, Sales],
            &[Operator, Operator, Sales],
            &[Spy, Sales, Manager],
            &[Cleaner, Cleaner, Assistant],
        ],
        CHRISTA,
    )
    .start();
    play.play(CHRISTA, Spy);
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::IndustrialEspionage);
    assert_eq!(ending.victory, Victory::IndustrialEspionage);
    assert_eq!(ending.winners, vec![CHRISTA]);
    assert!(play.to_act().is_empty());
}

/// Jacky reaches 21 with a MANAGER, then Christa with an OPERATOR; Doris
/// and Anton cannot change that; Jacky starts his turn at 21 and wins, one
/// step ahead of Christa.
#[test]
fn jacky_wins_by_successful_operations_one_step_ahead_of_christa() {
    let mut play = Table::new(
        &[
            &[Spy],
            &[Director, Director, Sales],
            &[Director, Director, Sales, Sales],
            &[Operator],
        ],
        &[
            &[Manager, Cleaner, Cleaner],
            &[Manager, Spy, Spy],
            &[Operator, Spy, Spy],
            &[Manager, Cleaner, Cleaner],
        ],
        JACKY,
    )
    .start();
    assert_eq!(play.profit(JACKY), 17.0);
    play.play(JACKY, Manager);
    assert_eq!(play.profit(JACKY), 21.0);
    assert_eq!(
        play.ending(),
        None,
        "the game goes on until Jacky's next turn"
    );

    assert_eq!(play.profit(CHRISTA), 20.0);
    play.play(CHRISTA, Operator);
    play.act(CHRISTA, Action::Return { card: Cleaner });
    assert_eq!(play.profit(CHRISTA), 21.0);
    let players = play.spectator().players;
    assert!(players[1].profit_since < players[2].profit_since);

    play.play(DORIS, Manager);
    play.play(ANTON, Manager);
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::SuccessfulOperations);
    assert_eq!(ending.victory, Victory::SuccessfulOperations);
    assert_eq!(ending.winners, vec![JACKY]);
    assert_eq!(ending.tie_break, Some(TieBreak::ReachedFirst));
}

/// Jacky reaches 21; Christa, with four SPYs, swaps her SALES for Anton's
/// SPY and wins at once: espionage ranks above successful operations.
#[test]
fn christas_sales_for_antons_spy_beats_jackys_21() {
    let mut play = Table::new(
        &[
            &[Spy],
            &[Director, Director, Sales],
            &[Spy, Spy, Spy, Spy],
            &[Cleaner],
        ],
        &[
            &[Operator, Operator, Operator],
            &[Manager, Cleaner, Cleaner],
            &[Sales, Cleaner, Operator],
            &[Operator, Cleaner, Assistant],
        ],
        JACKY,
    )
    .start();
    play.play(JACKY, Manager);
    assert_eq!(play.profit(JACKY), 21.0);
    play.play(CHRISTA, Sales);
    let antons_spy = play.id(ANTON, Spy);
    assert!(play
        .legal(CHRISTA)
        .contains(&Action::Swap { card: antons_spy }));
    play.act(CHRISTA, Action::Swap { card: antons_spy });
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::IndustrialEspionage);
    assert_eq!(ending.victory, Victory::IndustrialEspionage);
    assert_eq!(ending.winners, vec![CHRISTA]);
    assert_eq!(play.office(ANTON), ["sales"]);
}

/// The tax-audit example: Anton plays a TAXMAN at 5 million; Jacky and
/// Christa stay above him; Doris's CLEANER takes her own SALES out to reach
/// 5 million with three cards too; at Anton's turn the audit ends the game
/// and Doris wins on the highest single card (her MANAGER beats his SALES).
fn tax_audit_table(doris_hand: &[Card]) -> Play {
    Table::new(
        &[
            &[Assistant, Sales],
            &[Director, Sales],
            &[Director, Manager],
            &[Cleaner, Manager, Sales],
        ],
        &[
            &[Taxman, Spy, Spy],
            &[Manager, Spy, Spy],
            &[Director, Spy, Operator],
            doris_hand,
        ],
        ANTON,
    )
    .start()
}

use cubicle_protocol::office21::Card;

#[test]
fn the_tax_audit_is_won_by_dorises_manager_on_the_highest_card() {
    let mut play = tax_audit_table(&[Cleaner, Operator, Operator]);
    assert_eq!(play.profit(ANTON), 5.0);
    play.play(ANTON, Taxman);
    let audit = play.spectator().audit.expect("a TAXMAN is in play");
    assert_eq!((audit.holder, audit.turns_before), (ANTON, 2));
    play.play(JACKY, Manager);
    play.play(CHRISTA, Director);
    // Christa looks at Jacky's hand: two SPYs, nothing can be discarded.
    let events = play.act(CHRISTA, Action::Look { seat: JACKY });
    assert!(events.contains(&EventView::DirectorDiscarded {
        seat: CHRISTA,
        target: JACKY,
        card: None
    }));
    play.play(DORIS, Cleaner);
    let dorises_sales = play.id(DORIS, Sales);
    play.act(
        DORIS,
        Action::Remove {
            card: dorises_sales,
        },
    );
    assert_eq!(play.office(DORIS), ["cleaner", "manager", "cleaner"]);
    assert_eq!(play.profit(DORIS), 5.0);

    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::TaxAudit);
    assert_eq!(ending.victory, Victory::CreativeAccounting);
    assert_eq!(ending.winners, vec![DORIS]);
    assert_eq!(ending.tie_break, Some(TieBreak::HighestCard));
    assert_eq!(play.office(ANTON), ["assistant", "sales", "taxman"]);
}

/// "If Doris had played another TAXMAN instead of the CLEANER, Anton's
/// TAXMAN would have been put on the discard pile and the game would
/// continue until it was Doris' turn again."
#[test]
fn a_second_taxman_discards_the_first_and_moves_the_audit() {
    let mut play = tax_audit_table(&[Taxman, Cleaner, Operator]);
    play.play(ANTON, Taxman);
    play.play(JACKY, Manager);
    play.play(CHRISTA, Director);
    play.act(CHRISTA, Action::Look { seat: JACKY });
    let events = play.play(DORIS, Taxman);
    assert!(events.iter().any(
        |e| matches!(e, EventView::TaxmanReplaced { owner: ANTON, card } if card.card == Taxman)
    ));
    assert_eq!(play.office(ANTON), ["assistant", "sales"]);
    assert_eq!(play.spectator().discard.last(), Some(&Taxman));
    assert_eq!(play.spectator().audit.unwrap().holder, DORIS);

    // Anton's turn comes and goes: no audit.
    assert_eq!(play.turn(), ANTON);
    play.play(ANTON, Spy);
    play.play(JACKY, Spy);
    play.play(CHRISTA, Spy);
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::TaxAudit);
    assert_eq!(ending.victory, Victory::CreativeAccounting);
    assert_eq!(
        ending.winners,
        vec![ANTON],
        "Anton's 5 million is the lowest"
    );
    assert_eq!(ending.tie_break, None);
}

/// Anton plays a TAXMAN at 1.5 million; Jacky reaches 21 with a MANAGER;
/// at Anton's turn the audit ends the game, and Jacky wins by successful
/// operations, which ranks above creative accounting.
#[test]
fn successful_operations_beats_creative_accounting_at_the_audit() {
    let mut play = Table::new(
        &[
            &[Cleaner, Operator],
            &[Director, Director, Sales],
            &[Sales],
            &[Operator],
        ],
        &[
            &[Taxman, Spy, Spy],
            &[Manager, Spy, Spy],
            &[Manager, Cleaner, Operator],
            &[Manager, Operator, Assistant],
        ],
        ANTON,
    )
    .start();
    assert_eq!(play.profit(ANTON), 1.5);
    play.play(ANTON, Taxman);
    play.play(JACKY, Manager);
    play.play(CHRISTA, Manager);
    play.play(DORIS, Manager);
    let ending = play.ended();
    assert_eq!(ending.ended_by, EndedBy::TaxAudit);
    assert_eq!(ending.victory, Victory::SuccessfulOperations);
    assert_eq!(ending.winners, vec![JACKY]);
    assert_eq!(
        play.game_outcome_reason(),
        "successful_operations".to_owned()
    );
}

trait OutcomeReason {
    fn game_outcome_reason(&self) -> String;
}

impl OutcomeReason for Play {
    fn game_outcome_reason(&self) -> String {
        use cubicle_games::Game;
        self.game.outcome().expect("over").reason
    }
}
