-- The same SQL for SQLite and PostgreSQL: TEXT ids, BIGINT numbers
-- (milliseconds since the epoch for times, 0/1 for flags), no sequences.

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    table_id TEXT,
    source TEXT NOT NULL,
    rules TEXT NOT NULL,
    start_position TEXT NOT NULL,
    status TEXT NOT NULL,
    version BIGINT NOT NULL,
    south_kind TEXT,
    south_name TEXT,
    south_session TEXT,
    south_level BIGINT,
    north_kind TEXT,
    north_name TEXT,
    north_session TEXT,
    north_level BIGINT,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    south_ms BIGINT,
    north_ms BIGINT,
    clock_running TEXT,
    clock_since BIGINT,
    offers TEXT NOT NULL,
    moves_count BIGINT NOT NULL,
    result TEXT,
    reason TEXT,
    score TEXT,
    rematch_game_id TEXT,
    tags TEXT,
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT
);

CREATE INDEX games_by_status ON games (status, finished_at, id);

CREATE TABLE moves (
    game_id TEXT NOT NULL,
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    south_ms BIGINT,
    north_ms BIGINT,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    rules TEXT NOT NULL,
    creator_session TEXT NOT NULL,
    creator_name TEXT NOT NULL,
    creator_side TEXT NOT NULL,
    opponent_kind TEXT NOT NULL,
    level BIGINT,
    private BIGINT NOT NULL,
    invite_token TEXT UNIQUE,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX tables_by_status ON tables (status, created_at);
