//! Computer opponents for every Senet variant, and the win-probability estimate behind them.
//!
//! Pure: no I/O, no async, no threads. A bot sees only the [`Game`] — the position and the
//! throw being played — and never the dice to come (the engine has no way to show them).
//!
//! - [`Bot`] picks a move at one of three [`Level`]s: Easy (random, but never misses an
//!   obvious capture or bear-off), Medium (greedy on the evaluation over the current throw),
//!   Hard (expectimax over the variant's throws, within a [`Budget`]; see [`mod@search`]).
//! - [`win_probability`] gives each player's chance of winning, from the evaluation the
//!   Hard bot uses ([`eval`]) put through a calibration curve measured on self-play.
//!
//! A decision is a function of the level, the seed, the position and the budget alone (with
//! no time limit set): the same inputs always give the same move, so a server can replay or
//! resume a bot after a restart.
//!
//! ```
//! use senet_bots::{Bot, Budget, Level};
//! use senet_engine::{Game, Setup, Throw, Variant};
//!
//! let mut game = Game::new(Variant::Martian, Setup::default())?;
//! game.throw(Throw::new(game.variant().throw_spec(), &[3])?)?;
//! let mut bot = Bot::new(Level::Hard, 7);
//! let mv = bot.choose(&game, Budget::nodes(5_000))?;
//! assert!(game.legal_moves().contains(&mv));
//!
//! let chances = senet_bots::win_probability(&game);
//! assert_eq!(chances.len(), 2);
//! assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-9);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod chance;
mod easy;
pub mod eval;
mod level;
pub mod review;
pub mod search;

use std::hash::Hasher;

use fnv::FnvHasher;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use senet_engine::{Game, Move, Status};

pub use level::{Level, UnknownLevel};
pub use search::{Budget, Decision};

/// Why a bot cannot choose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// The game does not wait for a move (it waits for a throw, or it is over).
    #[error("the game does not wait for a move ({status:?})")]
    NotToMove {
        /// What the game waits for.
        status: Status,
    },
}

/// A computer player of a given level.
///
/// ```
/// use senet_bots::{Bot, Budget, Level};
/// use senet_engine::{Game, Setup, Variant};
///
/// // At the start the game waits for a throw, not a move: a structured error, no panic.
/// let game = Game::new(Variant::Parker, Setup::default())?;
/// assert!(Bot::new(Level::Easy, 1).choose(&game, Budget::DEFAULT).is_err());
/// # Ok::<_, senet_engine::SetupError>(())
/// ```
#[derive(Debug)]
pub struct Bot {
    level: Level,
    seed: u64,
    searcher: search::Searcher,
}

impl Bot {
    /// A bot of `level`. The seed drives the Easy level's random choices (the other levels
    /// are deterministic anyway); bots with the same seed choose alike.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot {
            level,
            seed,
            searcher: search::Searcher::default(),
        }
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The move this bot plays for the player to move. It is always one of
    /// `game.legal_moves()`, and the only one at once when there is no choice. `budget`
    /// bounds the Hard level's search (the other levels need far less).
    ///
    /// # Errors
    /// [`BotError::NotToMove`] when the game waits for a throw or is over.
    pub fn choose(&mut self, game: &Game, budget: Budget) -> Result<Move, BotError> {
        self.decide(game, budget).map(|d| d.mv)
    }

    /// As [`Bot::choose`], with what the bot thought of the move: the chances it expects
    /// (static evaluation for Easy), how deep it looked and how many positions it made.
    ///
    /// # Errors
    /// [`BotError::NotToMove`] when the game waits for a throw or is over.
    pub fn decide(&mut self, game: &Game, budget: Budget) -> Result<Decision, BotError> {
        let status = game.status();
        let Status::Move { player } = status else {
            return Err(BotError::NotToMove { status });
        };
        let legal = game.legal_moves();
        let no_choice = |mv: Move| Decision {
            mv,
            chances: eval::evaluate(game),
            depth: 0,
            nodes: 0,
        };
        if let [only] = legal.as_slice() {
            return Ok(no_choice(*only));
        }
        let decision = match self.level {
            Level::Easy => {
                let mut rng = self.rng_for(game);
                easy::choose(game, player, &mut rng).map(no_choice)
            }
            Level::Medium => self.searcher.greedy(game),
            Level::Hard => self.searcher.deepen(game, budget),
        };
        decision.ok_or(BotError::NotToMove { status })
    }

    /// A random source for one decision: the seed mixed with a hash of the position, so a
    /// decision does not depend on the ones before it.
    fn rng_for(&self, game: &Game) -> ChaCha8Rng {
        let mut hasher = FnvHasher::default();
        hasher.write(game.variant().id().as_bytes());
        hasher.write(game.to_notation().as_bytes());
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(hasher.finish());
        rng
    }
}

/// Each player's chance of winning `game`, player 1 first (one figure per seat: two, or
/// three or four in `modern`); the figures are in [0, 1] and sum to 1.
///
/// It is the evaluation the Hard bot uses ([`win_probability_uncalibrated`]) put through
/// the variant's calibration curve, fitted on self-play games so that a figure of 70 %
/// is won about 70 % of the time (the curve is monotone: it never reorders positions).
///
/// ```
/// use senet_engine::{Game, Setup, Variant};
/// let game = Game::new(Variant::Modern, Setup::players(3))?;
/// let chances = senet_bots::win_probability(&game);
/// assert_eq!(chances.len(), 3);
/// assert!(chances.iter().all(|p| (0.0..=1.0).contains(p)));
/// # Ok::<_, senet_engine::SetupError>(())
/// ```
pub fn win_probability(game: &Game) -> Vec<f64> {
    let mut chances = win_probability_uncalibrated(game);
    eval::calibration::calibrate(game.variant(), game.players(), &mut chances);
    chances
}

/// Each player's chance of winning `game` by the evaluation the Hard bot uses, before
/// calibration (for measuring and fitting the curves [`win_probability`] applies): for a
/// game waiting for a throw, the static evaluation; while a player is to move, the value of
/// that player's best way to play the throw in hand (a greedy look over the current run of
/// moves); for a finished game, 1 for the winner and 0 for the others (a draw shares it
/// equally).
pub fn win_probability_uncalibrated(game: &Game) -> Vec<f64> {
    let chances = search::Searcher::default().chances(game);
    chances
        .into_iter()
        .take(usize::from(game.players()))
        .collect()
}
