//! What a replay of a finished game shows as "everything revealed"
//! (`Game::reveal`, `Table::revealed`): each seat's hidden things as that
//! seat saw them, the decks with as many cards as the views count, top
//! first, changing as the game goes on.

use std::sync::OnceLock;

use cubicle_games::catalog;
use cubicle_games::dilbert::Dilbert;
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_games::testing::random_playout;
use cubicle_games::{Game, PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::record::Revealed;
use cubicle_protocol::{dilbert, office21, osaki, Seat};

/// The items of `seat`'s (or the table's) entry labelled `label`; none
/// when there is no such entry (empty entries are left out).
fn items(revealed: &[Revealed], seat: Option<Seat>, label: &str) -> Vec<String> {
    let found: Vec<&Revealed> = revealed
        .iter()
        .filter(|r| r.seat == seat && r.label == label)
        .collect();
    assert!(found.len() <= 1, "{label} listed twice: {revealed:?}");
    found
        .first()
        .map(|r| {
            assert!(!r.items.is_empty(), "an empty entry is left out: {r:?}");
            r.items.clone()
        })
        .unwrap_or_default()
}

fn players(seats: usize) -> Vec<PlayerProfile> {
    vec![PlayerProfile::default(); seats]
}

// ---------------------------------------------------------------- Office 21

fn card_name(card: office21::Card) -> String {
    static BOARD: OnceLock<office21::Board> = OnceLock::new();
    let board = BOARD.get_or_init(|| office21_game(2, 0).board());
    board
        .cards
        .iter()
        .find(|c| c.card == card)
        .expect("every card is on the board")
        .name
        .clone()
}

fn office21_game(seats: usize, g: u64) -> Office21 {
    Office21::start(
        &players(seats),
        &office21::Options::default(),
        &mut SeededChance::new(&[0x21; 32], g),
    )
    .unwrap()
    .0
}

/// (a) and (b) for Office 21: hands as their owners see them, the pile as
/// long as the spectator's count.
fn check_office21(game: &Office21) -> Vec<String> {
    let revealed = game.reveal();
    for seat in 0..game.seats() as Seat {
        let own = game.view(Viewer::Seat(seat));
        let hand: Vec<String> = own.hand.iter().map(|&c| card_name(c)).collect();
        assert_eq!(items(&revealed, Some(seat), "Hand"), hand, "seat {seat}");
        let choice: Vec<String> = own.your_choice.map(card_name).into_iter().collect();
        assert_eq!(
            items(&revealed, Some(seat), "Face-down set-up card"),
            choice,
            "seat {seat}"
        );
        let drawn: Vec<String> = match own.secret {
            Some(office21::Secret::OperatorCard { card }) => vec![card_name(card)],
            _ => Vec::new(),
        };
        assert_eq!(items(&revealed, Some(seat), "Drawn by OPERATOR"), drawn);
    }
    let pile = items(&revealed, None, "Draw pile, top first");
    let spectator = game.view(Viewer::Spectator);
    assert_eq!(pile.len(), usize::from(spectator.pile));
    // A seat that put the top card back with an OPERATOR sees it on top.
    for seat in 0..game.seats() as Seat {
        if let Some(top) = game.view(Viewer::Seat(seat)).pile_top {
            assert_eq!(pile.first(), Some(&card_name(top)));
        }
    }
    pile
}

#[test]
fn office21_reveals_hands_choices_and_the_pile_top_first() {
    let mut draws = 0;
    let mut choices_seen = 0;
    for g in 0..20u64 {
        let seats = 2 + (g % 4) as usize;
        let mut game = office21_game(seats, g);
        let mut events = Vec::new();
        let mut pile = check_office21(&game);
        assert_eq!(game.reveal().last().unwrap().label, "Draw pile, top first");
        let mut attempts = game.setup_attempts();
        let mut seen = events.len();
        random_playout(
            &mut game,
            &mut events,
            &mut SeededChance::new(&[0x22; 32], g),
            &mut SeededChance::new(&[0x23; 32], g),
            400,
            |game, events| {
                let now = check_office21(game);
                let drew: Vec<String> = events[seen..]
                    .iter()
                    .flat_map(|e| match e {
                        office21::Event::Drew { cards, .. } => cards.clone(),
                        office21::Event::OperatorDrew { card, .. } => vec![*card],
                        _ => Vec::new(),
                    })
                    .map(card_name)
                    .collect();
                let returned = events[seen..]
                    .iter()
                    .any(|e| matches!(e, office21::Event::OperatorReturned { .. }));
                if !drew.is_empty() && !returned && game.setup_attempts() == attempts {
                    // Drawn cards leave the pile from the top (a draw
                    // event tells them in kind order, not pile order).
                    let mut top = pile[..drew.len()].to_vec();
                    let mut drew = drew;
                    top.sort();
                    drew.sort();
                    assert_eq!(drew, top, "drew from the top");
                    assert_eq!(now, pile[drew.len()..], "the rest stays in order");
                    draws += 1;
                }
                if game
                    .reveal()
                    .iter()
                    .any(|r| r.label == "Face-down set-up card")
                {
                    choices_seen += 1;
                }
                pile = now;
                attempts = game.setup_attempts();
                seen = events.len();
            },
        );
    }
    assert!(draws >= 50, "{draws} draws checked");
    assert!(
        choices_seen >= 20,
        "{choices_seen} states with set-up choices"
    );
}

// -------------------------------------------------------------------- Osaki

fn osaki_board() -> &'static osaki::Board {
    static BOARD: OnceLock<osaki::Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        Osaki::start(
            &players(2),
            &osaki::Options::default(),
            &mut SeededChance::new(&[0; 32], 0),
        )
        .unwrap()
        .0
        .board()
    })
}

