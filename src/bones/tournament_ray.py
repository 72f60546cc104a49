"""Tournament deals on a Ray cluster (the ``cluster`` extra): ``bones tournament --ray ADDRESS``.

Each deal is one Ray task (``tournament.play_deal``), so results are those of a
run on one machine. ``ADDRESS`` is ``auto`` (the cluster this machine belongs to),
``local`` (start Ray here, on all cores) or a cluster address (``ray://host:10001``,
``host:6379``). Every node needs bones installed in the same version. An already
initialised Ray (a test, a notebook) is used as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bones.tournament import DealResult, Task, play_deal

#: Deals in flight at once: enough to keep a large cluster busy, few enough that
#: results stream back (and reach the results file) steadily.
IN_FLIGHT = 4096


def run_on_ray(tasks: Sequence[Task], address: str, finished: Callable[[DealResult], None]) -> None:
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs the cluster extra: pip install 'bones[cluster]'") from None
    if not ray.is_initialized():
        if address == "local":
            ray.init(log_to_driver=False, include_dashboard=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote: Any = ray.remote(play_deal)
    queue = list(reversed(tasks))
    pending: list[Any] = []
    while queue or pending:
        while queue and len(pending) < IN_FLIGHT:
            pending.append(remote.remote(queue.pop()))
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            finished(ray.get(ref))
