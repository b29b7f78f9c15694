//! A grid board drawn as textures (one texel per cell) with zoom, pan, mouse painting and
//! an overlay hook. The view knows nothing about any game: the owner sets cell colours and
//! draws overlays through [`BoardPainter`].
//!
//! Cost per frame does not grow with the board: cells live in textures that are updated
//! only where they changed (one upload of the changed rectangle per tile per frame), and
//! overlays are drawn for visible cells only.

use egui::{
    Color32, ColorImage, Painter, PointerButton, Pos2, Rect, Sense, Stroke, TextureHandle,
    TextureOptions, Ui, Vec2, pos2, vec2,
};

use crate::grid::{Pos, line_cells};
use crate::tr;

/// Cells per texture tile: boards larger than a GPU's largest texture still draw.
const TILE: usize = 512;

/// The smallest and largest cell size, in points.
const MIN_CELL: f32 = 0.05;
/// The points a fitted board keeps clear of its area's edges.
const FIT_MARGIN: f32 = 4.0;
const MAX_CELL: f32 = 160.0;

/// The side of the square blocks a tile tracks changes by: a frame uploads only the blocks
/// whose cells changed. (One rectangle around all the changes was often most of a tile:
/// ten Dijkstra steps touch cells all round the frontier's ring, and uploading a 512 x 512
/// rectangle every frame tripled the frame's cost on a 1024 x 1024 board.)
const BLOCK: usize = 32;

/// The most pixels a frame sends to the textures; the rest go in the frames after (a new
/// 3000 x 3000 board's 36 MB at once made one frame of 20 ms and more).
const UPLOAD_PER_FRAME: usize = 2 * TILE * TILE;
const BLOCKS: usize = TILE / BLOCK;
const _: () = assert!(BLOCKS <= u16::BITS as usize, "a row of blocks is one u16");

/// One texture covering a block of cells, with the block's pixels kept on the CPU side and
/// which of its blocks changed since the last upload (a bit per block, a row of blocks
/// per word).
struct Tile {
    origin: (usize, usize),
    image: ColorImage,
    texture: Option<TextureHandle>,
    dirty: [u16; BLOCKS],
}

impl Tile {
    fn new(origin: (usize, usize), size: [usize; 2]) -> Tile {
        Tile {
            origin,
            image: ColorImage::filled(size, Color32::BLACK),
            texture: None,
            dirty: [0; BLOCKS],
        }
    }

    fn at((origin, size): ((usize, usize), [usize; 2])) -> Tile {
        Tile::new(origin, size)
    }

    fn mark(&mut self, x: usize, y: usize) {
        self.dirty[y / BLOCK] |= 1 << (x / BLOCK);
    }

    fn mark_all(&mut self) {
        self.dirty = [u16::MAX; BLOCKS];
    }

    /// Uploads the changed blocks, as many as `allowance` (pixels) lets this frame, and
    /// takes what it sent from it; returns whether some are left for the next frame.
    fn upload(&mut self, ui: &Ui, name: &str, allowance: &mut usize) -> bool {
        // Crisp cells when zoomed in; averaged when a screen pixel covers many cells.
        let options = TextureOptions {
            magnification: egui::TextureFilter::Nearest,
            minification: egui::TextureFilter::Linear,
            ..TextureOptions::NEAREST
        };
        if self.dirty == [0; BLOCKS] {
            return false;
        }
        let [width, height] = self.image.size;
        let Some(texture) = &mut self.texture else {
            // A new texture goes up whole; the first of a frame always may.
            let pixels = width * height;
            if pixels > *allowance && *allowance < UPLOAD_PER_FRAME {
                return true;
            }
            *allowance = allowance.saturating_sub(pixels);
            self.dirty = [0; BLOCKS];
            self.texture = Some(ui.ctx().load_texture(name, self.image.clone(), options));
            return false;
        };
        for row in 0..BLOCKS {
            let y0 = row * BLOCK;
            let mut mask = self.dirty[row];
            // Each run of changed blocks side by side goes up as one patch.
            while mask != 0 && y0 < height {
                if *allowance == 0 {
                    return true;
                }
                let first = mask.trailing_zeros() as usize;
                let run = (mask >> first).trailing_ones() as usize;
                mask &= !(((1u32 << run) - 1) << first) as u16;
                self.dirty[row] = mask;
                let x0 = first * BLOCK;
                if x0 >= width {
                    break;
                }
                let (w, h) = (
                    ((first + run) * BLOCK).min(width) - x0,
                    BLOCK.min(height - y0),
                );
                let mut pixels = Vec::with_capacity(w * h);
                for y in y0..y0 + h {
                    pixels
                        .extend_from_slice(&self.image.pixels[y * width + x0..y * width + x0 + w]);
                }
                *allowance = allowance.saturating_sub(w * h);
                texture.set_partial([x0, y0], ColorImage::new([w, h], pixels), options);
            }
            self.dirty[row] = 0;
        }
        false
    }
}

