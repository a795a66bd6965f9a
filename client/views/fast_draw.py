"""Drawing less per frame: software OpenGL is fill-rate bound, so static layers are cached.

- :class:`CachedLayer`: something drawn into an off-screen framebuffer once, then copied to
  its rectangle of the screen each frame (one textured quad, no blending) until it changes.
  The board's stones, cities and brass surround live in one.
- :class:`PartialUIManager`: a UIManager that copies its (window-sized) surface only over the
  rectangles where the widgets are, instead of over the whole window every frame, and lays its
  widgets out only when asked to (Arcade lays out every widget on every frame otherwise).

Measured on Mesa llvmpipe (2 cores): a full-window clear costs about 1.5-2.5 ms, a full-window
textured copy about 4 ms, so the game screen clears nothing: its panels tile the window and
each copies its own opaque layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import arcade
from arcade.gl import Framebuffer, Texture2D
from arcade.gl.geometry import quad_2d_fs
from arcade.gui import UIManager


class CachedLayer:
    """An off-screen picture of one screen rectangle, redrawn only when marked dirty."""

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.ctx = window.ctx
        self.fbo: Framebuffer | None = None
        self.texture: Texture2D | None = None
        self.size = (0, 0)
        self.dirty = True
        self.renders = 0
        self._quad = quad_2d_fs()

    def _ensure(self, width: float, height: float) -> None:
        size = (max(1, int(width)), max(1, int(height)))
        if size == self.size and self.fbo is not None:
            return
        texture = self.texture = self.ctx.texture(size, components=4)
        texture.filter = self.ctx.NEAREST, self.ctx.NEAREST
        self.fbo = self.ctx.framebuffer(color_attachments=[texture])
        self.size = size
        self.dirty = True

    def draw(self, left: float, bottom: float, width: float, height: float,
             paint: Callable[[tuple[int, int]], None], clear: tuple[int, int, int, int] = (0, 0, 0, 0),
             blend: bool = True) -> None:
        """Copy the cached picture to the rectangle; ``paint(size)`` redraws it first if dirty.

        ``paint`` draws with the framebuffer active and its viewport at (0, 0, width, height).
        """
        self._ensure(width, height)
        fbo, texture = self.fbo, self.texture
        assert fbo is not None and texture is not None  # made by _ensure
        if self.dirty:
            with fbo.activate():
                fbo.clear(color=clear)
                paint(self.size)
            self.window.default_camera.use()
            self.dirty = False
            self.renders += 1
        ctx = self.ctx
        saved = ctx.viewport
        ctx.viewport = (int(left), int(bottom), self.size[0], self.size[1])
        texture.use(0)
        if blend:
            with ctx.enabled(ctx.BLEND):
                self._quad.render(ctx.utility_textured_quad_program)
        else:
            ctx.disable(ctx.BLEND)
            self._quad.render(ctx.utility_textured_quad_program)
            ctx.enable(ctx.BLEND)
        ctx.viewport = saved


    def restore(self, left: float, bottom: float, part: tuple[float, float, float, float]) -> bool:
        """Copy back only ``part`` (l, b, w, h, in screen pixels) of the picture drawn at (left,
        bottom): what moved there last frame is covered again. False if there is no picture yet."""
        if self.fbo is None or self.dirty:
            return False
        from arcade.gl.backends.opengl.framebuffer import OpenGLFramebuffer
        from pyglet import gl

        assert isinstance(self.fbo, OpenGLFramebuffer)  # the copy below is plain OpenGL
        x0, y0 = int(part[0] - left), int(part[1] - bottom)
        x1, y1 = x0 + int(part[2]), y0 + int(part[3])
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.size[0], x1), min(self.size[1], y1)
        if x1 <= x0 or y1 <= y0:
            return True
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, self.fbo.glo.value)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, 0)
        gl.glReadBuffer(gl.GL_COLOR_ATTACHMENT0)
        gl.glDrawBuffer(gl.GL_BACK)
        gl.glBlitFramebuffer(x0, y0, x1, y1, int(left) + x0, int(bottom) + y0, int(left) + x1, int(bottom) + y1,
                             gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        self.ctx.screen.use(force=True)
        return True


def screen_camera(size: tuple[int, int], left: float, bottom: float) -> arcade.Camera2D:
    """A camera for painting a layer with window coordinates: (left, bottom) maps to its corner."""
    w, h = size
    return arcade.Camera2D(viewport=arcade.LBWH(0, 0, w, h), position=(left + w / 2, bottom + h / 2))


class PartialUIManager(UIManager):
    """Draws its widgets only over the given screen rectangles (l, b, w, h).

    Layout runs after :meth:`add`, :meth:`clear` or :meth:`request_layout` only: call the
    latter when a widget's text or size changes (a state change such as hover or disabled
    needs no layout, only a render, which the widgets request themselves).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.layout_needed = True
        self.layouts = 0

    def request_layout(self) -> None:
        self.layout_needed = True

    def add(self, *args, **kwargs):
        self.layout_needed = True
        return super().add(*args, **kwargs)

    def clear(self) -> None:
        self.layout_needed = True
        super().clear()

    def on_resize(self, width: int, height: int):
        self.layout_needed = True
        return super().on_resize(width, height)

    def _layout_if_needed(self) -> None:
        if self.layout_needed:
            self.layout_needed = False
            self.layouts += 1
            self.execute_layout()

    def needs_render(self) -> bool:
        """True if a widget changed since it was last drawn (the window must draw a frame)."""
        if self.layout_needed or self._requires_render:
            return True
        return any(getattr(w, "_requires_render", False) for w in self.walk_widgets())

    def content_areas(self, pad: float = 10) -> list[tuple[float, float, float, float]]:
        """Rectangles (l, b, w, h) that hold every widget: the top-level widgets, or the children
        of a top-level layout that spans the whole window (an anchor layout used for placing)."""
        self._layout_if_needed()
        w, h = self.window.width, self.window.height
        rects = []
        for layer in self.children.values():
            for top in layer:
                spans = top.rect.width >= w and top.rect.height >= h
                for widget in (top.children if spans else [top]):
                    if widget.visible:
                        r = widget.rect
                        rects.append((r.left - pad, r.bottom - pad, r.width + 2 * pad, r.height + 2 * pad))
        return rects

    def draw_content(self, pad: float = 10) -> None:
        """Draw the widgets, copying the UI surface only where they are."""
        self.draw_areas(self.content_areas(pad))

    def draw_areas(self, areas: Iterable[tuple[float, float, float, float]]) -> None:
        self._layout_if_needed()
        ctx = self.window.ctx
        with ctx.enabled(ctx.BLEND), self._render_to_surface_camera.activate():
            self._do_render()
        with self.camera.activate(), ctx.enabled(ctx.BLEND):
            for layer in sorted(self.children.keys()):
                surface = self._get_surface(layer)
                for area in areas:
                    surface.draw(area=arcade.LBWH(*area))
