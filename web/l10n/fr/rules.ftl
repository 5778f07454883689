## Le cadre de la page des règles (web/rules.html, web/rules.js).

ru-doc = Senet — règles
ru-doc-named = { $variant } — règles
ru-loading = Chargement…
ru-no-variant = Variante inconnue.
ru-howto-link = Comment jouer, pour les débutants
