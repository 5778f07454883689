## The rules page's frame (web/rules.html, web/rules.js); the rules texts themselves
## (docs/rules/) are not in the catalogues.

ru-doc = Senet — rules
ru-doc-named = { $variant } — rules
ru-loading = Loading…
ru-no-variant = No such variant.
ru-howto-link = How to play, for newcomers
