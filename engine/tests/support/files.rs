//! Finding and running scenario files; shared by the `scenarios` test and example.

use std::path::{Path, PathBuf};

use senet_engine::scenario::{self, CaseReport};

/// Every `.scn` file below the folder `path`, sorted; a file given directly is taken
/// whatever its name.
pub fn scenario_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(path)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            out.extend(scenario_files(&p)?);
        } else if p.extension().is_some_and(|x| x == "scn") {
            out.push(p);
        }
    }
    Ok(out)
}

/// Runs one file; an unreadable file is a failed case.
pub fn run_file(path: &Path) -> Vec<CaseReport> {
    match std::fs::read_to_string(path) {
        Ok(text) => scenario::run(&text),
        Err(e) => vec![CaseReport {
            name: "(file)".into(),
            line: 0,
            checks: 0,
            failure: Some((0, format!("cannot read: {e}"))),
        }],
    }
}
