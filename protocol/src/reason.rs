//! Why a request was refused, for a client to say in its own language: a stable
//! [`Reason`] under an error's code, with the figures its words need ([`Args`]), carried
//! with the server's English sentence as a [`Detail`]. A REST error's body and a WebSocket
//! `error` frame send them as `reason` and `args` (`docs/protocol.md`, "Reasons"); the web
//! client says `error-<code>-<reason>` from its catalogue.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use senet_engine::{IllegalMove, SetupError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A figure or a word that a reason's message needs (a maximum length, a seat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(rename = "ReasonArg")]
pub enum Arg {
    /// A number.
    Number(i64),
    /// A word.
    Text(String),
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Number(i64::from(n))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(i64::from(n))
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_owned())
    }
}

/// A reason's figures, by name (`{"max": 64}`); empty when its words need none.
pub type Args = BTreeMap<String, Arg>;

macro_rules! reasons {
    ($($variant:ident => $code:literal under $error:literal,)*) => {
        /// Why a request was refused, under its error's code: stable, snake_case on the wire.
        /// The engine's [`IllegalMove`] reasons keep their own codes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Reason {
            $(
                #[doc = concat!("`", $code, "` (under `", $error, "`).")]
                $variant,
            )*
            /// An illegal move, by the engine's reason (under `illegal_move`).
            Illegal(IllegalMove),
        }

        impl Reason {
            /// Every reason of the server's own (the engine's [`IllegalMove`] ones aside:
            /// [`Reason::all`] has both).
            pub const OWN: &[Reason] = &[$(Reason::$variant,)*];

            /// The stable code, as the wire writes it.
            pub const fn code(self) -> &'static str {
                match self {
                    $(Reason::$variant => $code,)*
                    Reason::Illegal(m) => m.code(),
                }
            }

            /// The code of the error it comes with.
            pub const fn error_code(self) -> &'static str {
                match self {
                    $(Reason::$variant => $error,)*
                    Reason::Illegal(_) => "illegal_move",
                }
            }
        }
    };
}

reasons! {
    NameTooLong => "name_too_long" under "invalid",
    NameControl => "name_control" under "invalid",
    NameInvisible => "name_invisible" under "invalid",
    NameLikeSeat => "name_like_seat" under "invalid",
    UsernameTooShort => "username_too_short" under "invalid",
    PasswordTooShort => "password_too_short" under "invalid",
    PasswordTooLong => "password_too_long" under "invalid",
    PlayerCount => "player_count" under "invalid",
    SeriesTarget => "series_target" under "invalid",
    TooManyBots => "too_many_bots" under "invalid",
    BotLevel => "bot_level" under "invalid",
    ClockBase => "clock_base" under "invalid",
    ClockIncrement => "clock_increment" under "invalid",
    ClockDays => "clock_days" under "invalid",
    RatedSignIn => "rated_sign_in" under "invalid",
    RatedPublic => "rated_public" under "invalid",
    RangeOrder => "range_order" under "invalid",
    TwoPlayers => "two_players" under "invalid",
    ChallengeNoBots => "challenge_no_bots" under "invalid",
    ChallengeSelf => "challenge_self" under "invalid",
    FollowSelf => "follow_self" under "invalid",
    BlockSelf => "block_self" under "invalid",
    ReportWhy => "report_why" under "invalid",
    ReportMatch => "report_match" under "invalid",
    DeleteConfirm => "delete_confirm" under "invalid",
    UnknownPlayerKey => "unknown_player_key" under "invalid",
    TournamentClock => "tournament_clock" under "invalid",
    ArenaTerms => "arena_terms" under "invalid",
    SwissTerms => "swiss_terms" under "invalid",
    TournamentKind => "tournament_kind" under "invalid",
    PositionTooLong => "position_too_long" under "bad_position",
    PositionUnreadable => "position_unreadable" under "bad_position",
    PositionImpossible => "position_impossible" under "bad_position",
    NoThrowDue => "no_throw_due" under "illegal_throw",
    ThrowFaces => "throw_faces" under "illegal_throw",
    NoMoveDue => "no_move_due" under "illegal_move",
    MoveUnreadable => "move_unreadable" under "illegal_move",
    ThrowAndMove => "throw_and_move" under "illegal_move",
    PasskeyUnverified => "passkey_unverified" under "passkey_refused",
    SetupPlayers => "setup_players" under "bad_setup",
}

impl Reason {
    /// Every reason the server can send: its own, then the engine's illegal moves.
    pub fn all() -> impl Iterator<Item = Reason> {
        Reason::OWN
            .iter()
            .copied()
            .chain(IllegalMove::ALL.into_iter().map(Reason::Illegal))
    }

    /// The reason of `code`, if it is one.
    pub fn from_code(code: &str) -> Option<Reason> {
        Reason::all().find(|r| r.code() == code)
    }
}

impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Reason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Reason, D::Error> {
        let code = Cow::<str>::deserialize(d)?;
        Reason::from_code(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("no such reason {code:?}")))
    }
}

impl schemars::JsonSchema for Reason {
    fn schema_name() -> Cow<'static, str> {
        // `Reason` is the dice check's (`senet_match::dice::Reason`) in the OpenAPI document.
        "ErrorReason".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let codes: Vec<&str> = Reason::all().map(Reason::code).collect();
        schemars::json_schema!({
            "description": "Why the request was refused, under its code (docs/protocol.md, \"Reasons\").",
            "type": "string",
            "enum": codes,
        })
    }
}

/// What is wrong, for people (the server's English sentence) and for a client that says it
/// in its own words: the [`Reason`] when there is one, and its figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detail {
    /// The sentence, in English.
    pub message: String,
    /// Why, if the server can say it as a code (errors only a hand-written client causes,
    /// such as unreadable JSON, have none).
    pub reason: Option<Reason>,
    /// The figures the reason's words need.
    pub args: Args,
}

impl Detail {
    /// `message`, said as `reason`.
    pub fn new(reason: Reason, message: impl Into<String>) -> Detail {
        Detail {
            message: message.into(),
            reason: Some(reason),
            args: Args::new(),
        }
    }

    /// With the figure `name`.
    #[must_use]
    pub fn with(mut self, name: &str, value: impl Into<Arg>) -> Detail {
        self.args.insert(name.to_owned(), value.into());
        self
    }
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<String> for Detail {
    fn from(message: String) -> Detail {
        Detail {
            message,
            reason: None,
            args: Args::new(),
        }
    }
}

impl From<&str> for Detail {
    fn from(message: &str) -> Detail {
        message.to_owned().into()
    }
}

impl From<SetupError> for Detail {
    fn from(e: SetupError) -> Detail {
        let message = e.to_string();
        match e {
            SetupError::PlayerCount { min, max, .. } => Detail::new(Reason::PlayerCount, message)
                .with("min", min)
                .with("max", max),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_reason_has_a_code_of_its_own_that_reads_back() {
        let codes: HashSet<&str> = Reason::all().map(Reason::code).collect();
        assert_eq!(codes.len(), Reason::all().count());
        for reason in Reason::all() {
            assert_eq!(Reason::from_code(reason.code()), Some(reason));
            let json = serde_json::to_string(&reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.code()));
            assert_eq!(serde_json::from_str::<Reason>(&json).unwrap(), reason);
        }
        let d = Detail::new(Reason::NameTooLong, "too long").with("max", 64_usize);
        assert_eq!(serde_json::to_string(&d.args).unwrap(), r#"{"max":64}"#);
    }
}
