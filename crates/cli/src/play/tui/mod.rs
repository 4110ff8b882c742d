//! The full-screen game on the terminal (ratatui with crossterm): the
//! terminal set up and restored, and the loop feeding the app keys,
//! clicks and the time.

mod animation;
mod app;
mod board;
mod view;

#[cfg(test)]
mod tests;

use std::io::stdout;
use std::time::Instant;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;

pub use app::App;

use crate::error::Error;
use crate::play::session::Session;

/// Plays the game full-screen until the player quits.
pub fn run(session: Session, speed: u8) -> Result<(), Error> {
    let mut terminal = ratatui::try_init()?;
    let result = execute!(stdout(), EnableMouseCapture)
        .map_err(Error::from)
        .and_then(|()| event_loop(&mut terminal, App::new(session, speed)));
    // Restoring can only fail when the terminal is gone; nothing to tell.
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

fn event_loop(terminal: &mut DefaultTerminal, mut app: App) -> Result<(), Error> {
    loop {
        let now = Instant::now();
        app.tick(now);
        terminal.draw(|frame| app.draw(frame, now))?;
        if app.should_quit() {
            return Ok(());
        }
        if event::poll(app.patience())? {
            let now = Instant::now();
            match event::read()? {
                Event::Key(key) => app.on_key(key, now),
                Event::Mouse(mouse) => app.on_mouse(mouse, now),
                _ => {}
            }
        }
    }
}
