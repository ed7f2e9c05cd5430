//! Osaki ni Shitsurei Shima-su!!: see docs/games/osaki.md.
