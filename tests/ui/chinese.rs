//! The app in Simplified Chinese, driven as a user drives it (egui_kittest): the language
//! switch, a run told in Chinese, and no Chinese text cut off at 1024 x 768.

use crate::harness;
use crate::screen;

use egui::FontId;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::{FrontierApp, Pilot, TabId};
use frontier::games::link::presets as link_presets;
use frontier::grid::Pos;
use frontier::i18n::Language;
use frontier::ui::step_controls::StepAction;
use harness::{app_in as app, click};
use screen::clipped_texts;

#[test]
fn switching_the_language_relabels_the_tabs_and_the_run_controls() {
    let mut harness = app(Language::English, [1400.0, 900.0]);
    for label in [
        "Pathfinding",
        "Sokoban",
        "Snake",
        "Link",
        "Play",
        "Step",
        "Reset",
    ] {
        harness.get_by_label(label);
    }
    click(&mut harness, "View");
    click(&mut harness, "简体中文");
    assert_eq!(harness.state().language, Language::Chinese);
    for label in [
        "寻路",
        "推箱子",
        "贪吃蛇",
        "连连看",
        "播放",
        "单步",
        "重置",
        "到结尾",
    ] {
        harness.get_by_label(label);
    }
    for label in ["Pathfinding", "Sokoban", "Play", "Step"] {
        assert!(
            harness.query_by_label(label).is_none(),
            "{label} is still English"
        );
    }
    // The tab of the other games too, and back again.
    click(&mut harness, "贪吃蛇");
    harness.get_by_label("经典规划器");
    click(&mut harness, "视图");
    click(&mut harness, "English");
    harness.get_by_label("Classic planner");
    harness.get_by_label("Pathfinding");
    assert!(harness.query_by_label("寻路").is_none());
}

#[test]
fn a_language_switch_turns_the_open_lesson_the_status_line_and_the_editors_check() {
    let mut harness = app(Language::English, [1400.0, 900.0]);
    // A lesson open at its second page, its question answered.
    click(&mut harness, "Lessons");
    click(
        &mut harness,
        "Start “The frontier and breadth-first search”",
    );
    click(&mut harness, "Next page");
    harness.get_by_label_contains("2/5 · First in, first out");
    harness::drag(&mut harness, frontier::grid::Pos::new(8, 0), &[]);
    harness.get_by_label_contains("Not quite: (8,0) is not in the frontier");
    // A message in the status line.
    click(&mut harness, "File");
    harness.get_by_label("Copy link").click();
    harness.run_steps(3);
    harness.get_by_label_contains("Link copied");
    if harness.query_by_label("Page for links").is_some() {
        // No page students can open is known here: that window opened; it is closed.
        click(&mut harness, "Close");
    }
    click(&mut harness, "View");
    click(&mut harness, "简体中文");
    // The same lesson in Chinese, at the same page, the answer still judged.
    harness.get_by_label_contains("2/5 · 先进先出");
    assert!(
        harness
            .query_by_label_contains("First in, first out")
            .is_none()
    );
    let active = harness.state().lessons.course.active.as_ref().unwrap();
    assert_eq!(
        (active.lesson.language, active.page),
        (Language::Chinese, 1)
    );
    assert!(active.checked.is_some(), "the answer given is kept");
    harness.get_by_label_contains("(8,0)");
    // The status line's message follows.
    harness.get_by_label_contains("链接已复制");
    assert!(harness.query_by_label_contains("Link copied").is_none());
    harness.state_mut().lessons.open = false;

    // Sokoban's Check in the editor, switched back to English.
    click(&mut harness, "推箱子");
    click(&mut harness, "编辑关卡");
    click(&mut harness, "新建空关卡");
    click(&mut harness, "检查");
    harness.get_by_label_contains("没有玩家");
    click(&mut harness, "视图");
    click(&mut harness, "English");
    harness.get_by_label_contains("has no player");
    assert!(harness.query_by_label_contains("没有玩家").is_none());
}

