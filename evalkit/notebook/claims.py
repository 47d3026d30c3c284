"""Claims against the paper: one schema for every "paper vs this run" row, verdicts computed.

Every notebook ends with a table of claims, and every paper's internal-consistency checks
are claims too. One row per claim, always these columns:

============  ====================================================================
``claim_id``  a stable, file-name-safe id (``bleu_r``, ``table2_recomputed``)
``kind``      ``recomputed`` (derived exactly from other printed numbers: no data),
              ``reproduced`` (the paper's statement checked on this run's data), or
              ``consistency`` (the paper checked against itself)
``level``     ``headline`` (a finding the paper's abstract or conclusion states, listed in
              ``data/published/<paper>/README.md`` under "Headline findings") or ``detail``
``source``    where the paper says it (``Table 1``, ``Section 4.3``); every table, figure,
              section or footnote it names must be in the README's list of the paper's parts
``printed``   the printed value or statement, as text; from ``data/published/`` only
``this_run``  this run's value, as text (numbers with ``digits`` decimals)
``data``      what the run used (``SummEval: expert relevance stands in for coverage``)
``verdict``   see below; never typed by a paper module, always computed here
``evidence``  the comparison that decided the verdict: the tolerance of a numeric match, or
              the test, the difference and its p-value or interval for a finding
``note``      why not comparable, what stands in for what, the erratum
============  ====================================================================

Verdicts, and the method that computes each:

=================  ===================================================================
``agrees``         :meth:`Claims.compare` (numbers within the tolerance, by default the
                   printed precision), :meth:`Claims.check` (an exact statement holds), or
                   :meth:`Claims.finding` (this run's difference is in the paper's direction
                   *and* significant by the stated test)
``differs``        the same, failing: outside the tolerance, the statement does not hold, or a
                   significant difference against the paper's direction
``inconclusive``   :meth:`Claims.finding`: the difference is not significant (inside the noise)
``not comparable`` :meth:`Claims.not_comparable`: the printed value cannot be checked here
``erratum``        :meth:`Claims.erratum`: a slip of the paper documented in its README, whose
                   printed value differs from the value recomputed from the paper's own
                   numbers or data (when they agree the row *agrees*)
``derived``        :meth:`Claims.derived`: a value with no printed counterpart, shown only
``by construction`` :meth:`Claims.by_construction`: the simulator was built to show it
                   (a corpus given TAC's sizes, a questioner hard-coded as generic); and,
                   with ``Claims(..., simulated=True)``, every row stating a printed value
                   the simulator was calibrated to (the ``claim_id`` column of
                   ``data/published/simulator_targets.csv``), whatever its comparison said
=================  ===================================================================

Whole printed tables: :func:`compare_printed` adds one claim per printed number of a
``data/published/<paper>/`` table, matched to this run's cell by key columns (compared within
a tolerance only when ``comparable`` and computed, else *not comparable* with the reason);
:func:`not_reproduced` one not-comparable claim per printed table a profile cannot compute.

Only ``agrees``, ``differs`` and ``inconclusive`` are evidence: the scorecard
(:func:`scorecard`) counts them per level and never counts the other four as agreement.

>>> c = Claims("demo", data="toy")
>>> c.compare("one", source="§1", printed="0.50", this_run=0.503)
>>> c.finding("two", source="§2", printed="A above B", expected=">", difference=0.02,
...           p_value=0.30, test="Williams")
>>> c.not_comparable("three", source="§3", printed="yes", this_run="n/a", note="no such data")
>>> c.frame()[["claim_id", "verdict", "evidence"]].values.tolist()
[['one', 'agrees', '|difference| <= 0.005 (printed precision)'], ['two', 'inconclusive', 'Williams: difference +0.020, p = 0.300 (alpha 0.05; paper: >)'], ['three', 'not comparable', '']]
"""

from __future__ import annotations

import math
import re
from typing import Any, Iterable, List, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import InputFormatError, ParameterError
from evalkit.stats.pairwise import paired_test

