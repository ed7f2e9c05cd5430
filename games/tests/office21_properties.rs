//! Office 21 under thousands of random legal games with 2 to 5 players:
//! every card is always somewhere exactly once, the turn contract holds,
//! every game ends within the derived bound, and the declared winners
//! satisfy the declared victory condition.

mod office21_support;

use std::collections::BTreeMap;

use cubicle_games::chance::SeededChance;
use cubicle_games::office21::Office21;
use cubicle_games::testing::{assert_turn_contract, random_playout};
use cubicle_games::{Chance, Game, PlayerProfile, Viewer};
use cubicle_protocol::office21::{
    Action, Card, Decision, EndedBy, Event, EventView, Options, Stage, TieBreak, Victory, View,
};
use cubicle_protocol::Seat;
use office21_support::full_deck;

/// Upper bound on the turns of one game after its last set-up (see the
/// module documentation of `cubicle_games::office21`): the stock (pile and
/// hands) starts at 44 at most and every turn lowers it except idle turns,
/// of which fewer than `3 * seats` come in a row.
fn turn_bound(seats: usize) -> usize {
    (44 + 1) * 3 * seats
}

/// Actions of one set-up attempt: two chosen rounds (the third places
/// itself) and a love choice after each of the three reveals at most.
fn setup_bound(seats: usize) -> usize {
    2 * seats + 3
}

/// Cards the spectator can count: hands, pile, offices, discard pile,
/// face-down set-up choices and the card an OPERATOR is looking at.
fn public_count(view: &View) -> usize {
    let players: usize = view
        .players
        .iter()
        .map(|p| usize::from(p.hand) + p.office.len() + usize::from(p.chosen))
        .sum();
    let looking = matches!(
        view.stage,
        Stage::Turn {
            decision: Decision::Operator { .. },
            ..
        }
    );
    players + usize::from(view.pile) + view.discard.len() + usize::from(looking)
}

fn accounted(game: &Office21) {
    let mut all = game.all_cards();
    all.sort();
    assert_eq!(all, full_deck(), "every card exactly once");
    let view = game.view(Viewer::Spectator);
    assert_eq!(public_count(&view), 44, "{view:#?}");
    for seat in 0..game.seats() as Seat {
        let mine = game.view(Viewer::Seat(seat));
        assert_eq!(
            mine.hand.len(),
            usize::from(view.players[usize::from(seat)].hand)
        );
    }
}

/// Some action that is not legal for some seat right now: it must be
/// refused, and refusing it must change nothing.
fn refuse_something(game: &Office21, rng: &mut SeededChance) {
    let rng: &mut dyn Chance = rng;
    let seat = rng.below(game.seats() as u32 + 1) as Seat;
    let card = Card::ALL[rng.below(10) as usize];
    let id = rng.below(60) as u16;
    let other = rng.below(game.seats() as u32) as Seat;
    let candidates = [
        Action::Choose { card },
        Action::Play { card },
        Action::Love { card: id },
        Action::Remove { card: id },
        Action::TakeBack { card: id },
        Action::Swap { card: id },
        Action::Look { seat: other },
        Action::Discard { seat: other, card },
        Action::Keep { card },
        Action::Return { card },
    ];
    let action = *rng.pick(&candidates).unwrap();
    if game.legal(seat).contains(&action) {
        return;
    }
    let mut copy = game.clone();
    let refused = copy.play(seat, &action, &mut cubicle_games::chance::NoChance);
    assert!(
        refused.is_err(),
        "{action:?} by {seat} is not legal yet was accepted"
    );
    assert_eq!(&copy, game, "refusing {action:?} changed the game");
}

fn highest_face_up(view: &View, seat: Seat) -> u16 {
    let value = |c: Card| match c {
        Card::Spy | Card::Taxman => 0,
        Card::Cleaner => 1,
        Card::Operator => 2,
        Card::Assistant => 4,
        Card::Sales => 6,
        Card::Manager => 8,
        Card::Secretary => 12,
        Card::Director => 14,
        Card::Boss => 17,
    };
    view.players[usize::from(seat)]
        .office
        .iter()
        .filter(|c| c.face_up)
        .map(|c| value(c.card))
        .max()
        .unwrap_or(0)
}

