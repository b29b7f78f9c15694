//! Files shipped inside the program.

/// Noto Sans SC cut down to the characters Frontier needs (see `tools/cjk-font/`): every
/// Chinese character of the messages, the 3,500 common ones, and printable ASCII.
pub const CJK_FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSansSC-Frontier.otf");
