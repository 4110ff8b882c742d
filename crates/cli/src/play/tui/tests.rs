//! The full-screen view on ratatui's test backend: the board drawn for
//! known positions, the keys and clicks doing what they say, 80×24.

use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use wari_engine::Level;
use wari_rules::{EndReason, Game, Side};

use super::App;
use super::app::{Dialog, Question};
use super::board::Geometry;
use crate::play::session::{Player, Session, Settings};

const HUMANS: [Player; 2] = [Player::Human, Player::Human];

fn settings(players: [Player; 2]) -> Settings {
    Settings {
        players,
        level: Level::new(1).unwrap(),
        tc: None,
        movetime: Duration::from_millis(50),
        seed: None,
        lang: crate::play::words::Language::ENGLISH,
    }
}

fn app_at(position: &str, players: [Player; 2]) -> App {
    let start = crate::args::parse_position(position, None).unwrap();
    App::new(
        Session::new(Game::from_position(start), settings(players)),
        0,
    )
}

fn start_app(players: [Player; 2]) -> App {
    App::new(Session::new(Game::default(), settings(players)), 0)
}

/// Draws the app on a `width` × `height` screen.
fn draw(app: &mut App, width: u16, height: u16, now: Instant) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.draw(frame, now)).unwrap();
    terminal.backend().buffer().clone()
}

fn screen(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

fn shows(buf: &Buffer, text: &str) -> bool {
    screen(buf).iter().any(|line| line.contains(text))
}

/// The text inside a box (without its frame).
fn inside(buf: &Buffer, rect: Rect) -> String {
    let mut text = String::new();
    for y in rect.y + 1..rect.bottom() - 1 {
        for x in rect.x + 1..rect.right() - 1 {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// The count written on a pit's last inner line.
fn count_in(buf: &Buffer, rect: Rect) -> u8 {
    let y = rect.bottom() - 2;
    let line: String = (rect.x + 1..rect.right() - 1)
        .map(|x| buf[(x, y)].symbol())
        .collect();
    line.trim()
        .parse()
        .unwrap_or_else(|_| panic!("no count in {line:?}"))
}

fn geometry(app: &App) -> Geometry {
    Geometry::new(
        app.board_area,
        app.session().position().pits(),
        app.is_flipped(),
    )
}

fn press(app: &mut App, code: KeyCode, now: Instant) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE), now);
}

fn keys(app: &mut App, text: &str, now: Instant) {
    for c in text.chars() {
        press(app, KeyCode::Char(c), now);
    }
}

fn moves(app: &App) -> String {
    wari_rules::record::write_moves(app.session().game().moves())
}

fn status(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

const SPREAD: &str = "0,1,2,3,4,5/6,7,8,9,2,1 S 0-0";

#[test]
fn the_board_shows_every_pits_count_with_north_on_top() {
    let mut app = app_at(SPREAD, HUMANS);
    let buf = draw(&mut app, 80, 24, Instant::now());
    let g = geometry(&app);
    let board = app.session().position().board().to_vec();
    for (i, &rect) in g.pits.iter().enumerate() {
        assert_eq!(count_in(&buf, rect), board[i], "pit {i}");
    }
    // North's row above South's; North's a on the right above F, f on
    // the left above A.
    assert!(g.pits[6].y < g.pits[0].y);
    assert_eq!(g.pits[11].x, g.pits[0].x);
    assert_eq!(g.pits[6].x, g.pits[5].x);
    let lines = screen(&buf);
    let letters = &lines[usize::from(g.letters[0])];
    assert!(letters.find('f') < letters.find('a'), "{letters}");
    let letters = &lines[usize::from(g.letters[1])];
    assert!(letters.find('A') < letters.find('F'), "{letters}");
    assert!(shows(&buf, "South to move"));
}

#[test]
fn seeds_are_drawn_as_dots_where_they_fit() {
    let mut app = app_at(SPREAD, HUMANS);
    let buf = draw(&mut app, 80, 24, Instant::now());
    let g = geometry(&app);
    // B holds 1 seed, C 2, d 9.
    assert_eq!(inside(&buf, g.pits[1]).matches('•').count(), 1);
    assert_eq!(inside(&buf, g.pits[2]).matches('•').count(), 2);
    assert_eq!(inside(&buf, g.pits[9]).matches('•').count(), 9);
}

#[test]
fn the_captured_seeds_are_shown_beside_the_rows() {
    let mut app = app_at("0,0,0,0,0,2/2,1,4,0,0,0 S 20-19", HUMANS);
    let buf = draw(&mut app, 80, 24, Instant::now());
    let g = geometry(&app);
    assert!(inside(&buf, g.stores[0]).contains("20"));
    assert!(inside(&buf, g.stores[1]).contains("19"));
    // North's captured seeds on the left, beside North's row.
    assert!(g.stores[1].x < g.stores[0].x);
}

#[test]
fn the_screen_fits_80_by_24_and_grows_with_more_room() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    let buf = draw(&mut app, 80, 24, now);
    let screen_area = Rect::new(0, 0, 80, 24);
    let g = geometry(&app);
    for rect in g.pits.iter().chain(&g.stores) {
        assert!(
            !rect.is_empty() && screen_area.union(*rect) == screen_area,
            "{rect:?}"
        );
    }
    let lines = screen(&buf);
    assert!(lines[0].contains("wari play"));
    assert!(lines[23].contains("? help"), "{}", lines[23]);
    assert!(lines[23].contains("R resign"), "{}", lines[23]);
    let small = g.pits[0];

    let _ = draw(&mut app, 140, 44, now);
    let big = geometry(&app).pits[0];
    assert!(big.width > small.width && big.height > small.height);
}

#[test]
fn a_letter_key_plays_that_pit_of_the_side_to_move_in_either_case() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    keys(&mut app, "c", now);
    assert_eq!(moves(&app), "C");
    keys(&mut app, "D", now);
    assert_eq!(moves(&app), "C d");
    let buf = draw(&mut app, 80, 24, now);
    let g = geometry(&app);
    assert_eq!(count_in(&buf, g.pits[9]), 0);
    assert!(shows(&buf, "Last move: d by North"));
    assert!(shows(&buf, "1. C d"));
}

