//! Grading a submission against an assignment: each question's function run on each of its
//! tests in the sandbox, within the question's limits, so that a bad submission fails its
//! test and never the batch.
//!
//! - A search question records `function(problem)` and asks the judge whether it is the
//!   search the question names (tie-aware order, no repeated expansion, a path as cheap as
//!   the search promises).
//! - A heuristic question asks `function(state, goal)` of every state of the test's space
//!   (all 181,440 positions of the 八数码 that reach the goal, every cell of a board that
//!   reaches it), checks it against the true distances (admissible) and on every move
//!   (consistent), naming a state where it fails, then runs Frontier's A* with it on each
//!   test and scores the expansions in all by the question's tiers.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use frontier_engine::search::judge::{self, Rule, Verdict, judge};
use frontier_engine::search::{Algorithm, Cost, OrderedCost, Problem, Search};
use frontier_games::assignments::{Assignment, Check, Instance, Question, Test};
use frontier_games::judged::verdict_text;
use frontier_games::tr;
use web_time::Duration;

use crate::evaluate::evaluate;
use crate::graded::{Divergence, Graded, QuestionGraded, Status, TestGraded, points};
use crate::limits::{LimitHit, Limits};
use crate::program::Program;
use crate::ran::Stopped;
use crate::record::record_program;
use crate::state::ScriptState;

/// The longest a heuristic may take over one space in all.
const HEURISTIC_TIME: Duration = Duration::from_secs(60);

/// Two estimates this close are equal.
const TIE: Cost = 1e-9;

/// Which tests to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tests {
    /// Every test, hidden ones too (the teacher's grading).
    All,
    /// The tests a student sees (the app's Check).
    Visible,
}

/// Grades `source` on every question of `assignment`.
pub fn grade(assignment: &Assignment, source: &str, tests: Tests) -> Graded {
    Graded {
        questions: assignment
            .questions
            .iter()
            .map(|question| grade_question(question, source, tests))
            .collect(),
    }
}

/// Grades `source` on one question.
pub fn grade_question(question: &Question, source: &str, tests: Tests) -> QuestionGraded {
    let chosen: Vec<(usize, &Test)> = (question.tests.iter().enumerate())
        .filter(|(_, test)| tests == Tests::All || !test.hidden)
        .collect();
    match &question.check {
        Check::Search(rule) => search_question(question, *rule, source, &chosen),
        Check::Heuristic { .. } => heuristic_question(question, source, &chosen),
    }
}

/// A question that went no further than `stopped` (no such function, a syntax error).
fn stopped_question(question: &Question, stopped: &Stopped) -> Option<QuestionGraded> {
    let status = match stopped {
        Stopped::Undefined { .. } => Status::Missing,
        Stopped::Syntax { .. } => Status::SyntaxError,
        _ => return None,
    };
    Some(QuestionGraded {
        function: question.function.clone(),
        title: question.title.clone(),
        score: 0.0,
        max_score: question.points,
        status,
        message: stopped.to_string(),
        tests: vec![],
    })
}

fn search_question(
    question: &Question,
    rule: Rule,
    source: &str,
    chosen: &[(usize, &Test)],
) -> QuestionGraded {
    let mut graded = vec![];
    for &(index, test) in chosen {
        let points = question.test_points(index);
        let outcome = match &test.instance {
            instance @ Instance::Board { .. } => {
                let problem = instance.grid_problem().expect("a board");
                search_test(question, rule, source, problem, test.hidden)
            }
            instance @ Instance::Puzzle { .. } => match instance.puzzle_problem() {
                Some(problem) => search_test(question, rule, source, problem, test.hidden),
                None => Err(Stopped::NotAPath {
                    function: question.function.clone(),
                    returned: String::new(),
                }),
            },
        };
        match outcome {
            Ok(outcome) => graded.push(TestGraded {
                name: test.name.clone(),
                hidden: test.hidden,
                passed: outcome.passed,
                score: if outcome.passed { points } else { 0.0 },
                max_score: points,
                message: outcome.message,
                expansions: outcome.expansions,
                divergence: outcome.divergence,
            }),
            Err(stopped) => {
                if let Some(whole) = stopped_question(question, &stopped) {
                    return whole;
                }
                graded.push(TestGraded {
                    name: test.name.clone(),
                    hidden: test.hidden,
                    passed: false,
                    score: 0.0,
                    max_score: points,
                    message: if test.hidden {
                        hidden_stop(&stopped)
                    } else {
                        stopped.to_string()
                    },
                    expansions: 0,
                    divergence: None,
                });
            }
        }
    }
    summed(question, graded)
}

