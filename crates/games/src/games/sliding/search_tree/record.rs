//! The search tree and the OPEN and CLOSED tables of a best-first search of the puzzle,
//! recorded as its own run goes: every position generated becomes a node of the tree (named
//! S0, S1, ... in the order generated, as the textbooks name them), a successor the search
//! already knew becomes a faint node it does not keep, and after each expansion the table
//! gets a row with OPEN in the order the search takes it and CLOSED in the order it filled.
//!
//! The recording is of one run from the start, kept to its furthest step: a view at an
//! earlier step shows what had happened by then (each node knows the step it was generated
//! at, expanded at and replaced at), so stepping back costs nothing.

use std::collections::HashMap;

use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::{Position, SlidingProblem};
use crate::search::{Algorithm, Cost, Event, NodeId, NodeStatus, Search};

/// Nodes past which the tree stops growing: a tree of more cannot be read on a page, and a
/// table of that many rows is no homework answer. The run shown beside it goes on.
pub const MAX_TREE_NODES: usize = 600;

/// Why a search has no tree of this kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTree {
    /// Searches from both ends grow two trees, and the deepening searches keep no OPEN
    /// table: the view names the searches it draws.
    NotBestFirst,
}

/// What a node's number on the tree is: which of g and h the search ranks by.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ranked {
    /// BFS and DFS: by arrival; g (the moves from the start) is shown.
    Arrival,
    /// Uniform-cost search (Dijkstra): by g.
    G,
    /// Greedy best-first: by h.
    H,
    /// A*: by f = g + h.
    GPlusH,
    /// Weighted A*: by g + w h.
    Weighted(f64),
}

impl Ranked {
    pub fn of(algorithm: Algorithm) -> Ranked {
        match algorithm {
            Algorithm::Bfs | Algorithm::Dfs => Ranked::Arrival,
            Algorithm::Dijkstra => Ranked::G,
            Algorithm::Greedy => Ranked::H,
            Algorithm::AStar => Ranked::GPlusH,
            Algorithm::WeightedAStar(w) => Ranked::Weighted(w),
        }
    }

    /// Whether the search reads the heuristic at all.
    pub fn uses_h(self) -> bool {
        matches!(self, Ranked::H | Ranked::GPlusH | Ranked::Weighted(_))
    }

    /// Whether the tables give each node in OPEN its value (an order by arrival does not
    /// read one).
    pub fn has_value(self) -> bool {
        self != Ranked::Arrival
    }

    /// A node's values as its caption reads them: `1+4=5` for A*, `g=2` for BFS.
    pub fn caption(self, node: &TreeNode) -> String {
        let value = trim(node.value);
        match self {
            Ranked::Arrival | Ranked::G => format!("g={}", node.g),
            Ranked::H => format!("h={}", node.h),
            Ranked::GPlusH => format!("{}+{}={value}", node.g, node.h),
            Ranked::Weighted(w) => format!("{}+{}×{}={value}", node.g, trim(w), node.h),
        }
    }
}

/// A number as written on a page: no `.0` for a whole one.
pub fn trim(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value:.2}")
    }
}

/// What a node of the tree was when generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A position put in OPEN (the start, a new one, or a cheaper route to a known one).
    Kept,
    /// A position the search already had in OPEN, reached no cheaper: not kept.
    RepeatOfOpen,
    /// A position the search had expanded already, reached no cheaper: not kept.
    RepeatOfClosed,
}

/// One node of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    pub position: Position,
    /// Moves from the start along the tree.
    pub g: u32,
    pub h: u32,
    /// The value the search ranks it by (f for A*).
    pub value: Cost,
    /// Its parent's index in [`SearchTree::nodes`].
    pub parent: Option<usize>,
    /// Sk: its number among the nodes kept, in the order generated (None for a repeat).
    pub name: Option<usize>,
    pub kind: Kind,
    /// The step that generated it (0: the start).
    pub born: usize,
    /// The step that expanded it (the expansion's number), if one did.
    pub expanded: Option<usize>,
    /// The step at which a cheaper route to its position replaced it, if one did.
    pub replaced: Option<usize>,
}

impl TreeNode {
    /// `S3`, or an empty name for a repeat.
    pub fn label(&self) -> String {
        self.name.map(|n| format!("S{n}")).unwrap_or_default()
    }

    /// Whether it had been expanded by step `step`.
    pub fn expanded_by(&self, step: usize) -> bool {
        self.expanded.is_some_and(|s| s <= step)
    }

