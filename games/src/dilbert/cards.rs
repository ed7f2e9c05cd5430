//! The memo and consultant decks: what each card is, as data. An original
//! content set with the rulebook's counts (70 memos, 18 consultants) and
//! the seven memos it names, kept with their names and behaviour. What
//! each effect does is in `memos` and `consultants`; the texts here are
//! what the cards print. docs/games/dilbert.md lists them with rulings.

use cubicle_protocol::dilbert::{Office, Timing, Token, Trait};

/// What a memo does when played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// You gain (or lose) happiness.
    Gain(i8),
    /// Another employee of your choice loses this much.
    Hurt(i8),
    /// Every employee of the group gains (or loses) this much.
    Everyone(Group, i8),
    /// Another standing employee is knocked down.
    KnockDown,
    /// Another employee goes straight to an office (not knocked down).
    SendTo(Office),
    /// Go to Heck!: another employee goes to Heck, knocked down.
    GoToHeck,
    /// General Meeting: every employee is called to the Conference Room.
    GeneralMeeting,
    /// You may walk this much farther this turn.
    ExtraLegs(u8),
    /// Swap your score of a trait with another employee's.
    SwapTrait(Trait),
    /// Any employee's trait goes up (or down) by one.
    ShiftTrait(Trait, i8),
    /// Your cubicle moves one farther from the Boss's Office.
    CubicleAway,
    /// Another employee's cubicle moves one closer to the Boss's Office.
    CubicleCloser,
    /// Take one of your work tokens back from a project.
    TakeBackWork,
    /// Put another employee's free work token on a project.
    Volunteer,
    /// Cover an open signature icon on any project.
    Forge,
    /// Remove a glass token from any project.
    Shred,
    /// Draw memos.
    Draw(u8),
    /// Take a memo at random from another player's hand.
    Steal,
    /// Another player discards memos at random.
    DiscardRandom(u8),
    /// Put a token into play.
    Place(Token),
    /// The Boss moves this much more (or less) at the end of the round.
    BossStep(i8),
    /// Every player answers the card's real-life question; each "yes"
    /// gains (or loses) this much.
    RealLife(i8),
    /// World's Smartest Garbage Man: take back a memo played since your
    /// last turn.
    GarbageMan,
    /// Management Fast Track: you may cheat this turn.
    FastTrack,
    /// Someone whose memo was played on you since your last turn loses
    /// this much.
    ReturnToSender(i8),
    /// Gain back what memos cost you since your last turn (at most 4).
    CoverYourBackside,
    /// Take back a work token from a project that assigned you since your
    /// last turn.
    NotMyJob,
    /// At the end of your turn: gain this much if you are in an office.
    LookBusy(i8),
}

/// Who an [`Effect::Everyone`] reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    All,
    /// Every employee but yours.
    Others,
    /// Employees standing or lying in the halls.
    InHalls,
}

pub struct MemoDef {
    pub name: &'static str,
    pub timing: Timing,
    pub effect: Effect,
    pub text: &'static str,
}

const fn start(name: &'static str, effect: Effect, text: &'static str) -> MemoDef {
    MemoDef {
        name,
        timing: Timing::StartOfTurn,
        effect,
        text,
    }
}

const fn end(name: &'static str, effect: Effect, text: &'static str) -> MemoDef {
    MemoDef {
        name,
        timing: Timing::EndOfTurn,
        effect,
        text,
    }
}

const fn response(name: &'static str, effect: Effect, text: &'static str) -> MemoDef {
    MemoDef {
        name,
        timing: Timing::Response,
        effect,
        text,
    }
}

use Effect::*;

