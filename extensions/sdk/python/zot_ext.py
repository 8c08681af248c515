"""zot extension SDK for Python: one file, standard library only.

Copy this file next to your extension and::

    from zot_ext import Extension, respond, result

    ext = Extension("hello", "1.0.0")

    @ext.command("hello", "say hi")
    def hello(args):
        return respond.prompt("Greet me in one short sentence.")

    @ext.tool("weather", "Current weather for a city.", {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
    def weather(args):
        return result.text(args["city"] + ": sunny")

    ext.run()

The same shape as the TypeScript SDK (extensions/sdk/mod.ts); both replay the shared
protocol vectors in extensions/sdk/vectors/. Command, tool and intercept handlers run
concurrently on threads; event handlers run one at a time, in arrival order, on one thread.
Once ``run()`` starts, ``print`` and anything else written to stdout goes to stderr (the
extension's log); stdout carries frames only.
"""

import inspect
import json
import os
import queue
import sys
import threading
import traceback

__all__ = [
    "Extension",
    "CallContext",
    "Cancelled",
    "respond",
    "result",
    "allow",
    "block",
    "modify",
    "replace_text",
    "ask",
    "add_context",
    "replace_result",
    "schema_problem",
    "Dialogs",
    "EVENT_NAMES",
    "PROTOCOL_REVISION",
    "V1_1_EVENT_NAMES",
    "INTERCEPTABLE_EVENTS",
    "MAX_LINE_LENGTH",
]

PROTOCOL_VERSION = 1
PROTOCOL_REVISION = "1.1"
V1_1_EVENT_NAMES = ("user_prompt", "tool_result", "session_end", "compaction", "model_change",
                    "agent_end", "tool_confirmation_requested")
EVENT_NAMES = ("session_start", "turn_start", "turn_end", "tool_call",
               "assistant_message") + V1_1_EVENT_NAMES
INTERCEPTABLE_EVENTS = ("tool_call", "turn_start", "assistant_message", "tool_result", "user_prompt")
NOTIFY_LEVELS = ("info", "success", "warn", "error")
MAX_LINE_LENGTH = 4 * 1024 * 1024
_ACTIONS = ("prompt", "insert", "display", "noop")


def _dumps(value):
    # Compact and UTF-8 as-is: the same bytes JSON.stringify writes.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class respond:
    """Builders for command responses."""

    @staticmethod
    def prompt(text):
        """Submits text as a fresh user message; the agent runs a turn on it."""
        return {"action": "prompt", "prompt": text}

    @staticmethod
    def insert(text):
        """Inserts text into the editor at the cursor without submitting."""
        return {"action": "insert", "insert": text}

    @staticmethod
    def display(text):
        """Shows text in the chat as a one-shot note; no model call."""
        return {"action": "display", "display": text}

    @staticmethod
    def noop():
        """The extension handled it itself; the UI does not change."""
        return {"action": "noop"}

    @staticmethod
    def error(message):
        """Shows message as a red status line."""
        return {"action": "noop", "error": message}


class result:
    """Builders for tool results and their blocks."""

    @staticmethod
    def text(text):
        """A result of one text block."""
        return {"content": [{"type": "text", "text": text}]}

    @staticmethod
    def image(data, mime_type):
        """A result of one image block; data is base64."""
        return {"content": [{"type": "image", "mime_type": mime_type, "data": data}]}

    @staticmethod
    def error(message):
        """A failed call; message is what the model reads."""
        return {"content": [{"type": "text", "text": message}], "is_error": True}

    @staticmethod
    def of(content, is_error=False):
        """A result of any blocks."""
        out = {"content": list(content)}
        if is_error:
            out["is_error"] = True
        return out

    @staticmethod
    def text_block(text):
        """A text block, for result.of."""
        return {"type": "text", "text": text}

    @staticmethod
    def image_block(data, mime_type):
        """An image block, for result.of; data is base64."""
        return {"type": "image", "mime_type": mime_type, "data": data}


def allow():
    """Lets the event proceed unchanged."""
    return {"block": False}


