# The game: the lobby, the board, the game page, players and lists (web-a).
