//! The web client knows no rules (`docs/architecture.md`, "The web client"): everything it
//! says about a rule comes from the server — a stuck piece's sentence, the sides, the notes
//! under the board in the frames; the special squares, the summaries and the options in
//! `GET /api/variants` (and the pages' `variant-boards`). These tests read `web/` and fail on
//! a copy of the engine's words, or on a square number used as a rule in a script.

use std::path::{Path, PathBuf};

use senet_engine::{Game, IllegalMove, Setup, Status, Throw, Variant, VariantOption};

/// Every reason the engine gives for refusing a move.
const EVERY_REASON: [IllegalMove; 19] = IllegalMove::ALL;

/// Every file under `web/` (pages, scripts, the style sheet, the how-to pages), with its
/// path from the repository's root and its text.
fn web_files() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("web/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths = Vec::new();
    walk(&root.join("web"), &mut paths);
    paths.sort();
    let files: Vec<(String, String)> = paths
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let name = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
            Some((name, text))
        })
        .collect();
    assert!(files.iter().any(|(name, _)| name.ends_with("boards.js")));
    files
}

/// The scripts of `web/`, each without its comment lines (what runs, and what it says).
fn scripts() -> Vec<(String, String)> {
    web_files()
        .into_iter()
        .filter(|(name, _)| name.ends_with(".js"))
        .map(|(name, text)| {
            let code: Vec<&str> = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            (name, code.join("\n"))
        })
        .collect()
}

/// Plays `game` by its first legal move, throwing faces from a small generator seeded with
/// `seed`, for `throws` throws or until it ends; the notes of every position on the way.
fn notes_along(variant: Variant, seed: u64, throws: usize) -> Vec<String> {
    let mut game = Game::new(variant, Setup::default()).expect("a default game");
    let mut state = seed;
    let mut notes = vec![game.position_notes()];
    for _ in 0..throws * 4 {
        match game.status() {
            Status::Throw { spec, .. } => {
                let faces: Vec<u8> = (0..spec.count)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1_442_695_040_888_963_407);
                        let span = u64::from(spec.die.max_face() - spec.die.min_face()) + 1;
                        spec.die.min_face() + u8::try_from((state >> 33) % span).unwrap_or(0)
                    })
                    .collect();
                game.throw(Throw::new(spec, &faces).expect("faces of the die"))
                    .expect("the throw it asked for");
            }
            Status::Move { player } => {
                let mv = game.legal_moves()[0];
                game.play(player, mv).expect("a legal move");
            }
            Status::Over(_) => break,
        }
        notes.push(game.position_notes());
    }
    notes
}

/// The runs of words in `line` between numbers and the notes' separators: the fixed words
/// the engine writes around the figures (`turns since the last capture`, `a draw at`).
fn fixed_words(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_ascii_digit() || "·:;,()".contains(c))
        .map(str::trim)
        .filter(|w| w.split_whitespace().count() >= 3)
        .map(str::to_owned)
        .collect()
}

#[test]
fn web_holds_none_of_the_engines_sentences() {
    // The message catalogues are the exception: they hold words by the code the server
    // sends (a stuck piece's reason, a variant's id), so a page in French or Arabic can say
    // them; the client still decides nothing. Their English is kept equal to the engine's
    // by `senet-assets`' tests, so that a rule's wording has one source.
    let files: Vec<_> = web_files()
        .into_iter()
        .filter(|(name, _)| !name.starts_with("web/l10n/"))
        .collect();
    let mut sentences: Vec<(String, String)> = Vec::new();
    for v in Variant::ALL {
        for reason in EVERY_REASON {
            if let Some(words) = v.explain(reason) {
                sentences.push((format!("{v}: explain({})", reason.code()), words.to_owned()));
            }
        }
        for square in v.special_squares() {
            sentences.push((
                format!("{v}: the rule of {}", square.place),
                square.rule.to_owned(),
            ));
        }
        // The summary, sentence by sentence (the lobby and the rules page show it from
        // GET /api/variants).
        for sentence in v.summary().split(". ").filter(|s| s.len() > 30) {
            sentences.push((format!("{v}: its summary"), sentence.to_owned()));
        }
        for option in v.options() {
            let option = VariantOption::named(option).expect("a known option");
            let words = option
                .description
                .split_once(": ")
                .map_or(option.description, |(_, w)| w);
            sentences.push((format!("{v}: option {}", option.name), words.to_owned()));
        }
        // The words around the figures of the notes under the board.
        for notes in notes_along(v, 7, 60) {
            for words in fixed_words(&notes) {
                sentences.push((format!("{v}: its position notes"), words));
            }
        }
    }
    assert!(sentences.len() > 100, "the engine says enough to check");
    let mut found = Vec::new();
    for (name, text) in &files {
        let lower = text.to_lowercase();
        for (whence, words) in &sentences {
            if lower.contains(&words.to_lowercase()) {
                found.push(format!("{name}: {whence}: {words:?}"));
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "web/ copies the engine's words (the client shows what the server sends):\n{}",
        found.join("\n")
    );
}

/// A place of a board written out in a script (`'s27'`, `"p1-1"`, `` `S9` ``): a square the
/// client would single out.
fn place_literal(code: &str) -> Option<String> {
    let bytes = code.as_bytes();
    for (i, &q) in bytes.iter().enumerate() {
        if !matches!(q, b'\'' | b'"' | b'`') {
            continue;
        }
        let rest = &code[i + 1..];
        let Some(end) = rest.find(q as char) else {
            continue;
        };
        let inner = &rest[..end];
        let square = |n: &str, max: u32| n.parse::<u32>().is_ok_and(|n| (1..=max).contains(&n));
        let hit = match inner.as_bytes() {
            [b's', ..] => square(&inner[1..], 30) && !inner[1..].starts_with('0'),
            [b'p', b'1' | b'2', b'-', ..] => square(&inner[3..], 20),
            [b'S' | b'B' | b'P', d] => (b'1'..=b'9').contains(d),
            _ => false,
        };
        if hit {
            return Some(inner.to_owned());
        }
    }
    None
}

/// A number a square could have (1 to 30) at the start of `s`, with where it ends.
fn square_number(s: &str) -> Option<usize> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let n: u32 = s.get(..digits)?.parse().ok()?;
    ((1..=30).contains(&n) && !s[digits..].starts_with(|c: char| c.is_alphanumeric()))
        .then_some(digits)
}

/// A square's number compared in a script (`s === 27`, `sq !== '26'`), or an object keyed by
/// square numbers past a die's faces (`{ 26: ['☥', …] }`): a rule of a square, written in.
fn square_rule(code: &str) -> Option<String> {
    let names = ["s", "sq", "square", "place", "from", "to"];
    for (i, _) in code.match_indices(['=', '!']) {
        let after = &code[i..];
        let op = if after.starts_with("===") || after.starts_with("!==") {
            3
        } else if after.starts_with("==") || after.starts_with("!=") {
            2
        } else {
            continue;
        };
        // The name before the operator, and the number after it.
        let before = code[..i].trim_end();
        let name_start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |k| k + 1);
        let name = &before[name_start..];
        let value = after[op..].trim_start().trim_start_matches(['\'', '"']);
        if names.contains(&name) && square_number(value).is_some() {
            return Some(code[name_start..].chars().take(12).collect());
        }
    }
    for (i, _) in code.match_indices(['{', ',']) {
        let key = code[i + 1..].trim_start();
        let Some(digits) = square_number(key) else {
            continue;
        };
        let n: u32 = key[..digits].parse().unwrap_or(0);
        let value = key[digits..].trim_start();
        if n > 6 && value.starts_with(':') && value[1..].trim_start().starts_with(['[', '\'', '"'])
        {
            return Some(key.chars().take(16).collect());
        }
    }
    None
}

