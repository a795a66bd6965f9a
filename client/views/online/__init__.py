"""Online play: connecting, the lobby, offers, your games and profiles."""