/// A question's score and status from its tests'.
fn summed(question: &Question, tests: Vec<TestGraded>) -> QuestionGraded {
    let score: f64 = tests.iter().map(|t| t.score).sum();
    let max_score: f64 = tests.iter().map(|t| t.max_score).sum();
    let passed = tests.iter().filter(|t| t.passed).count();
    let status = if passed == tests.len() {
        Status::Passed
    } else if passed > 0 {
        Status::Partial
    } else {
        Status::Failed
    };
    let message = match tests.iter().find(|t| !t.passed) {
        None => tr!("grade-all-passed", tests = tests.len()),
        Some(failed) => tr!(
            "grade-first-failed",
            passed = passed,
            tests = tests.len(),
            test = failed.name.clone(),
            why = failed.message.clone()
        ),
    };
    QuestionGraded {
        function: question.function.clone(),
        title: question.title.clone(),
        score,
        max_score,
        status,
        message,
        tests,
    }
}

/// What one search test came to.
struct SearchOutcome {
    passed: bool,
    message: String,
    expansions: usize,
    divergence: Option<Divergence>,
}

fn search_test<P>(
    question: &Question,
    rule: Rule,
    source: &str,
    problem: P,
    hidden: bool,
) -> Result<SearchOutcome, Stopped>
where
    P: Problem + Clone,
    P::State: ScriptState,
{
    let program = Program::calling(source, &question.function);
    let limits = Limits {
        expansions: question.max_expansions,
        ..Limits::default()
    };
    let ran = record_program(program, problem.clone(), limits);
    let expansions = ran.recording.steps.len();
    let verdict = judge(&problem, rule, &ran.recording.trace());
    if let Some(stopped) = ran.stopped {
        // Stopped at the expansions' limit after it broke the rule (a BFS with no visited
        // set): the step where it broke it says more than the limit.
        let broke_before = matches!(
            (&stopped, &verdict),
            (Stopped::Limit(LimitHit::Expansions(_)), Verdict::Diverged { step, .. })
                if *step < expansions
        );
        if !broke_before {
            return Err(stopped);
        }
    }
    let message = if hidden {
        verdict_text(rule, &hide(&verdict))
    } else {
        verdict_text(rule, &verdict)
    };
    Ok(match verdict {
        Verdict::Follows { .. } => SearchOutcome {
            passed: true,
            message,
            expansions,
            divergence: None,
        },
        Verdict::Diverged { step, .. } => {
            let line = (ran.recording.steps.get(step.saturating_sub(1)))
                .map(|recorded| recorded.line)
                .filter(|&line| line > 0);
            SearchOutcome {
                passed: false,
                message,
                expansions,
                divergence: Some(Divergence { step, line }),
            }
        }
    })
}

/// Why a hidden test's run stopped, naming nothing of its problem: a limit as it is, an
/// exception by its kind alone (its message may hold a state), a return value not shown.
fn hidden_stop(stopped: &Stopped) -> String {
    match stopped {
        Stopped::Raised { text, .. } => {
            let last = text.lines().last().unwrap_or_default();
            let kind = last.split(':').next().unwrap_or_default().trim();
            tr!("grade-hidden-raised", kind = kind.to_owned())
        }
        Stopped::NotAPath { function, .. } => {
            tr!("grade-hidden-not-a-path", function = function.clone())
        }
        other => other.to_string(),
    }
}

/// A state of a hidden test, as its messages name it: "a state", and the other one a
/// verdict names "another state".
#[derive(Clone, Copy, Debug, PartialEq)]
enum HiddenState {
    One,
    Another,
}

