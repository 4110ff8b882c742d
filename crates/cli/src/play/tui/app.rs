//! The full-screen game: its state, what each key and click does, and
//! what the screen shows. The terminal loop (`mod.rs`) only feeds it
//! events and the time.

use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use ratatui::Frame;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use wari_engine::{Level, Limits, Score, SearchResult};
use wari_i18n::{Arg, message};
use wari_rules::{Move, Side};

use super::animation::{Animation, seed_delay};
use super::board::Geometry;
use super::view;
use crate::play::computer::{Computer, Purpose};
use crate::play::files;
use crate::play::session::{self, Player, Session};
use crate::play::words::{self, Language};

/// How long a hint or the judging of an offer searches.
const ADVICE_TIME: Duration = Duration::from_millis(500);

/// The pause between moves when the computer plays itself.
const WATCH_PAUSE: Duration = Duration::from_millis(400);

/// A window over the game that takes the keys until it is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// The keys.
    Help,
    /// A yes-or-no question.
    Confirm(Question),
    /// The file to save the game to: the name proposed, or as typed.
    SavePath {
        /// The name.
        path: String,
        /// Whether it was edited: the first key typed over the proposed
        /// name replaces it.
        edited: bool,
    },
}

/// What a yes-or-no question is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// This side resigns.
    Resign(Side),
    /// Leave the game.
    Quit,
    /// This side offered to end by the cycle rule; the other answers.
    AcceptCycle(Side),
    /// This side (a person) means to offer to end by the cycle rule.
    OfferCycle(Side),
}

/// A line for the player: news, or why something could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// What it says.
    pub text: String,
    /// Whether it is a refusal (shown in red).
    pub error: bool,
}

/// The full-screen game.
#[derive(Debug)]
pub struct App {
    pub(super) session: Session,
    computer: Option<Computer>,
    pub(super) speed: u8,
    pub(super) flipped: bool,
    /// The column (from the owner's left) the arrows have chosen in each
    /// side's row.
    pub(super) cursor: [u8; 2],
    pub(super) animation: Option<Animation>,
    pub(super) dialog: Option<Dialog>,
    pub(super) status: Option<Status>,
    pub(super) hint: Option<(Move, Score)>,
    pub(super) paused: bool,
    computer_ready_at: Option<Instant>,
    quit: bool,
    /// Where the board was last drawn, for the mouse.
    pub(super) board_area: Rect,
}

impl App {
    /// The game on screen, the person's row at the bottom.
    pub fn new(session: Session, speed: u8) -> App {
        let settings = *session.settings();
        let flipped = settings.against_computer() && settings.player(Side::North) == Player::Human;
        App {
            session,
            computer: None,
            speed,
            flipped,
            cursor: [0; 2],
            animation: None,
            dialog: None,
            status: None,
            hint: None,
            paused: false,
            computer_ready_at: None,
            quit: false,
            board_area: Rect::default(),
        }
    }

    /// The game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The status line, if it says something.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// The dialog open, if any.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// Whether the board is turned round (South's row on top).
    pub fn is_flipped(&self) -> bool {
        self.flipped
    }

    /// Whether a move is being animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }

    /// Whether the player left.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the engine is searching, and what for.
    pub fn thinking(&self) -> Option<Purpose> {
        self.computer.as_ref().and_then(Computer::pending)
    }

    /// How long the loop may wait for a key before the screen needs
    /// drawing again.
    pub fn patience(&self) -> Duration {
        if self.animation.is_some() || self.thinking().is_some() {
            Duration::from_millis(25)
        } else {
            Duration::from_millis(100)
        }
    }

    /// The language the game speaks.
    pub fn lang(&self) -> Language {
        self.session.settings().lang
    }

