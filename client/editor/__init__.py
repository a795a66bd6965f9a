"""The map editor (issue 7): paint terrain and cities on a map, check it, save it, play it.

The model needs no window: :mod:`client.editor.paint` (paints and cell geometry),
:mod:`client.editor.history` (undoable commands), :mod:`client.editor.document` (the map
being edited and every operation on it) and :mod:`client.editor.tools` (what the mouse does
with each tool). :mod:`client.editor.view` is the Arcade screen on top of them.
"""
