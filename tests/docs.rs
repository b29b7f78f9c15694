//! The README and the pages under docs/: every relative link points to a file in the
//! repository, and every `#anchor` to a heading of the page it names, so a reader who follows
//! one lands somewhere. The README stays a first screen, with its Chinese section in step.

use std::path::{Path, PathBuf};

fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir("docs")
        .expect("docs/")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The targets of the Markdown links and images in `text`: `[words](target)`.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        found.push(after[..end].to_string());
        rest = &after[end..];
    }
    found
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, most punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

fn broken_links(page: &Path, text: &str) -> Vec<String> {
    let dir = page.parent().unwrap_or(Path::new(""));
    let mut broken = Vec::new();
    for target in links(text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, fragment) = match target.split_once('#') {
            Some((file, fragment)) => (file, Some(fragment)),
            None => (target.as_str(), None),
        };
        let path = if file.is_empty() {
            page.to_path_buf()
        } else {
            dir.join(file)
        };
        if !path.exists() {
            broken.push(format!("{target}: no file {}", path.display()));
            continue;
        }
        if let Some(fragment) = fragment {
            let linked = std::fs::read_to_string(&path).unwrap_or_default();
            if !anchors(&linked).iter().any(|a| a == fragment) {
                broken.push(format!(
                    "{target}: no heading #{fragment} in {}",
                    path.display()
                ));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_in_the_readme_and_docs_points_to_something_that_exists() {
    let pages = pages();
    assert!(pages.len() >= 6, "the README and the docs: {pages:?}");
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for problem in broken_links(page, &text) {
            broken.push(format!("{}: {problem}", page.display()));
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_broken_link_or_anchor_is_caught() {
    let page = Path::new("docs/guide.md");
    let text = "[ok](formats.md#writing-a-lesson) [gone](nowhere.md) [bad](formats.md#no-such) \
                [up](../README.md) ![pic](pathfinding.png)";
    let broken = broken_links(page, text);
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(broken[0].starts_with("nowhere.md"));
    assert!(broken[1].starts_with("formats.md#no-such"));
    assert_eq!(anchor("In the classroom"), "in-the-classroom");
    assert_eq!(
        anchor("Design, for contributors"),
        "design-for-contributors"
    );
}

#[test]
fn the_readme_is_a_first_screen_and_its_chinese_section_keeps_step() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    assert!(readme.len() < 12 * 1024, "README is {} bytes", readme.len());
    let (english, chinese) = readme.split_once("## 简体中文").expect("a Chinese section");
    let chinese = chinese.split("\n## ").next().unwrap();
    // Every page the English points to, the Chinese points to as well.
    for target in links(english) {
        if target.starts_with("docs/") && target.ends_with(".md") {
            assert!(
                chinese.contains(&target),
                "the Chinese section misses {target}"
            );
        }
    }
    // The searches the English names, the Chinese names too (by their Latin names where
    // Chinese textbooks keep them).
    for name in [
        "Dijkstra",
        "A\\*",
        "IDDFS",
        "IDA\\*",
        "D\\* Lite",
        "JPS",
        "Theta\\*",
    ] {
        assert!(chinese.contains(name), "the Chinese section misses {name}");
    }
    // Both count the searches the registry holds.
    let count = frontier_games::games::sandbox::algorithms::REGISTRY.len();
    let (en, zh) = match count {
        13 => ("Thirteen", "十三"),
        14 => ("Fourteen", "十四"),
        15 => ("Fifteen", "十五"),
        _ => panic!("{count} searches: add their number in words here"),
    };
    assert!(
        english.contains(&format!("{en} searches")),
        "the English counts {count}"
    );
    assert!(
        chinese.contains(&format!("{zh}种搜索")),
        "the Chinese counts {count}"
    );
}
