//! Every word the app shows, in English and Simplified Chinese: the messages live in one
//! Project Fluent file per language (`locales/en.ftl`, `locales/zh-CN.ftl`), and code asks
//! for them by key with [`tr!`](crate::tr). Fluent does the plurals ("1 step", "2 steps")
//! and fills in the numbers and names.
//!
//! The language is per thread: the app's window runs on one thread, and each test on its
//! own, so a test that switches to Chinese leaves the others in English. A thread starts in
//! English; the command line stays there (its output is parsed by scripts).

mod message;

use std::cell::{Cell, RefCell};

pub use fluent_bundle::{FluentArgs, FluentValue};
use fluent_bundle::{FluentBundle, FluentResource};
pub use message::{Message, Value};

/// The languages Frontier speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Language {
    English,
    Chinese,
}

impl Language {
    /// Every language, in the order the View menu lists them.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The language's own name for itself, as the menu shows it whatever the current one.
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Chinese => "简体中文",
        }
    }

    /// Its BCP 47 tag.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh-CN",
        }
    }

    /// The Fluent source of its messages.
    pub fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../../../../locales/en.ftl"),
            Language::Chinese => include_str!("../../../../locales/zh-CN.ftl"),
        }
    }

    /// The language a locale tag such as `zh-CN`, `zh_TW.UTF-8` or `en-GB` asks for:
    /// Chinese for any `zh`, English otherwise.
    pub fn from_locale(tag: &str) -> Language {
        if tag.to_ascii_lowercase().starts_with("zh") {
            Language::Chinese
        } else {
            Language::English
        }
    }

    /// The language of the system's locale (English when it cannot be told).
    pub fn of_system() -> Language {
        sys_locale::get_locale().map_or(Language::English, |tag| Language::from_locale(&tag))
    }
}

thread_local! {
    static CURRENT: Cell<Language> = const { Cell::new(Language::English) };
    static BUNDLES: RefCell<Vec<(Language, FluentBundle<FluentResource>)>> =
        const { RefCell::new(Vec::new()) };
}

/// The language messages come in on this thread.
pub fn language() -> Language {
    CURRENT.with(Cell::get)
}

/// Switches this thread's messages to `language`.
pub fn set_language(language: Language) {
    CURRENT.with(|current| current.set(language));
}

/// The messages of `language`, parsed. A message that does not parse is a bug the tests
/// catch, so the parser's complaints are only kept out of the way here.
pub fn bundle(language: Language) -> FluentBundle<FluentResource> {
    let resource = match FluentResource::try_new(language.source().to_string()) {
        Ok(resource) => resource,
        Err((resource, _)) => resource,
    };
    let tag = language
        .tag()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new(vec![tag]);
    // Unicode isolation marks around placeables would show as boxes in the window.
    bundle.set_use_isolating(false);
    let _ = bundle.add_resource(resource);
    bundle
}

/// The message `key` in the current language, with `args` filled in. A key missing from
/// the current language falls back to English, and one missing from both shows as the key.
pub fn tr(key: &str, args: Option<&FluentArgs>) -> String {
    try_tr(key, args).unwrap_or_else(|| key.to_string())
}

thread_local! {
    static TOUCH: Cell<bool> = const { Cell::new(false) };
}

/// Words for a finger from now on (`on`), or for a mouse and keys: a message `KEY` with a
/// variant `KEY-touch` is said in that variant on a touch screen ("Tap Step" rather than
/// "the Right arrow key").
pub fn set_touch(on: bool) {
    TOUCH.with(|touch| touch.set(on));
}

/// The message `key` (see [`tr`]), or None when neither language has it: for names that
/// may or may not have a translation, such as a board's own terrain names.
pub fn try_tr(key: &str, args: Option<&FluentArgs>) -> Option<String> {
    if TOUCH.with(|touch| touch.get())
        && let Some(words) = try_tr_exactly(&format!("{key}-touch"), args)
    {
        return Some(words);
    }
    try_tr_exactly(key, args)
}

/// The message `key` itself, no touch variant: see [`try_tr`].
fn try_tr_exactly(key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let language = language();
    BUNDLES.with(|bundles| {
        let mut bundles = bundles.borrow_mut();
        for wanted in [language, Language::English] {
            if !bundles.iter().any(|(l, _)| *l == wanted) {
                bundles.push((wanted, bundle(wanted)));
            }
            let Some((_, bundle)) = bundles.iter().find(|(l, _)| *l == wanted) else {
                continue;
            };
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = vec![];
                return Some(
                    bundle
                        .format_pattern(pattern, args, &mut errors)
                        .into_owned(),
                );
            }
        }
        None
    })
}

/// A value for a message's placeable: numbers stay numbers (so Fluent can choose the
/// plural form), everything else becomes text.
pub trait Arg {
    fn value(self) -> FluentValue<'static>;
}

macro_rules! number_args {
    ($($t:ty)*) => {$(
        impl Arg for $t {
            fn value(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
    )*};
}

number_args!(i32 i64 u32 u64 usize f64);

impl Arg for String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &str {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for crate::grid::Pos {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for Message {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for &String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

/// The message with this key in the current language; `tr!("key", name = value, ...)`
/// fills in its placeables.
///
/// ```
/// use frontier_games::tr;
/// use frontier_games::i18n::{Language, set_language};
/// assert_eq!(tr!("tab-snake"), "Snake");
/// set_language(Language::Chinese);
/// assert_eq!(tr!("tab-snake"), "贪吃蛇");
/// ```
#[macro_export]
macro_rules! tr {
    ($key:literal) => {
        $crate::i18n::tr($key, None)
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::FluentArgs::new();
        $( args.set(stringify!($name), $crate::i18n::Arg::value($value)); )+
        $crate::i18n::tr($key, Some(&args))
    }};
}
