//! What the shell asks of every tab. The shell lists its tabs once (in `shell.rs`) and loops
//! over them for the keys, the status line, the frame's work, the menus, dropped files and
//! the saved state; a new game is a new module that implements these and one line there.

use std::path::Path;

use egui::Ui;

use super::notice::Notice;
use super::persistence::Fields;
use crate::ui::step_controls::FrameBudget;

/// A keyboard shortcut as the help lists it: the message keys of the keys, and of what they
/// do.
pub type Shortcut = (&'static str, &'static str);

/// One tab of the app.
pub trait Tab {
    /// The name on the tab bar.
    fn title(&self) -> String;

    /// The shortcuts this tab handles, for the help.
    fn shortcuts(&self) -> &'static [Shortcut];

    /// Handles this frame's shortcuts (not called while a text field or a dialog has the
    /// keyboard).
    fn handle_keys(&mut self, ui: &Ui);

    /// The status line.
    fn status(&self) -> String;

    /// This frame's share of running and animating, `dt` seconds after the last, within
    /// `budget`; true while more frames are needed.
    fn advance(&mut self, dt: f64, budget: FrameBudget) -> bool;

    /// Draws the tab: its panels and its board.
    fn ui(&mut self, ui: &mut Ui);

    /// Whether a dialog of the tab has the keyboard.
    fn modal_open(&self) -> bool {
        false
    }

    /// What the browser tests read of the tab (the page's `frontierTestState`).
    fn test_state(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    /// What the tab remembers between runs, as RON.
    fn save(&self) -> String;

    /// What a link to the view shown carries, if this tab has one to share.
    fn shared_view(&self) -> Option<crate::share::View> {
        None
    }

    /// The way in from a link, mirroring [`Tab::shared_view`]: opens `view` when it is this
    /// tab's (a board, a level, a game), else hands it back untouched for another tab.
    fn open_view(
        &mut self,
        view: Box<crate::share::Opened>,
    ) -> Result<(), Box<crate::share::Opened>> {
        Err(view)
    }

    /// Checks the student's program of the code panel against `rule` from now on (an
    /// assignment's test opened here names the search its question asks for).
    fn check_code_against(&mut self, _rule: crate::search::judge::Rule) {}

    /// The student's program as last run, judged against `rule` (a lesson's question):
    /// whether it follows it and the judge's words; None before a run has ended.
    fn code_judged(&self, _rule: crate::search::judge::Rule) -> Option<(bool, String)> {
        None
    }

    /// The tab's entries in the File menu; true when one was used (the shell then shows
    /// this tab).
    fn file_menu(&mut self, _ui: &mut Ui) -> bool {
        false
    }

    /// The tab's entries in the Edit menu.
    fn edit_menu(&mut self, _ui: &mut Ui) {}

    /// File name extensions (lower case) this tab opens when such a file is dropped.
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether a dropped file with an extension no tab claims may be opened here.
    fn opens_other_files(&self) -> bool {
        false
    }

    /// Opens a dropped file: its name, its path when it has one, and its text (or why it
    /// could not be read).
    fn open_dropped(&mut self, _name: &str, _path: Option<&Path>, _text: Result<String, String>) {}

    /// The tab's message slot, for messages the shell routes to it.
    fn notice(&mut self) -> &mut Option<Notice>;

    /// Puts a lesson page's scene on the tab, its run `steps` in, if the scene is this
    /// tab's kind; whether it was.
    fn show_lesson_scene(&mut self, _scene: &crate::lessons::Scene, _steps: usize) -> bool {
        false
    }

    /// The board a lesson's questions are answered on, if this tab has one.
    fn lesson_board(&mut self) -> Option<&mut dyn LessonBoard> {
        None
    }
}

/// How a cell a student named is outlined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerMark {
    Right,
    Wrong,
    /// Picked, not judged yet.
    Picked,
}

/// A board a lesson's questions are answered on: the shell asks it for a cell, hears the
/// cell clicked, marks the answers and shows the step the question was about, through this.
pub trait LessonBoard {
    /// Whether the next click on the board answers the lesson's question.
    fn ask_for_cell(&mut self, asked: bool);

    /// The cell clicked in answer, once.
    fn take_cell_answer(&mut self) -> Option<crate::grid::Pos>;

    /// The board as painted (for "Check my board").
    fn painted(&self) -> &crate::games::sandbox::Board;

    /// The cells outlined as answers, right, wrong or picked.
    fn answer_marks(&mut self) -> &mut Vec<(crate::grid::Pos, AnswerMark)>;

    /// Shows the step after `steps`, the one a question was about.
    fn show_step_after(&mut self, steps: usize);
}

/// Making a tab from its saved part (what [`Tab::save`] wrote), field by field: each field
/// that cannot be used is reset, and the returned messages say which and why.
pub trait Restore: Sized {
    fn restore(saved: Option<&Fields>) -> (Self, Vec<String>);
}
