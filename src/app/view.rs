//! The View menu's settings for the whole window: the interface scale (for a projector),
//! light or dark, and presentation mode, with their keys. The scale and the theme are
//! remembered; presentation mode is not (a restart should not open in full screen).

use egui::{Context, Key, Modifiers, ThemePreference, Ui};

use crate::tr;
use crate::ui::presentation;

/// The scales the keys step through; the menu's slider takes any value between the ends.
pub const SCALE_STEPS: [f32; 11] = [0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 3.0];
pub const MIN_SCALE: f32 = 0.75;
pub const MAX_SCALE: f32 = 3.0;

/// Light or dark, or as the system is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// Its name as the loading page's `data-theme` takes it.
    pub fn css_name(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn preference(self) -> ThemePreference {
        match self {
            Theme::System => ThemePreference::System,
            Theme::Light => ThemePreference::Light,
            Theme::Dark => ThemePreference::Dark,
        }
    }

    fn name(self) -> String {
        match self {
            Theme::System => tr!("view-theme-system"),
            Theme::Light => tr!("view-theme-light"),
            Theme::Dark => tr!("view-theme-dark"),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ViewSettings {
    /// The interface scale, 1.0 being egui's own size.
    pub scale: f32,
    pub theme: Theme,
    pub presenting: bool,
    /// Presentation mode changed since the window was last told.
    presenting_changed: bool,
}

impl Default for ViewSettings {
    fn default() -> Self {
        ViewSettings {
            scale: 1.0,
            theme: Theme::System,
            presenting: false,
            presenting_changed: false,
        }
    }
}

/// Whether a saved scale can be used.
pub fn valid_scale(scale: f32) -> bool {
    (MIN_SCALE..=MAX_SCALE).contains(&scale)
}

impl ViewSettings {
    /// At a remembered scale and theme, not presenting.
    pub fn new(scale: f32, theme: Theme) -> ViewSettings {
        ViewSettings {
            scale,
            theme,
            ..ViewSettings::default()
        }
    }

    /// The next scale step up.
    pub fn larger(&mut self) {
        self.scale = SCALE_STEPS
            .iter()
            .copied()
            .find(|&s| s > self.scale + 0.001)
            .unwrap_or(MAX_SCALE);
    }

    /// The next scale step down.
    pub fn smaller(&mut self) {
        self.scale = SCALE_STEPS
            .iter()
            .rev()
            .copied()
            .find(|&s| s < self.scale - 0.001)
            .unwrap_or(MIN_SCALE);
    }

    pub fn set_presenting(&mut self, on: bool) {
        if self.presenting != on {
            self.presenting = on;
            self.presenting_changed = true;
        }
    }

    /// Takes this frame's scale keys (Ctrl+= or Ctrl+plus, Ctrl+-, Ctrl+0) and presentation
    /// keys (F11; Esc leaves) out of the input, so that nothing else answers them. `modal`:
    /// a dialog is open, and Esc is its own.
    pub fn handle_keys(&mut self, ctx: &Context, modal: bool) {
        let (larger, smaller, reset, toggle, leave) = ctx.input_mut(|i| {
            (
                i.consume_key(Modifiers::COMMAND, Key::Plus)
                    | i.consume_key(Modifiers::COMMAND, Key::Equals),
                i.consume_key(Modifiers::COMMAND, Key::Minus),
                i.consume_key(Modifiers::COMMAND, Key::Num0),
                i.consume_key(Modifiers::NONE, Key::F11),
                self.presenting && !modal && i.consume_key(Modifiers::NONE, Key::Escape),
            )
        });
        if larger {
            self.larger();
        }
        if smaller {
            self.smaller();
        }
        if reset {
            self.scale = 1.0;
        }
        if toggle {
            self.set_presenting(!self.presenting);
        }
        if leave {
            self.set_presenting(false);
        }
    }

    /// Tells egui and the window this frame's settings.
    pub fn apply(&mut self, ctx: &Context) {
        // Egui's own zoom keys would also answer Ctrl+=; the scale keys above are the ones.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        if (ctx.zoom_factor() - self.scale).abs() > 0.001 {
            ctx.set_zoom_factor(self.scale);
        }
        if ctx.options(|o| o.theme_preference) != self.theme.preference() {
            ctx.set_theme(self.theme.preference());
        }
        presentation::set_active(ctx, self.presenting);
        if std::mem::take(&mut self.presenting_changed) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.presenting));
            // A page asks the browser itself (which may refuse: the mode stays, the page
            // only does not fill the screen).
            #[cfg(target_arch = "wasm32")]
            super::web::page_js::set_fullscreen(self.presenting);
        }
    }

    /// In presentation mode, in the menu bar: the size of everything, in a step or two to
    /// what the back of the room reads, and the way out.
    pub fn presentation_bar(&mut self, ui: &mut Ui) {
        let percent = (self.scale * 100.0).round() as u32;
        ui.label(tr!("present-size", percent = percent));
        if ui.button(tr!("present-larger")).clicked() {
            self.larger();
        }
        if ui.button(tr!("present-smaller")).clicked() {
            self.smaller();
        }
        if ui.button(tr!("present-leave")).clicked() {
            self.set_presenting(false);
        }
    }

    /// The View menu's part: the scale, the theme and presentation mode.
    pub fn menu(&mut self, ui: &mut Ui) {
        ui.label(tr!("view-scale"));
        let mut percent = (self.scale * 100.0).round();
        let label = tr!("view-scale");
        let slider = ui.add(
            egui::Slider::new(&mut percent, MIN_SCALE * 100.0..=MAX_SCALE * 100.0)
                .step_by(5.0)
                .suffix("%"),
        );
        slider.widget_info(|| egui::WidgetInfo::slider(true, percent as f64, &label));
        if slider.changed() {
            self.scale = (percent / 100.0).clamp(MIN_SCALE, MAX_SCALE);
        }
        ui.horizontal(|ui| {
            if ui.button(tr!("view-larger")).clicked() {
                self.larger();
            }
            if ui.button(tr!("view-smaller")).clicked() {
                self.smaller();
            }
            if ui.button(tr!("view-actual-size")).clicked() {
                self.scale = 1.0;
            }
        });
        ui.separator();
        ui.label(tr!("view-theme"));
        for theme in Theme::ALL {
            if ui.radio(self.theme == theme, theme.name()).clicked() {
                self.theme = theme;
            }
        }
        ui.separator();
        let mut presenting = self.presenting;
        if ui
            .checkbox(&mut presenting, tr!("view-presentation"))
            .clicked()
        {
            self.set_presenting(presenting);
            ui.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_steps_stay_within_the_range() {
        let mut view = ViewSettings::default();
        for _ in 0..20 {
            view.larger();
        }
        assert_eq!(view.scale, MAX_SCALE);
        for _ in 0..20 {
            view.smaller();
        }
        assert_eq!(view.scale, MIN_SCALE);
        view.scale = 1.3;
        view.larger();
        assert_eq!(view.scale, 1.5);
        view.smaller();
        view.smaller();
        assert_eq!(view.scale, 1.1);
        assert!(!valid_scale(f32::NAN));
        assert!(!valid_scale(40.0));
        assert!(valid_scale(2.0));
    }
}
