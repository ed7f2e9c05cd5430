//! Dilbert: The Board Game: see docs/games/dilbert.md.
//!
//! Work in progress: the map and movement first.

#![allow(dead_code)]

mod map;
mod movement;
