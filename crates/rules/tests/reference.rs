//! A differential test against a plain reference model of RULES.md §2 and
//! §3, written seed by seed for clarity, not speed: every variant and option
//! OpenSpiel does not cover (wari, warri, playout, Kalah with empty capture,
//! fewer pits, more seeds, set-up positions).

mod common;

use common::{any_choices, any_rules, any_start};
use proptest::prelude::*;
use wari_rules::{Cycle, EndReason, Game, Move, Position, Rules, Side, Variant};

/// A position as the reference model sees it: pits `0..m` South's, `m..2m`
/// North's, as in RULES.md §1.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Model {
    rules: Rules,
    pits: Vec<u32>,
    captured: [u32; 2],
    turn: Side,
    end: Option<EndReason>,
}

impl Model {
    fn of(p: &Position) -> Model {
        Model {
            rules: *p.rules(),
            pits: p.board().iter().map(|&s| u32::from(s)).collect(),
            captured: Side::ALL.map(|s| u32::from(p.captured(s))),
            turn: p.turn(),
            end: p.end_reason(),
        }
    }

    fn m(&self) -> usize {
        usize::from(self.rules.pits())
    }

    fn total(&self) -> u32 {
        self.pits.iter().sum::<u32>() + self.captured[0] + self.captured[1]
    }

    /// The pits of a side's row, as indices.
    fn row(&self, side: Side) -> std::ops::Range<usize> {
        let m = self.m();
        side.index() * m..side.index() * m + m
    }

    fn row_seeds(&self, side: Side) -> u32 {
        self.pits[self.row(side)].iter().sum()
    }

    fn pit(&self, mv: Move) -> usize {
        mv.side().index() * self.m() + usize::from(mv.column())
    }

    /// Each player takes the seeds on their own row.
    fn sweep(&mut self) {
        for side in Side::ALL {
            self.captured[side.index()] += self.row_seeds(side);
            for i in self.row(side) {
                self.pits[i] = 0;
            }
        }
    }

    /// Oware sowing (RULES.md §2.1), one seed at a time, skipping the
    /// emptied pit; returns the pit of the last seed.
    fn sow_oware(&mut self, origin: usize) -> usize {
        let n = self.pits.len();
        let mut seeds = std::mem::take(&mut self.pits[origin]);
        let mut pit = origin;
        while seeds > 0 {
            pit = (pit + 1) % n;
            if pit == origin {
                continue;
            }
            self.pits[pit] += 1;
            seeds -= 1;
        }
        pit
    }

    /// The pits an Oware capture from `last` takes (RULES.md §2.2).
    fn chain(&self, mover: Side, last: usize) -> Vec<usize> {
        let opponent = self.row(mover.opposite());
        let mut taken = Vec::new();
        let mut pit = last;
        while opponent.contains(&pit) && (2..=3).contains(&self.pits[pit]) {
            taken.push(pit);
            if pit == opponent.start {
                break;
            }
            pit -= 1;
        }
        taken
    }

    /// Whether an Oware move is a grand slam (RULES.md §2.3): its captures
    /// would take every seed on the opponent's row after the sowing.
    fn is_grand_slam(&self, mv: Move) -> bool {
        let mut after = self.clone();
        let last = after.sow_oware(self.pit(mv));
        let chain = after.chain(self.turn, last);
        let taken: u32 = chain.iter().map(|&p| after.pits[p]).sum();
        !chain.is_empty() && taken == after.row_seeds(self.turn.opposite())
    }

    /// Whether an Oware move sows at least one seed into the opponent's
    /// row (RULES.md §2.4).
    fn feeds(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.sow_oware(self.pit(mv));
        after.row_seeds(self.turn.opposite()) > self.row_seeds(self.turn.opposite())
    }

