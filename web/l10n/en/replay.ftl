## A game's replay (web/replay.html, web/replay.js): its controls, headings, the dice check,
## the review's frame and the events that are not moves. The narrative of the throws and
## moves is web/story.js's.

rp-doc = Senet — replay
rp-dice-check = Dice check
rp-checking = Checking…
rp-every-throw = Every throw
rp-first =
    .aria-label = first
rp-prev =
    .aria-label = previous
rp-step =
    .aria-label = event
rp-next =
    .aria-label = next
rp-last =
    .aria-label = last
rp-copy-position = Copy position
    .title = The position's notation, to paste into the analysis board
rp-analyse = Analyse this position
rp-moves = Moves
rp-review = Review
rp-review-go = Review this game
rp-review-what = Every decision rated by what it cost in chances of winning, and the luck of every throw.
rp-chat-section =
    .aria-label = Chat
rp-chat-title = The match's chat

rp-title = Replay of game { $game } ({ $variant })
rp-no-game-title = No such game
rp-no-game = This match has no game { $game }, or there is no such match.
rp-cannot-load = Cannot load the game: { $error }
rp-lobby = Lobby
rp-match = Match
rp-raw = Raw record (JSON)
# A piece's owner, on the board: "Ana's".
rp-whose = { $name }'s
rp-where = event { NUMBER($n, useGrouping: 0) } of { NUMBER($of, useGrouping: 0) }
rp-threw = { $name } threw{ " " }
rp-no-positions = This record does not hold positions.
# The move list's short word for a pass, and for where a borne off piece goes.
rp-passes = passes
rp-off = off
# The events that are not throws, moves or passes. $how: rp-end.
rp-ev-thrown = Throw { $n }: { $sentence }
rp-ev-over-won =
    { $points ->
        [one] Game over: { $name } wins ({ $how }, { $points } point)
       *[other] Game over: { $name } wins ({ $how }, { $points } points)
    }
rp-ev-over-draw =
    { $points ->
        [one] Game over: draw ({ $how }, { $points } point)
       *[other] Game over: draw ({ $how }, { $points } points)
    }
rp-end =
    { $reason ->
        [completed] played out
        [resigned] by resignation
        [no_move] no legal move
        [move_limit] the move limit
        [timeout] on time
       *[other] { $reason }
    }
rp-ev-resigned = { $name } resigned.
rp-ev-timed-out = { $name } ran out of time.
rp-ev-claimed = { $name } claimed the game: { $against } was away.
rp-ev-abandoned = Nobody moved for { $against } for too long: the game is ruled out against them.
rp-ev-rematch = { $name } asked for the next game.
rp-ev-client-seed = { $name } gave the dice seed “{ $seed }”
rp-ev-started = Game { $game } starts; commitment { $commitment }
# An event this page has no words for: its kind, by its seat.
rp-ev-other-by = { $kind } by { $name }

# The review. A decision's class:
rp-class =
    { $class ->
        [inaccuracy] an inaccuracy (?!)
        [mistake] a mistake (?)
        [blunder] a blunder (??)
       *[good] good
    }
# Added to a marked move's name in the move list.
rp-act-review = { " " }Review: { $class }.
# In parentheses after the move played, and the best: $chance is a win chance in %.
rp-outlined = outlined
rp-outlined-chance = outlined, { $chance } % to win
rp-arrow-chance = arrow, { $chance } %
# $played: what the player did, in words ("moved the … (21-23; …)"); $best: what they should
# have done ("move the … (…)").
rp-line-best = { $name } { $played }: the best move, { $chance } % to win.
rp-line = { $name } { $played }. Best was to { $best }. Cost { $cost } points: { $class }.
rp-jump = { $name } { $played }: { $class }, { $cost } points; best was to { $best }.
rp-review-next = Next in line for a review…
rp-review-waiting = Waiting in line for a review: place { $place } of { $of }…
rp-review-progress = Review progress
rp-reviewing = Reviewing every decision…
rp-review-asking = Asking for the review…
rp-review-not-over = The game is not over: a game is reviewed once it ends.
rp-review-failed = The review could not be made: { $error }.
rp-review-about = A decision's cost is the chance of winning it gave away against the best move, in points: an inaccuracy from { $inaccuracy }, a mistake from { $mistake }, a blunder from { $blunder }. Luck is what the throws changed before any choice.
rp-col-player = Player
rp-col-decisions = Decisions
rp-col-decisions-short = Dec.
rp-col-inaccuracies = Inaccuracies
rp-col-mistakes = Mistakes
rp-col-blunders = Blunders
rp-col-average = Average cost
rp-col-average-short = Avg.
rp-col-luck = Luck
rp-pts = { $pts } pts
rp-review-clean = No inaccuracy, mistake or blunder: every decision was within the thresholds.
rp-chart-title = Click to go to that point of the game

# The dice check (web/verify.js).
rp-verify-pending = The game is not over: the server seed is still secret, so the dice cannot be checked yet.
# $command: the command's name, as code.
rp-verify-moves = The moves are not checked in the browser: { $command } replays them through the engine.
rp-verified = ✔ Verified in your browser: SHA-256 of the revealed seed matches the commitment, and all { NUMBER($count, useGrouping: 0) } throws match the seed.
# $why: what is wrong (on an English page, web/verify.js's sentence; else rp-verify-<reason>).
rp-not-verified = ✘ NOT verified: { $why }.
rp-not-verified-throws = ✘ NOT verified: { $why } ({ NUMBER($bad, useGrouping: 0) } of { NUMBER($count, useGrouping: 0) } throws differ).
rp-throw-check = throw { NUMBER($n, useGrouping: 0) }: { $claimed } — expected { $expected } { $mark }
rp-check-failed = The check could not run: { $error }
# Why a record is refused, by web/verify.js's reason code (docs/fairness.md), on a page in
# another language (an English page says verify.js's own sentence, with the details).
rp-verify-malformed = the record is not a game record
rp-verify-too_many_events = the record holds too many events
rp-verify-too_many_throws = the record holds too many throws
rp-verify-bad_game_started = the record's game_started event is missing, misplaced or repeated
rp-verify-game_mismatch = an event belongs to another game
rp-verify-game_id_mismatch = game_started names another game id than the record
rp-verify-setup_mismatch = game_started's variant, setup or seats differ from the record's
rp-verify-bad_seats = the record's seats are not each seat once
rp-verify-commitment_mismatch = the record's commitment is not the one game_started published
rp-verify-bad_seat = a client seed names a seat that does not play
rp-verify-client_seed_late = a client seed came after the first throw
rp-verify-client_seed_repeated = a seat gave a second client seed
rp-verify-bad_client_seed = a client seed is not 0 to 64 letters, digits, - or _
rp-verify-client_seed_mismatch = the client seeds differ from the record's
rp-verify-bad_game_over = the record has a second game_over event
rp-verify-seed_mismatch = the revealed seed is not the record's
rp-verify-bad_seed = the seed is not 64 lowercase hex digits
rp-verify-bad_spec = a throw asks for a number of dice no throw has
rp-verify-throw_numbering = the throws are not numbered 1, 2, 3, … in order
rp-verify-commitment_not_seed = SHA-256 of the seed is not the commitment
rp-verify-faces_mismatch = a throw's faces are not the ones the seed gives

# The match's chat, below the record: a spectator's name is marked.
rp-chat-who = { $name }:
rp-chat-watching = { $name } (watching):
rp-nobody-chatted = Nobody chatted.