impl fmt::Display for HiddenState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            HiddenState::One => tr!("grade-hidden-state"),
            HiddenState::Another => tr!("grade-hidden-other-state"),
        })
    }
}

/// `verdict` with its states left out.
fn hide<S>(verdict: &Verdict<S>) -> Verdict<HiddenState> {
    use judge::Divergence as D;
    let (step, how) = match verdict {
        Verdict::Follows { expansions } => {
            return Verdict::Follows {
                expansions: *expansions,
            };
        }
        Verdict::Diverged { step, how } => (*step, how),
    };
    let how = match how {
        D::NotReached { .. } => D::NotReached {
            state: HiddenState::One,
        },
        D::ExpandedAgain { first, .. } => D::ExpandedAgain {
            state: HiddenState::One,
            first: *first,
        },
        D::OutOfOrder {
            measure,
            waiting_measure,
            like,
            ..
        } => D::OutOfOrder {
            state: HiddenState::One,
            measure: *measure,
            waiting: HiddenState::Another,
            waiting_measure: *waiting_measure,
            like: *like,
        },
        D::PastGoal { .. } => D::PastGoal {
            goal: HiddenState::One,
        },
        D::BadPath { at } => D::BadPath { at: *at },
        D::NotCheapest { cost, best } => D::NotCheapest {
            cost: *cost,
            best: *best,
        },
        D::MissedGoal => D::MissedGoal,
        D::StoppedEarly {
            cost,
            waiting_measure,
            ..
        } => D::StoppedEarly {
            cost: *cost,
            waiting: HiddenState::One,
            waiting_measure: *waiting_measure,
        },
    };
    Verdict::Diverged { step, how }
}

fn heuristic_question(
    question: &Question,
    source: &str,
    chosen: &[(usize, &Test)],
) -> QuestionGraded {
    let mut spaces = Spaces::default();
    let mut graded = vec![];
    let mut total = 0;
    for &(_, test) in chosen {
        let outcome = match &test.instance {
            instance @ Instance::Board { board, .. } => {
                let problem = instance.grid_problem().expect("a board");
                let hidden = test.hidden;
                spaces.astar(question, source, problem, board.goal, hidden, |s| {
                    &mut s.cells
                })
            }
            instance @ Instance::Puzzle { goal, .. } => match instance.puzzle_problem() {
                // Every position of the goal's parity is asked, whatever the test: a
                // position named is no hidden test's.
                Some(problem) => spaces.astar(question, source, problem, *goal, false, |s| {
                    &mut s.positions
                }),
                None => continue,
            },
        };
        match outcome {
            Ok(expansions) => {
                total += expansions;
                graded.push(TestGraded {
                    name: test.name.clone(),
                    hidden: test.hidden,
                    passed: true,
                    score: 0.0,
                    max_score: 0.0,
                    message: tr!("grade-astar-expanded", expansions = expansions),
                    expansions,
                    divergence: None,
                });
            }
            Err(stopped) => {
                if let Some(whole) = stopped_question(question, &stopped) {
                    return whole;
                }
                return failed_heuristic(question, stopped.to_string(), graded);
            }
        }
    }
    if let Some(flaw) = spaces.flaw {
        return failed_heuristic(question, flaw, graded);
    }
    let score = question.tier_points(total);
    let best = question.points;
    let tiers = match &question.check {
        Check::Heuristic { tiers } => tiers.clone(),
        Check::Search(_) => vec![],
    };
    let next = tiers
        .iter()
        .filter(|tier| tier.points > score)
        .map(|tier| tier.expansions)
        .max();
    let message = match next {
        None => tr!("grade-heuristic-full", expansions = total),
        Some(within) => tr!(
            "grade-heuristic-tier",
            expansions = total,
            score = points(score),
            within = within
        ),
    };
    graded.insert(
        0,
        TestGraded {
            name: tr!("grade-admissible-consistent"),
            hidden: false,
            passed: true,
            score: 0.0,
            max_score: 0.0,
            message: tr!("grade-checked-states", states = spaces.checked),
            expansions: 0,
            divergence: None,
        },
    );
    graded.push(TestGraded {
        name: tr!("grade-expansions-in-all"),
        hidden: false,
        passed: score >= best,
        score,
        max_score: best,
        message: message.clone(),
        expansions: total,
        divergence: None,
    });
    QuestionGraded {
        function: question.function.clone(),
        title: question.title.clone(),
        score,
        max_score: best,
        status: if score >= best {
            Status::Passed
        } else if score > 0.0 {
            Status::Partial
        } else {
            Status::Failed
        },
        message,
        tests: graded,
    }
}

