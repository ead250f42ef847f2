package api

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiWithdrawMember is the organiser withdrawing a member of a running league with no
// substitute: POST /api/v1/leagues/{id}/withdraw {"username"} → 200 with the league (its
// "withdrawn" lists them). With "dry_run": true → 200 {"username","shortened","reseated",
// "cancelled","balance","detail"}, what it would do, nothing changed. 409 when the league is
// not running, the player not a member or already withdrawn or replaced; 403 for anyone
// but the organiser.
func (h *Handler) apiWithdrawMember(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	var body struct {
		Username string `json:"username"`
		DryRun   bool   `json:"dry_run"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	username := strings.TrimSpace(body.Username)
	if username == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if body.DryRun {
		w, err := h.Leagues.PreviewWithdrawal(c.Request().Context(), id, user.ID, username)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, apiWithdrawal{Username: w.Username, Shortened: w.Shortened, Reseated: w.Reseated,
			Cancelled: w.Cancelled, Balance: w.Balance, Detail: w.Detail})
	}
	if _, err := h.Leagues.Withdraw(c.Request().Context(), id, user.ID, username); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiWithdrawal is what a withdrawal does (or would do, with "dry_run"), in the API.
type apiWithdrawal struct {
	Username  string                  `json:"username"`
	Shortened int                     `json:"shortened"`
	Reseated  int                     `json:"reseated"`
	Cancelled int                     `json:"cancelled"`
	Balance   store.WithdrawalBalance `json:"balance"`
	Detail    string                  `json:"detail"`
}
