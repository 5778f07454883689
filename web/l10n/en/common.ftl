## Words every page shares: the header, the language switch, the "no such …" pages, and the
## names of a match's terms.

header-tagline = the game of passing, online
header-sign-in = Sign in
header-account = Account
back-to-lobby = Back to the lobby

lang-switch =
    .aria-label = Language
    .title = Language

missing-match-doc = Senet — No such match
missing-match-title = No such match
missing-match-detail = There is no match at this address: the link may be mistyped or cut short.
missing-variant-doc = Senet — No such variant
missing-variant-title = No such variant
missing-variant-detail = There are no rules for this variant here.
missing-page-doc = Senet — No such page
missing-page-title = No such page
missing-page-detail = There is nothing at this address: the link may be mistyped or out of date.

field-variant = Variant
field-games = Games
field-players = Players
field-clock = Clock
field-opponent = Opponent
field-series = Series
field-rated = rated

series-one = one game
series-best-of-3 = best of 3
series-best-of-5 = best of 5
series-best-of = best of
series-first-to = first to

clock-none = none
clock-3-2-explained = 3+2 (minutes + seconds per move)
clock-days-1 = 1 day per move
clock-days-3 = 3 days per move
clock-days-7 = 7 days per move

level-easy = easy
level-medium = medium
level-hard = hard

# A computer opponent's name, by its level's word (`level-…`); numbered by its seat where
# another computer of its level plays. Its short name, where a few letters fit, the same.
bot-name = Computer ({ $level })
bot-name-numbered = Computer { $seat } ({ $level })
bot-short-easy = Easy bot
bot-short-medium = Medium bot
bot-short-hard = Hard bot
bot-short-numbered = Bot { $seat }

header-analysis = Analysis board
header-history = Player history
header-replay = Replay
header-rules = Rules
header-scoreboard = Scoreboard
header-tournament = Tournament
header-howto = How to play

# The name of a match nobody named: the server's own ("Kendall's Senet (1978) match", which
# English keeps exactly: a crate test), said in the page's language. $variant: its name.
match-default-name = { $variant } match
