//! Edit mode: the level editor as a type of its own (the level with its undo, the tool, the
//! stroke being painted, what Check last saw and the editor's solve, none of them reachable
//! from the rest of the tab), and the tab's side of it: the panel, putting the level in play.

use egui::{Key, Modifiers, Ui};

use super::hint_worker::{HintWorker, pace_parts};
use super::{EditTool, Mode, SokobanTab};
use crate::games::sokoban::names as sokoban_names;
use crate::games::sokoban::solver::HintOutcome;
use crate::games::sokoban::solver::portfolio::Pace;
use crate::games::sokoban::{Entry, Level, MAX_LEVEL_SIDE, Square};
use crate::grid::Pos;
use crate::names;
use crate::tr;
use crate::ui::BoardInput;

/// The level editor.
pub(super) struct Editing {
    /// The level in the editor, with its undo snapshots.
    level: Level,
    undo: Vec<Level>,
    redo: Vec<Level>,
    tool: EditTool,
    /// A stroke is being painted (a press not yet let go).
    stroke: bool,
    /// The level as the editor's Check last saw it: its verdict is shown, in words made
    /// when drawn, while the level in the editor is still that one.
    checked: Option<Level>,
    /// The hint's searches on the level in the editor, on a thread of their own, asked
    /// whether it can be solved.
    solve: Option<HintWorker>,
}

/// What the editor's panel asks of the tab.
#[derive(Default)]
pub(super) struct Asked {
    fit_view: bool,
    solve: bool,
    play: bool,
    save: bool,
}

impl Editing {
    pub(super) fn new() -> Editing {
        Editing {
            level: Level::empty(10, 8),
            undo: vec![],
            redo: vec![],
            tool: EditTool::Wall,
            stroke: false,
            checked: None,
            solve: None,
        }
    }

    /// The level in the editor.
    pub(super) fn level(&self) -> &Level {
        &self.level
    }

    /// Puts `level` in the editor, as painting it square by square would.
    pub(super) fn set(&mut self, level: Level) {
        self.level = level;
    }

    /// Starts afresh on another level (`None`: keeps the one there), its undo and Check gone.
    pub(super) fn start(&mut self, level: Option<Level>) {
        if let Some(level) = level {
            self.level = level;
        }
        (self.undo, self.redo, self.checked) = (vec![], vec![], None);
    }

    fn snapshot(&mut self) {
        self.undo.push(self.level.clone());
        self.redo.clear();
    }

    fn undo_step(&mut self) {
        if let Some(previous) = self.undo.pop() {
            self.redo.push(std::mem::replace(&mut self.level, previous));
        }
    }

