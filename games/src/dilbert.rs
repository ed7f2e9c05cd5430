//! Dilbert: The Board Game: see docs/games/dilbert.md.
//!
//! The state is each seat's employee (where it stands, traits, happiness,
//! cubicle, hand), the projects in play with their signatures and teams,
//! the decks, the Boss, and the [`Stage`]: the worst-job vote, the employee
//! picks, a turn at one of its [`TurnStep`]s, or the end. Every choice in
//! the middle of an effect is a [`Pending`] value in the state.
//!
//! Submodules, one job each:
//! * `map` and `movement`: the office map file and where a piece can walk;
//! * `content`: the printed cards and charts (the board);
//! * `setup`: the vote, the picks, cubicles, the deal;
//! * `turn`: drawing, discarding, moving, signing, ending a turn;
//! * `charts`: office rolls, office instructions, and their decisions;
//! * `projects`: assignment, signatures, killing, the Schedule;
//! * `boss`: the Boss's turn, the end and the final count;
//! * `cards`: the memo and consultant decks, as data;
//! * `memos`: who a memo may be played on, and what it does;
//! * `consultants`: the rule the consultant in play changes;
//! * `tokens`: Donuts, Ted, Todd and the rest, on the map and on employees;
//! * `fast_track`: Management Fast Track's cheats and the call-out;
//! * `view`: what each viewer sees.
//!
//! Why every game ends: the Boss moves down the track at the end of
//! every round, at least one (three, one after Asleep at the Wheel) and
//! never up, from 27; happiness never goes below -27, so the Boss is at or
//! below someone after at most 54 rounds (18 when no memo slows him). A round is one
//! turn per seat, and a turn takes a bounded number of actions (one draw
//! and discard, memos from a hand of at most five plus what the turn
//! draws, a run, a move, a signature, one chart decision, one round of
//! discards, end-of-turn memos, one end). No memo makes the Boss move up.

mod boss;
mod bot;
#[cfg(test)]
mod card_tests;
mod cards;
mod charts;
mod consultants;
mod content;
mod fast_track;
#[cfg(any(test, feature = "testing"))]
mod inspect;
mod map;
mod memos;
mod movement;
mod projects;
mod sample;
mod setup;
#[cfg(test)]
mod tests;
mod tokens;
mod turn;
mod view;

use std::collections::VecDeque;

use cubicle_protocol::dilbert::{
    Action, Board, Cheats, ConsultantId, Decision, Employee, Ending, EventView, MemoId, Office,
    Options, ProjectId, Question, Roll, SpaceId, Token, Trait, View,
};
use cubicle_protocol::record::Revealed;
use cubicle_protocol::{AnswerKind, GameInfo, JoinQuestion, Localized, Outcome, Seat};

use crate::{Chance, Deadline, Game, PlayerProfile, RuleError, SetupError, Viewer};

pub use content::{CONSULTANT_COUNT, MEMO_COUNT, PROJECT_COUNT, WORK_TOKENS};
#[cfg(any(test, feature = "testing"))]
pub use inspect::MemoPlace;
pub use map::{MapError, OfficeMap};

/// The join question that decides who goes first.
pub const WORST_JOB: &str = "worst_job";
/// How long the table has to answer the pocket-change question or a
/// real-life memo's question.
pub const QUESTION_MS: u64 = 30_000;
/// How long the others have to point out Management Fast Track's cheats.
pub const CALL_OUT_MS: u64 = 10_000;

/// One seat's employee.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Hire {
    employee: Employee,
    at: SpaceId,
    down: bool,
    happiness: i8,
    /// Apathy, Incompetence, Offensiveness.
    traits: [u8; 3],
    /// Rank 1..=seats, 1 nearest the Boss's Office.
    cubicle: u8,
    /// Work tokens not on a project.
    free_work: u8,
    hand: Vec<MemoId>,
    /// The hand as shown to everyone, while it has not changed.
    shown: bool,
}

/// A project in a slot.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Slot {
    project: ProjectId,
    signed: Vec<Office>,
    /// One entry per work token.
    team: Vec<Employee>,
}

