## La page « Comment jouer » /howto/bell : tous ses mots, dans l'ordre de la page (web/howto/bell.html
## n'en a aucun, seulement la place de chacun).

howto-bell-doc = Comment jouer au Senet de Bell (1960) — Senet
howto-bell-description =
    .content = Comment jouer au Senet selon les règles proposées par R. C. Bell : dix pièces chacun, un dé à quatre faces, les prises, et les cinq cases marquées au bout du parcours.
howto-bell-title = Comment jouer au Senet de Bell (1960)
howto-bell-lede = Une course sur les 30 cases du plateau antique, telle que l'historien des jeux R. C. Bell a proposé de la jouer.
howto-bell-lede-rules = Les règles exactes couvrent tous les cas.
howto-bell-goal = Le but
howto-bell-goal-1 = Sauver plus de vos dix pièces que votre adversaire. Le parcours dessine un S : 1–10 sur la rangée du haut, 11–20 en revenant sur la rangée du milieu, 21–30 sur la rangée du bas, puis la sortie. Les pièces que vous sortez sont sauvées ; celles que votre adversaire prend sont perdues.
howto-bell-pieces-first-throw = Les pièces et le premier lancer
howto-bell-pieces-first-throw-1 = Chaque joueur a dix pièces, noires ou blanches, en alternance sur les deux premières rangées : les noires sur les cases impaires de 1 à 19, les blanches sur les cases paires de 2 à 20. Chaque joueur lance une fois le dé à quatre faces ; le plus fort lancer joue les noires et commence (à égalité, on relance). Les noirs lancent ensuite à nouveau pour le premier coup.
howto-bell-pieces-first-throw-fig =
    .data-alt = Le départ : les pièces noires sur les cases impaires de 1 à 19, les pièces blanches sur les cases paires de 2 à 20. Les cases 1 et 4 sont entourées.
howto-bell-pieces-first-throw-fig-caption = Le départ. Les noirs ont fait 3 : la pièce en 1 peut prendre la pièce blanche en 4 (entourée) ; toute autre pièce noire le peut aussi, sauf celle de tête, qui file en 22.
howto-bell-moving-taking = Avancer et prendre
howto-bell-moving-taking-1 = Chaque lancer fait avancer l'une de vos pièces de tout son nombre ; les pièces ne reculent jamais et vous ne pouvez pas vous poser sur votre propre pièce. Si une pièce peut utiliser le lancer, vous devez en jouer une ; si aucune ne le peut, le lancer est perdu. Dans les deux cas, c'est ensuite à l'autre joueur de lancer.
howto-bell-moving-taking-2 = Posez-vous sur une pièce adverse et vous la prenez : elle quitte la partie pour de bon. Deux ou trois pièces côte à côte ne se protègent pas et ne bloquent rien.
howto-bell-moving-taking-fig =
    .data-alt = Pièces noires en 3, 7, 12, 15, 19 et 21 ; pièces blanches en 6, 10, 14, 16, 24 et 26. Les cases 21 et 24 sont entourées.
howto-bell-moving-taking-fig-caption = Les noirs ont fait 3 : la pièce en 21 peut prendre la pièce blanche en 24 (entourée), comme celles en 3 et en 7. La pièce blanche en 26 est sur une case marquée, où rien ne peut la prendre.
howto-bell-marked-squares = Les cases marquées
howto-bell-marked-squares-1 = Les cinq dernières cases sont marquées : l'ankh ☥ (26), puis X, III, II et I (27 à 30). Une pièce sur une case marquée est à l'abri, et vous devez la jouer au premier lancer qui peut la faire avancer, avant toute autre pièce. Depuis l'ankh, une pièce continue le long du parcours ; depuis X, III, II ou I, elle ne sort du plateau qu'avec ce nombre exact : 4 depuis X, 3 depuis III, 2 depuis II, 1 depuis I.
howto-bell-marked-squares-fig =
    .data-alt = Pièces noires en 10, 18, 23 et 27 ; pièces blanches en 2, 9, 13, 20, 25 et 28. La case 27 et la sortie sont entourées.
howto-bell-marked-squares-fig-caption = Les noirs ont fait 4 : la pièce sur X (27) doit sortir maintenant, avant que toute autre pièce noire ne bouge.
howto-bell-marked-squares-fig2 =
    .data-alt = Pièces noires en 14, 19, 29 et 30 ; pièces blanches en 5, 11, 17, 22 et 26. La case 29 et la sortie sont entourées.
howto-bell-marked-squares-fig2-caption = Les noirs ont fait 2 : la pièce sur II (29) sort ; la pièce sur I (30) attend un 1.
howto-bell-end = La fin
howto-bell-end-1 = La partie s'arrête dès qu'un camp n'a plus de pièce sur le plateau, que sa dernière pièce soit sortie ou prise. Chaque camp compte alors ses pièces sauvées : celles qu'il a sorties et, pour le camp qui a encore des pièces sur le plateau, celles-là aussi (plus rien ne peut les prendre). Le camp qui a sauvé le plus de pièces l'emporte ; à égalité, gagne le joueur dont le coup a mis fin à la partie.
howto-bell-scoring-series = Les points d'une série
howto-bell-scoring-series-1 = Le vainqueur marque un point par pièce sauvée, de 1 à 10. Dans une série « au meilleur des », le match revient à qui a gagné le plus de parties (les points départagent une égalité) ; dans une série « le premier à », au premier qui atteint le total de points.
howto-bell-spec = Chaque détail, avec les tests qui le fixent :
howto-bell-spec-link = les règles exactes du Senet de Bell
