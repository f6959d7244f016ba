"""Placeholder: this game is being written."""
