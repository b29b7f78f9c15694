//! The side panels of a tab, planned so the board always keeps its room: together the open
//! panels take at most half the window's width (narrowed down to a minimum first, then
//! collapsed by themselves, the right one first, when even that is too much); each can be
//! collapsed to a thin strip with its button or a key (`[` left, `]` right) and opened
//! again the same way (in a window too narrow for both, opening one closes the other); each scrolls inside; none grows past the width its content was
//! designed for. Below a window width of [`COLLAPSE_ALL_BELOW`] (or a height of
//! [`COLLAPSE_ALL_SHORTER_THAN`]) they all collapse by themselves (the tab then shows its compact control bar above the board); in presentation
//! mode they are hidden.
//!
//! On a tall narrow screen (a phone or a tablet held upright: see [`sheets`]) the panels are
//! sheets under the board instead, so the board keeps the whole width: a row of buttons at
//! the bottom names each panel, one sheet opens at a time above it, and its top edge drags.
//! On a touch screen the strips and buttons are a finger's size ([`super::touch`]).
//!
//! The user's choices (open, closed, or left to the window; a width dragged by hand) live
//! in egui's memory, keyed by the panel's id, so a tab only describes its panels.

use egui::{Context, Id, Rect, Ui};

use crate::tr;

/// The narrowest an open panel gets before it collapses instead.
pub const MIN_WIDTH: f32 = 210.0;
/// The width of a collapsed panel's strip (with a mouse; a finger's on a touch screen).
pub const STRIP_WIDTH: f32 = 28.0;
/// Below this width a window at least [`SHEETS_TALLER_BY`] times as tall as wide shows
/// its panels as sheets under the board (a portrait phone, a portrait tablet).
pub const SHEETS_NARROWER_THAN: f32 = 1000.0;
/// How much taller than wide a window must be for sheets.
pub const SHEETS_TALLER_BY: f32 = 1.25;
/// The share of the height a sheet opens at, so the board keeps the rest; the most a sheet
/// can be dragged to.
pub const SHEET_SHARE: f32 = 0.38;
pub const SHEET_MAX_SHARE: f32 = 0.7;

/// Whether panels go under the board as sheets (see [`SHEETS_NARROWER_THAN`]): decided by
/// the screen's shape, not by the room another sheet has left.
pub fn sheets(ui: &Ui) -> bool {
    let screen = ui.ctx().content_rect();
    screen.width() < SHEETS_NARROWER_THAN && screen.height() >= screen.width() * SHEETS_TALLER_BY
}

fn sheet_id() -> Id {
    Id::unique("frontier-sheet-open")
}

/// Says that a sheet of the app's own (the lesson) is open this frame: the tab's row of
/// sheet buttons then steps aside, one sheet under the board at a time.
pub fn app_sheet_open(ctx: &Context, open: bool) {
    ctx.data_mut(|d| d.insert_temp(sheet_id(), open));
}

fn app_sheet_is_open(ctx: &Context) -> bool {
    ctx.data(|d| d.get_temp(sheet_id())).unwrap_or(false)
}
/// The share of the window's width the side panels may take together.
pub const PANELS_SHARE: f32 = 0.5;
/// Below this window width the panels left to the window collapse, all of them: the board
/// needs the whole width (the tab's compact control bar above it stands in for them).
pub const COLLAPSE_ALL_BELOW: f32 = 760.0;
/// Below this height (a phone on its side) they collapse too: a panel's controls would not
/// fit beside the board, and the compact bar above it gives the board the whole width.
pub const COLLAPSE_ALL_SHORTER_THAN: f32 = 480.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

/// One side panel: its id, its name's message key (a sheet's button says it), side, and the
/// width its content was designed for.
#[derive(Clone, Copy, Debug)]
pub struct PanelSpec {
    pub id: &'static str,
    pub title: &'static str,
    pub side: Side,
    pub width: f32,
}

/// Whether a panel shows: as the user chose, or as the window's width allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shown {
    #[default]
    Auto,
    Open,
    Closed,
}

/// What is remembered of a panel between frames.
#[derive(Clone, Copy, Debug, Default)]
struct Memory {
    shown: Shown,
    /// The width dragged by hand, if any.
    dragged: Option<f32>,
    /// Where it was drawn last (open or as a strip), and in which pass.
    rect: Option<Rect>,
    pass: u64,
}

fn memory_id(panel: &str) -> Id {
    Id::unique(("frontier-side-panel", panel))
}

fn load(ctx: &Context, panel: &str) -> Memory {
    ctx.data(|d| d.get_temp(memory_id(panel)))
        .unwrap_or_default()
}

