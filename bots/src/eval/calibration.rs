//! Calibration curves: what the evaluation's raw chance of a seat is worth, measured.
//!
//! The evaluation's weights serve the search first (they were climbed for playing strength
//! in `martian` and `jequier`) and its chances are only roughly calibrated by one scaling
//! factor. Where that is not enough — `martian`'s early positions read 60–70 % for a side
//! that wins about as often as not, 3-player `modern` reads over 90 % for seats that win
//! 86 % — a monotone curve fitted by isotonic regression (pool adjacent violators) on
//! medium-against-medium games maps the raw figure to the share of such positions that
//! were won (`arena isotonic`, `docs/bots.md`). The curves only change what
//! [`crate::win_probability`] reports, never how a bot plays.
//!
//! A curve is a list of knots `(raw, calibrated)`, increasing in both; between knots the
//! figure is interpolated linearly, beyond the outer knots it stays at theirs, and 0 and 1
//! stay 0 and 1 (a decided game stays decided).

use senet_engine::Variant;

/// The knots of `variant`'s curve with `players` players (empty: the identity).
pub(crate) fn curve(variant: Variant, players: u8) -> &'static [(f64, f64)] {
    match (variant, players) {
        (Variant::Jequier, _) => JEQUIER,
        (Variant::Pyramid, _) => PYRAMID,
        (Variant::Bell, _) => BELL,
        (Variant::Modern, 3) => MODERN_THREE,
        (Variant::Modern, 4) => MODERN_FOUR,
        (Variant::Modern, _) => MODERN,
        (Variant::Parker, _) => PARKER,
        (Variant::Martian, _) => MARTIAN,
        (Variant::Kendall, _) => KENDALL,
    }
}

/// `raw` mapped through `knots`: linear between knots, flat beyond the outer ones (no
/// sample says more there), and exactly 0 and 1 kept (a decided game stays decided).
pub(crate) fn apply(knots: &[(f64, f64)], raw: f64) -> f64 {
    let (Some(&(first_x, first_y)), Some(&(_, last_y))) = (knots.first(), knots.last()) else {
        return raw;
    };
    if raw <= 0.0 || raw >= 1.0 {
        return raw.clamp(0.0, 1.0);
    }
    if raw <= first_x {
        return first_y;
    }
    for pair in knots.windows(2) {
        let [(x0, y0), (x1, y1)] = [pair[0], pair[1]];
        if raw <= x1 {
            return y0 + (y1 - y0) * (raw - x0) / (x1 - x0);
        }
    }
    last_y
}

/// Each seat's chance mapped through the curve; the leading seat keeps its mapped figure
/// and the others share the rest in proportion to theirs, so that the figures sum to 1
/// again (unless that would lift one of them past the leader: then all are scaled alike,
/// so the order of the seats never changes). (Scaling every seat alike would lift the leader above its curve: with three
/// players the others' small figures are mapped up, their sum falls short of 1, and the
/// leader's 90 % seats were then won 5.6 points less often than they read.)
pub(crate) fn calibrate(variant: Variant, players: u8, chances: &mut [f64]) {
    calibrate_with(curve(variant, players), chances);
}

/// [`calibrate`] with the curve given.
fn calibrate_with(knots: &[(f64, f64)], chances: &mut [f64]) {
    let Some(leader) = (0..chances.len()).max_by(|&a, &b| chances[a].total_cmp(&chances[b])) else {
        return;
    };
    if knots.is_empty() {
        return;
    }
    for c in chances.iter_mut() {
        *c = apply(knots, *c);
    }
    let rest = 1.0 - chances[leader];
    let others: f64 = chances
        .iter()
        .enumerate()
        .filter(|&(seat, _)| seat != leader)
        .map(|(_, c)| c)
        .sum();
    let share = chances.len().saturating_sub(1).max(1) as f64;
    let scale = |c: f64| {
        if others > 0.0 {
            c * rest / others
        } else {
            rest / share
        }
    };
    let leader_figure = chances[leader];
    let overtakes = chances
        .iter()
        .enumerate()
        .any(|(seat, &c)| seat != leader && scale(c) > leader_figure);
    if overtakes {
        // Near an even position the others' share can lift one of them past the leader;
        // scaling every seat alike never reorders them.
        let total: f64 = chances.iter().sum();
        for c in chances.iter_mut() {
            *c /= total;
        }
        return;
    }
    for (seat, c) in chances.iter_mut().enumerate() {
        if seat != leader {
            *c = scale(*c);
        }
    }
}

