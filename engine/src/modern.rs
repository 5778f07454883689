//! `modern`: Senet-modern, for 2 players (standard) or 3 and 4 (extension).
//!
//! Thirty squares on the S-shaped track of [`crate::board30`]; every player has five pieces
//! printed with 1 to 5 dots; two six-sided dice, played as one piece moving the sum or two
//! different pieces moving one die each. A piece landing on an opposing piece sends it back to
//! the sun (square 1), and whatever stood on the sun leaves the game. The last five squares are
//! special: the moon (26) sends a piece to the sun, the bird (27) sends it to the bird's birth
//! (15), and pieces on 28 to 30 are safe from pieces outside the zone but must move on their
//! owner's next turn. A piece goes up from exactly one step past 30 (an overshoot bounces
//! back). When three pieces are up (all players together) the game ends and the most marks
//! (dots of pieces up) win. A player who cannot move loses.
//!
//! The full rules, readings and notation are in `docs/rules/modern.md`.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::geometry::{self, Geometry, Layout, Piece, PieceKind, Place, Placement, StepKind};
use crate::notes::{Note, PieceUp};
use crate::ruleset::track_square;
use crate::scoring::{Breakdown, ScoreLabel, Whose};
use crate::stuck::PieceNoun;
use crate::{
    BoardKind, Concession, EndReason, IllegalMove, IllegalThrow, Outcome, ParseError, Player,
    PositionNotation, Rules, Ruleset, Setup, SetupError, SpecialSquare, SquareKind, Status, Throw,
    ThrowEffect, ThrowSpec, Variant,
};

/// The start square, the sun.
pub const SUN: u8 = 1;
/// The bird's birth: where a piece stopping on the bird goes.
pub const BIRTH: u8 = 15;
/// The first special square, the moon (fifth from the end).
pub const MOON: u8 = 26;
/// The bird (fourth from the end).
pub const BIRD: u8 = 27;
/// The first of the three safe squares (28, 29, 30).
pub const SAFE: u8 = 28;
/// The goal: one step past the last square. A piece that reaches it exactly goes up.
pub const GOAL: u8 = 31;

/// `loc` of a piece that is out of the game (sent off the sun).
const DEAD: u8 = 0;
/// `loc` of a piece that went up.
const UP: u8 = GOAL;