#[test]
fn u_takes_back_a_move_and_r_plays_it_again() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    keys(&mut app, "Cd", now);
    keys(&mut app, "u", now);
    assert_eq!(moves(&app), "C");
    keys(&mut app, "u", now);
    assert_eq!(moves(&app), "");
    keys(&mut app, "u", now);
    assert_eq!(status(&app), "there is no move to take back");
    keys(&mut app, "r", now);
    assert_eq!(moves(&app), "C");
}

#[test]
fn t_turns_the_board_round() {
    let now = Instant::now();
    let mut app = app_at(SPREAD, HUMANS);
    keys(&mut app, "t", now);
    let buf = draw(&mut app, 80, 24, now);
    let g = geometry(&app);
    assert!(g.pits[0].y < g.pits[6].y, "South's row on top");
    let board = app.session().position().board().to_vec();
    for (i, &rect) in g.pits.iter().enumerate() {
        assert_eq!(count_in(&buf, rect), board[i], "pit {i}");
    }
    let lines = screen(&buf);
    let top = &lines[usize::from(g.letters[0])];
    assert!(top.find('F') < top.find('A'), "{top}");
    keys(&mut app, "t", now);
    assert!(!app.is_flipped());
}

#[test]
fn an_illegal_key_says_why_in_the_rules_words() {
    let now = Instant::now();
    let mut app = app_at(SPREAD, HUMANS);
    keys(&mut app, "A", now);
    assert_eq!(moves(&app), "");
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "pit A is empty"));

    // North's row is empty: South must feed it, and A does not reach.
    let mut app = app_at("3,1,0,0,2,1/0,0,0,0,0,0 S 20-21", HUMANS);
    keys(&mut app, "a", now);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(
        &buf,
        "A does not reach North's empty row: South must feed it"
    ));

    let mut app = app_at("1,1,1,1/1,1,1,1 S 0-0", HUMANS);
    keys(&mut app, "E", now);
    assert_eq!(
        status(&app),
        "there is no pit E: this board has 4 pits per row"
    );
}

#[test]
fn arrows_and_enter_play_the_chosen_pit() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    press(&mut app, KeyCode::Right, now);
    press(&mut app, KeyCode::Right, now);
    press(&mut app, KeyCode::Enter, now);
    assert_eq!(moves(&app), "C");
    // North's row runs right to left on the screen: from a, Left goes
    // to b.
    press(&mut app, KeyCode::Left, now);
    press(&mut app, KeyCode::Enter, now);
    assert_eq!(moves(&app), "C b");
}

