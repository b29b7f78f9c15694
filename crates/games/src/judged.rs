//! The judge's verdict on a search someone wrote (see [`crate::search::judge`]), in words a
//! student reads, in the language shown: the rule followed, or the first step that broke it,
//! what the rule wanted there, and the bug the step matches.

use std::fmt::Display;

use crate::search::Cost;
use crate::search::judge::{Divergence, Like, Rule, Verdict};
use crate::tr;

/// The rule's name as the app names the search.
pub fn rule_name(rule: Rule) -> String {
    match rule {
        Rule::Bfs => tr!("algo-bfs"),
        Rule::Dfs => tr!("algo-dfs"),
        Rule::Ucs => tr!("judge-ucs"),
        Rule::AStar => tr!("algo-astar"),
        Rule::Greedy => tr!("algo-greedy"),
    }
}

/// A cost as the board shows it: whole numbers whole, others to two decimals.
fn shown(cost: Cost) -> String {
    if (cost - cost.round()).abs() < 1e-9 {
        format!("{cost:.0}")
    } else {
        format!("{cost:.2}")
    }
}

/// The verdict in a sentence or three.
pub fn verdict_text<S: Display>(rule: Rule, verdict: &Verdict<S>) -> String {
    let name = rule_name(rule);
    let (step, how) = match verdict {
        Verdict::Follows { expansions } => {
            return tr!("judge-follows", rule = name, expansions = *expansions);
        }
        Verdict::Diverged { step, how } => (*step, how),
    };
    let what = match how {
        Divergence::NotReached { state } => tr!("judge-not-reached", state = state.to_string()),
        Divergence::ExpandedAgain { state, first } => tr!(
            "judge-expanded-again",
            state = state.to_string(),
            first = *first
        ),
        Divergence::OutOfOrder {
            state,
            measure,
            waiting,
            waiting_measure,
            like,
        } => {
            let (state, waiting) = (state.to_string(), waiting.to_string());
            let (mine, theirs) = (shown(*measure), shown(*waiting_measure));
            let order = match rule {
                Rule::Bfs => tr!(
                    "judge-order-bfs",
                    state = state,
                    mine = mine,
                    waiting = waiting,
                    theirs = theirs
                ),
                Rule::Dfs => tr!("judge-order-dfs", state = state, waiting = waiting),
                Rule::Ucs => tr!(
                    "judge-order-ucs",
                    state = state,
                    mine = mine,
                    waiting = waiting,
                    theirs = theirs
                ),
                Rule::AStar => tr!(
                    "judge-order-astar",
                    state = state,
                    mine = mine,
                    waiting = waiting,
                    theirs = theirs
                ),
                Rule::Greedy => tr!(
                    "judge-order-greedy",
                    state = state,
                    mine = mine,
                    waiting = waiting,
                    theirs = theirs
                ),
            };
            match like {
                Some(like) => format!("{order} {}", like_text(*like)),
                None => order,
            }
        }
        Divergence::PastGoal { goal } => tr!("judge-past-goal", goal = goal.to_string()),
        Divergence::BadPath { at } => tr!("judge-bad-path", at = *at),
        Divergence::NotCheapest { cost, best } => match rule {
            Rule::Bfs => tr!(
                "judge-not-fewest",
                moves = *cost as usize,
                best = *best as usize
            ),
            _ => tr!(
                "judge-not-cheapest",
                rule = name,
                cost = shown(*cost),
                best = shown(*best)
            ),
        },
        Divergence::MissedGoal => tr!("judge-missed-goal"),
        Divergence::StoppedEarly {
            cost,
            waiting,
            waiting_measure,
        } => {
            let (cost, theirs) = (shown(*cost), shown(*waiting_measure));
            let waiting = waiting.to_string();
            match rule {
                Rule::AStar => tr!(
                    "judge-stopped-early-astar",
                    cost = cost,
                    waiting = waiting,
                    theirs = theirs
                ),
                _ => tr!(
                    "judge-stopped-early-ucs",
                    cost = cost,
                    waiting = waiting,
                    theirs = theirs
                ),
            }
        }
    };
    tr!("judge-step", step = step, what = what)
}

fn like_text(like: Like) -> String {
    match like {
        Like::Stack => tr!("judge-like-stack"),
        Like::Queue => tr!("judge-like-queue"),
        Like::LastStepCost => tr!("judge-like-last-step"),
        Like::OnlyG => tr!("judge-like-only-g"),
        Like::OnlyH => tr!("judge-like-only-h"),
    }
}
