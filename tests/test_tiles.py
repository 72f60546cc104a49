import pytest
from hypothesis import given
from hypothesis import strategies as st

from bones.tiles import TILES, Tile, mask_of, pip_set, pips_of, tiles_of


def test_indices_are_small_and_ordered() -> None:
    assert int(Tile.of(0, 0)) == 0
    assert int(Tile.of(1, 0)) == 1
    assert int(Tile.of(6, 6)) == 27
    assert int(Tile.of(9, 9)) == 54
    assert int(Tile.of(12, 12)) == 90


@pytest.mark.parametrize(("max_pip", "count"), [(6, 28), (9, 55), (12, 91)])
def test_sets(max_pip: int, count: int) -> None:
    tile_set = pip_set(max_pip)
    assert len(tile_set) == count
    assert tile_set.full_mask.bit_count() == count
    for pip in range(max_pip + 1):
        assert tile_set.with_pip[pip].bit_count() == max_pip + 1
    assert tile_set.doubles_mask.bit_count() == max_pip + 1


@given(st.integers(0, 12), st.integers(0, 12))
def test_text_round_trips(a: int, b: int) -> None:
    tile = Tile.of(a, b)
    assert Tile.parse(str(tile)) == tile
    assert Tile.parse(f"{b}:{a}") == tile
    assert {tile.high, tile.low} == {a, b}
    assert tile.pips == a + b
    assert tile.other(a) == b


def test_bad_text_is_refused() -> None:
    for text in ("", "6", "6:", "a:b", "6:3:1", "13:1"):
        with pytest.raises(ValueError):
            Tile.parse(text)
    with pytest.raises(ValueError, match="not in a double-6 set"):
        pip_set(6).tile("7:1")


def test_masks() -> None:
    tiles = [Tile.of(6, 6), Tile.of(3, 2), Tile.of(0, 0)]
    mask = mask_of(tiles)
    assert sorted(tiles_of(mask)) == sorted(tiles)
    assert pips_of(mask) == 17
    assert len(TILES) == 91