    /// Whether a cheaper route had replaced it by step `step`.
    pub fn replaced_by(&self, step: usize) -> bool {
        self.replaced.is_some_and(|s| s <= step)
    }
}

/// The tables after one step: the node taken, OPEN in the order the search takes it, and
/// CLOSED in the order it was filled (indices into [`SearchTree::nodes`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub step: usize,
    /// The node expanded (or taken as the goal); None for step 0 and an empty OPEN.
    pub taken: Option<usize>,
    pub open: Vec<usize>,
    pub closed: Vec<usize>,
}

/// How the recorded run had ended, if it had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeEnd {
    /// The goal was taken from OPEN at this step: the node.
    Found { step: usize, goal: usize },
    /// OPEN ran empty at this step.
    Exhausted { step: usize },
}

/// A best-first search of the puzzle with its tree and tables, recorded as it goes.
#[derive(Clone)]
pub struct SearchTree {
    search: Search<SlidingProblem>,
    ranked: Ranked,
    nodes: Vec<TreeNode>,
    rows: Vec<TableRow>,
    /// The tree node an engine node stands for now.
    of_engine: HashMap<NodeId, usize>,
    kept: usize,
    end: Option<TreeEnd>,
    /// The tree reached [`MAX_TREE_NODES`] at this step and grows no further.
    full_at: Option<usize>,
}

impl SearchTree {
    /// The tree of `algorithm`'s search of `problem`, at step 0 (the start in OPEN).
    pub fn new(problem: SlidingProblem, algorithm: PathAlgorithm) -> Result<SearchTree, NoTree> {
        let policy = algorithm.best_first().ok_or(NoTree::NotBestFirst)?;
        if algorithm.is_your_code() {
            return Err(NoTree::NotBestFirst);
        }
        let ranked = Ranked::of(policy);
        let start = problem.start;
        let h = if ranked.uses_h() {
            problem.estimate(start)
        } else {
            0
        };
        let search = Search::new(problem, policy);
        let root = TreeNode {
            position: start,
            g: 0,
            h,
            value: policy.priority(0.0, h as Cost),
            parent: None,
            name: Some(0),
            kind: Kind::Kept,
            born: 0,
            expanded: None,
            replaced: None,
        };
        Ok(SearchTree {
            search,
            ranked,
            nodes: vec![root],
            rows: vec![TableRow {
                step: 0,
                taken: None,
                open: vec![0],
                closed: vec![],
            }],
            of_engine: HashMap::from([(0, 0)]),
            kept: 1,
            end: None,
            full_at: None,
        })
    }

    pub fn ranked(&self) -> Ranked {
        self.ranked
    }

    pub fn problem(&self) -> &SlidingProblem {
        self.search.problem()
    }

    /// Every node generated so far, in the order generated.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// The rows of the tables, one a step from step 0.
    pub fn rows(&self) -> &[TableRow] {
        &self.rows
    }

    /// The last step recorded.
    pub fn recorded(&self) -> usize {
        self.rows.len() - 1
    }

    pub fn end(&self) -> Option<TreeEnd> {
        self.end
    }

    /// The step at which the tree stopped growing for its size, if it did.
    pub fn full_at(&self) -> Option<usize> {
        self.full_at
    }

    /// Records the run up to step `step` (or its end, or until the tree is full).
    pub fn grow_to(&mut self, step: usize) {
        while self.recorded() < step && self.end.is_none() && self.full_at.is_none() {
            self.grow();
        }
    }

    /// One more step of the run, recorded.
    fn grow(&mut self) {
        let step = self.recorded() + 1;
        let Some(event) = self.search.next() else {
            return;
        };
        let taken = self.search.last_expanded().map(|n| self.of_engine[&n]);
        if let Some(taken) = taken {
            self.nodes[taken].expanded = Some(step);
        }
        match event {
            Event::Expanded { node, .. } => self.record_children(step, node),
            Event::Found { goal } => {
                self.end = Some(TreeEnd::Found {
                    step,
                    goal: self.of_engine[&goal],
                })
            }
            Event::Exhausted | Event::GaveUp(_) => self.end = Some(TreeEnd::Exhausted { step }),
        }
        let open = self
            .search
            .frontier_in_order()
            .into_iter()
            .map(|n| self.of_engine[&n])
            .collect();
        let mut closed: Vec<usize> = self
            .of_engine
            .iter()
            .filter(|(n, _)| self.search.status(**n) == NodeStatus::Visited)
            .map(|(_, &t)| t)
            .collect();
        closed.sort_by_key(|&t| self.nodes[t].expanded);
        self.rows.push(TableRow {
            step,
            taken,
            open,
            closed,
        });
        if self.nodes.len() >= MAX_TREE_NODES && self.end.is_none() {
            self.full_at = Some(step);
        }
    }

