//! Edit mode: painting squares, the editor's undo, checking the level and playing it.

use egui::{Key, Modifiers, Ui};

use super::hint_worker::{HintWorker, pace_parts};
use super::{EditTool, Mode, SokobanTab};
use crate::games::sokoban::names as sokoban_names;
use crate::games::sokoban::solver::HintOutcome;
use crate::games::sokoban::{Entry, Level, Square};
use crate::grid::Pos;
use crate::names;
use crate::tr;

impl SokobanTab {
    /// Keys while editing.
    pub(super) fn edit_keys(&mut self, ui: &Ui) {
        let (undo, redo) = ui.input_mut(|i| {
            (
                i.consume_key(Modifiers::COMMAND, Key::Z),
                i.consume_key(Modifiers::COMMAND, Key::Y)
                    || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
            )
        });
        if undo {
            self.edit_undo_step();
        }
        if redo {
            self.edit_redo_step();
        }
    }

    pub(super) fn edit_snapshot(&mut self) {
        self.edit.edit_undo.push(self.edit.editing.clone());
        self.edit.edit_redo.clear();
    }

    /// Takes back the stroke being painted (a second finger made it a pinch), leaving no
    /// redo behind.
    pub(super) fn take_back_stroke(&mut self) {
        if let Some(previous) = self.edit.edit_undo.pop() {
            self.edit.editing = previous;
        }
    }

    pub(super) fn edit_undo_step(&mut self) {
        if let Some(previous) = self.edit.edit_undo.pop() {
            self.edit
                .edit_redo
                .push(std::mem::replace(&mut self.edit.editing, previous));
        }
    }

    pub(super) fn edit_redo_step(&mut self) {
        if let Some(next) = self.edit.edit_redo.pop() {
            self.edit
                .edit_undo
                .push(std::mem::replace(&mut self.edit.editing, next));
        }
    }

    pub(super) fn paint(&mut self, pos: Pos) {
        let level = &mut self.edit.editing;
        match self.edit.tool {
            EditTool::Wall => level.set_square(pos, Square::Wall),
            EditTool::Floor => {
                level.set_square(pos, Square::Floor);
                level.set_box(pos, false);
            }
            EditTool::Goal => level.set_square(pos, Square::Goal),
            EditTool::Box => level.set_box(pos, true),
            EditTool::Player => level.set_player(pos),
        }
    }

    /// Checks the level in the editor and says what is wrong (or that it is fine).
    pub fn check_editing(&mut self) {
        self.edit.checked = Some(self.edit.editing.clone());
    }

    /// What Check says of the level in the editor, if it was checked as it stands.
    pub fn check_verdict(&self) -> Option<Result<String, String>> {
        (self.edit.checked.as_ref() == Some(&self.edit.editing)).then(|| {
            match self.edit.editing.check() {
                Ok(()) => Ok(tr!("edit-level-ready")),
                Err(problem) => Err(problem.to_string()),
            }
        })
    }

    /// Puts the edited level into the collection in place of the current one and plays it.
    pub fn play_edited(&mut self) {
        self.check_editing();
        if let Ok(()) = self.edit.editing.check() {
            let entry = Entry {
                title: if self.edit.editing.title.is_empty() {
                    tr!("edit-level-untitled")
                } else {
                    self.edit.editing.title.clone()
                },
                level: Ok(self.edit.editing.clone()),
            };
            if self.collection.entries.is_empty() {
                self.collection.entries.push(entry);
            } else {
                self.collection.entries[self.collection.index] = entry;
            }
            self.collection.collection_text = self
                .collection
                .entries
                .iter()
                .filter_map(|e| e.level.as_ref().ok())
                .map(|l| l.to_xsb())
                .collect::<Vec<_>>()
                .join("\n");
            let index = self.collection.index;
            self.select(index);
            self.mode = Mode::Play;
        }
    }

