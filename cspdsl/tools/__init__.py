"""What other programs load from cspdsl: the Pygments lexer of `.puz` files (`highlight.py`)."""
