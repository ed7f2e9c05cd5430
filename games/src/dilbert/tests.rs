//! Rules tests on staged situations: fixtures fix the deal, the decks and
//! the dice; pieces are put where a test needs them.

use cubicle_protocol::dilbert::{
    Action, Employee, EventView, Fixture, Office, Options, ProjectEffect, Trait, Why, WorkToken,
};
use cubicle_protocol::Seat;

use super::content;
use super::*;
use crate::chance::SeededChance;

use super::Dilbert as DilbertGame;
use Employee::{Alice, Asok, Dilbert, Ratbert, Tina, Wally};

fn fixture(employees: &[Employee]) -> Options {
    Options {
        choose_employees: false,
        fixture: Some(Fixture {
            first_player: Some(0),
            employees: Some(employees.to_vec()),
            projects: Some((0..26).collect()),
            memos: Some((0..70).collect()),
            consultants: None,
            dice: Vec::new(),
        }),
    }
}

/// A game of `employees` (seat order), seat 0 first, at seat 0's move.
fn staged(employees: &[Employee]) -> DilbertGame {
    let players = vec![PlayerProfile::default(); employees.len()];
    let (game, _) = DilbertGame::start(
        &players,
        &fixture(employees),
        &mut SeededChance::new(&[1; 32], 0),
    )
    .unwrap();
    game
}

fn space(office: Office) -> SpaceId {
    OfficeMap::standard().space_of(office)
}

fn play(game: &mut DilbertGame, seat: Seat, action: Action) -> Vec<EventView> {
    game.play(seat, &action, &mut SeededChance::new(&[2; 32], 9))
        .unwrap_or_else(|e| panic!("{action:?} by {seat}: {e}\n{:?}", game.stage))
}

/// Seat 0 stays in `office` with `die` scripted, declining any signature.
fn roll_in(game: &mut DilbertGame, office: Office, die: u8) -> Vec<EventView> {
    game.teleport(0, space(office));
    game.script_dice(&[die]);
    let mut events = play(game, 0, Action::Move { to: space(office) });
    if matches!(
        game.stage,
        Stage::Turn {
            seat: 0,
            step: TurnStep::Sign { .. }
        }
    ) {
        events.extend(play(game, 0, Action::Decline));
    }
    events
}

/// Takes every work token off every project.
fn off_all_projects(game: &mut DilbertGame) {
    for slot in &mut game.projects {
        slot.team.clear();
    }
    for h in &mut game.hires {
        h.free_work = content::printed(h.employee).work_tokens;
    }
}

fn happiness(game: &DilbertGame, seat: Seat) -> i8 {
    game.hire(seat).happiness
}

fn decision(game: &DilbertGame) -> Option<&Pending> {
    match &game.stage {
        Stage::Turn {
            step: TurnStep::Decide(p),
            ..
        } => Some(p),
        _ => None,
    }
}

/// Whether `seat` is at the end-of-turn step.
fn ending_turn(game: &DilbertGame, seat: Seat) -> bool {
    game.stage
        == Stage::Turn {
            seat,
            step: TurnStep::EndTurn,
        }
}

fn turn_of(game: &DilbertGame) -> Option<Seat> {
    match game.stage {
        Stage::Turn { seat, .. } => Some(seat),
        _ => None,
    }
}

// ------------------------------------------------------------- set-up --

#[test]
fn setup_hires_cubicles_in_turn_order_and_asok_starts_in_the_mens_room() {
    let game = staged(&[Dilbert, Asok, Alice]);
    assert_eq!(
        game.hire(0).cubicle,
        1,
        "the first player takes the -5 cubicle"
    );
    assert_eq!(game.hire(1).cubicle, 2);
    assert_eq!(game.hire(2).cubicle, 3);
    assert_eq!(game.hire(1).at, space(Office::MensRoom));
    assert_eq!(game.hire(0).at, space(Office::Engineering));
    assert_eq!(game.projects.len(), 3, "one project per player");
    assert!(game.schedule.is_some());
    // Three memos dealt, and the first player drew a fourth.
    assert_eq!(game.hire(0).hand.len(), 4);
    assert_eq!(game.hire(1).hand.len(), 3);
    assert_eq!(game.boss, 27);
    game.assert_accounted();
}

