package pages

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// attendPage is a reminder e-mail's one-tap link (GET /attend/{token}): a page with the
// two answers as buttons. A GET changes nothing; the buttons POST with the page's CSRF
// field, bound to the link's game and player.
func (h *Handler) attendPage(c echo.Context) error {
	v, err := h.attendView(c)
	if err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, templates.AttendPage(h.Page(c, locales.T(c.Request().Context(), "table.are_you_coming")), v))
}

// attendByLink answers for the link's player (POST /attend/{token}, coming=yes|no) and
// shows the page again with the answer.
func (h *Handler) attendByLink(c echo.Context) error {
	link, _, err := h.openAttendanceLink(c)
	if err != nil {
		return err
	}
	var coming bool
	switch c.FormValue("coming") {
	case "yes":
		coming = true
	case "no":
	default:
		return echo.NewHTTPError(http.StatusBadRequest, "coming: must be yes or no")
	}
	if err := h.Results.SetAttendance(c.Request().Context(), link.GameID, link.UserID, coming); err != nil {
		return err
	}
	h.GameChanged(c, link.GameID)
	return c.Redirect(http.StatusSeeOther, "/attend/"+c.Param("token"))
}

// openAttendanceLink loads the link of the path's token and its game while the link still
// answers (league.AttendanceLinkEnd): an unknown token is a 404, a link that has ended a
// 410 saying why, and naming neither the league nor the game.
func (h *Handler) openAttendanceLink(c echo.Context) (store.AttendanceLink, store.Game, error) {
	ctx := c.Request().Context()
	link, err := h.Store.AttendanceLinkOf(ctx, c.Param("token"))
	if err != nil {
		return store.AttendanceLink{}, store.Game{}, err
	}
	g, err := h.Store.Game(ctx, link.GameID)
	if err != nil {
		return store.AttendanceLink{}, store.Game{}, err
	}
	seated := slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.UserID == link.UserID })
	if why := league.AttendanceLinkEnd(seated, g.Status == store.GameFinished, g.StartsAt, time.Now()); why != "" {
		return store.AttendanceLink{}, store.Game{}, echo.NewHTTPError(http.StatusGone, why)
	}
	return link, g, nil
}

// attendView gathers the one-tap page of the path's token (404 for an unknown one, 410 for
// one that has ended).
func (h *Handler) attendView(c echo.Context) (templates.AttendView, error) {
	ctx := c.Request().Context()
	link, g, err := h.openAttendanceLink(c)
	if err != nil {
		return templates.AttendView{}, err
	}
	v := templates.AttendView{Token: c.Param("token"), Username: link.Username,
		GameURL: "/games/" + strconv.FormatInt(g.ID, 10), Title: locales.T(ctx, "gamepage.title_table", map[string]any{"Game": gameName(g.Game), "N": strconv.FormatInt(g.ID, 10)})}
	if g.LeagueID != 0 {
		l, err := h.Store.League(ctx, g.LeagueID)
		if err != nil {
			return templates.AttendView{}, err
		}
		v.Title = locales.T(ctx, "table.desk_game", map[string]any{"League": l.Name, "N": strconv.Itoa(g.Number)})
		if g.StartsAt != nil {
			v.When, v.TimeZone = g.StartsAt.In(l.Location()).Format(gameDateFormat), l.Location().String()
		}
	}
	answers, err := h.Store.Attendance(ctx, g.ID)
	if err != nil {
		return templates.AttendView{}, err
	}
	v.DisplayName = link.Username
	for _, a := range answers {
		if a.UserID == link.UserID {
			v.DisplayName = cmp.Or(a.DisplayName, a.Username)
		}
		if a.UserID == link.UserID && a.Coming != nil {
			v.Answer = map[bool]string{true: "coming", false: "not coming"}[*a.Coming]
		}
	}
	return v, nil
}

// answerAttendance is the "I'll be there" / "I can't come" form (POST /games/{id}/attendance,
// coming=yes|no).
func (h *Handler) answerAttendance(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	var coming bool
	switch c.FormValue("coming") {
	case "yes":
		coming = true
	case "no":
	default:
		return echo.NewHTTPError(http.StatusBadRequest, "coming: must be yes or no")
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	ctx := c.Request().Context()
	if err := h.Results.SetAttendance(ctx, id, user.ID, coming); err != nil {
		return err
	}
	h.GameChanged(c, id)
	g, err := h.Store.ResultGame(ctx, id)
	if err != nil {
		return err
	}
	if coming {
		return h.tableBack(c, id, gameSay(ctx, "table.flash_coming", g))
	}
	return h.tableBack(c, id, gameSay(ctx, "table.flash_not_coming", g))
}

// attendanceViews are the seated players' answers with what an absence means, and the
// viewer's own answer ("yes", "no" or ""). "I can't come" on a Diplomacy seat means the
// missing man plays its power (ARMADA 4.1: "Should only six players be available to play,
// a randomly-selected power will be chosen to be unplayed"); at other games the seat is
// absent, the game scored among those who come, unless a substitute plays it (CONTRACT
// section 12; ARMADA 4.2, "replaced"): what the result form, which marks it, records.
func attendanceViews(slug string, seats int, answers []store.AttendanceAnswer, viewerID int64) ([]templates.AttendanceView, string) {
	game, gameErr := scoring.GameBySlug(slug)
	names := httpx.SeatNames(slug, seats)
	var out []templates.AttendanceView
	mine := ""
	for _, a := range answers {
		v := templates.AttendanceView{Username: a.Username, DisplayName: cmp.Or(a.DisplayName, a.Username), Answer: "no answer"}
		if a.Coming != nil {
			v.Answer = map[bool]string{true: "coming", false: "not coming"}[*a.Coming]
			if a.UserID == viewerID {
				mine = map[bool]string{true: "yes", false: "no"}[*a.Coming]
			}
			if !*a.Coming {
				if gameErr == nil && game.System.PlaysAbsentSeat() && a.Position >= 1 && a.Position <= len(names) {
					v.MissingMan = names[a.Position-1]
				} else {
					v.Absent = true
				}
			}
		}
		out = append(out, v)
	}
	return out, mine
}
