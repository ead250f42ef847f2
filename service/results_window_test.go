package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/service"
)

// TestConfirmationWindowLengthAndBoundary: a proposal's window is exactly the league's
// confirm_hours long, and a confirmed proposal is recorded by the sweep at exactly its
// closing time, not a microsecond before (league.ResultTable.RecordsAtClose: closed when
// closes_at is now).
func TestConfirmationWindowLengthAndBoundary(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games := w.League("arcs", [][]int{{0, 1, 2, 3}})
	_, err := w.Pool.Exec(ctx, `UPDATE leagues SET confirm_hours = 30 WHERE id = $1`, leagueID)
	require.NoError(t, err)
	ada, bruno := w.player("ada").ID, w.player("bruno").ID
	p, err := w.propose(ctx, games[0], ada, fourPlayerInput)
	require.NoError(t, err)
	assert.Equal(t, 30*time.Hour, p.ClosesAt.Sub(p.ProposedAt), "the window is confirm_hours long")
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], bruno, 0)
	require.NoError(t, err)

	results := service.NewResults(w.Store)
	n, err := results.RecordClosedProposals(ctx, p.ClosesAt.Add(-time.Microsecond))
	require.NoError(t, err)
	assert.Zero(t, n, "a microsecond before it closes, the window is open")
	n, err = results.RecordClosedProposals(ctx, p.ClosesAt)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "at exactly closes_at the window has closed: recorded")
	r, err := w.Store.Result(ctx, games[0])
	require.NoError(t, err)
	assert.Equal(t, "ada", r.RecordedBy)
}

// TestProposalWindowOpensAtTheProposal: the service dates a proposal and its revision by its
// own clock and closes each window league.ProposalCloses later; the store only writes them.
// A revision restarts the window from the revision's time.
func TestProposalWindowOpensAtTheProposal(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games := w.League("arcs", [][]int{{0, 1, 2, 3}})
	_, err := w.Pool.Exec(ctx, `UPDATE leagues SET confirm_hours = 7 WHERE id = $1`, leagueID)
	require.NoError(t, err)
	ada := w.player("ada").ID

	before := time.Now()
	p, err := w.propose(ctx, games[0], ada, fourPlayerInput)
	require.NoError(t, err)
	after := time.Now()
	assert.WithinRange(t, p.ProposedAt, before.Add(-time.Microsecond), after.Add(time.Microsecond), "dated by the service's clock")
	assert.Equal(t, league.ProposalCloses(p.ProposedAt, 7), p.ClosesAt)

	time.Sleep(2 * time.Millisecond)
	revised, err := w.propose(ctx, games[0], ada, fourPlayerInput)
	require.NoError(t, err)
	assert.Equal(t, 2, revised.Revision)
	assert.True(t, revised.ProposedAt.After(p.ProposedAt), "the revision is dated anew")
	assert.Equal(t, league.ProposalCloses(revised.ProposedAt, 7), revised.ClosesAt, "and its window restarts")
}
