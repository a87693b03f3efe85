#!/usr/bin/env bash
# Generates the committed demo media of the embedded API: posters, episode previews, genre images,
# avatars and a short HLS clip in 480p/720p/1080p. Run once (needs ffmpeg with libx264, libwebp and
# drawtext, and fonts-dejavu-core); the output is committed, nothing calls ffmpeg at runtime.
# `generate.sh video` regenerates only the HLS clip (and its seek previews), `generate.sh episodes` only the episode
# previews, `generate.sh thumbnails` only the clip's seek previews.
set -euo pipefail
cd "$(dirname "$0")"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
FF="ffmpeg -hide_banner -loglevel error -y"

# Palette of gradient pairs; images pick one by index so neighbours differ.
COLORS=(0x1d3557:0xe63946 0x264653:0xe9c46a 0x3a0ca3:0xf72585 0x003049:0xfcbf49 0x2b2d42:0x8d99ae
        0x0b132b:0x5bc0be 0x582f0e:0xb6ad90 0x10002b:0xc77dff 0x03045e:0x00b4d8 0x370617:0xf48c06
        0x081c15:0x74c69d 0x22223b:0xc9ada7)

# image <dir> <width> <height> <thumb width> <thumb height> <index> <title> <subtitle>
image() {
  local dir=$1 w=$2 h=$3 tw=$4 th=$5 idx=$6 title=$7 subtitle=$8
  local pair=${COLORS[$((idx % ${#COLORS[@]}))]}
  local c0=${pair%%:*} c1=${pair##*:}
  mkdir -p "$dir"
  $FF -f lavfi -i "gradients=s=${w}x${h}:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=${w}:y1=${h}:d=1" -frames:v 1 \
    -vf "drawtext=fontfile=${FONT}:text='${title}':fontcolor=white:fontsize=$((w / 7)):x=(w-text_w)/2:y=(h-text_h)/2-$((h / 10)):shadowx=2:shadowy=2,drawtext=fontfile=${FONT}:text='${subtitle}':fontcolor=white@0.85:fontsize=$((w / 16)):x=(w-text_w)/2:y=(h-text_h)/2+$((h / 10))" \
    -q:v 7 "$dir/preview.jpg"
  $FF -i "$dir/preview.jpg" -vf "scale=${tw}:${th}" -q:v 8 "$dir/thumbnail.jpg"
  $FF -i "$dir/preview.jpg" -c:v libwebp -quality 60 "$dir/preview.webp"
  $FF -i "$dir/thumbnail.jpg" -c:v libwebp -quality 55 "$dir/thumbnail.webp"
}

WHAT=${1:-all}
# Episode previews are the player's poster: 640x360, the size of a phone's player at its pixel density, as
# the live API's previews are at least (a smaller one would not count as the page's largest paint).
if [[ $WHAT == all || $WHAT == episodes ]]; then
for i in $(seq 1 8); do n=$(printf %02d "$i"); image "episodes/$n" 640 360 320 180 "$((i + 3))" "Эпизод" "кадр $i"; done
fi
if [[ $WHAT == all ]]; then
for i in $(seq 1 24); do n=$(printf %02d "$i"); image "posters/$n" 300 420 150 210 "$i" "№ $i" "AniLibria демо"; done
for i in $(seq 1 25); do n=$(printf %02d "$i"); image "genres/$n" 240 135 120 68 "$((i + 5))" "Жанр" "$i"; done
for i in $(seq 1 8); do n=$(printf %02d "$i"); image "avatars/$n" 128 128 64 64 "$((i + 7))" "$i" "аватар"; done
for i in $(seq 1 6); do n=$(printf %02d "$i"); image "videos/$n" 320 180 160 90 "$((i + 1))" "Видео" "ролик $i"; done
fi

# The clip's seek previews: one 160x90 frame every 2 s of the lowest rendition, tiled into one sheet, and the WebVTT
# track that names each frame's tile (the player's seek bar reads it). Made from the committed 480p playlist.
thumbnails() {
  local clip=$1 every=2 columns=4 width=160 height=90
  local frames=$((DURATION / every)) rows
  rows=$(((frames + columns - 1) / columns))
  $FF -i "$clip/480/index.m3u8" -vf "fps=1/${every},scale=${width}:${height},tile=${columns}x${rows}" -frames:v 1 -q:v 9 "$clip/thumbnails.jpg"
  {
    printf 'WEBVTT\n'
    for ((frame = 0; frame < frames; frame++)); do
      printf '\n00:%02d.000 --> 00:%02d.000\nthumbnails.jpg#xywh=%d,%d,%d,%d\n' $((frame * every)) $(((frame + 1) * every)) \
        $(((frame % columns) * width)) $(((frame / columns) * height)) "$width" "$height"
    done
  } > "$clip/thumbnails.vtt"
}

DURATION=24
if [[ $WHAT == thumbnails ]]; then thumbnails video/demo; exit 0; fi
[[ $WHAT == all || $WHAT == video ]] || exit 0

# The clip: 24 s of testsrc2 with a 440 Hz tone, one rendition per height. The first segment is 1 s, the
# rest 2 s, each starting on a keyframe at the same time in every rendition (the engine can switch at any
# boundary): the first frame needs only the first segment, and a short one arrives soon on a slow connection.
OUT=video/demo.new
rm -rf "$OUT" && mkdir -p "$OUT"
for spec in 480:854:220k 720:1280:360k 1080:1920:520k; do
  IFS=: read -r height width bitrate <<<"$spec"
  mkdir -p "$OUT/$height"
  $FF -f lavfi -i "testsrc2=s=${width}x${height}:r=24:d=${DURATION}" -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=${DURATION}" \
    -vf "drawtext=fontfile=${FONT}:text='AniLibria демо ${height}p  %{pts\:hms}':fontcolor=white:fontsize=$((height / 14)):x=(w-text_w)/2:y=h-text_h-$((height / 12)):box=1:boxcolor=black@0.5" \
    -c:v libx264 -preset veryslow -profile:v main -pix_fmt yuv420p -b:v "$bitrate" -maxrate "$bitrate" -bufsize "$bitrate" \
    -g 48 -keyint_min 24 -sc_threshold 0 -force_key_frames "expr:if(lt(t,1),gte(t,n_forced),gte(t,2*n_forced-1))" -c:a aac -b:a 48k -ac 1 \
    -f hls -hls_init_time 1 -hls_time 2 -hls_playlist_type vod -hls_segment_filename "$OUT/$height/segment-%03d.ts" "$OUT/$height/index.m3u8"
done
cat > "$OUT/master.m3u8" <<'M3U8'
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=330000,AVERAGE-BANDWIDTH=305000,RESOLUTION=854x480,CODECS="avc1.4d4028,mp4a.40.2"
480/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=480000,AVERAGE-BANDWIDTH=450000,RESOLUTION=1280x720,CODECS="avc1.4d4032,mp4a.40.2"
720/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=660000,AVERAGE-BANDWIDTH=610000,RESOLUTION=1920x1080,CODECS="avc1.4d4033,mp4a.40.2"
1080/index.m3u8
M3U8
thumbnails "$OUT"
# Swapped in whole, so a server playing the clip meanwhile never sees half of it.
rm -rf video/demo && mv "$OUT" video/demo
du -sh .
