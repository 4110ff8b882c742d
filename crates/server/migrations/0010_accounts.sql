-- Accounts (issue 15): a name unique ignoring case (name_key) and an
-- Argon2id password hash; a deleted account keeps its row without a
-- password, so that its name stays reserved. Sessions may be signed in to
-- an account; games point to the accounts that sat at them. Failed
-- sign-ins are counted by scope ('account:NAME', 'address:IP').

CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    created_at BIGINT NOT NULL,
    deleted_at BIGINT
);

ALTER TABLE sessions ADD COLUMN account_id TEXT;
CREATE INDEX sessions_by_account ON sessions (account_id);

CREATE TABLE sign_in_failures (
    scope TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX sign_in_failures_by_scope ON sign_in_failures (scope, at);

ALTER TABLE games ADD COLUMN south_account TEXT;
ALTER TABLE games ADD COLUMN north_account TEXT;
CREATE INDEX games_by_south_account ON games (south_account, finished_at);
CREATE INDEX games_by_north_account ON games (north_account, finished_at);
CREATE INDEX games_by_south_session ON games (south_session);
CREATE INDEX games_by_north_session ON games (north_session);
