//! Runs every scenario file under `tests/scenarios/<variant>/`, one test per variant.

use std::path::Path;

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

#[test]
fn jequier() {
    run_variant("jequier", 15);
}

#[test]
fn pyramid() {
    run_variant("pyramid", 15);
}

#[test]
fn modern() {
    run_variant("modern", 15);
}

#[test]
fn parker() {
    run_variant("parker", 25);
}

#[test]
fn martian() {
    run_variant("martian", 25);
}
