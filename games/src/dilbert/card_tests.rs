//! Card tests: every memo's and every consultant's effect, timing and
//! restroom rule, on staged tables; the seven memos the rulebook names;
//! real-life questions and Management Fast Track's call-out with their
//! deadlines.
//!
//! Table-driven: each family of memo effects is one checker that stages a
//! table for every memo of the family, plays it and asserts that card's own
//! number, and returns the ids it checked; each consultant is a [`Probe`]
//! (one number a player would notice, with and without it).
//! `every_memo_and_every_consultant_is_checked` holds the checkers to
//! covering all 70 memos and 18 consultants, and [`family`] and [`probe`]
//! are exhaustive matches, so a new kind of effect or rule does not compile
//! until it has a check.

use std::collections::BTreeSet;

use cubicle_protocol::dilbert::{
    Action, Cheats, ConsultantId, Employee, EventView, Fixture, MemoId, Modifier, Office, Options,
    ProjectId, Question, Stage as StageView, Step, Target, Timing, Token, Why,
};
use cubicle_protocol::Seat;

use super::cards::{self, Effect, Group, Rule};
use super::content;
use super::*;
use crate::chance::SeededChance;

use super::Dilbert as DilbertGame;
use Employee::{Dilbert, Tina, Wally};

// ------------------------------------------------------------ staging --

fn options(employees: &[Employee], first: Seat) -> Options {
    Options {
        choose_employees: false,
        fixture: Some(Fixture {
            first_player: Some(first),
            employees: Some(employees.to_vec()),
            projects: Some((0..26).collect()),
            memos: Some((0..70).collect()),
            consultants: None,
            dice: Vec::new(),
        }),
    }
}

/// A game of `employees` (seat order), `first` first, at the start of
/// `first`'s turn (the turn's memo drawn).
fn staged_from(employees: &[Employee], first: Seat) -> DilbertGame {
    let players = vec![PlayerProfile::default(); employees.len()];
    let (game, _) = DilbertGame::start(
        &players,
        &options(employees, first),
        &mut SeededChance::new(&[1; 32], 0),
    )
    .unwrap();
    game
}

/// Dilbert (seat 0, cubicle 1), Wally (cubicle 2) and Tina (cubicle 3), all
/// in Engineering, at the start of Dilbert's turn. Slot 0 holds Project
/// Platypus (Marketing, Legal), slot 1 Synergy Initiative (Boss, Human
/// Resources, Sales), slot 2 The Paperless Office.
fn trio() -> DilbertGame {
    staged_from(&[Dilbert, Wally, Tina], 0)
}

fn space(office: Office) -> SpaceId {
    OfficeMap::standard().space_of(office)
}

/// A hall square for `seat` to park on, apart from the other seats'.
fn hall(seat: Seat) -> SpaceId {
    let map = OfficeMap::standard();
    (0..map.spaces.len() as SpaceId)
        .filter(|&s| map.is_hall(s))
        .nth(5 + 9 * usize::from(seat))
        .unwrap()
}

/// A hall square next to `office`'s door.
fn door(office: Office) -> SpaceId {
    let map = OfficeMap::standard();
    *map.neighbours[usize::from(space(office))]
        .iter()
        .find(|&&s| map.is_hall(s))
        .unwrap()
}

fn play(game: &mut DilbertGame, seat: Seat, action: Action) -> Vec<EventView> {
    game.play(seat, &action, &mut SeededChance::new(&[2; 32], 9))
        .unwrap_or_else(|e| panic!("{action:?} by {seat}: {e}\n{:?}", game.stage))
}

fn happiness(game: &DilbertGame, seat: Seat) -> i8 {
    game.hire(seat).happiness
}

fn all_happiness(game: &DilbertGame) -> Vec<i8> {
    game.hires.iter().map(|h| h.happiness).collect()
}

fn active(game: &DilbertGame) -> Seat {
    match game.stage {
        Stage::Turn { seat, .. } => seat,
        ref other => panic!("no turn: {other:?}"),
    }
}

fn ending_turn(game: &DilbertGame, seat: Seat) -> bool {
    game.stage
        == Stage::Turn {
            seat,
            step: TurnStep::EndTurn,
        }
}

fn at_move(game: &DilbertGame, seat: Seat) -> bool {
    game.stage
        == Stage::Turn {
            seat,
            step: TurnStep::Move { ran: None },
        }
}

/// Puts the table at the start of `seat`'s turn (before any memo or move).
fn stage_move(game: &mut DilbertGame, seat: Seat) {
    game.stage = Stage::Turn {
        seat,
        step: TurnStep::Move { ran: None },
    };
}

fn name(memo: MemoId) -> &'static str {
    cards::memo(memo).name
}

fn effect(memo: MemoId) -> Effect {
    cards::memo(memo).effect
}

fn memo_named(name: &str) -> MemoId {
    cards::MEMOS
        .iter()
        .position(|m| m.name == name)
        .unwrap_or_else(|| panic!("no memo {name}")) as MemoId
}

fn consultant_named(name: &str) -> ConsultantId {
    cards::CONSULTANTS
        .iter()
        .position(|c| c.name == name)
        .unwrap_or_else(|| panic!("no consultant {name}")) as ConsultantId
}

fn project_named(name: &str) -> ProjectId {
    content::board()
        .projects
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("no project {name}")) as ProjectId
}

/// The memos whose effect passes `pred`: never none (a checker that checks
/// nothing could not fail).
fn memos_where(pred: impl Fn(Effect) -> bool) -> Vec<MemoId> {
    let ids: Vec<MemoId> = (0..MEMO_COUNT as MemoId)
        .filter(|&m| pred(effect(m)))
        .collect();
    assert!(!ids.is_empty(), "no memo of this family");
    ids
}

/// Moves `memo` from wherever it is (deck, out tray, a hand) into `seat`'s
/// hand.
fn give(game: &mut DilbertGame, seat: Seat, memo: MemoId) {
    if let Some(at) = game.memo_deck.iter().position(|&m| m == memo) {
        game.memo_deck.remove(at);
    } else if let Some(at) = game.out_tray.iter().position(|&(m, ..)| m == memo) {
        game.out_tray.remove(at);
    } else {
        for h in &mut game.hires {
            if let Some(at) = h.hand.iter().position(|&m| m == memo) {
                h.hand.remove(at);
            }
        }
    }
    game.hire_mut(seat).hand.push(memo);
}

/// One of `seat`'s work tokens comes off the last project holding one.
fn free_up(game: &mut DilbertGame, seat: Seat) {
    let employee = game.hire(seat).employee;
    let slot = game
        .projects
        .iter()
        .rposition(|s| s.team.contains(&employee))
        .expect("on a project");
    let team = &mut game.projects[slot].team;
    let at = team.iter().position(|&e| e == employee).unwrap();
    team.remove(at);
    game.hire_mut(seat).free_work += 1;
}

/// Every hand goes to the bottom of the deck.
fn empty_hands(game: &mut DilbertGame) {
    for seat in 0..game.hires.len() as Seat {
        for memo in game.hire(seat).hand.clone() {
            game.put_back(seat, memo);
        }
    }
}

/// Seats over the hand limit discard their newest memos.
fn settle(game: &mut DilbertGame) {
    while let Stage::Turn {
        step: TurnStep::Discard { waiting, .. },
        ..
    } = &game.stage
    {
        let seat = waiting[0];
        let memo = *game.hire(seat).hand.last().unwrap();
        play(game, seat, Action::Discard { memo });
    }
}

/// `seat` ends its move where it stands, declining any signature.
fn stay(game: &mut DilbertGame, seat: Seat) -> Vec<EventView> {
    let here = game.hire(seat).at;
    let mut events = play(game, seat, Action::Move { to: here });
    if matches!(
        game.stage,
        Stage::Turn {
            step: TurnStep::Sign { .. },
            ..
        }
    ) {
        events.extend(play(game, seat, Action::Decline));
    }
    events
}

/// The seat whose turn it is parks in its hall square (if it has not moved
/// yet) and ends its turn.
fn pass(game: &mut DilbertGame) {
    settle(game);
    let seat = active(game);
    if !ending_turn(game, seat) {
        game.teleport(seat, hall(seat));
        stay(game, seat);
    }
    assert!(ending_turn(game, seat), "{:?}", game.stage);
    play(game, seat, Action::EndTurn);
    settle(game);
}

/// Every seat left in the round passes; the Boss takes his turn.
fn end_round(game: &mut DilbertGame) {
    let round = game.round;
    while game.round == round {
        pass(game);
    }
}

/// The plays of `memo` that `seat` may make now, as `legal` lists them.
fn plays_of(game: &DilbertGame, seat: Seat, memo: MemoId) -> Vec<Action> {
    game.legal(seat)
        .into_iter()
        .filter(|a| matches!(a, Action::Play { memo: m, .. } if *m == memo))
        .collect()
}

fn on(employee: Employee) -> Option<Target> {
    Some(Target::Employee { employee })
}

fn play_on(memo: MemoId, employee: Employee) -> Action {
    Action::Play {
        memo,
        target: on(employee),
    }
}

fn untargeted(memo: MemoId) -> Action {
    Action::Play { memo, target: None }
}

/// Brings the table to the step where `memo` is played, for seat 0: the
/// start of the turn as staged, or (an end-of-turn memo) after staying put.
fn at_its_step(game: &mut DilbertGame, memo: MemoId) {
    if cards::memo(memo).timing == Timing::EndOfTurn {
        stay(game, 0);
        settle(game);
        assert!(ending_turn(game, 0), "{:?}", game.stage);
    }
}

/// The table after `seat` takes `action`, with every real-life question it
/// opens answered "yes" by everyone asked.
fn after_play(game: &DilbertGame, seat: Seat, action: Action) -> DilbertGame {
    let mut game = game.clone();
    play(&mut game, seat, action);
    while let Stage::Turn {
        step: TurnStep::RealLife { .. },
        ..
    } = game.stage
    {
        let asked = game.to_act()[0];
        play(&mut game, asked, Action::Answer { yes: true });
    }
    game
}

/// Everything about one employee a memo could change.
#[derive(Debug, PartialEq)]
struct Person {
    at: SpaceId,
    down: bool,
    happiness: i8,
    traits: [u8; 3],
    cubicle: u8,
    free_work: u8,
    work: Vec<ProjectId>,
    tokens: Vec<Token>,
    /// Walk this turn beyond the printed allowance (the active seat's).
    extra_legs: u8,
    fast_track: bool,
}

