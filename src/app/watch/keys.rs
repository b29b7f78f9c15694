//! The keys that step a run, in every tab: Space plays or pauses, the arrows step and step
//! back, Home and End go to the start and the end, + and − change the speed.

use egui::{Key, Modifiers, Ui};

use crate::ui::StepAction;
use crate::ui::step_controls::Playback;

/// This frame's step keys as actions (the speed keys change `playback` at once). Space acts
/// on its release, so that a board panned by dragging with Space held (`panned_with_space`)
/// does not also play.
pub fn keys(ui: &Ui, playback: &mut Playback, panned_with_space: bool) -> Vec<StepAction> {
    let (faster, slower) = ui.input(crate::ui::speed_keys);
    if faster {
        playback.faster();
    }
    if slower {
        playback.slower();
    }
    ui.input_mut(|i| {
        let space = i.key_released(Key::Space) && !panned_with_space;
        // Space belongs to play and pause: its press is taken from focused buttons.
        i.consume_key(Modifiers::NONE, Key::Space);
        let mut actions = vec![];
        if space {
            actions.push(StepAction::TogglePlay);
        }
        for (key, action) in [
            (Key::ArrowRight, StepAction::Step),
            (Key::ArrowLeft, StepAction::StepBack),
            (Key::Home, StepAction::Reset),
            (Key::End, StepAction::RunToEnd),
        ] {
            if i.consume_key(Modifiers::NONE, key) {
                actions.push(action);
            }
        }
        actions
    })
}