/// In the Chinese interface a preset level's title in the editor is the Chinese one the
/// list shows, and a chart's count is named by its heading rather than by a label lying on
/// its side.
#[test]
fn the_editors_title_and_the_charts_axis_read_in_chinese() {
    let mut harness = app(Language::Chinese, [1400.0, 900.0]);
    harness.get_by_label_contains("边界大小（实线）");
    let drawn = screen::drawn_texts(&harness);
    assert!(
        drawn.iter().any(|(text, _, _)| text == "步"),
        "the step axis is labelled"
    );
    assert!(
        !drawn.iter().any(|(text, _, _)| text == "数量"),
        "no label lying on its side"
    );
    click(&mut harness, "推箱子");
    assert!(
        harness
            .state()
            .tabs
            .sokoban
            .collection_name()
            .contains("tutorial")
    );
    harness.state_mut().tabs.sokoban.select(7);
    click(&mut harness, "编辑关卡");
    let title = harness
        .get_by_label("标题")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert_eq!(title, "十字路口");
    assert!(
        harness.query_by_label_contains("仍是原来的关卡").is_none(),
        "the level as it stands is not an edit"
    );
}

#[test]
fn the_language_is_remembered_in_the_saved_state() {
    let mut app = FrontierApp::from_saved(None);
    app.set_language(Language::Chinese);
    let saved = app.saved_state().to_ron();
    let back = FrontierApp::from_saved(Some(&saved));
    assert_eq!(back.language, Language::Chinese);
    let english = FrontierApp::from_saved(None);
    assert_eq!(english.language, Language::English);
}

#[test]
fn a_pathfinding_run_is_narrated_and_listed_in_chinese() {
    let mut harness = app(Language::Chinese, [1400.0, 900.0]);
    harness.get_by_label_contains("准备好了");
    click(&mut harness, "单步");
    click(&mut harness, "单步");
    // The narration of the second expansion, in Chinese with its numbers.
    let told = format!("{:?}", harness.get_by_label_contains("个邻居。"));
    assert!(
        told.contains("扩展 (") && told.contains("；加入 "),
        "{told}"
    );
    assert!(!told.contains("expanded"), "{told}");
    // A*'s pseudo-code, in Chinese, the line the step went through among it.
    harness.get_by_label_contains("A* 的伪代码");
    harness.get_by_label_contains("对 n 的每个邻居 m");
    harness.get_by_label_contains("frontier.pop()");
    assert!(
        harness
            .query_by_label_contains("for each neighbour")
            .is_none()
    );
    click(&mut harness, "到结尾");
    harness.get_by_label_contains("到达终点");
}

#[test]
fn the_clipping_check_sees_a_label_cut_off_by_its_panel() {
    let mut harness = Harness::builder().with_size([400.0, 200.0]).build_ui_state(
        |ui, _: &mut FrontierApp| {
            ui.ctx().set_fonts(frontier::app::fonts::definitions());
            egui::Panel::left("narrow")
                .resizable(false)
                .exact_size(80.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| ui.label("一个放不进窄面板的很长很长的标签"));
                });
        },
        FrontierApp::from_saved(None),
    );
    harness.run_steps(2);
    let clipped = clipped_texts(&harness, 400.0);
    assert!(
        clipped.iter().any(|t| t.contains("很长很长")),
        "{clipped:?}"
    );
}

/// Steps the app to a state, and says which texts are cut off there.
fn check(harness: &mut Harness<'_, FrontierApp>, state: &str, found: &mut Vec<String>) {
    harness.run_steps(4);
    for text in clipped_texts(harness, 1024.0) {
        found.push(format!("{state}: {text}"));
    }
}

