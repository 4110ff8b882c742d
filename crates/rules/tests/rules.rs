//! One test (at least) for each rule of RULES.md, named after it.

use wari_rules::{Cycle, EndReason, Game, Move, PlayError, Position, Rules, Side, Variant};

fn rules(s: &str) -> Rules {
    s.parse().unwrap_or_else(|e| panic!("rules {s:?}: {e}"))
}

fn pos(s: &str, r: &str) -> Position {
    Position::from_string(s, rules(r)).unwrap_or_else(|e| panic!("position {s:?}: {e}"))
}

fn mv(letter: &str) -> Move {
    letter.parse().unwrap()
}

/// Plays `letter` in `position` (which must accept it) and gives the string.
fn after(position: &str, r: &str, letter: &str) -> Position {
    pos(position, r)
        .play(mv(letter))
        .unwrap_or_else(|e| panic!("{letter} in {position}: {e}"))
}

fn letters(p: &Position) -> String {
    p.legal_moves().iter().map(|m| m.letter()).collect()
}

// §1 Board, notation and position strings

#[test]
fn rule_1_start_has_n_seeds_per_pit_and_south_moves_first() {
    let p = Position::new(rules("abapa"));
    assert_eq!(p.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0");
    assert_eq!(p.turn(), Side::South);
    assert_eq!(p.total_seeds(), 48);
    let small = Position::new(rules("wari,pits=3,seeds=5"));
    assert_eq!(small.to_string(), "5,5,5/5,5,5 S 0-0");
    assert_eq!(small.total_seeds(), 30);
}

#[test]
fn rule_1_pit_letters_name_south_a_to_f_and_north_a_to_f() {
    assert_eq!(mv("A"), Move::new(Side::South, 0));
    assert_eq!(mv("F"), Move::new(Side::South, 5));
    assert_eq!(mv("a"), Move::new(Side::North, 0));
    assert_eq!(mv("f").letter(), 'f');
    assert!("g".parse::<Move>().is_err());
    assert!("AB".parse::<Move>().is_err());
}

#[test]
fn rule_1_sowing_is_counterclockwise_f_is_followed_by_north_a() {
    let p = after("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", "abapa", "F");
    assert_eq!(p.to_string(), "4,4,4,4,4,0/5,5,5,5,4,4 N 0-0");
}

#[test]
fn rule_1_sowing_is_counterclockwise_north_f_is_followed_by_south_a() {
    let p = after("4,4,4,4,4,4/4,4,4,4,4,4 N 0-0", "abapa", "f");
    assert_eq!(p.to_string(), "5,5,5,5,4,4/4,4,4,4,4,0 S 0-0");
}

#[test]
fn rule_1_pit_a_faces_north_f_in_kalah_captures() {
    // F's 8 seeds: South's store, a..f, and the last in empty A, which
    // faces f (2 seeds by then): 3 seeds to South's store.
    let p = after("0,1,0,0,0,8/1,1,1,1,1,1 S 0-0", "kalah", "F");
    assert_eq!(p.to_string(), "0,1,0,0,0,0/2,2,2,2,2,0 N 4-0");
    let p = after("1,0,0,0,0,1/1,1,1,1,3,1 S 0-0", "kalah", "A");
    // B faces e: B's seed and e's three go to South's store.
    assert_eq!(p.to_string(), "0,0,0,0,0,1/1,1,1,1,0,1 N 4-0");
}

#[test]
fn rule_1_position_string_round_trips() {
    for s in [
        "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0",
        "0,0,0,1,2,0/3,0,0,0,0,1 N 20-21",
        "1,2,3/3,2,1 N 5-3",
        "12/0 S 0-0",
    ] {
        let m = s.split('/').next().unwrap().split(',').count();
        let r = Rules::new(Variant::Abapa).with_pits(m as u8).unwrap();
        assert_eq!(Position::from_string(s, r).unwrap().to_string(), s);
    }
    // Each pit counts once towards the total, whatever the board's size.
    let r = Rules::new(Variant::Abapa).with_pits(3).unwrap();
    assert_eq!(
        Position::from_string("1,2,3/3,2,1 N 5-3", r)
            .unwrap()
            .total_seeds(),
        20
    );
}

#[test]
fn rule_1_rules_strings_parse_display_and_round_trip() {
    for (text, canonical) in [
        ("abapa", "abapa"),
        ("wari,cycle=3", "wari,cycle=3"),
        (
            "kalah,pits=4,seeds=3,empty-capture=off",
            "kalah,pits=4,seeds=3,empty-capture=off",
        ),
        (
            "warri,playout,cycle=even,seeds=5",
            "warri,seeds=5,cycle=even,playout",
        ),
        ("abapa,pits=6,seeds=4,cycle=2", "abapa"),
        ("kalah,empty-capture=on", "kalah"),
    ] {
        let r = rules(text);
        assert_eq!(r.to_string(), canonical, "{text}");
        assert_eq!(rules(canonical), r);
    }
    let r = rules("kalah,pits=4,seeds=3,empty-capture=off");
    assert_eq!(
        (r.variant(), r.pits(), r.seeds(), r.empty_capture()),
        (Variant::Kalah, 4, 3, false)
    );
    assert_eq!(rules("warri,cycle=even").cycle(), Cycle::Even);
    for bad in [
        "",
        "oware",
        "abapa,pits=7",
        "abapa,pits=0",
        "abapa,seeds=13",
        "abapa,seeds=0",
        "abapa,cycle=4",
        "kalah,cycle=3",
        "kalah,playout",
        "abapa,empty-capture=off",
        "abapa,pits",
        "abapa,pits=6,pits=6",
        "abapa,colour=red",
        "abapa,playout=yes",
    ] {
        assert!(bad.parse::<Rules>().is_err(), "{bad:?} should be refused");
    }
}

#[test]
fn rule_1_end_reasons_have_the_names_of_rules_md() {
    let names: Vec<&str> = EndReason::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(
        names,
        [
            "majority",
            "no-moves",
            "grand-slam",
            "repetition",
            "agreement",
            "empty-side",
            "resignation",
            "time"
        ]
    );
    for r in EndReason::ALL {
        assert_eq!(r.name().parse::<EndReason>(), Ok(r));
    }
}

#[test]
fn rule_1_ends_that_give_each_player_their_row_empty_the_rows() {
    // no-moves: North cannot be fed... South cannot feed North; each takes their row.
    let p = after("3,0,0,0,0,0/0,0,0,0,0,1 N 10-10", "abapa", "f");
    assert_eq!(p.end_reason(), Some(EndReason::NoMoves));
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 S 14-10");
}

#[test]
fn rule_1_majority_end_leaves_the_seeds_on_the_board() {
    let p = after("0,0,0,0,0,2/1,2,5,0,0,0 S 20-18", "abapa", "F");
    assert_eq!(p.end_reason(), Some(EndReason::Majority));
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,5,0,0,0 N 25-18");
}

// §2.1 Sowing

#[test]
fn rule_2_1_sowing_drops_one_seed_per_following_pit() {
    let p = after("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", "abapa", "C");
    assert_eq!(p.to_string(), "4,4,0,5,5,5/5,4,4,4,4,4 N 0-0");
}

#[test]
fn rule_2_1_eleven_seeds_end_just_before_the_origin() {
    let p = after("0,0,11,0,0,0/0,0,0,0,0,0 S 0-0", "abapa", "C");
    assert_eq!(p.to_string(), "1,1,0,1,1,1/1,1,1,1,1,1 N 0-0");
}

#[test]
fn rule_2_1_twelve_seeds_skip_the_origin_pit() {
    let p = after("0,0,12,0,0,0/0,0,0,0,0,0 S 0-0", "abapa", "C");
    assert_eq!(p.to_string(), "1,1,0,2,1,1/1,1,1,1,1,1 N 0-0");
}

#[test]
fn rule_2_1_twenty_two_seeds_end_just_before_the_origin() {
    let p = after("0,0,22,0,0,0/0,0,0,0,0,0 S 0-0", "abapa", "C");
    assert_eq!(p.to_string(), "2,2,0,2,2,2/2,2,2,2,2,2 N 0-0");
}

#[test]
fn rule_2_1_a_lap_can_capture_after_skipping_the_origin() {
    // 17 seeds from A: a lap of 11, then B..F and a; a ends with 2.
    let p = after("17,0,0,0,0,0/0,1,0,0,0,0 S 0-0", "abapa", "A");
    assert_eq!(p.to_string(), "0,2,2,2,2,2/0,2,1,1,1,1 N 2-0");
}

#[test]
fn rule_2_1_the_origin_ends_empty_on_small_boards_too() {
    // One pit a row: every seed goes across.
    // One pit a row: every seed goes across. (Taking a's 3 would take
    // North's whole row: a grand slam, which captures nothing.)
    let p = after("3/0 S 0-0", "abapa,pits=1", "A");
    assert_eq!(p.to_string(), "0/3 N 0-0");
}

// §2.2 Captures

#[test]
fn rule_2_2_last_seed_making_two_or_three_captures_and_the_chain_goes_back() {
    let p = after("0,0,0,0,0,3/1,2,1,5,0,0 S 0-0", "abapa", "F");
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,5,0,0 N 7-0");
}

#[test]
fn rule_2_2_chain_stops_at_a_pit_with_another_count() {
    let p = after("0,0,0,0,0,3/1,3,1,5,0,0 S 0-0", "abapa", "F");
    assert_eq!(p.to_string(), "0,0,0,0,0,0/2,4,0,5,0,0 N 2-0");
}

#[test]
fn rule_2_2_chain_stops_at_the_movers_own_row() {
    // North's last seed makes A 2; before A comes North's own f, which
    // holds 3, and the chain stops there.
    let p = after("1,2,0,0,0,0/0,0,0,0,2,2 N 0-0", "abapa", "e");
    assert_eq!(p.to_string(), "0,2,0,0,0,0/0,0,0,0,0,3 S 0-2");
}

#[test]
fn rule_2_2_no_capture_on_the_movers_own_row() {
    let p = after("1,1,0,0,0,0/4,4,4,4,4,4 S 0-0", "abapa", "A");
    assert_eq!(p.to_string(), "0,2,0,0,0,0/4,4,4,4,4,4 N 0-0");
}

#[test]
fn rule_2_2_no_capture_of_one_or_four() {
    let p = after("0,0,0,0,0,1/0,4,4,4,4,4 S 0-0", "abapa", "F");
    assert_eq!(p.to_string(), "0,0,0,0,0,0/1,4,4,4,4,4 N 0-0");
    let p = after("0,0,0,0,0,1/3,4,4,4,4,4 S 0-0", "abapa", "F");
    assert_eq!(p.to_string(), "0,0,0,0,0,0/4,4,4,4,4,4 N 0-0");
}

// §2.3 Grand slam

const SLAM: &str = "4,4,0,0,0,2/1,2,0,0,0,0 S 10-10";

#[test]
fn rule_2_3_a_grand_slam_takes_every_seed_on_the_opponents_row() {
    let p = pos(SLAM, "abapa");
    assert!(p.is_grand_slam(mv("F")));
    assert!(!p.is_grand_slam(mv("A")));
    // Not a grand slam when a seed is left on the row (d holds 5).
    assert!(!pos("0,0,0,0,0,2/1,2,5,0,0,0 S 20-18", "abapa").is_grand_slam(mv("F")));
}

#[test]
fn rule_2_3_abapa_grand_slam_is_legal_and_captures_nothing() {
    let p = pos(SLAM, "abapa");
    assert_eq!(letters(&p), "ABF");
    let p = p.play(mv("F")).unwrap();
    assert_eq!(p.to_string(), "4,4,0,0,0,0/2,3,0,0,0,0 N 10-10");
    assert!(!p.is_over());
}

#[test]
fn rule_2_3_abapa_grand_slam_as_the_only_move_is_played_and_captures_nothing() {
    let p = pos("0,0,0,0,0,2/1,2,0,0,0,0 S 10-10", "abapa");
    assert_eq!(letters(&p), "F");
    let p = p.play(mv("F")).unwrap();
    // North cannot feed South's empty row: each takes their own row.
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 N 10-15");
    assert_eq!(p.end_reason(), Some(EndReason::NoMoves));
}

#[test]
fn rule_2_3_wari_grand_slam_is_illegal_when_other_moves_exist() {
    let p = pos(SLAM, "wari");
    assert_eq!(letters(&p), "AB");
    assert_eq!(p.play(mv("F")), Err(PlayError::GrandSlamForbidden(mv("F"))));
}

#[test]
fn rule_2_3_wari_only_grand_slams_left_are_played_and_end_the_game() {
    // E and F are both grand slams: both stay legal.
    let p = pos("0,0,0,0,3,2/1,2,0,0,0,0 S 10-10", "wari");
    assert_eq!(letters(&p), "EF");
    for m in ["E", "F"] {
        let q = p.play(mv(m)).unwrap();
        // The whole row is captured and the mover takes their own row too.
        assert_eq!(q.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 N 18-10", "{m}");
        assert_eq!(q.end_reason(), Some(EndReason::GrandSlam));
        assert_eq!(q.outcome().unwrap().winner(), Some(Side::South));
    }
}

#[test]
fn rule_2_3_wari_grand_slam_is_dropped_only_when_a_non_slam_feeding_move_exists() {
    // North is empty: E does not feed, so F (a feeding grand slam) is the
    // only legal move and is played.
    let p = pos("0,0,0,0,1,17/0,0,0,0,0,0 S 0-0", "wari");
    assert_eq!(letters(&p), "F");
    let q = p.play(mv("F")).unwrap();
    assert_eq!(q.end_reason(), Some(EndReason::GrandSlam));
    assert_eq!(q.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 N 18-0");
}

#[test]
fn rule_2_3_a_feeding_move_that_captures_back_all_it_sowed_is_a_grand_slam() {
    // 17 seeds from F: a lap, then a..f again; every North pit holds 2.
    let p = pos("0,0,0,0,0,17/0,0,0,0,0,0 S 0-0", "abapa");
    assert!(p.is_grand_slam(mv("F")));
    let q = p.play(mv("F")).unwrap();
    assert_eq!(q.to_string(), "1,1,1,1,1,0/2,2,2,2,2,2 N 0-0");
}

#[test]
fn rule_2_3_warri_grand_slam_captures_the_row_and_the_same_player_moves_again() {
    let p = pos("6,4,0,0,0,2/1,2,0,0,0,0 S 10-10", "warri");
    assert_eq!(letters(&p), "ABF");
    let q = p.play(mv("F")).unwrap();
    assert_eq!(q.to_string(), "6,4,0,0,0,0/0,0,0,0,0,0 S 15-10");
    assert!(!q.is_over());
    // The same player must now feed: only A reaches North's row.
    assert_eq!(letters(&q), "A");
    assert_eq!(
        q.play(mv("B")),
        Err(PlayError::MustFeed {
            m: mv("B"),
            turn: Side::South
        })
    );
}

#[test]
fn rule_2_3_warri_after_a_grand_slam_the_mover_who_cannot_feed_takes_their_row() {
    let q = after(SLAM, "warri", "F");
    assert_eq!(q.end_reason(), Some(EndReason::NoMoves));
    assert_eq!(q.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 S 23-10");
}

// §2.4 Feeding

#[test]
fn rule_2_4_a_player_must_feed_an_empty_row() {
    let p = pos("3,1,0,0,2,1/0,0,0,0,0,0 S 20-21", "abapa");
    assert_eq!(letters(&p), "EF");
    assert_eq!(
        p.play(mv("A")),
        Err(PlayError::MustFeed {
            m: mv("A"),
            turn: Side::South
        })
    );
}

#[test]
fn rule_2_4_when_no_move_can_feed_the_mover_takes_their_row() {
    // After North's f, South must feed North but A's 4 seeds cannot reach.
    let p = after("3,0,0,0,0,0/0,0,0,0,0,1 N 10-10", "abapa", "f");
    assert_eq!(p.end_reason(), Some(EndReason::NoMoves));
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 S 14-10");
    // The same in a set-up position.
    let p = pos("4,0,0,0,0,0/0,0,0,0,0,0 S 10-10", "abapa");
    assert_eq!(p.end_reason(), Some(EndReason::NoMoves));
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 S 14-10");
}

// §2.5 End of the game

#[test]
fn rule_2_5_more_than_half_ends_the_game() {
    let p = after("0,0,0,0,0,2/1,2,5,0,0,0 S 20-18", "abapa", "F");
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.winner()),
        (EndReason::Majority, Some(Side::South))
    );
    assert_eq!(o.score_text(), "25-18");
}

#[test]
fn rule_2_5_majority_counts_all_seeds_of_a_set_up_position() {
    // Eleven seeds in all: six is more than half.
    let p = after("1,0,0,0,0,1/1,1,0,0,0,0 S 4-3", "abapa", "F");
    assert_eq!(p.end_reason(), Some(EndReason::Majority));
    // Twelve in all: exactly half is not enough.
    let p = after("1,0,0,0,0,1/1,1,0,0,0,0 S 4-4", "abapa", "F");
    assert!(!p.is_over(), "{p:?}");
}

#[test]
fn rule_2_5_a_position_string_giving_more_than_half_is_finished() {
    let p = pos("0,0,0,0,0,1/0,0,0,0,0,0 N 20-27", "abapa");
    assert_eq!(p.end_reason(), Some(EndReason::Majority));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.play(mv("a")), Err(PlayError::GameOver));
}

#[test]
fn rule_2_5_playout_keeps_playing_past_a_majority() {
    let p = after("0,0,0,0,0,2/1,2,5,0,0,0 S 20-18", "abapa,playout", "F");
    assert!(!p.is_over());
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,5,0,0,0 N 25-18");
    let p = pos("0,0,0,0,0,1/0,0,0,1,0,0 N 20-26", "abapa,playout");
    assert!(!p.is_over());
    // The natural end: the one with more wins.
    let mut game = Game::from_position(pos("0,0,0,0,0,0/0,0,0,0,0,1 N 20-27", "abapa,playout"));
    game.play(mv("f")).unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.winner()),
        (EndReason::NoMoves, Some(Side::North))
    );
}

