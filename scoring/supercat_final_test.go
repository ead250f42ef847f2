package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A companion game finished by its ambition results: everyone's Power before the last
// scoring plus what the Arcs scorer awards each ambition's places.
func TestSupercatFinalPower(t *testing.T) {
	base, err := GameBySlug("arcs")
	require.NoError(t, err)
	baseVersion := base.DefaultVersion()
	lostVaults, err := base.Version("lost-vaults")
	require.NoError(t, err)
	tests := []struct {
		name      string
		v         Version
		before    []int
		ambitions []SupercatFinalAmbition
		want      []int
	}{
		{
			// "The player who gets first place for the ambition gains the higher Power shown on
			// all its ambition markers. The player who gets second place for it gains the lower".
			name: "first gains the higher Power, second the lower", v: baseVersion, before: []int{10, 12, 9},
			ambitions: []SupercatFinalAmbition{{Ambition: Tycoon, Markers: [][]int64{{5, 3}}, Counts: []int64{4, 2, 1}}},
			want:      []int{15, 15, 9},
		},
		{
			// "On a tie for first place, all tied players get second place."
			name: "a tie for first place gets second place", v: baseVersion, before: []int{10, 12, 9},
			ambitions: []SupercatFinalAmbition{{Ambition: Warlord, Markers: [][]int64{{5, 3}, {3, 2}}, Counts: []int64{3, 3, 1}}},
			want:      []int{15, 17, 9},
		},
		{
			name: "several ambitions add up, with a city-slot bonus for an untied first place", v: baseVersion, before: []int{0, 0, 0},
			ambitions: []SupercatFinalAmbition{
				{Ambition: Tycoon, Markers: [][]int64{{5, 3}}, Counts: []int64{4, 2, 1}, Bonus: []int64{2, 0, 0}},
				{Ambition: Keeper, Markers: [][]int64{{4, 2}}, Counts: []int64{0, 1, 3}},
			},
			want: []int{7, 5, 4},
		},
		{
			// "a player with count 0 gains nothing", even in second place.
			name: "a count of 0 gains nothing", v: baseVersion, before: []int{3, 4},
			ambitions: []SupercatFinalAmbition{{Ambition: Empath, Markers: [][]int64{{5, 3}}, Counts: []int64{2, 0}}},
			want:      []int{8, 4},
		},
		{
			// Two seats: the neutral resources place like a third player and gain nothing.
			name: "the neutral count takes a place in a two-seat game", v: baseVersion, before: []int{3, 4},
			ambitions: []SupercatFinalAmbition{{Ambition: Tyrant, Markers: [][]int64{{5, 3}}, Counts: []int64{1, 2}, Neutral: 3}},
			want:      []int{3, 7},
		},
		{
			name: "Lost Vaults' three-value markers pay third place", v: lostVaults, before: []int{0, 0, 0, 0},
			ambitions: []SupercatFinalAmbition{{Ambition: Tycoon, Markers: [][]int64{{6, 4, 2}}, Counts: []int64{3, 2, 1, 0}}},
			want:      []int{6, 4, 2, 0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, explanations, err := SupercatFinalPower(tt.v, tt.before, tt.ambitions)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Len(t, explanations, len(tt.ambitions)*len(tt.before))
		})
	}
}

// Bad ambition results are reported every field at once.
func TestSupercatFinalPowerReportsEveryField(t *testing.T) {
	base, err := GameBySlug("arcs")
	require.NoError(t, err)
	tests := []struct {
		name      string
		seats     int
		ambitions []SupercatFinalAmbition
		want      []string
	}{
		{name: "none entered", seats: 3, want: []string{"ambitions"}},
		{
			name: "every bad field of two ambitions", seats: 3,
			ambitions: []SupercatFinalAmbition{
				{Ambition: "glory", Markers: [][]int64{{5, 3, 1}}, Counts: []int64{1, -1, 2}, Bonus: []int64{0, 3, 0}},
				{Ambition: Tycoon, Markers: nil, Counts: []int64{1, 2}, Neutral: 2},
			},
			want: []string{"ambitions[0].ambition", "ambitions[0].markers", "ambitions[0].counts[1]", "ambitions[0].bonus[1]",
				"ambitions[1].markers", "ambitions[1].counts", "ambitions[1].neutral"},
		},
		{
			name: "an ambition entered twice", seats: 2,
			ambitions: []SupercatFinalAmbition{
				{Ambition: Keeper, Markers: [][]int64{{5, 3}}, Counts: []int64{1, 2}},
				{Ambition: Keeper, Markers: [][]int64{{3, 2}}, Counts: []int64{1, 2}},
			},
			want: []string{"ambitions[1].ambition"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := SupercatFinalPower(base.DefaultVersion(), make([]int, tt.seats), tt.ambitions)
			var fields []string
			for _, fe := range AllFieldErrors(err) {
				fields = append(fields, fe.Field)
			}
			assert.Equal(t, tt.want, fields)
		})
	}
}
