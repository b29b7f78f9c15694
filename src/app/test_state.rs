//! What the browser tests read back of the app's state (the page's `frontierTestState`),
//! written in JSON by each tab of its own fields (`Tab::test_state`), so the hook that
//! publishes it names no tab.

use std::fmt::Write as _;

/// `text` as a JSON string.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON object of `fields`, each value JSON already.
pub fn object(fields: &[(&str, String)]) -> String {
    let fields: Vec<String> = (fields.iter())
        .map(|(name, value)| format!("{}:{value}", quoted(name)))
        .collect();
    format!("{{{}}}", fields.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_and_objects_joined() {
        assert_eq!(quoted("a\"b\\c\nd\u{1}"), r#""a\"b\\c\nd\u0001""#);
        let fields = [("n", 3.to_string()), ("s", quoted("x"))];
        assert_eq!(object(&fields), r#"{"n":3,"s":"x"}"#);
        assert_eq!(object(&[]), "{}");
    }
}
