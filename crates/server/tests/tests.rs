//! The server against real clients on loopback: lobby, live play over
//! HTTP and WebSocket, the computer, offers, clocks, restarts, bad input,
//! and storage on SQLite (and PostgreSQL with `WARI_TEST_POSTGRES`).

mod common;

mod cases {
    mod aborts;
    mod accounts;
    mod analysis_lines;
    mod bad_input;
    mod bots;
    mod chat;
    mod clocks;
    mod connections;
    mod correspondence;
    mod cross_site;
    mod fairness;
    mod first_move;
    mod group_commit;
    mod language;
    mod last_move;
    mod lobby;
    mod migrations;
    mod offers;
    mod pairing;
    mod play;
    mod processes;
    mod profiles;
    mod puzzles;
    mod ratings;
    mod restart;
    mod review;
    mod startup;
    mod tournament_bots;
    mod tournaments;
    mod written_elsewhere;
}