/// A heuristic that failed a check, or could not be asked: no points, and no test's
/// expansions listed as if they counted.
fn failed_heuristic(
    question: &Question,
    why: String,
    mut tests: Vec<TestGraded>,
) -> QuestionGraded {
    tests.clear();
    tests.insert(
        0,
        TestGraded {
            name: tr!("grade-admissible-consistent"),
            hidden: false,
            passed: false,
            score: 0.0,
            max_score: question.points,
            message: why.clone(),
            expansions: 0,
            divergence: None,
        },
    );
    QuestionGraded {
        function: question.function.clone(),
        title: question.title.clone(),
        score: 0.0,
        max_score: question.points,
        status: Status::Failed,
        message: why,
        tests,
    }
}

/// The heuristic's values on each space asked so far (one per goal), and the first flaw
/// found in them.
#[derive(Default)]
struct Spaces {
    cells: HashMap<frontier_engine::grid::Pos, Table<frontier_engine::grid::Pos>>,
    positions: HashMap<
        frontier_games::games::sliding::Position,
        Table<frontier_games::games::sliding::Position>,
    >,
    /// States checked in all.
    checked: usize,
    flaw: Option<String>,
}

/// A heuristic's value at every state of a space.
type Table<S> = HashMap<S, Cost>;

impl Spaces {
    /// The expansions A* makes on `problem` with the heuristic (asked of the whole space
    /// around `goal` the first time, and checked there).
    fn astar<P>(
        &mut self,
        question: &Question,
        source: &str,
        problem: P,
        goal: P::State,
        hidden: bool,
        tables: impl Fn(&mut Spaces) -> &mut HashMap<P::State, Table<P::State>>,
    ) -> Result<usize, Stopped>
    where
        P: Problem + Clone,
        P::State: ScriptState,
    {
        if !tables(self).contains_key(&goal) {
            let space = Space::around(&problem, goal.clone());
            let values = evaluate(
                source,
                &question.function,
                &space.states,
                &goal,
                &Limits::default(),
                HEURISTIC_TIME,
            )?;
            self.checked += space.states.len();
            if self.flaw.is_none() {
                self.flaw = space.flaw(&question.function, &goal, &values).map(|flaw| {
                    if hidden {
                        tr!(
                            "grade-hidden-flaw",
                            admissible = flaw.admissible.to_string()
                        )
                    } else {
                        flaw.text
                    }
                });
            }
            let table = space.states.into_iter().zip(values).collect();
            tables(self).insert(goal.clone(), table);
        }
        let table = &tables(self)[&goal];
        let tabled = Tabled { problem, table };
        Ok(Search::new(tabled, Algorithm::AStar).run().expanded)
    }
}

/// Every state that reaches a goal, by its distance to it: the states in the order a
/// search out from the goal meets them, their moves, and their true distances.
struct Space<S> {
    states: Vec<S>,
    /// Each state's moves: (the state moved to, by its index, and the move's cost).
    moves: Vec<Vec<(usize, Cost)>>,
    /// The cheapest cost from each state to the goal.
    distance: Vec<Cost>,
}

