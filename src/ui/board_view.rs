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
const MAX_CELL: f32 = 160.0;

/// One texture covering a block of cells, with the block's pixels kept on the CPU side and
/// the rectangle changed since the last upload.
struct Tile {
    origin: (usize, usize),
    image: ColorImage,
    texture: Option<TextureHandle>,
    dirty: Option<(usize, usize, usize, usize)>,
}

impl Tile {
    fn mark(&mut self, x: usize, y: usize) {
        self.dirty = Some(match self.dirty {
            None => (x, y, x, y),
            Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
        });
    }

    fn upload(&mut self, ui: &Ui, name: &str) {
        // Crisp cells when zoomed in; averaged when a screen pixel covers many cells.
        let options = TextureOptions {
            magnification: egui::TextureFilter::Nearest,
            minification: egui::TextureFilter::Linear,
            ..TextureOptions::NEAREST
        };
        match (&mut self.texture, self.dirty.take()) {
            (None, _) => {
                self.texture = Some(ui.ctx().load_texture(name, self.image.clone(), options));
            }
            (Some(texture), Some((x0, y0, x1, y1))) => {
                let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
                let stride = self.image.size[0];
                let mut pixels = Vec::with_capacity(w * h);
                for y in y0..=y1 {
                    pixels.extend_from_slice(
                        &self.image.pixels[y * stride + x0..y * stride + x0 + w],
                    );
                }
                let patch = ColorImage::new([w, h], pixels);
                texture.set_partial([x0, y0], patch, options);
            }
            (Some(_), None) => {}
        }
    }
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
        self.width = width;
        self.height = height;
        self.tiles_across = width.div_ceil(TILE);
        self.tiles = (0..height.div_ceil(TILE))
            .flat_map(|ty| (0..self.tiles_across).map(move |tx| (tx, ty)))
            .map(|(tx, ty)| {
                let w = TILE.min(width - tx * TILE);
                let h = TILE.min(height - ty * TILE);
                Tile {
                    origin: (tx * TILE, ty * TILE),
                    image: ColorImage::filled([w, h], Color32::BLACK),
                    texture: None,
                    dirty: None,
                }
            })
            .collect();
        self.fit_pending = true;
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
            tile.dirty = Some((0, 0, w - 1, h - 1));
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
            self.cell = (rect.width() / self.width as f32)
                .min(rect.height() / self.height as f32)
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
        for (i, tile) in self.tiles.iter_mut().enumerate() {
            tile.upload(ui, &format!("{}-tile-{i}", self.id));
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
        self.painter.text(
            at,
            align,
            text,
            egui::FontId::monospace(size.max(5.0)),
            color,
        );
    }

    /// A thin line around a cell, inside it, so neighbouring cells' contents stay apart.
    pub fn cell_border(&self, pos: Pos, stroke: Stroke) {
        self.painter
            .rect_stroke(self.cell_rect(pos), 0.0, stroke, egui::StrokeKind::Inside);
    }
}
