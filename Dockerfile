# Cubicle: multi-stage build, small non-root runtime image.
#   docker build -t cubicle .    (or: docker compose up)
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p cubicle-server \
 && cp target/release/cubicle /usr/local/bin/cubicle

FROM debian:bookworm-slim
# The server needs no system libraries beyond libc: SQLite is compiled in and
# PostgreSQL is spoken over plain TCP.
RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/cubicle --create-home cubicle
COPY --from=build /usr/local/bin/cubicle /usr/local/bin/cubicle
USER cubicle
WORKDIR /var/lib/cubicle
# The SQLite file lives in ./data under WORKDIR (the default DATABASE_URL),
# i.e. in the volume. Set DATABASE_URL=postgres://... to use PostgreSQL.
ENV CUBICLE_LISTEN=0.0.0.0:8080
ENV CUBICLE_LOG_FORMAT=json
VOLUME ["/var/lib/cubicle"]
EXPOSE 8080
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/cubicle"]
