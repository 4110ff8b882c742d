//! What the full-screen game shows: a title, the board, whose turn it is
//! and the clocks, the last move, the moves so far, a status line and the
//! keys; the help, questions and the end-of-game banner over them.

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};
use wari_rules::{Move, Side};

use super::app::{App, Dialog, Question};
use super::board::BoardView;
use crate::play::clock::ClockTime;
use crate::play::session::{Player, Settings, takings};
use crate::play::words;

/// The smallest screen the game is drawn on.
pub const MIN_SIZE: (u16, u16) = (40, 16);

/// Draws the game; returns where the board went.
pub fn draw(app: &App, frame: &mut Frame<'_>, now: Instant) -> Rect {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = app.say("cli-tui-too-small", &[]);
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return Rect::default();
    }
    let board_height = area.height.saturating_sub(10).clamp(12, 18);
    let [title, board, turn, last, moves, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(board_height),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);

    frame.render_widget(title_line(app), title);
    draw_board(app, frame, board, now);
    draw_turn(app, frame, turn, now);
    frame.render_widget(last_move_line(app), last);
    frame.render_widget(moves_text(app, moves), moves);
    frame.render_widget(status_line(app), status);
    frame.render_widget(keys_line(app, keys.width), keys);

    match app.dialog() {
        Some(Dialog::Help) => draw_help(app, frame, area),
        None if app.session().game().is_over() && !app.is_animating() => {
            draw_banner(app, frame, board);
        }
        _ => {}
    }
    board
}

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

fn key_style() -> Style {
    Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
}

fn title_line(app: &App) -> Line<'static> {
    let session = app.session();
    let settings = session.settings();
    let mut spans = vec![
        Span::styled(" wari play ", bold().fg(Color::Black).bg(Color::Yellow)),
        Span::raw(format!(" {} ", session.game().rules())),
    ];
    for side in Side::ALL {
        spans.push(Span::styled(" · ", Style::new().fg(Color::DarkGray)));
        let name = words::side_name(app.lang(), side);
        spans.push(Span::styled(format!("{name}: "), bold()));
        spans.push(Span::raw(settings.name(side)));
    }
    Line::from(spans)
}

fn draw_board(app: &App, frame: &mut Frame<'_>, area: Rect, now: Instant) {
    let session = app.session();
    let position = session.position();
    let pits = position.pits();
    let (counts, stores, hand) = match &app.animation {
        Some(animation) => {
            let f = animation.frame(now);
            (f.counts, f.stores, f.hand)
        }
        None => (
            position.board().to_vec(),
            Side::ALL.map(|s| position.captured(s)),
            None,
        ),
    };
    let last = session.last_move();
    let (origin, captured) = match (&last, app.is_animating()) {
        (Some(sowing), false) => (
            Some(sowing.origin()),
            sowing.captures().iter().map(|&(pit, _)| pit).collect(),
        ),
        (Some(sowing), true) => (Some(sowing.origin()), Vec::new()),
        (None, _) => (None, Vec::new()),
    };
    let person_chooses = session.human_to_move() && !app.is_animating() && app.dialog().is_none();
    let cursor = session
        .to_move()
        .filter(|_| person_chooses)
        .map(|side| side.index() * pits + usize::from(app.cursor[side.index()]));
    let view = BoardView {
        pits,
        counts: &counts,
        stores,
        kalah: position.rules().is_kalah(),
        flipped: app.is_flipped(),
        turn: marked_side(app),
        last: origin,
        captured: &captured,
        hand,
        cursor,
        hint: app.hint.map(|(m, _)| m.index(pits)),
        names: &Side::ALL.map(|s| words::side_name(app.lang(), s)),
        store_label: &app.say(
            if position.rules().is_kalah() {
                "cli-board-store"
            } else {
                "cli-board-captured"
            },
            &[],
        ),
    };
    frame.render_widget(&view, area);
}

/// The side whose move is being sown, during its animation.
fn sower(app: &App) -> Option<Side> {
    app.is_animating()
        .then(|| app.session().game().moves().last().map(|m| m.side()))
        .flatten()
}

/// The side the board marks with ▸: the one sowing during the animation
/// of its move, else the one to move.
fn marked_side(app: &App) -> Option<Side> {
    sower(app).or_else(|| app.session().to_move())
}

