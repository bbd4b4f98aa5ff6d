#!/usr/bin/env sh
# The one build of the runtime image's contents. The Dockerfile runs it in its build stage and copies the result into
# the runtime stage; `npm run test:topology` runs it here and starts its app instances from the result, so what is
# tested is what ships.
#
#   scripts/build-image.sh [OUT_DIR]      (default: build/image; needs the full `npm ci` of this checkout)
#
# OUT_DIR gets: the built web app (apps/web/dist), the server's and the shared package's sources without tests, the
# migrations, the root and workspace manifests and the lockfile, and node_modules with production dependencies only
# (the server's and the shared package's; the web app's are already bundled into dist).
set -eu
cd "$(dirname "$0")/.."
out="${1:-build/image}"

# IMAGE_WEB_BUILT=1: apps/web/dist is this checkout's build, made just before by the same `npm run build` (CI's
# end-to-end step), so it is not built a second time.
[ "${IMAGE_WEB_BUILT:-}" = 1 ] || npm run build

rm -rf "$out"
mkdir -p "$out/apps/server" "$out/apps/web" "$out/packages/shared"
cp package.json package-lock.json "$out/"
# The release notes /admin/docs shows (GET /api/docs/changelog).
cp CHANGELOG.md "$out/"
cp apps/server/package.json "$out/apps/server/"
cp packages/shared/package.json "$out/packages/shared/"
cp apps/web/package.json "$out/apps/web/"
cp -R apps/server/drizzle "$out/apps/server/drizzle"
cp -R apps/web/dist "$out/apps/web/dist"
# Sources without tests and test helpers (production code never imports them).
copy_src() {
  (cd "$1" && find src -type f ! -name '*.test.ts' ! -name '*.test.tsx' ! -path 'src/test/*' ! -path 'src/test-support/*') |
    while IFS= read -r f; do
      mkdir -p "$out/$1/$(dirname "$f")"
      cp "$1/$f" "$out/$1/$f"
    done
}
copy_src apps/server
copy_src packages/shared

# Production dependencies of the server and the shared package, exactly as locked; from the npm cache when it has them.
(cd "$out" && npm ci --omit=dev --workspace @suite/server --workspace @suite/shared \
  --prefer-offline --no-audit --no-fund --loglevel=error)
echo "build-image: $(du -sh "$out" | cut -f1) in $out"
