package httpx

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/store"
)

func TestRequireLoginAndRequireAPIUser(t *testing.T) {
	t.Parallel()
	h := &Server{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ok := func(c echo.Context) error { return c.String(http.StatusOK, "in") }
	asAda := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Set(userKey, store.User{ID: 1, Username: "ada"})
			return next(c)
		}
	}
	anonymous := echo.New()
	anonymous.HTTPErrorHandler = h.HandleError
	anonymous.GET("/leagues/new", ok, h.RequireLogin)
	anonymous.POST("/leagues", ok, h.RequireLogin)
	anonymous.GET("/api/v1/me", ok, h.RequireAPIUser)
	signedIn := echo.New()
	signedIn.Use(asAda)
	signedIn.GET("/leagues/new", ok, h.RequireLogin)
	signedIn.GET("/api/v1/me", ok, h.RequireAPIUser)

	for _, tc := range []struct {
		name         string
		e            *echo.Echo
		method, path string
		status       int
		location     string
		body         string
	}{
		{"page sends to log-in and back", anonymous, http.MethodGet, "/leagues/new?game=vortex", http.StatusSeeOther, "/login?next=%2Fleagues%2Fnew%3Fgame%3Dvortex", ""},
		{"form post is refused", anonymous, http.MethodPost, "/leagues", http.StatusUnauthorized, "", "Log in first"},
		{"API wants a token", anonymous, http.MethodGet, "/api/v1/me", http.StatusUnauthorized, "", `{"error":"Authorization: a bearer token is required (POST /api/v1/login)"}`},
		{"signed-in page", signedIn, http.MethodGet, "/leagues/new", http.StatusOK, "", "in"},
		{"signed-in API", signedIn, http.MethodGet, "/api/v1/me", http.StatusOK, "", "in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			tc.e.ServeHTTP(rec, httptest.NewRequestWithContext(context.Background(), tc.method, tc.path, nil))
			assert.Equal(t, tc.status, rec.Code)
			assert.Equal(t, tc.location, rec.Header().Get("Location"))
			assert.Contains(t, rec.Body.String(), tc.body)
		})
	}
}
