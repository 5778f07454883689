//! What every variant's features are made from: the sizes of a feature table, the
//! [`Context`] of a position, the [`Track`] view of a 30-square board, and the [`REACH`]
//! tables of the throws.

use std::sync::LazyLock;

use senet_engine::geometry::{PieceKind, Place, Placement};
use senet_engine::{Game, Player, ThrowSpec};

/// The most features a variant uses.
pub const MAX_FEATURES: usize = 20;

/// The most players a game can have.
pub(crate) const MAX_PLAYERS: usize = 4;

/// Features of every player of one position (rows beyond the game's players stay zero).
pub(crate) type FeatureRows = [[f64; MAX_FEATURES]; MAX_PLAYERS];

/// Chances per seat (index 0 is player 1); seats beyond the game's players are zero.
pub(crate) type Chances = [f64; MAX_PLAYERS];

/// How many of player `i`'s pieces are borne off.
pub(crate) fn borne_off(placement: &Placement, i: usize) -> usize {
    placement
        .off
        .iter()
        .filter(|p| p.owner.map(|o| o.index()) == Some(i))
        .count()
}

/// Whether player `i` plays the black discs (on the board or borne off).
pub(crate) fn plays_black(placement: &Placement, i: usize) -> bool {
    placement
        .board
        .iter()
        .flat_map(|stack| &stack.pieces)
        .chain(&placement.off)
        .any(|p| p.owner.map(|o| o.index()) == Some(i) && p.kind == PieceKind::Black)
}

/// What every variant's features need besides the placement.
pub(crate) struct Context {
    /// Number of players.
    pub players: usize,
    /// Index of the player the game waits for (to throw or to move), if any.
    pub on_turn: Option<usize>,
}

impl Context {
    pub(crate) fn new(game: &Game) -> Context {
        Context {
            players: usize::from(game.players()).min(MAX_PLAYERS),
            on_turn: game.status().player().map(Player::index),
        }
    }

    /// 1 if player `i` is the one the game waits for, else 0.
    pub fn on_turn(&self, i: usize) -> f64 {
        if self.on_turn == Some(i) { 1.0 } else { 0.0 }
    }

    /// True when some other player than `i` acts next: `i`'s exposed pieces are in danger
    /// now rather than after `i` has had a chance to move them.
    pub fn opponent_acts_next(&self, i: usize) -> bool {
        self.on_turn.is_some_and(|t| t != i)
    }
}

/// A 30-square track (`jequier`, `pyramid`, `modern`): who stands on each square.
pub(crate) struct Track {
    /// `square[n]` for squares 1 to 30 (index 0 unused): the owner's index and the kind.
    pub square: [Option<(usize, PieceKind)>; 31],
}

impl Track {
    /// The track view of a placement; pieces nobody owns yet are left out.
    pub fn new(placement: &Placement) -> Track {
        let mut square = [None; 31];
        for stack in &placement.board {
            if let (Place::Square(sq), Some(piece)) = (stack.place, stack.pieces.last()) {
                if let Some(owner) = piece.owner {
                    square[usize::from(sq.number())] = Some((owner.index(), piece.kind));
                }
            }
        }
        Track { square }
    }

    /// The owner of square `n`, if it is on the board and occupied.
    pub fn owner(&self, n: i32) -> Option<usize> {
        usize::try_from(n)
            .ok()
            .and_then(|n| self.square.get(n).copied().flatten())
            .map(|(owner, _)| owner)
    }

    /// True if squares `n - 1` or `n + 1` hold a piece of `owner`.
    pub fn has_neighbour(&self, n: i32, owner: usize) -> bool {
        self.owner(n - 1) == Some(owner) || self.owner(n + 1) == Some(owner)
    }

    /// True if a run of three or more pieces of another player than `owner` stands ahead
    /// of square `n`: a piece of `owner` there cannot pass it until it breaks up.
    pub fn blockade_ahead(&self, n: usize, owner: usize, runs: &[u8; 31]) -> bool {
        (n + 1..=30).any(|k| runs[k] >= 3 && matches!(self.square[k], Some((o, _)) if o != owner))
    }

    /// For each square, the length of the run of consecutive squares of one owner it is in.
    pub fn run_lengths(&self) -> [u8; 31] {
        let mut runs = [0u8; 31];
        let mut n = 1;
        while n <= 30 {
            let Some(owner) = self.owner(n as i32) else {
                n += 1;
                continue;
            };
            let mut end = n;
            while end < 30 && self.owner(end as i32 + 1) == Some(owner) {
                end += 1;
            }
            let len = (end - n + 1) as u8;
            runs[n..=end].fill(len);
            n = end + 1;
        }
        runs
    }

    /// The chance that a piece of `target`'s owner on square `n` is landed on by some piece
    /// of another player standing behind it, within reach of one throw (`reach[d]`: the
    /// chance that a distance `d` can be covered), treating the attackers as independent.
    /// `may_attack(from)` says whether a piece on `from` may take on `n` at all.
    pub fn hit_chance(
        &self,
        n: usize,
        target: usize,
        reach: &[f64],
        may_attack: impl Fn(usize) -> bool,
    ) -> f64 {
        let mut miss = 1.0;
        for (d, chance) in reach.iter().enumerate().take(n).skip(1) {
            if let Some((owner, _)) = self.square[n - d] {
                if owner != target && may_attack(n - d) {
                    miss *= 1.0 - chance;
                }
            }
        }
        1.0 - miss
    }
}

/// Chances that a distance can be covered in one throw, indexed by distance (index 0 is 0).
pub(crate) struct Reach {
    /// Four sticks read as one value (`jequier`).
    pub sticks: Vec<f64>,
    /// Two d4: either die, or both on one piece (`pyramid`).
    pub two_d4: Vec<f64>,
    /// Two d6: either die, or their sum (`modern`, `parker`).
    pub two_d6: Vec<f64>,
}

/// The reach tables, computed once from the throw specs.
pub(crate) static REACH: LazyLock<Reach> = LazyLock::new(|| Reach {
    sticks: reach_table(ThrowSpec::FOUR_STICKS, |faces, d| {
        let plain = faces.iter().filter(|&&f| f == 1).count();
        usize::from(d) == if plain == 0 { 6 } else { plain }
    }),
    two_d4: reach_table(ThrowSpec::TWO_D4, die_or_sum),
    two_d6: reach_table(ThrowSpec::TWO_D6, die_or_sum),
});

fn die_or_sum(faces: &[u8], d: u8) -> bool {
    faces.contains(&d) || faces.iter().sum::<u8>() == d
}

fn reach_table(spec: ThrowSpec, covers: impl Fn(&[u8], u8) -> bool) -> Vec<f64> {
    let throws = spec.all_throws();
    let longest = usize::from(spec.die.max_face().max(1)) * usize::from(spec.count);
    let longest = longest.max(6);
    (0..=longest)
        .map(|d| {
            let d = u8::try_from(d).unwrap_or(u8::MAX);
            let hits = throws
                .iter()
                .filter(|t| d > 0 && covers(t.faces(), d))
                .count();
            hits as f64 / throws.len() as f64
        })
        .collect()
}
