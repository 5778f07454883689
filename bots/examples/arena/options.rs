//! The command line: who plays ([`Player`]), what to do ([`Mode`]) and the [`Options`].

use senet_bots::{Budget, Level};
use senet_engine::Variant;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Player {
    /// A uniformly random legal move.
    Random,
    /// A bot of this level.
    Bot(Level),
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        if s == "random" {
            return Ok(Player::Random);
        }
        s.parse().map(Player::Bot).map_err(|e| e.to_string())
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Bot(level) => write!(f, "{level}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Match,
    Calibrate,
    Isotonic,
    Fit,
    Scale,
    Climb,
}

#[derive(Clone, Debug)]
pub(crate) struct Options {
    pub(crate) mode: Mode,
    pub(crate) variant: Variant,
    pub(crate) a: Player,
    pub(crate) b: Player,
    pub(crate) games: u32,
    pub(crate) players: u8,
    pub(crate) budget: Budget,
    pub(crate) seed: u64,
    pub(crate) explore: f64,
    /// Climb: passes over the weights.
    pub(crate) rounds: u32,
    /// Climb: the weights to start from, instead of the crate's.
    pub(crate) weights: Option<Vec<f64>>,
    /// Fit: the only features whose weights may change (all when not given).
    pub(crate) free: Option<Vec<usize>>,
    /// Threads playing games at once; each game is seeded by its index, so the results do
    /// not depend on it.
    pub(crate) threads: usize,
}

pub(crate) const USAGE: &str = "usage: arena match|calibrate|isotonic|fit|scale VARIANT A B [options]\n       \
                     arena climb VARIANT [options]\n\
                     options: --games N --players P --nodes N --seed S --explore X \
                     --threads T --rounds R --weights W,W,... --free I,J,...";

pub(crate) fn parse(args: &[String]) -> Result<Options, String> {
    let [mode, variant, rest @ ..] = args else {
        return Err(USAGE.into());
    };
    let mode = match mode.as_str() {
        "match" => Mode::Match,
        "calibrate" => Mode::Calibrate,
        "isotonic" => Mode::Isotonic,
        "fit" => Mode::Fit,
        "scale" => Mode::Scale,
        "climb" => Mode::Climb,
        other => return Err(format!("unknown mode {other:?}\n{USAGE}")),
    };
    let (a, b, rest) = match (mode, rest) {
        (Mode::Climb, rest) => (Player::Bot(Level::Medium), Player::Bot(Level::Medium), rest),
        (_, [a, b, rest @ ..]) => (a.parse()?, b.parse()?, rest),
        _ => return Err(USAGE.into()),
    };
    let mut options = Options {
        mode,
        variant: variant.parse().map_err(|e| format!("{e}"))?,
        a,
        b,
        rounds: 2,
        weights: None,
        free: None,
        games: 200,
        players: 2,
        budget: Budget::DEFAULT,
        seed: 1,
        explore: 0.0,
        threads: 1,
    };
    let mut rest = rest.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--games" => options.games = value.parse().map_err(|e| bad(&e))?,
            "--players" => options.players = value.parse().map_err(|e| bad(&e))?,
            "--nodes" => options.budget = Budget::nodes(value.parse().map_err(|e| bad(&e))?),
            "--seed" => options.seed = value.parse().map_err(|e| bad(&e))?,
            "--explore" => options.explore = value.parse().map_err(|e| bad(&e))?,
            "--rounds" => options.rounds = value.parse().map_err(|e| bad(&e))?,
            "--threads" => {
                options.threads = value.parse().map_err(|e| bad(&e))?;
                if options.threads == 0 {
                    return Err(format!("{flag} must be at least 1"));
                }
            }
            "--free" => {
                let list: Result<Vec<usize>, _> = value
                    .split(',')
                    .map(|j| j.trim().parse::<usize>())
                    .collect();
                options.free = Some(list.map_err(|e| bad(&e))?);
            }
            "--weights" => {
                let list: Result<Vec<f64>, _> = value
                    .trim_matches(|c| c == '[' || c == ']')
                    .split(',')
                    .map(|w| w.trim().parse::<f64>())
                    .collect();
                options.weights = Some(list.map_err(|e| bad(&e))?);
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    options
        .variant
        .check_players(options.players)
        .map_err(|e| e.to_string())?;
    Ok(options)
}