/// Checks, from the final spectator view and log alone, that the winners
/// satisfy the victory condition the game declared.
fn check_ending(game: &Office21, log: &[EventView]) -> (EndedBy, Victory) {
    let view = game.view(Viewer::Spectator);
    let ending = view.ending.clone().expect("over");
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.winners, ending.winners);
    assert_eq!(outcome.reason, ending.victory.as_str());
    assert!(!ending.winners.is_empty());
    let remaining: Vec<Seat> = view
        .players
        .iter()
        .filter(|p| !p.eliminated)
        .map(|p| p.seat)
        .collect();
    for w in &ending.winners {
        assert!(remaining.contains(w), "winner {w} was eliminated");
    }
    let p = |s: Seat| &view.players[usize::from(s)];
    let last_turn = log.iter().rev().find_map(|e| match e {
        EventView::TurnBegan { seat } => Some(*seat),
        _ => None,
    });
    match ending.ended_by {
        EndedBy::IndustrialEspionage => {
            assert_eq!(ending.victory, Victory::IndustrialEspionage);
            let spies = p(ending.winners[0])
                .office
                .iter()
                .filter(|c| c.card == Card::Spy)
                .count();
            assert_eq!(spies, 5);
        }
        EndedBy::RecordBreakingProfits => {
            assert_eq!(ending.victory, Victory::StrategicManagement);
            assert_eq!(remaining, ending.winners);
        }
        EndedBy::SuccessfulOperations => {
            let seat = last_turn.expect("a turn began");
            assert_eq!(
                p(seat).profit.halves(),
                42,
                "the player whose turn began is at 21"
            );
        }
        EndedBy::TaxAudit => {
            let seat = last_turn.expect("a turn began");
            assert!(p(seat).office.iter().any(|c| c.card == Card::Taxman));
        }
        EndedBy::FullEmployment => {
            assert!(log
                .iter()
                .any(|e| matches!(e, EventView::FullEmployment { .. })));
            assert!(remaining
                .iter()
                .all(|&s| !p(s).office.iter().any(|c| c.card == Card::Taxman)));
        }
        EndedBy::Stalemate => {
            assert!(view.idle_turns >= 3 * remaining.len() as u8);
        }
    }
    let at_21: Vec<Seat> = remaining
        .iter()
        .copied()
        .filter(|&s| p(s).profit.halves() == 42)
        .collect();
    let earliest = |seats: &[Seat]| -> Vec<Seat> {
        let first = seats.iter().map(|&s| p(s).profit_since).min().unwrap();
        seats
            .iter()
            .copied()
            .filter(|&s| p(s).profit_since == first)
            .collect()
    };
    match ending.victory {
        Victory::SuccessfulOperations => {
            assert!(!at_21.is_empty());
            assert_eq!(ending.winners, earliest(&at_21));
        }
        Victory::CreativeAccounting => {
            assert!(at_21.is_empty(), "21 would have won");
            let mut tied = remaining.clone();
            let keep = |tied: &mut Vec<Seat>, key: &dyn Fn(Seat) -> i64| {
                let best = tied.iter().map(|&s| key(s)).min().unwrap();
                tied.retain(|&s| key(s) == best);
            };
            keep(&mut tied, &|s| i64::from(p(s).profit.halves()));
            if tied.len() > 1 {
                keep(&mut tied, &|s| p(s).office.len() as i64);
            }
            if tied.len() > 1 {
                keep(&mut tied, &|s| -i64::from(highest_face_up(&view, s)));
            }
            if tied.len() > 1 {
                tied = earliest(&tied);
            }
            assert_eq!(ending.winners, tied);
        }
        Victory::LargeProfits => {
            assert!(at_21.is_empty(), "21 would have won");
            let top = remaining.iter().map(|&s| p(s).profit).max().unwrap();
            let best: Vec<Seat> = remaining
                .iter()
                .copied()
                .filter(|&s| p(s).profit == top)
                .collect();
            assert_eq!(ending.winners, earliest(&best));
        }
        Victory::IndustrialEspionage | Victory::StrategicManagement => {
            assert_eq!(ending.winners.len(), 1)
        }
    }
    if ending.winners.len() > 1 {
        assert_eq!(ending.tie_break, Some(TieBreak::Shared));
    }
    (ending.ended_by, ending.victory)
}

/// How the random players choose among the legal actions.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Style {
    /// Uniformly.
    Uniform,
    /// Never a TAXMAN unless nothing else is legal: games run until the
    /// pile is used up.
    Calm,
    /// Calm, and playing or taking SPYs whenever possible.
    Spies,
}

impl Style {
    /// The actions this style prefers (all of `legal` if none).
    fn prefer(self, game: &Office21, legal: &[Action]) -> Vec<Action> {
        let calm: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| *a != Action::Play { card: Card::Taxman })
            .collect();
        let spy_ids: Vec<u16> = game
            .view(Viewer::Spectator)
            .players
            .iter()
            .flat_map(|p| p.office.iter())
            .filter(|c| c.card == Card::Spy)
            .map(|c| c.id)
            .collect();
        let spies: Vec<Action> = calm
            .iter()
            .copied()
            .filter(|a| match a {
                Action::Play { card } => *card == Card::Spy,
                Action::Swap { card } => spy_ids.contains(card),
                _ => false,
            })
            .collect();
        let preferred = match self {
            Style::Uniform => Vec::new(),
            Style::Calm => calm,
            Style::Spies if spies.is_empty() => calm,
            Style::Spies => spies,
        };
        if preferred.is_empty() {
            legal.to_vec()
        } else {
            preferred
        }
    }
}