COLUMNS = (
    "claim_id",
    "kind",
    "level",
    "source",
    "printed",
    "this_run",
    "data",
    "verdict",
    "evidence",
    "note",
)
#: The columns of claims tables written before ``level`` and ``evidence`` existed.
OLD_COLUMNS = ("claim_id", "kind", "source", "printed", "this_run", "data", "verdict", "note")
KINDS = ("recomputed", "reproduced", "consistency")
LEVELS = ("headline", "detail")
#: The verdicts that are evidence about the paper (counted by the scorecard).
COUNTED = ("agrees", "differs", "inconclusive")
#: The verdicts that are shown but never counted as agreement.
SHOWN = ("not comparable", "erratum", "derived", "by construction")
VERDICTS = COUNTED + SHOWN
DIRECTIONS = (">", "<")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")


def fmt(value: Any, digits: int = 3) -> str:
    """A value as claims text: booleans ``yes``/``no``, floats with ``digits`` decimals
    (``<.001``-style is the caller's choice), NaN/None as ``-``, everything else ``str``."""
    if value is None:
        return "-"
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(float(value)):
            return "-"
        return f"{float(value):.{digits}f}"
    if isinstance(value, (np.integer,)):
        return str(int(value))
    return str(value)


def verdict_of(agrees: Optional[bool]) -> str:
    """``True`` -> agrees, ``False`` -> differs, ``None`` -> not comparable."""
    if agrees is None:
        return "not comparable"
    if isinstance(agrees, (bool, np.bool_)):
        return "agrees" if agrees else "differs"
    raise ParameterError("agrees", agrees, "True, False or None")


def printed_precision(printed: Any) -> Optional[float]:
    """Half a unit in the last printed digit: ``"0.780"`` -> 0.0005, ``"12"`` -> 0.5,
    ``"45%"`` -> 0.5; a float is read through its shortest repr (``0.78`` -> 0.005).
    None when ``printed`` is not a number."""
    if isinstance(printed, (bool, np.bool_)):
        return None
    if isinstance(printed, (int, np.integer)):
        return 0.5
    if isinstance(printed, (float, np.floating)):
        if not math.isfinite(float(printed)):
            return None
        text = repr(float(printed))
        if "e" in text or "E" in text:
            return None
    else:
        text = str(printed).strip().rstrip("%").strip()
    m = re.fullmatch(r"[-+−]?(\d*)(?:\.(\d+))?", text.replace("−", "-"))
    if not m or not (m.group(1) or m.group(2)):
        return None
    decimals = len(m.group(2) or "")
    if decimals == 1 and m.group(2) == "0" and isinstance(printed, (float, np.floating)):
        decimals = 0  # repr(12.0) == "12.0": printed as an integer
    return 0.5 * 10.0 ** (-decimals)


def _number(value: Any) -> Optional[float]:
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, float, np.number)):
        return float(value)
    try:
        return float(str(value).strip().rstrip("%").replace("−", "-"))
    except ValueError:
        return None


def finding_verdict(
    expected: str,
    difference: float,
    *,
    p_value: Optional[float] = None,
    ci: Optional[Sequence[float]] = None,
    alpha: float = 0.05,
) -> str:
    """The verdict of a qualitative finding on this run's data.

    ``expected`` is the paper's direction of ``difference`` (``">"``: positive, ``"<"``:
    negative). The difference is *significant* when ``p_value < alpha`` or, given an
    interval ``ci = (low, high)``, when the interval excludes 0. Agrees: significant and in
    the paper's direction; differs: significant and against it; inconclusive otherwise.

    >>> finding_verdict(">", 0.0002, p_value=0.41)
    'inconclusive'
    >>> finding_verdict(">", -0.05, ci=(-0.09, -0.01))
    'differs'
    >>> finding_verdict("<", -0.05, p_value=0.001)
    'agrees'
    """
    if expected not in DIRECTIONS:
        raise ParameterError("expected", expected, "'>' (positive difference) or '<' (negative)")
    if (p_value is None) == (ci is None):
        raise ParameterError("p_value", p_value, "exactly one of p_value or ci (the stated test)")
    if not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise ParameterError("alpha", alpha, "a level in (0, 1)")
    d = float(difference)
    if not math.isfinite(d):
        return "inconclusive"
    if p_value is not None:
        p = float(p_value)
        if not (0 <= p <= 1) and math.isfinite(p):
            raise ParameterError("p_value", p_value, "a probability in [0, 1]")
        significant = math.isfinite(p) and p < alpha
    else:
        lo, hi = (float(v) for v in ci)
        if lo > hi:
            raise ParameterError("ci", ci, "an interval (low, high) with low <= high")
        significant = lo > 0 or hi < 0
        if significant and (d > 0) != (lo > 0):
            raise ParameterError("difference", d, f"a value inside its interval {ci}")
    if not significant or d == 0:
        return "inconclusive"
    return "agrees" if (d > 0) == (expected == ">") else "differs"


