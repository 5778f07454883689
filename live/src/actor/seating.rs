//! The table's seats as the actor keeps them: who holds each (its token's hash, its name),
//! which seat a joining player gets, what a socket's token proves, and each seat's sequence
//! numbers and replies. Secrets are only ever kept hashed, and compared in constant time.

use senet_match::Seat;
use senet_protocol::ServerMsg;
use senet_protocol::text::looks_the_same;
use senet_store::SeatRow;

use super::replies::Replies;
use crate::registry::{JoinError, secret_matches};

/// How many recent replies per seat are kept to answer repeated sequence numbers.
const REPLIES_KEPT: usize = 64;

/// The match's name and who may sit at or watch it.
#[derive(Debug)]
pub(super) struct Seating {
    name: String,
    public: bool,
    /// Its games change the players' ratings: every seat is taken by a registered player.
    rated: bool,
    /// A private match's spectator link, hashed (none: a public match).
    spectator_key_hash: Option<String>,
    seats: Vec<SeatInfo>,
}

/// One seat: who holds it, and the replies its sockets were sent.
#[derive(Debug)]
struct SeatInfo {
    token_hash: String,
    invite_hash: String,
    claimed: bool,
    name: Option<String>,
    replies: Replies,
}

impl Seating {
    /// The seats as stored (a new match's, or a recovered one's).
    pub(super) fn new(
        name: String,
        public: bool,
        rated: bool,
        spectator_key_hash: Option<String>,
        seats: Vec<SeatRow>,
    ) -> Seating {
        Seating {
            name,
            public,
            rated,
            spectator_key_hash,
            seats: seats
                .into_iter()
                .map(|s| SeatInfo {
                    token_hash: s.token_hash,
                    invite_hash: s.invite_hash,
                    claimed: s.claimed,
                    name: s.name,
                    replies: Replies::new(REPLIES_KEPT),
                })
                .collect(),
        }
    }

    /// The match's name.
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// Whether the match is listed and open to anyone (to join and to watch).
    pub(super) fn public(&self) -> bool {
        self.public
    }

    /// Whether the match is rated.
    pub(super) fn rated(&self) -> bool {
        self.rated
    }

    /// How many seats the table has.
    pub(super) fn len(&self) -> usize {
        self.seats.len()
    }

    /// Whether every seat is taken (a first game may start).
    pub(super) fn all_claimed(&self) -> bool {
        self.seats.iter().all(|s| s.claimed)
    }

    /// Each seat's display name (none before it is taken).
    pub(super) fn names(&self) -> Vec<Option<String>> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// A taken seat whose name looks the same as `name`
    /// ([`senet_protocol::text::looks_the_same`]); an empty name looks like none.
    pub(super) fn named_like(&self, name: &str) -> Option<Seat> {
        if name.is_empty() {
            return None;
        }
        let i = self.seats.iter().position(|s| {
            s.name
                .as_deref()
                .is_some_and(|n| !n.is_empty() && looks_the_same(n, name))
        })?;
        Seat::from_index(i).ok()
    }