#[test]
fn a_click_on_a_pit_plays_it() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    let _ = draw(&mut app, 80, 24, now);
    let click = |rect: Rect| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: rect.x + rect.width / 2,
        row: rect.y + rect.height / 2,
        modifiers: KeyModifiers::NONE,
    };
    let g = geometry(&app);
    app.on_mouse(click(g.pits[3]), now);
    assert_eq!(moves(&app), "D");
    app.on_mouse(click(g.pits[0]), now);
    assert_eq!(status(&app), "pit A is South's and it is North's turn");
    app.on_mouse(click(g.pits[7]), now);
    assert_eq!(moves(&app), "D b");
}

#[test]
fn the_sowing_animation_goes_seed_by_seed_and_any_key_skips_it() {
    let t0 = Instant::now();
    let mut app = start_app(HUMANS);
    app.speed = 1;
    keys(&mut app, "C", t0);
    assert!(app.is_animating());
    let buf = draw(&mut app, 80, 24, t0 + Duration::from_millis(700));
    let g = geometry(&app);
    let counts: Vec<u8> = (2..6).map(|i| count_in(&buf, g.pits[i])).collect();
    assert_eq!(counts, [0, 5, 4, 4], "one seed sown after one step");
    keys(&mut app, "x", t0 + Duration::from_millis(800));
    assert!(!app.is_animating());
    assert_eq!(moves(&app), "C", "the key only skipped the animation");
    assert_eq!(status(&app), "");
}

#[test]
fn the_clock_starts_only_once_the_animation_is_over() {
    let t0 = Instant::now();
    let mut settings = settings(HUMANS);
    settings.tc = Some("1+0".parse().unwrap());
    let mut app = App::new(Session::new(Game::default(), settings), 1);
    app.tick(t0);
    assert_eq!(app.session().clocks().unwrap().running(), Some(Side::South));
    keys(&mut app, "C", t0 + Duration::from_secs(1));
    // Four seeds at 600 ms each, and a last step: 3 s.
    app.tick(t0 + Duration::from_secs(3));
    assert_eq!(app.session().clocks().unwrap().running(), None);
    app.tick(t0 + Duration::from_millis(4100));
    let clocks = app.session().clocks().unwrap();
    assert_eq!(clocks.running(), Some(Side::North));
    let left = clocks.left(Side::North, t0 + Duration::from_millis(4100));
    assert_eq!(left, Duration::from_secs(60));
    let buf = draw(&mut app, 80, 24, t0 + Duration::from_millis(4100));
    assert!(shows(&buf, "North  1:00"), "{:#?}", screen(&buf));
}

#[test]
fn in_spanish_the_screen_speaks_spanish_and_s_answers_yes() {
    let now = Instant::now();
    let start = crate::args::parse_position("0,0,0,0,0,2/2,1,4,0,0,0 S 20-19", None).unwrap();
    let mut settings = settings(HUMANS);
    settings.lang = "es".parse().unwrap();
    let mut app = App::new(Session::new(Game::from_position(start), settings), 0);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "Turno del Sur"), "{:#?}", screen(&buf));
    assert!(shows(&buf, "? ayuda"), "{:#?}", screen(&buf));
    // A letter plays the side to move's pit: South's A, empty, told in
    // the rules' Spanish.
    keys(&mut app, "a", now);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "el hoyo A está vacío"), "{:#?}", screen(&buf));
    keys(&mut app, "F", now);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "Gana el Sur"), "{:#?}", screen(&buf));
    assert!(shows(&buf, "por mayoría"));
    assert!(shows(&buf, "Sur 25 · Norte 19"));
    assert!(shows(
        &buf,
        "Última jugada: F del Sur, captura 5 semillas (a b)"
    ));
    // Undo, then resign: the question is in Spanish and s (sí) answers it.
    keys(&mut app, "u", now);
    keys(&mut app, "R", now);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "¿Abandonar con el Sur?"), "{:#?}", screen(&buf));
    keys(&mut app, "s", now);
    // The keys' help fits the screen, its longest line whole.
    keys(&mut app, "?", now);
    let buf = draw(&mut app, 80, 24, now);
    assert!(
        shows(&buf, "Teclas (cualquier tecla cierra)"),
        "{:#?}",
        screen(&buf)
    );
    assert!(
        shows(
            &buf,
            "guarda en OGN: escribe un nombre o deja este, Ctrl-U borra"
        ),
        "{:#?}",
        screen(&buf)
    );
    assert!(shows(
        &buf,
        "cualquier tecla salta la animación de la siembra"
    ));
    let outcome = app.session().game().outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Resignation);
    assert_eq!(outcome.winner(), Some(Side::North));
}

