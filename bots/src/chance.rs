//! Chance nodes: the distinct results of a throw and their probabilities.
//!
//! [`ThrowSpec::all_throws`] lists every equally likely roll in roll order (36 for two
//! dice). Two rolls with the same faces in another order are the same result for every
//! variant here (a two-dice turn may play either die first), and four sticks count only
//! their plain sides, so the search groups rolls by their sorted faces: 21 results for two
//! dice, 10 for two d4, 5 for four sticks — the rows of [`senet_engine::Variant::throw_table`].
//! The status names the spec, so the table used is always the one the game asks for now
//! (`pyramid`'s one-die first turn and `modern`'s lone piece included).

use senet_engine::{Throw, ThrowSpec};

/// One result of a throw: a representative roll and its probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Outcome {
    /// The roll, faces in ascending order.
    pub throw: Throw,
    /// Its probability (all outcomes of a spec sum to 1).
    pub probability: f64,
}

/// The outcomes of every spec met so far; a search meets at most a handful of specs.
#[derive(Clone, Debug, Default)]
pub(crate) struct ChanceTables {
    tables: Vec<(ThrowSpec, Vec<Outcome>)>,
}

impl ChanceTables {
    /// The outcomes of `spec`, computed on first use.
    pub fn outcomes(&mut self, spec: ThrowSpec) -> &[Outcome] {
        let index = match self.tables.iter().position(|(s, _)| *s == spec) {
            Some(i) => i,
            None => {
                self.tables.push((spec, outcomes(spec)));
                self.tables.len() - 1
            }
        };
        &self.tables[index].1
    }
}

/// Groups the rolls of `spec` by their sorted faces, in the order first met.
pub(crate) fn outcomes(spec: ThrowSpec) -> Vec<Outcome> {
    let all = spec.all_throws();
    let each = 1.0 / all.len() as f64;
    let mut grouped: Vec<Outcome> = Vec::new();
    for roll in all {
        let mut faces = [0u8; Throw::MAX_DICE];
        let faces = &mut faces[..roll.faces().len()];
        faces.copy_from_slice(roll.faces());
        faces.sort_unstable();
        // At most MAX_DICE faces, taken from a throw that had them.
        let Some(sorted) = Throw::from_faces(faces) else {
            continue;
        };
        match grouped.iter_mut().find(|o| o.throw == sorted) {
            Some(o) => o.probability += each,
            None => grouped.push(Outcome {
                throw: sorted,
                probability: each,
            }),
        }
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::Variant;

    #[test]
    fn outcomes_are_the_rows_of_each_variant_s_throw_table() {
        for variant in Variant::ALL {
            let table = variant.throw_table();
            let grouped = outcomes(variant.throw_spec());
            assert_eq!(grouped.len(), table.len(), "{variant}");
            let mut ours: Vec<f64> = grouped.iter().map(|o| o.probability).collect();
            let mut theirs: Vec<f64> = table
                .iter()
                .map(|o| f64::from(o.ways) / f64::from(o.out_of))
                .collect();
            ours.sort_by(f64::total_cmp);
            theirs.sort_by(f64::total_cmp);
            for (a, b) in ours.iter().zip(&theirs) {
                assert!((a - b).abs() < 1e-12, "{variant}: {ours:?} vs {theirs:?}");
            }
            let total: f64 = grouped.iter().map(|o| o.probability).sum();
            assert!((total - 1.0).abs() < 1e-12);
            assert!(
                grouped
                    .iter()
                    .all(|o| o.throw.check(variant.throw_spec()).is_ok())
            );
        }
    }

    #[test]
    fn the_cache_answers_each_spec_with_its_own_table() {
        let mut tables = ChanceTables::default();
        assert_eq!(tables.outcomes(ThrowSpec::ONE_D4).len(), 4);
        assert_eq!(tables.outcomes(ThrowSpec::TWO_D6).len(), 21);
        assert_eq!(tables.outcomes(ThrowSpec::ONE_D4).len(), 4);
    }
}
