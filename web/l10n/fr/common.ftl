## Les mots communs à toutes les pages : l'en-tête, le choix de la langue, les pages
## « introuvable », et les noms des conditions d'une partie.

header-tagline = le jeu du passage, en ligne
header-sign-in = Se connecter
header-account = Compte
back-to-lobby = Retour au salon

lang-switch =
    .aria-label = Langue
    .title = Langue

missing-match-doc = Senet — Partie introuvable
missing-match-title = Partie introuvable
missing-match-detail = Il n'y a pas de partie à cette adresse : le lien est peut-être mal tapé ou coupé.
missing-variant-doc = Senet — Variante introuvable
missing-variant-title = Variante introuvable
missing-variant-detail = Il n'y a pas de règles pour cette variante ici.
missing-page-doc = Senet — Page introuvable
missing-page-title = Page introuvable
missing-page-detail = Il n'y a rien à cette adresse : le lien est peut-être mal tapé ou périmé.

field-variant = Variante
field-games = Parties
field-players = Joueurs
field-clock = Pendule
field-opponent = Adversaire
field-series = Série
field-rated = classée

series-one = une partie
series-best-of-3 = au meilleur des 3
series-best-of-5 = au meilleur des 5
series-best-of = au meilleur des
series-first-to = le premier à

clock-none = aucune
clock-3-2-explained = 3+2 (minutes + secondes par coup)
clock-days-1 = 1 jour par coup
clock-days-3 = 3 jours par coup
clock-days-7 = 7 jours par coup

level-easy = facile
level-medium = moyen
level-hard = difficile

bot-name = Ordinateur ({ $level })
bot-name-numbered = Ordinateur { $seat } ({ $level })
bot-short-easy = Ordi facile
bot-short-medium = Ordi moyen
bot-short-hard = Ordi fort
bot-short-numbered = Ordi { $seat }

header-analysis = Plateau d'analyse
header-history = Historique du joueur
header-replay = Revoir la partie
header-rules = Règles
header-scoreboard = Tableau des scores
header-tournament = Tournoi
header-howto = Comment jouer

match-default-name = Partie de { $variant }
