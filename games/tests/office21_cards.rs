//! Every Office 21 card's effect and constraints, and the rulings on
//! targets (docs/games/office21.md), each staged from a position fixture.

mod office21_support;

use cubicle_games::{RuleError, Viewer};
use cubicle_protocol::office21::{Action, Decision, EventView, OfficeCard, Secret, Stage};
use office21_support::*;

#[track_caller]
fn illegal(error: RuleError, needle: &str) {
    match error {
        RuleError::Illegal(message) => {
            assert!(message.contains(needle), "{message:?} lacks {needle:?}")
        }
        other => panic!("expected an illegal action, got {other:?}"),
    }
}

fn removes(ids: &[u16]) -> Vec<Action> {
    ids.iter().map(|&card| Action::Remove { card }).collect()
}

fn swaps(ids: &[u16]) -> Vec<Action> {
    ids.iter().map(|&card| Action::Swap { card }).collect()
}

// ----------------------------------------------------------------- CLEANER

/// Any office; never itself (ruling 1), a SPY or a DIRECTOR; a MANAGER first
/// in another player's office, not in one's own.
#[test]
fn a_cleaner_removes_from_any_office_but_never_itself_a_spy_or_a_director() {
    let mut play = Table::new(
        &[
            &[Spy, Director, Sales, Manager],
            &[Manager, Sales, Spy],
            &[Sales, Director, Spy, Cleaner],
        ],
        &[&[Cleaner, Operator, Operator], &[], &[]],
        ANTON,
    )
    .start();
    play.play(ANTON, Cleaner);
    let own = play.ids(ANTON, Cleaner)[0];
    assert_eq!(
        play.legal(ANTON),
        removes(&[
            play.id(ANTON, Sales),
            play.id(ANTON, Manager),
            play.id(JACKY, Manager),
            play.id(CHRISTA, Sales),
            play.id(CHRISTA, Cleaner),
        ])
    );
    // Everyone sees what Anton is choosing, and the same options.
    assert!(matches!(
        play.view(JACKY).stage,
        Stage::Turn { seat: ANTON, decision: Decision::Cleaner { card, options } } if card == own && options.len() == 5
    ));
    illegal(
        play.refused(ANTON, Action::Remove { card: own }),
        "cannot target itself",
    );
    illegal(
        play.refused(
            ANTON,
            Action::Remove {
                card: play.id(ANTON, Spy),
            },
        ),
        "SPY cannot be removed",
    );
    illegal(
        play.refused(
            ANTON,
            Action::Remove {
                card: play.id(CHRISTA, Director),
            },
        ),
        "DIRECTOR",
    );
    illegal(
        play.refused(
            ANTON,
            Action::Remove {
                card: play.id(JACKY, Sales),
            },
        ),
        "MANAGER must be chosen",
    );
    illegal(
        play.refused(ANTON, Action::Play { card: Operator }),
        "already played",
    );

    let jackys_manager = play.id(JACKY, Manager);
    let events = play.act(
        ANTON,
        Action::Remove {
            card: jackys_manager,
        },
    );
    assert!(
        matches!(events[0], EventView::Removed { seat: ANTON, owner: JACKY, card } if card.card == Manager)
    );
    assert_eq!(play.office(JACKY), ["sales", "spy"]);
    assert_eq!(play.spectator().discard.last(), Some(&Manager));
    assert_eq!(play.turn(), JACKY);
}

#[test]
fn a_cleaner_with_nothing_it_may_remove_is_forfeited() {
    let mut play = Table::new(
        &[&[Spy], &[Director, Spy]],
        &[&[Cleaner, Operator, Operator], &[Sales, Sales, Sales]],
        ANTON,
    )
    .start();
    let events = play.play(ANTON, Cleaner);
    assert!(events.contains(&EventView::NoTarget {
        seat: ANTON,
        card: Cleaner
    }));
    assert_eq!(play.office(ANTON), ["spy", "cleaner"]);
    assert_eq!(play.turn(), JACKY);
}

