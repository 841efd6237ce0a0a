"""Tabletop Simulator (`--target tts`) read back: the saved object's structure (CustomDeck, FaceURL,
BackURL, NumWidth, NumHeight, DeckIDs) against the deck, the sheets' grid and sizes, the hidden-card
slot, and the files the URLs name."""

import json
import math
import shutil
from urllib.parse import unquote, urlparse

import pytest

from pnp.errors import UsageError
from pnp.export import export, settings
from pnp.model import load_game
from pnp.model.aid import has_aid
from tests.conftest import run_pnp
from tests.export.conftest import FIXTURES, GAMES, USER_GAMES, WHERE, exported, game_of, image


def decks(game):
    out = {}
    for card in game.cards:
        out.setdefault(card.deck, []).append(card)
    return out


def local(url):
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return unquote(parsed.path)


def check_saved_object(game, files):
    """Every deck's JSON against its cards and images; returns the sheets' grids."""
    grids = []
    aid = ({f"{game.id}-aid.json", f"{game.id}-aid-front.png", f"{game.id}-aid-back.png"}
           if has_aid(game.folder) else set())
    assert aid <= set(files)
    files = {n: d for n, d in files.items() if n not in aid}       # the aid's deck: see test_the_aid_is_a_deck
    assert sorted(n for n in files if n.endswith(".json")) == sorted(f"{game.id}-{d}.json" for d in decks(game))
    used = set()
    for deck, cards in decks(game).items():
        saved = json.loads(files[f"{game.id}-{deck}.json"])
        (state,) = saved["ObjectStates"]
        if len(cards) == 1:
            assert state["Name"] == "Card"
            contained, custom = [state], state["CustomDeck"]
        else:
            assert state["Name"] == "DeckCustom"      # what TTS's Custom Deck import saves
            contained, custom = state["ContainedObjects"], state["CustomDeck"]
            assert state["DeckIDs"] == [c["CardID"] for c in contained]
        assert len(contained) == len(cards)
        assert all(c["Name"] == "Card" for c in contained)
        assert state["Transform"]["rotZ"] == 180          # face down
        w, h = game.size_of(cards[0]).size
        assert all(c["SidewaysCard"] == (w > h) for c in [state, *contained])   # landscape cards lie turned
        ids = [c["CardID"] for c in contained]
        assert len(set(ids)) == len(ids)
        assert {str(i // 100) for i in ids} == set(custom)
        for card, obj in zip(cards, contained):
            assert obj["Nickname"].startswith(card.type.title[game.meta.languages[0]])
            assert obj["CustomDeck"] == {str(obj["CardID"] // 100): custom[str(obj["CardID"] // 100)]}
        for key, sheet in custom.items():
            cols, rows = sheet["NumWidth"], sheet["NumHeight"]
            assert 2 <= cols <= 10 and 2 <= rows <= 7
            slots = [i % 100 for i in ids if i // 100 == int(key)]
            assert slots == list(range(len(slots)))            # filled from the top left
            assert len(slots) <= cols * rows - 1                # the last slot is the hidden card's
            face_path, back_path = local(sheet["FaceURL"]), local(sheet["BackURL"])
            assert face_path.startswith(str(WHERE) + "/") and back_path.startswith(str(WHERE) + "/")
            face = image(files[face_path.rsplit("/", 1)[1]])
            back = image(files[back_path.rsplit("/", 1)[1]])
            used |= {face_path.rsplit("/", 1)[1], back_path.rsplit("/", 1)[1]}
            assert face.width <= 4096 and face.height <= 4096
            cw, ch = back.size
            assert face.size == (cols * cw, rows * ch)
            w, h = game.size_of(cards[0]).size
            assert abs(cw / ch - w / h) < 0.01                   # the card's proportions
            hidden = face.crop(((cols - 1) * cw, (rows - 1) * ch, cols * cw, rows * ch))
            assert hidden.tobytes() == back.tobytes()            # the hidden slot shows the back
            first = face.crop((0, 0, cw, ch))
            assert first.tobytes() != back.tobytes()
            grids.append((cols, rows, len(slots)))
    assert used | {n for n in files if n.endswith(".json")} == set(files)   # nothing written that is not used
    return grids


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES + USER_GAMES)
def test_every_deck_gets_sheets_a_back_and_a_saved_object(name):
    check_saved_object(game_of(name), exported(name, "tts"))


@pytest.mark.slow
def test_a_deck_of_150_cards_takes_three_sheets_of_at_most_69(tmp_path):
    """10 x 7 slots, 69 cards and the hidden card: 150 cards are 69 + 69 + 12, each sheet under 4096 px."""
    folder = tmp_path / "many"
    source = USER_GAMES[1]
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("samples", "booklet"))
    text = (folder / "cards.toml").read_text(encoding="utf-8")
    head, _, rest = text.partition("[[cards]]")
    backs = rest[rest.index("[backs."):]
    (folder / "cards.toml").write_text(head + '[[cards]]\nnumber = 1\ntype = "number"\ncount = 150\n\n' + backs,
                                       encoding="utf-8")
    game = load_game(folder)
    assert len(game.cards) == 150
    files = {a.name: a.data for a in export(game, settings("tts", None, None), None, WHERE)}
    grids = check_saved_object(game, files)
    assert [g[2] for g in grids] == [69, 69, 12]
    assert grids[0][:2] == grids[1][:2] == (10, 7)
    assert grids[2][:2] == (7, 2)      # 13 slots: two rows of seven
    deck = game.cards[0].deck
    for n in (1, 2):
        sheet = image(files[f"{game.id}-{deck}-sheet-{n}.png"])
        assert sheet.width <= 4096 and sheet.height <= 4096
        assert max(sheet.width, sheet.height) > 4096 * 0.98         # as large as the limit allows


def test_a_small_deck_keeps_the_full_resolution():
    """Five columns of poker cards fit in 4096 px at 300 dpi: 750 x 1050 px a card."""
    game = game_of(GAMES[0])
    files = exported(GAMES[0], "tts")
    backs = [image(d) for n, d in files.items() if "-back-" in n]
    if len(game.cards) <= 2 * 10 - 1 and game.size_of(game.cards[0]).size == (63.5, 88.9):
        assert {b.size for b in backs} <= {(750, 1050), (409, 572)}
    assert all(math.isclose(b.width / b.height, 63.5 / 88.9, rel_tol=0.01) for b in backs)


@pytest.mark.slow
def test_the_cli_points_the_urls_at_the_written_files(tmp_path):
    out = tmp_path / "table top"           # a space: the URL is escaped
    res = run_pnp("export", GAMES[0], "--target", "tts", "--out", out, "-q")
    assert res.returncode == 0, res.stderr
    jsons = list(out.glob("*.json"))
    assert jsons
    for path in jsons:
        state = json.loads(path.read_text(encoding="utf-8"))["ObjectStates"][0]
        for sheet in state["CustomDeck"].values():
            for url in (sheet["FaceURL"], sheet["BackURL"]):
                assert "%20" in url
                assert (out.resolve() / local(url).rsplit("/", 1)[1]).is_file()
                assert local(url).startswith(str(out.resolve()))


@pytest.mark.slow
def test_same_input_same_bytes():
    fresh = exported.__wrapped__     # two exports of their own; the cache stays for the other tests
    first = fresh(GAMES[0], "tts")
    assert fresh(GAMES[0], "tts") == first


def _states(files):
    """Each saved object's cards (one or a deck's contained cards), by file name."""
    out = {}
    for name, data in files.items():
        if name.endswith(".json"):
            (state,) = json.loads(data)["ObjectStates"]
            out[name] = state.get("ContainedObjects", [state])
    return out


def test_cards_are_named_and_described_by_what_they_print():
    """A character named Ronja is 'Character Ronja', with its text and its printed fields; no file slug."""
    states = _states(exported(USER_GAMES[0], "tts"))
    ronja, bo = states["two-decks-character.json"]
    assert ronja["Nickname"] == "Character Ronja" and bo["Nickname"] == "Character Bo"
    assert ronja["Description"].splitlines() == ["Keep in front of you.", "trust: 3", "power: Cancels a majority"]
    assert bo["Description"].splitlines() == ["Keep in front of you.", "trust: 1"]


def test_built_in_cards_say_their_number_and_clan():
    """Daimyni's cards have no names of their own: the type's, the printed number and the clan."""
    game = game_of("daimyni")
    states = _states(exported("daimyni", "tts"))
    cards = [c for name, cs in states.items() if name != "daimyni-aid.json" for c in cs]
    first = game.cards[0]
    assert cards[0]["Nickname"] == f"{first.type.title['en']} {first.label} ({first.clan.short['en']})"
    assert cards[0]["Description"] == first.type.text["en"]


def test_a_label_that_is_a_file_slug_is_not_in_the_name(tmp_path):
    folder = tmp_path / "two-decks"
    shutil.copytree(USER_GAMES[0], folder)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace('label = "Bo"', 'label = "silk-lantern"'),
                     encoding="utf-8")
    files = {a.name: a.data for a in export(load_game(folder), settings("tts", None, None), None, WHERE)}
    assert [c["Nickname"] for c in _states(files)["two-decks-character.json"]] == ["Character Ronja", "Character"]


def test_a_base_url_links_every_image_there():
    game = game_of("daimyni")
    files = {a.name: a.data for a in export(game, settings("tts", None, None), None, WHERE,
                                            base_url="https://example.org/my games")}
    urls = [url for data in files.values() if isinstance(data, bytes) and data.startswith(b"{")
            for state in [json.loads(data)["ObjectStates"][0]]
            for sheet in state["CustomDeck"].values() for url in (sheet["FaceURL"], sheet["BackURL"])]
    assert urls and all(url.startswith("https://example.org/my%20games/") for url in urls)
    assert {url.rsplit("/", 1)[1] for url in urls} <= set(files)         # each names an exported image


@pytest.mark.parametrize("url", ["example.org/x", "file:///tmp/x", "https://", "ftp://example.org/"])
def test_a_base_url_must_be_a_web_address(url):
    with pytest.raises(UsageError, match="--base-url"):
        list(export(game_of("daimyni"), settings("tts", None, None), None, WHERE, base_url=url))


def test_base_url_is_for_tts_only():
    with pytest.raises(UsageError, match="only --target tts"):
        list(export(game_of("daimyni"), settings("png", None, None), None, WHERE, base_url="https://example.org/"))


def test_the_aid_is_a_deck_of_one_card_per_player():
    game = game_of("daimyni")
    files = exported("daimyni", "tts")
    (state,) = json.loads(files["daimyni-aid.json"])["ObjectStates"]
    assert state["Name"] == "DeckCustom" and len(state["ContainedObjects"]) == game.meta.players.max
    sheet = state["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (1, 1)
    assert local(sheet["FaceURL"]).endswith("/daimyni-aid-front.png")
    assert local(sheet["BackURL"]).endswith("/daimyni-aid-back.png")
    front, back = image(files["daimyni-aid-front.png"]), image(files["daimyni-aid-back.png"])
    assert front.size == back.size and front.tobytes() != back.tobytes()
    assert all(c["Nickname"] == "Turn summary" for c in state["ContainedObjects"])


def test_the_cli_refuses_a_base_url_that_is_no_web_address(tmp_path):
    res = run_pnp("export", USER_GAMES[0], "--target", "tts", "--out", tmp_path / "t", "--base-url", "my-host/x")
    assert res.returncode == 2 and "--base-url 'my-host/x': expected the http:// or https://" in res.stderr
    assert not (tmp_path / "t").exists()


def test_cards_from_a_spreadsheet_carry_their_own_name_and_text():
    """The designer's case of issue 23: each row's name and text, not its type's title and a slug."""
    game = game_of(str(FIXTURES / "lantern"))
    files = {a.name: a.data for a in export(game, settings("tts", None, None), None, WHERE)}
    cards = [c for cs in _states(files).values() for c in cs]
    assert len(cards) == len(game.cards)
    # cards.csv's first row: flame,1,4,Candle,Light one lantern.,art/flame.png,1
    assert [c["Nickname"] for c in cards[:4]] == ["Candle 1"] * 4
    assert cards[0]["Description"] == "Light one lantern.\nvalue: 1"
    wick = next(c for c in cards if c["Nickname"].startswith("Wick"))
    assert wick["Description"].startswith("Play on a lantern.")     # a blank text cell: its type's text
