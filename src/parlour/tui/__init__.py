"""``parlour tui``: the games at a full-screen terminal card table (needs Textual,
the ``tui`` extra). Games are kept in the same store as the web app."""

from __future__ import annotations

from .app import ParlourApp

__all__ = ["ParlourApp"]
