//! Glicko-2 ratings, from Mark Glickman's description of the system ("Example of the
//! Glicko-2 system", 2013): a rating, its deviation (how unsure it is) and a volatility (how
//! erratic the player's results are), updated once per rating period from the games of that
//! period.
//!
//! Ratings are kept on the familiar Glicko scale (1500 for a newcomer) and converted to the
//! Glicko-2 scale (`μ`, `φ`) only inside [`Rating::update`].

use serde::{Deserialize, Serialize};

/// The factor between the Glicko and the Glicko-2 scales (the paper's 173.7178).
const SCALE: f64 = 173.7178;
/// The rating every newcomer starts with.
pub const DEFAULT_RATING: f64 = 1500.0;
/// The deviation of a newcomer: as unsure as the system allows.
pub const DEFAULT_DEVIATION: f64 = 350.0;
/// A newcomer's volatility (the paper's suggestion).
pub const DEFAULT_VOLATILITY: f64 = 0.06;
/// The system constant τ: how much the volatility may change in one period. Smaller values
/// keep ratings steadier; the paper suggests 0.3 to 1.2 and uses 0.5 in its example.
pub const TAU: f64 = 0.5;
/// The volatility iteration stops when the interval is this narrow (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// The rating deviation: about 95% of the time the true strength is within twice this of
    /// `rating`.
    pub deviation: f64,
    /// The volatility σ.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: DEFAULT_RATING,
            deviation: DEFAULT_DEVIATION,
            volatility: DEFAULT_VOLATILITY,
        }
    }
}

/// The fixed rating of a computer opponent: the same in every pool, never updated, with a
/// small deviation so that a game against it moves a person's rating as a game against a
/// well-known player would (`docs/ratings.md`).
pub fn bot_rating(level: senet_bots::Level) -> Rating {
    let rating = match level {
        senet_bots::Level::Easy => 1250.0,
        senet_bots::Level::Medium => 1500.0,
        senet_bots::Level::Hard => 1650.0,
    };
    Rating {
        rating,
        deviation: 60.0,
        volatility: DEFAULT_VOLATILITY,
    }
}

/// [`bot_rating`] of the level a stored seat names (`easy`, `medium`, `hard`); none for
/// anything else.
pub fn bot_rating_named(level: &str) -> Option<Rating> {
    level.parse::<senet_bots::Level>().ok().map(bot_rating)
}

/// One game of a rating period, from the point of view of the player being rated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// 1 for a win, 0.5 for a draw, 0 for a loss.
    pub score: f64,
}

/// `g(φ)`: how much a game against an opponent of deviation `φ` counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// `E(μ, μj, φj)`: the expected score against an opponent.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// `μ`, the rating on the Glicko-2 scale.
    pub fn mu(&self) -> f64 {
        (self.rating - DEFAULT_RATING) / SCALE
    }

    /// `φ`, the deviation on the Glicko-2 scale.
    pub fn phi(&self) -> f64 {
        self.deviation / SCALE
    }

    /// The rating after a period with these games (steps 2–8 of the paper). A period
    /// without games only widens the deviation (step 6 alone), as the paper prescribes.
    pub fn update(&self, games: &[Game]) -> Rating {
        let (mu, phi, sigma) = (self.mu(), self.phi(), self.volatility);
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: phi_star * SCALE,
                ..*self
            };
        }
        // Step 3: the estimated variance v of the rating from the games alone.
        // Step 4: the estimated improvement Δ.
        let (mut inv_v, mut sum) = (0.0, 0.0);
        for game in games {
            let (mu_j, phi_j) = (game.opponent.mu(), game.opponent.phi());
            let e = expected(mu, mu_j, phi_j);
            inv_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (game.score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma_new = new_volatility(phi, sigma, v, delta);
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        Rating {
            rating: mu_new * SCALE + DEFAULT_RATING,
            deviation: phi_new * SCALE,
            volatility: sigma_new,
        }
    }
}

