//! Boards a client fetches once and keeps (docs/protocol.md, `hello.board`).
//!
//! A snapshot carries the game's board: data that never changes during the
//! game (Dilbert's map and every card's text, 41 KB of JSON; Osaki's names;
//! Office 21's cards). It went in every snapshot, uncompressed over the
//! WebSocket: on a slow phone link, Dilbert's alone took longer than the
//! page's whole script (docs/performance.md, "First load"). A game whose
//! board is the same at every table ([`Game::fixed_board`]) now has it
//! served at `/boards/{game}.{digest}.json`, compressed and cached for a
//! year; a room page names that address, and a connection whose `hello`
//! gives the digest gets snapshots without the board.
//!
//! [`Game::fixed_board`]: cubicle_games::Game::fixed_board

use std::collections::HashMap;
use std::sync::LazyLock;

use cubicle_games::catalog;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

/// A game's fixed board, as every table of it serializes it.
pub struct FixedBoard {
    pub game: &'static str,
    pub json: Box<RawValue>,
    /// 64 bits of the JSON's SHA-256, in hex: its name in the address, and
    /// what `hello.board` gives back.
    pub digest: String,
}

/// Below this, a board costs less inside the snapshot than as a request of
/// its own (about 400 bytes of headers, and on a slow link a request that
/// shares the bandwidth with the page's script): Osaki's is 866 bytes of
/// JSON, Office 21's 3 KB; Dilbert's is 41 KB, 6 KB compressed.
const WORTH_FETCHING_BYTES: usize = 8 * 1024;

impl FixedBoard {
    /// Where it is served.
    pub fn path(&self) -> String {
        format!("/boards/{}.{}.json", self.game, self.digest)
    }

    /// Whether a room page should name it, for the page to fetch and keep.
    /// (Any fixed board is served, and left out of the snapshots of a
    /// connection that names it.)
    pub fn worth_fetching(&self) -> bool {
        self.json.get().len() >= WORTH_FETCHING_BYTES
    }
}

/// Every catalog game's fixed board, made once.
static BOARDS: LazyLock<HashMap<&'static str, FixedBoard>> = LazyLock::new(|| {
    catalog::ENTRIES
        .iter()
        .filter_map(|entry| {
            let json = (entry.fixed_board)()?;
            let digest = hex::encode(&Sha256::digest(json.get().as_bytes())[..8]);
            Some((
                entry.id,
                FixedBoard {
                    game: entry.id,
                    json,
                    digest,
                },
            ))
        })
        .collect()
});

/// The fixed board of `game`, if it has one.
pub fn fixed(game: &str) -> Option<&'static FixedBoard> {
    BOARDS.get(game)
}

/// The board served at `file` (`{game}.{digest}.json`), if it is the
/// current one: an old digest is not served (its page reconnects without
/// it, and gets the board in the snapshot).
pub fn by_file(file: &str) -> Option<&'static FixedBoard> {
    let (game, digest) = file.strip_suffix(".json")?.split_once('.')?;
    fixed(game).filter(|board| board.digest == digest)
}

/// Whether a connection that said it holds the board with `digest` may be
/// sent a snapshot of `game` without its board `table_board`: the digest
/// is the game's fixed board's, and this table's board is exactly it.
pub fn held(game: &str, table_board: &RawValue, digest: Option<&str>) -> bool {
    digest.is_some_and(|digest| {
        fixed(game)
            .is_some_and(|board| board.digest == digest && board.json.get() == table_board.get())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubicle_games::PlayerProfile;
    use serde_json::Value;

    #[test]
    fn every_game_has_one_board_for_every_table() {
        for entry in catalog::ENTRIES {
            let board = fixed(entry.id).expect("a fixed board");
            assert_eq!(board.digest.len(), 16);
            assert_eq!(
                by_file(&format!("{}.{}.json", entry.id, board.digest)).map(|b| b.game),
                Some(entry.id)
            );
            assert!(by_file(&format!("{}.0000000000000000.json", entry.id)).is_none());
            assert!(by_file(&format!("{}.{}", entry.id, board.digest)).is_none());
            // A table of the game, whoever sits at it, has exactly that board.
            let info = (entry.info)();
            for (seats, seed) in [(info.min_seats, [1; 32]), (info.max_seats, [7; 32])] {
                let players = vec![PlayerProfile::default(); usize::from(seats)];
                let table = (entry.start)(&players, &Value::Null, &seed).expect("starts");
                assert_eq!(table.board_json().get(), board.json.get(), "{}", entry.id);
                assert!(held(entry.id, &table.board_json(), Some(&board.digest)));
                assert!(!held(
                    entry.id,
                    &table.board_json(),
                    Some("0000000000000000")
                ));
                assert!(!held(entry.id, &table.board_json(), None));
            }
        }
        let worth: Vec<&str> = catalog::ENTRIES
            .iter()
            .filter(|e| fixed(e.id).unwrap().worth_fetching())
            .map(|e| e.id)
            .collect();
        assert_eq!(worth, ["dilbert"]);
        assert!(fixed("chess").is_none());
        assert!(by_file("chess.0000000000000000.json").is_none());
    }
}
