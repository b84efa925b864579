"""A run's joker stands where it is laid, also inside a contract (docs/rules/rummikub.md "Jokers", reading rule 1; docs/rules/contract-rummy.md and shanghai.md)."""

from rummylib.batch import handle_request


def _contract(melds: list[str], game: str = "shanghai", round_number: int = 3) -> dict[str, object]:
    return handle_request({"op": "contract", "game": game, "round": round_number, "melds": melds})


def test_joker_at_the_top_continues_the_next_run() -> None:
    answer = _contract(["2c 3c 4c *", "6c 7c 8c 9c"])
    assert answer["valid"] is False
    assert [p["code"] for p in answer["problems"]] == ["contract-runs-continue"]  # type: ignore[union-attr]


def test_joker_at_the_bottom_is_the_ace() -> None:
    assert _contract(["* 2c 3c 4c", "6c 7c 8c 9c"]) == {"valid": True, "problems": []}


def test_a_meld_that_reads_as_a_run_may_still_be_a_set() -> None:
    assert _contract(["7h * *", "8c 8d 8s"], round_number=1) == {"valid": True, "problems": []}