/// Where each tile of a `width` x `height` board starts, and its size, row by row.
fn tile_places(
    width: usize,
    height: usize,
) -> impl Iterator<Item = ((usize, usize), [usize; 2])> + Clone {
    let across = width.div_ceil(TILE);
    (0..height.div_ceil(TILE))
        .flat_map(move |ty| (0..across).map(move |tx| (tx, ty)))
        .map(move |(tx, ty)| {
            let size = [TILE.min(width - tx * TILE), TILE.min(height - ty * TILE)];
            ((tx * TILE, ty * TILE), size)
        })
}

/// What the mouse did on the board this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardInput {
    /// The cell under the pointer.
    pub hovered: Option<Pos>,
    /// The cell where a primary-button press (click or drag) began this frame.
    pub pressed: Option<Pos>,
    /// Cells the primary-button drag crossed this frame, in order and without gaps (the
    /// first one continues from the last cell of the previous frame).
    pub dragged: Vec<Pos>,
    /// The primary button was released (ending a click or a drag) this frame.
    pub released: bool,
    /// A second finger came down during a touch press or drag: it was the start of a pinch
    /// or a two-finger pan, not a stroke, so whatever the press began should be taken back.
    pub cancelled: bool,
}

/// The points of wheel scroll that zoom the board by a factor of e: a wheel notch (about 77
/// points of smooth scroll) zooms by a fifth, and six take cells from 15 px to about 40.
const ZOOM_PER_E: f32 = 450.0;

/// A zoomable, pannable grid of coloured cells.
pub struct BoardView {
    id: String,
    width: usize,
    height: usize,
    tiles: Vec<Tile>,
    tiles_across: usize,
    /// Cell size in points.
    cell: f32,
    /// The board's top-left corner relative to the widget's top-left.
    offset: Vec2,
    fit_pending: bool,
    /// The last cell a primary drag reached (for gap-free lines between frames).
    last_drag_cell: Option<Pos>,
    painting: bool,
    /// Two or more fingers are on the board: they zoom and pan, and nothing is painted until
    /// every finger has been lifted.
    two_fingers: bool,
    /// Where the board's top-left corner was drawn last frame (screen points).
    last_origin: Option<Pos2>,
    /// The view size last frame, and whether the user has zoomed or panned since the last
    /// fit: an untouched view refits when its space changes (a panel opening, say).
    last_size: Vec2,
    user_moved: bool,
    /// The largest cell size "fit" picks (a tiny level need not fill the screen).
    max_fit_cell: f32,
    /// Space is held and the mouse panned: the space release must not count as a key press.
    panned_with_space: bool,
    /// The screen area the view took last frame.
    last_rect: Option<Rect>,
    /// Tiles made ahead for a board of another size (see [`BoardView::prepare_size`]).
    next_tiles: Option<((usize, usize), Vec<Tile>)>,
}

