//! Running a program in the sandbox and recording its search: every call the program makes
//! into Frontier (a `successors`, an `is_goal`, a push or pop of its frontier) pauses the
//! sandbox, is answered here and noted, and the run goes on. The recorder advances a given
//! number of calls at a time, so the app can record over several frames and never freeze.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use frontier_engine::search::Problem;
use frontier_engine::search::recorded::{Change, RecordedStep, Recording};
use monty::{FunctionCall, MontyRun, NameLookup, OsCall, RunProgress};
use monty_types::{
    CompileOptions, ExcType, ExtFunctionResult, MontyException, MontyObject, MontyUuid,
    NameLookupResult, ObjectRef, OsFunctionCall, PrintWriter, ResourceLimits, ResourceTracker,
};

use crate::containers::{Containers, Kind, Misuse};
use crate::limits::{LimitHit, Limits};
use crate::program::Program;
use crate::ran::{Ran, Stopped};
use crate::state::ScriptState;

/// The host's `problem` object, and its class.
const PROBLEM_ID: MontyUuid = MontyUuid::from_u128(0x5eac_4001);
const PROBLEM_CLASS_ID: MontyUuid = MontyUuid::from_u128(0x5eac_4002);

/// A program being run and recorded.
pub struct Recorder<P: Problem>
where
    P::State: ScriptState,
{
    problem: P,
    program: Program,
    limits: Limits,
    /// Where the sandbox paused; `None` once the program is over.
    paused: Option<RunProgress>,
    output: String,
    containers: Containers<P::State>,
    calls: usize,
    recording: Recording<P::State>,
    /// What the program did to its frontier since it last took from it (see
    /// `frontier_engine::search::recorded`): it goes with the next expansion.
    pending: Vec<Change<P::State>>,
    took_since_expansion: bool,
    /// The limit the recorder stopped the program at.
    hit: Option<LimitHit>,
    ran: Option<Ran<P::State>>,
    successors: Vec<(P::State, frontier_engine::search::Cost)>,
}

/// Runs `source` on `problem` to its end within `limits`, and records its search.
pub fn record<P: Problem>(source: &str, problem: P, limits: Limits) -> Ran<P::State>
where
    P::State: ScriptState,
{
    record_program(Program::new(source), problem, limits)
}

/// Runs `program` (its function called on `problem`) to its end within `limits`, and
/// records its search.
pub fn record_program<P: Problem>(program: Program, problem: P, limits: Limits) -> Ran<P::State>
where
    P::State: ScriptState,
{
    let mut recorder = Recorder::with_program(program, problem, limits);
    while !recorder.advance(usize::MAX) {}
    recorder.into_ran()
}

