//! The printed content: employee cards, office charts and instructions,
//! project, memo and consultant cards, tokens. An original content set
//! (names and texts are ours); the counts are the rulebook's. The reasons
//! behind the numbers are in docs/games/dilbert.md.

use std::sync::OnceLock;

use cubicle_protocol::dilbert::{
    Board, ChartLine, ConsultantCard, Criterion, Employee, EmployeeCard, Gender, Measure, MemoCard,
    Office, OfficeCard, ProjectCard, ProjectEffect, Token, TokenCard,
};

use super::cards;
use super::map::OfficeMap;

pub const PROJECT_COUNT: usize = 26;
pub const MEMO_COUNT: usize = 70;
pub const CONSULTANT_COUNT: usize = 18;
pub const WORK_TOKENS: u8 = 17;

/// An employee's printed numbers.
#[derive(Debug, Clone, Copy)]
pub struct Printed {
    pub motivation: u8,
    pub apathy: u8,
    pub incompetence: u8,
    pub offensiveness: u8,
    pub work_tokens: u8,
}

pub fn printed(employee: Employee) -> Printed {
    let (motivation, apathy, incompetence, offensiveness, work_tokens) = match employee {
        Employee::Dilbert => (6, 2, 1, 3, 3),
        Employee::Wally => (5, 6, 5, 2, 2),
        Employee::Asok => (8, 1, 4, 1, 3),
        Employee::Alice => (10, 3, 2, 6, 3),
        Employee::Tina => (6, 4, 3, 5, 3),
        Employee::Ratbert => (5, 5, 6, 4, 3),
    };
    Printed {
        motivation,
        apathy,
        incompetence,
        offensiveness,
        work_tokens,
    }
}

fn employee_card(employee: Employee) -> EmployeeCard {
    let p = printed(employee);
    let (name, ability, colour) = match employee {
        Employee::Dilbert => (
            "Dilbert",
            "Engineer's immunity: Dilbert may ignore the consultant in play.",
            "#c62828",
        ),
        Employee::Wally => (
            "Wally",
            "Strategic laziness: only two work tokens.",
            "#8d6e63",
        ),
        Employee::Asok => (
            "Asok",
            "The intern: starts the game in the Men's Restroom, hiding from his first assignment.",
            "#2e7d32",
        ),
        Employee::Alice => (
            "Alice",
            "Fist of Death: killing a project gives her 3 happiness instead of 2.",
            "#d81b60",
        ),
        Employee::Tina => (
            "Tina",
            "Brittle tech writer: whenever a project she works on is killed, she gains 1 happiness (she never liked it anyway).",
            "#6a1b9a",
        ),
        Employee::Ratbert => (
            "Ratbert",
            "Low expectations: every loss of 2 or more happiness costs him 1 less, and so does a negative cubicle at the end.",
            "#607d8b",
        ),
    };
    EmployeeCard {
        employee,
        name: name.to_owned(),
        gender: employee.gender(),
        motivation: p.motivation,
        apathy: p.apathy,
        incompetence: p.incompetence,
        offensiveness: p.offensiveness,
        work_tokens: p.work_tokens,
        ability: ability.to_owned(),
        colour: colour.to_owned(),
    }
}

/// Whether an office shows a signature icon.
pub fn has_signature(office: Office) -> bool {
    matches!(
        office,
        Office::Boss
            | Office::Marketing
            | Office::Accounting
            | Office::Conference
            | Office::Legal
            | Office::CopyRoom
            | Office::HumanResources
            | Office::Sales
            | Office::InformationServices
    )
}

/// Whether an office has a chart (and so a die roll).
#[cfg(test)]
fn has_chart(office: Office) -> bool {
    matches!(
        office,
        Office::Boss
            | Office::Marketing
            | Office::Accounting
            | Office::Conference
            | Office::Kitchen
            | Office::Legal
            | Office::CopyRoom
            | Office::HumanResources
            | Office::Sales
            | Office::InformationServices
    )
}

