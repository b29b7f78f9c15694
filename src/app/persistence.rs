//! What the app remembers between runs, stored by eframe's persistence as RON (the text
//! format eframe itself uses). Each tab saves its own part; on restore every field is read
//! on its own and checked, so a damaged field is reset (with a message naming it) and the
//! rest comes back. A saved state that cannot be read at all starts the app fresh with a
//! message, and the file it came from is kept aside (see [`super::saved_file`]).

use std::collections::BTreeMap;

use ron::value::RawValue;

use super::view::{self, Theme};
pub use crate::files::restore::{Fields, Restorer};
use crate::i18n::Language;

pub const STORAGE_KEY: &str = "frontier-state";

/// The shape of the saved state. Version 1 kept the Pathfinding tab's fields at the top;
/// version 2 gives each tab its own part, by key. Version 1 is read and converted.
pub const VERSION: u32 = 2;

/// The saved state as written: the open tab, the app's own settings, and each tab's own
/// part (RON text).
#[derive(Clone, Debug, serde::Serialize)]
pub struct SavedState {
    pub version: u32,
    pub tab: String,
    pub shell: ShellSaved,
    pub tabs: BTreeMap<String, Box<RawValue>>,
}

/// What the app as a whole remembers, besides its tabs.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct ShellSaved {
    /// The language chosen (none yet: the system's at first start).
    pub language: Option<Language>,
    /// The interface scale (none: 100%).
    pub scale: Option<f32>,
    /// Light, dark or the system's (none: the system's).
    pub theme: Option<Theme>,
    /// The "Getting started" pages were shown once already.
    pub getting_started_seen: Option<bool>,
    /// Files and folders opened or saved lately, most recent first.
    pub recent_files: Option<Vec<std::path::PathBuf>>,
    pub recent_folders: Option<Vec<std::path::PathBuf>>,
    /// How far the student got in each lesson, by the lesson's id.
    pub lessons: Option<BTreeMap<String, crate::lessons::LessonProgress>>,
    /// The page links point to, as set in the app.
    pub link_page: Option<String>,
    /// The student's file and last check of each assignment, by the assignment's id.
    pub assignments: Option<BTreeMap<String, crate::app::assignments::AssignmentWork>>,
}

impl ShellSaved {
    /// The app's own settings from their saved fields; a field that cannot be used is left
    /// out, and the messages say which.
    fn read(fields: &Fields) -> (ShellSaved, Vec<String>) {
        let mut resets = vec![];
        let scale = fields.value::<Option<f32>>("scale").flatten();
        let scale = match scale {
            Some(s) if !view::valid_scale(s) => {
                resets.push(crate::tr!("saved-scale-reset", scale = s.to_string()));
                None
            }
            other => other,
        };
        let link_page = match fields.value::<Option<String>>("link_page").flatten() {
            Some(page) => match crate::share::check_page(&page) {
                Ok(page) => Some(page),
                Err(why) => {
                    resets.push(crate::tr!("saved-link-page-reset", why = why));
                    None
                }
            },
            None => None,
        };
        let saved = ShellSaved {
            language: fields.value::<Option<Language>>("language").flatten(),
            scale,
            theme: fields.value::<Option<Theme>>("theme").flatten(),
            getting_started_seen: fields
                .value::<Option<bool>>("getting_started_seen")
                .flatten(),
            recent_files: fields.value("recent_files").flatten(),
            recent_folders: fields.value("recent_folders").flatten(),
            lessons: fields.value("lessons").flatten(),
            link_page,
            assignments: fields.value("assignments").flatten(),
        };
        (saved, resets)
    }
}

/// A saved state, read: the open tab's key, the app's own settings, and each tab's part.
#[derive(Debug)]
pub struct ReadState {
    pub tab: Option<String>,
    pub shell: ShellSaved,
    /// What of the app's own settings was reset, and why.
    pub shell_resets: Vec<String>,
    pub tabs: BTreeMap<String, Fields>,
}

impl SavedState {
    pub fn to_ron(&self) -> String {
        ron::ser::to_string(self).unwrap_or_default()
    }

    /// Reads a saved state. The error says why the text is no saved state at all; damaged
    /// parts are left for the tabs to reset.
    pub fn read(text: &str) -> Result<ReadState, String> {
        let top = Fields::parse(text).map_err(|e| crate::tr!("saved-state-not-state", why = e))?;
        let version: u32 = top
            .value("version")
            .ok_or_else(|| crate::tr!("saved-state-no-version"))?;
        match version {
            VERSION => {
                let tab = top.value("tab");
                let parts: BTreeMap<String, Box<RawValue>> = top.value("tabs").unwrap_or_default();
                let tabs = parts
                    .into_iter()
                    .filter_map(|(key, raw)| Some((key, Fields::parse(raw.get_ron()).ok()?)))
                    .collect();
                let (shell, shell_resets) = top
                    .value::<Box<RawValue>>("shell")
                    .and_then(|raw| Fields::parse(raw.get_ron()).ok())
                    .map(|fields| ShellSaved::read(&fields))
                    .unwrap_or_default();
                Ok(ReadState {
                    tab,
                    shell,
                    shell_resets,
                    tabs,
                })
            }
            1 => Ok(from_version_1(top)),
            other => Err(crate::tr!("saved-state-other-version", version = other)),
        }
    }
}

/// Version 1: the Pathfinding tab's fields at the top level, the other tabs as options.
fn from_version_1(top: Fields) -> ReadState {
    // Version 1 wrote the tab as an enum variant (`Snake`); its key is the name in lower case.
    let tab = top
        .value::<Box<RawValue>>("tab")
        .map(|t| t.get_ron().to_lowercase());
    let mut tabs = BTreeMap::new();
    for key in ["sokoban", "snake", "link"] {
        let part = top.value::<Option<Box<RawValue>>>(key).flatten();
        if let Some(fields) = part.and_then(|raw| Fields::parse(raw.get_ron()).ok()) {
            tabs.insert(key.to_string(), fields);
        }
    }
    tabs.insert("pathfinding".to_string(), top);
    ReadState {
        tab,
        shell: ShellSaved::default(),
        shell_resets: vec![],
        tabs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_no_saved_state_says_so() {
        for text in ["", "this is not RON", "(tab: Pathfinding)", "[1, 2]"] {
            let error = SavedState::read(text).unwrap_err();
            assert!(error.contains("not a saved state"), "{text}: {error}");
        }
        let error = SavedState::read("(version: 99)").unwrap_err();
        assert!(error.contains("another version"), "{error}");
    }
}
