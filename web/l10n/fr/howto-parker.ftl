## La page « Comment jouer » /howto/parker : tous ses mots, dans l'ordre de la page
## (web/howto/parker.html n'en a aucun, seulement la place de chacun).

howto-parker-doc = Comment jouer au Senet de Parker Brothers (1946) — Senet
howto-parker-description =
    .content = Comment jouer au SENET de Parker Brothers : un Pharaon et quatre hommes chacun, deux dés, les prises dans la rangée du Senet, et l'attente d'un 1.
howto-parker-title = Comment jouer au Senet de Parker Brothers (1946)
howto-parker-lede = Le jeu de société de Parker Brothers de 1946 : non pas une course mais une chasse.
howto-parker-lede-rules = Les règles exactes couvrent tous les cas.
howto-parker-goal = Le but
howto-parker-goal-1 = Prendre tous les pions de votre adversaire. Chaque joueur en a cinq : un Pharaon et quatre hommes.
howto-parker-board-paths = Le plateau et les chemins
howto-parker-board-paths-1 = Le plateau a trois rangées de dix cases. Les rangées extérieures sont la rangée de sécurité de chaque joueur, où aucun pion ne peut être pris ; la rangée du milieu est la rangée du Senet, commune aux deux. Votre chemin est une boucle de 20 cases : depuis le coin de votre Pharaon (1) le long de votre rangée de sécurité jusqu'à 10, puis vers la rangée du Senet, tout du long (11–20) dans le sens contraire de celui de votre adversaire, et retour à votre coin. Les pions peuvent faire plusieurs tours. Dans la rangée du Senet, chaque case a un trou par joueur : les pions des deux joueurs ne se bloquent donc jamais.
howto-parker-board-paths-fig =
    .data-alt = Le départ : le Pharaon et les hommes rouges sur leurs cases 1 à 5 en bas à gauche, les jaunes sur leurs cases 1 à 5 en haut à droite. La case 5 de rouge et la case 11 de rouge dans la rangée du Senet sont entourées.
howto-parker-board-paths-fig-caption = Le départ : chaque Pharaon (le plus grand pion) dans son coin, les hommes à côté de lui. Rouge a fait 4 et 2 et peut mener son homme de tête de 6 cases en tout, dans la rangée du Senet.
howto-parker-dice-moving = Les dés et les déplacements
howto-parker-dice-moving-1 = Les deux joueurs lancent les dés ; le plus fort total commence. Un tour est un lancer de deux dés : avancez un pion du total, ou un pion par dé (le même pion peut prendre les deux, l'un après l'autre). Utilisez les deux dés si vous le pouvez ; si aucun pion ne peut avancer d'un dé ni du total, le tour est perdu. Les hommes ne font qu'avancer et ne peuvent ni dépasser un pion de leur couleur ni se poser dessus.
howto-parker-captures = Les prises
howto-parker-captures-1 = Un pion qui s'arrête dans la rangée du Senet juste à côté d'un pion adverse le prend. Passer à côté ne prend rien, et il n'y a de prises que dans la rangée du Senet. Une prise ne termine pas le tour.
howto-parker-captures-fig =
    .data-alt = Le Pharaon rouge sur sa case 6, des hommes rouges en 3, 4, 8 et dans la rangée du Senet sur la case rouge 12 ; le Pharaon jaune dans son coin, des hommes jaunes en 3, 5, 9 et dans la rangée du Senet sur la case jaune 16. Les cases rouges 12 et 15 sont entourées.
howto-parker-captures-fig-caption = Rouge a fait 3 et 2. L'homme rouge de la rangée du Senet avance de 3 et s'arrête à côté de l'homme jaune : pris.
howto-parker-pharaoh = Le Pharaon
howto-parker-pharaoh-1 = Le Pharaon peut sauter par-dessus les pions de sa couleur. Dans la rangée du Senet, il peut aussi reculer (jamais jusque dans sa rangée de sécurité), et même avancer d'un dé et reculer de l'autre. Un joueur qui n'a plus de Pharaon et plus qu'un seul homme donne à cet homme les pouvoirs du Pharaon.
howto-parker-waiting-one = Attendre un 1
howto-parker-waiting-one-1 = Un homme ne peut pas passer de la rangée du Senet à sa rangée de sécurité en un seul coup : il doit s'arrêter exactement sur sa dernière case (20), et y attendre qu'un lancer suivant montre un 1 sur l'un des dés ; ce 1 le fait descendre dans son coin, s'il est libre. Un homme qui attend peut être pris. Le Pharaon n'attend jamais. Les joueurs peuvent renoncer à cette règle en créant le match.
howto-parker-waiting-one-fig =
    .data-alt = Le Pharaon rouge sur la case rouge 17 et un homme rouge qui attend sur la case rouge 20 dans la rangée du Senet, des hommes rouges en 4 et 9 ; le Pharaon jaune sur la case jaune 18 dans la rangée du Senet, des hommes jaunes en 2 et 3. Les cases rouges 17 et 13 sont entourées.
howto-parker-waiting-one-fig-caption = Rouge a fait 4 et 1. Le Pharaon rouge peut reculer de 4 et prendre le Pharaon jaune à côté de lui ; le 1 peut ensuite faire descendre dans le coin l'homme qui attend en 20.
howto-parker-end-score = La fin et les points
howto-parker-end-score-1 = Prendre le dernier pion adverse donne aussitôt la victoire. Le vainqueur marque les pions qu'il a sauvés : 25 pour son Pharaon, 10 par homme, le double si les cinq sont sauvés (130 au plus). Si 300 tours passent sans prise, la partie est nulle et ne rapporte rien. Dans une série « au meilleur des », le match revient à qui a gagné le plus de parties ; dans une série « le premier à », au premier qui atteint le total de points.
howto-parker-spec = Chaque détail, avec les tests qui le fixent :
howto-parker-spec-link = les règles exactes du Senet de Parker Brothers
