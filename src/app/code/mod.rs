//! The student's own search in Python, as a tab runs it: the program edited in the code
//! panel, run in the sandbox and recorded (on a thread of its own on the desktop, in a
//! worker in the browser: no program freezes the window),
//! then judged against the search it claims to be. The tab replays the recording as a run
//! of its board (the search picker's "Your code"); the panel shows the program with the line
//! of each step lit, what it printed up to that step, and the verdict.

pub(crate) mod editor;
mod job;
mod panel;

use std::sync::Arc;

use frontier_script::{Limits, Ran, Stopped};

use crate::i18n::Language;
use crate::search::judge::{Divergence, Rule, Verdict, judge};
use crate::search::recorded::Recording;
use crate::ui::step_controls::FrameBudget;

pub use job::{Job, Recordable};
#[cfg(target_arch = "wasm32")]
pub use job::{Slot, post as post_to_worker};
pub use panel::{code_panel, verdict_strip};

/// The searches a program can be checked against, in the picker's order.
pub const RULES: [Rule; 5] = Rule::ALL;

/// What the app keeps of the code panel across restarts and in links.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct CodeSaved {
    /// The program as last edited.
    pub source: String,
    /// The search it is checked against, by its command-line name (`bfs`, `dfs`, `ucs`,
    /// `astar`, `greedy`).
    pub check: Option<String>,
}

impl Default for CodeSaved {
    fn default() -> Self {
        CodeSaved {
            source: frontier_script::starter(crate::i18n::language()).to_owned(),
            check: Some("bfs".to_owned()),
        }
    }
}

/// A program run to its end (or stopped), judged.
pub struct Outcome<S> {
    /// What it did, printed and why it stopped.
    pub ran: Ran<S>,
    /// The program as it was run (the editor may have changed since).
    pub source: String,
    /// The verdict, when a check was asked and the program returned.
    pub verdict: Option<(Rule, Verdict<S>)>,
}

impl<S> Outcome<S> {
    /// The step (from 1) the verdict points at, when the run broke the rule.
    pub fn divergence_step(&self) -> Option<usize> {
        match &self.verdict {
            Some((_, Verdict::Diverged { step, .. })) => Some(*step),
            _ => None,
        }
    }

    /// The states to outline at the divergence: the one expanded out of turn, and the one
    /// that should have come first.
    pub fn divergence_states(&self) -> Option<(&S, Option<&S>)> {
        let Some((_, Verdict::Diverged { how, .. })) = &self.verdict else {
            return None;
        };
        match how {
            Divergence::OutOfOrder { state, waiting, .. } => Some((state, Some(waiting))),
            Divergence::NotReached { state }
            | Divergence::ExpandedAgain { state, .. }
            | Divergence::PastGoal { goal: state } => Some((state, None)),
            _ => None,
        }
    }

    /// The line of the program to mark as wrong: a syntax error's (with its column) or the
    /// line an exception was raised at.
    pub fn error_at(&self) -> Option<(u32, Option<u32>)> {
        match self.ran.stopped.as_ref()? {
            Stopped::Syntax { line, column, .. } if *line > 0 => Some((*line, Some(*column))),
            Stopped::Raised {
                line: Some(line), ..
            } => Some((*line, None)),
            _ => None,
        }
    }
}

/// The program of one tab, its run under way and its last outcome.
pub struct CodeRun<P: Recordable> {
    /// The program in the editor.
    pub source: String,
    /// The search it is checked against.
    pub check: Option<Rule>,
    /// The limits each run is held to.
    pub limits: Limits,
    /// A run being recorded (a slice each frame, or in the browser's worker).
    job: Option<Job<P>>,
    /// The last run that ended.
    outcome: Option<Outcome<P::State>>,
    /// Set when a run ends, until the tab takes it (to show it from step 0).
    fresh: bool,
    /// The student's program a link's replaced, to bring back.
    replaced: Option<String>,
    /// The skeleton a lesson's page last put in the editor: showing that page again keeps
    /// what the student has written since.
    lesson_skeleton: Option<String>,
}

impl<P: Recordable> CodeRun<P> {
    pub fn new(saved: &CodeSaved) -> CodeRun<P> {
        CodeRun {
            source: saved.source.clone(),
            check: saved
                .check
                .as_deref()
                .and_then(|code| Rule::parse(code).ok()),
            limits: Limits::default(),
            job: None,
            outcome: None,
            fresh: false,
            replaced: None,
            lesson_skeleton: None,
        }
    }

    /// A lesson page asks for its own search: checked against `rule` from now on, and true
    /// when `skeleton` should go into the editor (not when this page's skeleton is already
    /// there, perhaps half written).
    pub fn wants_lesson_skeleton(&mut self, skeleton: &str, rule: Rule) -> bool {
        self.check = Some(rule);
        if self.lesson_skeleton.as_deref() == Some(skeleton) {
            return false;
        }
        self.lesson_skeleton = Some(skeleton.to_owned());
        true
    }

    /// The last run judged against `rule`, for a lesson's question: whether it follows the
    /// rule, and what the judge (or the program's error) said; None before a run ends.
    pub fn judged_against(&self, rule: Rule) -> Option<(bool, String)> {
        if self.running() {
            return None;
        }
        let outcome = self.outcome()?;
        if let Some(stopped) = &outcome.ran.stopped {
            return Some((false, panel::stopped_in_a_line(stopped)));
        }
        let (checked, verdict) = outcome.verdict.as_ref()?;
        let follows = *checked == rule && matches!(verdict, Verdict::Follows { .. });
        Some((follows, crate::judged::verdict_text(*checked, verdict)))
    }

