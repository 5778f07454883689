## The rules page (/rules/{variant}): its own words and those rules.js writes around the text.

rules-page-doc = Senet — rules
rules-loading = Loading…
rules-doc = { $variant } — rules
rules-notes-doc = { $variant } — notes for developers
rules-howto-link = How to play, for newcomers
rules-notes-link = Notes for developers (in English)
rules-players-link = The rules, for players
rules-missing = There are no rules for this variant here.
