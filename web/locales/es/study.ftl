# Owned by web-b (see the i18n contract): learn, puzzles, analysis, editor, replay; tournaments; lessons.
