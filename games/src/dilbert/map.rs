//! The office map: parsed from `office.map` (a text grid a person can read
//! and edit), checked, and turned into spaces and their neighbours.
//!
//! The file format is documented in the header of `office.map` itself, so
//! whoever edits the map reads it where they need it. In short: squares sit
//! at odd (row, column) character positions, edges between them at the
//! positions in between (`|` or `-` closed, a space open); a square's
//! character says whether it is hall, an office (by a letter of the legend),
//! a cubicle (`1`..`6`) or outside the building.
//!
//! Parsing has two layers: [`OfficeMap::parse_layout`] reads the drawing and
//! builds spaces, walls and doors; [`OfficeMap::parse`] adds the rules checks
//! that make a map playable (every office present, reachable, with a door;
//! six ranked cubicles; the restrooms; Carol's two ways in).

use std::sync::OnceLock;

use cubicle_protocol::dilbert::{Cubicle, Office, Side, Space, SpaceId, Wall};

/// The game's map, compiled in so the server needs no file at run time.
const STANDARD_MAP: &str = include_str!("office.map");

/// Marks "no space" in lookups (an outside square, an office not drawn).
const NO_SPACE: SpaceId = SpaceId::MAX;

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
    /// The space of each square, row by row (`NO_SPACE` outside).
    square_spaces: Vec<SpaceId>,
    /// What a walk needs to know of each space, by space, in one byte
    /// (the search reads it for every step).
    pub(super) kinds: Vec<SpaceKind>,
    /// Hall squares in front of an office door (where Ted may stand),
    /// ascending.
    pub doorsteps: Vec<SpaceId>,
}

