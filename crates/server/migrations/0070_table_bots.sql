-- A table whose game a bot plays (a bot's challenge, or a challenge to a
-- bot) says so, so that TABLE names the bots' rating pool (`bot-…`) its
-- rated game is played in before the challenged player takes the seat.

ALTER TABLE tables ADD COLUMN bots BIGINT NOT NULL DEFAULT 0;