#[test]
fn removing_the_taxman_cancels_the_audit() {
    let mut play = Table::new(
        &[&[Taxman, Sales], &[Operator], &[Manager]],
        &[
            &[Spy, Spy, Spy],
            &[Cleaner, Operator, Operator],
            &[Spy, Spy, Sales],
        ],
        JACKY,
    )
    .start();
    assert_eq!(play.spectator().audit.unwrap().holder, ANTON);
    play.play(JACKY, Cleaner);
    let events = play.act(
        JACKY,
        Action::Remove {
            card: play.id(ANTON, Taxman),
        },
    );
    assert!(events.contains(&EventView::AuditCancelled { holder: ANTON }));
    assert_eq!(play.spectator().audit, None);
    play.play(CHRISTA, Spy);
    assert_eq!(play.turn(), ANTON);
    assert_eq!(play.ending(), None, "no audit without a TAXMAN");
}

// ---------------------------------------------------------------- OPERATOR

fn operator_table() -> Play {
    Table::new(
        &[&[Sales], &[Manager]],
        &[&[Operator, Spy, Spy], &[Spy, Sales]],
        ANTON,
    )
    .pile_top(&[Director, Cleaner])
    .start()
}

#[test]
fn an_operator_looks_at_the_top_card_and_shows_it_if_kept() {
    let mut play = operator_table();
    let events = play.play(ANTON, Operator);
    assert_eq!(
        events.last(),
        Some(&EventView::OperatorDrew {
            seat: ANTON,
            card: None
        })
    );
    assert_eq!(
        play.log(Viewer::Seat(ANTON)).last(),
        Some(&EventView::OperatorDrew {
            seat: ANTON,
            card: Some(Director)
        })
    );
    assert_eq!(
        play.view(ANTON).secret,
        Some(Secret::OperatorCard { card: Director })
    );
    assert_eq!(play.view(JACKY).secret, None);
    assert!(matches!(
        play.view(JACKY).stage,
        Stage::Turn {
            seat: ANTON,
            decision: Decision::Operator { .. }
        }
    ));
    assert_eq!(
        play.legal(ANTON),
        vec![
            Action::Keep { card: Director },
            Action::Return { card: Director }
        ]
    );
    illegal(
        play.refused(ANTON, Action::Keep { card: Cleaner }),
        "not the card",
    );

    let events = play.act(ANTON, Action::Keep { card: Director });
    assert_eq!(
        events[0],
        EventView::OperatorKept {
            seat: ANTON,
            card: Director
        }
    );
    assert_eq!(play.hand(ANTON), vec![Spy, Spy, Director]);
    // The card left the pile: Jacky's refill is the next one.
    assert_eq!(play.hand(JACKY), vec![Spy, Cleaner, Sales]);
}

#[test]
fn an_operator_returned_card_is_known_to_its_player_while_it_stays_on_top() {
    let mut play = Table::new(
        &[&[Sales], &[Manager]],
        &[&[Operator, Spy, Spy], &[Spy, Sales, Sales]],
        ANTON,
    )
    .pile_top(&[Director, Cleaner])
    .start();
    play.play(ANTON, Operator);
    play.act(ANTON, Action::Return { card: Director });
    assert_eq!(play.view(ANTON).pile_top, Some(Director));
    assert_eq!(play.view(JACKY).pile_top, None);
    assert_eq!(play.spectator().pile_top, None);
    assert!(play
        .log(Viewer::Seat(JACKY))
        .contains(&EventView::OperatorReturned {
            seat: ANTON,
            card: None
        }));
    assert!(play
        .log(Viewer::Seat(ANTON))
        .contains(&EventView::OperatorReturned {
            seat: ANTON,
            card: Some(Director)
        }));

    // Anton draws it at the start of his next turn: only he sees it, and
    // the new top card is unknown.
    play.play(JACKY, Spy);
    assert_eq!(play.hand(ANTON), vec![Spy, Spy, Director]);
    assert!(play.log(Viewer::Seat(JACKY)).contains(&EventView::Drew {
        seat: ANTON,
        count: 1,
        cards: None
    }));
    assert_eq!(play.view(ANTON).pile_top, None);
}

#[test]
fn a_card_put_back_twice_is_known_to_both_operators() {
    let mut play = Table::new(
        &[&[Sales], &[Manager], &[Cleaner]],
        &[
            &[Operator, Spy, Spy],
            &[Operator, Sales, Sales],
            &[Spy, Sales, Sales],
        ],
        ANTON,
    )
    .pile_top(&[Director])
    .start();
    play.play(ANTON, Operator);
    play.act(ANTON, Action::Return { card: Director });
    play.play(JACKY, Operator);
    // While Jacky decides, Anton still knows that card but not the new top.
    assert_eq!(play.view(ANTON).pile_top, None);
    play.act(JACKY, Action::Return { card: Director });
    assert_eq!(play.view(ANTON).pile_top, Some(Director));
    assert_eq!(play.view(JACKY).pile_top, Some(Director));
    assert_eq!(play.view(CHRISTA).pile_top, None);
}