/// The memo deck, by id.
pub const MEMOS: [MemoDef; 70] = [
    // The seven the rulebook names.
    start("Asleep at the Wheel", BossStep(-2), "The Boss nods off at his desk. At the end of this round he moves only 1 down the track instead of 3."),
    start("The Dilbert Principle", BossStep(2), "The least competent get promoted, and the Boss feels it. At the end of this round he moves 5 down the track instead of 3."),
    start("Ted the Generic Guy", Place(Token::Ted), "Put Ted on a free hall square in front of an office door. Nobody may pass or stop there until the Boss's turn. Ted is not an employee: no card affects him."),
    start("General Meeting", GeneralMeeting, "Every employee (not Ted, not anyone in a restroom) is called to the Conference Room."),
    start("Go to Heck!", GoToHeck, "Send another employee to Heck. They are knocked down."),
    response("World's Smartest Garbage Man", GarbageMan, "At the start of your turn: take into your hand a memo that was played since your last turn."),
    start("Management Fast Track", FastTrack, "This turn you may cheat: walk 3 farther, pick your office roll, place a second signature. When your turn ends, everyone else has 10 seconds to point out each cheat."),
    // Tokens.
    start("Donut Run", Place(Token::Donut), "Put a Donut in an office. The next employee to end a move there eats it and gains 3."),
    start("Someone Brought Donuts", Place(Token::Donut), "Put a Donut in an office. The next employee to end a move there eats it and gains 3."),
    start("Out of Order", Place(Token::OutOfOrder), "Hang the sign on an office or a restroom: nobody may enter it until the Boss's turn."),
    start("Todd from IT", Place(Token::Todd), "Todd follows another employee around: they walk 2 less and may not run until the Boss's turn."),
    start("Family Portrait", Place(Token::FamilyPortrait), "Put the portrait on your desk: +3 at the final count."),
    start("Plastic Plant", Place(Token::PlasticPlant), "Give another employee the depressing plastic plant: -2 at the final count."),
    // Real life: every player answers, on their honour.
    start("Casual Friday Violation", RealLife(-4), "Every player wearing blue jeans loses 4."),
    start("Caffeine Audit", RealLife(2), "Every player who has had coffee today gains 2."),
    start("Ergonomics Survey", RealLife(1), "Every player sitting on an office chair right now gains 1."),
    start("Always On", RealLife(-2), "Every player who checked work email today loses 2."),
    start("Bring Your Pet to Work Day", RealLife(2), "Every player with a pet in the room gains 2."),
    // Happiness.
    start("Pay Raise", Gain(3), "You gain 3."),
    start("Long Weekend", Gain(3), "You gain 3."),
    start("Casual Friday", Gain(2), "You gain 2."),
    start("Leftover Cake", Gain(2), "You gain 2."),
    start("Blame Shifting", Hurt(2), "Another employee loses 2."),
    start("Passive-Aggressive Email", Hurt(2), "Another employee loses 2."),
    start("Reply All", Hurt(2), "Another employee loses 2."),
    start("Meeting About Meetings", Hurt(2), "Another employee loses 2."),
    start("Performance Review", Hurt(3), "Another employee loses 3."),
    start("Stack Ranking", Hurt(3), "Another employee loses 3."),
    start("Office Party", Everyone(Group::All, 1), "Every employee gains 1."),
    start("Layoff Rumours", Everyone(Group::Others, -1), "Every other employee loses 1."),
    start("Fire Drill", Everyone(Group::InHalls, -2), "Every employee in the halls loses 2."),
    // Knocked down, moved.
    start("Wet Floor", KnockDown, "Another employee slips: they are knocked down."),
    start("Loose Carpet Tile", KnockDown, "Another employee trips: they are knocked down."),
    start("Falling Ceiling Tile", KnockDown, "Another employee is knocked down."),
    start("Urgent Copies", SendTo(Office::CopyRoom), "Another employee goes straight to the Copy Room."),
    start("Sales Ride-Along", SendTo(Office::Sales), "Another employee goes straight to Sales."),
    start("Expense Audit", SendTo(Office::Accounting), "Another employee goes straight to Accounting."),
    start("Double Espresso", ExtraLegs(3), "This turn you may walk (or run) 3 farther."),
    start("Standing Desk", ExtraLegs(3), "This turn you may walk (or run) 3 farther."),
    // Traits.
    start("Attitude Adjustment", SwapTrait(Trait::Apathy), "Swap your Apathy with another employee's."),
    start("Skills Transfer", SwapTrait(Trait::Incompetence), "Swap your Incompetence with another employee's."),
    start("Personality Transplant", SwapTrait(Trait::Offensiveness), "Swap your Offensiveness with another employee's."),
    start("Mandatory Fun", ShiftTrait(Trait::Apathy, 1), "Raise any employee's Apathy by 1."),
    start("Training Course", ShiftTrait(Trait::Incompetence, -1), "Lower any employee's Incompetence by 1."),
    start("Sensitivity Training", ShiftTrait(Trait::Offensiveness, -1), "Lower any employee's Offensiveness by 1."),
    // Cubicles.
    start("Window Seat", CubicleAway, "Move your cubicle one farther from the Boss's Office."),
    start("Quiet Corner", CubicleAway, "Move your cubicle one farther from the Boss's Office."),
    start("Hot Desk Lottery", CubicleCloser, "Move another employee's cubicle one closer to the Boss's Office."),
    start("Open-Plan Redesign", CubicleCloser, "Move another employee's cubicle one closer to the Boss's Office."),
    // Assignments and signatures.
    start("Delegate", TakeBackWork, "Take one of your work tokens back from a project."),
    start("Not in My Job Description", TakeBackWork, "Take one of your work tokens back from a project."),
    start("Volunteered", Volunteer, "Put one of another employee's free work tokens on a project of your choice."),
    start("You'd Be Perfect for This", Volunteer, "Put one of another employee's free work tokens on a project of your choice."),
    start("Forged Signature", Forge, "Cover any open signature icon on any project with a glass token."),
    start("Rubber Stamp", Forge, "Cover any open signature icon on any project with a glass token."),
    start("Lost in the Mail", Shred, "Take a glass token off any project, back to the pile."),
    start("Shredder Accident", Shred, "Take a glass token off any project, back to the pile."),
    // Memos.
    start("Reorganisation Memo", Draw(2), "Draw 2 memos."),
    start("Policy Update", Draw(2), "Draw 2 memos."),
    start("Borrowed Stapler", Steal, "Take a memo at random from another player's hand."),
    start("Desk Raid", Steal, "Take a memo at random from another player's hand."),
    start("Clean Desk Policy", DiscardRandom(2), "Another player discards 2 memos at random."),
    // Responses: played at the start of your turn, on what others did
    // since your last turn.
    response("Return to Sender", ReturnToSender(3), "At the start of your turn: a player whose memo was played on you since your last turn loses 3."),
    response("Per My Last Email", ReturnToSender(3), "At the start of your turn: a player whose memo was played on you since your last turn loses 3."),
    response("Cover Your Backside", CoverYourBackside, "At the start of your turn: gain back what other players' memos cost you since your last turn (at most 4)."),
    response("Not My Job", NotMyJob, "At the start of your turn: take back a work token from a project that assigned you since your last turn."),
    // End of turn.
    end("Look Busy", LookBusy(2), "At the end of your turn: gain 2 if you are in an office (not Heck)."),
    end("Power Nap", LookBusy(2), "At the end of your turn: gain 2 if you are in an office (not Heck)."),
    end("Late-Night Email", Hurt(2), "At the end of your turn: another employee loses 2."),
    end("Unpaid Overtime", Draw(1), "At the end of your turn: draw a memo."),
];

