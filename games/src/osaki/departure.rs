//! "The person who left work the latest yesterday starts": Osaki's join
//! question and what its answers mean.

use cubicle_protocol::osaki::LEFT_WORK_AT;
use cubicle_protocol::{AnswerKind, JoinQuestion, Localized, Seat};

use crate::answers::parse_clock;
use crate::{PlayerProfile, SetupError};

/// The question every joining player is asked. Optional: a player who does
/// not answer cannot start by it (see [`super::setup::first_player`]).
pub fn question() -> JoinQuestion {
    JoinQuestion {
        id: LEFT_WORK_AT.to_owned(),
        prompt: Localized {
            en: "When did you leave work yesterday?".to_owned(),
            ja: "昨日は何時に退社しましたか？".to_owned(),
        },
        kind: AnswerKind::Time,
        required: false,
    }
}

/// Every player's departure in minutes (see [`left_work_minutes`]), `None`
/// for no answer.
pub fn departures(players: &[PlayerProfile]) -> Result<Vec<Option<u16>>, SetupError> {
    players
        .iter()
        .enumerate()
        .map(|(seat, p)| match p.answer(LEFT_WORK_AT) {
            None => Ok(None),
            Some(answer) => answer
                .as_text()
                .and_then(left_work_minutes)
                .map(Some)
                .ok_or_else(|| SetupError::Answers {
                    seat: seat as Seat,
                    detail: format!("{LEFT_WORK_AT} is not a time: {answer:?}"),
                }),
        })
        .collect()
}

/// Turns "HH:MM" into minutes where later means larger. The work day is
/// taken to end at 06:00 the next morning: a player who left at 01:30 left
/// later than one who left at 23:00, so times before 06:00 count after
/// midnight (01:30 is 25 h 30 min).
pub fn left_work_minutes(hhmm: &str) -> Option<u16> {
    let (h, m) = parse_clock(hhmm)?;
    let minutes = u16::from(h) * 60 + u16::from(m);
    Some(if h < 6 { minutes + 24 * 60 } else { minutes })
}

/// Minutes as given by [`left_work_minutes`] back to "HH:MM" (25 h 30 min
/// is "01:30").
pub fn clock(minutes: u16) -> String {
    let m = minutes % (24 * 60);
    format!("{:02}:{:02}", m / 60, m % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answers::Answer;

    #[test]
    fn later_departures_compare_larger() {
        assert_eq!(left_work_minutes("18:05"), Some(18 * 60 + 5));
        assert!(left_work_minutes("01:30") > left_work_minutes("23:59"));
        assert!(left_work_minutes("06:00") < left_work_minutes("05:59"));
        assert_eq!(left_work_minutes("7:15"), Some(7 * 60 + 15));
        assert_eq!(left_work_minutes("24:00"), None);
    }

    #[test]
    fn clock_inverts_left_work_minutes() {
        for t in ["00:00", "01:30", "05:59", "06:00", "18:05", "23:59"] {
            assert_eq!(clock(left_work_minutes(t).unwrap()), t);
        }
    }

    #[test]
    fn departures_read_each_players_answer() {
        let answered =
            |t: &str| PlayerProfile::default().with(LEFT_WORK_AT, Answer::Text(t.into()));
        let players = [
            answered("01:30"),
            PlayerProfile::default(),
            answered("19:00"),
        ];
        assert_eq!(
            departures(&players),
            Ok(vec![Some(25 * 60 + 30), None, Some(19 * 60)])
        );
        let damaged = [PlayerProfile::default().with(LEFT_WORK_AT, Answer::YesNo(true))];
        assert!(matches!(
            departures(&damaged),
            Err(SetupError::Answers { seat: 0, .. })
        ));
    }
}
