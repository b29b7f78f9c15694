//! What the middle of Watch shows besides the boards: the first search's tree (small boards
//! named S0, S1, ... with their values, zoomed and panned in a scene) or its OPEN and CLOSED
//! tables, a row a step, both at the step shown and stepping with the run.

use egui::{Rect, Ui, vec2};

use crate::app::sliding::SlidingTab;
use crate::games::sandbox::PathAlgorithm;
use crate::games::sliding::search_tree::{
    SearchTree, row_cells, tables_wording, tree_sketch, tree_wording,
};
use crate::games::sliding::session::PuzzleSession;
use crate::games::sliding::{Position, PuzzleHeuristic};
use crate::tr;
use crate::ui::sketch::{SCENE_ORIGIN, paint_sketch, sketch_rect};

/// What the middle of Watch shows (a lesson's page may choose it).
pub use crate::lessons::SlidingView as Middle;

/// The search a tree is of: the position, the goal, the search and its heuristic.
type Of = (Position, Position, String, PuzzleHeuristic);

/// The first search's tree, recorded on its own beside the run, and how it is viewed.
pub(in crate::app::sliding) struct TreeState {
    /// The tree and the search it is of (None: that search draws none).
    recorded: Option<(Of, PathAlgorithm, Option<SearchTree>)>,
    /// The part of the tree in view.
    scene: Rect,
    /// Fit the whole tree in view each frame, until the student pans or zooms.
    fitting: bool,
}

fn of(session: &PuzzleSession) -> Of {
    let problem = session.run().problem();
    (
        problem.start,
        problem.goal,
        session.algorithm.code(),
        session.heuristic,
    )
}

impl Default for TreeState {
    fn default() -> Self {
        TreeState {
            recorded: None,
            scene: Rect::ZERO,
            fitting: true,
        }
    }
}

impl TreeState {
    /// The tree recorded, if it is of `session`'s search and that search draws one.
    pub fn recorded(&self, session: &PuzzleSession) -> Option<(&SearchTree, PathAlgorithm)> {
        let (recorded_of, algorithm, tree) = self.recorded.as_ref()?;
        (*recorded_of == of(session)).then_some(())?;
        Some((tree.as_ref()?, *algorithm))
    }

    /// The tree of `session`'s search recorded to its step (made again for another search),
    /// or None when that search draws none.
    pub fn follow(&mut self, session: &PuzzleSession) -> Option<(&SearchTree, PathAlgorithm)> {
        let wanted = of(session);
        if self.recorded.as_ref().map(|r| &r.0) != Some(&wanted) {
            let tree = SearchTree::new(session.run().problem().clone(), session.algorithm).ok();
            self.recorded = Some((wanted, session.algorithm, tree));
            self.fitting = true;
        }
        let (_, algorithm, tree) = self.recorded.as_mut()?;
        let tree = tree.as_mut()?;
        tree.grow_to(session.position());
        Some((tree, *algorithm))
    }
}

impl SlidingTab {
    /// Boards, tree or tables: the choice above the middle of Watch.
    pub(in crate::app::sliding) fn middle_picker(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!("sliding-view-label"));
            for (middle, name) in [
                (Middle::Boards, tr!("sliding-view-boards")),
                (Middle::Tree, tr!("sliding-view-tree")),
                (Middle::Tables, tr!("sliding-view-tables")),
                (Middle::Heuristics, tr!("sliding-view-heuristics")),
            ] {
                ui.selectable_value(&mut self.watch.middle, middle, name);
            }
        });
    }

    /// The tree or the tables of the first search at the step shown.
    pub(in crate::app::sliding) fn tree_view(&mut self, ui: &mut Ui) {
        let Some(session) = self.watch.sessions.first() else {
            return;
        };
        let step = session.position();
        let middle = self.watch.middle;
        let state = &mut self.watch.tree;
        let Some((tree, algorithm)) = state.follow(session) else {
            ui.label(tr!("sliding-tree-not-best-first"));
            return;
        };
        let step = step.min(tree.recorded());
        if let Some(full) = tree.full_at() {
            ui.label(tr!(
                "sliding-tree-full",
                step = full,
                nodes = tree.nodes().len()
            ));
        }
        if middle == Middle::Tables {
            tables(ui, tree, algorithm, step);
            return;
        }
        let sketch = tree_sketch(tree, step, &tree_wording(tree, algorithm, step));
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!("sliding-tree-fit")).clicked() {
                state.fitting = true;
            }
            ui.small(tr!("sliding-tree-zoom"));
        });
        let bounds = sketch_rect(&sketch, SCENE_ORIGIN);
        if state.fitting {
            // The whole tree in view, never blown up past one and a half times its size
            // (a tree of one node would fill the screen).
            let room = ui.available_size() / 1.5;
            state.scene = Rect::from_min_size(
                bounds.min,
                vec2(bounds.width().max(room.x), bounds.height().max(room.y)),
            );
        }
        let response = egui::Scene::new()
            .zoom_range(0.05..=4.0)
            .show(ui, &mut state.scene, |ui| {
                ui.allocate_rect(bounds, egui::Sense::hover());
                paint_sketch(ui.painter(), &sketch, SCENE_ORIGIN);
            })
            .response;
        if response.changed() {
            state.fitting = false;
        }
    }
}

/// The tables to `step` as a grid, the step shown last and in bold.
fn tables(ui: &mut Ui, tree: &SearchTree, algorithm: PathAlgorithm, step: usize) {
    let wording = tables_wording(tree, algorithm);
    ui.strong(&wording.title);
    egui::ScrollArea::both()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            egui::Grid::new("sliding-open-closed")
                .striped(true)
                .max_col_width(ui.available_width().max(320.0) * 0.45)
                .show(ui, |ui| {
                    for header in [
                        &wording.step,
                        &wording.taken,
                        &wording.open,
                        &wording.closed,
                    ] {
                        ui.strong(header);
                    }
                    ui.end_row();
                    for row in tree.rows().iter().take(step + 1) {
                        for cell in row_cells(tree, row, &wording) {
                            let text = egui::RichText::new(cell);
                            let text = if row.step == step {
                                text.strong()
                            } else {
                                text
                            };
                            ui.add(egui::Label::new(text).wrap());
                        }
                        ui.end_row();
                    }
                });
        });
}
