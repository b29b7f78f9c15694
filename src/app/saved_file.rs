//! The file eframe keeps the saved state in (`app.ron`), looked at before the app starts.
//! eframe drops a file it cannot read without a word and overwrites it at the next save, so
//! the user's remembered boards, progress and best scores would be gone for good. Here a
//! file that cannot be read is moved aside (`app.ron.bak-<seconds since 1970>`), never
//! deleted, and the app says so on start, naming both files; a window size no screen can
//! show is dropped from it the same way (after a copy is kept).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::persistence::Fields;

/// The saved-state file beside the app's other data (where eframe would put it), when the
/// system has such a place.
pub fn default_path() -> Option<PathBuf> {
    eframe::storage_dir("Frontier").map(|dir| dir.join("app.ron"))
}

/// Checks the saved-state file before eframe reads it; returns what the user must be told,
/// if anything was wrong (and has been dealt with).
pub fn preflight(path: &Path, now: SystemTime) -> Option<String> {
    let metadata = std::fs::symlink_metadata(path).ok()?;
    let shown = path.display();
    if metadata.is_dir() {
        return Some(format!(
            "{} {}",
            crate::tr!("saved-file-folder", file = shown.to_string()),
            move_aside(path, now)
        ));
    }
    let text = match std::fs::File::open(path)
        .map_err(|e| crate::tr!("saved-file-cannot-open", why = e.to_string()))
        .and_then(|file| crate::files::read_bounded(file, crate::files::MAX_TEXT_BYTES))
    {
        Ok(text) => text,
        Err(why) => {
            return Some(format!(
                "{} {}",
                crate::tr!("saved-file-unreadable", file = shown.to_string(), why = why),
                move_aside(path, now)
            ));
        }
    };
    let mut entries: HashMap<String, String> = match ron::from_str(&text) {
        Ok(entries) => entries,
        Err(e) => {
            let why = if text.trim().is_empty() {
                crate::tr!("saved-file-empty")
            } else {
                crate::tr!(
                    "saved-file-garbled",
                    why = crate::files::quote(&e.to_string())
                )
            };
            return Some(format!(
                "{} {}",
                crate::tr!("saved-file-unreadable", file = shown.to_string(), why = why),
                move_aside(path, now)
            ));
        }
    };
    let window = entries.get(WINDOW_KEY)?;
    let why = window_problem(window)?;
    let kept = keep_copy(path, now);
    entries.remove(WINDOW_KEY);
    let rewritten = ron::ser::to_string_pretty(&entries, Default::default())
        .map_err(|e| e.to_string())
        .and_then(|text| crate::files::write_text(path, &text));
    Some(match rewritten {
        Ok(()) => format!("{}{kept}", crate::tr!("saved-window-dropped", why = why)),
        Err(e) => crate::tr!("saved-window-stuck", why = why, error = e),
    })
}

/// Where eframe keeps the window's size and place.
const WINDOW_KEY: &str = "window";

/// Sizes beyond any screen, in points.
const LARGEST_SIDE: f32 = 100_000.0;

/// What is wrong with a saved window, if anything: a size or a place that is not a number,
/// or a size no screen has.
fn window_problem(window: &str) -> Option<String> {
    let fields = Fields::parse(window).ok()?;
    let geometry = Fields::parse(
        fields
            .value::<Box<ron::value::RawValue>>("normal_geometry")?
            .get_ron(),
    )
    .ok()?;
    let size: Option<(f32, f32)> = geometry
        .value::<Box<ron::value::RawValue>>("inner_size_points")
        .and_then(|raw| Fields::parse(raw.get_ron()).ok())
        .and_then(|s| Some((s.value("x")?, s.value("y")?)));
    let scale: Option<f32> = geometry.value("scale_factor");
    if let Some((x, y)) = size
        && !(x.is_finite()
            && y.is_finite()
            && (1.0..=LARGEST_SIDE).contains(&x)
            && (1.0..=LARGEST_SIDE).contains(&y))
    {
        return Some(crate::tr!("saved-window-size", size = format!("{x} x {y}")));
    }
    if let Some(scale) = scale
        && !(scale.is_finite() && scale > 0.0)
    {
        return Some(crate::tr!("saved-window-scale", scale = format!("{scale}")));
    }
    let place = geometry
        .value::<Option<Box<ron::value::RawValue>>>("outer_position_pixels")
        .flatten()
        .and_then(|raw| Fields::parse(raw.get_ron()).ok())
        .and_then(|p| Some((p.value::<f32>("x")?, p.value::<f32>("y")?)));
    if let Some((x, y)) = place
        && !(x.is_finite() && y.is_finite() && x.abs() <= LARGEST_SIDE && y.abs() <= LARGEST_SIDE)
    {
        return Some(crate::tr!(
            "saved-window-place",
            place = format!("{x}, {y}")
        ));
    }
    None
}

