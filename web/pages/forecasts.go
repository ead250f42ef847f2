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
				Chance: templates.ShowChance(s.Win), Bar: 100 * s.Win,
				Rating: showMicros(s.Rating), Ante: showMicros(s.Ante),
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
			Chance: templates.ShowChance(played.Win[i]), Bar: 100 * played.Win[i],
			Place: templates.ShowPlace(played.Result[i]), Won: played.Result[i] == 1,
		})
	}
	v.Verdict = verdict(v.Rows, played)
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
func verdict(rows []templates.ForecastRow, played httpx.PlayedForecast) string {
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
		return "The ratings gave every seat the same chance, so there was no favourite."
	case favouriteWon && winners == 1:
		return "The favourite won, as the ratings expected."
	case favouriteWon:
		return fmt.Sprintf("A favourite shared the win: the winners held %s of the chances between them.", templates.ShowChance(won))
	case winners == 1:
		for i, r := range rows {
			if played.Result[i] == 1 {
				return fmt.Sprintf("An upset: %s won from a chance of %s.", r.DisplayName, r.Chance)
			}
		}
	}
	return fmt.Sprintf("An upset: the winners held only %s of the chances between them.", templates.ShowChance(won))
}

// modelLabel is a model's name for people, and the class that colours it.
func modelLabel(model string) [2]string {
	switch model {
	case "armada":
		return [2]string{"ARMADA ratings", "model-armada"}
	case "openskill":
		return [2]string{"OpenSkill", "model-openskill"}
	case "uniform":
		return [2]string{"Everyone equal", "model-uniform"}
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
	v := templates.BacktestView{Slug: g.Slug, Name: g.Name, Theta: strconv.FormatFloat(test.Theta, 'f', 2, 64)}
	var names, classes []string
	var points [][]templates.CalibrationPoint
	for _, s := range test.Summaries {
		v.Games = s.Games
		label := modelLabel(s.Model)
		row := templates.BacktestModelRow{
			Model: s.Model, Label: label[0], Class: label[1],
			LogLoss: figure(s.LogLoss), Brier: figure(s.Brier), FavouriteWon: templates.ShowChance(s.FavouriteWon),
		}
		var pts []templates.CalibrationPoint
		for _, b := range s.Calibration {
			pts = append(pts, templates.CalibrationPoint{Forecast: b.Forecast, Won: b.Won, Seats: b.Games})
			if b.Games == 0 {
				continue
			}
			row.Buckets = append(row.Buckets, templates.BacktestBucketRow{
				Range: fmt.Sprintf("%.0f–%.0f%%", 100*b.From, 100*b.To), Seats: strconv.Itoa(b.Games),
				Forecast: templates.ShowChance(b.Forecast), Won: templates.ShowChance(b.Won),
			})
		}
		v.Models = append(v.Models, row)
		names, classes, points = append(names, label[0]), append(classes, label[1]), append(points, pts)
	}
	v.Chart = templates.NewCalibrationChart("Mean chance given (across) against the share of the wins those seats took (up); on the dashed diagonal, chances mean what they say.", names, classes, points)
	v.Sentences = backtestSentences(test.Summaries, v.Theta)
	return h.Render(c, http.StatusOK, templates.Backtest(h.Page(c, g.Name+" forecasts"), v))
}

// figure writes a log-loss or Brier score with three decimals.
func figure(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// backtestSentences explains a ladder's figures in plain words.
func backtestSentences(s []forecast.Summary, theta string) []string {
	if len(s) < 3 || s[0].Games == 0 {
		return nil
	}
	armada, openskill, uniform := s[0], s[1], s[2]
	out := []string{
		fmt.Sprintf("Before each of these %d games, every model gave each seat a chance to win, knowing only the games played before it. The figures say how those chances fared once the game was played.", armada.Games),
		"Log-loss is the surprise at who won: it is small when the winners had been given a high chance, and large when a long shot won. The Brier score adds up the squared gaps between the chances and what happened. For both, lower is better; \"everyone equal\" gives every seat the same chance and is the bar to beat.",
	}
	// better says how a model compares with chance; s is the verb's ending ("predict" + s).
	better := func(m forecast.Summary, s string) string {
		gain := uniform.LogLoss - m.LogLoss
		switch {
		case gain > 0.02:
			return "predict" + s + " clearly better than chance"
		case gain > 0:
			return "predict" + s + " a little better than chance"
		}
		return "do" + strings.Repeat("es", len(s)) + " not yet predict better than chance"
	}
	out = append(out, fmt.Sprintf("On this ladder the ARMADA ratings %s (log-loss %s against %s), and OpenSkill %s (%s).",
		better(armada, ""), figure(armada.LogLoss), figure(uniform.LogLoss), better(openskill, "s"), figure(openskill.LogLoss)))
	switch d := armada.LogLoss - openskill.LogLoss; {
	case math.Abs(d) < 0.005:
		out = append(out, "The ARMADA ratings and OpenSkill do about as well as each other here.")
	case d < 0:
		out = append(out, "Here the ARMADA ratings' chances are better than OpenSkill's.")
	default:
		out = append(out, "Here OpenSkill's chances are better than the ARMADA ratings': the ratings are built to share out a pot fairly, not to forecast, and OpenSkill also tracks how sure it is of each player.")
	}
	out = append(out,
		fmt.Sprintf("The ARMADA chances weigh each seat by e^(θ × rating / 100), with θ = %s fitted on the earlier games: 100 rating points multiply a seat's odds by e^θ.", theta),
		"The chart sorts every seat's chance into tenths and plots the mean chance against the share of the wins those seats took: on the diagonal a chance of 30% wins 30% of the time. \"Favourite won\" is how often a seat given the highest chance was among the winners (with every chance equal, every seat is a favourite).")
	return out
}
