-- Shared state between the processes of one database (issue 14): who
-- is alive, who is connected to which seat through which process, whose
-- the computer's pending turns are; the clock's deadline (flags fall
-- with the game unloaded), adjournment, and the address that opened a
-- table (open tables are capped per session and address).

CREATE TABLE processes (
    id TEXT PRIMARY KEY,
    started_at BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);

CREATE TABLE presence (
    game_id TEXT NOT NULL,
    side TEXT NOT NULL,
    process_id TEXT NOT NULL,
    connections BIGINT NOT NULL,
    left_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, side, process_id)
);

CREATE INDEX presence_by_process ON presence (process_id, connections);

CREATE TABLE computer_turns (
    game_id TEXT PRIMARY KEY,
    process_id TEXT NOT NULL,
    since BIGINT NOT NULL
);

CREATE INDEX computer_turns_by_process ON computer_turns (process_id);

ALTER TABLE games ADD COLUMN clock_deadline BIGINT;
ALTER TABLE games ADD COLUMN active_at BIGINT;
ALTER TABLE games ADD COLUMN adjourned_at BIGINT;

UPDATE games SET clock_deadline = clock_since + south_ms
    WHERE status = 'playing' AND clock_running = 'S';
UPDATE games SET clock_deadline = clock_since + north_ms
    WHERE status = 'playing' AND clock_running = 'N';
UPDATE games SET active_at = COALESCE(started_at, created_at);

CREATE INDEX games_by_deadline ON games (status, clock_deadline);

ALTER TABLE tables ADD COLUMN creator_address TEXT;