impl Slot {
    /// The team's employees, each once however many tokens they have on
    /// it (a project's effect reaches each member once).
    fn members(&self) -> Vec<Employee> {
        let mut members = self.team.clone();
        members.sort_unstable();
        members.dedup();
        members
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Stage {
    /// The worst-job vote: each seat's vote.
    Vote {
        votes: Vec<Option<Seat>>,
    },
    /// `seat` picks an employee (when the host lets players choose).
    Pick {
        seat: Seat,
    },
    Turn {
        seat: Seat,
        step: TurnStep,
    },
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum TurnStep {
    /// Seats over the hand limit discard; then `then`.
    Discard {
        waiting: Vec<Seat>,
        then: Then,
    },
    Move {
        ran: Option<u8>,
    },
    Sign {
        office: Office,
        /// Whether the employee walked into the office this turn.
        arrived: bool,
        /// Management Fast Track: this would be a second signature.
        second: bool,
    },
    Decide(Pending),
    /// Answers by seat.
    Question {
        question: Question,
        answers: Vec<Option<u16>>,
    },
    /// A real-life memo's question: answers by seat (`Some(false)` from
    /// the start for those a restroom protects), then `then`.
    RealLife {
        memo: MemoId,
        answers: Vec<Option<bool>>,
        then: Then,
    },
    /// After moving and the office: end-of-turn memos, then the end.
    EndTurn,
    /// Management Fast Track's call-out: accusations by seat (the
    /// cheater's is `Some(none)` from the start).
    CallOut {
        accusations: Vec<Option<Cheats>>,
    },
}

/// Where a turn goes on after a round of discards or a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Then {
    /// Back to the start of the turn (more memos, then the move).
    Move,
    /// To the end-of-turn step.
    EndTurn,
}

/// A decision the active player owes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    SwapTrait {
        traits: Vec<Trait>,
    },
    Teapot,
    Rooster,
    DiscardSchedule,
    Kill,
    CopySignature,
    RemoveSignature,
    SwapWork,
    /// The three (or fewer) memos off the top of the deck, top first.
    KeepMemo {
        memos: Vec<MemoId>,
    },
    Unassign,
    Bargain,
    /// Management Fast Track: roll on `office`'s chart, or pick the result.
    LoadedDie {
        office: Office,
    },
}

impl Pending {
    fn decision(&self) -> Decision {
        match self {
            Pending::SwapTrait { traits } => Decision::SwapTrait {
                traits: traits.clone(),
            },
            Pending::Teapot => Decision::Teapot,
            Pending::Rooster => Decision::Rooster,
            Pending::DiscardSchedule => Decision::DiscardSchedule,
            Pending::Kill => Decision::Kill,
            Pending::CopySignature => Decision::CopySignature,
            Pending::RemoveSignature => Decision::RemoveSignature,
            Pending::SwapWork => Decision::SwapWork,
            Pending::KeepMemo { .. } => Decision::KeepMemo,
            Pending::Unassign => Decision::Unassign,
            Pending::Bargain => Decision::Bargain,
            Pending::LoadedDie { .. } => Decision::LoadedDie,
        }
    }
}

/// What a search for reachable spaces depends on: the mover, how far it
/// may go, every piece (where, knocked down or not) by seat, and the
/// spaces Ted and the Out of Order sign close.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ReachKey {
    seat: Seat,
    allowance: u8,
    pieces: [(SpaceId, bool); 6],
    closed: [SpaceId; 2],
}

/// The last search, remembered with what it depended on. A cache, not part
/// of the game: two games that differ only here are the same game.
#[derive(Debug, Clone, Default)]
struct ReachMemo(Option<(ReachKey, movement::Reach)>);

impl PartialEq for ReachMemo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for ReachMemo {}

/// A Dilbert action [`Dilbert::check`] accepted.
#[derive(Debug)]
pub struct Checked {
    seat: Seat,
    action: Action,
    /// For a move: the path the check found.
    path: Option<Vec<SpaceId>>,
}

/// Where a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokenAt {
    Space(SpaceId),
    Employee(Employee),
}

/// What happened to one seat since their last turn: what Response memos
/// answer (World's Smartest Garbage Man, Return to Sender...).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Since {
    /// Memos others played, in order.
    played: Vec<MemoId>,
    /// Seats whose memos were played on this seat's employee.
    senders: Vec<Seat>,
    /// Happiness lost to other players' memos.
    memo_losses: u8,
    /// Projects that assigned this seat's employee.
    assigned: Vec<ProjectId>,
}

/// Management Fast Track, this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FastTrackState {
    seat: Seat,
    cheats: Cheats,
}

