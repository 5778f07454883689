## La page « Comment jouer » /howto/pyramid : tous ses mots, dans l'ordre de la page
## (web/howto/pyramid.html n'en a aucun, seulement la place de chacun).

howto-pyramid-doc = Comment jouer au Senet des pyramides — Senet
howto-pyramid-description =
    .content = Comment jouer au Senet des pyramides : dix pyramides chacun, deux dés à quatre faces, les prises, les paires à l'abri, les barrages et les cases de sortie numérotées.
howto-pyramid-title = Comment jouer au Senet des pyramides
howto-pyramid-lede = Le Senet de Peter Aronson pour pyramides Icehouse : une course où les pièces valent des points.
howto-pyramid-lede-rules = Les règles exactes couvrent tous les cas.
howto-pyramid-goal = Le but
howto-pyramid-goal-1 = Sortir des pyramides qui valent plus de points que celles de votre adversaire. Une grande pyramide vaut 4, une moyenne 3, une petite 2 ; une pyramide prise ne vaut rien. Les pyramides suivent le parcours en S de la case 1 à la case 30 : de gauche à droite sur la rangée du haut, en revenant sur la rangée du milieu, de gauche à droite sur la rangée du bas.
howto-pyramid-pieces-start = Les pièces et le départ
howto-pyramid-pieces-start-1 = Chaque camp a deux grandes, trois moyennes et cinq petites pyramides, noires ou blanches. Elles occupent les cases 1–20, en alternant noir et blanc depuis la case 1, les grandes d'abord, puis les moyennes, puis les petites. Les deux joueurs lancent les deux dés ; le plus fort total choisit de jouer le premier avec les noires ou le second avec les blanches (à égalité, on relance).
howto-pyramid-dice-moving = Les dés et les déplacements
howto-pyramid-dice-moving-1 = Deux dés à quatre faces. Avancez deux pyramides d'un dé chacune, ou une pyramide deux fois ; un double, c'est simplement deux coups de ce nombre. Les deux dés doivent être utilisés si c'est possible. Au tout premier tour des noirs, on ne lance qu'un dé. Les pyramides ne reculent jamais et ne se posent jamais sur leur propre couleur.
howto-pyramid-dice-moving-fig =
    .data-alt = Le départ : les pyramides occupent les cases 1 à 20, les noires sur les cases impaires et les blanches sur les cases paires, les grandes d'abord, puis les moyennes, puis les petites. Les cases 19 et 20 sont entourées.
howto-pyramid-dice-moving-fig-caption = Le départ, et le premier tour des noirs, à un seul dé. Avec un 1, toute pyramide noire peut prendre la blanche qui la précède, ici de 19 sur 20 : aucune pyramide blanche n'a encore de voisine blanche.
howto-pyramid-captures-safety-blockades = Prises, abris et barrages
howto-pyramid-captures-safety-blockades-1 = Posez-vous sur une pyramide ennemie isolée et elle est prise : elle quitte la partie. Une pyramide est à l'abri quand une pyramide de sa couleur se trouve à côté d'elle le long du parcours, ou quand elle est sur l'une des cinq cases marquées de la fin. Trois pyramides d'une même couleur à la suite forment un barrage : l'autre couleur ne peut pas le franchir.
howto-pyramid-captures-safety-blockades-fig =
    .data-alt = Pyramides noires en 6, 11, 15 et 16 ; pyramides blanches en 9, 13, 14, 17, 18 et 19. Les cases 6 et 9 sont entourées.
howto-pyramid-captures-safety-blockades-fig-caption = Les noirs ont fait 3 et 2. La pyramide blanche isolée en 9 peut être prise depuis 6. La paire blanche en 13–14 est à l'abri, et les trois blanches en 17–19 bloquent les pyramides noires en 15 et 16.
howto-pyramid-last-five-squares = Les cinq dernières cases
howto-pyramid-last-five-squares-1 = La case 26, l'Ankh, doit être quittée à la première occasion. Les cases 27 (X), 28 (III), 29 (II) et 30 (I) sont celles d'où les pyramides sortent : une pyramide qui s'y pose attend qu'un dé montre exactement ce nombre (4, 3, 2 ou 1), et alors elle sort. Les sorties passent d'abord, puis l'Ankh, puis les autres coups.
howto-pyramid-last-five-squares-fig =
    .data-alt = Pyramides noires en 21, 26 et 28 ; pyramides blanches en 24, 25 et 27. La case 28 et la sortie sont entourées.
howto-pyramid-last-five-squares-fig-caption = Les noirs ont fait 3 et 2. Le 3 doit faire sortir la petite pyramide sur III (28) ; puis le 2 doit faire quitter l'Ankh à la moyenne.
howto-pyramid-end-score = La fin et les points
howto-pyramid-end-score-1 = La partie s'arrête dès qu'un camp n'a plus de pyramide sur le plateau, sorties ou prises. Le camp qui a sorti le plus de points gagne ; à égalité de points, le joueur qui a mis fin à la partie. Le vainqueur marque dans la série les points de ses propres pyramides sorties : dans une série « au meilleur des », le match revient à qui a gagné le plus de parties ; dans une série « le premier à », au premier qui atteint le total de points.
howto-pyramid-spec = Chaque détail, avec les tests qui le fixent :
howto-pyramid-spec-link = les règles exactes du Senet des pyramides
