-- Tournaments (issue 17): arenas (and, later, Swiss events). A tournament
-- is created by a player or by the operator's schedule (schedule_key, one
-- row per scheduled start whichever process makes it); its players join
-- and leave (active 0/1) at will; each game it pairs is a row of
-- tournament_games, with the result and what the scoring needs once it
-- ends. Times are milliseconds since the epoch.

CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    clock_initial_ms BIGINT NOT NULL,
    clock_increment_ms BIGINT NOT NULL,
    minutes BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    min_rating BIGINT,
    min_games BIGINT,
    bots_allowed BIGINT NOT NULL,
    created_by TEXT,
    creator_name TEXT,
    schedule_key TEXT UNIQUE,
    status TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    rating BIGINT NOT NULL,
    active BIGINT NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, account_id)
);

CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL,
    game_id TEXT PRIMARY KEY,
    south TEXT NOT NULL,
    north TEXT NOT NULL,
    south_rating BIGINT NOT NULL,
    north_rating BIGINT NOT NULL,
    status TEXT NOT NULL,
    winner TEXT,
    plies BIGINT,
    south_berserk BIGINT NOT NULL,
    north_berserk BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);
CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, status);

ALTER TABLE games ADD COLUMN tournament_id TEXT;
ALTER TABLE games ADD COLUMN south_berserk BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN north_berserk BIGINT NOT NULL DEFAULT 0;