impl BoardView {
    pub fn new(id: &str, width: usize, height: usize) -> BoardView {
        let mut view = BoardView {
            id: id.to_string(),
            width: 0,
            height: 0,
            tiles: vec![],
            tiles_across: 0,
            cell: 16.0,
            offset: Vec2::ZERO,
            fit_pending: true,
            last_drag_cell: None,
            painting: false,
            two_fingers: false,
            last_origin: None,
            max_fit_cell: MAX_CELL,
            last_size: Vec2::ZERO,
            user_moved: false,
            panned_with_space: false,
            last_rect: None,
            next_tiles: None,
        };
        view.resize(width, height);
        view
    }

    /// The same view, fitting boards at no more than `cell` points per cell.
    pub fn with_max_fit(mut self, cell: f32) -> BoardView {
        self.max_fit_cell = cell.clamp(MIN_CELL, MAX_CELL);
        self
    }

    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Starts over with a board of another size (all cells black until set).
    pub fn resize(&mut self, width: usize, height: usize) {
        if (width, height) == (self.width, self.height) {
            return;
        }
        let mut tiles = match self.next_tiles.take() {
            Some((size, tiles)) if size == (width, height) => tiles,
            _ => vec![],
        };
        let made = tiles.len();
        tiles.extend(tile_places(width, height).skip(made).map(Tile::at));
        self.width = width;
        self.height = height;
        self.tiles_across = width.div_ceil(TILE);
        self.tiles = tiles;
        self.fit_pending = true;
    }

    /// Makes up to `tiles` more of the tiles [`BoardView::resize`] to `width` x `height`
    /// will need, so that a big board's memory can be taken over several frames (a 3000 x
    /// 3000 board's 36 MB took 18 ms at once). Returns how many are made, of how many.
    pub fn prepare_size(&mut self, width: usize, height: usize, tiles: usize) -> (usize, usize) {
        let places = tile_places(width, height);
        let all = places.clone().count();
        if (width, height) == (self.width, self.height) {
            return (all, all);
        }
        if self
            .next_tiles
            .as_ref()
            .is_none_or(|(size, _)| *size != (width, height))
        {
            self.next_tiles = Some(((width, height), vec![]));
        }
        let Some((_, made)) = &mut self.next_tiles else {
            unreachable!("set above");
        };
        made.extend(places.skip(made.len()).take(tiles).map(Tile::at));
        (made.len(), all)
    }

    /// Fits the whole board in the view at the next frame.
    pub fn fit(&mut self) {
        self.fit_pending = true;
    }

    /// Zooms to `cell` points per cell with `center` in the middle of the view (as of the
    /// last frame's size).
    pub fn zoom_to(&mut self, cell: f32, center: Pos, view_size: Vec2) {
        self.cell = cell.clamp(MIN_CELL, MAX_CELL);
        self.offset =
            view_size / 2.0 - vec2(center.x as f32 + 0.5, center.y as f32 + 0.5) * self.cell;
        self.fit_pending = false;
    }

    /// The screen area the view took when it was last drawn.
    pub fn last_rect(&self) -> Option<Rect> {
        self.last_rect
    }

    /// Cell size in points (how far the view is zoomed in).
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    pub fn set_cell(&mut self, pos: Pos, color: Color32) {
        if pos.x < 0 || pos.y < 0 || pos.x as usize >= self.width || pos.y as usize >= self.height {
            return;
        }
        let (x, y) = (pos.x as usize, pos.y as usize);
        let tile = &mut self.tiles[(y / TILE) * self.tiles_across + x / TILE];
        let (lx, ly) = (x - tile.origin.0, y - tile.origin.1);
        let stride = tile.image.size[0];
        if tile.image.pixels[ly * stride + lx] != color {
            tile.image.pixels[ly * stride + lx] = color;
            tile.mark(lx, ly);
        }
    }

    /// A cell's colour as last painted (None off the board).
    pub fn cell_color(&self, pos: Pos) -> Option<Color32> {
        if pos.x < 0 || pos.y < 0 || pos.x as usize >= self.width || pos.y as usize >= self.height {
            return None;
        }
        let (x, y) = (pos.x as usize, pos.y as usize);
        let tile = &self.tiles[(y / TILE) * self.tiles_across + x / TILE];
        let (lx, ly) = (x - tile.origin.0, y - tile.origin.1);
        Some(tile.image.pixels[ly * tile.image.size[0] + lx])
    }

