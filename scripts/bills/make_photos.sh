#!/bin/sh
# Photo-like scans of real bills with the same known answers (tests/fixtures/bills/real/photos/):
# each page re-rendered at 150 dpi (poppler-utils pdftoppm), then rotated, blurred, noised, unevenly lit
# and saved as a JPEG (ImageMagick). Deterministic (fixed seed). Usage: sh scripts/bills/make_photos.sh
set -e
cd "$(dirname "$0")/../../tests/fixtures/bills/real"
out=photos
mkdir -p "$out"
photo() { # name angle
  name=$1; angle=$2
  rm -f "$out/$name"-p*.jpg
  pdftoppm -r 150 -gray -png "$name.pdf" "/tmp/photo-$name"
  for p in /tmp/photo-"$name"-*.png; do
    n=$(basename "$p" .png | sed "s/.*-//")
    convert "$p" -seed 7 -background white -rotate "$angle" -blur 0x0.6 \
      \( +clone -fill gray70 -colorize 100 -sparse-color barycentric "0,0 white %[fx:w],%[fx:h] gray80" \) -compose multiply -composite \
      -attenuate 0.35 +noise Gaussian -quality 72 "$out/$name-p$n.jpg"
    rm "$p"
  done
}
photo cmp_300103203_2022-02 1.8
photo hutson_sample01 -2.3
photo ngrid_10712-93109_CITY_OF_BUFFALO_USAGE_STATEMENT 1.2
photo bge_7645860000_2021-02 -1.5