#[test]
fn rule_2_5_the_player_to_move_without_a_legal_move_ends_the_game() {
    // An empty own row in a set-up position.
    let p = pos("0,0,0,0,0,0/1,2,0,0,0,0 S 20-25", "abapa,playout");
    assert_eq!(p.end_reason(), Some(EndReason::NoMoves));
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 S 20-28");
}

const CYCLE: &str = "0,0,0,0,0,1/0,0,0,0,0,1 S 22-24";

fn cycle_game(r: &str, plies: usize) -> Game {
    let mut game = Game::from_position(pos(CYCLE, r));
    for _ in 0..plies {
        assert!(
            !game.is_over(),
            "ended early after {} plies",
            game.moves().len()
        );
        let only = game.legal_moves();
        assert_eq!(only.len(), 1);
        game.play(only[0]).unwrap();
    }
    game
}

#[test]
fn rule_2_5_a_position_occurring_the_second_time_ends_the_game() {
    // Two single seeds chase each other round the board: after 12 plies the
    // start position is back.
    let game = cycle_game("abapa", 12);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.winner()),
        (EndReason::Repetition, Some(Side::North))
    );
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 S 23-25"
    );
    assert_eq!(o.score_text(), "23-25");
}

#[test]
fn rule_2_5_cycle_3_ends_the_game_at_the_third_occurrence() {
    let game = cycle_game("abapa,cycle=3", 23);
    assert!(!game.is_over());
    let game = cycle_game("abapa,cycle=3", 24);
    assert_eq!(game.outcome().unwrap().reason(), EndReason::Repetition);
}

