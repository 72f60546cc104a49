"""Deals per second of a duplicate tournament with --jobs 1, --jobs 2 and on Ray.

    python bench/tournament.py --game draw --levels hard,crazy --deals 6

Ray runs a local cluster on this machine's cores (its start-up is timed apart);
with --ray-address it joins a running cluster instead. From the rate on Ray and
the cores it used comes the estimate printed last: how long a million-deal
tournament of the same pair takes on 100 machines like this one. Each mode plays
the same deals; with --samples (Crazy by sample count, not by time) the results
must agree.
"""

from __future__ import annotations

import argparse
import os
import time

from bones.tournament import run_tournament


def timed(label: str, **kwargs) -> tuple[float, list]:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    result = run_tournament(**kwargs)
    elapsed = time.perf_counter() - started
    rate = kwargs["deals"] / elapsed
    print(f"{label:10} {kwargs['deals']} deals in {elapsed:7.1f} s: {rate:.4f} deals/s", flush=True)
    return rate, [(p.margins, p.points) for p in result.pairs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="draw")
    parser.add_argument("--levels", default="hard,crazy")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--ray-address", default=None, help="a running cluster (default: a local one)")
    parser.add_argument("--machines", type=int, default=100)
    parser.add_argument("--target", type=int, default=1_000_000, help="deals of the estimated tournament")
    parser.add_argument(
        "--samples", type=int, default=None, help="Crazy stops at this many samples, not after 1 s: reproducible"
    )
    args = parser.parse_args()
    first, second = args.levels.split(",")
    settings = {"crazy_seconds": None, "crazy_samples": args.samples} if args.samples else {}
    common = {
        "game": args.game,
        "levels": [first, second],
        "deals": args.deals,
        "pairs": [(second, first)],
        "seed": 1,
        "bot_settings": settings,
    }
    print(f"{args.game}: {second} vs {first}, {os.cpu_count()} cores here", flush=True)
    _, one = timed("--jobs 1", jobs=1, **common)
    _, two = timed("--jobs 2", jobs=2, **common)
    import ray

    started = time.perf_counter()
    if args.ray_address:
        ray.init(address=args.ray_address, log_to_driver=False)
    else:
        ray.init(include_dashboard=False, log_to_driver=False)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    print(f"ray start  {time.perf_counter() - started:7.1f} s ({cpus} CPUs)", flush=True)
    rate, on_ray = timed("--ray", ray_address="auto", **common)
    ray.shutdown()
    # Crazy's 1-second budget makes its samples depend on the machine's load; with --samples
    # every mode must give the same deals.
    agree = one == two == on_ray
    print(f"the three modes give the same results: {'yes' if agree else 'no'}")
    assert agree or not args.samples, "the modes disagree"
    per_machine = rate if args.ray_address is None else rate * (os.cpu_count() or 1) / cpus
    seconds = args.target / (per_machine * args.machines)
    print(
        f"estimate: {args.target:,} deals on {args.machines} machines like this one at {per_machine:.4f} deals/s each: "
        f"{seconds / 3600:.1f} hours (Ray's scheduling overhead per deal is small next to a deal's seconds)"
    )


if __name__ == "__main__":
    main()
