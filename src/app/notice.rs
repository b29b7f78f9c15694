//! Messages for the user: errors in a window that names the problem, news in the status
//! line. A notice keeps its message key and values and is put into words when drawn, so it
//! follows a switch of language.

use egui::Context;

use crate::i18n::Message;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub error: bool,
    pub message: Message,
}

impl Notice {
    pub fn error(message: impl Into<Message>) -> Notice {
        Notice {
            error: true,
            message: message.into(),
        }
    }

    pub fn info(message: impl Into<Message>) -> Notice {
        Notice {
            error: false,
            message: message.into(),
        }
    }

    /// "Could not open `name`: `why`."
    pub fn could_not_open(name: impl ToString, why: impl ToString) -> Notice {
        let (name, why) = (name.to_string(), why.to_string());
        Notice::error(crate::msg!("could-not-open", name = name, why = why))
    }

    /// The notice in words, in the current language, as a sentence: a reason worded to
    /// follow a colon ("line 3: …") starts with a capital when it stands alone.
    pub fn text(&self) -> String {
        sentence(&self.message.to_string())
    }
}

/// `text` with its first letter a capital.
pub fn sentence(text: &str) -> String {
    let mut letters = text.chars();
    match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => String::new(),
    }
}

/// Shows an error notice in a window until dismissed; `reassurance` says what was kept safe.
pub fn error_window(ctx: &Context, notice: &mut Option<Notice>, reassurance: &str) {
    let Some(shown) = notice.clone().filter(|n| n.error) else {
        return;
    };
    let mut open = true;
    crate::ui::touch::closable(
        egui::Window::new(crate::tr!("notice-problem")),
        ctx,
        &mut open,
    )
    .collapsible(false)
    .resizable(false)
    .show(ctx, |ui| {
        ui.colored_label(ui.visuals().error_fg_color, shown.text());
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
