pub mod getting_started;
mod links;
#[cfg(target_arch = "wasm32")]
pub mod test_hook;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use egui::{Key, Ui};

use super::assignments::Assignments;
use super::lessons::{Lessons, Request};
use super::link::LinkTab;
use super::notice::{Notice, error_window};
use super::pathfinding::PathfindingTab;
use super::persistence::{Fields, ReadState, STORAGE_KEY, SavedState, ShellSaved, VERSION};
#[cfg(not(target_arch = "wasm32"))]
use super::saved_file;
use super::sliding::SlidingTab;
use super::snake::SnakeTab;
use super::sokoban::SokobanTab;
use super::tab::{LessonBoard, Restore, Shortcut, Tab};
use super::view::ViewSettings;
use crate::i18n::{self, Language};
use crate::lessons::QuestionKind;
use crate::ui::side_panels::{self, Side};
use crate::ui::step_controls::FrameBudget;
use getting_started::GettingStarted;

/// Lists the tabs once: each line names a tab, the field that holds it and its type. From
/// this come the `TabId` of each tab, the `Tabs` that hold them, and the loops over them.
macro_rules! register_tabs {
    ($($id:ident => $field:ident: $kind:ty,)*) => {
        /// Which tab is open.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub enum TabId {
            $($id,)*
        }

        impl TabId {
            pub const ALL: &[TabId] = &[$(TabId::$id,)*];

            /// The name of the tab's part of the saved state.
            pub fn key(self) -> &'static str {
                match self {
                    $(TabId::$id => stringify!($field),)*
                }
            }

            fn from_key(key: &str) -> Option<TabId> {
                TabId::ALL.iter().copied().find(|id| id.key() == key)
            }
        }

        /// Every tab of the app.
        pub struct Tabs {
            $(pub $field: $kind,)*
        }

        impl Tabs {
            pub fn get(&self, id: TabId) -> &dyn Tab {
                match id {
                    $(TabId::$id => &self.$field,)*
                }
            }

            pub fn get_mut(&mut self, id: TabId) -> &mut dyn Tab {
                match id {
                    $(TabId::$id => &mut self.$field,)*
                }
            }

            /// Each tab from its part of a saved state, with the messages of what was reset.
            fn restore(parts: &BTreeMap<String, Fields>) -> (Tabs, Vec<String>) {
                let mut resets = vec![];
                let tabs = Tabs {
                    $($field: {
                        let (tab, reset) = <$kind as Restore>::restore(parts.get(TabId::$id.key()));
                        resets.extend(reset);
                        tab
                    },)*
                };
                (tabs, resets)
            }
        }
    };
}

register_tabs! {
    Pathfinding => pathfinding: PathfindingTab,
    Sokoban => sokoban: SokobanTab,
    Snake => snake: SnakeTab,
    Link => link: LinkTab,
    Sliding => sliding: SlidingTab,
}

/// The most reset fields a message lists by name.
const LISTED_RESETS: usize = 6;

/// Shortcuts that work in every tab.
/// Below this width a touch screen gets the phone's menu bar (one row: a menu, the tabs in a
/// drop-down, the lessons).
const PHONE_WIDTH: f32 = 600.0;

/// From this width the menu bar has room for the Assignments button beside Lessons.
const ASSIGNMENTS_TOGGLE_WIDTH: f32 = 900.0;

const SHELL_SHORTCUTS: &[Shortcut] = &[
    ("keys-f1", "does-help"),
    ("keys-brackets", "does-toggle-panels"),
    ("keys-ctrl-zoom", "does-zoom"),
    ("keys-f11", "does-present"),
];

