package pages

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
)

// placeHeaders name the countback columns of the standings export.
var placeHeaders = []string{"firsts", "seconds", "thirds", "fourths", "fifths", "sixths", "sevenths", "eighths"}

// standingsCSV exports a league's standings as CSV: /leagues/{id}/standings.csv, one row per
// member with rank, points, games and the countback place counts, then the league's game and
// version (CONTRACT section 9), then points_decimal.
//
// Both exports keep their columns where scripts find them and end with the decimal columns:
// "points" is exact ("20/3", which a spreadsheet reads as text or a date) and
// "points_decimal" the same number to six places ("6.666667"), which it reads as a number.
func (h *Handler) standingsCSV(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	st, err := h.Leagues.Standings(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	places := min(max(l.PlayersPerGame, 1), scoring.MaxPlaces)
	rows := [][]string{append(append([]string{"rank", "username", "points", "games"}, placeHeaders[:places]...), "game", "version", "points_decimal")}
	for _, s := range st {
		row := []string{strconv.Itoa(s.Rank), s.Player, scoring.Exact(s.Points), strconv.Itoa(s.Games)}
		for q := range places {
			row = append(row, strconv.Itoa(s.PlaceCounts[q]))
		}
		rows = append(rows, append(row, l.Game, l.Version, scoring.SixPlaces(s.Points)))
	}
	return writeCSV(c, fmt.Sprintf("league-%d-standings.csv", l.ID), rows)
}

// resultsCSV exports a league's recorded results as CSV: /leagues/{id}/results.csv, one
// row per seat of every recorded game, then the league's game and version, then
// points_decimal (see standingsCSV). Each column has its own name (issue #34: the game's
// number is game_number, the registry's game is game) and "score" is what the seat entered
// where the game has scores (a Diplomacy seat's centres), empty where it has none.
func (h *Handler) resultsCSV(c echo.Context) error {
	lg, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	lines, err := h.Store.LeagueResultLines(c.Request().Context(), lg.ID)
	if err != nil {
		return err
	}
	rows := [][]string{{"game_number", "round", "finished_at", "seat", "username", "points", "place", "winner", "substitute", "explanation",
		"score", "game", "version", "points_decimal"}}
	game, version, err := gameAndVersion(lg.Game, lg.Version)
	if err != nil {
		return err
	}
	scores := map[int64]map[string]string{}
	for _, l := range lines {
		if _, ok := scores[l.GameID]; !ok {
			scores[l.GameID] = scoring.EnteredIn(game, version, l.Input)
		}
		rows = append(rows, []string{strconv.Itoa(l.Number), strconv.Itoa(l.Round), l.FinishedAt.UTC().Format("2006-01-02T15:04:05Z"),
			strconv.Itoa(l.Position), l.Username, scoring.Exact(l.Points()), placeCell(l.Place),
			strconv.FormatBool(l.Winner), l.Substitute, l.Explanation, scores[l.GameID][strings.ToLower(l.Username)],
			lg.Game, lg.Version, scoring.SixPlaces(l.Points())})
	}
	return writeCSV(c, fmt.Sprintf("league-%d-results.csv", lg.ID), rows)
}

// placeCell is a place in a CSV cell: empty for an absent seat, which takes no place
// (CONTRACT section 12).
func placeCell(place int) string {
	if place == 0 {
		return ""
	}
	return strconv.Itoa(place)
}

// writeCSV sends rows as a CSV download named filename.
func writeCSV(c echo.Context, filename string, rows [][]string) error {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(rows); err != nil {
		return fmt.Errorf("web: write %s: %w", filename, err)
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+filename+`"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}
