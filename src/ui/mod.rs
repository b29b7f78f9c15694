//! Reusable widgets that take `&mut egui::Ui`: the board view, the step controls, plots,
//! the pseudo-code panel, a colour legend, a file dialog. They know nothing about any
//! particular game.

pub mod board_view;
pub mod file_dialog;
pub mod legend;
pub mod plot;
pub mod presentation;
pub mod pseudocode;
pub mod recent;
pub mod side_panels;
pub mod sketch;
pub mod step_controls;
pub mod touch;

pub use board_view::{BoardInput, BoardPainter, BoardView};
pub use step_controls::{Pace, Playback, StepAction};

/// A palette colour as egui draws it.
pub const fn color(c: crate::palette::Rgba) -> egui::Color32 {
    egui::Color32::from_rgba_unmultiplied_const(c.0, c.1, c.2, c.3)
}

/// The colour a fraction `t` (0..=1) of the way from `a` to `b` (as [`crate::palette::mix`]).
pub fn mix(a: egui::Color32, b: egui::Color32, t: f32) -> egui::Color32 {
    let rgb = |c: egui::Color32| crate::palette::rgb(c.r(), c.g(), c.b());
    color(crate::palette::mix(rgb(a), rgb(b), t))
}

/// Takes this frame's arrow and WASD presses (without modifiers) out of the input, in
/// order, as directions.
pub fn consume_direction_keys(input: &mut egui::InputState) -> Vec<crate::grid::Dir> {
    use crate::grid::Dir;
    use egui::{Key, Modifiers};
    let mut dirs = vec![];
    for (keys, dir) in [
        ([Key::ArrowUp, Key::W], Dir::Up),
        ([Key::ArrowDown, Key::S], Dir::Down),
        ([Key::ArrowLeft, Key::A], Dir::Left),
        ([Key::ArrowRight, Key::D], Dir::Right),
    ] {
        for key in keys {
            if input.consume_key(Modifiers::NONE, key) {
                dirs.push(dir);
            }
        }
    }
    dirs
}

/// The text pasted this frame (Ctrl+V outside a text field), if any.
pub fn pasted(ui: &egui::Ui) -> Option<String> {
    ui.input(|i| {
        i.events.iter().find_map(|e| match e {
            egui::Event::Paste(text) => Some(text.clone()),
            _ => None,
        })
    })
}

/// Whether this frame has a press of `+` (or `=`) and of `-` without Ctrl, Cmd or Alt: the
/// run speed's keys, which must not also answer the interface scale's Ctrl+= and Ctrl+-.
pub fn speed_keys(input: &egui::InputState) -> (bool, bool) {
    use egui::{Event, Key};
    let pressed = |wanted: &[Key]| {
        input.events.iter().any(|event| {
            matches!(event, Event::Key { key, pressed: true, modifiers, .. }
                if wanted.contains(key) && !modifiers.command && !modifiers.ctrl && !modifiers.alt)
        })
    };
    (pressed(&[Key::Plus, Key::Equals]), pressed(&[Key::Minus]))
}
