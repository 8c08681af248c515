#!/usr/bin/env python3
"""scratchpad: notes you jot down with /note and the model can read with the read_notes
tool. Python SDK; notes live in notes.jsonl under the extension's data folder (hello_ack's
data_dir), one JSON object per line, so a crash mid-write loses at most that one note."""

import json
import os
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# zot_ext.py next to this file wins (a standalone copy); else the SDK in the zot repository.
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "sdk", "python")]

from zot_ext import Extension, respond, result  # noqa: E402

ext = Extension("scratchpad", "1.0.0")
lock = threading.Lock()  # handlers run concurrently; file access is serialised


def notes_file():
    folder = ext.host["data_dir"]
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, "notes.jsonl")


def load_notes():
    try:
        with open(notes_file(), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return []
    notes = []
    for line in lines:
        try:
            note = json.loads(line)
        except ValueError:
            continue  # a torn last line from a crash: skip it, keep the rest
        if isinstance(note, dict) and isinstance(note.get("text"), str):
            notes.append(note)
    return notes


def numbered(notes):
    return "\n".join("%d. %s" % (i + 1, n["text"]) for i, n in enumerate(notes))


@ext.command("note", "jot a note: /note <text>")
def note(args):
    text = args.strip()
    if not text:
        return respond.error("usage: /note <text>")
    with lock:
        with open(notes_file(), "a+b") as f:
            # After a torn last line, start on a fresh line so the new note stays whole.
            if f.tell() > 0:
                f.seek(-1, os.SEEK_END)
                if f.read(1) != b"\n":
                    f.write(b"\n")
            f.write((json.dumps({"text": text, "at": time.strftime("%Y-%m-%dT%H:%M:%S%z")},
                               ensure_ascii=False) + "\n").encode("utf-8"))
        count = len(load_notes())
    return respond.display("noted (%d %s)" % (count, "note" if count == 1 else "notes"))


@ext.command("notes", "list your notes")
def notes(args):
    with lock:
        saved = load_notes()
    return respond.display(numbered(saved) if saved else "no notes yet")


@ext.command("clear-notes", "delete all notes")
def clear_notes(args):
    with lock:
        count = len(load_notes())
        try:
            os.remove(notes_file())
        except FileNotFoundError:
            pass
    return respond.display("cleared %d %s" % (count, "note" if count == 1 else "notes"))


@ext.tool("read_notes", "Read the user's scratchpad notes (things they jotted down with /note).",
          {"type": "object", "properties": {}})
def read_notes(args):
    with lock:
        saved = load_notes()
    return result.text(numbered(saved) if saved else "(the scratchpad is empty)")


ext.run()