/// Probability of each sum of two dice, 2 to 12, in 36ths (index 0 is the sum 2).
///
/// Each die is a fair d6, so every ordered pair of faces has probability 1/36.
pub const SUM_IN_36THS: [u8; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// Probability of a sum of two fair dice (0 for impossible sums).
pub fn sum_probability(sum: u8) -> f64 {
    match sum {
        2..=12 => f64::from(SUM_IN_36THS[usize::from(sum - 2)]) / 36.0,
        _ => 0.0,
    }
}

/// Where a piece that starts on `from` and moves `dist` steps arrives before any special
/// square acts: `GOAL` when exact, a square bounced back from the goal when it overshoots.
pub const fn bounce(from: u8, dist: u8) -> u8 {
    let t = from + dist;
    if t > GOAL { 2 * GOAL - t } else { t }
}

/// A piece code on the board: seat index times 8 plus dots (never 0).
const fn code(seat: usize, dots: u8) -> u8 {
    ((seat as u8) << 3) | dots
}

const fn owner(c: u8) -> usize {
    (c >> 3) as usize
}

const fn dots(c: u8) -> u8 {
    c & 7
}

const LETTERS: [char; 4] = ['a', 'b', 'c', 'd'];

/// One step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// Move the mover's piece with `piece` dots by `dist` steps: the sum of both dice, or one
    /// die. Notation `P+D`, e.g. `4+7`.
    Step {
        /// The piece, by its dots (1 to 5).
        piece: u8,
        /// Steps: a die still to play, or the sum of both dice when neither is played yet.
        dist: u8,
    },
    /// A player with one piece left on the board chooses to throw one or two dice.
    /// Notation `d1` or `d2`.
    Dice(u8),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Step { piece, dist } => write!(f, "{piece}+{dist}"),
            Move::Dice(n) => write!(f, "d{n}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::new(format!("not a modern move: {s:?}"));
        if let Some(n) = s.strip_prefix('d') {
            return match n {
                "1" => Ok(Move::Dice(1)),
                "2" => Ok(Move::Dice(2)),
                _ => Err(bad()),
            };
        }
        let (p, d) = s.split_once('+').ok_or_else(bad)?;
        let piece: u8 = p.parse().map_err(|_| bad())?;
        let dist: u8 = d.parse().map_err(|_| bad())?;
        if !(1..=5).contains(&piece) || !(1..=12).contains(&dist) {
            return Err(bad());
        }
        Ok(Move::Step { piece, dist })
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Phase {
    /// The player with one piece on the board picks one or two dice.
    Choose,
    /// A throw of `count` dice is due.
    Throw { count: u8 },
    /// Dice to play: `dice[..count]`; `moved` is the piece already moved this turn (0: none).
    Move { dice: [u8; 2], count: u8, moved: u8 },
    /// The game has ended.
    Over(Outcome),
}

/// A game of Senet-modern.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modern {
    players: u8,
    turn: Player,
    phase: Phase,
    /// Square `n` is `board[n - 1]`: 0 empty, else a piece code.
    board: [u8; 30],
    /// Where each piece is, by seat and dots − 1: 1–30 a square, `UP`, or `DEAD`.
    loc: [[u8; 5]; 4],
    /// Piece codes in the order they went up.
    up: [u8; 3],
    /// How many pieces are up (all players together).
    nup: u8,
}

/// [`Modern::landing`] on a board given by `occ` (square to piece code, 0 for empty).
fn landing_in(occ: impl Fn(u8) -> u8, seat: usize, from: u8, dist: u8) -> Result<u8, IllegalMove> {
    let t = bounce(from, dist);
    if t == GOAL {
        return Ok(GOAL);
    }
    let (t, check_zone) = match t {
        MOON => return Ok(SUN),
        BIRD => (BIRTH, false),
        t => (t, true),
    };
    if t == from {
        return Ok(t);
    }
    let o = occ(t);
    if o == 0 {
        Ok(t)
    } else if owner(o) == seat {
        Err(IllegalMove::OccupiedByOwn)
    } else if check_zone && t >= SAFE && from < MOON {
        Err(IllegalMove::Protected)
    } else {
        Ok(t)
    }
}

/// A first step and how much of the turn it allows: (forced pieces moved, dice used).
type Score = (u8, u8);

impl Modern {
    fn at(&self, square: u8) -> u8 {
        self.board[usize::from(square - 1)]
    }

    fn loc_of(&self, c: u8) -> u8 {
        self.loc[owner(c)][usize::from(dots(c) - 1)]
    }

    fn set_loc(&mut self, c: u8, l: u8) {
        self.loc[owner(c)][usize::from(dots(c) - 1)] = l;
    }

    /// Pieces of `seat` on the board.
    fn on_board(&self, seat: usize) -> u8 {
        self.loc[seat]
            .iter()
            .filter(|&&l| (1..=30).contains(&l))
            .count() as u8
    }

    /// Marks of `player`: the dots of its pieces up (its series score if it wins).
    pub fn marks(&self, player: Player) -> u32 {
        self.up[..usize::from(self.nup)]
            .iter()
            .filter(|&&c| owner(c) == player.index())
            .map(|&c| u32::from(dots(c)))
            .sum()
    }

    fn pieces_up(&self, seat: usize) -> u8 {
        self.up[..usize::from(self.nup)]
            .iter()
            .filter(|&&c| owner(c) == seat)
            .count() as u8
    }

    /// Ranking key: marks, then pieces up, then who had a piece up first.
    fn rank_key(&self, seat: usize) -> (u32, u8, u8) {
        let first = self.up[..usize::from(self.nup)]
            .iter()
            .position(|&c| owner(c) == seat)
            .map_or(0, |i| 3 - i as u8);
        (
            self.marks(Player::from_index(seat).unwrap_or(Player::One)),
            self.pieces_up(seat),
            first,
        )
    }

    /// The best-ranked player other than `exclude`, looking in turn order from `start`
    /// (earlier in that order wins a complete tie).
    fn best(&self, exclude: Option<Player>, start: Player) -> Player {
        let mut best: Option<(Player, (u32, u8, u8))> = None;
        let mut p = start;
        for _ in 0..self.players {
            if Some(p) != exclude {
                let k = self.rank_key(p.index());
                if best.is_none_or(|(_, bk)| k > bk) {
                    best = Some((p, k));
                }
            }
            p = p.next(self.players);
        }
        best.map_or(start, |(p, _)| p)
    }

    fn finish(&mut self, winner: Player, reason: EndReason) {
        self.phase = Phase::Over(Outcome {
            winner: Some(winner),
            reason,
            points: self.marks(winner),
        });
    }

    /// The player `loser` is out (cannot move, or resigned): the game ends, and the best of the
    /// others wins.
    fn lose(&mut self, loser: Player, reason: EndReason) {
        let winner = self.best(Some(loser), loser.next(self.players));
        self.finish(winner, reason);
    }

    /// Where a piece of `seat` on `from` ends after `dist` steps, after the moon or the bird:
    /// a square, `GOAL`, or why it cannot go.
    fn landing(&self, seat: usize, from: u8, dist: u8) -> Result<u8, IllegalMove> {
        landing_in(|sq| self.at(sq), seat, from, dist)
    }

    /// Puts `c` on the sun; whatever stood there leaves the game.
    fn send_to_sun(&mut self, c: u8) {
        let z = self.board[0];
        if z != 0 {
            self.set_loc(z, DEAD);
        }
        self.board[0] = c;
        self.set_loc(c, SUN);
    }

    /// Moves piece `c` to `dest` (a result of [`Modern::landing`]).
    fn apply(&mut self, c: u8, dest: u8) {
        let from = self.loc_of(c);
        self.board[usize::from(from - 1)] = 0;
        if dest == GOAL {
            self.set_loc(c, UP);
            self.up[usize::from(self.nup)] = c;
            self.nup += 1;
        } else if dest == SUN {
            self.send_to_sun(c);
        } else {
            let victim = self.at(dest);
            if victim != 0 {
                self.board[usize::from(dest - 1)] = 0;
                self.send_to_sun(victim);
            }
            self.board[usize::from(dest - 1)] = c;
            self.set_loc(c, dest);
        }
    }

    /// True if piece `c` must move this turn: on a safe square and not moved yet.
    fn forced(&self, c: u8, moved: u8) -> bool {
        dots(c) != moved && self.loc_of(c) >= SAFE && self.loc_of(c) <= 30
    }

    /// Best (forced, dice) the remaining die `die` allows after piece `c` moved from `from`
    /// to `dest` (a result of [`Modern::landing`]) as the first step of a split, computed on
    /// the board as it would be without building it.
    fn best_after(&self, seat: usize, c: u8, from: u8, dest: u8, die: u8) -> Score {
        if dest == GOAL && self.nup + 1 >= 3 {
            // The game ends with this step; nothing more can be asked.
            return (0, 1);
        }
        // What goes to the sun, and what the sun then loses.
        let sent = if dest == SUN {
            c
        } else if dest != GOAL && dest != from {
            self.at(dest)
        } else {
            0
        };
        let killed = if sent != 0 && from != SUN {
            self.at(SUN)
        } else {
            0
        };
        let occ = |sq: u8| {
            if sq == SUN && sent != 0 {
                sent
            } else if sq == dest {
                c
            } else if sq == from {
                0
            } else {
                self.at(sq)
            }
        };
        // Is any other piece of the mover forced? If not, the first piece that can move will do.
        let forced_left = self.loc[seat]
            .iter()
            .enumerate()
            .any(|(i, l)| (SAFE..=30).contains(l) && i + 1 != usize::from(dots(c)));
        let mut best = (0, 0);
        for d in 1..=5u8 {
            let q = code(seat, d);
            if q == c || q == killed {
                continue;
            }
            let at = self.loc[seat][usize::from(d - 1)];
            if !(1..=30).contains(&at) || landing_in(occ, seat, at, die).is_err() {
                continue;
            }
            if at >= SAFE || !forced_left {
                return (u8::from(at >= SAFE), 1);
            }
            best = (0, 1);
        }
        best
    }

    /// Every individually possible step now with the score of the best turn it starts.
    /// Returns the number written to `out`.
    fn candidates(&self, out: &mut [(Move, Score); 15]) -> usize {
        let Phase::Move { dice, count, moved } = self.phase else {
            return 0;
        };
        let seat = self.turn.index();
        let mut n = 0;
        for d in 1..=5u8 {
            if d == moved {
                continue;
            }
            let from = self.loc[seat][usize::from(d - 1)];
            if !(1..=30).contains(&from) {
                continue;
            }
            let c = code(seat, d);
            let forced = u8::from(self.forced(c, moved));
            // Sum first (two dice, none played yet).
            if count == 2 {
                let sum = dice[0] + dice[1];
                if self.landing(seat, from, sum).is_ok() {
                    out[n] = (
                        Move::Step {
                            piece: d,
                            dist: sum,
                        },
                        (forced, 2),
                    );
                    n += 1;
                }
            }
            for i in 0..usize::from(count) {
                let die = dice[i];
                if i == 1 && dice[0] == die {
                    continue;
                }
                let Ok(dest) = self.landing(seat, from, die) else {
                    continue;
                };
                let score = if count == 2 {
                    let (f2, d2) = self.best_after(seat, c, from, dest, dice[1 - i]);
                    (forced + f2, 1 + d2)
                } else {
                    (forced, 1)
                };
                out[n] = (
                    Move::Step {
                        piece: d,
                        dist: die,
                    },
                    score,
                );
                n += 1;
            }
        }
        n
    }

    fn best_score(cands: &[(Move, Score)]) -> Score {
        cands.iter().map(|c| c.1).max().unwrap_or((0, 0))
    }

    fn end_turn(&mut self) {
        self.turn = self.turn.next(self.players);
        self.phase = if self.on_board(self.turn.index()) == 1 {
            Phase::Choose
        } else {
            Phase::Throw { count: 2 }
        };
    }

    /// True if some step can be played now (the legal moves are then not empty: the best
    /// turn starts with some possible step).
    fn has_move(&self) -> bool {
        let Phase::Move { dice, count, moved } = self.phase else {
            return false;
        };
        let seat = self.turn.index();
        let sum = dice[0] + dice[1];
        (1..=5u8).any(|d| {
            let from = self.loc[seat][usize::from(d - 1)];
            d != moved
                && (1..=30).contains(&from)
                && (dice[..usize::from(count)]
                    .iter()
                    .any(|&die| self.landing(seat, from, die).is_ok())
                    || (count == 2 && self.landing(seat, from, sum).is_ok()))
        })
    }
}

impl Rules for Modern {
    type Move = Move;
    const VARIANT: Variant = Variant::Modern;

    fn new(setup: Setup) -> Result<Modern, SetupError> {
        Variant::Modern.check_players(setup.players)?;
        let n = setup.players;
        let mut g = Modern {
            players: n,
            turn: Player::One,
            phase: Phase::Throw { count: 2 },
            board: [0; 30],
            loc: [[DEAD; 5]; 4],
            up: [0; 3],
            nup: 0,
        };
        // From the sun: the 5s of every seat in turn order, then the 4s, ... then the 1s.
        let mut sq = SUN;
        for d in (1..=5u8).rev() {
            for seat in 0..usize::from(n) {
                let c = code(seat, d);
                g.board[usize::from(sq - 1)] = c;
                g.set_loc(c, sq);
                sq += 1;
            }
        }
        Ok(g)
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Choose | Phase::Move { .. } => Status::Move { player: self.turn },
            Phase::Throw { count } => Status::Throw {
                player: self.turn,
                spec: if count == 1 {
                    ThrowSpec::ONE_D6
                } else {
                    ThrowSpec::TWO_D6
                },
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow> {
        let Status::Throw { spec, .. } = self.status() else {
            return Err(IllegalThrow::NotExpected);
        };
        throw.check(spec)?;
        let f = throw.faces();
        self.phase = Phase::Move {
            dice: [f[0], if f.len() > 1 { f[1] } else { 0 }],
            count: spec.count,
            moved: 0,
        };
        if self.has_move() {
            Ok(ThrowEffect::Move)
        } else {
            self.lose(self.turn, EndReason::NoMove);
            Ok(ThrowEffect::NoMove)
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Choose => {
                out.push(Move::Dice(1));
                out.push(Move::Dice(2));
            }
            Phase::Move { .. } => {
                let mut buf = [(Move::Dice(0), (0, 0)); 15];
                let n = self.candidates(&mut buf);
                let best = Modern::best_score(&buf[..n]);
                out.extend(buf[..n].iter().filter(|c| c.1 == best).map(|c| c.0));
            }
            _ => {}
        }
    }

    fn breakdown(&self) -> Option<Breakdown> {
        let Phase::Over(outcome) = self.phase else {
            return None;
        };
        let mut b = Breakdown::new(Whose::Winner);
        if let Some(winner) = outcome.winner {
            // Each piece up gives its dots, in the order the pieces went up.
            for &c in self.up[..usize::from(self.nup)]
                .iter()
                .filter(|&&c| owner(c) == winner.index())
            {
                b.add(ScoreLabel::PieceUp, 1, u32::from(dots(c)));
            }
        }
        Some(b)
    }

    fn why_illegal(&self, mv: Move) -> IllegalMove {
        match (self.phase, mv) {
            (Phase::Over(_), _) => IllegalMove::GameOver,
            (Phase::Throw { .. }, _) => IllegalMove::MustThrowFirst,
            (Phase::Choose, Move::Step { .. }) => IllegalMove::MustThrowFirst,
            (Phase::Choose, Move::Dice(_)) => IllegalMove::Malformed,
            (Phase::Move { .. }, Move::Dice(_)) => IllegalMove::NotLegal,
            (Phase::Move { dice, count, moved }, Move::Step { piece, dist }) => {
                if !(1..=5).contains(&piece) {
                    return IllegalMove::Malformed;
                }
                let seat = self.turn.index();
                let from = self.loc[seat][usize::from(piece - 1)];
                if !(1..=30).contains(&from) {
                    return IllegalMove::NoSuchPiece;
                }
                let dice_ok = dice[..usize::from(count)].contains(&dist)
                    || (count == 2 && dist == dice[0] + dice[1]);
                if !dice_ok {
                    return IllegalMove::NoSuchDie;
                }
                if piece == moved {
                    return IllegalMove::NotLegal;
                }
                if let Err(e) = self.landing(seat, from, dist) {
                    return e;
                }
                let mut buf = [(Move::Dice(0), (0, 0)); 15];
                let n = self.candidates(&mut buf);
                let best = Modern::best_score(&buf[..n]);
                let mine = buf[..n].iter().find(|c| c.0 == mv).map_or((0, 0), |c| c.1);
                if mine.0 < best.0 {
                    IllegalMove::MustMoveForcedPiece
                } else if mine.1 < best.1 {
                    IllegalMove::MustUseAllDice
                } else {
                    IllegalMove::NotLegal
                }
            }
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        match (self.phase, mv) {
            (Phase::Choose, Move::Dice(n)) => self.phase = Phase::Throw { count: n },
            (Phase::Move { dice, count, .. }, Move::Step { piece, dist }) => {
                let seat = self.turn.index();
                let c = code(seat, piece);
                let from = self.loc_of(c);
                let Ok(dest) = self.landing(seat, from, dist) else {
                    return;
                };
                self.apply(c, dest);
                if self.nup >= 3 {
                    let winner = self.best(None, self.turn);
                    self.finish(winner, EndReason::Completed);
                    return;
                }
                let split_first = count == 2 && dist != dice[0] + dice[1];
                if split_first {
                    let other = if dice[0] == dist { dice[1] } else { dice[0] };
                    self.phase = Phase::Move {
                        dice: [other, 0],
                        count: 1,
                        moved: piece,
                    };
                    if self.has_move() {
                        return;
                    }
                }
                self.end_turn();
            }
            _ => {}
        }
    }

    fn concede(&mut self, player: Player, how: Concession) -> Result<(), IllegalMove> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(IllegalMove::GameOver);
        }
        if player.index() >= usize::from(self.players) {
            return Err(IllegalMove::NotYourTurn);
        }
        self.lose(player, how.into());
        Ok(())
    }

    fn to_notation(&self) -> String {
        let mut s = format!("{} ", self.players);
        let mut first = true;
        for sq in 1..=30u8 {
            let c = self.at(sq);
            if c != 0 {
                if !first {
                    s.push(',');
                }
                first = false;
                s.push_str(&format!("{sq}{}{}", LETTERS[owner(c)], dots(c)));
            }
        }
        if first {
            s.push('-');
        }
        s.push(' ');
        if self.nup == 0 {
            s.push('-');
        }
        for (i, &c) in self.up[..usize::from(self.nup)].iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&format!("{}{}", LETTERS[owner(c)], dots(c)));
        }
        s.push_str(&format!(" {} ", self.turn));
        match self.phase {
            Phase::Choose => s.push_str("choose"),
            Phase::Throw { count } => s.push_str(&format!("throw:{count}")),
            Phase::Move { dice, count, moved } => {
                s.push_str("move:");
                for &d in &dice[..usize::from(count)] {
                    s.push_str(&d.to_string());
                }
                if moved != 0 {
                    s.push_str(&format!(":{moved}"));
                }
            }
            Phase::Over(o) => {
                let w = o.winner.map_or(0, u8::from);
                s.push_str(&format!("over:{w}:{}", o.reason.code()));
            }
        }
        s
    }

    fn from_notation(s: &str) -> Result<Modern, ParseError> {
        let err = |m: &str| ParseError::new(format!("modern position {s:?}: {m}"));
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [players, board, up, turn, phase] = fields[..] else {
            return Err(err("want 5 fields: players board up turn phase"));
        };
        let players: u8 = players.parse().map_err(|_| err("bad player count"))?;
        if !(2..=4).contains(&players) {
            return Err(err("players must be 2 to 4"));
        }
        let turn: Player = turn.parse().map_err(|_| err("bad turn"))?;
        let piece = |t: &str| -> Result<u8, ParseError> {
            let mut ch = t.chars();
            let l = ch.next().ok_or_else(|| err("empty piece"))?;
            let seat = LETTERS
                .iter()
                .position(|&x| x == l)
                .filter(|&i| i < usize::from(players))
                .ok_or_else(|| err("bad piece owner"))?;
            let d: u8 = ch.as_str().parse().map_err(|_| err("bad piece dots"))?;
            if !(1..=5).contains(&d) {
                return Err(err("dots must be 1 to 5"));
            }
            Ok(code(seat, d))
        };
        let mut g = Modern {
            players,
            turn,
            phase: Phase::Throw { count: 2 },
            board: [0; 30],
            loc: [[DEAD; 5]; 4],
            up: [0; 3],
            nup: 0,
        };
        let mut seen = [[false; 5]; 4];
        let mut mark = |c: u8| -> Result<(), ParseError> {
            let s = &mut seen[owner(c)][usize::from(dots(c) - 1)];
            if *s {
                return Err(err("a piece appears twice"));
            }
            *s = true;
            Ok(())
        };
        if board != "-" {
            for tok in board.split(',') {
                let split = tok
                    .find(|ch: char| ch.is_ascii_alphabetic())
                    .ok_or_else(|| err("board token wants SQUARE PIECE"))?;
                let sq: u8 = tok[..split].parse().map_err(|_| err("bad square"))?;
                if !(1..=30).contains(&sq) {
                    return Err(err("square out of range"));
                }
                let c = piece(&tok[split..])?;
                mark(c)?;
                if g.at(sq) != 0 {
                    return Err(err("two pieces on one square"));
                }
                g.board[usize::from(sq - 1)] = c;
                g.set_loc(c, sq);
            }
        }
        if up != "-" {
            for tok in up.split(',') {
                let c = piece(tok)?;
                mark(c)?;
                if g.nup >= 3 {
                    return Err(err("at most three pieces are up"));
                }
                g.up[usize::from(g.nup)] = c;
                g.nup += 1;
                g.set_loc(c, UP);
            }
        }
        g.phase = if phase == "choose" {
            Phase::Choose
        } else if let Some(n) = phase.strip_prefix("throw:") {
            match n {
                "1" => Phase::Throw { count: 1 },
                "2" => Phase::Throw { count: 2 },
                _ => return Err(err("throw:1 or throw:2")),
            }
        } else if let Some(rest) = phase.strip_prefix("move:") {
            let (dice_s, moved) = match rest.split_once(':') {
                Some((d, m)) => (d, m.parse::<u8>().map_err(|_| err("bad moved piece"))?),
                None => (rest, 0),
            };
            let faces: Vec<u8> = dice_s
                .chars()
                .map(|c| c.to_digit(10).map(|d| d as u8))
                .collect::<Option<_>>()
                .ok_or_else(|| err("bad dice"))?;
            if faces.is_empty() || faces.len() > 2 || faces.iter().any(|f| !(1..=6).contains(f)) {
                return Err(err("one or two dice 1 to 6"));
            }
            Phase::Move {
                dice: [faces[0], faces.get(1).copied().unwrap_or(0)],
                count: faces.len() as u8,
                moved,
            }
        } else if let Some(rest) = phase.strip_prefix("over:") {
            let (w, reason) = rest.split_once(':').ok_or_else(|| err("over:W:REASON"))?;
            let winner: Player = w.parse().map_err(|_| err("bad winner"))?;
            let reason = EndReason::from_code(reason)
                .filter(|&r| r != EndReason::MoveLimit)
                .ok_or_else(|| err("bad end reason"))?;
            Phase::Over(Outcome {
                winner: Some(winner),
                reason,
                points: g.marks(winner),
            })
        } else {
            return Err(err("bad phase"));
        };
        g.check_invariants().map_err(|e| err(&e))?;
        Ok(g)
    }

    fn check_invariants(&self) -> Result<(), String> {
        if !(2..=4).contains(&self.players) {
            return Err(format!("{} players", self.players));
        }
        if self.turn.index() >= usize::from(self.players) {
            return Err("turn of a seat not in the game".into());
        }
        if self.nup > 3 || self.up[usize::from(self.nup)..].iter().any(|&c| c != 0) {
            return Err("bad list of pieces up".into());
        }
        for (seat, letter) in LETTERS.iter().enumerate() {
            for d in 1..=5u8 {
                let c = code(seat, d);
                let l = self.loc_of(c);
                if seat >= usize::from(self.players) {
                    if l != DEAD {
                        return Err(format!("seat {seat} is not in the game"));
                    }
                    continue;
                }
                let ups = self.up[..usize::from(self.nup)]
                    .iter()
                    .filter(|&&u| u == c)
                    .count();
                let on = self.board.iter().filter(|&&b| b == c).count();
                let ok = match l {
                    DEAD => ups == 0 && on == 0,
                    UP => ups == 1 && on == 0,
                    1..=30 => ups == 0 && on == 1 && self.at(l) == c,
                    _ => false,
                };
                if !ok {
                    return Err(format!("piece {letter}{d} is misplaced"));
                }
            }
        }
        for (i, &c) in self.board.iter().enumerate() {
            if c != 0
                && (owner(c) >= usize::from(self.players)
                    || !(1..=5).contains(&dots(c))
                    || usize::from(self.loc_of(c)) != i + 1)
            {
                return Err(format!("square {} holds a stray piece", i + 1));
            }
        }
        if self.at(MOON) != 0 || self.at(BIRD) != 0 {
            return Err("a piece rests on the moon or the bird".into());
        }
        match self.phase {
            Phase::Over(o) => {
                let w = o.winner.ok_or("no winner")?;
                if w.index() >= usize::from(self.players) || o.points != self.marks(w) {
                    return Err("bad outcome".into());
                }
            }
            _ if self.nup == 3 => return Err("three pieces are up but the game goes on".into()),
            Phase::Move { dice, count, moved }
                if !(1..=2).contains(&count)
                    || dice[..usize::from(count)]
                        .iter()
                        .any(|d| !(1..=6).contains(d))
                    || dice[usize::from(count)..].iter().any(|&d| d != 0)
                    || moved > 5
                    || (moved != 0 && count != 1) =>
            {
                return Err("bad dice to play".into());
            }
            Phase::Throw { count } if !(1..=2).contains(&count) => {
                return Err("bad throw count".into());
            }
            Phase::Choose
            | Phase::Throw { count: 1 }
            | Phase::Move {
                count: 1, moved: 0, ..
            } if self.on_board(self.turn.index()) != 1 => {
                return Err(
                    "one die or a choice of dice, but not exactly one piece on the board".into(),
                );
            }
            _ => {}
        }
        Ok(())
    }
}

