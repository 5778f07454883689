//! What the server accepts as text from people: chat messages ([`normalise`]) and display
//! names ([`check_name`], and [`looks_the_same`] to tell two apart).
//!
//! Text is plain text: the server never interprets it, and the web client renders it with
//! `textContent`. What the server does is normalise it, so that no message or name is
//! invisible, reverses the text around it, or smears marks over its neighbours.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_security::confusable_detection::skeleton;

/// The longest chat message, in characters (Unicode scalar values) after normalisation.
pub const MAX_CHARS: usize = 300;
/// Combining marks kept after each base character (more are dropped: "zalgo" text).
pub const MAX_MARKS: usize = 2;
/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// Why a chat text cannot be posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Nothing visible is left after normalisation.
    #[error("the message is empty (after removing invisible and control characters)")]
    Empty,
    /// Longer than [`MAX_CHARS`] after normalisation.
    #[error("the message is {0} characters long; the most is 300")]
    TooLong(usize),
}

impl TextError {
    /// The protocol's error code.
    pub fn code(self) -> &'static str {
        match self {
            TextError::Empty => "chat_empty",
            TextError::TooLong(_) => "chat_too_long",
        }
    }
}

/// Whether `c` is a format character (General_Category=Cf, Unicode 15.1): soft hyphen,
/// Arabic number signs, zero-width spaces and joiners, the direction marks, embeddings,
/// overrides and isolates, invisible operators, the BOM, interlinear annotations, tags…
/// (`std` knows controls, Cc, but not Cf.)
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}'
        | '\u{0600}'..='\u{0605}'
        | '\u{061C}'
        | '\u{06DD}'
        | '\u{070F}'
        | '\u{0890}'..='\u{0891}'
        | '\u{08E2}'
        | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{110BD}'
        | '\u{110CD}'
        | '\u{13430}'..='\u{1343F}'
        | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0001}'
        | '\u{E0020}'..='\u{E007F}')
}

/// A chat text as the server keeps it: Unicode NFC; every control (Cc) and format (Cf)
/// character removed, but tabs and line breaks (and the line and paragraph separators),
/// which become spaces; runs of whitespace made one space; trimmed; at most
/// [`MAX_MARKS`] combining marks after each base character.
///
/// # Errors
/// [`TextError::Empty`] when nothing visible is left (only spaces, or only characters that
/// show nothing by themselves, such as U+3164); [`TextError::TooLong`] when more than
/// [`MAX_CHARS`] characters are left (the text is never cut short).
pub fn normalise(text: &str) -> Result<String, TextError> {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    let mut marks = 0usize;
    for c in text.nfc() {
        let c = match c {
            '\t' | '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}' => ' ',
            c if c.is_control() || is_format(c) => continue,
            c => c,
        };
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
            // A mark right after a space has no base of its own: it starts a run all the same.
            marks = 0;
        }
        space = false;
        if is_combining_mark(c) {
            if marks >= MAX_MARKS {
                continue;
            }
            marks += 1;
        } else {
            marks = 0;
        }
        out.push(c);
    }
    // Removing characters may have brought a base and its marks together.
    let out: String = out.nfc().collect();
    if out.chars().all(is_invisible) {
        return Err(TextError::Empty);
    }
    let n = out.chars().count();
    if n > MAX_CHARS {
        return Err(TextError::TooLong(n));
    }
    Ok(out)
}

/// Whether `c` changes the direction of text (bidi embeddings, overrides, isolates and marks).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Whether `c` is a Default_Ignorable_Code_Point (Unicode 15.1, DerivedCoreProperties):
/// a character a renderer draws as nothing when it does not support it, whatever it is
/// assigned to (zero-width characters and joiners, variation selectors, Hangul fillers,
/// tags, the BOM, and the reserved blocks kept for more of them).
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whether `c` shows nothing by itself: whitespace, the default-ignorable characters
/// (zero-width characters, joiners, variation selectors, Hangul fillers, tags, the BOM…)
/// and the blank characters that are neither (the braille pattern blank, U+2800). The one
/// definition of "visible" for names and chat: a text of only such characters is refused.
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace() || is_default_ignorable(c) || c == '\u{2800}'
}

/// Why a display name is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Longer than [`MAX_NAME_CHARS`] characters.
    #[error("names are at most 64 characters")]
    TooLong,
    /// With a control character or a bidi control.
    #[error("names are without control characters or bidi controls")]
    Malformed,
    /// Only invisible characters.
    #[error("a name must have a visible character")]
    Invisible,
}