#[test]
fn rule_2_5_cycle_even_shares_the_seeds_left_equally() {
    let game = cycle_game("wari,cycle=even", 12);
    let o = game.outcome().unwrap();
    assert_eq!(o.reason(), EndReason::Repetition);
    assert_eq!(o.score_text(), "23-25");
    // The seeds stay on the board; each count gets half of them.
    assert_eq!(game.position().to_string(), CYCLE);
    // An odd seed is halved.
    let mut game = Game::from_position(pos("1,0,0,0,0,0/2,0,0,0,0,0 S 22-23", "wari,cycle=even"));
    game.end_by_agreement();
    let o = game.outcome().unwrap();
    assert_eq!(o.score_text(), "23½-24½");
    assert_eq!((o.halves(Side::South), o.halves(Side::North)), (47, 49));
    assert_eq!(o.winner(), Some(Side::North));
}

#[test]
fn rule_2_5_players_may_agree_to_end_the_game_by_the_cycle_rule() {
    let mut game = Game::from_position(pos("1,0,0,0,0,5/2,0,0,0,0,0 S 20-20", "abapa"));
    game.end_by_agreement();
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.reason(), o.winner()),
        (EndReason::Agreement, Some(Side::South))
    );
    assert_eq!(
        game.position().to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 S 26-22"
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("A")), Err(PlayError::GameOver));
}