impl Modern {
    /// The place of a piece location (`loc`): a square, up, or out of the game.
    fn place_of(l: u8) -> Place {
        match l {
            DEAD => Place::Out,
            UP => Place::Off,
            l => geometry::track(l),
        }
    }
}

impl Layout for Modern {
    fn placement(&self) -> Placement {
        let mut p = Placement::default();
        for (seat, locs) in self.loc[..usize::from(self.players)].iter().enumerate() {
            let who = Player::from_index(seat).unwrap_or(Player::One);
            for (i, &l) in locs.iter().enumerate() {
                let dots = i as u8 + 1;
                p.put(
                    Modern::place_of(l),
                    Piece::new(who, PieceKind::Numbered(dots)),
                );
            }
        }
        p.normalise();
        p
    }

    fn candidate_moves(&self, mut f: impl FnMut(Place, Move)) {
        let Phase::Move { dice, count, .. } = self.phase else {
            return;
        };
        // Each die, then the sum of both while neither is played.
        let dists = match count {
            2 if dice[0] == dice[1] => [dice[0], dice[0] + dice[1], 0],
            2 => [dice[0], dice[1], dice[0] + dice[1]],
            _ => [dice[0], 0, 0],
        };
        for (i, &at) in self.loc[self.turn.index()].iter().enumerate() {
            if !(1..=30).contains(&at) {
                continue;
            }
            let piece = i as u8 + 1;
            for dist in dists.into_iter().filter(|&d| d != 0) {
                f(geometry::track(at), Move::Step { piece, dist });
            }
        }
    }

