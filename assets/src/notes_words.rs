//! The notes under a board, said from the catalogue: web/notes.js puts a frame's
//! `note_list` into the words of `notes.ftl` (each note's message, lists joined by
//! `notes-list-separator`). These tests put them together the same way and require English
//! to say exactly the engine's own line, over every position of the rules' scenarios, and
//! every other language to say every kind of note with no message missing.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use senet_engine::notes::{Note, SideCount, english};
use senet_engine::{Game, Status, Throw, Variant};

use crate::l10n::bundle;
use crate::lang::Lang;

/// Message `id` of `bundle` with `args`; a missing message or a formatting error fails.
fn say(
    bundle: &FluentBundle<FluentResource>,
    id: &str,
    args: &[(&str, FluentValue<'_>)],
) -> String {
    let message = bundle.get_message(id).unwrap_or_else(|| panic!("no {id}"));
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    let words = bundle.format_pattern(
        message.value().expect("a value"),
        Some(&fluent_args),
        &mut errors,
    );
    assert!(errors.is_empty(), "{id}: {errors:?}");
    words.into_owned()
}

/// The notes in `bundle`'s words, as web/notes.js puts them together.
fn in_words(bundle: &FluentBundle<FluentResource>, notes: &[Note]) -> String {
    let text = |s: String| FluentValue::from(s);
    let list = |items: Vec<String>| items.join(&say(bundle, "notes-list-separator", &[]));
    let numbers = |faces: &[u8]| {
        list(
            faces
                .iter()
                .map(|&n| say(bundle, "notes-number", &[("number", n.into())]))
                .collect(),
        )
    };
    let counts = |sides: &[SideCount]| {
        list(
            sides
                .iter()
                .map(|c| {
                    say(
                        bundle,
                        "notes-side-count",
                        &[
                            ("side", text(c.side.to_string())),
                            ("count", c.count.into()),
                        ],
                    )
                })
                .collect(),
        )
    };
    let side = |s: &str| ("side", text(s.to_owned()));
    let each: Vec<String> = notes
        .iter()
        .map(|note| match note {
            Note::BorneOff { sides } => {
                say(bundle, "notes-borne-off", &[("sides", text(counts(sides)))])
            }
            Note::SizesBorneOff { sides } => {
                let each: Vec<String> = sides
                    .iter()
                    .map(|s| {
                        let sizes = if s.sizes.is_empty() {
                            say(bundle, "notes-none", &[])
                        } else {
                            list(
                                s.sizes
                                    .iter()
                                    .map(|z| {
                                        say(bundle, "notes-size", &[("size", text(z.to_string()))])
                                    })
                                    .collect(),
                            )
                        };
                        say(
                            bundle,
                            "notes-side-sizes",
                            &[side(&s.side), ("sizes", text(sizes))],
                        )
                    })
                    .collect();
                let sides = each.join(&say(bundle, "notes-group-separator", &[]));
                say(bundle, "notes-sizes-borne-off", &[("sides", text(sides))])
            }
            Note::Captured { sides } => {
                say(bundle, "notes-captured", &[("sides", text(counts(sides)))])
            }
            Note::PiecesUp { pieces } if pieces.is_empty() => {
                say(bundle, "notes-no-pieces-up", &[])
            }
            Note::PiecesUp { pieces } => {
                let pieces = list(
                    pieces
                        .iter()
                        .map(|p| {
                            say(
                                bundle,
                                "notes-piece",
                                &[side(&p.side), ("piece", p.piece.into())],
                            )
                        })
                        .collect(),
                );
                say(bundle, "notes-pieces-up", &[("pieces", text(pieces))])
            }
            Note::WaitingForOne { waiting: true } => say(bundle, "notes-waiting-for-one", &[]),
            Note::WaitingForOne { waiting: false } => say(bundle, "notes-no-waiting-for-one", &[]),
            Note::QuietTurns { turns, limit } => say(
                bundle,
                "notes-quiet-turns",
                &[("turns", (*turns).into()), ("limit", (*limit).into())],
            ),
            Note::DiceToPlay { dice } => say(
                bundle,
                "notes-dice-to-play",
                &[("dice", text(numbers(dice)))],
            ),
            Note::Die { die } => say(bundle, "notes-die", &[("die", (*die).into())]),
            Note::NeedsOne { side: s } => say(bundle, "notes-needs-one", &[side(s)]),
            Note::ThrowsToPlay { throws } => say(
                bundle,
                "notes-throws-to-play",
                &[("throws", text(numbers(throws)))],
            ),
            Note::ThrowsKept { throws } => say(
                bundle,
                "notes-throws-kept",
                &[("throws", text(numbers(throws)))],
            ),
            Note::BackFromWater { side: s, square } => say(
                bundle,
                "notes-back-from-water",
                &[side(s), ("square", (*square).into())],
            ),
            Note::LosesTurn { side: s } => say(bundle, "notes-loses-turn", &[side(s)]),
        })
        .collect();
    each.join(&say(bundle, "notes-separator", &[]))
}

/// The notes of every position the engine's rules scenarios set up or expect
/// (`engine/tests/scenarios/<variant>/*.scn`, their `position` and `expect` lines, and each
/// after its lowest throw): each
/// ruleset's rare states (a piece back from the water, a lost turn, a man waiting for a one)
/// as well as its common ones.
fn sample() -> Vec<Vec<Note>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/scenarios");
    let mut all = Vec::new();
    for variant in Variant::ALL {
        let dir = root.join(variant.id());
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let text =
                std::fs::read_to_string(entry.expect("an entry").path()).expect("a scenario");
            for line in text.lines() {
                let notation = line
                    .strip_prefix("position ")
                    .or_else(|| line.strip_prefix("expect "));
                if let Some(mut game) =
                    notation.and_then(|n| Game::from_notation(variant, n.trim()).ok())
                {
                    all.push(game.notes());
                    // And after the throw it waits for, if any: the dice then to play.
                    if let Status::Throw { spec, .. } = game.status() {
                        let lowest = vec![spec.die.min_face(); usize::from(spec.count)];
                        if Throw::new(spec, &lowest).is_ok_and(|throw| game.throw(throw).is_ok()) {
                            all.push(game.notes());
                        }
                    }
                }
            }
        }
    }
    assert!(all.len() > 500, "{} positions", all.len());
    all
}