#[test]
fn the_worst_job_vote_picks_the_most_voted_and_a_single_answer_needs_no_vote() {
    let answer = |s: &str| {
        PlayerProfile::default().with(WORST_JOB, crate::answers::Answer::Text(s.to_owned()))
    };
    let players = vec![
        answer("night guard at a mannequin factory"),
        answer("intern"),
        answer("mime"),
    ];
    let options = Options::default();
    let (mut game, _) =
        DilbertGame::start(&players, &options, &mut SeededChance::new(&[3; 32], 0)).unwrap();
    assert_eq!(game.to_act(), vec![0, 1, 2]);
    assert!(
        !game.legal(0).contains(&Action::Vote { seat: 0 }),
        "no voting for yourself"
    );
    play(&mut game, 0, Action::Vote { seat: 2 });
    play(&mut game, 1, Action::Vote { seat: 2 });
    let events = play(&mut game, 2, Action::Vote { seat: 0 });
    assert!(events.contains(&EventView::FirstPlayer {
        seat: 2,
        votes: vec![Some(2), Some(2), Some(0)],
        random: false
    }));
    assert_eq!(game.first_player, 2);
    assert_eq!(game.hire(2).cubicle, 1);
    assert_eq!(turn_of(&game), Some(2));

    let players = vec![
        PlayerProfile::default(),
        answer("mime"),
        PlayerProfile::default(),
    ];
    let (game, _) =
        DilbertGame::start(&players, &options, &mut SeededChance::new(&[3; 32], 0)).unwrap();
    assert_eq!(game.first_player, 1);
}

#[test]
fn players_pick_employees_in_turn_order_when_the_host_allows() {
    let players = vec![PlayerProfile::default(); 3];
    let options = Options {
        choose_employees: true,
        fixture: Some(Fixture {
            first_player: Some(1),
            ..Fixture::default()
        }),
    };
    let (mut game, _) =
        DilbertGame::start(&players, &options, &mut SeededChance::new(&[4; 32], 0)).unwrap();
    assert_eq!(game.to_act(), vec![1]);
    play(&mut game, 1, Action::Pick { employee: Alice });
    assert!(!game.legal(2).contains(&Action::Pick { employee: Alice }));
    play(&mut game, 2, Action::Pick { employee: Wally });
    play(&mut game, 0, Action::Pick { employee: Ratbert });
    assert_eq!(game.hire(1).employee, Alice);
    assert_eq!(game.hire(1).cubicle, 1);
    assert_eq!(game.hire(0).cubicle, 3);
    assert_eq!(turn_of(&game), Some(1));
}

// --------------------------------------------------------- assignment --

#[test]
fn the_rulebook_assignment_example_skips_an_employee_with_no_free_token() {
    // "Highest Apathy": Wally (5) and Tina (4), but Wally's tokens are all
    // placed, so Dilbert (3) is assigned instead.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    off_all_projects(&mut game);
    let platypus = 0; // To: highest Apathy.
    assert_eq!(
        content::project(platypus).to.measure,
        cubicle_protocol::dilbert::Measure::Apathy
    );
    game.hires[0].traits[0] = 3;
    game.hires[1].traits[0] = 5;
    game.hires[2].traits[0] = 4;
    assert_eq!(game.team_for(platypus), vec![Wally, Tina]);
    game.hires[1].free_work = 0;
    assert_eq!(game.team_for(platypus), vec![Tina, Dilbert]);
}

#[test]
fn ties_go_to_the_cubicle_nearer_the_boss() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    off_all_projects(&mut game);
    for h in &mut game.hires {
        h.traits[0] = 4;
    }
    // Cubicles: Dilbert 1, Wally 2, Tina 3.
    assert_eq!(game.team_for(0), vec![Dilbert, Wally]);
    game.hires[0].cubicle = 3;
    game.hires[2].cubicle = 1;
    assert_eq!(game.team_for(0), vec![Tina, Wally]);
}

#[test]
fn a_gendered_project_assigns_only_employees_of_that_gender() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    off_all_projects(&mut game);
    let litigation = 17; // To: the two female employees with the highest Offensiveness.
    assert_eq!(game.team_for(litigation), vec![Tina]);
}