    fn geometry_unchecked(&self, mv: Move) -> Geometry {
        let (Phase::Move { dice, count, .. }, Move::Step { piece, dist }) = (self.phase, mv) else {
            return Geometry::default();
        };
        let seat = self.turn.index();
        let from = self.loc[seat][usize::from(piece - 1)];
        let mut after = self.clone();
        after.play_unchecked(mv);
        let mut step = geometry::mover_step(
            self.turn,
            Modern::place_of(from),
            Modern::place_of(after.loc[seat][usize::from(piece - 1)]),
            PieceKind::Numbered(piece),
            if count == 2 && dist == dice[0] + dice[1] {
                smallvec::smallvec![dice[0], dice[1]]
            } else {
                smallvec::smallvec![dist]
            },
        );
        if from + dist > GOAL {
            step.via.push(Place::Off);
        }
        let t = bounce(from, dist);
        if t == MOON || t == BIRD {
            step.via.push(geometry::track(t));
        }
        let mut steps: geometry::Steps = smallvec::smallvec![step];
        // Whatever else moved: a piece sent to the sun, then one pushed off it.
        let mut caused = Vec::new();
        for (s, (before, now)) in self.loc.iter().zip(&after.loc).enumerate() {
            for (i, (&b, &a)) in before.iter().zip(now).enumerate() {
                if b == a || (s == seat && i + 1 == usize::from(piece)) {
                    continue;
                }
                let kind = if a == DEAD {
                    StepKind::Removed
                } else {
                    StepKind::SentBack
                };
                let who = Player::from_index(s).unwrap_or(Player::One);
                caused.push(geometry::caused_step(
                    kind,
                    who,
                    Modern::place_of(b),
                    Modern::place_of(a),
                    PieceKind::Numbered(i as u8 + 1),
                ));
            }
        }
        caused.sort_by_key(|st| st.kind == StepKind::Removed);
        steps.extend(caused);
        Geometry {
            steps,
            coaster: None,
        }
    }
}