class Claims:
    """Collects the claim rows of one notebook (or one consistency check).

    ``paper`` is the paper key (printed values are read from its published folder, headline
    ids and the paper's parts from its README); ``data`` the default ``data`` column;
    ``kind`` the default kind of rows; ``simulated`` says the run's data is the simulator's
    (the sample profile): a row stating a printed value the simulator was calibrated to
    (:func:`evalkit.data.simulate.realism.calibrated_claims`) is then *by construction*.

    >>> c = Claims("owczarzak2012assessors", simulated=True)
    >>> c.compare("pairs_2009", source="§2", printed=230, this_run=231.0, comparable=False)
    >>> c.frame()[["verdict", "note"]].values.tolist()
    [['by construction', 'the simulator was calibrated to this printed value (target identical_pairs_2009): not evidence']]
    """

    def __init__(
        self,
        paper: str,
        data: str = "",
        kind: str = "reproduced",
        digits: int = 3,
        simulated: bool = False,
    ):
        if kind not in KINDS:
            raise ParameterError("kind", kind, f"one of {KINDS}")
        if not isinstance(simulated, bool):
            raise ParameterError("simulated", simulated, "True (the sample profile) or False")
        self.paper = paper
        self.data = data
        self.kind = kind
        self.digits = digits
        self.rows: List[dict] = []
        self._tables: dict = {}
        self._readme: Optional[tuple] = None
        self._calibrated: dict = {}
        if simulated:
            from evalkit.data.simulate.realism import calibrated_claims

            self._calibrated = calibrated_claims(paper)

    # ------------------------------------------------------------------ printed values
    def table(self, name: str, **dtypes) -> pd.DataFrame:
        """A printed table of the paper (cached)."""
        key = (name, tuple(sorted(dtypes.items())))
        if key not in self._tables:
            from evalkit.data.published import read_published

            self._tables[key] = read_published(self.paper, name, dtypes=dtypes or None)
        return self._tables[key]

    def printed(self, table: str, column: str = "value", *, text: bool = False, **where) -> Any:
        """The single printed cell ``column`` of the row of ``table`` matching ``where``;
        ``text=True`` gives it as printed (``"0.780"``, keeping its precision)."""
        frame = self.table(table, **({column: "str"} if text else {}))
        rows = frame
        for col, value in where.items():
            if col not in rows.columns:
                raise ParameterError(
                    "where", col, f"a column of {self.paper}/{table}: {list(frame.columns)}"
                )
            rows = rows[rows[col] == value]
        if len(rows) != 1:
            raise ParameterError(
                "where",
                where,
                f"a selector matching exactly one row of {self.paper}/{table} "
                f"(matched {len(rows)})",
            )
        if column not in rows.columns:
            raise ParameterError(
                "column", column, f"a column of {self.paper}/{table}: {list(frame.columns)}"
            )
        value = rows.iloc[0][column]
        return value.item() if hasattr(value, "item") else value

    def _paper_readme(self) -> tuple:
        """(headline ids, the paper's parts or None), read once from the README."""
        if self._readme is None:
            from evalkit.data.published import headline_findings, paper_references

            try:
                self._readme = (
                    frozenset(headline_findings(self.paper)),
                    paper_references(self.paper),
                )
            except (ParameterError, InputFormatError):
                self._readme = (frozenset(), None)  # no published folder: a demo or a test
        return self._readme

    def calibrated(self, claim_id: str) -> Optional[str]:
        """The simulator targets (comma-separated) ``claim_id``'s printed value was calibrated
        to (simulated data only), else None: for a finding that compares a free quantity with
        a calibrated one."""
        targets = self._calibrated.get(claim_id)
        return ", ".join(targets) if targets else None

    # ------------------------------------------------------------------ rows
    def _row(
        self,
        claim_id: str,
        *,
        source: str,
        printed: Any,
        this_run: Any,
        verdict: str,
        evidence: str = "",
        note: str = "",
        data: Optional[str] = None,
        kind: Optional[str] = None,
    ) -> None:
        if not isinstance(claim_id, str) or not _ID.match(claim_id):
            raise ParameterError("claim_id", claim_id, "an id of letters, digits and _ . : -")
        data = self.data if data is None else data
        if any(r["claim_id"] == claim_id and r["data"] == data for r in self.rows):
            raise ParameterError("claim_id", claim_id, "an id not used before for the same data")
        kind = self.kind if kind is None else kind
        if kind not in KINDS:
            raise ParameterError("kind", kind, f"one of {KINDS}")
        if claim_id in self._calibrated:
            targets = self._calibrated[claim_id]
            verdict, evidence = "by construction", ""
            what = "this printed value" if len(targets) == 1 else "the printed values it compares"
            note = (
                f"the simulator was calibrated to {what} "
                f"(target{'s' if len(targets) > 1 else ''} {', '.join(targets)}): not evidence"
            )
        headlines, parts = self._paper_readme()
        if parts is not None:
            from evalkit.data.published import references_in

            unknown = [r for r in references_in(source) if r not in parts]
            if unknown:
                raise ParameterError(
                    "source",
                    source,
                    f"parts of {self.paper} listed in its README ({unknown[0]} is not)",
                )
        self.rows.append(
            {
                "claim_id": claim_id,
                "kind": kind,
                "level": "headline" if claim_id in headlines else "detail",
                "source": str(source),
                "printed": fmt(printed, self.digits),
                "this_run": fmt(this_run, self.digits),
                "data": data,
                "verdict": verdict,
                "evidence": evidence,
                "note": note,
            }
        )

    def add(
        self,
        claim_id: str,
        *,
        agrees: Optional[bool] = None,
        verdict: Optional[str] = None,
        **row: Any,
    ) -> None:
        """Add one claim whose verdict follows from ``agrees`` (a computed truth value:
        True/False, None = not comparable), as :meth:`check` does. An explicit ``verdict``
        may only be one of the shown, uncounted ones (``not comparable``, ``derived``,
        ``by construction``); agreement is always computed. ``row``: the row's fields
        ``source, printed, this_run`` (required), ``evidence, note, data, kind`` (as every
        method here takes them)."""
        if verdict is None:
            verdict = verdict_of(agrees)
        elif verdict not in ("not comparable", "derived", "by construction"):
            raise ParameterError(
                "verdict",
                verdict,
                "not given (computed from agrees, or use compare/check/finding/erratum), or one "
                "of 'not comparable', 'derived', 'by construction'",
            )
        self._row(claim_id, verdict=verdict, **row)

    def check(
        self, claim_id: str, *, source: str, printed: Any, this_run: Any, holds: bool, **kw
    ) -> None:
        """An exact statement (a recomputation, a count, an identity) that holds or not."""
        if not isinstance(holds, (bool, np.bool_)):
            raise ParameterError("holds", holds, "True or False (computed)")
        kw.setdefault("evidence", "exact")
        self.add(
            claim_id, source=source, printed=printed, this_run=this_run, agrees=bool(holds), **kw
        )

    def check_equal(self, claim_id: str, *, printed: Any, this_run: Any, **kw) -> None:
        """An exact recomputation: holds when ``this_run == printed`` (as :meth:`check`)."""
        self.check(claim_id, printed=printed, this_run=this_run, holds=this_run == printed, **kw)

    def compare(
        self,
        claim_id: str,
        *,
        printed: Any,
        this_run: Any,
        tolerance: Optional[float] = None,
        comparable: bool = True,
        **kw,
    ) -> None:
        """Numbers or values: agrees when equal (numbers: ``|printed - this_run| <=
        tolerance``, by default half a unit of the printed precision, so pass the printed
        text, e.g. ``Claims.printed(..., text=True)``); ``comparable=False`` records the
        pair as not comparable (stand-in data)."""
        if tolerance is not None and (not isinstance(tolerance, (int, float)) or tolerance < 0):
            raise ParameterError(
                "tolerance", tolerance, "a number >= 0 (or None: printed precision)"
            )
        p, r = _number(printed), _number(this_run)
        evidence = ""
        if not comparable:
            agrees: Optional[bool] = None
        elif p is not None and r is not None:
            if tolerance is None:
                tol = printed_precision(printed)
                tol = 0.0 if tol is None else tol
                evidence = f"|difference| <= {tol:g} (printed precision)"
            else:
                tol = float(tolerance)
                evidence = f"|difference| <= {tol:g}"
            agrees = bool(math.isfinite(r) and abs(p - r) <= tol + 1e-12)
        else:
            agrees = fmt(printed, self.digits) == fmt(this_run, self.digits)
            evidence = "same text"
        kw.setdefault("evidence", evidence)
        self.add(claim_id, printed=printed, this_run=this_run, agrees=agrees, **kw)

    def finding(
        self,
        claim_id: str,
        *,
        expected: str,
        difference: float,
        test: str,
        p_value: Optional[float] = None,
        ci: Optional[Sequence[float]] = None,
        alpha: float = 0.05,
        this_run: Any = None,
        **kw,
    ) -> None:
        """A qualitative finding ("A correlates better than B") tested on this run: see
        :func:`finding_verdict`. ``difference`` is this run's A - B (in the paper's sense),
        ``expected`` the paper's sign of it, ``test`` the test that gave ``p_value`` or the
        interval ``ci`` (``"Williams test"``, ``"paired bootstrap 95% CI"``)."""
        if not isinstance(test, str) or not test.strip():
            raise ParameterError("test", test, "the name of the test that decided significance")
        verdict = finding_verdict(expected, difference, p_value=p_value, ci=ci, alpha=alpha)
        d = float(difference)
        if p_value is not None:
            p = float(p_value)
            stat = f"p = {p:.3f}" if p >= 0.001 else "p < 0.001"
        else:
            lo, hi = (float(v) for v in ci)
            stat = f"CI [{lo:+.3f}, {hi:+.3f}]"
        evidence = f"{test}: difference {d:+.3f}, {stat} (alpha {alpha:g}; paper: {expected})"
        this_run = f"{d:+.3f}" if this_run is None else this_run
        self._row(claim_id, this_run=this_run, verdict=verdict, evidence=evidence, **kw)

    def paired_finding(
        self,
        claim_id: str,
        a: Any,
        b: Any,
        *,
        over: str,
        source: str,
        printed: Any,
        expected: str = ">",
        **kw,
    ) -> None:
        """The finding "``a`` above ``b``" (``expected=">"``, or below: ``"<"``) tested by a
        two-sided paired t-test (:func:`evalkit.stats.pairwise.paired_test`) of the paired
        values ``a`` and ``b``; ``over`` names the pairs in the evidence (``"the 12
        documents"``). Other keywords go to :meth:`finding`."""
        res = paired_test(a, b, test="t").iloc[0]
        self.finding(
            claim_id,
            source=source,
            printed=printed,
            expected=expected,
            difference=float(res["mean_diff"]),
            p_value=float(res["p_value"]),
            test=f"paired t-test over {over}",
            **kw,
        )

    def welch_finding(
        self, claim_id: str, a: Any, b: Any, *, test: str, expected: str = ">", **kw
    ) -> None:
        """The finding "the mean of ``a`` above the mean of ``b``" (``expected=">"``, or below:
        ``"<"``) tested by Welch's t test of two independent samples (unequal variances,
        two-sided; :func:`scipy.stats.ttest_ind` with ``equal_var=False``); ``test`` names it
        and the samples in the evidence. A sample of fewer than two values, or two constant
        samples, give no test: p = 1 (inconclusive). Other keywords go to :meth:`finding`."""
        from scipy.stats import ttest_ind

        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        p = float(ttest_ind(a, b, equal_var=False).pvalue) if min(len(a), len(b)) > 1 else 1.0
        self.finding(
            claim_id,
            expected=expected,
            difference=float(a.mean() - b.mean()),
            p_value=p if math.isfinite(p) else 1.0,
            test=test,
            **kw,
        )

    def erratum(
        self,
        claim_id: str,
        *,
        printed: Any,
        this_run: Any,
        note: str,
        tolerance: Optional[float] = None,
        **kw,
    ) -> None:
        """A documented slip of the paper: ``this_run`` is the value recomputed from the
        paper's own numbers or data. ``erratum`` when the printed value differs from it
        (beyond ``tolerance``, by default the printed precision), ``agrees`` otherwise."""
        if not note:
            raise ParameterError("note", note, "the erratum, as documented in the README")
        p, r = _number(printed), _number(this_run)
        if p is not None and r is not None:
            tol = printed_precision(printed) if tolerance is None else float(tolerance)
            differs = not (math.isfinite(r) and abs(p - r) <= (tol or 0.0) + 1e-12)
            evidence = f"|difference| <= {tol or 0.0:g}"
        else:
            differs = fmt(printed, self.digits) != fmt(this_run, self.digits)
            evidence = "same text"
        verdict = "erratum" if differs else "agrees"
        kw.update(printed=printed, this_run=this_run, note=note)
        self._row(claim_id, verdict=verdict, evidence=evidence, **kw)

    def _shown(self, verdict: str, claim_id: str, note: str, **kw) -> None:
        if not note:
            raise ParameterError("note", note, f"why the row is {verdict}")
        self._row(claim_id, verdict=verdict, note=note, **kw)

    # The shown, uncounted rows take the row's fields as :meth:`add` does (``source``,
    # ``printed`` and ``this_run`` required unless a default is named) and a ``note``.
    def not_comparable(self, claim_id: str, *, note: str, this_run: Any = "-", **kw) -> None:
        """A printed value this profile cannot check; ``note`` says why."""
        self._shown("not comparable", claim_id, note, this_run=this_run, **kw)

    def derived(self, claim_id: str, *, note: str, printed: Any = "-", **kw) -> None:
        """A value with no printed counterpart (shown beside the paper, never counted)."""
        self._shown("derived", claim_id, note, printed=printed, **kw)

    def by_construction(self, claim_id: str, *, note: str, **kw) -> None:
        """A statement the simulator was built to show (``note``: what it was given)."""
        self._shown("by construction", claim_id, note, **kw)

    def extend(self, other: "Claims") -> None:
        for row in other.rows:
            self.rows.append(dict(row))

    def frame(self) -> pd.DataFrame:
        """The claims as a data frame with exactly :data:`COLUMNS`."""
        return pd.DataFrame(self.rows, columns=list(COLUMNS))


