-- A game the server paired (a quick pool's, an arena's) gives each
-- player this long for their first move; a player who has not made it
-- by then has not come, and the game is aborted (docs/API.md, "Aborting
-- a game"). NULL: no such limit (tables, challenges, Swiss rounds).

ALTER TABLE games ADD COLUMN first_move_ms BIGINT;
