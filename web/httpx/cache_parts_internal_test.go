package httpx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/templates"
)

// part keeps a value until the next flush, never keeps one read while a write landed or
// while the server does not hear the others, and never keeps an error.
func TestPartIsKeptUntilTheNextWrite(t *testing.T) {
	t.Parallel()
	failed := errors.New("the database is down")
	for _, tc := range []struct {
		name string
		// between runs between the first read and the second.
		between func(pc *publicCache)
		// during runs inside the first read's computation.
		during    func(pc *publicCache)
		deaf      bool
		firstErr  error
		wantReads int
	}{
		{name: "a second read is a hit", wantReads: 1},
		{name: "a write empties the part", between: func(pc *publicCache) { pc.flush() }, wantReads: 2},
		{name: "a write during the read keeps it from being stored", during: func(pc *publicCache) { pc.flush() }, wantReads: 2},
		{name: "a server that does not hear the others reads every time", deaf: true, wantReads: 2},
		{name: "an error is not kept", firstErr: failed, wantReads: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pc := newPublicCache(nil)
			pc.listening = func() bool { return !tc.deaf }
			reads := 0
			read := func() (int, error) {
				reads++
				if reads == 1 && tc.during != nil {
					tc.during(pc)
				}
				if reads == 1 && tc.firstErr != nil {
					return 0, tc.firstErr
				}
				return reads, nil
			}
			_, err := Part(pc, PartKey("league", 1), read)
			require.ErrorIs(t, err, tc.firstErr)
			if tc.between != nil {
				tc.between(pc)
			}
			got, err := Part(pc, PartKey("league", 1), read)
			require.NoError(t, err)
			assert.Equal(t, tc.wantReads, reads)
			assert.Equal(t, tc.wantReads, got, "the value of the last read")
		})
	}
}

// Parts are kept per key, and no more than maxCachedParts of them.
func TestPartsAreKeptPerKeyAndBounded(t *testing.T) {
	t.Parallel()
	pc := newPublicCache(nil)
	for i := range maxCachedParts + 10 {
		v, err := Part(pc, PartKey("league", int64(i)), func() (string, error) { return fmt.Sprint("league ", i), nil })
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprint("league ", i), v)
	}
	assert.LessOrEqual(t, len(pc.parts), maxCachedParts)
	v, err := Part(pc, PartKey("league", maxCachedParts+9), func() (string, error) { return "read again", nil })
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprint("league ", maxCachedParts+9), v, "the newest part is kept")
}

// A section that marks the viewer is rendered once for every viewer until the next write,
// and each viewer finds their own line marked in it.
func TestMarkedPartIsRenderedOnceForEveryViewer(t *testing.T) {
	t.Parallel()
	pc := newPublicCache(nil)
	st := templates.StandingsView{LeagueID: 1, Rows: []templates.StandingRow{
		{Rank: 1, Username: "ann", DisplayName: "Ann", Points: "3", Games: 1},
		{Rank: 2, Username: "bob", DisplayName: "Bob", Points: "1", Games: 1},
	}}
	renders := 0
	section := templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		renders++
		return templates.LeagueStandings(templates.LeagueView{Standings: &st}).Render(ctx, w)
	})
	marked := func(viewer string) string {
		c, err := MarkedPart(context.Background(), pc, PartKey("league page", 1)+"\x00standings", section, viewer)
		require.NoError(t, err)
		var b strings.Builder
		require.NoError(t, c.Render(context.Background(), &b))
		return b.String()
	}
	for range 2 {
		assert.Contains(t, marked("ann"), `<tr class="is-viewer is-leader">`)
		bob := marked("bob")
		assert.Contains(t, bob, `<tr class="is-leader">`)
		assert.Contains(t, bob, `<tr class="is-viewer">`)
		assert.NotContains(t, marked(""), "is-viewer")
	}
	assert.Equal(t, 1, renders, "rendered once for ann, bob and an anonymous visitor")
	pc.flush()
	marked("ann")
	assert.Equal(t, 2, renders, "a write empties it")
}