    /// Sets every cell's colour.
    pub fn paint_all(&mut self, color_of: impl Fn(Pos) -> Color32) {
        for tile in &mut self.tiles {
            let [w, h] = tile.image.size;
            for ly in 0..h {
                for lx in 0..w {
                    let pos = Pos::new((tile.origin.0 + lx) as i32, (tile.origin.1 + ly) as i32);
                    tile.image.pixels[ly * w + lx] = color_of(pos);
                }
            }
            tile.mark_all();
        }
    }

    /// Sets every cell's colour a row at a time: `paint_row(y, xs, colors)` fills the
    /// colours of the cells `xs` of row `y` (a tile's width at most). For boards whose
    /// colours come from a row of cells: a call per row rather than per cell (a 3000 x 3000
    /// board's picture in a few milliseconds instead of some twenty).
    pub fn paint_rows(
        &mut self,
        paint_row: impl Fn(usize, std::ops::Range<usize>, &mut [Color32]),
    ) {
        for tile in &mut self.tiles {
            let [w, _] = tile.image.size;
            let (x0, y0) = tile.origin;
            for (ly, row) in tile.image.pixels.chunks_exact_mut(w.max(1)).enumerate() {
                paint_row(y0 + ly, x0..x0 + w, row);
            }
            tile.mark_all();
        }
    }

    /// Shows the board in all the space available, lets `overlay` draw on top, and reports
    /// what the mouse did. Zoom with the wheel, pan by dragging with the middle button (or
    /// with the primary button while holding space).
    pub fn show(&mut self, ui: &mut Ui, overlay: impl FnOnce(&BoardPainter)) -> BoardInput {
        self.show_with_hover(ui, overlay, |_| None)
    }