/// The colour each seat plays, as the web client draws them (seat 1 first).
pub const COLOURS: [&str; 4] = ["red", "yellow", "blue", "green"];

/// The squares with a rule, each with its mark, name and rule.
const SPECIAL: [SpecialSquare; 7] = [
    SpecialSquare {
        place: track_square(SUN),
        mark: "☀",
        name: "Sun",
        rule: "The start: a piece sent back comes here, and whatever stood here leaves the game.",
        kind: SquareKind::Start,
    },
    SpecialSquare {
        place: track_square(BIRTH),
        mark: "◇",
        name: "Bird's birth",
        rule: "A piece that stops on the bird comes here, taking an opposing piece that stands here.",
        kind: SquareKind::Rebirth,
    },
    SpecialSquare {
        place: track_square(MOON),
        mark: "☾",
        name: "Moon",
        rule: "A piece that stops here goes back to the sun.",
        kind: SquareKind::Trap,
    },
    SpecialSquare {
        place: track_square(BIRD),
        mark: "bird",
        name: "Bird",
        rule: "A piece that stops here goes back to square 15, the bird's birth.",
        kind: SquareKind::Trap,
    },
    SpecialSquare {
        place: track_square(SAFE),
        mark: "3",
        name: "Safe square 3",
        rule: "Safe from pieces outside the last five squares; a piece here must move on its \
               owner's next turn, and goes up with exactly 3.",
        kind: SquareKind::Safe,
    },
    SpecialSquare {
        place: track_square(SAFE + 1),
        mark: "2",
        name: "Safe square 2",
        rule: "Safe from pieces outside the last five squares; a piece here must move on its \
               owner's next turn, and goes up with exactly 2.",
        kind: SquareKind::Safe,
    },
    SpecialSquare {
        place: track_square(SAFE + 2),
        mark: "1",
        name: "Safe square 1",
        rule: "Safe from pieces outside the last five squares; a piece here must move on its \
               owner's next turn, and goes up with exactly 1.",
        kind: SquareKind::Safe,
    },
];

