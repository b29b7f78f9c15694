//! GIFs read back as a viewer shows them: each frame drawn over the ones before (frames
//! after the first hold only the rectangle that changed).

/// The GIF's width and its frames as whole RGBA pictures, with each frame's delay.
pub struct Decoded {
    pub width: u32,
    pub height: u32,
    pub frames: Vec<Vec<u8>>,
    pub delays: Vec<u16>,
}

pub fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (decoder.width() as u32, decoder.height() as u32);
    let mut canvas = vec![0u8; (width * height * 4) as usize];
    let (mut frames, mut delays) = (vec![], vec![]);
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        let (left, top, w) = (frame.left as u32, frame.top as u32, frame.width as u32);
        for (row, line) in frame.buffer.chunks_exact(w as usize * 4).enumerate() {
            let start = (((top + row as u32) * width + left) * 4) as usize;
            canvas[start..start + line.len()].copy_from_slice(line);
        }
        frames.push(canvas.clone());
        delays.push(frame.delay);
    }
    Decoded {
        width,
        height,
        frames,
        delays,
    }
}

/// The RGBA frames of a GIF file.
pub fn gif_frames(path: &std::path::Path) -> (u32, Vec<Vec<u8>>) {
    let decoded = decode(&std::fs::read(path).unwrap());
    (decoded.width, decoded.frames)
}

/// The colour of the pixel at (x, y) of an RGBA frame `width` pixels wide.
pub fn pixel(rgba: &[u8], width: u32, x: u32, y: u32) -> frontier_games::palette::Rgba {
    let i = ((y * width + x) * 4) as usize;
    frontier_games::palette::Rgba(rgba[i], rgba[i + 1], rgba[i + 2], 255)
}