/// The name to keep a copy under: `<file>.bak-<seconds>`, with `-2`, `-3`… when taken.
fn aside_name(path: &Path, now: SystemTime) -> PathBuf {
    let seconds = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut base = path.as_os_str().to_owned();
    base.push(format!(".bak-{seconds}"));
    let mut candidate = PathBuf::from(&base);
    let mut n = 2;
    while candidate.exists() {
        let mut numbered = base.clone();
        numbered.push(format!("-{n}"));
        candidate = PathBuf::from(numbered);
        n += 1;
    }
    candidate
}

/// Moves the file (or folder) aside; the sentence to tell the user.
fn move_aside(path: &Path, now: SystemTime) -> String {
    let aside = aside_name(path, now);
    match std::fs::rename(path, &aside) {
        Ok(()) => crate::tr!("saved-file-moved", copy = aside.display().to_string()),
        Err(e) => crate::tr!("saved-file-not-moved", why = e.to_string()),
    }
}

/// Keeps a copy of the file before it is overwritten; the sentence to tell the user (with a
/// leading space).
pub fn keep_copy(path: &Path, now: SystemTime) -> String {
    let aside = aside_name(path, now);
    match std::fs::copy(path, &aside) {
        Ok(_) => format!(
            " {}",
            crate::tr!("saved-file-copied", copy = aside.display().to_string())
        ),
        Err(e) => format!(
            " {}",
            crate::tr!("saved-file-not-copied", why = e.to_string())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("frontier-saved-file-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_that_cannot_be_read_is_moved_aside_and_named() {
        let now = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
        for (name, content) in [
            ("garbage", "this is not what eframe wrote".as_bytes()),
            ("truncated", b"{\"frontier-state\": \"(version: 2,"),
            ("empty", b""),
            ("binary", &[0xff, 0xfe, 0x00, 0x01]),
        ] {
            let dir = folder(name);
            let file = dir.join("app.ron");
            std::fs::write(&file, content).unwrap();
            let message = preflight(&file, now).expect("a message");
            let aside = dir.join("app.ron.bak-1700000000");
            assert!(!file.exists(), "{name}: moved away");
            assert_eq!(
                std::fs::read(&aside).unwrap(),
                content,
                "{name}: kept whole"
            );
            assert!(message.contains(&aside.display().to_string()), "{message}");
            assert!(message.contains(&file.display().to_string()), "{message}");
            // A second bad file the same second does not overwrite the first copy.
            std::fs::write(&file, b"also bad").unwrap();
            preflight(&file, now).unwrap();
            assert!(dir.join("app.ron.bak-1700000000-2").exists());
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }

    #[test]
    fn a_folder_in_place_of_the_file_is_moved_aside() {
        let dir = folder("dir");
        let file = dir.join("app.ron");
        std::fs::create_dir(&file).unwrap();
        let message = preflight(&file, SystemTime::now()).unwrap();
        assert!(message.contains("is a folder"), "{message}");
        assert!(!file.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_window_no_screen_can_show_is_dropped_and_the_rest_kept() {
        let dir = folder("window");
        let file = dir.join("app.ron");
        let window = "(normal_geometry:(outer_position_pixels:Some((x:10.0,y:20.0)),scale_factor:1.0,inner_size_points:(x:1e30,y:NaN)),fullscreen:false,maximized:false)";
        let entries: HashMap<String, String> = [
            ("window".to_string(), window.to_string()),
            ("frontier-state".to_string(), "(version:2)".to_string()),
        ]
        .into();
        std::fs::write(&file, ron::ser::to_string(&entries).unwrap()).unwrap();
        let message = preflight(&file, SystemTime::now()).unwrap();
        assert!(
            message.contains("1000000000000000000000000000000 x NaN"),
            "{message}"
        );
        let left: HashMap<String, String> =
            ron::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(left.keys().collect::<Vec<_>>(), ["frontier-state"]);
        assert!(
            message.contains("A copy of the saved state is kept at"),
            "{message}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_sound_file_is_left_alone() {
        let dir = folder("sound");
        let file = dir.join("app.ron");
        assert_eq!(
            preflight(&file, SystemTime::now()),
            None,
            "no file: nothing to say"
        );
        let window = "(normal_geometry:(outer_position_pixels:None,scale_factor:1.5,inner_size_points:(x:1400.0,y:860.0)),fullscreen:false,maximized:false)";
        let entries: HashMap<String, String> = [("window".to_string(), window.to_string())].into();
        let text = ron::ser::to_string(&entries).unwrap();
        std::fs::write(&file, &text).unwrap();
        assert_eq!(preflight(&file, SystemTime::now()), None);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
