//! The Solve board: the solution being replayed, the search watched (the position it
//! expanded, with its heat map), or the level about to be solved, with the dead squares.

use egui::Ui;

use crate::app::sokoban::{SokobanTab, board};
use crate::games::sokoban::solver::Detail;
use crate::grid::Pos;
use crate::ui::BoardInput;

impl SokobanTab {
    pub(in crate::app::sokoban) fn solve_board(&mut self, ui: &mut Ui) -> Option<BoardInput> {
        let dead = self.dead_squares_shown();
        let input = if let Some(replay) = &self.solve.replay {
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
            return None;
        };
        Some(input)
    }
}
