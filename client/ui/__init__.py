"""Interface building blocks: theme, procedural textures, widgets and dialogs."""