#[test]
fn rule_2_5_twenty_four_each_is_a_draw() {
    let p = pos("0,0,0,0,0,0/0,0,0,0,0,0 S 24-24", "abapa");
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), None);
    assert_eq!(o.result_name(), "draw");
}

// §3 Kalah

#[test]
fn rule_3_last_seed_in_the_store_gives_another_move() {
    let p = after("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0", "kalah", "C");
    assert_eq!(p.to_string(), "4,4,0,5,5,5/4,4,4,4,4,4 S 1-0");
    assert_eq!(p.turn(), Side::South);
}

#[test]
fn rule_3_sowing_passes_the_own_store_and_skips_the_opponents() {
    let p = after("1,0,0,0,0,8/1,1,1,1,1,1 S 0-0", "kalah", "F");
    assert_eq!(p.to_string(), "2,0,0,0,0,0/2,2,2,2,2,2 N 1-0");
    let p = after("1,1,1,1,1,1/8,0,0,0,0,1 N 0-0", "kalah", "f");
    assert_eq!(p.to_string(), "1,1,1,1,1,1/8,0,0,0,0,0 N 0-1");
    let p = after("1,1,1,1,1,1/1,0,0,0,0,8 N 0-0", "kalah", "f");
    // f's 8 seeds: North's store, A..F, then a (South's store skipped).
    assert_eq!(p.to_string(), "2,2,2,2,2,2/2,0,0,0,0,0 S 0-1");
}

