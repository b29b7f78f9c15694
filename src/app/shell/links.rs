//! Links that open a view (see [`crate::share`]): File → Copy link puts the view shown (the
//! lesson page when the lesson window shows one, else the open tab's board, level and
//! search) in a link; File → Open link… and, in a browser, the page's own address open one.
//! A link that does not read changes nothing and says why. Links point to the page students
//! open (see [`share::link_page`]); File → Page for links… sets it, and a link copied while
//! only this computer could open it says so.

use egui::Ui;

use super::{FrontierApp, TabId};
use crate::app::clipboard::{self, PendingCopy};
use crate::app::notice::Notice;
use crate::i18n::Message;
use crate::share::{self, LinkPage, Opened, PageSource, View};
use crate::{msg, tr};

/// The text typed or pasted into the Open link window.
#[derive(Default)]
pub struct LinkWindow {
    pub open: bool,
    pub text: String,
    /// Why the last link tried did not open.
    pub problem: Option<Message>,
}

/// A link given to the clipboard, waiting for the browser's word; or one the browser would
/// not copy, shown in a window to select and copy by hand (or share).
#[derive(Default)]
pub struct CopiedLink {
    waiting: Option<(PendingCopy, String)>,
    /// The link shown to copy by hand, and why it was not copied.
    pub refused: Option<(String, String)>,
}

/// The Page for links window: the address typed, and why the last one was refused.
#[derive(Default)]
pub struct PageWindow {
    pub open: bool,
    pub text: String,
    pub problem: Option<Message>,
}

impl FrontierApp {
    /// The view a link made now carries, if the open tab has one to share.
    pub fn shared_view(&self) -> Option<View> {
        if let Some(view) = self.lessons.shared_view() {
            return Some(view);
        }
        self.tabs.get(self.tab).shared_view()
    }

    /// The page links point to: the one set in the app, else the next one known.
    pub fn link_page(&self) -> LinkPage {
        share::link_page(self.link_page.as_deref())
    }

    /// The link to the view shown, on the page links point to.
    pub fn link_to_view(&self) -> Option<String> {
        let page = self.link_page();
        self.shared_view().map(|view| share::link(&page.url, &view))
    }

    /// Copies the link to the view shown; once the clipboard has it, says so in the tab's
    /// status line (see [`Self::copied_link`]).
    pub fn copy_link(&mut self, ui: &Ui) {
        match self.link_to_view() {
            Some(link) => {
                let pending = clipboard::copy(ui.ctx(), link.clone());
                self.copied_link = CopiedLink {
                    waiting: Some((pending, link)),
                    refused: None,
                };
                self.copied_link_said();
            }
            None => {
                let notice = Notice::info(msg!("share-nothing", tab = self.current().title()));
                *self.current().notice() = Some(notice);
            }
        }
    }

    /// Says what became of a link given to the clipboard, once the browser has told: copied
    /// (and a link only this computer can open is copied too, the app's Open link reads it,
    /// and the window that sets the page opens), or refused, and then the link is shown in a
    /// window to copy by hand.
    fn copied_link_said(&mut self) {
        let Some((pending, _)) = &self.copied_link.waiting else {
            return;
        };
        let Some(outcome) = pending.outcome() else {
            return;
        };
        let Some((_, link)) = self.copied_link.waiting.take() else {
            return;
        };
        let page = self.link_page();
        let length = link.len();
        let notice = match outcome {
            Err(why) => {
                self.copied_link.refused = Some((link, why));
                return;
            }
            Ok(()) if page.others_can_open() => {
                Notice::info(msg!("share-copied", characters = length, page = page.url))
            }
            Ok(()) => {
                self.open_page_window();
                Notice::info(msg!(
                    "share-copied-local",
                    characters = length,
                    page = page.url
                ))
            }
        };
        *self.current().notice() = Some(notice);
    }