pub fn office_name(office: Office) -> &'static str {
    match office {
        Office::Boss => "Boss's Office",
        Office::Marketing => "Marketing",
        Office::Accounting => "Accounting",
        Office::Conference => "Conference Room",
        Office::Kitchen => "Kitchen Area",
        Office::Legal => "Legal",
        Office::CopyRoom => "Copy Room",
        Office::HumanResources => "Human Resources",
        Office::Sales => "Sales",
        Office::InformationServices => "Information Services",
        Office::Engineering => "Engineering",
        Office::Carol => "Carol's Office",
        Office::WaterCooler => "Water Cooler",
        Office::MensRoom => "Men's Restroom",
        Office::WomensRoom => "Women's Restroom",
        Office::Heck => "Heck",
    }
}

fn line(from: u8, to: u8, text: &str) -> ChartLine {
    ChartLine {
        from,
        to,
        text: text.to_owned(),
    }
}

/// The chart of an office with a die, in our words (the results are the
/// rulebook's).
fn chart(office: Office) -> Vec<ChartLine> {
    match office {
        Office::Boss => vec![
            line(1, 2, "A motivational speech. Swap your Apathy, Incompetence or Offensiveness with another employee's."),
            line(3, 4, "Efficiency advice: nights and weekends. Lose 3."),
            line(5, 6, "A demonstration of your powerlessness: perform \"I'm a Little Teapot\", gestures included, or lose 10."),
        ],
        Office::Marketing => vec![
            line(1, 1, "Barbecue day, and the special is unicorn. Gain 2."),
            line(2, 4, "The voice from the well advises you. Swap Incompetence with another employee."),
            line(5, 6, "Your turn in the well. Knocked down; lose 1."),
        ],
        Office::Accounting => vec![
            line(1, 3, "Troll transformation in progress. Swap Offensiveness with another employee."),
            line(4, 4, "The Head of Accounting takes revenge: your cubicle moves one closer to the Boss."),
            line(5, 5, "Money talks: everyone says how much change is in their pockets; the richest gain 2."),
            line(6, 6, "You erased a budget. You may discard the Schedule and turn the next project."),
        ],
        Office::Conference => vec![
            line(1, 1, "Last donut! Gain 2."),
            line(2, 2, "The meeting never ends. You doze off: knocked down."),
            line(3, 6, "A new consultant is hired: the old one leaves, the next one arrives."),
        ],
        Office::Kitchen => vec![
            line(1, 3, "You eat someone else's lunch. Swap Apathy with another employee."),
            line(4, 5, "Someone ate yours. Lose 1."),
            line(6, 6, "Leftover farewell cake! Gain 3."),
        ],
        Office::Legal => vec![
            line(1, 3, "Lawyers rub off on you. Swap Offensiveness with another employee."),
            line(4, 5, "Rejected, and sued. Lose 2."),
            line(6, 6, "Where projects go to die: you may lose 5 to kill a project of your choice."),
        ],
        Office::CopyRoom => vec![
            line(1, 2, "The copier queue. Knocked down."),
            line(3, 4, "Résumé copies, crisp and warm. Gain 2."),
            line(5, 6, "A photocopied signature: you may copy one already on a project onto another that needs it."),
        ],
        Office::HumanResources => vec![
            line(1, 2, "Didn't you get the memo? Every other employee draws one."),
            line(3, 5, "A peek at next week's memos: look at the top three, keep one, put the others back in the order you like."),
            line(6, 6, "Catbert is bored: crow like a rooster (everyone else gains 1) or defy him and lose 4."),
        ],
        Office::Sales => vec![
            line(1, 3, "A real customer spoke to you. Swap Apathy with another employee."),
            line(4, 5, "Out of the loop: discard your whole hand."),
            line(6, 6, "Sales promised the impossible: discard one signature from any project."),
        ],
        Office::InformationServices => vec![
            line(1, 3, "A new computer, at last! Swap Incompetence with another employee."),
            line(4, 5, "Mordac shares your secrets: show your hand to everyone."),
            line(6, 6, "You and Mordac scheme together: you may swap two work tokens on two different projects."),
        ],
        _ => Vec::new(),
    }
}