impl<S: ScriptState> Space<S> {
    /// The states from which `problem`'s moves reach `goal`, found by following the moves
    /// out from it both ways (a board's and a puzzle's moves can be taken back), and their
    /// distances to it (Dijkstra's algorithm on the moves turned round).
    fn around<P: Problem<State = S>>(problem: &P, goal: S) -> Space<S> {
        let mut index: HashMap<S, usize> = HashMap::from([(goal.clone(), 0)]);
        let mut states = vec![goal];
        let mut moves = vec![];
        let mut queue = VecDeque::from([0]);
        let mut out = vec![];
        while let Some(at) = queue.pop_front() {
            out.clear();
            problem.successors(&states[at], &mut out);
            let mut here = Vec::with_capacity(out.len());
            for (next, cost) in out.drain(..) {
                let to = *index.entry(next.clone()).or_insert_with(|| {
                    states.push(next);
                    queue.push_back(states.len() - 1);
                    states.len() - 1
                });
                here.push((to, cost));
            }
            moves.push(here);
        }
        let mut into: Vec<Vec<(usize, Cost)>> = vec![vec![]; states.len()];
        for (from, edges) in moves.iter().enumerate() {
            for &(to, cost) in edges {
                into[to].push((from, cost));
            }
        }
        let mut distance = vec![Cost::INFINITY; states.len()];
        let mut heap = std::collections::BinaryHeap::new();
        distance[0] = 0.0;
        heap.push((std::cmp::Reverse(OrderedCost(0.0)), 0));
        while let Some((std::cmp::Reverse(OrderedCost(d)), at)) = heap.pop() {
            if d > distance[at] {
                continue;
            }
            for &(from, cost) in &into[at] {
                if d + cost < distance[from] {
                    distance[from] = d + cost;
                    heap.push((std::cmp::Reverse(OrderedCost(d + cost)), from));
                }
            }
        }
        Space {
            states,
            moves,
            distance,
        }
    }

    /// The first state (nearest the goal) where `values` overestimate, else the first move
    /// along which they drop by more than it costs; in words.
    fn flaw(&self, function: &str, goal: &S, values: &[Cost]) -> Option<Flaw> {
        // States as the function was handed them: Python tuples.
        let shown = |state: &S| state.to_python().py_repr();
        let goal = shown(goal);
        for (at, state) in self.states.iter().enumerate() {
            if values[at] > self.distance[at] + TIE {
                let text = tr!(
                    "grade-not-admissible",
                    function = function,
                    state = shown(state),
                    goal = goal.clone(),
                    value = points(values[at]),
                    distance = points(self.distance[at])
                );
                return Some(Flaw {
                    admissible: false,
                    text,
                });
            }
        }
        for (from, edges) in self.moves.iter().enumerate() {
            for &(to, cost) in edges {
                if values[from] > cost + values[to] + TIE {
                    let text = tr!(
                        "grade-not-consistent",
                        function = function,
                        goal = goal.clone(),
                        state = shown(&self.states[from]),
                        next = shown(&self.states[to]),
                        value = points(values[from]),
                        next_value = points(values[to]),
                        cost = points(cost)
                    );
                    return Some(Flaw {
                        admissible: true,
                        text,
                    });
                }
            }
        }
        None
    }
}

/// What is wrong with a heuristic's values: whether they are admissible at least, and the
/// state where they fail, in words.
struct Flaw {
    admissible: bool,
    text: String,
}

/// A problem estimated by a heuristic's table of values (infinite where it has none: such
/// a state cannot reach the goal).
#[derive(Clone)]
struct Tabled<'a, P: Problem> {
    problem: P,
    table: &'a Table<P::State>,
}

impl<P: Problem> Problem for Tabled<'_, P> {
    type State = P::State;

    fn start(&self) -> P::State {
        self.problem.start()
    }

    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }

    fn successors(&self, state: &P::State, out: &mut Vec<(P::State, Cost)>) {
        self.problem.successors(state, out);
    }

    fn heuristic(&self, state: &P::State) -> Cost {
        self.table.get(state).copied().unwrap_or(Cost::INFINITY)
    }

    fn state_space_size(&self) -> Option<usize> {
        self.problem.state_space_size()
    }

    fn state_index(&self, state: &P::State) -> Option<usize> {
        self.problem.state_index(state)
    }
}
