## La page « Comment jouer » /howto/jequier : tous ses mots, dans l'ordre de la page
## (web/howto/jequier.html n'en a aucun, seulement la place de chacun).

howto-jequier-doc = Comment jouer au Senet de Jéquier (1930) — Senet
howto-jequier-description =
    .content = Comment jouer au Senet de Jéquier : cinq pièces chacun, quatre bâtonnets, les renvois, les paires protégées, les barrages et la case de l'eau.
howto-jequier-title = Comment jouer au Senet de Jéquier (1930)
howto-jequier-lede = Une course sur les 30 cases du plateau antique, telle que l'égyptologue Gustave Jéquier l'a reconstituée.
howto-jequier-lede-rules = Les règles exactes couvrent tous les cas.
howto-jequier-goal = Le but
howto-jequier-goal-1 = Être le premier à sortir vos cinq pièces du plateau. Le parcours dessine un S : 1–10 sur la rangée du haut, 11–20 en revenant sur la rangée du milieu, 21–30 sur la rangée du bas, puis la sortie.
howto-jequier-pieces = Les pièces
howto-jequier-pieces-1 = Chaque joueur a cinq pièces, blanches ou noires, en alternance sur la première rangée : les blanches sur les cases impaires, les noires sur les cases paires. Les joueurs lancent chacun à leur tour jusqu'à ce que l'un fasse 1 : celui-là joue les noires, avance d'une case la pièce en 10, et lance à nouveau.
howto-jequier-pieces-fig =
    .data-alt = La rangée de départ : les pièces blanches sur les cases 1, 3, 5, 7 et 9, les pièces noires en 2, 4, 6, 8 et 10. Les cases 10 et 11 sont entourées.
howto-jequier-pieces-fig-caption = Le départ : le premier 1 fait passer la pièce de tête des noirs de 10 à 11 (entourée).
howto-jequier-throwing-sticks = Lancer les bâtonnets
howto-jequier-throwing-sticks-1 = Quatre bâtonnets, rouges d'un côté et nus de l'autre. Comptez les faces nues tournées vers le haut : de 1 à 4, et aucune compte pour 6. Le 2 est le plus fréquent (6 fois sur 16), le 1 et le 3 sortent 4 fois sur 16, le 4 et le 6 une fois. Après avoir joué un 1, un 4 ou un 6, vous relancez ; après un 2 ou un 3, c'est à l'autre joueur de lancer.
howto-jequier-moving = Avancer
howto-jequier-moving-1 = Chaque lancer fait avancer une pièce de tout son nombre ; vous ne pouvez pas vous poser sur votre propre pièce. Une pièce sur sa case de départ attend que la pièce partie juste devant elle ait bougé. Si aucune pièce ne peut avancer, l'une doit reculer sur une case vide. Si rien ne peut bouger, votre tour s'arrête, même après un 1, un 4 ou un 6.
howto-jequier-sending-back-protection = Renvois, protection et barrages
howto-jequier-sending-back-protection-1 = Posez-vous sur une pièce adverse isolée et elle retourne sur la case vide de plus petit numéro. Les pièces d'une même couleur côte à côte le long du parcours se protègent, et les cases marquées 15, 26, 28 et 29 sont des abris. Trois pièces adverses à la suite forment un barrage que rien ne peut franchir.
howto-jequier-sending-back-protection-fig =
    .data-alt = Pièces blanches en 4, 9, 11, 15 et 22 ; pièces noires en 14, 17, 18, 24 et 28. Les cases 11 et 14 sont entourées.
howto-jequier-sending-back-protection-fig-caption = Les blancs ont fait 3 : la pièce en 11 peut renvoyer la pièce noire isolée en 14 sur la case 1, mais celle en 15 ne peut pas se poser en 18, où la paire noire se protège.
howto-jequier-sending-back-protection-2 = La case 27 est l'eau : une pièce qui s'y pose retourne aussitôt sur la case vide la plus basse.
howto-jequier-sending-back-protection-fig2 =
    .data-alt = Pièces blanches en 12, 17, 18, 23 et 25 ; pièces noires en 19, 20, 21, 29 et 30. Les cases 23 et 1 sont entourées.
howto-jequier-sending-back-protection-fig2-caption = Les blancs ont fait 4 : le barrage noir en 19–21 arrête les pièces en 17 et 18, et 29 est un abri. La pièce en 23 peut avancer, mais l'eau en 27 la renvoie sur la case 1 (entourée).
howto-jequier-bearing-off-end = La sortie et la fin
howto-jequier-bearing-off-end-1 = Dès que toutes vos pièces encore sur le plateau sont sur la dernière rangée, tout lancer qui en porte une au-delà de 30 la fait sortir ; nul besoin d'un lancer exact. Sortir la cinquième pièce donne la victoire.
howto-jequier-bearing-off-end-fig =
    .data-alt = Pièces blanches en 21, 23, 25, 28 et 30 ; pièces noires en 13, 16, 17, 19 et 22. La case 28 et la sortie sont entourées.
howto-jequier-bearing-off-end-fig-caption = Toutes les pièces blanches sont sur la dernière rangée : avec ce 3, la pièce en 28 (ou en 30) quitte le plateau.
howto-jequier-scoring-series = Les points d'une série
howto-jequier-scoring-series-1 = Le vainqueur marque pour chaque pièce adverse restée sur le plateau : 1 sur la dernière rangée, 2 sur celle du milieu, 3 sur la première. Dans une série « au meilleur des », le match revient à qui a gagné le plus de parties (les points départagent une égalité) ; dans une série « le premier à », au premier qui atteint le total de points.
howto-jequier-spec = Chaque détail, avec les tests qui le fixent :
howto-jequier-spec-link = les règles exactes du Senet de Jéquier
