"""The web app (``parlour serve``): a JSON API and a card table in the browser.

Needs the ``web`` extra (``python -m pip install -e ".[web]"``). Games are
stored in SQLite by default (PostgreSQL for several app servers) and survive
restarts; hidden cards never leave the server.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
