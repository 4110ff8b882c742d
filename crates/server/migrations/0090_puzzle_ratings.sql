-- Puzzle ratings (issue 16): a signed-in player's Glicko-2 puzzle rating
-- per rule family (abapa, wari, warri, kalah), and each puzzle they have
-- tried, so that only the first attempt at a puzzle is rated (a repeat
-- finds its row). Guests keep theirs in the browser.

CREATE TABLE puzzle_ratings (
    account_id TEXT NOT NULL,
    family TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    rated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, family)
);

CREATE TABLE puzzle_attempts (
    account_id TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    family TEXT NOT NULL,
    solved BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (account_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_by_family ON puzzle_attempts (account_id, family);
