//! Office 21 set-up: the deal, fixtures, the simultaneous face-down
//! rounds, ties and the restart, BOSS and SECRETARY during set-up, and the
//! moment play begins.

mod office21_support;

use cubicle_games::chance::NoChance;
use cubicle_games::office21::Office21;
use cubicle_games::{catalog, Game, PlayerProfile, RuleError, SetupError, Viewer};
use cubicle_protocol::office21::{Action, Card, EventView, Fixture, Options, Profit, Stage};
use office21_support::*;

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

// -------------------------------------------------------------------- deal

#[test]
fn a_deck_fixture_is_dealt_three_each_and_taxmen_are_replaced_until_none_is_left() {
    // Seat 0 is dealt a TAXMAN, and its replacement is a TAXMAN too.
    let top = [
        Spy, Taxman, Cleaner, Taxman, Sales, Manager, Taxman, Operator, Boss,
    ];
    let mut deck = top.to_vec();
    deck.extend(rest_of_deck(&top));
    let play = Play::start(2, Fixture::Deck(deck));
    assert_eq!(play.hand(0), vec![Spy, Cleaner, Operator]);
    assert_eq!(play.hand(1), vec![Sales, Manager, Boss]);
    let log = play.log(Viewer::Spectator);
    assert_eq!(
        log,
        vec![
            EventView::Dealt {
                seat: 0,
                cards: 3,
                hand: None
            },
            EventView::Dealt {
                seat: 1,
                cards: 3,
                hand: None
            },
            EventView::TaxmenSetAside { seat: 0, count: 2 },
            EventView::TaxmenSetAside { seat: 1, count: 1 },
            EventView::TaxmenShuffledBack { count: 3 },
        ]
    );
    // Each player sees their own deal.
    assert!(matches!(
        &play.log(Viewer::Seat(1))[1],
        EventView::Dealt { hand: Some(h), .. } if *h == vec![Sales, Manager, Boss]
    ));
    let view = play.spectator();
    assert_eq!(view.pile, 38);
    assert_eq!(sorted(play.game.all_cards()), full_deck());
}

#[test]
fn a_deck_without_taxmen_in_the_hands_is_dealt_in_order_without_randomness() {
    let (game, _) = Office21::start(
        &vec![PlayerProfile::default(); 2],
        &options(Fixture::Deck(full_deck())),
        &mut NoChance,
    )
    .unwrap();
    assert_eq!(game.view(Viewer::Seat(0)).hand, vec![Spy, Spy, Spy]);
    assert_eq!(game.view(Viewer::Seat(1)).hand, vec![Spy, Spy, Cleaner]);
    assert_eq!(game.view(Viewer::Spectator).pile, 38);
}

#[test]
fn fixtures_are_checked_before_a_room_is_created() {
    let check = |fixture: Fixture, seats: usize| {
        Office21::validate(&options(fixture), seats).map_err(|e| e.to_string())
    };
    let good = deal(&[&[Spy, Spy, Sales], &[Boss, Manager, Cleaner]], &[]);
    assert_eq!(check(good.clone(), 2), Ok(()));
    assert!(check(good, 3)
        .unwrap_err()
        .contains("2 seats for a 3-player game"));

    let four = deal(&[&[Spy, Spy, Sales, Spy], &[Boss, Manager, Cleaner]], &[]);
    assert!(check(four, 2).unwrap_err().contains("4 cards"));

    let taxman = deal(&[&[Spy, Taxman, Sales], &[Boss, Manager, Cleaner]], &[]);
    assert!(check(taxman, 2).unwrap_err().contains("TAXMAN"));

    let Fixture::Deal { hands, mut pile } =
        deal(&[&[Spy, Spy, Sales], &[Boss, Manager, Cleaner]], &[])
    else {
        unreachable!()
    };
    pile.pop();
    pile.push(Boss);
    let err = check(Fixture::Deal { hands, pile }, 2).unwrap_err();
    assert!(err.contains("3 BOSS instead of 2"), "{err}");

    let mut deck = full_deck();
    deck.push(Spy);
    assert!(check(Fixture::Deck(deck), 2)
        .unwrap_err()
        .contains("6 SPY instead of 5"));

    let two_bosses = Table::new(&[&[Boss], &[Boss]], &[&[], &[]], 0).fixture();
    assert!(check(two_bosses, 2).unwrap_err().contains("one BOSS"));
    let too_rich = Table::new(
        &[&[Director, Director, Director, Cleaner], &[]],
        &[&[], &[]],
        0,
    )
    .fixture();
    assert!(check(too_rich, 2).unwrap_err().contains("above 21"));
    let unloved = Table::new(&[&[Boss], &[Secretary], &[Secretary]], &[&[], &[], &[]], 0).fixture();
    assert!(check(unloved, 3).unwrap_err().contains("loved"));
    let loved = Table::new(&[&[Boss], &[Secretary], &[Secretary]], &[&[], &[], &[]], 0)
        .loved(2)
        .fixture();
    assert_eq!(check(loved, 3), Ok(()));
    let out = Table::new(&[&[], &[Spy], &[]], &[&[], &[], &[]], 0)
        .eliminated(&[1])
        .fixture();
    assert!(check(out, 3).unwrap_err().contains("eliminated seat 1"));

    assert!(matches!(
        Office21::validate(&Options::default(), 6),
        Err(SetupError::SeatCount {
            min: 2,
            max: 5,
            got: 6,
            ..
        })
    ));
}

