//! Frontier on a phone (egui_kittest, a touch screen's sizing turned on as the page does for
//! a coarse pointer or a first touch): controls a finger can hit, the phone's menu bar, and
//! panels and lessons as sheets under the board, which keeps the whole width.

use crate::harness;

use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::FrontierApp;
use frontier::ui::touch;
use harness::{app, click};

const PHONE: [f32; 2] = [390.0, 844.0];

/// A phone held upright, touch sizing on.
fn phone() -> Harness<'static, FrontierApp> {
    let mut harness = app(PHONE);
    touch::set_active(&harness.ctx);
    harness.run_steps(6);
    harness
}

fn board(harness: &Harness<'_, FrontierApp>) -> Rect {
    harness
        .get_all_by_role_and_label(Role::Canvas, "Board")
        .map(|node| node.rect())
        .fold(Rect::NOTHING, |all, b| all.union(b))
}

/// Every control a finger presses on screen that is less than a finger high, with its size.
fn too_small(harness: &Harness<'_, FrontierApp>) -> Vec<String> {
    let pressed = [
        Role::Button,
        Role::CheckBox,
        Role::ComboBox,
        Role::RadioButton,
        Role::Slider,
        Role::SpinButton,
        Role::TextInput,
        Role::Tab,
    ];
    let screen = Rect::from_min_size(egui::Pos2::ZERO, PHONE.into());
    harness
        .root()
        .query_all(egui_kittest::kittest::by())
        .filter(|node| pressed.contains(&node.accesskit_node().role()))
        .filter(|node| screen.intersects(node.rect()))
        .filter(|node| node.rect().height() < touch::TARGET - 0.5)
        .map(|node| {
            let label = node.accesskit_node().label().unwrap_or_default();
            format!(
                "{label:?} {:?} {:?}",
                node.accesskit_node().role(),
                node.rect().size()
            )
        })
        .collect()
}

#[test]
fn on_a_touch_screen_every_control_is_a_finger_high_and_wide() {
    let mut harness = phone();
    let mut problems = too_small(&harness);
    // The controls' sheet, and the other tabs through the phone's tab drop-down.
    click(&mut harness, "Controls");
    harness.run_steps(4);
    problems.extend(too_small(&harness));
    for tab in ["Sokoban", "Snake", "Link", "Sliding puzzle"] {
        click(&mut harness, "Tab");
        click(&mut harness, tab);
        harness.run_steps(4);
        problems.extend(
            too_small(&harness)
                .into_iter()
                .map(|p| format!("{tab}: {p}")),
        );
    }
    // A phone on its side: the panels are strips at the sides, their buttons a finger wide.
    let mut side = app([PHONE[1], PHONE[0]]);
    touch::set_active(&side.ctx);
    side.run_steps(6);
    problems.extend(
        too_small(&side)
            .into_iter()
            .map(|p| format!("on its side: {p}")),
    );
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_phones_menu_bar_is_one_row_with_every_menu_in_it() {
    let mut harness = phone();
    let menu = harness.get_by_label("Menu").rect();
    let tab = harness.get_by_label("Tab").rect();
    let lessons = harness.get_by_label("Lessons").rect();
    assert!(
        (menu.center().y - tab.center().y).abs() < 1.0
            && (tab.center().y - lessons.center().y).abs() < 1.0,
        "{menu:?} {tab:?} {lessons:?}"
    );
    assert!(lessons.right() <= PHONE[0]);
    // The one menu holds what File, Edit, View and Help hold.
    click(&mut harness, "Menu");
    harness.get_by_label("Copy link");
    harness.get_by_label("Undo  (Ctrl+Z)");
    harness.get_by_label("简体中文");
    harness.get_by_label("Getting started");
}

#[test]
fn on_a_phone_held_upright_panels_and_lessons_are_sheets_under_the_full_width_board() {
    let mut harness = phone();
    // No strips at the sides: the board has the width.
    let open = board(&harness);
    assert!(open.width() >= PHONE[0] * 0.9, "{open:?}");
    // The controls open as a sheet below the board, which keeps its width.
    click(&mut harness, "Controls");
    harness.run_steps(4);
    let wall = harness.get_by_label("Wall").rect();
    let with_sheet = board(&harness);
    assert!(with_sheet.width() >= PHONE[0] * 0.9, "{with_sheet:?}");
    assert!(
        wall.top() >= with_sheet.bottom(),
        "{wall:?} under {with_sheet:?}"
    );
    // Its button again closes it.
    click(&mut harness, "Controls");
    harness.run_steps(4);
    assert!(harness.query_by_label("Wall").is_none());

    // A lesson page: its sheet under the board, the board across the screen and about half
    // its height (the sheet's edge drags for more text).
    click(&mut harness, "Lessons");
    click(
        &mut harness,
        "Start “The frontier and breadth-first search”",
    );
    harness.run_steps(6);
    let next = harness.get_by_label("Next page").rect();
    let lesson_board = board(&harness);
    assert!(lesson_board.width() >= PHONE[0] * 0.9, "{lesson_board:?}");
    assert!(
        lesson_board.bottom() <= next.top(),
        "{lesson_board:?} above {next:?}"
    );
    // (The board's area: a wide board drawn in it leaves bands above and below.)
    let area = harness.state().tabs.pathfinding.sessions()[0]
        .view
        .last_rect()
        .expect("the board was drawn");
    let share = area.height() / PHONE[1];
    assert!(
        share >= 0.45,
        "the board takes {:.0}% of the height",
        100.0 * share
    );
    // One sheet at a time: the tab's sheet buttons step aside for the lesson's.
    assert!(harness.query_by_label("Controls").is_none());
    // The compact bar above the board still steps the search.
    click(&mut harness, "Step");
    harness.get_by_label("Close lessons");
}

#[test]
fn getting_started_on_a_phone_speaks_of_fingers_and_follows_the_tab() {
    let mut harness = phone();
    harness
        .state_mut()
        .getting_started
        .open(frontier::app::TabId::Pathfinding);
    harness.run_steps(4);
    harness.get_by_label_contains("drag a finger over the board");
    assert!(
        harness
            .query_by_label_contains("(or the Right arrow)")
            .is_none()
    );
    // No title-bar × as small as the title: "Got it" closes it.
    assert!(harness.query_by_label("Close window").is_none());
    let window = harness.get_by_label("Getting started").rect();
    assert!(
        window.right() <= PHONE[0] && window.left() >= 0.0,
        "{window:?}"
    );
    // Another tab chosen while it is open (from the tab drop-down, say): its page follows.
    harness.state_mut().tab = frontier::app::TabId::Sokoban;
    harness.run_steps(4);
    harness.get_by_label_contains("Tap a square to walk there");
    click(&mut harness, "Got it");
    assert!(!harness.state().getting_started.is_open());
}