    /// The window of a link the browser would not copy: the link selected in a field to copy
    /// by hand (a long press on a phone), the system's share sheet where there is one.
    pub(super) fn refused_link_window(&mut self, ctx: &egui::Context) {
        self.copied_link_said();
        let Some((link, why)) = &mut self.copied_link.refused else {
            return;
        };
        let mut open = true;
        let mut close = false;
        let width = (ctx.content_rect().width() - 48.0).clamp(200.0, 460.0);
        crate::ui::touch::closable(
            egui::Window::new(tr!("share-refused-title")),
            ctx,
            &mut open,
        )
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_max_width(width);
            ui.label(tr!("share-refused-text", why = why.as_str()));
            let label = ui.label(tr!("share-refused-field"));
            let field = egui::TextEdit::multiline(link)
                .desired_width(width)
                .desired_rows(3)
                .font(egui::TextStyle::Monospace)
                .show(ui);
            field.response.response.clone().labelled_by(label.id);
            if field.response.gained_focus() || !field.response.has_focus() {
                // The whole link selected, ready for Ctrl+C or the phone's Copy.
                let mut state = field.state;
                let all = egui::text::CCursorRange::two(
                    egui::text::CCursor::new(0),
                    egui::text::CCursor::new(link.chars().count()),
                );
                state.cursor.set_char_range(Some(all));
                state.store(ui.ctx(), field.response.id);
            }
            ui.horizontal_wrapped(|ui| {
                if clipboard::can_share() && ui.button(tr!("share-refused-share")).clicked() {
                    clipboard::share(link, "Frontier");
                }
                if ui.button(tr!("share-refused-close")).clicked() {
                    close = true;
                }
            });
        });
        if !open || close {
            self.copied_link.refused = None;
        }
    }

    /// Sets the page links point to (None: back to the one known otherwise); the error
    /// says why an address cannot be one.
    pub fn set_link_page(&mut self, page: Option<&str>) -> Result<(), Message> {
        self.link_page = page.map(share::check_page).transpose()?;
        Ok(())
    }

    fn open_page_window(&mut self) {
        self.page_window = PageWindow {
            open: true,
            text: self.link_page.clone().unwrap_or_default(),
            problem: None,
        };
    }

    /// Opens the view `link` carries on its tab. A link that does not read changes nothing;
    /// the error says why.
    pub fn open_link(&mut self, link: &str) -> Result<(), String> {
        match share::open(link)? {
            Opened::Lesson { id, text, page } => {
                let request = self.lessons.open_shared(&id, text, page, self.language)?;
                self.lesson_request(request);
            }
            view => {
                self.lessons.open = false;
                self.open_view(Box::new(view));
            }
        }
        // What the link shows is what its sender wanted seen: the first start's "Getting
        // started" does not cover it (the Help menu still has it).
        self.getting_started.page = None;
        Ok(())
    }

    /// Opens `view` on the tab it belongs to, and shows that tab.
    pub fn open_view(&mut self, mut view: Box<crate::share::Opened>) {
        for &id in TabId::ALL {
            match self.tabs.get_mut(id).open_view(view) {
                Ok(()) => {
                    self.tab = id;
                    return;
                }
                Err(back) => view = back,
            }
        }
    }

    /// Opens `link`, or shows why it could not be opened (what was shown stays).
    pub fn open_link_or_say(&mut self, link: &str) {
        if let Err(why) = self.open_link(link) {
            self.notice = Some(Notice::error(msg!("share-not-opened", why = why)));
        }
    }

    /// The File menu's entries for links.
    pub(super) fn link_menu(&mut self, ui: &mut Ui) {
        if ui
            .button(tr!("menu-copy-link"))
            .on_hover_text(tr!("menu-copy-link-tip"))
            .clicked()
        {
            self.copy_link(ui);
            ui.close();
        }
        if ui.button(tr!("menu-open-link")).clicked() {
            self.link_window.open = true;
            self.link_window.problem = None;
            ui.close();
        }
        if ui
            .button(tr!("menu-link-page"))
            .on_hover_text(tr!("menu-link-page-tip"))
            .clicked()
        {
            self.open_page_window();
            ui.close();
        }
    }

    /// The Page for links window: where links point now and why, and a field to set the
    /// page students open.
    pub(super) fn page_window(&mut self, ctx: &egui::Context) {
        if !self.page_window.open {
            return;
        }
        let page = self.link_page();
        let mut open = true;
        let (mut chosen, mut forget) = (None, false);
        crate::ui::touch::closable(egui::Window::new(tr!("link-page-title")), ctx, &mut open)
            .collapsible(false)
            .resizable(false)
            // Clear of the menu bar, over the board.
            .default_pos(ctx.content_rect().center() - egui::vec2(210.0, 160.0))
            .show(ctx, |ui| {
                ui.set_max_width(420.0);
                ui.label(tr!("link-page-text"));
                let source = match page.source {
                    PageSource::Chosen => tr!("link-page-source-chosen"),
                    PageSource::Environment => tr!("link-page-source-environment"),
                    PageSource::Build => tr!("link-page-source-build"),
                    PageSource::ThisPage => tr!("link-page-source-this-page"),
                    PageSource::Unknown => tr!("link-page-source-unknown"),
                };
                let now = tr!("link-page-now", page = &page.url, source = source);
                if page.others_can_open() {
                    ui.label(now);
                } else {
                    ui.colored_label(ui.visuals().warn_fg_color, now);
                    ui.label(tr!("link-page-local"));
                }
                let label = ui.label(tr!("link-page-field"));
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.page_window.text)
                            .desired_width(f32::INFINITY)
                            .hint_text("https://…/frontier/"),
                    )
                    .labelled_by(label.id);
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if let Some(problem) = &self.page_window.problem {
                    let problem = crate::app::notice::sentence(&problem.to_string());
                    ui.colored_label(ui.visuals().error_fg_color, problem);
                }
                ui.horizontal_wrapped(|ui| {
                    if ui.button(tr!("link-page-save")).clicked() || entered {
                        chosen = Some(self.page_window.text.clone());
                    }
                    if self.link_page.is_some()
                        && ui
                            .button(tr!("link-page-forget"))
                            .on_hover_text(tr!("link-page-forget-tip"))
                            .clicked()
                    {
                        forget = true;
                    }
                    if ui.button(tr!("link-page-close")).clicked() {
                        self.page_window.open = false;
                    }
                });
            });
        if !open {
            self.page_window.open = false;
        }
        if forget {
            self.link_page = None;
            self.page_window.text.clear();
            self.page_window.problem = None;
        }
        if let Some(text) = chosen {
            match self.set_link_page(Some(&text)) {
                Ok(()) => {
                    self.page_window = PageWindow::default();
                    let page = self.link_page().url;
                    *self.current().notice() =
                        Some(Notice::info(msg!("link-page-set", page = page)));
                }
                Err(why) => self.page_window.problem = Some(why),
            }
        }
    }

    /// The Open link window: a field to paste a link into, and Open.
    pub(super) fn link_window(&mut self, ctx: &egui::Context) {
        if !self.link_window.open {
            return;
        }
        let mut open = true;
        let mut chosen = None;
        crate::ui::touch::closable(egui::Window::new(tr!("share-window-title")), ctx, &mut open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(tr!("share-window-text"));
                let label = ui.label(tr!("share-window-field"));
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.link_window.text)
                            .desired_width(360.0)
                            .hint_text("https://…/#v1.…"),
                    )
                    .labelled_by(label.id);
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if let Some(problem) = &self.link_window.problem {
                    let problem = crate::app::notice::sentence(&problem.to_string());
                    ui.colored_label(ui.visuals().error_fg_color, problem);
                }
                ui.horizontal(|ui| {
                    if ui.button(tr!("share-window-open")).clicked() || entered {
                        chosen = Some(self.link_window.text.clone());
                    }
                    if ui.button(tr!("cancel")).clicked() {
                        self.link_window.open = false;
                    }
                });
            });
        if !open {
            self.link_window.open = false;
        }
        if let Some(link) = chosen {
            match self.open_link(&link) {
                Ok(()) => {
                    self.link_window = LinkWindow::default();
                }
                Err(why) => self.link_window.problem = Some(why.into()),
            }
        }
    }
}