#[test]
fn two_tokens_on_one_project_hurt_once_per_check() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.projects[0] = Slot {
        project: 9, // The Reorg Plan: -3 each check.
        signed: Vec::new(),
        team: vec![Dilbert, Dilbert],
    };
    let before = happiness(&game, 0);
    let mut events = Vec::new();
    game.check_project(0, &mut events);
    assert_eq!(happiness(&game, 0), before - 3);
}

// ------------------------------------------------------------- kills --

#[test]
fn the_last_signature_kills_the_project_and_the_schedule_replaces_it() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    // Slot 0 holds Project Platypus (Marketing, Legal); sign Legal first.
    game.projects[0].signed = vec![Office::Marketing];
    game.signatures_left -= 1;
    let schedule = game.schedule.unwrap();
    let team = game.projects[0].team.clone();
    let next_in_deck = *game.project_deck.last().unwrap();
    game.teleport(0, space(Office::Legal));
    game.script_dice(&[4]); // Legal 4: lose 2, after the kill.
    play(
        &mut game,
        0,
        Action::Move {
            to: space(Office::Legal),
        },
    );
    let events = play(
        &mut game,
        0,
        Action::Sign {
            project: 0,
            icon: Office::Legal,
        },
    );
    assert!(events.contains(&EventView::Killed {
        project: 0,
        by: Some(Dilbert)
    }));
    // +2 for the kill, -2 for the roll that follows.
    assert_eq!(happiness(&game, 0), 0);
    assert!(events.iter().any(|e| matches!(
        e,
        EventView::Happiness {
            employee: Dilbert,
            amount: 2,
            ..
        }
    )));
    assert_eq!(
        game.projects[0].project, schedule,
        "the Schedule takes the slot"
    );
    assert!(events.iter().any(
        |e| matches!(e, EventView::Assigned { project, slot: 0, .. } if *project == schedule)
    ));
    assert_eq!(
        game.schedule,
        Some(next_in_deck),
        "a new Schedule is turned"
    );
    assert_eq!(
        game.signatures_left, 15,
        "glass tokens come back from a killed project"
    );
    let _ = team;
    game.assert_accounted();
}

#[test]
fn alice_gets_three_for_a_kill_and_tina_one_when_her_project_dies() {
    let mut game = staged(&[Alice, Wally, Tina]);
    game.projects[0].signed = vec![Office::Marketing];
    game.projects[0].team = vec![Tina];
    game.hires[2].free_work = 2;
    game.signatures_left -= 1;
    let mut events = Vec::new();
    game.place_signature(0, Office::Legal, Alice, &mut NoChanceOk, &mut events);
    assert_eq!(happiness(&game, 0), 3);
    assert_eq!(happiness(&game, 2), 1);
}

/// Chance for steps that need none but may reshuffle an empty deck.
struct NoChanceOk;
impl Chance for NoChanceOk {
    fn below(&mut self, _n: u32) -> u32 {
        0
    }
}

// ---------------------------------------------------------- movement --

#[test]
fn a_six_when_running_sends_you_to_heck_knocked_down_and_ends_the_turn() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.script_dice(&[6]);
    let events = play(&mut game, 0, Action::Run);
    assert!(events.contains(&EventView::ToHeck { seat: 0 }));
    assert_eq!(game.hire(0).at, space(Office::Heck));
    assert!(game.hire(0).down);
    assert_eq!(turn_of(&game), Some(1));
}

#[test]
fn running_adds_the_die_to_motivation() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.script_dice(&[3]);
    play(&mut game, 0, Action::Run);
    assert_eq!(game.allowance(0, Some(3)), 6 + 3);
    assert!(!game.legal(0).contains(&Action::Run), "one run per turn");
}

#[test]
fn knocked_down_you_must_walk_and_standing_up_costs_two() {
    let mut game = staged(&[Alice, Wally, Tina]);
    game.hire_mut(0).down = true;
    assert!(!game.legal(0).contains(&Action::Run));
    assert_eq!(game.allowance(0, None), 8);
    let here = game.hire(0).at;
    let events = play(&mut game, 0, Action::Move { to: here });
    assert!(events.contains(&EventView::StoodUp { seat: 0 }));
    assert!(!game.hire(0).down);
}

