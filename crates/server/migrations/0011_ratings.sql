-- Ratings (issue 15): Glicko-2 per account and pool (FAMILY-SPEED, like
-- abapa-blitz), each rated game's result in the history (for the graph),
-- and on each game whether it is rated, its pool, and each seat's rating
-- when it began and its change at the end. Tables may be rated, for
-- players in a rating range.

CREATE TABLE ratings (
    account_id TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    rated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, pool)
);
CREATE INDEX ratings_by_pool ON ratings (pool, rating);

CREATE TABLE rating_history (
    account_id TEXT NOT NULL,
    pool TEXT NOT NULL,
    game_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account_id, pool, game_id)
);
CREATE INDEX rating_history_by_time ON rating_history (account_id, pool, at);

ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN pool TEXT;
ALTER TABLE games ADD COLUMN south_rating BIGINT;
ALTER TABLE games ADD COLUMN south_provisional BIGINT;
ALTER TABLE games ADD COLUMN south_rating_diff BIGINT;
ALTER TABLE games ADD COLUMN north_rating BIGINT;
ALTER TABLE games ADD COLUMN north_provisional BIGINT;
ALTER TABLE games ADD COLUMN north_rating_diff BIGINT;

ALTER TABLE tables ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN rating_min BIGINT;
ALTER TABLE tables ADD COLUMN rating_max BIGINT;
