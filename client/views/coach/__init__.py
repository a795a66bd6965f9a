"""The guided tour's coach: its panel, parchment art and text, and the screen after the tour."""
