-- Swiss tournaments (issue 17): a fixed number of rounds, and the round of
-- each tournament game (a bye is a row with status 'bye', its player at
-- south and no one at north).

ALTER TABLE tournaments ADD COLUMN rounds BIGINT;
ALTER TABLE tournament_games ADD COLUMN round BIGINT;
