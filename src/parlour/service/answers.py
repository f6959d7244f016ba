"""The shapes of what the table service answers, as typed dicts.

Front ends read these; the web app hands the same types to FastAPI, which turns
them into its OpenAPI schema, so the JSON the browser gets and the schema at
``/openapi.json`` can never disagree. Plain dicts at run time: no third-party
package is needed to use the service (the terminal table has no pydantic).

pydantic reads typed dicts on Python 3.11 only when they come from
``typing_extensions`` (installed with the web app's FastAPI); without it the
standard library's serve, and :class:`MoveChoice` grows from the engine's
:class:`~parlour.core.protocol.MoveParts` made again that way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired

from ..core.protocol import MoveParts, SolveStatus

try:
    from typing_extensions import TypedDict
except ImportError:  # pragma: no cover - only without the web extra
    from typing import TypedDict

if TYPE_CHECKING:
    _MoveParts = MoveParts
else:

    def _twin(shape: type) -> type:
        """The engine's typed dict made again with this module's ``TypedDict``."""
        import typing

        return TypedDict(shape.__name__, typing.get_type_hints(shape, include_extras=True))

    _MoveParts = _twin(MoveParts)


class MoveChoice(_MoveParts):
    """A legal move's parts (the engine's :class:`~parlour.core.protocol.MoveParts`)
    as the reader may make it, with the table's warning where the move costs its maker
    by a rule its string does not show, in words (``note``: a wrong Wild Draw Four:
    "You hold a red card: a Wild Draw Four now is penalised: ..."; from the game's
    ``move_warning``, on the mover's own cards). Every front end shows the note where
    the person chooses the move."""

    note: NotRequired[str]


__all__ = [
    "Answer",
    "MoveChoice",
    "MoveKeyWords",
    "CatalogChoice",
    "CatalogGame",
    "CatalogLevel",
    "CatalogOption",
    "EndOfGame",
    "GameSummary",
    "GiveUpWords",
    "ListedWords",
    "HandEnd",
    "Hint",
    "Invitation",
    "LiveSeat",
    "LiveTable",
    "LiveWords",
    "LineStep",
    "LogEntry",
    "Progress",
    "Rematch",
    "Series",
    "Step",
    "Verdict",
    "WorkingWords",
]


class CatalogChoice(TypedDict):
    value: int | bool | None
    label: str


class CatalogOption(TypedDict):
    name: str
    label: str
    type: str
    default: int | bool | None
    help: str
    choices: list[CatalogChoice] | None
    minimum: int | None
    maximum: int | None


class CatalogLevel(TypedDict):
    name: str
    label: str


class GiveUpWords(TypedDict):
    """How a game names leaving it lost, the same in every front end: the player
    resigns, as the rules pages say, a patience's deal or a two-player game. The
    command, the API route and the outcome's result (``resigned``) have the same
    name; these are the words people are shown. (The field is ``give_up`` for the
    answers' readers that know it by that name.)"""

    #: The button's and the key's label: "Resign".
    label: str
    #: The same in a sentence, and the word a person may type: "resign".
    verb: str
    #: What it does to this game, as a button says it: "Resign this deal" (a
    #: patience), "Resign this game".
    action: str
    #: What a front end asks first: "Resign this deal?", "Resign this game?".
    question: str
    #: Under the question, what it does: "It counts as a loss." (a game in play); "The
    #: game stays lost, and undo can no longer reopen it." (a lost patience).
    detail: str
    #: The end's headline once done: "You resigned."
    headline: str
    #: A finished game's result, as a list of games shows it: "Resigned".
    result: str


class CatalogGame(TypedDict):
    name: str
    title: str
    summary: str
    players: int
    levels: list[str]
    level_labels: list[CatalogLevel]
    default_level: str | None
    #: The opponents that are people, with the words that offer them (a two-player
    #: game's: ``human``, two people at one table, and ``friend``; none for a patience).
    people: list[CatalogLevel]
    options: list[CatalogOption]
    help: str
    series: bool
    match: bool
    progress_label: str | None
    progress_total: int | None
    deals: list[str]
    rules_url: str
    #: How the game names resigning it ("Resign this deal?" a patience, "Resign this
    #: game?" a two-player game), as the answers' ``give_up`` for a game in play.
    give_up: GiveUpWords


class LogEntry(TypedDict):
    """One move of the game as the reader was told it: ``text`` its sentences, and
    ``events`` its events as data, each with its own sentence (``text``)."""

    n: int
    who: str
    move: str
    text: str
    events: list[dict[str, Any]]


class HandEnd(TypedDict):
    """A hand of a match is over (a ``hand_end`` event): what a front end keeps in view
    until the person asks for the next hand, which the engine dealt with the same move.
    Words from the reader's side, as the log's."""

    #: The hand's number (1 for the first).
    hand: int | None
    #: The seat that won it; None: blocked, nobody scores.
    winner: int | None
    #: "You win hand 6", "The computer wins hand 2", "Hand 3 is blocked".
    headline: str
    #: "You score 49 points.", "Nobody scores."
    detail: str
    points: int
    #: The loser's cards, shown to both, and whose they were ("The computer held:").
    shown: list[str]
    shown_text: str
    #: The match's running scores after the hand, by seat, and in words from the
    #: reader's side ("Match to 500: you 226, the computer 273"); None if untold.
    totals: list[int] | None
    totals_text: str | None
    #: The move's sentences before the hand ended (its last card), and after (the next
    #: hand's deal and who starts it): together, the move's ``text``.
    before: str
    after: str


class Step(TypedDict):
    """One move of the computer's reply, with the table after it."""

    move: str
    text: str
    events: list[dict[str, Any]]
    view: dict[str, Any]
    #: The hand of a match this move ended, if any.
    hand_end: HandEnd | None
    #: The counts after the status line for this view (see ``Answer.counts``).
    counts: str | None
    #: The same in fewer words, a line each, for a narrow screen (``Answer.counts_narrow``).
    counts_narrow: list[str] | None


class LineStep(Step):
    """One move of the solver's winning line, with the table after it and where it
    is in the line, so a front end can step through the line and count it without
    words of its own. Its ``text`` tells the solver's move, never "You play": the
    person did not play it."""

    #: This move's place in the line, from 1; 0 is the deal itself, before the
    #: line's first move (its ``move`` is empty and it has no events).
    number: int
    #: How many moves the line has.
    total: int
    #: The counter in words: "Move 12 of 280" ("The deal" at 0).
    counter: str


class Progress(TypedDict):
    value: int
    total: int | None
    label: str | None


class Series(TypedDict):
    number: int
    totals: list[int]


class EndOfGame(TypedDict):
    """The end of a game, for the panel over the table."""

    result: str
    headline: str
    detail: str
    score: int | None
    #: Whose the score is, as every front end labels it: "Your score", "The
    #: computer's score" (the winner's, where two play); "Score" for a patience.
    score_label: str
    final: bool
    totals: list[int] | None
    progress: Progress | None
    streak: int | None
    best_streak: int | None
    best: int | None
    #: The streak and the best in words, the same in every front end ("no wins
    #: yet", "2 wins in a row (longest 3)"; "18 points", "no record yet").
    streak_text: str | None
    best_text: str | None
    #: Two people at one table: their games of this game so far, by who won them
    #: ("Player 1 won 3, Player 2 won 2"), in place of a streak and a best (such
    #: games are not the person's own: none of these is theirs); None elsewhere.
    one_table: str | None
    #: The same, short enough for a phone's line beside a label ("Games won"):
    #: "Player 1 (3), Player 2 (2)", "..., 1 draw"; None elsewhere.
    one_table_won: str | None
    #: The moves played (every seat's), and the seconds the game was played: each wait
    #: between two moves counts up to two minutes, a longer one was a break (a game
    #: played over several sittings counts its time at the table, not its span); None
    #: for a game from before games kept their time.
    moves: int
    seconds: float | None
    #: Both in words, as every front end says them: "112 moves in 4 min 12 s".
    played_text: str
    deal: int | str | None
    next: list[str]


class LiveSeat(TypedDict):
    """One seat of a game between two people in two browsers."""

    #: The name its person chose ("the computer" when the computer plays it).
    name: str
    you: bool
    #: ``person``, ``computer``, or ``empty`` (the invitation is not taken yet).
    kind: str
    #: The person has the game open now (on any app server).
    present: bool
    #: Seconds since the person was last at the table (None while present or never seen).
    away: float | None


class Rematch(TypedDict):
    """Where the offer of the next game stands at a friend's table once a game is over:
    nothing starts until both agree (one offers, the other accepts or declines, and the
    one who offered may withdraw)."""

    #: None (nobody offered yet), ``offered_by_you``, ``offered_by_them``,
    #: ``declined_by_you``, ``declined_by_them``, ``withdrawn_by_you``,
    #: ``withdrawn_by_them``, ``accepted_by_you`` or ``accepted_by_them`` (the next
    #: game is made: ``next``).
    state: str | None
    #: What to tell this person about it (None: nothing).
    text: str | None
    #: The label of the button that offers the next game.
    offer: str
    #: The labels of the buttons that accept or decline the other's offer, and that
    #: withdraw one's own ("Accept", "Decline", "Withdraw the offer").
    accept: str
    decline: str
    withdraw: str


class LiveWords(TypedDict):
    """The live bar's words at a friend's table (:func:`~parlour.service.words.live_bar_words`):
    its buttons, and what it says of the one opposite."""

    #: The button that sits the computer in the other seat ("Play the computer instead"
    #: while nobody took the invitation, else "Let the computer play for Bob").
    seat_computer: str
    #: The button that takes one's seat back from the computer.
    take_seat: str
    #: The button that claims the win over the one away ("Claim the win (Bob left)").
    claim: str
    #: The wait before that, its count-down at ``{time}`` ("Bob is away: you may claim
    #: the win in {time}.").
    claim_wait: str
    #: The pause button, as the pause stands ("Ask to pause", "Agree to pause", ...).
    pause: str
    #: The other's request to pause, said (None unless they asked).
    pause_asked: str | None
    #: While it is the other's move ("Waiting for Bob…").
    waiting: str


class WorkingWords(TypedDict):
    """What a table says while the service works on what its person asked
    (:func:`~parlour.service.words.working_words`), the same in every front end: the web
    app's hint button and status line, the terminal table's status line."""

    #: The hint button's label while a hint is worked out, and the terminal table's
    #: status line then: "Thinking…".
    hint: str
    #: The hint button's tooltip then (a front end adds its key): "Thinking of a hint…".
    hint_title: str
    #: Said when the hint is asked for again before the first one is answered: "Still
    #: thinking about a hint…".
    hint_again: str
    #: While the solver works on a finished patience's verdict: "The solver is
    #: looking at this deal…".
    verdict: str
    #: While it finds its winning line, to show it: "The solver is finding its winning
    #: line…".
    verdict_line: str
    #: The status line while a move, an undo, a redo or a resignation is answered:
    #: "The computer is thinking…" where the computer plays a seat of this table (its
    #: reply comes in the same answer), else "Working…".
    call: str


class CommandWords(TypedDict):
    """One of a table's commands as every front end names it
    (:func:`~parlour.service.words.command_words`): the web table's button and its
    tooltip's key, the terminal table's key bar, so the two say the same thing for
    the same action."""

    #: The button's words: "Undo", "New deal", "Resign", "Keys".
    label: str
    #: The key that does it at every table that reads keys ("U", "?"), as a tooltip
    #: shows it ("Undo (U)"); None: no key (the web's link to the games).
    key: str | None
    #: The same in a key bar, after its key: "undo", "new deal" ("u undo").
    short: str
    #: Asked before it is done, where it is ("Start a new deal?" once a game is in
    #: play, "Resign this deal?"); None: never asked.
    question: str | None


class TableCommands(TypedDict):
    """The commands of a game's table, by action, in the service's words (see
    :class:`CommandWords`)."""

    undo: CommandWords
    redo: CommandWords
    hint: CommandWords
    #: "New deal", "New match" (a match: its view has a target score), "New game" (a
    #: game of a series, which starts the series over).
    new: CommandWords
    #: The answer's ``give_up`` label and question.
    resign: CommandWords
    #: The keys that work at this table (the terminal table's page has the rules after).
    keys: CommandWords
    log: CommandWords
    #: Back to the list of games.
    games: CommandWords


class LiveTable(TypedDict):
    """The table of a game between two people: who sits where, who is here, and what
    each may do about an absent or a tired opponent."""

    #: The record's version: a front end ignores any answer older than the one it shows.
    version: int
    seats: list[LiveSeat]
    #: The invitation's token (to the owner only, while the second seat is free).
    invite: str | None
    #: None, ``asked_by_you``, ``asked_by_them`` or ``paused``.
    pause: str | None
    #: How long the other must be away before the win may be claimed, in seconds.
    claim_after: float
    #: Seconds until the win may be claimed (0: now; None: not while they are here,
    #: nor on your own move: only their turn counts).
    claim_in: float | None
    #: The computer may take the other seat now (nobody took it, or its person is away).
    can_seat_computer: bool
    #: The computer plays your own seat (you were away): you may take it back.
    can_take_seat: bool
    #: The game that follows this one (next of a series, or a new match), once made.
    next: str | None
    #: The offer of that game, where both must agree (None: the game goes on, or the
    #: other seat has nobody to ask).
    rematch: Rematch | None
    #: The bar's buttons and sentences, in the service's words.
    words: LiveWords


class Invitation(TypedDict):
    """What a live, unused invitation tells whoever holds it, before they choose a
    name: which game, and who invites them."""

    #: The game's registry name (``uno``) and its title for people (``UNO``).
    game: str
    title: str
    #: The name the person who invites chose, if they gave one.
    inviter: str | None
    #: The asker sits at this game already (its owner, or the friend who took the
    #: seat opening their link again): the table, not the name form, is for them.
    seated: bool


class MoveKeyWords(TypedDict):
    """A one-word move and the key that plays it in every front end (the game's
    :class:`~parlour.core.protocol.MoveKey`): the terminal table's key, and the letter
    ``parlour play`` takes typed alone for the move."""

    #: The move the key plays, as the notation writes it ("draw", "deal").
    move: str
    #: One lower-case letter ("d"); a front end takes either case.
    key: str
    #: What it does, as a button says it ("play the drawn card").
    label: str
    #: The same in a key bar's fewer words ("play drawn"; else the label).
    short: str


class SeatName(TypedDict):
    """How the reader's table names one seat, so that a front end draws its labels
    and score lines in the same words as the service's sentences."""

    #: "you", "the computer", the name a friend chose ("Ann"), or "Player 1" and
    #: "Player 2" when two people share one table (nobody there is "you").
    name: str
    #: The seat's things: "your", "the computer's", "Ann's", "Player 1's".
    whose: str


class HandOver(TypedDict):
    """Two people at one table, after a move that passed the turn: the screen goes to
    the next person before it shows their cards (the answer is still the mover's)."""

    #: The seat to hand the screen to (the player to move).
    seat: int
    #: What the screen says meanwhile: "Player 2's turn: pass the screen to Player 2."
    text: str
    #: The words of what the next person does to see the table: "Show Player 2's cards".
    show: str
    #: And of what the mover may do instead, where the one undo rule allows (the
    #: answer's ``can_undo``): "Take your move back".
    take_back: str


class Answer(TypedDict):
    """A game as one person at the table sees it, after whatever they asked."""

    id: str
    game: str
    title: str
    players: int
    opponent: str | None
    options: dict[str, Any]
    seat: int
    deal: str
    day: str | None
    view: dict[str, Any]
    #: The counts a front end shows after the status line, in the service's words
    #: (Chinese Patience: "Cards left (hand and discard pile): you 18, the computer
    #: 0; 3 of 60 turns without a card to a foundation."; UNO: "Match to 500: Player 1
    #: (0), Player 2 (0); hand 1."; a patience: "12 of 52 cards on the foundations; 34
    #: in the stock."); None: the game has no counts.
    counts: str | None
    #: The same counts in fewer words, one item a line, for a narrow screen (a phone):
    #: ["Cards left: you 18, the computer 0.", "3 of 60 turns, no card to a
    #: foundation."]; a patience's one line, ["Foundations: 12 of 52; 34 in the stock."].
    counts_narrow: list[str] | None
    #: The most lines ``counts_narrow`` has in this game, from the deal to the end (2
    #: for Chinese Patience, whose count towards a blocked game is not said after a
    #: win; 1 for a match or a patience; 0: none): a phone keeps room for them the whole game.
    counts_lines: int
    legal_moves: list[str]
    moves: list[MoveChoice]
    #: What each of ``moves`` does, in the same order, said to the reader as a hint
    #: says it, its card as people read it ("play blue 5", "put 7♦ from the stock on
    #: W3"), the seats named as this table names them (``parlour play``'s ``moves``
    #: lists them beside the strings to type).
    move_texts: list[str]
    #: The moves that win the game from here when nothing is left to choose or to find
    #: out (a patience's last cards, every one in view, each going home in turn: the
    #: game's ``finishing_line``), which a table may play by themselves after the
    #: person's own move; empty otherwise, and when it is not the reader's turn.
    finish: list[str]
    #: The reader's cards that a number picks, number 1 first (UNO's hand as the game
    #: keeps it; empty for a game without a hand): every front end numbers from it.
    numbered: list[str]
    status: str
    to_move: int | None
    your_turn: bool
    moves_played: int
    can_undo: bool
    undo_refusal: str | None
    #: Whether the reader may ask for a hint now (never against a person), and if
    #: not, why: the one rule of :func:`parlour.service.policy.check_hint`.
    can_hint: bool
    hint_refusal: str | None
    can_redo: bool
    final: bool
    outcome: dict[str, Any] | None
    result: str | None
    end: EndOfGame | None
    log: list[LogEntry]
    log_start: int
    computer_moves: list[Step]
    message: str | None
    played: Step | None
    series: Series | None
    progress: Progress | None
    created: float
    updated: float
    #: A game between two people in two browsers: its table (None otherwise).
    live: LiveTable | None
    #: Each seat, by number, as this reader's table names it (empty for a patience).
    names: list[SeatName]
    #: Who plays, in the words after the game's title: "against the computer",
    #: "against Ann", "for two people at one table" (None for a patience).
    who_plays: str | None
    #: Two people at one table, the turn passed to the other: hand the screen over.
    hand_over: HandOver | None
    #: Two people at one table, the screen just taken for one's turn (asked for with
    #: one's seat): what the other did since one's own last move, in the log's
    #: sentences told from one's own side, so never a card the other drew ("Player 1
    #: plays green 5. Player 1 draws a card."); None elsewhere, or when nobody did.
    meanwhile: str | None
    #: How this game names resigning it, now: the words of the button or key, its
    #: question, and the headline after ("Resign", "Resign this deal?" for a patience,
    #: "Resign this game?" for a two-player game, "You resigned.").
    give_up: GiveUpWords
    #: Each pile of the move notation with its long name, for a newcomer: "T1": "row 1
    #: of the tableau", "9": "the computer's discard pile" (the game's ``pile_legend``,
    #: seat piles from this reader's side); empty where moves name no pile (UNO).
    piles: dict[str, str]
    #: The game's one-word moves with their keys, as this table's options have them
    #: (UNO's ``catch`` only with ``uno_call``): every front end offers these keys and
    #: resolves each to its move, so a key plays the same move everywhere. A legal
    #: move's parts name its one-word move where its string says more (``word``).
    move_keys: list[MoveKeyWords]
    #: What the table says while the service works on a hint or a move (see
    #: :class:`WorkingWords`): no front end writes its own.
    working: WorkingWords
    #: The table's commands (undo, redo, a hint, a new game, resigning, the keys, the
    #: log, the games) in the words and keys every front end shows (see
    #: :class:`TableCommands`): no front end writes its own.
    commands: TableCommands
    seed: NotRequired[int | str]


class ListedWords(TypedDict):
    """The line a list of games shows, in the service's words: the deal ("Deal of the
    day, 26 November 2026", "Winnable deal", "Deal 7" where its number may be shown,
    "Random deal"), the moves made ("1 move"), how far the game has got ("12 of 52
    cards on the foundations"; None for a game without such a measure), who plays
    ("against the computer"; None for a patience) and when it was last played ("5
    minutes ago", "yesterday", a date from a week on)."""

    deal_text: str
    moves_text: str
    progress_text: str | None
    who_plays: str | None
    played_text: str


class GameSummary(ListedWords):
    """One line of a player's list of games (its words: :class:`ListedWords`)."""

    id: str
    game: str
    title: str
    opponent: str | None
    options: dict[str, Any]
    moves_played: int
    created: float
    updated: float
    finished: bool
    final: bool
    outcome: dict[str, Any] | None
    result: str | None
    #: The result in words for a list: "Won", "Lost", "Draw", "Resigned"; None while
    #: the game is in play.
    result_text: str | None
    #: The score for a list's column, whose it is where two play ("22 to the
    #: computer"); "" without a score.
    score_text: str
    headline: str | None
    seed: NotRequired[int | str]
    #: The kind of deal chosen when it was not a random one: "winnable" or "daily".
    deal: NotRequired[str]


class Verdict(TypedDict):
    """The solver's verdict on a finished patience's deal: ``status`` as the solver
    gives it (``"unknown"``: undecided), ``text`` the sentence people read."""

    status: SolveStatus
    text: str
    moves: list[str] | None
    nodes: int
    seconds: float


class Hint(TypedDict):
    """A suggested move: its string (to send; empty when no move leads anywhere,
    and nothing is suggested), the computer player's reason, and the sentence every
    front end shows ("Hint: plays blue 5: leaves blue in play ..."); ``stuck`` when the
    player found that no move leads anywhere (the game's status now says so: fetch
    the game again to show it)."""

    move: str
    reason: str
    text: str
    stuck: bool