/// Plays one game from `seed` in `style`, checking every invariant after
/// every action, and returns how the game ended.
fn play_one(g: u64, seats: usize, style: Style) -> (EndedBy, Victory, usize) {
    let mut seed = [style as u8; 32];
    seed[..8].copy_from_slice(&g.to_le_bytes());
    let (mut game, mut events) = Office21::start(
        &vec![PlayerProfile::default(); seats],
        &Options::default(),
        &mut SeededChance::new(&seed, 0),
    )
    .unwrap();
    accounted(&game);
    let mut choices = SeededChance::new(&seed, 1 << 40);
    let limit = 100 * setup_bound(seats) + 3 * turn_bound(seats);
    let steps = if style != Style::Uniform {
        let mut steps = 0;
        while game.outcome().is_none() && steps < limit {
            assert_turn_contract(&game);
            let chooser: &mut dyn Chance = &mut choices;
            let seat = *chooser.pick(&game.to_act()).unwrap();
            let options = style.prefer(&game, &game.legal(seat));
            let action = *chooser.pick(&options).unwrap();
            steps += 1;
            let new = game
                .play(seat, &action, &mut SeededChance::new(&seed, steps as u64))
                .unwrap_or_else(|e| panic!("legal {action:?} refused: {e}"));
            events.extend(new);
            accounted(&game);
        }
        assert_turn_contract(&game);
        steps
    } else {
        let mut chance = SeededChance::new(&seed, 1 << 41);
        let mut wrong = SeededChance::new(&seed, 1 << 42);
        random_playout(
            &mut game,
            &mut events,
            &mut choices,
            &mut chance as &mut dyn Chance,
            limit,
            |game, _| {
                accounted(game);
                refuse_something(game, &mut wrong);
            },
        )
    };
    assert!(
        game.outcome().is_some(),
        "game {g} did not end in {steps} actions"
    );
    assert!(game.to_act().is_empty());
    let log: Vec<EventView> = events
        .iter()
        .map(|e| Office21::event_view(e, Viewer::Spectator).unwrap())
        .collect();
    let turns = log
        .iter()
        .filter(|e| matches!(e, EventView::TurnBegan { .. }))
        .count();
    assert!(turns <= turn_bound(seats), "game {g}: {turns} turns");
    let attempts = usize::from(game.setup_attempts());
    assert!(
        steps <= attempts * setup_bound(seats) + 3 * turns,
        "game {g}: {steps} actions"
    );
    // Secrets never travel in a public event.
    assert!(events.iter().all(|e| !matches!(
        e,
        Event::Public(
            EventView::Drew { .. }
                | EventView::Dealt { .. }
                | EventView::Chose { .. }
                | EventView::OperatorDrew { .. }
                | EventView::OperatorReturned { .. }
                | EventView::DirectorLooked { .. }
        )
    )));
    let (ended_by, victory) = check_ending(&game, &log);
    (ended_by, victory, steps)
}

fn tally(games: u64, style: Style) -> BTreeMap<String, usize> {
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut longest = 0;
    for g in 0..games {
        let seats = 2 + (g % 4) as usize;
        let (ended_by, victory, steps) = play_one(g, seats, style);
        longest = longest.max(steps);
        *endings
            .entry(format!("{ended_by:?}/{victory:?}"))
            .or_default() += 1;
    }
    eprintln!("{games} {style:?} games: {endings:#?}; longest: {longest} actions");
    endings
}

#[track_caller]
fn seen(endings: &BTreeMap<String, usize>, kinds: &[&str]) {
    for kind in kinds {
        assert!(
            endings.contains_key(*kind),
            "random play never ended by {kind}: {endings:?}"
        );
    }
}

#[test]
fn random_games_keep_every_card_and_end_with_a_winner_who_earned_it() {
    let endings = tally(1200, Style::Uniform);
    seen(
        &endings,
        &[
            "TaxAudit/CreativeAccounting",
            "TaxAudit/SuccessfulOperations",
            "RecordBreakingProfits/StrategicManagement",
            "SuccessfulOperations/SuccessfulOperations",
        ],
    );
}

/// Games in which TAXMANs are played only when nothing else is legal run
/// until the pile is used up; players who collect SPYs now and then reach
/// industrial espionage (its rules have their own tests).
#[test]
fn long_random_games_reach_full_employment() {
    let mut endings = tally(500, Style::Calm);
    for (kind, n) in tally(200, Style::Spies) {
        *endings.entry(kind).or_default() += n;
    }
    seen(
        &endings,
        &[
            "FullEmployment/LargeProfits",
            "FullEmployment/SuccessfulOperations",
            "TaxAudit/CreativeAccounting",
            "RecordBreakingProfits/StrategicManagement",
        ],
    );
}
