//! Answers to a game's join questions, checked in one place for every game.
//!
//! A game declares what it asks a player who takes a seat
//! ([`crate::Game::join_questions`]); the client sends answers as a JSON
//! object keyed by question id; [`check`] holds each one against its
//! question and turns the lot into typed [`Answers`]. The game reads them when
//! it starts ([`crate::PlayerProfile`]) and gives them meaning itself (Osaki
//! decides that 01:30 is later than 23:00, not the engine).

use std::collections::BTreeMap;

use cubicle_protocol::{AnswerKind, ErrorCode, JoinQuestion};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One checked answer. Times, choices and free text are all strings (a time
/// in the normalized form "HH:MM"); a yes-no question's answer is a boolean.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Answer {
    YesNo(bool),
    Text(String),
}

impl Answer {
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Answer::Text(text) => Some(text),
            Answer::YesNo(_) => None,
        }
    }

    pub fn as_yes_no(&self) -> Option<bool> {
        match self {
            Answer::YesNo(yes) => Some(*yes),
            Answer::Text(_) => None,
        }
    }
}

/// A player's answers by question id. Unanswered optional questions are
/// absent. Ordered, so that the stored JSON is the same for the same answers.
pub type Answers = BTreeMap<String, Answer>;

/// An answer refused: the seat is not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("this game asks no question {0:?}")]
    Unknown(String),
    /// `prompt` is the question's English text, so that the message names
    /// the question the way the player saw it.
    #[error("{prompt} ({question}): {problem}")]
    Refused {
        question: String,
        prompt: String,
        problem: Problem,
    },
}

impl AnswerError {
    pub fn code(&self) -> ErrorCode {
        ErrorCode::BadAnswer
    }
}

/// What is wrong with one answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("an answer is needed")]
    Missing,
    #[error("give the time as HH:MM, e.g. 19:30")]
    NotATime,
    #[error("answer true or false")]
    NotYesNo,
    #[error("choose one of {0}")]
    NotAChoice(String),
    #[error("answer with text")]
    NotText,
    #[error("at most {0} characters")]
    TooLong(u16),
    #[error("control characters are not allowed")]
    ControlCharacters,
}

/// Checks `raw` (the `answers` of a `join`) against `questions`: every key
/// must be a question, every answer must fit its kind, every required
/// question must be answered. `null` and blank strings count as no answer.
pub fn check(questions: &[JoinQuestion], raw: &Map<String, Value>) -> Result<Answers, AnswerError> {
    if let Some(unknown) = raw.keys().find(|k| !questions.iter().any(|q| &q.id == *k)) {
        return Err(AnswerError::Unknown(unknown.clone()));
    }
    let mut answers = Answers::new();
    for question in questions {
        let refused = |problem| AnswerError::Refused {
            question: question.id.clone(),
            prompt: question.prompt.en.clone(),
            problem,
        };
        match one(
            &question.kind,
            raw.get(&question.id).unwrap_or(&Value::Null),
        ) {
            Ok(Some(answer)) => {
                answers.insert(question.id.clone(), answer);
            }
            Ok(None) if question.required => return Err(refused(Problem::Missing)),
            Ok(None) => {}
            Err(problem) => return Err(refused(problem)),
        }
    }
    Ok(answers)
}

/// One answer against its kind: `Ok(None)` when there is no answer.
fn one(kind: &AnswerKind, value: &Value) -> Result<Option<Answer>, Problem> {
    if let AnswerKind::YesNo = kind {
        return match value {
            Value::Null => Ok(None),
            Value::Bool(yes) => Ok(Some(Answer::YesNo(*yes))),
            _ => Err(Problem::NotYesNo),
        };
    }
    let text = match value {
        Value::Null => return Ok(None),
        Value::String(text) => text.trim(),
        _ if matches!(kind, AnswerKind::Time) => return Err(Problem::NotATime),
        _ => return Err(Problem::NotText),
    };
    if text.is_empty() {
        return Ok(None);
    }
    let text = match kind {
        // Answered above; kept in the match so that a new kind must say
        // how its text is checked.
        AnswerKind::YesNo => return Err(Problem::NotYesNo),
        AnswerKind::Time => {
            let (h, m) = parse_clock(text).ok_or(Problem::NotATime)?;
            format!("{h:02}:{m:02}")
        }
        AnswerKind::Choice { choices } => {
            if !choices.iter().any(|c| c.value == text) {
                let values: Vec<&str> = choices.iter().map(|c| c.value.as_str()).collect();
                return Err(Problem::NotAChoice(values.join(", ")));
            }
            text.to_owned()
        }
        AnswerKind::Text { max_chars } => {
            if text.chars().count() > usize::from(*max_chars) {
                return Err(Problem::TooLong(*max_chars));
            }
            if text.chars().any(char::is_control) {
                return Err(Problem::ControlCharacters);
            }
            text.to_owned()
        }
    };
    Ok(Some(Answer::Text(text)))
}

