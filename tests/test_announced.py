"""pnp.announced reads entry points itself where packages are plain metadata folders: it must find
what importlib.metadata finds, in the same order, and hand over to it anywhere else. And a build
(or `pnp.cli`'s process, with pydantic's plugin loader stood in for) no longer imports
importlib.metadata at all."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import zipfile
from importlib.machinery import PathFinder
from pathlib import Path

import pytest

from pnp import announced

ROOT = Path(__file__).resolve().parent.parent


def theirs(group: str) -> list[tuple[str, str, str]]:
    return [(ep.name, ep.value, ep.group) for ep in importlib.metadata.entry_points(group=group)]


def ours(group: str) -> list[tuple[str, str, str]]:
    return [(ep.name, ep.value, ep.group) for ep in announced.entry_points(group=group)]


def groups() -> set[str]:
    return {ep.group for dist in importlib.metadata.distributions() for ep in dist.entry_points}


@pytest.fixture(autouse=True)
def python_finders_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python's own distribution finder only, as in pnp's process: a test library may have imported
    the importlib_metadata backport, which takes find_distributions from Python's PathFinder and adds
    its own finder (pnp then hands over to importlib.metadata, see below); put Python's back."""
    if getattr(PathFinder, "find_distributions", None) is None:
        monkeypatch.setattr(PathFinder, "find_distributions",
                            staticmethod(importlib.metadata.MetadataPathFinder.find_distributions), raising=False)
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path
                                           if getattr(f, "find_distributions", None) is None or f is PathFinder])


def test_another_distribution_finder_is_left_to_importlib_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    class Finder:
        @staticmethod
        def find_distributions(context: object = None) -> list[object]:
            return []

        @staticmethod
        def find_spec(*args: object) -> None:
            return None

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert announced._info_folders() is None
    assert ours("pnp.games") == theirs("pnp.games")


def test_every_installed_group_is_found_as_importlib_metadata_finds_it() -> None:
    assert announced._info_folders() is not None, "this environment is plain folders: pnp reads it itself"
    found = groups()
    assert "pnp.games" in found and len(found) > 3
    for group in sorted(found) + ["no-such-group"]:
        assert ours(group) == theirs(group), group


def info(where: Path, folder: str, text: str | None) -> None:
    (where / folder).mkdir(parents=True)
    (where / folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {folder.split('-')[0]}\nVersion: 1\n")
    if text is not None:
        (where / folder / "entry_points.txt").write_text(text)


def test_duplicates_comments_and_odd_folders_as_importlib_metadata(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    # the same distribution (names normalized alike) in two path entries: the first one's only
    info(first, "Zeta_Games-1.0.dist-info", "# a comment\n\n[pnp.games]\n  zeta = zeta.rules:Zeta  \n[other]\nx=y\n")
    info(second, "zeta.games-2.0.dist-info", "[pnp.games]\nzeta-old = old:Zeta\n")
    info(second, "alpha-1.0.dist-info", "[pnp.games]\nalpha = alpha:Game [extra]\nzeta = alpha:Shadow\n")
    info(second, "nothing-1.0.dist-info", None)                    # no entry_points.txt
    info(second, "legacy-1.0.egg-info", "[pnp.games]\nlegacy=legacy.mod:Rules.inner\n")
    (second / "flat-1.0.egg-info").write_text("an egg-info file, not a folder\n")
    info(second, "orphan-1.0.dist-info", "lines before any section are skipped = yes\n[pnp.games]\norphan = o:O\n")
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    assert announced._info_folders() is not None
    for group in ("pnp.games", "other", "none"):
        assert ours(group) == theirs(group)
    names = [name for name, _, _ in ours("pnp.games")]
    assert "zeta" in names and "zeta-old" not in names and {"alpha", "legacy", "orphan"} <= set(names)


def test_a_zip_on_the_path_or_an_odd_name_is_left_to_importlib_metadata(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("zipped-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\nVersion: 1\n")
        zf.writestr("zipped-1.0.dist-info/entry_points.txt", "[pnp.games]\nzipped = zipped:Game\n")
    monkeypatch.syspath_prepend(str(archive))
    assert announced._info_folders() is None
    assert ("zipped", "zipped:Game", "pnp.games") in ours("pnp.games")
    assert ours("pnp.games") == theirs("pnp.games")
    monkeypatch.undo()
    odd = tmp_path / "odd"
    info(odd, "Shouting-1.0.DIST-INFO", "[pnp.games]\nshout = s:S\n")     # named from its METADATA instead
    monkeypatch.syspath_prepend(str(odd))
    assert announced._info_folders() is None
    assert ours("pnp.games") == theirs("pnp.games")


def test_an_announcement_loads_what_it_names() -> None:
    ep = announced.Announcement("x", "pnp.games.registry:module_for", "pnp.games")
    from pnp.games.registry import module_for
    assert ep.load() is module_for
    assert announced.Announcement("x", "os.path : join [extra]", "g").load() is __import__("os").path.join
    with pytest.raises(ModuleNotFoundError):
        announced.Announcement("x", "no_such_module_anywhere:Game", "g").load()


PROBE = """
import sys, os
{imports}
from pnp.model import load_game
from pnp.games.registry import module_for
game = load_game(os.path.join({root!r}, "cards", "daimyni"))
module_for(game.meta.rules or game.id)
loader = sys.modules.get("pydantic.plugin._loader")
print("importlib.metadata" in sys.modules, type(loader).__name__, getattr(loader, "__file__", None) is None)
os.environ["PYDANTIC_DISABLE_PLUGINS"] = ""
from pydantic.plugin._loader import get_plugins
plugins = list(get_plugins())
print(plugins, "importlib.metadata" in sys.modules, sys.modules["pydantic.plugin._loader"].__file__ is not None)
"""


def probe(imports: str) -> list[str]:
    assert (ROOT / "cards" / "daimyni" / "game.toml").is_file()
    out = subprocess.run([sys.executable, "-c", PROBE.format(imports=imports, root=str(ROOT))], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    return out.split("\n")


def test_the_command_reads_a_game_without_importlib_metadata_and_plugins_can_come_back() -> None:
    """In `pnp`'s process pydantic's loader is the stand-in while plugins are all off; once the
    variable says otherwise, pydantic's own loader answers (and importlib.metadata is imported)."""
    first, then, _ = probe("import pnp.cli")
    assert first == "False module True"
    assert then == "[] True True"


def test_a_library_import_keeps_pydantics_own_loader() -> None:
    first, _, _ = probe("import pnp")
    assert first.split()[0] == "True" and first.split()[2] == "False"