#[test]
fn rule_3_the_emptied_pit_is_not_skipped() {
    // 13 seeds from F: the store, a..f, A..E and F again, which was empty:
    // a capture of that seed and a's two.
    let p = after("0,0,0,0,0,13/1,1,1,1,1,1 S 0-0", "kalah", "F");
    assert_eq!(p.to_string(), "1,1,1,1,1,0/0,2,2,2,2,2 N 4-0");
}

#[test]
fn rule_3_last_seed_in_an_empty_own_pit_captures_the_opposite_pit() {
    let p = after("1,0,0,0,0,1/1,1,1,1,3,1 S 0-0", "kalah", "A");
    assert_eq!(p.to_string(), "0,0,0,0,0,1/1,1,1,1,0,1 N 4-0");
}

#[test]
fn rule_3_empty_capture_option_decides_when_the_opposite_pit_is_empty() {
    let on = after("1,0,0,0,0,1/1,1,1,1,0,1 S 0-0", "kalah", "A");
    assert_eq!(on.to_string(), "0,0,0,0,0,1/1,1,1,1,0,1 N 1-0");
    let off = after(
        "1,0,0,0,0,1/1,1,1,1,0,1 S 0-0",
        "kalah,empty-capture=off",
        "A",
    );
    assert_eq!(off.to_string(), "0,1,0,0,0,1/1,1,1,1,0,1 N 0-0");
}