#[test]
fn a_hand_over_five_is_discarded_down_before_anything_else() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    // Seat 0 holds 4; give seat 1 five, so their draw makes six.
    let extra = game.memo_deck.pop_front().unwrap();
    let extra2 = game.memo_deck.pop_front().unwrap();
    game.hire_mut(1).hand.extend([extra, extra2]);
    let here = game.hire(0).at;
    play(&mut game, 0, Action::Move { to: here });
    // Seat 0 stayed in Engineering: drew a memo (5); then seat 1's turn.
    play(&mut game, 0, Action::EndTurn);
    assert_eq!(turn_of(&game), Some(1));
    assert_eq!(game.to_act(), vec![1]);
    let legal = game.legal(1);
    assert!(
        legal.iter().all(|a| matches!(a, Action::Discard { .. })),
        "{legal:?}"
    );
    assert_eq!(legal.len(), 6);
    let Action::Discard { memo } = legal[0] else {
        unreachable!()
    };
    play(&mut game, 1, Action::Discard { memo });
    assert_eq!(game.hire(1).hand.len(), 5);
    assert_eq!(
        game.memo_deck.back(),
        Some(&memo),
        "discards go to the bottom"
    );
    assert!(game.legal(1).contains(&Action::Run));
}

// ----------------------------------------------------------- charts --

#[test]
fn boss_office_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Boss, 2);
    assert_eq!(
        decision(&game),
        Some(&Pending::SwapTrait {
            traits: Trait::ALL.to_vec()
        })
    );
    assert_eq!(game.legal(0).len(), 6, "three traits with two others");
    let (mine, wallys) = (game.hire(0).traits[2], game.hire(1).traits[2]);
    play(
        &mut game,
        0,
        Action::SwapTrait {
            which: Trait::Offensiveness,
            with: Wally,
        },
    );
    assert_eq!(
        (game.hire(0).traits[2], game.hire(1).traits[2]),
        (wallys, mine)
    );

    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Boss, 3);
    assert_eq!(happiness(&game, 0), -3);

    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Boss, 6);
    assert_eq!(decision(&game), Some(&Pending::Teapot));
    let events = play(&mut game, 0, Action::Perform);
    assert!(events.contains(&EventView::Performed {
        seat: 0,
        teapot: true
    }));
    assert_eq!(happiness(&game, 0), 0);

    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Boss, 5);
    play(&mut game, 0, Action::Decline);
    assert_eq!(happiness(&game, 0), -10);
}

#[test]
fn marketing_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Marketing, 1);
    assert_eq!(happiness(&game, 0), 2);
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Marketing, 3);
    assert_eq!(
        decision(&game),
        Some(&Pending::SwapTrait {
            traits: vec![Trait::Incompetence]
        })
    );
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Marketing, 5);
    assert!(game.hire(0).down);
    assert_eq!(happiness(&game, 0), -1);
    assert!(
        ending_turn(&game, 0),
        "the office is done: only the end of the turn is left"
    );
}

#[test]
fn accounting_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Accounting, 1);
    assert_eq!(
        decision(&game),
        Some(&Pending::SwapTrait {
            traits: vec![Trait::Offensiveness]
        })
    );

    // 4: the cubicle moves one closer to the Boss, swapping.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.hires[0].cubicle = 2;
    game.hires[1].cubicle = 1;
    roll_in(&mut game, Office::Accounting, 4);
    assert_eq!((game.hire(0).cubicle, game.hire(1).cubicle), (1, 2));

    // 5: everyone answers at once; the richest gain 2.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Accounting, 5);
    assert_eq!(game.to_act(), vec![0, 1, 2]);
    assert!(game.deadline().is_some(), "the question closes by itself");
    play(&mut game, 1, Action::Change { cents: 250 });
    play(&mut game, 0, Action::Change { cents: 40 });
    assert!(
        game.check(1, &Action::Change { cents: 1 }).is_err(),
        "one answer each"
    );
    let events = play(&mut game, 2, Action::Change { cents: 250 });
    assert!(events.contains(&EventView::ChangeRevealed {
        cents: vec![40, 250, 250],
        richest: vec![1, 2]
    }));
    assert_eq!(
        (
            happiness(&game, 0),
            happiness(&game, 1),
            happiness(&game, 2)
        ),
        (0, 2, 2)
    );
    assert!(
        ending_turn(&game, 0),
        "the office is done: only the end of the turn is left"
    );

    // 6: the Schedule may be discarded.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    let schedule = game.schedule.unwrap();
    roll_in(&mut game, Office::Accounting, 6);
    play(&mut game, 0, Action::DiscardSchedule);
    assert!(game.project_discard.contains(&schedule));
    assert_ne!(game.schedule, Some(schedule));
    game.assert_accounted();
}

