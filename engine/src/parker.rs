//! `parker`: Parker Brothers SENET (1946).
//!
//! Each player owns a continuous circuit of 20 spaces: his own Safety Row (10 spaces) and then
//! the Senet Row (10 spaces, two holes per space, one per colour). Spaces are numbered along
//! the mover's own path, 1 to 20: 1 is the Pharaoh corner of his Safety Row, 10 the far end of
//! it, 11 the first Senet Row space (above 10), 20 the last Senet Row space, directly above
//! (for player 2: below) the Pharaoh picture; after 20 comes 1 again. The two players travel
//! the Senet Row in opposite directions, so a peg of player 1 on square `s` (11 to 20) sits
//! alongside a peg of player 2 on square `31 - s`. The full geometry, with a diagram, is in
//! `docs/rules/parker.md`.
//!
//! Two d6 per turn: one peg moves the total, or each die moves a peg (the same peg may take
//! both). A turn is played one step at a time: a step is one die, or both dice combined.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::geometry::{self, Geometry, Layout, Piece, PieceKind, Place, Placement, StepKind};
use crate::mechanics;
use crate::notation::{self, To};
use crate::notes::Note;
use crate::ruleset::lane_square;
use crate::scoring::{Breakdown, ScoreLabel, Whose};
use crate::stuck::PieceNoun;
use crate::{
    BoardKind, Concession, EndReason, IllegalMove, IllegalThrow, Outcome, ParseError, Player,
    PositionNotation, RemainingDice, Rules, Ruleset, Setup, SetupError, SpecialSquare, SquareKind,
    Status, Throw, ThrowEffect, ThrowSpec, Variant,
};

/// Spaces in one circuit of a player's path.
pub const LAP: u8 = 20;
/// Turns that may end in a row without a capture before the game is drawn.
pub const QUIET_TURN_LIMIT: u16 = 300;
/// Series points for a saved Pharaoh.
pub const PHARAOH_POINTS: u32 = 25;
/// Series points for each saved plain peg.
pub const MAN_POINTS: u32 = 10;

/// Zero-based path index of the first Senet Row space.
const ENTRY: u8 = 10;
/// Zero-based path index of the last Senet Row space (square 20).
const LAST: u8 = 19;
/// Marks a captured Pharaoh.
const NONE: u8 = u8::MAX;
/// The largest distance one step can cover (both dice combined).
const MAX_DIST: usize = 12;

/// `BETWEEN[from][d]`: the path squares strictly between `from` and `from + d`, going forward.
const BETWEEN: [[u32; MAX_DIST + 1]; LAP as usize] = between_table();

const fn between_table() -> [[u32; MAX_DIST + 1]; LAP as usize] {
    let mut t = [[0u32; MAX_DIST + 1]; LAP as usize];
    let mut from = 0;
    while from < LAP as usize {
        let mut d = 1;
        while d <= MAX_DIST {
            let mut mask = 0u32;
            let mut k = 1;
            while k < d {
                mask |= 1 << ((from + k) % LAP as usize);
                k += 1;
            }
            t[from][d] = mask;
            d += 1;
        }
        from += 1;
    }
    t
}

const fn bit(pos: u8) -> u32 {
    if pos == NONE { 0 } else { 1 << pos }
}

/// The square (zero-based) of the other player's path that lies alongside Senet Row square
/// `pos` (zero-based, 10 to 19) of this player's path.
const fn alongside(pos: u8) -> u8 {
    29 - pos
}

