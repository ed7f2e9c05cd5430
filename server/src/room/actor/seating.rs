//! Who plays each seat: bots in seats of their own, bots standing in for
//! away players, seats given up or taken over during the game, free seats
//! removed before the start, and the host's rights passed on.
//!
//! Every change is written to the store before the room's memory changes,
//! like a seat taken with `join`, so a restart finds the seats as everyone
//! last heard them.

use cubicle_games::bots::{Bot, Budget};
use cubicle_protocol::{AwayChoice, BotLevel, ErrorCode, RoomStatus, Seat, ServerMessage, You};

use super::{lobby, Occupant, Refusal, Resync, Room, Source};
use crate::ids::{new_token, TokenHash};
use crate::room::robots::{self, BotMove, Thinking};
use crate::room::ConnId;
use crate::store::{SeatPlayer, Write};

impl Room {
    /// The level of the bot playing `seat` now, if any.
    pub(super) fn bot_of(&self, seat: Seat) -> Option<BotLevel> {
        self.occupant(seat).and_then(|o| o.player.bot)
    }

    /// The level of the bot standing in for `seat`'s away player, if any.
    pub(super) fn stand_in_of(&self, seat: Seat) -> Option<BotLevel> {
        self.occupant(seat)
            .filter(|o| o.player.human)
            .and_then(|o| o.player.bot)
    }

    /// Whether `seat` is a bot's own (not a person's with a stand-in).
    fn is_bot_seat(&self, seat: Seat) -> bool {
        self.occupant(seat).is_some_and(|o| !o.player.human)
    }

    pub(super) fn occupant(&self, seat: Seat) -> Option<&Occupant> {
        self.seats.get(usize::from(seat))?.as_ref()
    }

    fn is_connected(&self, seat: Seat) -> bool {
        self.conns.values().any(|c| c.seat == Some(seat))
    }

    /// Whether a bot takes over `seat` when its clock runs out: its player
    /// is a person, away, and the host did not choose to wait for them.
    pub(super) fn stands_in_by_default(&self, seat: Seat) -> bool {
        self.occupant(seat)
            .is_some_and(|o| o.player.human && o.player.bot.is_none())
            && !self.is_connected(seat)
            && !self.waiting.contains(&seat)
    }

    fn require_host(&self, conn: ConnId, what: &str) -> Result<(), Refusal> {
        if self.conns[&conn].host {
            Ok(())
        } else {
            Err(Refusal::new(
                ErrorCode::NotHost,
                format!("only the room's host can {what}"),
            ))
        }
    }

