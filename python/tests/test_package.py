"""The wheel: one install gives the command, as its own binary (no Python in front of it), and
the module, both of one version."""

import subprocess
from pathlib import Path

import uriesc
from conftest import ROOT, command_path


def test_the_command_is_a_binary_of_the_modules_version():
    command = Path(command_path())
    head = command.read_bytes()[:4]
    # An executable of its own (ELF, Mach-O or PE), not a script that starts Python.
    assert head[:2] != b"#!", f"{command} is a script, not the binary"
    version = subprocess.run([command, "--version"], capture_output=True, check=True)
    assert version.stdout.split(b"\n")[0] == f"uriesc {uriesc.__version__}".encode()


def test_the_crates_are_of_one_version():
    def version(manifest):
        for line in (ROOT / manifest).read_text().splitlines():
            if line.startswith("version = "):
                return line.split('"')[1]

    assert version("Cargo.toml") == version("python/Cargo.toml") == uriesc.__version__


def test_the_package_is_typed():
    package = Path(uriesc.__file__).parent
    assert (package / "py.typed").exists() and (package / "_uriesc.pyi").exists()
