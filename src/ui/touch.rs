//! Touch screens: once a touch is seen (or the browser says its pointer is a finger), every
//! control is at least [`TARGET`] points high and spaced for a finger, and what the user
//! reads about keys and the mouse can say what a finger does instead. The flag lives in
//! egui's memory (for this run, not saved: a laptop's touch screen counts once touched).

use egui::{Context, Id, Style, vec2};

/// The smallest control on a touch screen, in points (CSS pixels at 100%): Apple's and
/// Google's guidance for a finger (44 pt, 48 dp).
pub const TARGET: f32 = 44.0;

fn flag_id() -> Id {
    Id::unique("frontier-touch")
}

/// Whether controls are sized for a finger.
pub fn active(ctx: &Context) -> bool {
    ctx.data(|d| d.get_temp(flag_id())).unwrap_or(false)
}

/// Sizes the controls for a finger from now on (the page's coarse pointer, a touch seen).
pub fn set_active(ctx: &Context) {
    if active(ctx) {
        return;
    }
    ctx.data_mut(|d| d.insert_temp(flag_id(), true));
    ctx.all_styles_mut(finger_sized);
    ctx.request_repaint();
}

/// Turns touch sizing on when this frame brought a touch.
pub fn notice_touches(ctx: &Context) {
    let touched = ctx.input(|i| (i.events.iter()).any(|e| matches!(e, egui::Event::Touch { .. })));
    if touched {
        set_active(ctx);
    }
}

/// A style whose controls a finger can hit: buttons, fields, check boxes, combo boxes and
/// sliders [`TARGET`] high, more room between them, wider scroll bars and panel edges.
pub fn finger_sized(style: &mut Style) {
    let spacing = &mut style.spacing;
    spacing.interact_size = vec2(spacing.interact_size.x.max(TARGET), TARGET);
    spacing.item_spacing = vec2(8.0, 6.0);
    spacing.button_padding = vec2(12.0, 4.0);
    spacing.icon_width = 24.0;
    spacing.icon_width_inner = 12.0;
    spacing.icon_spacing = 8.0;
    spacing.slider_rail_height = 10.0;
    spacing.scroll.bar_width = 14.0;
    spacing.scroll.floating_width = 6.0;
    style.interaction.interact_radius = 8.0;
    style.interaction.resize_grab_radius_side = 16.0;
    style.interaction.resize_grab_radius_corner = 20.0;
}

/// A window closable by the × in its title bar with a mouse. That × is as small as the
/// title's text; on a touch screen it is left out, and the window's own button (every one
/// has its Close, Cancel or OK) closes it.
pub fn closable<'open>(
    window: egui::Window<'open>,
    ctx: &Context,
    open: &'open mut bool,
) -> egui::Window<'open> {
    if active(ctx) {
        window
    } else {
        window.open(open)
    }
}

/// The width of a collapsed side panel's strip: its button is a finger's width on a touch
/// screen.
pub fn strip_width(ctx: &Context) -> f32 {
    if active(ctx) {
        TARGET + 4.0
    } else {
        super::side_panels::STRIP_WIDTH
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_touch_sizes_every_control_for_a_finger_once() {
        let ctx = Context::default();
        let height = |theme| ctx.style_of(theme).spacing.interact_size.y;
        assert!(!active(&ctx));
        assert!(height(egui::Theme::Dark) < TARGET);
        assert_eq!(strip_width(&ctx), crate::ui::side_panels::STRIP_WIDTH);
        set_active(&ctx);
        assert!(active(&ctx));
        // Both themes: a switch of theme keeps the size.
        assert_eq!(height(egui::Theme::Dark), TARGET);
        assert_eq!(height(egui::Theme::Light), TARGET);
        assert_eq!(strip_width(&ctx), TARGET + 4.0);
    }
}