/// The ratings after one game of `before.len()` players, each game being one rating period
/// (as most online game sites do). The winner (an index into `before`, `None` for a draw)
/// scores 1 against each other player; two players who did not win drew with each other:
/// a game with three or four players ranks only its winner.
pub fn after_game(before: &[Rating], winner: Option<usize>) -> Vec<Rating> {
    before
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let games: Vec<Game> = before
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(j, opponent)| Game {
                    opponent: *opponent,
                    score: match winner {
                        Some(w) if w == i => 1.0,
                        Some(w) if w == j => 0.0,
                        _ => 0.5,
                    },
                })
                .collect();
            me.update(&games)
        })
        .collect()
}

/// Step 5 of the paper: the volatility σ′ that solves `f(x) = 0` for `x = ln σ′²`, by the
/// Illinois variant of regula falsi.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: DEFAULT_VOLATILITY,
        }
    }

    fn round4(x: f64) -> f64 {
        (x * 10_000.0).round() / 10_000.0
    }

    /// The paper's "Example calculation": a 1500 player (RD 200, σ 0.06, τ 0.5) beats a 1400
    /// (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).
    #[test]
    fn the_papers_worked_example() {
        let player = rating(1500.0, 200.0);
        let games = [
            Game {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        // Step 2's conversions, as the paper's table gives them.
        assert_eq!(round4(player.mu()), 0.0);
        assert_eq!(round4(player.phi()), 1.1513);
        assert_eq!(round4(games[0].opponent.mu()), -0.5756);
        assert_eq!(round4(games[2].opponent.phi()), 1.7269);

        let after = player.update(&games);
        // Step 5: σ′ = 0.05999; steps 6–7: φ′ = 0.8722, μ′ = −0.2069; step 8: r′ = 1464.06,
        // RD′ = 151.52.
        assert_eq!(round4(after.volatility), 0.0600);
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
        assert_eq!(round4(after.phi()), 0.8722);
        assert_eq!(round4(after.mu()), -0.2069);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = rating(1600.0, 100.0);
        let after = player.update(&[]);
        assert_eq!(after.rating, 1600.0);
        assert_eq!(after.volatility, player.volatility);
        let phi = (player.phi().powi(2) + player.volatility.powi(2)).sqrt();
        assert!((after.deviation - phi * SCALE).abs() < 1e-9);
        assert!(after.deviation > player.deviation);
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_both_narrow_the_deviation() {
        let (a, b) = (Rating::default(), Rating::default());
        let won = a.update(&[Game {
            opponent: b,
            score: 1.0,
        }]);
        let lost = b.update(&[Game {
            opponent: a,
            score: 0.0,
        }]);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!(
            (won.rating - 1500.0 + (lost.rating - 1500.0)).abs() < 1e-9,
            "symmetric"
        );
        assert!(won.deviation < 350.0 && lost.deviation < 350.0);
        let drew = a.update(&[Game {
            opponent: b,
            score: 0.5,
        }]);
        assert!((drew.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn after_a_game_the_winner_gains_and_the_others_lose() {
        let before = [rating(1500.0, 200.0), rating(1600.0, 150.0)];
        let after = after_game(&before, Some(0));
        assert!(after[0].rating > before[0].rating);
        assert!(after[1].rating < before[1].rating);
        let drawn = after_game(&before, None);
        assert!(
            drawn[0].rating > before[0].rating,
            "a draw with a stronger player gains"
        );
        assert!(drawn[1].rating < before[1].rating);

        let four = [Rating::default(); 4];
        let after = after_game(&four, Some(2));
        assert!(after[2].rating > 1500.0);
        for i in [0, 1, 3] {
            assert!(after[i].rating < 1500.0, "seat {i} lost to the winner");
            assert!(
                (after[i].rating - after[0].rating).abs() < 1e-9,
                "the losers are alike"
            );
        }
    }

    #[test]
    fn an_upset_moves_the_ratings_more_than_an_expected_result() {
        let strong = rating(1900.0, 80.0);
        let weak = rating(1400.0, 80.0);
        let expected_win = strong.update(&[Game {
            opponent: weak,
            score: 1.0,
        }]);
        let upset = weak.update(&[Game {
            opponent: strong,
            score: 1.0,
        }]);
        assert!(upset.rating - weak.rating > expected_win.rating - strong.rating);
    }
}
