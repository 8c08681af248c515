#!/usr/bin/env python3
"""The vector demo extension, Python SDK. Behaves exactly like demo.ts and demo.mjs; the
scenarios in ../*.json pin that behaviour."""

import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from zot_ext import Extension, block, modify, replace_text, respond, result  # noqa: E402

ext = Extension("vector-demo", "1.0.0")
released = threading.Event()


@ext.command("greet", "ask the model for a greeting")
def greet(args):
    return respond.prompt("Greet %s briefly." % (args or "me"))


@ext.command("ins", "insert text into the editor")
def ins(args):
    return respond.insert(args)


@ext.command("show", "display a note")
def show(args):
    return respond.display("you said: " + args)


@ext.command("quiet", "notify, then do nothing")
def quiet(args):
    ext.notify("info", "quiet: " + args)
    return respond.noop()


@ext.command("submit", "submit text as the user")
def submit(args):
    ext.submit(args)


@ext.command("fail", "throw from the handler")
def fail(args):
    raise RuntimeError("boom")


@ext.command("bad", "answer with an error")
def bad(args):
    return respond.error("bad input: " + args)


@ext.command("wait", "answer once /release ran")
def wait(args):
    released.wait()
    return respond.display("waited")


@ext.command("release", "let /wait answer")
def release(args):
    released.set()
    return respond.display("released")


@ext.command("host", "show hello_ack fields")
def host(args):
    return respond.display("model=%s data_dir=%s" % (ext.host["model"], ext.host["data_dir"]))


@ext.tool("echo", "Repeat text.", {
    "type": "object",
    "properties": {"text": {"type": "string"}, "times": {"type": "integer"}},
    "required": ["text"],
})
def echo(args):
    return result.text(args["text"] * int(args.get("times", 1)))


@ext.tool("picture", "Return a tiny image.", {"type": "object"})
def picture(args):
    return result.of([result.text_block("a pixel"), result.image_block("iVBORw0KGgo=", "image/png")])


@ext.tool("refuse", "Fail on purpose.", {"type": "object"})
def refuse(args):
    return result.error("nope")


@ext.tool("explode", "Throw from the handler.", {"type": "object"})
def explode(args):
    raise RuntimeError("kaboom")


@ext.on("turn_start")
def on_turn_start(event):
    ext.notify("info", "turn %s started" % event.get("step"))


@ext.on("turn_end")
def on_turn_end(event):
    ext.notify("info", "turn ended: %s" % event.get("stop"))


@ext.intercept("tool_call")
def guard_tool(event):
    args = event.get("tool_args") or {}
    if event.get("tool_name") == "bash" and "rm -rf /" in str(args.get("command")):
        return block('refused: matches danger pattern "rm -rf /"')
    if event.get("tool_name") == "read":
        return modify(dict(args, path="safe/%s" % args.get("path")))
    if event.get("tool_name") == "crash":
        raise RuntimeError("guard bug")
    return None


@ext.intercept("assistant_message")
def guard_message(event):
    text = event.get("text") or ""
    if text == "forbidden":
        return block("no")
    if "secret" in text:
        return replace_text(text.replace("secret", "[redacted]"))
    return None


@ext.intercept("turn_start")
def guard_turn(event):
    if (event.get("step") or 0) > 5:
        return block("too many turns")
    return None


ext.run()
