"""The Daimyni definitions load into the counts the rules and rulings ask for."""

from collections import Counter


def test_eighteen_cards_nine_per_clan_numbered_one_to_eighteen(game):
    assert len(game.cards) == 18
    assert sorted(c.number for c in game.cards) == list(range(1, 19))
    assert Counter(c.clan.id for c in game.cards) == {"red": 9, "blue": 9}


def test_deck_ruling_per_clan_mix(game):
    for clan in ("red", "blue"):
        mix = Counter(c.type_id for c in game.cards if c.clan.id == clan)
        assert mix == {"move-bushi": 5, "recruit-bushi": 2, "move-daimyo": 1, "move-tanbo": 1}


def test_numbers_follow_daimyo_priority_by_category(game):
    order = ["move-bushi", "recruit-bushi", "move-daimyo", "move-tanbo"]
    by_number = sorted(game.cards, key=lambda c: c.number)
    ranks = [order.index(c.type_id) for c in by_number]
    assert ranks == sorted(ranks)


def test_neither_clan_holds_all_early_numbers(game):
    early = [c.clan.id for c in sorted(game.cards, key=lambda c: c.number)[:4]]
    assert set(early) == {"red", "blue"}


def test_every_card_has_english_and_italian_text(game):
    for card in game.cards:
        for lang in ("en", "it"):
            assert card.type.title[lang] and card.type.text[lang]


def test_pieces_two_daimyo_eighteen_bushi_two_tanbo(game):
    counts = Counter(c.piece.id for c in game.counters)
    assert counts == {"daimyo": 2, "bushi": 18, "tanbo": 2}


def test_board_start_markings(game):
    marks = {(m.piece, m.clan) for m in game.board.start}
    starts = Counter((m.piece, m.clan) for m in game.board.start)
    assert starts[("tanbo", None)] == 2
    for clan in ("red", "blue"):
        assert starts[("bushi", clan)] == 2 and starts[("daimyo", clan)] == 1
    assert len(marks) == 5


def test_start_positions_mirror_each_other(game):
    """The board is fair: turned half a turn, red's start is blue's."""
    grid = game.grid
    w, h = grid.extent
    pos = {(m.piece, m.clan): [] for m in game.board.start}
    for m in game.board.start:
        pos[(m.piece, m.clan)].append(grid.cells[m.cell].centre)
    for piece in ("bushi", "daimyo"):
        red = sorted((round(w - x, 6), round(h - y, 6)) for x, y in pos[(piece, "red")])
        blue = sorted((round(x, 6), round(y, 6)) for x, y in pos[(piece, "blue")])
        assert red == blue


def test_a_card_slug_says_each_word_once():
    """A card's file name adds its type and clan only where its label does not already say them."""
    from pnp.catalog import find_game
    from pnp.model import load_game

    for game_id in ("samurai-vassal", "dojima", "daimyni", "shogun-solitaire"):
        for card in load_game(find_game(game_id)).cards:
            words = card.slug.split("-")
            named = [w for w in words if not w.isdigit()]
            assert len(named) == len(set(named)), card.slug
    sv = load_game(find_game("samurai-vassal"))
    assert [c.slug for c in sv.cards][:2] == ["red-party", "red-surveying"]   # label red-party, type party, clan red
    daimyni = load_game(find_game("daimyni"))
    assert daimyni.cards[0].slug == "01-move-bushi-red"                        # nothing repeated: unchanged
