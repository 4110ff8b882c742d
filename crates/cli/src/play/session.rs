//! A game being played, apart from any screen: who plays each side, the
//! clocks, undo and redo, offers to end by the cycle rule, saving and
//! loading OGN. The full-screen view and the line mode both drive it.

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use wari_engine::{Clock, Level, Limits};
use wari_rules::ogn::Record;
use wari_rules::{
    EndReason, Game, GrandSlam, Move, PlayError, Position, Side, Slot, Sowing, TimeControl,
};

use super::clock::Clocks;
use super::words::Language;
use wari_i18n::message;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// The engine.
    Computer,
}

/// What stays the same from one game to the next.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// South's player, then North's.
    pub players: [Player; 2],
    /// The computer's level.
    pub level: Level,
    /// The clock, if the game has one.
    pub tc: Option<TimeControl>,
    /// The computer's time per move without a clock.
    pub movetime: Duration,
    /// The seed of the computer's random choices in every game; `None`:
    /// a fresh one each game.
    pub seed: Option<u64>,
    /// The language the game speaks.
    pub lang: Language,
}

impl Settings {
    /// Who plays `side`.
    pub fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }

    /// Whether one side is a person and the other the computer: undo and
    /// redo then go back to the person's turn.
    pub fn against_computer(&self) -> bool {
        self.players[0] != self.players[1]
    }

    /// How a side's player is named on the screen and in records.
    pub fn name(&self, side: Side) -> String {
        match (self.player(side), self.against_computer()) {
            (Player::Human, true) => message(self.lang, "cli-player-you", &[]),
            (Player::Human, false) => message(self.lang, "cli-player-human", &[]),
            (Player::Computer, _) => message(
                self.lang,
                "cli-player-computer",
                &[("level", self.level.get().into())],
            ),
        }
    }
}

/// The start of the computer's name in records: `wari level 3`.
const COMPUTER_NAME: &str = "wari level ";

/// The tag that keeps a game's clock in its record: `5+3`.
pub const TIME_CONTROL_TAG: &str = "TimeControl";

/// The player a record names, and the computer's level: `wari level 3`
/// as [`Session::record`] writes it, or `Computer (level 3)` as `wari
/// serve` does, is the computer; anyone else is a person.
pub fn player_named(name: &str) -> (Player, Option<Level>) {
    let level = name
        .strip_prefix(COMPUTER_NAME)
        .or_else(|| {
            name.strip_prefix("Computer (level ")
                .and_then(|rest| rest.strip_suffix(')'))
        })
        .and_then(|n| n.parse::<Level>().ok());
    match level {
        Some(level) => (Player::Computer, Some(level)),
        None => (Player::Human, None),
    }
}

/// Why undo, redo or an offer could not be done: the key of its message
/// in `cli.ftl`. Displays as one line, in English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub &'static str);

impl Refusal {
    /// The refusal in `lang`.
    pub fn text(&self, lang: Language) -> String {
        message(lang, self.0, &[])
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Language::ENGLISH))
    }
}

/// A game in play: the game, its players and clocks, and the moves taken
/// back that redo can play again.
#[derive(Clone, Debug)]
pub struct Session {
    settings: Settings,
    game: Game,
    redo: Vec<Move>,
    clocks: Option<Clocks>,
}

impl Session {
    /// A session playing `game` from where it stands.
    pub fn new(game: Game, settings: Settings) -> Session {
        Session {
            settings,
            game,
            redo: Vec::new(),
            clocks: settings.tc.map(Clocks::new),
        }
    }

    /// A new game from the same start with the same players.
    pub fn new_game(&self) -> Session {
        Session::new(Game::from_position(*self.game.start()), self.settings)
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The position now (rows swept once the game ends so).
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Who moves next, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        (!self.game.is_over()).then(|| self.game.position().turn())
    }

    /// Whether a person is to move.
    pub fn human_to_move(&self) -> bool {
        self.to_move()
            .is_some_and(|s| self.settings.player(s) == Player::Human)
    }