/// Instructions of the offices without a chart.
fn instructions(office: Office) -> Option<&'static str> {
    Some(match office {
        Office::Engineering => "Back at your desk, you read your inbox: draw one memo.",
        Office::Carol => {
            "Carol runs the schedule. You may take one of your work tokens back from a project. \
             Stop here when you come in from the hall."
        }
        Office::WaterCooler => {
            "Hanging out here is good: gain 2 if you walked here this turn, 1 if you never left."
        }
        Office::MensRoom | Office::WomensRoom => {
            "One employee at a time, by gender. Memos cannot touch you here; nothing else happens."
        }
        Office::Heck => {
            "Phil offers a deal: you may lose 2 happiness to move your cubicle one farther from the Boss."
        }
        _ => return None,
    })
}

fn office_card(map: &OfficeMap, office: Office) -> OfficeCard {
    OfficeCard {
        office,
        name: office_name(office).to_owned(),
        space: map.space_of(office),
        signature: has_signature(office),
        chart: chart(office),
        instructions: instructions(office).map(str::to_owned),
        stop: matches!(office, Office::Conference | Office::Carol),
    }
}

fn crit(measure: Measure, highest: bool) -> Criterion {
    Criterion {
        measure,
        highest,
        gender: None,
    }
}

fn of_gender(measure: Measure, highest: bool, gender: Gender) -> Criterion {
    Criterion {
        measure,
        highest,
        gender: Some(gender),
    }
}

/// The 26 projects: name, "To:", icons, effect.
fn project_list() -> Vec<(&'static str, Criterion, Vec<Office>, ProjectEffect)> {
    use Measure::*;
    use Office::*;
    use ProjectEffect as E;
    let hurt = |amount| E::Happiness { amount };
    vec![
        (
            "Project Platypus",
            crit(Apathy, true),
            vec![Marketing, Legal],
            hurt(-1),
        ),
        (
            "Synergy Initiative",
            crit(Offensiveness, true),
            vec![Boss, HumanResources, Sales],
            hurt(-2),
        ),
        (
            "The Paperless Office",
            crit(Incompetence, true),
            vec![CopyRoom, InformationServices],
            hurt(-1),
        ),
        (
            "Mission Statement Rewrite",
            crit(Apathy, false),
            vec![Boss, Marketing],
            hurt(-2),
        ),
        (
            "Y3K Readiness",
            crit(Incompetence, false),
            vec![InformationServices, Accounting],
            hurt(-1),
        ),
        (
            "Cubicle Consolidation",
            crit(Happiness, true),
            vec![Boss, Accounting, Legal],
            E::Crunch,
        ),
        (
            "Trust-Fall Retreat",
            crit(Offensiveness, false),
            vec![HumanResources, Conference],
            E::Exhausting { amount: 1 },
        ),
        (
            "Weekly Status Meeting",
            crit(Motivation, true),
            vec![Conference, Boss],
            E::StatusMeeting { amount: 1 },
        ),
        (
            "Compliance Audit",
            crit(Happiness, false),
            vec![Legal, Accounting, CopyRoom],
            E::RedTape,
        ),
        (
            "The Reorg Plan",
            crit(Happiness, true),
            vec![Boss, HumanResources, Conference],
            hurt(-3),
        ),
        (
            "Customer Self-Service Portal",
            crit(Incompetence, true),
            vec![Sales, InformationServices],
            hurt(-2),
        ),
        (
            "Ergonomics Study",
            crit(Motivation, false),
            vec![HumanResources, CopyRoom],
            hurt(1),
        ),
        (
            "Vaporware 2.0",
            crit(Offensiveness, true),
            vec![Marketing, Sales],
            E::NoEffect,
        ),
        (
            "The Gruntmaster 9000",
            crit(Apathy, false),
            vec![Sales, InformationServices, Marketing],
            E::KilledTeamGains { amount: 2 },
        ),
        (
            "Budget Forecast",
            crit(Incompetence, false),
            vec![Accounting, Boss],
            hurt(-1),
        ),
        (
            "Knowledge Base Migration",
            crit(Apathy, true),
            vec![InformationServices, CopyRoom, HumanResources],
            E::RedTape,
        ),
        (
            "The Rebranding",
            crit(Happiness, true),
            vec![Marketing, Conference],
            hurt(-2),
        ),
        (
            "Litigation Hold",
            of_gender(Offensiveness, true, Gender::Female),
            vec![Legal, CopyRoom],
            hurt(-1),
        ),
        (
            "Open-Plan Pilot",
            crit(Offensiveness, false),
            vec![Boss, InformationServices],
            E::Crunch,
        ),
        (
            "Six Sigma Belts",
            crit(Motivation, true),
            vec![Conference, Accounting, HumanResources],
            E::Exhausting { amount: 1 },
        ),
        (
            "Pivot to the Blockchain",
            crit(Incompetence, true),
            vec![Marketing, InformationServices, Boss],
            hurt(-3),
        ),
        (
            "Expense Report Overhaul",
            of_gender(Apathy, true, Gender::Male),
            vec![Accounting, CopyRoom],
            hurt(-2),
        ),
        (
            "Offsite Brainstorm",
            crit(Happiness, true),
            vec![Conference, Sales],
            E::StatusMeeting { amount: 1 },
        ),
        (
            "The Unkillable Legacy System",
            crit(Happiness, false),
            vec![InformationServices, Legal, Boss],
            E::KilledOthersLose { amount: 2 },
        ),
        (
            "Morale Survey",
            crit(Motivation, false),
            vec![HumanResources, Marketing],
            E::NoEffect,
        ),
        (
            "Key Account Pitch",
            crit(Happiness, false),
            vec![Sales, Legal],
            hurt(-1),
        ),
    ]
}

