//! The board widget: North's row on top and South's below (or turned
//! round), each pit a box with its seeds drawn as dots where they fit and
//! its count, the captured seeds (Oware) or stores (Kalah) at the rows'
//! ends, the pit letters above and below, and the last move, its
//! captures, the cursor and a hint marked.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Block, BorderType, Widget};
use wari_rules::{Move, Side};

use wari_rules::Slot;

/// Where each part of the board lies on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Each pit's box, by board index (`A..F` then `a..f`).
    pub pits: Vec<Rect>,
    /// South's and North's store (or captured seeds) box.
    pub stores: [Rect; 2],
    /// The rows of letters above the top row and below the bottom row.
    pub letters: [u16; 2],
    /// The side whose row is on top.
    pub top: Side,
}

impl Geometry {
    /// The board laid out in `area`: pits grow with the room, up to a
    /// size, and the board is centred across.
    pub fn new(area: Rect, pits: usize, flipped: bool) -> Geometry {
        let m = pits.max(1) as u16;
        let store_width = (area.width.saturating_sub(16) / m).clamp(8, 12);
        let pit_width = (area.width.saturating_sub(2 * store_width) / m).clamp(5, 14);
        let pit_height = (area.height.saturating_sub(2) / 2).clamp(3, 8);
        let width = 2 * store_width + m * pit_width;
        let x0 = area.x + area.width.saturating_sub(width) / 2;
        let y0 = area.y;
        let top = if flipped { Side::South } else { Side::North };
        let bottom = top.opposite();
        let clip = |r: Rect| r.intersection(area);
        let mut rects = vec![Rect::default(); 2 * pits];
        for i in 0..pits {
            let x = x0 + store_width + i as u16 * pit_width;
            // The top row reads right to left from its owner's view:
            // A faces f, F faces a.
            rects[top.index() * pits + (pits - 1 - i)] =
                clip(Rect::new(x, y0 + 1, pit_width, pit_height));
            rects[bottom.index() * pits + i] =
                clip(Rect::new(x, y0 + 1 + pit_height, pit_width, pit_height));
        }
        // Each store follows its owner's last pit: the top side's on the
        // left, the bottom side's on the right.
        let mut stores = [Rect::default(); 2];
        stores[top.index()] = clip(Rect::new(x0, y0 + 1, store_width, 2 * pit_height));
        stores[bottom.index()] = clip(Rect::new(
            x0 + store_width + m * pit_width,
            y0 + 1,
            store_width,
            2 * pit_height,
        ));
        Geometry {
            pits: rects,
            stores,
            letters: [y0, y0 + 1 + 2 * pit_height],
            top,
        }
    }

    /// The pit (board index) at a screen cell, if any.
    pub fn pit_at(&self, x: u16, y: u16) -> Option<usize> {
        self.pits.iter().position(|r| r.contains(Position { x, y }))
    }
}

/// What the board shows.
#[derive(Clone, Debug)]
pub struct BoardView<'a> {
    /// Pits per row.
    pub pits: usize,
    /// Every pit's count, `A..F` then `a..f`.
    pub counts: &'a [u8],
    /// South's and North's captured seeds or stores.
    pub stores: [u8; 2],
    /// Kalah (stores) or Oware (captured seeds).
    pub kalah: bool,
    /// South's row on top.
    pub flipped: bool,
    /// Who moves, if the game goes on.
    pub turn: Option<Side>,
    /// The pit the last move emptied.
    pub last: Option<usize>,
    /// The pits the last move captured.
    pub captured: &'a [usize],
    /// Where the last seed fell during the animation.
    pub hand: Option<Slot>,
    /// The pit the arrows have chosen.
    pub cursor: Option<usize>,
    /// The pit of a hint.
    pub hint: Option<usize>,
    /// South's and North's names, in the game's language.
    pub names: &'a [String; 2],
    /// What the seeds beside the rows are called: `store` or `captured`.
    pub store_label: &'a str,
}