pub struct FrontierApp {
    pub tab: TabId,
    pub tabs: Tabs,
    /// The language of every word on screen.
    pub language: Language,
    /// The language was chosen (or read from a saved state), not taken from the system.
    language_chosen: bool,
    /// The fonts given to egui, and whether the Chinese one was among them (in a browser it
    /// arrives after the first frame).
    fonts_installed: Option<bool>,
    pub help_open: bool,
    /// Scale, theme and presentation mode.
    pub view: ViewSettings,
    /// The "Getting started" window, and whether it was ever shown.
    pub getting_started: GettingStarted,
    getting_started_seen: bool,
    /// The lesson window, the lesson being taught and every lesson's progress.
    pub lessons: Lessons,
    /// The assignment panel, the assignment being done and every assignment's work.
    pub assignments: Assignments,
    /// A message about the app as a whole (a saved state that could not be used, say).
    pub notice: Option<Notice>,
    /// The file eframe keeps the saved state in, when known: a damaged state is copied
    /// aside from it before it is overwritten.
    storage_file: Option<PathBuf>,
    /// File → Open link….
    pub link_window: links::LinkWindow,
    /// The page links point to, as set in the app (None: the one known otherwise).
    pub link_page: Option<String>,
    /// File → Page for links….
    pub page_window: links::PageWindow,
    /// File → Copy link's link, while the browser copies it or when it would not.
    pub copied_link: links::CopiedLink,
    /// The time the frames have spent in the tabs' share of work (searching, playing) since
    /// the start: what the benchmarks compare between the builds.
    pub advance_time: std::time::Duration,
}

impl FrontierApp {
    pub fn new(cc: &eframe::CreationContext<'_>, storage_file: Option<PathBuf>) -> FrontierApp {
        let saved = cc.storage.and_then(|s| s.get_string(STORAGE_KEY));
        let mut app = FrontierApp::from_saved(saved.as_deref());
        if !app.language_chosen {
            app.set_language(Language::of_system());
        }
        app.first_start();
        app.storage_file = storage_file;
        if let Some(notice) = &mut app.notice {
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(file) = &app.storage_file {
                let kept = saved_file::keep_copy(file, std::time::SystemTime::now());
                notice.message = format!("{}{kept}", notice.text()).into();
            }
            #[cfg(target_arch = "wasm32")]
            if let Some(saved) = &saved {
                let kept = super::page::keep_copy(saved);
                notice.message = format!("{}{kept}", notice.text()).into();
            }
        }
        app
    }

    /// On the first start, the "Getting started" page of the open tab (once: it is
    /// remembered as seen).
    pub fn first_start(&mut self) {
        if !self.getting_started_seen {
            self.getting_started.open(self.tab);
            self.getting_started_seen = true;
        }
    }

    /// The app as a saved state describes it: every tab from its part, each damaged field
    /// reset with a message (or all fresh, with a message, if the text is no saved state).
    pub fn from_saved(saved: Option<&str>) -> FrontierApp {
        let fresh = || ReadState {
            tab: None,
            shell: ShellSaved::default(),
            shell_resets: vec![],
            tabs: BTreeMap::new(),
        };
        let (read, mut problems) = match saved.map(SavedState::read) {
            None => (fresh(), vec![]),
            Some(Ok(read)) => (read, vec![]),
            Some(Err(why)) => (fresh(), vec![crate::tr!("saved-state-unusable", why = why)]),
        };
        problems.extend(read.shell_resets);
        if read.shell.recent_files.is_some() || read.shell.recent_folders.is_some() {
            crate::ui::recent::set(crate::ui::recent::Recent {
                files: read.shell.recent_files.clone().unwrap_or_default(),
                folders: read.shell.recent_folders.clone().unwrap_or_default(),
            });
        }
        let language = read.shell.language;
        if let Some(language) = language {
            i18n::set_language(language);
        }
        let (tabs, resets) = Tabs::restore(&read.tabs);
        if !resets.is_empty() {
            let mut listed = resets[..resets.len().min(LISTED_RESETS)].join("\n");
            if resets.len() > LISTED_RESETS {
                listed.push('\n');
                listed.push_str(&crate::tr!(
                    "saved-state-more-resets",
                    count = resets.len() - LISTED_RESETS
                ));
            }
            problems.push(crate::tr!("saved-state-partly-reset", resets = listed));
        }
        FrontierApp {
            tab: (read.tab.as_deref())
                .and_then(TabId::from_key)
                .unwrap_or(TabId::Pathfinding),
            tabs,
            language: language.unwrap_or(Language::English),
            language_chosen: language.is_some(),
            fonts_installed: None,
            help_open: false,
            view: ViewSettings::new(
                read.shell.scale.unwrap_or(1.0),
                read.shell.theme.unwrap_or_default(),
            ),
            getting_started: GettingStarted::default(),
            getting_started_seen: read.shell.getting_started_seen.unwrap_or(false),
            lessons: Lessons::with_progress(read.shell.lessons.clone().unwrap_or_default()),
            assignments: Assignments::with_work(read.shell.assignments.clone().unwrap_or_default()),
            notice: (!problems.is_empty()).then(|| Notice::error(problems.join("\n"))),
            storage_file: None,
            link_window: Default::default(),
            link_page: read.shell.link_page.clone(),
            page_window: Default::default(),
            copied_link: Default::default(),
            advance_time: std::time::Duration::ZERO,
        }
    }