def block(reason):
    """Refuses the event with a reason."""
    return {"block": True, "reason": reason}


def modify(args):
    """Rewrites a tool call's arguments."""
    return {"block": False, "modified_args": args}


def replace_text(text):
    """Replaces an assistant message's (or, 1.1, a user prompt's) text."""
    return {"block": False, "replace_text": text}


def ask(reason=None):
    """1.1: hands a tool call to the user, who allows or denies it in zot's prompt."""
    return {"block": False, "ask": True, "reason": reason} if reason else {"block": False, "ask": True}


def add_context(text):
    """1.1: adds context for the model to a user prompt or a tool result."""
    return {"block": False, "additional_context": text}


def replace_result(content, is_error=None):
    """1.1: replaces a tool result's content (a string is one text block)."""
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    out = {"block": False, "replace_content": blocks}
    if is_error is not None:
        out["is_error"] = bool(is_error)
    return out


class Dialogs:
    """1.1 dialogs, reached as ext.ui; each call blocks the handler's thread until the host
    answers and returns the value, or None when cancelled (or nobody could answer)."""

    def __init__(self, send):
        self._send = send
        self._open = {}
        self._last = 0
        self._lock = threading.Lock()

    def confirm(self, title, default=None, timeout_ms=None):
        """Yes (True) or no (False); None when cancelled."""
        return self._ask("confirm", title, None, default, timeout_ms)

    def select(self, title, options, default=None, timeout_ms=None):
        """One of options; None when cancelled."""
        return self._ask("select", title, list(options), default, timeout_ms)

    def input(self, title, default=None, timeout_ms=None):
        """A line of text; None when cancelled."""
        return self._ask("input", title, None, default, timeout_ms)

    def answer(self, frame):
        with self._lock:
            slot = self._open.pop(frame.get("id"), None)
        if slot is None:
            return
        slot[1].append(None if frame.get("cancelled") is True else frame.get("value"))
        slot[0].set()

    def cancel_all(self):
        with self._lock:
            slots, self._open = list(self._open.values()), {}
        for done, box in slots:
            box.append(None)
            done.set()

    def _ask(self, kind, title, options, default, timeout_ms):
        with self._lock:
            self._last += 1
            request_id = "ui-%d" % self._last
            slot = (threading.Event(), [])
            self._open[request_id] = slot
        frame = {"type": "ui_request", "id": request_id, "kind": kind, "title": title}
        if options is not None:
            frame["options"] = options
        if default is not None:
            frame["default"] = default
        if timeout_ms is not None:
            frame["timeout_ms"] = timeout_ms
        self._send(frame)
        slot[0].wait()
        return slot[1][0]


# ---- argument checks (same subset and messages as extensions/sdk/schema.ts) ----------

def _type_of(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _matches(value, wanted):
    actual = _type_of(value)
    return actual == wanted or (wanted == "number" and actual == "integer")


def _where(path):
    return "arguments" if path == "" else _dumps(path)


def _join(path, key):
    return key if path == "" else path + "." + key


def schema_problem(value, schema, path=""):
    """Checks value against the schema subset (type, properties, required, enum, items);
    returns the first problem as text, or None."""
    if not isinstance(schema, dict):
        return None
    if "type" in schema:
        types = [schema["type"]] if isinstance(schema["type"], str) else list(schema["type"])
        if not any(_matches(value, t) for t in types):
            return "%s must be %s" % (_where(path), " or ".join(types))
    if "enum" in schema:
        wanted = _dumps(value)
        if not any(_dumps(option) == wanted for option in schema["enum"]):
            options = ", ".join(_dumps(o) for o in schema["enum"])
            return "%s must be one of %s" % (_where(path), options)
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                return "%s is required" % _dumps(_join(path, key))
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                problem = schema_problem(value[key], sub, _join(path, key))
                if problem:
                    return problem
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            problem = schema_problem(item, schema["items"], "%s[%d]" % (path, i))
            if problem:
                return problem
    return None


def _message_of(exc):
    return str(exc) or type(exc).__name__


def _wants_context(fn):
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind == p.VAR_POSITIONAL for p in params)


