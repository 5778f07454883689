//! Mechanics that more than one variant shares: the roll-off for the first turn and the
//! "use both dice when possible" rule (`pyramid`, `parker`).

use crate::Player;

/// The roll-off: seat 1 threw `first`, seat 2 threw `second`; the higher total wins, and a
/// tie (`None`) throws again.
pub(crate) fn roll_off_winner(first: u8, second: u8) -> Option<Player> {
    match first.cmp(&second) {
        std::cmp::Ordering::Greater => Some(Player::One),
        std::cmp::Ordering::Less => Some(Player::Two),
        std::cmp::Ordering::Equal => None,
    }
}

/// "Use both dice when possible": `follows` has bit `i` set when, after `moves[i]`, the other
/// die can still be played (or the move needs no second die: it uses both, or it ends the
/// game). If any move does, only those are kept; otherwise all are. The order is kept.
///
/// At most 64 moves (every variant that uses this has far fewer).
pub(crate) fn keep_moves_using_both_dice<M>(moves: &mut Vec<M>, follows: u64) {
    debug_assert!(moves.len() <= 64);
    if follows == 0 {
        return;
    }
    let mut i = 0;
    moves.retain(|_| {
        let keep = (follows >> i) & 1 != 0;
        i += 1;
        keep
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn higher_total_wins_the_roll_off() {
        assert_eq!(roll_off_winner(7, 3), Some(Player::One));
        assert_eq!(roll_off_winner(2, 12), Some(Player::Two));
        assert_eq!(roll_off_winner(5, 5), None);
    }

    #[test]
    fn moves_that_let_the_other_die_follow_are_kept() {
        let mut v = vec!['a', 'b', 'c', 'd'];
        keep_moves_using_both_dice(&mut v, 0b1010);
        assert_eq!(v, ['b', 'd']);
        let mut v = vec!['a', 'b'];
        keep_moves_using_both_dice(&mut v, 0);
        assert_eq!(v, ['a', 'b']);
    }
}