fn measure_words(c: Criterion) -> String {
    let measure = match c.measure {
        Measure::Apathy => "Apathy",
        Measure::Incompetence => "Incompetence",
        Measure::Offensiveness => "Offensiveness",
        Measure::Motivation => "Motivation",
        Measure::Happiness => "Happiness",
    };
    let who = match c.gender {
        None => "employees",
        Some(Gender::Male) => "male employees",
        Some(Gender::Female) => "female employees",
    };
    let end = if c.highest { "highest" } else { "lowest" };
    format!("To: the two {who} with the {end} {measure}.")
}

fn effect_words(effect: ProjectEffect) -> String {
    match effect {
        ProjectEffect::Happiness { amount } if amount >= 0 => {
            format!("Each check: the team gains {amount}.")
        }
        ProjectEffect::Happiness { amount } => format!("Each check: the team loses {}.", -amount),
        ProjectEffect::Exhausting { amount } => {
            format!("Each check: the team loses {amount} and is knocked down.")
        }
        ProjectEffect::Crunch => {
            "Each check: every team member's cubicle moves one closer to the Boss.".to_owned()
        }
        ProjectEffect::RedTape => {
            "Each check: the team loses 1 per signature still missing.".to_owned()
        }
        ProjectEffect::StatusMeeting { amount } => format!(
            "Each check: the team is called to the Conference Room and loses {amount} (a restroom protects)."
        ),
        ProjectEffect::KilledTeamGains { amount } => {
            format!("When Project is Killed: each team member gains {amount}.")
        }
        ProjectEffect::KilledOthersLose { amount } => {
            format!("When Project is Killed: every employee not on the team loses {amount}.")
        }
        ProjectEffect::NoEffect => "No Effect.".to_owned(),
    }
}

fn projects() -> Vec<ProjectCard> {
    project_list()
        .into_iter()
        .enumerate()
        .map(|(id, (name, to, icons, effect))| ProjectCard {
            id: id as u8,
            name: name.to_owned(),
            to,
            icons,
            effect,
            text: format!("{} {}", measure_words(to), effect_words(effect)),
        })
        .collect()
}

fn memos() -> Vec<MemoCard> {
    cards::MEMOS
        .iter()
        .enumerate()
        .map(|(id, m)| MemoCard {
            id: id as u8,
            name: m.name.to_owned(),
            text: m.text.to_owned(),
            timing: m.timing,
            real_life: matches!(m.effect, cards::Effect::RealLife(_)),
        })
        .collect()
}