// The knots below are `arena isotonic` output (seed 2, 10,000 games per table; the
// calibration figures in docs/bots.md are measured on seed 1, other games).
// 0.5235 below is a measured win rate that happens to be near π/6.
#[allow(clippy::approx_constant)]
#[rustfmt::skip]
const JEQUIER: &[(f64, f64)] = &[
    (0.3149, 0.1167), (0.3335, 0.1934), (0.3522, 0.2455), (0.3714, 0.3096),
    (0.3909, 0.3906), (0.4109, 0.4515), (0.4307, 0.4765), (0.4505, 0.4857), (0.4700, 0.4904),
    (0.4903, 0.4972), (0.5097, 0.5028), (0.5300, 0.5096), (0.5495, 0.5143), (0.5693, 0.5235),
    (0.5891, 0.5485), (0.6091, 0.6094), (0.6286, 0.6904), (0.6478, 0.7545), (0.6665, 0.8066),
    (0.6851, 0.8833),
];
#[rustfmt::skip]
const PYRAMID: &[(f64, f64)] = &[
    (0.0101, 0.0080), (0.0299, 0.0396), (0.0498, 0.0760), (0.0699, 0.0977),
    (0.0900, 0.1190), (0.1099, 0.1404), (0.1301, 0.1632), (0.1499, 0.1709), (0.1699, 0.2002),
    (0.1899, 0.2142), (0.2106, 0.2235), (0.2298, 0.2447), (0.2501, 0.2572), (0.2701, 0.2831),
    (0.2904, 0.2906), (0.3125, 0.3173), (0.3304, 0.3300), (0.3494, 0.3511), (0.3700, 0.3698),
    (0.3897, 0.3849), (0.4101, 0.4084), (0.4301, 0.4298), (0.5000, 0.5000), (0.5699, 0.5702),
    (0.5899, 0.5916), (0.6103, 0.6151), (0.6300, 0.6302), (0.6506, 0.6489), (0.6696, 0.6700),
    (0.6875, 0.6827), (0.7096, 0.7094), (0.7299, 0.7169), (0.7499, 0.7428), (0.7702, 0.7553),
    (0.7894, 0.7765), (0.8101, 0.7858), (0.8301, 0.7998), (0.8501, 0.8291), (0.8699, 0.8368),
    (0.8901, 0.8596), (0.9100, 0.8810), (0.9301, 0.9023), (0.9502, 0.9240), (0.9701, 0.9604),
    (0.9899, 0.9920),
];
#[rustfmt::skip]
const MODERN: &[(f64, f64)] = &[
    (0.0053, 0.0009), (0.0308, 0.0209), (0.0669, 0.0463), (0.0900, 0.0795),
    (0.1115, 0.1195), (0.1562, 0.1607), (0.1913, 0.2050), (0.2368, 0.2626), (0.2680, 0.2903),
    (0.2893, 0.3463), (0.3480, 0.3480), (0.4117, 0.3616), (0.4302, 0.3706), (0.4529, 0.4693),
    (0.4714, 0.4915), (0.5000, 0.5000), (0.5286, 0.5085), (0.5471, 0.5307), (0.5698, 0.6294),
    (0.5883, 0.6384), (0.6520, 0.6520), (0.7107, 0.6537), (0.7320, 0.7097), (0.7632, 0.7374),
    (0.8087, 0.7950), (0.8438, 0.8393), (0.8885, 0.8805), (0.9100, 0.9205), (0.9331, 0.9537),
    (0.9692, 0.9791), (0.9947, 0.9991),
];
#[rustfmt::skip]
const MODERN_THREE: &[(f64, f64)] = &[
    (0.0066, 0.0297), (0.0536, 0.0588), (0.0902, 0.0826), (0.1102, 0.1012),
    (0.1304, 0.1286), (0.1501, 0.1448), (0.1700, 0.1730), (0.1902, 0.1932), (0.2097, 0.2143),
    (0.2301, 0.2377), (0.2494, 0.2654), (0.2701, 0.2836), (0.2898, 0.2934), (0.3117, 0.3145),
    (0.3293, 0.3274), (0.3501, 0.3440), (0.3701, 0.3678), (0.3892, 0.3799), (0.4099, 0.4107),
    (0.4298, 0.4275), (0.4497, 0.4380), (0.4699, 0.4662), (0.4896, 0.5010), (0.5101, 0.5148),
    (0.5302, 0.5384), (0.5498, 0.5524), (0.5697, 0.5804), (0.5898, 0.5941), (0.6098, 0.6201),
    (0.6298, 0.6309), (0.6495, 0.6427), (0.6698, 0.6552), (0.6898, 0.6841), (0.7096, 0.7027),
    (0.7297, 0.7307), (0.7497, 0.7592), (0.7696, 0.7646), (0.7898, 0.7924), (0.8702, 0.7999),
    (0.9493, 0.8300), (0.9683, 0.9126),
];
#[rustfmt::skip]
const MODERN_FOUR: &[(f64, f64)] = &[
    (0.0217, 0.0184), (0.0499, 0.0273), (0.0704, 0.0531), (0.0904, 0.0776),
    (0.1102, 0.0980), (0.1302, 0.1273), (0.1501, 0.1581), (0.1704, 0.1895), (0.1902, 0.2087),
    (0.2102, 0.2283), (0.2302, 0.2476), (0.2496, 0.2591), (0.2701, 0.2718), (0.2898, 0.2824),
    (0.3095, 0.3025), (0.3294, 0.3132), (0.3497, 0.3256), (0.3696, 0.3506), (0.3897, 0.3692),
    (0.4097, 0.3902), (0.4298, 0.3991), (0.4496, 0.4143), (0.4697, 0.4533), (0.4897, 0.4809),
    (0.5097, 0.4960), (0.5298, 0.5270), (0.5499, 0.5594), (0.5698, 0.5727), (0.5898, 0.6009),
    (0.6098, 0.6291), (0.6297, 0.6706), (0.6497, 0.6959), (0.6698, 0.6996), (0.6898, 0.7243),
    (0.7191, 0.7489), (0.7499, 0.7979), (0.8027, 0.8160), (0.8697, 0.8282), (0.9171, 0.8541),
    (0.9763, 0.9159),
];
#[rustfmt::skip]
const BELL: &[(f64, f64)] = &[
    (0.0072, 0.0065), (0.0295, 0.0346), (0.0495, 0.0570), (0.0699, 0.0816), (0.0899, 0.1081),
    (0.1087, 0.1190), (0.1300, 0.1495), (0.1486, 0.1842), (0.1773, 0.1975), (0.2207, 0.2134),
    (0.2512, 0.2553), (0.2801, 0.2766), (0.3106, 0.2937), (0.3404, 0.3237), (0.3713, 0.3826),
    (0.4013, 0.3855), (0.4287, 0.4207), (0.4675, 0.4761), (0.5325, 0.5239), (0.5713, 0.5793),
    (0.5987, 0.6145), (0.6287, 0.6174), (0.6596, 0.6763), (0.6894, 0.7063), (0.7199, 0.7234),
    (0.7488, 0.7447), (0.7793, 0.7866), (0.8227, 0.8025), (0.8514, 0.8158), (0.8700, 0.8505),
    (0.8913, 0.8810), (0.9101, 0.8919), (0.9301, 0.9184), (0.9505, 0.9430), (0.9705, 0.9654),
    (0.9928, 0.9935),
];
#[rustfmt::skip]
const PARKER: &[(f64, f64)] = &[
    (0.0308, 0.0481), (0.0507, 0.0712), (0.0691, 0.0993), (0.0901, 0.1235),
    (0.1094, 0.1481), (0.1289, 0.1532), (0.1497, 0.1597), (0.1701, 0.1707), (0.1906, 0.1925),
    (0.2112, 0.2135), (0.2295, 0.2249), (0.2486, 0.2580), (0.2705, 0.2777), (0.2901, 0.3080),
    (0.3107, 0.3248), (0.3302, 0.3293), (0.3496, 0.3707), (0.3681, 0.3792), (0.3916, 0.3943),
    (0.4099, 0.4144), (0.4302, 0.4198), (0.4604, 0.4772), (0.5000, 0.5000), (0.5396, 0.5228),
    (0.5698, 0.5802), (0.5901, 0.5856), (0.6084, 0.6057), (0.6319, 0.6208), (0.6504, 0.6293),
    (0.6698, 0.6707), (0.6893, 0.6752), (0.7099, 0.6920), (0.7295, 0.7223), (0.7514, 0.7420),
    (0.7705, 0.7751), (0.7888, 0.7865), (0.8094, 0.8075), (0.8299, 0.8293), (0.8503, 0.8403),
    (0.8711, 0.8468), (0.8906, 0.8519), (0.9099, 0.8765), (0.9309, 0.9007), (0.9493, 0.9288),
    (0.9692, 0.9519),
];
#[rustfmt::skip]
const MARTIAN: &[(f64, f64)] = &[
    (0.4796, 0.4630), (0.5196, 0.5355),
];
// `kendall`: 40,000 games (its outer pools held too few positions with 10,000), fitted again
// once all of a turn's throws were made before moving.
#[rustfmt::skip]
const KENDALL: &[(f64, f64)] = &[
    (0.1067, 0.0351), (0.1314, 0.0501), (0.1512, 0.0699), (0.1709, 0.0945), (0.1908, 0.1053),
    (0.2108, 0.1212), (0.2306, 0.1364), (0.2506, 0.1551), (0.2705, 0.1794), (0.2904, 0.2000),
    (0.3104, 0.2280), (0.3304, 0.2534), (0.3503, 0.2782), (0.3703, 0.3085), (0.3903, 0.3384),
    (0.4102, 0.3650), (0.4302, 0.3913), (0.4501, 0.4221), (0.4701, 0.4510), (0.4897, 0.4844),
    (0.5103, 0.5155), (0.5299, 0.5490), (0.5499, 0.5779), (0.5698, 0.6087), (0.5898, 0.6350),
    (0.6097, 0.6616), (0.6297, 0.6915), (0.6497, 0.7218), (0.6696, 0.7466), (0.6896, 0.7720),
    (0.7096, 0.8000), (0.7295, 0.8206), (0.7494, 0.8449), (0.7694, 0.8636), (0.7892, 0.8788),
    (0.8092, 0.8947), (0.8291, 0.9055), (0.8488, 0.9301), (0.8686, 0.9499), (0.8933, 0.9649),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ends_stay_fixed_the_middle_is_interpolated_and_beyond_is_flat() {
        let knots = [(0.2, 0.15), (0.6, 0.5)];
        assert_eq!(apply(&knots, 0.0), 0.0);
        assert_eq!(apply(&knots, 1.0), 1.0);
        assert_eq!(apply(&knots, 0.1), 0.15);
        assert!((apply(&knots, 0.4) - 0.325).abs() < 1e-12);
        assert_eq!(apply(&knots, 0.8), 0.5);
        assert_eq!(apply(&[], 0.8), 0.8);
    }

    #[test]
    fn every_curve_rises_and_stays_inside_the_unit_square() {
        for variant in Variant::ALL {
            for players in 2..=4 {
                let knots = curve(variant, players);
                let mut last = (0.0, 0.0);
                for &(x, y) in knots {
                    assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y));
                    assert!(
                        x > last.0 && y >= last.1,
                        "{variant:?} {players}: {knots:?}"
                    );
                    last = (x, y);
                }
            }
        }
    }

    #[test]
    fn the_others_share_never_lifts_one_of_them_past_the_leader() {
        // Mapped down to 0.24, 0.23, 0.23: the others' share of the rest (0.38 each) would
        // put both above the leader, so all three are scaled alike instead.
        let knots = [(0.3, 0.2), (0.35, 0.25)];
        let mut chances = [0.34, 0.33, 0.33];
        calibrate_with(&knots, &mut chances);
        assert!((chances[0] - 0.24 / 0.70).abs() < 1e-12, "{chances:?}");
        assert!(
            chances[0] > chances[1] && chances[1] == chances[2],
            "{chances:?}"
        );
        // Where the share stays below the leader, the leader keeps its mapped figure.
        let mut chances = [0.6, 0.3, 0.1];
        calibrate_with(&[(0.1, 0.12), (0.3, 0.3), (0.6, 0.55)], &mut chances);
        assert!((chances[0] - 0.55).abs() < 1e-12, "{chances:?}");
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn calibrated_chances_still_sum_to_one() {
        let mut chances = [0.7, 0.2, 0.1];
        calibrate(Variant::Modern, 3, &mut chances);
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(chances[0] > chances[1] && chances[1] > chances[2]);
    }
}