/// Ruling 10: an OPERATOR with an empty pile has no effect.
#[test]
fn an_operator_with_an_empty_pile_has_no_effect() {
    let mut play = Table::new(
        &[&[Sales], &[Manager]],
        &[&[Operator, Spy, Spy], &[Spy, Sales, Sales]],
        ANTON,
    )
    .rest_discarded()
    .start();
    assert_eq!(play.spectator().pile, 0);
    let events = play.play(ANTON, Operator);
    assert!(events.contains(&EventView::NoTarget {
        seat: ANTON,
        card: Operator
    }));
    assert_eq!(play.turn(), JACKY);
}

// --------------------------------------------------------------- ASSISTANT

/// Ruling 3: a SPY may be taken back (only a CLEANER cannot remove it);
/// never a DIRECTOR, never the ASSISTANT itself.
#[test]
fn an_assistant_may_take_back_a_spy_but_not_itself_nor_a_director() {
    let mut play = Table::new(
        &[&[Spy, Director, Sales], &[Manager]],
        &[&[Assistant, Operator, Operator], &[Spy, Sales, Sales]],
        ANTON,
    )
    .start();
    play.play(ANTON, Assistant);
    let own = play.id(ANTON, Assistant);
    assert_eq!(
        play.legal(ANTON),
        vec![
            Action::TakeBack {
                card: play.id(ANTON, Spy)
            },
            Action::TakeBack {
                card: play.id(ANTON, Sales)
            }
        ]
    );
    illegal(
        play.refused(ANTON, Action::TakeBack { card: own }),
        "itself",
    );
    illegal(
        play.refused(
            ANTON,
            Action::TakeBack {
                card: play.id(ANTON, Director),
            },
        ),
        "DIRECTOR",
    );
    illegal(
        play.refused(
            ANTON,
            Action::TakeBack {
                card: play.id(JACKY, Manager),
            },
        ),
        "own office",
    );
    play.act(
        ANTON,
        Action::TakeBack {
            card: play.id(ANTON, Spy),
        },
    );
    assert_eq!(play.office(ANTON), ["director", "sales", "assistant"]);
    assert_eq!(play.hand(ANTON), vec![Spy, Operator, Operator]);
}

#[test]
fn taking_back_the_boss_turns_its_secretary_face_up() {
    let mut play = Table::new(
        &[&[Boss, Cleaner], &[Secretary, Sales], &[Manager]],
        &[&[Assistant, Operator, Operator], &[Spy], &[Spy]],
        ANTON,
    )
    .start();
    assert_eq!(play.office(JACKY), ["-secretary", "sales"]);
    play.play(ANTON, Assistant);
    let events = play.act(
        ANTON,
        Action::TakeBack {
            card: play.id(ANTON, Boss),
        },
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, EventView::TurnedUp { seat: JACKY, card } if card.card == Secretary)));
    assert_eq!(play.office(JACKY), ["secretary", "sales"]);
    assert_eq!(play.profit(JACKY), 9.0);
    assert_eq!(play.hand(ANTON), vec![Operator, Operator, Boss]);
}

/// Ruling 6: the active player is checked at step 4, after the effect.
#[test]
fn an_assistant_that_passes_21_survives_by_taking_a_card_back() {
    let mut play = Table::new(
        &[
            &[Director, Director, Manager, Operator, Cleaner],
            &[Manager],
            &[Cleaner],
        ],
        &[&[Assistant, Operator, Operator], &[Spy, Spy], &[Spy]],
        ANTON,
    )
    .start();
    assert_eq!(play.profit(ANTON), 19.5);
    play.play(ANTON, Assistant);
    assert_eq!(play.profit(ANTON), 21.5);
    assert!(!play.eliminated(ANTON));
    play.act(
        ANTON,
        Action::TakeBack {
            card: play.id(ANTON, Operator),
        },
    );
    assert_eq!(play.profit(ANTON), 20.5);
    assert!(!play.eliminated(ANTON));
    assert_eq!(play.turn(), JACKY);
}

