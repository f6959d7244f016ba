"""Game options: declared once per game, validated the same way everywhere.

Options arrive as Python values from the API, as ``key=value`` or bare flag
words from the command line, and as JSON from saves; one resolver turns all of
them into a complete, checked dict so that games never see a bad option.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidOptionError, meant, quoted

__all__ = ["OptionSpec", "resolve_options", "parse_option_words", "given_options"]

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, type, default, allowed values and help.

    ``label`` is the option's name for people ("Who starts"); ``seats`` marks an
    option whose values are seat numbers, which a table names by who sits there
    ("you", "the computer") rather than by number.
    """

    name: str
    kind: type  # bool or int
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    seats: bool = False

    def convert(self, value: Any, game: str, strict: bool = False) -> Any:
        """The option's value from ``value``; ``strict`` (JSON from the API) takes only
        JSON's own type (true/false, a whole number), where the command line and old
        saves may also give text ("yes", "4")."""
        if value is None and self.default is None:
            return None  # "not chosen": the game decides (e.g. a starter drawn from the seed)
        if strict:
            self._check_strict_type(value, game)
        if self.kind is bool:
            if isinstance(value, bool):
                result: Any = value
            elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                result = value.strip().lower() in _TRUE
            elif isinstance(value, int) and value in (0, 1):
                result = bool(value)
            else:
                raise InvalidOptionError(
                    f"option {self.name!r} of {game} is on or off: got {quoted(value)}, "
                    "expected true or false"
                )
        elif self.kind is int:
            try:
                if isinstance(value, bool):
                    raise TypeError
                result = int(value)
                if isinstance(value, float) and value != result:
                    raise TypeError
            except (TypeError, ValueError):
                raise InvalidOptionError(
                    f"option {self.name!r} of {game} takes a whole number: got {quoted(value)}"
                ) from None
        else:  # pragma: no cover - declared types are bool and int only
            raise TypeError(self.kind)
        if self.choices is not None and result not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptionError(
                f"option {self.name!r} of {game} must be one of {allowed}: got {quoted(value)}"
            )
        if self.minimum is not None and result < self.minimum:
            raise InvalidOptionError(
                f"option {self.name!r} of {game} must be at least {self.minimum}: got "
                f"{quoted(value)}"
            )
        if self.maximum is not None and result > self.maximum:
            raise InvalidOptionError(
                f"option {self.name!r} of {game} must be at most {self.maximum}: got "
                f"{quoted(value)}"
            )
        return result

    def _check_strict_type(self, value: Any, game: str) -> None:
        if self.kind is bool and not isinstance(value, bool):
            raise InvalidOptionError(
                f"option {self.name!r} of {game} is true or false: got {quoted(value)}"
            )
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidOptionError(
                f"option {self.name!r} of {game} takes a whole number: got {quoted(value)}"
            )

    @property
    def title(self) -> str:
        """The label for people, or the name made readable."""
        return self.label or self.name.replace("_", " ").capitalize()


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def given_options(options: object, game: str) -> dict[str, Any]:
    """``options=`` as a caller gave it (None for none), copied: a mapping of option
    names to values, or an ``InvalidOptionError`` saying so (``options=3`` said
    TypeError: 'int' object is not iterable, ``options="bars=3"`` a ValueError from
    ``dict``)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise InvalidOptionError(
            f"the options of {game} are a mapping of names to values, such as "
            f"{{'bars': 3}}, got {quoted(options)}"
        )
    return dict(options)


def resolve_options(
    specs: Iterable[OptionSpec], given: Mapping[str, Any], game: str, strict: bool = False
) -> dict[str, Any]:
    """Fill defaults and check every given option; unknown names are errors.

    ``strict`` (the web API): names exactly as declared and values of JSON's own
    types, so a typo or a loosely typed value is refused rather than guessed at.
    """
    by_name = {spec.name: spec for spec in specs}
    result = {name: spec.default for name, spec in by_name.items()}
    for raw_name, value in given.items():
        name = raw_name if strict else _key(raw_name)
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(f"{s.name} ({s.help})" for s in by_name.values()) or "none"
            guess = meant(name, {n: n for n in by_name})  # 'bar=3' -> bars, 'uno' -> uno_call
            hint = f" (did you mean {guess}?)" if guess else ""
            raise InvalidOptionError(
                f"{game} has no option {quoted(raw_name)}{hint}; its options are: {known}"
            )
        result[name] = spec.convert(value, game, strict)
    return result


def parse_option_words(words: Iterable[str]) -> dict[str, str | bool]:
    """Command-line options: ``key=value`` pairs or bare words meaning ``key=true``."""
    result: dict[str, str | bool] = {}
    for word in words:
        if "=" in word:
            key, _, value = word.partition("=")
            if not key.strip():
                raise InvalidOptionError(f"option {quoted(word)} has no name before '='")
            result[key.strip()] = value.strip()
        else:
            result[word.strip()] = True
    return result