/// Reads a time of day, "HH:MM" or "H:MM" on a 24-hour clock, as (hour,
/// minute). What the time means (Osaki counts the small hours as the end of
/// the day before) is each game's business.
pub fn parse_clock(text: &str) -> Option<(u8, u8)> {
    let (h, m) = text.split_once(':')?;
    let digits = |s: &str, len: std::ops::RangeInclusive<usize>| {
        (len.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u8>().ok())
            .flatten()
    };
    let (h, m) = (digits(h, 1..=2)?, digits(m, 2..=2)?);
    (h <= 23 && m <= 59).then_some((h, m))
}

#[cfg(test)]
mod tests {
    use cubicle_protocol::{Choice, Localized};
    use serde_json::json;

    use super::*;

    fn text(en: &str) -> Localized {
        Localized {
            en: en.into(),
            ja: en.into(),
        }
    }

    fn questions() -> Vec<JoinQuestion> {
        let q = |id: &str, kind, required| JoinQuestion {
            id: id.into(),
            prompt: text(&format!("{id}?")),
            kind,
            required,
        };
        vec![
            q("left", AnswerKind::Time, false),
            q("jeans", AnswerKind::YesNo, false),
            q(
                "job",
                AnswerKind::Choice {
                    choices: ["engineer", "boss"]
                        .map(|v| Choice {
                            value: v.into(),
                            label: text(v),
                        })
                        .into(),
                },
                false,
            ),
            q("motto", AnswerKind::Text { max_chars: 5 }, true),
        ]
    }

    fn check_json(raw: Value) -> Result<Answers, AnswerError> {
        check(&questions(), raw.as_object().unwrap())
    }

    fn problem(raw: Value) -> (String, Problem) {
        match check_json(raw) {
            Err(AnswerError::Refused {
                question, problem, ..
            }) => (question, problem),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn good_answers_are_normalized_and_typed() {
        let answers = check_json(json!({
            "left": " 7:05 ", "jeans": true, "job": "boss", "motto": " 課長! "
        }))
        .unwrap();
        assert_eq!(answers["left"], Answer::Text("07:05".into()));
        assert_eq!(answers["jeans"], Answer::YesNo(true));
        assert_eq!(answers["job"].as_text(), Some("boss"));
        assert_eq!(answers["motto"].as_text(), Some("課長!"));
    }

    #[test]
    fn blank_and_null_are_no_answer_but_required_questions_need_one() {
        let answers =
            check_json(json!({"left": "", "jeans": null, "job": " ", "motto": "ok"})).unwrap();
        assert_eq!(answers.keys().collect::<Vec<_>>(), ["motto"]);
        assert_eq!(problem(json!({})), ("motto".into(), Problem::Missing));
        assert_eq!(
            problem(json!({"motto": "  "})),
            ("motto".into(), Problem::Missing)
        );
    }

    #[test]
    fn each_kind_refuses_what_does_not_fit_it_and_names_the_question() {
        let ok = |mut v: Value| {
            v["motto"] = json!("ok");
            v
        };
        for (raw, question, expected) in [
            (json!({"left": "25:00"}), "left", Problem::NotATime),
            (json!({"left": 1930}), "left", Problem::NotATime),
            (json!({"jeans": "yes"}), "jeans", Problem::NotYesNo),
            (
                json!({"job": "intern"}),
                "job",
                Problem::NotAChoice("engineer, boss".into()),
            ),
            (json!({"job": ["boss"]}), "job", Problem::NotText),
        ] {
            assert_eq!(problem(ok(raw)), (question.into(), expected));
        }
        assert_eq!(
            problem(json!({"motto": "sixsix"})),
            ("motto".into(), Problem::TooLong(5))
        );
        assert_eq!(
            problem(json!({"motto": "a\u{7}b"})),
            ("motto".into(), Problem::ControlCharacters)
        );
        let message = check_json(json!({"left": "late", "motto": "ok"}))
            .unwrap_err()
            .to_string();
        assert_eq!(message, "left? (left): give the time as HH:MM, e.g. 19:30");
    }

    #[test]
    fn questions_the_game_does_not_ask_are_refused() {
        assert_eq!(
            check_json(json!({"motto": "ok", "shoe_size": 42})),
            Err(AnswerError::Unknown("shoe_size".into()))
        );
        assert_eq!(
            check(&[], json!({"left_work_at": "19:30"}).as_object().unwrap()),
            Err(AnswerError::Unknown("left_work_at".into()))
        );
        assert_eq!(check(&[], &Map::new()), Ok(Answers::new()));
    }

    #[test]
    fn clock_times_are_read_strictly() {
        assert_eq!(parse_clock("18:05"), Some((18, 5)));
        assert_eq!(parse_clock("7:15"), Some((7, 15)));
        assert_eq!(parse_clock("00:00"), Some((0, 0)));
        for bad in [
            "", "24:00", "12:60", "noon", "12:5", "123:00", "-1:00", "+1:00", "12:00:00", " 1:00",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }
}
