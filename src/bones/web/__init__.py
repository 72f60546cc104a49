"""The web table: a FastAPI app that referees games for the browser.

``referee.py`` keeps the tables, ``table.py`` is one table (seats, moves,
computer players, what each seat may see), ``entries.py`` the list of games,
``storage.py`` keeps players, games and statistics through SQLAlchemy,
``players.py`` knows players by a signed cookie, ``security.py`` and ``limits.py``
guard the input and bound what clients can make the server keep, ``app.py``
is the HTTP API and the page, ``static/`` and ``templates/`` the front end, and
``cli.py`` adds ``bones serve``.
"""
