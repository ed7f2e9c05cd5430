# Cubicle: multi-stage build, small non-root runtime image.
#   docker build -t cubicle .    (or: docker compose up)
# Dependencies compile in a layer of their own (cargo-chef): a change to a
# source file rebuilds Cubicle's three crates, not the few hundred it uses.
# Checked by hadolint in CI (scripts/check-deploy.sh).

# The toolchain and cargo-chef, pinned so that the recipe format is stable.
FROM rust:1-slim-bookworm AS chef
RUN cargo install cargo-chef --locked --version 0.1.78
WORKDIR /src

# The recipe: the manifests and the lock file only, so that it changes only
# when the dependencies do.
FROM chef AS planner
COPY . .
RUN cargo chef prepare --recipe-path recipe.json

# Dependencies first (cached while recipe.json is unchanged), then the code.
FROM chef AS build
COPY --from=planner /src/recipe.json recipe.json
RUN cargo chef cook --release --locked -p cubicle-server --recipe-path recipe.json
COPY . .
# The release profile keeps line tables (about 70 of the binary's 88 MB): they
# stay out of the image, the symbols stay in (a backtrace still names its
# functions). The image is about 93 MB: README.md, "Self-hosting".
RUN cargo build --release --locked -p cubicle-server \
 && strip --strip-debug -o /usr/local/bin/cubicle target/release/cubicle

FROM debian:bookworm-slim
# The server needs no system libraries beyond libc: SQLite is compiled in and
# PostgreSQL is spoken over plain TCP. A fixed uid/gid, so that volume
# permissions and Kubernetes' runAsNonRoot can rely on it.
RUN groupadd --system --gid 10001 cubicle \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/cubicle --create-home cubicle
COPY --from=build /usr/local/bin/cubicle /usr/local/bin/cubicle
USER 10001:10001
WORKDIR /var/lib/cubicle
# The SQLite file lives in ./data under WORKDIR (the default DATABASE_URL),
# i.e. in the volume. Set DATABASE_URL=postgres://... to use PostgreSQL.
ENV CUBICLE_LISTEN=0.0.0.0:8080
ENV CUBICLE_LOG_FORMAT=json
VOLUME ["/var/lib/cubicle"]
EXPOSE 8080
STOPSIGNAL SIGTERM
# Ready, not merely alive: `cubicle healthcheck` exits 0 when GET /readyz on
# the port of CUBICLE_LISTEN answers 200 (the image has no curl). The start
# period covers the replay of the games in progress.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["/usr/local/bin/cubicle", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/cubicle"]
