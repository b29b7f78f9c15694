//! Messages for the user: errors in a window that names the problem, news in the status
//! line.

use egui::Context;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub error: bool,
    pub text: String,
}

impl Notice {
    pub fn error(text: impl Into<String>) -> Notice {
        Notice {
            error: true,
            text: text.into(),
        }
    }

    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            error: false,
            text: text.into(),
        }
    }
}

/// Shows an error notice in a window until dismissed; `reassurance` says what was kept safe.
pub fn error_window(ctx: &Context, notice: &mut Option<Notice>, reassurance: &str) {
    let Some(shown) = notice.clone().filter(|n| n.error) else {
        return;
    };
    let mut open = true;
    egui::Window::new(crate::tr!("notice-problem"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.colored_label(ui.visuals().error_fg_color, &shown.text);
            if !reassurance.is_empty() {
                ui.label(reassurance);
            }
            if ui.button(crate::tr!("notice-ok")).clicked() {
                *notice = None;
            }
        });
    if !open {
        *notice = None;
    }
}
