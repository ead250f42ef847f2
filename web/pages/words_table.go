package pages

import (
	"context"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// savedLabelIn is savedLabel said in l: "Spring Cartagena, game 25", "the Blue Max table 90".
func savedLabelIn(l locales.Lang, g store.ResultGame) string {
	if g.LeagueID == 0 {
		return l.T("table.saved_table", map[string]any{"Game": g.Game.Name, "N": strconv.FormatInt(g.ID, 10)})
	}
	return l.T("table.saved_game", map[string]any{"League": g.LeagueName, "N": strconv.Itoa(g.Number)})
}

// gameSay says the message id about game g in ctx's language: {{.Game}} names the game
// (savedLabelIn), data fills the other blanks.
func gameSay(ctx context.Context, id string, g store.ResultGame, data ...map[string]any) string {
	l := locales.From(ctx)
	td := map[string]any{"Game": savedLabelIn(l, g)}
	for _, d := range data {
		for k, v := range d {
			td[k] = v
		}
	}
	return l.T(id, td)
}

// namesIn lists the display names of the seated usernames as ctx's language lists names:
// "Ada, Bruno e Chloé".
func namesIn(ctx context.Context, g store.ResultGame, usernames []string) string {
	names := displayNames(g, usernames)
	if len(names) < 2 {
		return scoring.ListAnd(names)
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + locales.T(ctx, "words.and") + " " + names[len(names)-1]
}
