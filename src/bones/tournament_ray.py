"""Tournament deals on a Ray cluster (the ``cluster`` extra): ``bones tournament --ray ADDRESS``.

Each deal is one Ray task (``tournament.play_deal``), so results are those of a
run on one machine. ``ADDRESS`` is ``auto`` (the cluster this machine belongs to),
``local`` (start Ray here, on all cores) or a cluster address (``ray://host:10001``,
``host:6379``). Every node needs bones installed in the same version. An already
initialised Ray (a test, a notebook) is used as it is.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from bones.tournament import DealResult, Task, play_deal

#: Deals in flight at once: enough to keep a large cluster busy, few enough that
#: results stream back (and reach the results file) steadily.
IN_FLIGHT = 4096


class ClusterError(ValueError):
    """Ray is missing, no cluster answered, or Ray could not start here: said in one line."""


def connect(address: str) -> None:
    """Joins (or, for ``local``, starts) Ray; a failure is a ``ClusterError`` in one line, not Ray's traceback."""
    try:
        import ray
    except ImportError:
        raise ClusterError("--ray needs the cluster extra: pip install 'bones[cluster]'") from None
    if ray.is_initialized():
        return
    try:
        if address == "local":
            # Ray's processes started here ignore Ctrl-C (dispositions are inherited): it reaches this
            # process alone, which stops in words, instead of killing the raylet, which ends the driver
            # with status 0 and no word.
            with _ctrl_c_ignored():
                ray.init(log_to_driver=False, include_dashboard=False, logging_level=logging.ERROR)
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    except KeyboardInterrupt:
        raise
    except ConnectionError as error:
        raise ClusterError(
            f"no Ray cluster answered at --ray {address} ({_first_line(error)}); "
            "start one (ray start --head) or use --ray local"
        ) from None
    except Exception as error:  # Ray raises plain RuntimeError, TimeoutError, ValueError... for a failed start
        raise ClusterError(f"Ray could not start (--ray {address}): {_first_line(error)}") from None


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread sets signal handlers (and only it gets Ctrl-C)
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _first_line(error: BaseException) -> str:
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def run_on_ray(tasks: Sequence[Task], address: str, finished: Callable[[DealResult], None]) -> None:
    connect(address)
    import ray

    remote: Any = ray.remote(play_deal)
    queue = list(reversed(tasks))
    pending: list[Any] = []
    while queue or pending:
        while queue and len(pending) < IN_FLIGHT:
            pending.append(remote.remote(queue.pop()))
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            finished(ray.get(ref))
