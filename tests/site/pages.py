"""Reading the written pages back with the standard library's HTML parser."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Page:
    ids: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)        # every href and src
    svgs: list[dict[str, str]] = field(default_factory=list)   # the attributes of each <svg>
    steps: list[str] = field(default_factory=list)        # ids of walkthrough steps, in order
    headings: list[tuple[int, str]] = field(default_factory=list)
    landmarks: set[str] = field(default_factory=set)
    svg_text: str = ""        # what the diagrams' <text> elements say
    text: str = ""            # the page's own text, outside the diagrams, scripts and styles
    glyphs_in_svg: int = 0    # text drawn as outlines: glyphs defined (<path id="g-...">) and placed (<use>)
    styles: str = ""
    scripts: str = ""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[str] = []
        self.heading: tuple[int, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag not in ("meta", "link", "br", "img", "input", "rect", "circle", "line", "polygon", "polyline",
                       "path", "use", "image"):
            self.stack.append(tag)
        if "id" in a:
            self.page.ids.append(a["id"])
        for key in ("href", "src"):
            if key in a:
                self.page.links.append(a[key])
        if tag == "svg":
            self.page.svgs.append(a)
        if "svg" in self.stack and (tag == "use" or (tag == "path" and a.get("id", "").startswith("g-"))):
            self.page.glyphs_in_svg += 1
        if tag == "li" and "step" in a.get("class", "").split():
            self.page.steps.append(a["id"])
        if tag in ("main", "nav", "header", "footer") or a.get("role"):
            self.page.landmarks.add(a.get("role") or tag)
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            self.heading = (int(tag[1]), [])

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop() == tag:
                break
        if self.heading is not None and tag == f"h{self.heading[0]}":
            self.page.headings.append((self.heading[0], "".join(self.heading[1]).strip()))
            self.heading = None

    def handle_data(self, data: str) -> None:
        if "style" in self.stack:
            self.page.styles += data
        elif "script" in self.stack:
            self.page.scripts += data
        elif "svg" in self.stack:
            if "text" in self.stack:
                self.page.svg_text += data
        else:
            self.page.text += data
            if self.heading is not None:
                self.heading[1].append(data)


def read_page(source: str) -> Page:
    reader = _Reader()
    reader.feed(source)
    reader.close()
    return reader.page
