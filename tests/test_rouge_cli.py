"""`evalkit rouge` is a drop-in for ROUGE-1.5.5.pl: same flags, configs and stdout.

Each test writes config files (XML with SEE, SPL or ISI summaries; a -z file list), runs
the Perl script and `evalkit rouge` on them with the same flags, and diffs the output.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from evalkit.cli import main as evalkit_main
from evalkit.cli.rouge import getopts
from evalkit.errors import ParameterError
from evalkit.metrics.rouge_formats import write_xml_config
from evalkit.text import rouge_resources
from test_rouge_support import assert_same_text, corpus_lists, guard_models, needs_perl

FLAG_SETS = [
    "-a -n 4 -w 1.2 -2 4 -U -d",
    "-am -s -n2 -2 -1 -u -f B -d -c 90 -r 100",
    "-a -n 3 -l 9 -t 1 -d -x",
    "-a -b 40 -t 2 -w 1.2 -p 0.3",
    "-a -m -n 1 -2 0 -d -r 10 -c 97.5",
]


def _see(sents):
    lines = ["<html>", "<head>", "<title>x</title>", "</head>", '<body bgcolor="white">']
    for i, s in enumerate(sents, 1):
        s = s.replace("<", " ")  # SEE text cannot hold '<'
        lines.append(f'<a name="{i}">[{i}]</a> <a href="#{i}" id={i}>{s}</a>')
    lines += ["</body>", "</html>"]
    return "\n".join(lines) + "\n"


def _isi(sents):
    return "".join(f'<S SNTNO="{i}">{s.replace("<", " ")}</S>\n' for i, s in enumerate(sents, 1))


def _spl(sents):
    return "".join(s + "\n" for s in sents if s)


WRITERS = {"SEE": _see, "ISI": _isi, "SPL": _spl}


def _write(tmp: Path, data, fmt: str) -> Path:
    summaries, refs, iid, sid = data
    tdir = tmp / "texts"
    tdir.mkdir(parents=True, exist_ok=True)
    evals = {}
    k = 0
    for s, models, i, p in zip(summaries, refs, iid, sid):
        if i not in evals:
            mfiles = []
            for j, m in enumerate(models, 1):
                name = f"{i}.M.{j}.html"
                (tdir / name).write_bytes(WRITERS[fmt](m).encode("utf-8"))
                mfiles.append((f"M{j}", name))
            evals[i] = (i, str(tdir), str(tdir), {}, mfiles)
        k += 1
        name = f"{i}.P.{p}.{k}.html"
        (tdir / name).write_bytes(WRITERS[fmt](s).encode("utf-8"))
        evals[i][3][p] = name
    cfg = tmp / f"config-{fmt}.xml"
    write_xml_config(str(cfg), list(evals.values()), fmt)
    return cfg


def _perl(flags: str, config: Path, extra=()) -> str:
    cmd = ["perl", str(rouge_resources.rouge_script()), "-e", str(rouge_resources.rouge_data_dir())]
    r = subprocess.run(cmd + flags.split() + [str(config), *extra], capture_output=True)
    assert r.returncode == 0, r.stderr.decode("latin-1")[-1000:]
    return r.stdout.decode("latin-1")


def _ours(flags: str, config: Path, extra=()) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = evalkit_main(
            [
                "rouge",
                "-e",
                str(rouge_resources.rouge_data_dir()),
                *flags.split(),
                str(config),
                *extra,
            ]
        )
    assert code == 0
    return out.getvalue()


@needs_perl
@pytest.mark.parity
@settings(
    max_examples=int(os.environ.get("EVALKIT_ROUGE_CLI_EXAMPLES", "4")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(data=corpus_lists(max_instances=6), fmt=st.sampled_from(["SEE", "SPL", "ISI"]))
def test_cli_output_equals_perl_on_xml_configs(tmp_path_factory, data, fmt):
    tmp = tmp_path_factory.mktemp("rougecli")
    data = (data[0], guard_models(data[1]), data[2], data[3])
    cfg = _write(tmp, data, fmt)
    for flags in FLAG_SETS:
        assert_same_text(_perl(flags, cfg), _ours(flags, cfg), f"{fmt} config, flags {flags}")


@needs_perl
@pytest.mark.parity
def test_cli_single_system_and_file_list(tmp_path):
    data = (
        ["The cat sat.\nOn the mat, happily!", "Dogs bark; cats don't."],
        [[["A cat sat on a mat."], ["The cats sat.", "Happy cats!"]]] * 2,
        ["1", "2"],
        ["sysA", "sysA"],
    )
    cfg = _write(tmp_path, data, "SPL")
    assert_same_text(
        _perl("-n 2 -d", cfg, ["sysA"]), _ours("-n 2 -d", cfg, ["sysA"]), "system ID argument"
    )
    # a system ID found in no evaluation: warnings on stderr, zeros printed
    assert_same_text(
        _perl("-n 1 -d", cfg, ["nope"]), _ours("-n 1 -d", cfg, ["nope"]), "unknown system ID"
    )
    # -z SPL: one "peer model1 model2 ..." line per evaluation
    texts = tmp_path / "texts"
    lst = tmp_path / "list.txt"
    peers = sorted(texts.glob("*.P.*"))
    lines = ["# comment line", ""]
    for p in peers:
        inst = p.name.split(".")[0]
        lines.append(" ".join([str(p)] + [str(m) for m in sorted(texts.glob(f"{inst}.M.*"))]))
    lst.write_text("\n".join(lines) + "\n")
    for flags in ("-z SPL -n 2 -U -2 4 -d", "-z SPL -m -n 1 -d"):
        assert_same_text(
            _perl(flags, lst, ["mysys"]), _ours(flags, lst, ["mysys"]), f"file list {flags}"
        )
        assert_same_text(_perl(flags, lst), _ours(flags, lst), f"file list {flags}, default ID")


@pytest.mark.parametrize("home", [None, "env"], ids=["no-e-no-env", "env-only"])
def test_file_list_without_e_as_a_user_calls_it(tmp_path, monkeypatch, capsys, home):
    """`evalkit rouge -a -z SPL list X` with only the required arguments (no ``-e``), with
    and without ROUGE_EVAL_HOME: it once died with UnboundLocalError on ``config``."""
    for var in ("ROUGE_EVAL_HOME", "RED_EVAL_HOME"):
        monkeypatch.delenv(var, raising=False)
    if home == "env":
        monkeypatch.setenv("ROUGE_EVAL_HOME", str(tmp_path))  # no data files in it: no stop list
    peer, model = tmp_path / "peer.txt", tmp_path / "model.txt"
    peer.write_text("the cat sat on the mat\n")
    model.write_text("the cat sat on a mat\n")
    lst = tmp_path / "list.txt"
    lst.write_text(f"{peer} {model}\n")
    assert evalkit_main(["rouge", "-a", "-z", "SPL", str(lst), "X"]) == 0
    out = capsys.readouterr().out
    assert "X ROUGE-L Average_R: 0.83333" in out  # LCS "the cat sat on mat": 5 of 6 words


def test_getopts_like_perl():
    opts, args = getopts(["-am", "-n4", "-2", "-1", "-U", "-c", "95", "cfg.xml", "-d"])
    assert opts == {"a": "1", "m": "1", "n": "4", "2": "-1", "U": "1", "c": "95"}
    assert args == ["cfg.xml", "-d"]  # options stop at the first non-option
    with pytest.raises(ParameterError):
        getopts(["-n"])


def test_unsupported_flags_are_refused(tmp_path, capsys):
    assert evalkit_main(["rouge", "-3", "HM", "-a", str(tmp_path / "x.xml")]) == 2
    assert "-3" in capsys.readouterr().err