class Cancelled(Exception):
    """Raised by CallContext.check() once zot has cancelled the call (abort or timeout)."""


class CallContext:
    """Which request a handler is answering (passed when the handler takes two arguments).

    ``cancelled`` turns true when zot gives up on the call (the user aborted, or it timed
    out); ``check()`` raises Cancelled then. Whatever the handler returns afterwards is not
    sent. ``progress(...)`` reports how the call goes and restarts zot's timeout for it.
    """

    def __init__(self, id, name, send=None):
        self.id = id
        self.name = name
        self._event = threading.Event()
        self.reason = None
        self._send = send

    @property
    def cancelled(self):
        """True once zot cancelled this call."""
        return self._event.is_set()

    def check(self):
        """Raises Cancelled if zot cancelled this call."""
        if self._event.is_set():
            raise Cancelled("cancelled by zot: %s" % (self.reason or "cancel"))

    def wait(self, seconds):
        """Sleeps up to `seconds`; returns True early if the call was cancelled."""
        return self._event.wait(seconds)

    def progress(self, message=None, fraction=None, partial=None):
        """Reports progress: a message, a fraction from 0 to 1, partial content blocks."""
        if self._send is None or self._event.is_set():
            return
        frame = {"type": "progress", "id": self.id}
        if message is not None:
            frame["message"] = message
        if fraction is not None:
            frame["fraction"] = fraction
        if partial is not None:
            frame["partial"] = partial
        self._send(frame)

    def _cancel(self, reason):
        self.reason = reason
        self._event.set()


