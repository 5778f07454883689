//! How the series points of a finished game are made up: [`Breakdown`].
//!
//! Each variant scores a finished game its own way (`docs/rules/scoring.md`): pips by track
//! (`martian`), saved pegs doubled when all five are saved (`parker`), pieces left by row
//! (`jequier`), pyramid sizes borne off (`pyramid`), the dots of pieces gone up (`modern`).
//! [`Rules::breakdown`](crate::Rules::breakdown) gives that scoring as data, so that a client
//! can say how the points came about without knowing the rules: a list of
//! `count × each = subtotal` items, a multiplier, and their total, which is always the
//! finished game's [`Outcome::points`](crate::Outcome::points).
//!
//! ```
//! use senet_engine::scoring::{ScoreLabel, Whose};
//! use senet_engine::{Game, Status, Variant};
//!
//! // Jequier: white (player 1) has borne off every piece; black still has a piece on the
//! // first row (3 points) and one on the last (1 point).
//! let game = Game::from_notation(Variant::Jequier, ".........B..................B. b2 w1")?;
//! let breakdown = game.breakdown().expect("the game is over");
//! assert_eq!(breakdown.whose, Whose::Loser);
//! assert_eq!(breakdown.items[0].label, ScoreLabel::FirstRowPieces);
//! assert_eq!((breakdown.items[0].count, breakdown.items[0].each), (1, 3));
//! assert_eq!(breakdown.total, 4);
//! assert_eq!(game.status().outcome().map(|o| o.points), Some(4));
//! # Ok::<_, senet_engine::ParseError>(())
//! ```

use serde::{Deserialize, Serialize};

/// What one line of a [`Breakdown`] counts. Serialised as its snake_case code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ScoreLabel {
    /// `martian`: pips of the loser's pyramids on the Source Track (3 points per pip).
    SourceTrackPips,
    /// `martian`: pips of the loser's pyramids on the Balance Track (2 points per pip).
    BalanceTrackPips,
    /// `martian`: pips of the loser's pyramids on the Perfect Track (1 point per pip).
    PerfectTrackPips,
    /// `parker`: the winner's Pharaoh, still on the board (25 points).
    PharaohSaved,
    /// `parker`: the winner's plain pegs still on the board (10 points each).
    MenSaved,
    /// `jequier`, `kendall`: the loser's pieces on the first row, squares 1–10 (3 points
    /// each).
    FirstRowPieces,
    /// `jequier`, `kendall`: the loser's pieces on the middle row, squares 11–20 (2 points
    /// each).
    MiddleRowPieces,
    /// `jequier`, `kendall`: the loser's pieces on the last row, squares 21–30 (1 point
    /// each).
    LastRowPieces,
    /// `pyramid`: large pyramids the winner bore off (4 points each).
    LargeBorneOff,
    /// `pyramid`: medium pyramids the winner bore off (3 points each).
    MediumBorneOff,
    /// `pyramid`: small pyramids the winner bore off (2 points each).
    SmallBorneOff,
    /// `pyramid`, after a resignation: the winner's large pyramids still on the board
    /// (4 points each).
    LargeOnBoard,
    /// `pyramid`, after a resignation: the winner's medium pyramids still on the board
    /// (3 points each).
    MediumOnBoard,
    /// `pyramid`, after a resignation: the winner's small pyramids still on the board
    /// (2 points each).
    SmallOnBoard,
    /// `modern`: one of the winner's pieces that went up; `each` is its dots (its marks).
    PieceUp,
    /// `bell`: the winner's pieces borne off (1 point each).
    PiecesBorneOff,
    /// `bell`: the winner's pieces still on the board, which nothing can capture any more
    /// once the game is over (1 point each).
    PiecesOnBoard,
}

impl ScoreLabel {
    /// Every label, in the order of the variants' rules pages.
    pub const ALL: [ScoreLabel; 17] = [
        ScoreLabel::SourceTrackPips,
        ScoreLabel::BalanceTrackPips,
        ScoreLabel::PerfectTrackPips,
        ScoreLabel::PharaohSaved,
        ScoreLabel::MenSaved,
        ScoreLabel::FirstRowPieces,
        ScoreLabel::MiddleRowPieces,
        ScoreLabel::LastRowPieces,
        ScoreLabel::LargeBorneOff,
        ScoreLabel::MediumBorneOff,
        ScoreLabel::SmallBorneOff,
        ScoreLabel::LargeOnBoard,
        ScoreLabel::MediumOnBoard,
        ScoreLabel::SmallOnBoard,
        ScoreLabel::PieceUp,
        ScoreLabel::PiecesBorneOff,
        ScoreLabel::PiecesOnBoard,
    ];