fn character_name(c: osaki::Character) -> String {
    let board = osaki_board();
    board
        .characters
        .iter()
        .find(|n| n.id == c)
        .unwrap()
        .en
        .clone()
}

fn task_name(t: osaki::Task) -> String {
    let board = osaki_board();
    board.tasks.iter().find(|n| n.id == t).unwrap().en.clone()
}

/// (a) and (b) for Osaki: each seat's unturned tiles, slot by slot with the
/// character its view shows, and the tiles set aside as many as the view
/// counts, until the end shows them.
fn check_osaki(game: &Osaki) {
    let revealed = game.reveal();
    for seat in 0..game.seats() as Seat {
        let view = game.view(Viewer::Seat(seat));
        let unturned = items(&revealed, Some(seat), "Unturned tiles");
        let expected: Vec<String> = view.areas[usize::from(seat)]
            .slots
            .iter()
            .enumerate()
            .filter_map(|(slot, pile)| match pile {
                osaki::Pile::Unturned { character } => {
                    Some(format!("slot {slot}: {} — ", character_name(*character)))
                }
                _ => None,
            })
            .collect();
        assert_eq!(unturned.len(), expected.len(), "seat {seat}");
        for (item, prefix) in unturned.iter().zip(&expected) {
            assert!(item.starts_with(prefix), "{item} is not {prefix}...");
        }
    }
    let aside = items(&revealed, None, "Tiles set aside");
    let hidden: Vec<String> = game
        .view(Viewer::Spectator)
        .leftover
        .iter()
        .filter_map(|l| match l {
            osaki::Leftover::Hidden { character } => Some(character_name(*character)),
            osaki::Leftover::Revealed { .. } => None,
        })
        .collect();
    assert_eq!(aside.len(), hidden.len());
    for (item, character) in aside.iter().zip(&hidden) {
        assert!(item.starts_with(&format!("{character}/")), "{item}");
    }
}

