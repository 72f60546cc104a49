"""The web table: a FastAPI app that referees games for the browser.

``referee.py`` keeps the tables, ``table.py`` is one table (seats, moves,
computer players, what each seat may see), ``entries.py`` the list of games,
``storage.py`` keeps players, games and statistics through SQLAlchemy,
``players.py`` knows players by a signed cookie, ``security.py`` and ``limits.py``
guard the input and bound what clients can make the server keep, ``app.py``
is the HTTP API and the page, ``static/`` and ``templates/`` the front end, and
``cli.py`` adds ``bones serve``. People play each other at live tables: ``lobby.py``
seats them, ``sockets.py`` is each seat's WebSocket (``patches.py`` what it sends of a
view), ``live.py`` plays the computers and replaces absent players,
``events.py`` carries table events between processes, ``seating.py`` keeps lobbies
and presence in the database.
"""