/// The colour of a pit's frame, from the most telling mark down.
fn pit_style(view: &BoardView<'_>, index: usize) -> (Style, BorderType) {
    let side = if index < view.pits {
        Side::South
    } else {
        Side::North
    };
    let plain = if view.turn == Some(side) {
        Style::new().fg(Color::White)
    } else {
        Style::new().fg(Color::DarkGray)
    };
    if view.cursor == Some(index) {
        (
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            BorderType::Thick,
        )
    } else if view.hand == Some(Slot::Pit(index)) {
        (Style::new().fg(Color::LightGreen), BorderType::Double)
    } else if view.captured.contains(&index) {
        (Style::new().fg(Color::LightRed), BorderType::Double)
    } else if view.last == Some(index) {
        (Style::new().fg(Color::Yellow), BorderType::Double)
    } else if view.hint == Some(index) {
        (Style::new().fg(Color::Magenta), BorderType::Thick)
    } else {
        (plain, BorderType::Rounded)
    }
}

/// Draws `count` seeds as dots in `area` if they fit, centred row by row.
/// Returns whether they did.
fn draw_seeds(buf: &mut Buffer, area: Rect, count: u8, style: Style) -> bool {
    let count = u16::from(count);
    let cols = area.width.div_ceil(2);
    if cols == 0 || count > cols * area.height {
        return false;
    }
    let rows = count.div_ceil(cols);
    let top = area.y + (area.height - rows) / 2;
    for r in 0..rows {
        let n = (count - r * cols).min(cols);
        let x = area.x + (area.width - (2 * n - 1)) / 2;
        let dots = vec!["•"; usize::from(n)].join(" ");
        buf.set_string(x, top + r, dots, style);
    }
    true
}

/// Writes `text` centred on row `y` of `area`.
fn centred(buf: &mut Buffer, area: Rect, y: u16, text: &str, style: Style) {
    if area.width == 0 || y < area.top() || y >= area.bottom() {
        return;
    }
    let width = text.chars().count() as u16;
    let x = area.x + area.width.saturating_sub(width) / 2;
    buf.set_stringn(x, y, text, usize::from(area.width), style);
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let geometry = Geometry::new(area, self.pits, self.flipped);
        for (index, &rect) in geometry.pits.iter().enumerate() {
            if rect.is_empty() {
                continue;
            }
            let (style, border) = pit_style(self, index);
            let block = Block::bordered().border_type(border).border_style(style);
            let inner = block.inner(rect);
            block.render(rect, buf);
            let count = self.counts[index];
            let number = Style::new().add_modifier(Modifier::BOLD);
            let number = if self.captured.contains(&index) {
                number.fg(Color::LightRed)
            } else {
                number
            };
            if inner.height >= 2 {
                let seeds = Rect {
                    height: inner.height - 1,
                    ..inner
                };
                let dots = Style::new().fg(Color::Yellow);
                draw_seeds(buf, seeds, count, dots);
            }
            if inner.height >= 1 {
                centred(buf, inner, inner.bottom() - 1, &count.to_string(), number);
            }
        }
        for side in Side::ALL {
            let rect = geometry.stores[side.index()];
            if rect.is_empty() {
                continue;
            }
            let to_move = self.turn == Some(side);
            let style = if self.hand == Some(Slot::Store(side)) {
                Style::new().fg(Color::LightGreen)
            } else if to_move {
                Style::new().fg(Color::White)
            } else {
                Style::new().fg(Color::DarkGray)
            };
            let name = &self.names[side.index()];
            let title = if to_move {
                format!("{name}▸")
            } else {
                name.clone()
            };
            let block = Block::bordered()
                .border_type(BorderType::Rounded)
                .border_style(style)
                .title(title);
            let inner = block.inner(rect);
            block.render(rect, buf);
            let middle = inner.y + inner.height / 2;
            let label = self.store_label;
            centred(
                buf,
                inner,
                middle.saturating_sub(1),
                label,
                Style::new().fg(Color::Gray),
            );
            centred(
                buf,
                inner,
                middle,
                &self.stores[side.index()].to_string(),
                Style::new().add_modifier(Modifier::BOLD),
            );
        }
        for (row, y) in geometry.letters.into_iter().enumerate() {
            if y < area.top() || y >= area.bottom() {
                continue;
            }
            let side = if row == 0 {
                geometry.top
            } else {
                geometry.top.opposite()
            };
            let style = if self.turn == Some(side) {
                Style::new().add_modifier(Modifier::BOLD)
            } else {
                Style::new().fg(Color::DarkGray)
            };
            for column in 0..self.pits {
                let m = Move::new(side, column as u8);
                let rect = geometry.pits[side.index() * self.pits + column];
                let strip = Rect {
                    y,
                    height: 1,
                    ..rect
                };
                centred(buf, strip, y, &m.letter().to_string(), style);
            }
        }
    }
}