#[test]
fn no_chinese_text_is_clipped_at_1024_by_768() {
    let mut harness = app(Language::Chinese, [1024.0, 768.0]);
    let mut found = vec![];
    check(&mut harness, "Pathfinding", &mut found);
    click(&mut harness, "单步");
    click(&mut harness, "单步");
    check(&mut harness, "Pathfinding, a run", &mut found);
    click(&mut harness, "并排比较");
    check(&mut harness, "Pathfinding, compared", &mut found);
    click(&mut harness, "到结尾");
    check(&mut harness, "Pathfinding, compared to the end", &mut found);

    click(&mut harness, "推箱子");
    check(&mut harness, "Sokoban, play", &mut found);
    click(&mut harness, "提示");
    harness.run_steps(30);
    check(&mut harness, "Sokoban, a hint", &mut found);
    click(&mut harness, "编辑关卡");
    click(&mut harness, "有解吗？");
    harness.run_steps(30);
    check(&mut harness, "Sokoban, edit", &mut found);
    click(&mut harness, "求解");
    click(&mut harness, "开始求解");
    click(&mut harness, "单步");
    check(&mut harness, "Sokoban, solve", &mut found);
    click(&mut harness, "到结尾");
    harness.run_steps(60);
    check(&mut harness, "Sokoban, solved", &mut found);
    click(&mut harness, "五种一起比较");
    harness.run_steps(60);
    check(&mut harness, "Sokoban, compare", &mut found);

    click(&mut harness, "贪吃蛇");
    check(&mut harness, "Snake", &mut found);
    for pilot in [Pilot::Classic, Pilot::Cycle] {
        harness.state_mut().tabs.snake.set_pilot(pilot);
        harness.state_mut().tabs.snake.step();
        check(&mut harness, &format!("Snake, {pilot:?}"), &mut found);
    }

    click(&mut harness, "连连看");
    check(&mut harness, "Link", &mut found);
    harness.state_mut().tabs.link.open_preset("naive-trap.link");
    harness
        .state_mut()
        .tabs
        .link
        .show_search_for(Pos::new(0, 0), Pos::new(3, 0), false);
    harness.run_steps(30);
    check(&mut harness, "Link, a search", &mut found);
    assert!(
        link_presets::BOARDS
            .iter()
            .any(|(f, _)| *f == "naive-trap.link")
    );

    harness.key_press(egui::Key::F1);
    check(&mut harness, "Help", &mut found);
    assert!(
        harness.state().tab == TabId::Link && found.is_empty(),
        "cut off:\n{}",
        found.join("\n")
    );
}

/// Steps the app to a state, and says which texts are cut off or drawn over one another.
fn look(harness: &mut Harness<'_, FrontierApp>, width: f32, state: &str, found: &mut Vec<String>) {
    harness.run_steps(4);
    // The code editor scrolls both ways: a program wider than its panel is scrolled to,
    // not cut off.
    let program = |text: &str| text.contains("def search(problem):");
    for text in clipped_texts(harness, width) {
        if program(&text) {
            continue;
        }
        found.push(format!("{state}: cut off: {text}"));
    }
    for pair in screen::overlapping_texts(harness) {
        found.push(format!("{state}: overlapping: {pair}"));
    }
}

/// The sliding puzzle and lessons beside the boards, in both languages, at 1024 x 768 (the
/// guide promises no text cut off there) and at the app's first size: no text cut off or
/// drawn over other text, with the longest heuristic name chosen and each lesson's
/// searches run to their end.
#[test]
fn no_text_is_clipped_in_the_sliding_puzzle_or_beside_a_lesson() {
    use frontier::games::sandbox::PathAlgorithm;
    use frontier::games::sliding::PuzzleHeuristic;
    let mut found = vec![];
    for (language, size) in [
        (Language::English, [1024.0, 768.0]),
        (Language::Chinese, [1024.0, 768.0]),
        (Language::English, [1400.0, 860.0]),
        (Language::Chinese, [1400.0, 860.0]),
    ] {
        let mut harness = app(language, size);
        let tag = format!("{language:?} {}x{}", size[0], size[1]);
        harness.state_mut().tab = TabId::Sliding;
        look(
            &mut harness,
            size[0],
            &format!("{tag} Sliding, play"),
            &mut found,
        );
        {
            let tab = &mut harness.state_mut().tabs.sliding;
            let astar = PathAlgorithm::parse("astar").unwrap();
            tab.choose_search(astar, PuzzleHeuristic::Inconsistent);
            tab.compare_with(Some((astar, PuzzleHeuristic::LinearConflict)));
            tab.start_watching();
        }
        look(
            &mut harness,
            size[0],
            &format!("{tag} Sliding, watch"),
            &mut found,
        );
        // Each lesson's first pages, on their own tabs, the lesson panel beside the board.
        let lessons: Vec<(String, usize)> = harness
            .state()
            .lessons
            .course
            .listed(language)
            .iter()
            .map(|l| (l.id.clone(), l.pages.len()))
            .collect();
        for (id, pages) in lessons {
            let lesson = harness
                .state()
                .lessons
                .course
                .listed(language)
                .into_iter()
                .find(|l| l.id == id)
                .unwrap()
                .clone();
            let request = harness.state_mut().lessons.start(lesson);
            harness.state_mut().lesson_request(request);
            for page in 0..pages.min(2) {
                let request = harness.state_mut().lessons.course.go_to(page);
                harness.state_mut().lesson_request(request);
                let state = format!("{tag} lesson {id} page {}", page + 1);
                look(&mut harness, size[0], &state, &mut found);
                if harness.state().tab == TabId::Sliding {
                    harness.state_mut().tabs.sliding.apply(StepAction::RunToEnd);
                    for _ in 0..200 {
                        harness.step();
                    }
                    look(
                        &mut harness,
                        size[0],
                        &format!("{state}, to the end"),
                        &mut found,
                    );
                }
            }
        }
    }
    assert!(found.is_empty(), "cut off:\n{}", found.join("\n"));
}