    /// Puts `source` in the editor; the program there, if the student wrote it, is kept to
    /// bring back.
    pub fn replace_source(&mut self, source: String) {
        let old = std::mem::replace(&mut self.source, source);
        let written = !frontier_script::STARTERS.iter().any(|(_, s)| *s == old);
        if written && old != self.source {
            self.replaced = Some(old);
        }
    }

    /// Brings back the program a link replaced (the link's is kept in its place).
    pub fn bring_back(&mut self) -> bool {
        match self.replaced.take() {
            Some(old) => {
                self.replaced = Some(std::mem::replace(&mut self.source, old));
                true
            }
            None => false,
        }
    }

    /// Whether a program replaced by a link's can be brought back.
    pub fn can_bring_back(&self) -> bool {
        self.replaced.is_some()
    }

    pub fn saved(&self) -> CodeSaved {
        CodeSaved {
            source: self.source.clone(),
            check: self.check.map(|rule| rule.code().to_owned()),
        }
    }

    /// Runs the program in the editor on `problem`, from its start (any run under way is
    /// dropped).
    pub fn start(&mut self, problem: P) {
        self.job = Some(Job::start(&self.source, problem, self.limits));
        self.fresh = false;
    }

    /// Whether a run is being recorded.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The expansions recorded so far by the run under way, where that is known (not of a
    /// run in the browser's worker).
    pub fn expansions_so_far(&self) -> Option<usize> {
        self.job.as_ref().and_then(Job::expansions)
    }

    /// Looks at the run under way this frame (or records a share of it); true while it
    /// goes on.
    pub fn advance(&mut self, budget: FrameBudget) -> bool {
        let Some(job) = &mut self.job else {
            return false;
        };
        let Some(ran) = job.poll(budget) else {
            return true;
        };
        let problem = job.problem().clone();
        self.job = None;
        let verdict = match (self.check, &ran.stopped) {
            (Some(rule), None) => Some((rule, judge(&problem, rule, &ran.recording.trace()))),
            _ => None,
        };
        self.outcome = Some(Outcome {
            ran,
            source: self.source.clone(),
            verdict,
        });
        self.fresh = true;
        false
    }

    /// Judges the last run again, against the search now chosen.
    pub fn rejudge(&mut self, problem: &P) {
        let check = self.check;
        if let Some(outcome) = &mut self.outcome {
            outcome.verdict = match (check, &outcome.ran.stopped) {
                (Some(rule), None) => {
                    Some((rule, judge(problem, rule, &outcome.ran.recording.trace())))
                }
                _ => None,
            };
        }
    }

    /// Takes the news that a run has just ended.
    pub fn take_fresh(&mut self) -> bool {
        std::mem::take(&mut self.fresh)
    }

    /// The last run that ended.
    pub fn outcome(&self) -> Option<&Outcome<P::State>> {
        self.outcome.as_ref()
    }

    /// Forgets the last run (its problem is gone: another board, other moves).
    pub fn forget(&mut self) {
        self.outcome = None;
        self.job = None;
    }

    /// The line of the program that made step `step` of the last run (from 1; none at
    /// step 0, past the last expansion, or where the line is unknown).
    pub fn line_at(&self, step: usize) -> Option<u32> {
        let steps = &self.outcome.as_ref()?.ran.recording.steps;
        let line = steps.get(step.checked_sub(1)?)?.line;
        (line > 0).then_some(line)
    }

    /// What the last run had printed by step `step` (all of it past its last expansion).
    pub fn printed_at(&self, step: usize) -> &str {
        let Some(outcome) = &self.outcome else {
            return "";
        };
        let (steps, output) = (&outcome.ran.recording.steps, &outcome.ran.output);
        let printed = match step {
            0 => 0,
            s if s <= steps.len() => steps[s - 1].printed,
            _ => output.len(),
        };
        output.get(..printed).unwrap_or(output)
    }

    /// Why the last run stopped, once the step shown is past its last expansion (at once,
    /// when it stopped before any).
    pub fn stopped_at(&self, step: usize) -> Option<&Stopped> {
        let outcome = self.outcome.as_ref()?;
        let expansions = outcome.ran.recording.steps.len();
        (step > expansions || expansions == 0)
            .then_some(outcome.ran.stopped.as_ref())
            .flatten()
    }

    /// The recording of the last run, for the tab's replay.
    pub fn recording(&self) -> Option<Arc<Recording<P::State>>> {
        self.outcome.as_ref().map(|o| o.ran.recording.clone())
    }

    /// Whether the program was edited since it last ran.
    pub fn edited_since_run(&self) -> bool {
        self.outcome
            .as_ref()
            .is_some_and(|o| o.source != self.source)
    }

    /// The starter program follows the language while it is unedited.
    pub fn follow_language(&mut self, language: Language) {
        let unedited = frontier_script::STARTERS
            .iter()
            .any(|(_, text)| *text == self.source);
        if unedited {
            let translated = frontier_script::starter(language);
            if let Some(outcome) = &mut self.outcome
                && outcome.source == self.source
            {
                // The same program in other words: the run shown is still its run.
                outcome.source = translated.to_owned();
            }
            self.source = translated.to_owned();
        }
    }
}
