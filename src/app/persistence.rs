//! What the app remembers between runs, stored by eframe's persistence as RON (the text
//! format eframe itself uses). Each tab saves its own part; on restore every field is read
//! on its own and checked, so a damaged field is reset (with a message naming it) and the
//! rest comes back. A saved state that cannot be read at all starts the app fresh with a
//! message, and the file it came from is kept aside (see [`super::saved_file`]).

use std::collections::BTreeMap;
use std::fmt;

use ron::value::RawValue;

use super::view::{self, Theme};
use crate::i18n::Language;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};

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

/// The fields of one saved struct, each kept as RON text until it is read, so that one
/// damaged field does not take the others with it.
#[derive(Clone, Debug, Default)]
pub struct Fields(BTreeMap<String, Box<RawValue>>);

impl Fields {
    /// The fields of a RON struct (or map with string keys).
    pub fn parse(text: &str) -> Result<Fields, String> {
        ron::from_str(text).map_err(|e| crate::files::quote(&e.to_string()))
    }

    /// A field read as a `T`; None when it is missing or cannot be read as one.
    pub fn value<T: DeserializeOwned>(&self, name: &str) -> Option<T> {
        self.0.get(name)?.into_rust().ok()
    }

    /// A field read as a `T`, with why it cannot be, when it is present.
    pub fn read<T: DeserializeOwned>(&self, name: &str) -> Option<Result<T, String>> {
        let raw = self.0.get(name)?;
        Some(
            raw.into_rust()
                .map_err(|e| crate::files::quote(&e.code.to_string())),
        )
    }
}

impl<'de> serde::Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldsVisitor;
        impl<'de> Visitor<'de> for FieldsVisitor {
            type Value = Fields;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a struct of named fields")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
                let mut fields = BTreeMap::new();
                while let Some((name, value)) = map.next_entry::<String, Box<RawValue>>()? {
                    fields.insert(name, value);
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_any(FieldsVisitor)
    }
}

/// Restores one saved part field by field, noting each field that had to be reset.
pub struct Restorer<'a> {
    fields: Option<&'a Fields>,
    /// What the part is called in messages ("the Snake tab").
    part: String,
    resets: Vec<String>,
}

impl<'a> Restorer<'a> {
    pub fn new(part: impl Into<String>, fields: Option<&'a Fields>) -> Restorer<'a> {
        Restorer {
            fields,
            part: part.into(),
            resets: vec![],
        }
    }

    /// The field `name`, when it is there and can be read as a `T`; one that is there but
    /// cannot be read is noted as reset. A missing field is no damage: states saved before
    /// it existed lack it.
    pub fn get<T: DeserializeOwned>(&mut self, name: &str) -> Option<T> {
        match self.fields.and_then(|f| f.read::<T>(name))? {
            Ok(value) => Some(value),
            Err(why) => {
                self.reset(name, &why);
                None
            }
        }
    }

    /// The field `name`, or `default`.
    pub fn field<T: DeserializeOwned>(&mut self, name: &str, default: T) -> T {
        self.get(name).unwrap_or(default)
    }

    /// The field `name` if `check` accepts it, else `default` (with `check`'s reason noted).
    pub fn checked<T: DeserializeOwned>(
        &mut self,
        name: &str,
        default: T,
        check: impl FnOnce(&T) -> Result<(), String>,
    ) -> T {
        let Some(value) = self.get::<T>(name) else {
            return default;
        };
        match check(&value) {
            Ok(()) => value,
            Err(why) => {
                self.reset(name, &why);
                default
            }
        }
    }

    /// The fields of the struct in field `name`, to be read one by one in turn.
    pub fn part(&mut self, name: &str) -> Option<Fields> {
        let raw = self.get::<Box<RawValue>>(name)?;
        match Fields::parse(raw.get_ron()) {
            Ok(fields) => Some(fields),
            Err(why) => {
                self.reset(name, &why);
                None
            }
        }
    }

    /// Takes the resets noted by a restorer of one of this part's fields.
    pub fn absorb(&mut self, inner: Restorer<'_>) {
        self.resets.extend(inner.resets);
    }

    /// Notes that `name` was reset, and why.
    pub fn reset(&mut self, name: &str, why: &str) {
        self.resets.push(crate::tr!(
            "saved-state-field-reset",
            part = &self.part,
            field = name,
            why = why
        ));
    }

    /// The resets noted.
    pub fn finish(self) -> Vec<String> {
        self.resets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_is_read_on_its_own() {
        let fields = Fields::parse("(speed: NaN, seed: 7, name: \"x\", size: \"big\")").unwrap();
        let mut restorer = Restorer::new("the test", Some(&fields));
        let seed: u64 = restorer.field("seed", 1);
        let size: usize = restorer.field("size", 12);
        let speed: f64 = restorer.checked("speed", 8.0, |s| {
            if s.is_finite() {
                Ok(())
            } else {
                Err(format!("{s} is no speed"))
            }
        });
        let missing: bool = restorer.field("gravity", true);
        assert_eq!((seed, size, speed, missing), (7, 12, 8.0, true));
        let resets = restorer.finish();
        assert_eq!(resets.len(), 2, "{resets:?}");
        assert!(resets[0].contains("size was reset"), "{resets:?}");
        assert!(resets[1].contains("NaN is no speed"), "{resets:?}");
    }

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
