"""The web app (``parlour serve``): a JSON API and a card table in the browser.

Needs the ``web`` extra (``python -m pip install -e ".[web]"``). Games are
stored in SQLite by default (PostgreSQL for several app servers) and survive
restarts; hidden cards never leave the server.

Only :func:`create_app` needs FastAPI, so it is imported on first use. The
games themselves are kept by the table service (:mod:`parlour.service`), which
the terminal table and ``parlour play`` share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module 'parlour.web' has no attribute {name!r}")
