package pages

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// ratings shows the ratings index: every game of the registry with its ladder's size.
func (h *Handler) ratings(c echo.Context) error {
	ctx := c.Request().Context()
	ladders, err := httpx.Part(h.Cache, "ladders", func() ([]store.LadderSummary, error) { return h.Store.Ladders(ctx) })
	if err != nil {
		return err
	}
	byGame := map[string]int{}
	results := map[string]int64{}
	for _, l := range ladders {
		byGame[l.Game], results[l.Game] = l.Players, l.Results
	}
	var v templates.RatingsIndexView
	for _, g := range scoring.Games() {
		v.Games = append(v.Games, templates.LadderLink{Slug: g.Slug, Name: g.Name, Players: byGame[g.Slug], Results: results[g.Slug]})
	}
	return h.Render(c, http.StatusOK, templates.RatingsIndex(h.Page(c, locales.T(ctx, "ratings.title")), v))
}

// ladderPage shows one game's ladder: /ratings/{game}.
func (h *Handler) ladderPage(c echo.Context) error {
	g, rs, err := h.Ladder(c)
	if err != nil {
		return err
	}
	l := locales.From(c.Request().Context())
	v := ladderView(c, g.Slug, g.Name, rs)
	return h.Render(c, http.StatusOK, templates.Ladder(h.Page(c, l.T("ladder.title", map[string]any{"Game": g.Name})), v))
}

// ladderView is a ladder's ratings as its table shows them to the viewer: ranked, equal
// ratings sharing a rank, the viewer's line marked.
func ladderView(c echo.Context, slug, name string, rs []store.Rating) templates.LadderView {
	l := locales.From(c.Request().Context())
	v := templates.LadderView{Slug: slug, Name: name, ProvisionalGames: store.ProvisionalGames}
	viewer, signedIn := httpx.CurrentUser(c)
	rank := 0
	for i, r := range rs {
		if i == 0 || r.Rating != rs[i-1].Rating {
			rank = i + 1
		}
		v.Rows = append(v.Rows, templates.LadderRow{
			Rank: rank, Username: r.Username, DisplayName: r.DisplayName, Rating: showMicrosIn(l, r.Rating),
			Games: r.Games, Provisional: r.Provisional(), IsViewer: signedIn && viewer.Username == r.Username,
		})
	}
	return v
}

// potNote explains in players' words a table that played for less than its full pot
// (CONTRACT section 3: the table plays for min(P, S), what its players hold above the
// floor of −210): "This table held only 84.0 above the floor, so it played for 84.0
// instead of 120." It is empty for a table that played for its full pot.
func potNote(system scoring.System, seats int, pot rating.Micros) string {
	return potNoteIn(locales.Default(), system, seats, pot)
}

// potNoteIn is potNote said in l.
func potNoteIn(l locales.Lang, system scoring.System, seats int, pot rating.Micros) string {
	full := rating.FullPot(system.PointsArePot(), seats)
	switch {
	case seats == 0 || pot >= full:
		return ""
	case pot <= 0:
		return l.T("pot.nothing")
	}
	return l.T("pot.less", map[string]any{"Held": showMicrosIn(l, pot), "Full": wholePoints(l, full)})
}

// wholePoints writes a whole number of points without decimals: "120", "420".
func wholePoints(l locales.Lang, m rating.Micros) string {
	if m%rating.PerPoint == 0 {
		return strconv.FormatInt(int64(m/rating.PerPoint), 10)
	}
	return showMicrosIn(l, m)
}

// showMicrosIn writes a rating as showMicros does, with l's decimal point ("12,5" in
// Italian); English is showMicros's own.
func showMicrosIn(l locales.Lang, m rating.Micros) string {
	s := showMicros(m)
	if l.Code == locales.Default().Code {
		return s
	}
	return strings.Replace(s, ".", l.DecimalPoint(), 1)
}