def upgrade(frame: pd.DataFrame) -> pd.DataFrame:
    """A claims table in :data:`OLD_COLUMNS` (written before ``level``/``evidence``) with
    the two columns added (``detail``, empty evidence); a current table unchanged."""
    if tuple(frame.columns) == OLD_COLUMNS:
        frame = frame.copy()
        frame.insert(2, "level", "detail")
        frame.insert(8, "evidence", "")
    return frame


def check_claims(frame: pd.DataFrame, name: str = "claims") -> pd.DataFrame:
    """Refuse a claims table that does not follow the schema (columns, kinds, levels,
    verdicts)."""
    if not isinstance(frame, pd.DataFrame):
        raise ParameterError(
            name,
            type(frame).__name__,
            "a claims DataFrame (evalkit.notebook.claims.Claims.frame())",
        )
    if tuple(frame.columns) != COLUMNS:
        raise ParameterError(name, list(frame.columns), f"exactly the columns {list(COLUMNS)}")
    if frame.empty:
        raise ParameterError(name, "no rows", "at least one claim")
    for column, allowed in (("verdict", VERDICTS), ("kind", KINDS), ("level", LEVELS)):
        bad = sorted(set(frame[column]) - set(allowed))
        if bad:
            raise ParameterError(f"{name}.{column}", bad[0], f"one of {allowed}")
    dup = frame[frame.duplicated(["claim_id", "data"])]
    if len(dup):
        raise ParameterError(f"{name}.claim_id", dup["claim_id"].iloc[0], "ids unique per data set")
    return frame


