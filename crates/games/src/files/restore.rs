//! A saved state read back field by field: each field of a saved struct kept as RON text
//! until it is read, so that one damaged field (a hand edit, a file from another version)
//! is reset on its own, said by name, and the others are kept.

use std::collections::BTreeMap;
use std::fmt;

use ron::value::RawValue;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};

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
}
