#!/bin/sh
# Makes the pictures of docs/overview.md afresh and checks by numbers that
# they show what the page says (check-doc-pictures.py), and checks the
# pictures committed in docs/images/overview the same way. The plugin
# comes from GST_PLUGIN_PATH(_1_0), as meson's test environment sets it.
#
# Usage: examples/test-doc-pictures.sh WORK_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: $0 WORK_DIR}
rm -rf "$work"
"$here/doc-pictures.sh" "" "$work"
plots=
python3 -c 'import matplotlib' 2>/dev/null || {
  echo "this python3 has no matplotlib: the two plots were not made"
  plots=--no-plots
}
echo "the pictures made now:"
python3 "$here/check-doc-pictures.py" $plots gst-launch-1.0 "$work"
echo "the pictures in docs/images/overview:"
python3 "$here/check-doc-pictures.py" gst-launch-1.0 \
  "$here/../docs/images/overview"
