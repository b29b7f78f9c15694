//! A board search's pseudo-code, read from its descriptor, in the current language, and
//! the lines the latest step went through: shared by every tab that runs the board's
//! searches (the Pathfinding board and the Sliding puzzle).

use crate::games::sandbox::PathAlgorithm;
use crate::games::sandbox::algorithms::{Moment, PolicyPart, Text};
use crate::i18n;
use crate::search::{Algorithm, DeepeningStatus, Event, Step};
use crate::teach::policy_text;

use Moment::{Exhausted, Found, Grew, NewIteration, Start, Stayed, WithinIteration};

/// A listing's lines as shown, each with the moments it lights.
type Listing = Vec<(String, &'static [Moment])>;

/// A line's text in the current language: its message, or the part of the family's policy
/// it shows.
fn line_text(algorithm: PathAlgorithm, text: Text) -> String {
    match text {
        Text::Key(key) => i18n::tr(key, None),
        Text::Commented(code, why) => {
            format!("{}   ▹ {}", i18n::tr(code, None), i18n::tr(why, None))
        }
        Text::Policy(part) => {
            let family = algorithm.best_first().or(algorithm.bidirectional());
            let policy = policy_text(family.unwrap_or(Algorithm::AStar));
            match part {
                PolicyPart::Pop => format!("    n ← {}   ▹ {}", policy.pop, policy.order),
                PolicyPart::EntersIf => format!("        {}", policy.enters_if),
                PolicyPart::Record => format!("            {}", policy.record),
                PolicyPart::Push => format!("            {}", policy.push),
            }
        }
    }
}

/// `algorithm`'s listing: each line in the current language, with the moments it lights.
fn listing(algorithm: PathAlgorithm) -> Listing {
    algorithm
        .descriptor()
        .listing
        .iter()
        .map(|line| (line_text(algorithm, line.text), line.lights))
        .collect()
}

/// The moments each line of `algorithm`'s listing lights, without making its text: asked
/// every frame, so nothing is translated.
fn lit(algorithm: PathAlgorithm) -> Vec<&'static [Moment]> {
    let lines = algorithm.descriptor().listing;
    lines.iter().map(|line| line.lights).collect()
}

/// The pseudo-code lines of `algorithm`.
pub fn pseudocode(algorithm: PathAlgorithm) -> Vec<String> {
    listing(algorithm)
        .into_iter()
        .map(|(text, _)| text)
        .collect()
}

/// What the step that produced `event` did, as the listings tag their lines (`deepening`:
/// the run's iteration, for IDDFS and IDA*); none when the search gave up.
fn moment(
    algorithm: PathAlgorithm,
    event: Option<&Step>,
    deepening: Option<DeepeningStatus>,
) -> Option<Moment> {
    let Some(event) = event else {
        return Some(Start);
    };
    match event.event {
        Event::GaveUp(_) => None,
        Event::Found { .. } => Some(Found),
        Event::Exhausted => Some(Exhausted),
        _ if algorithm.deepening().is_some() => {
            if deepening.is_some_and(|d| d.began_iteration) {
                Some(NewIteration)
            } else {
                Some(WithinIteration)
            }
        }
        Event::Expanded {
            added, improved, ..
        } if added + improved > 0 => Some(Grew),
        _ => Some(Stayed),
    }
}

/// The lines (1-based) the step that produced `event` went through last (`deepening`: the
/// run's iteration, for IDDFS and IDA*).
pub fn active_lines(
    algorithm: PathAlgorithm,
    event: Option<&Step>,
    deepening: Option<DeepeningStatus>,
) -> Vec<usize> {
    moment(algorithm, event, deepening).map_or(vec![], |now| lines_lit(algorithm, now))
}

/// The lines (1-based) of `algorithm`'s listing that `now` lights.
fn lines_lit(algorithm: PathAlgorithm, now: Moment) -> Vec<usize> {
    lit(algorithm)
        .iter()
        .enumerate()
        .filter(|(_, lit)| lit.contains(&now))
        .map(|(i, _)| i + 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every moment a search can be at lights a line of its listing, the first line is lit
    /// before the first step, finding the goal and running dry light different lines, and
    /// a line that lights names a line that exists.
    #[test]
    fn every_moment_of_every_search_lights_lines_of_its_own_listing() {
        for algorithm in PathAlgorithm::all() {
            let length = pseudocode(algorithm).len();
            assert_eq!(
                lit(algorithm).len(),
                length,
                "{algorithm}: a tag list per line"
            );
            let steps: &[Moment] = if algorithm.deepening().is_some() {
                &[NewIteration, WithinIteration]
            } else {
                &[Grew, Stayed]
            };
            assert_eq!(lines_lit(algorithm, Start), vec![1], "{algorithm}");
            for &now in steps.iter().chain(&[Found, Exhausted]) {
                let lit = lines_lit(algorithm, now);
                assert!(!lit.is_empty(), "{algorithm}: nothing lit at {now:?}");
                assert!(lit.iter().all(|&line| line <= length), "{algorithm}");
            }
            assert_ne!(lines_lit(algorithm, Found), lines_lit(algorithm, Exhausted));
        }
    }

    /// The listings say in words what the lit lines do: BFS's goal test and its push.
    #[test]
    fn the_lines_lit_are_the_ones_that_do_what_the_step_did() {
        let bfs = PathAlgorithm::search(Algorithm::Bfs);
        let lines = pseudocode(bfs);
        let lit = |now| lines_lit(bfs, now);
        assert!(lit(Found).iter().any(|&l| lines[l - 1].contains("goal")));
        assert!(lit(Grew).iter().any(|&l| lines[l - 1].contains("push")));
        assert!(
            lit(Exhausted)
                .iter()
                .any(|&l| lines[l - 1].contains("no path"))
        );
    }
}
