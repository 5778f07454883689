//! Runs every scenario file under `tests/scenarios/<variant>/`, for every variant the engine
//! has.

use std::path::Path;

use senet_engine::Variant;

#[path = "support/files.rs"]
mod files;

/// Runs a variant's folder; fails listing every failed case, and if the folder has fewer
/// cases than the issue asks for.
fn run_variant(variant: &str, minimum_cases: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(variant);
    let found = files::scenario_files(&dir).expect("scenario folder readable");
    let mut failures = Vec::new();
    let mut cases = 0;
    for file in &found {
        for case in files::run_file(file) {
            cases += 1;
            if let Some((line, why)) = case.failure {
                failures.push(format!("{}:{line} {}: {why}", file.display(), case.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing scenario case(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        cases >= minimum_cases,
        "{variant}: only {cases} scenario cases, want at least {minimum_cases}"
    );
}

/// The fewest scenario cases a ruleset's folder must hold: 15, and 25 for the two rulesets
/// whose movement is least like the others' (parker's two paths, martian's coasters).
fn minimum_cases(variant: Variant) -> usize {
    match variant {
        Variant::Parker | Variant::Martian => 25,
        Variant::Jequier
        | Variant::Pyramid
        | Variant::Modern
        | Variant::Bell
        | Variant::Kendall => 15,
    }
}

/// Every ruleset of the engine has its folder of scenarios, and every case in it passes: a
/// new ruleset fails here until it has its own (and `minimum_cases` names it).
#[test]
fn every_ruleset_s_scenarios_pass() {
    for variant in Variant::ALL {
        run_variant(variant.id(), minimum_cases(variant));
    }
}
