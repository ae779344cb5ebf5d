#!/bin/sh
# Seeds a history of N pictures (default 100000) for the gallery benchmark, with the sqlite3 CLI
# and the schema taken from Sources/BingWallStore/HistorySchema.swift, so it never drifts.
#
#   bench/gallery_seed.sh DATA_HOME [N]
#
# Every picture is a hard link to one real JPEG (images/shared.jpg, made by ImageMagick);
# each has one or two market appearances, one title in fifty holds markup, one picture in ten is a
# favourite. Then: XDG_DATA_HOME=DATA_HOME bingwall gallery --output page.html
set -eu
data=${1:?usage: gallery_seed.sh DATA_HOME [N]}
count=${2:-100000}
here=$(cd "$(dirname "$0")/.." && pwd)
folder="$data/bingwall"
mkdir -p "$folder/images"
rm -f "$folder/history.db" "$folder/history.db-wal" "$folder/history.db-shm"
[ -f "$folder/images/shared.jpg" ] ||
  convert -size 1920x1080 gradient:'#336699-#cc9933' "$folder/images/shared.jpg"
bytes=$(stat -c %s "$folder/images/shared.jpg")

schema=$(python3 - "$here/Sources/BingWallStore/HistorySchema.swift" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r'SQLiteMigration\.sql\(\s*"""\n(.*?)"""', text, re.S)
print(";\n".join(blocks))
print(f"PRAGMA user_version = {len(blocks)};")
PY
)

sqlite3 "$folder/history.db" >/dev/null <<SQL
PRAGMA journal_mode = WAL;
$schema
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
INSERT INTO pictures (id, key, sha256, path, resolution, width, height, bytes, favorite, banned, added_at)
SELECT i, 'OHR.Place' || i, printf('%064x', i), '$folder/images/p' || i || '.jpg', 'UHD', 1920, 1080,
  $bytes, i % 10 = 0, i % 97 = 0, '2026-12-01T08:00:00Z'
FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,
  copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at)
SELECT i, 'en-US', date('2026-12-01', '-' || (($count - i) / 2) || ' days'), 'OHR.Place' || i || '_EN-US1',
  CASE WHEN i % 50 = 0 THEN '<script>alert(' || i || ')</script> & "quotes"' ELSE 'Place number ' || i END,
  'A caption that describes place ' || i || ' in a sentence or two, as Bing does.',
  'Photographer ' || i || '/Getty Images', 'Place ' || i || ' (© Photographer/Getty Images)',
  'https://www.bing.com/search?q=place+' || i, '/th?id=OHR.Place' || i || '_EN-US1', 'h' || i, 1,
  '2026-11-30T08:00:00Z', '2026-12-01T08:00:00Z', '2026-12-01T08:00:00Z'
FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
INSERT INTO appearances (picture_id, market, date, bing_id, title, caption, credit, copyright,
  copyright_link, urlbase, hsh, wp, fullstartdate, first_seen, updated_at)
SELECT i, 'de-DE', date('2026-12-01', '-' || (($count - i) / 2) || ' days'), 'OHR.Place' || i || '_DE-DE1',
  'Ort ' || i, 'Beschreibung ' || i, 'Fotograf ' || i, 'Ort (© Fotograf)', 'https://www.bing.com/',
  '/th?id=OHR.Place' || i || '_DE-DE1', 'h' || i, 1, '2026-11-30T08:00:00Z', '2026-12-01T08:00:00Z',
  '2026-12-01T08:00:00Z'
FROM n WHERE i % 3 = 0;
COMMIT;
SQL
python3 - "$folder/images" "$count" <<'PY'
import os, shutil, sys
folder, count = sys.argv[1], int(sys.argv[2])
for i in range(1, count + 1):
    name = f"{folder}/p{i}.jpg"
    if os.path.exists(name):
        continue
    # ext4 allows 65,000 links to a file: one copy of the picture per 50,000 links.
    source = f"{folder}/shared-{i // 50000}.jpg"
    if not os.path.exists(source):
        shutil.copyfile(f"{folder}/shared.jpg", source)
    os.link(source, name)
PY
echo "$folder/history.db: $count pictures"
