"""Golden playthroughs: one seeded game per game (and variant), every move, and after
each the view, legal moves and events of the player to move, checked by
``test_playthroughs.py``. Regenerate after an intended change with
``python -m tests.playthroughs.regenerate`` (or ``PARLOUR_REGENERATE=1 pytest
tests/playthroughs``) and read the diff before committing it."""
