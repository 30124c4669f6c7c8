#!/usr/bin/env python3
"""Writes a stand-in device image of argv[2] bytes to argv[1] (no byte is
0, so a lost or doubled piece shows), and argv[1].expected: the bytes an
object must hold for it (the image, then one 0 byte)."""
import sys

data = bytes((k * 7 + 3) % 251 + 1 for k in range(int(sys.argv[2])))
with open(sys.argv[1], "wb") as f:
    f.write(data)
with open(sys.argv[1] + ".expected", "wb") as f:
    f.write(data + b"\0")
