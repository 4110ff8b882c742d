-- Bots in tournaments (issue 17): a tournament that allows bots takes
-- bot accounts; each player row remembers whether it is a bot, for the
-- badge in the standings and for the seats of the games it is paired in
-- (whose rated games then count in the bots' list, `bot-…` pools).

ALTER TABLE tournament_players ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
