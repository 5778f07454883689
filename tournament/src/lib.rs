//! The rules of arena and Swiss tournaments, as pure functions: who plays whom, who moves
//! first, how points add up and how ties are broken.
//!
//! No I/O, no async, no clock and no randomness: times come in as milliseconds, and the same
//! entrants and games always give the same standings and pairings, whatever the order of
//! the slices. So the server can recompute everything from the stored games after a restart,
//! and a test can check a whole tournament by hand.
//!
//! # Arena
//!
//! An arena runs for a fixed time. Whoever is free waits for a game, and is paired as soon
//! as there is someone to play; the player with the most points when the time is up wins.
//!
//! - **Points** ([`arena_standings`]): a win scores 2, a draw 1, a loss 0. Two wins in a row
//!   set a player *on fire*: from then on a win scores 4 and a draw 2, until a game is not
//!   won. A draw or a loss ends the streak (a draw on fire still scores its 2). So W W W L W
//!   W W D W scores 2, 2, 4, 0, 2, 2, 4, 2, 2. Each game leaves a [`Mark`] on the player's
//!   sheet with its points and whether they were doubled.
//! - **Ranking**: points, then the performance rating (a player without a game comes after
//!   those with one), then the rating the player joined with, then who joined earlier, then
//!   the id. Every entrant is listed, with 0 points before their first game.
//! - **Pairing** ([`arena_pairings`]): the waiting players are taken in the order of their
//!   rank and neighbours play (1–2, 3–4, …), but never two players one of whom just played
//!   the other: the first then tries the next one down (1–3, and 2 goes on with the next).
//!   Whoever cannot be paired waits on; two who just played each other and wait alone wait
//!   for a third.
//!
//! # Swiss
//!
//! A Swiss tournament has a fixed number of rounds, and everyone plays in every round.
//!
//! - **Score**: 1 per win, ½ per draw, 1 per bye. Kept doubled (`points_x2`) so a half point
//!   is an integer.
//! - **Bye** ([`swiss_pairings`]): with an odd number of players, one sits the round out and
//!   scores as for a win: the lowest ranked (by score, then rating, then id) of those who
//!   have had the fewest byes, so nobody has a second bye while someone has had none; but
//!   never one whose absence would leave the others unpairable without a rematch.
//! - **Pairing**: within a score group the top half meets the bottom half (of six, 1–4, 2–5,
//!   3–6). An odd group's lowest player floats down and meets the top of the next group; so
//!   does a player whom nobody in the group can meet. Two players never meet twice: when a
//!   preferred opponent is a rematch, the next one is tried, and an opponent is only taken
//!   when everyone below can still be paired, so a round is found whenever one exists
//!   ([`SwissError::NoPairingWithoutRematch`] when none does). Boards come best score group
//!   first.
//! - **Standings** ([`swiss_standings`]): score, then Buchholz (the sum of the opponents'
//!   scores; a bye adds nothing), then Sonneborn–Berger (the scores of the opponents beaten,
//!   plus half the scores of those drawn with), then rating, then id. The tie-breaks are
//!   kept as integers, Buchholz doubled and Sonneborn–Berger quadrupled, so no rounding
//!   decides a place.
//!
//! # Seats, in both
//!
//! Moving first is an advantage, so it alternates ([`SeatHistory::seat`]): the player who
//! has had seat 1 fewer times gets it; on a tie the one whose last game was in seat 2; still
//! a tie, the better ranked.
//!
//! # Performance
//!
//! [`performance`]: the average rating of the opponents plus 400 × (wins − losses) / games,
//! linear as lichess shows it, rounded; none before the first game.
//!
//! ```
//! use senet_tournament::{arena_standings, Entrant, Mark, Outcome, Played};
//!
//! let entrant = |id: &str, rating| Entrant { id: id.into(), rating, joined_ms: 0 };
//! let won = |first: &str, second: &str, ended_ms| Played {
//!     first: first.into(),
//!     second: second.into(),
//!     outcome: Outcome::FirstWon,
//!     ended_ms,
//! };
//! let standings = arena_standings(
//!     &[entrant("ada", 1500), entrant("bob", 1500)],
//!     &[won("ada", "bob", 1), won("ada", "bob", 2), won("ada", "bob", 3)],
//! );
//! assert_eq!(standings[0].id, "ada");
//! assert_eq!(standings[0].points, 2 + 2 + 4);
//! assert_eq!(standings[0].sheet[2], Mark::Win { points: 4, doubled: true });
//! assert!(standings[0].on_fire);
//! ```

mod arena;
mod matching;
mod results;
mod seats;
mod swiss;
mod swiss_standings;

pub use arena::{ArenaStanding, ArenaWaiting, Mark, arena_pairings, arena_standings};
pub use results::{Entrant, Outcome, Pairing, Played, PlayerId, PlayerResult, Seat, performance};
pub use seats::{SeatHistory, SeatRecord};
pub use swiss::{SwissError, SwissRound, swiss_pairings};
pub use swiss_standings::{SwissStanding, swiss_standings};