fn store(ctx: &Context, panel: &str, memory: Memory) {
    ctx.data_mut(|d| d.insert_temp(memory_id(panel), memory));
}

fn toggle_id(side: Side) -> Id {
    Id::unique(("frontier-toggle-panel", side))
}

/// Asks the open tab to open or close its panel on `side` (done when it next plans).
pub fn request_toggle(ctx: &Context, side: Side) {
    ctx.data_mut(|d| d.insert_temp(toggle_id(side), true));
}

/// Where a panel was drawn in the last frame, open or as a strip (None when it was not
/// drawn then: another tab was shown, or the panels were hidden).
pub fn last_rect(ctx: &Context, panel: &str) -> Option<Rect> {
    let memory = load(ctx, panel);
    let recent = memory.pass + 1 >= ctx.cumulative_pass_nr();
    memory.rect.filter(|_| recent)
}

/// The panels of one frame, each open at a width or collapsed.
pub struct SidePanels {
    specs: Vec<PanelSpec>,
    /// The width of each open panel; None for a collapsed one.
    widths: Vec<Option<f32>>,
    hidden: bool,
    /// Shown as sheets under the board (a tall narrow window), with the room's height.
    sheets: Option<f32>,
    /// The width of a collapsed panel's strip.
    strip: f32,
}

impl SidePanels {
    /// Decides this frame's panels from the window's width and the user's choices.
    pub fn plan(ui: &Ui, specs: &[PanelSpec]) -> SidePanels {
        let ctx = ui.ctx();
        let hidden = super::presentation::active(ctx);
        let mut memories: Vec<Memory> = specs.iter().map(|s| load(ctx, s.id)).collect();
        let available = ui.available_width();
        let sheets = sheets(ui).then(|| ctx.content_rect().height());
        let strip = super::touch::strip_width(ctx);
        let was_open = |m: &Memory| m.rect.is_some_and(|r| r.width() > strip + 1.0);
        for side in [Side::Left, Side::Right] {
            let asked = ctx.data_mut(|d| d.remove_temp::<bool>(toggle_id(side)).is_some());
            if !asked || hidden {
                continue;
            }
            let mut opened = false;
            for (spec, memory) in specs.iter().zip(&mut memories) {
                if spec.side == side {
                    memory.shown = if was_open(memory) {
                        Shown::Closed
                    } else {
                        opened = true;
                        Shown::Open
                    };
                }
            }
            // Where even the narrowest panels on both sides would not leave the board its
            // share, the one just opened takes the room and the other side closes.
            let both_fit = sheets.is_none() && MIN_WIDTH * 2.0 <= available * PANELS_SHARE;
            if opened && !both_fit {
                for (spec, memory) in specs.iter().zip(&mut memories) {
                    if spec.side != side && was_open(memory) {
                        memory.shown = Shown::Closed;
                    }
                }
            }
        }
        // Sheets open when asked: left to the window, the board has the screen.
        let roomy = sheets.is_none()
            && available >= COLLAPSE_ALL_BELOW
            && ui.available_height() >= COLLAPSE_ALL_SHORTER_THAN;
        let widths = plan_widths(specs, &memories, available, roomy, strip);
        for (spec, memory) in specs.iter().zip(memories) {
            store(ctx, spec.id, memory);
        }
        SidePanels {
            specs: specs.to_vec(),
            widths,
            hidden,
            sheets,
            strip,
        }
    }

