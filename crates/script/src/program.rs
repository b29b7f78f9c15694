//! A student's program as the sandbox runs it: the `frontier` module (src/frontier.py)
//! first, then the program, then the call of its `search`. The module's classes are the
//! sandbox's own (so that `len()` and `while frontier:` reach their methods), which no
//! import can hand over: the program's imports of `frontier` are read as naming what the
//! module defined, each on its own lines. Lines and byte offsets the sandbox reports are
//! mapped back to the program's own, and a traceback is told in them.

use monty_types::{CodeLoc, ExcType, MontyException, StackFrame};

/// The `frontier` module, run before the program.
const MODULE: &str = include_str!("frontier.py");

/// The file name tracebacks give the program.
pub const PROGRAM_FILE: &str = "search.py";

/// The file name tracebacks give the `frontier` module.
const MODULE_FILE: &str = "frontier.py";

/// The name the sandbox knows the whole text by.
const WHOLE_FILE: &str = "main.py";

/// The program, and the text the sandbox runs.
#[derive(Clone, Debug)]
pub struct Program {
    /// What the student wrote.
    pub source: String,
    /// The function the run calls (`search`, or an assignment question's `bfs`, …).
    function: String,
    /// The module, the program and the call of `search`.
    pub(crate) whole: String,
    /// Lines of the module before the program's first.
    module_lines: u32,
    /// Lines of the program.
    program_lines: u32,
    /// Where each line of the whole text after the first begins (the byte after each
    /// newline): the line of every call is looked up here, once an expansion.
    line_starts: Vec<u32>,
}

impl Program {
    /// The program `source` readied to run: its `search(problem)` is called.
    pub fn new(source: &str) -> Program {
        Program::calling(source, "search")
    }

    /// The program `source` readied to run its function `function` on `problem`
    /// (`function` a Python name: an assignment's question names it).
    pub fn calling(source: &str, function: &str) -> Program {
        Program::with_entry(source, function, &format!("{function}(problem)"))
    }

    /// The program `source` followed by `entry`, the code that uses its `function`.
    pub(crate) fn with_entry(source: &str, function: &str, entry: &str) -> Program {
        // Windows line ends and tabs read as a student's editor shows them.
        let source = source.replace("\r\n", "\n");
        let module_lines = MODULE.lines().count() as u32;
        let program_lines = source.lines().count().max(1) as u32;
        let whole = format!("{MODULE}{}\n\n{entry}\n", imports_of_frontier_read(&source));
        let line_starts = (whole.bytes().enumerate())
            .filter(|(_, b)| *b == b'\n')
            .map(|(at, _)| at as u32 + 1)
            .collect();
        Program {
            source,
            function: function.to_owned(),
            whole,
            module_lines,
            program_lines,
            line_starts,
        }
    }

    /// The function the run calls.
    pub fn function(&self) -> &str {
        &self.function
    }

    /// The program's line (from 1) of the whole text's line `line`, if it is one of the
    /// program's.
    pub fn program_line(&self, line: u32) -> Option<u32> {
        let line = line.checked_sub(self.module_lines)?;
        (1..=self.program_lines).contains(&line).then_some(line)
    }

    /// The program's line nearest the whole text's line `line`: past the program, its
    /// last (a bracket left open there runs on into what follows it).
    pub fn nearest_line(&self, line: u32) -> u32 {
        let line = line.saturating_sub(self.module_lines);
        line.clamp(1, self.program_lines)
    }

    /// The program's line holding the whole text's byte `offset`.
    pub fn line_at(&self, offset: u32) -> Option<u32> {
        // The lines begun at or before the offset, the first line's included.
        let begun = self.line_starts.partition_point(|&start| start <= offset);
        self.program_line(begun as u32 + 1)
    }

    /// Whether the whole text's line `line` is the call of `search` after the program.
    fn is_entry(&self, line: u32) -> bool {
        line > self.module_lines + self.program_lines
    }

    /// Where in the program a syntax error at `frame` is: its own line and column, or, past
    /// the program's end (a bracket left open runs on into the call of `search`), the end of
    /// the program's last line.
    pub fn syntax_place(&self, frame: &StackFrame) -> (u32, u32) {
        if !self.is_entry(frame.start.line) {
            return (self.nearest_line(frame.start.line), frame.start.column);
        }
        let last = self.program_lines;
        let text = self.source.split('\n').nth(last as usize - 1).unwrap_or("");
        (last, text.chars().count() as u32 + 1)
    }

    /// `exception` told in the program's lines: its frames in the program named as the
    /// program, those in the module as the module, the call of `search` left out. Also the
    /// program's line the exception was raised at (the innermost frame in the program).
    pub fn told(&self, exception: &MontyException) -> (String, Option<u32>) {
        let mut raised_at = None;
        let syntax = exception.exc_type() == ExcType::SyntaxError;
        let frames: Vec<StackFrame> = exception
            .traceback()
            .iter()
            // A bracket left open at the program's end runs on into the call of `search`
            // after it: that syntax error is told at the program's last line.
            .filter(|frame| syntax || !self.is_entry(frame.start.line))
            .map(|frame| {
                let mut frame = frame.clone();
                if syntax && frame.filename == WHOLE_FILE && self.is_entry(frame.start.line) {
                    let (line, column) = self.syntax_place(&frame);
                    let text = self.source.split('\n').nth(line as usize - 1).unwrap_or("");
                    frame.start = CodeLoc {
                        line: self.module_lines + line,
                        column,
                    };
                    frame.end = frame.start;
                    frame.preview_line = Some(text.into());
                }
                if frame.filename == WHOLE_FILE {
                    match self.program_line(frame.start.line) {
                        Some(line) => {
                            let span = frame.end.line.saturating_sub(frame.start.line);
                            frame.filename = PROGRAM_FILE.to_owned();
                            frame.start.line = line;
                            frame.end.line = line + span;
                            raised_at = Some(line);
                        }
                        None => frame.filename = MODULE_FILE.to_owned(),
                    }
                }
                frame
            })
            .collect();
        let told = MontyException::with_traceback(
            exception.exc_type(),
            exception.message().map(str::to_owned),
            frames,
        );
        (told.to_string(), raised_at)
    }
}

