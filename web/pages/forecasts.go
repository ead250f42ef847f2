package pages

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/forecast"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// forecastView gathers the game page's forecast (CONTRACT section 11): before the game,
// each seat's chance to win and ante from the ladder's ratings now (the API's
// GET /api/v1/games/{id}/forecast, through the same httpx.GameForecast); after it, the
// chances the ratings gave beforehand beside the places. Nil for a table with fewer than
// two seats taken, or a played game the ladder did not rate.
func (h *Handler) forecastView(ctx context.Context, g store.Game) (*templates.ForecastView, error) {
	l := locales.From(ctx)
	v := &templates.ForecastView{Slug: g.Game, Private: g.Private}
	if g.Status != store.GameFinished {
		if len(g.Seats) < 2 {
			return nil, nil
		}
		seats, err := h.GameForecast(ctx, g)
		if err != nil {
			return nil, err
		}
		for _, s := range seats {
			v.Rows = append(v.Rows, templates.ForecastRow{
				Username: s.Username, DisplayName: forecastName(s.Username, s.DisplayName), Member: rating.MemberName(s.Username) != "",
				Chance: templates.ShowChanceIn(l, s.Win), Bar: 100 * s.Win,
				Rating: showMicrosIn(l, s.Rating), Ante: showMicrosIn(l, s.Ante),
			})
		}
		return v, nil
	}
	test, err := h.LadderForecast(ctx, g.Ladder())
	if err != nil {
		return nil, err
	}
	played, ok := test.Played[g.ID]
	if !ok {
		return nil, nil
	}
	v.Played = true
	names := make(map[string]string, len(g.Seats))
	for _, s := range g.Seats {
		names[s.Username] = s.DisplayName
	}
	for i, p := range played.Players {
		v.Rows = append(v.Rows, templates.ForecastRow{
			Username: p, DisplayName: forecastName(p, names[p]), Member: rating.MemberName(p) != "",
			Chance: templates.ShowChanceIn(l, played.Win[i]), Bar: 100 * played.Win[i],
			Place: templates.OrdinalIn(l, played.Result[i]), Won: played.Result[i] == 1,
		})
	}
	v.Verdict = verdict(l, v.Rows, played)
	return v, nil
}

// forecastName is the name people read for a seat's player: a ladder member's name ("Seventh
// Player (missing man)"), never its raw id, else the display name, else the username.
func forecastName(username, displayName string) string {
	switch {
	case rating.MemberName(username) != "":
		return rating.MemberName(username)
	case displayName != "":
		return displayName
	}
	return username
}

// verdict says in one sentence how a played game's forecast fared: whether a favourite
// won, or how long a shot the winners were.
func verdict(l locales.Lang, rows []templates.ForecastRow, played httpx.PlayedForecast) string {
	top, won, winners := 0.0, 0.0, 0
	favouriteWon := false
	for i, p := range played.Win {
		top = max(top, p)
		if played.Result[i] == 1 {
			won += p
			winners++
		}
	}
	for i, p := range played.Win {
		favouriteWon = favouriteWon || (p == top && played.Result[i] == 1)
	}
	even := true
	for _, p := range played.Win {
		even = even && p == played.Win[0]
	}
	switch {
	case even:
		return l.T("forecast.verdict.even")
	case favouriteWon && winners == 1:
		return l.T("forecast.verdict.favourite")
	case favouriteWon:
		return l.T("forecast.verdict.shared", map[string]any{"Chance": templates.ShowChanceIn(l, won)})
	case winners == 1:
		for i, r := range rows {
			if played.Result[i] == 1 {
				return l.T("forecast.verdict.upset_one", map[string]any{"Name": r.DisplayName, "Chance": r.Chance})
			}
		}
	}
	return l.T("forecast.verdict.upset", map[string]any{"Chance": templates.ShowChanceIn(l, won)})
}

// modelLabel is a model's name for people, and the class that colours it.
func modelLabel(l locales.Lang, model string) [2]string {
	switch model {
	case "armada":
		return [2]string{l.T("backtest.model.armada"), "model-armada"}
	case "openskill":
		return [2]string{"OpenSkill", "model-openskill"}
	case "uniform":
		return [2]string{l.T("backtest.model.uniform"), "model-uniform"}
	}
	return [2]string{model, ""}
}

