#!/bin/sh
# jq-echo: an extension in POSIX shell with jq (1.6+). /shout <text> displays the text in
# capitals; the `upper` tool returns its `text` argument upper-cased (ASCII letters).
set -eu

printf '%s\n' \
  '{"type":"hello","name":"jq-echo","version":"1.0.0","capabilities":["commands","tools"]}' \
  '{"type":"register_command","name":"shout","description":"say it louder: /shout <text>"}' \
  '{"type":"register_tool","name":"upper","description":"Upper-case a text (ASCII letters).","schema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}' \
  '{"type":"ready"}'

# One jq process answers every frame. -R reads raw lines, so a line that is not JSON is
# skipped (fromjson?, collected in [...] because jq 1.6 lets `break` re-enter a
# surrounding try) instead of killing jq; --unbuffered flushes each reply at once;
# `break $out` after shutdown_ack ends jq (exit 0) without waiting for end of input.
exec jq -n -R -c --unbuffered '
  label $out
  | inputs
  | ([fromjson?] | .[0]) as $f
  | if ($f | type) != "object" then empty
    elif $f.type == "command_invoked" and $f.name == "shout" then
      if (($f.args // "") | length) == 0
      then {type: "command_response", id: $f.id, action: "noop", error: "usage: /shout <text>"}
      else {type: "command_response", id: $f.id, action: "display",
            display: (($f.args | ascii_upcase) + "!")}
      end
    elif $f.type == "command_invoked" then
      {type: "command_response", id: $f.id, action: "noop",
       error: "unknown command \"\($f.name)\""}
    elif $f.type == "tool_call" and $f.name == "upper" then
      if ($f.args.text | type) == "string"
      then {type: "tool_result", id: $f.id, content: [{type: "text", text: ($f.args.text | ascii_upcase)}]}
      else {type: "tool_result", id: $f.id, is_error: true,
            content: [{type: "text", text: "invalid arguments for tool \"upper\": \"text\" must be string"}]}
      end
    elif $f.type == "tool_call" then
      {type: "tool_result", id: $f.id, is_error: true,
       content: [{type: "text", text: "unknown tool \"\($f.name)\""}]}
    elif $f.type == "shutdown" then ({type: "shutdown_ack"}, break $out)
    else empty
    end
'