#[test]
fn an_active_player_still_above_21_after_the_effect_is_eliminated() {
    let mut play = Table::new(
        &[
            &[Director, Director, Manager, Operator, Cleaner, Spy],
            &[Manager],
            &[Cleaner],
        ],
        &[&[Assistant, Operator, Sales], &[Spy, Spy], &[Spy]],
        ANTON,
    )
    .start();
    play.play(ANTON, Assistant);
    let events = play.act(
        ANTON,
        Action::TakeBack {
            card: play.id(ANTON, Spy),
        },
    );
    assert!(events.iter().any(|e| matches!(e,
        EventView::Eliminated { seat: ANTON, hand, .. } if *hand == vec![Spy, Operator, Sales])));
    assert!(play.eliminated(ANTON));
    assert_eq!(
        play.profit(ANTON),
        21.5,
        "shows the profit that put him out"
    );
    assert_eq!(play.turn(), JACKY);
}

// ------------------------------------------------------------------- SALES

#[test]
fn a_sales_takes_a_manager_first_never_a_director_and_never_pushes_another_above_21() {
    let mut play = Table::new(
        &[
            &[Cleaner],
            &[Manager, Sales],
            &[Director, Director, Operator, Spy],
            &[Director, Director, Sales, Operator, Cleaner, Spy],
        ],
        &[&[Sales, Spy, Spy], &[], &[], &[]],
        ANTON,
    )
    .start();
    assert_eq!(play.profit(DORIS), 18.5);
    play.play(ANTON, Sales);
    assert_eq!(
        play.legal(ANTON),
        swaps(&[
            play.id(JACKY, Manager),
            play.id(CHRISTA, Operator),
            play.id(CHRISTA, Spy),
            play.id(DORIS, Sales),
            play.id(DORIS, Operator),
            play.id(DORIS, Cleaner),
        ])
    );
    illegal(
        play.refused(
            ANTON,
            Action::Swap {
                card: play.id(DORIS, Spy),
            },
        ),
        "above 21",
    );
    illegal(
        play.refused(
            ANTON,
            Action::Swap {
                card: play.id(CHRISTA, Director),
            },
        ),
        "DIRECTOR",
    );
    illegal(
        play.refused(
            ANTON,
            Action::Swap {
                card: play.id(JACKY, Sales),
            },
        ),
        "MANAGER must be chosen",
    );
    illegal(
        play.refused(
            ANTON,
            Action::Swap {
                card: play.id(ANTON, Cleaner),
            },
        ),
        "another player's card",
    );
    let sales = play.id(ANTON, Sales);
    let cleaner = play.id(DORIS, Cleaner);
    let events = play.act(ANTON, Action::Swap { card: cleaner });
    assert!(
        matches!(events[0], EventView::Swapped { seat: ANTON, other: DORIS, took, gave }
        if took.id == cleaner && gave.id == sales && gave.face_up)
    );
    // The swapped cards trade places.
    assert_eq!(play.office(ANTON), ["cleaner", "cleaner"]);
    assert_eq!(
        play.office(DORIS),
        ["director", "director", "sales", "operator", "sales", "spy"]
    );
    assert_eq!(play.profit(DORIS), 21.0, "exactly 21 is allowed");
}

/// Ruling 4: a SALES player may push themself above 21; checked at step 4.
#[test]
fn a_sales_may_push_its_own_player_above_21() {
    let mut play = Table::new(
        &[
            &[Director, Director, Manager, Cleaner],
            &[Manager, Spy],
            &[Operator],
        ],
        &[&[Sales, Spy, Spy], &[], &[]],
        ANTON,
    )
    .start();
    play.play(ANTON, Sales);
    play.act(
        ANTON,
        Action::Swap {
            card: play.id(JACKY, Manager),
        },
    );
    assert!(play.eliminated(ANTON));
    assert_eq!(play.office(JACKY), ["sales", "spy"]);
    assert_eq!(play.turn(), JACKY);
}