/// What a consultant changes while in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Walks (and runs) go this much farther (at least 1).
    Walk(i8),
    /// Nobody may run.
    NoRunning,
    /// A run's 5 sends you to Heck too.
    RiskyRuns,
    /// Standing up costs this much Motivation instead of 2.
    StandUpCost(u8),
    /// The hand limit is this instead of 5.
    HandLimit(usize),
    /// Project losses at Boss checks are this much bigger.
    CheckLosses(i8),
    /// Project gains at Boss checks are this much bigger.
    CheckGains(i8),
    /// Placing a signature gains this much.
    SignatureBonus(i8),
    /// Happiness gains from office charts are this much bigger.
    ChartGains(i8),
    /// Happiness losses from office charts are this much bigger.
    ChartLosses(i8),
    /// Card texts are hidden from everyone but Dilbert's player.
    TextsHidden,
    /// Cubicles do not move.
    FrozenCubicles,
    /// Engineering's instruction draws two memos.
    DoubleInbox,
    /// Memos cannot make anyone lose happiness.
    NoMemoLosses,
    /// Ending a move in a restroom gains 2.
    Wellness,
    /// Being knocked down also costs 1 happiness.
    FallLoss,
    /// At the start of your turn, the happiest employee (alone) loses 1.
    FlatHierarchy,
}