#[test]
fn rule_3_an_empty_row_after_a_move_ends_the_game_and_rows_go_to_their_owners() {
    let p = after("0,0,0,0,0,1/1,1,1,1,1,1 S 0-0", "kalah", "F");
    assert_eq!(p.end_reason(), Some(EndReason::EmptySide));
    assert_eq!(p.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 S 1-6");
    assert_eq!(p.outcome().unwrap().winner(), Some(Side::North));
    // A set-up position with an empty row is finished too.
    let p = pos("0,0,0,0,0,0/1,0,0,0,0,0 S 20-27", "kalah");
    assert_eq!(p.end_reason(), Some(EndReason::EmptySide));
}

#[test]
fn rule_3_kalah_has_no_majority_end() {
    let p = pos("1,0,0,0,0,1/1,1,1,1,1,1 S 30-10", "kalah");
    assert!(!p.is_over());
}

// §4 Counting conventions

#[test]
fn rule_4_perft_from_the_oware_start() {
    let start = Position::new(rules("abapa"));
    let counts: Vec<u64> = (1..=7).map(|d| wari_rules::perft(&start, d)).collect();
    assert_eq!(counts, [6, 36, 190, 1014, 5219, 27332, 139157]);
}

#[test]
fn rule_4_perft_from_the_kalah_start_counts_extra_moves_as_plies() {
    let start = Position::new(rules("kalah"));
    let counts: Vec<u64> = (1..=6).map(|d| wari_rules::perft(&start, d)).collect();
    assert_eq!(counts, [6, 35, 185, 942, 4685, 23169]);
}

#[test]
fn rule_4_perft_does_not_count_sequences_that_end_the_game_early() {
    // After F the game is over by majority: nothing below it counts.
    let p = pos("0,0,0,0,0,2/1,2,5,0,0,0 S 20-18", "abapa");
    assert_eq!(wari_rules::perft(&p, 1), 1);
    assert_eq!(wari_rules::perft(&p, 2), 0);
}
