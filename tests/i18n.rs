//! The two languages: every message in both, with the same placeables; every character of
//! the Chinese messages in the shipped font; and no English left in the widget calls of the
//! app's code.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use frontier_games::i18n::Language;
use skrifa::MetadataProvider;

/// The variables a pattern uses, whatever the branch.
fn variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                variables(&variant.value, out);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

/// Each message of a language's file with the variables it uses.
fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(language.source())
        .unwrap_or_else(|(_, errors)| panic!("{}.ftl does not parse: {errors:?}", language.tag()));
    let mut messages = BTreeMap::new();
    for entry in &resource.body {
        if let Entry::Message(message) = entry {
            let mut used = BTreeSet::new();
            if let Some(value) = &message.value {
                variables(value, &mut used);
            }
            assert!(
                messages.insert(message.id.name.to_string(), used).is_none(),
                "{} defines {} twice",
                language.tag(),
                message.id.name
            );
        }
    }
    messages
}

#[test]
fn every_message_is_in_both_languages_with_the_same_placeables() {
    let english = messages(Language::English);
    let chinese = messages(Language::Chinese);
    assert!(english.len() > 300, "only {} messages", english.len());
    let only_english: Vec<_> = english
        .keys()
        .filter(|k| !chinese.contains_key(*k))
        .collect();
    let only_chinese: Vec<_> = chinese
        .keys()
        .filter(|k| !english.contains_key(*k))
        .collect();
    assert!(
        only_english.is_empty(),
        "missing in Chinese: {only_english:?}"
    );
    assert!(
        only_chinese.is_empty(),
        "missing in English: {only_chinese:?}"
    );
    for (key, used) in &english {
        assert_eq!(
            used, &chinese[key],
            "{key}: English uses {used:?}, Chinese {:?}",
            chinese[key]
        );
    }
}

#[test]
fn the_shipped_font_holds_every_character_of_the_chinese_messages() {
    let font = skrifa::FontRef::new(frontier_games::assets::CJK_FONT).expect("the font parses");
    let charmap = font.charmap();
    // The messages, and every shipped lesson (their Chinese, and the signs of their formulas).
    let lessons = frontier_games::lessons::shipped::LESSONS
        .iter()
        .map(|(_, text)| *text);
    let missing: BTreeSet<char> = std::iter::once(Language::Chinese.source())
        .chain(lessons)
        .flat_map(str::chars)
        .filter(|c| !c.is_ascii() && !c.is_whitespace() && charmap.map(*c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "not in the font (run tools/cjk-font/make-subset.sh): {missing:?}"
    );
    // The common characters a player's own titles and file names use are there too.
    for c in "你好世界关卡迷宫推箱子的一是了我不人在他有这".chars() {
        assert!(charmap.map(c).is_some(), "{c}");
    }
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &str) -> Vec<(String, String)> {
    let mut found = vec![];
    let mut pending = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir)];
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("the source folder reads") {
                pending.push(entry.expect("a folder entry").path());
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("the source reads");
            found.push((path.display().to_string(), text));
        }
    }
    found
}

/// The code of a source file before its unit tests (which may say anything).
fn code_before_tests(text: &str) -> &str {
    text.split("#[cfg(test)]").next().unwrap_or(text)
}

/// The string literals of `code` (simple ones: the app's code uses no raw strings in
/// widget calls), with the text just before each.
fn string_literals(code: &str) -> Vec<(usize, String)> {
    let bytes = code.as_bytes();
    let mut literals = vec![];
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'\'' => {
                // A char literal ('"' among them) or a lifetime.
                if bytes.get(i + 2) == Some(&b'\'') {
                    i += 3;
                } else if bytes.get(i + 1) == Some(&b'\\') {
                    i += 4;
                } else {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                literals.push((start, code[start + 1..i.min(code.len())].to_string()));
            }
            _ => {}
        }
        i += 1;
    }
    literals
}