    /// The stable snake_case code, as the protocol and scenario files write it.
    pub const fn code(self) -> &'static str {
        match self {
            ScoreLabel::SourceTrackPips => "source_track_pips",
            ScoreLabel::BalanceTrackPips => "balance_track_pips",
            ScoreLabel::PerfectTrackPips => "perfect_track_pips",
            ScoreLabel::PharaohSaved => "pharaoh_saved",
            ScoreLabel::MenSaved => "men_saved",
            ScoreLabel::FirstRowPieces => "first_row_pieces",
            ScoreLabel::MiddleRowPieces => "middle_row_pieces",
            ScoreLabel::LastRowPieces => "last_row_pieces",
            ScoreLabel::LargeBorneOff => "large_borne_off",
            ScoreLabel::MediumBorneOff => "medium_borne_off",
            ScoreLabel::SmallBorneOff => "small_borne_off",
            ScoreLabel::LargeOnBoard => "large_on_board",
            ScoreLabel::MediumOnBoard => "medium_on_board",
            ScoreLabel::SmallOnBoard => "small_on_board",
            ScoreLabel::PieceUp => "piece_up",
            ScoreLabel::PiecesBorneOff => "pieces_borne_off",
            ScoreLabel::PiecesOnBoard => "pieces_on_board",
        }
    }
}

/// Whose pieces the items of a [`Breakdown`] count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// The winner's (`parker`, `pyramid`, `modern`: what the winner saved, bore off or got up).
    Winner,
    /// The loser's (`martian`, `jequier`: what the loser still has on the board).
    Loser,
}

/// One line of a [`Breakdown`]: `count` things worth `each` points, `subtotal` in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScoreItem {
    /// What is counted.
    pub label: ScoreLabel,
    /// How many (pieces, or pips for `martian`); never 0.
    pub count: u32,
    /// Points for each one.
    pub each: u32,
    /// `count × each`.
    pub subtotal: u32,
}

/// How a finished game's series points are made up: `total = (Σ subtotal) × multiplier`.
///
/// Items with nothing to count are left out, so a game that scores nothing (a draw, a
/// `modern` winner by `no_move` with no piece up) has no items and a total of 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Breakdown {
    /// Whose pieces the items count.
    pub whose: Whose,
    /// The lines, in the order the variant's rules list them.
    pub items: Vec<ScoreItem>,
    /// What the sum of the subtotals is multiplied by: 2 when a `parker` winner saved all
    /// five pegs, else 1.
    pub multiplier: u32,
    /// The points: the finished game's `Outcome::points`.
    pub total: u32,
}

impl Breakdown {
    /// An empty breakdown (no items, multiplier 1, total 0) counting `whose` pieces.
    pub(crate) fn new(whose: Whose) -> Breakdown {
        Breakdown {
            whose,
            items: Vec::new(),
            multiplier: 1,
            total: 0,
        }
    }

    /// Adds `count` things worth `each`; nothing when `count` is 0.
    pub(crate) fn add(&mut self, label: ScoreLabel, count: u32, each: u32) {
        if count == 0 {
            return;
        }
        let subtotal = count * each;
        self.items.push(ScoreItem {
            label,
            count,
            each,
            subtotal,
        });
        self.total = self.subtotals() * self.multiplier;
    }

    /// Sets the multiplier (and the total with it).
    pub(crate) fn multiply(&mut self, multiplier: u32) {
        self.multiplier = multiplier;
        self.total = self.subtotals() * multiplier;
    }

    /// The sum of the subtotals, before the multiplier.
    pub fn subtotals(&self) -> u32 {
        self.items.iter().map(|i| i.subtotal).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_follow_the_items_and_the_multiplier() {
        let mut b = Breakdown::new(Whose::Winner);
        assert_eq!(b.total, 0);
        b.add(ScoreLabel::PharaohSaved, 1, 25);
        b.add(ScoreLabel::MenSaved, 0, 10);
        b.add(ScoreLabel::MenSaved, 4, 10);
        assert_eq!(
            b.items.len(),
            2,
            "an item with nothing to count is left out"
        );
        assert_eq!(b.total, 65);
        b.multiply(2);
        assert_eq!((b.subtotals(), b.total), (65, 130));
        let json = serde_json::to_value(&b).unwrap();
        assert_eq!(json["whose"], "winner");
        assert_eq!(json["items"][1]["label"], "men_saved");
        assert_eq!(json["items"][1]["subtotal"], 40);
        assert_eq!(json["multiplier"], 2);
    }

    #[test]
    fn codes_are_the_serialised_names() {
        for label in ScoreLabel::ALL {
            assert_eq!(
                serde_json::to_value(label).unwrap(),
                label.code(),
                "{label:?}"
            );
        }
    }
}
