/// Command-line arguments: positional words and `--flag [value]` options, read in any
/// order. Anything left unread is reported as an error.
pub struct Args {
    words: Vec<String>,
    used: Vec<bool>,
}

impl Args {
    pub fn new(words: &[String]) -> Args {
        Args {
            words: words.to_vec(),
            used: vec![false; words.len()],
        }
    }

    /// Whether `--name` was given (as a switch).
    pub fn flag(&mut self, name: &str) -> bool {
        match self.words.iter().position(|w| w == name) {
            Some(i) => {
                self.used[i] = true;
                true
            }
            None => false,
        }
    }

    /// The value after `--name`, if given.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, String> {
        let Some(i) = self.words.iter().position(|w| w == name) else {
            return Ok(None);
        };
        self.used[i] = true;
        match self.words.get(i + 1) {
            Some(value) if !self.used[i + 1] => {
                self.used[i + 1] = true;
                Ok(Some(value.clone()))
            }
            _ => Err(format!("{name} needs a value")),
        }
    }

    /// The value after `--name`, parsed.
    pub fn parsed<T>(
        &mut self,
        name: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.option(name)? {
            Some(text) => parse(&text).map(Some).map_err(|e| format!("{name}: {e}")),
            None => Ok(None),
        }
    }

    /// The next positional word not yet read; call after every option has been read.
    pub fn positional(&mut self, what: &str) -> Result<String, String> {
        let i = (0..self.words.len())
            .find(|&i| !self.used[i] && !self.words[i].starts_with("--"))
            .ok_or_else(|| format!("missing {what}"))?;
        self.used[i] = true;
        Ok(self.words[i].clone())
    }

    /// An error naming any word nobody asked for.
    pub fn finish(&self) -> Result<(), String> {
        match (0..self.words.len()).find(|&i| !self.used[i]) {
            Some(i) => Err(format!(
                "unexpected argument `{}`",
                crate::files::quote(&self.words[i])
            )),
            None => Ok(()),
        }
    }
}

/// Parses a whole number, naming it in the error.
pub fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("`{}` is not a valid number", crate::files::quote(text)))
}

/// The longest time limit a command takes: a day.
pub const MAX_SECONDS: f64 = 86_400.0;
/// The shortest: a millisecond.
pub const MIN_SECONDS: f64 = 0.001;

/// Parses a time limit in seconds, from a millisecond to a day.
pub fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (MIN_SECONDS..=MAX_SECONDS).contains(&s) => {
            Ok(std::time::Duration::from_secs_f64(s))
        }
        Ok(_) => Err(format!(
            "`{}` is out of range: a time limit is {MIN_SECONDS} to {MAX_SECONDS} seconds (a day)",
            crate::files::quote(text)
        )),
        Err(_) => Err(format!(
            "`{}` is not a number of seconds",
            crate::files::quote(text)
        )),
    }
}

/// The least memory a search may be given: below this nothing but trivial levels solve.
pub const MIN_BYTES: usize = 1 << 20;
/// The most: a terabyte.
pub const MAX_BYTES: usize = 1 << 40;

/// Parses an amount of memory: bytes, or a number with K, M, G or T (binary units, so
/// `2G` is 2 GiB), from a MiB to a TiB.
pub fn bytes(text: &str) -> Result<usize, String> {
    let trimmed = text.trim();
    let (digits, unit) = match trimmed
        .char_indices()
        .find(|(_, c)| c.is_ascii_alphabetic())
    {
        Some((at, _)) => trimmed.split_at(at),
        None => (trimmed, ""),
    };
    let scale = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 1.0,
        "K" => 1024.0,
        "M" => 1024.0 * 1024.0,
        "G" => 1024.0 * 1024.0 * 1024.0,
        "T" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => {
            return Err(format!(
                "`{}` is not an amount of memory (try 512M or 2G)",
                crate::files::quote(text)
            ));
        }
    };
    let amount = digits
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
        .ok_or_else(|| {
            format!(
                "`{}` is not an amount of memory (try 512M or 2G)",
                crate::files::quote(text)
            )
        })?
        * scale;
    if !(MIN_BYTES as f64..=MAX_BYTES as f64).contains(&amount) {
        return Err(format!(
            "`{}` is out of range: memory is 1M to 1T",
            crate::files::quote(text)
        ));
    }
    Ok(amount as usize)
}

#[cfg(test)]
mod tests {
    use super::bytes;

    #[test]
    fn memory_amounts_read_in_binary_units_and_absurd_ones_are_refused() {
        assert_eq!(bytes("2G"), Ok(2 << 30));
        assert_eq!(bytes("512M"), Ok(512 << 20));
        assert_eq!(bytes("1.5GiB"), Ok(3 << 29));
        assert_eq!(bytes("1048576"), Ok(1 << 20));
        for bad in [
            "", "G", "2X", "NaN", "-1G", "1e300", "100", "2 G B x", "inf",
        ] {
            assert!(bytes(bad).is_err(), "{bad}");
        }
    }
}
