//! A match as the store keeps it: the [`MatchSpec`] its `matches` row describes, and why a
//! stored match may not rebuild ([`RecoveryError`]).

use senet_protocol::{ClockSpec, Series, SeriesKind};

use crate::fact::FactError;
use crate::state::MatchSpec;
use crate::view::ReplayError;

/// Why a stored match could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum RecoveryError {
    /// The variant is not known to this release.
    #[error("unknown variant {0}")]
    UnknownVariant(String),
    /// The stored setup does not parse.
    #[error("the stored setup does not parse: {0}")]
    BadSetup(String),
    /// The stored seats do not fit the setup.
    #[error("{stored} seats stored for {players} players")]
    SeatCount {
        /// Seats stored.
        stored: usize,
        /// Players in the setup.
        players: u8,
    },
    /// A stored event does not read.
    #[error("event {no}: {error}")]
    BadFact {
        /// The event number.
        no: u64,
        /// Why.
        error: FactError,
    },
    /// A stored event does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// The match a stored `matches` row describes (before any event); `seed_window`: whether a
/// new game waits for client seeds before its first throw.
///
/// # Errors
/// An unknown variant or a setup that does not parse.
pub fn stored_spec(
    variant: &str,
    options: &str,
    series_kind: &str,
    series_target: u32,
    clock: Option<&str>,
    seed_window: bool,
) -> Result<MatchSpec, RecoveryError> {
    let variant = variant
        .parse()
        .map_err(|_| RecoveryError::UnknownVariant(variant.to_owned()))?;
    let setup: senet_engine::Setup =
        serde_json::from_str(options).map_err(|e| RecoveryError::BadSetup(e.to_string()))?;
    let kind = SeriesKind::parse(series_kind)
        .ok_or_else(|| RecoveryError::BadSetup(format!("series kind {series_kind}")))?;
    let clock = clock
        .map(serde_json::from_str::<ClockSpec>)
        .transpose()
        .map_err(|e| RecoveryError::BadSetup(format!("clock: {e}")))?;
    Ok(MatchSpec {
        variant,
        setup,
        series: Series {
            kind,
            target: series_target,
        },
        seed_window,
        clock,
    })
}