    /// The state to save.
    pub fn saved_state(&self) -> SavedState {
        SavedState {
            version: VERSION,
            tab: self.tab.key().to_string(),
            shell: ShellSaved {
                language: Some(self.language),
                scale: Some(self.view.scale),
                theme: Some(self.view.theme),
                getting_started_seen: Some(self.getting_started_seen),
                recent_files: Some(crate::ui::recent::get().files),
                recent_folders: Some(crate::ui::recent::get().folders),
                lessons: Some(self.lessons.course.progress.clone()),
                assignments: Some(self.assignments.work.clone()),
                link_page: self.link_page.clone(),
            },
            tabs: TabId::ALL
                .iter()
                .filter_map(|&id| {
                    let text = self.tabs.get(id).save();
                    let raw = ron::value::RawValue::from_boxed_ron(text.into()).ok()?;
                    Some((id.key().to_string(), raw))
                })
                .collect(),
        }
    }

    /// Switches every word on screen to `language`, at once and from now on.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
        self.language_chosen = true;
        i18n::set_language(language);
        self.lessons.course.follow_language(language);
    }

    /// The open tab.
    pub fn current(&mut self) -> &mut dyn Tab {
        self.tabs.get_mut(self.tab)
    }

    /// Files dropped on the window go to the tab that reads them (see
    /// [`FrontierApp::open_file`]). In a browser a dropped file's bytes come later: it is
    /// read in the background and opened once it has arrived.
    fn dropped_files(&mut self, ui: &Ui) {
        let dropped = ui.input(|i| i.raw.dropped_files.clone());
        #[cfg(target_arch = "wasm32")]
        if crate::files::browser::reading() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        let Some(file) = dropped.first() else {
            #[cfg(target_arch = "wasm32")]
            for (name, read) in crate::files::browser::arrived() {
                let text = read.and_then(|bytes| {
                    String::from_utf8(bytes).map_err(|_| crate::tr!("error-not-text"))
                });
                self.open_file(std::path::Path::new(&name), None, text);
            }
            return;
        };
        let path = file.path().to_path_buf();
        #[cfg(target_arch = "wasm32")]
        {
            let file = file.clone();
            let name = path.display().to_string();
            crate::files::browser::arrive_later(name, async move { file.bytes_async().await });
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let on_disk = path.is_file().then_some(path.as_path());
            let text = match on_disk {
                Some(path) => crate::files::read_text(path),
                None => file.bytes().and_then(|bytes| {
                    String::from_utf8(bytes).map_err(|_| crate::tr!("error-not-text"))
                }),
            };
            self.open_file(&path, on_disk, text);
        }
    }

    /// Opens a file handed to the app (dropped, or picked in a browser) in the tab that reads
    /// it: a lesson for `.toml`, else the tab claiming the extension, else the open tab if it
    /// reads other files, else the first that does. `on_disk` is its path when it has one.
    fn open_file(&mut self, path: &Path, on_disk: Option<&Path>, text: Result<String, String>) {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        if extension == "toml" {
            let name = path.display().to_string();
            // An assignment has questions; any other TOML is read as a lesson.
            let assignment = text.as_ref().is_ok_and(|t| {
                t.lines().any(|line| line.trim() == "[[question]]")
                    && !t.lines().any(|line| line.trim() == "[[page]]")
            });
            if assignment {
                self.lessons.open = false;
                self.assignments.load_text(&name, text);
                return;
            }
            if let Some(request) = self.lessons.load_text(&name, text) {
                self.lesson_request(request);
            }
            return;
        }
        let claimed = TabId::ALL
            .iter()
            .copied()
            .find(|&id| self.tabs.get(id).extensions().contains(&extension.as_str()));
        let Some(target) = claimed
            .or_else(|| {
                self.tabs
                    .get(self.tab)
                    .opens_other_files()
                    .then_some(self.tab)
            })
            .or_else(|| {
                (TabId::ALL.iter().copied()).find(|&id| self.tabs.get(id).opens_other_files())
            })
        else {
            return;
        };
        let name = path
            .file_name()
            .map_or(crate::tr!("the-dropped-file"), |n| {
                n.to_string_lossy().into_owned()
            });
        self.tab = target;
        self.current().open_dropped(&name, on_disk, text);
    }

    /// The whole window.
    pub fn show(&mut self, ui: &mut Ui) {
        let cjk = crate::assets::cjk_font().is_some();
        if self.fonts_installed != Some(cjk) {
            ui.ctx().set_fonts(super::fonts::definitions());
            #[cfg(target_arch = "wasm32")]
            if !cjk && self.fonts_installed.is_none() {
                // After the first frame, not before it: an English page starts without
                // waiting for the Chinese font (index.html starts a Chinese page's early).
                super::web::fetch_cjk_font(ui.ctx());
            }
            self.fonts_installed = Some(cjk);
        }
        i18n::set_language(self.language);
        i18n::set_touch(crate::ui::touch::active(ui.ctx()));
        #[cfg(target_arch = "wasm32")]
        {
            if let Some(fragment) = super::page::new_fragment() {
                match self.open_link(&fragment) {
                    Ok(()) => super::page::forget_fragment(),
                    // A link that did not open stays in the address bar, to be looked at.
                    Err(why) => {
                        self.notice =
                            Some(Notice::error(crate::msg!("share-not-opened", why = why)));
                        // The error is what the newcomer must read first, not stacked under it.
                        self.getting_started.page = None;
                    }
                }
            }
            // eframe saves on its timer only when a frame is drawn: a frame now and then
            // keeps what was done saved even while nothing moves.
            ui.ctx()
                .request_repaint_after(eframe::App::auto_save_interval(self));
        }
        crate::ui::touch::notice_touches(ui.ctx());
        let modal = self.current().modal_open()
            || self.lessons.modal_open()
            || self.assignments.modal_open();
        self.view.handle_keys(ui.ctx(), modal);
        self.view.apply(ui.ctx());
        let typing = ui.ctx().text_edit_focused();
        if !typing && ui.input(|i| i.key_pressed(Key::F1) || i.key_pressed(Key::Questionmark)) {
            self.help_open = !self.help_open;
        }
        if !typing {
            let (left, right) = ui.input_mut(|i| {
                (
                    i.consume_key(egui::Modifiers::NONE, Key::OpenBracket),
                    i.consume_key(egui::Modifiers::NONE, Key::CloseBracket),
                )
            });
            if left {
                side_panels::request_toggle(ui.ctx(), Side::Left);
            }
            if right {
                side_panels::request_toggle(ui.ctx(), Side::Right);
            }
        }
        self.dropped_files(ui);
        // Shortcuts go first, before any widget: a focused button must not also take Space.
        if !typing && !modal {
            let tab = self.tabs.get_mut(self.tab);
            tab.handle_keys(ui);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui));
        egui::Panel::bottom("status").show(ui, |ui| {
            // One line whatever the window's width: a long status ends in "…", whole on hover.
            let status = self.tabs.get(self.tab).status();
            ui.horizontal(|ui| {
                ui.add(egui::Label::new(status.as_str()).truncate())
                    .on_hover_text(status);
            });
        });
        // What the menu bar and the status line leave: the first window a newcomer meets
        // must not cover the File menu they reach for next.
        let below_menu = ui.available_rect_before_wrap();
        let dt = ui.input(|i| i.unstable_dt) as f64;
        let budget = <FrameBudget as crate::ui::step_controls::BudgetOfFrames>::of(ui.ctx());
        let tab = self.tabs.get_mut(self.tab);
        let began = web_time::Instant::now();
        // When egui runs a frame twice (a layout that changed asks for a second pass), the
        // work and the time of the frame are taken once: twice, a run played two frames'
        // steps in one, and the first frame of a newly chosen search took 20 ms.
        let busy = ui.ctx().current_pass_index() > 0 || tab.advance(dt, budget);
        self.advance_time += began.elapsed();
        if busy {
            ui.ctx().request_repaint();
        }
        if self.assignments.advance(budget) {
            ui.ctx().request_repaint();
        }
        // The assignment panel, on every tab, and the lesson panel go before the tab, which
        // fits its own panels into what is left; the lesson stays on its own tab. One of
        // them is open at a time.
        if self.assignments.open {
            self.lessons.open = false;
        }
        let home = *self.lessons.home.get_or_insert(self.tab);
        let away = self.lessons.open && home != self.tab;
        self.lessons.open &= !away;
        let asked = self.lessons.show(ui, self.language);
        self.lessons.open |= away;
        if let Some(request) = asked {
            self.lesson_request(request);
        }
        // After the lessons, which say whether a sheet of theirs is open: this one says it
        // when it is.
        if let Some(show) = self.assignments.show(ui, self.language) {
            self.open_view(show.view);
            self.tabs.get_mut(self.tab).check_code_against(show.rule);
        }
        let cell_wanted = !away && self.lessons.open && self.lessons.wants_cell();
        for &id in TabId::ALL {
            let asked = cell_wanted && id == self.tab;
            if let Some(board) = self.tabs.get_mut(id).lesson_board() {
                board.ask_for_cell(asked);
            }
        }
        let tab = self.tabs.get_mut(self.tab);
        tab.ui(ui);
        let answer = tab.lesson_board().and_then(|b| b.take_cell_answer());
        if let Some(pos) = answer {
            self.answer_cell(pos);
        }
        if self.help_open {
            self.help(ui);
        }
        let titles: Vec<(TabId, String)> = TabId::ALL
            .iter()
            .map(|&id| (id, self.tabs.get(id).title()))
            .collect();
        // A tab chosen with the window open: its page follows.
        if self.getting_started.is_open() {
            self.getting_started.open(self.tab);
        }
        if let Some(tab) = self.getting_started.show(ui.ctx(), below_menu, &titles) {
            self.tab = tab;
        }
        // The message itself says what came back.
        self.link_window(ui.ctx());
        self.page_window(ui.ctx());
        self.refused_link_window(ui.ctx());
        error_window(ui.ctx(), &mut self.notice, "");
        #[cfg(target_arch = "wasm32")]
        if test_hook::on() {
            test_hook::publish_state(self);
        }
    }

    fn menu(&mut self, ui: &mut Ui) {
        // On a phone the bar wraps onto a second row rather than cut off the last tabs.
        egui::MenuBar::new().ui(ui, |ui| {
            if crate::ui::touch::active(ui.ctx()) {
                // A menu bar's buttons hug their words; a finger needs them wider.
                ui.spacing_mut().button_padding.x = 12.0;
            }
            ui.horizontal_wrapped(|ui| self.menu_items(ui))
        });
    }

    fn menu_items(&mut self, ui: &mut Ui) {
        if crate::ui::touch::active(ui.ctx()) && ui.ctx().content_rect().width() < PHONE_WIDTH {
            return self.phone_menu_items(ui);
        }
        ui.menu_button(crate::tr!("menu-file"), |ui| self.file_menu(ui));
        ui.menu_button(crate::tr!("menu-edit"), |ui| self.current().edit_menu(ui));
        ui.menu_button(crate::tr!("menu-view"), |ui| self.view_menu(ui));
        ui.menu_button(crate::tr!("menu-help"), |ui| self.help_menu(ui));
        ui.separator();
        for &id in TabId::ALL {
            let title = self.tabs.get(id).title();
            ui.selectable_value(&mut self.tab, id, title);
        }
        ui.separator();
        self.lessons_toggle(ui);
        self.assignments_toggle(ui);
        if self.view.presenting {
            ui.separator();
            self.view.presentation_bar(ui);
        }
    }

    /// A phone's menu bar, one row of finger-sized buttons: one menu holding File, Edit,
    /// View and Help one after the other, the tabs in a drop-down, and the lessons.
    fn phone_menu_items(&mut self, ui: &mut Ui) {
        ui.menu_button(crate::tr!("menu-phone"), |ui| {
            let most = ui.ctx().content_rect().height() * 0.8;
            egui::ScrollArea::vertical()
                .max_height(most)
                .show(ui, |ui| {
                    // The bar has no room for the Assignments button: first in the menu.
                    if ui.button(crate::tr!("menu-assignments")).clicked() {
                        self.assignments.open = true;
                        ui.close();
                    }
                    ui.separator();
                    ui.strong(crate::tr!("menu-file"));
                    self.file_menu(ui);
                    ui.separator();
                    ui.strong(crate::tr!("menu-edit"));
                    self.current().edit_menu(ui);
                    ui.separator();
                    ui.strong(crate::tr!("menu-view"));
                    self.view_menu(ui);
                    ui.separator();
                    ui.strong(crate::tr!("menu-help"));
                    self.help_menu(ui);
                });
        });
        let label = crate::tr!("menu-tab");
        egui::ComboBox::from_id_salt("phone-tab")
            .selected_text(self.tabs.get(self.tab).title())
            // Every tab in view: finger-high entries ran past the list's default height and
            // hid the last one.
            .height(f32::INFINITY)
            .show_ui(ui, |ui| {
                for &id in TabId::ALL {
                    let title = self.tabs.get(id).title();
                    ui.selectable_value(&mut self.tab, id, title);
                }
            })
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &label));
        self.lessons_toggle(ui);
    }

    fn file_menu(&mut self, ui: &mut Ui) {
        if ui.button(crate::tr!("menu-open-lesson")).clicked() {
            self.lessons.open_dialog();
        }
        if ui.button(crate::tr!("menu-open-assignment")).clicked() {
            self.assignments.open_dialog();
        }
        self.link_menu(ui);
        ui.separator();
        for (i, &id) in TabId::ALL.iter().enumerate() {
            if i > 0 {
                ui.separator();
            }
            if self.tabs.get_mut(id).file_menu(ui) {
                self.tab = id;
            }
        }
    }

    fn help_menu(&mut self, ui: &mut Ui) {
        if ui.button(crate::tr!("menu-getting-started")).clicked() {
            self.getting_started.open(self.tab);
        }
        if ui.button(crate::tr!("menu-shortcuts")).clicked() {
            self.help_open = true;
        }
        if ui.button(crate::tr!("menu-lessons")).clicked() {
            self.lessons.open = true;
            self.lessons.home = Some(self.tab);
            self.assignments.open = false;
        }
        if ui.button(crate::tr!("menu-assignments")).clicked() {
            self.assignments.open = true;
            ui.close();
        }
    }

    /// On every tab: the way into the lessons, and out again.
    fn lessons_toggle(&mut self, ui: &mut Ui) {
        let mut shown = self.lessons.open && self.lessons.home == Some(self.tab);
        if ui
            .toggle_value(&mut shown, crate::tr!("lessons-title"))
            .changed()
        {
            self.lessons.open = shown;
            self.lessons.home = Some(self.tab);
            self.assignments.open &= !shown;
        }
    }

    /// On every tab: the way into the assignments, and out again; in a narrow window the
    /// menu bar keeps one row, and Help → Assignments is the way in (the panel closes itself).
    fn assignments_toggle(&mut self, ui: &mut Ui) {
        if ui.ctx().content_rect().width() >= ASSIGNMENTS_TOGGLE_WIDTH {
            ui.toggle_value(&mut self.assignments.open, crate::tr!("assignments-title"));
        }
    }

    /// The View menu: the language (each named in its own), the scale, the theme and
    /// presentation mode.
    fn view_menu(&mut self, ui: &mut Ui) {
        ui.label(crate::tr!("menu-language"));
        for language in Language::ALL {
            if ui
                .radio(self.language == language, language.name())
                .clicked()
            {
                self.set_language(language);
                ui.close();
            }
        }
        ui.separator();
        self.view.menu(ui);
    }

    /// The board the lesson's questions are answered on: the open tab's, else the first
    /// tab's that has one.
    fn lesson_board(&mut self) -> Option<&mut dyn LessonBoard> {
        let id = std::iter::once(self.tab)
            .chain(TabId::ALL.iter().copied())
            .find(|&id| self.tabs.get_mut(id).lesson_board().is_some())?;
        self.tabs.get_mut(id).lesson_board()
    }

    /// Does what the lesson window asked: show the page, or check the painted board.
    pub fn lesson_request(&mut self, request: Request) {
        match request {
            Request::ShowPage => self.show_lesson_page(),
            Request::CheckBoard => {
                if let Some(board) = self.lesson_board().map(|b| b.painted().clone()) {
                    self.lessons
                        .course
                        .answer(crate::lessons::Answer::Board(&board));
                }
            }
            Request::CheckCells => self.check_picked_cells(),
            Request::CheckCode => self.check_lesson_code(),
        }
    }

    /// The student's program, as last run on the page's tab, judged against the page's
    /// search; a word instead when it has not run yet.
    fn check_lesson_code(&mut self) {
        let Some(active) = &self.lessons.course.active else {
            return;
        };
        let rule = match &active.page().scene {
            Some(crate::lessons::Scene::Board(board)) => board.code.as_ref().map(|c| c.check),
            Some(crate::lessons::Scene::Sliding(sliding)) => sliding.code.as_ref().map(|c| c.check),
            _ => None,
        };
        let Some(rule) = rule else {
            return;
        };
        let tab = self.lessons.home.unwrap_or(self.tab);
        match self.tabs.get_mut(tab).code_judged(rule) {
            Some((follows, told)) => {
                self.lessons.code_hint = None;
                self.lessons.course.answer(crate::lessons::Answer::Code {
                    follows,
                    told: &told,
                });
            }
            None => self.lessons.code_hint = Some(crate::tr!("lessons-run-code-first")),
        }
    }

    /// Puts the lesson page's board, level or game on its tab and opens that tab: the tab
    /// whose kind of scene it is takes it.
    fn show_lesson_page(&mut self) {
        self.lessons.code_hint = None;
        let Some(active) = &self.lessons.course.active else {
            return;
        };
        if let Some(scene) = &active.page().scene {
            for &id in TabId::ALL {
                if self.tabs.get_mut(id).show_lesson_scene(scene, active.steps) {
                    self.tab = id;
                    break;
                }
            }
        }
        self.lessons.home = Some(self.tab);
    }

    /// A cell clicked in answer to the lesson's question: judged, marked on the board, and
    /// for "which cell is expanded next?" the search then takes its step.
    fn answer_cell(&mut self, pos: crate::grid::Pos) {
        use crate::app::tab::AnswerMark;
        let picking = self.lessons.course.active.as_ref().is_some_and(|a| {
            (a.page().question.as_ref()).is_some_and(|q| q.kind == QuestionKind::Joins)
        });
        if picking {
            // Each click picks a cell or takes it back; "Check my cells" judges them.
            let Some(board) = self.lesson_board() else {
                return;
            };
            let marks = board.answer_marks();
            match marks.iter().position(|&(p, _)| p == pos) {
                Some(i) => {
                    marks.remove(i);
                }
                None => marks.push((pos, AnswerMark::Picked)),
            }
            return;
        }
        self.lessons
            .course
            .answer(crate::lessons::Answer::Cell(pos));
        let Some(active) = &self.lessons.course.active else {
            return;
        };
        let Some(checked) = &active.checked else {
            return;
        };
        let mark = if checked.is_right() {
            AnswerMark::Right
        } else {
            AnswerMark::Wrong
        };
        let predicted = matches!(checked, crate::lessons::Checked::Predicted { .. });
        let steps = active.steps;
        let Some(board) = self.lesson_board() else {
            return;
        };
        *board.answer_marks() = vec![(pos, mark)];
        if predicted {
            board.show_step_after(steps);
        }
    }

    /// Judges the cells picked as those joining the frontier, outlines the ones that join
    /// (green) and the ones picked that do not (red), and takes the step.
    fn check_picked_cells(&mut self) {
        use crate::app::tab::AnswerMark;
        let Some(board) = self.lesson_board() else {
            return;
        };
        let picked: Vec<crate::grid::Pos> = board.answer_marks().iter().map(|&(p, _)| p).collect();
        self.lessons
            .course
            .answer(crate::lessons::Answer::Cells(&picked));
        let Some(active) = &self.lessons.course.active else {
            return;
        };
        let Some(crate::lessons::Checked::Joined(joining)) = &active.checked else {
            return;
        };
        let marks = (joining.joined.iter().map(|&p| (p, AnswerMark::Right)))
            .chain(joining.extra.iter().map(|&p| (p, AnswerMark::Wrong)))
            .collect();
        let steps = active.steps;
        let Some(board) = self.lesson_board() else {
            return;
        };
        *board.answer_marks() = marks;
        board.show_step_after(steps);
    }

    /// The keyboard window: every tab's keys, kept within the screen (its text wraps on a
    /// phone), with a Close button a finger can press.
    fn help(&mut self, ui: &Ui) {
        let mut open = true;
        let mut close = false;
        let sections: Vec<(String, &[Shortcut])> = TabId::ALL
            .iter()
            .map(|&id| (self.tabs.get(id).title(), self.tabs.get(id).shortcuts()))
            .chain([(crate::tr!("help-anywhere"), SHELL_SHORTCUTS)])
            .collect();
        let screen = ui.ctx().content_rect();
        crate::ui::touch::closable(
            egui::Window::new(crate::tr!("help-title")),
            ui.ctx(),
            &mut open,
        )
        .collapsible(false)
        .resizable(false)
        .constrain(true)
        .max_width(screen.width() - 32.0)
        .max_height(screen.height() - 96.0)
        .show(ui.ctx(), |ui| {
            close = ui.button(crate::tr!("help-close")).clicked();
            egui::ScrollArea::vertical().show(ui, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for (title, shortcuts) in &sections {
                        ui.heading(title);
                        ui.end_row();
                        for (keys, what) in shortcuts.iter() {
                            ui.strong(i18n::tr(keys, None));
                            ui.add(egui::Label::new(i18n::tr(what, None)).wrap());
                            ui.end_row();
                        }
                    }
                });
            });
        });
        self.help_open &= open && !close;
    }
}

impl eframe::App for FrontierApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        storage.set_string(STORAGE_KEY, self.saved_state().to_ron());
        if cfg!(target_arch = "wasm32") {
            // The loading page (index.html) reads these before the module arrives, to greet
            // a returning student in their language and theme.
            storage.set_string("frontier.language", self.language.tag().into());
            storage.set_string("frontier.theme", self.view.theme.css_name().into());
        }
    }

    /// A page can be closed with no word to it (eframe saves when the page loses focus, and
    /// on this timer): in a browser the state is saved every few seconds, so a closed tab
    /// loses at most those.
    fn auto_save_interval(&self) -> std::time::Duration {
        if cfg!(target_arch = "wasm32") {
            std::time::Duration::from_secs(5)
        } else {
            std::time::Duration::from_secs(30)
        }
    }
}