    /// The successors of the engine node `expanded`, in the order the search generated
    /// them: those it put in OPEN as new nodes, the others as repeats. The move back to the
    /// parent is left out, as the textbooks leave it out.
    fn record_children(&mut self, step: usize, expanded: NodeId) {
        let parent = self.of_engine[&expanded];
        let (state, grandparent) = (
            self.nodes[parent].position,
            self.nodes[parent].parent.map(|p| self.nodes[p].position),
        );
        let changed: Vec<NodeId> = self
            .search
            .last_added()
            .iter()
            .chain(self.search.last_improved())
            .copied()
            .collect();
        let g = self.nodes[parent].g + 1;
        for (_, child) in state.moves() {
            if Some(child) == grandparent {
                continue;
            }
            let engine_node = self.search.find(&child);
            let kept = engine_node.filter(|n| changed.contains(n));
            let (h, kind) = match kept {
                Some(n) => (self.search.h(n) as u32, Kind::Kept),
                None => {
                    let h = if self.ranked.uses_h() {
                        self.search.problem().estimate(child)
                    } else {
                        0
                    };
                    let kind = match engine_node.map(|n| self.search.status(n)) {
                        Some(NodeStatus::Visited) => Kind::RepeatOfClosed,
                        _ => Kind::RepeatOfOpen,
                    };
                    (h, kind)
                }
            };
            let index = self.nodes.len();
            let name = (kind == Kind::Kept).then(|| {
                self.kept += 1;
                self.kept - 1
            });
            self.nodes.push(TreeNode {
                position: child,
                g,
                h,
                value: self.search.algorithm().priority(g as Cost, h as Cost),
                parent: Some(parent),
                name,
                kind,
                born: step,
                expanded: None,
                replaced: None,
            });
            if let Some(n) = kept
                && let Some(before) = self.of_engine.insert(n, index)
            {
                self.nodes[before].replaced = Some(step);
            }
        }
    }

    /// The nodes from the start to the goal, once found by `step`.
    pub fn path_at(&self, step: usize) -> Option<Vec<usize>> {
        let Some(TreeEnd::Found { step: found, goal }) = self.end else {
            return None;
        };
        if found > step {
            return None;
        }
        let mut path = vec![goal];
        while let Some(parent) = self.nodes[*path.last()?].parent {
            path.push(parent);
        }
        path.reverse();
        Some(path)
    }

