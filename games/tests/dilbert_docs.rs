//! docs/games/dilbert.md lists every memo, consultant and token with its
//! printed text (the card reference players read), so the page cannot
//! drift from the cards: regenerate its tables with
//! `cargo run -q -p cubicle-games --example dilbert_cards`.

use cubicle_games::dilbert::Dilbert;
use cubicle_games::{Game, PlayerProfile, SeededChance};
use cubicle_protocol::dilbert::Options;

#[test]
fn the_rules_page_lists_every_card_with_its_text() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/games/dilbert.md"
    ))
    .expect("docs/games/dilbert.md");
    let (game, _) = Dilbert::start(
        &vec![PlayerProfile::default(); 3],
        &Options::default(),
        &mut SeededChance::new(&[0; 32], 0),
    )
    .unwrap();
    let board = game.board();
    assert_eq!((board.memos.len(), board.consultants.len()), (70, 18));
    let rows = board
        .memos
        .iter()
        .map(|m| (m.id, &m.name, &m.text))
        .chain(board.consultants.iter().map(|c| (c.id, &c.name, &c.text)));
    for (id, name, text) in rows {
        let row = format!("| {} | {name} |", id + 1);
        assert!(page.contains(&row), "the page lacks the row of {name}");
        assert!(
            page.contains(text.as_str()),
            "the page lacks the text of {name}: {text}"
        );
    }
    for token in &board.tokens {
        assert!(
            page.contains(&format!("| {} | {} |", token.name, token.text)),
            "the page lacks the token {}",
            token.name
        );
    }
}