/// What kind of space a walk enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SpaceKind {
    Hall,
    /// Must stop on entering.
    Conference,
    /// Must stop on entering from a hall square.
    Carol,
    MensRoom,
    WomensRoom,
    /// Any other office.
    Office,
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
        static STANDARD: OnceLock<OfficeMap> = OnceLock::new();
        STANDARD.get_or_init(|| {
            OfficeMap::parse(STANDARD_MAP)
                .unwrap_or_else(|error| panic!("office.map is refused: {error}"))
        })
    }

    /// Reads a map file and checks that it is playable.
    pub fn parse(text: &str) -> Result<OfficeMap, MapError> {
        let map = OfficeMap::parse_layout(text)?;
        map.check()?;
        Ok(map)
    }

    /// Reads a map file without the rules checks: the drawing must be well
    /// formed and each office in one piece, but offices may be missing and
    /// cubicles absent. Movement tests use it for small maps of a few offices.
    pub fn parse_layout(text: &str) -> Result<OfficeMap, MapError> {
        let file = read_file(text)?;
        let grid = read_grid(&file)?;
        build(&file, &grid)
    }

    pub fn space_of(&self, office: Office) -> SpaceId {
        self.office_spaces[office_index(office)]
    }

    pub fn office_at(&self, space: SpaceId) -> Option<Office> {
        self.spaces[usize::from(space)].office
    }

    pub fn is_hall(&self, space: SpaceId) -> bool {
        self.office_at(space).is_none()
    }

    /// The space covering square `[x, y]`, if it is inside the building.
    pub fn space_at(&self, x: u8, y: u8) -> Option<SpaceId> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let space = self.square_spaces[usize::from(y) * usize::from(self.width) + usize::from(x)];
        (space != NO_SPACE).then_some(space)
    }

    /// The rules a playable map keeps (see the module comment).
    fn check(&self) -> Result<(), MapError> {
        self.check_offices_present()?;
        self.check_doors()?;
        self.check_reachable()?;
        self.check_cubicles()?;
        self.check_restrooms()?;
        self.check_carol()
    }

    fn check_offices_present(&self) -> Result<(), MapError> {
        match Office::ALL
            .iter()
            .find(|&&office| self.space_of(office) == NO_SPACE)
        {
            Some(office) => Err(invalid(format!("{office:?} is not on the map"))),
            None => Ok(()),
        }
    }

    fn check_doors(&self) -> Result<(), MapError> {
        for office in Office::ALL {
            if self.neighbours[usize::from(self.space_of(office))].is_empty() {
                return Err(invalid(format!("{office:?} has no door")));
            }
        }
        Ok(())
    }

    /// Everyone starts in Engineering, so every space must be walkable from there.
    fn check_reachable(&self) -> Result<(), MapError> {
        let start = self.space_of(Office::Engineering);
        let mut seen = vec![false; self.spaces.len()];
        let mut stack = vec![start];
        seen[usize::from(start)] = true;
        while let Some(space) = stack.pop() {
            for &next in &self.neighbours[usize::from(space)] {
                if !std::mem::replace(&mut seen[usize::from(next)], true) {
                    stack.push(next);
                }
            }
        }
        match seen.iter().position(|&reached| !reached) {
            Some(lost) => Err(invalid(format!(
                "{} cannot be reached from Engineering",
                self.describe(lost as SpaceId)
            ))),
            None => Ok(()),
        }
    }

    /// Six cubicles ranked 1..6 by distance from the Boss's Office, rank 1
    /// worth -5 (the rulebook's "cubicle that has the -5 on it"), values
    /// never falling as the cubicles get farther from the Boss.
    fn check_cubicles(&self) -> Result<(), MapError> {
        let ranks: Vec<u8> = self.cubicles.iter().map(|cubicle| cubicle.rank).collect();
        if ranks != [1, 2, 3, 4, 5, 6] {
            return Err(invalid(format!(
                "the cubicles must be ranked 1 to 6, each once; found ranks {ranks:?}"
            )));
        }
        let boss = &self.spaces[usize::from(self.space_of(Office::Boss))].squares;
        let distances: Vec<u32> = self
            .cubicles
            .iter()
            .map(|cubicle| nearest_squared(cubicle.square, boss))
            .collect();
        if let Some(rank) = distances.windows(2).position(|pair| pair[0] > pair[1]) {
            return Err(invalid(format!(
                "cubicle {} is farther from the Boss's Office than cubicle {}",
                rank + 1,
                rank + 2
            )));
        }
        if self.cubicles[0].value != -5 {
            return Err(invalid("cubicle 1 must be worth -5".into()));
        }
        if self
            .cubicles
            .windows(2)
            .any(|pair| pair[0].value > pair[1].value)
        {
            return Err(invalid(
                "cubicle values must not fall as cubicles get farther from the Boss".into(),
            ));
        }
        Ok(())
    }

    fn check_restrooms(&self) -> Result<(), MapError> {
        for office in [Office::MensRoom, Office::WomensRoom] {
            let size = self.spaces[usize::from(self.space_of(office))]
                .squares
                .len();
            if !(1..=2).contains(&size) {
                return Err(invalid(format!(
                    "{office:?} has {size} squares; a restroom has one or two"
                )));
            }
        }
        Ok(())
    }

    /// The rulebook's stop "if you enter Carol's Office from the hallway"
    /// only matters if there is another way in: through the Boss's Office.
    fn check_carol(&self) -> Result<(), MapError> {
        let carol = &self.neighbours[usize::from(self.space_of(Office::Carol))];
        if !carol.contains(&self.space_of(Office::Boss)) {
            return Err(invalid("Carol has no door into the Boss's Office".into()));
        }
        if !carol.iter().any(|&next| self.is_hall(next)) {
            return Err(invalid("Carol has no door to the hallway".into()));
        }
        Ok(())
    }

    /// A space as an error message names it.
    fn describe(&self, space: SpaceId) -> String {
        let space = &self.spaces[usize::from(space)];
        match space.office {
            Some(office) => format!("{office:?}"),
            None => format!("the hall square {:?}", space.squares[0]),
        }
    }
}

fn invalid(problem: String) -> MapError {
    MapError::Invalid(problem)
}

fn office_index(office: Office) -> usize {
    Office::ALL
        .iter()
        .position(|&o| o == office)
        .expect("Office::ALL lists every office")
}

/// Squared straight-line distance from `square` to the nearest of `squares`
/// (squared, so it stays exact).
fn nearest_squared(square: [u8; 2], squares: &[[u8; 2]]) -> u32 {
    squares
        .iter()
        .map(|other| {
            let dx = u32::from(square[0].abs_diff(other[0]));
            let dy = u32::from(square[1].abs_diff(other[1]));
            dx * dx + dy * dy
        })
        .min()
        .unwrap_or(u32::MAX)
}

