//! Links as a teacher sends them: File → Copy link points at the page students open, and
//! says so when only this computer could open it; File → Page for links… sets that page,
//! refuses an address that is none, and the app remembers it.

use crate::harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::share;

/// Clicks File → `entry`; what it does is in this frame's output.
fn file_menu(harness: &mut Harness<'static, FrontierApp>, entry: &str) {
    harness::click(harness, "File");
    harness.get_by_label(entry).click();
    harness.step();
}

/// What the last frame put on the clipboard.
fn copied(harness: &Harness<'static, FrontierApp>) -> Option<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

fn type_page(harness: &mut Harness<'static, FrontierApp>, page: &str) {
    harness.get_by_label("Page address").focus();
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("Page address").type_text(page);
    harness.run_steps(2);
    harness::click(harness, "Use this page");
}

#[test]
fn links_point_at_the_page_set_and_a_page_only_this_computer_serves_is_said() {
    let mut harness = harness::app([1400.0, 900.0]);
    let known = share::link_page(None);
    file_menu(&mut harness, "Copy link");
    let link = copied(&harness).expect("a link is copied whatever the page");
    assert!(link.starts_with(&format!("{}#v1.", known.url)), "{link}");
    assert!(share::open(&link).is_ok(), "the app's Open link reads it");
    harness.run_steps(2);
    if known.others_can_open() {
        harness.get_by_label_contains("whoever opens it sees this");
        file_menu(&mut harness, "Page for links…");
        harness.run_steps(2);
    } else {
        // No page students can open is known: the copy says so, and the window to set one
        // opens by itself.
        harness.get_by_label_contains("which only this computer can open");
        assert!(
            harness
                .query_by_label_contains("whoever opens it")
                .is_none()
        );
        harness.get_by_label_contains("Only this computer can open that page");
    }

    // An address that is not one is refused in the window; nothing changes.
    type_page(&mut harness, "school server");
    harness.get_by_label_contains("is not a web page's address");
    assert_eq!(harness.state().link_page, None);

    type_page(&mut harness, "https://school.example.cn/frontier/");
    harness.get_by_label_contains("Links now point to https://school.example.cn/frontier/");
    file_menu(&mut harness, "Copy link");
    let link = copied(&harness).unwrap();
    assert!(
        link.starts_with("https://school.example.cn/frontier/#v1."),
        "{link}"
    );
    harness.run_steps(2);
    harness.get_by_label_contains("on https://school.example.cn/frontier/: whoever opens it");

    // Remembered with the app, and a damaged one is forgotten with a message.
    let saved = harness.state().saved_state().to_ron();
    let restored = FrontierApp::from_saved(Some(&saved));
    assert_eq!(
        restored.link_page.as_deref(),
        Some("https://school.example.cn/frontier/")
    );
    let damaged = saved.replace(
        "https://school.example.cn/frontier/",
        "https://school example/",
    );
    let restored = FrontierApp::from_saved(Some(&damaged));
    assert_eq!(restored.link_page, None);
    let notice = restored.notice.expect("the reset is said").text();
    assert!(
        notice.contains("The page for links was forgotten"),
        "{notice}"
    );
}