fn draw_turn(app: &App, frame: &mut Frame<'_>, area: Rect, now: Instant) {
    let session = app.session();
    let settings = session.settings();
    let text = match (session.to_move(), sower(app)) {
        (_, Some(side)) => app.say("cli-tui-sows", &[("side", words::side(side))]),
        (None, None) => app.say("cli-tui-game-over", &[]),
        (Some(_), None) if app.paused => app.say("cli-tui-paused", &[]),
        (Some(side), None) => to_move_text(app, settings, side),
    };
    frame.render_widget(Line::styled(format!(" {text}"), bold()), area);
    if let Some(clocks) = session.clocks() {
        let mut spans = Vec::new();
        for side in Side::ALL {
            let left = clocks.left(side, now);
            let style = if left.is_zero() {
                bold().fg(Color::LightRed)
            } else if clocks.running() == Some(side) {
                bold().fg(Color::Black).bg(Color::Yellow)
            } else {
                Style::new()
            };
            let name = words::side_name(app.lang(), side);
            spans.push(Span::raw(format!("  {name} ")));
            spans.push(Span::styled(format!(" {} ", ClockTime(left)), style));
        }
        spans.push(Span::raw(" "));
        frame.render_widget(Line::from(spans).alignment(Alignment::Right), area);
    }
}

/// Whose turn it is, in words.
fn to_move_text(app: &App, settings: &Settings, side: Side) -> String {
    let key = if settings.player(side) == Player::Computer {
        "cli-tui-computer-thinking"
    } else if settings.against_computer() {
        "cli-tui-your-turn"
    } else {
        "cli-to-move"
    };
    app.say(key, &[("side", words::side(side))])
}

fn last_move_line(app: &App) -> Line<'static> {
    let session = app.session();
    let mut spans = Vec::new();
    if let Some(sowing) = session.last_move() {
        spans.push(Span::raw(format!(
            " {} ",
            app.say("cli-tui-last-move", &[])
        )));
        spans.push(Span::styled(
            sowing.played().to_string(),
            bold().fg(Color::Yellow),
        ));
        let by = app.say("cli-tui-by", &[("side", words::side(sowing.mover()))]);
        spans.push(Span::raw(format!(" {by}")));
        let what = takings(&sowing, app.lang());
        if !what.is_empty() {
            spans.push(Span::styled(what, Style::new().fg(Color::LightRed)));
        }
    }
    if let Some((m, score)) = app.hint {
        spans.push(Span::raw(format!("   {} ", app.say("cli-tui-hint", &[]))));
        spans.push(Span::styled(
            format!("{m} ({})", words::score(app.lang(), score)),
            bold().fg(Color::Magenta),
        ));
    }
    Line::from(spans)
}

/// A turn's moves joined (`CF`: a Kalah extra move, then another), South's
/// turns numbered: `1. C d 2. CF a`; a list that starts with North's turn
/// starts `1. … d`.
pub fn numbered_turns(moves: &[Move]) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut round = 0;
    for (i, m) in moves.iter().enumerate() {
        let starts_turn = i == 0 || moves[i - 1].side() != m.side();
        if !starts_turn {
            let last: &mut String = tokens.last_mut().expect("a turn under way");
            last.push_str(&m.to_string());
            continue;
        }
        if m.side() == Side::South || i == 0 {
            round += 1;
            let gap = if m.side() == Side::North { " …" } else { "" };
            tokens.push(format!("{round}.{gap}"));
        }
        tokens.push(m.to_string());
    }
    // A number and the turn after it stay together on a line.
    let mut joined: Vec<String> = Vec::new();
    for token in tokens {
        match joined.last_mut() {
            Some(last) if last.ends_with('.') || last.ends_with('…') => {
                last.push(' ');
                last.push_str(&token);
            }
            _ => joined.push(token),
        }
    }
    joined
}

/// The moves so far by turns (see [`numbered_turns`]), the latest lines
/// when they do not all fit.
fn moves_text(app: &App, area: Rect) -> Paragraph<'static> {
    let mut tokens = vec![app.say("cli-tui-moves", &[])];
    tokens.extend(numbered_turns(app.session().game().moves()));
    let width = usize::from(area.width.saturating_sub(2)).max(10);
    let mut lines: Vec<String> = vec![String::new()];
    for token in tokens {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > width {
            lines.push(token);
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
    }
    let skip = lines.len().saturating_sub(usize::from(area.height));
    let text: Vec<Line<'static>> = lines
        .into_iter()
        .skip(skip)
        .map(|l| Line::raw(format!(" {l}")))
        .collect();
    Paragraph::new(text).style(Style::new().fg(Color::Gray))
}