    /// Shows panel `index` (open, with a button that collapses it and its content in a
    /// scroll area; or collapsed to a strip with a button that opens it).
    pub fn show(&self, ui: &mut Ui, index: usize, contents: impl FnOnce(&mut Ui)) {
        let spec = self.specs[index];
        let ctx = ui.ctx().clone();
        let mut memory = load(&ctx, spec.id);
        if self.hidden {
            memory.rect = None;
            store(&ctx, spec.id, memory);
            return;
        }
        if let Some(height) = self.sheets {
            memory.rect = self.show_sheet(ui, index, height, contents);
            memory.pass = ctx.cumulative_pass_nr();
            store(&ctx, spec.id, memory);
            return;
        }
        let panel = |id: String| match spec.side {
            Side::Left => egui::Panel::left(id),
            Side::Right => egui::Panel::right(id),
        };
        let (open_tip, close_tip, open_mark, close_mark) = match spec.side {
            Side::Left => (tr!("panel-open-left"), tr!("panel-close-left"), "»", "«"),
            Side::Right => (tr!("panel-open-right"), tr!("panel-close-right"), "«", "»"),
        };
        let mut toggle = false;
        let rect = match self.widths[index] {
            None => {
                panel(format!("{}-strip", spec.id))
                    .resizable(false)
                    .exact_size(self.strip)
                    .show(ui, |ui| {
                        // The strip's width, so a finger finds it.
                        let wide = egui::vec2(ui.available_width(), 0.0);
                        let button = ui
                            .add(egui::Button::new(open_mark).min_size(wide))
                            .on_hover_text(&open_tip);
                        button.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &open_tip)
                        });
                        toggle = button.clicked();
                    })
                    .response
                    .rect
            }
            Some(width) => {
                let max = self.max_width(index);
                // While the user drags the edge, egui sizes the panel within the allowed
                // range; otherwise it gets exactly the planned width.
                let dragging = dragging_edge(ui, memory.rect, spec.side);
                let builder = panel(spec.id.to_string()).resizable(true);
                let builder = if dragging {
                    builder.size_range(MIN_WIDTH.min(max)..=max)
                } else {
                    builder.exact_size(width)
                };
                let response = builder.show(ui, |ui| {
                    let layout = match spec.side {
                        Side::Left => egui::Layout::right_to_left(egui::Align::Center),
                        Side::Right => egui::Layout::left_to_right(egui::Align::Center),
                    };
                    let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
                    ui.allocate_ui_with_layout(row, layout, |ui| {
                        let button = if super::touch::active(ui.ctx()) {
                            ui.button(close_mark)
                        } else {
                            ui.small_button(close_mark)
                        };
                        let button = button.on_hover_text(&close_tip);
                        button.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &close_tip)
                        });
                        toggle = button.clicked();
                    });
                    egui::ScrollArea::vertical()
                        .id_salt((spec.id, "scroll"))
                        .auto_shrink([false, true])
                        .show(ui, |ui| {
                            // Text wraps at the panel's edge, in rows too (a check box's
                            // words ran past a narrow panel and were cut off).
                            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                            contents(ui);
                        });
                });
                let rect = response.response.rect;
                if dragging {
                    memory.dragged = Some(rect.width());
                }
                rect
            }
        };
        memory.rect = Some(rect);
        memory.pass = ctx.cumulative_pass_nr();
        store(&ctx, spec.id, memory);
        if toggle {
            // As the key does: the next frame's plan opens or closes it (and, in a narrow
            // window, closes the other side when this one opens).
            request_toggle(&ctx, spec.side);
            ctx.request_repaint();
        }
    }

    /// Panel `index` as a sheet under the board (when open); before the first, the row of
    /// buttons naming every panel, at the bottom. Where the sheet was drawn, if open.
    fn show_sheet(
        &self,
        ui: &mut Ui,
        index: usize,
        height: f32,
        contents: impl FnOnce(&mut Ui),
    ) -> Option<Rect> {
        let spec = self.specs[index];
        if app_sheet_is_open(ui.ctx()) {
            // The lesson's sheet is open: the tab's stay closed, the compact bar above the
            // board stands in for the controls.
            return None;
        }
        if index == 0 {
            egui::Panel::bottom("frontier-sheet-buttons").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (i, spec) in self.specs.iter().enumerate() {
                        // Lit while its sheet is open; a tap opens or closes it.
                        let open = self.widths[i].is_some();
                        let text = crate::i18n::tr(spec.title, None);
                        if ui.add(egui::Button::selectable(open, text)).clicked() {
                            request_toggle(ui.ctx(), spec.side);
                            ui.ctx().request_repaint();
                        }
                    }
                });
            });
        }
        self.widths[index]?;
        let response = egui::Panel::bottom(format!("{}-sheet", spec.id))
            .resizable(true)
            .default_size(height * SHEET_SHARE)
            .size_range(120.0_f32.min(height * 0.3)..=height * SHEET_MAX_SHARE)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt((spec.id, "sheet-scroll"))
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                        contents(ui);
                    });
            });
        Some(response.response.rect)
    }

    /// Whether panel `index` shows its content this frame (not collapsed, not hidden).
    pub fn is_open(&self, index: usize) -> bool {
        !self.hidden && self.widths[index].is_some()
    }

    /// The widest panel `index` may be dragged: its share of the panels' room.
    fn max_width(&self, index: usize) -> f32 {
        self.widths[index].map_or(self.strip, |w| w.max(self.specs[index].width * 1.6))
    }
}

/// Whether the primary button went down on the panel's inner edge and is still down.
fn dragging_edge(ui: &Ui, rect: Option<Rect>, side: Side) -> bool {
    let Some(rect) = rect else { return false };
    let edge = match side {
        Side::Left => rect.right(),
        Side::Right => rect.left(),
    };
    ui.input(|i| {
        i.pointer.primary_down()
            && i.pointer
                .press_origin()
                .is_some_and(|p| (p.x - edge).abs() <= 8.0 && rect.y_range().contains(p.y))
    })
}