impl<P: Problem> Recorder<P>
where
    P::State: ScriptState,
{
    /// Starts `source` on `problem`: it runs up to its first call into Frontier.
    pub fn start(source: &str, problem: P, limits: Limits) -> Recorder<P> {
        Recorder::with_program(Program::new(source), problem, limits)
    }

    /// Starts `program` on `problem`: it runs up to its first call into Frontier.
    pub fn with_program(program: Program, problem: P, limits: Limits) -> Recorder<P> {
        let start = problem.start();
        let mut recorder = Recorder {
            problem,
            program,
            limits,
            paused: None,
            output: String::new(),
            containers: Containers::default(),
            calls: 0,
            recording: Recording {
                opening: vec![],
                steps: vec![],
                closing: vec![],
                returned: None,
                finished: false,
            },
            pending: vec![],
            took_since_expansion: false,
            hit: None,
            ran: None,
            successors: vec![],
        };
        let compiled = MontyRun::new(
            recorder.program.whole.clone(),
            "main.py",
            vec!["problem".to_owned(), "_STATE_LEN".to_owned()],
            CompileOptions::default(),
        );
        let run = match compiled {
            Ok(run) => run,
            Err(error) => {
                let stopped = recorder.syntax_error(&error);
                recorder.end(Some(stopped));
                return recorder;
            }
        };
        let tracker = tracker(&limits);
        let inputs = vec![
            problem_object(&start),
            MontyObject::int(start.arity() as i64),
        ];
        let print = PrintWriter::CollectString(&mut recorder.output, Some(limits.output));
        let started = run.start(inputs, tracker, print);
        recorder.went_on(started);
        recorder
    }

    /// Answers up to `calls` calls of the program; whether it is over.
    pub fn advance(&mut self, calls: usize) -> bool {
        for _ in 0..calls {
            let Some(paused) = self.paused.take() else {
                return true;
            };
            let next = self.answer(paused);
            self.went_on(next);
        }
        self.paused.is_none()
    }

    /// Expansions recorded so far.
    pub fn expansions(&self) -> usize {
        self.recording.steps.len()
    }

    /// Whether the program is over.
    pub fn is_over(&self) -> bool {
        self.ran.is_some()
    }

    /// The problem the program searches.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The program run to its end (running what is left of it).
    pub fn into_ran(mut self) -> Ran<P::State> {
        while !self.advance(usize::MAX) {}
        self.ran.take().expect("a program over has its record")
    }

    /// The program: its text and its lines.
    pub fn program(&self) -> &Program {
        &self.program
    }

    fn went_on(&mut self, next: Result<RunProgress, MontyException>) {
        match next {
            Ok(RunProgress::Complete(value)) => self.returned(&value),
            Ok(paused) => self.paused = Some(paused),
            Err(error) => {
                let stopped = self.raised(&error);
                self.end(Some(stopped));
            }
        }
    }

    fn print(&mut self) -> PrintWriter<'_> {
        PrintWriter::CollectString(&mut self.output, Some(self.limits.output))
    }

    /// Answers one pause of the sandbox; what it did next.
    fn answer(&mut self, paused: RunProgress) -> Result<RunProgress, MontyException> {
        self.calls += 1;
        if self.calls > self.limits.calls() {
            return self.stop(paused, LimitHit::Calls(self.limits.calls()));
        }
        match paused {
            RunProgress::FunctionCall(call) => self.function_call(call),
            RunProgress::NameLookup(lookup) => self.name_lookup(lookup),
            RunProgress::OsCall(call) => self.os_call(call),
            RunProgress::ResolveFutures(_) => Err(MontyException::new(
                ExcType::RuntimeError,
                Some(frontier_games::tr!("script-no-async")),
            )),
            RunProgress::Complete(value) => Ok(RunProgress::Complete(value)),
        }
    }

    /// Stops the program where it paused, with `limit`.
    fn stop(
        &mut self,
        paused: RunProgress,
        limit: LimitHit,
    ) -> Result<RunProgress, MontyException> {
        self.hit = Some(limit);
        let exc = MontyException::new(ExcType::RuntimeError, Some(limit.to_string()));
        let print = PrintWriter::CollectString(&mut self.output, Some(self.limits.output));
        match paused {
            RunProgress::FunctionCall(call) => call.abort(exc, print),
            RunProgress::NameLookup(lookup) => lookup.abort(exc, print),
            RunProgress::OsCall(call) => call.abort(exc, print),
            RunProgress::ResolveFutures(_) | RunProgress::Complete(_) => Err(exc),
        }
    }

    fn name_lookup(&mut self, lookup: NameLookup) -> Result<RunProgress, MontyException> {
        let answer = host_name(&lookup);
        let print = self.print();
        lookup.resume(answer, print)
    }

    fn os_call(&mut self, call: OsCall) -> Result<RunProgress, MontyException> {
        let answer = refused(&call);
        let print = self.print();
        call.resume(answer, print)
    }

    fn function_call(&mut self, call: FunctionCall) -> Result<RunProgress, MontyException> {
        let answer = if call.object_id == Some(PROBLEM_ID) {
            match call.function_name.as_str() {
                "successors" => match self.expand(&call) {
                    Ok(answer) => answer,
                    Err(limit) => return self.stop(RunProgress::FunctionCall(call), limit),
                },
                "is_goal" => self
                    .state_argument(&call)
                    .map(|state| MontyObject::bool(self.problem.is_goal(&state)).into())
                    .unwrap_or_else(Into::into),
                "h" => self
                    .state_argument(&call)
                    .map(|state| number(self.problem.heuristic(&state)).into())
                    .unwrap_or_else(Into::into),
                other => attribute_error("problem", other).into(),
            }
        } else if call.object_id.is_none() {
            self.frontier_call(&call)
        } else {
            ExtFunctionResult::NotFound(call.function_name.clone())
        };
        let print = self.print();
        call.resume(answer, print)
    }

    /// The state a call of the problem's methods names.
    fn state_argument(&self, call: &FunctionCall) -> Result<P::State, MontyException> {
        let start = self.problem.start();
        let named = call.function_name.as_str();
        let Some(argument) = call.args.arg(0).filter(|_| call.args.args().len() == 1) else {
            return Err(MontyException::new(
                ExcType::TypeError,
                Some(frontier_games::tr!("script-one-state", method = named)),
            ));
        };
        P::State::from_python(argument, &start).ok_or_else(|| {
            MontyException::new(
                ExcType::TypeError,
                Some(frontier_games::tr!(
                    "script-not-a-state",
                    method = named,
                    value = short_repr(argument),
                    example = start.to_python().py_repr()
                )),
            )
        })
    }

    /// `successors(state)`: one expansion, recorded.
    fn expand(&mut self, call: &FunctionCall) -> Result<ExtFunctionResult, LimitHit> {
        let state = match self.state_argument(call) {
            Ok(state) => state,
            Err(error) => return Ok(error.into()),
        };
        if self.recording.steps.len() >= self.limits.expansions {
            return Err(LimitHit::Expansions(self.limits.expansions));
        }
        let changes = std::mem::take(&mut self.pending);
        self.took_since_expansion = false;
        self.recording.steps.push(RecordedStep {
            expanded: state.clone(),
            changes,
            line: self.program.line_at(call.position.start).unwrap_or(0),
            printed: self.output.len(),
        });
        self.successors.clear();
        self.problem.successors(&state, &mut self.successors);
        let list = self
            .successors
            .iter()
            .map(|(next, cost)| MontyObject::tuple([next.to_python(), number(*cost)]));
        Ok(MontyObject::list(list).into())
    }

    /// The calls of the `frontier` module.
    fn frontier_call(&mut self, call: &FunctionCall) -> ExtFunctionResult {
        let argument = |index: usize| call.args.arg(index);
        let integer = |index: usize| argument(index).and_then(|a| a.as_int());
        match call.function_name.as_str() {
            "_frontier_new" => match argument(0).and_then(|a| a.as_str()).and_then(Kind::named) {
                Some(kind) => MontyObject::int(self.containers.create(kind) as i64).into(),
                None => misused(Misuse::Unknown).into(),
            },
            "_frontier_push" => {
                let (Some(id), Some(slot)) = (integer(0), integer(1)) else {
                    return misused(Misuse::Unknown).into();
                };
                let start = self.problem.start();
                let state = argument(2).and_then(|value| P::State::from_python(value, &start));
                let Some(priority) = argument(3).and_then(|p| {
                    p.as_int()
                        .map(|i| i as f64)
                        .or_else(|| p.as_float())
                        .or_else(|| p.as_bool().map(f64::from))
                }) else {
                    return misused(Misuse::NotANumber).into();
                };
                match self
                    .containers
                    .push(id as usize, slot as u64, state.clone(), priority)
                {
                    Ok(()) => {
                        if let Some(state) = state {
                            self.changed(Change::Pushed(state));
                        }
                        MontyObject::none().into()
                    }
                    Err(misuse) => misused(misuse).into(),
                }
            }
            "_frontier_pop" => match integer(0).map(|id| self.containers.pop(id as usize)) {
                Some(Ok((slot, state))) => {
                    self.took_since_expansion = true;
                    if let Some(state) = state {
                        self.changed(Change::Popped(state));
                    }
                    MontyObject::int(slot as i64).into()
                }
                Some(Err(misuse)) => misused(misuse).into(),
                None => misused(Misuse::Unknown).into(),
            },
            "_frontier_order" => match integer(0).map(|id| self.containers.order(id as usize)) {
                Some(Ok(slots)) => {
                    MontyObject::list(slots.into_iter().map(|s| MontyObject::int(s as i64))).into()
                }
                _ => misused(Misuse::Unknown).into(),
            },
            other => ExtFunctionResult::NotFound(other.to_owned()),
        }
    }

    /// A change to the frontier: with the latest expansion until the program takes from
    /// its frontier, with the next one from then on.
    fn changed(&mut self, change: Change<P::State>) {
        if matches!(change, Change::Popped(_)) {
            self.took_since_expansion = true;
        }
        let latest = match self.recording.steps.last_mut() {
            Some(step) => &mut step.changes,
            None => &mut self.recording.opening,
        };
        if self.took_since_expansion {
            self.pending.push(change);
        } else {
            latest.push(change);
        }
    }

    /// `search` returned `value`.
    fn returned(&mut self, value: &MontyObject) {
        let value = value.as_ref();
        if value.type_name() == "NoneType" {
            self.recording.finished = true;
            self.end(None);
            return;
        }
        let start = self.problem.start();
        let path = value
            .items()
            .filter(|_| matches!(value.type_name(), "list" | "tuple"))
            .and_then(|items| {
                items
                    .into_iter()
                    .map(|item| P::State::from_python(item, &start))
                    .collect::<Option<Vec<_>>>()
            });
        // A tuple that is itself a state is not a path of states.
        let path = path.filter(|_| P::State::from_python(value, &start).is_none());
        match path {
            Some(path) => {
                self.recording.returned = Some(path);
                self.recording.finished = true;
                self.end(None);
            }
            None => self.end(Some(Stopped::NotAPath {
                function: self.program.function().to_owned(),
                returned: short_repr(value),
            })),
        }
    }

    fn syntax_error(&self, error: &MontyException) -> Stopped {
        syntax_error(&self.program, error)
    }

    /// Why the sandbox stopped with `error`.
    fn raised(&self, error: &MontyException) -> Stopped {
        match self.hit {
            Some(limit) => Stopped::Limit(limit),
            None => stopped_by(&self.program, error, &self.limits, self.output.len()),
        }
    }

    fn end(&mut self, stopped: Option<Stopped>) {
        self.paused = None;
        self.recording.closing = std::mem::take(&mut self.pending);
        let recording = std::mem::replace(
            &mut self.recording,
            Recording {
                opening: vec![],
                steps: vec![],
                closing: vec![],
                returned: None,
                finished: false,
            },
        );
        self.ran = Some(Ran {
            recording: Arc::new(recording),
            output: std::mem::take(&mut self.output),
            stopped,
        });
    }
}