#[test]
fn conference_room_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Conference, 1);
    assert_eq!(happiness(&game, 0), 2);
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Conference, 2);
    assert!(game.hire(0).down);
    let mut game = staged(&[Dilbert, Wally, Tina]);
    let top = game.consultant_deck[0];
    roll_in(&mut game, Office::Conference, 4);
    assert_eq!(game.consultant, Some(top));
    // Another one replaces it; the old one goes to the bottom.
    let next = game.consultant_deck[0];
    game.stage = Stage::Turn {
        seat: 0,
        step: TurnStep::Move { ran: None },
    };
    roll_in(&mut game, Office::Conference, 6);
    assert_eq!(game.consultant, Some(next));
    assert_eq!(game.consultant_deck.back(), Some(&top));
}

#[test]
fn kitchen_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Kitchen, 2);
    assert_eq!(
        decision(&game),
        Some(&Pending::SwapTrait {
            traits: vec![Trait::Apathy]
        })
    );
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Kitchen, 5);
    assert_eq!(happiness(&game, 0), -1);
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Kitchen, 6);
    assert_eq!(happiness(&game, 0), 3);
}

#[test]
fn legal_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Legal, 3);
    assert_eq!(
        decision(&game),
        Some(&Pending::SwapTrait {
            traits: vec![Trait::Offensiveness]
        })
    );
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Legal, 4);
    assert_eq!(happiness(&game, 0), -2);
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Legal, 6);
    let victim = game.projects[1].project;
    let events = play(&mut game, 0, Action::Kill { project: victim });
    assert!(events.contains(&EventView::Killed {
        project: victim,
        by: None
    }));
    assert_eq!(happiness(&game, 0), -5, "no kill reward for a Legal kill");
    assert!(game.project_discard.contains(&victim));
}

#[test]
fn copy_room_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::CopyRoom, 1);
    assert!(game.hire(0).down);
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::CopyRoom, 4);
    assert_eq!(happiness(&game, 0), 2);
    // 5-6 with no signature anywhere: nothing to copy, the turn ends.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::CopyRoom, 5);
    assert!(
        ending_turn(&game, 0),
        "the office is done: only the end of the turn is left"
    );
    // With a Marketing signature on Platypus (slot 0), copy it onto
    // another project that needs Marketing.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.projects[0].signed = vec![Office::Marketing];
    game.signatures_left -= 1;
    // Mission Statement Rewrite (Boss, Marketing) in slot 2.
    game.schedule = Some(game.projects[2].project);
    game.projects[2].project = 3;
    roll_in(&mut game, Office::CopyRoom, 6);
    let legal = game.legal(0);
    let Some(&copy) = legal
        .iter()
        .find(|a| matches!(a, Action::CopySignature { .. }))
    else {
        panic!("no copy offered: {legal:?}");
    };
    let Action::CopySignature { icon, onto } = copy else {
        unreachable!()
    };
    assert_eq!(icon, Office::Marketing);
    assert_eq!(onto, 3);
    play(&mut game, 0, copy);
    assert_eq!(game.projects[2].signed, vec![Office::Marketing]);
    game.assert_accounted();
}

