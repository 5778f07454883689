//! One list per test file of the rulesets (and set-ups) it plays, handed to the file's
//! per-type test macro, with a test that the list names every ruleset: a new ruleset fails
//! `every_ruleset_is_played_here` in each file until it has its line there.

/// `every_ruleset!(each: name => Type, setup [, extra]; …)`: `each!(name, Type, setup
/// [, extra])` for every line, and the test `every_ruleset_is_played_here`.
macro_rules! every_ruleset {
    ($each:ident: $( $name:ident => $ty:ty, $setup:expr $(, $extra:expr)? ; )*) => {
        $( $each!($name, $ty, $setup $(, $extra)?); )*

        #[test]
        fn every_ruleset_is_played_here() {
            let played = [$(<$ty as senet_engine::Ruleset>::ID),*];
            for v in senet_engine::Variant::ALL {
                assert!(
                    played.contains(&v.id()),
                    "{} has no line in this file's every_ruleset! list",
                    v.id()
                );
            }
        }
    };
}