    pub(super) fn edit_controls(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            for (tool, name) in [
                (EditTool::Wall, tr!("edit-tool-wall")),
                (EditTool::Floor, tr!("edit-tool-floor")),
                (EditTool::Goal, tr!("edit-tool-goal")),
                (EditTool::Box, tr!("edit-tool-box")),
                (EditTool::Player, tr!("edit-tool-player")),
            ] {
                ui.selectable_value(&mut self.edit.tool, tool, name);
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(
                    !self.edit.edit_undo.is_empty(),
                    egui::Button::new(tr!("sk-undo")),
                )
                .clicked()
            {
                self.edit_undo_step();
            }
            if ui
                .add_enabled(
                    !self.edit.edit_redo.is_empty(),
                    egui::Button::new(tr!("sk-redo")),
                )
                .clicked()
            {
                self.edit_redo_step();
            }
            if ui.button(tr!("edit-new-level")).clicked() {
                self.edit_snapshot();
                self.edit.editing = Level::empty(10, 8);
                self.view.fit();
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("edit-title"));
            ui.text_edit_singleline(&mut self.edit.editing.title)
                .labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            let (mut w, mut h) = (self.edit.editing.width(), self.edit.editing.height());
            let label = ui.label(tr!("edit-size"));
            let a = ui
                .add(egui::DragValue::new(&mut w).range(3..=crate::games::sokoban::MAX_LEVEL_SIDE))
                .labelled_by(label.id);
            ui.label("×");
            let b = ui
                .add(egui::DragValue::new(&mut h).range(3..=crate::games::sokoban::MAX_LEVEL_SIDE))
                .on_hover_text(tr!("edit-height"));
            if (a.changed() || b.changed())
                && (w, h) != (self.edit.editing.width(), self.edit.editing.height())
            {
                self.edit_snapshot();
                self.edit.editing = self.edit.editing.resized(w, h);
                self.view.fit();
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!("edit-check")).clicked() {
                self.check_editing();
            }
            if ui
                .button(tr!("edit-solvable"))
                .on_hover_text(tr!("edit-solvable-tip"))
                .clicked()
            {
                self.solve_editing();
            }
            if ui.button(tr!("edit-play-it")).clicked() {
                self.play_edited();
            }
            if ui.button(tr!("edit-save-xsb")).clicked() {
                self.save_dialog();
            }
        });
        let edited = self
            .level_to_edit()
            .is_some_and(|level| level != self.edit.editing);
        if edited {
            ui.small(tr!("edit-not-in-play-yet"));
        }
        match self.check_verdict() {
            Some(Ok(text)) => {
                ui.colored_label(crate::ui::color(crate::palette::status::SUCCESS), text);
            }
            Some(Err(text)) => {
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            None => {}
        }
        if let Some(verdict) = self.editing_verdict() {
            ui.label(verdict);
        }
    }

    /// Starts the hint's searches on the level in the editor (after checking it), on a thread
    /// of their own, to tell whether and in how few pushes it can be solved. Asked again for
    /// the same board, a search that gave up starts again with more time; any other stands.
    pub fn solve_editing(&mut self) {
        self.check_editing();
        if self.edit.editing.check().is_err() {
            self.edit.edit_solve = None;
            return;
        }
        let previous = self.edit.edit_solve.as_ref();
        if let Some(worker) =
            HintWorker::ask(previous, self.edit.editing.clone(), self.play.aid.first)
        {
            self.edit.edit_solve = Some(worker);
        }
    }

    /// Takes in the editor's solve once its thread has an answer; true while it goes on. An
    /// edit to the board drops it (which stops its search).
    pub(super) fn advance_edit(&mut self) -> bool {
        let Some(search) = &mut self.edit.edit_solve else {
            return false;
        };
        if !search.position().same_board(&self.edit.editing) {
            self.edit.edit_solve = None;
            return false;
        }
        search.poll()
    }

    /// What the editor's solve found, in words.
    pub fn editing_verdict(&self) -> Option<String> {
        let search = self.edit.edit_solve.as_ref()?;
        Some(match search.outcome() {
            None => {
                let (unit, spent, limit) = search.progress().parts();
                tr!(
                    "edit-solving",
                    positions = search.expanded(),
                    unit = unit,
                    spent = spent,
                    limit = limit
                )
            }
            Some(HintOutcome::Push(hint)) if hint.proven_shortest => tr!(
                "edit-solvable-in",
                pushes = hint.pushes_left,
                positions = search.expanded()
            ),
            Some(HintOutcome::Push(hint)) => tr!(
                "edit-solvable-not-proven",
                pushes = hint.pushes_left,
                positions = search.expanded(),
                search = sokoban_names::portfolio_search(hint.found_by)
            ),
            Some(HintOutcome::NoSolution) => tr!("edit-no-solution"),
            Some(HintOutcome::GaveUp(limit)) if let Some(longer) = search.longer() => tr!(
                "edit-undecided-ask-again",
                why = names::limit(*limit),
                unit = pace_parts(longer).0,
                more = pace_parts(longer).1
            ),
            Some(HintOutcome::GaveUp(limit)) => {
                tr!("edit-undecided", why = names::limit(*limit))
            }
        })
    }
}