    /// [`BoardView::show`], with `hover` telling of the cell under the pointer in a tooltip
    /// beside it (numbers too small to draw on the cells, say).
    pub fn show_with_hover(
        &mut self,
        ui: &mut Ui,
        overlay: impl FnOnce(&BoardPainter),
        hover: impl FnOnce(Pos) -> Option<String>,
    ) -> BoardInput {
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Canvas, true, tr!("board-canvas"))
        });
        self.last_rect = Some(rect);
        // What the panels drawn before the board said of its cells (their size) was of the
        // last frame: when it changes, the next frame says it anew.
        let cell_before = self.cell;
        if !self.user_moved && (rect.size() - self.last_size).length() > 1.0 {
            self.fit_pending = true;
        }
        self.last_size = rect.size();
        if self.fit_pending && rect.width() > 1.0 && rect.height() > 1.0 {
            self.user_moved = false;
            // A margin all round, so the board's edge shows against the canvas on every side
            // (a board as wide as its room had no left or right edge to see).
            let room = rect.size() - Vec2::splat(2.0 * FIT_MARGIN);
            self.cell = (room.x / self.width as f32)
                .min(room.y / self.height as f32)
                .clamp(MIN_CELL, self.max_fit_cell);
            let board = vec2(self.width as f32, self.height as f32) * self.cell;
            self.offset = (rect.size() - board) / 2.0;
            self.fit_pending = false;
        }

        let (space, scroll, zoom, middle, touch) = ui.input(|i| {
            (
                i.key_down(egui::Key::Space),
                i.smooth_scroll_delta.y,
                i.zoom_delta(),
                i.pointer.button_down(PointerButton::Middle),
                i.multi_touch().filter(|t| t.num_touches >= 2),
            )
        });
        let pointer = response.hover_pos();
        let mut cancelled = false;
        if let Some(touch) = touch.filter(|t| rect.contains(t.center_pos)) {
            // Two fingers: the pinch zooms about their middle (egui counts it in the zoom
            // below) and their moving together pans.
            self.offset += touch.translation_delta;
            self.user_moved = true;
            self.two_fingers = true;
            cancelled = std::mem::take(&mut self.painting);
            self.last_drag_cell = None;
        } else if self.two_fingers && !ui.input(|i| i.pointer.any_down()) {
            self.two_fingers = false;
        }
        let zoom_at = match touch {
            Some(touch) => Some(touch.center_pos),
            None => pointer,
        };
        if let Some(at) = zoom_at {
            let factor = zoom * (scroll / ZOOM_PER_E).exp();
            if factor != 1.0 {
                let before = self.cell;
                self.cell = (self.cell * factor).clamp(MIN_CELL, MAX_CELL);
                // Keep the board point under the pointer where it is.
                let anchor = at - rect.min;
                self.offset = anchor - (anchor - self.offset) * (self.cell / before);
                self.user_moved = true;
            }
        }
        let panning = response.dragged_by(PointerButton::Middle)
            || middle
            || (space && response.dragged_by(PointerButton::Primary));
        if panning {
            self.offset += response.drag_delta();
            self.user_moved = true;
            if space {
                self.panned_with_space = true;
            }
        }
        if !space {
            self.panned_with_space = false;
        }

        let origin = rect.min + self.offset;
        self.last_origin = Some(origin);
        let cell_at = |p: Pos2| {
            let local = (p - origin) / self.cell;
            Pos::new(local.x.floor() as i32, local.y.floor() as i32)
        };
        let on_board = |pos: Pos| {
            pos.x >= 0
                && pos.y >= 0
                && (pos.x as usize) < self.width
                && (pos.y as usize) < self.height
        };
        let mut input = BoardInput {
            hovered: pointer.map(cell_at).filter(|&p| on_board(p)),
            cancelled,
            ..BoardInput::default()
        };
        if let Some(text) = input.hovered.and_then(hover) {
            response.clone().on_hover_text_at_pointer(text);
        }
        let primary = !space && !panning && !self.two_fingers;
        let press_origin = ui.input(|i| i.pointer.press_origin());
        if primary
            && !self.painting
            && (response.drag_started_by(PointerButton::Primary) || response.clicked())
            && let Some(at) = press_origin.or(response.interact_pointer_pos())
            && on_board(cell_at(at))
        {
            let pos = cell_at(at);
            input.pressed = Some(pos);
            self.last_drag_cell = Some(pos);
            self.painting = true;
        }
        if self.painting
            && response.dragged_by(PointerButton::Primary)
            && let (Some(at), Some(last)) = (response.interact_pointer_pos(), self.last_drag_cell)
            && cell_at(at) != last
        {
            let pos = cell_at(at);
            input.dragged = line_cells(last, pos)
                .into_iter()
                .skip(1)
                .filter(|&p| on_board(p))
                .collect();
            self.last_drag_cell = Some(pos);
        }
        if self.painting
            && (response.drag_stopped()
                || response.clicked()
                || !ui.input(|i| i.pointer.primary_down()))
        {
            input.released = true;
            self.painting = false;
            self.last_drag_cell = None;
        }

        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
        let mut allowance = UPLOAD_PER_FRAME;
        let mut left = false;
        for (i, tile) in self.tiles.iter_mut().enumerate() {
            left |= tile.upload(ui, &format!("{}-tile-{i}", self.id), &mut allowance);
            if let Some(texture) = &tile.texture {
                let [w, h] = tile.image.size;
                let min = origin + vec2(tile.origin.0 as f32, tile.origin.1 as f32) * self.cell;
                let tile_rect = Rect::from_min_size(min, vec2(w as f32, h as f32) * self.cell);
                if tile_rect.intersects(rect) {
                    painter.image(
                        texture.id(),
                        tile_rect,
                        Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                        Color32::WHITE,
                    );
                }
            }
        }
        if left {
            ui.ctx().request_repaint();
        }
        // The board's edge, drawn so a light floor stands apart from a light canvas (in the
        // light theme the two were nearly the same colour).
        let board = Rect::from_min_size(
            origin,
            vec2(self.width as f32, self.height as f32) * self.cell,
        );
        painter.rect_stroke(
            board,
            0.0,
            Stroke::new(1.5, ui.visuals().widgets.noninteractive.fg_stroke.color),
            egui::StrokeKind::Outside,
        );
        let board_painter = BoardPainter {
            painter,
            origin,
            cell: self.cell,
            clip: rect,
            width: self.width,
            height: self.height,
        };
        overlay(&board_painter);
        if self.cell != cell_before {
            ui.ctx().request_repaint();
        }
        input
    }

    /// Where the centre of cell `pos` was on screen in the last frame (for tests and
    /// tooling that drive the view like a user).
    pub fn screen_center(&self, pos: Pos) -> Option<Pos2> {
        let origin = self.last_origin?;
        Some(origin + vec2(pos.x as f32 + 0.5, pos.y as f32 + 0.5) * self.cell)
    }

    /// Whether space was used to pan (so its release should not count as a key press).
    pub fn panned_with_space(&self) -> bool {
        self.panned_with_space
    }
}

