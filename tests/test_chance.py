import random

from hypothesis import given
from hypothesis import strategies as st

from bones.chance import shuffled_range


@given(st.one_of(st.integers(min_value=0, max_value=2**70), st.text(max_size=20)), st.integers(0, 130))
def test_shuffled_range_is_the_standard_permutation(key: int | str, count: int) -> None:
    expected = list(range(count))
    random.Random(key).shuffle(expected)
    assert shuffled_range(key, count) == expected


def test_shuffled_range_matches_string_seeded_deals_of_every_set() -> None:
    for count in (28, 55, 91):  # double-six, double-nine, double-twelve
        for hand in range(300):
            key = f"bones:{hand}:{count}"
            expected = list(range(count))
            random.Random(key).shuffle(expected)
            assert shuffled_range(key, count) == expected


def test_many_rejections_fetch_more_words() -> None:
    # A count just above a power of two rejects nearly half of its draws, so the
    # first batch of words runs out and more are fetched.
    for seed in range(200):
        expected = list(range(129))
        random.Random(seed).shuffle(expected)
        assert shuffled_range(seed, 129) == expected
