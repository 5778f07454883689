# The Senet server. Build: docker build -t senet .   Run: see docker-compose.yml.
FROM rust:1-bookworm AS build
WORKDIR /src
# The whole workspace (see .dockerignore): the server embeds its migrations (and any web assets).
COPY . .
RUN cargo build --release --locked -p senet-server \
 && cp target/release/senet-server /senet-server

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data senet \
 && mkdir -p /data && chown senet /data
COPY --from=build /senet-server /usr/local/bin/senet-server
USER senet
ENV SENET_BIND=0.0.0.0 PORT=8080 SENET_DATA_DIR=/data RUST_LOG=info
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/senet-server"]
CMD ["--log-format", "json"]
