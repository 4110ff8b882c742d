-- Chat (issue 15): each game's messages, in the players' room or the
-- spectators', kept with the game; and the opponents a player muted.

CREATE TABLE chat_messages (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    room TEXT NOT NULL,
    author TEXT NOT NULL,
    author_name TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX chat_by_game ON chat_messages (game_id, room, at);

CREATE TABLE chat_mutes (
    game_id TEXT NOT NULL,
    player TEXT NOT NULL,
    PRIMARY KEY (game_id, player)
);
