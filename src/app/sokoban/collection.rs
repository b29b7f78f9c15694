//! The collection of levels as a type of its own: its name and text, its entries, the one
//! chosen, the list that shows them and the paste window that adds to them. The tab asks it;
//! nothing else reaches its fields.

use egui::Ui;

use crate::games::sokoban::progress::Progress;
use crate::games::sokoban::{Entry, Level, parse_collection, presets};
use crate::tr;

/// The collection of levels, the one chosen, and a level being pasted in.
pub(super) struct Collection {
    name: String,
    text: String,
    entries: Vec<Entry>,
    index: usize,
    /// The level the list was last scrolled to: a level chosen otherwise (next level, a
    /// lesson, a link) is scrolled into view once.
    list_shows: Option<usize>,
    paste: Option<String>,
}

/// What the paste window asks: the text to add, when "Open" was pressed.
pub(super) type Pasted = Option<String>;

impl Collection {
    /// The collection of `text` called `name` (no levels, when the text holds none).
    pub(super) fn new(name: String, text: String) -> Collection {
        let entries = parse_collection(&text).unwrap_or_default();
        let (index, list_shows, paste) = (0, None, None);
        Collection {
            name,
            text,
            entries,
            index,
            list_shows,
            paste,
        }
    }

    pub(super) fn name(&self) -> &str {
        &self.name
    }

    pub(super) fn text(&self) -> &str {
        &self.text
    }

    pub(super) fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The chosen level's place.
    pub(super) fn index(&self) -> usize {
        self.index
    }

    /// Chooses level `index` (the last, if there are fewer).
    pub(super) fn choose(&mut self, index: usize) {
        self.index = index.min(self.entries.len().saturating_sub(1));
    }

    /// The chosen entry.
    pub(super) fn current(&self) -> Option<&Entry> {
        self.entries.get(self.index)
    }

    /// The chosen level, when it is a valid one.
    pub(super) fn level(&self) -> Option<&Level> {
        self.current()?.level.as_ref().ok()
    }

    /// Whether there is a level before the chosen one, and one after it.
    pub(super) fn neighbours(&self) -> (bool, bool) {
        (self.index > 0, self.index + 1 < self.entries.len())
    }

    /// Level `i`'s title as the list shows it: a preset's in the language on screen.
    pub(super) fn title(&self, i: usize) -> String {
        let own = self.entries.get(i).map_or("", |e| e.title.as_str());
        presets::title(&self.name, i, own)
    }

    /// The notes of level `i` for the player, a preset's in the language on screen.
    pub(super) fn notes(&self, i: usize, level: &Level) -> String {
        presets::notes(&self.name, i, &level.notes)
    }

    /// Replaces the collection by `text`, called `name`; its first valid level chosen.
    /// `Err` (and nothing changed) when the text holds no level.
    pub(super) fn replace(&mut self, name: &str, text: &str) -> Result<(), String> {
        self.entries = parse_collection(text).map_err(|e| e.to_string())?;
        (self.name, self.text) = (name.to_string(), text.to_string());
        self.choose(
            self.entries
                .iter()
                .position(|e| e.level.is_ok())
                .unwrap_or(0),
        );
        Ok(())
    }

    /// Adds `good` levels at the end (an empty collection takes `name`), the first of
    /// them chosen.
    pub(super) fn add(&mut self, name: &str, good: Vec<Entry>) {
        if self.entries.is_empty() {
            (self.name, self.text) = (name.to_string(), String::new());
        }
        let first = self.entries.len();
        for level in good.iter().filter_map(|e| e.level.as_ref().ok()) {
            if !self.text.is_empty() && !self.text.ends_with("\n\n") {
                self.text.push('\n');
            }
            self.text.push_str(&level.to_xsb());
        }
        self.entries.extend(good);
        self.choose(first);
    }

    /// Puts `entry` in place of the chosen level (or as the first, in an empty collection),
    /// the collection's text written anew from its valid levels.
    pub(super) fn put_current(&mut self, entry: Entry) {
        match self.entries.get_mut(self.index) {
            Some(current) => *current = entry,
            None => self.entries.push(entry),
        }
        self.text = (self.entries.iter())
            .filter_map(|e| e.level.as_ref().ok())
            .map(|l| l.to_xsb())
            .collect::<Vec<_>>()
            .join("\n");
    }

    /// The list of levels, each marked by the best `progress` kept or as a mistake, the
    /// chosen one scrolled into view once; the level clicked.
    pub(super) fn list(&mut self, ui: &mut Ui, progress: &Progress) -> Option<usize> {
        ui.label(tr!(
            "sk-collection",
            name = &self.name,
            count = self.entries.len()
        ));
        let mut chosen = None;
        egui::ScrollArea::vertical()
            .id_salt("level-list")
            .max_height(220.0)
            .show(ui, |ui| {
                for (i, entry) in self.entries.iter().enumerate() {
                    let mark = match &entry.level {
                        Err(_) => tr!("sk-level-mistake"),
                        Ok(level) => progress.best(level).map_or_else(String::new, |best| {
                            tr!("sk-level-solved", moves = best.moves, pushes = best.pushes)
                        }),
                    };
                    let title = presets::title(&self.name, i, &entry.title);
                    let label = format!("{:>3}  {title}  {mark}", i + 1);
                    let response = ui.selectable_label(i == self.index, label);
                    if i == self.index && self.list_shows != Some(i) {
                        response.scroll_to_me(Some(egui::Align::Center));
                        self.list_shows = Some(i);
                    }
                    if response.clicked() {
                        chosen = Some(i);
                    }
                }
            });
        chosen
    }

    /// Opens the paste window, empty.
    pub(super) fn open_paste(&mut self) {
        self.paste = Some(String::new());
    }

    /// Whether the paste window is open.
    pub(super) fn pasting(&self) -> bool {
        self.paste.is_some()
    }

    /// The paste window, while it is open; the text pasted once "Open" is pressed.
    pub(super) fn paste_window(&mut self, ctx: &egui::Context) -> Pasted {
        let text = self.paste.as_mut()?;
        let (mut open, mut load, mut cancel) = (true, false, false);
        crate::ui::touch::closable(egui::Window::new(tr!("sk-paste-title")), ctx, &mut open).show(
            ctx,
            |ui| {
                ui.label(tr!("sk-paste-text"));
                let field = egui::TextEdit::multiline(text).code_editor();
                ui.add(field.desired_rows(12).desired_width(360.0));
                ui.horizontal(|ui| {
                    load = ui.button(tr!("sk-paste-open")).clicked();
                    cancel = ui.button(tr!("cancel")).clicked();
                });
            },
        );
        if load || cancel || !open {
            return self.paste.take().filter(|_| load);
        }
        None
    }
}
