-- Bots (issue 17): an account may become a bot (`bot`), and a game
-- remembers which of its seats a bot held; personal API tokens, kept as
-- the SHA-256 of the token (the token itself is shown once), each with its
-- scopes and the session it acts through.

ALTER TABLE accounts ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN south_bot BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN north_bot BIGINT NOT NULL DEFAULT 0;

CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    scopes TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX api_tokens_by_account ON api_tokens (account_id);