fn person(game: &DilbertGame, seat: Seat) -> Person {
    let h = game.hire(seat);
    let work = game
        .projects
        .iter()
        .flat_map(|s| {
            s.team
                .iter()
                .filter(|&&e| e == h.employee)
                .map(|_| s.project)
        })
        .collect();
    let tokens = game
        .tokens
        .iter()
        .filter(|&&(_, at)| at == TokenAt::Employee(h.employee))
        .map(|&(t, _)| t)
        .collect();
    let turn = matches!(game.stage, Stage::Turn { seat: s, .. } if s == seat);
    Person {
        at: h.at,
        down: h.down,
        happiness: h.happiness,
        traits: h.traits,
        cubicle: h.cubicle,
        free_work: h.free_work,
        work,
        tokens,
        extra_legs: if turn { game.extra_legs } else { 0 },
        fast_track: game.on_fast_track(seat),
    }
}

// ------------------------------------------------------ memo effects --

/// The family each kind of effect is checked in. Exhaustive: a new kind of
/// effect does not compile until it has a checker.
fn family(effect: Effect) -> &'static str {
    match effect {
        Effect::Gain(_) => "gain",
        Effect::Hurt(_) => "hurt",
        Effect::Everyone(..) => "everyone",
        Effect::KnockDown => "knock down",
        Effect::SendTo(_) => "send to",
        Effect::GoToHeck => "go to heck",
        Effect::GeneralMeeting => "general meeting",
        Effect::ExtraLegs(_) => "extra legs",
        Effect::SwapTrait(_) => "swap trait",
        Effect::ShiftTrait(..) => "shift trait",
        Effect::CubicleAway => "cubicle away",
        Effect::CubicleCloser => "cubicle closer",
        Effect::TakeBackWork => "take back work",
        Effect::Volunteer => "volunteer",
        Effect::Forge => "forge",
        Effect::Shred => "shred",
        Effect::Draw(_) => "draw",
        Effect::Steal => "steal",
        Effect::DiscardRandom(_) => "discard random",
        Effect::Place(Token::Ted) => "ted",
        Effect::Place(Token::Donut) => "donut",
        Effect::Place(Token::OutOfOrder) => "out of order",
        Effect::Place(Token::Todd) => "todd",
        Effect::Place(Token::FamilyPortrait) => "family portrait",
        Effect::Place(Token::PlasticPlant) => "plastic plant",
        Effect::BossStep(_) => "boss step",
        Effect::RealLife(_) => "real life",
        Effect::GarbageMan => "garbage man",
        Effect::FastTrack => "fast track",
        Effect::ReturnToSender(_) => "return to sender",
        Effect::CoverYourBackside => "cover your backside",
        Effect::NotMyJob => "not my job",
        Effect::LookBusy(_) => "look busy",
    }
}

type Checker = fn() -> Vec<MemoId>;

/// Every family's checker.
const MEMO_CHECKS: [(&str, Checker); 33] = [
    ("gain", gain_memos),
    ("hurt", hurt_memos),
    ("everyone", everyone_memos),
    ("knock down", knock_down_memos),
    ("send to", send_to_memos),
    ("go to heck", go_to_heck_memos),
    ("general meeting", general_meeting_memos),
    ("extra legs", extra_legs_memos),
    ("swap trait", swap_trait_memos),
    ("shift trait", shift_trait_memos),
    ("cubicle away", cubicle_away_memos),
    ("cubicle closer", cubicle_closer_memos),
    ("take back work", take_back_work_memos),
    ("volunteer", volunteer_memos),
    ("forge", forge_memos),
    ("shred", shred_memos),
    ("draw", draw_memos),
    ("steal", steal_memos),
    ("discard random", discard_random_memos),
    ("ted", ted_memos),
    ("donut", donut_memos),
    ("out of order", out_of_order_memos),
    ("todd", todd_memos),
    ("family portrait", family_portrait_memos),
    ("plastic plant", plastic_plant_memos),
    ("boss step", boss_step_memos),
    ("real life", real_life_memos),
    ("garbage man", garbage_man_memos),
    ("fast track", fast_track_memos),
    ("return to sender", return_to_sender_memos),
    ("cover your backside", cover_your_backside_memos),
    ("not my job", not_my_job_memos),
    ("look busy", look_busy_memos),
];

fn gain_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::Gain(_)));
    for &m in &ids {
        let Effect::Gain(n) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        give(&mut g, 0, m);
        assert_eq!(plays_of(&g, 0, m), [untargeted(m)], "{}", name(m));
        play(&mut g, 0, untargeted(m));
        assert_eq!(all_happiness(&g), [n, 0, 0], "{}: you gain {n}", name(m));
        assert!(
            g.out_tray.contains(&(m, 0, g.round)),
            "{}: face up",
            name(m)
        );
    }
    ids
}

fn hurt_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::Hurt(_)));
    for &m in &ids {
        let Effect::Hurt(n) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        give(&mut g, 0, m);
        at_its_step(&mut g, m);
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Wally), play_on(m, Tina)],
            "{}: another employee",
            name(m)
        );
        play(&mut g, 0, play_on(m, Wally));
        assert_eq!(
            all_happiness(&g),
            [0, -n, 0],
            "{}: Wally loses {n}",
            name(m)
        );
    }
    ids
}

fn everyone_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::Everyone(..)));
    for &m in &ids {
        let Effect::Everyone(group, n) = effect(m) else {
            unreachable!()
        };
        // Dilbert plays it from Engineering; Wally stands in a hall; Tina
        // is in the Kitchen.
        let mut g = trio();
        g.teleport(1, hall(1));
        g.teleport(2, space(Office::Kitchen));
        give(&mut g, 0, m);
        play(&mut g, 0, untargeted(m));
        let expected = match group {
            Group::All => [n, n, n],
            Group::Others => [0, n, n],
            Group::InHalls => [0, n, 0],
        };
        assert_eq!(all_happiness(&g), expected, "{} ({group:?})", name(m));
    }
    ids
}

fn knock_down_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::KnockDown);
    for &m in &ids {
        let mut g = trio();
        g.teleport(1, hall(1));
        g.hire_mut(2).down = true;
        give(&mut g, 0, m);
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Wally)],
            "{}: another standing employee",
            name(m)
        );
        play(&mut g, 0, play_on(m, Wally));
        assert!(g.hire(1).down, "{}", name(m));
        assert_eq!(
            g.hire(1).at,
            hall(1),
            "{}: knocked down where he stands",
            name(m)
        );
        assert_eq!(all_happiness(&g), [0, 0, 0]);
    }
    ids
}

fn send_to_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::SendTo(_)));
    for &m in &ids {
        let Effect::SendTo(office) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        g.teleport(1, hall(1));
        give(&mut g, 0, m);
        play(&mut g, 0, play_on(m, Wally));
        assert_eq!(
            g.hire(1).at,
            space(office),
            "{}: Wally in {office:?}",
            name(m)
        );
        assert!(!g.hire(1).down, "{}: sent, not knocked down", name(m));
        assert!(at_move(&g, 0), "{}: Dilbert's turn goes on", name(m));
    }
    ids
}

/// Go to Heck!: another employee goes to Heck knocked down, so on their
/// next turn they must walk, and standing up costs them 2.
fn go_to_heck_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::GoToHeck);
    for &m in &ids {
        let mut g = trio();
        g.teleport(1, hall(1));
        give(&mut g, 0, m);
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Wally), play_on(m, Tina)],
            "{}: another employee",
            name(m)
        );
        play(&mut g, 0, play_on(m, Wally));
        assert_eq!(g.hire(1).at, space(Office::Heck), "{}", name(m));
        assert!(g.hire(1).down, "{}: knocked down", name(m));
        assert!(at_move(&g, 0), "{}: Dilbert's turn goes on", name(m));
        pass(&mut g);
        assert!(at_move(&g, 1));
        assert!(!g.legal(1).contains(&Action::Run), "knocked down: walk");
        assert_eq!(g.allowance(1, None), 5 - 2, "standing up costs 2");
    }
    ids
}

/// General Meeting: every employee, its player's included, goes to the
/// Conference Room; Ted (not an employee) and anyone in a restroom stay.
fn general_meeting_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::GeneralMeeting);
    let ted = memo_named("Ted the Generic Guy");
    for &m in &ids {
        let mut g = trio();
        g.teleport(1, hall(1));
        g.teleport(2, space(Office::WomensRoom));
        give(&mut g, 0, ted);
        let square = door(Office::Kitchen);
        play(
            &mut g,
            0,
            Action::Play {
                memo: ted,
                target: Some(Target::Space { space: square }),
            },
        );
        give(&mut g, 0, m);
        let events = play(&mut g, 0, untargeted(m));
        let conference = space(Office::Conference);
        assert_eq!(g.hire(0).at, conference, "{}: its player too", name(m));
        assert_eq!(g.hire(1).at, conference, "{}: from the hall", name(m));
        assert_eq!(
            g.hire(2).at,
            space(Office::WomensRoom),
            "{}: a restroom protects",
            name(m)
        );
        assert!(!g.hire(0).down && !g.hire(1).down);
        assert_eq!(
            g.token_space(Token::Ted),
            Some(square),
            "{}: Ted is not called",
            name(m)
        );
        let sent: Vec<Employee> = events
            .iter()
            .filter_map(|e| match e {
                EventView::Sent { employee, .. } => Some(*employee),
                _ => None,
            })
            .collect();
        assert_eq!(sent, [Dilbert, Wally]);
    }
    ids
}

fn extra_legs_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::ExtraLegs(_)));
    let farthest = |g: &DilbertGame| {
        let reach = g.search(0, None);
        reach
            .ends
            .iter()
            .map(|&s| reach.steps[usize::from(s)])
            .max()
            .unwrap()
    };
    for &m in &ids {
        let Effect::ExtraLegs(n) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        give(&mut g, 0, m);
        assert_eq!(farthest(&g), 6);
        play(&mut g, 0, untargeted(m));
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            assert_eq!(
                move_allowance(&g, viewer),
                6 + n,
                "{}: everyone sees the longer walk",
                name(m)
            );
        }
        assert_eq!(farthest(&g), 6 + n, "{}: walk {n} farther", name(m));
        // And running adds the die on top.
        g.script_dice(&[2]);
        play(&mut g, 0, Action::Run);
        assert_eq!(g.allowance(0, Some(2)), 6 + 2 + n, "{}", name(m));
    }
    ids
}

