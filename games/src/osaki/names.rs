//! The printed faces of the tiles and the rulebook's calls, in English and
//! Japanese: the [`Board`] sent once per connection, and the names used in
//! error messages.

use cubicle_protocol::osaki::{Board, Calls, Character, Named, Phrase, Task, Tile};

/// English and Japanese names of a character.
pub fn character(c: Character) -> (&'static str, &'static str) {
    match c {
        Character::President => ("President", "社長"),
        Character::SeniorManagingDirector => ("Senior Managing Director", "専務"),
        Character::DepartmentManager => ("Department Manager", "部長"),
        Character::SectionChief => ("Section Chief", "係長"),
        Character::SeniorColleague => ("Senior Colleague", "先輩"),
        Character::TempWorker => ("Temp Worker", "派遣社員"),
    }
}

/// English and Japanese names of a task.
pub fn task(t: Task) -> (&'static str, &'static str) {
    match t {
        Task::Copying => ("Copying", "コピー"),
        Task::Accounting => ("Accounting", "伝票整理"),
        Task::Inventory => ("Inventory", "倉庫整理"),
        Task::PhoneDuty => ("Phone duty", "電話番"),
    }
}

/// "Section Chief/Copying", for messages.
pub fn tile(t: Tile) -> String {
    format!("{}/{}", character(t.character).0, task(t.task).0)
}

pub const HANDLE_THIS_TOO: (&str, &str) = ("Please handle this too!", "これもお願いします！");
pub const LEAVING_NOW: (&str, &str) = ("I'm leaving now!", "お先に失礼しま〜す！");
pub const GOOD_JOB: (&str, &str) = ("Good job!", "お疲れさまでした！");

fn phrase((en, ja): (&str, &str)) -> Phrase {
    Phrase {
        en: en.to_owned(),
        ja: ja.to_owned(),
    }
}

fn named<T>(id: T, (en, ja): (&str, &str)) -> Named<T> {
    Named {
        id,
        en: en.to_owned(),
        ja: ja.to_owned(),
    }
}

pub fn board() -> Board {
    Board {
        characters: Character::ALL
            .into_iter()
            .map(|c| named(c, character(c)))
            .collect(),
        tasks: Task::ALL.into_iter().map(|t| named(t, task(t))).collect(),
        calls: Calls {
            handle_this_too: phrase(HANDLE_THIS_TOO),
            leaving_now: phrase(LEAVING_NOW),
            good_job: phrase(GOOD_JOB),
        },
    }
}