pub struct ConsultantDef {
    pub name: &'static str,
    pub rule: Rule,
    pub text: &'static str,
}

const fn consultant(name: &'static str, rule: Rule, text: &'static str) -> ConsultantDef {
    ConsultantDef { name, rule, text }
}

/// The consultant deck, by id.
pub const CONSULTANTS: [ConsultantDef; 18] = [
    consultant(
        "Motivational Speaker",
        Rule::Walk(1),
        "Everyone walks (and runs) 1 farther.",
    ),
    consultant(
        "Time-and-Motion Analyst",
        Rule::Walk(-1),
        "Everyone walks (and runs) 1 less, but always at least 1.",
    ),
    consultant("Risk-Averse Auditor", Rule::NoRunning, "Nobody may run."),
    consultant(
        "Cost-Cutting Partner",
        Rule::RiskyRuns,
        "When running, a 5 sends you to Heck too, just like a 6.",
    ),
    consultant(
        "Ergonomics Consultant",
        Rule::StandUpCost(4),
        "Standing up after being knocked down costs 4 Motivation instead of 2.",
    ),
    consultant(
        "Clean-Desk Consultant",
        Rule::HandLimit(4),
        "Nobody may keep more than 4 memos.",
    ),
    consultant(
        "Six Sigma Black Belt",
        Rule::CheckLosses(1),
        "When the Boss checks a project, its team members lose 1 more than it says.",
    ),
    consultant(
        "Team-Building Facilitator",
        Rule::CheckGains(1),
        "When the Boss checks a project that makes its team happier, they gain 1 more.",
    ),
    consultant(
        "Synergy Guru",
        Rule::SignatureBonus(1),
        "Whoever places a signature gains 1.",
    ),
    consultant(
        "Morale Officer",
        Rule::ChartGains(1),
        "Happiness gained from an office roll is 1 more.",
    ),
    consultant(
        "Rightsizing Partner",
        Rule::ChartLosses(1),
        "Happiness lost to an office roll is 1 more.",
    ),
    consultant(
        "Communications Strategist",
        Rule::TextsHidden,
        "Nobody may read cards any more, except Dilbert's player, who reads them out for everyone.",
    ),
    consultant(
        "Hot-Desking Consultant",
        Rule::FrozenCubicles,
        "Cubicles do not move.",
    ),
    consultant(
        "Knowledge Manager",
        Rule::DoubleInbox,
        "Back at your desk in Engineering, draw 2 memos instead of 1.",
    ),
    consultant(
        "Conflict Mediator",
        Rule::NoMemoLosses,
        "Memos cannot make anyone lose happiness.",
    ),
    consultant(
        "Wellness Coach",
        Rule::Wellness,
        "Ending your move in a restroom gains 2.",
    ),
    consultant(
        "Process Re-engineer",
        Rule::FallLoss,
        "Being knocked down also costs 1 happiness.",
    ),
    consultant(
        "Flat-Hierarchy Evangelist",
        Rule::FlatHierarchy,
        "At the start of your turn, if you alone are the happiest employee, you lose 1.",
    ),
];

pub fn memo(id: u8) -> &'static MemoDef {
    &MEMOS[usize::from(id)]
}

pub fn consultant_def(id: u8) -> &'static ConsultantDef {
    &CONSULTANTS[usize::from(id)]
}