/// Ruling 4: the cards change offices but stay in play: a face-down BOSS
/// stays face down and still loves its SECRETARY.
#[test]
fn a_face_down_boss_taken_by_sales_stays_face_down_and_in_love() {
    let mut play = Table::new(
        &[&[Cleaner], &[Boss], &[Secretary, Operator]],
        &[&[Sales, Spy, Spy], &[], &[]],
        ANTON,
    )
    .start();
    play.play(ANTON, Sales);
    let boss = play.id(JACKY, Boss);
    assert_eq!(
        play.legal(ANTON),
        swaps(&[
            boss,
            play.id(CHRISTA, Secretary),
            play.id(CHRISTA, Operator)
        ])
    );
    let events = play.act(ANTON, Action::Swap { card: boss });
    assert!(!events
        .iter()
        .any(|e| matches!(e, EventView::TurnedUp { .. } | EventView::TurnedDown { .. })));
    assert_eq!(play.office(ANTON), ["cleaner", "-boss"]);
    assert_eq!(play.office(JACKY), ["sales"]);
    assert_eq!(play.office(CHRISTA), ["-secretary", "operator"]);
    assert_eq!(play.profit(ANTON), 0.5);
}

/// Ruling 5: the audit follows the TAXMAN to its new office.
#[test]
fn a_sales_that_takes_the_taxman_takes_the_audit() {
    let mut play = Table::new(
        &[&[Cleaner], &[Taxman, Spy], &[Operator]],
        &[
            &[Sales, Spy, Spy],
            &[Spy, Spy, Manager],
            &[Manager, Cleaner, Cleaner],
        ],
        ANTON,
    )
    .start();
    play.play(ANTON, Sales);
    play.act(
        ANTON,
        Action::Swap {
            card: play.id(JACKY, Taxman),
        },
    );
    let audit = play.spectator().audit.unwrap();
    assert_eq!((audit.holder, audit.turns_before), (ANTON, 1));
    play.play(JACKY, Manager);
    assert_eq!(play.ending(), None, "Jacky no longer holds the TAXMAN");
    play.play(CHRISTA, Manager);
    let ending = play.ended();
    assert_eq!(
        ending.ended_by,
        cubicle_protocol::office21::EndedBy::TaxAudit
    );
    assert_eq!(
        ending.winners,
        vec![ANTON],
        "Anton's 0.5 million is the lowest"
    );
}

// ------------------------------------------------------ BOSS and SECRETARY

/// Ruling 9: only one BOSS may be in play.
#[test]
fn a_second_boss_cannot_be_played() {
    let mut play = Table::new(
        &[&[Cleaner], &[Boss]],
        &[&[Boss, Spy, Sales], &[Spy, Spy, Spy]],
        ANTON,
    )
    .start();
    assert_eq!(
        play.legal(ANTON),
        vec![Action::Play { card: Spy }, Action::Play { card: Sales }]
    );
    illegal(
        play.refused(ANTON, Action::Play { card: Boss }),
        "only one BOSS",
    );
    illegal(
        play.refused(ANTON, Action::Play { card: Director }),
        "no DIRECTOR in hand",
    );
}

#[test]
fn a_boss_played_with_one_secretary_in_play_turns_both_face_down() {
    let mut play = Table::new(
        &[&[Cleaner], &[Secretary, Sales]],
        &[&[Boss, Spy, Sales], &[Spy, Spy, Spy]],
        ANTON,
    )
    .start();
    assert_eq!(play.profit(JACKY), 9.0);
    play.play(ANTON, Boss);
    assert_eq!(play.office(ANTON), ["cleaner", "-boss"]);
    assert_eq!(play.office(JACKY), ["-secretary", "sales"]);
    assert_eq!(play.profit(JACKY), 3.0);
    assert_eq!(play.turn(), JACKY, "no choice to make");
}

#[test]
fn a_secretary_played_next_to_a_lonely_boss_turns_both_face_down() {
    let mut play = Table::new(
        &[&[Cleaner], &[Boss]],
        &[&[Secretary, Spy, Sales], &[Spy, Spy, Spy]],
        ANTON,
    )
    .start();
    assert_eq!(play.profit(JACKY), 8.5);
    play.play(ANTON, Secretary);
    assert_eq!(play.office(ANTON), ["cleaner", "-secretary"]);
    assert_eq!(play.office(JACKY), ["-boss"]);
}

#[test]
fn a_secretary_played_while_the_boss_loves_another_stays_face_up() {
    let mut play = Table::new(
        &[&[Cleaner], &[Boss], &[Secretary]],
        &[&[Secretary, Spy, Sales], &[Spy, Spy, Spy], &[Spy]],
        ANTON,
    )
    .start();
    play.play(ANTON, Secretary);
    assert_eq!(play.office(ANTON), ["cleaner", "secretary"]);
    assert_eq!(play.office(CHRISTA), ["-secretary"]);
    assert_eq!(play.profit(ANTON), 6.5);
}