/// The walk allowance `viewer` is shown at the Move step.
fn move_allowance(game: &DilbertGame, viewer: Viewer) -> u8 {
    match game.view(viewer).stage {
        StageView::Turn {
            step: Step::Move { allowance, .. },
            ..
        } => allowance,
        other => panic!("not at a move: {other:?}"),
    }
}

fn swap_trait_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::SwapTrait(_)));
    for &m in &ids {
        let Effect::SwapTrait(which) = effect(m) else {
            unreachable!()
        };
        let i = DilbertGame::trait_index(which);
        let mut g = trio();
        give(&mut g, 0, m);
        let (mine, wallys) = (g.hire(0).traits, g.hire(1).traits);
        play(&mut g, 0, play_on(m, Wally));
        let (mut now_mine, mut now_wallys) = (mine, wallys);
        now_mine[i] = wallys[i];
        now_wallys[i] = mine[i];
        assert_eq!(g.hire(0).traits, now_mine, "{}", name(m));
        assert_eq!(g.hire(1).traits, now_wallys, "{}", name(m));
    }
    ids
}

fn shift_trait_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::ShiftTrait(..)));
    for &m in &ids {
        let Effect::ShiftTrait(which, by) = effect(m) else {
            unreachable!()
        };
        let i = DilbertGame::trait_index(which);
        let mut g = trio();
        give(&mut g, 0, m);
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Dilbert), play_on(m, Wally), play_on(m, Tina)],
            "{}: any employee",
            name(m)
        );
        let before = g.hire(1).traits;
        play(&mut g, 0, play_on(m, Wally));
        let mut expected = before;
        expected[i] = before[i].saturating_add_signed(by);
        assert_eq!(g.hire(1).traits, expected, "{}: {which:?} {by:+}", name(m));
        // Not past the track's end.
        let mut g = trio();
        give(&mut g, 0, m);
        g.hire_mut(1).traits[i] = if by > 0 { 10 } else { 0 };
        assert!(
            !plays_of(&g, 0, m).contains(&play_on(m, Wally)),
            "{}",
            name(m)
        );
    }
    ids
}

fn cubicles(game: &DilbertGame) -> Vec<u8> {
    game.hires.iter().map(|h| h.cubicle).collect()
}

fn cubicle_away_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::CubicleAway);
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        play(&mut g, 0, untargeted(m));
        assert_eq!(
            cubicles(&g),
            [2, 1, 3],
            "{}: one farther, swapping",
            name(m)
        );
        // Already the farthest: nothing to play.
        let mut g = trio();
        g.hire_mut(0).cubicle = 3;
        g.hire_mut(2).cubicle = 1;
        give(&mut g, 0, m);
        assert!(plays_of(&g, 0, m).is_empty(), "{}", name(m));
    }
    ids
}

fn cubicle_closer_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::CubicleCloser);
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Wally), play_on(m, Tina)],
            "{}",
            name(m)
        );
        play(&mut g, 0, play_on(m, Tina));
        assert_eq!(cubicles(&g), [1, 3, 2], "{}: one closer, swapping", name(m));
        // Already the closest: not a target.
        let mut g = trio();
        g.hire_mut(0).cubicle = 2;
        g.hire_mut(1).cubicle = 1;
        give(&mut g, 0, m);
        assert_eq!(plays_of(&g, 0, m), [play_on(m, Tina)], "{}", name(m));
    }
    ids
}

fn take_back_work_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::TakeBackWork);
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        let mine: Vec<ProjectId> = g.own_work(Dilbert).collect();
        assert!(!mine.is_empty(), "Dilbert starts on a project");
        let offered: Vec<Action> = mine
            .iter()
            .map(|&project| Action::Play {
                memo: m,
                target: Some(Target::Work {
                    project,
                    employee: Dilbert,
                }),
            })
            .collect();
        assert_eq!(plays_of(&g, 0, m), offered, "{}: your own tokens", name(m));
        let free = g.hire(0).free_work;
        let tokens = person(&g, 0).work.len();
        play(&mut g, 0, offered[0]);
        assert_eq!(g.hire(0).free_work, free + 1, "{}", name(m));
        assert_eq!(person(&g, 0).work.len(), tokens - 1, "{}", name(m));
        g.assert_accounted();
    }
    ids
}

fn volunteer_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Volunteer);
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        // Tina's token on The Paperless Office comes back: she has one free.
        free_up(&mut g, 2);
        let project = g.projects[0].project;
        let free = g.hire(2).free_work;
        assert!(free > 0);
        assert!(plays_of(&g, 0, m).iter().all(|a| matches!(
            a,
            Action::Play {
                target: Some(Target::Work { employee, .. }),
                ..
            } if *employee != Dilbert
        )));
        let before = g.projects[0].team.iter().filter(|&&e| e == Tina).count();
        play(
            &mut g,
            0,
            Action::Play {
                memo: m,
                target: Some(Target::Work {
                    project,
                    employee: Tina,
                }),
            },
        );
        assert_eq!(g.hire(2).free_work, free - 1, "{}", name(m));
        assert_eq!(
            g.projects[0].team.iter().filter(|&&e| e == Tina).count(),
            before + 1,
            "{}: Tina is on Platypus",
            name(m)
        );
        g.assert_accounted();
    }
    ids
}

fn forge_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Forge);
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        let target = Some(Target::Signature {
            project: 0,
            icon: Office::Marketing,
        });
        play(&mut g, 0, Action::Play { memo: m, target });
        assert_eq!(g.projects[0].signed, [Office::Marketing], "{}", name(m));
        assert_eq!(g.signatures_left, 14, "{}", name(m));
        assert_eq!(happiness(&g, 0), 0);
        g.assert_accounted();
        // The last icon kills the project, for its player.
        let mut g = trio();
        g.projects[0].signed = vec![Office::Legal];
        g.signatures_left -= 1;
        give(&mut g, 0, m);
        let events = play(&mut g, 0, Action::Play { memo: m, target });
        assert!(
            events.contains(&EventView::Killed {
                project: 0,
                by: Some(Dilbert)
            }),
            "{}",
            name(m)
        );
        assert_eq!(happiness(&g, 0), 2, "{}: the kill's 2", name(m));
        g.assert_accounted();
        // A signature placed: the Synergy Guru's bonus.
        let mut g = trio();
        g.consultant = Some(consultant_named("Synergy Guru"));
        give(&mut g, 0, m);
        play(&mut g, 0, Action::Play { memo: m, target });
        assert_eq!(happiness(&g, 0), 1, "{}: Synergy Guru", name(m));
    }
    ids
}

fn shred_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Shred);
    for &m in &ids {
        let mut g = trio();
        g.projects[1].signed = vec![Office::Boss];
        g.signatures_left -= 1;
        give(&mut g, 0, m);
        let target = Some(Target::Signature {
            project: 1,
            icon: Office::Boss,
        });
        assert_eq!(plays_of(&g, 0, m), [Action::Play { memo: m, target }]);
        play(&mut g, 0, Action::Play { memo: m, target });
        assert!(g.projects[1].signed.is_empty(), "{}", name(m));
        assert_eq!(g.signatures_left, 15, "{}", name(m));
        g.assert_accounted();
    }
    ids
}

fn draw_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::Draw(_)));
    for &m in &ids {
        let Effect::Draw(n) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        empty_hands(&mut g);
        give(&mut g, 0, m);
        at_its_step(&mut g, m);
        let held = g.hire(0).hand.len();
        let top: Vec<MemoId> = g.memo_deck.iter().take(usize::from(n)).copied().collect();
        play(&mut g, 0, untargeted(m));
        assert_eq!(
            g.hire(0).hand.len(),
            held - 1 + usize::from(n),
            "{}: draw {n}",
            name(m)
        );
        assert!(
            top.iter().all(|t| g.hire(0).hand.contains(t)),
            "{}",
            name(m)
        );
    }
    ids
}

fn steal_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Steal);
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        let tinas = g.hire(2).hand.clone();
        for memo in tinas {
            g.put_back(2, memo);
        }
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Wally)],
            "{}: not from an empty hand",
            name(m)
        );
        let wallys = g.hire(1).hand.clone();
        let mine = g.hire(0).hand.len();
        let events = play(&mut g, 0, play_on(m, Wally));
        let taken = events
            .iter()
            .find_map(|e| match e {
                EventView::MemoTaken {
                    from: 1,
                    to: 0,
                    memo: Some(memo),
                } => Some(*memo),
                _ => None,
            })
            .expect("a memo taken from Wally");
        assert!(wallys.contains(&taken));
        assert_eq!(g.hire(1).hand.len(), wallys.len() - 1, "{}", name(m));
        assert!(g.hire(0).hand.contains(&taken));
        assert_eq!(
            g.hire(0).hand.len(),
            mine,
            "{}: one played, one taken",
            name(m)
        );
        g.assert_accounted();
    }
    ids
}

fn discard_random_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::DiscardRandom(_)));
    for &m in &ids {
        let Effect::DiscardRandom(n) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        give(&mut g, 0, m);
        let wallys = g.hire(1).hand.clone();
        play(&mut g, 0, play_on(m, Wally));
        assert_eq!(
            g.hire(1).hand.len(),
            wallys.len() - usize::from(n),
            "{}: discards {n}",
            name(m)
        );
        let bottom: Vec<MemoId> = g
            .memo_deck
            .iter()
            .rev()
            .take(usize::from(n))
            .copied()
            .collect();
        assert!(
            bottom.iter().all(|b| wallys.contains(b)),
            "{}: to the bottom of the deck",
            name(m)
        );
        g.assert_accounted();
    }
    ids
}

