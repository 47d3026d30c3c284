"""``evalkit data``: list, fetch and check the data sets; build the sample corpora.

* ``evalkit data list`` -- the public sets (cache / mirror state) and the licensed corpora
  (configured or not);
* ``evalkit data datasets [--profile P]`` -- the data-set registry
  (:mod:`evalkit.data.datasets`): every key with its profiles, kind and what it stands in
  for;
* ``evalkit data fetch NAME|all`` -- download (or copy from ``$EVALKIT_DATA_MIRROR``) and
  verify a public set into the cache (``$EVALKIT_DATA`` or the user cache dir);
* ``evalkit data check`` -- verify checksums of what is cached/mirrored and say, per
  licensed corpus, what is configured, found and readable (exit 1 if anything is corrupt
  or configured but unusable);
* ``evalkit data sample`` -- the simulated corpora (``evalkit.data.simulate``'s
  ``build_sample(out_dir, quick=..., seed=..., corpora=..., jobs=...)``) into ``-o``;
  when that package is absent the command says so and exits 2.

Exit codes: 0 done, 1 ``check`` found a corrupt file or an unusable corpus, 2 a usage or
input error, 130 interrupted.
"""

from __future__ import annotations

import sys

from evalkit.cli._common import (
    add_command,
    add_jobs,
    add_output,
    add_quiet,
    add_seed,
    check_output_dir,
    plain_text,
)


#: the sample generator's default master seed (``evalkit.data.simulate.build.DEFAULT_SEED``,
#: written here so that ``evalkit --help`` need not import the generator; a test checks it).
#: Not the CLI-wide 12345: the sample corpora every notebook reads were built with it.
SAMPLE_SEED = 20051


def register(subparsers) -> None:
    parser = add_command(
        subparsers,
        "data",
        "list, fetch and check data sets; build the sample corpora",
        plain_text(__doc__),
    )
    sub = parser.add_subparsers(dest="data_command", metavar="ACTION")
    p = sub.add_parser("list", help="public sets and licensed corpora with their state")
    p.set_defaults(func=_list)
    p = sub.add_parser(
        "datasets", help="the data sets by key and profile, with what stands in for what"
    )
    p.add_argument("--profile", default=None, help="only this profile (sample, public, licensed)")
    p.set_defaults(func=_datasets)
    p = sub.add_parser(
        "fetch",
        help="download and verify a public set (or all) into the cache",
        description="Download (or copy from $EVALKIT_DATA_MIRROR) and verify a public set "
        "into the cache ($EVALKIT_DATA or the user cache directory). Exit codes: 0 done, "
        "2 an unknown set or a file that cannot be fetched or verified, 130 interrupted.",
    )
    p.add_argument("name", help="a public set name or 'all'")
    p.add_argument(
        "--force", action="store_true", help="fetch again even if a verified copy is cached"
    )
    add_quiet(p)
    p.set_defaults(func=_fetch)
    p = sub.add_parser(
        "check",
        help="verify checksums and the licensed-data configuration",
        description="Verify the checksums of what is cached or mirrored and, per licensed "
        "corpus, what is configured, found and readable. Exit codes: 0 all good, 1 a file is "
        "corrupt or a configured corpus unusable, 2 a usage error.",
    )
    p.set_defaults(func=_check)
    p = sub.add_parser("sample", help="build the simulated sample corpora (evalkit.data.simulate)")
    add_output(
        p, "output directory (default: data/sample)", default="data/sample", aliases=("--out",)
    )
    add_seed(p, default=SAMPLE_SEED, help=f"master seed (default: {SAMPLE_SEED})")
    p.add_argument("--quick", action="store_true", help="small sizes, as the tests use")
    p.add_argument(
        "--corpus", action="append", dest="corpora", help="only this corpus (repeatable)"
    )
    add_jobs(p, default=None, help="worker processes (default: the generator's, at most 4)")
    p.set_defaults(func=_sample)
    parser.set_defaults(func=lambda args: (parser.print_help(), 0)[1])


def _table(rows, columns) -> str:
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) if rows else len(c) for c in columns]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths))]
    lines += ["  ".join(str(r[c]).ljust(w) for c, w in zip(columns, widths)) for r in rows]
    return "\n".join(l.rstrip() for l in lines)


def _public_rows():
    from evalkit.data import public

    rows = []
    for name, info in public.manifest()["sets"].items():
        states = public.status(name)
        where = sorted({s["where"] for s in states})
        bad = sum(s["state"] == "corrupt" for s in states)
        size = sum(f["bytes"] for f in info["files"])
        rows.append(
            {
                "set": name,
                "files": len(info["files"]),
                "MB": f"{size / 1e6:.1f}",
                "where": "+".join(where),
                "state": f"{bad} corrupt" if bad else ("ok" if "missing" not in where else "-"),
                "what": info["description"][:70],
            }
        )
    return rows


def _list(args) -> int:
    from evalkit.data import licensed, public

    print(f"public data sets (cache {public.data_dir()}; mirror {public.mirror_dir() or '-'}):")
    print(_table(_public_rows(), ["set", "files", "MB", "where", "state", "what"]))
    print(f"\nlicensed corpora (config {licensed.config_path()}):")
    rows = [{**r, "what": licensed.CORPORA[r["corpus"]].description[:60]} for r in licensed.check()]
    print(_table(rows, ["corpus", "state", "path", "what"]))
    return 0


def _datasets(args) -> int:
    from evalkit.data import datasets

    frame = datasets.available(args.profile)
    rows = [
        {**r, "description": r["description"][:60], "stands_in_for": r["stands_in_for"][:60] or "-"}
        for r in frame.to_dict("records")
    ]
    print(_table(rows, ["key", "profile", "kind", "stands_in_for", "description"]))
    return 0


def _fetch(args) -> int:
    from evalkit.data import public

    check_output_dir(public.data_dir(), "the data cache ($EVALKIT_DATA)")
    log = None if args.quiet else (lambda m: print(m, file=sys.stderr))
    paths = public.fetch(args.name, force=args.force, log=log)
    for p in paths:
        print(p)
    return 0


def _check(args) -> int:
    from evalkit.data import licensed, public

    bad = 0
    rows = []
    unfetched = []
    for name in public.manifest()["sets"]:
        states = public.status(name)
        if states and all(s["where"] == "missing" for s in states):
            unfetched.append(name)  # one line per set, not one per file it has
            continue
        for s in states:
            if s["where"] == "missing":
                s = {**s, "where": "-", "state": "not fetched"}
            rows.append(s)
            bad += s["state"] == "corrupt"
    if rows:
        print(_table(rows, ["set", "path", "where", "state"]))
    if unfetched:
        print(
            f"not fetched: {', '.join(unfetched)}. Fetch with `evalkit data fetch NAME` (or "
            "`all`), or point EVALKIT_DATA_MIRROR at a mirror of them (data/README.md)."
        )
    print()
    lrows = licensed.check()
    print(_table(lrows, ["corpus", "state", "configured", "path"]))
    bad += sum(r["state"] not in ("ok", "not configured") for r in lrows)
    return 1 if bad else 0


def _sample(args) -> int:
    try:
        from evalkit.data import simulate
    except ImportError:
        print(
            "evalkit: the sample corpus generator (evalkit.data.simulate) is not installed",
            file=sys.stderr,
        )
        return 2
    out = check_output_dir(args.output)
    kwargs = {"quick": args.quick, "corpora": args.corpora, "jobs": args.jobs, "seed": args.seed}
    built = simulate.build_sample(out, **kwargs)
    for name, directory in (built or {}).items():
        print(f"{name}\t{directory}")
    return 0