    /// The name a seat posts chat under: its display name, or "Seat n" if it has none.
    pub(super) fn poster_name(&self, seat: Seat) -> String {
        self.seats
            .get(seat.index())
            .and_then(|s| s.name.clone())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("Seat {seat}"))
    }

    /// The seat a player joining with `invite` gets (none: the first free seat of a public
    /// match); `registered`: they gave a player key, which a rated match needs. Seat 1's
    /// invite never counts: the creator holds that seat.
    pub(super) fn seat_for(
        &self,
        invite: Option<&str>,
        registered: bool,
    ) -> Result<Seat, JoinError> {
        let i = match invite {
            Some(invite) => {
                let Some(i) = self
                    .seats
                    .iter()
                    .skip(1)
                    .position(|s| secret_matches(&s.invite_hash, invite))
                    .map(|i| i + 1)
                else {
                    return Err(JoinError::BadInvite);
                };
                if self.seats[i].claimed {
                    return Err(JoinError::InviteUsed);
                }
                i
            }
            None if !self.public => return Err(JoinError::Private),
            None => self
                .seats
                .iter()
                .position(|s| !s.claimed)
                .ok_or(JoinError::NoFreeSeat)?,
        };
        if self.rated && !registered {
            return Err(JoinError::Unregistered);
        }
        Seat::from_index(i).map_err(|_| JoinError::BadInvite)
    }

    /// Gives `seat` to `name`, whose token hashes to `token_hash` (the store has the claim).
    pub(super) fn claim(&mut self, seat: Seat, name: String, token_hash: String) {
        if let Some(info) = self.seats.get_mut(seat.index()) {
            info.claimed = true;
            info.name = Some(name);
            info.token_hash = token_hash;
        }
    }

    /// What a socket's `hello` token proves: a taken seat's token its seat, the spectator
    /// key (or nothing, for a public match) a spectator; else the error to send it.
    pub(super) fn admit(&self, token: Option<&str>) -> Result<Option<Seat>, ServerMsg> {
        match token {
            Some(t) => {
                if let Some(i) = self
                    .seats
                    .iter()
                    .position(|s| s.claimed && secret_matches(&s.token_hash, t))
                {
                    Ok(Seat::from_index(i).ok())
                } else if self
                    .spectator_key_hash
                    .as_deref()
                    .is_some_and(|k| secret_matches(k, t))
                {
                    Ok(None)
                } else {
                    Err(ServerMsg::error(
                        "bad_token",
                        "that token is not valid for this match",
                        None,
                    ))
                }
            }
            None if self.public => Ok(None),
            None => Err(ServerMsg::error(
                "spectator_key_required",
                "this match is private: watching needs its spectator link",
                None,
            )),
        }
    }

    /// The sequence numbers and replies of `seat` (its moves' and its chat's).
    ///
    /// # Panics
    /// If the table has no such seat (a seat comes from [`Seating::admit`]).
    pub(super) fn replies(&mut self, seat: Seat) -> &mut Replies {
        &mut self.seats[seat.index()].replies
    }

    /// The highest sequence number `seat` used.
    pub(super) fn last_seq(&self, seat: Seat) -> u64 {
        self.seats
            .get(seat.index())
            .map_or(0, |s| s.replies.last_seq())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_store::hash_secret;

    fn row(seat: u8, claimed: bool) -> SeatRow {
        SeatRow {
            seat,
            player_id: None,
            name: claimed.then(|| format!("P{seat}")),
            token_hash: hash_secret(&format!("token{seat}")),
            invite_hash: hash_secret(&format!("invite{seat}")),
            claimed,
            bot: None,
        }
    }

    fn table(public: bool, rated: bool, claimed: &[bool]) -> Seating {
        let seats = (1..)
            .zip(claimed)
            .map(|(n, &c)| row(n, c))
            .collect::<Vec<_>>();
        let key = (!public).then(|| hash_secret("watch"));
        Seating::new("m".into(), public, rated, key, seats)
    }

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    #[test]
    fn a_joiner_gets_the_invited_seat_or_the_first_free_one_of_a_public_match() {
        let t = table(true, false, &[true, false, false]);
        assert_eq!(t.seat_for(Some("invite3"), false), Ok(seat(3)));
        assert_eq!(t.seat_for(None, false), Ok(seat(2)));
        assert_eq!(
            t.seat_for(Some("invite1"), false),
            Err(JoinError::BadInvite)
        );
        assert_eq!(t.seat_for(Some("nope"), false), Err(JoinError::BadInvite));

        let private = table(false, false, &[true, true]);
        assert_eq!(private.seat_for(None, false), Err(JoinError::Private));
        assert_eq!(
            private.seat_for(Some("invite2"), false),
            Err(JoinError::InviteUsed)
        );
        let full = table(true, false, &[true, true]);
        assert_eq!(full.seat_for(None, false), Err(JoinError::NoFreeSeat));
        let rated = table(true, true, &[true, false]);
        assert_eq!(rated.seat_for(None, false), Err(JoinError::Unregistered));
        assert_eq!(rated.seat_for(None, true), Ok(seat(2)));
    }

    #[test]
    fn a_claim_gives_the_seat_its_name_and_token() {
        let mut t = table(true, false, &[true, false]);
        assert!(!t.all_claimed());
        assert_eq!(t.poster_name(seat(2)), "Seat 2");
        t.claim(seat(2), "Ann".into(), hash_secret("fresh"));
        assert!(t.all_claimed());
        assert_eq!(t.names(), vec![Some("P1".into()), Some("Ann".into())]);
        assert_eq!(t.poster_name(seat(2)), "Ann");
        assert_eq!(t.admit(Some("fresh")), Ok(Some(seat(2))));
        assert!(
            t.admit(Some("token2")).is_err(),
            "the stored token is replaced"
        );
    }

    #[test]
    fn a_token_proves_a_taken_seat_or_a_spectator() {
        let public = table(true, false, &[true, false]);
        assert_eq!(public.admit(Some("token1")), Ok(Some(seat(1))));
        assert!(
            public.admit(Some("token2")).is_err(),
            "an untaken seat's token"
        );
        assert_eq!(public.admit(None), Ok(None));

        let private = table(false, false, &[true, true]);
        assert_eq!(private.admit(Some("watch")), Ok(None));
        let code = |r: Result<Option<Seat>, ServerMsg>| r.unwrap_err().to_json();
        assert!(code(private.admit(None)).contains("spectator_key_required"));
        assert!(code(private.admit(Some("nope"))).contains("bad_token"));
    }
}
