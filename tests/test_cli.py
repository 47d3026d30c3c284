"""The evalkit command line."""

from __future__ import annotations

import subprocess
import sys

from evalkit.cli import main


def test_help_lists_commands(capsys):
    assert main([]) == 0
    assert "usage: evalkit" in capsys.readouterr().out


def test_module_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "evalkit", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    assert proc.stdout.startswith("evalkit ")


def test_unknown_command_fails():
    proc = subprocess.run(
        [sys.executable, "-m", "evalkit", "no-such-command"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "invalid choice" in proc.stderr
