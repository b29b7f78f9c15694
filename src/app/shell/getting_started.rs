//! The "Getting started" pages: for each tab, what to click first and what the colours
//! mean. Shown once on the first start (the saved state remembers it was seen) and from the
//! Help menu at any time.

use egui::{Context, Rect, RichText};

use super::TabId;
use crate::i18n;
use crate::tr;

/// Which page is open, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GettingStarted {
    pub page: Option<TabId>,
}

impl GettingStarted {
    pub fn open(&mut self, tab: TabId) {
        self.page = Some(tab);
    }

    pub fn is_open(&self) -> bool {
        self.page.is_some()
    }

    /// The page's steps, one per paragraph: with a mouse and keys, or (`touch`) with a finger.
    pub fn text(tab: TabId, touch: bool) -> String {
        let device = if touch { "-touch" } else { "" };
        i18n::tr(&format!("start-{}{device}", tab.key()), None)
    }

    /// Shows the window inside `area` (below the menu bar); `titles` names the tabs.
    /// Returns the tab whose page was picked, so the shell can show that tab beside it.
    pub fn show(&mut self, ctx: &Context, area: Rect, titles: &[(TabId, String)]) -> Option<TabId> {
        let page = self.page?;
        // Escape closes it, as it closes every window a newcomer meets first.
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            self.page = None;
            return None;
        }
        let mut open = true;
        let mut picked = None;
        let mut close = false;
        crate::ui::touch::closable(
            egui::Window::new(tr!("start-title")).id(egui::Id::unique("getting-started")),
            ctx,
            &mut open,
        )
        .collapsible(false)
        .default_width(460.0_f32.min(area.width() - 32.0))
        // At the top right, where the board's start (mostly at the left) stays in view.
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(area.right_top() + egui::vec2(-16.0, 16.0))
        .constrain_to(area)
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (tab, title) in titles {
                    if ui.selectable_label(*tab == page, title).clicked() {
                        picked = Some(*tab);
                    }
                }
            });
            ui.separator();
            let touch = crate::ui::touch::active(ui.ctx());
            for paragraph in Self::text(page, touch).lines() {
                ui.label(RichText::new(paragraph.trim()));
                ui.add_space(4.0);
            }
            ui.separator();
            ui.horizontal(|ui| {
                let index = titles.iter().position(|(t, _)| *t == page).unwrap_or(0);
                if let Some((next, _)) = titles.get(index + 1)
                    && ui.button(tr!("start-next-tab")).clicked()
                {
                    picked = Some(*next);
                }
                if ui.button(tr!("start-close")).clicked() {
                    close = true;
                }
            });
        });
        if let Some(tab) = picked {
            self.page = Some(tab);
        }
        if close || !open {
            self.page = None;
        }
        picked
    }
}
