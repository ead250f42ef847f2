# TableStakes as a container: a static Go binary on a minimal non-root image.
# Used by docker-compose.yml; `make run` does not need Docker.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/tablestakes ./cmd/tablestakes

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tablestakes /usr/local/bin/tablestakes
EXPOSE 8080
USER nonroot
ENTRYPOINT ["/usr/local/bin/tablestakes"]
CMD ["serve", "--addr", "0.0.0.0:8080"]
