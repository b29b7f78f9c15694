//! `frontier link-game`: the contest problem POJ 1101, standard input to standard output.

use std::io::Read;

use super::Status;
use crate::games::link::poj::answer;

pub fn link_game(args: &[String]) -> Status {
    if let Some(extra) = args.first() {
        return Status::BadInput(format!(
            "link-game reads standard input and takes no arguments (got `{}`)",
            crate::files::quote(extra)
        ));
    }
    let mut input = String::new();
    if let Err(e) = std::io::stdin()
        .take(crate::files::MAX_TEXT_BYTES)
        .read_to_string(&mut input)
    {
        return Status::BadInput(format!("cannot read standard input: {e}"));
    }
    match answer(&input) {
        Ok(output) => {
            use std::io::Write as _;
            if std::io::stdout()
                .lock()
                .write_all(output.as_bytes())
                .is_err()
            {
                std::process::exit(0);
            }
            Status::Success
        }
        Err(message) => Status::BadInput(message),
    }
}
