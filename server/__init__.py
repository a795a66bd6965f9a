"""Scryptic server package."""
