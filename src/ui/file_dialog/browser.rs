//! The dialog in a browser. To open, the browser's own file picker: the file the user picks
//! is read and kept under its name (see [`crate::files::browser`]), and that name is the
//! path chosen, so the tab reads it as it would read a file on disk. To save there is
//! nothing to ask: the name offered is chosen at once, and writing it downloads it.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

use egui::Context;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use super::{DialogMode, DialogOutcome, FileFilter};
use crate::files::browser;

pub struct FileDialog {
    mode: DialogMode,
    name: String,
    /// The file types on offer, as the picker's `accept` list (".board,.map").
    accept: String,
    /// Filled in by the picker's events.
    outcome: Rc<RefCell<Option<DialogOutcome>>>,
    asked: bool,
}

impl FileDialog {
    /// A dialog for `mode`; `name` is the name offered for saving. The title and folder
    /// have no place in a browser's picker.
    pub fn new(
        mode: DialogMode,
        _title: &str,
        _folder: Option<&std::path::Path>,
        name: &str,
        filters: Vec<FileFilter>,
    ) -> FileDialog {
        // The first filter is what the command reads; "all files" leaves the picker open.
        let accept = filters
            .first()
            .map(|f| {
                let patterns: Vec<String> = f.extensions.iter().map(|e| format!(".{e}")).collect();
                patterns.join(",")
            })
            .unwrap_or_default();
        FileDialog {
            mode,
            name: name.to_string(),
            accept,
            outcome: Rc::new(RefCell::new(None)),
            asked: false,
        }
    }

    /// The presets ship inside the page (File → presets); there is no folder to offer.
    pub fn with_presets(self, _sub: &str) -> FileDialog {
        self
    }

    pub fn mode(&self) -> DialogMode {
        self.mode
    }

    /// Asks the browser, the first time; returns what the user chose once they chose.
    pub fn show(&mut self, ctx: &Context) -> Option<DialogOutcome> {
        if self.mode == DialogMode::Save {
            return Some(DialogOutcome::Chosen(PathBuf::from(&self.name)));
        }
        if !self.asked {
            self.asked = true;
            if let Err(why) = self.pick() {
                log::warn!("the file picker did not open: {why}");
                return Some(DialogOutcome::Cancelled);
            }
        }
        let outcome = self.outcome.borrow_mut().take();
        if outcome.is_none() {
            // The picker's answer comes between frames.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        outcome
    }

    /// Opens the browser's file picker; its answer lands in `self.outcome`.
    fn pick(&self) -> Result<(), String> {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let input: web_sys::HtmlInputElement = document
            .create_element("input")
            .map_err(|e| browser::describe(&e))?
            .dyn_into()
            .map_err(|_| "not an input")?;
        input.set_type("file");
        if !self.accept.is_empty() {
            input.set_accept(&self.accept);
        }
        let outcome = Rc::clone(&self.outcome);
        let picked = input.clone();
        let on_change = Closure::once_into_js(move || {
            let file = picked.files().and_then(|files| files.get(0));
            picked.remove();
            let Some(file) = file else {
                *outcome.borrow_mut() = Some(DialogOutcome::Cancelled);
                return;
            };
            let name = file.name();
            let outcome = Rc::clone(&outcome);
            wasm_bindgen_futures::spawn_local(async move {
                let read = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await;
                *outcome.borrow_mut() = Some(match read {
                    Ok(buffer) => {
                        browser::keep(&name, js_sys::Uint8Array::new(&buffer).to_vec());
                        DialogOutcome::Chosen(PathBuf::from(name))
                    }
                    Err(e) => {
                        log::warn!("{name} could not be read: {}", browser::describe(&e));
                        DialogOutcome::Cancelled
                    }
                });
            });
        });
        input.set_onchange(Some(on_change.unchecked_ref()));
        let outcome = Rc::clone(&self.outcome);
        let cancelled = input.clone();
        let on_cancel = Closure::once_into_js(move || {
            cancelled.remove();
            *outcome.borrow_mut() = Some(DialogOutcome::Cancelled);
        });
        input
            .add_event_listener_with_callback("cancel", on_cancel.unchecked_ref())
            .map_err(|e| browser::describe(&e))?;
        input.style().set_property("display", "none").ok();
        if let Some(body) = document.body() {
            body.append_child(&input)
                .map_err(|e| browser::describe(&e))?;
        }
        input.click();
        Ok(())
    }
}