/// One step of a turn: the peg on square `from` moves to square `to`, both numbered 1 to 20
/// along the mover's own path.
///
/// Written `FROM-TO`, e.g. `5-9`. The distance and the direction follow from the dice: a
/// forward step counts on along the circuit (`18-3` is 5 forward), a backward step (the
/// Pharaoh's, in the Senet Row) counts back (`15-12`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The step from square `from` to square `to` (1 to 20, different); `None` otherwise.
    pub const fn new(from: u8, to: u8) -> Option<Move> {
        if from >= 1 && from <= LAP && to >= 1 && to <= LAP && from != to {
            Some(Move { from, to })
        } else {
            None
        }
    }

    /// The square the peg leaves (1 to 20).
    pub const fn from(self) -> u8 {
        self.from
    }

    /// The square the peg comes to rest on (1 to 20).
    pub const fn to(self) -> u8 {
        self.to
    }

    const fn of(from0: u8, to0: u8) -> Move {
        Move {
            from: from0 + 1,
            to: to0 + 1,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_from_to(f, self.from, Some(self.to))
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::new(format!("not a parker move: {s:?} (want FROM-TO, 1 to 20)"));
        match notation::parse_from_to(s) {
            Some((a, To::Square(b))) => Move::new(a, b).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Phase {
    /// Deciding who starts: player 1 throws, then player 2; `first` is player 1's total (0:
    /// not thrown yet). High starts; a tie throws again.
    RollOff { first: u8 },
    /// The player must throw for his turn.
    Throw(Player),
    /// The player must play a step with the dice left.
    Move(Player),
    /// The game is over.
    Over(Outcome),
}

/// A game of Parker Brothers SENET (1946).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Parker {
    /// Each player's Pharaoh: zero-based path square, or `NONE` once captured.
    pharaoh: [u8; 2],
    /// Each player's plain pegs: bit `i` set when a man stands on zero-based path square `i`.
    men: [u32; 2],
    phase: Phase,
    /// The dice still to play this turn (empty outside [`Phase::Move`]).
    dice: RemainingDice,
    /// The "waiting for a one" rule is in force.
    waiting_for_one: bool,
    /// The mover's man on square 20 reached it during this turn (so it cannot leave yet).
    arrived: bool,
    /// Turns ended since the last capture (or the start).
    quiet: u16,
}

impl Parker {
    fn occ(&self, p: usize) -> u32 {
        self.men[p] | bit(self.pharaoh[p])
    }

    fn count(&self, p: usize) -> u32 {
        self.men[p].count_ones() + u32::from(self.pharaoh[p] != NONE)
    }

    /// True if the peg on `from` has the Pharaoh's powers (it is the Pharaoh, or the lone peg
    /// left after the Pharaoh and every other peg were lost).
    fn powered(&self, p: usize, from: u8) -> bool {
        from == self.pharaoh[p] || (self.pharaoh[p] == NONE && self.men[p].count_ones() == 1)
    }

    /// Series points of player `p`'s pegs still on the board.
    fn score(&self, p: usize) -> u32 {
        self.saved(p).total
    }

    /// Player `p`'s pegs still on the board, as series points: 25 for the Pharaoh, 10 for
    /// each plain peg, doubled when all five are saved.
    fn saved(&self, p: usize) -> Breakdown {
        let mut b = Breakdown::new(Whose::Winner);
        b.add(
            ScoreLabel::PharaohSaved,
            u32::from(self.pharaoh[p] != NONE),
            PHARAOH_POINTS,
        );
        b.add(ScoreLabel::MenSaved, self.men[p].count_ones(), MAN_POINTS);
        if self.count(p) == 5 {
            b.multiply(2);
        }
        b
    }

    /// Checks one step of `dist` for player `p`'s peg on `from`, forward or backward, as a
    /// step on its own; gives the destination.
    fn check_step(&self, p: usize, from: u8, dist: u8, back: bool) -> Result<u8, IllegalMove> {
        let occ = self.occ(p);
        if from >= LAP || occ & bit(from) == 0 {
            return Err(IllegalMove::NoSuchPiece);
        }
        if dist == 0 || usize::from(dist) > MAX_DIST {
            return Err(IllegalMove::NoSuchDie);
        }
        let powered = self.powered(p, from);
        let dest = if back {
            if !powered || from < ENTRY + dist {
                return Err(IllegalMove::NoBackward);
            }
            from - dist
        } else {
            if !powered {
                if self.waiting_for_one {
                    // No man passes square 20 (not even from the far end of his Safety Row
                    // with a twelve); from 20 he leaves only with a one of a later throw.
                    if from == LAST {
                        if dist != 1 || self.arrived {
                            return Err(IllegalMove::MustWait);
                        }
                    } else if from + dist > LAST {
                        return Err(IllegalMove::MustWait);
                    }
                }
                if occ & BETWEEN[usize::from(from)][usize::from(dist)] != 0 {
                    return Err(IllegalMove::Blocked);
                }
            }
            (from + dist) % LAP
        };
        if occ & bit(dest) != 0 {
            return Err(IllegalMove::OccupiedByOwn);
        }
        Ok(dest)
    }

    /// Calls `f(from, to)` (zero-based) for every step of `dist` player `p` can make.
    fn for_each_step(&self, p: usize, dist: u8, mut f: impl FnMut(u8, u8)) {
        let mut occ = self.occ(p);
        while occ != 0 {
            let from = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            if let Ok(to) = self.check_step(p, from, dist, false) {
                f(from, to);
            }
            if from >= ENTRY + dist
                && self.powered(p, from)
                && let Ok(to) = self.check_step(p, from, dist, true)
            {
                f(from, to);
            }
        }
    }

    /// True if player `p` has any step of `dist`.
    fn any_step(&self, p: usize, dist: u8) -> bool {
        let mut occ = self.occ(p);
        while occ != 0 {
            let from = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            if self.check_step(p, from, dist, false).is_ok()
                || (from >= ENTRY + dist && self.check_step(p, from, dist, true).is_ok())
            {
                return true;
            }
        }
        false
    }

    /// True if the mover `p` has any step with the dice left.
    fn any_move(&self, p: usize) -> bool {
        match *self.dice.values() {
            [d] => self.any_step(p, d),
            [a, b] => self.any_step(p, a) || self.any_step(p, b) || self.any_step(p, a + b),
            _ => false,
        }
    }

    /// Moves player `p`'s peg from `from` to `to` (zero-based), with its capture. Leaves the
    /// dice and the phase alone. True if it captured.
    fn apply_step(&mut self, p: usize, from: u8, to: u8) -> bool {
        let powered = self.powered(p, from);
        if self.pharaoh[p] == from {
            self.pharaoh[p] = to;
        } else {
            self.men[p] ^= bit(from) | bit(to);
        }
        if !powered && self.waiting_for_one && to == LAST {
            self.arrived = true;
        }
        if to >= ENTRY {
            let o = 1 - p;
            let q = alongside(to);
            if self.pharaoh[o] == q {
                self.pharaoh[o] = NONE;
                self.quiet = 0;
                return true;
            }
            if self.men[o] & bit(q) != 0 {
                self.men[o] &= !bit(q);
                self.quiet = 0;
                return true;
            }
        }
        false
    }

    /// Ends the mover's turn: the other player throws next, unless the quiet-turn limit
    /// draws the game.
    fn end_turn(&mut self, p: usize) {
        self.dice.clear();
        self.arrived = false;
        self.quiet += 1;
        if self.quiet >= QUIET_TURN_LIMIT {
            self.phase = Phase::Over(Outcome {
                winner: None,
                reason: EndReason::MoveLimit,
                points: 0,
            });
        } else {
            self.phase = Phase::Throw(player(1 - p));
        }
    }

    /// Reads a step of the mover `p`: its zero-based squares, distance and direction, from
    /// the dice left. `None` when no die (or sum) gives the distance either way.
    fn interpret(&self, mv: Move) -> Option<(u8, u8, u8, bool)> {
        let (from, to) = (mv.from - 1, mv.to - 1);
        let two = self.dice.len() == 2;
        let sum: u8 = self.dice.values().iter().sum();
        let fits = |d: u8| self.dice.contains(d) || (two && d == sum);
        let fwd = (to + LAP - from) % LAP;
        if fits(fwd) {
            return Some((from, to, fwd, false));
        }
        if to < from && fits(from - to) {
            return Some((from, to, from - to, true));
        }
        None
    }

    /// The winning outcome for player `w`.
    fn win(&self, w: usize, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(player(w)),
            reason,
            points: self.score(w),
        }
    }
}

fn player(i: usize) -> Player {
    if i == 0 { Player::One } else { Player::Two }
}

impl Rules for Parker {
    type Move = Move;
    const VARIANT: Variant = Variant::Parker;

    fn new(setup: Setup) -> Result<Parker, SetupError> {
        Variant::Parker.check_players(setup.players)?;
        // The Pharaoh in the corner (square 1), the four men on squares 2 to 5.
        Ok(Parker {
            pharaoh: [0, 0],
            men: [0b11110, 0b11110],
            phase: Phase::RollOff { first: 0 },
            dice: RemainingDice::NONE,
            waiting_for_one: setup.waiting_for_one,
            arrived: false,
            quiet: 0,
        })
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::RollOff { first } => Status::Throw {
                player: if first == 0 { Player::One } else { Player::Two },
                spec: ThrowSpec::TWO_D6,
            },
            Phase::Throw(player) => Status::Throw {
                player,
                spec: ThrowSpec::TWO_D6,
            },
            Phase::Move(player) => Status::Move { player },
            Phase::Over(o) => Status::Over(o),
        }
    }

    fn players(&self) -> u8 {
        2
    }

    fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow> {
        match self.phase {
            Phase::RollOff { first } => {
                throw.check(ThrowSpec::TWO_D6)?;
                let total = throw.sum();
                self.phase = if first == 0 {
                    Phase::RollOff { first: total }
                } else {
                    match mechanics::roll_off_winner(first, total) {
                        Some(starter) => Phase::Throw(starter),
                        None => Phase::RollOff { first: 0 },
                    }
                };
                Ok(ThrowEffect::Decided)
            }
            Phase::Throw(pl) => {
                throw.check(ThrowSpec::TWO_D6)?;
                self.dice = RemainingDice::new(throw.faces());
                self.arrived = false;
                self.phase = Phase::Move(pl);
                if self.any_move(pl.index()) {
                    Ok(ThrowEffect::Move)
                } else {
                    self.end_turn(pl.index());
                    Ok(ThrowEffect::NoMove)
                }
            }
            Phase::Move(_) | Phase::Over(_) => Err(IllegalThrow::NotExpected),
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        let Phase::Move(pl) = self.phase else {
            return;
        };
        let p = pl.index();
        match *self.dice.values() {
            [d] => self.for_each_step(p, d, |f, t| out.push(Move::of(f, t))),
            [a, b] => {
                // Both dice must be used if at all possible: a combined step uses both; a
                // single step is kept only if the other die can follow it (or it wins).
                let mut follows = 0u64;
                self.for_each_step(p, a + b, |f, t| {
                    follows |= 1 << out.len();
                    out.push(Move::of(f, t));
                });
                let pairs = [(a, b), (b, a)];
                let pairs = if a == b { &pairs[..1] } else { &pairs[..] };
                for &(d, other) in pairs {
                    self.for_each_step(p, d, |f, t| {
                        let mut g = *self;
                        g.apply_step(p, f, t);
                        if g.count(1 - p) == 0 || g.any_step(p, other) {
                            follows |= 1 << out.len();
                        }
                        out.push(Move::of(f, t));
                    });
                }
                mechanics::keep_moves_using_both_dice(out, follows);
            }
            _ => {}
        }
    }

    fn breakdown(&self) -> Option<Breakdown> {
        match self.phase {
            Phase::Over(Outcome {
                winner: Some(w), ..
            }) => Some(self.saved(w.index())),
            Phase::Over(_) => Some(Breakdown::new(Whose::Winner)),
            _ => None,
        }
    }

    fn why_illegal(&self, mv: Move) -> IllegalMove {
        let Phase::Move(pl) = self.phase else {
            return IllegalMove::NotLegal;
        };
        let p = pl.index();
        if self.occ(p) & bit(mv.from - 1) == 0 {
            return IllegalMove::NoSuchPiece;
        }
        let Some((from, _, dist, back)) = self.interpret(mv) else {
            return IllegalMove::NoSuchDie;
        };
        match self.check_step(p, from, dist, back) {
            Err(e) => e,
            Ok(_) => IllegalMove::MustUseAllDice,
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Phase::Move(pl) = self.phase else {
            return;
        };
        let p = pl.index();
        let Some((from, to, dist, _)) = self.interpret(mv) else {
            return;
        };
        if !self.dice.take(dist) {
            self.dice.clear();
        }
        self.apply_step(p, from, to);
        if self.count(1 - p) == 0 {
            self.dice.clear();
            self.arrived = false;
            self.phase = Phase::Over(self.win(p, EndReason::Completed));
        } else if !self.any_move(p) {
            self.end_turn(p);
        }
    }

    fn concede(&mut self, who: Player, how: Concession) -> Result<(), IllegalMove> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(IllegalMove::GameOver);
        }
        if who.index() > 1 {
            return Err(IllegalMove::NotYourTurn);
        }
        self.dice.clear();
        self.arrived = false;
        self.phase = Phase::Over(self.win(1 - who.index(), how.into()));
        Ok(())
    }

    fn to_notation(&self) -> String {
        let mut s = String::with_capacity(64);
        s.push_str(if self.waiting_for_one {
            "wait"
        } else {
            "nowait"
        });
        s.push_str(&format!(" q{}", self.quiet));
        let mover = match self.phase {
            Phase::Move(pl) => Some(pl.index()),
            _ => None,
        };
        for p in 0..2 {
            s.push_str(&format!(" {}:", p + 1));
            if self.pharaoh[p] == NONE {
                s.push('x');
            } else {
                s.push_str(&(self.pharaoh[p] + 1).to_string());
            }
            let mut men = self.men[p];
            while men != 0 {
                let pos = men.trailing_zeros() as u8;
                men &= men - 1;
                s.push_str(&format!(",{}", pos + 1));
                if pos == LAST && self.arrived && mover == Some(p) {
                    s.push('*');
                }
            }
        }
        match self.phase {
            Phase::RollOff { first: 0 } => s.push_str(" start"),
            Phase::RollOff { first } => s.push_str(&format!(" start {first}")),
            Phase::Throw(pl) => s.push_str(&format!(" throw {pl}")),
            Phase::Move(pl) => {
                s.push_str(&format!(" move {pl} "));
                let v: Vec<String> = self.dice.values().iter().map(u8::to_string).collect();
                s.push_str(&v.join(","));
            }
            Phase::Over(o) => match o.winner {
                Some(w) => s.push_str(&format!(" over {w} {}", o.reason.code())),
                None => s.push_str(&format!(" over draw {}", o.reason.code())),
            },
        }
        s
    }

    fn from_notation(s: &str) -> Result<Parker, ParseError> {
        let err = |m: &str| ParseError::new(format!("parker position {s:?}: {m}"));
        let words: Vec<&str> = s.split_whitespace().collect();
        if words.len() < 5 {
            return Err(err("want RULE qN 1:PEGS 2:PEGS STATUS"));
        }
        let waiting_for_one = match words[0] {
            "wait" => true,
            "nowait" => false,
            _ => return Err(err("first word must be `wait` or `nowait`")),
        };
        let quiet: u16 = words[1]
            .strip_prefix('q')
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| err("second word must be qN (turns since the last capture)"))?;
        let mut g = Parker {
            pharaoh: [NONE; 2],
            men: [0; 2],
            phase: Phase::RollOff { first: 0 },
            dice: RemainingDice::NONE,
            waiting_for_one,
            arrived: false,
            quiet,
        };
        let mut starred = [false; 2];
        for p in 0..2 {
            let prefix = format!("{}:", p + 1);
            let list = words[2 + p]
                .strip_prefix(prefix.as_str())
                .ok_or_else(|| err(&format!("expected the pegs of player {}", p + 1)))?;
            for (i, item) in list.split(',').enumerate() {
                let (num, star) = match item.strip_suffix('*') {
                    Some(n) => (n, true),
                    None => (item, false),
                };
                if i == 0 && num == "x" && !star {
                    continue;
                }
                let sq: u8 = num
                    .parse()
                    .ok()
                    .filter(|n| (1..=LAP).contains(n))
                    .ok_or_else(|| err(&format!("bad square {item:?}")))?;
                let pos = sq - 1;
                if g.occ(p) & bit(pos) != 0 {
                    return Err(err(&format!("two pegs of player {} on {sq}", p + 1)));
                }
                if i == 0 {
                    if star {
                        return Err(err("only a plain peg on 20 can be starred"));
                    }
                    g.pharaoh[p] = pos;
                } else {
                    if star {
                        if pos != LAST {
                            return Err(err("only a plain peg on 20 can be starred"));
                        }
                        starred[p] = true;
                    }
                    g.men[p] |= bit(pos);
                }
            }
            if g.men[p].count_ones() > 4 {
                return Err(err("at most four plain pegs each"));
            }
        }
        let rest = &words[4..];
        let who = |w: &str| -> Result<Player, ParseError> {
            match w {
                "1" => Ok(Player::One),
                "2" => Ok(Player::Two),
                _ => Err(err(&format!("bad player {w:?}"))),
            }
        };
        g.phase = match rest {
            ["start"] => Phase::RollOff { first: 0 },
            ["start", n] => {
                let first: u8 = n
                    .parse()
                    .ok()
                    .filter(|n| (2..=12).contains(n))
                    .ok_or_else(|| err("the starting throw is 2 to 12"))?;
                Phase::RollOff { first }
            }
            ["throw", p] => Phase::Throw(who(p)?),
            ["move", p, dice] => {
                let mut faces = Vec::new();
                for d in dice.split(',') {
                    let d: u8 = d
                        .parse()
                        .ok()
                        .filter(|d| (1..=6).contains(d))
                        .ok_or_else(|| err(&format!("bad die {d:?}")))?;
                    faces.push(d);
                }
                if faces.is_empty() || faces.len() > 2 {
                    return Err(err("one or two dice left"));
                }
                g.dice = RemainingDice::new(&faces);
                Phase::Move(who(p)?)
            }
            ["over", "draw", "move_limit"] => Phase::Over(Outcome {
                winner: None,
                reason: EndReason::MoveLimit,
                points: 0,
            }),
            ["over", p, reason] => {
                let w = who(p)?.index();
                let reason = match EndReason::from_code(reason) {
                    Some(r) if r == EndReason::Completed || r.is_concession() => r,
                    _ => return Err(err(&format!("bad end reason {reason:?}"))),
                };
                Phase::Over(g.win(w, reason))
            }
            _ => return Err(err("bad status (start, throw P, move P D,D, over ...)")),
        };
        if starred[0] || starred[1] {
            match g.phase {
                Phase::Move(pl) if starred[pl.index()] && !starred[1 - pl.index()] => {
                    g.arrived = true;
                }
                _ => return Err(err("only the mover's peg on 20 can be starred")),
            }
        }
        g.check_invariants().map_err(|e| err(&e))?;
        if let Phase::Move(pl) = g.phase
            && !g.any_move(pl.index())
        {
            return Err(err("the mover has no move with these dice"));
        }
        Ok(g)
    }

    fn check_invariants(&self) -> Result<(), String> {
        for p in 0..2 {
            let ph = self.pharaoh[p];
            if ph != NONE && ph >= LAP {
                return Err(format!("player {}: Pharaoh off the path ({ph})", p + 1));
            }
            if self.men[p] >> LAP != 0 {
                return Err(format!("player {}: a man off the path", p + 1));
            }
            if self.men[p] & bit(ph) != 0 {
                return Err(format!("player {}: two pegs in one hole", p + 1));
            }
            if self.men[p].count_ones() > 4 {
                return Err(format!("player {}: more than four men", p + 1));
            }
        }
        // No two opposing pegs rest alongside each other: coming to rest alongside captures.
        let senet = |p: usize| self.occ(p) >> ENTRY;
        let mirrored = (senet(1) as u16).reverse_bits() >> 6;
        if u32::from(mirrored) & senet(0) != 0 {
            return Err("two opposing pegs rest alongside each other".into());
        }
        let over = matches!(self.phase, Phase::Over(_));
        if !over && (self.count(0) == 0 || self.count(1) == 0) {
            return Err("a player has no peg left but the game goes on".into());
        }
        if self.quiet > QUIET_TURN_LIMIT
            || (self.quiet == QUIET_TURN_LIMIT
                && !matches!(
                    self.phase,
                    Phase::Over(Outcome {
                        reason: EndReason::MoveLimit,
                        ..
                    })
                ))
        {
            return Err(format!("quiet-turn count {} out of range", self.quiet));
        }
        match self.phase {
            Phase::Move(pl) => {
                let vals = self.dice.values();
                if vals.is_empty() || vals.iter().any(|d| !(1..=6).contains(d)) {
                    return Err("a move is due without dice".into());
                }
                if self.arrived {
                    let p = pl.index();
                    if !self.waiting_for_one
                        || self.men[p] & bit(LAST) == 0
                        || self.powered(p, LAST)
                    {
                        return Err("arrival mark without a waiting man on 20".into());
                    }
                }
            }
            Phase::RollOff { first } => {
                if first == 1 || first > 12 {
                    return Err("bad starting throw".into());
                }
                if self.quiet != 0 || self.count(0) != 5 || self.count(1) != 5 {
                    return Err("the roll-off comes before any move".into());
                }
            }
            Phase::Throw(_) | Phase::Over(_) => {}
        }
        if !matches!(self.phase, Phase::Move(_)) && (!self.dice.is_empty() || self.arrived) {
            return Err("dice left outside a move".into());
        }
        if let Phase::Over(o) = self.phase {
            match (o.winner, o.reason) {
                (None, EndReason::MoveLimit) if o.points == 0 => {}
                (Some(w), EndReason::Completed | EndReason::Resigned | EndReason::Timeout) => {
                    let w = w.index();
                    if w > 1 || o.points != self.score(w) {
                        return Err("winner's points do not match the pegs left".into());
                    }
                    if o.reason == EndReason::Completed && self.count(1 - w) != 0 {
                        return Err("game completed but the loser still has pegs".into());
                    }
                }
                _ => return Err("impossible outcome".into()),
            }
        }
        Ok(())
    }
}