/// Draws on top of the board in cell coordinates.
pub struct BoardPainter {
    pub painter: Painter,
    origin: Pos2,
    cell: f32,
    clip: Rect,
    width: usize,
    height: usize,
}

impl BoardPainter {
    /// Cell size in points.
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    pub fn cell_rect(&self, pos: Pos) -> Rect {
        let min = self.origin + vec2(pos.x as f32, pos.y as f32) * self.cell;
        Rect::from_min_size(min, Vec2::splat(self.cell))
    }

    pub fn cell_center(&self, pos: Pos) -> Pos2 {
        self.cell_rect(pos).center()
    }

    /// The cells at least partly visible, as (x range, y range).
    pub fn visible(&self) -> (std::ops::Range<i32>, std::ops::Range<i32>) {
        let top_left = (self.clip.min - self.origin) / self.cell;
        let bottom_right = (self.clip.max - self.origin) / self.cell;
        let clamp_x = |v: f32| (v.max(0.0) as i32).min(self.width as i32);
        let clamp_y = |v: f32| (v.max(0.0) as i32).min(self.height as i32);
        (
            clamp_x(top_left.x.floor())..clamp_x(bottom_right.x.ceil()),
            clamp_y(top_left.y.floor())..clamp_y(bottom_right.y.ceil()),
        )
    }

    /// Visible cells, row by row.
    pub fn visible_cells(&self) -> impl Iterator<Item = Pos> {
        let (xs, ys) = self.visible();
        ys.flat_map(move |y| xs.clone().map(move |x| Pos::new(x, y)))
    }

    pub fn visible_count(&self) -> usize {
        let (xs, ys) = self.visible();
        xs.len() * ys.len()
    }

    /// A polyline through the centres of `cells`.
    pub fn path(&self, cells: &[Pos], stroke: Stroke) {
        if cells.len() >= 2 {
            let points = cells.iter().map(|&p| self.cell_center(p)).collect();
            self.painter.add(egui::Shape::line(points, stroke));
        }
    }

    /// An outline around a cell, drawn at least a few points wide so it stays visible
    /// when cells are tiny.
    pub fn outline(&self, pos: Pos, stroke: Stroke) {
        let rect = self.cell_rect(pos);
        let rect = Rect::from_center_size(rect.center(), rect.size().max(Vec2::splat(8.0)));
        self.painter
            .rect_stroke(rect, 1.0, stroke, egui::StrokeKind::Outside);
    }

    /// A disc on a cell with a letter in it (start, goal and the like), readable at any zoom.
    pub fn marker(&self, pos: Pos, fill: Color32, letter: &str) {
        let center = self.cell_center(pos);
        let radius = (self.cell * 0.45).max(6.0);
        self.painter
            .circle(center, radius, fill, Stroke::new(1.5, Color32::WHITE));
        if radius >= 6.0 {
            self.painter.text(
                center,
                egui::Align2::CENTER_CENTER,
                letter,
                egui::FontId::proportional(radius * 1.2),
                Color32::WHITE,
            );
        }
    }

    /// A short arrow from the centre of `from` pointing towards `to`.
    pub fn arrow(&self, from: Pos, to: Pos, stroke: Stroke) {
        let start = self.cell_center(from);
        let direction = (self.cell_center(to) - start).normalized() * self.cell * 0.4;
        self.painter
            .arrow(start - direction * 0.5, direction, stroke);
    }

