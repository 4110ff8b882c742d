-- A tournament game lost by a player who made no move of their own (did
-- not come): for a Swiss event a forfeit, not a game played (no colour,
-- no meeting, and the winner may not have the bye; docs/TOURNAMENTS.md).

ALTER TABLE tournament_games ADD COLUMN no_show BIGINT NOT NULL DEFAULT 0;