/// "If instead the face-down SECRETARY is [...] taken back to the owner's
/// hand, the BOSS-card stays face-down and the other SECRETARY is turned
/// face-down."
#[test]
fn taking_back_the_loved_secretary_makes_the_boss_love_the_other() {
    let mut play = Table::new(
        &[&[Secretary, Cleaner], &[Boss], &[Secretary, Sales]],
        &[&[Assistant, Spy, Sales], &[Spy, Spy, Spy], &[Spy]],
        ANTON,
    )
    .loved(ANTON)
    .start();
    assert_eq!(play.office(ANTON), ["-secretary", "cleaner"]);
    assert_eq!(play.office(CHRISTA), ["secretary", "sales"]);
    play.play(ANTON, Assistant);
    play.act(
        ANTON,
        Action::TakeBack {
            card: play.id(ANTON, Secretary),
        },
    );
    assert_eq!(play.office(JACKY), ["-boss"]);
    assert_eq!(play.office(CHRISTA), ["-secretary", "sales"]);
    assert_eq!(play.profit(CHRISTA), 3.0);
}

#[test]
fn a_boss_owner_chooses_between_two_secretaries_during_play() {
    let mut play = Table::new(
        &[&[Cleaner], &[Secretary], &[Secretary]],
        &[&[Boss, Spy, Sales], &[Spy, Spy, Spy], &[Spy]],
        ANTON,
    )
    .start();
    play.play(ANTON, Boss);
    assert_eq!(play.to_act(), vec![ANTON]);
    assert_eq!(play.office(ANTON), ["cleaner", "-boss"]);
    let (jackys, christas) = (play.id(JACKY, Secretary), play.id(CHRISTA, Secretary));
    assert_eq!(
        play.legal(ANTON),
        vec![
            Action::Love { card: jackys },
            Action::Love { card: christas }
        ]
    );
    illegal(
        play.refused(
            ANTON,
            Action::Love {
                card: play.id(ANTON, Cleaner),
            },
        ),
        "BOSS or SECRETARY",
    );
    illegal(
        play.refused(ANTON, Action::Play { card: Spy }),
        "falls in love",
    );
    play.act(ANTON, Action::Love { card: christas });
    assert_eq!(play.office(JACKY), ["secretary"]);
    assert_eq!(play.office(CHRISTA), ["-secretary"]);
    assert_eq!(play.turn(), JACKY);
}

// ---------------------------------------------------------------- DIRECTOR

/// Ruling 2: another remaining player with a card in hand (public
/// information only); one non-SPY card discarded; the look is secret.
#[test]
fn a_director_looks_at_another_hand_and_discards_a_card_that_is_not_a_spy() {
    let mut play = Table::new(
        &[&[Cleaner], &[Manager], &[Operator]],
        &[&[Director, Spy, Spy], &[Spy, Spy, Sales], &[]],
        ANTON,
    )
    .pile_top(&[Cleaner])
    .start();
    play.play(ANTON, Director);
    assert_eq!(play.legal(ANTON), vec![Action::Look { seat: JACKY }]);
    illegal(
        play.refused(ANTON, Action::Look { seat: ANTON }),
        "another player's hand",
    );
    illegal(
        play.refused(ANTON, Action::Look { seat: CHRISTA }),
        "no cards in hand",
    );

    play.act(ANTON, Action::Look { seat: JACKY });
    assert_eq!(
        play.view(ANTON).secret,
        Some(Secret::DirectorLook {
            target: JACKY,
            hand: vec![Spy, Spy, Sales]
        })
    );
    for viewer in [JACKY, CHRISTA] {
        assert_eq!(play.view(viewer).secret, None);
        assert!(play
            .log(Viewer::Seat(viewer))
            .contains(&EventView::DirectorLooked {
                seat: ANTON,
                target: JACKY,
                hand: None
            }));
    }
    assert!(play
        .log(Viewer::Seat(ANTON))
        .contains(&EventView::DirectorLooked {
            seat: ANTON,
            target: JACKY,
            hand: Some(vec![Spy, Spy, Sales])
        }));
    assert!(matches!(
        play.spectator().stage,
        Stage::Turn {
            seat: ANTON,
            decision: Decision::DirectorDiscard { target: JACKY, .. }
        }
    ));
    assert_eq!(
        play.legal(ANTON),
        vec![Action::Discard {
            seat: JACKY,
            card: Sales
        }]
    );
    illegal(
        play.refused(
            ANTON,
            Action::Discard {
                seat: JACKY,
                card: Spy,
            },
        ),
        "SPY cannot be removed from a hand",
    );
    let events = play.act(
        ANTON,
        Action::Discard {
            seat: JACKY,
            card: Sales,
        },
    );
    assert_eq!(
        events[0],
        EventView::DirectorDiscarded {
            seat: ANTON,
            target: JACKY,
            card: Some(Sales)
        }
    );
    assert_eq!(
        play.hand(JACKY),
        vec![Spy, Spy, Cleaner],
        "refilled after the discard"
    );
    assert!(play.spectator().discard.contains(&Sales));
}