#[test]
fn the_end_banner_gives_the_result_the_reason_and_the_counts() {
    let now = Instant::now();
    let mut app = app_at("0,0,0,0,0,2/2,1,4,0,0,0 S 20-19", HUMANS);
    keys(&mut app, "F", now);
    let outcome = app.session().game().outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Majority);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "South wins"));
    assert!(shows(&buf, "by majority"));
    assert!(shows(&buf, "South 25 · North 19"));
    assert!(shows(&buf, "n new game"));
    let g = geometry(&app);
    assert!(screen(&buf).iter().any(|l| l.contains("captured 5 (a b)")));
    assert!(!g.pits.is_empty());
    keys(&mut app, "n", now);
    assert_eq!(moves(&app), "");
    assert!(!app.session().game().is_over());
}

#[test]
fn resigning_asks_first() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    keys(&mut app, "R", now);
    assert_eq!(
        app.dialog(),
        Some(&Dialog::Confirm(Question::Resign(Side::South)))
    );
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "Resign as South?"));
    keys(&mut app, "n", now);
    assert!(!app.session().game().is_over());
    keys(&mut app, "Ry", now);
    let outcome = app.session().game().outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Resignation);
    assert_eq!(outcome.winner(), Some(Side::North));
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "by resignation"));
}

#[test]
fn quitting_a_game_in_play_asks_first() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    keys(&mut app, "q", now);
    assert!(!app.should_quit());
    keys(&mut app, "n", now);
    assert!(!app.should_quit());
    keys(&mut app, "qy", now);
    assert!(app.should_quit());
}

#[test]
fn the_cycle_offer_between_two_people_asks_the_other() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    keys(&mut app, "oy", now);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(
        &buf,
        "North: South offers to end the game by the cycle rule"
    ));
    keys(&mut app, "y", now);
    let outcome = app.session().game().outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Agreement);
    assert_eq!(outcome.score_text(), "24-24");
}

#[test]
fn s_saves_the_game_as_ogn() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    keys(&mut app, "Cd", now);
    keys(&mut app, "s", now);
    let Some(Dialog::SavePath { path: name, edited }) = app.dialog().cloned() else {
        panic!("no save prompt");
    };
    assert!(!edited);
    assert!(
        name.starts_with("wari-") && name.ends_with(".ogn"),
        "{name}"
    );
    // Typing over the proposed name replaces it.
    let path = std::env::temp_dir().join(format!("wari-tui-test-{}.ogn", std::process::id()));
    keys(&mut app, &path.display().to_string(), now);
    press(&mut app, KeyCode::Enter, now);
    assert!(status(&app).starts_with("saved to"), "{}", status(&app));
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let record = wari_rules::ogn::Record::read(&text).unwrap();
    assert_eq!(&record.game, app.session().game());
}

fn save_prompt(app: &App) -> String {
    match app.dialog() {
        Some(Dialog::SavePath { path, .. }) => path.clone(),
        other => panic!("no save prompt: {other:?}"),
    }
}

#[test]
fn the_save_prompt_edits_its_proposed_name() {
    let now = Instant::now();
    let mut app = start_app(HUMANS);
    keys(&mut app, "s", now);
    let proposed = save_prompt(&app);
    // Backspace edits the proposed name: "….ogn" becomes "….og", then
    // keys are added to it.
    press(&mut app, KeyCode::Backspace, now);
    assert_eq!(save_prompt(&app), proposed[..proposed.len() - 1]);
    keys(&mut app, "n", now);
    assert_eq!(save_prompt(&app), proposed);
    // Ctrl-U clears the line, as in a shell.
    app.on_key(
        KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL),
        now,
    );
    assert_eq!(save_prompt(&app), "");
    keys(&mut app, "game.ogn", now);
    assert_eq!(save_prompt(&app), "game.ogn");
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "Save as: game.ogn"), "{:#?}", screen(&buf));
    press(&mut app, KeyCode::Esc, now);
    assert_eq!(status(&app), "not saved");
}

