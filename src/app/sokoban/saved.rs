//! What the Sokoban tab remembers between runs, and how it comes back, field by field.

use super::{Progress, SokobanTab};
use crate::app::persistence::{Fields, Restorer};
use crate::app::tab::Restore;
use crate::games::sokoban::solver::SokobanAlgorithm;
use crate::games::sokoban::solver::{ALGORITHMS, Detail};
use crate::games::sokoban::{parse_collection, presets};

/// The collection (kept whole when it is small enough), the level, the best results and the
/// solver's settings.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SokobanSaved {
    pub collection_name: String,
    pub collection_text: String,
    pub index: usize,
    pub progress: Progress,
    pub algorithm: SokobanAlgorithm,
    pub detail: Detail,
}

/// The largest collection kept in the saved state (bigger ones are reopened from the menu).
const MAX_SAVED_TEXT: usize = 4 << 20;

impl Default for SokobanSaved {
    fn default() -> Self {
        SokobanSaved {
            collection_name: presets::COLLECTIONS[0].0.to_string(),
            collection_text: presets::COLLECTIONS[0].1.to_string(),
            index: 0,
            progress: Progress::default(),
            algorithm: SokobanAlgorithm::AStar,
            detail: Detail::Pushes,
        }
    }
}

impl SokobanTab {
    pub fn saved(&self) -> SokobanSaved {
        let text = self.collection.text();
        SokobanSaved {
            collection_name: self.collection.name().to_string(),
            // A collection too long to keep is saved by name only.
            collection_text: match text.len() <= MAX_SAVED_TEXT {
                true => text.to_string(),
                false => String::new(),
            },
            index: self.collection.index(),
            progress: self.play.progress().clone(),
            algorithm: self.algorithm(),
            detail: self.detail(),
        }
    }
}

impl Restore for SokobanTab {
    fn restore(saved: Option<&Fields>) -> (Self, Vec<String>) {
        let mut r = Restorer::new(crate::tr!("part-sokoban"), saved);
        let d = SokobanSaved::default();
        let text: Option<String> = r.get("collection_text");
        let entries = match text.as_deref().map(parse_collection) {
            Some(Ok(entries)) if !entries.is_empty() => Some(entries),
            // A collection too large to keep was saved empty on purpose.
            Some(Ok(_)) => None,
            Some(Err(e)) => {
                r.reset(
                    "collection_text",
                    &crate::tr!("saved-levels-damaged", why = e.to_string()),
                );
                None
            }
            None => None,
        };
        let (collection_name, collection_text, index) = match (&entries, text) {
            (Some(entries), Some(text)) => {
                let name = r.field("collection_name", d.collection_name.clone());
                let count = entries.len();
                let index = r.checked("index", 0, |&i| {
                    if i < count {
                        Ok(())
                    } else {
                        Err(crate::tr!(
                            "saved-level-number",
                            count = count,
                            number = i + 1
                        ))
                    }
                });
                (name, text, index)
            }
            _ => (d.collection_name, d.collection_text, 0),
        };
        let saved = SokobanSaved {
            collection_name,
            collection_text,
            index,
            progress: r.field("progress", d.progress),
            algorithm: r.checked("algorithm", d.algorithm, |a| {
                if ALGORITHMS.contains(a) {
                    Ok(())
                } else {
                    Err(crate::tr!(
                        "saved-solve-algorithm",
                        algorithm = a.to_string()
                    ))
                }
            }),
            detail: r.field("detail", d.detail),
        };
        (SokobanTab::new(saved), r.finish())
    }
}