impl Layout for Parker {
    fn placement(&self) -> Placement {
        let mut out = Placement::default();
        for p in 0..2 {
            let who = player(p);
            let at = |pos: u8| Place::lane(who, pos + 1).unwrap_or(Place::Out);
            match self.pharaoh[p] {
                NONE => out.put(Place::Out, Piece::new(who, PieceKind::Pharaoh)),
                pos => out.put(at(pos), Piece::new(who, PieceKind::Pharaoh)),
            }
            for pos in 0..LAP {
                if self.men[p] & bit(pos) != 0 {
                    out.put(at(pos), Piece::new(who, PieceKind::Man));
                }
            }
            for _ in self.men[p].count_ones()..4 {
                out.put(Place::Out, Piece::new(who, PieceKind::Man));
            }
        }
        out.normalise();
        out
    }

    fn candidate_moves(&self, mut f: impl FnMut(Place, Move)) {
        let Phase::Move(pl) = self.phase else {
            return;
        };
        let p = pl.index();
        let (dice, sum) = match *self.dice.values() {
            [d] => ([d, 0], 0),
            [a, b] if a == b => ([a, 0], a + b),
            [a, b] => ([a, b], a + b),
            _ => return,
        };
        let mut occ = self.occ(p);
        while occ != 0 {
            let from = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            let place = Place::lane(pl, from + 1).unwrap_or(Place::Out);
            for dist in dice.into_iter().chain([sum]).filter(|&d| d != 0) {
                f(place, Move::of(from, (from + dist) % LAP));
                // The Pharaoh's backward step in the Senet Row.
                if self.powered(p, from) && from >= ENTRY + dist {
                    f(place, Move::of(from, from - dist));
                }
            }
        }
    }

