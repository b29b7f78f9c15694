//! Reusable widgets that take `&mut egui::Ui`: the board view, the step controls, plots,
//! the pseudo-code panel, a colour legend, a file dialog. They know nothing about any
//! particular game.

pub mod board_view;
pub mod file_dialog;
pub mod legend;
pub mod plot;
pub mod pseudocode;
pub mod step_controls;

pub use board_view::{BoardInput, BoardPainter, BoardView};
pub use step_controls::{Playback, StepAction};
