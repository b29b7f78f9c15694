use std::fmt;

use crate::i18n::Message;

/// What is wrong with a piece of text a user gave us, and on which line (1-based; 0 when
/// the problem is the text as a whole). The words come in the language current when it is
/// displayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: Message,
}

impl ParseError {
    pub fn at(line: usize, message: Message) -> ParseError {
        ParseError { line, message }
    }

    pub fn whole(message: Message) -> ParseError {
        ParseError::at(0, message)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            let at_line = crate::msg!(
                "parse-at-line",
                line = self.line,
                message = self.message.clone()
            );
            write!(f, "{at_line}")
        }
    }
}

impl std::error::Error for ParseError {}
