//! Setting up: the worst-job vote, the employee deal or picks, cubicles in
//! turn order, the projects and the Schedule, three memos each.

use std::collections::VecDeque;

use cubicle_protocol::dilbert::{
    Action, Employee, EventView, Fixture, Office, Options, HAPPINESS_MAX, SIGNATURE_TOKENS,
};
use cubicle_protocol::Seat;

use super::content::{self, CONSULTANT_COUNT, MEMO_COUNT, PROJECT_COUNT};
use super::{Dilbert, Hire, Stage, WORST_JOB};
use crate::{Chance, PlayerProfile, SetupError};

pub fn validate_fixture(fixture: &Fixture, seats: usize) -> Result<(), SetupError> {
    let bad = |what: String| Err(SetupError::Fixture(what));
    if let Some(first) = fixture.first_player {
        if usize::from(first) >= seats {
            return bad(format!("first player {first} is not a seat"));
        }
    }
    if let Some(employees) = &fixture.employees {
        let mut sorted = employees.clone();
        sorted.sort();
        sorted.dedup();
        if employees.len() != seats || sorted.len() != seats {
            return bad(format!("employees: {seats} different employees expected"));
        }
    }
    if let Some(projects) = &fixture.projects {
        if !is_permutation(projects, PROJECT_COUNT) {
            return bad(format!("projects: each of the {PROJECT_COUNT} ids once"));
        }
    }
    if let Some(memos) = &fixture.memos {
        if !is_permutation(memos, MEMO_COUNT) {
            return bad(format!("memos: each of the {MEMO_COUNT} ids once"));
        }
    }
    if let Some(consultants) = &fixture.consultants {
        if !is_permutation(consultants, CONSULTANT_COUNT) {
            return bad(format!(
                "consultants: each of the {CONSULTANT_COUNT} ids once"
            ));
        }
    }
    if fixture.dice.iter().any(|d| !(1..=6).contains(d)) {
        return bad("dice: every roll is 1 to 6".to_owned());
    }
    Ok(())
}

fn is_permutation(ids: &[u8], count: usize) -> bool {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted.iter().copied().eq(0..count as u8)
}

pub fn start(
    players: &[PlayerProfile],
    options: &Options,
    chance: &mut dyn Chance,
) -> (Dilbert, Vec<EventView>) {
    let seats = players.len();
    let fixture = options.fixture.clone().unwrap_or_default();
    let worst_jobs: Vec<Option<String>> = players
        .iter()
        .map(|p| {
            p.answer(WORST_JOB)
                .and_then(|a| a.as_text())
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
        })
        .collect();

    // The decks are shuffled now, from the start's own stream, so that
    // later choices (votes, picks) cannot change them.
    let dealt: Vec<Option<Employee>> = match (&fixture.employees, options.choose_employees) {
        (Some(list), _) => list.iter().copied().map(Some).collect(),
        (None, true) => vec![None; seats],
        (None, false) => {
            let mut all = Employee::ALL.to_vec();
            chance.shuffle(&mut all);
            all.into_iter().take(seats).map(Some).collect()
        }
    };
    let mut project_deck: Vec<u8> = match &fixture.projects {
        Some(order) => order.clone(),
        None => {
            let mut ids: Vec<u8> = (0..PROJECT_COUNT as u8).collect();
            chance.shuffle(&mut ids);
            ids
        }
    };
    // Fixtures list the deck top first; the state keeps the top last.
    project_deck.reverse();
    let memo_deck: VecDeque<u8> = match &fixture.memos {
        Some(order) => order.iter().copied().collect(),
        None => {
            let mut ids: Vec<u8> = (0..MEMO_COUNT as u8).collect();
            chance.shuffle(&mut ids);
            ids.into()
        }
    };
    let consultants: Vec<u8> = match &fixture.consultants {
        Some(order) => order.clone(),
        None => {
            let mut ids: Vec<u8> = (0..CONSULTANT_COUNT as u8).collect();
            chance.shuffle(&mut ids);
            ids
        }
    };

    let mut game = Dilbert {
        hires: Vec::new(),
        dealt,
        worst_jobs,
        choose_employees: options.choose_employees && fixture.employees.is_none(),
        first_player: 0,
        projects: Vec::new(),
        schedule: None,
        project_deck,
        project_discard: Vec::new(),
        memo_deck,
        out_tray: Vec::new(),
        consultant: None,
        dilbert_ignores: false,
        consultant_deck: consultants.into(),
        signatures_left: SIGNATURE_TOKENS,
        boss: HAPPINESS_MAX,
        round: 0,
        stage: Stage::Vote {
            votes: vec![None; seats],
        },
        dice: fixture.dice.iter().copied().collect(),
        last_roll: None,
        ending: None,
        tokens: Vec::new(),
        boss_step: super::boss::BOSS_STEP,
        extra_legs: 0,
        fast_track: None,
        since: vec![Default::default(); seats],
        memo_player: None,
        reach_memo: Default::default(),
    };
    let mut events = Vec::new();
    let candidates = game.candidates();
    match (fixture.first_player, candidates.len()) {
        (Some(first), _) => game.first_player_chosen(first, Vec::new(), false, chance, &mut events),
        (None, 0) => {
            let first = chance.below(seats as u32) as Seat;
            game.first_player_chosen(first, Vec::new(), true, chance, &mut events);
        }
        // One answer: nothing to vote on.
        (None, 1) => {
            game.first_player_chosen(candidates[0], Vec::new(), false, chance, &mut events)
        }
        // Otherwise the table votes (stage already set).
        _ => {}
    }
    (game, events)
}