fn consultants() -> Vec<ConsultantCard> {
    cards::CONSULTANTS
        .iter()
        .enumerate()
        .map(|(id, c)| ConsultantCard {
            id: id as u8,
            name: c.name.to_owned(),
            text: c.text.to_owned(),
        })
        .collect()
}

fn tokens() -> Vec<TokenCard> {
    let card = |token, name: &str, text: &str| TokenCard {
        token,
        name: name.to_owned(),
        text: text.to_owned(),
    };
    vec![
        card(
            Token::Donut,
            "Donut",
            "The next employee to end a move in this office eats it and gains 3.",
        ),
        card(
            Token::OutOfOrder,
            "Out of Order",
            "Nobody may enter this office until the Boss's turn.",
        ),
        card(
            Token::Todd,
            "Todd",
            "His employee walks 2 less and may not run until the Boss's turn.",
        ),
        card(
            Token::Ted,
            "Ted the Generic Guy",
            "Blocks a hall square until the Boss's turn. Not an employee: no card affects him.",
        ),
        card(
            Token::FamilyPortrait,
            "Family Portrait",
            "+3 at the final count.",
        ),
        card(
            Token::PlasticPlant,
            "Plastic Plant",
            "-2 at the final count.",
        ),
    ]
}

/// The board, built once.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        let map = OfficeMap::standard();
        Board {
            width: map.width,
            height: map.height,
            spaces: map.spaces.clone(),
            walls: map.walls.clone(),
            doors: map.doors.clone(),
            cubicles: map.cubicles.clone(),
            offices: Office::ALL.iter().map(|&o| office_card(map, o)).collect(),
            employees: Employee::ALL.iter().map(|&e| employee_card(e)).collect(),
            projects: projects(),
            memos: memos(),
            consultants: consultants(),
            tokens: tokens(),
        }
    })
}

pub fn project(id: u8) -> &'static ProjectCard {
    &board().projects[usize::from(id)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_the_rulebooks() {
        assert_eq!(project_list().len(), PROJECT_COUNT);
        assert_eq!(memos().len(), MEMO_COUNT);
        assert_eq!(consultants().len(), CONSULTANT_COUNT);
        let work: u8 = Employee::ALL.iter().map(|&e| printed(e).work_tokens).sum();
        assert_eq!(work, WORK_TOKENS);
        assert_eq!(printed(Employee::Alice).motivation, 10);
        assert_eq!(printed(Employee::Wally).work_tokens, 2);
    }

    #[test]
    fn every_project_has_two_or_three_distinct_signature_icons() {
        for (name, _, icons, _) in project_list() {
            assert!((2..=3).contains(&icons.len()), "{name}");
            assert!(icons.iter().all(|&o| has_signature(o)), "{name}");
            let mut sorted = icons.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), icons.len(), "{name}");
        }
    }

    #[test]
    fn every_signature_office_is_needed_by_some_project() {
        for office in Office::ALL.into_iter().filter(|&o| has_signature(o)) {
            assert!(
                project_list()
                    .iter()
                    .any(|(_, _, icons, _)| icons.contains(&office)),
                "{office:?}"
            );
        }
    }

    #[test]
    fn traits_are_spread_so_criteria_pick_different_people() {
        // Every trait's six starting scores are distinct: "highest Apathy"
        // and "highest Offensiveness" start with different pairs.
        for pick in [
            |p: Printed| p.apathy,
            |p: Printed| p.incompetence,
            |p: Printed| p.offensiveness,
        ] {
            let mut scores: Vec<u8> = Employee::ALL.iter().map(|&e| pick(printed(e))).collect();
            scores.sort();
            scores.dedup();
            assert_eq!(scores.len(), 6);
        }
    }

    #[test]
    fn every_chartless_office_has_instructions_and_every_chart_covers_the_die() {
        for office in Office::ALL {
            if has_chart(office) {
                let lines = chart(office);
                let covered: Vec<u8> = lines.iter().flat_map(|l| l.from..=l.to).collect();
                assert_eq!(covered, (1..=6).collect::<Vec<_>>(), "{office:?}");
            } else {
                assert!(instructions(office).is_some(), "{office:?}");
            }
        }
    }
}