impl From<NameError> for crate::Detail {
    fn from(e: NameError) -> crate::Detail {
        use crate::Reason;
        let message = e.to_string();
        match e {
            NameError::TooLong => {
                crate::Detail::new(Reason::NameTooLong, message).with("max", MAX_NAME_CHARS)
            }
            NameError::Malformed => crate::Detail::new(Reason::NameControl, message),
            NameError::Invisible => crate::Detail::new(Reason::NameInvisible, message),
        }
    }
}

/// A display name (a match's, a player's, a seat's or a spectator's) as stored: in Unicode
/// NFC, without the format characters (Cf: zero-width spaces and joiners, tags, the BOM…),
/// which would make two names that look the same differ ("Ana" and "Ana" + U+200B), then
/// trimmed; at most [`MAX_NAME_CHARS`] characters, without control characters or bidi
/// controls, and not only invisible characters; `default` when empty.
///
/// # Errors
/// [`NameError`] when the name breaks a rule.
pub fn check_name(name: Option<String>, default: String) -> Result<String, NameError> {
    let name = name.unwrap_or_default();
    // As given, too: a schema's `maxLength` counts the characters sent, before any
    // normalising joins or trims some.
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    let name: String = name.nfc().collect();
    if name.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return Err(NameError::Malformed);
    }
    let given = !name.trim().is_empty();
    let name: String = name.chars().filter(|&c| !is_format(c)).collect();
    let name: String = name.trim().nfc().collect();
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    // Something was given, and only format characters and spaces made it up.
    if given && name.is_empty() {
        return Err(NameError::Invisible);
    }
    if !name.is_empty() && name.chars().all(is_invisible) {
        return Err(NameError::Invisible);
    }
    Ok(if name.is_empty() { default } else { name })
}

/// Whether two names look the same to a reader: the same Unicode confusable skeleton
/// (UTS #39: "Аna" with a Cyrillic А, "Ana" and "Ana\u{200B}" are one name), letter case
/// aside ("ANA" is "Ana"). A match's seats, and a spectator who chats, may not take a name
/// that looks like another seat's.
pub fn looks_the_same(a: &str, b: &str) -> bool {
    look_of(a) == look_of(b)
}

/// What a name looks like to a reader, letter case aside: its confusable skeleton (UTS #39)
/// in lower case, skeletoned again. Two names look the same exactly when their looks are
/// equal ([`looks_the_same`]), so a unique index on it keeps look-alike names apart.
pub fn look_of(name: &str) -> String {
    let lower: String = skeleton(name).collect::<String>().to_lowercase();
    // Lower case can make new confusables ("I" → "i"); the skeleton again settles them.
    skeleton(&lower).collect()
}

/// The most characters of a seat's short name ([`short_names`]).
pub const SHORT_NAME_CHARS: usize = 10;

/// Each seat's short name, for where a name has a few characters' room (a phone's players'
/// bar, the spectators' win bar), so that the page never cuts one to "Com…": `names` as
/// [`crate::ServerMsg::Welcome`]'s snapshot has them, `bots` each seat's bot level (none for a
/// person). A person's name is kept whole up to [`SHORT_NAME_CHARS`] characters, else its
/// first word, cut there with "…"; a bot is "Easy bot", "Medium bot" or "Hard bot". Two
/// seats whose short names would read alike ([`looks_the_same`]) are told apart by their
/// seat numbers: bots as "Bot 3", people as the name cut shorter with the number ("Alexand… 2").
pub fn short_names(names: &[Option<String>], bots: &[Option<String>]) -> Vec<Option<String>> {
    let is_bot = |seat: usize| bots.get(seat).is_some_and(Option::is_some);
    let first: Vec<Option<String>> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let name = name.as_deref()?;
            Some(match bots.get(seat).and_then(Option::as_deref) {
                Some(level) => bot_short_name(level),
                None if name.chars().count() <= SHORT_NAME_CHARS => name.to_owned(),
                None => cut(
                    name.split_whitespace().next().unwrap_or(name),
                    SHORT_NAME_CHARS,
                ),
            })
        })
        .collect();
    first
        .iter()
        .enumerate()
        .map(|(seat, short)| {
            let short = short.as_deref()?;
            let alike = first.iter().enumerate().any(|(other, o)| {
                other != seat && o.as_deref().is_some_and(|o| looks_the_same(o, short))
            });
            Some(match (alike, is_bot(seat)) {
                (false, _) => short.to_owned(),
                (true, true) => format!("Bot {}", seat + 1),
                (true, false) => format!("{} {}", cut(short, SHORT_NAME_CHARS - 2), seat + 1),
            })
        })
        .collect()
}

