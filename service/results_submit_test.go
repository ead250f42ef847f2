package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// TestSubmitFormPreviewsProposesRecordsAndCorrects: the result form's one call checks
// without storing (the preview, a bad reason refused there too), proposes for a seated
// player, records for the organiser and corrects a recorded result.
func TestSubmitFormPreviewsProposesRecordsAndCorrects(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	results := service.NewResults(w.Store)
	_, games := w.League("arcs", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	g, err := w.Store.ResultGame(ctx, games[0])
	require.NoError(t, err)
	in, err := service.DecodeResult(g, fourPlayerInput)
	require.NoError(t, err)

	before := w.Snapshot()
	done, err := results.SubmitForm(ctx, g, w.Organiser.ID, in, false, false)
	require.NoError(t, err)
	assert.False(t, done.Proposed)
	assert.Len(t, done.Write.Seated.Lines, 4, "the preview's lines")
	assert.Equal(t, before, w.Snapshot(), "a preview stores nothing")

	withReason := in
	withReason.Reason = "\x00"
	_, err = results.SubmitForm(ctx, g, w.Organiser.ID, withReason, false, false)
	assert.Error(t, err, "the preview refuses the reason a save would refuse")

	done, err = results.SubmitForm(ctx, g, w.player("ada").ID, in, true, false)
	require.NoError(t, err)
	assert.True(t, done.Proposed, "a seated player proposes")
	assert.Equal(t, "ada", done.Proposal.Proposer)

	done, err = results.SubmitForm(ctx, g, w.Organiser.ID, in, true, false)
	require.NoError(t, err)
	assert.False(t, done.Proposed)
	assert.Equal(t, "organiser", done.Result.RecordedBy)

	g, err = w.Store.ResultGame(ctx, games[0])
	require.NoError(t, err)
	changed, err := service.DecodeResult(g, storetest.PlacementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{10, 20, 30, 40}))
	require.NoError(t, err)
	done, err = results.SubmitForm(ctx, g, w.Organiser.ID, changed, true, true)
	require.NoError(t, err)
	require.Len(t, done.Result.Lines, 4)
	for _, l := range done.Result.Lines {
		if l.Player == "dmitri" {
			assert.Equal(t, 1, l.Place, "the correction's winner")
		}
	}
}

// TestWriteBodyRefusesTheWriterBeforeTheBody: the API's one call answers a player who may
// not record with the refusal of the writer, not with the problems of a body they should
// not have sent, and records the organiser's.
func TestWriteBodyRefusesTheWriterBeforeTheBody(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	results := service.NewResults(w.Store)
	_, games := w.League("arcs", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})

	_, err := results.WriteBody(ctx, games[0], w.player("ada").ID, []byte(`{"nonsense": 1}`), false)
	assert.ErrorIs(t, err, store.ErrNotOrganiser)
	_, err = results.WriteBody(ctx, games[0], w.Organiser.ID, []byte(`{"nonsense": 1}`), false)
	var fe *scoring.FieldError
	assert.ErrorAs(t, err, &fe, "the organiser's bad body")
	_, err = results.WriteBody(ctx, games[0], w.Organiser.ID, fourPlayerInput, true)
	assert.ErrorIs(t, err, store.ErrNoResult, "no correction before a record")
	r, err := results.WriteBody(ctx, games[0], w.Organiser.ID, fourPlayerInput, false)
	require.NoError(t, err)
	assert.Equal(t, "organiser", r.RecordedBy)
}
