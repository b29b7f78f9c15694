//! User text quoted inside an error message, safe to show whatever it holds.

/// The most characters of a user's text an error message repeats.
pub const QUOTE_CHARS: usize = 80;

/// A piece of a user's text fit to go inside an error message: control characters escaped
/// (a NUL byte is shown as `\0`), and cut to [`QUOTE_CHARS`] characters with `…` when longer.
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (shown, c) in text.chars().enumerate() {
        if shown == QUOTE_CHARS {
            out.push('…');
            break;
        }
        match c {
            '\0' => out.push_str("\\0"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}
