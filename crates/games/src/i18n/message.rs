//! A message put into words only when it is shown: the games and their parsers say what
//! happened as a key and its values, and the words come in whatever language is current
//! when the message is displayed (English on the command line, the chosen one in the app,
//! even after the language changes).

use std::fmt;

use fluent_bundle::{FluentArgs, FluentValue};

/// A message key with the values of its placeables.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    key: &'static str,
    args: Vec<(&'static str, Value)>,
}

/// The value of a placeable: a whole number (so Fluent can choose its plural), text, or a
/// message of its own (a reason inside a sentence).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Integer(i64),
    Text(String),
    Message(Box<Message>),
}

/// The key of a message that is its text as given, the same in every language (a file's
/// name, a parser's complaint that has no key of its own yet).
const PLAIN: &str = "plain-text";

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message { key, args: vec![] }
    }

    /// A message that is `text` as it is, in any language.
    pub fn plain(text: impl Into<String>) -> Message {
        Message::new(PLAIN).with("text", Value::Text(text.into()))
    }

    /// The message with one more placeable filled in.
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The value given for the placeable `name`.
    pub fn arg(&self, name: &str) -> Option<&Value> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            let value = match value {
                Value::Integer(n) => FluentValue::from(*n),
                Value::Text(text) => FluentValue::from(text.clone()),
                Value::Message(message) => FluentValue::from(message.to_string()),
            };
            args.set(*name, value);
        }
        f.write_str(&super::tr(self.key, Some(&args)))
    }
}

macro_rules! integer_values {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Integer(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}

integer_values!(i8 i16 i32 i64 u8 u16 u32 u64 usize isize);

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.to_string())
    }
}

impl From<&String> for Value {
    fn from(text: &String) -> Value {
        Value::Text(text.clone())
    }
}

impl From<char> for Value {
    fn from(c: char) -> Value {
        Value::Text(c.to_string())
    }
}

impl From<Message> for Value {
    fn from(message: Message) -> Value {
        Value::Message(Box::new(message))
    }
}

impl From<crate::grid::Pos> for Value {
    fn from(pos: crate::grid::Pos) -> Value {
        Value::Text(pos.to_string())
    }
}

/// A [`Message`] with this key; `msg!("key", name = value, ...)` fills in its placeables.
/// Unlike [`tr!`](crate::tr) it is put into words only when displayed.
#[macro_export]
macro_rules! msg {
    ($key:literal) => {
        $crate::i18n::Message::new($key)
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Message::new($key)$(.with(stringify!($name), $value))+
    };
}

impl From<crate::grid::Dir> for Value {
    fn from(dir: crate::grid::Dir) -> Value {
        use crate::grid::Dir;
        Value::from(match dir {
            Dir::Up => Message::new("dir-up"),
            Dir::Right => Message::new("dir-right"),
            Dir::Down => Message::new("dir-down"),
            Dir::Left => Message::new("dir-left"),
        })
    }
}

/// Text with no key of its own, shown as it is.
impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::plain(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::plain(text)
    }
}

/// The message in words, in the current language (so `?` can pass it on as text).
impl From<Message> for String {
    fn from(message: Message) -> String {
        message.to_string()
    }
}
