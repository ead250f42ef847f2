package pages

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// roundSheets is a league's printable round sheets (GET /leagues/{id}/print/rounds): one
// page per round with a game still to play, each table's seats with their names and an
// empty box per player for each result field the game's form asks (sheetFields). Print CSS does the paging; no PDF is made.
func (h *Handler) roundSheets(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	games, err := h.Store.Games(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	lang := locales.From(c.Request().Context())
	clock := clockFor(l.TimeZone)
	v := templates.RoundSheetsView{League: summarise(l)}
	index := map[int]int{} // round → its place in v.Rounds
	for _, g := range games {
		if g.Status != store.GameScheduled {
			continue
		}
		i, ok := index[g.Round]
		if !ok {
			i = len(v.Rounds)
			index[g.Round] = i
			v.Rounds = append(v.Rounds, templates.RoundSheet{Round: g.Round})
		}
		t := templates.TableSheet{Number: g.Number, Place: g.Place, Fields: sheetFields(c.Request().Context(), g.Game)}
		if g.StartsAt != nil {
			t.When = clock.showIn(lang, *g.StartsAt, l.TimeZone, gameDateFormat)
			if v.Rounds[i].When == "" {
				v.Rounds[i].When = t.When
			}
		}
		for i, s := range g.Seats {
			name := seatNameIn(lang, store.PlayerGame{Game: g.Game, SeatCount: len(g.Seats), Position: i + 1})
			t.Seats = append(t.Seats, templates.SeatSheet{Name: name, Username: s.Username, DisplayName: s.DisplayName})
		}
		v.Rounds[i].Tables = append(v.Rounds[i].Tables, t)
	}
	return h.Render(c, http.StatusOK, templates.RoundSheets(h.Page(c, lang.T("print.rounds_title", map[string]any{"League": l.Name})), v))
}

// standingsSheet is a league's printable standings (GET /leagues/{id}/print/standings).
func (h *Handler) standingsSheet(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	members, err := h.Store.Members(ctx, l.ID)
	if err != nil {
		return err
	}
	games, err := h.Store.Games(ctx, l.ID)
	if err != nil {
		return err
	}
	st, err := h.standingsView(c, l, members, games)
	if err != nil {
		return err
	}
	replaced, err := h.Leagues.Replacements(ctx, l.ID)
	if err != nil {
		return err
	}
	withdrawn, err := h.Leagues.Withdrawals(ctx, l.ID)
	if err != nil {
		return err
	}
	lang := locales.From(ctx)
	v := templates.StandingsSheetView{League: summarise(l), Standings: st,
		Notes:   append(replacementNotes(lang, replaced), withdrawalNotes(lang, withdrawn)...),
		Printed: clockFor(l.TimeZone).showIn(lang, time.Now(), l.TimeZone, gameDateFormat)}
	return h.Render(c, http.StatusOK, templates.StandingsSheet(h.Page(c, lang.T("print.standings_title", map[string]any{"League": l.Name})), v))
}

// sheetFields are the headers of the result fields a round sheet leaves empty for each seat
// of a game of slug: the numbers its result form asks (scoring.FormOf), so what is written
// at the table is what is typed in later. A Vortex sheet asks the board's token distances
// (the start corner is the seat's own) and then the final score they add up to, which the
// form takes instead; a form's names and tick boxes are not written down.
func sheetFields(ctx context.Context, slug string) []string {
	l := locales.From(ctx)
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		return []string{l.T("print.score")}
	}
	form := scoring.FormOf(game)
	fields := form.Seat
	if form.Kind == scoring.FormVortex {
		fields = append(slices.Clone(form.Board), form.Seat...)
	}
	var headers []string
	for _, f := range fields {
		if f.Input == scoring.InputNumber && f.Header != "" {
			headers = append(headers, templates.FieldHeaderIn(ctx, f))
		}
	}
	if len(headers) == 0 {
		return []string{l.T("print.score")}
	}
	return headers
}