    fn legal(&self) -> Vec<Move> {
        if self.end.is_some() {
            return Vec::new();
        }
        let own: Vec<Move> = (0..self.rules.pits())
            .map(|c| Move::new(self.turn, c))
            .filter(|&mv| self.pits[self.pit(mv)] > 0)
            .collect();
        if self.rules.is_kalah() {
            return own;
        }
        let must_feed = self.row_seeds(self.turn.opposite()) == 0;
        let moves: Vec<Move> = own
            .into_iter()
            .filter(|&mv| !must_feed || self.feeds(mv))
            .collect();
        if self.rules.variant() == Variant::Wari {
            let others: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&mv| !self.is_grand_slam(mv))
                .collect();
            if !others.is_empty() {
                return others;
            }
        }
        moves
    }

    fn play(&mut self, mv: Move) {
        if self.rules.is_kalah() {
            self.play_kalah(mv);
        } else {
            self.play_oware(mv);
        }
    }

    fn play_oware(&mut self, mv: Move) {
        let mover = self.turn;
        let slam = self.is_grand_slam(mv);
        let last = self.sow_oware(self.pit(mv));
        let chain = self.chain(mover, last);
        self.turn = mover.opposite();
        let take = match self.rules.variant() {
            Variant::Abapa => !slam,
            _ => true,
        };
        if take {
            for &pit in &chain {
                self.captured[mover.index()] += std::mem::take(&mut self.pits[pit]);
            }
        }
        if slam && self.rules.variant() == Variant::Wari {
            // The whole row is taken: the mover also takes their own.
            let own = self.row_seeds(mover);
            self.captured[mover.index()] += own;
            for i in self.row(mover) {
                self.pits[i] = 0;
            }
            self.end = Some(EndReason::GrandSlam);
            return;
        }
        if slam && self.rules.variant() == Variant::Warri {
            self.turn = mover;
        }
        if !self.rules.playout() && 2 * self.captured[mover.index()] > self.total() {
            self.end = Some(EndReason::Majority);
            return;
        }
        if self.legal().is_empty() {
            self.sweep();
            self.end = Some(EndReason::NoMoves);
        }
    }

    fn play_kalah(&mut self, mv: Move) {
        let m = self.m();
        let mover = self.turn;
        // The loop of slots the mover sows into: own pits, own store
        // (`None`), the opponent's pits; the opponent's store is skipped.
        let mut slots: Vec<Option<usize>> = self.row(mover).map(Some).collect();
        slots.push(None);
        slots.extend(self.row(mover.opposite()).map(Some));
        let origin = usize::from(mv.column());
        let from = self.pit(mv);
        let mut seeds = std::mem::take(&mut self.pits[from]);
        let mut slot = origin;
        let mut was_empty = false;
        while seeds > 0 {
            slot = (slot + 1) % slots.len();
            match slots[slot] {
                Some(pit) => {
                    was_empty = self.pits[pit] == 0;
                    self.pits[pit] += 1;
                }
                None => self.captured[mover.index()] += 1,
            }
            seeds -= 1;
        }
        match slots[slot] {
            None => {} // Last seed in the store: the mover plays again.
            Some(pit) => {
                if self.row(mover).contains(&pit) && was_empty {
                    let facing = 2 * m - 1 - pit;
                    if self.pits[facing] > 0 || self.rules.empty_capture() {
                        self.captured[mover.index()] += std::mem::take(&mut self.pits[pit])
                            + std::mem::take(&mut self.pits[facing]);
                    }
                }
                self.turn = mover.opposite();
            }
        }
        if self.row_seeds(Side::South) == 0 || self.row_seeds(Side::North) == 0 {
            self.sweep();
            self.end = Some(EndReason::EmptySide);
        }
    }
}

fn letters(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// Every rule of RULES.md §2 and §3, as the library plays it, agrees
    /// with the reference model: the legal moves of each position, and the
    /// position each move leads to (board, counts, turn, end).
    #[test]
    fn play_agrees_with_the_reference_model_of_the_rules(start in any_start(), choices in any_choices()) {
        let mut position = start;
        let mut moves = Vec::new();
        for choice in &choices {
            let model = Model::of(&position);
            let legal = position.legal_moves();
            prop_assert_eq!(
                letters(&legal), letters(&model.legal()),
                "legal moves (ours, model) at {:?} after {}", position, letters(&moves)
            );
            if legal.is_empty() {
                break;
            }
            let mv = *choice.get(&legal);
            moves.push(mv);
            let mut expected = model.clone();
            expected.play(mv);
            let before = position;
            position = position.play(mv).expect("a legal move is accepted");
            prop_assert_eq!(
                Model::of(&position), expected,
                "(ours, model) after {} from {:?} (start {:?}, moves {})", mv, before, start, letters(&moves)
            );
        }
    }

    /// RULES.md §2.5.4: an Oware game ends when a board and player to move
    /// occur for the second time (the third under `cycle=3`); each player
    /// then takes their own row, or under `cycle=even` the seeds left are
    /// shared. Kalah has no cycle rule.
    #[test]
    fn cycle_rule_ends_the_game_at_the_repeated_board_and_turn(rules in any_rules(), choices in any_choices()) {
        let mut game = Game::new(rules);
        let mut seen = vec![(game.position().board().to_vec(), game.position().turn())];
        for choice in &choices {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(*choice.get(&legal)).expect("a legal move is accepted");
            let after = game.positions().last().copied().expect("a game has positions");
            let key = (after.board().to_vec(), after.turn());
            let occurrences = 1 + seen.iter().filter(|&k| *k == key).count();
            seen.push(key);
            let cycle = !rules.is_kalah() && !after.is_over() && occurrences >= rules.cycle().occurrences();
            let reason = game.outcome().map(|o| o.reason());
            prop_assert_eq!(
                reason == Some(EndReason::Repetition), cycle,
                "[{}] {} after {} ({} occurrences), game ended by {:?}",
                rules, after, wari_rules::record::write_moves(game.moves()), occurrences, reason
            );
            if cycle {
                let outcome = game.outcome().expect("over");
                let left = u16::from(after.seeds_on_board());
                for side in Side::ALL {
                    let own: u16 = after.row(side).iter().map(|&s| u16::from(s)).sum();
                    let expected = 2 * u16::from(after.captured(side))
                        + if rules.cycle() == Cycle::Even { left } else { 2 * own };
                    prop_assert_eq!(outcome.halves(side), expected, "[{}] {} {:?}", rules, after, side);
                }
            }
        }
    }
}
