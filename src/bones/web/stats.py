"""Players' statistics: what a finished match counts (``MatchResult``, ``count``) in the rows of
``bones_player_stats`` and ``bones_problem_progress``, and a row as the web shows it (``stats_dict``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from bones.web.schema import ProblemRow, StatsRow


@dataclass(frozen=True)
class MatchResult:
    """What one player's statistics learn from one match."""

    game: str
    level: str
    won: bool
    score: int  # the player's side's final score
    low_score_wins: bool  # kozel: the best score is the lowest
    player: str = ""
    problem: int | None = None  # the number of the book's problem the match laid out
    moves: int = 0  # moves in the match's record


def stats_row(session: Session, player: str, game: str, level: str) -> StatsRow:
    """``player``'s statistics row of ``game`` at ``level``, locked for the update (a new one where none is)."""
    row = session.get(StatsRow, (player, game, level), with_for_update=True)
    if row is None:
        row = StatsRow(
            player=player,
            game=game,
            level=level,
            played=0,
            won=0,
            total_score=0,
            best_score=None,
            streak=0,
            best_streak=0,
            abandoned=0,
        )
        session.add(row)
    return row


def count(session: Session, result: MatchResult) -> None:
    """Count one finished match in its player's statistics (and a problem solved in their progress)."""
    row = stats_row(session, result.player, result.game, result.level)
    row.played += 1
    row.total_score += result.score
    better = min if result.low_score_wins else max
    row.best_score = result.score if row.best_score is None else better(row.best_score, result.score)
    if result.won:
        row.won += 1
        row.streak += 1
        row.best_streak = max(row.best_streak, row.streak)
    else:
        row.streak = 0
    if result.problem is not None and result.won:
        solved = session.get(ProblemRow, (result.player, result.game, result.problem))
        if solved is None:
            session.add(
                ProblemRow(player=result.player, game=result.game, number=result.problem, best_moves=result.moves)
            )
        else:
            solved.best_moves = min(solved.best_moves, result.moves)


def stats_dict(game: str, level: str, row: StatsRow | None) -> dict[str, Any]:
    played = row.played if row else 0
    won = row.won if row else 0
    return {
        "game": game,
        "level": level,
        "played": played,
        "won": won,
        "win_percent": round(100 * won / played, 1) if played else 0.0,
        "best_score": row.best_score if row else None,
        "average_score": round(row.total_score / played, 1) if row and played else None,
        "streak": row.streak if row else 0,
        "best_streak": row.best_streak if row else 0,
        "abandoned": row.abandoned if row else 0,
    }
