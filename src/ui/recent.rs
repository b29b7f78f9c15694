//! Files and folders used lately, most recent first, for the file dialog's places. The app
//! keeps them in its saved state; they live here, per thread like the language, so every
//! dialog of every tab shares them.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// How many of each are remembered.
pub const KEPT: usize = 8;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recent {
    pub files: Vec<PathBuf>,
    pub folders: Vec<PathBuf>,
}

thread_local! {
    static RECENT: RefCell<Recent> = RefCell::new(Recent::default());
}

/// The files and folders used lately.
pub fn get() -> Recent {
    RECENT.with(|r| r.borrow().clone())
}

/// Replaces the lists (from a saved state), keeping at most [`KEPT`] of each.
pub fn set(mut recent: Recent) {
    recent.files.truncate(KEPT);
    recent.folders.truncate(KEPT);
    RECENT.with(|r| *r.borrow_mut() = recent);
}

/// Puts `path` (a file opened or saved) and its folder first. A path that is not valid
/// Unicode is not kept: the saved state could not hold it.
pub fn remember(path: &Path) {
    if path.to_str().is_none() {
        return;
    }
    RECENT.with(|r| {
        let mut recent = r.borrow_mut();
        push_front(&mut recent.files, path.to_path_buf());
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            push_front(&mut recent.folders, folder.to_path_buf());
        }
    });
}

fn push_front(list: &mut Vec<PathBuf>, path: PathBuf) {
    list.retain(|p| *p != path);
    list.insert(0, path);
    list.truncate(KEPT);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_comes_first_without_repeats_and_the_lists_stay_short() {
        set(Recent::default());
        for i in 0..12 {
            remember(Path::new(&format!("/boards/{}/b{i}.board", i % 2)));
        }
        remember(Path::new("/boards/1/b3.board"));
        let recent = get();
        assert_eq!(recent.files.len(), KEPT);
        assert_eq!(recent.files[0], PathBuf::from("/boards/1/b3.board"));
        assert_eq!(
            recent.folders,
            vec![PathBuf::from("/boards/1"), PathBuf::from("/boards/0")]
        );
    }
}