/// The calls that put text on screen.
const WIDGET_CALLS: &[&str] = &[
    ".label(",
    ".button(",
    ".heading(",
    ".strong(",
    ".small(",
    ".monospace(",
    ".colored_label(",
    ".on_hover_text(",
    ".on_disabled_hover_text(",
    ".selectable_value(",
    ".selectable_label(",
    ".radio_value(",
    ".checkbox(",
    ".selected_text(",
    ".menu_button(",
    ".hyperlink_to(",
    "Button::new(",
    "Checkbox::new(",
    "RadioButton::new(",
    "Label::new(",
    "RichText::new(",
    "CollapsingHeader::new(",
    "Window::new(",
    "Notice::error(",
    "Notice::info(",
    "Notice {",
    "_axis_label(",
    "Line::new(",
    "WidgetInfo::labeled(",
    "error_window(",
    ".suffix(",
    "fn title(",
    "fn status(",
];

/// Where in `code` the call starting at `open` (just past its `(`) closes.
fn call_end(code: &str, open: usize) -> usize {
    let mut depth = 1;
    let mut in_string = false;
    let bytes = code.as_bytes();
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'(' | b'{' | b'[' if !in_string => depth += 1,
            b')' | b'}' | b']' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// Whether `before` ends with a call of the macro or function `name` (`tr!(` but not
/// `include_str!(`).
fn ends_with_call(before: &str, name: &str) -> bool {
    before.strip_suffix(name).is_some_and(|rest| {
        !rest
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Whether a literal is words a person reads (two letters in a row), not a symbol.
fn is_words(literal: &str) -> bool {
    let letters: Vec<bool> = literal.chars().map(|c| c.is_alphabetic()).collect();
    letters.windows(2).any(|w| w[0] && w[1])
}

#[test]
fn no_english_goes_straight_to_a_widget() {
    let mut found = vec![];
    for dir in ["src/app", "src/ui"] {
        for (path, text) in sources(dir) {
            let code = code_before_tests(&text);
            let literals = string_literals(code);
            for call in WIDGET_CALLS {
                for (at, _) in code.match_indices(call) {
                    let open = at + call.len();
                    let end = call_end(code, open);
                    for (start, literal) in literals.iter().filter(|(s, _)| (open..end).contains(s))
                    {
                        let before = code[..*start].trim_end();
                        let is_key = ["tr!(", "msg!(", "try_tr(", "from_id_salt(", "Id::new("]
                            .iter()
                            .any(|m| ends_with_call(before, m));
                        if !is_key && is_words(literal) {
                            let line = code[..*start].lines().count();
                            found.push(format!("{path}:{line}: {call}\"{literal}\""));
                        }
                    }
                }
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "{} strings reach the screen without a message key (add them to locales/*.ftl and use tr!):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_key_the_code_asks_for_exists() {
    let english = messages(Language::English);
    let mut missing = vec![];
    for (path, text) in sources("src") {
        for (start, literal) in string_literals(&text) {
            let before = text[..start].trim_end();
            // Keys go to tr! and msg!, and the shortcut tables list `keys-` and `does-` keys.
            let is_key = ["tr!(", "msg!("].iter().any(|m| ends_with_call(before, m))
                && literal != "key"
                || (literal.starts_with("keys-") || literal.starts_with("does-"))
                    && literal
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if is_key && !english.contains_key(&literal) {
                missing.push(format!("{path}: {literal}"));
            }
        }
    }
    assert!(missing.is_empty(), "keys with no message: {missing:?}");
}

/// A search's descriptor names its messages as data, out of reach of the scan above.
#[test]
fn every_key_a_search_descriptor_names_exists() {
    use frontier_games::games::sandbox::algorithms::{REGISTRY, Text};
    let english = messages(Language::English);
    let mut missing = vec![];
    for descriptor in REGISTRY {
        let mut keys = vec![
            descriptor.name_key,
            descriptor.kind_key,
            descriptor.rule_key,
        ];
        for line in descriptor.listing {
            match line.text {
                Text::Key(key) => keys.push(key),
                Text::Commented(code, why) => keys.extend([code, why]),
                Text::Policy(_) => {}
            }
        }
        missing.extend(
            keys.into_iter()
                .filter(|key| !english.contains_key(*key))
                .map(|key| format!("{}: {key}", descriptor.code)),
        );
    }
    assert!(missing.is_empty(), "keys with no message: {missing:?}");
}

#[test]
fn a_file_error_is_told_in_the_language_current_when_it_is_shown() {
    use frontier_games::games::sandbox::Board;
    use frontier_games::i18n::set_language;
    let text = "frontier-board 1\nsize 4 2\nstart 0 0\ngoal 3 1\nmap\n....\n..x.\n";
    set_language(Language::English);
    let error = Board::parse(text).expect_err("x is not in the legend");
    assert_eq!(
        error.to_string(),
        "line 7: `x` at column 2 is not in the legend"
    );
    // The same error, shown after a switch, in Chinese with its line number.
    set_language(Language::Chinese);
    assert_eq!(error.to_string(), "第 7 行：第 2 列的 `x` 不在图例中");
    set_language(Language::English);
}

#[test]
fn the_snake_planners_give_their_reasons_in_chinese() {
    use frontier_games::games::snake::SnakeGame;
    use frontier_games::games::snake::classic::decide;
    use frontier_games::grid::{Grid, Pos};
    use frontier_games::i18n::set_language;
    let game = SnakeGame::from_parts(
        &Grid::new(8, 8, false),
        &[Pos::new(1, 1)],
        Some(Pos::new(4, 1)),
        1,
    )
    .expect("a valid game");
    let reason = decide(&game).reason;
    set_language(Language::English);
    assert_eq!(
        reason.to_string(),
        "The food is 3 steps away. After eating it the snake could still reach its tail, so it heads right for the food."
    );
    set_language(Language::Chinese);
    assert_eq!(
        reason.to_string(),
        "食物在 3 步之外。吃掉它之后蛇仍能到达自己的尾巴，所以它向右朝食物前进。"
    );
    set_language(Language::English);
}

#[test]
fn fluent_chooses_the_plural_form() {
    use frontier_games::i18n::set_language;
    use frontier_games::tr;
    set_language(Language::English);
    assert_eq!(
        tr!("sk-narrate-joined", added = 1),
        "1 position joined the frontier."
    );
    assert_eq!(
        tr!("sk-narrate-joined", added = 2),
        "2 positions joined the frontier."
    );
    assert_eq!(
        tr!("link-linked", turns = 1, segments = 2),
        "Linked with 1 turn (2 segments)."
    );
}

/// Nouns a count meets in the English messages, plural.
const COUNTED: &[&str] = &[
    "moves",
    "steps",
    "positions",
    "expansions",
    "cells",
    "boxes",
    "goals",
    "levels",
    "pushes",
    "states",
    "neighbours",
    "rows",
    "turns",
    "tiles",
    "points",
    "iterations",
    "times",
    "characters",
    "discoveries",
    "terrains",
    "frames",
    "questions",
    "pages",
    "letters",
];

#[test]
fn every_count_of_one_meets_a_singular_noun() {
    use frontier_games::i18n::{FluentArgs, FluentValue, set_language, tr};
    set_language(Language::English);
    let mut plural_after_one = vec![];
    for (key, used) in messages(Language::English) {
        let mut args = FluentArgs::new();
        for name in &used {
            args.set(name.clone(), FluentValue::from(1));
        }
        let text = tr(&key, Some(&args));
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        // "1 moves", or "1 new positions": a count, maybe a word, then a plural noun.
        for i in 0..words.len() {
            // ("pushes a box" is a verb.)
            let noun_at = |k: usize| {
                words.get(k).is_some_and(|w| COUNTED.contains(w)) && words.get(k + 1) != Some(&"a")
            };
            if words[i] == "1"
                && (noun_at(i + 1) || (words.get(i + 1) == Some(&"new") && noun_at(i + 2)))
            {
                plural_after_one.push(format!("{key}: {text}"));
            }
        }
    }
    assert!(
        plural_after_one.is_empty(),
        "a count of one meets a plural noun:\n{}",
        plural_after_one.join("\n")
    );
}

#[derive(serde::Deserialize)]
struct Glossary {
    term: Vec<Term>,
}

#[derive(serde::Deserialize)]
struct Term {
    en: String,
    zh: String,
    #[serde(default)]
    avoid: Vec<String>,
    alone: Option<String>,
    #[serde(default)]
    within: Vec<String>,
}

/// Whether every occurrence of `alone` in `text` is part of one of `within`.
fn only_within(text: &str, alone: &str, within: &[String]) -> Result<(), String> {
    for (at, _) in text.match_indices(alone) {
        let inside = within.iter().any(|word| {
            word.match_indices(alone).any(|(offset, _)| {
                at >= offset
                    && text
                        .get(at - offset..)
                        .is_some_and(|rest| rest.starts_with(word.as_str()))
            })
        });
        if !inside {
            let line = text[..at].matches('\n').count() + 1;
            return Err(format!("line {line}"));
        }
    }
    Ok(())
}

#[test]
fn the_chinese_interface_and_lessons_use_the_glossarys_one_word_per_idea() {
    let glossary: Glossary = toml::from_str(include_str!("../locales/glossary.toml")).unwrap();
    let mut texts = vec![(
        "zh-CN.ftl".to_string(),
        include_str!("../locales/zh-CN.ftl").to_string(),
    )];
    for (file, text) in frontier_games::lessons::shipped::LESSONS {
        if file.contains(".zh-CN.") {
            texts.push((file.to_string(), text.to_string()));
        }
    }
    let readme = include_str!("../README.md");
    let chinese = readme
        .split_once("## 简体中文")
        .expect("the README's Chinese section")
        .1;
    texts.push(("README.md (简体中文)".to_string(), chinese.to_string()));
    assert!(
        texts.len() >= 11,
        "the Chinese lessons and README are checked too"
    );
    for term in &glossary.term {
        assert!(
            texts.iter().any(|(_, text)| text.contains(&term.zh)),
            "{} ({}) is used nowhere",
            term.zh,
            term.en
        );
        for (file, text) in &texts {
            for word in &term.avoid {
                assert!(
                    !text.contains(word.as_str()),
                    "{file} says {word} where the glossary says {} ({})",
                    term.zh,
                    term.en
                );
            }
            if let Some(alone) = &term.alone
                && let Err(at) = only_within(text, alone, &term.within)
            {
                panic!(
                    "{file} {at}: {alone} outside {:?} ({})",
                    term.within, term.en
                );
            }
        }
    }
}

#[test]
fn a_glossary_word_found_alone_is_caught() {
    let within = ["界限".to_string(), "边界".to_string()];
    assert!(only_within("界限与边界", "界", &within).is_ok());
    assert_eq!(
        only_within("边界\n≤ 界 3", "界", &within),
        Err("line 2".into())
    );
}

/// A message's words for a finger (`KEY-touch`) stand in for its own (`KEY`) on a touch
/// screen: each has the message it replaces, with the same placeables, and none speaks of
/// keys a phone has not.
#[test]
fn words_for_a_finger_replace_words_about_keys_on_a_touch_screen() {
    for language in Language::ALL {
        let all = messages(language);
        let touch: Vec<_> = all.keys().filter(|k| k.ends_with("-touch")).collect();
        assert!(touch.len() >= 10, "{touch:?}");
        for key in touch {
            let base = key.trim_end_matches("-touch");
            assert!(
                all.get(base) == all.get(key.as_str()),
                "{}: {key} and {base} differ in placeables, or {base} is missing",
                language.tag()
            );
        }
        frontier_games::i18n::set_language(language);
        frontier_games::i18n::set_touch(true);
        let ready = frontier_games::tr!("narrate-ready", start = "(3,3)");
        frontier_games::i18n::set_touch(false);
        let keys = frontier_games::tr!("narrate-ready", start = "(3,3)");
        assert_ne!(ready, keys);
        for key in ["arrow", "方向键", "Space", "空格"] {
            assert!(!ready.contains(key), "{ready}");
        }
        assert!(ready.contains("(3,3)"));
    }
    frontier_games::i18n::set_language(Language::English);
}
