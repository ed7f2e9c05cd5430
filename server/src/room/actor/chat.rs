//! Table chat: a line from a seated player, the host or a spectator goes to
//! everyone in the room, once it is saved (like an action, nobody sees a
//! line a restart could lose). The room keeps its latest lines for
//! `welcome`; the store keeps them all, with the room.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use cubicle_protocol::{ChatLine, ErrorCode, ServerMessage, CHAT_HISTORY, MAX_CHAT_CHARS};

use super::{lobby, messages, Refusal, Resync, Room};
use crate::room::ConnId;
use crate::store::Write;

/// Lines one connection may send per [`CHAT_WINDOW`].
pub const CHAT_BURST: usize = 5;
/// The window [`CHAT_BURST`] counts over.
pub const CHAT_WINDOW: Duration = Duration::from_secs(10);

/// The name an unseated host speaks under.
const HOST_NAME: &str = "Host";

/// A connection's recent chat lines, for its rate limit.
#[derive(Debug, Default)]
pub(super) struct ChatRate {
    sent: VecDeque<Instant>,
}

impl ChatRate {
    /// Whether one more line may go now (and counts it if so).
    fn allow(&mut self, now: Instant) -> bool {
        while self
            .sent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= CHAT_WINDOW)
        {
            self.sent.pop_front();
        }
        if self.sent.len() >= CHAT_BURST {
            return false;
        }
        self.sent.push_back(now);
        true
    }
}

/// The room's latest lines and the next line's number.
#[derive(Debug, Default)]
pub(super) struct ChatLog {
    lines: VecDeque<ChatLine>,
    next_id: u64,
}

impl ChatLog {
    /// The log as the store gave it (oldest first).
    pub(super) fn restored(lines: Vec<ChatLine>) -> ChatLog {
        let next_id = lines.last().map_or(1, |l| l.id + 1);
        ChatLog {
            lines: lines.into(),
            next_id,
        }
    }

    pub(super) fn latest(&self) -> Vec<ChatLine> {
        self.lines.iter().cloned().collect()
    }

    fn push(&mut self, line: ChatLine) {
        self.next_id = line.id + 1;
        self.lines.push_back(line);
        while self.lines.len() > CHAT_HISTORY {
            self.lines.pop_front();
        }
    }
}

/// A chat line as it will be stored and shown: trimmed, 1 to
/// [`MAX_CHAT_CHARS`] characters, one line, no control characters and no
/// bidi controls (which would reorder the page around it).
pub fn check_text(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("a chat line needs some text".into());
    }
    if text.chars().count() > MAX_CHAT_CHARS {
        return Err(format!(
            "chat lines are at most {MAX_CHAT_CHARS} characters"
        ));
    }
    if text.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return Err("chat lines are one line of text, without control characters".into());
    }
    Ok(text.to_owned())
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

impl Room {
    /// `chat`: saves the line, then sends it to everyone.
    pub(super) async fn chat(
        &mut self,
        conn: ConnId,
        text: &str,
        name: Option<&str>,
    ) -> Result<(), Refusal> {
        let text = check_text(text).map_err(|m| Refusal::new(ErrorCode::BadChat, m))?;
        let c = &self.conns[&conn];
        let (seat, host) = (c.seat, c.host);
        let (name, spectator) = match (seat, host) {
            (Some(seat), _) => (
                self.occupant(seat)
                    .map(|o| o.name.clone())
                    .unwrap_or_default(),
                false,
            ),
            (None, true) => (HOST_NAME.to_owned(), false),
            (None, false) => {
                let name = name.ok_or_else(|| {
                    Refusal::new(ErrorCode::BadChat, "a spectator's chat line needs a name")
                })?;
                let name =
                    lobby::clean_name(name).map_err(|m| Refusal::new(ErrorCode::BadChat, m))?;
                (name, true)
            }
        };
        let allowed = self
            .conns
            .get_mut(&conn)
            .is_some_and(|c| c.chat_rate.allow(Instant::now()));
        if !allowed {
            return Err(Refusal::new(
                ErrorCode::RateLimited,
                format!(
                    "at most {CHAT_BURST} chat lines every {} seconds",
                    CHAT_WINDOW.as_secs()
                ),
            ));
        }
        let line = ChatLine {
            id: self.chat.next_id,
            at_ms: self.wall.now_ms(),
            seat,
            name,
            spectator,
            text,
        };
        let saved = self
            .store
            .write(Write::Chat {
                room_id: self.id.clone(),
                line: line.clone(),
            })
            .await;
        if let Err(e) = saved {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.chat.push(line.clone());
        let text = messages::text(&ServerMessage::Chat { line });
        let everyone: Vec<ConnId> = self.conns.keys().copied().collect();
        for conn in everyone {
            self.send_text(conn, text.clone());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_text_is_one_trimmed_line_of_bounded_length() {
        assert_eq!(check_text("  hello  ").unwrap(), "hello");
        assert_eq!(
            check_text("お疲れさまでした！").unwrap(),
            "お疲れさまでした！"
        );
        assert!(check_text("👨‍👩‍👧 family emoji keep their joiners").is_ok());
        assert!(check_text("   ").is_err());
        assert!(check_text("two\nlines").is_err());
        assert!(check_text("bell\u{7}").is_err());
        assert!(check_text("evil \u{202E}txet").is_err());
        assert!(check_text(&"x".repeat(MAX_CHAT_CHARS)).is_ok());
        assert!(check_text(&"x".repeat(MAX_CHAT_CHARS + 1)).is_err());
    }

    #[test]
    fn a_connection_sends_a_burst_then_waits_for_the_window() {
        let mut rate = ChatRate::default();
        let start = Instant::now();
        for _ in 0..CHAT_BURST {
            assert!(rate.allow(start));
        }
        assert!(!rate.allow(start + Duration::from_secs(1)));
        assert!(rate.allow(start + CHAT_WINDOW));
    }

    #[test]
    fn the_log_keeps_the_latest_lines_and_counts_on() {
        let line = |id| ChatLine {
            id,
            at_ms: 0,
            seat: None,
            name: "Aki".into(),
            spectator: true,
            text: "hi".into(),
        };
        let mut log = ChatLog::restored((1..=3).map(line).collect());
        assert_eq!(log.next_id, 4);
        for id in 4..=(CHAT_HISTORY as u64 + 10) {
            log.push(line(id));
        }
        let latest = log.latest();
        assert_eq!(latest.len(), CHAT_HISTORY);
        assert_eq!(latest.last().unwrap().id, CHAT_HISTORY as u64 + 10);
        assert_eq!(ChatLog::restored(Vec::new()).next_id, 1);
    }
}
