package httpx

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// Healthz answers 200 when the database answers, 503 otherwise. It asks on a connection of
// its own (store.PingAlone): a pool held by requests waiting on a locked table is a busy
// database, not a dead one, and a load balancer must not pull every server for it (trust
// review 4, finding 4).
func (h *Server) Healthz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := h.Store.PingAlone(ctx); err != nil {
		h.Logger.WarnContext(ctx, "health check: database unreachable", "error", err.Error())
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "database unreachable"})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}