    /// Whether the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.to_move()
            .is_some_and(|s| self.settings.player(s) == Player::Computer)
    }

    /// The clocks, if the game has them.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The moves redo would play again, the next last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// Starts the clock of the player to move (after the animation of the
    /// last move: sowing never costs clock time).
    pub fn start_clock(&mut self, now: Instant) {
        let to_move = self.to_move();
        if let (Some(clocks), Some(side)) = (&mut self.clocks, to_move) {
            clocks.start(side, now);
        }
    }

    /// When the running clock's flag falls, if a clock runs (as of `now`).
    pub fn flag_at(&self, now: Instant) -> Option<Instant> {
        let clocks = self.clocks.as_ref()?;
        let side = clocks.running()?;
        Some(now + clocks.left(side, now))
    }

    /// Ends the game on time if the running clock is at zero. Returns
    /// whether it did.
    pub fn tick(&mut self, now: Instant) -> bool {
        let Some(clocks) = &mut self.clocks else {
            return false;
        };
        match clocks.flagged(now) {
            Some(side) if !self.game.is_over() => {
                clocks.pause(now);
                self.game.lose_on_time(side);
                true
            }
            _ => false,
        }
    }

    /// Plays a move for the player to move.
    ///
    /// # Errors
    /// Why the move is illegal, in RULES.md's words; the game is over
    /// once a flag has fallen.
    pub fn play(&mut self, m: Move, now: Instant) -> Result<(), PlayError> {
        self.tick(now);
        let mover = self.game.position().turn();
        self.game.play(m)?;
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(mover, now);
        }
        // Playing the move redo would play keeps the rest of the line.
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes back the last move; against the computer, back to the
    /// person's turn (the computer's reply with it). After a resignation
    /// or an agreement, only the end is taken back. Returns the moves
    /// taken back, the last first.
    ///
    /// # Errors
    /// At the start, or after a loss on time.
    pub fn undo(&mut self, now: Instant) -> Result<Vec<Move>, Refusal> {
        match self.game.outcome().map(|o| o.reason()) {
            Some(EndReason::Time) => {
                return Err(Refusal("cli-lost-on-time"));
            }
            Some(EndReason::Resignation | EndReason::Agreement) => {
                self.game = replay(*self.game.start(), self.game.moves());
                self.pause_clock(now);
                return Ok(Vec::new());
            }
            _ => {}
        }
        let mut undone = Vec::new();
        while let Some(m) = self.game.undo() {
            undone.push(m);
            self.redo.push(m);
            let back_to_a_person =
                self.settings.player(self.game.position().turn()) == Player::Human;
            if !self.settings.against_computer() || back_to_a_person {
                break;
            }
        }
        if undone.is_empty() {
            return Err(Refusal("cli-nothing-to-undo"));
        }
        self.pause_clock(now);
        Ok(undone)
    }

    /// Plays again the moves undo took back: one, or against the computer
    /// up to the person's next turn. Returns the moves played.
    ///
    /// # Errors
    /// When there is nothing to redo or the game is over.
    pub fn redo(&mut self, now: Instant) -> Result<Vec<Move>, Refusal> {
        if self.game.is_over() {
            return Err(Refusal("cli-game-is-over"));
        }
        let mut done = Vec::new();
        while let Some(&m) = self.redo.last() {
            if self.game.play(m).is_err() {
                self.redo.clear();
                break;
            }
            self.redo.pop();
            done.push(m);
            if !self.settings.against_computer() || !self.computer_to_move() {
                break;
            }
        }
        if done.is_empty() {
            return Err(Refusal("cli-nothing-to-redo"));
        }
        self.pause_clock(now);
        Ok(done)
    }

    fn pause_clock(&mut self, now: Instant) {
        if let Some(clocks) = &mut self.clocks {
            clocks.pause(now);
        }
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side, now: Instant) {
        self.pause_clock(now);
        self.game.resign(side);
    }

    /// Whether an offer to end by the cycle rule can be made now.
    ///
    /// # Errors
    /// Under Kalah (it has no cycle rule) or once the game is over.
    pub fn can_offer_cycle(&self) -> Result<(), Refusal> {
        if self.game.is_over() {
            Err(Refusal("cli-game-is-over"))
        } else if self.game.rules().is_kalah() {
            Err(Refusal("cli-kalah-no-cycle"))
        } else {
            Ok(())
        }
    }

    /// Ends the game by agreement, as the cycle rule would (RULES.md §2.5).
    pub fn end_by_agreement(&mut self, now: Instant) {
        self.pause_clock(now);
        self.game.end_by_agreement();
    }

    /// The search limits for the computer's move now.
    pub fn computer_limits(&self, now: Instant) -> Limits {
        match (&self.clocks, self.to_move()) {
            (Some(clocks), Some(side)) => Limits {
                clock: Some(Clock {
                    remaining: clocks.left(side, now),
                    increment: clocks.increment(),
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
            _ => Limits::movetime(self.settings.movetime),
        }
    }

    /// The last move: how it was sown and what it captured.
    pub fn last_move(&self) -> Option<Sowing> {
        let m = *self.game.moves().last()?;
        let positions = self.game.positions();
        Sowing::of(&positions[positions.len() - 2], m).ok()
    }

    /// The game as an OGN record, with the players' names (as
    /// [`player_named`] reads them back), the date and the clock.
    pub fn record(&self, when: SystemTime) -> Record {
        let mut record = Record::new(self.game.clone());
        record.set_tag("Event", "wari play");
        record.set_tag("Date", &crate::date::utc_date(when, "."));
        for side in Side::ALL {
            let name = match self.settings.player(side) {
                Player::Human => "Human".to_owned(),
                Player::Computer => format!("{COMPUTER_NAME}{}", self.settings.level),
            };
            record.set_tag(&side.to_string(), &name);
        }
        if let Some(tc) = self.settings.tc {
            record.set_tag(TIME_CONTROL_TAG, &tc.to_string());
        }
        record
    }

    /// Writes the game as OGN to `path`.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.record(SystemTime::now()).to_string())
    }

    /// Starts at the beginning of the game, every move ready for redo:
    /// replaying a loaded record.
    pub fn rewind(&mut self) {
        let mut moves = self.game.moves().to_vec();
        moves.reverse();
        self.game = Game::from_position(*self.game.start());
        self.redo = moves;
    }
}

/// The game of `moves` from `start`, without an end by agreement,
/// resignation or time.
fn replay(start: Position, moves: &[Move]) -> Game {
    let mut game = Game::from_position(start);
    for &m in moves {
        game.play(m).expect("the moves were played before");
    }
    game
}

pub use wari_engine::{accepts_cycle, cycle_margin};

/// What a move took, as the status lines tell it after the move's letter,
/// in `lang`: `, captured 5 (a b)`, `, 3 into the store`, `, a grand
/// slam: captures nothing`, or nothing.
pub fn takings(sowing: &Sowing, lang: Language) -> String {
    let pits = sowing.before().pits();
    let text = if sowing.before().rules().is_kalah() {
        let mover = sowing.mover();
        let sown = sowing
            .drops()
            .iter()
            .filter(|&&slot| slot == Slot::Store(mover))
            .count();
        let stored = sown + sowing.captured_seeds() as usize;
        (stored > 0).then(|| message(lang, "cli-takings-store", &[("count", stored.into())]))
    } else {
        let taken = sowing.captured_seeds();
        match sowing.grand_slam() {
            Some(GrandSlam::CapturedNothing) => Some(message(lang, "cli-takings-grand-slam", &[])),
            _ if taken > 0 => {
                let letters: Vec<String> = sowing
                    .captures()
                    .iter()
                    .map(|&(pit, _)| Move::at_index(pit, pits).to_string())
                    .collect();
                Some(message(
                    lang,
                    "cli-takings-captured",
                    &[("count", taken.into()), ("pits", letters.join(" ").into())],
                ))
            }
            _ => None,
        }
    };
    text.map(|t| format!(", {t}")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;
    use wari_rules::Rules;

    fn settings(south: Player, north: Player) -> Settings {
        Settings {
            players: [south, north],
            level: Level::new(3).unwrap(),
            tc: None,
            movetime: Duration::from_millis(100),
            seed: None,
            lang: Language::ENGLISH,
        }
    }

    fn session(south: Player, north: Player) -> Session {
        Session::new(Game::default(), settings(south, north))
    }

    fn mv(letter: &str) -> Move {
        letter.parse().unwrap()
    }

    fn letters(moves: &[Move]) -> String {
        wari_rules::record::write_moves(moves)
    }

    #[test]
    fn undo_against_the_computer_takes_back_its_reply_too() {
        let now = Instant::now();
        let mut s = session(Player::Human, Player::Computer);
        s.play(mv("C"), now).unwrap();
        s.play(mv("d"), now).unwrap();
        assert_eq!(letters(&s.undo(now).unwrap()), "d C");
        assert!(s.game().moves().is_empty());
        assert!(s.human_to_move());
        assert!(s.undo(now).is_err());
        // Redo plays both again, up to the person's turn.
        assert_eq!(letters(&s.redo(now).unwrap()), "C d");
        assert_eq!(s.game().moves().len(), 2);
    }

    #[test]
    fn undo_while_the_computer_thinks_takes_back_the_persons_move() {
        let now = Instant::now();
        let mut s = session(Player::Human, Player::Computer);
        s.play(mv("C"), now).unwrap();
        assert!(s.computer_to_move());
        assert_eq!(letters(&s.undo(now).unwrap()), "C");
    }

    #[test]
    fn two_players_undo_one_move_at_a_time() {
        let now = Instant::now();
        let mut s = session(Player::Human, Player::Human);
        s.play(mv("C"), now).unwrap();
        s.play(mv("d"), now).unwrap();
        assert_eq!(letters(&s.undo(now).unwrap()), "d");
        assert_eq!(letters(&s.undo(now).unwrap()), "C");
        assert_eq!(letters(&s.redo(now).unwrap()), "C");
        // Another move than the one undone drops the redo line.
        s.play(mv("a"), now).unwrap();
        assert!(s.redo_moves().is_empty());
        assert!(s.redo(now).is_err());
    }

    #[test]
    fn undo_after_a_resignation_takes_back_only_the_resignation() {
        let now = Instant::now();
        let mut s = session(Player::Human, Player::Human);
        s.play(mv("C"), now).unwrap();
        s.resign(Side::North, now);
        assert_eq!(s.game().outcome().unwrap().reason(), EndReason::Resignation);
        assert_eq!(s.undo(now).unwrap(), Vec::<Move>::new());
        assert!(!s.game().is_over());
        assert_eq!(s.game().moves().len(), 1);
    }

    #[test]
    fn an_illegal_move_says_why_in_the_rules_words() {
        let now = Instant::now();
        let mut s = session(Player::Human, Player::Human);
        assert_eq!(
            s.play(mv("a"), now).unwrap_err().to_string(),
            "pit a is North's and it is South's turn"
        );
        // North's row is empty: A does not reach it.
        let start =
            Position::from_string("3,1,0,0,2,1/0,0,0,0,0,0 S 20-21", Rules::default()).unwrap();
        let mut s = Session::new(
            Game::from_position(start),
            settings(Player::Human, Player::Human),
        );
        let err = s.play(mv("A"), now).unwrap_err().to_string();
        assert!(err.contains("must feed"), "{err}");
    }

    #[test]
    fn the_flag_ends_the_game_on_time() {
        let t0 = Instant::now();
        let mut settings = settings(Player::Human, Player::Human);
        settings.tc = Some("1+0".parse().unwrap());
        let mut s = Session::new(Game::default(), settings);
        s.start_clock(t0);
        assert!(!s.tick(t0 + Duration::from_secs(59)));
        assert!(s.tick(t0 + Duration::from_secs(60)));
        let outcome = s.game().outcome().unwrap();
        assert_eq!(outcome.reason(), EndReason::Time);
        assert_eq!(outcome.winner(), Some(Side::North));
        assert!(s.undo(t0).is_err());
    }

    #[test]
    fn a_move_after_the_flag_fell_is_too_late() {
        let t0 = Instant::now();
        let mut settings = settings(Player::Human, Player::Human);
        settings.tc = Some("0.1".parse().unwrap());
        let mut s = Session::new(Game::default(), settings);
        s.start_clock(t0);
        let err = s.play(mv("C"), t0 + Duration::from_secs(7)).unwrap_err();
        assert_eq!(err, PlayError::GameOver);
        assert_eq!(s.game().outcome().unwrap().reason(), EndReason::Time);
    }

    #[test]
    fn kalah_has_no_cycle_offer() {
        let s = Session::new(
            Game::new("kalah".parse().unwrap()),
            settings(Player::Human, Player::Human),
        );
        assert!(s.can_offer_cycle().is_err());
    }

    #[test]
    fn a_saved_record_reads_back_to_the_same_game() {
        let now = Instant::now();
        let mut s = session(Player::Human, Player::Computer);
        for m in ["C", "d", "A", "f"] {
            s.play(mv(m), now).unwrap();
        }
        let text = s
            .record(UNIX_EPOCH + Duration::from_secs(86_400 * 365))
            .to_string();
        assert!(text.contains("[Date \"1971.01.01\"]"), "{text}");
        assert!(text.contains("[North \"wari level 3\"]"), "{text}");
        let back = Record::read(&text).unwrap();
        assert_eq!(&back.game, s.game());
    }

    #[test]
    fn a_game_lost_on_time_is_saved_as_it_ended_and_reads_back() {
        let t0 = Instant::now();
        let mut settings = settings(Player::Human, Player::Computer);
        settings.tc = Some("1+2".parse().unwrap());
        let mut s = Session::new(Game::default(), settings);
        s.start_clock(t0);
        s.play(mv("C"), t0).unwrap();
        s.start_clock(t0);
        assert!(s.tick(t0 + Duration::from_secs(61)));
        let text = s.record(UNIX_EPOCH).to_string();
        assert!(text.contains("[Result \"*\"]"), "{text}");
        assert!(text.contains("[TimeControl \"1+2\"]"), "{text}");
        let back = Record::read(&text).unwrap();
        assert_eq!(&back.game, s.game());
        let outcome = back.game.outcome().unwrap();
        assert_eq!(outcome.reason(), EndReason::Time);
        assert_eq!(outcome.winner(), Some(Side::South));
        assert_eq!(
            player_named(back.tag("North").unwrap()),
            (Player::Computer, Some(Level::new(3).unwrap()))
        );
        assert_eq!(
            player_named(back.tag("South").unwrap()),
            (Player::Human, None)
        );
        assert_eq!(
            player_named("Computer (level 10)"),
            (Player::Computer, Some(Level::FULL))
        );
        assert_eq!(player_named("wari level 11").0, Player::Human);
    }

    #[test]
    fn rewind_puts_every_move_up_for_redo() {
        let now = Instant::now();
        let mut s = session(Player::Human, Player::Human);
        for m in ["C", "d", "A"] {
            s.play(mv(m), now).unwrap();
        }
        s.rewind();
        assert!(s.game().moves().is_empty());
        assert_eq!(letters(&s.redo(now).unwrap()), "C");
        assert_eq!(letters(&s.redo(now).unwrap()), "d");
    }
}