#[test]
fn osaki_reveals_each_unturned_tiles_task_until_it_is_turned() {
    let mut turned = 0;
    for g in 0..12u64 {
        let seats = 2 + (g % 3) as usize;
        let (mut game, mut events) = Osaki::start(
            &players(seats),
            &osaki::Options::default(),
            &mut SeededChance::new(&[0x05; 32], g),
        )
        .unwrap();
        check_osaki(&game);
        if seats == 3 {
            assert_eq!(items(&game.reveal(), None, "Tiles set aside").len(), 6);
        }
        let mut before = game.reveal();
        let mut seen = events.len();
        random_playout(
            &mut game,
            &mut events,
            &mut SeededChance::new(&[0x06; 32], g),
            &mut SeededChance::new(&[0x07; 32], g),
            200,
            |game, events| {
                check_osaki(game);
                let now = game.reveal();
                for event in &events[seen..] {
                    if let osaki::Event::Turned { seat, slot, tile } = event {
                        // The tile turned is the one the reveal showed, and
                        // it leaves the reveal.
                        let shown = format!(
                            "slot {slot}: {} — {}",
                            character_name(tile.character),
                            task_name(tile.task)
                        );
                        assert!(items(&before, Some(*seat), "Unturned tiles").contains(&shown));
                        assert!(!items(&now, Some(*seat), "Unturned tiles").contains(&shown));
                        turned += 1;
                    }
                }
                before = now;
                seen = events.len();
            },
        );
        assert!(game.outcome().is_some());
        // Once over, the tiles set aside are public: not in the reveal.
        assert!(items(&game.reveal(), None, "Tiles set aside").is_empty());
    }
    assert!(turned >= 100, "{turned} turns checked");
}

// ------------------------------------------------------------------ Dilbert

fn dilbert_board() -> &'static dilbert::Board {
    static BOARD: OnceLock<dilbert::Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        Dilbert::start(
            &players(3),
            &dilbert::Options::default(),
            &mut SeededChance::new(&[0; 32], 0),
        )
        .unwrap()
        .0
        .board()
    })
}

fn memo_names(memos: &[dilbert::MemoId]) -> Vec<String> {
    let board = dilbert_board();
    memos
        .iter()
        .map(|&m| board.memos[usize::from(m)].name.clone())
        .collect()
}

/// (a) and (b) for Dilbert: hands as their owners see them, the decks as
/// long as the spectator's counts; returns the memo deck.
fn check_dilbert(game: &Dilbert) -> Vec<String> {
    let revealed = game.reveal();
    let spectator = game.view(Viewer::Spectator);
    for seat in 0..game.seats() as Seat {
        let own = game.view(Viewer::Seat(seat));
        let hand = memo_names(own.hand.as_deref().unwrap_or_default());
        let listed = items(&revealed, Some(seat), "Memos in hand");
        if spectator.players[usize::from(seat)].shown_hand.is_some() {
            assert!(listed.is_empty(), "a shown hand is no secret");
        } else {
            assert_eq!(listed, hand, "seat {seat}");
        }
    }
    let deck = items(&revealed, None, "Memo deck, top first");
    assert_eq!(deck.len(), usize::from(spectator.memo_deck));
    assert_eq!(
        items(&revealed, None, "Project deck, top first").len(),
        usize::from(spectator.project_deck)
    );
    assert_eq!(
        items(&revealed, None, "Consultant deck, top first").len(),
        usize::from(spectator.consultant_deck)
    );
    deck
}