/// Ted the Generic Guy: on a free hall square in front of an office door,
/// he blocks it (nobody passes or stops there) until the Boss's turn, and
/// he is not an employee: no memo names him or moves him.
fn ted_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Place(Token::Ted));
    let map = OfficeMap::standard();
    for &m in &ids {
        let mut g = trio();
        g.teleport(1, hall(1));
        give(&mut g, 0, m);
        let squares: Vec<SpaceId> = plays_of(&g, 0, m)
            .into_iter()
            .map(|a| match a {
                Action::Play {
                    target: Some(Target::Space { space }),
                    ..
                } => space,
                other => panic!("{other:?}"),
            })
            .collect();
        for &s in &squares {
            assert!(map.is_hall(s), "{}: a hall square", name(m));
            assert!(
                map.neighbours[usize::from(s)]
                    .iter()
                    .any(|&n| !map.is_hall(n)),
                "{}: in front of a door",
                name(m)
            );
        }
        assert!(!squares.contains(&hall(1)), "{}: not on Wally", name(m));
        // In front of Engineering: Dilbert's way out.
        let before = g.search(0, None);
        let square = door(Office::Engineering);
        assert!(squares.contains(&square) && before.ends.contains(&square));
        play(
            &mut g,
            0,
            Action::Play {
                memo: m,
                target: Some(Target::Space { space: square }),
            },
        );
        let after = g.search(0, None);
        assert!(
            !after.ends.contains(&square),
            "{}: nobody stops there",
            name(m)
        );
        assert!(
            after.ends.iter().all(|s| before.ends.contains(s))
                && after.ends.len() < before.ends.len(),
            "{}: a way is blocked",
            name(m)
        );
        // Nobody walks through him either: the hall beyond his square, two
        // steps out of Engineering through it, is farther now (or shut).
        let beyond: Vec<SpaceId> = map.neighbours[usize::from(square)]
            .iter()
            .copied()
            .filter(|&n| map.is_hall(n) && before.steps[usize::from(n)] == 2)
            .collect();
        assert!(!beyond.is_empty());
        for b in beyond {
            assert!(
                after.steps[usize::from(b)] > 2,
                "{}: not through Ted",
                name(m)
            );
        }
        // Not an employee: no memo's play moves him or sends him home.
        for other in 0..MEMO_COUNT as MemoId {
            let mut h = g.clone();
            give(&mut h, 0, other);
            for a in plays_of(&h, 0, other) {
                assert_eq!(
                    after_play(&h, 0, a).token_space(Token::Ted),
                    Some(square),
                    "{a:?} ({}) moved Ted",
                    name(other)
                );
            }
        }
        // The Boss's turn sends him home.
        end_round(&mut g);
        assert_eq!(g.token_space(Token::Ted), None, "{}", name(m));
    }
    ids
}

fn donut_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Place(Token::Donut));
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        let offices: Vec<Office> = plays_of(&g, 0, m)
            .into_iter()
            .map(|a| match a {
                Action::Play {
                    target: Some(Target::Space { space }),
                    ..
                } => OfficeMap::standard().office_at(space).unwrap(),
                other => panic!("{other:?}"),
            })
            .collect();
        for no in [Office::Heck, Office::MensRoom, Office::WomensRoom] {
            assert!(!offices.contains(&no), "{}: not in {no:?}", name(m));
        }
        assert!(offices.contains(&Office::Engineering));
        play(
            &mut g,
            0,
            Action::Play {
                memo: m,
                target: Some(Target::Space {
                    space: space(Office::Engineering),
                }),
            },
        );
        // Dilbert walks back in and eats it: 3.
        g.teleport(0, door(Office::Engineering));
        play(
            &mut g,
            0,
            Action::Move {
                to: space(Office::Engineering),
            },
        );
        assert_eq!(happiness(&g, 0), 3, "{}: eaten", name(m));
        assert_eq!(g.token_space(Token::Donut), None, "{}: gone", name(m));
    }
    ids
}

fn out_of_order_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Place(Token::OutOfOrder));
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        g.teleport(0, door(Office::Kitchen));
        let kitchen = space(Office::Kitchen);
        assert!(g.search(0, None).ends.contains(&kitchen));
        let target = Some(Target::Space { space: kitchen });
        assert!(plays_of(&g, 0, m).contains(&Action::Play { memo: m, target }));
        play(&mut g, 0, Action::Play { memo: m, target });
        assert!(
            !g.search(0, None).ends.contains(&kitchen),
            "{}: nobody may enter",
            name(m)
        );
        end_round(&mut g);
        assert_eq!(
            g.token_space(Token::OutOfOrder),
            None,
            "{}: the Boss's turn",
            name(m)
        );
    }
    ids
}

fn todd_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Place(Token::Todd));
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        let mut wallys_turn = g.clone();
        stage_move(&mut wallys_turn, 1);
        assert_eq!(move_allowance(&wallys_turn, Viewer::Seat(1)), 5);
        assert!(wallys_turn.legal(1).contains(&Action::Run));
        play(&mut g, 0, play_on(m, Wally));
        assert!(g.has_token(Wally, Token::Todd));
        stage_move(&mut g, 1);
        assert_eq!(
            move_allowance(&g, Viewer::Seat(1)),
            3,
            "{}: 2 less",
            name(m)
        );
        assert!(
            !g.legal(1).contains(&Action::Run),
            "{}: no running",
            name(m)
        );
    }
    ids
}

fn modifiers(game: &DilbertGame, seat: Seat) -> Vec<Modifier> {
    game.ending.as_ref().unwrap().scores[usize::from(seat)]
        .modifiers
        .clone()
}

fn family_portrait_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Place(Token::FamilyPortrait));
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        play(&mut g, 0, untargeted(m));
        assert!(g.has_token(Dilbert, Token::FamilyPortrait));
        g.finish(&mut Vec::new());
        assert_eq!(
            modifiers(&g, 0),
            [Modifier {
                name: "Family Portrait".to_owned(),
                amount: 3
            }],
            "{}",
            name(m)
        );
        let score = &g.ending.as_ref().unwrap().scores[0];
        assert_eq!(score.total, score.happiness + score.cubicle + 3);
    }
    ids
}

fn plastic_plant_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::Place(Token::PlasticPlant));
    for &m in &ids {
        let mut g = trio();
        give(&mut g, 0, m);
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Wally), play_on(m, Tina)],
            "{}: another employee",
            name(m)
        );
        play(&mut g, 0, play_on(m, Wally));
        g.finish(&mut Vec::new());
        assert_eq!(
            modifiers(&g, 1),
            [Modifier {
                name: "Plastic Plant".to_owned(),
                amount: -2
            }],
            "{}",
            name(m)
        );
        assert!(modifiers(&g, 0).is_empty());
    }
    ids
}

/// Where the Boss stands after a round in which Dilbert played `memos`.
fn boss_after_round(memos: &[MemoId]) -> i8 {
    let mut g = trio();
    for &m in memos {
        give(&mut g, 0, m);
        play(&mut g, 0, untargeted(m));
    }
    end_round(&mut g);
    assert_eq!(g.boss_step, 3, "the next round is a regular one");
    g.boss
}

fn boss_step_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::BossStep(_)));
    for &m in &ids {
        let Effect::BossStep(by) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        give(&mut g, 0, m);
        play(&mut g, 0, untargeted(m));
        assert_eq!(g.view(Viewer::Spectator).boss_step, 3 + by, "{}", name(m));
        assert_eq!(boss_after_round(&[m]), 27 - (3 + by), "{}", name(m));
    }
    ids
}

/// Each real-life memo asks every player at once; each "yes" gains (or
/// loses) the card's number; a seat that does not answer in QUESTION_MS
/// says "no"; the answers are revealed together.
fn real_life_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::RealLife(_)));
    for &m in &ids {
        let Effect::RealLife(n) = effect(m) else {
            unreachable!()
        };
        let mut g = trio();
        give(&mut g, 0, m);
        play(&mut g, 0, untargeted(m));
        assert_eq!(g.to_act(), [0, 1, 2], "{}: everyone at once", name(m));
        assert_eq!(
            g.view(Viewer::Seat(1)).stage,
            StageView::Turn {
                seat: 0,
                step: Step::Question {
                    question: Question::RealLife { memo: m },
                    answered: vec![false; 3]
                }
            }
        );
        let deadline = |g: &DilbertGame| g.deadline().expect("the question closes by itself");
        let d = deadline(&g);
        assert_eq!(
            (d.after_ms, d.seat, d.action),
            (QUESTION_MS, 0, Action::Answer { yes: false })
        );
        let events = play(&mut g, 0, Action::Answer { yes: true });
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, EventView::Answered { .. })),
            "{}: nothing revealed before everyone answers",
            name(m)
        );
        assert_eq!(deadline(&g).seat, 1);
        play(&mut g, 1, Action::Answer { yes: true });
        // Tina never answers: the deadline answers "no" for her.
        let d = deadline(&g);
        assert_eq!((d.after_ms, d.seat), (QUESTION_MS, 2));
        let events = play(&mut g, d.seat, d.action);
        assert!(events.contains(&EventView::Answered {
            memo: m,
            yes: vec![true, true, false]
        }));
        assert_eq!(all_happiness(&g), [n, n, 0], "{}: each yes {n:+}", name(m));
        assert!(at_move(&g, 0), "{}: back to the start of the turn", name(m));
        assert_eq!(g.deadline(), None);
    }
    ids
}

/// World's Smartest Garbage Man, held by Tina (seat 2): at the start of her
/// turn it takes a memo played since her last turn, still in the out tray;
/// after her next turn it is too late.
fn garbage_man_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::GarbageMan);
    let (raise, weekend, casual) = (
        memo_named("Pay Raise"),
        memo_named("Long Weekend"),
        memo_named("Casual Friday"),
    );
    let take = |m, memo| Action::Play {
        memo: m,
        target: Some(Target::Memo { memo }),
    };
    for &m in &ids {
        let mut g = trio();
        empty_hands(&mut g);
        give(&mut g, 0, raise);
        give(&mut g, 0, weekend);
        give(&mut g, 1, casual);
        give(&mut g, 2, m);
        // Round 1: Dilbert plays Pay Raise, Wally Casual Friday.
        play(&mut g, 0, untargeted(raise));
        pass(&mut g);
        play(&mut g, 1, untargeted(casual));
        pass(&mut g);
        assert!(at_move(&g, 2));
        assert_eq!(g.view(Viewer::Seat(2)).recent_memos, [raise, casual]);
        assert_eq!(
            plays_of(&g, 2, m),
            [take(m, raise), take(m, casual)],
            "{}: both were played since her last turn",
            name(m)
        );
        // She waits. Round 2: Dilbert plays Long Weekend.
        pass(&mut g);
        assert!(at_move(&g, 0));
        play(&mut g, 0, untargeted(weekend));
        pass(&mut g);
        pass(&mut g);
        assert!(at_move(&g, 2));
        assert_eq!(
            plays_of(&g, 2, m),
            [take(m, weekend)],
            "{}: Pay Raise and Casual Friday are too late now",
            name(m)
        );
        assert!(g.check(2, &take(m, raise)).is_err());
        assert!(g.check(2, &take(m, casual)).is_err());
        let events = play(&mut g, 2, take(m, weekend));
        assert!(events.contains(&EventView::MemoRecovered {
            seat: 2,
            memo: weekend
        }));
        assert!(g.hire(2).hand.contains(&weekend), "{}", name(m));
        assert!(!g.out_tray.iter().any(|&(t, ..)| t == weekend));
        g.assert_accounted();
    }
    ids
}

