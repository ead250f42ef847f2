package templates

import (
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/scoring"
)

// StandingsView is a league's standings table, as the league page shows it.
type StandingsView struct {
	// LeagueID links the CSV exports.
	LeagueID int64
	Rows     []StandingRow
	// Rule is the tiebreak in use, in English (scoring.CountbackRule); the page says it in
	// its language.
	Rule string
	// Ties are the ties on points and how countback settled each, said in the page's
	// language (scoring.TieNote).
	Ties []scoring.TieNote
	// Recorded and Total count the league's recorded and scheduled games.
	Recorded, Total int
	// Finished says the league's last game is recorded; Winners are then its rank-1 players.
	Finished bool
	Winners  []StandingRow
}

// CSVURL is the standings export.
func (v StandingsView) CSVURL() string {
	return "/leagues/" + strconv.FormatInt(v.LeagueID, 10) + "/standings.csv"
}

// ResultsCSVURL is the per-game results export.
func (v StandingsView) ResultsCSVURL() string {
	return "/leagues/" + strconv.FormatInt(v.LeagueID, 10) + "/results.csv"
}

// StandingRow is one member's line of the standings.
type StandingRow struct {
	Rank        int
	Username    string
	DisplayName string
	// Points is the exact total as people read it (scoring.Mixed: "13 1/2", "90 2/3").
	Points string
	Games  int
	// Places counts first, second, ... places (the countback), up to the league's game size.
	Places   []int
	IsViewer bool
}

// placesText writes place counts as "3·2·0·1": first places first.
func placesText(counts []int) string {
	parts := make([]string, len(counts))
	for i, n := range counts {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, "·")
}
