-- Quick pairing (issue 15): a seek waits in a pool (abapa-5+3, ...) until
-- the pairing pairs it with another (status 'paired', its game and the
-- opponent) or its player cancels it or stops being seen ('cancelled').
-- Tables may challenge a named player.

CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    pool TEXT NOT NULL,
    player TEXT NOT NULL,
    account_id TEXT,
    name TEXT NOT NULL,
    rating BIGINT NOT NULL,
    status TEXT NOT NULL,
    game_id TEXT,
    opponent TEXT,
    created_at BIGINT NOT NULL,
    seen_at BIGINT NOT NULL,
    paired_at BIGINT
);
CREATE INDEX seeks_open ON seeks (status, pool, created_at);
CREATE INDEX seeks_by_player ON seeks (player, status, paired_at);

ALTER TABLE tables ADD COLUMN challenged TEXT;
ALTER TABLE tables ADD COLUMN challenged_name TEXT;
CREATE INDEX tables_by_challenged ON tables (challenged, status);