#[test]
fn human_resources_chart() {
    // 1-2: everyone else draws.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::HumanResources, 1);
    assert_eq!(game.hire(1).hand.len(), 4);
    assert_eq!(game.hire(2).hand.len(), 4);
    play(&mut game, 0, Action::EndTurn);
    // Seat 1 also drew to start the next turn.
    assert_eq!(game.hire(1).hand.len(), 5);
    assert_eq!(game.hire(2).hand.len(), 4);

    // 3-5: keep one of three, order the other two.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    let top: Vec<u8> = game.memo_deck.iter().take(3).copied().collect();
    roll_in(&mut game, Office::HumanResources, 4);
    assert_eq!(game.view(Viewer::Seat(0)).peek, Some(top.clone()));
    assert_eq!(
        game.view(Viewer::Seat(1)).peek,
        None,
        "only the roller sees the peek"
    );
    assert_eq!(game.legal(0).len(), 6);
    play(
        &mut game,
        0,
        Action::KeepMemo {
            keep: top[1],
            top: top[2],
        },
    );
    assert!(game.hire(0).hand.contains(&top[1]));
    play(&mut game, 0, Action::EndTurn);
    // Seat 1 drew next: the card seat 0 put on top; the third is now on top.
    assert!(game.hire(1).hand.contains(&top[2]));
    assert_eq!(game.memo_deck.front(), Some(&top[0]));

    // 6: crow (all others gain 1) or lose 4.
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::HumanResources, 6);
    play(&mut game, 0, Action::Perform);
    assert_eq!(
        (
            happiness(&game, 0),
            happiness(&game, 1),
            happiness(&game, 2)
        ),
        (0, 1, 1)
    );
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::HumanResources, 6);
    play(&mut game, 0, Action::Decline);
    assert_eq!(happiness(&game, 0), -4);
}

#[test]
fn sales_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Sales, 1);
    assert_eq!(
        decision(&game),
        Some(&Pending::SwapTrait {
            traits: vec![Trait::Apathy]
        })
    );
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::Sales, 4);
    assert!(game.hire(0).hand.is_empty());
    game.assert_accounted();
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.projects[1].signed = vec![content::project(game.projects[1].project).icons[0]];
    game.signatures_left -= 1;
    roll_in(&mut game, Office::Sales, 6);
    assert_eq!(game.legal(0).len(), 1, "the one signature placed must go");
    let remove = game.legal(0)[0];
    play(&mut game, 0, remove);
    assert!(game.projects[1].signed.is_empty());
    assert_eq!(game.signatures_left, 15);
}

#[test]
fn information_services_chart() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::InformationServices, 2);
    assert_eq!(
        decision(&game),
        Some(&Pending::SwapTrait {
            traits: vec![Trait::Incompetence]
        })
    );

    let mut game = staged(&[Dilbert, Wally, Tina]);
    roll_in(&mut game, Office::InformationServices, 4);
    let shown = game.view(Viewer::Spectator).players[0].shown_hand.clone();
    assert_eq!(shown.map(|h| h.len()), Some(4));
    // Shown until the hand changes: seat 0's next draw hides it again.
    game.draw(0, &mut Vec::new());
    assert_eq!(game.view(Viewer::Spectator).players[0].shown_hand, None);

    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.projects[0].team = vec![Dilbert];
    game.projects[1].team = vec![Wally];
    game.projects[2].team = vec![Tina];
    for h in &mut game.hires {
        h.free_work = content::printed(h.employee).work_tokens - 1;
    }
    roll_in(&mut game, Office::InformationServices, 6);
    let first = WorkToken {
        project: game.projects[0].project,
        employee: Dilbert,
    };
    let second = WorkToken {
        project: game.projects[1].project,
        employee: Wally,
    };
    play(&mut game, 0, Action::SwapWork { first, second });
    assert_eq!(game.projects[0].team, vec![Wally]);
    assert_eq!(game.projects[1].team, vec![Dilbert]);
    game.assert_accounted();
}

// ------------------------------------------------- offices without charts --

#[test]
fn the_water_cooler_is_good_and_better_when_you_walk_in() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.teleport(0, space(Office::WaterCooler));
    play(
        &mut game,
        0,
        Action::Move {
            to: space(Office::WaterCooler),
        },
    );
    assert_eq!(happiness(&game, 0), 1, "stayed put: 1");
}

#[test]
fn carol_takes_a_work_token_back() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    let mine: Vec<u8> = game.own_work(Dilbert).collect();
    assert!(!mine.is_empty(), "Dilbert starts on a project");
    let free = game.hire(0).free_work;
    game.teleport(0, space(Office::Carol));
    play(
        &mut game,
        0,
        Action::Move {
            to: space(Office::Carol),
        },
    );
    play(&mut game, 0, Action::Unassign { project: mine[0] });
    assert_eq!(game.hire(0).free_work, free + 1);
    game.assert_accounted();
}