#[test]
fn the_catalog_offers_office_21_for_two_to_five_players() {
    let entry = catalog::find("office21").expect("in the catalog");
    let info = (entry.info)();
    assert_eq!(
        (info.name.as_str(), info.min_seats, info.max_seats),
        ("Office 21", 2, 5)
    );
    assert!(
        info.join_questions.is_empty(),
        "Office 21 asks nothing at join"
    );
    assert!((entry.validate)(5, &serde_json::Value::Null).is_ok());
    assert!((entry.validate)(1, &serde_json::Value::Null).is_err());
    let bad = serde_json::json!({"fixture": {"deck": ["spy"]}});
    assert!(matches!(
        (entry.validate)(2, &bad),
        Err(SetupError::Fixture(_))
    ));
    let table = (entry.start)(
        &vec![PlayerProfile::default(); 3],
        &serde_json::Value::Null,
        &[5; 32],
    )
    .expect("a random game starts");
    assert_eq!(table.to_act(), vec![0, 1, 2]);
    assert_eq!(table.board()["deck_size"], 44);
    // Actions travel as JSON through the type-erased table.
    let mut table = table;
    let card = table.view(Viewer::Seat(0))["hand"][0].clone();
    let applied = table
        .apply(
            0,
            &serde_json::json!({"kind": "choose", "card": card}),
            &mut NoChance,
        )
        .expect("a legal choice");
    assert_eq!(applied.action["kind"], "choose");
    assert_eq!(table.to_act(), vec![1, 2]);
    assert_eq!(table.view(Viewer::Seat(1))["players"][0]["chosen"], true);
    assert_eq!(
        table.view(Viewer::Seat(1))["your_choice"],
        serde_json::Value::Null
    );
    assert!(table
        .apply(
            0,
            &serde_json::json!({"kind": "choose", "card": "joker"}),
            &mut NoChance
        )
        .is_err());
    let board = table.board();
    assert_eq!(board["cards"][7]["profit"], 8.5);
    assert_eq!(board["cards"][7]["name"], "BOSS");
    assert_eq!(board["victories"].as_array().unwrap().len(), 5);
    assert_eq!(board["victories"][0]["victory"], "industrial_espionage");
    assert_eq!(board["ends"].as_array().unwrap().len(), 6);
    let copies: u64 = board["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["copies"].as_u64().unwrap())
        .sum();
    assert_eq!(copies, 44);
}

#[test]
fn a_random_deal_gives_three_cards_and_no_taxman_to_everyone() {
    for seed in 0..50u8 {
        let (game, events) = Office21::start(
            &vec![PlayerProfile::default(); 5],
            &Options::default(),
            &mut cubicle_games::SeededChance::new(&[seed; 32], 0),
        )
        .unwrap();
        for seat in 0..5 {
            let hand = game.view(Viewer::Seat(seat)).hand;
            assert_eq!(hand.len(), 3);
            assert!(!hand.contains(&Taxman));
        }
        assert_eq!(sorted(game.all_cards()), full_deck());
        assert_eq!(game.view(Viewer::Spectator).pile, 29);
        assert!(events.len() >= 5);
    }
}

// --------------------------------------------------------- set-up choices

fn three_player_deal() -> Fixture {
    deal(
        &[
            &[Cleaner, Spy, Sales],
            &[Manager, Operator, Sales],
            &[Director, Operator, Sales],
        ],
        &[],
    )
}

#[test]
fn set_up_choices_are_secret_until_everyone_has_chosen() {
    let mut play = Play::start(3, three_player_deal());
    assert_eq!(play.to_act(), vec![0, 1, 2]);
    assert_eq!(
        play.legal(0),
        vec![
            Action::Choose { card: Spy },
            Action::Choose { card: Cleaner },
            Action::Choose { card: Sales }
        ]
    );
    play.choose(ANTON, Cleaner);
    assert_eq!(play.to_act(), vec![1, 2]);
    assert!(play.legal(ANTON).is_empty());
    assert_eq!(
        play.refused(ANTON, Action::Choose { card: Spy }),
        RuleError::NotYourTurn
    );

    let antons = play.view(ANTON);
    assert_eq!(antons.your_choice, Some(Cleaner));
    assert_eq!(antons.hand, vec![Spy, Sales]);
    let jackys = play.view(JACKY);
    assert_eq!(jackys.your_choice, None);
    assert!(jackys.players[0].chosen);
    assert!(!jackys.players[1].chosen);
    assert_eq!(jackys.players[0].hand, 2);
    assert!(jackys.players[0].office.is_empty());
    let chose = |viewer| play.log(viewer).last().cloned().unwrap();
    assert_eq!(
        chose(Viewer::Seat(JACKY)),
        EventView::Chose {
            seat: ANTON,
            round: 1,
            card: None
        }
    );
    assert_eq!(
        chose(Viewer::Seat(ANTON)),
        EventView::Chose {
            seat: ANTON,
            round: 1,
            card: Some(Cleaner)
        }
    );

    play.choose(CHRISTA, Director);
    let events = play.choose(JACKY, Manager);
    assert!(events.iter().any(|e| matches!(e,
        EventView::Revealed { round: 1, cards } if cards.iter().map(|p| p.card.card).collect::<Vec<_>>() == vec![Cleaner, Manager, Director])));
    assert!(events.contains(&EventView::StartPlayer {
        seat: ANTON,
        totals: vec![Profit(1), Profit(8), Profit(14)]
    }));
}

#[test]
fn a_tie_calls_a_second_round_for_everyone_and_the_profits_add_up() {
    let mut play = Play::start(
        3,
        deal(
            &[
                &[Sales, Spy, Manager],
                &[Sales, Cleaner, Operator],
                &[Director, Operator, Spy],
            ],
            &[],
        ),
    );
    play.choose(ANTON, Sales);
    play.choose(JACKY, Sales);
    let events = play.choose(CHRISTA, Director);
    assert!(events.contains(&EventView::SetUpTied {
        round: 1,
        totals: vec![Profit(6), Profit(6), Profit(14)],
        tied: vec![ANTON, JACKY]
    }));
    // Christa, not in the tie, plays another card too.
    assert_eq!(play.to_act(), vec![0, 1, 2]);
    play.choose(ANTON, Spy);
    play.choose(JACKY, Cleaner);
    let events = play.choose(CHRISTA, Spy);
    assert!(events.contains(&EventView::StartPlayer {
        seat: ANTON,
        totals: vec![Profit(6), Profit(7), Profit(14)]
    }));
    assert_eq!(play.turn(), ANTON);
}

#[test]
fn a_second_tie_places_everyones_last_card_and_the_third_round_decides() {
    let mut play = Play::start(
        2,
        deal(&[&[Sales, Spy, Manager], &[Sales, Spy, Operator]], &[]),
    );
    play.choose(ANTON, Sales);
    play.choose(JACKY, Sales);
    play.choose(ANTON, Spy);
    let events = play.choose(JACKY, Spy);
    // Nothing is left to choose: the last cards go down by themselves.
    assert!(events.contains(&EventView::SetUpTied {
        round: 2,
        totals: vec![Profit(6), Profit(6)],
        tied: vec![ANTON, JACKY]
    }));
    assert!(events
        .iter()
        .any(|e| matches!(e, EventView::Revealed { round: 3, .. })));
    assert!(events.contains(&EventView::StartPlayer {
        seat: JACKY,
        totals: vec![Profit(14), Profit(8)]
    }));
    assert_eq!(play.turn(), JACKY);
    assert_eq!(play.office(ANTON), ["sales", "spy", "manager"]);
}

#[test]
fn a_tie_after_the_third_round_starts_the_set_up_over_from_a_full_reshuffle() {
    let mut play = Play::start(
        2,
        deal(&[&[Spy, Cleaner, Operator], &[Spy, Cleaner, Operator]], &[]),
    );
    play.choose(ANTON, Spy);
    play.choose(JACKY, Spy);
    play.choose(ANTON, Cleaner);
    let events = play.choose(JACKY, Cleaner);
    assert!(events.contains(&EventView::SetUpTied {
        round: 3,
        totals: vec![Profit(3), Profit(3)],
        tied: vec![ANTON, JACKY]
    }));
    assert!(events.contains(&EventView::SetUpRestarted { attempt: 2 }));
    let view = play.spectator();
    assert_eq!(
        view.stage,
        Stage::SetUp {
            attempt: 2,
            round: 1,
            waiting: vec![0, 1],
            love: None
        }
    );
    assert!(view
        .players
        .iter()
        .all(|p| p.office.is_empty() && p.hand == 3));
    assert!(view.discard.is_empty());
    assert_eq!(play.game.setup_attempts(), 2);
    assert_eq!(sorted(play.game.all_cards()), full_deck());
    for seat in [ANTON, JACKY] {
        assert!(!play.hand(seat).contains(&Taxman));
    }
}

// ------------------------------------------------- BOSS and SECRETARY in set-up

#[test]
fn one_boss_and_one_secretary_in_set_up_both_turn_face_down() {
    let mut play = Play::start(
        3,
        deal(
            &[
                &[Boss, Spy, Sales],
                &[Secretary, Operator, Sales],
                &[Manager, Operator, Sales],
            ],
            &[],
        ),
    );
    play.choose(ANTON, Boss);
    play.choose(JACKY, Secretary);
    let events = play.choose(CHRISTA, Manager);
    assert_eq!(play.office(ANTON), ["-boss"]);
    assert_eq!(play.office(JACKY), ["-secretary"]);
    assert!(events.contains(&EventView::SetUpTied {
        round: 1,
        totals: vec![Profit(0), Profit(0), Profit(8)],
        tied: vec![ANTON, JACKY]
    }));
}

#[test]
fn with_one_boss_and_both_secretaries_the_bosses_owner_chooses() {
    let mut play = Play::start(
        3,
        deal(
            &[
                &[Boss, Spy, Sales],
                &[Secretary, Operator, Sales],
                &[Secretary, Operator, Sales],
            ],
            &[],
        ),
    );
    play.choose(ANTON, Boss);
    play.choose(JACKY, Secretary);
    play.choose(CHRISTA, Secretary);
    assert_eq!(play.office(ANTON), ["-boss"]);
    assert_eq!(play.to_act(), vec![ANTON]);
    assert!(play.legal(JACKY).is_empty());
    let christas = play.id(CHRISTA, Secretary);
    let events = play.act(ANTON, Action::Love { card: christas });
    assert_eq!(
        events[0],
        EventView::LoveChosen {
            seat: ANTON,
            card: christas,
            owner: CHRISTA
        }
    );
    assert_eq!(play.office(CHRISTA), ["-secretary"]);
    assert_eq!(play.office(JACKY), ["secretary"]);
    // Anton and Christa tie at 0: a second round.
    assert!(matches!(
        play.spectator().stage,
        Stage::SetUp { round: 2, .. }
    ));
}

#[test]
fn with_both_bosses_and_both_secretaries_all_four_turn_face_down() {
    let mut play = Play::start(
        4,
        deal(
            &[
                &[Boss, Spy, Sales],
                &[Secretary, Operator, Sales],
                &[Boss, Operator, Sales],
                &[Secretary, Cleaner, Manager],
            ],
            &[],
        ),
    );
    play.choose(ANTON, Boss);
    play.choose(JACKY, Secretary);
    play.choose(CHRISTA, Boss);
    play.choose(DORIS, Secretary);
    assert!(matches!(
        play.spectator().stage,
        Stage::SetUp {
            round: 2,
            love: None,
            ..
        }
    ));
    for seat in [ANTON, CHRISTA] {
        assert_eq!(play.office(seat), ["-boss"]);
    }
    for seat in [JACKY, DORIS] {
        assert_eq!(play.office(seat), ["-secretary"]);
    }
    play.choose(ANTON, Spy);
    play.choose(JACKY, Operator);
    play.choose(CHRISTA, Operator);
    let events = play.choose(DORIS, Cleaner);
    // Anton starts; both BOSSes leave and both SECRETARYs turn face up.
    assert!(events
        .iter()
        .any(|e| matches!(e, EventView::StartPlayer { seat: ANTON, .. })));
    assert_eq!(play.office(JACKY), ["secretary", "operator"]);
    assert_eq!(play.office(DORIS), ["secretary", "cleaner"]);
    assert_eq!(play.profit(DORIS), 6.5);
}

#[test]
fn players_above_21_when_play_begins_are_eliminated_and_skipped() {
    let mut play = Play::start(
        3,
        deal(
            &[
                &[Boss, Director, Director],
                &[Spy, Cleaner, Operator],
                &[Spy, Cleaner, Spy],
            ],
            &[],
        ),
    );
    play.choose(ANTON, Boss);
    play.choose(JACKY, Spy);
    play.choose(CHRISTA, Spy);
    play.choose(ANTON, Director);
    play.choose(JACKY, Cleaner);
    let events = play.choose(CHRISTA, Cleaner);
    // Third round by itself: Anton 22.5, Jacky 1.5, Christa 0.5.
    assert!(events.contains(&EventView::StartPlayer {
        seat: CHRISTA,
        totals: vec![Profit(45), Profit(3), Profit(1)]
    }));
    assert!(events.iter().any(|e| matches!(e,
        EventView::Eliminated { seat: ANTON, profit: Profit(45), hand, office } if hand.is_empty() && office.len() == 3)));
    assert!(play.eliminated(ANTON));
    assert_eq!(play.spectator().discard, vec![Boss, Director, Director]);
    assert_eq!(play.spectator().players[0].profit, Profit(45));
    assert_eq!(play.turn(), CHRISTA);
    play.play(CHRISTA, play.hand(CHRISTA)[0]);
    assert_eq!(play.turn(), JACKY, "Anton's turn is skipped");
    assert_eq!(play.ending(), None);
}

#[test]
fn a_position_fixture_begins_the_named_players_turn() {
    let play = Table::new(
        &[&[Sales], &[Manager], &[]],
        &[&[Spy], &[Spy, Spy, Cleaner], &[]],
        ANTON,
    )
    .pile_top(&[Director, Operator])
    .start();
    assert_eq!(play.turn(), ANTON);
    assert_eq!(play.hand(ANTON), vec![Spy, Operator, Director]);
    assert_eq!(
        play.log(Viewer::Spectator),
        vec![
            EventView::TurnBegan { seat: ANTON },
            EventView::Drew {
                seat: ANTON,
                count: 2,
                cards: None
            }
        ]
    );
    assert_eq!(
        play.log(Viewer::Seat(ANTON))[1],
        EventView::Drew {
            seat: ANTON,
            count: 2,
            cards: Some(vec![Operator, Director])
        }
    );
}