/// A game of Dilbert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dilbert {
    /// Each seat's employee; empty until employees are hired.
    hires: Vec<Hire>,
    /// Employees dealt but not yet hired (random deal), by seat.
    dealt: Vec<Option<Employee>>,
    worst_jobs: Vec<Option<String>>,
    choose_employees: bool,
    first_player: Seat,
    projects: Vec<Slot>,
    schedule: Option<ProjectId>,
    /// Top last.
    project_deck: Vec<ProjectId>,
    project_discard: Vec<ProjectId>,
    /// Top first; discards go to the back.
    memo_deck: VecDeque<MemoId>,
    /// Played memos, face up, with who played them in which round, oldest
    /// first: each goes to the bottom of the deck when its player's next
    /// turn ends, so every other player has had one turn to fish it out
    /// with World's Smartest Garbage Man, and nobody has to guess where it
    /// went.
    out_tray: Vec<(MemoId, Seat, u16)>,
    consultant: Option<ConsultantId>,
    /// Dilbert ignores the consultant in play (until a new one arrives).
    dilbert_ignores: bool,
    /// Top first.
    consultant_deck: VecDeque<ConsultantId>,
    signatures_left: u8,
    boss: i8,
    round: u16,
    stage: Stage,
    /// Scripted die rolls (fixtures), used before random ones.
    dice: VecDeque<u8>,
    last_roll: Option<Roll>,
    ending: Option<Ending>,
    /// Tokens in play (the rest are in the box).
    tokens: Vec<(Token, TokenAt)>,
    /// How far the Boss moves at the end of this round.
    boss_step: i8,
    /// Extra walk this turn, from memos.
    extra_legs: u8,
    fast_track: Option<FastTrackState>,
    /// By seat.
    since: Vec<Since>,
    /// The seat whose memo is being carried out (whose memo losses count
    /// for Cover Your Backside).
    memo_player: Option<Seat>,
    reach_memo: ReachMemo,
}

impl Dilbert {
    fn seat_count(&self) -> usize {
        self.worst_jobs.len()
    }

    fn seat_list(&self) -> impl Iterator<Item = Seat> {
        0..self.seat_count() as Seat
    }

    fn hire(&self, seat: Seat) -> &Hire {
        &self.hires[usize::from(seat)]
    }

    fn hire_mut(&mut self, seat: Seat) -> &mut Hire {
        &mut self.hires[usize::from(seat)]
    }

    /// The seat playing `employee`, if in play.
    fn seat_of(&self, employee: Employee) -> Option<Seat> {
        self.hires
            .iter()
            .position(|h| h.employee == employee)
            .map(|s| s as Seat)
    }

    fn employees(&self) -> impl Iterator<Item = Employee> + '_ {
        self.hires.iter().map(|h| h.employee)
    }

    /// The seat after `seat` in turn order.
    fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.seat_count() as Seat
    }

    /// The seat whose turn ends a round.
    fn last_seat(&self) -> Seat {
        (self.first_player + self.seat_count() as Seat - 1) % self.seat_count() as Seat
    }

    fn map(&self) -> &'static OfficeMap {
        OfficeMap::standard()
    }

    /// A die roll: the fixture's next, else random.
    fn roll(&mut self, chance: &mut dyn Chance) -> u8 {
        self.dice.pop_front().unwrap_or_else(|| chance.roll(6))
    }

    fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Over)
    }

    /// Whether `seat` owes a decision now: what `to_act()` lists, asked
    /// seat by seat without building the list (bots and playouts ask
    /// before every action).
    fn owes(&self, seat: Seat) -> bool {
        let i = usize::from(seat);
        if i >= self.seat_count() {
            return false;
        }
        match &self.stage {
            Stage::Vote { votes } => votes[i].is_none(),
            Stage::Pick { seat: picking } => *picking == seat,
            Stage::Turn {
                step: TurnStep::Discard { waiting, .. },
                ..
            } => waiting.contains(&seat),
            Stage::Turn {
                step: TurnStep::Question { answers, .. },
                ..
            } => answers[i].is_none(),
            Stage::Turn {
                step: TurnStep::RealLife { answers, .. },
                ..
            } => answers[i].is_none(),
            Stage::Turn {
                step: TurnStep::CallOut { accusations },
                ..
            } => accusations[i].is_none(),
            Stage::Turn { seat: active, .. } => *active == seat,
            Stage::Over => false,
        }
    }

    fn trait_index(which: Trait) -> usize {
        match which {
            Trait::Apathy => 0,
            Trait::Incompetence => 1,
            Trait::Offensiveness => 2,
        }
    }
}

impl Game for Dilbert {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = EventView;
    type EventView = EventView;
    type Board = Board;
    type Checked = Checked;

