//! "Predict the next step" for the link search: the student names a cell, and the answer is
//! judged against the state (cell and heading) the search expands next. A cell can hold up
//! to five states (one per heading it was entered with, and the first tile's); the answer
//! stands for the best-ranked of them in the frontier.

use super::finder::LinkProblem;
use crate::grid::{Dir, Pos};
use crate::search::predict::{self, Measure, Prediction, Ranking};
use crate::search::{Algorithm, NodeStatus, Run, Search};

/// How the link search ranks its frontier: by turns so far (uniform cost), or by turns so far
/// plus the turns still needed (A*).
pub fn ranking(search: &Search<LinkProblem>) -> Ranking {
    match search.algorithm() {
        Algorithm::AStar => Ranking::Lowest(Measure::F),
        _ => Ranking::Lowest(Measure::G),
    }
}

/// Judges `cell` as the cell the search expands next; `None` when the next step expands no
/// state (the search is over).
pub fn judge(search: &Search<LinkProblem>, cell: Pos) -> Option<Prediction<Pos>> {
    let (side, taken) = predict::next_expansion(search)?;
    let ranking = ranking(search);
    let headings = std::iter::once(None).chain(Dir::ALL.into_iter().map(Some));
    // The taken state itself if it lies in the cell; else the cell's best frontier state.
    let answer = headings
        .map(|heading| (cell, heading))
        .filter(|state| {
            *state == taken
                || search
                    .node(state)
                    .is_some_and(|view| view.status == NodeStatus::Frontier)
        })
        .min_by(|a, b| {
            let value = |state: &(Pos, Option<Dir>)| match (*state == taken, ranking) {
                (true, _) => f64::NEG_INFINITY,
                (false, Ranking::Lowest(measure)) => {
                    search.node(state).map_or(f64::INFINITY, |v| measure.of(&v))
                }
                (false, Ranking::Order) => 0.0,
            };
            value(a).total_cmp(&value(b))
        })
        .unwrap_or((cell, None));
    let judged = predict::judge(search, (side, taken), answer, ranking);
    Some(Prediction {
        answer: judged.answer.0,
        taken: judged.taken.0,
        side: judged.side,
        verdict: judged.verdict,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::link::LinkBoard;
    use crate::games::link::finder::LinkField;
    use crate::search::predict::Verdict;

    /// On a dealt board, at every step of a link search: the cell expanded next is right, a
    /// tile (never open to a link) is refused, and the search then expands that cell.
    #[test]
    fn the_next_cell_of_a_link_search_is_right_and_a_tile_is_not() {
        let mut checked = 0;
        for guided in [false, true] {
            let board = crate::games::link::deal::deal(12, 8, 5).unwrap();
            let field = LinkField::new(&board);
            let tiles: Vec<Pos> = board
                .positions()
                .filter(|&p| board.tile(p).is_some())
                .collect();
            let (from, to) = pair(&board);
            let algorithm = if guided {
                Algorithm::AStar
            } else {
                Algorithm::Dijkstra
            };
            let mut search = Search::new(field.problem(from, to), algorithm);
            for step in 0..200 {
                let Some(next) = judge(&search, from) else {
                    break;
                };
                let taken = next.taken;
                assert_eq!(
                    judge(&search, taken).unwrap().verdict,
                    Verdict::Right,
                    "step {step}"
                );
                let tile = tiles
                    .iter()
                    .copied()
                    .find(|&t| t != taken && t != to && t != from);
                if let Some(tile) = tile {
                    assert_eq!(
                        judge(&search, tile).unwrap().verdict,
                        Verdict::NotInFrontier,
                        "step {step}"
                    );
                }
                search.next();
                let expanded = search.last_expanded().map(|id| search.state(id).0);
                assert_eq!(expanded, Some(taken), "step {step}");
                checked += 1;
            }
        }
        assert!(checked > 20, "only {checked} steps judged");
    }

    fn pair(board: &LinkBoard) -> (Pos, Pos) {
        let tiles: Vec<(Pos, u8)> = (board.positions())
            .filter_map(|p| board.tile(p).map(|kind| (p, kind)))
            .collect();
        for (i, &(a, kind)) in tiles.iter().enumerate() {
            if let Some(&(b, _)) = tiles[i + 1..].iter().find(|(_, k)| *k == kind) {
                return (a, b);
            }
        }
        panic!("a dealt board has pairs");
    }
}
