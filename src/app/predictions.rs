//! The panel of "Predict the next step": the question or what was said of the answer, and
//! the score. The answers and the words are [`crate::teach::predictions`]'s.

pub use crate::teach::predictions::*;
use crate::tr;

/// The panel: the heading, the question or the verdict on the answer that led to step
/// `at` (coloured by whether it was right), and the score.
pub fn panel<A: Judged>(
    ui: &mut egui::Ui,
    predictions: &Predictions<A>,
    at: usize,
    over: bool,
    ask: String,
    told: impl Fn(&A) -> String,
) {
    let text = words(predictions, at, over, ask, told);
    ui.strong(tr!("predict-heading"));
    match predictions.at(at).map(Judged::is_right) {
        Some(right) => {
            let color = if right {
                crate::palette::status::SUCCESS
            } else {
                crate::palette::status::TROUBLE
            };
            ui.colored_label(crate::ui::color(color), text)
        }
        None => ui.label(text),
    };
    let (right, asked) = predictions.score(at);
    ui.label(tr!("predict-score", right = right, asked = asked));
}
