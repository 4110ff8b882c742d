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

/// The smallest screen the game is drawn on.
pub const MIN_SIZE: (u16, u16) = (40, 16);

/// Draws the game; returns where the board went.
pub fn draw(app: &App, frame: &mut Frame<'_>, now: Instant) -> Rect {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = "wari play needs a larger terminal: 80×24 is best";
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
    frame.render_widget(keys_line(app), keys);

    match app.dialog() {
        Some(Dialog::Help) => draw_help(frame, area),
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
        spans.push(Span::styled(format!("{side}: "), bold()));
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
        (_, Some(side)) => format!("{side} sows…"),
        (None, None) => "Game over".to_owned(),
        (Some(_), None) if app.paused => "Paused: p goes on".to_owned(),
        (Some(side), None) => to_move_text(settings, side),
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
            spans.push(Span::raw(format!("  {side} ")));
            spans.push(Span::styled(format!(" {} ", ClockTime(left)), style));
        }
        spans.push(Span::raw(" "));
        frame.render_widget(Line::from(spans).alignment(Alignment::Right), area);
    }
}

/// Whose turn it is, in words.
fn to_move_text(settings: &Settings, side: Side) -> String {
    if settings.player(side) == Player::Computer {
        format!("{side} (computer) is thinking…")
    } else if settings.against_computer() {
        format!("Your turn: {side} to move")
    } else {
        format!("{side} to move")
    }
}

fn last_move_line(app: &App) -> Line<'static> {
    let session = app.session();
    let mut spans = Vec::new();
    if let Some(sowing) = session.last_move() {
        spans.push(Span::raw(" Last move: "));
        spans.push(Span::styled(
            sowing.played().to_string(),
            bold().fg(Color::Yellow),
        ));
        spans.push(Span::raw(format!(" by {}", sowing.mover())));
        let what = takings(&sowing);
        if !what.is_empty() {
            spans.push(Span::styled(what, Style::new().fg(Color::LightRed)));
        }
    }
    if let Some((m, score)) = app.hint {
        spans.push(Span::raw("   Hint: "));
        spans.push(Span::styled(
            format!("{m} ({score})"),
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
    let mut tokens = vec!["Moves:".to_owned()];
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
            Span::styled("  y", key_style()),
            Span::raw(" yes  "),
            Span::styled("n", key_style()),
            Span::raw(" no"),
        ])
    };
    match app.dialog() {
        Some(Dialog::Confirm(Question::Resign(side))) => question(format!("Resign as {side}?")),
        Some(Dialog::Confirm(Question::Quit)) => question("Quit this game?".to_owned()),
        Some(Dialog::Confirm(Question::OfferCycle(side))) => {
            question(format!("{side}: offer to end the game by the cycle rule?"))
        }
        Some(Dialog::Confirm(Question::AcceptCycle(offerer))) => question(format!(
            "{}: {offerer} offers to end the game by the cycle rule. Accept?",
            offerer.opposite()
        )),
        Some(Dialog::SavePath { path, edited }) => {
            // The proposed name is shown selected: typing replaces it.
            let name = if *edited {
                Style::new().fg(Color::White)
            } else {
                Style::new().fg(Color::Black).bg(Color::White)
            };
            Line::from(vec![
                Span::styled(" Save as: ", bold()),
                Span::styled(path.clone(), name),
                Span::raw("▏  Enter saves, Esc cancels, Ctrl-U clears"),
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

fn keys_line(app: &App) -> Line<'static> {
    let session = app.session();
    let keys: Vec<(String, &str)> = if session.game().is_over() {
        vec![
            ("n".into(), "new game"),
            ("s".into(), "save"),
            ("u".into(), "undo"),
            ("t".into(), "turn board"),
            ("q".into(), "quit"),
            ("?".into(), "help"),
        ]
    } else if app.is_animating() {
        vec![("any key".into(), "skips the sowing")]
    } else if !session.settings().players.contains(&Player::Human) {
        vec![
            ("p".into(), "pause"),
            ("u".into(), "undo"),
            ("r".into(), "redo"),
            ("t".into(), "turn board"),
            ("s".into(), "save"),
            ("q".into(), "quit"),
            ("?".into(), "help"),
        ]
    } else if session.computer_to_move() {
        // No move to play while the computer thinks.
        vec![
            ("u".into(), "undo"),
            ("R".into(), "resign"),
            ("t".into(), "turn board"),
            ("s".into(), "save"),
            ("q".into(), "quit"),
            ("?".into(), "help"),
        ]
    } else {
        let row = match session.to_move() {
            Some(Side::North) => "a-f",
            _ => "A-F",
        };
        let mut keys = vec![(format!("{row} ←→⏎"), "play"), ("u".into(), "undo")];
        if !session.redo_moves().is_empty() {
            keys.push(("r".into(), "redo"));
        }
        keys.extend([
            ("h".into(), "hint"),
            ("o".into(), "cycle"),
            ("R".into(), "resign"),
            ("s".into(), "save"),
            ("?".into(), "help"),
        ]);
        keys
    };
    let mut spans = vec![Span::raw(" ")];
    for (i, (key, what)) in keys.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" · ", Style::new().fg(Color::DarkGray)));
        }
        spans.push(Span::styled(key, key_style()));
        spans.push(Span::raw(format!(" {what}")));
    }
    Line::from(spans)
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

/// The keys, one a line.
pub const HELP: [(&str, &str); 13] = [
    ("A-F a-f", "play that pit of the side to move (either case)"),
    ("← → Enter", "choose a pit and play it (or click it)"),
    ("u  r", "undo, redo (against the computer: its reply too)"),
    ("h", "hint: the engine's best move and score"),
    ("o", "offer to end the game by the cycle rule (asks first)"),
    ("R", "resign"),
    ("t", "turn the board round"),
    ("s", "save as OGN: type a name or keep it, Ctrl-U clears"),
    ("p", "pause (computer against computer)"),
    ("n", "new game, once the game is over"),
    ("q  Esc", "quit"),
    ("any key", "skips the sowing animation"),
    ("Ctrl-C", "quit at once"),
];

fn draw_help(frame: &mut Frame<'_>, area: Rect) {
    let lines: Vec<Line<'_>> = HELP
        .iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(format!(" {key:<10}"), key_style()),
                Span::raw(*what),
            ])
        })
        .collect();
    let rect = centred(area, 64, HELP.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(" Keys (any key closes) ");
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}

fn draw_banner(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let Some(outcome) = app.session().game().outcome() else {
        return;
    };
    let result = match outcome.winner() {
        Some(side) => format!("{side} wins"),
        None => "A draw".to_owned(),
    };
    let score = outcome.score_text();
    let (south, north) = score.split_once('-').unwrap_or((&score, ""));
    let lines = vec![
        Line::styled(result, bold().fg(Color::Yellow)),
        Line::raw(format!("by {}", outcome.reason().name())),
        Line::raw(format!("South {south} · North {north}")),
        Line::raw(""),
        Line::from(vec![
            Span::styled("n", key_style()),
            Span::raw(" new game  "),
            Span::styled("s", key_style()),
            Span::raw(" save  "),
            Span::styled("u", key_style()),
            Span::raw(" undo  "),
            Span::styled("q", key_style()),
            Span::raw(" quit"),
        ]),
    ];
    let rect = centred(area, 44, 7);
    frame.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .title(" Game over ")
        .border_style(Style::new().fg(Color::Yellow));
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(block),
        rect,
    );
}
