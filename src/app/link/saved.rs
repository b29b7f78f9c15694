//! What the Link tab remembers between runs, and how it comes back, field by field.

use super::{LinkSaved, LinkTab};
use crate::app::persistence::{Fields, Restorer};
use crate::app::tab::Restore;
use crate::games::link::deal::deal;

impl Default for LinkSaved {
    fn default() -> Self {
        LinkSaved {
            width: 12,
            height: 8,
            seed: 1,
            gravity: false,
            show_search: false,
            best_times: Default::default(),
        }
    }
}

impl Restore for LinkTab {
    fn restore(saved: Option<&Fields>) -> (Self, Vec<String>) {
        let mut r = Restorer::new(crate::tr!("part-link"), saved);
        let d = LinkSaved::default();
        let seed = r.field("seed", d.seed);
        let width: usize = r.field("width", d.width);
        let height: usize = r.field("height", d.height);
        let size = match deal(width, height, seed) {
            Ok(_) => (width, height),
            Err(why) => {
                r.reset("width and height", &why.to_string());
                (d.width, d.height)
            }
        };
        let best_times = r.checked("best_times", d.best_times, |times| {
            match times.0.iter().find(|(_, t)| !(t.is_finite() && **t >= 0.0)) {
                Some((board, t)) => Err(crate::tr!(
                    "saved-bad-time",
                    time = format!("{t}"),
                    board = board
                )),
                None => Ok(()),
            }
        });
        let saved = LinkSaved {
            width: size.0,
            height: size.1,
            seed,
            gravity: r.field("gravity", d.gravity),
            show_search: r.field("show_search", d.show_search),
            best_times,
        };
        (LinkTab::new(saved), r.finish())
    }
}