// ------------------------------------------------------------ the file --

/// The header of a map file and where its grid starts.
struct MapFile<'a> {
    /// `(letter, office)` pairs of the legend.
    legend: Vec<(u8, Office)>,
    cubicle_values: Option<[i8; 6]>,
    /// The grid's lines with their 1-based line numbers, comments removed.
    grid: Vec<(usize, &'a str)>,
}

fn syntax(line: usize, problem: impl Into<String>) -> MapError {
    MapError::Syntax {
        line,
        problem: problem.into(),
    }
}

fn read_file(text: &str) -> Result<MapFile<'_>, MapError> {
    let mut file = MapFile {
        legend: Vec::new(),
        cubicle_values: None,
        grid: Vec::new(),
    };
    let mut in_grid = false;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim_end();
        if trimmed.starts_with('#') {
            continue;
        }
        if !in_grid && trimmed.starts_with('+') {
            in_grid = true;
        }
        if in_grid {
            file.grid.push((line, trimmed));
        } else if trimmed.is_empty() {
            continue;
        } else if let Some(rest) = trimmed.strip_prefix("office:") {
            let (letter, office) = read_legend_entry(line, rest)?;
            if file.legend.iter().any(|&(l, _)| l == letter) {
                return Err(syntax(
                    line,
                    format!("letter '{}' is given twice", letter as char),
                ));
            }
            if file.legend.iter().any(|&(_, o)| o == office) {
                return Err(syntax(line, format!("{office:?} is given a second letter")));
            }
            file.legend.push((letter, office));
        } else if let Some(rest) = trimmed.strip_prefix("cubicles:") {
            file.cubicle_values = Some(read_cubicle_values(line, rest)?);
        } else {
            return Err(syntax(
                line,
                "expected a `#` comment, `office:`, `cubicles:` or the grid (starting with `+`)",
            ));
        }
    }
    while file.grid.last().is_some_and(|(_, text)| text.is_empty()) {
        file.grid.pop();
    }
    Ok(file)
}

/// `office: B boss`: a letter, then the office's name as the wire spells it.
fn read_legend_entry(line: usize, rest: &str) -> Result<(u8, Office), MapError> {
    let mut words = rest.split_whitespace();
    let (Some(letter), Some(name), None) = (words.next(), words.next(), words.next()) else {
        return Err(syntax(line, "expected `office: <letter> <office name>`"));
    };
    let letter = match letter.as_bytes() {
        [byte] if byte.is_ascii_alphabetic() => *byte,
        _ => return Err(syntax(line, format!("`{letter}` is not a single letter"))),
    };
    let office = serde_json::from_value(serde_json::Value::String(name.to_owned()))
        .map_err(|_| syntax(line, format!("`{name}` is not an office")))?;
    Ok((letter, office))
}

fn read_cubicle_values(line: usize, rest: &str) -> Result<[i8; 6], MapError> {
    let values = rest
        .split_whitespace()
        .map(|word| {
            word.parse::<i8>()
                .map_err(|_| syntax(line, format!("`{word}` is not a number")))
        })
        .collect::<Result<Vec<i8>, MapError>>()?;
    values
        .try_into()
        .map_err(|_| syntax(line, "expected six cubicle values"))
}

// ------------------------------------------------------------ the grid --

/// What a square of the drawing is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Square {
    Outside,
    Hall,
    Office(Office),
}

/// The drawing decoded: squares and which of their edges are open.
struct Grid {
    width: usize,
    height: usize,
    squares: Vec<Square>,
    /// Whether the edge right of / below each square is open (false on the
    /// outer border).
    right_open: Vec<bool>,
    down_open: Vec<bool>,
    /// `(rank, square)` of each cubicle digit, in reading order.
    cubicles: Vec<(u8, [u8; 2])>,
}