def concat(frames: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """Several claims tables as one (each checked)."""
    frames = [check_claims(f) for f in frames]
    return check_claims(pd.concat(frames, ignore_index=True))


def summary(frame: pd.DataFrame) -> dict:
    """Counts per kind and verdict (the reproduction scorecard of one notebook)."""
    check_claims(frame)
    out = {}
    for (kind, verdict), n in frame.groupby(["kind", "verdict"]).size().items():
        out.setdefault(kind, {})[verdict] = int(n)
    return out


def scorecard(frame: pd.DataFrame) -> pd.DataFrame:
    """The scorecard of claims tables: one row per level (``headline``, ``detail``) with
    the counted verdicts (agrees / differs / inconclusive, the evidence) and, apart, the
    shown ones (not comparable / erratum / derived / by construction), never counted as
    agreement. Old tables without a level count as detail."""
    frame = upgrade(frame)
    rows = []
    for level in LEVELS:
        sub = frame[frame["level"] == level]
        row = {"level": level}
        for verdict in VERDICTS:
            row[verdict] = int((sub["verdict"] == verdict).sum())
        row["counted"] = sum(row[v] for v in COUNTED)
        rows.append(row)
    return pd.DataFrame(rows, columns=["level", *VERDICTS, "counted"]).set_index("level")


__all__ = [
    "COLUMNS",
    "COUNTED",
    "Claims",
    "DIRECTIONS",
    "KINDS",
    "LEVELS",
    "OLD_COLUMNS",
    "SHOWN",
    "VERDICTS",
    "check_claims",
    "compare_printed",
    "concat",
    "finding_verdict",
    "fmt",
    "not_reproduced",
    "printed_precision",
    "scorecard",
    "summary",
    "upgrade",
    "verdict_of",
]


def compare_printed(
    claims: Claims,
    table: str,
    ours: Optional[pd.DataFrame],
    keys: Sequence[str],
    *,
    comparable: bool,
    tolerance: float,
    value: str = "value",
    ours_value: Optional[str] = None,
    stand_in: str = "different data (stand-in)",
) -> None:
    """Add one claim per printed ``value`` of ``table`` (cells identified by ``keys``) beside
    ``ours`` (None or empty: nothing computed; ``ours_value`` = its value column)."""
    printed = claims.table(table)
    col = ours_value or value
    mine = ours.set_index(list(keys))[col] if ours is not None and len(ours) else None
    for r in printed.itertuples(index=False):
        key = tuple(getattr(r, k) for k in keys)
        this = (
            float(mine.get(key if len(key) > 1 else key[0], np.nan))
            if mine is not None
            else float("nan")
        )
        p = getattr(r, value)
        computed = this == this
        suffix = "" if value == "value" else f":{value}"
        claims.compare(
            f"{table}:" + ":".join(re.sub(r"[^A-Za-z0-9_.-]+", "_", str(k)) for k in key) + suffix,
            source=f"{table} ({', '.join(map(str, key))}){'' if value == 'value' else ' ' + value}",
            printed=p,
            this_run=this,
            tolerance=tolerance,
            comparable=comparable and computed,
            note=(
                f"tolerance {tolerance}"
                if comparable and computed
                else stand_in
                if computed
                else "not computed on this run"
            ),
        )


def not_reproduced(claims: Claims, tables: Sequence[str], reason: str) -> None:
    """One not-comparable claim per printed table this profile cannot compute."""
    for t in tables:
        claims.add(
            t, source=t, printed="see data/published", this_run="-", agrees=None, note=reason
        )


def tree_accuracy_rows(claims: Claims, accuracy: pd.DataFrame, *, source: str, note: str) -> None:
    """Derived rows ``uas_<texts>`` and ``las_<texts>``: a parser's attachment scores against
    gold trees (``accuracy``: ``texts, tokens, uas, las``), which the papers do not print;
    ``note`` is formatted with ``score`` (``UAS``/``LAS``) and ``tokens``."""
    for row in accuracy.itertuples():
        for score in ("uas", "las"):
            claims.derived(
                f"{score}_{row.texts.replace(' ', '_')}",
                source=source,
                this_run=getattr(row, score),
                note=note.format(score=score.upper(), tokens=row.tokens),
            )


def parser_cost_rows(
    claims: Claims, table: pd.DataFrame, *, source: str, tree_free: Sequence[str], over: str
) -> None:
    """Derived rows ``cost_<parser>_<metric>``: per metric of ``table`` but the ``tree_free``
    ones, the mean of its ``cost_<parser>`` column (r with gold trees minus r with that
    parser's trees) over ``over`` (what the table's rows are); no paper prints them."""
    for col in [x for x in table.columns if x.startswith("cost_")]:
        for metric, part in table[~table["metric"].isin(tree_free)].groupby("metric", sort=True):
            claims.derived(
                f"{col}_{metric.replace(' ', '_').lower()}",
                source=source,
                this_run=float(part[col].mean()),
                note=f"mean r with gold trees minus r with {col[5:]} trees over {over}",
            )