#[test]
fn engineering_draws_a_memo_and_heck_trades_happiness_for_a_better_cubicle() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    let here = game.hire(0).at;
    assert_eq!(here, space(Office::Engineering));
    play(&mut game, 0, Action::Move { to: here });
    assert_eq!(game.hire(0).hand.len(), 5);

    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.teleport(0, space(Office::Heck));
    play(
        &mut game,
        0,
        Action::Move {
            to: space(Office::Heck),
        },
    );
    play(&mut game, 0, Action::Bargain);
    assert_eq!(happiness(&game, 0), -2);
    assert_eq!((game.hire(0).cubicle, game.hire(1).cubicle), (2, 1));
}

// ------------------------------------------------------- the Boss --

#[test]
fn the_boss_checks_projects_in_order_then_moves_and_only_then_may_end_the_game() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    // Dilbert passes 27 during the round: the game goes on until the Boss
    // moves (to 24), then ends.
    game.set_happiness(0, 26);
    for slot in &mut game.projects {
        slot.team.clear();
    }
    for h in &mut game.hires {
        h.free_work = content::printed(h.employee).work_tokens;
    }
    let mut events = Vec::new();
    for seat in 0..3 {
        let here = game.hire(seat).at;
        game.stage = Stage::Turn {
            seat,
            step: TurnStep::Move { ran: None },
        };
        if here == space(Office::Engineering) {
            // Engineering draws; keep hands under the limit.
            game.hire_mut(seat).hand.clear();
        }
        play(&mut game, seat, Action::Move { to: here });
        events = play(&mut game, seat, Action::EndTurn);
    }
    let checked: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            EventView::Checked { project, .. } => Some(*project),
            _ => None,
        })
        .collect();
    assert_eq!(
        checked,
        game.projects.iter().map(|s| s.project).collect::<Vec<_>>()
    );
    let boss_at = events
        .iter()
        .position(|e| matches!(e, EventView::BossMoved { now: 24 }))
        .unwrap();
    let finished = events
        .iter()
        .position(|e| matches!(e, EventView::Finished { .. }))
        .unwrap();
    assert!(boss_at < finished);
    assert!(game.outcome().is_some());
}

#[test]
fn final_scores_add_cubicles_and_ratberts_low_expectations() {
    let mut game = staged(&[Ratbert, Wally, Tina]);
    // Ratbert in the -5 cubicle, 10 happiness: 10 - 5 + 1 = 6.
    game.set_happiness(0, 10);
    game.set_happiness(1, 8);
    game.set_happiness(2, 3);
    game.boss = 9;
    game.finish(&mut Vec::new());
    let ending = game.ending.clone().unwrap();
    let cubicles = &OfficeMap::standard().cubicles;
    let ratbert = &ending.scores[0];
    assert_eq!(ratbert.cubicle, -5);
    assert_eq!(ratbert.total, ratbert.happiness - 5 + 1);
    let wally = &ending.scores[1];
    assert_eq!(wally.total, wally.happiness + cubicles[1].value);
    let best = ending
        .scores
        .iter()
        .max_by_key(|s| (s.total, game.hire(s.seat).cubicle))
        .unwrap();
    assert_eq!(ending.winners, vec![best.seat]);
}

#[test]
fn ties_go_to_the_cubicle_farthest_from_the_boss() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    let values: Vec<i8> = OfficeMap::standard()
        .cubicles
        .iter()
        .map(|c| c.value)
        .collect();
    // Equal totals for seats 0 and 2.
    game.set_happiness(0, 10 - values[0]);
    game.set_happiness(1, -20);
    game.set_happiness(2, 10 - values[2]);
    game.boss = -20;
    game.finish(&mut Vec::new());
    assert_eq!(game.ending.unwrap().winners, vec![2]);
}

