"""The table's rules, one test each: final games, the one undo rule, who may act, and
what an answer shows (see ``parlour.service.policy``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.errors import GameOverError, IllegalMoveError, InvalidSaveError, ParlourError
from parlour.service import HUMAN, TableService, open_service

ME = "me"


@pytest.fixture
def table() -> TableService:
    return open_service(":memory:")


@pytest.fixture
def kept(tmp_path: Path) -> TableService:
    """A table over a store on disk: it keeps the key that seals saves."""
    return open_service(str(tmp_path / "kept.db"))


def lose_a_patience(table: TableService) -> dict[str, Any]:
    """A Calculation game on a random deal played to a loss by always taking the first
    legal move (which wins next to never: a won game is simply dealt again)."""
    while True:
        answer: Any = table.start(ME, "calculation")
        while answer["outcome"] is None:
            answer = table.play(ME, answer["id"], answer["legal_moves"][0])
        if answer["result"] == "lost":
            return dict(answer)


def test_a_random_deal_shows_no_seed_until_it_is_final(table: TableService) -> None:
    answer = table.start(ME, "gate")
    assert "seed" not in answer and answer["final"] is False
    assert 0 <= table.store.get(answer["id"]).seed < 2**53  # type: ignore[union-attr]
    over = table.resign(ME, answer["id"])
    assert over["final"] is True and over["seed"] == over["end"]["deal"]  # type: ignore[index]


def test_a_chosen_seed_is_shown_as_it_is(table: TableService) -> None:
    assert table.start(ME, "gate", seed=7)["seed"] == 7


def test_a_lost_patience_is_over_but_not_final(table: TableService) -> None:
    lost = lose_a_patience(table)
    assert lost["final"] is False and "seed" not in lost
    assert lost["end"]["next"][0] == "undo" and lost["can_undo"] is True
    back = table.undo(ME, lost["id"])
    assert back["outcome"] is None, "undo takes a lost patience back into play"
    table.redo(ME, lost["id"])
    left = table.resign(ME, lost["id"])
    assert left["final"] is True and left["result"] == "lost" and "seed" in left
    with pytest.raises(GameOverError):
        table.undo(ME, lost["id"])


def test_a_won_or_resigned_game_is_final_and_cannot_be_taken_back(table: TableService) -> None:
    answer = table.start(ME, "gate", seed=1)
    answer = table.play(ME, answer["id"], answer["legal_moves"][0])
    over = table.resign(ME, answer["id"])
    assert over["final"] and over["can_undo"] is False and over["undo_refusal"]
    for command in (table.undo, table.redo, table.resign):
        with pytest.raises(GameOverError):
            command(ME, answer["id"])


def test_in_a_patience_every_move_can_be_taken_back(table: TableService) -> None:
    answer = table.start(ME, "calculation", seed=4)
    for _ in range(10):
        answer = table.play(ME, answer["id"], answer["legal_moves"][0])
    for _ in range(10):
        assert answer["can_undo"]
        answer = table.undo(ME, answer["id"])
    assert answer["moves_played"] == 0 and answer["can_undo"] is False


def test_against_the_computer_a_move_that_showed_a_card_stays(table: TableService) -> None:
    answer = table.start(ME, "chinese-patience", seed=4, options={"first": 0}, opponent="random")
    twisted = table.play(ME, answer["id"], "twist")
    assert twisted["can_undo"] is False
    assert "showed you a card" in str(twisted["undo_refusal"])
    with pytest.raises(IllegalMoveError, match="showed you a card"):
        table.undo(ME, answer["id"])


def test_undo_takes_back_the_computers_replies_too(table: TableService) -> None:
    answer = table.start(ME, "chinese-patience", seed=4, options={"first": 0}, opponent="random")
    gid = answer["id"]
    answer = table.play(ME, gid, "twist")
    moves = [m for m in answer["legal_moves"] if m not in ("twist", "end")]
    if not moves:
        pytest.skip("deal 4 offers no card move after the first twist")
    before = answer["moves_played"]
    answer = table.play(ME, gid, moves[0])
    assert answer["can_undo"]
    assert table.undo(ME, gid)["moves_played"] == before


def test_undo_tells_its_asker_which_moves_it_took_back(table: TableService) -> None:
    """Was "Took back 1 move." (the other person at a friend's game was told which);
    now each move as the asker was told it, by its first sentence."""
    answer = table.start(ME, "uno", seed=17, opponent="random", options={"first": 0})
    table.play(ME, answer["id"], "R6")
    undone = table.undo(ME, answer["id"])
    assert undone["message"] == "Took back 2 moves: you played red 6. The computer drew a card."
    shared = table.start(ME, "uno", seed=17, opponent=HUMAN, options={"first": 0})
    table.play(ME, shared["id"], "R6", 0)
    assert table.undo(ME, shared["id"], 0)["message"] == (
        "Took back 1 move: Player 1 played red 6."  # nobody at one table is "you"
    )
    patience = table.start(ME, "calculation", seed=3)  # not what the move turned up
    table.play(ME, patience["id"], "S F1")
    assert table.undo(ME, patience["id"])["message"] == (
        "Took back 1 move: you played 2♥ from the stock to F1."
    )


def test_undo_and_redo_name_their_moves_alike(table: TableService) -> None:
    """Was "Took back 1 move: You play 2♥ ..." for undo (a capital after the colon)
    and only "Replayed 1 move." for redo: both now name each move by its first
    sentence, after a colon, in lower case (undo as past), with the suit symbols."""
    patience = table.start(ME, "calculation", seed=3)
    table.play(ME, patience["id"], "S F1")
    undone = table.undo(ME, patience["id"])["message"]
    redone = table.redo(ME, patience["id"])["message"]
    assert undone == "Took back 1 move: you played 2♥ from the stock to F1."
    assert redone == "Replayed 1 move: you play 2♥ from the stock to F1."
    duel = table.start(ME, "uno", seed=17, opponent="random", options={"first": 0})
    table.play(ME, duel["id"], "R6")
    table.undo(ME, duel["id"])
    assert table.redo(ME, duel["id"])["message"] == (
        "Replayed 2 moves: you play red 6. The computer draws a card."
    )


def test_two_people_at_one_table_cannot_undo_after_the_other_moved(table: TableService) -> None:
    answer = table.start(ME, "uno", seed=5, opponent=HUMAN, options={"first": 0})
    gid = answer["id"]
    first = table.get(ME, gid, 0)
    table.play(ME, gid, first["legal_moves"][0], 0)
    second = table.get(ME, gid, 1)
    if second["to_move"] != 1:
        pytest.skip("the first move did not pass the turn")
    table.play(ME, gid, second["legal_moves"][-1], 1)
    with pytest.raises(IllegalMoveError, match="other player has moved"):
        table.undo(ME, gid, 0)


def test_two_people_at_one_table_hand_the_screen_over_when_the_turn_passes(
    table: TableService,
) -> None:
    """The answer to a move at one shared table is the mover's (their cards): when it
    passes the turn it says to hand the screen over, and to whom; the next person's
    own answer, and every answer against the computer, says nothing of the kind."""
    answer = table.start(ME, "uno", seed=13, opponent=HUMAN)
    assert answer["to_move"] == 0 and answer["hand_over"] is not None  # (a new game's)
    drew = table.play(ME, answer["id"], "draw")  # red 2 fits nothing: the turn passes
    assert drew["seat"] == 0 and drew["to_move"] == 1
    assert drew["hand_over"] == {
        "seat": 1,
        "text": "Player 2's turn: pass the screen to Player 2.",
        # the words of its two ways on, the web's cover's, the terminal's notice's
        "show": "Show Player 2's cards",
        "take_back": "Take your move back",
    }
    assert table.get(ME, answer["id"], 1)["hand_over"] is None  # the next person's side
    over = table.resign(ME, answer["id"])
    assert over["hand_over"] is None
    computer = table.start(ME, "uno", seed=13)
    assert table.play(ME, computer["id"], "draw")["hand_over"] is None


def test_hints_are_one_rule_that_every_answer_carries(table: TableService) -> None:
    """No hint against a person (the computer would play for one of two people): at
    one table each answer says so, as the service refuses it; against the computer a
    hint is offered on the person's turn, and not once the game is over."""
    refusal = "no hints when two people play: the computer would be playing for one of them"
    one = table.start(ME, "chinese-patience", seed=13, opponent=HUMAN)
    for seat in (0, 1):
        seen = table.get(ME, one["id"], seat)
        assert seen["can_hint"] is False and seen["hint_refusal"] == refusal
    with pytest.raises(ParlourError, match="no hints when two people play"):
        table.hint(ME, one["id"], one["to_move"])
    computer = table.start(ME, "uno", seed=13)
    assert computer["can_hint"] and computer["hint_refusal"] is None
    assert table.hint(ME, computer["id"])["text"].startswith("Hint: ")
    over = table.resign(ME, computer["id"])
    assert not over["can_hint"]
    assert over["hint_refusal"] == "the game is over: there is nothing to hint"
    patience = table.start(ME, "calculation", seed=1)
    assert patience["can_hint"]


def test_two_people_at_one_table_undo_for_the_seat_named(table: TableService) -> None:
    """At one table undo acts for the seat the screen shows (the front end names it):
    the mover's answer, handing the screen over, may take its move back, while the
    next person's may not undo what the other played."""
    answer = table.start(ME, "uno", seed=2, opponent=HUMAN, options={"first": 0})
    played = table.play(ME, answer["id"], "G5")  # a card from the hand: nothing shown
    assert played["hand_over"] is not None and played["can_undo"]
    nextone = table.get(ME, answer["id"], 1)
    assert not nextone["can_undo"]
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        table.undo(ME, answer["id"], 1)
    back = table.undo(ME, answer["id"], played["seat"])
    assert back["moves_played"] == 0 and back["seat"] == 0 and back["hand_over"] is None


def test_a_person_acts_only_in_their_own_seat(table: TableService) -> None:
    answer = table.start(ME, "uno", seed=5, opponent="random")
    with pytest.raises(IllegalMoveError):
        table.play(
            ME, answer["id"], answer["legal_moves"][0] if answer["legal_moves"] else "draw", 1
        )
    with pytest.raises(ParlourError):
        table.get("stranger", answer["id"])


@pytest.mark.parametrize("seed", [-1, 2**53, 2**63, True, "7"])
def test_seeds_outside_what_a_browser_holds_are_refused(table: TableService, seed: Any) -> None:
    # above 2^53 - 1 a browser reads the number as another (548861766482768326 became
    # ...300 on the web table, which deals other cards)
    refused = r"is not a deal number: give a whole number from 0 to 9007199254740991"
    with pytest.raises(ParlourError, match=refused):
        table.start(ME, "gate", seed=seed)
    assert table.start(ME, "gate", seed=2**53 - 1)["seed"] == 2**53 - 1


def test_an_old_save_with_a_longer_seed_loads_and_shows_it_as_text(table: TableService) -> None:
    # saves made before deal numbers were kept below 2^53 hold seeds up to 2^63 - 1:
    # they load, and answers carry such a seed as a string, which no JSON reader rounds
    game = parlour.new_game("gate", seed=548861766482768326)
    game.play(game.legal_moves()[0])
    loaded = table.load(ME, game.to_json())
    over = table.resign(ME, loaded["id"])
    assert over["seed"] == "548861766482768326" and over["end"]["deal"] == "548861766482768326"


def test_a_save_whose_seed_no_store_keeps_says_so(table: TableService) -> None:
    """A seed of 2^63 or more (from before the library checked seeds) loads in Python but
    fits no store's BIGINT: the refusal named only a range ("... is not a deal number"),
    not that it was the save's seed, nor why."""
    data = parlour.new_game("gate", seed=1).to_dict()
    data["seed"] = 2**63
    assert parlour.load_game(data).seed == 2**63
    with pytest.raises(InvalidSaveError, match=r"^this save's deal number 9223372036854775808 "):
        table.load(ME, json.dumps(data))
    assert table.list_games(ME) == []


def test_strict_names_and_options_for_the_api(table: TableService) -> None:
    with pytest.raises(ParlourError, match="exactly"):
        table.start(ME, "GATE", strict=True)
    with pytest.raises(ParlourError, match="whole number"):
        table.start(ME, "gate", options={"bars": "4"}, strict=True)
    assert table.start(ME, "GATE", options={"bars": "3"})["options"]["bars"] == 3


def test_a_resigned_series_game_scores_for_the_other_player(table: TableService) -> None:
    answer = table.start(ME, "chinese-patience", seed=2, options={"first": 0}, opponent="random")
    over = table.resign(ME, answer["id"])
    assert over["series"] is not None and over["series"]["totals"][0] == 0
    assert over["series"]["totals"][1] == over["outcome"]["score"] > 0  # type: ignore[index]


def test_resigned_games_list_no_legal_moves(table: TableService) -> None:
    answer = table.start(ME, "chinese-patience", seed=2, options={"first": 0}, opponent="random")
    over = table.resign(ME, answer["id"])
    assert over["legal_moves"] == [] and over["view"]["legal_moves"] == []
    assert over["end"]["headline"] == "You resigned."  # type: ignore[index]
    assert over["end"]["detail"] == "It counts as a loss in your statistics."  # type: ignore[index]
    engine = parlour.new_game("chinese-patience", seed=2, first=0)
    engine.resign(0)
    assert str(engine.outcome) == "player 0 resigned"


def test_a_move_on_a_finished_game_is_refused_in_the_tables_words(table: TableService) -> None:
    """Not the engine's, which name seats ("the game is over (player 0 resigned)")."""
    answer = table.start(ME, "uno", seed=5, opponent="random")
    table.resign(ME, answer["id"])
    with pytest.raises(GameOverError) as refused:
        table.play(ME, answer["id"], " zz ")
    assert str(refused.value) == "the game is over: 'zz' cannot be played"


def test_a_save_of_a_game_in_play_seals_its_deal(kept: TableService) -> None:
    answer = kept.start(ME, "gate")
    text = kept.save(ME, answer["id"])
    assert '"seed"' not in text and '"sealed"' in text
    again = kept.load(ME, text)
    assert again["view"] == answer["view"] and "seed" not in again
    other = open_service(":memory:")
    with pytest.raises(ParlourError, match="sealed with the key of the store that saved it"):
        other.load(ME, text)


def test_an_unknown_opponent_is_told_the_opponents_the_caller_can_seat(
    table: TableService,
) -> None:
    """The web app seats a friend and two people at one table; the terminal (no
    invitations) asks for people=('human',) and is never offered 'friend'."""
    with pytest.raises(ParlourError) as everywhere:
        table.start(ME, "uno", opponent="nobody")
    assert str(everywhere.value).endswith(
        "or 'human' for two people at one table, or 'friend' to invite a friend"
    )
    save = table.save(ME, table.start(ME, "uno", seed=4)["id"])
    with pytest.raises(ParlourError) as terminal:
        table.load(ME, save, "nobody", people=(HUMAN,))
    assert str(terminal.value).endswith(
        "the levels are random, basic, strong, or 'human' for two people at one table"
    )
    with pytest.raises(ParlourError, match="unknown opponent 'friend'"):
        table.load(ME, save, "friend", people=(HUMAN,))
    assert table.load(ME, save, "human", people=(HUMAN,))["opponent"] == HUMAN
    assert table.load(ME, save, "friend")["opponent"] == "friend"


@pytest.mark.parametrize(
    ("name", "opponent"),
    [("gate", None), ("calculation", None), ("uno", "random"), ("chinese-patience", "random")],
)
def test_a_loaded_save_is_the_position_it_was_saved_in(
    kept: TableService, name: str, opponent: str | None
) -> None:
    table = kept
    """Loading replays the save's moves through the engine: the same position, the
    same moves, and a finished game stays finished (its resignation kept)."""
    answer: Any = table.start(ME, name, opponent=opponent)
    for _ in range(3):
        if answer["outcome"] is None:
            answer = table.play(ME, answer["id"], answer["legal_moves"][0])
    again = table.load(ME, table.save(ME, answer["id"]))
    assert again["moves_played"] == answer["moves_played"] > 0
    assert again["view"] == answer["view"] and again["to_move"] == answer["to_move"]
    over = table.resign(ME, answer["id"])
    done = table.load(ME, table.save(ME, over["id"]))
    assert done["final"] is True and done["outcome"] == over["outcome"]
    assert done["moves_played"] == over["moves_played"] and done["legal_moves"] == []
    with pytest.raises(GameOverError):
        table.play(ME, done["id"], answer["legal_moves"][0])


def test_a_tampered_save_is_refused_by_the_engine(table: TableService) -> None:
    answer = table.start(ME, "gate", seed=5)
    data = json.loads(table.save(ME, answer["id"]))
    data["moves"] = ["Q Q"]
    with pytest.raises(ParlourError, match="save move 1 'Q Q'"):
        table.load(ME, json.dumps(data))


def test_a_lost_patience_keeps_whether_it_was_left_through_a_save(kept: TableService) -> None:
    table = kept
    lost = lose_a_patience(table)
    again = table.load(ME, table.save(ME, lost["id"]))
    assert again["final"] is False and again["can_undo"] is True, "not left: it can go on"
    left = table.resign(ME, lost["id"])
    done = table.load(ME, table.save(ME, left["id"]))
    assert done["final"] is True and done["can_undo"] is False
    assert done["seed"] == left["seed"]


def test_a_friends_guest_is_not_told_the_deal_number_the_owner_chose(table: TableService) -> None:
    """The owner typed the seed (it tells them nothing new); the guest did not, and
    with it could deal the game again and read the owner's hand."""
    answer = table.start(ME, "uno", seed=4, opponent="friend")
    guest = table.join("guest", answer["id"], answer["live"]["invite"])  # type: ignore[index]
    assert answer["seed"] == 4 and "seed" not in guest
    assert "seed" not in table.get("guest", answer["id"])
    assert ["seed" in game for game in table.list_games("guest")] == [False]
    assert table.list_games(ME)[0]["seed"] == 4
    over = table.resign("guest", answer["id"])
    assert over["seed"] == 4, "a final game shows its deal to both"


def test_a_save_of_a_deal_the_person_chose_is_plain_and_loads_anywhere(
    table: TableService,
) -> None:
    """A seed or deck the person gave hides nothing from them: its save needs no key,
    so it loads on any machine (and in parlour.load_game, for the solver)."""
    answer = table.play(ME, table.start(ME, "calculation", seed=5)["id"], "S W1")
    text = table.save(ME, answer["id"])
    data = json.loads(text)
    assert "sealed" not in data and data["seed"] == 5 and data["moves"] == ["S W1"]
    assert parlour.load_game(text).moves == ["S W1"]
    elsewhere = open_service(":memory:").load(ME, text)
    assert elsewhere["view"] == answer["view"] and elsewhere["seed"] == 5
    deck = parlour.new_game("gate", seed=3).state.deal_str()
    dealt = table.start(ME, "gate", deck=deck)
    assert "sealed" not in json.loads(table.save(ME, dealt["id"]))


def test_a_deck_given_has_no_deal_number(table: TableService) -> None:
    """Was: a game dealt from a deck (parlour play --deck) opened "Calculation, deal 0."
    and ended "Deal number: 0": its seed, 0, is no deal's. No number is shown for it,
    in play, at the end or in the games list; its deal is still replayed."""
    deck = parlour.new_game("calculation", seed=3).state.deal_str()
    answer = table.start(ME, "calculation", deck=deck)
    assert "seed" not in answer
    over = table.resign(ME, answer["id"])
    assert over["final"] and "seed" not in over and over["end"]["deal"] is None
    assert all("seed" not in listed for listed in table.list_games(ME))
    # listed as the person's deck (review: it read "Random deal")
    listed = next(g for g in table.list_games(ME) if g["id"] == answer["id"])
    assert listed["deal_text"] == "Your deck"
    again = table.again(ME, answer["id"], same_deal=True)
    assert again["view"] == answer["view"] and "seed" not in again
    numbered = table.resign(ME, table.start(ME, "calculation", seed=3)["id"])
    assert numbered["seed"] == 3 and numbered["end"]["deal"] == 3


def test_a_friends_guest_gets_a_sealed_save_of_the_owners_deal(kept: TableService) -> None:
    answer = kept.start(ME, "uno", seed=4, opponent="friend")
    kept.join("guest", answer["id"], answer["live"]["invite"])  # type: ignore[index]
    assert "sealed" in json.loads(kept.save("guest", answer["id"]))
    assert "sealed" not in json.loads(kept.save(ME, answer["id"]))


def test_a_friends_games_save_carries_no_way_into_the_live_game(kept: TableService) -> None:
    """A save is a file people give away; the invitation token (which the game after
    it shares) would let whoever holds the file take the friend's seat. Neither the
    owner's plain save nor the guest's sealed one carries it, and a loaded copy has an
    invitation of its own."""
    answer = kept.start(ME, "uno", seed=4, opponent="friend", player_name="Ann")
    token = answer["live"]["invite"]  # type: ignore[index]
    game_id = answer["id"]
    owners = kept.save(ME, game_id)
    assert token not in owners and "invite" not in json.loads(owners)["meta"]
    kept.join("guest", game_id, token, "Bo")
    over = kept.resign("guest", game_id)
    kept.next_game(ME, game_id)  # offered, then accepted: the game after it
    following = kept.next_game("guest", game_id)["id"]
    assert following != game_id
    for who in (ME, "guest"):
        text = kept.save(who, over["id"])
        assert token not in text and following not in text
    text = kept.save("guest", kept.start("guest", "uno", opponent="friend")["id"])
    assert "sealed" in json.loads(text) and "invite" not in json.loads(text)["meta"]
    old = json.loads(owners)
    old["meta"].update(invite=token, next=following)  # a save written before this rule
    loaded = kept.load(ME, json.dumps(old))
    fresh = loaded["live"]["invite"]  # type: ignore[index]
    assert loaded["opponent"] == "friend" and fresh and fresh != token
    with pytest.raises(ParlourError, match="no game"):
        kept.join("stranger", loaded["id"], token)
    assert kept.join("friend", loaded["id"], fresh)["live"]["seats"][1]["you"]  # type: ignore[index]


def test_a_store_that_keeps_nothing_refuses_a_save_it_would_seal(table: TableService) -> None:
    """Its key would end with it, so no machine could load the save: refused at once,
    saying why, rather than written and refused on every load."""
    answer = table.start(ME, "gate")
    with pytest.raises(ParlourError, match="keeps nothing") as refused:
        table.save(ME, answer["id"])
    assert "choose the deal" in str(refused.value)
    over = table.resign(ME, answer["id"])
    assert json.loads(table.save(ME, over["id"]))["seed"] == over["seed"]


def test_a_sealed_saves_plain_fields_cannot_open_its_deal(kept: TableService) -> None:
    """Only the seal says what the deal is: a 'chosen_seed' or a 'deck' written into
    the file's meta by hand neither shows the deal number nor deals other cards."""
    answer = kept.start(ME, "gate")
    data = json.loads(kept.save(ME, answer["id"]))
    data["meta"].update(chosen_seed=True, deck=parlour.new_game("gate", seed=1).state.deal_str())
    again = kept.load(ME, json.dumps(data))
    assert "seed" not in again and again["view"] == answer["view"]
    assert "sealed" in json.loads(kept.save(ME, again["id"]))


def test_loading_a_finished_save_adds_no_game_to_the_statistics(kept: TableService) -> None:
    # it was counted where it was played; loading a won save again and again added wins
    table = kept
    answer = table.start(ME, "gate", seed=5)
    over = table.resign(ME, answer["id"])
    before = table.stats(ME)
    saved = table.save(ME, over["id"])
    for _ in range(2):
        table.load(ME, saved)
    assert table.stats(ME) == before
    assert json.loads(saved).get("meta", {}).get("loaded_over") is None
    again = table.load(ME, table.save(ME, table.load(ME, saved)["id"]))
    assert again["outcome"] == over["outcome"] and table.stats(ME) == before


@pytest.mark.parametrize("game", ["uno", "chinese-patience"])
def test_two_people_at_one_table_pass_the_screen_before_a_hand_is_shown(
    table: TableService, game: str
) -> None:
    """A new game at one table, and any answer asked for without a seat (a reload), is
    not for the one to move: nobody can know who holds the screen, so it is the other
    seat's side and hands the screen over to the one to move, who then asks with their
    seat (the first player's cards were the answer to "Two people at one table", face
    up before the screen was passed). So is the next game of a series."""
    answer = table.start(ME, game, seed=13, opponent=HUMAN)
    first = answer["to_move"]
    assert first is not None
    name = f"Player {first + 1}"
    told = {
        "seat": first,
        "text": f"{name}'s turn: pass the screen to {name}.",
        "show": f"Show {name}'s cards",
        "take_back": "Take your move back",
    }
    assert answer["hand_over"] == told
    assert answer["seat"] == 1 - first and answer["view"]["player"] == 1 - first
    assert not answer["your_turn"] and answer["legal_moves"] == []
    assert table.get(ME, answer["id"])["hand_over"] == told  # reloaded
    shown = table.get(ME, answer["id"], first)
    assert shown["hand_over"] is None and shown["your_turn"] and shown["seat"] == first
    with pytest.raises(IllegalMoveError, match="there is no seat"):
        table.get(ME, answer["id"], 2)
    over = table.resign(ME, answer["id"], first)
    assert over["hand_over"] is None
    if game == "chinese-patience":  # a series: its next game is handed over as well
        following = table.next_game(ME, answer["id"])
        assert following["hand_over"] is not None
        assert following["seat"] != following["to_move"]


def test_two_people_at_one_table_pass_the_screen_for_each_new_hand(table: TableService) -> None:
    """The move that ends a hand of UNO deals the next: both have looked at the hand's
    end, so the screen is handed over even when the mover also starts the next hand
    (their new cards were shown to whoever had the screen)."""
    answer = table.start(ME, "uno", seed=7, opponent=HUMAN, options={"first": 0})
    gid = answer["id"]
    for _ in range(400):
        seat = answer["hand_over"]["seat"] if answer["hand_over"] else answer["to_move"]
        moves = table.get(ME, gid, seat)["legal_moves"]
        plays = [m for m in moves if m != "draw" and ":" not in m] or moves
        answer = table.play(ME, gid, plays[0], seat)
        if answer["played"] and answer["played"].get("hand_end"):
            break
    assert answer["played"] and answer["played"].get("hand_end")
    assert answer["to_move"] == answer["seat"]  # the mover starts the next hand
    name = f"Player {answer['seat'] + 1}"
    told = f"{name}'s turn: pass the screen to {name}."
    assert answer["hand_over"] is not None
    assert answer["hand_over"]["seat"] == answer["seat"] and answer["hand_over"]["text"] == told
    assert table.get(ME, gid, answer["seat"])["hand_over"] is None  # once they have it


def test_numbers_pick_the_cards_of_the_hand_as_the_game_keeps_it(table: TableService) -> None:
    """``numbered``: the one list ``parlour play`` and the terminal table number a hand
    from (they sorted it apart: the terminal put a Wild Draw Four before a Wild)."""
    uno = table.start(ME, "uno", seed=13, opponent="random")
    assert uno["numbered"] == uno["view"]["hand"]
    assert uno["numbered"][-2:] == ["W", "W4"]
    other = table.start(ME, "uno", seed=13, opponent=HUMAN)
    assert other["numbered"] == other["view"]["hand"]  # the seat the answer shows
    for name in ("calculation", "gate", "eight-by-eight"):
        assert table.start(ME, name, seed=1)["numbered"] == []
    patience = table.start(ME, "chinese-patience", seed=1, opponent="random")
    assert patience["numbered"] == []
