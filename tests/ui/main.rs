//! The app's UI tests (egui_kittest, no display needed), one binary sharing one harness:
//! each module is one part of the app as a user meets it.

use frontier_test_support::gif;
mod harness;
mod screen;

mod assignments;
mod chinese;
mod code;
mod export;
mod file_dialog;
mod layout;
mod lessons;
mod links;
mod pathfinding;
mod phone;
mod sliding;
mod snake_link;
mod sokoban;
mod view;
