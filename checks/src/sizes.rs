//! How long a source file is where a reader must hold it: its lines of code before its tests.

/// Lines of code of a Rust source before its first top-level `#[cfg(test)]`: lines that are
/// neither blank nor only a comment (`//`, `///`, `//!`, or inside a `/* … */` block).
pub fn code_lines_before_tests(text: &str) -> usize {
    let mut n = 0;
    let mut in_block = false;
    for line in text.lines() {
        let t = line.trim();
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        if in_block {
            if let Some(i) = t.find("*/") {
                in_block = false;
                if !t[i + 2..].trim().is_empty() {
                    n += 1;
                }
            }
            continue;
        }
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        if t.starts_with("/*") {
            in_block = !t.contains("*/");
            continue;
        }
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_blanks_and_tests_do_not_count() {
        let text = "//! doc\n\nuse a;\n/// item\nfn f() {\n    // why\n    g();\n}\n/* block\nstill */\nconst X: u8 = 1;\n#[cfg(test)]\nmod tests { fn t() {} }\n";
        assert_eq!(code_lines_before_tests(text), 5);
    }
}