    const ID: &'static str = "dilbert";

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID.to_owned(),
            name: "Dilbert: The Board Game".to_owned(),
            min_seats: 3,
            max_seats: 6,
            join_questions: Self::join_questions(),
        }
    }

    fn join_questions() -> Vec<JoinQuestion> {
        vec![JoinQuestion {
            id: WORST_JOB.to_owned(),
            prompt: Localized {
                en: "The worst job you ever had, in a few words (the table votes: the worst goes first)"
                    .to_owned(),
                ja: "今までで最悪の仕事をひとことで（最悪と投票された人が先手）".to_owned(),
            },
            kind: AnswerKind::Text { max_chars: 80 },
            required: false,
        }]
    }

    fn validate_options(options: &Options, seats: usize) -> Result<(), SetupError> {
        match &options.fixture {
            Some(fixture) => setup::validate_fixture(fixture, seats),
            None => Ok(()),
        }
    }

    fn start(
        players: &[PlayerProfile],
        options: &Options,
        chance: &mut dyn Chance,
    ) -> Result<(Self, Vec<EventView>), SetupError> {
        Self::validate(options, players.len())?;
        let (mut game, events) = setup::start(players, options, chance);
        game.remember_reach();
        Ok((game, events))
    }

    fn board(&self) -> Board {
        content::board().clone()
    }

    fn fixed_board() -> Option<Board> {
        Some(content::board().clone())
    }

    fn to_act(&self) -> Vec<Seat> {
        self.seat_list().filter(|&s| self.owes(s)).collect()
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        if !self.owes(seat) {
            return Vec::new();
        }
        self.actions(seat)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<Checked, RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if !self.owes(seat) {
            return Err(RuleError::NotYourTurn);
        }
        if let (
            Action::Move { to },
            Stage::Turn {
                step: TurnStep::Move { ran },
                ..
            },
        ) = (action, &self.stage)
        {
            // One search serves the check and the move.
            let reach = self.reach(seat, *ran);
            return match reach.ends.binary_search(to) {
                Ok(_) => Ok(Checked {
                    seat,
                    action: *action,
                    path: Some(reach.path(*to)),
                }),
                Err(_) => Err(RuleError::Illegal(format!(
                    "space {to} is not within reach this turn"
                ))),
            };
        }
        let moving = |f: &dyn Fn(Option<u8>) -> bool| match &self.stage {
            Stage::Turn {
                step: TurnStep::Move { ran },
                ..
            } => f(*ran),
            _ => false,
        };
        let accepted = match action {
            // Checked without searching the map: playouts run these often.
            Action::Run => moving(&|ran| ran.is_none() && turn::may_run(self, seat)),
            Action::Play { memo, target } => {
                self.hire(seat).hand.contains(memo) && memos::playable(self, seat, *memo, *target)
            }
            Action::Accuse { .. } => matches!(
                self.stage,
                Stage::Turn {
                    step: TurnStep::CallOut { .. },
                    ..
                }
            ),
            // Any honest amount is an answer; `legal` lists one example.
            Action::Change { cents } => {
                matches!(
                    self.stage,
                    Stage::Turn {
                        step: TurnStep::Question { .. },
                        ..
                    }
                ) && *cents <= charts::MAX_CHANGE
            }
            _ => self.actions(seat).contains(action),
        };
        if accepted {
            Ok(Checked {
                seat,
                action: *action,
                path: None,
            })
        } else {
            Err(RuleError::Illegal(self.explain(action)))
        }
    }

    fn apply(&mut self, checked: Checked, chance: &mut dyn Chance) -> Vec<EventView> {
        let mut events = Vec::new();
        match checked.path {
            // Only a move carries a path: the one its check found.
            Some(path) => turn::move_along(self, checked.seat, path, chance, &mut events),
            None => self.perform(checked.seat, checked.action, chance, &mut events),
        }
        self.remember_reach();
        events
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn event_view(event: &EventView, viewer: Viewer) -> Option<EventView> {
        Some(view::event_view(event, viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.as_ref().map(|ending| Outcome {
            winners: ending.winners.clone(),
            reason: "happiest".to_owned(),
        })
    }

    fn seats(&self) -> usize {
        self.seat_count()
    }

    fn reveal(&self) -> Vec<Revealed> {
        self.reveal_all()
    }

    /// Windows that close by themselves, the same for every viewer: they
    /// open on public moments (a chart result, a memo played face up, a
    /// Fast Track turn's end) and never because of what someone holds.
    /// The pocket-change question (empty pockets), a real-life question
    /// ("no") and the call-out (silence) after their time.
    fn deadline(&self) -> Option<Deadline<Action>> {
        let Stage::Turn { step, .. } = &self.stage else {
            return None;
        };
        fn first<T>(answers: &[Option<T>]) -> Option<Seat> {
            answers.iter().position(Option::is_none).map(|s| s as Seat)
        }
        let (after_ms, seat, action) = match step {
            TurnStep::Question { answers, .. } => {
                (QUESTION_MS, first(answers)?, Action::Change { cents: 0 })
            }
            TurnStep::RealLife { answers, .. } => {
                (QUESTION_MS, first(answers)?, Action::Answer { yes: false })
            }
            TurnStep::CallOut { accusations } => (
                CALL_OUT_MS,
                first(accusations)?,
                Action::Accuse {
                    cheats: Cheats::default(),
                },
            ),
            _ => return None,
        };
        Some(Deadline {
            after_ms,
            seat,
            action,
        })
    }

    /// Out of time: decline what can be declined, answer "no change",
    /// stay put, otherwise the first legal action.
    fn timeout_action(&self, seat: Seat, _chance: &mut dyn Chance) -> Option<Action> {
        let legal = self.legal(seat);
        let here = self.hires.get(usize::from(seat)).map(|h| h.at);
        let rank = |a: &Action| match a {
            Action::Decline | Action::EndTurn | Action::Roll => 0,
            Action::Change { .. } | Action::Answer { yes: false } => 0,
            Action::Accuse { cheats } if *cheats == Cheats::default() => 0,
            Action::Move { to } if Some(*to) == here => 1,
            _ => 2,
        };
        legal.into_iter().min_by_key(rank)
    }
}

/// Every action's rule: who may play it and what it does, dispatched to
/// the submodule that owns it.
impl Dilbert {
    fn actions(&self, seat: Seat) -> Vec<Action> {
        match &self.stage {
            Stage::Vote { .. } => setup::vote_actions(self, seat),
            Stage::Pick { .. } => setup::pick_actions(self),
            Stage::Turn { step, .. } => match step {
                TurnStep::Discard { .. } => turn::discard_actions(self, seat),
                TurnStep::Move { ran } => turn::move_actions(self, seat, *ran),
                TurnStep::Sign { office, .. } => projects::sign_actions(self, *office),
                TurnStep::Decide(pending) => charts::decision_actions(self, seat, pending),
                TurnStep::Question { .. } => vec![Action::Change { cents: 0 }],
                TurnStep::RealLife { .. } => {
                    vec![Action::Answer { yes: true }, Action::Answer { yes: false }]
                }
                TurnStep::EndTurn => turn::end_actions(self, seat),
                TurnStep::CallOut { .. } => Cheats::all()
                    .into_iter()
                    .map(|cheats| Action::Accuse { cheats })
                    .collect(),
            },
            Stage::Over => Vec::new(),
        }
    }

    fn explain(&self, action: &Action) -> String {
        let wanted = match &self.stage {
            Stage::Vote { .. } => "a vote for the worst job",
            Stage::Pick { .. } => "an employee pick",
            Stage::Turn { step, .. } => match step {
                TurnStep::Discard { .. } => "a discard from your hand",
                TurnStep::Move { .. } => "a memo, a run, or a move to a reachable space",
                TurnStep::Sign { .. } => "a signature this office allows, or decline",
                TurnStep::Decide(_) => "an answer to the pending decision",
                TurnStep::Question { .. } => "the change in your pockets (0 to 10000 cents)",
                TurnStep::RealLife { .. } => "a yes or a no to the question",
                TurnStep::EndTurn => "an end-of-turn memo, or the end of the turn",
                TurnStep::CallOut { .. } => "the cheats you point out",
            },
            Stage::Over => "nothing",
        };
        format!("{action:?} is not allowed now: the table waits for {wanted}")
    }

    fn perform(
        &mut self,
        seat: Seat,
        action: Action,
        chance: &mut dyn Chance,
        events: &mut Vec<EventView>,
    ) {
        match action {
            Action::Vote { seat: choice } => setup::vote(self, seat, choice, chance, events),
            Action::Pick { employee } => setup::pick(self, seat, employee, chance, events),
            Action::Discard { memo } => turn::discard(self, seat, memo, chance, events),
            Action::Play { memo, target } => memos::play(self, seat, memo, target, chance, events),
            Action::EndTurn => self.finish_turn(seat, chance, events),
            Action::Answer { yes } => memos::answer(self, seat, yes, chance, events),
            Action::Accuse { cheats } => fast_track::accuse(self, seat, cheats, chance, events),
            Action::Run => turn::run(self, seat, chance, events),
            Action::Move { .. } => unreachable!("checked: a move comes with its path"),
            Action::Sign { project, icon } => {
                projects::sign(self, seat, project, icon, chance, events)
            }
            Action::Change { cents } => charts::answer_change(self, seat, cents, chance, events),
            Action::IgnoreConsultant { ignore } => {
                self.dilbert_ignores = ignore;
                events.push(EventView::ConsultantIgnored { ignore });
            }
            other => charts::decide(self, seat, other, chance, events),
        }
    }
}