#[test]
fn dilbert_reveals_hands_and_decks_top_first() {
    let board = dilbert_board();
    let mut draws = 0;
    let mut hands = 0;
    let mut tops = 0;
    for g in 0..8u64 {
        let seats = 3 + (g % 4) as usize;
        let (mut game, mut events) = Dilbert::start(
            &players(seats),
            &dilbert::Options::default(),
            &mut SeededChance::new(&[0xd1; 32], g),
        )
        .unwrap();
        check_dilbert(&game);
        let first = game.reveal();
        assert!(!items(&first, None, "Project deck, top first").is_empty());
        assert!(!items(&first, None, "Consultant deck, top first").is_empty());
        let mut deck = check_dilbert(&game);
        let mut projects = items(&first, None, "Project deck, top first");
        let mut consultants = items(&first, None, "Consultant deck, top first");
        let mut seen = events.len();
        random_playout(
            &mut game,
            &mut events,
            &mut SeededChance::new(&[0xd2; 32], g),
            &mut SeededChance::new(&[0xd3; 32], g),
            300,
            |game, events| {
                let now = check_dilbert(game);
                let new = &events[seen..];
                let drew: Vec<dilbert::MemoId> = new
                    .iter()
                    .filter_map(|e| match e {
                        dilbert::EventView::Drew { memo, .. } => *memo,
                        _ => None,
                    })
                    .collect();
                // Draws take the top of the deck (discards go to the back).
                if !drew.is_empty() && drew.len() <= deck.len() {
                    let drew = memo_names(&drew);
                    assert_eq!(drew, deck[..drew.len()], "memos are drawn from the top");
                    draws += 1;
                }
                // The next Schedule and consultant come off the top too.
                let reshuffled = new
                    .iter()
                    .any(|e| matches!(e, dilbert::EventView::ProjectsReshuffled));
                for event in new {
                    match event {
                        dilbert::EventView::Scheduled { project } if !reshuffled => {
                            assert_eq!(
                                projects.first(),
                                Some(&board.projects[usize::from(*project)].name)
                            );
                            tops += 1;
                        }
                        dilbert::EventView::Consultant { consultant }
                            if !consultants.is_empty() =>
                        {
                            assert_eq!(
                                consultants.first(),
                                Some(&board.consultants[usize::from(*consultant)].name)
                            );
                            tops += 1;
                        }
                        _ => {}
                    }
                }
                projects = items(&game.reveal(), None, "Project deck, top first");
                consultants = items(&game.reveal(), None, "Consultant deck, top first");
                if game.reveal().iter().any(|r| r.label == "Memos in hand") {
                    hands += 1;
                }
                deck = now;
                seen = events.len();
            },
        );
    }
    assert!(draws >= 20, "{draws} draws checked");
    assert!(hands >= 100, "{hands} states with hands");
    assert!(tops >= 5, "{tops} Schedules and consultants checked");
}

// -------------------------------------------------------------------- Table

/// The type-erased table reveals what its game does, for every game of the
/// catalog: the entry point the server's replay uses.
#[test]
fn every_catalog_table_reveals_its_games_secrets() {
    for entry in catalog::ENTRIES {
        let seats = 3;
        let table = (entry.start)(&players(seats), &serde_json::Value::Null, &[0x77; 32])
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        let revealed = table.revealed();
        assert!(
            !revealed.is_empty(),
            "{}: nothing hidden at the deal",
            entry.id
        );
        // Seats first, in seat order, then the table's own.
        let order: Vec<Option<Seat>> = revealed.iter().map(|r| r.seat).collect();
        let mut sorted = order.clone();
        sorted.sort_by_key(|s| s.map_or(u16::MAX, u16::from));
        assert_eq!(order, sorted, "{}", entry.id);
        let typed = match entry.id {
            "office21" => Office21::start(
                &players(seats),
                &Default::default(),
                &mut SeededChance::new(&[0x77; 32], 0),
            )
            .unwrap()
            .0
            .reveal(),
            "osaki" => Osaki::start(
                &players(seats),
                &Default::default(),
                &mut SeededChance::new(&[0x77; 32], 0),
            )
            .unwrap()
            .0
            .reveal(),
            "dilbert" => Dilbert::start(
                &players(seats),
                &Default::default(),
                &mut SeededChance::new(&[0x77; 32], 0),
            )
            .unwrap()
            .0
            .reveal(),
            other => panic!("a new game ({other}): add it here"),
        };
        assert_eq!(revealed, typed, "{}", entry.id);
    }
}
