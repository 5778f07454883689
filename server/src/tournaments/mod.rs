//! Tournaments (`docs/tournaments.md`): arenas and Swiss events. The pairing, scoring and
//! tie-breaks are `senet-tournament`'s pure functions; here the director runs them on the
//! stored rows, makes each pairing's match and tells the players, and the views turn rows
//! into what the pages draw.

mod tournament_director;
mod tournament_hub;
mod tournament_seats;
mod tournament_view;

pub use tournament_director::{LOOK_SECONDS, REPAIR_SECONDS, direct_all, start_directors};
pub use tournament_hub::{Cached, Hub};
pub use tournament_seats::seat_two;
pub use tournament_view::{
    TournamentGameLine, TournamentLine, TournamentMe, TournamentSeat, TournamentStanding,
    TournamentView, line_of, me_of, view_of,
};
