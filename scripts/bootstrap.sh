#!/usr/bin/env bash
# Installs the system packages the package builds and tests against, when missing:
# FreeType, HarfBuzz, ICU, libpng and fontconfig headers (found with pkg-config), plus hb-shape and
# Unicode's LineBreakTest.txt for the tests, and Debian's variable Inter (fonts-inter-variable), which
# the variable-font tests measure against the bundled static Inter. The fallback finds installed fonts
# through fontconfig: fonts-noto-core has a face for every script iOS draws outside CJK (Tamil,
# Sinhala, Khmer, Ethiopic, …; the per-script tests measure with them), and fonts-noto-cjk the
# Source Han Sans faces that stand in for PingFang, Hiragino Sans and Apple SD Gothic Neo;
# ExactShapingTests compares every Regular face of fonts-noto-core with whole-line hb_shape.
# Debian/Ubuntu (apt). Safe to run repeatedly.
set -euo pipefail

packages=(pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libpng-dev libfontconfig-dev libharfbuzz-bin
  unicode-data fonts-inter-variable fonts-noto-core fonts-noto-cjk)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi
