//! Office 21: see docs/games/office21.md.
