"""Scryptic shared package."""