fn status_line(app: &App) -> Line<'static> {
    let question = |text: String| {
        Line::from(vec![
            Span::styled(
                format!(" {text} "),
                bold().fg(Color::Black).bg(Color::Yellow),
            ),
            Span::styled(
                format!("  {}", app.say("cli-tui-yes-key", &[])),
                key_style(),
            ),
            Span::raw(format!(" {}  ", app.say("cli-tui-yes", &[]))),
            Span::styled("n", key_style()),
            Span::raw(format!(" {}", app.say("cli-tui-no", &[]))),
        ])
    };
    match app.dialog() {
        Some(Dialog::Confirm(Question::Resign(side))) => {
            question(app.say("cli-tui-resign-ask", &[("side", words::side(*side))]))
        }
        Some(Dialog::Confirm(Question::Quit)) => question(app.say("cli-tui-quit-ask", &[])),
        Some(Dialog::Confirm(Question::OfferCycle(side))) => {
            question(app.say("cli-tui-offer-ask", &[("side", words::side(*side))]))
        }
        Some(Dialog::Confirm(Question::AcceptCycle(offerer))) => question(app.say(
            "cli-tui-accept-ask",
            &[
                ("offerer", words::side(*offerer)),
                ("other", words::side(offerer.opposite())),
            ],
        )),
        Some(Dialog::SavePath { path, edited }) => {
            // The proposed name is shown selected: typing replaces it.
            let name = if *edited {
                Style::new().fg(Color::White)
            } else {
                Style::new().fg(Color::Black).bg(Color::White)
            };
            Line::from(vec![
                Span::styled(format!(" {} ", app.say("cli-tui-save-as", &[])), bold()),
                Span::styled(path.clone(), name),
                Span::raw(format!("▏  {}", app.say("cli-tui-save-keys", &[]))),
            ])
        }
        _ => match app.status() {
            Some(status) => {
                let color = if status.error {
                    Color::LightRed
                } else {
                    Color::LightGreen
                };
                Line::styled(format!(" {}", status.text), Style::new().fg(color))
            }
            None => Line::raw(""),
        },
    }
}

/// The keys that work now and what they do, `·` between them (a plain
/// gap when a language's words make the line wider than `width`).
fn keys_line(app: &App, width: u16) -> Line<'static> {
    let session = app.session();
    let keys: Vec<(String, &str)> = if session.game().is_over() {
        vec![
            ("n".into(), "cli-key-new-game"),
            ("s".into(), "cli-key-save"),
            ("u".into(), "cli-key-undo"),
            ("t".into(), "cli-key-turn-board"),
            ("q".into(), "cli-key-quit"),
            ("?".into(), "cli-key-help"),
        ]
    } else if app.is_animating() {
        vec![(app.say("cli-key-any", &[]), "cli-key-skips")]
    } else if !session.settings().players.contains(&Player::Human) {
        vec![
            ("p".into(), "cli-key-pause"),
            ("u".into(), "cli-key-undo"),
            ("r".into(), "cli-key-redo"),
            ("t".into(), "cli-key-turn-board"),
            ("s".into(), "cli-key-save"),
            ("q".into(), "cli-key-quit"),
            ("?".into(), "cli-key-help"),
        ]
    } else if session.computer_to_move() {
        // No move to play while the computer thinks.
        vec![
            ("u".into(), "cli-key-undo"),
            ("R".into(), "cli-key-resign"),
            ("t".into(), "cli-key-turn-board"),
            ("s".into(), "cli-key-save"),
            ("q".into(), "cli-key-quit"),
            ("?".into(), "cli-key-help"),
        ]
    } else {
        let row = match session.to_move() {
            Some(Side::North) => "a-f",
            _ => "A-F",
        };
        let mut keys = vec![
            (format!("{row} ←→⏎"), "cli-key-play"),
            ("u".into(), "cli-key-undo"),
        ];
        if !session.redo_moves().is_empty() {
            keys.push(("r".into(), "cli-key-redo"));
        }
        keys.extend([
            ("h".into(), "cli-key-hint"),
            ("o".into(), "cli-key-cycle"),
            ("R".into(), "cli-key-resign"),
            ("s".into(), "cli-key-save"),
            ("?".into(), "cli-key-help"),
        ]);
        keys
    };
    let keys: Vec<(String, String)> = keys
        .into_iter()
        .map(|(key, what)| (key, app.say(what, &[])))
        .collect();
    let line = |gap: &'static str| {
        let mut spans = vec![Span::raw(" ")];
        for (i, (key, what)) in keys.iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(gap, Style::new().fg(Color::DarkGray)));
            }
            spans.push(Span::styled(key.clone(), key_style()));
            spans.push(Span::raw(format!(" {what}")));
        }
        Line::from(spans)
    };
    let dotted = line(" · ");
    if dotted.width() > usize::from(width) {
        line("  ")
    } else {
        dotted
    }
}