impl Ruleset for Modern {
    const ID: &'static str = "modern";
    const NAME: &'static str = "Senet-modern";
    const PLAYER_RANGE: (u8, u8) = (2, 4);
    const OPTIONS: &'static [&'static str] = &[];
    const THROW: ThrowSpec = ThrowSpec::TWO_D6;
    const BOARD: BoardKind = BoardKind::Track30;
    const POSITION_NOTATION: PositionNotation = PositionNotation::TrackNumbered;
    const MOVE_NOTATION: &'static str =
        "PIECE+DISTANCE (4+7: the piece with 4 dots, 7 steps), or d1 / d2";
    const SUMMARY: &'static str = "Five pieces each, marked with 1 to 5 dots, for 2 to 4 \
        players, and two dice: move one piece by the sum, or two different pieces a die each. \
        Landing on an opposing piece sends it back to the sun (square 1), and whatever stood \
        on the sun leaves the game. A piece that stops on the moon (26) goes back to the sun, \
        one that stops on the bird (27) to square 15. Pieces on 28 to 30 are safe from pieces \
        outside the last five squares, but must move on their owner's next turn. A piece goes \
        up with the exact count to one step past square 30; a larger one bounces back. When \
        three pieces are up, the player with the most dots up wins; a player who cannot move \
        loses.";
    const PIECE: PieceNoun = PieceNoun::Piece;
    const SPECIAL_SQUARES: &'static [SpecialSquare] = &SPECIAL;

    fn own_words(reason: IllegalMove) -> Option<&'static str> {
        match reason {
            IllegalMove::Protected => Some(
                "That piece would land on a protected piece: pieces on squares 28 to 30 are \
                 safe from pieces outside the last five squares.",
            ),
            IllegalMove::MustMoveForcedPiece => Some(
                "A piece of yours on squares 28 to 30 must move this turn, and this move would \
                 keep it from moving.",
            ),
            IllegalMove::NotLegal => {
                Some("That piece has moved with the first die: the second die moves another piece.")
            }
            _ => None,
        }
    }

    /// [`COLOURS`], one per seat of the game.
    fn sides(&self) -> Vec<Option<&'static str>> {
        COLOURS
            .iter()
            .take(usize::from(self.players))
            .map(|&c| Some(c))
            .collect()
    }

    /// The pieces up in the order they went up, and the dice still to play:
    /// `pieces up: red 2, yellow 5 (the third ends the game) · dice to play: 3 5`.
    fn notes(&self) -> Vec<Note> {
        let pieces = self.up[..usize::from(self.nup)]
            .iter()
            .map(|&c| PieceUp {
                side: Cow::Borrowed(COLOURS[owner(c) % COLOURS.len()]),
                piece: dots(c),
            })
            .collect();
        let mut notes = vec![Note::PiecesUp { pieces }];
        if let Phase::Move { dice, count, .. } = self.phase {
            notes.push(Note::DiceToPlay {
                dice: dice[..usize::from(count)].to_vec(),
            });
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_of_two_dice_add_up_to_one() {
        let total: f64 = (0..=13).map(sum_probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(SUM_IN_36THS.iter().map(|&x| u32::from(x)).sum::<u32>(), 36);
        let all = ThrowSpec::TWO_D6.all_throws();
        for s in 2..=12u8 {
            let n = all.iter().filter(|t| t.sum() == s).count();
            assert_eq!(n, usize::from(SUM_IN_36THS[usize::from(s - 2)]));
        }
    }

    #[test]
    fn overshoot_bounces_back_from_the_goal() {
        assert_eq!(bounce(28, 3), GOAL);
        assert_eq!(bounce(28, 4), 30);
        assert_eq!(bounce(30, 1), GOAL);
        assert_eq!(bounce(30, 2), 30);
        assert_eq!(bounce(30, 5), BIRD);
        assert_eq!(bounce(30, 6), MOON);
        assert_eq!(bounce(30, 12), 20);
        assert_eq!(bounce(10, 12), 22);
    }

    #[test]
    fn starting_lines() {
        let g = Modern::new(Setup::players(2)).unwrap();
        assert_eq!(
            g.to_notation(),
            "2 1a5,2b5,3a4,4b4,5a3,6b3,7a2,8b2,9a1,10b1 - 1 throw:2"
        );
        let g = Modern::new(Setup::players(4)).unwrap();
        assert!(g.to_notation().starts_with("4 1a5,2b5,3c5,4d5,5a4,"));
        assert!(g.to_notation().contains("20d1 -"));
        assert!(Modern::new(Setup::players(5)).is_err());
    }

    #[test]
    fn inconsistent_positions_are_refused() {
        for bad in [
            "2 1a5,1b5 - 1 throw:2",
            "2 26a5,3b5 - 1 throw:2",
            "2 27a5,3b5 - 1 throw:2",
            "2 1a5,3a5 - 1 throw:2",
            "2 1a5,3c5 - 1 throw:2",
            "2 1a5,3b5 a5 1 throw:2",
            "2 1a5,3b5 a1,a2,b1 1 throw:2",
            "2 1a5,3b5 - 3 throw:2",
            "2 1a5,3b5,4b4 - 2 choose",
            "2 1a5,3b5 - 1 move:7",
            "2 1a5,3b5 - 1 move:123",
            "5 1a5,3b5 - 1 throw:2",
            "2 1a5,3b5 - 1",
        ] {
            assert!(Modern::from_notation(bad).is_err(), "{bad}");
        }
        let ok = "3 1a5,3b5,28c1 c2,a1 2 move:5:1";
        assert_eq!(Modern::from_notation(ok).unwrap().to_notation(), ok);
    }

    #[test]
    fn moves_parse_and_print() {
        for s in ["4+7", "1+12", "d1", "d2"] {
            assert_eq!(s.parse::<Move>().unwrap().to_string(), s);
        }
        for s in ["0+3", "6+1", "3+13", "d3", "3-4", ""] {
            assert!(s.parse::<Move>().is_err(), "{s}");
        }
    }
}
