import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def test_one_svg_per_face_back_board_and_piece(kit):
    svgs = [n for n in kit if n.endswith(".svg")]
    assert len([n for n in svgs if n.startswith("svg/cards/") and "back" not in n]) == 18
    assert {n for n in svgs if "back" in n} == {"svg/cards/back-red.svg", "svg/cards/back-blue.svg"}
    assert "svg/board.svg" in svgs
    assert {n.split("/")[-1] for n in svgs if n.startswith("svg/pieces/")} == {
        "daimyo-red.svg", "daimyo-blue.svg", "bushi-red.svg", "bushi-blue.svg", "tanbo-neutral.svg"}


def test_card_svg_is_trim_plus_bleed_in_mm(kit):
    root = ET.fromstring(kit["svg/cards/01-move-bushi-red.svg"].data)
    assert root.get("width") == "69.5mm" and root.get("height") == "94.9mm"
    assert [float(v) for v in root.get("viewBox").replace(",", " ").split()] == [-3, -3, 69.5, 94.9]
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "Move Bushi" in texts and "1" in texts and "武士" in texts


def test_board_svg_has_every_cell_label(kit):
    root = ET.fromstring(kit["svg/board.svg"].data)
    texts = {"".join(t.itertext()) for t in root.iter(f"{SVG}text")}
    for label in ("a1", "a6", "b5", "d3", "g6", "g1"):
        assert label in texts
