//! A student's heuristic, asked of many states: the program's `h(state, goal)` is called on
//! every state Frontier hands it, a batch per call into Frontier, and the values come back
//! as numbers. An assignment's heuristic question checks them against the true distances
//! (admissible, consistent) and runs A* with them, all in Rust: the sandbox only computes h.

use monty::{FunctionCall, MontyRun, RunProgress};
use monty_types::{CompileOptions, ExcType, MontyException, MontyObject, PrintWriter};
use web_time::{Duration, Instant};

use crate::limits::{LimitHit, Limits};
use crate::program::Program;
use crate::ran::Stopped;
use crate::record::{host_name, refused, short_repr, stopped_by, syntax_error, tracker};
use crate::state::ScriptState;

/// The states handed to the program in one call.
const BATCH: usize = 256;

/// Calls `function(state, goal)` of `source` on every state of `states`, within `limits`
/// and `total` in all; the values in the order of `states`.
pub fn evaluate<S: ScriptState>(
    source: &str,
    function: &str,
    states: &[S],
    goal: &S,
    limits: &Limits,
    total: Duration,
) -> Result<Vec<f64>, Stopped> {
    let entry = format!(
        "_batch = _frontier_states()\nwhile _batch:\n    \
         _frontier_values([{function}(_state, _goal) for _state in _batch])\n    \
         _batch = _frontier_states()"
    );
    let program = Program::with_entry(source, function, &entry);
    let run = MontyRun::new(
        program.whole.clone(),
        "main.py",
        vec!["_goal".to_owned(), "_STATE_LEN".to_owned()],
        CompileOptions::default(),
    )
    .map_err(|error| syntax_error(&program, &error))?;
    let mut output = String::new();
    let inputs = vec![goal.to_python(), MontyObject::int(goal.arity() as i64)];
    let print = PrintWriter::CollectString(&mut output, Some(limits.output));
    let mut asked = Asked {
        function,
        states,
        handed: 0,
        values: Vec::with_capacity(states.len()),
    };
    let began = Instant::now();
    let mut next = run.start(inputs, tracker(limits), print);
    loop {
        let paused = match next {
            Ok(RunProgress::Complete(_)) => break,
            Ok(paused) => paused,
            Err(error) => return Err(stopped_by(&program, &error, limits, output.len())),
        };
        let print = PrintWriter::CollectString(&mut output, Some(limits.output));
        if began.elapsed() > total {
            let exc = MontyException::new(ExcType::TimeoutError, None);
            let _ = match paused {
                RunProgress::FunctionCall(call) => call.abort(exc, print),
                RunProgress::NameLookup(lookup) => lookup.abort(exc, print),
                RunProgress::OsCall(call) => call.abort(exc, print),
                _ => Err(exc),
            };
            return Err(Stopped::Limit(LimitHit::Total(total)));
        }
        next = match paused {
            RunProgress::FunctionCall(call) => {
                let answer = asked.answer(&call);
                call.resume(answer, print)
            }
            RunProgress::NameLookup(lookup) => {
                let answer = host_name(&lookup);
                lookup.resume(answer, print)
            }
            RunProgress::OsCall(call) => {
                let answer = refused(&call);
                call.resume(answer, print)
            }
            RunProgress::ResolveFutures(_) => Err(MontyException::new(
                ExcType::RuntimeError,
                Some(frontier_games::tr!("script-no-async")),
            )),
            RunProgress::Complete(value) => Ok(RunProgress::Complete(value)),
        };
    }
    Ok(asked.values)
}

/// The states still to hand over and the values given back.
struct Asked<'a, S> {
    function: &'a str,
    states: &'a [S],
    handed: usize,
    values: Vec<f64>,
}

impl<S: ScriptState> Asked<'_, S> {
    fn answer(&mut self, call: &FunctionCall) -> monty_types::ExtFunctionResult {
        match (call.object_id, call.function_name.as_str()) {
            (None, "_frontier_states") => {
                let from = self.values.len();
                let to = (from + BATCH).min(self.states.len());
                self.handed = to;
                let batch = self.states[from..to].iter().map(ScriptState::to_python);
                MontyObject::list(batch).into()
            }
            (None, "_frontier_values") => match self.take(call) {
                Ok(()) => MontyObject::none().into(),
                Err(error) => error.into(),
            },
            (_, other) => monty_types::ExtFunctionResult::NotFound(other.to_owned()),
        }
    }

    /// The values of the batch handed over last.
    fn take(&mut self, call: &FunctionCall) -> Result<(), MontyException> {
        let values = call.args.arg(0).and_then(|list| list.items());
        let Some(values) = values else {
            return Err(MontyException::new(ExcType::RuntimeError, None));
        };
        for value in values {
            let state = &self.states[self.values.len().min(self.handed.saturating_sub(1))];
            let number = value
                .as_int()
                .map(|i| i as f64)
                .or_else(|| value.as_float())
                .filter(|n| n.is_finite());
            let Some(number) = number else {
                return Err(MontyException::new(
                    ExcType::TypeError,
                    Some(frontier_games::tr!(
                        "script-not-a-number",
                        function = self.function.to_owned(),
                        state = state.to_python().py_repr(),
                        returned = short_repr(value)
                    )),
                ));
            };
            self.values.push(number);
        }
        Ok(())
    }
}
