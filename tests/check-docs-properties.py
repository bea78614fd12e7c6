#!/usr/bin/env python3
"""Checks that an element's reference page agrees with gst-inspect-1.0.

Every property that gst-inspect-1.0 lists (but GstObject's and
GstBaseTransform's own: name, parent, qos) must have a row in a table of
the page, `| `name` | type | range | default | meaning |`, with the same
default, the same range where the page gives one, and, for an enum, the
same nicks; and every row must name a property the element has.

Usage: check-docs-properties.py GST_INSPECT ELEMENT PAGE.md
"""
import re
import subprocess
import sys

INHERITED = {"name", "parent", "qos"}
# Range ends that the pages write by name.
NAMED_NUMBERS = {
    "G_MININT": -2147483648,
    "G_MAXINT": 2147483647,
    "G_MAXUINT": 4294967295,
    "G_MAXUINT64": 18446744073709551615,
}


def inspect(gst_inspect, element):
    """Properties from gst-inspect-1.0: name -> dict(kind, range, default,
    nicks)."""
    out = subprocess.run([gst_inspect, element], check=True,
                         capture_output=True, text=True).stdout
    text = out.split("Element Properties:", 1)[1]
    props = {}
    current = None
    for line in text.splitlines():
        head = re.match(r"^  ([a-z][a-z0-9-]*)\s*:", line)
        if head:
            current = {"kind": None, "range": None, "default": None,
                       "nicks": []}
            props[head.group(1)] = current
            continue
        if current is None:
            continue
        body = line.strip()
        typed = re.match(r"^(Boolean|String|Double|Float|Integer|Integer64|"
                         r"Unsigned Integer|Unsigned Integer64|Enum \"\w+\")"
                         r"\.?\s*(.*)$", body)
        if typed and current["kind"] is None:
            current["kind"] = typed.group(1).split(" \"")[0]
            rest = typed.group(2)
            bounds = re.search(r"Range:\s*(\S+)\s*-\s*(\S+)", rest)
            if bounds:
                current["range"] = (float(bounds.group(1)),
                                    float(bounds.group(2)))
            default = re.search(r"Default:\s*(.*)$", rest)
            if default:
                value = default.group(1).strip()
                enum = re.match(r'^-?\d+, "(.*)"$', value)
                current["default"] = enum.group(1) if enum else value
            continue
        nick = re.match(r"^\(\d+\):\s*(\S+)\s", body)
        if nick:
            current["nicks"].append(nick.group(1))
    return {k: v for k, v in props.items() if k not in INHERITED}


def page_rows(page):
    """Rows of the page's property tables: name -> (type, range, default)."""
    rows = {}
    for line in open(page, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 5 or not re.fullmatch(r"`[a-z][a-z0-9-]*`", cells[0]):
            continue
        rows[cells[0].strip("`")] = (cells[1], cells[2], cells[3])
    return rows


def number(text):
    text = text.strip().strip("`")
    if text in NAMED_NUMBERS:
        return float(NAMED_NUMBERS[text])
    return float(text)


def same_default(kind, documented, actual):
    documented = documented.strip("`")
    if kind == "String":
        # the pages write an unset string as empty, none, or leave it blank
        return actual == "null" and documented in ("", "empty", "none")
    if kind in ("Double", "Float", "Integer", "Integer64",
                "Unsigned Integer", "Unsigned Integer64"):
        return number(documented) == float(actual)
    return documented == actual


def check(gst_inspect, element, page):
    props = inspect(gst_inspect, element)
    rows = page_rows(page)
    problems = []
    for name, prop in sorted(props.items()):
        if name not in rows:
            problems.append("%s: not in %s" % (name, page))
            continue
        doc_type, doc_range, doc_default = rows[name]
        if "read-only" in doc_type:
            continue
        if not same_default(prop["kind"], doc_default, prop["default"]):
            problems.append("%s: default %r on the page, %r in gst-inspect"
                            % (name, doc_default, prop["default"]))
        if prop["kind"] == "Enum":
            nicks = re.findall(r"`([a-z0-9-]+)`", doc_range)
            if nicks != prop["nicks"]:
                problems.append("%s: values %s on the page, %s in gst-inspect"
                                % (name, nicks, prop["nicks"]))
        elif prop["range"] and ".." in doc_range:
            low, high = (s.strip() for s in doc_range.split("..", 1))
            if number(low) != prop["range"][0]:
                problems.append("%s: lower bound %s on the page, %g in "
                                "gst-inspect" % (name, low, prop["range"][0]))
            # an open upper bound ("-1 ..") leaves the top unsaid
            if high and number(high) != prop["range"][1]:
                problems.append("%s: upper bound %s on the page, %g in "
                                "gst-inspect" % (name, high, prop["range"][1]))
    for name in sorted(set(rows) - set(props)):
        problems.append("%s: on the page, but %s has no such property"
                        % (name, element))
    return props, problems


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    props, problems = check(*sys.argv[1:])
    if not props:
        sys.exit("gst-inspect-1.0 listed no properties of %s" % sys.argv[2])
    for problem in problems:
        print("FAIL " + problem)
    print("%s: %d properties checked against %s, %d disagree"
          % (sys.argv[2], len(props), sys.argv[3], len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
