# syntax=docker/dockerfile:1.7
# One image per cluster-mode app and one for the ETL, from one build stage:
#   docker build --target gateway -t <registry>/morocco-communes-gateway:<tag> .
# (targets: gateway, catalog, search, geo, etl; docs/deploy.md). No HEALTHCHECK: the
# orchestrator probes /healthz and /readyz.

# The Node release CI tests with (.ci/run prints it), pinned to its exact tag.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# ---- build: the whole workspace from the lockfile, compiled, then pruned to production deps
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/test-support/package.json libs/test-support/
COPY tools/etl/package.json tools/etl/
COPY tools/fuzz/package.json tools/fuzz/
COPY tools/deploy-check/package.json tools/deploy-check/
COPY apps/catalog/package.json apps/catalog/
COPY apps/search/package.json apps/search/
COPY apps/geo/package.json apps/geo/
COPY apps/gateway/package.json apps/gateway/
COPY apps/embedded/package.json apps/embedded/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.base.json tsconfig.build.json ./
COPY types types
COPY libs libs
COPY tools tools
COPY apps apps
# Only what runs is kept: package.json and compiled sources of the contracts and the apps.
RUN npx tsc -b tsconfig.build.json \
 && npm prune --omit=dev --no-audit --no-fund --ignore-scripts \
 && rm -rf node_modules/.cache \
 && for dir in libs/contracts apps/gateway apps/catalog apps/search apps/geo tools/etl; do \
      mkdir -p /out/$dir/dist && cp $dir/package.json /out/$dir/ && cp -r $dir/dist/src /out/$dir/dist/; \
    done

# ---- runtime: Node without npm, yarn or corepack, as an unprivileged user (uid 1000). The four
# apps share every layer (their code is small); each target only names its entry point.
FROM ${NODE_IMAGE} AS runtime
RUN rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx \
      /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /out/libs libs
COPY --from=build /out/apps apps
USER 1000:1000

# The servers run with `npm start`'s V8 flags (package.json config.node_flags; a test keeps
# them equal): 4 MB semi-spaces instead of 16, about 25 MB less resident memory, and the
# garbage collector on the main thread, which costs less CPU a request than helper threads
# competing for the same cores (docs/performance.md). Command-line flags: NODE_OPTIONS refuses
# the second.
FROM runtime AS gateway
EXPOSE 3000 9090
CMD ["node", "--max-semi-space-size=4", "--single-threaded-gc", "apps/gateway/dist/src/main.js"]

FROM runtime AS catalog
EXPOSE 3101 9090
CMD ["node", "--max-semi-space-size=4", "--single-threaded-gc", "apps/catalog/dist/src/main.js"]

FROM runtime AS search
EXPOSE 3102 9090
CMD ["node", "--max-semi-space-size=4", "--single-threaded-gc", "apps/search/dist/src/main.js"]

FROM runtime AS geo
EXPOSE 3103 9090
CMD ["node", "--max-semi-space-size=4", "--single-threaded-gc", "apps/geo/dist/src/main.js"]

# The ETL carries the dataset (and the place names beside it, PLACES_DIR's default) as layers
# of their own, below its code: an image tag names one
# dataset version exactly (what a Helm upgrade loads), and a code change re-ships only the
# small layer above it. BUILD_DIR is scratch space (an emptyDir in the chart).
FROM runtime AS etl
COPY data/v1 data/v1
COPY data/api-data data/api-data
COPY --from=build /out/tools tools
ENV DATASET_DIR=/app/data/v1 BUILD_DIR=/tmp/build
CMD ["node", "tools/etl/dist/src/main.js"]
