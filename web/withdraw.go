package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// withdrawMember is the manage page's withdraw form (POST /leagues/{id}/withdraw, fields
// username and confirm=yes). Its "See what happens" button (step=preview) shows the
// manage page with what the withdrawal would do, changing nothing.
func (h *Handler) withdrawMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	username := strings.TrimSpace(c.FormValue("username"))
	preview := c.FormValue("step") == "preview"
	user, _ := currentUser(c) // requireLogin guarantees it
	switch {
	case username == "":
		err = &store.Invalid{Reason: "username: choose the player who withdraws"}
	case preview:
		w, err := h.leagues.PreviewWithdrawal(c.Request().Context(), id, user.ID, username)
		if err != nil {
			return h.afterManageAction(c, id, err)
		}
		v, err := h.manageView(c, id)
		if err != nil {
			return err
		}
		wv := templates.WithdrawView{League: v.League, Members: v.Members, User: w.Username, Preview: w.Detail}
		return h.render(c, http.StatusOK, templates.Withdraw(h.page(c, "Withdraw "+w.Username+"?"), wv))
	case c.FormValue("confirm") != "yes":
		err = &store.Invalid{Reason: "confirm: tick the box; a withdrawal cannot be undone"}
	default:
		_, err = h.leagues.Withdraw(c.Request().Context(), id, user.ID, username)
	}
	return h.afterManageAction(c, id, err)
}

// apiWithdrawMember is the organiser withdrawing a member of a running league with no
// substitute: POST /api/v1/leagues/{id}/withdraw {"username"} → 200 with the league (its
// "withdrawn" lists them). With "dry_run": true → 200 {"username","shortened","reseated",
// "cancelled","balance","detail"}, what it would do, nothing changed. 409 when the league is
// not running, the player not a member or already withdrawn or replaced; 403 for anyone
// but the organiser.
func (h *Handler) apiWithdrawMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var body struct {
		Username string `json:"username"`
		DryRun   bool   `json:"dry_run"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	username := strings.TrimSpace(body.Username)
	if username == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if body.DryRun {
		w, err := h.leagues.PreviewWithdrawal(c.Request().Context(), id, user.ID, username)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, apiWithdrawal{Username: w.Username, Shortened: w.Shortened, Reseated: w.Reseated,
			Cancelled: w.Cancelled, Balance: w.Balance, Detail: w.Detail})
	}
	if _, err := h.leagues.Withdraw(c.Request().Context(), id, user.ID, username); err != nil {
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

// withdrawalNotes say who withdrew, for the standings: "wd4 withdrew after 1 game played,
// whose points stay; of the 15 games left, 15 go on one player short."
func withdrawalNotes(ws []store.Withdrawal) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		left := w.Shortened + 2*w.Reseated + w.Cancelled
		var parts []string
		if w.Shortened > 0 {
			parts = append(parts, fmt.Sprintf("%d %s on one player short", w.Shortened, scoring.Plural(w.Shortened, "goes", "go")))
		}
		if w.Reseated > 0 {
			parts = append(parts, fmt.Sprintf("%d became %d with another player in the empty seat", 2*w.Reseated, w.Reseated))
		}
		if w.Cancelled > 0 {
			parts = append(parts, fmt.Sprintf("%d %s cancelled", w.Cancelled, scoring.Plural(w.Cancelled, "was", "were")))
		}
		rest := "."
		if left > 0 {
			rest = fmt.Sprintf("; of the %d %s left, %s.", left, scoring.Plural(left, "game", "games"), strings.Join(parts, ", "))
		}
		played := "before playing any game"
		if w.Played > 0 {
			played = fmt.Sprintf("after %d %s played, whose points stay", w.Played, scoring.Plural(w.Played, "game", "games"))
		}
		out[i] = fmt.Sprintf("%s withdrew without a substitute %s%s", w.Username, played, rest)
	}
	return out
}

// withdrawalReports say how each withdrawal moved the schedule's balance, for the fairness
// report: the pair spread and games per player before and after.
func withdrawalReports(ws []store.Withdrawal, zone string) []string {
	loc := zoneOf(zone)
	out := make([]string, len(ws))
	for i, w := range ws {
		line := fmt.Sprintf("%s withdrew on %s. %s", w.Username, w.At.In(loc).Format("2 Jan 2006"),
			store.BalanceChange(w.Balance.Before, w.Balance.After))
		if w.Shortened > 0 {
			line += fmt.Sprintf(" Each player who stays has %s of the games played one player short.",
				spanWords(w.Balance.ShortMin, w.Balance.ShortMax))
		}
		out[i] = line
	}
	return out
}

// spanWords is "2" or "1 to 3".
func spanWords(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}
