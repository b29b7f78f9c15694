//! What the board shows in each mode: the game being played (with its hint, lost boxes and
//! the box being dragged), the level being edited, or the solver's position (with its heat
//! map and dead squares), and what a press on it does.

use egui::Ui;

use super::{Mode, SokobanTab, board};
use crate::games::sokoban::solver::Detail;
use crate::grid::Pos;

impl SokobanTab {
    pub(super) fn board(&mut self, ui: &mut Ui) {
        let dead = self.dead_squares_shown();
        let input = match self.mode {
            Mode::Play => match self.play_board(ui) {
                Some(input) => input,
                None => return,
            },
            Mode::Edit => {
                let level = self.edit.level();
                // Squares the player cannot reach are drawn as outside, as in Play, so the
                // level's shape shows while it is drawn.
                let inside = level.inside();
                let has_box = |p| level.has_box(p);
                let position = board::Position::plain(level, &inside, &has_box, level.player);
                board::draw(ui, &mut self.view, &position)
            }
            Mode::Solve => {
                if let Some(replay) = &self.solve.replay {
                    let marks = board::Marks {
                        dead: &dead,
                        ..Default::default()
                    };
                    board::draw_game(ui, &mut self.view, &replay.game, marks)
                } else if let Some(session) = &self.solve.session {
                    let level = &session.level;
                    let inside = level.inside();
                    let heat = session.heat();
                    let shown = session.run().last_expanded();
                    let boxes: Vec<Pos> = shown
                        .as_ref()
                        .map_or_else(|| level.boxes().collect(), |(b, _)| b.clone());
                    let player = shown.as_ref().map(|(_, p)| *p).or(level.player);
                    let has_box = |p| boxes.contains(&p);
                    let position = board::Position {
                        heat: Some(&heat),
                        player_is_region: session.detail == Detail::Pushes && shown.is_some(),
                        marks: board::Marks {
                            dead: &dead,
                            ..Default::default()
                        },
                        ..board::Position::plain(level, &inside, &has_box, player)
                    };
                    board::draw(ui, &mut self.view, &position)
                } else if let Some(game) = self.play.game() {
                    let inside = game.level().inside();
                    let level = game.level();
                    let from_play = self.solves_from_play();
                    let has_box = |p| {
                        if from_play {
                            game.has_box(p)
                        } else {
                            level.has_box(p)
                        }
                    };
                    let player = if from_play {
                        Some(game.player())
                    } else {
                        level.player
                    };
                    let position = board::Position {
                        marks: board::Marks {
                            dead: &dead,
                            ..Default::default()
                        },
                        ..board::Position::plain(level, &inside, &has_box, player)
                    };
                    board::draw(ui, &mut self.view, &position)
                } else {
                    return;
                }
            }
        };
        match self.mode {
            Mode::Play => self.play_pointer(&input),
            Mode::Edit => self.edit.pointer(&input),
            Mode::Solve => {}
        }
    }
}
