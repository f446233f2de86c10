#!/usr/bin/env bash
# Refresh the vendored MathJax under docs/javascripts/mathjax/ from the npm registry.
#
# The docs site loads MathJax from the repository, never from a CDN, so math renders
# offline and in CI. Only the files the site uses are kept, in MathJax's own relative
# layout (tex-mml-chtml.js finds its fonts at output/chtml/fonts/woff-v2/ beside it):
#
#   docs/javascripts/mathjax/LICENSE
#   docs/javascripts/mathjax/VERSION
#   docs/javascripts/mathjax/es5/tex-mml-chtml.js
#   docs/javascripts/mathjax/es5/output/chtml/fonts/woff-v2/*.woff
#   docs/javascripts/mathjax/es5/input/tex/extensions/*.js
#
# The TeX extensions are loaded on demand by MathJax's autoload (\boldsymbol, \cancel,
# \color, mathtools, ...) from the same folder; without them such a formula would ask
# the local server for a file that is not there.
#
# Usage: scripts/vendor_mathjax.sh [VERSION]   (default: the newest 3.x)
# Needs npm and tar. Commit the result.
set -euo pipefail

spec="mathjax@${1:-3}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="$root/docs/javascripts/mathjax"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

command -v npm >/dev/null || { echo "vendor_mathjax.sh: npm is needed (apt-get install npm)" >&2; exit 1; }

tarball="$(cd "$work" && npm pack --silent "$spec" | tail -n 1)"
tar -xzf "$work/$tarball" -C "$work"
pkg="$work/package"
version="$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$pkg/package.json" | head -n 1)"

rm -rf "$dest"
mkdir -p "$dest/es5/output/chtml/fonts" "$dest/es5/input/tex"
cp "$pkg/LICENSE" "$dest/LICENSE"
cp "$pkg/es5/tex-mml-chtml.js" "$dest/es5/tex-mml-chtml.js"
cp -R "$pkg/es5/output/chtml/fonts/woff-v2" "$dest/es5/output/chtml/fonts/woff-v2"
cp -R "$pkg/es5/input/tex/extensions" "$dest/es5/input/tex/extensions"
echo "$version" > "$dest/VERSION"

echo "Vendored MathJax $version into ${dest#"$root"/} ($(du -sh "$dest" | cut -f1))"