#[test]
fn during_the_sowing_the_status_and_the_marker_name_the_sower() {
    let t0 = Instant::now();
    let mut app = start_app(HUMANS);
    app.speed = 1;
    keys(&mut app, "C", t0);
    let buf = draw(&mut app, 80, 24, t0 + Duration::from_millis(700));
    assert!(shows(&buf, "South sows…"), "{:#?}", screen(&buf));
    assert!(shows(&buf, "South▸"), "{:#?}", screen(&buf));
    assert!(!shows(&buf, "North▸"));
    assert!(shows(&buf, "any key skips the sowing"));
    // Once sown, North is to move and marked.
    app.tick(t0 + Duration::from_secs(10));
    let buf = draw(&mut app, 80, 24, t0 + Duration::from_secs(10));
    assert!(shows(&buf, "North to move"), "{:#?}", screen(&buf));
    assert!(shows(&buf, "North▸"));
    assert!(!shows(&buf, "South▸"));
}

#[test]
fn the_keys_line_offers_no_move_while_the_computer_thinks() {
    let now = Instant::now();
    let mut app = start_app([Player::Computer, Player::Human]);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "South (computer) is thinking…"));
    assert!(!shows(&buf, "⏎ play"), "{:#?}", screen(&buf));
    assert!(!shows(&buf, "hint"));
    assert!(shows(&buf, "u undo"));
    // On the person's turn the moves are offered.
    let mut app = start_app([Player::Human, Player::Computer]);
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "A-F ←→⏎ play"), "{:#?}", screen(&buf));
}

#[test]
fn the_cycle_offer_asks_for_confirmation_first() {
    let now = Instant::now();
    let mut app = start_app([Player::Human, Player::Computer]);
    keys(&mut app, "o", now);
    assert_eq!(
        app.dialog(),
        Some(&Dialog::Confirm(Question::OfferCycle(Side::South)))
    );
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(
        &buf,
        "South: offer to end the game by the cycle rule?"
    ));
    keys(&mut app, "n", now);
    assert_eq!(app.dialog(), None);
    assert!(
        app.thinking().is_none(),
        "declined: nothing asked of the computer"
    );
    keys(&mut app, "oy", now);
    assert_eq!(app.thinking(), Some(crate::play::computer::Purpose::Offer));
}

#[test]
fn kalah_moves_are_listed_by_turns_an_extra_move_with_its_turn() {
    let m = |text: &str| wari_rules::record::parse_moves(text).unwrap();
    assert_eq!(
        super::view::numbered_turns(&m("C d A f")),
        ["1. C", "d", "2. A", "f"]
    );
    // Kalah: C ends in South's store, South plays again (F); North's b
    // ends in its store, North plays again (a); then South.
    assert_eq!(
        super::view::numbered_turns(&m("C F b a A")),
        ["1. CF", "ba", "2. A"]
    );
    // North first.
    assert_eq!(super::view::numbered_turns(&m("d C")), ["1. … d", "2. C"]);
    let now = Instant::now();
    let mut app = App::new(
        Session::new(Game::new("kalah".parse().unwrap()), settings(HUMANS)),
        0,
    );
    keys(&mut app, "CFba", now);
    assert_eq!(moves(&app), "C F b a");
    let buf = draw(&mut app, 80, 24, now);
    assert!(shows(&buf, "Moves: 1. CF ba"), "{:#?}", screen(&buf));
}

#[test]
fn against_the_computer_it_replies_and_u_takes_back_both_moves() {
    let mut app = start_app([Player::Human, Player::Computer]);
    keys(&mut app, "C", Instant::now());
    let deadline = Instant::now() + Duration::from_secs(30);
    while !app.session().human_to_move() {
        assert!(Instant::now() < deadline, "the computer did not reply");
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(app.session().game().moves().len(), 2);
    let buf = draw(&mut app, 80, 24, Instant::now());
    assert!(shows(&buf, "Your turn: South to move"));
    assert!(shows(&buf, "computer (level 1)"));
    keys(&mut app, "u", Instant::now());
    assert_eq!(moves(&app), "");
    assert!(app.session().human_to_move());
}

#[test]
fn a_key_while_the_computer_thinks_is_refused() {
    let now = Instant::now();
    let mut app = start_app([Player::Computer, Player::Human]);
    assert!(app.is_flipped(), "the person's row at the bottom");
    keys(&mut app, "a", now);
    assert_eq!(status(&app), "it is the computer's turn: wait for its move");
    assert_eq!(moves(&app), "");
}
