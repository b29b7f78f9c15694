//! The file dialog (egui_kittest): files of the command's type only (others one choice
//! away), Home and recent places, the folder used last, and recent places remembered.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::ui::file_dialog::{DialogMode, DialogOutcome, FileDialog, FileFilter, home};
use frontier::ui::recent;

/// A folder with boards, a map, unrelated text and an image, and a subfolder.
fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frontier-dialog-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("more")).unwrap();
    for name in ["a.board", "b.map", "notes.txt", "picture.png"] {
        std::fs::write(dir.join(name), "x").unwrap();
    }
    dir
}

fn board_filters() -> Vec<FileFilter> {
    vec![
        FileFilter::new("Boards and Moving AI maps".into(), &["board", "map"]),
        FileFilter::text(),
        FileFilter::all(),
    ]
}

struct State {
    dialog: FileDialog,
    outcome: Option<DialogOutcome>,
}

fn dialog_harness(dialog: FileDialog) -> Harness<'static, State> {
    let mut harness = Harness::builder().with_size([900.0, 600.0]).build_ui_state(
        |ui, state: &mut State| {
            if let Some(outcome) = state.dialog.show(ui.ctx()) {
                state.outcome = Some(outcome);
            }
        },
        State {
            dialog,
            outcome: None,
        },
    );
    harness.run_steps(10);
    harness
}

#[test]
fn only_the_commands_files_are_listed_until_another_type_is_chosen() {
    let dir = folder("filter");
    let dialog = FileDialog::new(
        DialogMode::Open,
        "Pick a board",
        Some(&dir),
        "",
        board_filters(),
    );
    assert_eq!(dialog.listed(), ["more/", "a.board", "b.map"]);
    let mut harness = dialog_harness(dialog);
    harness.get_by_label("Files of type").click();
    harness.run_steps(2);
    harness.get_by_label("Text files (*.txt)").click();
    harness.run_steps(2);
    assert_eq!(harness.state().dialog.listed(), ["more/", "notes.txt"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_that_opened_is_remembered_and_the_next_dialog_starts_in_its_folder() {
    recent::set(recent::Recent::default());
    let dir = folder("recent");
    let mut harness = dialog_harness(FileDialog::new(
        DialogMode::Open,
        "Pick a board",
        Some(&dir),
        "",
        board_filters(),
    ));
    harness.get_by_label("a.board").click();
    harness.run_steps(2);
    harness.get_by_label("Open").click();
    harness.run_steps(2);
    let chosen = dir.join("a.board");
    assert_eq!(
        harness.state().outcome,
        Some(DialogOutcome::Chosen(chosen.clone()))
    );
    // Chosen is not yet opened: "x" is no board, and a file that did not open is not kept.
    let mut app = FrontierApp::from_saved(None);
    app.tabs.pathfinding.load_file(&chosen);
    app.tabs.pathfinding.load_file(&dir.join("picture.png"));
    assert!(recent::get().files.is_empty(), "{:?}", recent::get().files);
    let board = dir.join("real.board");
    std::fs::write(&board, frontier::games::sandbox::Board::new(4, 3).to_text()).unwrap();
    app.tabs.pathfinding.load_file(&board);
    assert_eq!(recent::get().files, vec![board.clone()]);
    assert_eq!(recent::get().folders, vec![dir.clone()]);
    // A file that fails later does not push it out.
    app.tabs.pathfinding.load_file(&dir.join("notes.txt"));
    assert_eq!(recent::get().files, vec![board.clone()]);

    // With no folder of its own, the next dialog opens where the last file was, and
    // lists it among the recent files.
    let next = FileDialog::new(DialogMode::Open, "Pick a board", None, "", board_filters());
    assert_eq!(next.folder(), dir.as_path());
    let mut harness = dialog_harness(next);
    harness.get_by_label("Recent files");
    harness.get_all_by_label("real.board").next().unwrap();

    // Remembered in the app's saved state.
    let saved = FrontierApp::from_saved(None).saved_state().to_ron();
    recent::set(recent::Recent::default());
    let _app = FrontierApp::from_saved(Some(&saved));
    assert_eq!(recent::get().files, [board]);

    // Home is one click away.
    if let Some(home) = home() {
        harness.get_by_label("Home").click();
        harness.run_steps(2);
        assert_eq!(harness.state().dialog.folder(), home.as_path());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_presets_folder_is_a_place() {
    let dialog = FileDialog::new(DialogMode::Open, "Pick a board", None, "", board_filters())
        .with_presets("boards");
    let mut harness = dialog_harness(dialog);
    harness.get_by_label("Presets").click();
    harness.run_steps(2);
    let folder = harness.state().dialog.folder().to_path_buf();
    assert!(
        folder.ends_with(Path::new("presets").join("boards")),
        "{folder:?}"
    );
    assert!(
        harness
            .state()
            .dialog
            .listed()
            .contains(&"maze.board".to_string())
    );
}

#[test]
fn saving_over_a_file_that_exists_asks_first() {
    let dir = folder("replace");
    let dialog = FileDialog::new(
        DialogMode::Save,
        "Save board",
        Some(&dir),
        "a.board",
        board_filters(),
    );
    let mut harness = dialog_harness(dialog);
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    assert!(harness.state().outcome.is_none(), "not chosen yet");
    harness.get_by_label_contains("a.board already exists. Replace it?");
    harness.get_by_label("Keep it").click();
    harness.run_steps(3);
    assert!(harness.state().outcome.is_none());
    assert!(harness.query_by_label_contains("already exists").is_none());

    harness.get_by_label("Save").click();
    harness.run_steps(3);
    harness.get_by_label("Replace").click();
    harness.run_steps(3);
    assert_eq!(
        harness.state().outcome,
        Some(DialogOutcome::Chosen(dir.join("a.board")))
    );

    // A new name is saved at once.
    let dialog = FileDialog::new(
        DialogMode::Save,
        "Save board",
        Some(&dir),
        "new.board",
        vec![],
    );
    let mut harness = dialog_harness(dialog);
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    assert_eq!(
        harness.state().outcome,
        Some(DialogOutcome::Chosen(dir.join("new.board")))
    );
    std::fs::remove_dir_all(dir).ok();
}
