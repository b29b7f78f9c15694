//! Links that open a view (see [`crate::share`]): File → Copy link puts the view shown (the
//! lesson page when the lesson window shows one, else the open tab's board, level and
//! search) in a link; File → Open link… and, in a browser, the page's own address open one.
//! A link that does not read changes nothing and says why.

use egui::Ui;

use super::{FrontierApp, TabId};
use crate::app::notice::Notice;
use crate::share::{self, Opened, View};
use crate::tr;

/// The text typed or pasted into the Open link window.
#[derive(Default)]
pub struct LinkWindow {
    pub open: bool,
    pub text: String,
    /// Why the last link tried did not open.
    pub problem: Option<String>,
}

impl FrontierApp {
    /// The view a link made now carries, if the open tab has one to share.
    pub fn shared_view(&self) -> Option<View> {
        if let Some(view) = self.lessons.shared_view() {
            return Some(view);
        }
        self.tabs.get(self.tab).shared_view()
    }

    /// The link to the view shown, on the page links point to (see [`share::page`]).
    pub fn link_to_view(&self) -> Option<String> {
        self.shared_view()
            .map(|view| share::link(&share::page(), &view))
    }

    /// Copies the link to the view shown and says so in the tab's status line.
    pub fn copy_link(&mut self, ui: &Ui) {
        let notice = match self.link_to_view() {
            Some(link) => {
                let length = link.len();
                ui.ctx().copy_text(link);
                Notice::info(tr!("share-copied", characters = length))
            }
            None => Notice::info(tr!("share-nothing")),
        };
        *self.current().notice() = Some(notice);
    }

    /// Opens the view `link` carries on its tab. A link that does not read changes nothing;
    /// the error says why.
    pub fn open_link(&mut self, link: &str) -> Result<(), String> {
        match share::open(link)? {
            Opened::Board {
                board,
                algorithm,
                heuristic,
                connectivity,
                step,
            } => {
                self.lessons.open = false;
                self.tab = TabId::Pathfinding;
                let options = (algorithm, heuristic, connectivity);
                self.tabs.pathfinding.open_shared(board, options, step);
            }
            Opened::Level {
                level,
                title,
                algorithm,
                step,
            } => {
                self.lessons.open = false;
                self.tab = TabId::Sokoban;
                self.tabs
                    .sokoban
                    .open_shared(&level, &title, algorithm, step);
            }
            Opened::Lesson { id, text, page } => {
                let request = self.lessons.open_shared(&id, text, page, self.language)?;
                self.lesson_request(request);
            }
            Opened::LinkBoard(board) => {
                self.lessons.open = false;
                self.tab = TabId::Link;
                self.tabs.link.start(board);
            }
        }
        // What the link shows is what its sender wanted seen: the first start's "Getting
        // started" does not cover it (the Help menu still has it).
        self.getting_started.page = None;
        Ok(())
    }

    /// Opens `link`, or shows why it could not be opened (what was shown stays).
    pub fn open_link_or_say(&mut self, link: &str) {
        if let Err(why) = self.open_link(link) {
            self.notice = Some(Notice::error(tr!("share-not-opened", why = why)));
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
    }

    /// The Open link window: a field to paste a link into, and Open.
    pub(super) fn link_window(&mut self, ctx: &egui::Context) {
        if !self.link_window.open {
            return;
        }
        let mut open = true;
        let mut chosen = None;
        egui::Window::new(tr!("share-window-title"))
            .open(&mut open)
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
                Err(why) => self.link_window.problem = Some(why),
            }
        }
    }
}
