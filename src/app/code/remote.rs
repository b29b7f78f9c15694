//! A program run in the browser's Python worker (`tools/web/script-worker.js`, which loads
//! the `frontier-script-web` module the first time a program runs). The page hands it the
//! program and the problem as JSON and reads the recording back when it comes; nothing a
//! program does in the worker can stop the page: a run started while another is under way
//! ends the worker (the old run with it) and starts a new one, and a worker that fails is
//! dropped and told as the run's error.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use frontier_script::wire::Request;
use frontier_script::{Limits, Ran};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use super::Recordable;
use crate::ui::step_controls::FrameBudget;

/// Where a run's answer lands: the worker's JSON, or why there is none.
pub type Slot = Rc<RefCell<Option<Result<String, String>>>>;

/// The worker, with the runs it owes answers to, oldest first.
struct Worker {
    worker: web_sys::Worker,
    waiting: Rc<RefCell<VecDeque<Slot>>>,
    /// Set when the worker failed or its interpreter did (it answers no more): the next run
    /// starts a new one. (A handler cannot drop the worker that owns it.)
    dead: Rc<Cell<bool>>,
    /// Kept alive as long as the worker: its message and error handlers.
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// The script that starts the worker, beside the page.
const WORKER_SCRIPT: &str = "script-worker.js";

fn spawn() -> Result<Worker, String> {
    let worker = web_sys::Worker::new(WORKER_SCRIPT)
        .map_err(|e| crate::tr!("code-worker-failed", why = format!("{e:?}")))?;
    let waiting: Rc<RefCell<VecDeque<Slot>>> = Rc::default();
    let dead: Rc<Cell<bool>> = Rc::default();
    let (answered, gone) = (waiting.clone(), dead.clone());
    let on_message = Closure::<dyn FnMut(_)>::new(move |event: web_sys::MessageEvent| {
        let answer = event
            .data()
            .as_string()
            .ok_or_else(|| crate::tr!("code-worker-failed", why = "not text"));
        // The worker script answers `{"Err": …}` when the interpreter itself failed (it
        // could not load, or trapped): it closes then.
        if answer
            .as_ref()
            .is_ok_and(|json| json.starts_with("{\"Err\""))
        {
            gone.set(true);
        }
        if let Some(slot) = answered.borrow_mut().pop_front() {
            *slot.borrow_mut() = Some(answer);
        }
    });
    let (failed, gone) = (waiting.clone(), dead.clone());
    let on_error = Closure::<dyn FnMut(_)>::new(move |event: web_sys::ErrorEvent| {
        // Every run the worker owed is told why; the next run starts a new one.
        let why = crate::tr!("code-worker-failed", why = event.message());
        for slot in failed.borrow_mut().drain(..) {
            *slot.borrow_mut() = Some(Err(why.clone()));
        }
        gone.set(true);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Worker {
        worker,
        waiting,
        dead,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// Hands `request` to the worker (a fresh one if the last is busy or gone); where its
/// answer lands.
pub fn post(request: String) -> Slot {
    let slot: Slot = Rc::default();
    WORKER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let busy = cell
            .as_ref()
            .is_some_and(|w| !w.waiting.borrow().is_empty());
        let dead = cell.as_ref().is_some_and(|w| w.dead.get());
        if (busy || dead)
            && let Some(old) = cell.take()
        {
            // A run under way is not wanted any more: it ends with its worker.
            old.worker.terminate();
        }
        if cell.is_none() {
            match spawn() {
                Ok(worker) => *cell = Some(worker),
                Err(why) => {
                    *slot.borrow_mut() = Some(Err(why));
                    return;
                }
            }
        }
        let worker = cell.as_ref().expect("spawned above");
        worker.waiting.borrow_mut().push_back(slot.clone());
        if let Err(e) = worker.worker.post_message(&request.into()) {
            worker.waiting.borrow_mut().pop_back();
            *slot.borrow_mut() = Some(Err(crate::tr!(
                "code-worker-failed",
                why = format!("{e:?}")
            )));
        }
    });
    slot
}

/// A program being run in the worker.
pub struct Job<P: Recordable> {
    slot: Slot,
    problem: P,
}

impl<P: Recordable> Job<P> {
    /// Hands `source` and `problem` to the worker.
    pub fn start(source: &str, problem: P, limits: Limits) -> Job<P> {
        let request = Request {
            source: source.to_owned(),
            limits,
            language: crate::i18n::language().tag().to_owned(),
            problem: problem.spec(),
        };
        let json = serde_json::to_string(&request).unwrap_or_default();
        Job {
            slot: post(json),
            problem,
        }
    }

    /// The problem it searches.
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The worker does not tell how far a run has got.
    pub fn expansions(&self) -> Option<usize> {
        None
    }

    /// The run, once the worker has answered.
    pub fn poll(&mut self, _budget: FrameBudget) -> Option<Ran<P::State>> {
        let answer = self.slot.borrow_mut().take()?;
        // No run (the worker failed, or its answer does not read): told as a run stopped
        // before its first step.
        Some(
            answer
                .and_then(|json| P::read_reply(&json))
                .unwrap_or_else(super::no_run),
        )
    }
}