    fn geometry_unchecked(&self, mv: Move) -> Geometry {
        let Phase::Move(pl) = self.phase else {
            return Geometry::default();
        };
        let Some((from, to, dist, _)) = self.interpret(mv) else {
            return Geometry::default();
        };
        let p = pl.index();
        let at = |who: Player, pos: u8| Place::lane(who, pos + 1).unwrap_or(Place::Out);
        let kind = |q: usize, pos: u8| {
            if self.pharaoh[q] == pos {
                PieceKind::Pharaoh
            } else {
                PieceKind::Man
            }
        };
        // One die, or both dice combined.
        let dice: geometry::DiceValues = if self.dice.contains(dist) {
            smallvec::smallvec![dist]
        } else {
            self.dice.values().iter().copied().collect()
        };
        let mut steps: geometry::Steps = smallvec::smallvec![geometry::mover_step(
            pl,
            at(pl, from),
            at(pl, to),
            kind(p, from),
            dice,
        )];
        if to >= ENTRY {
            let o = 1 - p;
            let q = alongside(to);
            if self.occ(o) & bit(q) != 0 {
                steps.push(geometry::caused_step(
                    StepKind::Capture,
                    player(o),
                    at(player(o), q),
                    Place::Out,
                    kind(o, q),
                ));
            }
        }
        Geometry {
            steps,
            coaster: None,
        }
    }
}