    fn redo_step(&mut self) {
        if let Some(next) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.level, next));
        }
    }

    /// Keys while editing: undo and redo.
    pub(super) fn keys(&mut self, ui: &Ui) {
        let (undo, redo) = ui.input_mut(|i| {
            (
                i.consume_key(Modifiers::COMMAND, Key::Z),
                i.consume_key(Modifiers::COMMAND, Key::Y)
                    || i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
            )
        });
        if undo {
            self.undo_step();
        }
        if redo {
            self.redo_step();
        }
    }

    /// A press paints a stroke, one undo step; a stroke a second finger made a pinch is taken
    /// back, leaving no redo behind.
    pub(super) fn pointer(&mut self, input: &BoardInput) {
        if input.cancelled
            && std::mem::take(&mut self.stroke)
            && let Some(previous) = self.undo.pop()
        {
            self.level = previous;
        }
        if let Some(pos) = input.pressed {
            self.snapshot();
            self.stroke = true;
            self.paint(pos);
        }
        if self.stroke {
            for &pos in &input.dragged {
                self.paint(pos);
            }
        }
        if input.released {
            self.stroke = false;
        }
    }

    fn paint(&mut self, pos: Pos) {
        let level = &mut self.level;
        match self.tool {
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

    /// Checks the level and says what is wrong (or that it is fine) while it stands.
    fn check(&mut self) {
        self.checked = Some(self.level.clone());
    }

    /// What Check says of the level in the editor, if it was checked as it stands.
    fn check_verdict(&self) -> Option<Result<String, String>> {
        (self.checked.as_ref() == Some(&self.level)).then(|| match self.level.check() {
            Ok(()) => Ok(tr!("edit-level-ready")),
            Err(problem) => Err(problem.to_string()),
        })
    }

    /// The level as an entry of the collection, once Check finds it ready to play.
    fn entry_to_play(&mut self) -> Option<Entry> {
        self.check();
        self.level.check().ok()?;
        let title = match self.level.title.is_empty() {
            true => tr!("edit-level-untitled"),
            false => self.level.title.clone(),
        };
        Some(Entry {
            title,
            level: Ok(self.level.clone()),
        })
    }

    /// The tools, undo, the title and size, and the buttons; what the tab must do, asked.
    fn controls(&mut self, ui: &mut Ui) -> Asked {
        let mut asked = Asked::default();
        ui.horizontal_wrapped(|ui| {
            for (tool, name) in [
                (EditTool::Wall, tr!("edit-tool-wall")),
                (EditTool::Floor, tr!("edit-tool-floor")),
                (EditTool::Goal, tr!("edit-tool-goal")),
                (EditTool::Box, tr!("edit-tool-box")),
                (EditTool::Player, tr!("edit-tool-player")),
            ] {
                ui.selectable_value(&mut self.tool, tool, name);
            }
        });
        ui.horizontal_wrapped(|ui| {
            let undo = egui::Button::new(tr!("sk-undo"));
            if ui.add_enabled(!self.undo.is_empty(), undo).clicked() {
                self.undo_step();
            }
            let redo = egui::Button::new(tr!("sk-redo"));
            if ui.add_enabled(!self.redo.is_empty(), redo).clicked() {
                self.redo_step();
            }
            if ui.button(tr!("edit-new-level")).clicked() {
                self.snapshot();
                self.level = Level::empty(10, 8);
                asked.fit_view = true;
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("edit-title"));
            ui.text_edit_singleline(&mut self.level.title)
                .labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            let (mut w, mut h) = (self.level.width(), self.level.height());
            let label = ui.label(tr!("edit-size"));
            let a = ui
                .add(egui::DragValue::new(&mut w).range(3..=MAX_LEVEL_SIDE))
                .labelled_by(label.id);
            ui.label("×");
            let b = ui
                .add(egui::DragValue::new(&mut h).range(3..=MAX_LEVEL_SIDE))
                .on_hover_text(tr!("edit-height"));
            if (a.changed() || b.changed()) && (w, h) != (self.level.width(), self.level.height()) {
                self.snapshot();
                self.level = self.level.resized(w, h);
                asked.fit_view = true;
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!("edit-check")).clicked() {
                self.check();
            }
            let solvable = ui.button(tr!("edit-solvable"));
            asked.solve = solvable.on_hover_text(tr!("edit-solvable-tip")).clicked();
            asked.play = ui.button(tr!("edit-play-it")).clicked();
            asked.save = ui.button(tr!("edit-save-xsb")).clicked();
        });
        asked
    }

    /// The verdicts under the panel: Check's, and the editor's solve's.
    fn verdicts(&self, ui: &mut Ui) {
        match self.check_verdict() {
            Some(Ok(text)) => {
                ui.colored_label(crate::ui::color(crate::palette::status::SUCCESS), text);
            }
            Some(Err(text)) => {
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            None => {}
        }
        if let Some(verdict) = self.solve_verdict() {
            ui.label(verdict);
        }
    }

    /// Starts the hint's searches on the level (after checking it), on a thread of their
    /// own, with `first` for a first try, to tell whether and in how few pushes it can be
    /// solved. Asked again for the same board, a search that gave up starts again with more
    /// time; any other stands.
    fn solve(&mut self, first: (usize, Pace)) {
        self.check();
        if self.level.check().is_err() {
            self.solve = None;
            return;
        }
        if let Some(worker) = HintWorker::ask(self.solve.as_ref(), self.level.clone(), first) {
            self.solve = Some(worker);
        }
    }

    /// Takes in the editor's solve once its thread has an answer; true while it goes on. An
    /// edit to the board drops it (which stops its search).
    pub(super) fn advance(&mut self) -> bool {
        let Some(search) = &mut self.solve else {
            return false;
        };
        if !search.position().same_board(&self.level) {
            self.solve = None;
            return false;
        }
        search.poll()
    }

    /// What the editor's solve found, in words.
    pub(super) fn solve_verdict(&self) -> Option<String> {
        let search = self.solve.as_ref()?;
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

impl SokobanTab {
    /// The editor's panel; what it asks of the tab done.
    pub(super) fn edit_controls(&mut self, ui: &mut Ui) {
        let asked = self.edit.controls(ui);
        if self
            .level_to_edit()
            .is_some_and(|level| &level != self.edit.level())
        {
            ui.small(tr!("edit-not-in-play-yet"));
        }
        self.edit.verdicts(ui);
        if asked.fit_view {
            self.view.fit();
        }
        if asked.solve {
            self.edit.solve(self.play.aid().first);
        }
        if asked.play {
            self.play_edited();
        }
        if asked.save {
            self.save_dialog();
        }
    }

    /// Puts the edited level into the collection in place of the current one and plays it,
    /// once Check finds it ready.
    pub fn play_edited(&mut self) {
        let Some(entry) = self.edit.entry_to_play() else {
            return;
        };
        self.collection.put_current(entry);
        self.select(self.collection.index());
        self.mode = Mode::Play;
    }

    /// What the editor's solve found, in words.
    pub fn editing_verdict(&self) -> Option<String> {
        self.edit.solve_verdict()
    }
}
