"""Scryptic client package."""