    fn require_lobby(&self) -> Result<(), Refusal> {
        if self.status == RoomStatus::Lobby {
            Ok(())
        } else {
            Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the game has started: seats are kept",
            ))
        }
    }

    fn seat_in_range(&self, seat: Seat) -> Result<(), Refusal> {
        if usize::from(seat) < self.seats.len() {
            Ok(())
        } else {
            Err(Refusal::new(
                ErrorCode::BadMessage,
                format!("this table has seats 0 to {}", self.seats.len() - 1),
            ))
        }
    }

    /// The seat a lobby request takes: `wanted` if it exists and is free,
    /// else the lowest free seat.
    pub(super) fn free_seat(&self, wanted: Option<Seat>) -> Result<Seat, Refusal> {
        match wanted {
            Some(s) => {
                self.seat_in_range(s)?;
                if self.seats[usize::from(s)].is_some() {
                    return Err(Refusal::new(ErrorCode::SeatTaken, "that seat is taken"));
                }
                Ok(s)
            }
            None => self
                .seats
                .iter()
                .position(Option::is_none)
                .map(|s| s as Seat)
                .ok_or_else(|| Refusal::new(ErrorCode::RoomFull, "every seat is taken")),
        }
    }

    /// `add_bot`: a bot takes a free seat before the start.
    pub(super) async fn add_bot(
        &mut self,
        conn: ConnId,
        seat: Option<Seat>,
        level: BotLevel,
    ) -> Result<(), Refusal> {
        self.require_host(conn, "add a bot")?;
        self.require_lobby()?;
        let seat = self.free_seat(seat)?;
        // A token nobody holds: a bot's seat opens to no connection.
        let token = TokenHash::of(&new_token());
        let name = robots::bot_name(level, seat);
        let player = SeatPlayer::bot(level);
        let write = Write::TakeSeat {
            room_id: self.id.clone(),
            seat,
            token_hash: token,
            name: name.clone(),
            answers: Default::default(),
            player,
            // A bot adds nothing to the seed: its seat's share would be the
            // server's choice, and the server already has its own.
            contribution: String::new(),
        };
        if let Err(e) = self.store.write(write).await {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.seats[usize::from(seat)] = Some(Occupant {
            token,
            name,
            answers: Default::default(),
            player,
            contribution: String::new(),
            pending: false,
        });
        tracing::info!(room = %self.id, seat, level = level.name(), "bot seated");
        Ok(())
    }

    /// `remove_bot`: a bot's seat is free again before the start.
    pub(super) async fn remove_bot(&mut self, conn: ConnId, seat: Seat) -> Result<(), Refusal> {
        self.require_host(conn, "remove a bot")?;
        self.require_lobby()?;
        self.seat_in_range(seat)?;
        if !self.is_bot_seat(seat) {
            return Err(Refusal::new(ErrorCode::NotABot, "no bot sits there"));
        }
        let write = Write::FreeSeat {
            room_id: self.id.clone(),
            seat,
        };
        if let Err(e) = self.store.write(write).await {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.seats[usize::from(seat)] = None;
        tracing::info!(room = %self.id, seat, "bot removed");
        Ok(())
    }

    /// `remove_empty_seats`: the seated close up, in order, from seat 0.
    pub(super) async fn remove_empty_seats(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.require_host(conn, "remove seats")?;
        self.require_lobby()?;
        let from: Vec<Seat> = (0..self.seats.len() as Seat)
            .filter(|&s| self.occupant(s).is_some())
            .collect();
        if from.len() == self.seats.len() {
            return Ok(());
        }
        let min = (self.entry.info)().min_seats;
        if from.len() < usize::from(min) {
            return Err(Refusal::new(
                ErrorCode::TooFewSeats,
                format!("this game needs at least {min} players"),
            ));
        }
        let write = Write::Renumber {
            room_id: self.id.clone(),
            from: from.clone(),
        };
        if let Err(e) = self.store.write(write).await {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.seats = std::mem::take(&mut self.seats)
            .into_iter()
            .flatten()
            .map(Some)
            .collect();
        let renumbered: Vec<ConnId> = self
            .conns
            .iter_mut()
            .filter_map(|(id, c)| {
                let old = c.seat?;
                let new = from.iter().position(|&s| s == old)? as Seat;
                c.seat = Some(new);
                (new != old).then_some(*id)
            })
            .collect();
        for conn in renumbered {
            self.tell_you(conn);
        }
        tracing::info!(room = %self.id, seats = from.len(), "empty seats removed");
        Ok(())
    }

    /// `away`: the host decides for a seat whose player is away.
    pub(super) async fn away(
        &mut self,
        conn: ConnId,
        seat: Seat,
        choice: AwayChoice,
        level: Option<BotLevel>,
    ) -> Result<(), Refusal> {
        self.require_host(conn, "decide for an away seat")?;
        if self.status != RoomStatus::Playing {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "away seats are decided during the game",
            ));
        }
        self.seat_in_range(seat)?;
        let person = self.occupant(seat).is_some_and(|o| o.player.human);
        if !person || self.is_connected(seat) {
            return Err(Refusal::new(
                ErrorCode::NotAway,
                "only a seat whose player is away can be decided for",
            ));
        }
        let level = level.unwrap_or(robots::STAND_IN_LEVEL);
        match choice {
            AwayChoice::Wait => {
                if self.stand_in_of(seat).is_some() {
                    self.stand_in(seat, None).await?;
                }
                self.waiting.insert(seat);
            }
            AwayChoice::Bot => {
                self.stand_in(seat, Some(level)).await?;
                self.waiting.remove(&seat);
            }
            AwayChoice::Open => self.open_seat(seat, level).await?,
        }
        tracing::info!(room = %self.id, seat, ?choice, "host decided for an away seat");
        Ok(())
    }

    /// A person's seat becomes a bot's own: the old token opens nothing, and
    /// anyone may take the seat over with `join`.
    async fn open_seat(&mut self, seat: Seat, level: BotLevel) -> Result<(), Refusal> {
        let token = TokenHash::of(&new_token());
        let name = robots::bot_name(level, seat);
        let player = SeatPlayer::bot(level);
        let write = Write::ReplaceSeat {
            room_id: self.id.clone(),
            seat,
            token_hash: token,
            name: name.clone(),
            player,
        };
        if let Err(e) = self.store.write(write).await {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.seats[usize::from(seat)] = Some(Occupant {
            token,
            name,
            answers: Default::default(),
            player,
            // The game is dealt: a contribution now would change nothing.
            contribution: String::new(),
            pending: false,
        });
        self.waiting.remove(&seat);
        let left: Vec<ConnId> = self
            .conns
            .iter_mut()
            .filter(|(_, c)| c.seat == Some(seat))
            .map(|(id, c)| {
                c.seat = None;
                *id
            })
            .collect();
        for conn in left {
            self.tell_you(conn);
        }
        Ok(())
    }

    /// `join` during the game: a newcomer takes over a bot's own seat.
    pub(super) async fn take_over(
        &mut self,
        conn: ConnId,
        name: &str,
        seat: Option<Seat>,
    ) -> Result<(), Refusal> {
        let c = &self.conns[&conn];
        if c.seat.is_some() || (c.host && self.seat_of(self.host).is_some()) {
            return Err(Refusal::new(
                ErrorCode::AlreadySeated,
                "you already have a seat",
            ));
        }
        let Some(seat) = seat else {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the game has started: name the bot's seat to take over",
            ));
        };
        self.seat_in_range(seat)?;
        if !self.is_bot_seat(seat) {
            return Err(Refusal::new(
                ErrorCode::SeatTaken,
                "only a bot's own seat can be taken over during the game",
            ));
        }
        let name = lobby::clean_name(name).map_err(|m| Refusal::new(ErrorCode::BadName, m))?;
        let clash = self.seats.iter().enumerate().any(|(s, o)| {
            s != usize::from(seat) && o.as_ref().is_some_and(|o| lobby::same_name(&o.name, &name))
        });
        if clash {
            return Err(Refusal::new(
                ErrorCode::BadName,
                "someone at this table already has that name",
            ));
        }
        let (token, token_hash) = self.new_seat_token(conn);
        let write = Write::ReplaceSeat {
            room_id: self.id.clone(),
            seat,
            token_hash,
            name: name.clone(),
            player: SeatPlayer::PERSON,
        };
        if let Err(e) = self.store.write(write).await {
            return Err(self.store_failed(e, Resync::Join { conn, seat, token }));
        }
        // The game started with the bot's (empty) answers; they stay.
        let answers = self.seats[usize::from(seat)]
            .take()
            .map(|o| o.answers)
            .unwrap_or_default();
        let person = Occupant {
            token: token_hash,
            name,
            answers,
            player: SeatPlayer::PERSON,
            // The deal is done: a contribution now would change nothing.
            contribution: String::new(),
            pending: false,
        };
        self.seat_person(conn, seat, token, person);
        // The newcomer gets the game as the seat sees it.
        self.send_snapshot(conn);
        tracing::info!(room = %self.id, seat, "a bot's seat taken over");
        Ok(())
    }

    /// `take_back`: the seat's player sends the bot standing in away.
    pub(super) async fn take_back(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let seat = self.conns[&conn]
            .seat
            .ok_or_else(|| Refusal::new(ErrorCode::NotSeated, "you have no seat"))?;
        if self.stand_in_of(seat).is_none() {
            return Err(Refusal::new(
                ErrorCode::NotStandingIn,
                "no bot is playing for you",
            ));
        }
        self.stand_in(seat, None).await
    }

    /// A connection for `seat` arrived: its player is back. Whether a bot
    /// stepped aside.
    pub(super) async fn come_back(&mut self, seat: Seat) -> bool {
        self.waiting.remove(&seat);
        if self.stand_in_of(seat).is_none() {
            return false;
        }
        match self.stand_in(seat, None).await {
            Ok(()) => true,
            Err(refusal) => {
                tracing::warn!(room = %self.id, seat, message = %refusal.message, "the bot standing in could not step aside");
                false
            }
        }
    }

    /// A bot starts (`Some`) or stops (`None`) standing in for `seat`.
    pub(super) async fn stand_in(
        &mut self,
        seat: Seat,
        bot: Option<BotLevel>,
    ) -> Result<(), Refusal> {
        let write = Write::StandIn {
            room_id: self.id.clone(),
            seat,
            bot,
        };
        if let Err(e) = self.store.write(write).await {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        if let Some(Some(o)) = self.seats.get_mut(usize::from(seat)) {
            o.player.bot = bot;
        }
        tracing::info!(room = %self.id, seat, bot = bot.map(BotLevel::name), "stand-in changed");
        Ok(())
    }

    /// `pass_host`: the player in `seat` becomes the host.
    pub(super) async fn pass_host(&mut self, conn: ConnId, seat: Seat) -> Result<(), Refusal> {
        self.require_host(conn, "pass the host's rights")?;
        self.seat_in_range(seat)?;
        let occupant = self
            .occupant(seat)
            .ok_or_else(|| Refusal::new(ErrorCode::NotSeated, "nobody sits there"))?;
        if !occupant.player.human {
            return Err(Refusal::new(ErrorCode::NotABot, "a bot cannot host"));
        }
        let token = occupant.token;
        if token == self.host {
            return Ok(());
        }
        let write = Write::PassHost {
            room_id: self.id.clone(),
            token_hash: token,
        };
        if let Err(e) = self.store.write(write).await {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.host = token;
        let changed: Vec<ConnId> = self
            .conns
            .iter_mut()
            .filter_map(|(id, c)| {
                let host = c.seat == Some(seat);
                if c.host == host {
                    return None;
                }
                c.host = host;
                c.host_token = None;
                Some(*id)
            })
            .collect();
        for conn in changed {
            self.tell_you(conn);
        }
        tracing::info!(room = %self.id, seat, "host rights passed");
        Ok(())
    }

    /// Tells `conn` who it is now.
    fn tell_you(&mut self, conn: ConnId) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let you = You {
            seat: c.seat,
            host: c.host,
        };
        self.send(conn, &ServerMessage::You { you });
    }

    /// Asks a bot for a decision if a seat a bot plays owes one and no bot
    /// is thinking already.
    pub(super) fn ask_bot(&mut self) {
        if self.thinking.is_some() || self.resync.is_some() {
            return;
        }
        let Some(game) = &self.game else { return };
        if game.table.outcome().is_some() || self.bot_stuck == Some(game.actions) {
            return;
        }
        // Most rooms have no bot: nothing to ask, nothing to compute.
        if !self.seats.iter().flatten().any(|o| o.player.bot.is_some()) {
            return;
        }
        let asked = game.table.to_act().into_iter().find_map(|seat| {
            let level = self.bot_of(seat)?;
            Some((
                Thinking {
                    seat,
                    actions: game.actions,
                },
                level,
            ))
        });
        let Some((asked, level)) = asked else { return };
        let bot = Bot::new(level, &robots::bot_seed(&self.seed, asked))
            .with_budget(Budget::Time(self.settings.bots.think));
        let Some(task) = game.table.bot_task(asked.seat, bot) else {
            tracing::error!(room = %self.id, game = self.entry.id, "this game has no bots");
            self.bot_stuck = Some(asked.actions);
            return;
        };
        self.thinking = Some(asked);
        robots::think(task, asked, self.settings.bots.delay, self.bot_tx.clone());
    }

    /// A bot answered: its action is played if the game is still where the
    /// bot saw it and the bot still plays the seat.
    pub(super) async fn bot_moved(&mut self, moved: BotMove) {
        if self.thinking != Some(moved.asked) {
            return;
        }
        self.thinking = None;
        let Thinking { seat, actions } = moved.asked;
        let current = self.game.as_ref().map(|g| g.actions);
        if current != Some(actions) || self.bot_of(seat).is_none() {
            return;
        }
        let Some(action) = moved.action else {
            tracing::warn!(room = %self.id, seat, "a bot found nothing to play");
            self.bot_stuck = Some(actions);
            return;
        };
        let id = format!("{}{}", robots::BOT_ID_PREFIX, actions + 1);
        if let Err(refusal) = self.perform(seat, &id, &action, Source::Bot).await {
            tracing::error!(room = %self.id, seat, %action, message = %refusal.message, "a bot's action was refused");
            self.bot_stuck = Some(actions);
        }
        self.settle(None);
    }
}