    /// The nodes generated by `step`.
    pub fn nodes_at(&self, step: usize) -> usize {
        self.nodes.partition_point(|n| n.born <= step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sliding::{Goal, PuzzleHeuristic};

    fn textbook(algorithm: &str, heuristic: PuzzleHeuristic) -> SearchTree {
        let start = Position::parse("2 8 3 1 6 4 7 0 5").unwrap();
        let problem = SlidingProblem::new(start, Goal::Snail.position(3), heuristic).unwrap();
        SearchTree::new(problem, PathAlgorithm::parse(algorithm).unwrap()).unwrap()
    }

    #[test]
    fn each_row_takes_the_first_node_of_the_row_before_it_in_open() {
        for (algorithm, heuristic) in [
            ("astar", PuzzleHeuristic::Misplaced),
            ("astar", PuzzleHeuristic::Manhattan),
            ("bfs", PuzzleHeuristic::Zero),
            ("dfs", PuzzleHeuristic::Zero),
            ("greedy", PuzzleHeuristic::Misplaced),
            ("dijkstra", PuzzleHeuristic::Zero),
        ] {
            let mut tree = textbook(algorithm, heuristic);
            tree.grow_to(300);
            let rows = tree.rows();
            for pair in rows.windows(2) {
                let first = pair[0].open.first().copied();
                assert_eq!(pair[1].taken, first, "{algorithm} step {}", pair[1].step);
                assert!(pair[1].closed.contains(&first.unwrap()));
                // One expansion a step: CLOSED grows by one (nothing is reopened here).
                assert_eq!(pair[1].closed.len(), pair[0].closed.len() + 1);
            }
            let values: Vec<Cost> = rows[1]
                .open
                .iter()
                .map(|&n| tree.nodes()[n].value)
                .collect();
            if algorithm != "bfs" && algorithm != "dfs" {
                assert!(
                    values.windows(2).all(|w| w[0] <= w[1]),
                    "{algorithm}: {values:?}"
                );
            }
        }
    }

    #[test]
    fn the_textbook_a_star_expands_six_nodes_takes_the_goal_seventh_and_keeps_fourteen() {
        // Nilsson's example (Principles of Artificial Intelligence, 1980): A* with misplaced
        // tiles from 2 8 3 / 1 6 4 / 7 0 5 to 1 2 3 / 8 0 4 / 7 6 5.
        let mut tree = textbook("astar", PuzzleHeuristic::Misplaced);
        tree.grow_to(100);
        let Some(TreeEnd::Found { step, goal }) = tree.end() else {
            panic!("A* finds the goal");
        };
        assert_eq!(step, 7, "six expansions, then the goal taken from OPEN");
        assert_eq!(tree.nodes()[goal].g, 5);
        let kept = tree.nodes().iter().filter(|n| n.kind == Kind::Kept).count();
        assert_eq!(kept, 14);
        assert_eq!(tree.nodes()[0].value, 4.0, "the start's f = 0 + 4");
        let path = tree.path_at(step).unwrap();
        assert_eq!(path.len(), 6);
        assert!(tree.path_at(step - 1).is_none());
        // The same run as the engine's own A*.
        let result = Search::new(tree.problem().clone(), Algorithm::AStar).run();
        assert_eq!(result.expanded, step);
    }

    #[test]
    fn repeats_are_drawn_but_not_named_and_the_move_back_is_left_out() {
        let start = Position::parse("5 6 7 4 0 8 3 2 1").unwrap();
        let problem =
            SlidingProblem::new(start, Goal::Snail.position(3), PuzzleHeuristic::Zero).unwrap();
        let mut tree = SearchTree::new(problem, PathAlgorithm::parse("bfs").unwrap()).unwrap();
        tree.grow_to(1000);
        let nodes = tree.nodes();
        assert!(nodes.iter().any(|n| n.kind == Kind::RepeatOfClosed));
        for node in nodes {
            assert_eq!(node.name.is_some(), node.kind == Kind::Kept);
            if let Some(parent) = node.parent.and_then(|p| nodes[p].parent) {
                assert_ne!(node.position, nodes[parent].position);
            }
        }
        let names: Vec<usize> = nodes.iter().filter_map(|n| n.name).collect();
        assert_eq!(names, (0..names.len()).collect::<Vec<_>>());
    }

    #[test]
    fn the_tree_stops_growing_when_full_and_the_bidirectional_search_has_none() {
        let start = Position::parse("5 6 7 4 0 8 3 2 1").unwrap();
        let problem =
            SlidingProblem::new(start, Goal::Snail.position(3), PuzzleHeuristic::Zero).unwrap();
        let mut tree =
            SearchTree::new(problem.clone(), PathAlgorithm::parse("bfs").unwrap()).unwrap();
        tree.grow_to(100_000);
        let full = tree.full_at().expect("BFS to 30 moves overflows the tree");
        assert_eq!(tree.recorded(), full);
        assert!(tree.nodes().len() >= MAX_TREE_NODES);
        assert!(tree.nodes().len() < MAX_TREE_NODES + 4);
        let refused = SearchTree::new(problem, PathAlgorithm::parse("bibfs").unwrap());
        assert_eq!(refused.err(), Some(NoTree::NotBestFirst));
    }

    #[test]
    fn a_cheaper_route_replaces_the_node_it_improves() {
        // An inconsistent heuristic makes A* reopen a closed position.
        // Lesson 14's position 16 moves from the goal: 221 expansions of 211 positions.
        let start = Position::parse("3 1 4 7 2 6 0 5 8").unwrap();
        let goal = Goal::Snail.position(3);
        let problem = SlidingProblem::new(start, goal, PuzzleHeuristic::Inconsistent).unwrap();
        let mut tree = SearchTree::new(problem, PathAlgorithm::parse("astar").unwrap()).unwrap();
        tree.grow_to(MAX_TREE_NODES);
        let replaced = tree.nodes().iter().filter(|n| n.replaced.is_some()).count();
        assert!(replaced > 0, "some route was improved");
        for row in tree.rows() {
            for &n in row.open.iter().chain(&row.closed) {
                assert!(!tree.nodes()[n].replaced_by(row.step));
            }
        }
    }
}
