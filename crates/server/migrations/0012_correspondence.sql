-- Correspondence (issue 15): a clock of whole days a move, given afresh
-- after every move (clock_initial_ms holds the days in milliseconds).

ALTER TABLE games ADD COLUMN clock_per_move BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN clock_per_move BIGINT NOT NULL DEFAULT 0;
