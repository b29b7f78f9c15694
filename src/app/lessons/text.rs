//! A page's text on screen: paragraphs (split by blank lines), `*emphasis*` in strong
//! letters and `` `f = g + h` `` formulas in monospace.

use egui::text::LayoutJob;
use egui::{TextFormat, Ui};

/// A run of a paragraph and how it is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Span<'a> {
    Plain(&'a str),
    Strong(&'a str),
    Formula(&'a str),
}

/// Whether the mark at byte `at` of `text` may open a span: a formula's always; an
/// emphasis only where it is not the star of a name (`A*`, `IDA*`) and text follows it.
fn opens(text: &str, at: usize) -> bool {
    let after = text[at + 1..].chars().next();
    if text.as_bytes()[at] == b'`' {
        return after.is_some();
    }
    let before = text[..at].chars().next_back();
    !before.is_some_and(|c| c.is_ascii_alphanumeric()) && after.is_some_and(|c| !c.is_whitespace())
}

/// Splits a paragraph at its marks; a mark that opens nothing is kept as a letter.
pub fn spans(paragraph: &str) -> Vec<Span<'_>> {
    let mut spans = vec![];
    let mut plain_from = 0;
    let mut at = 0;
    while let Some(found) = paragraph[at..].find(['*', '`']) {
        let open = at + found;
        let mark = &paragraph[open..open + 1];
        let close = opens(paragraph, open)
            .then(|| paragraph[open + 1..].find(mark).map(|c| open + 1 + c))
            .flatten()
            .filter(|&close| {
                close > open + 1 && !paragraph[..close].ends_with(char::is_whitespace)
            });
        let Some(close) = close else {
            at = open + 1;
            continue;
        };
        if open > plain_from {
            spans.push(Span::Plain(&paragraph[plain_from..open]));
        }
        let inner = &paragraph[open + 1..close];
        spans.push(if mark == "*" {
            Span::Strong(inner)
        } else {
            Span::Formula(inner)
        });
        plain_from = close + 1;
        at = close + 1;
    }
    if plain_from < paragraph.len() {
        spans.push(Span::Plain(&paragraph[plain_from..]));
    }
    spans
}

/// Shows `text`: each paragraph wrapped to the width there is.
pub fn show(ui: &mut Ui, text: &str) {
    let (color, strong) = (ui.visuals().text_color(), ui.visuals().strong_text_color());
    show_set(ui, text, color, (strong, false));
}

/// Shows a question's prompt: all in strong letters, its emphasis in italics too (a prompt
/// showed `*tree*` with its stars).
pub fn prompt(ui: &mut Ui, text: &str) {
    let strong = ui.visuals().strong_text_color();
    show_set(ui, text, strong, (strong, true));
}

/// `text` in `color`, its emphasis in `emphasis`'s colour (and in italics when it says so).
fn show_set(ui: &mut Ui, text: &str, color: egui::Color32, emphasis: (egui::Color32, bool)) {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let mono = egui::TextStyle::Monospace.resolve(ui.style());
    for paragraph in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        let joined = joined_lines(paragraph);
        let mut job = LayoutJob::default();
        for span in spans(&joined) {
            let (text, format) = match span {
                Span::Plain(t) => (t, TextFormat::simple(body.clone(), color)),
                Span::Strong(t) => {
                    let mut format = TextFormat::simple(body.clone(), emphasis.0);
                    format.italics = emphasis.1;
                    (t, format)
                }
                Span::Formula(t) => (t, TextFormat::simple(mono.clone(), emphasis.0)),
            };
            job.append(text, 0.0, format);
        }
        job.wrap.max_width = ui.available_width();
        ui.label(job);
        ui.add_space(4.0);
    }
}

/// A paragraph's lines joined as in Markdown: into one line, but a list item (`- …`)
/// begins a line of its own.
fn joined_lines(paragraph: &str) -> String {
    let mut joined = String::new();
    for line in paragraph.lines().map(str::trim) {
        if !joined.is_empty() {
            joined.push(if line.starts_with("- ") { '\n' } else { ' ' });
        }
        joined.push_str(line);
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_item_begins_a_line_and_other_lines_join() {
        assert_eq!(
            joined_lines("What it gives:\n- one\n  more\n- two"),
            "What it gives:\n- one more\n- two"
        );
    }

    #[test]
    fn marks_split_a_paragraph_and_the_star_of_a_name_stays_a_letter() {
        assert_eq!(
            spans("A* takes the *lowest* `f = g + h` first"),
            vec![
                Span::Plain("A* takes the "),
                Span::Strong("lowest"),
                Span::Plain(" "),
                Span::Formula("f = g + h"),
                Span::Plain(" first"),
            ]
        );
        assert_eq!(
            spans("IDA* 取*最小*的 f"),
            vec![
                Span::Plain("IDA* 取"),
                Span::Strong("最小"),
                Span::Plain("的 f"),
            ]
        );
        assert_eq!(
            spans("2 * 3 and a lone `"),
            vec![Span::Plain("2 * 3 and a lone `")]
        );
    }
}