/// Ruling 2: a hand of SPYs only is still a target (targets come from
/// public information); nothing is discarded and the event says so.
#[test]
fn a_director_looking_at_a_hand_of_spies_discards_nothing() {
    let mut play = Table::new(
        &[&[Cleaner], &[Manager]],
        &[&[Director, Sales, Sales], &[Spy, Spy, Spy]],
        ANTON,
    )
    .start();
    play.play(ANTON, Director);
    assert_eq!(play.legal(ANTON), vec![Action::Look { seat: JACKY }]);
    let events = play.act(ANTON, Action::Look { seat: JACKY });
    assert!(events.contains(&EventView::DirectorDiscarded {
        seat: ANTON,
        target: JACKY,
        card: None
    }));
    assert_eq!(play.hand(JACKY), vec![Spy, Spy, Spy]);
    assert_eq!(play.turn(), JACKY);
}

#[test]
fn a_director_with_no_hand_to_look_at_is_forfeited() {
    let mut play = Table::new(
        &[&[Cleaner], &[Manager]],
        &[&[Director, Sales, Sales], &[]],
        ANTON,
    )
    .start();
    let events = play.play(ANTON, Director);
    assert!(events.contains(&EventView::NoTarget {
        seat: ANTON,
        card: Director
    }));
}

// --------------------------------------------------- stable action names

#[test]
fn a_card_that_left_play_keeps_its_id_out_of_actions_and_comes_back_with_a_new_one() {
    let mut play = Table::new(
        &[&[Sales, Cleaner], &[Manager]],
        &[&[Assistant, Spy, Spy], &[Cleaner, Spy, Spy]],
        ANTON,
    )
    .start();
    let old = play.id(ANTON, Sales);
    play.play(ANTON, Assistant);
    play.act(ANTON, Action::TakeBack { card: old });
    play.play(JACKY, Cleaner);
    illegal(
        play.refused(JACKY, Action::Remove { card: old }),
        "not in play",
    );
    play.act(
        JACKY,
        Action::Remove {
            card: play.id(ANTON, Cleaner),
        },
    );
    play.play(ANTON, Sales);
    let new = play.id(ANTON, Sales);
    assert_ne!(new, old);
    assert_eq!(
        play.spectator().players[0].office,
        vec![
            OfficeCard {
                id: play.id(ANTON, Assistant),
                card: Assistant,
                face_up: true
            },
            OfficeCard {
                id: new,
                card: Sales,
                face_up: true
            },
        ]
    );
}

#[test]
fn refusals_say_why_and_change_nothing() {
    let mut play = Table::new(
        &[&[Sales], &[Manager]],
        &[&[Cleaner, Spy, Spy], &[Spy, Spy, Spy]],
        ANTON,
    )
    .start();
    assert_eq!(
        play.refused(JACKY, Action::Play { card: Spy }),
        RuleError::NotYourTurn
    );
    assert_eq!(
        play.refused(7, Action::Play { card: Spy }),
        RuleError::NotYourTurn
    );
    illegal(
        play.refused(ANTON, Action::Play { card: Sales }),
        "no SALES in hand",
    );
    illegal(
        play.refused(ANTON, Action::Keep { card: Sales }),
        "play a card",
    );
    illegal(
        play.refused(ANTON, Action::Choose { card: Spy }),
        "play a card",
    );
    play.play(ANTON, Cleaner);
    illegal(
        play.refused(ANTON, Action::Look { seat: JACKY }),
        "CLEANER's target",
    );
    illegal(
        play.refused(ANTON, Action::Remove { card: 999 }),
        "not in play",
    );
    // (Play::refused checks that every refusal left the game unchanged.)
}