/// A box of `width` × `height` in the middle of `area` (cut to it).
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The keys, one a line: the key and what it does.
fn help_rows(app: &App) -> Vec<(String, String)> {
    let say = |key| app.say(key, &[]);
    vec![
        ("A-F a-f".into(), say("cli-tui-help-pits")),
        ("← → Enter".into(), say("cli-tui-help-arrows")),
        ("u  r".into(), say("cli-tui-help-undo")),
        ("h".into(), say("cli-tui-help-hint")),
        ("o".into(), say("cli-tui-help-cycle")),
        ("R".into(), say("cli-tui-help-resign")),
        ("t".into(), say("cli-tui-help-turn")),
        ("s".into(), say("cli-tui-help-save")),
        ("p".into(), say("cli-tui-help-pause")),
        ("n".into(), say("cli-tui-help-new")),
        ("q  Esc".into(), say("cli-tui-help-quit")),
        (say("cli-key-any"), say("cli-tui-help-any-key")),
        ("Ctrl-C".into(), say("cli-tui-help-ctrl-c")),
    ]
}

/// The number of columns `text` takes (one a character here).
fn columns(text: &str) -> u16 {
    u16::try_from(text.chars().count()).unwrap_or(u16::MAX)
}

fn draw_help(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let rows = help_rows(app);
    let width = rows.iter().map(|(key, _)| columns(key)).max().unwrap_or(0) + 1;
    let widest = rows
        .iter()
        .map(|(_, what)| columns(what))
        .max()
        .unwrap_or(0);
    let lines: Vec<Line<'_>> = rows
        .into_iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(format!(" {key:<w$}", w = usize::from(width)), key_style()),
                Span::raw(what),
            ])
        })
        .collect();
    let rect = centred(area, (width + widest + 3).max(64), lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(format!(" {} ", app.say("cli-tui-keys-title", &[])));
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}

fn draw_banner(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let Some(outcome) = app.session().game().outcome() else {
        return;
    };
    let args = words::outcome_args(app.lang(), &outcome);
    let score = outcome.score_text();
    let (south, north) = score.split_once('-').unwrap_or((&score, ""));
    let key = |key: &str, what: &str, gap: &str| {
        [
            Span::styled(key.to_owned(), key_style()),
            Span::raw(format!(" {}{gap}", app.say(what, &[]))),
        ]
    };
    let keys: Vec<Span<'static>> = [
        key("n", "cli-key-new-game", "  "),
        key("s", "cli-key-save", "  "),
        key("u", "cli-key-undo", "  "),
        key("q", "cli-key-quit", ""),
    ]
    .into_iter()
    .flatten()
    .collect();
    let keys = Line::from(keys);
    let lines = vec![
        Line::styled(
            app.say("cli-tui-result", &[("winner", words::winner(&outcome))]),
            bold().fg(Color::Yellow),
        ),
        Line::raw(app.say("cli-tui-by-reason", &args)),
        Line::raw(app.say(
            "cli-tui-score",
            &[("south", south.into()), ("north", north.into())],
        )),
        Line::raw(""),
        keys,
    ];
    let widest = lines.iter().map(Line::width).max().unwrap_or(0);
    let width = u16::try_from(widest)
        .unwrap_or(u16::MAX)
        .saturating_add(4)
        .max(44);
    let rect = centred(area, width, 7);
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .title(format!(" {} ", app.say("cli-tui-game-over", &[])))
        .border_style(Style::new().fg(Color::Yellow));
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(block),
        rect,
    );
}
