"""Tests for zot_ext.py: in-process over real pipes, and as subprocesses replaying the shared
protocol vectors (extensions/sdk/vectors/*.json) against the Python demo extension.

Run: python3 -m unittest discover -s extensions/sdk/python
"""

import json
import os
import queue
import subprocess
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import zot_ext  # noqa: E402
from zot_ext import Extension, allow, block, modify, replace_text, respond, result  # noqa: E402

VECTORS = os.path.join(HERE, "..", "vectors")
DEMO = os.path.join(VECTORS, "demo")
DEADLINE = 20  # seconds per frame; generous because CI cores are shared
ACK = {"type": "hello_ack", "protocol_version": 1, "zot_version": "0.1.0",
       "provider": "anthropic", "model": "m", "cwd": "/tmp", "extension_dir": "/tmp/e",
       "data_dir": "/tmp/d"}


class LineReader:
    """Reads frames from a binary stream on a thread, so a test can wait with a deadline."""

    def __init__(self, stream):
        self._lines = queue.Queue()
        self._thread = threading.Thread(target=self._pump, args=(stream,), daemon=True)
        self._thread.start()

    def _pump(self, stream):
        with stream:
            for raw in iter(stream.readline, b""):
                self._lines.put(raw)
        self._lines.put(None)

    def next(self):
        raw = self._lines.get(timeout=DEADLINE)
        if raw is None:
            raise EOFError("stream closed")
        return json.loads(raw)

    def rest(self):
        """Everything left until the stream closes."""
        lines = []
        while True:
            raw = self._lines.get(timeout=DEADLINE)
            if raw is None:
                return lines
            lines.append(raw)


class InProcess:
    """Runs an Extension on a thread, wired to real pipes."""

    def __init__(self, ext):
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        self.to_ext = os.fdopen(in_w, "wb", buffering=0)
        self._ext_in = os.fdopen(in_r, "rb")
        self._ext_out = os.fdopen(out_w, "wb", buffering=0)
        self.reader = LineReader(os.fdopen(out_r, "rb"))
        self.thread = threading.Thread(target=self._run, args=(ext,), daemon=True)
        self.thread.start()

    def _run(self, ext):
        try:
            ext.run(stdin=self._ext_in, stdout=self._ext_out)
        finally:
            self._ext_out.close()
            self._ext_in.close()

    def send(self, frame):
        line = frame if isinstance(frame, bytes) else (json.dumps(frame) + "\n").encode()
        self.to_ext.write(line)

    def next(self):
        return self.reader.next()

    def close(self):
        self.to_ext.close()
        self.thread.join(DEADLINE)
        return self.reader.rest()


class HelperTests(unittest.TestCase):
    def test_response_builders_are_wire_shaped(self):
        self.assertEqual(respond.prompt("p"), {"action": "prompt", "prompt": "p"})
        self.assertEqual(respond.insert("i"), {"action": "insert", "insert": "i"})
        self.assertEqual(respond.display("d"), {"action": "display", "display": "d"})
        self.assertEqual(respond.noop(), {"action": "noop"})
        self.assertEqual(respond.error("e"), {"action": "noop", "error": "e"})

    def test_result_builders_are_wire_shaped(self):
        self.assertEqual(result.text("t"), {"content": [{"type": "text", "text": "t"}]})
        self.assertEqual(result.image("AA==", "image/png"),
                         {"content": [{"type": "image", "mime_type": "image/png", "data": "AA=="}]})
        self.assertEqual(result.error("x"),
                         {"content": [{"type": "text", "text": "x"}], "is_error": True})

    def test_decisions_are_wire_shaped(self):
        self.assertEqual(allow(), {"block": False})
        self.assertEqual(block("r"), {"block": True, "reason": "r"})
        self.assertEqual(modify({"a": 1}), {"block": False, "modified_args": {"a": 1}})
        self.assertEqual(replace_text("t"), {"block": False, "replace_text": "t"})


