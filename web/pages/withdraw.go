package pages

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// withdrawMember is the manage page's withdraw form (POST /leagues/{id}/withdraw, fields
// username and confirm=yes). Its "See what happens" button (step=preview) shows the
// manage page with what the withdrawal would do, changing nothing.
func (h *Handler) withdrawMember(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	username := strings.TrimSpace(c.FormValue("username"))
	preview := c.FormValue("step") == "preview"
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	switch {
	case username == "":
		err = &store.Invalid{Reason: "username: " + locales.T(c.Request().Context(), "manage.choose_withdrawing")}
	case preview:
		w, err := h.Leagues.PreviewWithdrawal(c.Request().Context(), id, user.ID, username)
		if err != nil {
			return h.afterManageAction(c, id, err)
		}
		v, err := h.manageView(c, id)
		if err != nil {
			return err
		}
		wv := templates.WithdrawView{League: v.League, Members: v.Members, User: w.Username, Name: w.Username, Preview: w.Detail}
		for _, m := range v.Members {
			if m.Username == w.Username {
				wv.Name = m.DisplayName
			}
		}
		return h.Render(c, http.StatusOK, templates.Withdraw(h.Page(c, locales.T(c.Request().Context(), "withdraw.title", map[string]any{"Name": wv.Name})), wv))
	case c.FormValue("confirm") != "yes":
		err = &store.Invalid{Reason: "confirm: " + locales.T(c.Request().Context(), "withdraw.tick")}
	default:
		_, err = h.Leagues.Withdraw(c.Request().Context(), id, user.ID, username)
	}
	return h.afterManageAction(c, id, err)
}

// withdrawalNotes say in l who withdrew, for the standings: "wd4 withdrew after 1 game
// played, whose points stay; of the 15 games left, 15 go on one player short."
func withdrawalNotes(l locales.Lang, ws []store.Withdrawal) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		left := w.Shortened + 2*w.Reseated + w.Cancelled
		var parts []string
		if w.Shortened > 0 {
			parts = append(parts, l.N("notes.withdrew.short", w.Shortened))
		}
		if w.Reseated > 0 {
			parts = append(parts, l.T("notes.withdrew.merged", map[string]any{"Games": l.Int(2 * w.Reseated), "Became": l.Int(w.Reseated)}))
		}
		if w.Cancelled > 0 {
			parts = append(parts, l.N("notes.withdrew.cancelled", w.Cancelled))
		}
		rest := "."
		if left > 0 {
			rest = l.N("notes.withdrew.left", left, map[string]any{"What": strings.Join(parts, ", ")})
		}
		played := l.T("notes.withdrew.before_playing")
		if w.Played > 0 {
			played = l.N("notes.withdrew.after", w.Played)
		}
		out[i] = l.T("notes.withdrew", map[string]any{"Player": w.Username, "Played": played}) + rest
	}
	return out
}

// withdrawalReports are how each withdrawal moved the schedule's balance, for the fairness
// report (which says them in the reader's language): the pair spread and games per player
// before and after, and the games each staying player has one player short.
func withdrawalReports(ws []store.Withdrawal, zone string) []templates.FairnessWithdrawal {
	loc := league.ZoneOf(zone)
	out := make([]templates.FairnessWithdrawal, len(ws))
	for i, w := range ws {
		out[i] = templates.FairnessWithdrawal{Username: w.Username, On: w.At.In(loc),
			Before: w.Balance.Before, After: w.Balance.After,
			Shortened: w.Shortened > 0, ShortMin: w.Balance.ShortMin, ShortMax: w.Balance.ShortMax}
	}
	return out
}
