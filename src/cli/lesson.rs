//! `frontier lesson FILE...`: checks lesson files as the app reads them (every board, level,
//! run and question), so a teacher can find a mistake before class.

use super::Status;
use crate::lessons::parse_lesson;

pub fn lesson(files: &[String]) -> Status {
    if files.is_empty() {
        return Status::BadInput("usage: frontier lesson FILE...".into());
    }
    let mut all_good = true;
    for file in files {
        let read = crate::files::read_text(std::path::Path::new(file))
            .and_then(|text| parse_lesson(&text).map_err(|e| e.to_string()));
        match read {
            Ok(lesson) => say!(
                "{file}: {} ({}), {} pages, {} questions",
                lesson.title,
                lesson.language.tag(),
                lesson.pages.len(),
                lesson.questions()
            ),
            Err(why) => {
                all_good = false;
                eprintln!("frontier: {file}: {why}");
            }
        }
    }
    if all_good {
        Status::Success
    } else {
        Status::BadInput("some lessons have mistakes".into())
    }
}
