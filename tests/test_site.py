"""The results site: scorecard numbers equal the claims tables, every link and image resolves,
no page refers to the network."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.notebook.site import build_site, scorecard


def _fake_run(root: Path, paper: str, notebook: str, status: str, rows):
    folder = root / paper / notebook
    folder.mkdir(parents=True)
    executed = folder / f"{notebook}.ipynb"
    executed.write_text(
        json.dumps(
            {
                "cells": [
                    {
                        "cell_type": "markdown",
                        "metadata": {},
                        "source": [
                            f"# {paper} {notebook}\n\n**Question.** Does it hold?\n\n**Data.** simulated.\n"
                        ],
                    }
                ],
                "metadata": {},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    files = [executed.name]
    if status == "ok":
        c = Claims(paper, data="toy")
        for cid, kind, verdict in rows:
            row = dict(source="Table 1", printed="1", kind=kind)
            if verdict in ("agrees", "differs"):
                c.check(cid, this_run="1", holds=verdict == "agrees", **row)
            elif verdict == "erratum":
                c.erratum(cid, this_run="2", note="a slip", **row)
            else:
                c.not_comparable(cid, note="stand-in", **row)
        c.frame().to_csv(folder / "paper_vs_run.csv", index=False)
        (folder / "figure1.png").write_bytes(b"\x89PNG\r\n\x1a\n")
        (folder / "results.json").write_text(
            json.dumps({"numbers": {"result_kind": "sample"}, "provenance": {}})
        )
        files += ["paper_vs_run.csv", "figure1.png", "results.json"]
    return {
        "paper": paper,
        "notebook": notebook,
        "status": status,
        "executed": str(executed),
        "files": files,
        "error": None if status == "ok" else "DataNotConfiguredError: x",
        "seconds": 1.0,
        "source": "",
        "output_dir": str(folder),
    }


def test_scorecard_equals_the_claims_and_links_resolve(tmp_path):
    rows_a = [
        ("t2", "recomputed", "agrees"),
        ("t3", "recomputed", "agrees"),
        ("e", "consistency", "erratum"),
    ]
    rows_b = [
        ("r1", "reproduced", "agrees"),
        ("r2", "reproduced", "differs"),
        ("r3", "reproduced", "not comparable"),
        ("r4", "recomputed", "differs"),
    ]
    runs = [
        _fake_run(tmp_path, "p1", "00_checks", "ok", rows_a),
        _fake_run(tmp_path, "p1", "01_table", "ok", rows_b),
        _fake_run(tmp_path, "p2", "01_x", "skipped", []),
    ]
    (tmp_path / "summary.json").write_text(json.dumps({"notebooks": runs}))
    landing = build_site(tmp_path, "sample", render=False)
    card = scorecard(json.loads((tmp_path / "summary.json").read_text()), tmp_path).set_index(
        "paper"
    )
    claims = pd.concat(
        [pd.read_csv(tmp_path / "p1" / n / "paper_vs_run.csv") for n in ("00_checks", "01_table")]
    )
    rec = claims[claims["kind"] == "recomputed"]
    assert card.loc["p1", "recomputed_exactly"] == (rec["verdict"] == "agrees").sum() == 2
    assert card.loc["p1", "recomputed_total"] == 3
    rest = claims[claims["kind"] != "recomputed"]
    for verdict in ("agrees", "differs", "not comparable"):
        assert card.loc["p1", verdict] == (rest["verdict"] == verdict).sum()
    assert (
        card.loc["p1", "erratum"] == 1
        and card.loc["p2", "skipped"] == 1
        and card.loc["p1", "ok"] == 2
    )
    pages = [landing, tmp_path / "p1" / "index.html", tmp_path / "p2" / "index.html"]
    for page in pages:
        text = page.read_text()
        assert "http://" not in text and "https://" not in text and "<script" not in text
        for ref in re.findall(r'(?:href|src)="([^"#]+)"', text):
            target = (page.parent / ref).resolve()
            assert target.exists() or ref == "files.html", (page, ref)
    assert "2 of 3" in landing.read_text()


def test_paper_page_has_title_authors_and_the_data_of_this_profile_only(tmp_path):
    from evalkit.notebook.references import reference

    run = _fake_run(tmp_path, "riezler2005", "01_x", "ok", [("c", "reproduced", "agrees")])
    executed = Path(run["executed"])
    nb = json.loads(executed.read_text())
    nb["cells"][0]["source"] = [
        "# R\n\n**Question.** Q?\n\n**Data.** `sample`: the simulated `tides2003` corpus; "
        "`public`: WMT17 news en-de; `licensed`: the LDC copy. The pair is `pair`.\n"
    ]
    executed.write_text(json.dumps(nb))
    (tmp_path / "summary.json").write_text(json.dumps({"notebooks": [run]}))
    build_site(tmp_path, "sample", render=False)
    page = (tmp_path / "riezler2005" / "index.html").read_text()
    ref = reference("riezler2005")
    assert f"<h1>{ref.title}</h1>" in page and ref.authors in page
    assert "<code>tides2003</code>" in page and "`" not in page.split("<h2")[1].split("</p>")[3]
    assert "WMT17" not in page and "LDC copy" not in page
    assert "The pair is <code>pair</code>." in page


def test_wide_figures_span_the_window(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    run = _fake_run(tmp_path, "p1", "01_x", "ok", [("c", "reproduced", "agrees")])
    folder = Path(run["output_dir"])
    fig, _ = plt.subplots(1, 4, figsize=(18, 4))
    fig.savefig(folder / "wide.png", dpi=150)
    plt.close(fig)
    run["files"].append("wide.png")
    (tmp_path / "summary.json").write_text(json.dumps({"notebooks": [run]}))
    build_site(tmp_path, "sample", render=False)
    page = (tmp_path / "p1" / "index.html").read_text()
    assert re.search(r'<figure class="wide" style="--w:\d+px"><a href="01_x/wide.png">', page)
    assert '<p><a href="01_x/figure1.png"><img' in page  # a narrow figure stays in the text


def test_scorecard_counts_headline_claims_apart_and_never_shown_rows(tmp_path):
    """Headline claims (listed in the paper's README) are counted apart from detail claims;
    derived, by-construction and not-comparable rows are never counted as agreement."""
    from evalkit.notebook.claims import Claims

    folder = tmp_path / "owczarzak2009depeval" / "01_x"
    folder.mkdir(parents=True)
    c = Claims("owczarzak2009depeval", data="toy")
    c.finding("table2_pyramid_systems_base_above_all_competitors", source="Table 2",
              printed="yes", expected=">", difference=0.1, p_value=0.001, test="Williams test")  # fmt: skip
    c.finding("table2_pyramid_systems_pm_above_base", source="Table 2", printed="no",
              expected="<", difference=0.01, p_value=0.6, test="Williams test")  # fmt: skip
    c.derived("d1", source="Table 1", this_run=1, note="no printed value")
    c.by_construction("b1", source="Table 1", printed="56", this_run=56, note="sizes given")
    c.not_comparable("n1", source="Table 1", printed="0.5", note="stand-in")
    c.frame().to_csv(folder / "paper_vs_run.csv", index=False)
    run = {"paper": "owczarzak2009depeval", "notebook": "01_x", "status": "ok"}
    card = scorecard({"notebooks": [run]}, tmp_path).set_index("paper").loc["owczarzak2009depeval"]
    assert card["headline_agrees"] == 1 and card["headline_inconclusive"] == 0
    assert card["inconclusive"] == 1 and card["agrees"] == 0
    assert (card["derived"], card["by construction"], card["not comparable"]) == (1, 1, 1)