/// The sandbox's limits for a run within `limits`, counting memory from now: what the app
/// holds already is not the program's.
pub(crate) fn tracker(limits: &Limits) -> ResourceTracker {
    let tracker = ResourceTracker::new(
        ResourceLimits::default()
            .max_recursion_depth(limits.recursion)
            .max_turn_duration(limits.stretch)
            .max_memory(limits.memory)
            .max_suspensions(usize::MAX),
    );
    monty_types::BASELINE_MEMORY.store(
        monty_types::LIVE_MEMORY.load(Ordering::Relaxed),
        Ordering::Relaxed,
    );
    tracker
}

/// A name the program looks up outside itself: Frontier's own functions (`_frontier_*`).
pub(crate) fn host_name(lookup: &NameLookup) -> NameLookupResult {
    match lookup.name.as_str() {
        name if lookup.object_id().is_none() && name.starts_with("_frontier_") => {
            NameLookupResult::Value(MontyObject::function(name, None))
        }
        _ => NameLookupResult::Undefined,
    }
}

/// The answer to a call of the system: an import of a module Frontier lacks is not found,
/// files, the clock and the network are refused.
pub(crate) fn refused(call: &OsCall) -> ExtFunctionResult {
    match &call.function_call {
        OsFunctionCall::Import(name) => ExtFunctionResult::NotFound(name.clone()),
        _ => MontyException::new(
            ExcType::PermissionError,
            Some(frontier_games::tr!("script-no-system")),
        )
        .into(),
    }
}

