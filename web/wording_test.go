package web_test

import (
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// The Vortex calculator's colours stand under a "Colour" heading, beside their token
// distances (issue #24).
func TestVortexCalculatorColoursUnderColour(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.get(app.browser(), "/vortex")
	require.Equal(t, http.StatusOK, res.StatusCode)
	headers := doc.Find("table.vortex-seats thead th").Map(func(_ int, s *goquery.Selection) string { return text(s) })
	assert.Equal(t, []string{"Colour", "Token distances"}, headers)
	assert.Equal(t, "Red", text(doc.Find("table.vortex-seats tbody th").First()))
}
