#!/usr/bin/env bash
# Generates a Drizzle migration from server/db/schema.ts. Serialized with flock so two
# developers' (or agents') runs on one checkout cannot interleave the migration journal.
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/casino-drizzle-generate.lock npx drizzle-kit generate "$@"