class SchemaTests(unittest.TestCase):
    SCHEMA = {"type": "object", "required": ["city"], "properties": {
        "city": {"type": "string"}, "days": {"type": "integer"}, "unit": {"enum": ["c", "f"]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "opts": {"type": "object", "properties": {"deep": {"type": "boolean"}}}}}

    def problem(self, value):
        return zot_ext.schema_problem(value, self.SCHEMA)

    def test_valid_arguments_pass(self):
        self.assertIsNone(self.problem({"city": "Berlin", "days": 2.0, "unit": "c", "tags": ["a"]}))

    def test_each_problem_is_named_like_the_typescript_sdk(self):
        self.assertEqual(self.problem([]), "arguments must be object")
        self.assertEqual(self.problem({}), '"city" is required')
        self.assertEqual(self.problem({"city": 1}), '"city" must be string')
        self.assertEqual(self.problem({"city": "x", "days": True}), '"days" must be integer')
        self.assertEqual(self.problem({"city": "x", "unit": "k"}), '"unit" must be one of "c", "f"')
        self.assertEqual(self.problem({"city": "x", "tags": ["a", 2]}), '"tags[1]" must be string')
        self.assertEqual(self.problem({"city": "x", "opts": {"deep": 1}}), '"opts.deep" must be boolean')

    def test_number_accepts_integers_and_type_lists_work(self):
        self.assertIsNone(zot_ext.schema_problem(3, {"type": "number"}))
        self.assertIsNone(zot_ext.schema_problem(None, {"type": ["string", "null"]}))
        self.assertEqual(zot_ext.schema_problem(1.5, {"type": ["string", "null"]}),
                         "arguments must be string or null")


class RegistrationTests(unittest.TestCase):
    def test_duplicates_and_unknown_events_are_refused(self):
        ext = Extension("x")
        ext.command("a")(lambda args: None)
        with self.assertRaises(TypeError):
            ext.command("a")(lambda args: None)
        with self.assertRaises(TypeError):
            ext.on("teleport")
        with self.assertRaises(TypeError):
            ext.intercept("turn_end")

    def test_no_name_is_refused(self):
        with self.assertRaises(TypeError):
            Extension("")


class InProcessTests(unittest.TestCase):
    def test_on_hello_can_register_conditionally_and_queued_notes_follow_ready(self):
        ext = Extension("cond", "2.0.0")
        ext.notify("info", "early")

        @ext.on_hello
        def setup(host):
            if host["model"] == "m":
                ext.command("only-m", "registered for model m")(lambda args: respond.display("m"))

        host = InProcess(ext)
        self.assertEqual(host.next(), {"type": "hello", "name": "cond", "version": "2.0.0",
                                       "capabilities": ["cancel"]})
        host.send(ACK)
        self.assertEqual(host.next(), {"type": "register_command", "name": "only-m",
                                       "description": "registered for model m"})
        self.assertEqual(host.next(), {"type": "ready"})
        self.assertEqual(host.next(), {"type": "notify", "level": "info", "message": "early"})
        self.assertEqual(ext.host["data_dir"], "/tmp/d")
        host.send({"type": "command_invoked", "id": "1", "name": "only-m"})
        self.assertEqual(host.next()["display"], "m")
        self.assertEqual(host.close(), [])

    def test_late_registration_is_sent_at_once(self):
        ext = Extension("late")
        host = InProcess(ext)
        host.next()
        host.send(ACK)
        self.assertEqual(host.next(), {"type": "ready"})
        ext.tool("t", "late tool", {"type": "object"})(lambda args: "ok")
        self.assertEqual(host.next()["type"], "register_tool")
        ext.on("turn_end")(lambda event: None)
        self.assertEqual(host.next(), {"type": "subscribe", "events": ["turn_end"], "intercept": []})
        host.send({"type": "tool_call", "id": "9", "name": "t", "args": {}})
        self.assertEqual(host.next(), {"type": "tool_result", "id": "9",
                                       "content": [{"type": "text", "text": "ok"}]})
        host.send({"type": "shutdown"})
        self.assertEqual(host.next(), {"type": "shutdown_ack"})
        self.assertEqual(host.close(), [])

    def test_context_is_passed_to_two_argument_handlers(self):
        ext = Extension("ctx")
        ext.command("who")(lambda args, ctx: respond.display("%s/%s" % (ctx.name, ctx.id)))
        host = InProcess(ext)
        host.next()
        host.send(ACK)
        host.next()
        host.next()
        host.send({"type": "command_invoked", "id": "c7", "name": "who"})
        self.assertEqual(host.next()["display"], "who/c7")
        host.close()

    def test_cancel_sets_the_flag_and_the_cancelled_answer_is_not_sent(self):
        ext = Extension("slow")
        seen = {}
        finished = threading.Event()

        def crawl(args, ctx):
            ctx.progress(message="started", fraction=0.0)
            seen["early"] = ctx.wait(DEADLINE)
            try:
                ctx.check()
            except zot_ext.Cancelled as exc:
                seen["raised"] = str(exc)
            finished.set()
            return "too late"

        ext.tool("crawl", "slow", {"type": "object"})(crawl)
        ext.tool("quick", "fast", {"type": "object"})(lambda args: "quick")
        host = InProcess(ext)
        self.assertEqual(host.next()["capabilities"], ["cancel", "tools"])
        host.send(ACK)
        for _ in range(3):
            host.next()
        host.send({"type": "tool_call", "id": "t1", "name": "crawl", "args": {}})
        self.assertEqual(host.next(), {"type": "progress", "id": "t1", "message": "started",
                                       "fraction": 0.0})
        host.send({"type": "cancel", "id": "t1", "reason": "aborted"})
        host.send({"type": "tool_call", "id": "t2", "name": "quick", "args": {}})
        self.assertEqual(host.next()["id"], "t2")
        self.assertTrue(finished.wait(DEADLINE))
        host.close()
        self.assertTrue(seen["early"])
        self.assertEqual(seen["raised"], "cancelled by zot: aborted")

    def test_an_over_long_line_is_dropped_and_the_next_one_works(self):
        original = zot_ext.MAX_LINE_LENGTH
        zot_ext.MAX_LINE_LENGTH = 256
        try:
            ext = Extension("long")
            ext.command("ping")(lambda args: respond.display("pong"))
            host = InProcess(ext)
            host.next()
            host.send(ACK)
            host.next()
            host.next()
            host.send(b'{"type":"command_invoked","id":"x","name":"ping","args":"' + b"a" * 1000 + b'"}\n')
            host.send({"type": "command_invoked", "id": "y", "name": "ping"})
            self.assertEqual(host.next()["id"], "y")
            host.close()
        finally:
            zot_ext.MAX_LINE_LENGTH = original

    def test_a_handler_returning_garbage_is_an_error_response(self):
        ext = Extension("garbage")
        ext.command("g")(lambda args: 42)
        ext.tool("t", "", {"type": "object"})(lambda args: 42)
        host = InProcess(ext)
        host.next()
        host.send(ACK)
        for _ in range(3):
            host.next()
        host.send({"type": "command_invoked", "id": "1", "name": "g"})
        self.assertIn("not a response", host.next()["error"])
        host.send({"type": "tool_call", "id": "2", "name": "t", "args": {}})
        reply = host.next()
        self.assertTrue(reply["is_error"])
        self.assertIn("not a result", reply["content"][0]["text"])
        host.close()


def spawn(args, cwd):
    return subprocess.Popen([sys.executable, "-B", *args], cwd=cwd, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def canonical(frame):
    return json.dumps(frame, sort_keys=True, ensure_ascii=False)


class VectorTests(unittest.TestCase):
    """Every shared vector, replayed against demo.py in a subprocess."""

    def replay(self, vector):
        proc = spawn(["demo.py"], DEMO)
        reader = LineReader(proc.stdout)
        try:
            for index, step in enumerate(vector["steps"]):
                where = "%s step %d (%s)" % (vector["name"], index, step["note"])
                for frame in step["send"]:
                    line = frame if isinstance(frame, str) else json.dumps(frame, ensure_ascii=False)
                    data = (line + "\n").encode("utf-8")
                    if step.get("byte_by_byte"):
                        for i in range(len(data)):
                            proc.stdin.write(data[i:i + 1])
                            proc.stdin.flush()
                    else:
                        proc.stdin.write(data)
                        proc.stdin.flush()
                if step.get("close"):
                    proc.stdin.close()
                got = [reader.next() for _ in step["expect"]]
                if step.get("any_order"):
                    self.assertEqual(sorted(map(canonical, got)),
                                     sorted(map(canonical, step["expect"])), where)
                else:
                    self.assertEqual(got, step["expect"], where)
            if not proc.stdin.closed:
                proc.stdin.close()
            self.assertEqual(reader.rest(), [], vector["name"] + ": output after the end")
            self.assertEqual(proc.wait(DEADLINE), vector["exit_code"], vector["name"])
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()
            proc.stderr.close()
            if not proc.stdin.closed:
                proc.stdin.close()

    def test_every_vector(self):
        names = sorted(n for n in os.listdir(VECTORS) if n.endswith(".json"))
        self.assertGreaterEqual(len(names), 10)
        for name in names:
            with open(os.path.join(VECTORS, name), encoding="utf-8") as f:
                vector = json.load(f)
            with self.subTest(vector=vector["name"]):
                self.replay(vector)


NOISY = r'''
import os, sys
sys.path.insert(0, %r)
from zot_ext import Extension, respond
ext = Extension("noisy")

@ext.command("talk")
def talk(args):
    print("print inside a handler")
    sys.stdout.write("sys.stdout.write inside a handler\n")
    os.system("echo from a child process")
    return respond.display("said")

print("print at import time, before run, goes to stdout: do not", file=sys.stderr)
ext.run()
'''


class StdoutTests(unittest.TestCase):
    def test_print_and_child_output_go_to_stderr_and_frames_stay_clean(self):
        proc = subprocess.Popen([sys.executable, "-B", "-c", NOISY % HERE], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        lines = [ACK, {"type": "command_invoked", "id": "1", "name": "talk"}]
        out, err = b"", b""
        try:
            proc.stdin.write(b"".join((json.dumps(f) + "\n").encode() for f in lines))
            proc.stdin.flush()
            reader = LineReader(proc.stdout)
            frames = [reader.next() for _ in range(4)]
            proc.stdin.write(b'{"type":"shutdown"}\n')
            proc.stdin.close()
            frames += [json.loads(raw) for raw in reader.rest()]
            err = proc.stderr.read()
            proc.wait(DEADLINE)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()
            proc.stderr.close()
        self.assertEqual([f["type"] for f in frames],
                         ["hello", "register_command", "ready", "command_response", "shutdown_ack"])
        self.assertEqual(proc.returncode, 0)
        for text in (b"print inside a handler",
                     b"sys.stdout.write inside a handler", b"from a child process"):
            self.assertIn(text, err)
        del out


if __name__ == "__main__":
    unittest.main()