/// What the module gives a program to import.
const NAMES: [&str; 3] = ["Stack", "Queue", "PriorityQueue"];

/// `source` with each import of `frontier` written as what it names: `from frontier import
/// Queue` is already so (`pass`), `... import Queue as Q` is `Q = Queue`, `import frontier
/// as f` is `f = frontier`, a name the module lacks raises ImportError there. Every line
/// stays where it was.
fn imports_of_frontier_read(source: &str) -> String {
    let lines: Vec<&str> = source.split('\n').collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let code = line.split('#').next().unwrap_or("");
        let indent = &line[..line.len() - line.trim_start().len()];
        let words: Vec<&str> = code.split_whitespace().collect();
        let read = match words.as_slice() {
            ["import", "frontier"] => Some("pass".to_owned()),
            ["import", "frontier", "as", alias] => Some(format!("{alias} = frontier")),
            ["from", "frontier", "import", ..] => {
                let mut names = code[code.find("import").unwrap_or(0) + 6..].to_owned();
                // A parenthesised list may run over lines: they become blank ones.
                let mut spanned = 0;
                if names.contains('(') {
                    while !names.contains(')') && index + spanned + 1 < lines.len() {
                        spanned += 1;
                        names.push(' ');
                        names.push_str(lines[index + spanned].split('#').next().unwrap_or(""));
                    }
                }
                let read = names_read(&names.replace(['(', ')'], " "));
                out.push(format!("{indent}{read}"));
                out.extend((0..spanned).map(|_| String::new()));
                index += spanned + 1;
                continue;
            }
            _ => None,
        };
        out.push(match read {
            Some(read) => format!("{indent}{read}"),
            None => line.to_owned(),
        });
        index += 1;
    }
    out.join("\n")
}

/// The statement a `from frontier import` list of `names` reads as.
fn names_read(names: &str) -> String {
    let mut statements = vec![];
    for item in names
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let words: Vec<&str> = item.split_whitespace().collect();
        let (name, alias) = match words.as_slice() {
            [name] => (*name, None),
            [name, "as", alias] => (*name, Some(*alias)),
            _ => (item, None),
        };
        if !NAMES.contains(&name) {
            return format!(
                "raise ImportError(\"cannot import name '{}' from 'frontier' (it has Stack, Queue and PriorityQueue)\")",
                name.replace(['"', '\\'], "")
            );
        }
        if let Some(alias) = alias {
            statements.push(format!("{alias} = {name}"));
        }
    }
    if statements.is_empty() {
        "pass".to_owned()
    } else {
        statements.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_programs_lines_are_told_apart_from_the_module_and_the_entry() {
        let program = Program::new("def search(problem):\r\n    return None\n");
        assert_eq!(program.source, "def search(problem):\n    return None\n");
        let first = program.module_lines + 1;
        assert_eq!(program.program_line(first), Some(1));
        assert_eq!(program.program_line(first + 1), Some(2));
        assert_eq!(program.program_line(first - 1), None, "the module's");
        assert_eq!(program.program_line(first + 2), None, "the entry's");
        assert!(program.is_entry(first + 3));
        let offset = program.whole.rfind("return None").unwrap() as u32;
        assert_eq!(program.line_at(offset), Some(2));
        let line_two = program.whole.rfind("    return None").unwrap() as u32;
        assert_eq!(program.line_at(line_two), Some(2), "a line's first byte");
        assert_eq!(
            program.line_at(line_two - 1),
            Some(1),
            "the newline ending the one before"
        );
        assert_eq!(program.line_at(0), None, "the module's first line");
    }

    #[test]
    fn imports_of_frontier_name_what_the_module_defined_on_the_same_lines() {
        let source = "from frontier import Queue, Stack as S  # two\nimport frontier as f\n\
                      def search(problem):\n    from frontier import (\n        PriorityQueue,\n    )\n\
                      \x20   import frontier\nfrom frontier import Heap\nimport frontiers\n";
        let read = imports_of_frontier_read(source);
        let lines: Vec<&str> = read.lines().collect();
        assert_eq!(lines.len(), source.lines().count());
        assert_eq!(lines[0], "S = Stack");
        assert_eq!(lines[1], "f = frontier");
        assert_eq!(lines[3], "    pass");
        assert_eq!((lines[4], lines[5]), ("", ""));
        assert_eq!(lines[6], "    pass");
        assert!(lines[7].starts_with("raise ImportError(\"cannot import name 'Heap'"));
        assert_eq!(
            lines[8], "import frontiers",
            "another module is left to the sandbox"
        );
    }
}