/// The colour of each player's pegs, as the printed rules name them (player 1 first).
pub const COLOURS: [&str; 2] = ["red", "yellow"];

/// Square `n` (1 to 20) of `lane`'s path as a special square: the Pharaoh corner, the rest
/// of the Safety Row, the Senet Row, and its last space.
const fn special_square(lane: Player, n: u8) -> SpecialSquare {
    let place = lane_square(lane, n);
    match n {
        1 => SpecialSquare {
            place,
            mark: "♛",
            name: "Pharaoh corner",
            rule: "The Pharaoh starts here; like all of the Safety Row, it is safe from capture.",
            kind: SquareKind::Start,
        },
        2..=10 => SpecialSquare {
            place,
            mark: "",
            name: "Safety Row",
            rule: "Safe: no peg is captured on a Safety Row.",
            kind: SquareKind::Safe,
        },
        LAP => SpecialSquare {
            place,
            mark: "",
            name: "Last Senet Row space",
            rule: "A man reaches it by exact count and waits here for a one of a later throw \
                   to step down to the Pharaoh corner, unless that rule was waived; a peg here \
                   can be captured.",
            kind: SquareKind::Wait,
        },
        _ => SpecialSquare {
            place,
            mark: "",
            name: "Senet Row",
            rule: "A peg that comes to rest alongside an opposing peg here captures it.",
            kind: SquareKind::Capture,
        },
    }
}

