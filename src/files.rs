//! Reading and writing the text files users hand us, with errors a person can act on.

use std::path::Path;

/// The largest text file Frontier reads (a 4096 x 4096 board is about 16 MiB).
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// Reads a whole text file, refusing files that are too large or not UTF-8.
pub fn read_text(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot open {shown}: {e}"))?;
    if metadata.is_dir() {
        return Err(format!("{shown} is a folder, not a file"));
    }
    if metadata.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "{shown} is {} MiB; Frontier reads text files up to {} MiB",
            metadata.len() >> 20,
            MAX_TEXT_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{shown} is not a text file (invalid UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Writes a text file whole: to a temporary file beside it first, then renamed over it, so
/// a failed write never leaves half a file where the user's work was.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    let shown = path.display();
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, text).map_err(|e| format!("cannot write {shown}: {e}"))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {shown}: {e}")
    })
}