impl Grid {
    fn index(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    fn inside(&self, index: usize) -> bool {
        self.squares[index] != Square::Outside
    }
}

/// The character at (row, column) of the padded grid.
fn char_at(lines: &[(usize, Vec<u8>)], row: usize, column: usize) -> u8 {
    lines[row].1[column]
}

fn read_grid(file: &MapFile) -> Result<Grid, MapError> {
    let Some(&(first_line, first)) = file.grid.first() else {
        return Err(invalid(
            "the map has no grid (its first line starts with `+`)".into(),
        ));
    };
    let columns = first.len();
    if columns < 3 || columns.is_multiple_of(2) || (columns - 1) / 2 > usize::from(u8::MAX) {
        return Err(syntax(
            first_line,
            "the first grid line must have an odd length, 3 to 511",
        ));
    }
    let rows = file.grid.len();
    if rows < 3 || rows.is_multiple_of(2) || (rows - 1) / 2 > usize::from(u8::MAX) {
        return Err(syntax(
            file.grid[rows - 1].0,
            format!("the grid must have an odd number of lines, 3 to 511; it has {rows}"),
        ));
    }
    let mut lines = Vec::with_capacity(rows);
    for &(line, text) in &file.grid {
        if !text.is_ascii() {
            return Err(syntax(line, "the grid must be plain ASCII"));
        }
        if text.len() > columns {
            return Err(syntax(line, "longer than the first grid line"));
        }
        let mut bytes = text.as_bytes().to_vec();
        bytes.resize(columns, b' ');
        lines.push((line, bytes));
    }
    let (width, height) = ((columns - 1) / 2, (rows - 1) / 2);
    let mut grid = Grid {
        width,
        height,
        squares: Vec::with_capacity(width * height),
        right_open: Vec::with_capacity(width * height),
        down_open: Vec::with_capacity(width * height),
        cubicles: Vec::new(),
    };
    read_corners(&lines)?;
    read_squares(file, &lines, &mut grid)?;
    read_edges(&lines, &mut grid)?;
    Ok(grid)
}

fn read_corners(lines: &[(usize, Vec<u8>)]) -> Result<(), MapError> {
    for (line, bytes) in lines.iter().step_by(2) {
        if let Some(column) = bytes
            .iter()
            .step_by(2)
            .position(|&c| c != b'+' && c != b' ')
        {
            return Err(syntax(
                *line,
                format!("column {}: a corner must be `+` or a space", column * 2 + 1),
            ));
        }
    }
    Ok(())
}

fn read_squares(
    file: &MapFile,
    lines: &[(usize, Vec<u8>)],
    grid: &mut Grid,
) -> Result<(), MapError> {
    let engineering = file.legend.iter().find(|&&(_, o)| o == Office::Engineering);
    for y in 0..grid.height {
        for x in 0..grid.width {
            let c = char_at(lines, 2 * y + 1, 2 * x + 1);
            let square = match c {
                b' ' => Square::Outside,
                b'.' => Square::Hall,
                b'1'..=b'6' => {
                    if engineering.is_none() {
                        return Err(invalid(
                            "cubicles are drawn but no letter means Engineering".into(),
                        ));
                    }
                    grid.cubicles.push((c - b'0', [x as u8, y as u8]));
                    Square::Office(Office::Engineering)
                }
                _ => match file.legend.iter().find(|&&(letter, _)| letter == c) {
                    Some(&(_, office)) => Square::Office(office),
                    None => {
                        return Err(syntax(
                            lines[2 * y + 1].0,
                            format!("column {}: `{}` is not in the legend", 2 * x + 2, c as char),
                        ))
                    }
                },
            };
            grid.squares.push(square);
        }
    }
    Ok(())
}

fn read_edges(lines: &[(usize, Vec<u8>)], grid: &mut Grid) -> Result<(), MapError> {
    let (width, height) = (grid.width, grid.height);
    let edge = |row: usize, column: usize, closed: u8| -> Result<bool, MapError> {
        match char_at(lines, row, column) {
            b' ' => Ok(true),
            c if c == closed => Ok(false),
            c => Err(syntax(
                lines[row].0,
                format!(
                    "column {}: `{}` where an edge (`{}` or a space) belongs",
                    column + 1,
                    c as char,
                    closed as char
                ),
            )),
        }
    };
    for y in 0..height {
        for x in 0..=width {
            // The left border, then the edge right of each square.
            let open = edge(2 * y + 1, 2 * x, b'|')?;
            let left = (x > 0).then(|| grid.index(x - 1, y));
            let right = (x < width).then(|| grid.index(x, y));
            check_outline(grid, open, left, right, lines[2 * y + 1].0)?;
            if let Some(left) = left {
                grid.right_open.push(open && right.is_some());
                debug_assert_eq!(grid.right_open.len(), left + 1);
            }
        }
    }
    let mut down_open = vec![false; width * height];
    for row in 0..=height {
        for x in 0..width {
            let open = edge(2 * row, 2 * x + 1, b'-')?;
            let above = (row > 0).then(|| grid.index(x, row - 1));
            let below = (row < height).then(|| grid.index(x, row));
            check_outline(grid, open, above, below, lines[2 * row].0)?;
            if let (Some(above), Some(_)) = (above, below) {
                down_open[above] = open;
            }
        }
    }
    grid.down_open = down_open;
    Ok(())
}

/// The building is closed: an open edge may not lead from an inside square
/// to the outside (or off the grid).
fn check_outline(
    grid: &Grid,
    open: bool,
    one: Option<usize>,
    other: Option<usize>,
    line: usize,
) -> Result<(), MapError> {
    let inside = |square: Option<usize>| square.is_some_and(|s| grid.inside(s));
    if open && inside(one) != inside(other) {
        let square = one.filter(|&s| grid.inside(s)).or(other).unwrap_or(0);
        return Err(syntax(
            line,
            format!(
                "square [{}, {}] is open to the outside of the building",
                square % grid.width,
                square / grid.width
            ),
        ));
    }
    Ok(())
}

// ----------------------------------------------------------- the spaces --

fn build(file: &MapFile, grid: &Grid) -> Result<OfficeMap, MapError> {
    let square_spaces = assign_spaces(grid);
    let count = square_spaces
        .iter()
        .filter(|&&s| s != NO_SPACE)
        .max()
        .map_or(0, |&s| s + 1);
    let mut spaces: Vec<Space> = (0..count)
        .map(|id| Space {
            id,
            office: None,
            squares: Vec::new(),
        })
        .collect();
    for (index, &space) in square_spaces.iter().enumerate() {
        if space == NO_SPACE {
            continue;
        }
        let space = &mut spaces[usize::from(space)];
        space
            .squares
            .push([(index % grid.width) as u8, (index / grid.width) as u8]);
        if let Square::Office(office) = grid.squares[index] {
            space.office = Some(office);
        }
    }
    let mut office_spaces = [NO_SPACE; 16];
    for space in &spaces {
        if let Some(office) = space.office {
            let slot = &mut office_spaces[office_index(office)];
            if *slot != NO_SPACE {
                return Err(invalid(format!(
                    "{office:?} is in two separate parts (one at {:?}, one at {:?})",
                    spaces[usize::from(*slot)].squares[0],
                    space.squares[0]
                )));
            }
            *slot = space.id;
        }
    }
    let mut neighbours = vec![Vec::new(); spaces.len()];
    let mut walls = Vec::new();
    let mut doors = Vec::new();
    for y in 0..grid.height {
        for x in 0..grid.width {
            let here = grid.index(x, y);
            let sides = [
                (
                    Side::Right,
                    x + 1 < grid.width,
                    here + 1,
                    grid.right_open[here],
                ),
                (
                    Side::Down,
                    y + 1 < grid.height,
                    here + grid.width,
                    grid.down_open[here],
                ),
            ];
            for (side, exists, there, open) in sides {
                if !exists || !grid.inside(here) || !grid.inside(there) {
                    continue;
                }
                let wall = Wall {
                    x: x as u8,
                    y: y as u8,
                    side,
                };
                let (a, b) = (square_spaces[here], square_spaces[there]);
                if !open {
                    walls.push(wall);
                } else if a != b {
                    neighbours[usize::from(a)].push(b);
                    neighbours[usize::from(b)].push(a);
                    let office = |s: SpaceId| spaces[usize::from(s)].office.is_some();
                    if office(a) || office(b) {
                        doors.push(wall);
                    }
                }
            }
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
        list.dedup();
    }
    let mut cubicles: Vec<Cubicle> = grid
        .cubicles
        .iter()
        .map(|&(rank, square)| Cubicle {
            rank,
            value: file
                .cubicle_values
                .map_or(0, |values| values[usize::from(rank) - 1]),
            square,
        })
        .collect();
    cubicles.sort_by_key(|cubicle| cubicle.rank);
    if !cubicles.is_empty() && file.cubicle_values.is_none() {
        return Err(invalid(
            "cubicles are drawn but no `cubicles:` line gives their values".into(),
        ));
    }
    let kinds: Vec<SpaceKind> = spaces
        .iter()
        .map(|space| match space.office {
            None => SpaceKind::Hall,
            Some(Office::Conference) => SpaceKind::Conference,
            Some(Office::Carol) => SpaceKind::Carol,
            Some(Office::MensRoom) => SpaceKind::MensRoom,
            Some(Office::WomensRoom) => SpaceKind::WomensRoom,
            Some(_) => SpaceKind::Office,
        })
        .collect();
    let doorsteps: Vec<SpaceId> = (0..spaces.len())
        .filter(|&s| kinds[s] == SpaceKind::Hall)
        .filter(|&s| {
            neighbours[s]
                .iter()
                .any(|&n| kinds[usize::from(n)] != SpaceKind::Hall)
        })
        .map(|s| s as SpaceId)
        .collect();
    Ok(OfficeMap {
        width: grid.width as u8,
        height: grid.height as u8,
        spaces,
        neighbours,
        walls,
        doors,
        cubicles,
        office_spaces,
        square_spaces,
        kinds,
        doorsteps,
    })
}

/// Numbers the spaces in reading order of their first square: each hall
/// square alone, each office's squares joined across open edges.
fn assign_spaces(grid: &Grid) -> Vec<SpaceId> {
    let mut square_spaces = vec![NO_SPACE; grid.squares.len()];
    let mut next: SpaceId = 0;
    let mut stack = Vec::new();
    for start in 0..grid.squares.len() {
        if !grid.inside(start) || square_spaces[start] != NO_SPACE {
            continue;
        }
        square_spaces[start] = next;
        if let Square::Office(office) = grid.squares[start] {
            stack.push(start);
            while let Some(square) = stack.pop() {
                for other in open_neighbours(grid, square) {
                    if grid.squares[other] == Square::Office(office)
                        && square_spaces[other] == NO_SPACE
                    {
                        square_spaces[other] = next;
                        stack.push(other);
                    }
                }
            }
        }
        next += 1;
    }
    square_spaces
}

/// The squares across the open edges of `square`.
fn open_neighbours(grid: &Grid, square: usize) -> impl Iterator<Item = usize> + '_ {
    let (x, y) = (square % grid.width, square / grid.width);
    let left = (x > 0 && grid.right_open[square - 1]).then(|| square - 1);
    let right = (x + 1 < grid.width && grid.right_open[square]).then(|| square + 1);
    let up = (y > 0 && grid.down_open[square - grid.width]).then(|| square - grid.width);
    let down = (y + 1 < grid.height && grid.down_open[square]).then(|| square + grid.width);
    [left, right, up, down].into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEGEND: &str = "\
office: B boss
office: O carol
office: M marketing
office: A accounting
office: S sales
office: I information_services
office: K kitchen
office: P copy_room
office: m mens_room
office: w womens_room
office: W water_cooler
office: R human_resources
office: L legal
office: C conference
office: H heck
office: E engineering
cubicles: -5 -3 -1 1 3 5
";

    /// The smallest playable office: every office one square (Engineering
    /// seven), hall rows between them.
    const SMALL: [&str; 11] = [
        "+-+-+-+-+-+-+-+-+",
        "|B O|M|A|C|K|L|P|",
        "+ + + + + + + + +",
        "|. . . . . . . .|",
        "+ +-+-+-+-+-+-+ +",
        "|E 1 2 3 4 5 6|.|",
        "+-+-+-+-+-+-+-+ +",
        "|. . . . . . . .|",
        "+ + + + + + + + +",
        "|R|S|I|W|m|w|H|.|",
        "+-+-+-+-+-+-+-+-+",
    ];

    fn small_with(edits: &[(usize, &str)]) -> String {
        let mut lines = SMALL.map(String::from);
        for &(index, line) in edits {
            lines[index] = line.to_owned();
        }
        format!("{LEGEND}{}\n", lines.join("\n"))
    }

    fn refused(edits: &[(usize, &str)]) -> String {
        match OfficeMap::parse(&small_with(edits)) {
            Err(MapError::Invalid(problem)) => problem,
            other => panic!("expected an invalid map, got {other:?}"),
        }
    }

    #[test]
    fn the_small_map_is_playable() {
        let map = OfficeMap::parse(&small_with(&[])).unwrap();
        assert_eq!((map.width, map.height), (8, 5));
        assert_eq!(
            map.cubicles.iter().map(|c| c.value).collect::<Vec<_>>(),
            [-5, -3, -1, 1, 3, 5]
        );
        assert_eq!(map.cubicles[0].square, [1, 2]);
        let engineering = &map.spaces[usize::from(map.space_of(Office::Engineering))];
        assert_eq!(engineering.squares.len(), 7);
        // Boss-Carol, and the top row's doors down (8), Engineering's (1),
        // the bottom row's doors up (7).
        assert_eq!(map.doors.len(), 1 + 8 + 1 + 7);
        assert!(map.walls.contains(&Wall {
            x: 6,
            y: 2,
            side: Side::Right
        }));
        assert!(!map.walls.contains(&Wall {
            x: 0,
            y: 0,
            side: Side::Right
        }));
    }

    #[test]
    fn an_office_behind_closed_halls_is_unreachable() {
        // Heck opens onto the last hall square, which is walled off.
        let problem = refused(&[(8, "+ + + + + + +-+-+"), (9, "|R|S|I|W|m|w|H .|")]);
        assert_eq!(problem, "Heck cannot be reached from Engineering");
    }

    #[test]
    fn an_office_without_a_door_is_refused() {
        let problem = refused(&[(2, "+ + + + + +-+ + +")]);
        assert_eq!(problem, "Kitchen has no door");
    }

    #[test]
    fn five_cubicles_are_refused() {
        let problem = refused(&[(5, "|E 1 2 3 4 5 E|.|")]);
        assert!(problem.contains("ranked 1 to 6"), "{problem}");
    }

    #[test]
    fn a_cubicle_nearer_the_boss_than_a_lower_rank_is_refused() {
        let problem = refused(&[(5, "|E 1 3 2 4 5 6|.|")]);
        assert_eq!(
            problem,
            "cubicle 2 is farther from the Boss's Office than cubicle 3"
        );
    }

    #[test]
    fn the_nearest_cubicle_must_be_worth_minus_five() {
        let text = small_with(&[]).replace("cubicles: -5", "cubicles: -4");
        assert_eq!(
            OfficeMap::parse(&text),
            Err(MapError::Invalid("cubicle 1 must be worth -5".into()))
        );
    }

    #[test]
    fn a_missing_office_is_refused() {
        let problem = refused(&[(9, "|R|S|I|W|m|w|.|.|")]);
        assert_eq!(problem, "Heck is not on the map");
    }

    #[test]
    fn an_office_in_two_pieces_is_refused() {
        let problem = refused(&[(9, "|R|S|I|W|m|w|H|H|")]);
        assert!(
            problem.starts_with("Heck is in two separate parts"),
            "{problem}"
        );
    }

    #[test]
    fn a_restroom_of_three_squares_is_refused() {
        // Three men's room squares leave no room for the Water Cooler and the
        // women's room in the small map, so check the drawing's restrooms alone.
        let map = OfficeMap::parse_layout(&small_with(&[(9, "|R|S|I|m m m|H|.|")])).unwrap();
        assert_eq!(
            map.spaces[usize::from(map.space_of(Office::MensRoom))]
                .squares
                .len(),
            3
        );
        assert_eq!(
            map.check_restrooms(),
            Err(MapError::Invalid(
                "MensRoom has 3 squares; a restroom has one or two".into()
            ))
        );
    }

    #[test]
    fn carol_needs_a_door_into_the_boss_s_office() {
        let problem = refused(&[(1, "|B|O|M|A|C|K|L|P|")]);
        assert_eq!(problem, "Carol has no door into the Boss's Office");
    }

    #[test]
    fn an_unknown_square_is_a_syntax_error_with_its_line() {
        let text = small_with(&[(3, "|. . . ? . . . .|")]);
        let line = text.lines().position(|l| l.contains('?')).unwrap() + 1;
        match OfficeMap::parse(&text) {
            Err(MapError::Syntax { line: at, problem }) => {
                assert_eq!(at, line);
                assert!(problem.contains("`?` is not in the legend"), "{problem}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_grid_line_longer_than_the_first_is_a_syntax_error() {
        let text = small_with(&[(4, "+ +-+-+-+-+-+-+ +--")]);
        assert!(matches!(
            OfficeMap::parse(&text),
            Err(MapError::Syntax { .. })
        ));
    }

    #[test]
    fn a_square_open_to_the_outside_is_refused() {
        let text = small_with(&[(3, " . . . . . . . .|")]);
        let error = OfficeMap::parse(&text).unwrap_err();
        assert!(error.to_string().contains("open to the outside"), "{error}");
    }

    // ------------------------------------------------ the standard map --

    fn squares(map: &OfficeMap, office: Office) -> &[[u8; 2]] {
        &map.spaces[usize::from(map.space_of(office))].squares
    }

    fn doors_of(map: &OfficeMap, office: Office) -> usize {
        let space = map.space_of(office);
        map.doors
            .iter()
            .filter(|door| {
                let other = match door.side {
                    Side::Right => (door.x + 1, door.y),
                    Side::Down => (door.x, door.y + 1),
                };
                map.space_at(door.x, door.y) == Some(space)
                    || map.space_at(other.0, other.1) == Some(space)
            })
            .count()
    }

    #[test]
    fn the_standard_map_is_playable_and_phone_sized() {
        let map = OfficeMap::standard();
        assert!(map.width <= 24 && map.height <= 16);
        assert_eq!(
            map.cubicles.iter().map(|c| c.value).collect::<Vec<_>>(),
            [-5, -3, -1, 1, 2, 3]
        );
        for (index, space) in map.spaces.iter().enumerate() {
            assert_eq!(usize::from(space.id), index);
            assert!(map.neighbours[index]
                .windows(2)
                .all(|pair| pair[0] < pair[1]));
        }
    }

    #[test]
    fn every_standard_office_has_a_fitting_size_and_one_or_two_doors() {
        let map = OfficeMap::standard();
        for office in Office::ALL {
            let size = squares(map, office).len();
            let sizes = match office {
                Office::MensRoom | Office::WomensRoom => 1..=2,
                _ => 2..=12,
            };
            assert!(sizes.contains(&size), "{office:?} has {size} squares");
            let doors = doors_of(map, office);
            let allowed = if office == Office::Carol {
                2..=2
            } else {
                1..=2
            };
            assert!(allowed.contains(&doors), "{office:?} has {doors} doors");
        }
        assert_eq!(doors_of(map, Office::Heck), 1);
        assert_eq!(squares(map, Office::Engineering).len(), 12);
    }

    #[test]
    fn the_standard_restrooms_are_side_by_side() {
        let map = OfficeMap::standard();
        let touching = squares(map, Office::MensRoom).iter().any(|a| {
            squares(map, Office::WomensRoom)
                .iter()
                .any(|b| a[0].abs_diff(b[0]) + a[1].abs_diff(b[1]) == 1)
        });
        assert!(touching);
    }

    #[test]
    fn every_door_lies_on_an_office_edge() {
        let map = OfficeMap::standard();
        for door in &map.doors {
            let (x, y) = match door.side {
                Side::Right => (door.x + 1, door.y),
                Side::Down => (door.x, door.y + 1),
            };
            let (a, b) = (
                map.space_at(door.x, door.y).unwrap(),
                map.space_at(x, y).unwrap(),
            );
            assert_ne!(a, b);
            assert!(!map.is_hall(a) || !map.is_hall(b));
            assert!(!map.walls.contains(door));
        }
    }

    #[test]
    fn hall_squares_are_split_by_red_walls() {
        let map = OfficeMap::standard();
        let red = map
            .walls
            .iter()
            .filter(|wall| {
                let (x, y) = match wall.side {
                    Side::Right => (wall.x + 1, wall.y),
                    Side::Down => (wall.x, wall.y + 1),
                };
                map.is_hall(map.space_at(wall.x, wall.y).unwrap())
                    && map.is_hall(map.space_at(x, y).unwrap())
            })
            .count();
        assert!(red >= 40, "only {red} red walls");
    }
}