/// A string of a script that names a square by its number as a rule would: "the Ankh (26)",
/// "square 15", "(a draw at 300)".
fn numbered_words(code: &str) -> Option<String> {
    let mut strings = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find(['\'', '"', '`']) {
        let q = rest[start..].chars().next().unwrap_or('\'');
        let Some(len) = rest[start + 1..].find(q) else {
            break;
        };
        strings.push(&rest[start + 1..start + 1 + len]);
        rest = &rest[start + 2 + len..];
    }
    strings.into_iter().find_map(|s| {
        let lower = without_interpolations(s).to_lowercase();
        // Words in brackets, as prose writes them (not `rotate(90 0 8)`).
        let in_parens = lower.match_indices(" (").any(|(i, _)| {
            let inside = &lower[i + 2..];
            let close = inside.find(')').unwrap_or(0);
            let words = &inside[..close];
            words.ends_with(|c: char| c.is_ascii_digit()) && !words.contains('$')
        });
        let square = ["square ", "squares "].iter().any(|word| {
            lower
                .match_indices(word)
                .any(|(i, _)| square_number(&lower[i + word.len()..]).is_some())
        });
        (in_parens || square).then(|| s.to_owned())
    })
}

/// A template string's text without its `${…}` parts (code, not words).
fn without_interpolations(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if depth == 0 && c == '$' && chars.peek() == Some(&'{') {
            chars.next();
            depth = 1;
        } else if depth > 0 {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn no_script_of_web_uses_a_square_number_as_a_rule() {
    let mut found = Vec::new();
    for (name, code) in scripts() {
        for line in code.lines() {
            if let Some(place) = place_literal(line) {
                found.push(format!("{name}: the place {place:?} written out: {line}"));
            }
            if let Some(rule) = square_rule(line) {
                found.push(format!(
                    "{name}: a square's number as a rule ({rule}): {line}"
                ));
            }
            if let Some(words) = numbered_words(line) {
                found.push(format!(
                    "{name}: a square's number in words ({words:?}): {line}"
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "web/ states a rule of a square (the client draws the special squares it is sent):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_find_what_the_client_used_to_hold() {
    // What web/ held before the server sent it: each is caught.
    assert!(square_rule("trap: variant !== 'pyramid' && s === 27 });").is_some());
    assert!(square_rule("pharaoh: s === 1, title").is_some());
    assert!(square_rule("jequier: { 15: ['↺', 'safe: house of rebirth'], 26: ['☥'").is_some());
    assert!(place_literal("if (key === 's26') return").is_some());
    assert!(place_literal("const corner = `p1-1`;").is_some());
    assert!(numbered_words("pyramid: 'The pyramid on the Ankh (26) must move first.',").is_some());
    assert!(numbered_words("info: `turns since the last capture: ${n} (a draw at 300)`").is_some());
    assert!(numbered_words("'Pieces on squares 28 to 30 are safe'").is_some());
    assert!(
        fixed_words("no waiting · turns since the last capture: 7 (a draw at 300)")
            .contains(&"a draw at".to_owned())
    );
    // What the client draws and says is not: dice pips, rows, a template's figures.
    assert!(square_rule("const pips = { 1: [[2, 2]], 6: [[1, 1]] }[f];").is_none());
    assert!(square_rule("const arrow = i === 9 && r < 2 ? '↓' : undefined;").is_none());
    assert!(place_literal("squares.push({ key: 's' + s, x, y });").is_none());
    assert!(numbered_words("text: `${plural(n, 'point', 'points')} (${e.points})`").is_none());
}
