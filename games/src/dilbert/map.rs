//! The office map: parsed from `office.map` (a text grid a person can read
//! and edit), checked, and turned into spaces and their neighbours.
//!
//! INTERFACE STUB: the map helper replaces the bodies (see the prompt).

use cubicle_protocol::dilbert::{Cubicle, Office, Side, Space, SpaceId, Wall};

/// The parsed map: spaces, neighbours, walls and doors, cubicles.
#[derive(Debug, Clone, PartialEq)]
pub struct OfficeMap {
    pub width: u8,
    pub height: u8,
    /// `spaces[i].id == i`.
    pub spaces: Vec<Space>,
    /// For each space, the spaces one step away (an open edge between them).
    pub neighbours: Vec<Vec<SpaceId>>,
    pub walls: Vec<Wall>,
    pub doors: Vec<Wall>,
    /// Six cubicles, rank 1 (nearest the Boss's Office) first. `value` is
    /// filled from the map file.
    pub cubicles: Vec<Cubicle>,
    /// The space of each office, in `Office::ALL` order.
    pub office_spaces: [SpaceId; 16],
}

/// Why a map file is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    #[error("line {line}: {problem}")]
    Syntax { line: usize, problem: String },
    #[error("{0}")]
    Invalid(String),
}

impl OfficeMap {
    /// The game's map (`office.map`), parsed once.
    pub fn standard() -> &'static OfficeMap {
        unimplemented!()
    }

    pub fn parse(_text: &str) -> Result<OfficeMap, MapError> {
        unimplemented!()
    }

    pub fn space_of(&self, office: Office) -> SpaceId {
        self.office_spaces[Office::ALL.iter().position(|&o| o == office).unwrap()]
    }

    pub fn office_at(&self, space: SpaceId) -> Option<Office> {
        self.spaces[usize::from(space)].office
    }

    pub fn is_hall(&self, space: SpaceId) -> bool {
        self.office_at(space).is_none()
    }
}

#[allow(dead_code)]
fn unused(_: Side) {}