#[test]
fn chinese_in_a_players_own_level_shows_in_the_english_interface_too() {
    let mut harness = app(Language::English, [1400.0, 900.0]);
    click(&mut harness, "Sokoban");
    let xsb = "; 我的第一关\n; 把箱子推到目标上\n#####\n#@$.#\n#####\n";
    harness
        .state_mut()
        .tabs
        .sokoban
        .load_collection("推箱子练习.xsb", xsb);
    harness.run_steps(4);
    for text in ["我的第一关", "推箱子练习.xsb", "把箱子推到目标上"] {
        assert!(
            harness.query_all_by_label_contains(text).next().is_some(),
            "{text} is not shown"
        );
    }
    let drawable = harness.ctx.fonts_mut(|fonts| {
        fonts.has_glyphs(
            &FontId::proportional(14.0),
            "我的第一关推箱子练习把到目标上",
        )
    });
    assert!(drawable, "the English interface has no glyphs for Chinese");
}

/// The chart's legend names the earlier runs it keeps in the language on screen, not the
/// one they were made in.
#[test]
fn the_charts_earlier_runs_are_named_in_the_language_switched_to() {
    let mut harness = app(Language::English, [1400.0, 900.0]);
    click(&mut harness, "To end");
    harness.run_steps(20);
    // Another heuristic on the same board: the run just made stays on the chart.
    harness
        .state_mut()
        .tabs
        .pathfinding
        .change_settings(|s| s.heuristic = frontier::games::sandbox::Heuristic::Euclidean);
    harness.run_steps(4);
    let texts = |harness: &Harness<'_, FrontierApp>| -> Vec<String> {
        screen::drawn_texts(harness)
            .into_iter()
            .map(|(text, _, _)| text)
            .collect()
    };
    assert!(
        texts(&harness)
            .iter()
            .any(|t| t.contains("4 dirs, manhattan")),
        "the earlier run is in the legend"
    );
    harness.state_mut().set_language(Language::Chinese);
    harness.run_steps(4);
    let shown = texts(&harness);
    assert!(!shown.iter().any(|t| t.contains("dirs")), "{shown:?}");
    assert!(shown.iter().any(|t| t.contains("曼哈顿距离")), "{shown:?}");
}

/// In Chinese at 1024 x 768 the timeline keeps "共 N" on its row, and while a run plays to
/// its end (its numbers growing) nothing below the timeline moves under the pointer.
#[test]
fn the_timeline_row_keeps_its_shape_while_a_run_grows() {
    let mut harness = app(Language::Chinese, [1024.0, 768.0]);
    harness.run_steps(4);
    let below = |harness: &Harness<'_, FrontierApp>| harness.get_by_label("预测下一步").rect();
    let before = below(&harness);
    let slider = harness
        .get_all_by_label("时间轴")
        .map(|n| n.rect())
        .max_by(|a, b| a.width().total_cmp(&b.width()))
        .unwrap();
    let length = harness.get_by_label_contains("共 ").rect();
    assert!(
        (length.center().y - slider.center().y).abs() < 6.0,
        "共 on the timeline's row: {length:?} beside {slider:?}"
    );
    click(&mut harness, "到结尾");
    harness.run_steps(30);
    assert!(harness.state().tabs.pathfinding.session().at_end());
    assert!(harness.state().tabs.pathfinding.session().position() > 99);
    assert_eq!(
        below(&harness),
        before,
        "the checkbox under the timeline stayed put"
    );
}
