-- The players' language (issue 20): the language an account chose for
-- the site (`PUT /api/language`), a code of web/locales/manifest.json;
-- NULL until it chooses, when the cookie or Accept-Language decide.

ALTER TABLE accounts ADD COLUMN language TEXT;
