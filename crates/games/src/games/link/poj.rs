//! The contest problem "The Game" (POJ 1101): boards of cards (`X`) and spaces, and the
//! fewest segments joining two cards, the path free to leave the board. Reads the problem's
//! input format and writes its output format exactly.

use super::LinkBoard;
use super::finder::LinkFinder;
use crate::grid::{Grid, Pos};

/// Answers every board of the input; the error names the line that could not be read.
pub fn answer(input: &str) -> Result<String, String> {
    let lines: Vec<&str> = input
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut at = 0;
    let mut output = String::new();
    let mut number = 0;
    let numbers = |line: &str, at: usize, count: usize| -> Result<Vec<i64>, String> {
        let values: Vec<i64> = line
            .split_whitespace()
            .map(|w| {
                w.parse::<i64>().map_err(|_| {
                    format!(
                        "line {}: `{}` is not a whole number",
                        at + 1,
                        crate::files::quote(w)
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        if values.len() != count {
            return Err(format!(
                "line {}: expected {count} numbers, found {}",
                at + 1,
                values.len()
            ));
        }
        Ok(values)
    };
    loop {
        // Blank lines between boards are tolerated.
        while at < lines.len() && lines[at].trim().is_empty() {
            at += 1;
        }
        let Some(line) = lines.get(at) else {
            return Err("the input ends without the closing `0 0`".into());
        };
        let size = numbers(line, at, 2)?;
        at += 1;
        let (w, h) = (size[0], size[1]);
        if w == 0 && h == 0 {
            return Ok(output);
        }
        if !(1..=super::board::MAX_SIDE as i64).contains(&w)
            || !(1..=super::board::MAX_SIDE as i64).contains(&h)
        {
            return Err(format!("line {at}: a board of {w} x {h} is out of range"));
        }
        let (w, h) = (w as usize, h as usize);
        let mut cards = Grid::new(w, h, None);
        for y in 0..h {
            let row = lines
                .get(at)
                .ok_or_else(|| format!("the input ends inside board {}", number + 1))?;
            for (x, c) in row.chars().take(w).enumerate() {
                match c {
                    'X' => {
                        cards.set(Pos::new(x as i32, y as i32), Some(0u8));
                    }
                    ' ' => {}
                    other => {
                        return Err(format!(
                            "line {}: `{}` is neither `X` nor a space",
                            at + 1,
                            crate::files::quote(&other.to_string())
                        ));
                    }
                }
            }
            at += 1;
        }
        let board = LinkBoard::from_grid(cards);
        let mut finder = LinkFinder::new(&board);
        number += 1;
        output.push_str(&format!("Board #{number}:\n"));
        let mut pair = 0;
        loop {
            let line = lines
                .get(at)
                .ok_or_else(|| format!("the input ends inside board {number}'s pairs"))?;
            let q = numbers(line, at, 4)?;
            at += 1;
            if q.iter().all(|&v| v == 0) {
                break;
            }
            pair += 1;
            let a = Pos::new(q[0] as i32 - 1, q[1] as i32 - 1);
            let b = Pos::new(q[2] as i32 - 1, q[3] as i32 - 1);
            match finder.min_segments(a, b) {
                Some(k) => output.push_str(&format!("Pair {pair}: {k} segments.\n")),
                None => output.push_str(&format!("Pair {pair}: impossible.\n")),
            }
        }
        output.push('\n');
    }
}
