package scoring_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/scoring"
)

// A Guild card is used at most once a chapter ("A Guild card is ready if it has not been used
// this chapter"), whatever case and spacing the player types its name in.
func TestGuildCardExhausted(t *testing.T) {
	used := []string{"Lattice Spies", "farseers"}
	tests := []struct {
		card string
		want bool
	}{
		{"Lattice Spies", true},
		{"lattice spies", true},
		{"  LATTICE   Spies ", true},
		{"LatticeSpies", true},
		{"Farseers", true},
		{"Silver Tongues", false},
		{"Lattice", false},
	}
	for _, tt := range tests {
		t.Run(tt.card, func(t *testing.T) {
			assert.Equal(t, tt.want, scoring.GuildCardExhausted(used, tt.card))
		})
	}
	assert.False(t, scoring.GuildCardExhausted(nil, "Farseers"), "every card is ready at a chapter's start")
}
