//! The browser's Python worker: `tools/web/script-worker.js` loads this module in a Web
//! Worker the first time the code panel runs a program, and hands it each run as JSON (see
//! `frontier_script::wire`). The interpreter (some 3 MB gzipped) so stays out of the page's
//! first load, a run never holds up the page's frames, and whatever a program does to the
//! interpreter (a trap deep in it) ends the worker, not the app.

use wasm_bindgen::prelude::wasm_bindgen;

/// Runs the program `request` names and answers with its recording, as JSON.
#[wasm_bindgen]
pub fn record(request: &str) -> String {
    frontier_script::wire::answer(request)
}

/// Checks a student's file against an assignment and answers with the grades, as JSON.
#[wasm_bindgen]
pub fn grade(request: &str) -> String {
    frontier_script::wire::answer_grade(request)
}