/// A syntax error, at the program's line and column.
pub(crate) fn syntax_error(program: &Program, error: &MontyException) -> Stopped {
    let (text, _) = program.told(error);
    let (line, column) = error
        .traceback()
        .last()
        .map_or((1, 1), |frame| program.syntax_place(frame));
    Stopped::Syntax { line, column, text }
}

/// Why the sandbox stopped `program` with `error`, having printed `printed` bytes: a limit
/// it hit, a syntax error, a function it lacks, or what it raised.
pub(crate) fn stopped_by(
    program: &Program,
    error: &MontyException,
    limits: &Limits,
    printed: usize,
) -> Stopped {
    let limit = match error.exc_type() {
        ExcType::RecursionError => Some(LimitHit::Recursion(limits.recursion)),
        ExcType::TimeoutError => Some(LimitHit::Stretch(limits.stretch)),
        ExcType::MemoryError if printed + 4096 >= limits.output => {
            Some(LimitHit::Output(limits.output))
        }
        ExcType::MemoryError => Some(LimitHit::Memory(limits.memory)),
        _ => None,
    };
    match limit {
        Some(limit) => Stopped::Limit(limit),
        None if error.exc_type() == ExcType::SyntaxError => syntax_error(program, error),
        None => {
            let (text, line) = program.told(error);
            undefined(program, error, line).unwrap_or(Stopped::Raised { line, text })
        }
    }
}