fn fast_track_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::FastTrack);
    for &m in &ids {
        fast_track_legs_spotted(m);
        fast_track_die_spotted_signature_unspotted(m);
        fast_track_honest(m);
    }
    ids
}

/// Wally (seat 1) plays `first` on Dilbert, then Tina `second` on `tina_on`
/// (if any); then it is Dilbert's turn with `response` in hand. Wally goes
/// first, so everything happens since Dilbert's last turn.
fn after_others(
    first: (MemoId, Option<Target>),
    second: Option<(MemoId, Option<Target>)>,
    response: MemoId,
) -> DilbertGame {
    let mut g = staged_from(&[Dilbert, Wally, Tina], 1);
    empty_hands(&mut g);
    give(&mut g, 1, first.0);
    if let Some((memo, _)) = second {
        give(&mut g, 2, memo);
    }
    give(&mut g, 0, response);
    play(
        &mut g,
        1,
        Action::Play {
            memo: first.0,
            target: first.1,
        },
    );
    pass(&mut g);
    if let Some((memo, target)) = second {
        play(&mut g, 2, Action::Play { memo, target });
    }
    pass(&mut g);
    assert!(at_move(&g, 0));
    g
}

fn return_to_sender_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::ReturnToSender(_)));
    let (blame, reply) = (memo_named("Blame Shifting"), memo_named("Reply All"));
    for &m in &ids {
        let Effect::ReturnToSender(n) = effect(m) else {
            unreachable!()
        };
        // Wally hurt Dilbert; Tina hurt Wally.
        let mut g = after_others((blame, on(Dilbert)), Some((reply, on(Wally))), m);
        assert_eq!(all_happiness(&g), [-2, -2, 0]);
        assert_eq!(
            plays_of(&g, 0, m),
            [play_on(m, Wally)],
            "{}: only who played on Dilbert",
            name(m)
        );
        play(&mut g, 0, play_on(m, Wally));
        assert_eq!(
            all_happiness(&g),
            [-2, -2 - n, 0],
            "{}: Wally loses {n}",
            name(m)
        );
    }
    ids
}

fn cover_your_backside_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::CoverYourBackside);
    let (ranking, email) = (
        memo_named("Stack Ranking"),
        memo_named("Passive-Aggressive Email"),
    );
    for &m in &ids {
        // Lost 3 + 2: 4 back at most.
        let mut g = after_others((ranking, on(Dilbert)), Some((email, on(Dilbert))), m);
        assert_eq!(happiness(&g, 0), -5);
        play(&mut g, 0, untargeted(m));
        assert_eq!(happiness(&g, 0), -1, "{}: 4 back at most", name(m));
        // Lost 3: 3 back.
        let mut g = after_others((ranking, on(Dilbert)), None, m);
        play(&mut g, 0, untargeted(m));
        assert_eq!(happiness(&g, 0), 0, "{}: all of it back", name(m));
        // Lost nothing: nothing to cover.
        let g = after_others((ranking, on(Tina)), None, m);
        assert!(plays_of(&g, 0, m).is_empty(), "{}", name(m));
    }
    ids
}

fn not_my_job_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| e == Effect::NotMyJob);
    let volunteered = memo_named("Volunteered");
    for &m in &ids {
        // Dilbert is on Synergy Initiative from before; Wally puts him on
        // Project Platypus.
        let mut probe = staged_from(&[Dilbert, Wally, Tina], 1);
        let (old, new) = (1, 0);
        for slot in &mut probe.projects {
            slot.team.retain(|&e| e != Dilbert);
        }
        probe.projects[1].team.push(Dilbert);
        probe.hire_mut(0).free_work = 2;
        // ...since before his last turn (the set-up's assignments count as
        // "since his last turn" until he has had one).
        probe.since[0].assigned.clear();
        let put = Some(Target::Work {
            project: new,
            employee: Dilbert,
        });
        let mut g = {
            let mut g = probe;
            empty_hands(&mut g);
            give(&mut g, 1, volunteered);
            give(&mut g, 0, m);
            play(
                &mut g,
                1,
                Action::Play {
                    memo: volunteered,
                    target: put,
                },
            );
            pass(&mut g);
            pass(&mut g);
            g
        };
        assert!(at_move(&g, 0));
        assert_eq!(g.own_work(Dilbert).collect::<Vec<_>>(), [new, old]);
        assert_eq!(
            plays_of(&g, 0, m),
            [Action::Play {
                memo: m,
                target: put
            }],
            "{}: only the project that assigned him since his turn",
            name(m)
        );
        play(
            &mut g,
            0,
            Action::Play {
                memo: m,
                target: put,
            },
        );
        assert_eq!(
            g.own_work(Dilbert).collect::<Vec<_>>(),
            [old],
            "{}",
            name(m)
        );
        assert_eq!(g.hire(0).free_work, 2, "{}", name(m));
        g.assert_accounted();
    }
    ids
}

fn look_busy_memos() -> Vec<MemoId> {
    let ids = memos_where(|e| matches!(e, Effect::LookBusy(_)));
    for &m in &ids {
        let Effect::LookBusy(n) = effect(m) else {
            unreachable!()
        };
        // In an office (Engineering) at the end of the turn: +n.
        let mut g = trio();
        empty_hands(&mut g);
        give(&mut g, 0, m);
        stay(&mut g, 0);
        assert_eq!(plays_of(&g, 0, m), [untargeted(m)], "{}", name(m));
        play(&mut g, 0, untargeted(m));
        assert_eq!(happiness(&g, 0), n, "{}", name(m));
        assert!(ending_turn(&g, 0));
        // In the halls, or in Heck: nothing to play.
        for (at, decline) in [(hall(0), false), (space(Office::Heck), true)] {
            let mut g = trio();
            give(&mut g, 0, m);
            g.teleport(0, at);
            stay(&mut g, 0);
            if decline {
                play(&mut g, 0, Action::Decline);
            }
            assert!(ending_turn(&g, 0));
            assert!(plays_of(&g, 0, m).is_empty(), "{} at {at}", name(m));
        }
    }
    ids
}

#[test]
fn gain_memos_gain_their_number() {
    gain_memos();
}

#[test]
fn hurt_memos_cost_another_employee_their_number() {
    hurt_memos();
}

#[test]
fn group_memos_reach_their_group() {
    everyone_memos();
}

#[test]
fn knock_down_memos_knock_down_another_standing_employee() {
    knock_down_memos();
}

#[test]
fn send_to_memos_put_another_employee_in_their_office() {
    send_to_memos();
}

#[test]
fn go_to_heck_sends_an_employee_to_heck_knocked_down() {
    go_to_heck_memos();
}

#[test]
fn general_meeting_calls_every_employee_but_not_ted_or_the_restrooms() {
    general_meeting_memos();
}

#[test]
fn extra_legs_memos_lengthen_this_turns_walk() {
    extra_legs_memos();
}

#[test]
fn swap_trait_memos_swap_their_trait() {
    swap_trait_memos();
}

#[test]
fn shift_trait_memos_move_any_employees_trait_within_the_track() {
    shift_trait_memos();
}

#[test]
fn cubicle_memos_move_cubicles_one_step() {
    cubicle_away_memos();
    cubicle_closer_memos();
}

#[test]
fn work_memos_take_back_and_volunteer_tokens() {
    take_back_work_memos();
    volunteer_memos();
}

#[test]
fn signature_memos_forge_and_shred() {
    forge_memos();
    shred_memos();
}

#[test]
fn hand_memos_draw_steal_and_discard() {
    draw_memos();
    steal_memos();
    discard_random_memos();
}

#[test]
fn ted_the_generic_guy_blocks_a_hall_square_and_is_not_an_employee() {
    ted_memos();
}

#[test]
fn token_memos_donut_out_of_order_todd_portrait_plant() {
    donut_memos();
    out_of_order_memos();
    todd_memos();
    family_portrait_memos();
    plastic_plant_memos();
}

#[test]
fn asleep_at_the_wheel_and_the_dilbert_principle_change_the_boss_move_and_cancel_out() {
    boss_step_memos();
    let asleep = memo_named("Asleep at the Wheel");
    let principle = memo_named("The Dilbert Principle");
    assert_eq!(boss_after_round(&[]), 24, "three down");
    assert_eq!(boss_after_round(&[asleep]), 26, "one down");
    assert_eq!(boss_after_round(&[principle]), 22, "five down");
    assert_eq!(boss_after_round(&[asleep, principle]), 24, "his regular 3");
    assert_eq!(boss_after_round(&[principle, asleep]), 24, "his regular 3");
}

#[test]
fn real_life_memos_ask_everyone_at_once_with_a_deadline_and_no_by_default() {
    real_life_memos();
}

#[test]
fn worlds_smartest_garbage_man_takes_a_recent_memo_and_is_too_late_after_a_turn() {
    garbage_man_memos();
}

#[test]
fn response_memos_answer_what_others_did_since_your_last_turn() {
    return_to_sender_memos();
    cover_your_backside_memos();
    not_my_job_memos();
}

#[test]
fn look_busy_memos_pay_only_in_an_office_at_the_end_of_the_turn() {
    look_busy_memos();
}

// ------------------------------------------- Management Fast Track --

fn fast_track_view(
    game: &DilbertGame,
    viewer: Viewer,
) -> Option<cubicle_protocol::dilbert::FastTrack> {
    game.view(viewer).fast_track
}

