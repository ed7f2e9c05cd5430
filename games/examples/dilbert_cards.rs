//! Prints the memo and consultant decks as the Markdown tables of
//! docs/games/dilbert.md ("The cards"), from the board the server sends,
//! so the documentation is generated from the cards themselves:
//!
//! cargo run -q -p cubicle-games --example dilbert_cards

use cubicle_games::dilbert::Dilbert;
use cubicle_games::{Game, PlayerProfile, SeededChance};
use cubicle_protocol::dilbert::{Options, Timing};

fn main() {
    let players = vec![PlayerProfile::default(); 3];
    let (game, _) = Dilbert::start(
        &players,
        &Options::default(),
        &mut SeededChance::new(&[0; 32], 0),
    )
    .expect("a game starts");
    let board = game.board();
    println!("| # | memo | when | text |");
    println!("|---|---|---|---|");
    for m in &board.memos {
        let when = match m.timing {
            Timing::StartOfTurn => "start of turn",
            Timing::EndOfTurn => "end of turn",
            Timing::Response => "response (start of turn)",
        };
        let when = if m.real_life {
            format!("{when}, real life")
        } else {
            when.to_owned()
        };
        println!("| {} | {} | {} | {} |", m.id + 1, m.name, when, m.text);
    }
    println!();
    println!("| # | consultant | rule while in play |");
    println!("|---|---|---|");
    for c in &board.consultants {
        println!("| {} | {} | {} |", c.id + 1, c.name, c.text);
    }
    println!();
    println!("| token | what it does |");
    println!("|---|---|");
    for t in &board.tokens {
        println!("| {} | {} |", t.name, t.text);
    }
}