/// The program stopped because it does not define the function its run calls: a NameError
/// for that name raised outside the program's own lines (`raised_at`), in the call after it.
pub(crate) fn undefined(
    program: &Program,
    error: &MontyException,
    raised_at: Option<u32>,
) -> Option<Stopped> {
    let function = program.function();
    let named = error
        .message()
        .is_some_and(|message| message.contains(&format!("'{function}'")));
    (error.exc_type() == ExcType::NameError && named && raised_at.is_none()).then(|| {
        Stopped::Undefined {
            function: function.to_owned(),
        }
    })
}

/// The host's `problem`: its `start` given, its methods answered by the recorder.
fn problem_object<S: ScriptState>(start: &S) -> MontyObject {
    let class = MontyObject::class_type("Problem", PROBLEM_CLASS_ID, true, false, []);
    MontyObject::class_instance(
        class,
        PROBLEM_ID,
        [(MontyObject::string("start"), start.to_python())],
    )
}

/// A cost or estimate as Python gets it: an `int` when whole, so that a student's sums and
/// prints stay whole.
pub(crate) fn number(value: f64) -> MontyObject {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        MontyObject::int(value as i64)
    } else {
        MontyObject::float(value)
    }
}

/// A value as Python shows it, cut to a line.
pub(crate) fn short_repr(value: ObjectRef<'_>) -> String {
    let shown = value.to_owned().py_repr();
    match shown.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &shown[..cut]),
        None => shown,
    }
}

fn attribute_error(class: &str, name: &str) -> MontyException {
    MontyException::new(
        ExcType::AttributeError,
        Some(format!("'{class}' object has no attribute '{name}'")),
    )
}

/// A container's hidden fields were changed or misused.
fn misused(misuse: Misuse) -> MontyException {
    let key = match misuse {
        Misuse::Unknown | Misuse::SlotTaken => "script-container-changed",
        Misuse::NotANumber => "script-priority-number",
        Misuse::Empty => "script-container-empty",
    };
    let exc = match misuse {
        Misuse::NotANumber => ExcType::TypeError,
        Misuse::Empty => ExcType::IndexError,
        Misuse::Unknown | Misuse::SlotTaken => ExcType::RuntimeError,
    };
    MontyException::new(exc, Some(frontier_games::i18n::tr(key, None)))
}