/// What kind a note is (its `kind` on the wire).
fn kind(note: &Note) -> String {
    serde_json::to_value(note).expect("a note serialises")["kind"]
        .as_str()
        .expect("a kind")
        .to_owned()
}

#[test]
fn english_says_the_notes_as_the_engine_does() {
    let bundle = bundle(Lang::En);
    let sample = sample();
    let mut kinds: Vec<String> = sample.iter().flatten().map(kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    // The scenarios reach every kind of note.
    assert_eq!(kinds.len(), 13, "{kinds:?}");
    for notes in &sample {
        assert_eq!(in_words(&bundle, notes), english(notes));
    }
}

/// Every kind of note, with its figures, and every side and size it may name.
fn every_kind() -> Vec<Note> {
    let two = |a: &'static str, b: &'static str| vec![SideCount::new(a, 4), SideCount::new(b, 0)];
    let side = |s: &'static str| std::borrow::Cow::Borrowed(s);
    let mut notes = vec![
        Note::BorneOff {
            sides: two("white", "black"),
        },
        Note::BorneOff {
            sides: two("red", "yellow"),
        },
        Note::Captured {
            sides: two("black", "white"),
        },
        Note::PiecesUp { pieces: Vec::new() },
        Note::WaitingForOne { waiting: true },
        Note::WaitingForOne { waiting: false },
        Note::QuietTurns {
            turns: 12,
            limit: 300,
        },
        Note::DiceToPlay { dice: vec![3, 5] },
        Note::Die { die: 2 },
        Note::ThrowsToPlay { throws: vec![1, 4] },
        Note::ThrowsKept { throws: vec![5] },
    ];
    for s in ["black", "white"] {
        notes.push(Note::NeedsOne { side: side(s) });
        notes.push(Note::BackFromWater {
            side: side(s),
            square: 15,
        });
        notes.push(Note::LosesTurn { side: side(s) });
        notes.push(Note::SizesBorneOff {
            sides: vec![senet_engine::notes::SideSizes {
                side: side(s),
                sizes: ["large", "medium", "small"].into_iter().map(side).collect(),
            }],
        });
    }
    for s in ["red", "yellow", "blue", "green"] {
        notes.push(Note::PiecesUp {
            pieces: vec![senet_engine::notes::PieceUp {
                side: side(s),
                piece: 3,
            }],
        });
    }
    notes
}

#[test]
fn every_language_says_every_kind_of_note_in_its_own_words() {
    let english_bundle = bundle(Lang::En);
    let arabic = |t: &str| t.chars().any(|c| ('\u{0621}'..='\u{064A}').contains(&c));
    for lang in Lang::ALL {
        let bundle = bundle(lang);
        for note in every_kind() {
            let one = std::slice::from_ref(&note);
            let words = in_words(&bundle, one);
            if lang == Lang::En {
                assert_eq!(words, english(one));
                continue;
            }
            // Translated, not copied: no English side or word left in it.
            assert_ne!(words, in_words(&english_bundle, one), "{lang:?}: {note:?}");
            if lang == Lang::Ar {
                assert!(arabic(&words), "{words}");
            }
            for english_word in ["white", "black", "large", "none", "borne off", "dice"] {
                assert!(!words.contains(english_word), "{lang:?}: {words}");
            }
        }
    }
}