/// The width of each panel (None: collapsed) for a window `available` points wide: those
/// not closed by the user open at the width they were designed (or dragged) for, narrowed
/// together to fit half the window but not below [`MIN_WIDTH`]; when even that is too
/// wide, panels left to the window collapse, the right one first. In a window that is not
/// `roomy` (too narrow or too short) the panels left to the window all collapse.
fn plan_widths(
    specs: &[PanelSpec],
    memories: &[Memory],
    available: f32,
    roomy: bool,
    strip: f32,
) -> Vec<Option<f32>> {
    let budget = available * PANELS_SHARE;
    let wanted: Vec<f32> = specs
        .iter()
        .zip(memories)
        .map(|(s, m)| m.dragged.unwrap_or(s.width))
        .collect();
    let mut open: Vec<bool> = memories
        .iter()
        .map(|m| match m.shown {
            Shown::Auto => roomy,
            Shown::Open => true,
            Shown::Closed => false,
        })
        .collect();
    let room_needed = |open: &[bool]| -> f32 {
        (0..specs.len())
            .map(|i| {
                if open[i] {
                    MIN_WIDTH.min(wanted[i])
                } else {
                    strip
                }
            })
            .sum()
    };
    // Collapse panels left to the window, right ones first, while even at their narrowest
    // they do not fit.
    let mut order: Vec<usize> = (0..specs.len()).collect();
    order.sort_by_key(|&i| (specs[i].side == Side::Left, std::cmp::Reverse(i)));
    for i in order {
        if room_needed(&open) <= budget {
            break;
        }
        if memories[i].shown == Shown::Auto {
            open[i] = false;
        }
    }
    let strips = open.iter().filter(|o| !**o).count() as f32 * strip;
    let total: f32 = (0..specs.len())
        .filter(|&i| open[i])
        .map(|i| wanted[i])
        .sum();
    let scale = if total > 0.0 {
        ((budget - strips) / total).min(1.0)
    } else {
        1.0
    };
    (0..specs.len())
        .map(|i| open[i].then(|| (wanted[i] * scale).max(MIN_WIDTH.min(wanted[i]))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<PanelSpec> {
        vec![
            PanelSpec {
                id: "left",
                title: "panel-title-controls",
                side: Side::Left,
                width: 300.0,
            },
            PanelSpec {
                id: "right",
                title: "panel-title-explained",
                side: Side::Right,
                width: 360.0,
            },
        ]
    }

    fn plan(available: f32, shown: [Shown; 2]) -> Vec<Option<f32>> {
        let memories: Vec<Memory> = shown
            .iter()
            .map(|&shown| Memory {
                shown,
                ..Memory::default()
            })
            .collect();
        plan_widths(
            &specs(),
            &memories,
            available,
            available >= COLLAPSE_ALL_BELOW,
            28.0,
        )
    }

    #[test]
    fn wide_windows_give_panels_their_width_and_no_more() {
        assert_eq!(
            plan(1920.0, [Shown::Auto; 2]),
            vec![Some(300.0), Some(360.0)]
        );
        assert_eq!(
            plan(4000.0, [Shown::Auto; 2]),
            vec![Some(300.0), Some(360.0)]
        );
    }

    #[test]
    fn panels_narrow_to_half_the_window_then_collapse_right_first() {
        let widths = plan(1024.0, [Shown::Auto; 2]);
        let total: f32 = widths.iter().flatten().sum();
        assert!((total - 512.0).abs() < 0.5, "{widths:?}");
        assert!(widths.iter().flatten().all(|&w| w >= MIN_WIDTH));
        assert_eq!(plan(800.0, [Shown::Auto; 2])[1], None);
        assert!(plan(800.0, [Shown::Auto; 2])[0].is_some());
        assert_eq!(plan(640.0, [Shown::Auto; 2]), vec![None, None]);
        assert_eq!(plan(300.0, [Shown::Auto; 2]), vec![None, None]);
    }

    #[test]
    fn the_users_choice_wins_over_the_window() {
        assert_eq!(plan(1920.0, [Shown::Closed, Shown::Auto])[0], None);
        let forced = plan(640.0, [Shown::Auto, Shown::Open]);
        assert!(forced[1].is_some(), "{forced:?}");
        assert_eq!(forced[0], None, "the other one makes room");
        let forced = plan(800.0, [Shown::Auto, Shown::Open]);
        assert!(forced[1].is_some(), "{forced:?}");
        assert_eq!(forced[0], None, "the other one makes room");
    }
}
