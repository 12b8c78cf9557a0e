#!/usr/bin/env python3
"""Renders chat templates with Python Jinja2 as Hugging Face transformers does.

The environment is transformers' (src/transformers/utils/chat_template_utils.py,
_compile_jinja_template): ImmutableSandboxedEnvironment with trim_blocks and lstrip_blocks,
the loopcontrols extension and a `{% generation %}` block (transformers' AssistantTracker,
here without its offset tracking), the `tojson` filter that keeps non-ASCII text
(ensure_ascii=False), `raise_exception` and `strftime_now` (here at a fixed instant, so a
render is repeatable).

Input, one JSON object on stdin:
  {"now": "2026-01-15T10:30:00", "templates": [{"id", "source"}], "conversations": [{"name", "variables"}]}
Output, one JSON object on stdout:
  {"jinja2": "<version>", "results": {id: {"rejects": "<error>"} | {"renders": {name: {"text"} | {"error"}}}}}
"""
import json
import sys
from datetime import datetime

import jinja2
from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.sandbox import ImmutableSandboxedEnvironment


class GenerationBlock(Extension):
    """`{% generation %}…{% endgeneration %}` renders its body, as transformers' AssistantTracker does."""

    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(["name:endgeneration"], drop_needle=True)
        return nodes.CallBlock(self.call_method("_render"), [], [], body).set_lineno(lineno)

    def _render(self, caller):
        return caller()


def make_env(now):
    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(format):
        return now.strftime(format)

    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[GenerationBlock, jinja2.ext.loopcontrols]
    )
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env


def describe(error):
    return f"{type(error).__name__}: {error}"


def main():
    request = json.load(sys.stdin)
    env = make_env(datetime.fromisoformat(request["now"]))
    results = {}
    for template in request["templates"]:
        try:
            compiled = env.from_string(template["source"])
        except Exception as error:  # any compile error is the template's rejection
            results[template["id"]] = {"rejects": describe(error)}
            continue
        renders = {}
        for conversation in request["conversations"]:
            try:
                renders[conversation["name"]] = {"text": compiled.render(**conversation["variables"])}
            except Exception as error:  # a render error is a result to compare, not a crash
                renders[conversation["name"]] = {"error": describe(error)}
        results[template["id"]] = {"renders": renders}
    json.dump({"jinja2": jinja2.__version__, "results": results}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
