## La page des règles (/rules/{variant}) : ses propres mots et ceux qu'écrit rules.js autour du texte.

rules-page-doc = Senet — règles
rules-loading = Chargement…
rules-doc = { $variant } — règles
rules-notes-doc = { $variant } — notes pour les développeurs
rules-howto-link = Comment jouer, pour débuter
rules-notes-link = Notes pour les développeurs (en anglais)
rules-players-link = Les règles, pour les joueurs
rules-missing = Il n'y a pas de règles pour cette variante ici.