class Extension:
    """A zot extension: register commands, tools and hooks, then run()."""

    def __init__(self, name, version=None, protocol=None):
        if not name:
            raise TypeError("an extension needs a name")
        self.name = name
        self.version = version
        self._protocol = protocol
        self.ui = Dialogs(lambda frame: self._send(frame))
        self._commands = {}
        self._tools = {}
        self._listeners = {}
        self._interceptors = {}
        self._hello_hooks = []
        self._host = None
        self._host_ready = threading.Event()
        self._registered = False
        self._stopped = False
        self._queued = []
        self._lock = threading.RLock()
        self._out = None
        self._events = queue.Queue()
        self._calls = {}

    # ---- registration -------------------------------------------------------------------

    @property
    def host(self):
        """What the host said in hello_ack (a dict); None until it arrives."""
        return self._host

    def wait_for_host(self, timeout=None):
        """Blocks until hello_ack arrived; returns the host info (None on timeout)."""
        self._host_ready.wait(timeout)
        return self._host

    def on_hello(self, fn):
        """Decorator: runs once hello_ack arrives, before registrations are sent."""
        self._hello_hooks.append(fn)
        return fn

    def command(self, name, description=""):
        """Decorator: registers a slash command; the handler gets args (str) [, context]."""
        def register(fn):
            with self._lock:
                if name in self._commands:
                    raise TypeError('command "%s" is registered twice' % name)
                self._commands[name] = (description, fn)
                if self._registered:
                    self._write({"type": "register_command", "name": name,
                                 "description": description})
            return fn
        return register

    def tool(self, name, description, schema=None):
        """Decorator: registers a tool; args are checked against the schema, then the
        handler gets args (dict) [, context] and returns a result or a string."""
        schema = schema if schema is not None else {"type": "object"}

        def register(fn):
            with self._lock:
                if name in self._tools:
                    raise TypeError('tool "%s" is registered twice' % name)
                self._tools[name] = (description, schema, fn)
                if self._registered:
                    self._write(self._tool_frame(name))
            return fn
        return register

    def on(self, event):
        """Decorator: observes a lifecycle event (handlers run in arrival order)."""
        if event not in EVENT_NAMES:
            raise TypeError('unknown event "%s"; expected one of %s' % (event, ", ".join(EVENT_NAMES)))

        def register(fn):
            with self._lock:
                handlers = self._listeners.setdefault(event, [])
                handlers.append(fn)
                if self._registered and len(handlers) == 1:
                    self._write(self._subscribe_frame())
            return fn
        return register

    def intercept(self, event):
        """Decorator: decides whether an event may proceed. Return allow(), block(reason),
        modify(args) or replace_text(text); None allows. A handler that raises allows the
        event (logged to stderr): a broken guard must not wedge the agent."""
        if event not in INTERCEPTABLE_EVENTS:
            raise TypeError('event "%s" cannot be intercepted; expected one of %s'
                            % (event, ", ".join(INTERCEPTABLE_EVENTS)))

        def register(fn):
            with self._lock:
                if event in self._interceptors:
                    raise TypeError('"%s" is intercepted twice' % event)
                self._interceptors[event] = fn
                if self._registered:
                    self._write(self._subscribe_frame())
            return fn
        return register

    # ---- runtime --------------------------------------------------------------------

    def notify(self, level, message):
        """Shows a note to the user (level: info, success, warn, error)."""
        self._send({"type": "notify", "level": level, "message": message})

    def submit(self, text):
        """Submits text as if the user typed it."""
        self._send({"type": "submit", "text": text})

    def log(self, message):
        """Writes a line to stderr (the extension's log file), prefixed with the name."""
        try:
            sys.__stderr__.write("[%s] %s\n" % (self.name, message))
            sys.__stderr__.flush()
        except (OSError, ValueError, AttributeError):
            pass

    def run(self, stdin=None, stdout=None, exit=None):
        """Speaks the protocol until shutdown (answered with shutdown_ack) or end of input.

        With no streams it uses the process's stdin/stdout, routes print and fd 1 to stderr,
        and exits the process when done; with binary streams it returns instead (tests)."""
        if self._out is not None:
            raise RuntimeError('extension "%s" is already running' % self.name)
        own_stdio = stdin is None and stdout is None
        if exit is None:
            exit = own_stdio
        if own_stdio:
            stdin, stdout = sys.stdin.buffer, _claim_stdout()
        self._out = stdout
        worker = threading.Thread(target=self._event_loop, name="zot-events", daemon=True)
        worker.start()
        self._write(self._hello_frame())
        try:
            self._read_loop(stdin)
        finally:
            with self._lock:
                self._stopped = True
            self._events.put(None)
        if exit:
            sys.exit(0)

    def _read_loop(self, stdin):
        discarding = False
        while True:
            raw = stdin.readline(MAX_LINE_LENGTH + 1)
            if not raw:
                return
            if not raw.endswith(b"\n") and len(raw) > MAX_LINE_LENGTH:
                if not discarding:
                    self.log("dropped a line longer than %d bytes from the host" % MAX_LINE_LENGTH)
                discarding = True
                continue
            if discarding:
                discarding = False
                continue
            line = raw.decode("utf-8", errors="replace")
            if line.endswith("\n"):
                line = line[:-1]
            if line.endswith("\r"):
                line = line[:-1]
            if line.strip() and self._dispatch(line):
                return

    def _dispatch(self, line):
        try:
            frame = json.loads(line)
        except ValueError:
            self.log("ignored a line that is not JSON: %s" % line[:200])
            return False
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            self.log('ignored a frame without a "type": %s' % line[:200])
            return False
        kind = frame["type"]
        if kind == "hello_ack":
            self._on_hello_ack(frame)
        elif kind in ("command_invoked", "tool_call", "event_intercept"):
            if not isinstance(frame.get("id"), str) or not frame["id"]:
                self.log('ignored a "%s" frame without an id' % kind)
                return False
            target = {"command_invoked": self._on_command, "tool_call": self._on_tool,
                      "event_intercept": self._on_intercept}[kind]
            threading.Thread(target=target, args=(frame,), daemon=True).start()
        elif kind == "cancel":
            with self._lock:
                context = self._calls.pop(frame.get("id"), None)
            if context is not None:
                context._cancel(frame.get("reason"))
        elif kind == "event":
            event = frame.get("event")
            if isinstance(event, str) and self._listeners.get(event):
                self._events.put(frame)
        elif kind == "ui_response":
            self.ui.answer(frame)
        elif kind == "shutdown":
            self.ui.cancel_all()
            self._write({"type": "shutdown_ack"})
            with self._lock:
                self._stopped = True
            return True
        else:
            self.log('ignored a "%s" frame' % kind)
        return False

    def _on_hello_ack(self, frame):
        if self._host is not None:
            return
        host = {k: v for k, v in frame.items() if k != "type"}
        self._host = host
        if host.get("protocol_version") != PROTOCOL_VERSION:
            self.log("host speaks protocol %s; this SDK speaks %d"
                     % (host.get("protocol_version"), PROTOCOL_VERSION))
        for hook in self._hello_hooks:
            try:
                hook(host)
            except Exception as exc:  # a hook bug must not stop registration
                self.log("on_hello hook failed: %s" % _message_of(exc))
        self._host_ready.set()
        with self._lock:
            for name, (description, _) in self._commands.items():
                self._write({"type": "register_command", "name": name, "description": description})
            for name in self._tools:
                self._write(self._tool_frame(name))
            if self._listeners or self._interceptors:
                self._write(self._subscribe_frame())
            self._write({"type": "ready"})
            self._registered = True
            queued, self._queued = self._queued, []
            for frame in queued:
                self._write(frame)

    def _context(self, frame):
        context = CallContext(frame["id"], frame.get("name"), self._send)
        with self._lock:
            self._calls[frame["id"]] = context
        return context

    def _finish(self, id):
        # True when the call is still wanted: a cancelled call's answer is not sent.
        with self._lock:
            return self._calls.pop(id, None) is not None

    def _on_command(self, frame):
        name = frame.get("name")
        context = self._context(frame)
        entry = self._commands.get(name) if isinstance(name, str) else None
        if entry is None:
            response = respond.error('unknown command "%s"' % name)
        else:
            fn = entry[1]
            args = frame.get("args") if isinstance(frame.get("args"), str) else ""
            try:
                out = fn(args, context) if _wants_context(fn) else fn(args)
                response = _to_response(out)
            except Cancelled:
                response = respond.error("cancelled")
            except Exception as exc:
                self.log('command "%s" failed: %s' % (name, traceback.format_exc()))
                response = respond.error(_message_of(exc))
        if not self._finish(frame["id"]):
            return
        self._send(dict({"type": "command_response", "id": frame["id"]}, **response))

    def _on_tool(self, frame):
        name = frame.get("name")
        entry = self._tools.get(name) if isinstance(name, str) else None
        args = frame.get("args")
        if args is None:
            args = {}
        context = self._context(frame)
        if entry is None:
            out = result.error('unknown tool "%s"' % name)
        else:
            _, schema, fn = entry
            problem = schema_problem(args, schema)
            if problem:
                out = result.error('invalid arguments for tool "%s": %s' % (name, problem))
            else:
                try:
                    value = fn(args, context) if _wants_context(fn) else fn(args)
                    out = _to_result(value)
                except Cancelled:
                    out = result.error("cancelled")
                except Exception as exc:
                    self.log('tool "%s" failed: %s' % (name, traceback.format_exc()))
                    out = result.error('tool "%s" failed: %s' % (name, _message_of(exc)))
        if not self._finish(frame["id"]):
            return
        self._send(dict({"type": "tool_result", "id": frame["id"]}, **out))

    def _on_intercept(self, frame):
        event = frame.get("event")
        fn = self._interceptors.get(event) if isinstance(event, str) else None
        decision = allow()
        if fn is not None:
            try:
                decision = _to_decision(fn(frame))
            except Exception as exc:
                self.log('intercept "%s" failed, allowing it: %s' % (frame.get("event"), _message_of(exc)))
        self._send(dict({"type": "event_intercept_response", "id": frame["id"]}, **decision))

    def _event_loop(self):
        while True:
            frame = self._events.get()
            if frame is None:
                return
            for fn in list(self._listeners.get(frame.get("event"), [])):
                try:
                    fn(frame)
                except Exception as exc:
                    self.log('"%s" handler failed: %s' % (frame.get("event"), _message_of(exc)))

    # ---- frames out -----------------------------------------------------------------

    def _hello_frame(self):
        # Every handler can see cancellation through its CallContext.
        capabilities = ["cancel"]
        if self._commands:
            capabilities.append("commands")
        if self._tools:
            capabilities.append("tools")
        if self._listeners or self._interceptors:
            capabilities.append("events")
        frame = {"type": "hello", "name": self.name}
        if self.version is not None:
            frame["version"] = self.version
        frame["capabilities"] = capabilities
        # A v1 extension's hello stays v1 byte for byte; 1.1 is announced only when used.
        uses_v11 = self._protocol or any(e in V1_1_EVENT_NAMES for e in self._listeners) or \
            "tool_result" in self._interceptors or "user_prompt" in self._interceptors
        if uses_v11:
            frame["protocol"] = PROTOCOL_REVISION
        return frame

    def _tool_frame(self, name):
        description, schema, _ = self._tools[name]
        return {"type": "register_tool", "name": name, "description": description, "schema": schema}

    def _subscribe_frame(self):
        return {"type": "subscribe", "events": list(self._listeners),
                "intercept": list(self._interceptors)}

    def _send(self, frame):
        # Frames other than the handshake wait until registration is done.
        with self._lock:
            if not self._registered:
                self._queued.append(frame)
                return
            self._write(frame)

    def _write(self, frame):
        # One write at a time, so concurrent handlers never interleave two frames.
        with self._lock:
            if self._out is None or (self._stopped and frame.get("type") != "shutdown_ack"):
                return
            try:
                self._out.write((_dumps(frame) + "\n").encode("utf-8"))
                self._out.flush()
            except (OSError, ValueError) as exc:
                self.log('could not write a "%s" frame: %s' % (frame.get("type"), exc))


