#!/bin/sh
# `npm start` and the bench's servers: Node on the build, in production mode, with the memory
# settings measured for it (README, *The server's memory*). glibc's malloc reads its settings once,
# as the process starts, so they are set here, before Node runs; exec leaves no shell behind. A
# setting already in the environment is kept. Arguments are more Node options (`npm start -- --inspect`).
#  - MALLOC_TRIM_THRESHOLD_, at glibc's own default of 128 KiB: setting it at all turns off glibc's
#    moving thresholds, which raise the mmap threshold to each large block freed and the trim
#    threshold to twice that (up to 32 and 64 MB), after which freed memory stays resident. V8
#    frees about 50 MB of compiler memory during the start; without this it is kept for good.
#  - MALLOC_ARENA_MAX: two heaps, not eight a core, for the threads V8 and libuv allocate from.
#  - NODE_ENV=production: graphql-js otherwise checks every type it meets for a second copy of
#    itself (`instanceOf`), which cost a 50-card GraphQL list a tenth of its CPU (README, *Production
#    mode*). Prisma's error messages then leave out the caller's code. Nothing of Bazaar's reads it.
# V8's heap keeps its defaults: `--max-semi-space-size=8 --heap-growing-percent=25` hold the RSS
# under load near 230 MB instead of 380, but cost GraphQL lists a fifth of their answers a second
# (README, *The server's memory*); pass them (`npm start -- --heap-growing-percent=25 …`) where
# memory is dearer than CPU.
: "${MALLOC_TRIM_THRESHOLD_:=131072}"
: "${MALLOC_ARENA_MAX:=2}"
: "${NODE_ENV:=production}"
export MALLOC_TRIM_THRESHOLD_ MALLOC_ARENA_MAX NODE_ENV
exec node --enable-source-maps "$@" "$(dirname "$0")/../dist/src/server.js"