#[test]
fn happiness_is_clamped_and_ratbert_loses_one_less() {
    let mut game = staged(&[Ratbert, Wally, Tina]);
    let mut events = Vec::new();
    game.gain(Ratbert, -3, Why::Chart, &mut events);
    assert_eq!(happiness(&game, 0), -2);
    game.gain(Ratbert, -1, Why::Chart, &mut events);
    assert_eq!(happiness(&game, 0), -3, "a loss of 1 stays 1");
    game.gain(Wally, 40, Why::Chart, &mut events);
    assert_eq!(happiness(&game, 1), 27);
    game.gain(Wally, -80, Why::Chart, &mut events);
    assert_eq!(happiness(&game, 1), -27);
}

#[test]
fn every_project_effect_is_documented_on_its_card() {
    for p in &content::board().projects {
        assert!(!p.text.is_empty());
        if p.effect == ProjectEffect::NoEffect {
            assert!(p.text.contains("No Effect"));
        }
    }
}

#[test]
fn dilbert_may_ignore_the_consultant_until_a_new_one_arrives() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    assert!(
        !game
            .legal(0)
            .iter()
            .any(|a| matches!(a, Action::IgnoreConsultant { .. })),
        "no consultant, nothing to ignore"
    );
    game.new_consultant(&mut Vec::new());
    assert!(game.consultant_binds(Dilbert));
    play(&mut game, 0, Action::IgnoreConsultant { ignore: true });
    assert!(!game.consultant_binds(Dilbert));
    assert!(game.consultant_binds(Wally), "only Dilbert has the right");
    assert!(game.view(Viewer::Spectator).consultant_ignored);
    assert!(game
        .legal(0)
        .contains(&Action::IgnoreConsultant { ignore: false }));
    // A new consultant binds him again until he says otherwise.
    game.new_consultant(&mut Vec::new());
    assert!(game.consultant_binds(Dilbert));

    let mut game = staged(&[Wally, Dilbert, Tina]);
    game.new_consultant(&mut Vec::new());
    assert!(
        !game
            .legal(0)
            .iter()
            .any(|a| matches!(a, Action::IgnoreConsultant { .. })),
        "Wally cannot ignore it"
    );
}

#[test]
fn restrooms_admit_one_employee_of_their_gender() {
    // Asok starts in the Men's Restroom: Dilbert may not join him, Alice
    // may never enter it, and the Women's Restroom is hers when empty.
    let mut game = staged(&[Dilbert, Asok, Alice]);
    let (mens, womens) = (space(Office::MensRoom), space(Office::WomensRoom));
    for seat in [0, 2] {
        game.teleport(seat, space(Office::WaterCooler));
    }
    let reach = |game: &DilbertGame, seat| game.search(seat, Some(5));
    assert!(!reach(&game, 0).ends.contains(&mens), "taken");
    assert!(!reach(&game, 2).ends.contains(&mens), "not hers");
    assert!(reach(&game, 2).ends.contains(&womens));
    assert!(!reach(&game, 0).ends.contains(&womens), "not his");
    game.teleport(1, space(Office::Engineering));
    assert!(reach(&game, 0).ends.contains(&mens), "free again");
}

#[test]
fn walking_into_heck_neither_knocks_you_down_nor_ends_your_turn_early() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    game.teleport(0, space(Office::Heck));
    play(
        &mut game,
        0,
        Action::Move {
            to: space(Office::Heck),
        },
    );
    assert!(!game.hire(0).down);
    // Phil's bargain is still offered: the turn went on to the instructions.
    assert_eq!(decision(&game), Some(&Pending::Bargain));
}

#[test]
fn others_in_the_halls_block_and_knocked_down_ones_can_be_passed_but_not_ended_on() {
    let mut game = staged(&[Dilbert, Wally, Tina]);
    let map = OfficeMap::standard();
    // A hall square next to Engineering's door, on Dilbert's way out.
    let engineering = space(Office::Engineering);
    let door = *map.neighbours[usize::from(engineering)]
        .iter()
        .find(|&&s| map.is_hall(s))
        .unwrap();
    game.teleport(1, door);
    let free = game.search(0, None);
    assert!(
        !free.ends.contains(&door),
        "never end on a standing employee"
    );
    game.hire_mut(1).down = true;
    let passing = game.search(0, None);
    assert!(!passing.ends.contains(&door), "nor on a knocked-down one");
    assert!(
        passing.ends.len() >= free.ends.len(),
        "but a knocked-down employee can be walked past"
    );
}