    /// The message `key` in the game's language.
    pub fn say(&self, key: &str, args: &[(&str, Arg)]) -> String {
        message(self.lang(), key, args)
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            error: false,
        });
    }

    fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            text: text.into(),
            error: true,
        });
    }

    fn computer(&mut self) -> &mut Computer {
        let seed = self.session.settings().seed;
        self.computer.get_or_insert_with(|| Computer::spawn(seed))
    }

    fn cancel_search(&mut self) {
        if let Some(computer) = &mut self.computer {
            computer.cancel();
        }
    }

    /// Time passes: the animation ends, the clock of the player to move
    /// starts (only then), a flag may fall, the engine answers or is asked
    /// for the computer's move.
    pub fn tick(&mut self, now: Instant) {
        if let Some(result) = self.computer.as_mut().and_then(Computer::poll) {
            self.on_search(result, now);
        }
        if self.animation.as_ref().is_some_and(|a| a.is_done(now)) {
            self.animation = None;
        }
        if self.animation.is_some() {
            return;
        }
        if self.session.tick(now) {
            self.cancel_search();
        }
        self.session.start_clock(now);
        let ready = self.computer_ready_at.is_none_or(|t| now >= t);
        if self.session.computer_to_move() && !self.paused && self.thinking().is_none() && ready {
            let limits = self.session.computer_limits(now);
            let level = self.session.settings().level;
            let game = self.session.game().clone();
            self.computer().start(Purpose::Move, &game, limits, level);
        }
    }

    fn on_search(&mut self, (purpose, result): (Purpose, SearchResult), now: Instant) {
        match purpose {
            Purpose::Move => {
                if let (true, Some(m)) = (self.session.computer_to_move(), result.best) {
                    self.play(m, now);
                }
            }
            Purpose::Hint => {
                if let Some(m) = result.best {
                    self.hint = Some((m, result.score));
                    let score = words::score(self.lang(), result.score);
                    let text = self.say(
                        "cli-hint",
                        &[("move", m.to_string().into()), ("score", score.into())],
                    );
                    self.info(text);
                }
            }
            Purpose::Offer => {
                let Some(turn) = self.session.to_move() else {
                    return;
                };
                let judge = turn.opposite();
                if session::accepts_cycle(self.session.position(), judge, result.score) {
                    self.session.end_by_agreement(now);
                    self.info(self.say("cli-tui-computer-accepts", &[]));
                } else {
                    let margin = session::cycle_margin(self.session.position(), judge);
                    let score = words::score(self.lang(), result.score.flipped());
                    let text = self.say(
                        "cli-tui-computer-declines",
                        &[
                            ("margin", format!("{margin:+}").into()),
                            ("score", score.into()),
                        ],
                    );
                    self.info(text);
                }
            }
        }
    }

    /// Plays a move for the player to move and starts its animation.
    fn play(&mut self, m: Move, now: Instant) {
        let by_computer = self.session.computer_to_move();
        match self.session.play(m, now) {
            Ok(()) => {
                self.cancel_search();
                self.hint = None;
                self.status = None;
                let mut end = now;
                if let (Some(step), Some(sowing)) =
                    (seed_delay(self.speed), self.session.last_move())
                {
                    let animation = Animation::new(sowing, now, step);
                    end = animation.end();
                    self.animation = Some(animation);
                }
                self.computer_ready_at = (by_computer
                    && !self.session.settings().against_computer())
                .then_some(end + WATCH_PAUSE);
            }
            Err(e) => self.error(words::play_error(self.lang(), &e)),
        }
    }

    /// A pit of the side to move chosen by key or arrow.
    fn choose(&mut self, column: u8, now: Instant) {
        match self.session.to_move() {
            Some(side) => self.choose_pit(Move::new(side, column), now),
            None => self.error(self.say("cli-tui-over-new-game", &[])),
        }
    }

    /// The pit the arrows have chosen.
    fn choose_cursor(&mut self, now: Instant) {
        if let Some(side) = self.session.to_move() {
            self.choose(self.cursor[side.index()], now);
        }
    }

    /// A pit chosen by key, arrow or click: a move if a person is to
    /// move, or why it cannot be.
    fn choose_pit(&mut self, m: Move, now: Instant) {
        if self.session.game().is_over() {
            return self.error(self.say("cli-tui-over-new-game", &[]));
        }
        if !self.session.human_to_move() {
            return self.error(self.say("cli-tui-computers-turn", &[]));
        }
        if Some(m.side()) == self.session.to_move() {
            self.cursor[m.side().index()] = m.column();
        }
        self.play(m, now);
    }

    /// A key was pressed.
    pub fn on_key(&mut self, key: KeyEvent, now: Instant) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        // Any key skips the animation, and only that.
        if self.animation.take().is_some() {
            if let Some(t) = &mut self.computer_ready_at {
                *t = now + WATCH_PAUSE;
            }
            return;
        }
        if let Some(dialog) = self.dialog.take() {
            return self.on_dialog_key(dialog, key, now);
        }
        let KeyCode::Char(c) = key.code else {
            return self.on_special_key(key.code, now);
        };
        match c {
            'a'..='f' => self.choose(c as u8 - b'a', now),
            'A'..='F' => self.choose(c as u8 - b'A', now),
            'u' => self.undo(now),
            'r' => self.redo(now),
            'h' => self.ask_hint(),
            'o' => self.offer_cycle(),
            'R' => self.ask_resign(),
            't' => self.flipped = !self.flipped,
            's' => {
                let name = files::default_save_name(SystemTime::now());
                self.dialog = Some(Dialog::SavePath {
                    path: name,
                    edited: false,
                });
            }
            'n' if self.session.game().is_over() => self.new_game(),
            'p' if !self.session.settings().players.contains(&Player::Human) => {
                self.paused = !self.paused;
                let key = if self.paused {
                    "cli-tui-paused-status"
                } else {
                    "cli-tui-plays-on"
                };
                self.info(self.say(key, &[]));
            }
            'q' => self.ask_quit(),
            '?' => self.dialog = Some(Dialog::Help),
            ' ' => self.choose_cursor(now),
            _ => self.error(self.say("cli-tui-no-such-key", &[("key", format!("{c:?}").into())])),
        }
    }

    fn on_special_key(&mut self, code: KeyCode, now: Instant) {
        match code {
            KeyCode::Left => self.move_cursor(-1),
            KeyCode::Right => self.move_cursor(1),
            KeyCode::Enter => self.choose_cursor(now),
            KeyCode::Esc => self.ask_quit(),
            _ => {}
        }
    }

    /// Moves the cursor one pit left or right on the screen.
    fn move_cursor(&mut self, right: i8) {
        let Some(side) = self.session.to_move() else {
            return;
        };
        // The top row reads right to left from its owner's view.
        let top = if self.flipped {
            Side::South
        } else {
            Side::North
        };
        let step = if side == top { -right } else { right };
        let last = self.session.position().pits() as i8 - 1;
        let cursor = &mut self.cursor[side.index()];
        *cursor = (*cursor as i8 + step).clamp(0, last) as u8;
    }

    fn on_dialog_key(&mut self, dialog: Dialog, key: KeyEvent, now: Instant) {
        match dialog {
            Dialog::Help => {}
            Dialog::Confirm(question) => {
                // y, Enter, or the language's key for yes (s for sí).
                let yes_key = self.say("cli-tui-yes-key", &[]);
                let yes = match key.code {
                    KeyCode::Char(c) => {
                        c.eq_ignore_ascii_case(&'y') || yes_key.chars().eq(c.to_lowercase())
                    }
                    KeyCode::Enter => true,
                    _ => false,
                };
                match (question, yes) {
                    (Question::Resign(side), true) => {
                        self.cancel_search();
                        self.session.resign(side, now);
                    }
                    (Question::Quit, true) => self.quit = true,
                    (Question::AcceptCycle(_), true) => {
                        self.session.end_by_agreement(now);
                        self.info(self.say("cli-tui-accepted", &[]));
                    }
                    (Question::AcceptCycle(offerer), false) => {
                        let side = words::side(offerer.opposite());
                        self.info(self.say("cli-tui-declines-offer", &[("side", side)]));
                    }
                    (Question::OfferCycle(side), true) => self.make_cycle_offer(side),
                    (_, false) => self.status = None,
                }
            }
            Dialog::SavePath { mut path, edited } => {
                let control = key.modifiers.contains(KeyModifiers::CONTROL);
                match key.code {
                    KeyCode::Enter => return self.save(path.trim()),
                    KeyCode::Esc => return self.info(self.say("cli-tui-not-saved", &[])),
                    // Ctrl-U clears the line, as in a shell.
                    KeyCode::Char('u') if control => path.clear(),
                    KeyCode::Backspace => {
                        path.pop();
                    }
                    KeyCode::Char(c) if !control => {
                        if !edited {
                            path.clear();
                        }
                        path.push(c);
                    }
                    _ => {
                        self.dialog = Some(Dialog::SavePath { path, edited });
                        return;
                    }
                }
                self.dialog = Some(Dialog::SavePath { path, edited: true });
            }
        }
    }

    fn save(&mut self, path: &str) {
        if path.is_empty() {
            return self.error(self.say("cli-tui-no-file-name", &[]));
        }
        match self.session.save(&PathBuf::from(path)) {
            Ok(()) => self.info(self.say("cli-saved", &[("path", path.into())])),
            Err(e) => self.error(self.say(
                "cli-cannot-write",
                &[
                    ("path", path.into()),
                    ("error", words::io_error(self.lang(), &e).into()),
                ],
            )),
        }
    }

    fn undo(&mut self, now: Instant) {
        self.cancel_search();
        self.hint = None;
        match self.session.undo(now) {
            Ok(moves) if moves.is_empty() => self.info(self.say("cli-end-taken-back", &[])),
            Ok(moves) => {
                let text = wari_rules::record::write_moves(&moves);
                self.info(self.say("cli-took-back", &[("moves", text.into())]));
                self.pause_watching();
            }
            Err(e) => self.error(e.text(self.lang())),
        }
    }

    fn redo(&mut self, now: Instant) {
        self.cancel_search();
        self.hint = None;
        match self.session.redo(now) {
            Ok(moves) => {
                let text = wari_rules::record::write_moves(&moves);
                self.info(self.say("cli-played-again", &[("moves", text.into())]));
                self.pause_watching();
            }
            Err(e) => self.error(e.text(self.lang())),
        }
    }

    /// Stepping through a game the computer plays against itself stops it.
    fn pause_watching(&mut self) {
        if !self.session.settings().players.contains(&Player::Human) {
            self.paused = true;
        }
    }

    fn ask_hint(&mut self) {
        if !self.session.human_to_move() {
            return self.error(self.say("cli-tui-hint-for-person", &[]));
        }
        let game = self.session.game().clone();
        self.computer().start(
            Purpose::Hint,
            &game,
            Limits::movetime(ADVICE_TIME),
            Level::FULL,
        );
        self.info(self.say("cli-tui-looking-for-hint", &[]));
    }

    fn offer_cycle(&mut self) {
        if let Err(e) = self.session.can_offer_cycle() {
            return self.error(e.text(self.lang()));
        }
        let Some(side) = self.session.to_move() else {
            return;
        };
        if !self.session.human_to_move() {
            return self.error(self.say("cli-tui-offer-on-your-turn", &[]));
        }
        self.dialog = Some(Dialog::Confirm(Question::OfferCycle(side)));
    }

    /// `side`'s offer, confirmed: the other person answers, or the
    /// computer judges it.
    fn make_cycle_offer(&mut self, side: Side) {
        if self.session.settings().player(side.opposite()) == Player::Human {
            self.dialog = Some(Dialog::Confirm(Question::AcceptCycle(side)));
            return;
        }
        let game = self.session.game().clone();
        self.computer().start(
            Purpose::Offer,
            &game,
            Limits::movetime(ADVICE_TIME),
            Level::FULL,
        );
        self.info(self.say("cli-tui-computer-considers", &[]));
    }

    fn ask_resign(&mut self) {
        let Some(turn) = self.session.to_move() else {
            return self.error(self.say("cli-game-is-over", &[]));
        };
        let settings = self.session.settings();
        let side = if settings.against_computer() {
            Side::ALL
                .into_iter()
                .find(|&s| settings.player(s) == Player::Human)
                .unwrap_or(turn)
        } else if settings.player(turn) == Player::Human {
            turn
        } else {
            return self.error(self.say("cli-tui-nobody-to-resign", &[]));
        };
        self.dialog = Some(Dialog::Confirm(Question::Resign(side)));
    }

    fn ask_quit(&mut self) {
        if self.session.game().is_over() {
            self.quit = true;
        } else {
            self.dialog = Some(Dialog::Confirm(Question::Quit));
        }
    }

    fn new_game(&mut self) {
        // A new engine: an empty table, and the seed again (or a fresh
        // one) for the new game's random choices.
        self.computer = None;
        self.session = self.session.new_game();
        self.animation = None;
        self.hint = None;
        self.paused = false;
        self.computer_ready_at = None;
        self.cursor = [0; 2];
        self.info(self.say("cli-tui-new-game", &[]));
    }

    /// A mouse event: a click on a pit chooses it.
    pub fn on_mouse(&mut self, mouse: MouseEvent, now: Instant) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        if self.animation.take().is_some() {
            return;
        }
        if self.dialog.is_some() {
            return;
        }
        let pits = self.session.position().pits();
        let geometry = Geometry::new(self.board_area, pits, self.flipped);
        let Some(index) = geometry.pit_at(mouse.column, mouse.row) else {
            return;
        };
        let (side, column) = (Side::ALL[index / pits], (index % pits) as u8);
        self.choose_pit(Move::new(side, column), now);
    }

    /// Draws the screen.
    pub fn draw(&mut self, frame: &mut Frame<'_>, now: Instant) {
        self.board_area = view::draw(self, frame, now);
    }
}
