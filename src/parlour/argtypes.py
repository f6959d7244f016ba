"""The ``parlour`` command's number flags, refused in plain sentences.

argparse words a value its ``type=int`` cannot read as "argument --seed: invalid
int value: 'abc'", and takes any whole number, so that ``--seed -1`` reached the
command and came back as "... must be a whole number from 0 to ..., got -1". Each
flag here reads its text itself and refuses it in one sentence that quotes the text
as typed and says what is accepted: "'abc' is not a deal number: give a whole
number from 0 to 9007199254740991". The CLI's parser drops argparse's "argument
--seed: " before such a sentence (it quotes the value first, so reads on its own).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .errors import ParlourError, quoted
from .service.policy import read_seed

__all__ = ["deal_number", "whole_number"]


def deal_number(text: str) -> int:
    """``--seed``: a deal number, in the table service's words (the web app's)."""
    try:
        return read_seed(text)
    except ParlourError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def whole_number(what: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """A flag's whole number from ``low`` (up to ``high``): ``what`` names it in the
    refusal ("'many' is not a number of games: give a whole number from 1 up")."""
    accepted = f"from {low} up" if high is None else f"from {low} to {high}"

    def convert(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = None
        if number is None or number < low or (high is not None and number > high):
            raise argparse.ArgumentTypeError(
                f"{quoted(text)} is not {what}: give a whole number {accepted}"
            )
        return number

    convert.__name__ = what.replace(" ", "_")
    return convert
