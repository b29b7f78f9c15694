//! Reading and writing the text files users hand us, with errors a person can act on.
//!
//! In a browser there are no paths: a file the user picks or drops is kept under its name
//! (see [`browser`]), so reading that name finds it, and writing a file downloads it.

#[cfg(target_arch = "wasm32")]
pub mod browser;
pub mod restore;

use std::io::Read;
use std::path::Path;

use crate::tr;

/// The largest text file Frontier reads (a 4096 x 4096 board is about 16 MiB).
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// Reads a whole text file, refusing files that are too large or not UTF-8. The limit is
/// on the bytes actually read, not on what the file system says: `/dev/zero` and pipes
/// have no length. Errors are in the current language.
pub fn read_text(path: &Path) -> Result<String, String> {
    let shown = path.display().to_string();
    #[cfg(target_arch = "wasm32")]
    if let Some(bytes) = browser::picked(&shown) {
        return read_bounded(&bytes[..], MAX_TEXT_BYTES)
            .map_err(|why| tr!("file-problem", file = &shown, why = why));
    }
    let cannot_open =
        |e: std::io::Error| tr!("file-cannot-open", file = &shown, why = e.to_string());
    let metadata = std::fs::metadata(path).map_err(cannot_open)?;
    if metadata.is_dir() {
        return Err(tr!("file-is-folder", file = &shown));
    }
    let file = std::fs::File::open(path).map_err(cannot_open)?;
    read_bounded(file, MAX_TEXT_BYTES).map_err(|why| tr!("file-problem", file = &shown, why = why))
}

/// Reads text from `source`, up to `limit` bytes; the error (after the name of what was
/// read) says what was wrong.
pub fn read_bounded(source: impl Read, limit: u64) -> Result<String, String> {
    let mut bytes = Vec::new();
    source
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| tr!("file-unreadable", why = e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(tr!("file-too-large", mib = limit >> 20));
    }
    String::from_utf8(bytes).map_err(|e| tr!("file-not-utf8", byte = e.utf8_error().valid_up_to()))
}

pub use frontier_engine::text::{QUOTE_CHARS, quote};

/// Writes a text file whole: to a temporary file beside it first, then renamed over it, so
/// a failed write never leaves half a file where the user's work was.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    write_bytes(path, text.as_bytes())
}

/// Writes a file whole, the same way as [`write_text`]. In a browser, the file is downloaded
/// under its name.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let shown = path.display().to_string();
    #[cfg(target_arch = "wasm32")]
    let written = browser::download(&shown, bytes);
    #[cfg(not(target_arch = "wasm32"))]
    let written = write_to_disk(path, bytes);
    written.map_err(|why| tr!("file-cannot-write", file = &shown, why = why))
}

/// Writes to a temporary file beside `path`, then renames it over `path`.
#[cfg(not(target_arch = "wasm32"))]
fn write_to_disk(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, bytes).map_err(|e| e.to_string())?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        e.to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_stops_at_the_limit_whatever_the_source_claims() {
        let endless = std::io::repeat(b'a');
        let error = read_bounded(endless, 1 << 20).unwrap_err();
        assert!(error.contains("larger than 1 MiB"), "{error}");
        assert_eq!(read_bounded(&b"ok"[..], 2).unwrap(), "ok");
        assert!(
            read_bounded(&b"\xff"[..], 10)
                .unwrap_err()
                .contains("UTF-8")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_special_file_without_a_length_is_cut_off_at_the_limit() {
        let error = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(error.contains("larger than 64 MiB"), "{error}");
    }

    #[test]
    fn quotes_are_short_and_show_control_characters() {
        let long = "x".repeat(10_000);
        let quoted = quote(&long);
        assert_eq!(quoted.chars().count(), QUOTE_CHARS + 1);
        assert!(quoted.ends_with('…'));
        assert_eq!(quote("a\0b\tc"), "a\\0b\\tc");
        assert_eq!(quote("\u{1b}[2J"), "\\u{1b}[2J");
        assert_eq!(quote("连连看"), "连连看");
    }
}