/// Dilbert on the Fast Track walks 3 farther than honest (others see only
/// the honest allowance, and no cheats); when his turn ends, the others
/// have CALL_OUT_MS to point it out. Both spot it (Tina also names a die
/// cheat that did not happen): he loses 3 once, each spotter gains 1, the
/// wrong accusation costs 1.
fn fast_track_legs_spotted(m: MemoId) {
    let mut g = trio();
    give(&mut g, 0, m);
    play(&mut g, 0, untargeted(m));
    assert_eq!(move_allowance(&g, Viewer::Seat(0)), 6 + 3);
    for viewer in [Viewer::Seat(1), Viewer::Seat(2), Viewer::Spectator] {
        assert_eq!(
            move_allowance(&g, viewer),
            6,
            "{viewer:?}: the honest allowance"
        );
        assert_eq!(
            fast_track_view(&g, viewer).map(|f| (f.seat, f.cheats)),
            Some((0, None)),
            "{viewer:?}: who is on the Fast Track, not the cheats"
        );
    }
    // A hall square 8 steps away: 2 farther than honest.
    let reach = g.search(0, None);
    let far = *reach
        .ends
        .iter()
        .find(|&&s| reach.steps[usize::from(s)] == 8 && OfficeMap::standard().is_hall(s))
        .expect("a hall square 8 away");
    assert!(g.legal(0).contains(&Action::Move { to: far }));
    play(&mut g, 0, Action::Move { to: far });
    let legs = Cheats {
        legs: true,
        ..Cheats::default()
    };
    assert_eq!(
        fast_track_view(&g, Viewer::Seat(0)).unwrap().cheats,
        Some(legs)
    );
    assert_eq!(fast_track_view(&g, Viewer::Seat(1)).unwrap().cheats, None);
    play(&mut g, 0, Action::EndTurn);
    assert_eq!(g.to_act(), [1, 2], "everyone else may call out");
    assert_eq!(
        g.view(Viewer::Seat(1)).stage,
        StageView::Turn {
            seat: 0,
            step: Step::CallOut {
                cheater: 0,
                answered: vec![true, false, false]
            }
        }
    );
    let d = g.deadline().expect("the call-out closes by itself");
    assert_eq!(
        (d.after_ms, d.seat, d.action),
        (
            CALL_OUT_MS,
            1,
            Action::Accuse {
                cheats: Cheats::default()
            }
        )
    );
    play(&mut g, 1, Action::Accuse { cheats: legs });
    let events = play(
        &mut g,
        2,
        Action::Accuse {
            cheats: Cheats {
                legs: true,
                die: true,
                signature: false,
            },
        },
    );
    assert!(events.iter().any(|e| matches!(
        e,
        EventView::CalledOut { cheater: 0, used, .. } if *used == legs
    )));
    let called_out: Vec<(Employee, i8)> = events
        .iter()
        .filter_map(|e| match e {
            EventView::Happiness {
                employee,
                amount,
                why: Why::CalledOut,
                ..
            } => Some((*employee, *amount)),
            _ => None,
        })
        .collect();
    assert_eq!(
        called_out,
        [(Dilbert, -3), (Wally, 1), (Tina, 1), (Tina, -1)],
        "caught once: -3; each spotter +1; a wrong accusation -1"
    );
    assert_eq!(all_happiness(&g), [-3, 1, 0]);
    assert!(at_move(&g, 1), "then the next turn");
    assert_eq!(g.fast_track, None);
}

/// On the Fast Track in Marketing: a second signature (a cheat nobody
/// spots: it stands) and a picked office roll (others see a roll like any
/// other; Wally spots it); Tina stays silent and the deadline speaks for
/// her.
fn fast_track_die_spotted_signature_unspotted(m: MemoId) {
    let mut g = trio();
    // Mission Statement Rewrite (Boss, Marketing) in slot 2: two projects
    // need Marketing.
    let mission = project_named("Mission Statement Rewrite");
    g.schedule = Some(g.projects[2].project);
    g.projects[2].project = mission;
    g.teleport(0, space(Office::Marketing));
    give(&mut g, 0, m);
    play(&mut g, 0, untargeted(m));
    stay_and_sign(&mut g, 0, Office::Marketing);
    assert!(matches!(
        g.stage,
        Stage::Turn {
            step: TurnStep::Sign { second: true, .. },
            ..
        }
    ));
    play(
        &mut g,
        0,
        Action::Sign {
            project: mission,
            icon: Office::Marketing,
        },
    );
    assert_eq!(g.projects[0].signed, [Office::Marketing]);
    assert_eq!(g.projects[2].signed, [Office::Marketing]);
    // The roll: pick 1 (Barbecue: gain 2).
    assert!(g.legal(0).contains(&Action::Roll));
    play(&mut g, 0, Action::LoadDie { value: 1 });
    assert_eq!(happiness(&g, 0), 2);
    let roll = g.view(Viewer::Seat(1)).last_roll.unwrap();
    assert_eq!(
        (roll.seat, roll.value, roll.office),
        (0, 1, Some(Office::Marketing))
    );
    let cheats = fast_track_view(&g, Viewer::Seat(0))
        .unwrap()
        .cheats
        .unwrap();
    assert!(cheats.die && cheats.signature && !cheats.legs);
    assert_eq!(fast_track_view(&g, Viewer::Seat(2)).unwrap().cheats, None);
    assert!(ending_turn(&g, 0));
    play(&mut g, 0, Action::EndTurn);
    play(
        &mut g,
        1,
        Action::Accuse {
            cheats: Cheats {
                die: true,
                ..Cheats::default()
            },
        },
    );
    let d = g.deadline().unwrap();
    assert_eq!((d.after_ms, d.seat), (CALL_OUT_MS, 2));
    play(&mut g, d.seat, d.action);
    assert_eq!(all_happiness(&g), [2 - 3, 1, 0]);
    assert_eq!(
        g.projects[2].signed,
        [Office::Marketing],
        "unspotted: it stands"
    );
    assert!(at_move(&g, 1));
    g.assert_accounted();
}

/// `seat` stays in `office` and signs its icon on the first project that
/// needs it.
fn stay_and_sign(game: &mut DilbertGame, seat: Seat, office: Office) {
    play(game, seat, Action::Move { to: space(office) });
    let sign = *game
        .legal(seat)
        .iter()
        .find(|a| matches!(a, Action::Sign { .. }))
        .expect("a signature on offer");
    play(game, seat, sign);
}

/// On the Fast Track without cheating: the call-out still opens (nobody
/// learns anything from it), silence changes nothing, a wrong accusation
/// costs 1. Without the card, no call-out at all.
fn fast_track_honest(m: MemoId) {
    let mut g = trio();
    give(&mut g, 0, m);
    play(&mut g, 0, untargeted(m));
    g.teleport(0, hall(0));
    stay(&mut g, 0);
    play(&mut g, 0, Action::EndTurn);
    assert_eq!(g.to_act(), [1, 2]);
    play(
        &mut g,
        1,
        Action::Accuse {
            cheats: Cheats {
                signature: true,
                ..Cheats::default()
            },
        },
    );
    let d = g.deadline().unwrap();
    play(&mut g, d.seat, d.action);
    assert_eq!(all_happiness(&g), [0, -1, 0]);
    assert!(at_move(&g, 1));

    let mut g = trio();
    g.teleport(0, hall(0));
    stay(&mut g, 0);
    play(&mut g, 0, Action::EndTurn);
    assert!(at_move(&g, 1), "no Fast Track, no call-out");
}

#[test]
fn management_fast_track_lets_its_player_cheat_and_the_call_out_settles_it() {
    fast_track_memos();
}

// ------------------------------------------------------- timing --

/// A table where every memo has something to be played on, `memo` alone
/// in Dilbert's hand at the start of his turn (seat 0, cubicle 1, in
/// Engineering with Wally and Tina, on a project); others hold memos and
/// have free work tokens; Synergy Initiative has a signature (and two
/// icons open, so no forgery kills a project); since Dilbert's last turn
/// Wally played a memo on him that cost him 2 (still in the out tray) and a
/// project assigned him.
fn rich(memo: MemoId) -> DilbertGame {
    let mut g = trio();
    give(&mut g, 0, memo);
    for m in g.hire(0).hand.clone() {
        if m != memo {
            g.put_back(0, m);
        }
    }
    let played = g.hire(1).hand[0];
    g.take_from_hand(1, played);
    g.out_tray.push((played, 1, g.round));
    let assigned = g
        .own_work(Dilbert)
        .next()
        .expect("Dilbert starts on a project");
    g.since[0] = Since {
        played: vec![played],
        senders: vec![1],
        memo_losses: 2,
        assigned: vec![assigned],
    };
    g.set_happiness(0, -2);
    g.projects[1].signed.push(Office::Boss);
    g.signatures_left -= 1;
    free_up(&mut g, 1);
    free_up(&mut g, 2);
    assert!(g
        .hires
        .iter()
        .all(|h| h.free_work > 0 && !h.hand.is_empty()));
    g.assert_accounted();
    g
}

/// Start-of-turn and response memos are played at the start of the turn,
/// before running; end-of-turn memos at the end-of-turn step; each is
/// refused everywhere else (after a run, at the other step, while
/// discarding).
#[test]
fn every_memo_is_playable_exactly_at_its_timing_step() {
    for memo in 0..MEMO_COUNT as MemoId {
        let timing = cards::memo(memo).timing;
        let start = rich(memo);
        assert!(at_move(&start, 0));
        let mut ending = start.clone();
        stay(&mut ending, 0);
        settle(&mut ending);
        assert!(ending_turn(&ending, 0));
        let mut ran = start.clone();
        ran.script_dice(&[2]);
        play(&mut ran, 0, Action::Run);
        let mut discarding = start.clone();
        discarding.stage = Stage::Turn {
            seat: 0,
            step: TurnStep::Discard {
                waiting: vec![0],
                then: Then::Move,
            },
        };
        let (right, wrong) = match timing {
            Timing::StartOfTurn | Timing::Response => (
                &start,
                [("the end of the turn", &ending), ("after a run", &ran)],
            ),
            Timing::EndOfTurn => (
                &ending,
                [("the start of the turn", &start), ("after a run", &ran)],
            ),
        };
        let plays = plays_of(right, 0, memo);
        assert!(!plays.is_empty(), "{}: playable at its step", name(memo));
        for (step, g) in wrong.into_iter().chain([("a discard", &discarding)]) {
            assert!(
                plays_of(g, 0, memo).is_empty(),
                "{}: listed at {step}",
                name(memo)
            );
            for p in &plays {
                assert!(g.check(0, p).is_err(), "{}: accepted at {step}", name(memo));
            }
        }
        // Nobody plays a memo on someone else's turn.
        let mut theirs = right.clone();
        give(&mut theirs, 1, memo);
        for p in &plays {
            assert_eq!(theirs.check(1, p).err(), Some(RuleError::NotYourTurn));
        }
    }
}

// ------------------------------------------------------- restrooms --

/// The memo families that change their own player's employee (happiness,
/// walk, traits, cubicle, work tokens, a token on them), from the cards'
/// texts: not playable from a restroom.
fn own_employee(effect: Effect) -> bool {
    matches!(
        effect,
        Effect::Gain(_)
            | Effect::ExtraLegs(_)
            | Effect::SwapTrait(_)
            | Effect::CubicleAway
            | Effect::TakeBackWork
            | Effect::NotMyJob
            | Effect::CoverYourBackside
            | Effect::LookBusy(_)
            | Effect::Place(Token::FamilyPortrait)
            | Effect::FastTrack
    )
}

