-- Game reviews (issue 16, point 3): one row a game, made by the process
-- that computes the review (its claim; a process no longer in
-- `processes` loses it to the next request), with the plies analysed so
-- far, and the review as JSON once done. A review is computed once.

CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY,
    process_id TEXT NOT NULL,
    depth BIGINT NOT NULL,
    plies BIGINT NOT NULL,
    done BIGINT NOT NULL,
    result TEXT,
    requested_at BIGINT NOT NULL,
    finished_at BIGINT
);