/// Every square of both paths, player 1's first, each in path order.
const SPECIAL: [SpecialSquare; 2 * LAP as usize] = {
    let mut out = [special_square(Player::One, 1); 2 * LAP as usize];
    let mut i = 0;
    while i < out.len() {
        let lane = if i < LAP as usize {
            Player::One
        } else {
            Player::Two
        };
        out[i] = special_square(lane, (i % LAP as usize) as u8 + 1);
        i += 1;
    }
    out
};

impl Ruleset for Parker {
    const ID: &'static str = "parker";
    const NAME: &'static str = "Parker Brothers Senet (1946)";
    const PLAYER_RANGE: (u8, u8) = (2, 2);
    const OPTIONS: &'static [&'static str] = &["waiting_for_one"];
    const THROW: ThrowSpec = ThrowSpec::TWO_D6;
    const BOARD: BoardKind = BoardKind::Parker;
    const POSITION_NOTATION: PositionNotation = PositionNotation::ParkerPegs;
    const MOVE_NOTATION: &'static str = "FROM-TO, squares 1 to 20 of the mover's own path (5-9)";
    const SUMMARY: &'static str = "Parker Brothers' game of 1946: a Pharaoh and four men each, \
        and two dice, played one peg per die or one peg by their total. Each player runs \
        circuits of his own Safety Row and the shared Senet Row; a peg that comes to rest \
        alongside an opposing peg in the Senet Row captures it. Men never move backward nor \
        pass their own pegs, and wait on the last Senet Row space for a one (unless the \
        players waive that rule); the Pharaoh may pass any peg and move backward in the Senet \
        Row. Capture all the opposing pegs to win.";
    const PIECE: PieceNoun = PieceNoun::Peg;
    const SPECIAL_SQUARES: &'static [SpecialSquare] = &SPECIAL;

    fn own_words(reason: IllegalMove) -> Option<&'static str> {
        match reason {
            IllegalMove::MustWait => Some(
                "That man must wait: he reaches square 20 only by an exact count, and leaves it \
                 only with a one of a later throw.",
            ),
            IllegalMove::Blocked => Some("That man is blocked by one of your own pegs in his way."),
            IllegalMove::NoBackward => Some(
                "That peg may not move backward: only the Pharaoh does, and only within the \
                 Senet Row.",
            ),
            _ => None,
        }
    }

    /// [`COLOURS`]: red for player 1, yellow for player 2.
    fn sides(&self) -> Vec<Option<&'static str>> {
        COLOURS.iter().map(|&c| Some(c)).collect()
    }

    /// The waiting rule, the turns since the last capture with the draw limit
    /// ([`QUIET_TURN_LIMIT`]), and the dice still to play.
    fn notes(&self) -> Vec<Note> {
        let mut notes = vec![
            Note::WaitingForOne {
                waiting: self.waiting_for_one,
            },
            Note::QuietTurns {
                turns: u32::from(self.quiet),
                limit: u32::from(QUIET_TURN_LIMIT),
            },
        ];
        if let Phase::Move(_) = self.phase {
            notes.push(Note::DiceToPlay {
                dice: self.dice.values().to_vec(),
            });
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Parker {
        Parker::from_notation(s).unwrap()
    }

    #[test]
    fn two_d6_table_sums_to_one() {
        let all = ThrowSpec::TWO_D6.all_throws();
        assert_eq!(all.len(), 36);
        let mut by_total = [0u32; 13];
        for t in &all {
            by_total[usize::from(t.sum())] += 1;
        }
        assert_eq!(by_total[2..].iter().sum::<u32>(), 36);
        assert_eq!(by_total[7], 6);
        let p: f64 = by_total.iter().map(|&n| f64::from(n) / 36.0).sum();
        assert!((p - 1.0).abs() < 1e-12);
    }

    #[test]
    fn senet_squares_face_each_other() {
        // Player 1's 11 (board column 10) faces player 2's 20, and so on.
        for s in ENTRY..LAP {
            let o = alongside(s);
            assert!((ENTRY..LAP).contains(&o));
            assert_eq!(alongside(o), s);
        }
        assert_eq!(alongside(10), 19);
        assert_eq!(alongside(19), 10);
        assert_eq!(alongside(14), 15);
    }

    #[test]
    fn between_table_wraps_the_circuit() {
        assert_eq!(BETWEEN[18][3], bit(19) | bit(0));
        assert_eq!(BETWEEN[4][1], 0);
        assert_eq!(BETWEEN[0][12].count_ones(), 11);
    }

    #[test]
    fn start_and_round_trip() {
        let g = Parker::new(Setup::default()).unwrap();
        assert_eq!(g.to_notation(), "wait q0 1:1,2,3,4,5 2:1,2,3,4,5 start");
        assert_eq!(Parker::from_notation(&g.to_notation()).unwrap(), g);
        assert!(Parker::new(Setup::players(3)).is_err());
    }

    #[test]
    fn roll_off_high_starts_and_ties_rethrow() {
        let mut g = Parker::new(Setup::default()).unwrap();
        let t = |a, b| Throw::new(ThrowSpec::TWO_D6, &[a, b]).unwrap();
        g.throw(t(3, 3)).unwrap();
        g.throw(t(2, 4)).unwrap();
        assert_eq!(g.phase, Phase::RollOff { first: 0 });
        g.throw(t(1, 1)).unwrap();
        g.throw(t(2, 1)).unwrap();
        assert_eq!(g.phase, Phase::Throw(Player::Two));
    }

    #[test]
    fn scores() {
        let g = pos("wait q0 1:1,2,3,4,5 2:x,12 over 1 resigned");
        assert_eq!(g.score(0), 130);
        assert_eq!(g.score(1), 10);
        let g = pos("wait q0 1:x,2,3 2:4 over 2 resigned");
        assert_eq!(g.score(0), 20);
        assert_eq!(g.score(1), 25);
    }

    #[test]
    fn bad_notation_is_refused() {
        for s in [
            "",
            "wait q0 1:1,2,3,4,5 2:1,2,3,4,5",
            "wait q0 1:1,1 2:1 throw 1",
            "wait q0 1:21 2:1 throw 1",
            "wait q0 1:x 2:1 throw 1",
            "wait q0 1:11 2:20 throw 1",
            "wait q0 1:1,20* 2:1 throw 1",
            "wait q0 1:1 2:1 move 1 7",
            "maybe q0 1:1 2:1 throw 1",
            "wait q0 1:1,2,3,4,5,6 2:1 throw 1",
        ] {
            assert!(Parker::from_notation(s).is_err(), "{s:?} accepted");
        }
    }

    #[test]
    fn moves_parse() {
        assert_eq!("18-3".parse::<Move>().unwrap(), Move::new(18, 3).unwrap());
        assert!("0-3".parse::<Move>().is_err());
        assert!("3-3".parse::<Move>().is_err());
        assert!("3-21".parse::<Move>().is_err());
        assert!("3".parse::<Move>().is_err());
    }

    /// A slow, square-by-square re-statement of the rules, to cross-check the generator.
    mod reference {
        use super::*;

        fn own(g: &Parker, p: usize, sq: u8) -> bool {
            g.pharaoh[p] == sq || g.men[p] & (1 << sq) != 0
        }

        fn step(g: &Parker, p: usize, from: u8, dist: u8, back: bool) -> Option<u8> {
            if !own(g, p, from) {
                return None;
            }
            let lone = g.pharaoh[p] == NONE && g.men[p].count_ones() == 1;
            let powered = g.pharaoh[p] == from || lone;
            let to = if back {
                if !powered || from < 10 || from < dist || from - dist < 10 {
                    return None;
                }
                from - dist
            } else {
                for k in 1..dist {
                    let sq = (from + k) % 20;
                    if !powered && own(g, p, sq) {
                        return None;
                    }
                    if !powered && g.waiting_for_one && sq == 19 {
                        return None;
                    }
                }
                if !powered && g.waiting_for_one && from == 19 && (dist != 1 || g.arrived) {
                    return None;
                }
                (from + dist) % 20
            };
            if own(g, p, to) { None } else { Some(to) }
        }

        fn steps(g: &Parker, p: usize, dist: u8) -> Vec<(u8, u8)> {
            let mut v = Vec::new();
            for from in 0..20 {
                for back in [false, true] {
                    if let Some(to) = step(g, p, from, dist, back) {
                        v.push((from, to));
                    }
                }
            }
            v
        }

        fn after(g: &Parker, p: usize, from: u8, to: u8) -> Parker {
            let mut h = *g;
            let lone = h.pharaoh[p] == NONE && h.men[p].count_ones() == 1;
            let man = h.pharaoh[p] != from;
            if man {
                h.men[p] &= !(1 << from);
                h.men[p] |= 1 << to;
            } else {
                h.pharaoh[p] = to;
            }
            if man && !lone && h.waiting_for_one && to == 19 {
                h.arrived = true;
            }
            if to >= 10 {
                let q = 29 - to;
                if h.pharaoh[1 - p] == q {
                    h.pharaoh[1 - p] = NONE;
                }
                h.men[1 - p] &= !(1 << q);
            }
            h
        }

        pub(super) fn legal(g: &Parker) -> Vec<String> {
            let Phase::Move(pl) = g.phase else {
                return Vec::new();
            };
            let p = pl.index();
            let mut out: Vec<String> = Vec::new();
            match *g.dice.values() {
                [d] => {
                    for (f, t) in steps(g, p, d) {
                        out.push(Move::of(f, t).to_string());
                    }
                }
                [a, b] => {
                    let combined = steps(g, p, a + b);
                    let mut singles = Vec::new();
                    for (d, o) in [(a, b), (b, a)] {
                        for (f, t) in steps(g, p, d) {
                            let h = after(g, p, f, t);
                            let won = h.pharaoh[1 - p] == NONE && h.men[1 - p] == 0;
                            singles.push((f, t, won || !steps(&h, p, o).is_empty()));
                        }
                    }
                    let both = !combined.is_empty() || singles.iter().any(|s| s.2);
                    for (f, t) in combined {
                        out.push(Move::of(f, t).to_string());
                    }
                    for (f, t, ok) in singles {
                        if ok || !both {
                            out.push(Move::of(f, t).to_string());
                        }
                    }
                }
                _ => {}
            }
            out.sort();
            out.dedup();
            out
        }
    }

    #[test]
    fn generator_matches_the_reference_in_random_games() {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(7);
        let mut checked = 0;
        for game in 0..300 {
            let mut g = Parker::new(Setup {
                waiting_for_one: game % 2 == 0,
                ..Setup::default()
            })
            .unwrap();
            loop {
                match g.status() {
                    Status::Over(_) => break,
                    Status::Throw { spec, .. } => {
                        let faces = [rng.random_range(1..=6u8), rng.random_range(1..=6u8)];
                        g.throw(Throw::new(spec, &faces).unwrap()).unwrap();
                    }
                    Status::Move { .. } => {
                        let mut got: Vec<String> =
                            g.legal_moves().iter().map(ToString::to_string).collect();
                        got.sort();
                        assert_eq!(got, reference::legal(&g), "{}", g.to_notation());
                        checked += 1;
                        let legal = g.legal_moves();
                        g.play_unchecked(legal[rng.random_range(0..legal.len())]);
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }
}
