//! What the Snake tab remembers between runs, and how it comes back, field by field.

use super::{MAX_SPEED, MIN_SPEED, Pilot, SnakeSaved, SnakeTab};
use crate::app::persistence::{Fields, Restorer};
use crate::app::tab::Restore;
use crate::games::snake::{MAX_SIDE, MIN_SIDE};

impl Default for SnakeSaved {
    fn default() -> Self {
        SnakeSaved {
            width: 16,
            height: 12,
            walls: vec![],
            seed: 1,
            speed: 8.0,
            pilot: Pilot::Player,
            high_scores: Default::default(),
        }
    }
}

fn side_check(side: &usize) -> Result<(), String> {
    if (MIN_SIDE..=MAX_SIDE).contains(side) {
        Ok(())
    } else {
        Err(crate::tr!(
            "saved-snake-side",
            min = MIN_SIDE,
            max = MAX_SIDE,
            side = *side
        ))
    }
}

impl Restore for SnakeTab {
    fn restore(saved: Option<&Fields>) -> (Self, Vec<String>) {
        let mut r = Restorer::new(crate::tr!("part-snake"), saved);
        let d = SnakeSaved::default();
        let width = r.checked("width", d.width, side_check);
        let height = r.checked("height", d.height, side_check);
        let walls = r.checked("walls", vec![], |rows: &Vec<String>| {
            let fits = rows.is_empty()
                || (rows.len() == height
                    && rows.iter().all(|row| {
                        row.chars().count() == width && row.chars().all(|c| c == '#' || c == '.')
                    }));
            if fits {
                Ok(())
            } else {
                Err(crate::tr!(
                    "saved-snake-walls",
                    height = height,
                    width = width
                ))
            }
        });
        let saved = SnakeSaved {
            width,
            height,
            walls,
            seed: r.field("seed", d.seed),
            speed: r.checked("speed", d.speed, |&s| {
                if (MIN_SPEED..=MAX_SPEED).contains(&s) {
                    Ok(())
                } else {
                    Err(crate::tr!(
                        "saved-snake-speed",
                        speed = format!("{s}"),
                        min = MIN_SPEED,
                        max = MAX_SPEED
                    ))
                }
            }),
            pilot: r.field("pilot", d.pilot),
            high_scores: r.field("high_scores", d.high_scores),
        };
        (SnakeTab::new(saved), r.finish())
    }
}
