#!/usr/bin/env python3
"""The protocol 1.1 vector demo, Python SDK. Behaves exactly like demo.ts and demo.mjs; the
scenarios in ../*.json pin that behaviour."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))

from zot_ext import (  # noqa: E402
    Extension, add_context, ask, block, replace_result, replace_text, respond,
)

ext = Extension("vector-demo-11", "1.1.0")


@ext.command("pick", "ask the user to pick a color")
def pick(args):
    color = ext.ui.select("Pick a color", ["red", "green"], default="green")
    return respond.display("picked: %s" % (color if color is not None else "nothing"))


@ext.command("sure", "ask the user to confirm")
def sure(args):
    yes = ext.ui.confirm("Sure?", timeout_ms=5000)
    return respond.display("cancelled" if yes is None else "sure: %s" % ("true" if yes else "false"))


@ext.on("agent_end")
def ended(event):
    ext.notify("info", "agent ended: %s" % event.get("stop"))


@ext.intercept("tool_call")
def guard(event):
    if event.get("tool_name") == "bash":
        return ask("bash needs a human")
    return None


@ext.intercept("tool_result")
def results(event):
    if event.get("tool_name") == "read":
        return replace_result("[redacted]", True)
    if event.get("is_error"):
        return add_context("hint: check the path")
    return None


@ext.intercept("user_prompt")
def prompts(event):
    text = event.get("text") or ""
    if "forbidden" in text:
        return block("not allowed")
    if text.startswith("!"):
        return replace_text(text[1:])
    return add_context("project uses tabs")


ext.run()
