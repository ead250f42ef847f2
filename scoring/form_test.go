package scoring_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
)

// formFieldShort is a form field in short: its key, then "*" when required, then how it is typed
// when not a number, or "#" for a whole number: "centers*#", "substitute:username".
func formFieldShort(f scoring.FormField) string {
	s := f.Key
	if f.Required {
		s += "*"
	}
	if f.Input != scoring.InputNumber {
		s += ":" + f.Input
	}
	if f.Whole {
		s += "#"
	}
	return s
}

func TestFormOf(t *testing.T) {
	tests := []struct {
		game  string
		kind  scoring.FormKind
		seat  string
		board string
		help  int
	}{
		// Every game asks who played a seat and who did not come (CONTRACT section 12).
		{"cartagena", scoring.FormPlacement, "score* substitute:username absent:check", "", 1},
		{"arcs", scoring.FormPlacement, "score* substitute:username absent:check", "", 1},
		{"blue-max", scoring.FormTeam, "units*# lost*# destroyed*# points*# substitute:username absent:check", "", 2},
		// Wooden Ships does not count enemy units destroyed.
		{"wooden-ships-and-iron-men", scoring.FormTeam, "units*# lost*# points*# substitute:username absent:check", "", 2},
		// A survivor leaves "Eliminated in" empty.
		{"diplomacy", scoring.FormArmada, "centers*# years*# eliminated# substitute:username absent:check", "", 2},
		// A Vortex token left blank is at start.
		{"vortex", scoring.FormVortex, "score* substitute:username absent:check", "start*:corner t1# t2# t3# t4#", 1},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			g, err := scoring.GameBySlug(tt.game)
			require.NoError(t, err)
			form := scoring.FormOf(g)
			assert.Equal(t, tt.kind, form.Kind)
			var seat, board []string
			for _, f := range form.Seat {
				seat = append(seat, formFieldShort(f))
			}
			for _, f := range form.Board {
				board = append(board, formFieldShort(f))
			}
			assert.Equal(t, tt.seat, strings.Join(seat, " "))
			assert.Equal(t, tt.board, strings.Join(board, " "))
			assert.Len(t, form.Help, tt.help)
			for _, f := range form.Fields() {
				assert.NotEmpty(t, f.Header, f.Key)
				assert.NotEmpty(t, f.Label, f.Key)
				assert.NotEmpty(t, f.Aria, f.Key)
				got, ok := form.Field(f.Key)
				assert.True(t, ok)
				assert.Equal(t, f, got)
			}
		})
	}
}

func TestFormOfSaysTheScoreInTheGamesWords(t *testing.T) {
	g, err := scoring.GameBySlug("vortex")
	require.NoError(t, err)
	score, ok := scoring.FormOf(g).Field("score")
	require.True(t, ok)
	assert.Equal(t, "Final Vortex score", score.Header)
	assert.Equal(t, "the final Vortex score", score.Label)
	assert.Equal(t, "final Vortex score", score.Aria)
	_, ok = scoring.FormOf(g).Field("centers")
	assert.False(t, ok, "a Vortex form asks no centres")
}
