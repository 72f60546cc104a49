"""What the routes of every web module read from a request the same way: the seat's token, a match's id, the
player of the cookie. One definition each, so every route refuses the same malformed input."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from fastapi import Path as PathParam

from bones.web.players import player_of

TOKEN_HEADER = "X-Seat-Token"

Token = Annotated[
    str | None,
    # Tokens are URL-safe base64; anything else (non-ASCII text above all) is refused before it is compared.
    Header(alias=TOKEN_HEADER, pattern=r"^[A-Za-z0-9_-]{0,64}$", description="the secret of your seat"),
]
GameId = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="the id of a match")]
Player = Annotated[str, Depends(player_of)]