def _to_response(value):
    if value is None:
        return respond.noop()
    if isinstance(value, dict) and value.get("action") in _ACTIONS:
        return value
    raise TypeError("command handler returned something that is not a response (use respond.*)")


def _to_result(value):
    if isinstance(value, str):
        return result.text(value)
    if isinstance(value, dict) and isinstance(value.get("content"), list):
        return result.of(value["content"], value.get("is_error") is True)
    raise TypeError("tool handler returned something that is not a result (use result.*)")


def _to_decision(value):
    if isinstance(value, dict) and value.get("block") is True:
        reason = value.get("reason")
        return block(reason if isinstance(reason, str) else "")
    if isinstance(value, dict) and isinstance(value.get("modified_args"), dict):
        return modify(value["modified_args"])
    if isinstance(value, dict) and value.get("ask") is True:
        return ask(value.get("reason") if isinstance(value.get("reason"), str) else None)
    if isinstance(value, dict):
        patch = {}
        if isinstance(value.get("replace_text"), str):
            patch["replace_text"] = value["replace_text"]
        if isinstance(value.get("additional_context"), str):
            patch["additional_context"] = value["additional_context"]
        if isinstance(value.get("replace_content"), list):
            patch["replace_content"] = value["replace_content"]
        if isinstance(value.get("is_error"), bool):
            patch["is_error"] = value["is_error"]
        if patch:
            return dict({"block": False}, **patch)
    if isinstance(value, dict) and isinstance(value.get("replace_text"), str):
        return replace_text(value["replace_text"])
    return allow()


def _claim_stdout():
    """Keeps the real stdout for frames and points everything else at stderr: sys.stdout
    (print) and file descriptor 1 (C extensions, child processes)."""
    sys.stdout.flush()
    frames = os.fdopen(os.dup(1), "wb", buffering=0)
    try:
        os.dup2(2, 1)
    except OSError:
        pass
    sys.stdout = sys.stderr
    return frames
