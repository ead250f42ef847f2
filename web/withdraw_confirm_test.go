package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// Withdrawing a player asks on a page of its own that says what will happen; its form
// withdraws the player it describes, and nothing changes before (issue #24).
func TestWithdrawAsksOnAPageOfItsOwn(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	c := app.logIn(org)
	_, doc := app.get(c, leaguePath(l)+"/manage")
	assert.Zero(t, doc.Find(`#withdraw input[name="confirm"]`).Length(), "the manage page only chooses whom")

	res, doc := app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/withdraw", url.Values{"username": {"player3"}, "step": {"preview"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "Withdraw Player 3?", text(doc.Find("main h1")), "the player named as people know them")
	assert.Zero(t, doc.Find("#co-organisers, #delete").Length(), "a page of its own, not the manage page")
	assert.Contains(t, text(doc.Find(".withdraw-preview")), "If you confirm: player3 withdrew without a substitute")
	form := doc.Find(`form.withdraw-form`)
	assert.Equal(t, "player3", form.Find(`input[type="hidden"][name="username"]`).AttrOr("value", ""), "the form withdraws whom it describes")
	assert.Equal(t, 1, form.Find(`input[name="confirm"][required]`).Length())
	assert.Equal(t, leaguePath(l)+"/manage", doc.Find(`a.button-quiet`).AttrOr("href", ""))

	status, out := app.api("GET", fmt.Sprintf("/api/v1/leagues/%d", l.ID), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Empty(t, out["withdrawn"], "nothing has changed yet")
}