// backtestPage shows how well a ladder's ratings predict its own games: /ratings/{game}/backtest
// (CONTRACT section 11), cached like the ladder page and recomputed as results arrive.
func (h *Handler) backtestPage(c echo.Context) error {
	g, _, err := h.Ladder(c)
	if err != nil {
		return err
	}
	test, err := h.LadderForecast(c.Request().Context(), g.Slug)
	if err != nil {
		return err
	}
	l := locales.From(c.Request().Context())
	v := templates.BacktestView{Slug: g.Slug, Name: g.Name, Theta: figureIn(l, test.Theta, 2)}
	var names, classes []string
	var points [][]templates.CalibrationPoint
	for _, s := range test.Summaries {
		v.Games = s.Games
		label := modelLabel(l, s.Model)
		row := templates.BacktestModelRow{
			Model: s.Model, Label: label[0], Class: label[1],
			LogLoss: figureIn(l, s.LogLoss, 3), Brier: figureIn(l, s.Brier, 3), FavouriteWon: templates.ShowChanceIn(l, s.FavouriteWon),
		}
		var pts []templates.CalibrationPoint
		for _, b := range s.Calibration {
			pts = append(pts, templates.CalibrationPoint{Forecast: b.Forecast, Won: b.Won, Seats: b.Games})
			if b.Games == 0 {
				continue
			}
			row.Buckets = append(row.Buckets, templates.BacktestBucketRow{
				Range: fmt.Sprintf("%.0f–%.0f%%", 100*b.From, 100*b.To), Seats: l.Int(b.Games),
				Forecast: templates.ShowChanceIn(l, b.Forecast), Won: templates.ShowChanceIn(l, b.Won),
			})
		}
		v.Models = append(v.Models, row)
		names, classes, points = append(names, label[0]), append(classes, label[1]), append(points, pts)
	}
	v.Chart = templates.NewCalibrationChart(l, l.T("backtest.chart"), names, classes, points)
	v.Sentences = backtestSentences(l, test.Summaries, v.Theta)
	return h.Render(c, http.StatusOK, templates.Backtest(h.Page(c, l.T("backtest.page_title", map[string]any{"Game": g.Name})), v))
}

// figureIn writes a log-loss, a Brier score or θ with places decimals, as l writes them.
func figureIn(l locales.Lang, x float64, places int) string {
	return strings.Replace(strconv.FormatFloat(x, 'f', places, 64), ".", l.DecimalPoint(), 1)
}

// backtestSentences explains a ladder's figures in plain words, in l.
func backtestSentences(l locales.Lang, s []forecast.Summary, theta string) []string {
	if len(s) < 3 || s[0].Games == 0 {
		return nil
	}
	armada, openskill, uniform := s[0], s[1], s[2]
	out := []string{l.N("backtest.s.before", armada.Games), l.T("backtest.s.measures")}
	// better says how a model compares with chance, its verb for a plural subject (the
	// ARMADA ratings) or a singular one (OpenSkill).
	better := func(m forecast.Summary, number string) string {
		gain := uniform.LogLoss - m.LogLoss
		switch {
		case gain > 0.02:
			return l.T("backtest.s.clearly." + number)
		case gain > 0:
			return l.T("backtest.s.little." + number)
		}
		return l.T("backtest.s.not_yet." + number)
	}
	out = append(out, l.T("backtest.s.compare", map[string]any{"Armada": better(armada, "plural"), "ArmadaLoss": figureIn(l, armada.LogLoss, 3),
		"Uniform": figureIn(l, uniform.LogLoss, 3), "OpenSkill": better(openskill, "singular"), "OpenSkillLoss": figureIn(l, openskill.LogLoss, 3)}))
	switch d := armada.LogLoss - openskill.LogLoss; {
	case math.Abs(d) < 0.005:
		out = append(out, l.T("backtest.s.as_well"))
	case d < 0:
		out = append(out, l.T("backtest.s.armada_better"))
	default:
		out = append(out, l.T("backtest.s.openskill_better"))
	}
	return append(out, l.T("backtest.s.theta", map[string]any{"Theta": theta}), l.T("backtest.s.chart"))
}