/// "Medium bot" for the level `medium`.
fn bot_short_name(level: &str) -> String {
    let mut chars = level.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    format!("{first}{} bot", chars.as_str())
}

/// `text` in at most `most` characters, the last one "…" where it had to be cut.
fn cut(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        text.to_owned()
    } else {
        let kept: String = text.chars().take(most.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_fit_and_tell_the_seats_apart() {
        let some = |names: &[&str]| -> Vec<Option<String>> {
            names.iter().map(|n| Some((*n).to_owned())).collect()
        };
        let none = vec![None; 4];
        assert_eq!(
            short_names(&some(&["Ana", "Bartholomew Smith"]), &none),
            some(&["Ana", "Bartholom…"]),
            "whole when it fits, else the first word, cut"
        );
        let bots = |levels: &[Option<&str>]| -> Vec<Option<String>> {
            levels.iter().map(|l| l.map(str::to_owned)).collect()
        };
        assert_eq!(
            short_names(
                &some(&["Player 1", "Computer (easy)", "Computer (hard)"]),
                &bots(&[None, Some("easy"), Some("hard")])
            ),
            some(&["Player 1", "Easy bot", "Hard bot"])
        );
        assert_eq!(
            short_names(
                &some(&[
                    "Ana",
                    "Computer 2 (medium)",
                    "Computer 3 (medium)",
                    "Computer 4 (medium)"
                ]),
                &bots(&[None, Some("medium"), Some("medium"), Some("medium")])
            ),
            some(&["Ana", "Bot 2", "Bot 3", "Bot 4"]),
            "bots of one level by their seats"
        );
        assert_eq!(
            short_names(&some(&["Alexandra Jones", "Alexandra Brown", "Bo"]), &none),
            some(&["Alexand… 1", "Alexand… 2", "Bo"]),
            "two people alike once cut"
        );
        assert_eq!(
            short_names(&[Some("Ana".to_owned()), None], &none),
            vec![Some("Ana".to_owned()), None],
            "an open seat has none"
        );
        for short in short_names(&some(&["Ðððððððððððððððð", "x"]), &none)
            .into_iter()
            .flatten()
        {
            assert!(short.chars().count() <= SHORT_NAME_CHARS, "{short}");
        }
    }

    #[test]
    fn plain_text_passes_unchanged() {
        assert_eq!(normalise("Good luck!").unwrap(), "Good luck!");
        assert_eq!(
            normalise("<b>hi</b> & good luck").unwrap(),
            "<b>hi</b> & good luck"
        );
        assert_eq!(normalise("Ünïcödé ✓ 😀").unwrap(), "Ünïcödé ✓ 😀");
    }

    #[test]
    fn text_is_nfc() {
        // "e" + combining acute becomes "é" (one character).
        assert_eq!(normalise("cafe\u{301}").unwrap(), "caf\u{e9}");
    }

    #[test]
    fn whitespace_collapses_and_trims() {
        assert_eq!(normalise("  a \t\t b\r\n\nc  ").unwrap(), "a b c");
        assert_eq!(normalise("a\u{2028}b").unwrap(), "a b");
        assert_eq!(normalise("a\u{3000}\u{a0} b").unwrap(), "a b");
    }

    #[test]
    fn controls_and_formats_are_removed() {
        // Bidi embeddings, overrides, isolates and marks.
        let bidi = "a\u{202E}b\u{202A}c\u{202B}d\u{202C}e\u{202D}f\u{2066}g\u{2067}h\u{2068}i\u{2069}j\u{200E}k\u{200F}l\u{061C}m";
        assert_eq!(normalise(bidi).unwrap(), "abcdefghijklm");
        // Zero-width characters, word joiner, BOM, soft hyphen, tags.
        assert_eq!(
            normalise("x\u{200B}y\u{200C}z\u{200D}w\u{2060}v\u{FEFF}u\u{AD}t\u{E0041}").unwrap(),
            "xyzwvut"
        );
        // C0 and C1 controls (NUL, BEL, ESC, DEL, CSI).
        assert_eq!(
            normalise("a\0b\u{7}c\u{1b}d\u{7f}e\u{9b}f").unwrap(),
            "abcdef"
        );
    }

    #[test]
    fn invisible_only_is_empty() {
        for text in [
            "",
            "   ",
            "\n\t",
            "\u{200B}\u{200B}",
            "\u{202E}\u{2066}",
            "\u{FEFF}",
            "\u{3164}",
            " \u{115F}\u{1160} ",
            "\u{34F}",
        ] {
            assert_eq!(normalise(text), Err(TextError::Empty), "{text:?}");
        }
    }

    #[test]
    fn at_most_two_marks_per_base() {
        let zalgo = "Z\u{300}\u{301}\u{302}\u{303}\u{304}a\u{316}\u{317}\u{318}\u{319}";
        let got = normalise(zalgo).unwrap();
        let marks: Vec<usize> = got
            .split(|c: char| !is_combining_mark(c))
            .map(|run| run.chars().count())
            .collect();
        assert!(marks.iter().all(|&n| n <= MAX_MARKS), "{got:?}");
        assert_eq!(got.chars().filter(|c| !is_combining_mark(*c)).count(), 2);
        // Two marks are kept as they are (a Vietnamese letter, say).
        assert_eq!(normalise("e\u{302}\u{301}").unwrap(), "\u{1EBF}");
        // Marks after a space belong to nothing: they count as a run of their own.
        let got = normalise("a \u{300}\u{300}\u{300}\u{300}").unwrap();
        assert_eq!(got.chars().filter(|c| is_combining_mark(*c)).count(), 2);
    }

    #[test]
    fn length_is_counted_after_normalisation() {
        let ok = "é".repeat(MAX_CHARS);
        assert_eq!(normalise(&ok).unwrap().chars().count(), MAX_CHARS);
        // Decomposed, it is 600 code points in, 300 characters out.
        let decomposed = "e\u{301}".repeat(MAX_CHARS);
        assert_eq!(normalise(&decomposed).unwrap(), ok);
        // Spaces that collapse do not count.
        let spaced = format!(
            "{}{}{}",
            " ".repeat(50),
            "a".repeat(MAX_CHARS),
            "\n".repeat(50)
        );
        assert_eq!(normalise(&spaced).unwrap().len(), MAX_CHARS);
        assert_eq!(
            normalise(&"a".repeat(MAX_CHARS + 1)),
            Err(TextError::TooLong(MAX_CHARS + 1))
        );
        assert_eq!(TextError::TooLong(301).code(), "chat_too_long");
        assert_eq!(TextError::Empty.code(), "chat_empty");
    }

    #[test]
    fn blank_and_tag_characters_are_invisible() {
        for blank in [
            "\u{2800}",
            "\u{2800} \u{2800}",
            "\u{E0041}\u{E0042}",
            "\u{FE0F}",
            "\u{E0100}",
            "\u{FFF0}",
        ] {
            assert_eq!(normalise(blank), Err(TextError::Empty), "{blank:?}");
            assert_eq!(
                check_name(Some(blank.into()), "x".into()),
                Err(NameError::Invisible),
                "{blank:?}"
            );
        }
        assert_eq!(normalise("a\u{2800}b").as_deref(), Ok("a\u{2800}b"));
    }

    #[test]
    fn names_lose_their_format_characters() {
        let named = |n: &str| check_name(Some(n.into()), "default".into());
        assert_eq!(named("Ana\u{200B}").as_deref(), Ok("Ana"));
        assert_eq!(named("\u{FEFF}An\u{200D}a\u{E0041}").as_deref(), Ok("Ana"));
        assert_eq!(named(" \u{200B} "), Err(NameError::Invisible));
        assert_eq!(named("   ").as_deref(), Ok("default"));
        assert_eq!(named("a\u{202E}b"), Err(NameError::Malformed));
        // The marks an emoji sequence draws with go; its pictures stay.
        assert_eq!(
            named("\u{1F3F3}\u{FE0F}").as_deref(),
            Ok("\u{1F3F3}\u{FE0F}")
        );
    }

    #[test]
    fn names_that_look_alike_are_one_name() {
        for (a, b) in [
            ("Ana", "Ana"),
            ("Ana", "\u{410}na"),   // Cyrillic capital A
            ("Ana", "Ana\u{200B}"), // a zero-width space
            ("Ana", "ANA"),
            ("Bill", "BiII"),     // capital I for l
            ("Rae", "R\u{430}e"), // Cyrillic small a
            ("paypal", "p\u{430}yp\u{430}l"),
        ] {
            assert!(looks_the_same(a, b), "{a:?} and {b:?}");
        }
        for (a, b) in [
            ("Ana", "Anna"),
            ("Bo", "Bob"),
            ("Player 1", "Player 2"),
            ("Ana", "Ada"),
        ] {
            assert!(!looks_the_same(a, b), "{a:?} and {b:?}");
        }
    }
}
