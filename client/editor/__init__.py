"""The map editor: paint terrain and cities on a map, check it, save it, play it.

The model needs no window: :mod:`client.editor.paint` (paints and cell geometry),
:mod:`client.editor.history` (undoable commands), :mod:`client.editor.details` (what a map
says about itself), :mod:`client.editor.document` (the map being edited and every operation
on it) and its parts, :mod:`client.editor.sheet` (cells, details, undo),
:mod:`client.editor.document_checks` and :mod:`client.editor.city_ops`;
:mod:`client.editor.tools` (what the mouse does with each tool) and :mod:`client.editor.folders`
(the player's maps folder).

The Arcade screen is :mod:`client.editor.view`, with its parts: :mod:`~client.editor.layout`,
:mod:`~client.editor.board`, :mod:`~client.editor.palette`, :mod:`~client.editor.side_panel`
and :mod:`~client.editor.fairness_table`, :mod:`~client.editor.chrome` (top bar, status
line, toast), :mod:`~client.editor.keys`, :mod:`~client.editor.file_actions`, and the dialogs
(:mod:`~client.editor.dialogs`, :mod:`~client.editor.file_dialog`,
:mod:`~client.editor.map_dialogs`). Tiled maps are read and written by :mod:`shared.maps.tiled_export`;
:mod:`client.editor.tiled_tileset` draws the tileset for Tiled.
"""