/// Effects that reach a group (everyone, every other, the halls, the
/// table's real-life question): a restroom takes its occupant out of the
/// group, it does not stop the card.
fn group_effect(effect: Effect) -> bool {
    matches!(
        effect,
        Effect::Everyone(..) | Effect::GeneralMeeting | Effect::RealLife(_)
    )
}

fn names(action: &Action, employee: Employee) -> bool {
    matches!(
        action,
        Action::Play {
            target: Some(Target::Employee { employee: e } | Target::Work { employee: e, .. }),
            ..
        } if *e == employee
    )
}

/// For every memo, with Wally (another employee) or Dilbert (its player) in
/// the Men's Room: no play names him; no play changes him (a group effect
/// passes him by; a cubicle swap may not drag him along); a memo that would
/// change its player's own employee cannot be played from there; and
/// everything else that was playable and left him alone still is.
#[test]
fn memos_neither_reach_nor_are_played_from_a_restroom() {
    // Every breach, listed together.
    let mut breaches = Vec::new();
    for memo in 0..MEMO_COUNT as MemoId {
        let e = effect(memo);
        for x in [1, 0] {
            let mut out = rich(memo);
            at_its_step(&mut out, memo);
            let mut inside = rich(memo);
            inside.teleport(x, space(Office::MensRoom));
            at_its_step(&mut inside, memo);
            let employee = inside.hire(x).employee;
            let label = format!("{} with {employee:?} in the Men's Room", name(memo));
            let legal_out = plays_of(&out, 0, memo);
            let legal_in = plays_of(&inside, 0, memo);
            assert!(
                !legal_out.is_empty(),
                "{}: playable when staged",
                name(memo)
            );
            for p in &legal_in {
                if names(p, employee) {
                    breaches.push(format!("{label}: {p:?} names him"));
                }
                if !legal_out.contains(p) {
                    breaches.push(format!("{label}: {p:?} only from a restroom"));
                }
                let (before, after) = (person(&inside, x), person(&after_play(&inside, 0, *p), x));
                if before != after {
                    breaches.push(format!(
                        "{label}: {p:?} changed him\n  from {before:?}\n  to   {after:?}"
                    ));
                }
            }
            let own = x == 0 && own_employee(e);
            if own && !legal_in.is_empty() {
                breaches.push(format!(
                    "{label}: playable though it changes its player's employee"
                ));
            }
            for p in &legal_out {
                let leaves_alone =
                    group_effect(e) || person(&after_play(&out, 0, *p), x) == person(&out, x);
                if !names(p, employee) && !own && leaves_alone && !legal_in.contains(p) {
                    breaches.push(format!("{label}: {p:?} refused though it leaves him alone"));
                }
            }
        }
    }
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

/// Group memos pass over an employee in a restroom: the real-life question
/// does not even ask him.
#[test]
fn group_memos_skip_an_employee_in_a_restroom() {
    for memo in memos_where(group_effect) {
        let mut g = trio();
        g.teleport(1, space(Office::MensRoom));
        g.teleport(2, hall(2));
        give(&mut g, 0, memo);
        let (wally, tina) = (person(&g, 1), person(&g, 2));
        play(&mut g, 0, untargeted(memo));
        if let Stage::Turn {
            step: TurnStep::RealLife { .. },
            ..
        } = g.stage
        {
            assert_eq!(g.to_act(), [0, 2], "{}: Wally is not asked", name(memo));
            play(&mut g, 0, Action::Answer { yes: true });
            play(&mut g, 2, Action::Answer { yes: true });
        }
        assert_eq!(person(&g, 1), wally, "{}", name(memo));
        assert_ne!(person(&g, 2), tina, "{}: Tina is reached", name(memo));
    }
}

// ------------------------------------------------------ consultants --

/// One consultant's rule as a number a player would notice: measured for
/// Wally (seat 0, first player, cubicle 1, Motivation 5) and Dilbert (seat
/// 1, cubicle 2, Motivation 6) on a table of Wally, Dilbert and Tina.
struct Probe {
    what: &'static str,
    /// Stages what it needs (whose turn, where) and reads the number.
    measure: fn(&mut DilbertGame, Seat) -> i32,
    /// Wally's and Dilbert's number without the consultant, and with it.
    plain: [i32; 2],
    bound: [i32; 2],
    /// Dilbert's number when he ignores it.
    ignoring: i32,
    /// The measure leaves the employee where it stands: it can be taken
    /// with them in a restroom (which protects from memos, not from
    /// consultants).
    anywhere: bool,
}

/// Each rule's probe, with the number its card names. Exhaustive: a new
/// rule does not compile until it has a probe.
fn probe(rule: Rule) -> Probe {
    // Most probes: Dilbert ignoring it reads his plain number, and the
    // number does not depend on where the employee stands.
    type Measure = fn(&mut DilbertGame, Seat) -> i32;
    let usual = |what, measure: Measure, plain: [i32; 2], bound| Probe {
        what,
        measure,
        plain,
        bound,
        ignoring: plain[1],
        anywhere: true,
    };
    let both = |n: i32| [n, n];
    match rule {
        Rule::Walk(by) => {
            let by = i32::from(by);
            usual("the walk allowance", allowance, [5, 6], [5 + by, 6 + by])
        }
        Rule::NoRunning => usual("whether one may run", may_run, both(1), both(0)),
        Rule::RiskyRuns => usual("a run's 5 lands in Heck", five_to_heck, both(0), both(1)),
        Rule::StandUpCost(cost) => {
            let cost = i32::from(cost);
            let bound = [5 - cost, 6 - cost];
            usual("the allowance knocked down", stand_up, [3, 4], bound)
        }
        Rule::HandLimit(limit) => {
            let bound = both(limit as i32);
            usual("memos kept after drawing to five", kept, both(5), bound)
        }
        Rule::CheckLosses(more) => {
            let bound = both(-3 - i32::from(more));
            usual("a -3 project's check", reorg_check, both(-3), bound)
        }
        Rule::CheckGains(more) => {
            let bound = both(1 + i32::from(more));
            usual("a +1 project's check", ergonomics_check, both(1), bound)
        }
        Rule::SignatureBonus(bonus) => Probe {
            anywhere: false,
            ..usual(
                "a signature",
                sign_in_marketing,
                both(0),
                both(i32::from(bonus)),
            )
        },
        Rule::ChartGains(more) => Probe {
            anywhere: false,
            ..usual(
                "Kitchen 6 (gain 3)",
                kitchen_six,
                both(3),
                both(3 + i32::from(more)),
            )
        },
        Rule::ChartLosses(more) => Probe {
            anywhere: false,
            ..usual(
                "Kitchen 4 (lose 1)",
                kitchen_four,
                both(-1),
                both(-1 - i32::from(more)),
            )
        },
        // Dilbert's player reads the texts out, bound or not.
        Rule::TextsHidden => usual("texts hidden in the view", texts_hidden, both(0), [1, 0]),
        // A swap moves two cubicles: an ignoring Dilbert's stays put while
        // his neighbour's is frozen (and every cubicle has a neighbour).
        Rule::FrozenCubicles => Probe {
            ignoring: 2,
            ..usual("the cubicle after a Crunch check", crunch, both(1), both(2))
        },
        Rule::DoubleInbox => Probe {
            anywhere: false,
            ..usual(
                "memos drawn in Engineering",
                engineering_draws,
                both(1),
                both(2),
            )
        },
        Rule::NoMemoLosses => Probe {
            anywhere: false,
            ..usual("Blame Shifting's loss", blamed, both(-2), both(0))
        },
        Rule::Wellness => Probe {
            anywhere: false,
            ..usual("a stay in the Men's Room", restroom_stay, both(0), both(2))
        },
        Rule::FallLoss => usual(
            "an exhausting project's check (lose 1, knocked down)",
            exhausting_check,
            both(-1),
            both(-2),
        ),
        Rule::FlatHierarchy => usual(
            "the start of a turn as the happiest alone",
            happiest_turn,
            both(0),
            both(-1),
        ),
    }
}

fn allowance(g: &mut DilbertGame, s: Seat) -> i32 {
    stage_move(g, s);
    i32::from(move_allowance(g, Viewer::Seat(s)))
}

fn may_run(g: &mut DilbertGame, s: Seat) -> i32 {
    stage_move(g, s);
    i32::from(g.legal(s).contains(&Action::Run))
}

fn five_to_heck(g: &mut DilbertGame, s: Seat) -> i32 {
    stage_move(g, s);
    g.script_dice(&[5]);
    play(g, s, Action::Run);
    i32::from(g.hire(s).at == space(Office::Heck) && g.hire(s).down)
}

fn stand_up(g: &mut DilbertGame, s: Seat) -> i32 {
    g.hire_mut(s).down = true;
    allowance(g, s)
}

/// Four memos, one of them Reorganisation Memo (draw 2), played: how many
/// are kept once the hand limit is applied.
fn kept(g: &mut DilbertGame, s: Seat) -> i32 {
    let reorg = memo_named("Reorganisation Memo");
    for m in g.hire(s).hand.clone() {
        g.put_back(s, m);
    }
    give(g, s, reorg);
    for _ in 0..3 {
        let m = *g.memo_deck.front().unwrap();
        give(g, s, m);
    }
    stage_move(g, s);
    play(g, s, untargeted(reorg));
    settle(g);
    g.hire(s).hand.len() as i32
}

/// The happiness `s` gains when the Boss checks `project` with `s` alone
/// on its team.
fn checked_alone(g: &mut DilbertGame, s: Seat, project: &str) -> i32 {
    g.projects[0].project = project_named(project);
    g.projects[0].team = vec![g.hire(s).employee];
    let before = happiness(g, s);
    g.check_project(0, &mut Vec::new());
    i32::from(happiness(g, s) - before)
}

fn reorg_check(g: &mut DilbertGame, s: Seat) -> i32 {
    checked_alone(g, s, "The Reorg Plan")
}

fn ergonomics_check(g: &mut DilbertGame, s: Seat) -> i32 {
    checked_alone(g, s, "Ergonomics Study")
}

fn exhausting_check(g: &mut DilbertGame, s: Seat) -> i32 {
    let gained = checked_alone(g, s, "Trust-Fall Retreat");
    assert!(g.hire(s).down);
    gained
}

/// `s` in cubicle 2 (the other of Wally and Dilbert in 1) alone on a Crunch
/// project at a Boss check: the cubicle after.
fn crunch(g: &mut DilbertGame, s: Seat) -> i32 {
    let other = 1 - s;
    g.hire_mut(s).cubicle = 2;
    g.hire_mut(other).cubicle = 1;
    g.projects[0].project = project_named("Cubicle Consolidation");
    g.projects[0].team = vec![g.hire(s).employee];
    g.check_project(0, &mut Vec::new());
    i32::from(g.hire(s).cubicle)
}

fn happiness_change(g: &mut DilbertGame, s: Seat, act: impl FnOnce(&mut DilbertGame)) -> i32 {
    let before = happiness(g, s);
    act(g);
    i32::from(happiness(g, s) - before)
}

/// `s` stays in Marketing and signs Project Platypus's Marketing icon (the
/// roll, a 2, asks for a trait swap: no happiness).
fn sign_in_marketing(g: &mut DilbertGame, s: Seat) -> i32 {
    g.teleport(s, space(Office::Marketing));
    stage_move(g, s);
    g.script_dice(&[2]);
    play(
        g,
        s,
        Action::Move {
            to: space(Office::Marketing),
        },
    );
    happiness_change(g, s, |g| {
        play(
            g,
            s,
            Action::Sign {
                project: 0,
                icon: Office::Marketing,
            },
        );
    })
}

fn kitchen(g: &mut DilbertGame, s: Seat, die: u8) -> i32 {
    g.teleport(s, space(Office::Kitchen));
    stage_move(g, s);
    g.script_dice(&[die]);
    happiness_change(g, s, |g| {
        stay(g, s);
    })
}

fn kitchen_six(g: &mut DilbertGame, s: Seat) -> i32 {
    kitchen(g, s, 6)
}

fn kitchen_four(g: &mut DilbertGame, s: Seat) -> i32 {
    kitchen(g, s, 4)
}

fn texts_hidden(g: &mut DilbertGame, s: Seat) -> i32 {
    i32::from(g.view(Viewer::Seat(s)).texts_hidden)
}

fn engineering_draws(g: &mut DilbertGame, s: Seat) -> i32 {
    g.teleport(s, space(Office::Engineering));
    for m in g.hire(s).hand.clone() {
        g.put_back(s, m);
    }
    stage_move(g, s);
    let events = stay(g, s);
    events
        .iter()
        .filter(|e| matches!(e, EventView::Drew { seat, .. } if *seat == s))
        .count() as i32
}

/// Tina plays Blame Shifting (another employee loses 2) on `s`.
fn blamed(g: &mut DilbertGame, s: Seat) -> i32 {
    let blame = memo_named("Blame Shifting");
    stage_move(g, 2);
    give(g, 2, blame);
    let employee = g.hire(s).employee;
    happiness_change(g, s, |g| {
        play(g, 2, play_on(blame, employee));
    })
}

fn restroom_stay(g: &mut DilbertGame, s: Seat) -> i32 {
    g.teleport(s, space(Office::MensRoom));
    stage_move(g, s);
    happiness_change(g, s, |g| {
        stay(g, s);
    })
}

/// `s` alone the happiest (5, everyone else 0, nobody on a project): what
/// the start of `s`'s turn changes.
fn happiest_turn(g: &mut DilbertGame, s: Seat) -> i32 {
    for slot in &mut g.projects {
        slot.team.clear();
    }
    for seat in 0..3 {
        g.set_happiness(seat, 0);
    }
    g.set_happiness(s, 5);
    let before = (s + 2) % 3;
    stage_move(g, before);
    pass(g);
    assert_eq!(active(g), s);
    i32::from(happiness(g, s) - 5)
}

/// Wally, Dilbert and Tina, Wally first: at the start of Wally's turn.
fn consultant_table() -> DilbertGame {
    staged_from(&[Wally, Dilbert, Tina], 0)
}

/// A Conference Room roll of 3 hires the consultant `id` (put on top of the
/// consultant deck): Wally's office roll.
fn hire_consultant(g: &mut DilbertGame, id: ConsultantId) {
    let at = g.consultant_deck.iter().position(|&c| c == id).unwrap();
    g.consultant_deck.remove(at);
    g.consultant_deck.push_front(id);
    stage_move(g, 0);
    g.teleport(0, space(Office::Conference));
    g.script_dice(&[3]);
    let events = stay(g, 0);
    assert!(events.contains(&EventView::Consultant { consultant: id }));
    assert_eq!(g.consultant, Some(id));
    assert!(!g.dilbert_ignores, "a new consultant binds Dilbert too");
}

/// Every consultant changes its number for everyone from the moment a
/// Conference Room roll hires it, in a restroom too, round after round,
/// except for a Dilbert who ignores it (by his action or his choice
/// remembered), until the next one replaces it.
fn consultant_checks() -> Vec<ConsultantId> {
    let mut ids = Vec::new();
    for (id, def) in cards::CONSULTANTS.iter().enumerate() {
        let id = id as ConsultantId;
        let p = probe(def.rule);
        let label = format!("{} ({})", def.name, p.what);
        let measure = |g: &DilbertGame, s: Seat| (p.measure)(&mut g.clone(), s);
        assert_ne!(p.plain, p.bound, "{label}: the probe could not fail");
        let base = consultant_table();
        for s in [0, 1] {
            assert_eq!(
                measure(&base, s),
                p.plain[usize::from(s)],
                "{label}: none, seat {s}"
            );
        }
        let mut g = base.clone();
        hire_consultant(&mut g, id);
        for s in [0, 1] {
            assert_eq!(
                measure(&g, s),
                p.bound[usize::from(s)],
                "{label}: hired, seat {s}"
            );
        }
        if p.anywhere {
            for s in [0, 1] {
                let mut r = g.clone();
                r.teleport(s, space(Office::MensRoom));
                assert_eq!(
                    measure(&r, s),
                    p.bound[usize::from(s)],
                    "{label}: in a restroom, seat {s}"
                );
            }
        }
        let mut later = g.clone();
        end_round(&mut later);
        assert_eq!(later.consultant, Some(id));
        for s in [0, 1] {
            assert_eq!(
                measure(&later, s),
                p.bound[usize::from(s)],
                "{label}: a round later, seat {s}"
            );
        }
        // Dilbert ignores it at the start of his turn.
        let mut ignored = g.clone();
        stage_move(&mut ignored, 1);
        play(&mut ignored, 1, Action::IgnoreConsultant { ignore: true });
        assert_eq!(
            measure(&ignored, 1),
            p.ignoring,
            "{label}: Dilbert ignores it"
        );
        assert_eq!(measure(&ignored, 0), p.bound[0], "{label}: Wally may not");
        let mut flagged = g.clone();
        flagged.dilbert_ignores = true;
        assert_eq!(
            measure(&flagged, 1),
            p.ignoring,
            "{label}: Dilbert ignores it"
        );
        // The next roll replaces it.
        let neutral = if def.rule == Rule::TextsHidden {
            consultant_named("Motivational Speaker")
        } else {
            consultant_named("Communications Strategist")
        };
        assert!(matches!(
            cards::consultant_def(neutral).rule,
            Rule::TextsHidden | Rule::Walk(_)
        ));
        let mut gone = ignored.clone();
        hire_consultant(&mut gone, neutral);
        for s in [0, 1] {
            assert_eq!(
                measure(&gone, s),
                p.plain[usize::from(s)],
                "{label}: replaced, seat {s}"
            );
        }
        ids.push(id);
    }
    ids
}

#[test]
fn every_consultant_changes_its_number_for_all_but_an_ignoring_dilbert_while_in_play() {
    consultant_checks();
}

#[test]
fn the_communications_strategist_hides_texts_from_all_but_dilbert_s_player() {
    let mut g = consultant_table();
    hire_consultant(&mut g, consultant_named("Communications Strategist"));
    assert!(g.view(Viewer::Spectator).texts_hidden, "spectators");
    assert!(g.view(Viewer::Seat(0)).texts_hidden);
    assert!(g.view(Viewer::Seat(2)).texts_hidden);
    assert!(
        !g.view(Viewer::Seat(1)).texts_hidden,
        "Dilbert's player reads"
    );
}

#[test]
fn the_time_and_motion_analyst_still_lets_everyone_walk_one() {
    // Wally knocked down with Todd on him: 5 - 2 - 2 = 1 before the
    // consultant's -1; the card says "always at least 1".
    let mut g = consultant_table();
    hire_consultant(&mut g, consultant_named("Time-and-Motion Analyst"));
    stage_move(&mut g, 0);
    g.place_token(Token::Todd, TokenAt::Employee(Wally), &mut Vec::new());
    g.hire_mut(0).down = true;
    assert_eq!(move_allowance(&g, Viewer::Seat(0)), 1);
}

#[test]
fn the_conflict_mediator_blocks_every_memo_loss_real_life_included_but_no_gain() {
    let mut g = trio();
    g.consultant = Some(consultant_named("Conflict Mediator"));
    let violation = memo_named("Casual Friday Violation");
    let raise = memo_named("Pay Raise");
    give(&mut g, 0, raise);
    play(&mut g, 0, untargeted(raise));
    assert_eq!(happiness(&g, 0), 3, "gains still count");
    give(&mut g, 0, violation);
    play(&mut g, 0, untargeted(violation));
    for s in 0..3 {
        play(&mut g, s, Action::Answer { yes: true });
    }
    assert_eq!(
        all_happiness(&g),
        [3, 0, 0],
        "a memo's real-life question costs nothing"
    );
    // Dilbert ignoring it pays.
    let mut g = trio();
    g.consultant = Some(consultant_named("Conflict Mediator"));
    g.dilbert_ignores = true;
    give(&mut g, 0, violation);
    play(&mut g, 0, untargeted(violation));
    for s in 0..3 {
        play(&mut g, s, Action::Answer { yes: true });
    }
    assert_eq!(all_happiness(&g), [-4, 0, 0]);
}

// ------------------------------------------------------- coverage --

#[test]
fn every_memo_and_every_consultant_is_checked() {
    let mut memos = BTreeSet::new();
    for (name_, check) in MEMO_CHECKS {
        for id in check() {
            assert_eq!(family(effect(id)), name_, "{} checked as {name_}", name(id));
            memos.insert(id);
        }
    }
    assert_eq!(memos, (0..MEMO_COUNT as MemoId).collect::<BTreeSet<_>>());
    let consultants: BTreeSet<ConsultantId> = consultant_checks().into_iter().collect();
    assert_eq!(
        consultants,
        (0..CONSULTANT_COUNT as ConsultantId).collect::<BTreeSet<_>>()
    );
}
