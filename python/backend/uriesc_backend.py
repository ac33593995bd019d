"""The wheel's build backend (PEP 517): maturin's, with the `uriesc` command built first.

maturin puts one Cargo target in a wheel: here the extension module (python/Cargo.toml). The
command is the root crate's binary; it is built here as `cargo install --locked` builds it
(the release profile, Cargo.lock's versions) and put in maturin's wheel data
(`tool.maturin.data`, `scripts/`), which installers put on PATH as it is. So the command runs
as its own binary, without a Python interpreter started in front of it, and the extension
never holds the command line.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import maturin
from maturin import (  # noqa: F401  (the hooks that need no command, as maturin has them)
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
)

ROOT = Path(__file__).resolve().parents[2]
# pyproject.toml's `tool.maturin.data`: maturin refuses a data directory that is not there.
DATA = ROOT / "target" / "wheel-data"
EXE = "uriesc.exe" if os.name == "nt" else "uriesc"


def _cargo(*args, capture=False):
    cargo = os.environ.get("CARGO", "cargo")
    # cargo's progress to stderr, as maturin's: stdout is the installer's.
    return subprocess.run(
        [cargo, *args],
        cwd=ROOT,
        check=True,
        stdout=subprocess.PIPE if capture else sys.stderr,
        text=capture,
    ).stdout


def _data_dir(with_command):
    """The wheel data, with the command in its scripts/ where `with_command`."""
    scripts = DATA / "scripts"
    shutil.rmtree(DATA, ignore_errors=True)
    scripts.mkdir(parents=True)
    if not with_command:
        return
    _cargo("build", "--release", "--locked", "--bin", "uriesc")
    metadata = json.loads(_cargo("metadata", "--format-version", "1", "--no-deps", capture=True))
    built = Path(metadata["target_directory"]) / "release" / EXE
    shutil.copy2(built, scripts / EXE)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _data_dir(with_command=False)
    return maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    _data_dir(with_command=False)
    return maturin.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _data_dir(with_command=True)
    return maturin.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _data_dir(with_command=True)
    return maturin.build_editable(wheel_directory, config_settings, metadata_directory)
