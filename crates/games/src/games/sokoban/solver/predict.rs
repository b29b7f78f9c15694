//! "Predict the next step" for the Sokoban solver: the student picks, among a few positions
//! of the frontier, the one the search expands next. The choices always hold that position
//! and the others the search ranks nearest to it (so a tie is possible, and counts as right),
//! in an order that gives nothing away.

use super::push::Position;
use super::solve::SokobanRun;
use crate::grid::Pos;
use crate::search::NodeStatus;
use crate::search::predict::{self, Prediction, Ranking};

/// The positions offered: the one expanded next among the frontier positions ranked
/// nearest to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    pub positions: Vec<Position>,
    /// Which of them the search expands next.
    pub next: usize,
}

/// Up to `count` frontier positions of `run` to choose from, the next one among them; `None`
/// when the next step expands nothing.
pub fn choices(run: &SokobanRun, count: usize) -> Option<Choices> {
    let (_, next) = run.next_expansion()?;
    let engine = run.engine();
    let measure = match run.algorithm().ranking() {
        Ranking::Lowest(measure) => Some(measure),
        Ranking::Order => None,
    };
    let mut others = vec![];
    engine.for_each_node(&mut |state, view| {
        if view.status == NodeStatus::Frontier && *state != next {
            let value = measure.map_or(0.0, |m| m.of(view));
            others.push((value, state.clone()));
        }
    });
    // Nearest in rank first (ties with the next one included), then a fixed order.
    others.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| key(&a.1).cmp(&key(&b.1))));
    let mut positions: Vec<Position> = others
        .into_iter()
        .take(count.saturating_sub(1))
        .map(|(_, p)| p)
        .collect();
    positions.push(next.clone());
    // An order that depends on the positions alone, not on their rank.
    positions.sort_by_key(key);
    let next = positions.iter().position(|p| *p == next)?;
    Some(Choices { positions, next })
}

/// A shuffle key for a position: its squares mixed (the same on every run).
fn key(position: &Position) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64 ^ u64::from(position.player);
    for &square in position.boxes.iter() {
        hash = (hash ^ u64::from(square)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Judges `answer` as the position `run` expands next.
pub fn judge(run: &SokobanRun, answer: Position) -> Option<Prediction<Position>> {
    let next = run.next_expansion()?;
    Some(predict::judge(
        run.engine(),
        next,
        answer,
        run.algorithm().ranking(),
    ))
}

/// The push that made `position`: the box's square before and after it, as the search
/// knows it (from the position it was reached from); `None` for the start.
pub fn pushed_box(run: &SokobanRun, position: &Position) -> Option<(Pos, Pos)> {
    let view = run
        .engine()
        .node_on(position, crate::search::Side::Forward)?;
    let parent = view.parent?;
    let squares = &run.sokoban().analysis.positions;
    let moved = |from: &Position, to: &Position| {
        from.boxes
            .iter()
            .find(|b| !to.boxes.iter().any(|c| c == *b))
            .map(|&b| squares[b as usize])
    };
    Some((moved(&parent, position)?, moved(position, &parent)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sokoban::presets;
    use crate::games::sokoban::solver::{ALGORITHMS, Detail};
    use crate::search::Budget;
    use crate::search::predict::Verdict;

    /// On the tutorial's Crossroads, for every search: the choices hold the next position,
    /// which is judged right; every other choice is a frontier position ranked no better;
    /// and the search then expands the position said to be next.
    #[test]
    fn the_choices_hold_the_next_position_and_the_others_are_judged_by_rank() {
        let entries = presets::collection("frontier-tutorial.xsb").unwrap();
        let level = entries.last().unwrap().level.clone().unwrap();
        let (mut ties, mut later) = (0, 0);
        for algorithm in ALGORITHMS {
            let mut run = SokobanRun::new(&level, algorithm, Detail::Pushes, Budget::UNLIMITED);
            for step in 0..120 {
                let Some(offered) = choices(&run, 6) else {
                    break;
                };
                let next = offered.positions[offered.next].clone();
                for (i, position) in offered.positions.iter().enumerate() {
                    let verdict = judge(&run, position.clone()).unwrap().verdict;
                    match verdict {
                        Verdict::Right => assert_eq!(i, offered.next, "{algorithm} {step}"),
                        Verdict::Tie { .. } => ties += 1,
                        Verdict::Later { taken, answer } => {
                            later += 1;
                            if let (Some(t), Some(a)) = (taken, answer) {
                                assert!(t < a, "{algorithm} step {step}: {t} over {a}");
                            }
                        }
                        other => panic!("{algorithm} step {step}: a choice judged {other:?}"),
                    }
                }
                run.next();
                let (_, expanded) = run.engine().last_expanded().unwrap();
                assert_eq!(expanded, next, "{algorithm} step {step}");
            }
        }
        assert!(ties > 20 && later > 20, "ties {ties}, later {later}");
    }
}