impl Dilbert {
    /// Seats that answered the worst-job question.
    fn candidates(&self) -> Vec<Seat> {
        self.seat_list()
            .filter(|&s| self.worst_jobs[usize::from(s)].is_some())
            .collect()
    }

    fn first_player_chosen(
        &mut self,
        first: Seat,
        votes: Vec<Option<Seat>>,
        random: bool,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        self.first_player = first;
        events.push(EventView::FirstPlayer {
            seat: first,
            votes,
            random,
        });
        if self.choose_employees {
            self.stage = Stage::Pick { seat: first };
        } else {
            self.hire_everyone(chance, events);
        }
    }

    /// Employees known for every seat: claim cubicles in turn order, put
    /// the pieces in place, deal projects and memos, start round 1.
    fn hire_everyone(&mut self, chance: &mut dyn Chance, events: &mut Vec<EventView>) {
        let seats = self.seat_count();
        let map = self.map();
        self.hires = (0..seats)
            .map(|s| {
                let employee = self.dealt[s].expect("every seat has an employee");
                let printed = content::printed(employee);
                let rank = ((s + seats - usize::from(self.first_player)) % seats) as u8 + 1;
                Hire {
                    employee,
                    at: map.space_of(if employee == Employee::Asok {
                        Office::MensRoom
                    } else {
                        Office::Engineering
                    }),
                    down: false,
                    happiness: 0,
                    traits: [printed.apathy, printed.incompetence, printed.offensiveness],
                    cubicle: rank,
                    free_work: printed.work_tokens,
                    hand: Vec::new(),
                    shown: false,
                }
            })
            .collect();
        for seat in self.turn_order() {
            let hire = self.hire(seat);
            events.push(EventView::Hired {
                seat,
                employee: hire.employee,
                cubicle: hire.cubicle,
            });
        }
        for slot in 0..seats {
            let project = self.project_deck.pop().expect("26 projects cover 6 slots");
            self.enter_slot(slot, project, events);
        }
        self.turn_schedule(chance, events);
        for _ in 0..3 {
            for seat in self.turn_order() {
                let memo = self.memo_deck.pop_front().expect("70 memos cover the deal");
                self.hire_mut(seat).hand.push(memo);
            }
        }
        self.start_round(chance, events);
    }

    /// Seats from the first player on.
    pub(super) fn turn_order(&self) -> Vec<Seat> {
        let n = self.seat_count() as Seat;
        (0..n).map(|k| (self.first_player + k) % n).collect()
    }
}

pub fn vote_actions(game: &Dilbert, seat: Seat) -> Vec<Action> {
    game.candidates()
        .into_iter()
        .filter(|&s| s != seat)
        .map(|s| Action::Vote { seat: s })
        .collect()
}

/// Records a vote; the last one decides: most votes, ties drawn at random.
pub fn vote(
    game: &mut Dilbert,
    seat: Seat,
    choice: Seat,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    let Stage::Vote { votes } = &mut game.stage else {
        unreachable!("checked: a vote is cast during the vote")
    };
    votes[usize::from(seat)] = Some(choice);
    if votes.iter().any(Option::is_none) {
        return;
    }
    let votes = votes.clone();
    let mut tally = vec![0u8; game.seat_count()];
    for v in votes.iter().flatten() {
        tally[usize::from(*v)] += 1;
    }
    let most = *tally.iter().max().expect("seats");
    let tied: Vec<Seat> = (0..tally.len() as Seat)
        .filter(|&s| tally[usize::from(s)] == most)
        .collect();
    let random = tied.len() > 1;
    let first = if random {
        tied[chance.below(tied.len() as u32) as usize]
    } else {
        tied[0]
    };
    game.first_player_chosen(first, votes, random, chance, events);
}

pub fn pick_actions(game: &Dilbert) -> Vec<Action> {
    Employee::ALL
        .into_iter()
        .filter(|e| !game.dealt.contains(&Some(*e)))
        .map(|employee| Action::Pick { employee })
        .collect()
}

pub fn pick(
    game: &mut Dilbert,
    seat: Seat,
    employee: Employee,
    chance: &mut dyn Chance,
    events: &mut Vec<EventView>,
) {
    game.dealt[usize::from(seat)] = Some(employee);
    let next = game.next_seat(seat);
    if next == game.first_player {
        game.hire_everyone(chance, events);
    } else {
        game.stage = Stage::Pick { seat: next };
    }
}