    /// Text in a cell at `align`, its height a fraction `height` of the cell, made smaller
    /// when needed so that its width fits in `width` of the cell.
    pub fn cell_text(
        &self,
        pos: Pos,
        text: &str,
        align: egui::Align2,
        fit: (f32, f32),
        color: Color32,
    ) {
        let (height, width) = fit;
        let rect = self.cell_rect(pos).shrink(self.cell * 0.06);
        let at = align.pos_in_rect(&rect);
        // A monospace glyph is about 0.6 of the font's size wide.
        let chars = text.chars().count().max(1) as f32;
        let size = (self.cell * height).min(self.cell * width / (0.6 * chars));
        let galley = self.painter.layout_no_wrap(
            text.to_string(),
            egui::FontId::monospace(size.max(5.0)),
            color,
        );
        let placed = align.anchor_size(at, galley.size());
        // On a light backing: a parent arrow drawn through "27.73" read "2773" on a
        // projector.
        self.painter.rect_filled(
            placed.expand(size * 0.08),
            size * 0.2,
            Color32::from_white_alpha(200),
        );
        self.painter.galley(placed.min, galley, color);
    }

    /// A thin line around a cell, inside it, so neighbouring cells' contents stay apart.
    pub fn cell_border(&self, pos: Pos, stroke: Stroke) {
        self.painter
            .rect_stroke(self.cell_rect(pos), 0.0, stroke, egui::StrokeKind::Inside);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws `view` in a frame of `ctx` and applies the frame's texture updates to
    /// `mirror` (texture id to pixels, as a GPU would hold them); returns the pixels sent.
    fn frame(
        ctx: &egui::Context,
        view: &mut BoardView,
        mirror: &mut std::collections::HashMap<egui::TextureId, ColorImage>,
    ) -> usize {
        let input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(800.0, 800.0))),
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| {
            view.show(ui, |_| {});
        });
        let mut sent = 0;
        let deltas = output.textures_delta.set.iter();
        for (&id, delta) in deltas.flat_map(|(id, deltas)| deltas.iter().map(move |d| (id, d))) {
            if id == egui::TextureId::default() {
                continue; // the font atlas
            }
            let egui::ImageData::Color(patch) = &delta.image;
            sent += patch.pixels.len();
            match delta.pos {
                None => {
                    mirror.insert(id, (**patch).clone());
                }
                Some([x0, y0]) => {
                    let image = mirror
                        .get_mut(&id)
                        .expect("a partial update of a known texture");
                    let stride = image.size[0];
                    for y in 0..patch.size[1] {
                        for x in 0..patch.size[0] {
                            image.pixels[(y0 + y) * stride + x0 + x] =
                                patch.pixels[y * patch.size[0] + x];
                        }
                    }
                }
            }
        }
        output.textures_delta.clear();
        sent
    }

    /// Every tile's texture, as the frames sent it, holds exactly the tile's colours.
    fn assert_textures_hold_the_view(
        view: &BoardView,
        mirror: &std::collections::HashMap<egui::TextureId, ColorImage>,
    ) {
        for (i, tile) in view.tiles.iter().enumerate() {
            let texture = &mirror[&tile.texture.as_ref().expect("uploaded").id()];
            assert_eq!(texture.size, tile.image.size);
            assert!(
                texture.pixels == tile.image.pixels,
                "tile {i} differs from the view"
            );
        }
    }

    /// Scattered changes go up as the few blocks holding them, and the textures then hold
    /// exactly the view's colours, on a board of several tiles with ragged edges.
    #[test]
    fn a_frame_uploads_only_the_blocks_whose_cells_changed() {
        let ctx = egui::Context::default();
        let (width, height) = (1100, 700);
        let mut view = BoardView::new("test", width, height);
        let mut mirror = std::collections::HashMap::new();
        view.paint_all(|pos| Color32::from_gray((pos.x + pos.y) as u8));
        // The first picture goes up over a few frames (see the allowance test below).
        let mut first = 0;
        for _ in 0..10 {
            first += frame(&ctx, &mut view, &mut mirror);
        }
        assert_eq!(first, width * height, "every cell goes up once");
        assert_eq!(frame(&ctx, &mut view, &mut mirror), 0, "nothing changed");

        // Cells far apart in every tile, the last row and column included.
        let changed = [
            (0, 0),
            (600, 5),
            (1099, 699),
            (530, 650),
            (100, 511),
            (100, 512),
            (1099, 0),
        ];
        for &(x, y) in &changed {
            view.set_cell(Pos::new(x, y), Color32::RED);
        }
        let sent = frame(&ctx, &mut view, &mut mirror);
        assert!(
            sent <= changed.len() * BLOCK * BLOCK,
            "{sent} pixels sent for {} cells",
            changed.len()
        );
        assert_textures_hold_the_view(&view, &mirror);
        assert_eq!(view.cell_color(Pos::new(1099, 699)), Some(Color32::RED));
    }

    /// Tiles made ahead a few at a time are the ones a resize to that size then uses, placed
    /// as a resize made at once places them; a resize to another size ignores them.
    #[test]
    fn tiles_made_ahead_are_the_ones_a_resize_uses() {
        let (width, height) = (1100, 700);
        let mut view = BoardView::new("test", 10, 10);
        assert_eq!(view.prepare_size(width, height, 0), (0, 6));
        assert_eq!(view.prepare_size(width, height, 4), (4, 6));
        assert_eq!(view.prepare_size(width, height, 4), (6, 6));
        assert_eq!(view.size(), (10, 10), "still the old board's until resized");
        view.resize(width, height);
        let at_once = BoardView::new("test", width, height);
        let places = |v: &BoardView| -> Vec<_> {
            v.tiles.iter().map(|t| (t.origin, t.image.size)).collect()
        };
        assert_eq!(places(&view), places(&at_once));
        assert_eq!(
            view.prepare_size(width, height, 3),
            (6, 6),
            "already that size"
        );

        view.prepare_size(300, 300, 1);
        view.resize(2000, 10);
        assert_eq!(places(&view), places(&BoardView::new("test", 2000, 10)));
        view.paint_rows(|y, xs, out| {
            for (color, x) in out.iter_mut().zip(xs) {
                *color = Color32::from_gray((x + y) as u8);
            }
        });
        assert_eq!(
            view.cell_color(Pos::new(1999, 9)),
            Some(Color32::from_gray(2008u32 as u8))
        );
        assert_eq!(
            view.cell_color(Pos::new(600, 3)),
            Some(Color32::from_gray(603u32 as u8))
        );
    }

    /// A new board's picture goes up over several frames, no frame sending more than its
    /// allowance (but always a tile), until the textures hold every cell; a change made
    /// meanwhile is not lost.
    #[test]
    fn a_big_picture_goes_up_over_frames_within_the_allowance() {
        let ctx = egui::Context::default();
        let (width, height) = (2000, 1500);
        let mut view = BoardView::new("test", width, height);
        let mut mirror = std::collections::HashMap::new();
        view.paint_all(|pos| Color32::from_gray((pos.x + 3 * pos.y) as u8));
        let mut sent = vec![];
        for frame_number in 0..20 {
            if frame_number == 1 {
                view.set_cell(Pos::new(3, 3), Color32::RED);
            }
            sent.push(frame(&ctx, &mut view, &mut mirror));
        }
        assert!(sent.iter().all(|&n| n <= UPLOAD_PER_FRAME), "{sent:?}");
        assert!(sent[0] > 0 && sent[1] > 0 && sent[2] > 0, "{sent:?}");
        let total: usize = sent.iter().sum();
        assert!(total >= width * height, "{sent:?}");
        assert_eq!(sent[19], 0, "all sent by then: {sent:?}");
        assert_textures_hold_the_view(&view, &mirror);
        assert_eq!(view.cell_color(Pos::new(3, 3)), Some(Color32::RED));
    }
}
