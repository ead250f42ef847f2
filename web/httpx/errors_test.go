package httpx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		err     error
		status  int
		message string
	}{
		{"not found", fmt.Errorf("store: league: %w", store.ErrNotFound), 404, "not found"},
		{"conflict", fmt.Errorf("store: create user: %w", store.ErrUsernameTaken), 409, "username: already taken"},
		{"bad credentials", store.ErrBadCredentials, 401, "username or password is incorrect"},
		{"not the organiser", fmt.Errorf("store: record result of game 7: %w", store.ErrNotOrganiser), 403,
			"only the league's organiser or a co-organiser records and corrects results"},
		{"role refusal", fmt.Errorf("store: close league 3: %w", store.ErrNotLeagueOrganiser), 403,
			"only the league's organiser may do this"},
		{"invalid name", fmt.Errorf("store: replace: %w", &store.Invalid{Reason: `to: no player named "zed"`}), 422,
			`to: no player named "zed"`},
		{"http error", echo.NewHTTPError(422, "players[3].score: missing"), 422, "players[3].score: missing"},
		{"http 5xx keeps its secret", echo.NewHTTPError(502, "upstream db-7 refused"), 502, "bad gateway"},
		{"lock timeout", fmt.Errorf("store: league: %w", &pgconn.PgError{Code: "55P03"}), 503, "the server is busy; try again shortly"},
		{"statement timeout", fmt.Errorf("store: league: %w", &pgconn.PgError{Code: "57014"}), 503, "the server is busy; try again shortly"},
		{"unknown error", errors.New("pgx: connection to 10.0.0.7 refused"), 500, "internal server error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, message := Classify(tc.err)
			assert.Equal(t, tc.status, status)
			assert.Equal(t, tc.message, message)
		})
	}
}

func TestErrorHandlerNeverLeaksInternals(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	h := &Server{Logger: slog.New(slog.NewJSONHandler(&logs, nil))}
	e := echo.New()
	e.HTTPErrorHandler = h.HandleError
	secret := errors.New("store: users: secret pgx detail: password authentication failed for user \"admin\"")
	e.GET("/api/v1/boom", func(echo.Context) error { return secret })
	e.GET("/boom", func(echo.Context) error { return secret })
	e.GET("/panic", func(echo.Context) error { panic("secret panic detail") }, PanicRecovery())

	for _, tc := range []struct{ path, want string }{
		{"/api/v1/boom", `{"error":"internal server error"}`},
		{"/boom", "Internal server error"},
		{"/panic", "Internal server error"},
	} {
		logs.Reset()
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequestWithContext(context.Background(), http.MethodGet, tc.path, nil))
		assert.Equal(t, http.StatusInternalServerError, rec.Code, tc.path)
		assert.Contains(t, rec.Body.String(), tc.want, tc.path)
		assert.NotContains(t, rec.Body.String(), "secret", tc.path)
		assert.NotContains(t, rec.Body.String(), "admin", tc.path)
		require.Contains(t, logs.String(), `"level":"ERROR"`, "5xx are logged as errors")
		assert.Contains(t, logs.String(), "secret", "the log keeps the details")
	}

	logs.Reset()
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequestWithContext(context.Background(), http.MethodGet, "/api/v1/missing", nil))
	assert.Equal(t, http.StatusNotFound, rec.Code)
	assert.Contains(t, logs.String(), `"level":"WARN"`, "4xx are logged as warnings")
}
