#!/usr/bin/env bash
# Regenerates assets/fonts/NotoSansSC-Frontier.otf: Noto Sans CJK SC (SIL Open Font Licence
# 1.1, from Debian's fonts-noto-cjk) cut down by fonttools' pyftsubset to the characters of
# characters.py. Run it after adding Chinese messages; `cargo test --test i18n` fails when
# a character of the messages is missing from the font.
#   needs: apt-get install fonts-noto-cjk; pip install fonttools
set -euo pipefail
cd "$(dirname "$0")/../.."
source_font=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
text=$(mktemp)
trap 'rm -f "$text"' EXIT
python3 tools/cjk-font/characters.py > "$text"
# Face 2 of the collection is Noto Sans CJK SC.
pyftsubset "$source_font" --font-number=2 --text-file="$text" \
  --layout-features='*' --no-hinting --output-file=assets/fonts/NotoSansSC-Frontier.otf
ls -l assets/fonts/NotoSansSC-Frontier.otf
