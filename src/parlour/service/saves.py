"""Save files a person keeps: the deal of a game that can still be played is sealed,
unless the person chose it.

A save replays its moves on loading, so it must name its deal. A plain deal number
in the file of a game still in play would let its owner deal the game again with
``parlour.new_game`` and read every hidden card, so the table seals the deal of an
unfinished game: ``sealed`` holds the seed and deck encrypted and authenticated with
a key kept in the store (a pseudo-random keystream and a tag, both HMAC-SHA256 under
separate labels: encrypt-then-MAC from the standard library). Such a save loads with
the store that wrote it; a store that keeps nothing (``:memory:``) refuses to write
one (:class:`SaveRefusedError`), since its key ends with it.

A save is plain, and loads anywhere (with ``parlour.load_game`` too), when the game is
final, or when the saver chose its deal (a seed or a deck they gave: it tells them
nothing they did not know; see :func:`parlour.service.policy.chose_the_deal`). Only
the seal says what a sealed save's deal is: its plain ``meta`` cannot claim a chosen
deal or a deck.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from typing import Any

from ..core.session import SAVE_FORMAT, SAVE_VERSION, Game
from ..errors import InvalidSaveError, ParlourError

__all__ = [
    "SEALED_VERSION",
    "SaveRefusedError",
    "new_key",
    "open_save",
    "save_data",
    "seal",
    "unseal",
]

#: The save version that may carry a sealed deal (plain saves keep ``SAVE_VERSION``).
SEALED_VERSION = 2
_NONCE = 16
_TAG = 32
#: Fields of a save's plain ``meta`` that would say the deal is known: a sealed save's
#: deal is never one the person chose, and its deck is inside the seal.
_DEAL_CLAIMS = ("chosen_seed", "deck")


class SaveRefusedError(ParlourError):
    """A save that could never be loaded (its sealing key would not outlive the store)."""


def new_key() -> str:
    return secrets.token_hex(32)


def _keystream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = []
    for counter in range((length + 31) // 32):
        block = counter.to_bytes(8, "big")
        blocks.append(hmac.new(key, b"parlour-seal" + nonce + block, hashlib.sha256).digest())
    return b"".join(blocks)[:length]


def _tag(key: bytes, nonce: bytes, body: bytes) -> bytes:
    return hmac.new(key, b"parlour-tag" + nonce + body, hashlib.sha256).digest()


def seal(deal: dict[str, Any], key: str) -> str:
    """``deal`` (seed and deck) as an opaque token only ``key`` opens."""
    raw = bytes.fromhex(key)
    plain = json.dumps(deal, sort_keys=True).encode()
    nonce = secrets.token_bytes(_NONCE)
    body = bytes(a ^ b for a, b in zip(plain, _keystream(raw, nonce, len(plain)), strict=True))
    return base64.urlsafe_b64encode(nonce + body + _tag(raw, nonce, body)).decode()


def unseal(token: str, key: str) -> dict[str, Any]:
    """The deal a token holds; :class:`InvalidSaveError` if it is not this store's."""
    try:
        data = base64.urlsafe_b64decode(token.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        raise InvalidSaveError("the save's sealed deal is damaged") from None
    if len(data) < _NONCE + _TAG:
        raise InvalidSaveError("the save's sealed deal is damaged")
    raw = bytes.fromhex(key)
    nonce, body, tag = data[:_NONCE], data[_NONCE:-_TAG], data[-_TAG:]
    if not hmac.compare_digest(tag, _tag(raw, nonce, body)):
        raise InvalidSaveError(
            "this save holds a game in play whose deal is sealed with the key of the store "
            "that saved it: load it there (the same machine and --db); a finished game's "
            "save, or one of a deal you chose, loads anywhere"
        )
    plain = bytes(a ^ b for a, b in zip(body, _keystream(raw, nonce, len(body)), strict=True))
    deal: dict[str, Any] = json.loads(plain)
    return deal


def save_data(game: Game, plain: bool, key: str) -> dict[str, Any]:
    """The save of ``game``: plain when its deal may be known (``plain``: the game is
    final, or the saver chose the deal), its deal sealed otherwise."""
    data = game.to_dict()
    if plain:
        return data
    data["version"] = SEALED_VERSION
    data["sealed"] = seal({"seed": data.pop("seed"), "deck": data.pop("deck")}, key)
    return data


def open_save(text: str | bytes, key: str) -> dict[str, Any]:
    """A save's fields with its deal unsealed, ready for ``parlour.load_game``."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise InvalidSaveError(f"not a parlour save: the file is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidSaveError(
            f"not a parlour save: expected a JSON object with format {SAVE_FORMAT!r}"
        )
    if data.get("version") == SEALED_VERSION:
        token = data.pop("sealed", None)
        if not isinstance(token, str):
            raise InvalidSaveError("save field 'sealed' must hold the sealed deal")
        deal = unseal(token, key)
        data.update(seed=deal.get("seed"), deck=deal.get("deck"), version=SAVE_VERSION)
        meta = data.get("meta")
        if isinstance(meta, dict):
            for claim in _DEAL_CLAIMS:
                meta.pop(claim, None)
    return data
