//! The names of the Sokoban searches in the current language, as the tab and its tables
//! show them.

use super::solver::SokobanAlgorithm;
use super::solver::portfolio::PortfolioSearch;
use crate::tr;

/// A Sokoban search's name.
pub fn sokoban_algorithm(algorithm: SokobanAlgorithm) -> String {
    crate::i18n::tr(algorithm.descriptor().name_key, None)
}

/// A search of the Sokoban portfolio.
pub fn portfolio_search(search: PortfolioSearch) -> String {
    match search {
        PortfolioSearch::AStar => sokoban_algorithm(SokobanAlgorithm::AStar),
        PortfolioSearch::Greedy => sokoban_algorithm(SokobanAlgorithm::Greedy),
        PortfolioSearch::GreedyPulling => tr!("auto-greedy-pulling"),
        PortfolioSearch::NovelPulling => tr!("auto-novel-pulling"),
        PortfolioSearch::Meeting => tr!("auto-meeting"),
        PortfolioSearch::Fess => tr!("auto-fess"),
    }
}

/// A search of the Sokoban portfolio, in a word or two (the portfolio's table).
pub fn portfolio_search_short(search: PortfolioSearch) -> String {
    match search {
        PortfolioSearch::AStar => sokoban_algorithm_short(SokobanAlgorithm::AStar),
        PortfolioSearch::Greedy => sokoban_algorithm_short(SokobanAlgorithm::Greedy),
        PortfolioSearch::GreedyPulling => tr!("auto-greedy-pulling-short"),
        PortfolioSearch::NovelPulling => tr!("auto-novel-pulling-short"),
        PortfolioSearch::Meeting => tr!("auto-meeting-short"),
        PortfolioSearch::Fess => tr!("auto-fess-short"),
    }
}

/// A Sokoban search's short name, for tables and chart legends.
pub fn sokoban_algorithm_short(algorithm: SokobanAlgorithm) -> String {
    match algorithm.best_first() {
        Some(a) => crate::names::algorithm_short(a),
        None => tr!("algo-idastar"),
    }
}
