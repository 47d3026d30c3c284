"""Attributes of an SGML/XML start tag: the one parser behind every markup reader.

Used by :mod:`evalkit.data.nist_sgml` (mteval SGML/XML sets) and :mod:`evalkit.data.wmt`
(WMT's one-element-per-line "fake SGML"). Layout accepted inside a tag, after its name::

    name="value"    name='value'    name=value      (any whitespace around '=')

Names start with a letter or ``_`` and continue with letters, digits, ``_``, ``.`` or
``-``; they are returned lower-cased (SGML names are case-insensitive: ``DocID`` and
``docid`` are one attribute). A bare value runs to the next whitespace, quote or ``>``.
When a name repeats, the last value wins (as in mteval's Perl hashes). With
``unescape=True`` the five XML entities (``&amp; &lt; &gt; &quot; &apos;``) in values are
decoded; mteval itself leaves them alone, so NIST SGML is read without decoding.

Example:

>>> parse_attributes(' docid="AFP.1" SysID=ref genre=\\'news\\'')
{'docid': 'AFP.1', 'sysid': 'ref', 'genre': 'news'}
>>> parse_attributes('title="a &amp; b"', unescape=True)
{'title': 'a & b'}

Why our own: ``html.parser`` and ``xml.etree`` need a whole well-formed document (the
NIST files are SGML with unclosed ``<p>`` and stray ``&``), and the attribute syntax is
one regular expression.
"""

from __future__ import annotations

import re
from typing import Dict
from xml.sax.saxutils import unescape as _xml_unescape

__all__ = ["parse_attributes"]

# A name is matched only from the start of a run of name characters, after the run's leading
# digits, dots and hyphens, and possessively: the leftmost match is the same as the plain
# ``([A-Za-z_][\w.-]*)\s*=`` (a shorter name ends before a name character, never before
# ``=``), but a long run without ``=`` is scanned once, not once per start position (a
# 120,000-character ``idNaNNaN...`` took 80 s).
_ATTRIBUTE = re.compile(
    r"""(?<![\w.-])(?:[^\W_A-Za-z]|[.-])*+([A-Za-z_][\w.-]*+)\s*=\s*"""
    r"""(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))"""
)
_ENTITIES = {"&quot;": '"', "&apos;": "'"}


def parse_attributes(text: str, unescape: bool = False) -> Dict[str, str]:
    """The ``name -> value`` attributes in ``text`` (the inside of a start tag after its
    name), names lower-cased; see the module docstring for the syntax accepted."""
    out: Dict[str, str] = {}
    for m in _ATTRIBUTE.finditer(text):
        value = next(g for g in m.groups()[1:] if g is not None)
        out[m.group(1).lower()] = _xml_unescape(value, _ENTITIES) if unescape else value
    return out
