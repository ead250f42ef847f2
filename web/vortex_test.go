package web_test

import (
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// cellTexts reads a table row's cells.
func cellTexts(row *goquery.Selection) []string {
	return row.Find("td").Map(func(_ int, s *goquery.Selection) string { return text(s) })
}

// vortexScores reads the calculator's scores as "Name: total".
func vortexScores(doc *goquery.Document) []string {
	return doc.Find(".vortex-score h3").Map(func(_ int, s *goquery.Selection) string { return text(s) })
}

func TestVortexCalculatorSeedExample(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	// Anonymous, and with no query it shows the seed's example: RED 18 cells in, BLUE 5, a d6.
	res, doc := app.get(app.browser(), "/vortex")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "Vortex position calculator · TableStakes", doc.Find("head title").Text())
	assert.Equal(t, []string{"Red: 150 points", "Blue: 50 points"}, vortexScores(doc))
	red := doc.Find(".vortex-score").First().Find("tbody tr").First()
	assert.Equal(t, []string{"18", "18 cells in", "150", "1/6", "Blue rolls 5"}, cellTexts(red))
	blue := doc.Find(".vortex-score").Eq(1).Find("tbody tr").First()
	assert.Equal(t, []string{"5", "5 cells in, a safe square", "50", "—", "—"}, cellTexts(blue))
	// The board: 25 cells, 4 safe corners, the centre, and 8 tokens drawn.
	svg := doc.Find("svg.vortex-svg")
	assert.Equal(t, 25, svg.Find("rect.vortex-cell").Length())
	assert.Equal(t, 4, svg.Find("rect.vortex-safe").Length())
	assert.Equal(t, 1, svg.Find("rect.vortex-centre").Length())
	assert.Equal(t, 8, svg.Find("g.vortex-token").Length())
	assert.Equal(t, "Red token 1: 18 cells in", text(svg.Find("g.vortex-red title").First()))
	assert.Zero(t, doc.Find("script").Length(), "works without JavaScript")
}

func TestVortexCalculatorThreePlayersD12(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	// vortex-mechanics.txt, "Another Algorithm example".
	res, doc := app.get(app.browser(), "/vortex?die=12&red=on&red1=3&cyan=on&cyan1=3&blue=on&blue1=3&green1=9")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, []string{"Red: 22.5 points", "Cyan: 22.5 points", "Blue: 20 points"}, vortexScores(doc))
	red := doc.Find(".vortex-score").First().Find("tbody tr").First()
	assert.Equal(t, []string{"3", "3 cells in", "22.5", "1/4", "Cyan rolls 12; Blue rolls 8 or 11"}, cellTexts(red))
	assert.Equal(t, "12", doc.Find(`input[name="die"]`).AttrOr("value", ""))
	assert.Equal(t, 12, doc.Find("svg g.vortex-token").Length(), "Green does not play")
}

func TestVortexCalculatorRefusesBadFields(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.get(app.browser(), "/vortex?die=0&red=on&red1=26&blue=on&blue2=x")
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Enter a whole number of faces from 1 to 1000.", text(doc.Find(".field-invalid .field-error")))
	assert.Equal(t, "true", doc.Find(`input[name="red1"]`).AttrOr("aria-invalid", ""))
	assert.Equal(t, "26", doc.Find(`input[name="red1"]`).AttrOr("value", ""), "the value entered is kept")
	assert.Equal(t, "true", doc.Find(`input[name="blue2"]`).AttrOr("aria-invalid", ""))
	assert.Zero(t, doc.Find(".vortex-score").Length(), "no scores for a refused board")

	res, doc = app.get(app.browser(), "/vortex?die=6")
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Tick at least one colour that plays.", text(doc.Find(".alert")))
}

func TestVortexCalculatorRefusesBoardsTheSeedForbids(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	// vortex-mechanics.txt: "You can't have two of your own tokens in the same space, safe
	// or not."
	res, doc := app.get(app.browser(), "/vortex?die=6&red=on&red1=7&red3=7&blue=on&blue1=5")
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, `Red's token 3 is 7 cells in, where its token 1 already is: "You can't have two of your own tokens in the same space, safe or not"`, text(doc.Find(".alert")))
	assert.Equal(t, "true", doc.Find(`input[name="red3"]`).AttrOr("aria-invalid", ""), "the token is marked")
	assert.Zero(t, doc.Find(".vortex-score").Length(), "no scores for a refused board")

	// "One token per space, except the safe corner spaces": Red 10 cells in and Blue 2
	// cells in stand on one loop cell; Blue is the second playing colour.
	res, doc = app.get(app.browser(), "/vortex?die=6&red=on&red1=10&blue=on&blue1=2")
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find(".alert")), `Blue's token 1, 2 cells in, stands on the same space (loop cell 10, not a safe one) as Red's token 1, 10 cells in: "One`)
	assert.Contains(t, text(doc.Find(".alert")), "One token per space, except the safe corner spaces")
	assert.Equal(t, "true", doc.Find(`input[name="blue1"]`).AttrOr("aria-invalid", ""))

	// Rivals on a safe space, and any number at start or in the centre, are fine.
	res, doc = app.get(app.browser(), "/vortex?die=6&red=on&red1=13&red2=25&red3=25&cyan=on&cyan1=9&blue=on&blue1=5")
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	assert.Equal(t, 3, doc.Find(".vortex-score").Length())
}
