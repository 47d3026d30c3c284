"""One command line (issue 26, item 8): every subcommand of ``evalkit`` called the way a
user calls it -- with only its required arguments, with the environment variables its help
mentions and with none -- and the shared convention: flag names, exit codes (0 ok, 1 a
check failed, 2 usage or input error, 130 interrupted), plain-text help, output paths
checked before the work starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from evalkit.cli import build_parser, main
from evalkit.data.nist_sgml import nist_set_from_segments, write_nist

ROOT = Path(__file__).resolve().parents[1]
MIRROR = Path(os.environ.get("EVALKIT_DATA_MIRROR", ROOT.parent / "shared" / "data"))
ENV_VARS = ("EVALKIT_DATA", "EVALKIT_DATA_MIRROR", "ROUGE_EVAL_HOME", "RED_EVAL_HOME")


def evalkit(*argv, env=None, cwd=None):
    """``python -m evalkit ARGV`` in a fresh process, with only ``env`` of our variables."""
    base = {k: v for k, v in os.environ.items() if k not in ENV_VARS}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "evalkit", *map(str, argv)],
        capture_output=True,
        text=True,
        env={**base, **(env or {})},
        cwd=cwd,
        timeout=600,
    )


def _subparsers(parser):
    for action in parser._actions:
        if action.__class__.__name__ == "_SubParsersAction":
            return action.choices
    return {}


def _option(parser, flag):
    return next((a for a in parser._actions if flag in a.option_strings), None)


COMMANDS = ["rouge", "mteval", "data", "data list", "data fetch", "data check", "data sample"]
COMMANDS += ["data datasets", "run"]


@pytest.mark.parametrize("command", [""] + COMMANDS)
def test_help_is_plain_text(command):
    proc = evalkit(*command.split(), "--help")
    assert proc.returncode == 0, proc.stderr
    assert "usage" in proc.stdout.lower()
    for markup in ("``", ":mod:", ":func:", ":class:", ":meth:"):
        assert markup not in proc.stdout, (command, markup)


def test_flags_follow_one_convention():
    commands = _subparsers(build_parser())
    data = _subparsers(commands["data"])
    # who writes: -o/--output; who parallelises: -j/--jobs; who prints progress: -q/--quiet
    expected = {
        "mteval": {"-o", "--output"},
        "run": {"-o", "--output", "-j", "--jobs", "-q", "--quiet"},
        "data sample": {"-o", "--output", "-j", "--jobs", "--seed"},
        "data fetch": {"-q", "--quiet"},
    }
    from evalkit.notebook.runner import build_parser as runner_parser

    parsers = {"mteval": commands["mteval"], "run": runner_parser("evalkit run")}
    parsers.update({"data sample": data["sample"], "data fetch": data["fetch"]})
    for name, flags in expected.items():
        have = {s for a in parsers[name]._actions for s in a.option_strings}
        assert flags <= have, (name, flags - have)
    # no other spelling is shown in help; the old ones still parse, to the same place
    for name, old in (("mteval", "--scr-dir"), ("data sample", "--out"), ("run", "--results-dir")):
        assert f"{old} " not in parsers[name].format_help()
        assert _option(parsers[name], old).help == "==SUPPRESS=="
    assert main_args(["data", "sample", "--out", "elsewhere"]).output == "elsewhere"
    assert main_args(["mteval", "-r", "r", "-t", "t", "--scr-dir", "d"]).output == "d"
    assert str(runner_parser().parse_args(["--results-dir", "res"]).results_dir) == "res"
    assert main_args(["data", "sample"]).output == "data/sample"


def main_args(argv):
    return build_parser().parse_args(argv)


def test_sample_seed_default_is_the_generators():
    from evalkit.cli.data import SAMPLE_SEED
    from evalkit.data.simulate.build import DEFAULT_SEED

    assert main_args(["data", "sample"]).seed == SAMPLE_SEED == DEFAULT_SEED


# -- rouge ------------------------------------------------------------------------------
def test_rouge_exit_codes(tmp_path):
    assert evalkit("rouge").returncode == 2  # no config file: usage, exit 2 (the script: 255)
    assert evalkit("rouge", "-h").returncode == 0
    missing = evalkit("rouge", "-a", "-z", "SPL", tmp_path / "no-such-list")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    lst = tmp_path / "list"
    lst.write_text("")
    bad = evalkit("rouge", "-c", "200", "-a", "-z", "SPL", lst)
    assert bad.returncode == 2 and "Confidence interval" in bad.stderr


# -- mteval -----------------------------------------------------------------------------
def _mt_sets(tmp_path):
    docs = [("d1", ["The cat sat on the mat .", "It is raining today"])]
    ref = nist_set_from_segments("refset", "s", "cz", "en", "r1", docs)
    tst = nist_set_from_segments(
        "tstset", "s", "cz", "en", "sys1", [("d1", ["The cat sat on a mat .", "It rains today"])]
    )
    write_nist(ref, tmp_path / "ref.sgm")
    write_nist(tst, tmp_path / "tst.sgm")
    return tmp_path / "ref.sgm", tmp_path / "tst.sgm"


def test_mteval_with_required_arguments_only(tmp_path):
    ref, tst = _mt_sets(tmp_path)
    proc = evalkit("mteval", "-r", ref, "-t", tst)
    assert proc.returncode == 0, proc.stderr
    assert "BLEU score = " in proc.stdout and 'for system "sys1"' in proc.stdout


def test_mteval_input_and_output_errors_exit_2_before_scoring(tmp_path):
    ref, tst = _mt_sets(tmp_path)
    missing = evalkit("mteval", "-r", tmp_path / "none.sgm", "-t", tst)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    out = evalkit("mteval", "-r", ref, "-t", tst, "--metricsMATR", "-o", blocker / "scr")
    assert out.returncode == 2 and "--output" in out.stderr
    assert "BLEU score" not in out.stdout  # refused before the work


# -- data -------------------------------------------------------------------------------
@pytest.mark.parametrize("env", ["none", "mirror"])
def test_data_list_datasets_check_as_a_user_calls_them(tmp_path, env):
    variables = {"EVALKIT_DATA": str(tmp_path / "cache")}  # never the user's own cache
    if env == "mirror":
        variables["EVALKIT_DATA_MIRROR"] = str(MIRROR)
    assert evalkit("data", env=variables).returncode == 0
    listed = evalkit("data", "list", env=variables)
    assert listed.returncode == 0 and "public data sets" in listed.stdout, listed.stderr
    assert evalkit("data", "datasets", env=variables).returncode == 0
    assert evalkit("data", "check", env=variables).returncode in (0, 1)  # 1: a check failed


@pytest.mark.skipif(not (MIRROR / "wmt17").exists() and not MIRROR.exists(), reason="no mirror")
def test_data_fetch_from_the_mirror_quietly_and_its_errors(tmp_path):
    cache = tmp_path / "cache"
    env = {"EVALKIT_DATA": str(cache), "EVALKIT_DATA_MIRROR": str(MIRROR)}
    proc = evalkit("data", "fetch", "wmt17-en-de", "-q", env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # quiet: no "copy ..." progress lines
    assert [Path(p).is_file() for p in proc.stdout.split()] == [True]
    unknown = evalkit("data", "fetch", "no-such-set", env=env)
    assert unknown.returncode == 2 and "Traceback" not in unknown.stderr
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    unwritable = evalkit("data", "fetch", "wmt17-en-de", env={**env, "EVALKIT_DATA": str(blocker)})
    assert unwritable.returncode == 2 and "Traceback" not in unwritable.stderr
    assert evalkit("data", "fetch", env=env).returncode == 2  # NAME is required


def test_data_sample_checks_its_output_before_building(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    proc = evalkit("data", "sample", "--quick", "-o", blocker / "sample")
    assert proc.returncode == 2 and "--output" in proc.stderr
    assert not (blocker.parent / "sample").exists()


# -- run --------------------------------------------------------------------------------
def test_run_checks_its_output_and_patterns_before_running(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    proc = evalkit("run", "--only", "no-such-notebook", "-o", blocker / "results")
    assert proc.returncode == 2 and "--output" in proc.stderr
    nothing = evalkit(
        "run", "--profile", "public", "--only", "no-such-notebook", "-q", "-o", tmp_path / "res"
    )
    assert nothing.returncode == 2 and "Traceback" not in nothing.stderr
    assert nothing.stdout == ""


# -- Ctrl-C -----------------------------------------------------------------------------
def test_ctrl_c_exits_130_without_a_traceback(monkeypatch, capsys):
    import evalkit.cli.data as data_cli

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(data_cli, "_list", interrupted)
    assert main(["data", "list"]) == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and "Traceback" not in err
