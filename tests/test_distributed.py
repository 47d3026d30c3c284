"""evalkit.stats.distributed on real Dask components: a LocalCluster of 1, 2 and 4 worker
processes, and a scheduler plus two workers started with Dask's own command-line programs on
127.0.0.1, one of which is killed in the middle of a run."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import distributed  # pinned in requirements/lock.txt: a failed import is a broken install

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.stats import distributed as dist
from evalkit.stats.resampling import approximate_randomization, paired_bootstrap
from test_cli_scale_plain_text import plain_text_files

REPO = Path(__file__).resolve().parents[1]
DASK = Path(sys.executable).with_name("dask")
SEED = 20


def _corpus(n_seg=120, n_sys=3, seed=3):
    rng = np.random.default_rng(seed)
    vocab = [f"w{i}" for i in range(60)]

    def sentence():
        return " ".join(rng.choice(vocab, size=rng.integers(3, 15)))

    refs = [[sentence(), sentence()] for _ in range(n_seg)]
    systems = {}
    for s in range(n_sys):
        hyps = []
        for r in refs:
            words = r[0].split()
            keep = rng.random(len(words)) < 0.5 + 0.15 * s
            hyps.append(" ".join(w if k else str(rng.choice(vocab)) for w, k in zip(words, keep)))
        systems[f"sys{s}"] = hyps
    return systems, refs


SYSTEMS, REFS = _corpus()
BLEU = get_metric("bleu")
STATS = {name: BLEU.segment_statistics(h, REFS) for name, h in SYSTEMS.items()}


def _tests(**cluster):
    boot = dist.distributed_bootstrap(
        STATS,
        BLEU,
        pairs="all",
        n_resamples=600,
        method="centred",
        seed=SEED,
        block_size=100,
        **cluster,
    )
    ar = dist.distributed_randomization(
        STATS, BLEU, n_trials=600, seed=SEED, block_size=100, **cluster
    )
    return boot, ar


@pytest.fixture(scope="module")
def reference():
    return _tests(n_workers=0)


@contextlib.contextmanager
def threaded_client(n: int):
    """A Dask client of an in-process (threaded) LocalCluster of ``n`` one-thread workers."""
    with (
        distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == n
        yield client


@pytest.mark.slow
def test_pvalues_identical_on_1_2_and_4_workers(reference):
    """Worker counts on in-process (threaded) LocalClusters, to keep the test fast; the
    default LocalCluster of worker processes runs in test_scores_identical_on_a_local_cluster."""
    for n in (1, 2, 4):
        with threaded_client(n) as client:
            boot, ar = _tests(client=client)
        pd.testing.assert_frame_equal(boot, reference[0], check_exact=True)
        pd.testing.assert_frame_equal(ar, reference[1], check_exact=True)


def test_one_block_is_the_sequential_test_on_the_first_spawned_stream():
    """With one block the draws are those of evalkit.stats.resampling run on the first child of
    SeedSequence(seed): an independent check of the block arithmetic."""
    child = lambda: np.random.default_rng(np.random.SeedSequence(SEED).spawn(1)[0])  # noqa: E731
    for method in ("shift", "centred", "koehn"):
        ours = dist.distributed_bootstrap(
            STATS, BLEU, n_resamples=300, method=method, seed=SEED, block_size=300, n_workers=0
        )
        theirs = paired_bootstrap(STATS, BLEU, n_resamples=300, method=method, seed=child())
        assert list(ours["p_value"]) == list(theirs["p_value"])
        np.testing.assert_allclose(
            ours[["mean", "ci_low", "ci_high"]], theirs[["mean", "ci_low", "ci_high"]], rtol=1e-12
        )
    ours = dist.distributed_randomization(
        STATS, BLEU, n_trials=300, seed=SEED, block_size=300, n_workers=0
    )
    theirs = approximate_randomization(STATS, BLEU, n_trials=300, seed=child())
    assert list(ours["p_value"]) == list(theirs["p_value"])


def test_blocks_draw_independent_streams():
    a = dist.distributed_bootstrap(
        STATS, BLEU, n_resamples=400, seed=SEED, block_size=100, n_workers=0
    )
    b = dist.distributed_bootstrap(
        STATS, BLEU, n_resamples=400, seed=SEED + 1, block_size=100, n_workers=0
    )
    assert not a["mean"].equals(b["mean"])
    assert dist.block_sizes(1050, 500) == [500, 500, 50]
    with pytest.raises(ParameterError):
        dist.block_streams(None, 3)


@pytest.mark.parametrize("name", ["bleu", "chrf", "ter", "nist", "rouge", "wer"])
def test_scores_identical_to_the_single_process_path(name):
    metric = get_metric(name)
    ours = dist.distributed_scores(metric, SYSTEMS, REFS, partition_size=17, n_workers=0)
    for system, hyps in SYSTEMS.items():
        single = metric.corpus_score(hyps, REFS)
        single = getattr(single, "score", single)
        assert np.float64(ours[system]).tobytes() == np.float64(single).tobytes(), (name, system)


@pytest.mark.slow
def test_scores_identical_on_a_local_cluster():
    metric = get_metric("chrf")
    ours = dist.distributed_scores(metric, SYSTEMS, REFS, partition_size=13, n_workers=2)
    single = [metric.corpus_score(h, REFS) for h in SYSTEMS.values()]
    assert [np.float64(v).tobytes() for v in ours] == [np.float64(v).tobytes() for v in single]


def test_bad_partition_input():
    with pytest.raises(ParameterError):
        dist.distributed_statistics(BLEU, {"a": SYSTEMS["sys0"][:-1]}, REFS, n_workers=0)


# --------------------------------------------------------------------------- Dask's CLI
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_workers(address, n, timeout=60):
    with distributed.Client(address, timeout=timeout) as client:
        client.wait_for_workers(n, timeout=timeout)
        return sorted(client.scheduler_info()["workers"])


@pytest.fixture(scope="module")
def cli_cluster():
    """Scheduler and two workers from Dask's CLI, shared by the tests below (the last one kills
    a worker)."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    procs = [
        subprocess.Popen(
            [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    workers = [
        subprocess.Popen(
            [
                str(DASK),
                "worker",
                address,
                "--host",
                "127.0.0.1",
                "--nthreads",
                "1",
                "--nworkers",
                "1",
                "--no-dashboard",
                "--no-nanny",
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(2)
    ]
    procs += workers
    try:
        _wait_for_workers(address, 2)
        yield address, workers
    finally:
        for p in reversed(procs):
            p.kill()
            p.wait(timeout=30)


@pytest.mark.slow
def test_cli_scheduler_by_address_and_environment(cli_cluster, reference, monkeypatch):
    assert len(_wait_for_workers(cli_cluster[0], 2)) == 2
    address, _ = cli_cluster
    boot, ar = _tests(scheduler=address)
    pd.testing.assert_frame_equal(boot, reference[0], check_exact=True)
    pd.testing.assert_frame_equal(ar, reference[1], check_exact=True)
    monkeypatch.setenv("EVALKIT_SCHEDULER", address)
    with dist.cluster_client() as client:
        assert client.scheduler.address == address
    boot, _ = _tests()
    pd.testing.assert_frame_equal(boot, reference[0], check_exact=True)


@pytest.mark.slow
def test_correlation_tests_identical_on_cli_workers(cli_cluster):
    """The blocked correlation difference tests and clusters on the two worker processes equal
    the in-process run (the same blocks and streams)."""
    rng = np.random.default_rng(8)
    h = rng.normal(size=(6, 1)) + rng.normal(size=(6, 15))
    mats = {f"m{k}": h + rng.normal(scale=s, size=h.shape) for k, s in enumerate((0.5, 1.0, 3.0))}
    design = dict(test="boot", unit="both", level="system", method="kendall")
    kw = dict(design, n_resamples=300, seed=SEED, block_size=40)
    expected = dist.distributed_significance_clusters(mats, h, n_workers=0, **kw)
    got = dist.distributed_significance_clusters(mats, h, scheduler=cli_cluster[0], **kw)
    pd.testing.assert_frame_equal(got, expected, check_exact=True)
    ci = dict(level="summary", method="pearson", n_resamples=250, seed=SEED, block_size=60)
    assert dist.distributed_bootstrap_ci(
        mats["m1"], h, scheduler=cli_cluster[0], **ci
    ) == dist.distributed_bootstrap_ci(mats["m1"], h, n_workers=0, **ci)


@pytest.mark.slow
def test_significance_command_on_the_cli_scheduler_equals_the_in_process_run(cli_cluster, tmp_path):
    """``evalkit significance --scheduler`` in a subprocess, Parquet matrix and clusters, against
    the same command with ``--workers 0`` ($EVALKIT_SCHEDULER: test_cli_scheduler_by_address_and_environment)."""
    files, refs = plain_text_files(tmp_path, SYSTEMS, REFS)
    files += refs
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("EVALKIT_SCHEDULER", None)
    outputs = {}
    for run, extra in (("cluster", ["--scheduler", cli_cluster[0]]), ("local", ["--workers", "0"])):
        out = tmp_path / run
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "evalkit",
                "significance",
                *files,
                "--metric",
                "chrf",
                "--resamples",
                "300",
                "--block-size",
                "40",
                *extra,
                "--matrix",
                f"{out}-m.parquet",
                "--clusters",
                f"{out}-c.parquet",
                "--quiet",
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )
        assert proc.returncode == 0, proc.stderr
        outputs[run] = (
            proc.stdout,
            pd.read_parquet(f"{out}-m.parquet"),
            pd.read_parquet(f"{out}-c.parquet"),
        )
    assert outputs["cluster"][0] == outputs["local"][0] and outputs["local"][0].startswith(
        "metric,system,baseline"
    )
    pd.testing.assert_frame_equal(outputs["cluster"][1], outputs["local"][1], check_exact=True)
    pd.testing.assert_frame_equal(outputs["cluster"][2], outputs["local"][2], check_exact=True)


@pytest.mark.slow
def test_killing_a_worker_mid_run_leaves_the_result_complete_and_identical(cli_cluster):
    address, workers = cli_cluster
    stats = {k: np.repeat(v, 10, axis=0) for k, v in STATS.items()}  # 1,200 segments
    kwargs = dict(n_resamples=12000, seed=SEED, block_size=50, pairs="all")  # 240 tasks
    expected = dist.distributed_bootstrap(stats, BLEU, n_workers=0, **kwargs)
    with distributed.Client(address) as client:
        box = {}
        run = threading.Thread(
            target=lambda: box.update(
                result=dist.distributed_bootstrap(stats, BLEU, client=client, **kwargs)
            )
        )
        run.start()
        deadline = time.monotonic() + 30
        while not any(client.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.1)  # some blocks done and held by the worker, others running or queued
        assert run.is_alive(), "the run ended before a worker could be killed"
        workers[0].kill()
        run.join(timeout=120)
        assert not run.is_alive()
        # the scheduler drops a killed worker when it notices the closed connection, which
        # can come after the run ends on a loaded machine: wait for it, then require it
        deadline = time.monotonic() + 60
        while len(client.scheduler_info()["workers"]) != 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(client.scheduler_info()["workers"]) == 1
    pd.testing.assert_frame_equal(box["result"], expected, check_exact=True)


def test_forwarded_keywords_are_checked_as_a_signature_would():
    """The distributed tests take the single-process function's keywords and the cluster
    options as ``**options``: a misspelt one is a TypeError, not silently ignored."""
    stats = {"A": np.ones((4, 2)), "B": np.ones((4, 2))}
    with pytest.raises(TypeError, match="'n_resample'"):
        dist.distributed_bootstrap(stats, lambda t: t[:, 0], n_resample=9, n_workers=0)
    with pytest.raises(TypeError, match="'n_worker'"):
        dist.distributed_randomization(stats, lambda t: t[:, 0], n_trials=9, n_worker=0)
    h = np.arange(12.0).reshape(3, 4)
    with pytest.raises(TypeError, match="'alternative'"):
        dist.distributed_significance_clusters({"x": h, "y": -h}, h, alternative="greater")
