//! Colour preferences (A.6) and the colour allocation rules (E.1–E.5).

use crate::history::{Colour, Player};

/// How much a player wants a colour (A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// No game played yet.
    None,
    /// Colour difference 0: alternate from the last game.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

/// A player's colour preference: which colour, and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub colour: Option<Colour>,
    pub strength: Strength,
}

/// The preference A.6 gives a player.
pub(crate) fn preference(player: &Player) -> Preference {
    let cd = player.colour_difference();
    let last_two = match player.colours.as_slice() {
        [.., a, b] if a == b => Some(*b),
        _ => None,
    };
    let (colour, strength) = if player.colours.is_empty() {
        (None, Strength::None)
    } else if cd > 1 {
        (Some(Colour::Black), Strength::Absolute)
    } else if cd < -1 {
        (Some(Colour::White), Strength::Absolute)
    } else if let Some(repeated) = last_two {
        (Some(repeated.opposite()), Strength::Absolute)
    } else if cd == 1 {
        (Some(Colour::Black), Strength::Strong)
    } else if cd == -1 {
        (Some(Colour::White), Strength::Strong)
    } else {
        let last = *player.colours.last().expect("a game played");
        (Some(last.opposite()), Strength::Mild)
    };
    Preference { colour, strength }
}

/// The colour the higher-ranked player `a` gets against `b` (E.1–E.5).
/// `a` is the higher ranked by score, then pairing number (A.2).
pub(crate) fn allocate(a: &Player, b: &Player) -> Colour {
    let (pa, pb) = (preference(a), preference(b));
    match (pa.colour, pb.colour) {
        // E.1: both preferences granted.
        (Some(ca), Some(cb)) if ca != cb => return ca,
        (Some(ca), None) => return ca,
        (None, Some(cb)) => return cb.opposite(),
        (Some(ca), Some(_)) => {
            // E.2: the stronger preference; between two absolute ones, the
            // wider colour difference.
            if pa.strength != pb.strength {
                return if pa.strength > pb.strength {
                    ca
                } else {
                    ca.opposite()
                };
            }
            if pa.strength == Strength::Absolute {
                let (da, db) = (a.colour_difference().abs(), b.colour_difference().abs());
                if da != db {
                    return if da > db { ca } else { ca.opposite() };
                }
            }
            // E.3: alternate from the latest time they had different
            // colours, comparing the games played from the last backwards
            // (C.04.2.D.5: rounds without a game are left out).
            for (x, y) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
                if x != y {
                    return x.opposite();
                }
            }
            // E.4: the higher-ranked player's preference.
            return ca;
        }
        (None, None) => {}
    }
    // E.5: the initial colour (White) to the higher-ranked player if his
    // pairing number is odd.
    if a.number % 2 == 1 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// What a colour allocation costs in the quality criteria C.8–C.11, as the
/// number of players of the pair hit by each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ColourCost {
    /// C.8: a colour difference beyond ±2.
    pub beyond_two: u32,
    /// C.9: the same colour three times in a row.
    pub three_in_a_row: u32,
    /// C.10: a colour preference not granted.
    pub preference: u32,
    /// C.11: a strong colour preference not granted.
    pub strong: u32,
}

/// The cost of pairing `a` (higher ranked) with `b` under the E rules.
pub(crate) fn cost(a: &Player, b: &Player) -> ColourCost {
    let ca = allocate(a, b);
    let mut cost = ColourCost::default();
    for (p, c) in [(a, ca), (b, ca.opposite())] {
        let cd = p.colour_difference() + if c == Colour::White { 1 } else { -1 };
        if cd.abs() > 2 {
            cost.beyond_two += 1;
        }
        if let [.., x, y] = p.colours.as_slice()
            && *x == c
            && *y == c
        {
            cost.three_in_a_row += 1;
        }
        let pref = preference(p);
        if pref.colour.is_some_and(|want| want != c) {
            cost.preference += 1;
            if pref.strength == Strength::Strong {
                cost.strong += 1;
            }
        }
    }
    cost
}

/// Whether two players may meet under C.3: not when both have the same
/// absolute preference, unless one is a topscorer (final round only).
pub(crate) fn compatible(a: &Player, b: &Player, topscorer: impl Fn(&Player) -> bool) -> bool {
    let (pa, pb) = (preference(a), preference(b));
    !(pa.strength == Strength::Absolute
        && pb.strength == Strength::Absolute
        && pa.colour == pb.colour
        && !topscorer(a)
        && !topscorer(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Float;
    use Colour::{Black as B, White as Wh};

    fn player(number: usize, colours: &[Colour]) -> Player {
        Player {
            id: number as u64,
            number,
            score: crate::history::Points(0),
            colours: colours.to_vec(),
            met: vec![],
            bye_barred: false,
            floats: [Float::None; 2],
        }
    }

    #[test]
    fn preferences_follow_a6() {
        let p = |colours: &[Colour]| preference(&player(1, colours));
        assert_eq!(
            p(&[]),
            Preference {
                colour: None,
                strength: Strength::None
            }
        );
        assert_eq!(
            p(&[Wh]),
            Preference {
                colour: Some(B),
                strength: Strength::Strong
            }
        );
        assert_eq!(
            p(&[Wh, B]),
            Preference {
                colour: Some(Wh),
                strength: Strength::Mild
            }
        );
        assert_eq!(
            p(&[B, Wh, Wh]),
            Preference {
                colour: Some(B),
                strength: Strength::Absolute
            }
        );
        assert_eq!(
            p(&[Wh, B, Wh]),
            Preference {
                colour: Some(B),
                strength: Strength::Strong
            }
        );
        assert_eq!(
            p(&[Wh, Wh, B, Wh]),
            Preference {
                colour: Some(B),
                strength: Strength::Absolute
            }
        );
        assert_eq!(
            p(&[B, Wh, B, B]),
            Preference {
                colour: Some(Wh),
                strength: Strength::Absolute
            }
        );
    }

    #[test]
    fn the_stronger_preference_is_granted_e2() {
        // Both want Black. Absolute (W, W) beats strong (W), whoever ranks
        // higher; strong (W, B, W) beats mild (B, W).
        let (absolute, strong, mild) =
            (player(2, &[Wh, Wh]), player(1, &[Wh]), player(1, &[B, Wh]));
        assert_eq!(allocate(&strong, &absolute), Wh);
        assert_eq!(allocate(&absolute, &strong), B);
        let strong3 = player(2, &[Wh, B, Wh]);
        assert_eq!(allocate(&mild, &strong3), Wh);
        // Both mild Black: E.3 alternates from the latest round with
        // different colours (round 2: the first had Black, now White), even
        // against the higher-ranked player's preference (E.4).
        let (first, second) = (player(1, &[Wh, B, B, Wh]), player(2, &[B, Wh, B, Wh]));
        assert_eq!(allocate(&first, &second), Wh);
        // Same colours every round: E.4, the higher-ranked gets his.
        assert_eq!(allocate(&player(1, &[B, Wh]), &player(2, &[B, Wh])), B);
        // No history at all: E.5 by pairing number.
        assert_eq!(allocate(&player(3, &[]), &player(4, &[])), Wh);
        assert_eq!(allocate(&player(4, &[]), &player(5, &[])), B);
    }

    #[test]
    fn the_same_absolute_preference_forbids_a_game_but_for_topscorers() {
        let (a, b) = (player(1, &[Wh, Wh]), player(2, &[B, Wh, Wh]));
        assert!(!compatible(&a, &b, |_| false));
        assert!(compatible(&a, &b, |p| p.number == 2));
        assert!(compatible(&a, &player(3, &[B, B]), |_| false));
    }
}
