"""The SVG elements the pictures are made of, as text, and blocks of them laid out side by side or one
under another.

Every number is written by `num` (at most one decimal, no `-0`), every text from a model through
`escape` and every attribute value through `quoteattr`, so that the same solution gives the same bytes
and a name such as `<script>` stays text. A `Block` is a drawing at its own origin with its size; a
block placed in another is a `<g transform="translate(...)">` of it."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ...core.record import Record, field

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
INK = "#111111"  # givens, labels, lines
FOUND = "#1f5fbf"  # values the search found
FAINT = "#9aa0a6"  # thin grid lines
SHADE = "#333333"  # shaded and black cells
PAPER = "#ffffff"
FRESH = "#ffe38a"  # behind a value an explanation's step has just found
FRESH_EDGE = "#e0a400"
GAP = 16  # between blocks


def num(value: float) -> str:
    """A coordinate as text: a whole number without a point, else one decimal."""
    rounded = round(value, 1)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.1f}"


def text_width(text: str, size: float, mono: bool = False) -> float:
    """How wide a text is drawn, near enough to size boxes and columns (no font metrics at hand)."""
    return len(text) * size * (0.62 if mono else 0.6)


def attributes(**values: str | float | None) -> str:
    """`name="value"` pairs in the order given (an underscore in a name is a dash), None left out."""
    pairs = []
    for name, value in values.items():
        if value is None:
            continue
        shown = num(value) if isinstance(value, (int, float)) else value
        pairs.append(f"{name.rstrip('_').replace('_', '-')}={quoteattr(shown)}")
    return " ".join(pairs)


def text(x: float, y: float, words: str, size: float = 16, fill: str = INK, anchor: str = "middle",
         weight: str | None = None, mono: bool = False) -> str:
    """A text whose middle (or start, `anchor="start"`) is at x and whose baseline sits so that the
    text is centred vertically on y."""
    shown = attributes(x=x, y=y + size * 0.35, font_size=size, fill=fill, text_anchor=anchor,
                       font_weight=weight, font_family=MONO if mono else None)
    return f"<text {shown}>{escape(words)}</text>"


def rect(x: float, y: float, width: float, height: float, fill: str = "none", stroke: str | None = None,
         stroke_width: float | None = None) -> str:
    shown = attributes(x=x, y=y, width=width, height=height, fill=fill, stroke=stroke, stroke_width=stroke_width)
    return f"<rect {shown}/>"


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = INK, width: float = 1) -> str:
    shown = attributes(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=width, stroke_linecap="round")
    return f"<line {shown}/>"


def circle(x: float, y: float, r: float, fill: str = PAPER, stroke: str = INK, width: float = 1.5) -> str:
    return f"<circle {attributes(cx=x, cy=y, r=r, fill=fill, stroke=stroke, stroke_width=width)}/>"


def polygon(points: list[tuple[float, float]], fill: str, stroke: str | None = None) -> str:
    shown = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    return f"<polygon {attributes(points=shown, fill=fill, stroke=stroke)}/>"


class Block(Record, frozen=False):
    """A drawing with its origin at its top left corner, `width` by `height`."""

    width: float
    height: float
    elements: list[str] = field(default_factory=list)

    def place(self, other: Block, x: float, y: float) -> None:
        """Draw `other` with its top left corner at (x, y) of this block."""
        if not other.elements:
            return
        self.elements.append(f'<g transform="translate({num(x)},{num(y)})">')
        self.elements.extend(other.elements)
        self.elements.append("</g>")


def column(blocks: list[Block], gap: float = GAP, centred: bool = False) -> Block:
    """Blocks one under another, left-aligned (or centred), `gap` apart."""
    width = max((block.width for block in blocks), default=0)
    whole = Block(width, 0)
    for i, block in enumerate(blocks):
        whole.height += gap if i else 0
        whole.place(block, (width - block.width) / 2 if centred else 0, whole.height)
        whole.height += block.height
    return whole


def row(blocks: list[Block], gap: float = GAP) -> Block:
    """Blocks side by side, top-aligned, `gap` apart."""
    whole = Block(0, max((block.height for block in blocks), default=0))
    for i, block in enumerate(blocks):
        whole.width += gap if i else 0
        whole.place(block, whole.width, 0)
        whole.width += block.width
    return whole


def caption(words: str, size: float = 16, weight: str | None = None, fill: str = INK) -> Block:
    """One line of text as a block, from its left edge."""
    return Block(text_width(words, size), size * 1.4, [text(0, size * 0.7, words, size, fill, "start", weight)])


def document(body: Block, title: str, margin: float = GAP) -> str:
    """The whole SVG: a white sheet with the body inside a margin, titled for screen readers."""
    width, height = body.width + 2 * margin, body.height + 2 * margin
    sheet = Block(width, height, [rect(0, 0, width, height, fill=PAPER)])
    sheet.place(body, margin, margin)
    head = (f"<svg {attributes(xmlns='http://www.w3.org/2000/svg', width=width, height=height)} "
            f'viewBox="0 0 {num(width)} {num(height)}" {attributes(font_family=FONT)}>')
    return "\n".join([head, f"<title>{escape(title)}</title>", *sheet.elements, "</svg>"]) + "\n"
